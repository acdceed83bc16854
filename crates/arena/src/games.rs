//! The games hamle knows: each game's crate exports its definition, and registering it is one line here.

use std::sync::LazyLock;

use crate::registry::{GameKind, Registry};

static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
    let games: Vec<Box<dyn GameKind>> = vec![
        Box::new(hamle_classics::tictactoe::definition()),
        Box::new(hamle_hapis::definition()),
        Box::new(hamle_2048::definition()),
        Box::new(hamle_domineering::definition()),
        Box::new(hamle_chess::definition()),
        Box::new(hamle_classics::grundy::definition()),
        Box::new(hamle_classics::sim::definition()),
        Box::new(hamle_classics::dots::definition()),
        Box::new(hamle_puzzles::knights_tour::definition()),
        Box::new(hamle_puzzles::queens::definition()),
    ];
    Registry::new(games)
});

/// Every game and bot, by name: built once, shared by the CLI, the server and matches.
pub fn registry() -> &'static Registry {
    &REGISTRY
}
