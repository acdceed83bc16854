//! The arena: every hamle game and bot found by a short name with parameters
//! (`tictactoe(variant=two-phase)`, `thesis(depth=3)`), matches between bots with Elo error bars, sequential
//! tests (SPRT) between two bots, tournaments with ratings by maximum likelihood, long runs split into shards
//! and merged (the shard arithmetic is the core's, each kind's part and merge beside the kind, `parts` reading a
//! part file of any kind),
//! analyses of finished games ([`analysis`]: every decision judged by the game's analyst), the one path every game is played through by people and bots (`play`: typed actions, seats, matches,
//! replay from the records), benchmarks of 2048 bots (`g2048`), and the commands that play through it
//! ([`commands`]: 2048's benchmark, Hapis's training and its match in the terminal), joined to their games on
//! the registry's lines.
//!
//! It holds no rules and no search: those live in the game crates and `hamle-core`. The CLI and
//! the server share this one registry.
#![deny(missing_docs)]

pub mod analysis;
pub mod commands;
pub mod elo;
pub mod g2048;
pub mod games;
pub mod matches;
pub mod parts;
pub mod play;
pub mod progress;
pub mod registry;
pub mod sprt;
pub mod states;
pub mod tournament;
pub mod tune;

pub use hamle_core::{ParamDoc, Params, Spec, SpecError, items, shard};
pub use matches::{MatchOptions, MatchReport};
pub use play::{Action, Control, Live, Match, Record, Refusal, Seat, Setup};
pub use registry::{Entrant, GameKind, Registry};
pub use states::{AnyBot, AnyState, Choice, Playout, StateError};

/// What went wrong when naming a game, bot or move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A game, bot or parameter named wrongly.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The request does not fit the game.
    #[error("{0}")]
    Unsupported(String),
}
