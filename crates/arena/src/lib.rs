//! The arena: every hamle game and bot found by a short name with parameters
//! (`tictactoe(variant=two-phase)`, `thesis(depth=3)`), matches between bots with Elo error bars,
//! sessions that people and bots play through, and benchmarks of 2048 bots.
//!
//! It holds no rules and no search: those live in the game crates and `hamle-core`. The CLI and
//! the server share this one registry.
#![deny(missing_docs)]

pub mod elo;
pub mod games;
pub mod matches;
pub mod registry;
pub mod session;
pub mod spec;
pub mod tiles;

pub use matches::{MatchOptions, MatchReport};
pub use registry::{GameKind, Registry};
pub use session::{Played, Session};
pub use spec::{ParamDoc, Params, Spec};

/// What went wrong when naming a game, bot or move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A name-with-parameters could not be read.
    #[error("cannot read '{text}': {why}")]
    BadSpec {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// No game has this name.
    #[error("no game is called '{name}' (known: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names that exist.
        known: String,
    },
    /// The game has no bot of this name.
    #[error("{game} has no bot called '{name}' (known: {known})")]
    UnknownBot {
        /// The game.
        game: String,
        /// The name given.
        name: String,
        /// The bots that exist.
        known: String,
    },
    /// A parameter that the game or bot does not take.
    #[error("{owner} takes no parameter '{key}' (it takes: {known})")]
    UnknownParam {
        /// The game or bot.
        owner: String,
        /// The key given.
        key: String,
        /// The keys it takes.
        known: String,
    },
    /// A parameter value out of range.
    #[error("{owner}: '{value}' is not a value of {key} (expected {values})")]
    BadParam {
        /// The game or bot.
        owner: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed.
        values: String,
    },
    /// A move that could not be read.
    #[error("'{text}' is not a move: {why}")]
    BadMove {
        /// The text given.
        text: String,
        /// Why it does not read.
        why: String,
    },
    /// A move that is not legal now.
    #[error("{0} is not legal here")]
    IllegalMove(String),
    /// A bot was asked to move when no bot is to move.
    #[error("no bot is to move")]
    NotBotsTurn,
    /// The request does not fit the game.
    #[error("{0}")]
    Unsupported(String),
}
