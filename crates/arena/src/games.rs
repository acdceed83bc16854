//! The games hamle knows: each game's crate exports its definition, and registering it is one line here.

use std::sync::LazyLock;

use hamle_core::GameDef;

use crate::registry::{GameKind, Registry};

static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
    let games: Vec<Box<dyn GameKind>> = vec![
        Box::new(hamle_classics::tictactoe::definition()),
        Box::new(GameDef { commands: crate::commands::hapis::COMMANDS, ..hamle_hapis::definition() }),
        Box::new(GameDef { commands: crate::commands::g2048::COMMANDS, ..hamle_2048::definition() }),
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

#[cfg(test)]
mod tests {
    use hamle_core::Spec;

    use super::*;
    use crate::{ArenaError, MatchOptions};

    #[test]
    fn transcripts_come_from_the_games_hook_and_only_games_with_one_write_them() {
        let registry = registry();
        let random = Spec::named("random");
        let options = MatchOptions { games: 2, seed: 4, transcripts: true, ..MatchOptions::default() };
        let chess = registry.game("chess").expect("chess");
        let report = chess.run_match(&Spec::named("chess"), &random, &random, &options).expect("a match");
        for (i, record) in report.records.iter().enumerate() {
            let pgn = record.transcript.as_deref().expect("PGN");
            assert!(pgn.starts_with("[Event \"hamle match\"]"), "{pgn}");
            assert!(pgn.contains(&format!("[Round \"{}\"]", i + 1)), "{pgn}");
        }
        let plain = MatchOptions { transcripts: false, ..options.clone() };
        let report = chess.run_match(&Spec::named("chess"), &random, &random, &plain).expect("a match");
        assert!(report.records.iter().all(|r| r.transcript.is_none()));
        let tictactoe = registry.game("tictactoe").expect("tictactoe");
        let refused = tictactoe.run_match(&Spec::named("tictactoe"), &random, &random, &options);
        assert!(matches!(refused, Err(ArenaError::Unsupported(why)) if why.contains("--pgn is for chess")));
    }
}
