//! The games hamle knows, each with its bots.

use crate::registry::{GameKind, Registry};

/// Every game and bot, by name.
pub fn registry() -> Registry {
    let games: Vec<Box<dyn GameKind>> = vec![];
    Registry::new(games)
}
