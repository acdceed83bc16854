//! The game-independent heart of hamle.
//!
//! This crate holds the traits every game implements ([`Game`], [`Notation`]), the evaluation and
//! bot traits ([`Evaluator`], [`Bot`]), the generic searches over them ([`search`]), the seeded
//! random [`Stream`] each session owns, and an explicit game [`tree`] for tests and worked examples.
//! It knows no game: rules, notation and game-specific players live in the game crates.
#![deny(missing_docs)]

pub mod bot;
pub mod eval;
pub mod game;
pub mod search;
pub mod stream;
pub mod tree;
pub mod tt;

pub use bot::{Bot, Budget, Decision};
pub use eval::{Evaluator, MoveOrder, NoOrder, Points};
pub use game::{Game, GameInfo, IllegalMove, Notation, Player, Turn};
pub use stream::Stream;
