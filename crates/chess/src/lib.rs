//! Chess (seed `001`): the game record on top of cozy-chess's move generator — the draw rules a board alone
//! lacks (repetition, the fifty- and seventy-five-move rules, dead positions) —, FEN, SAN, UCI and PGN, and
//! the thesis's fixed-depth minimax player; the engine, its side of the UCI dialogue ([`uci_engine`], over
//! any reader and writer) and its training loop ([`train`]); its terminal commands ([`commands`]: `hamle chess
//! perft`, `hamle uci`, `hamle bench chess`, `hamle train chess`), declared for the binary to run; and its moves
//! and positions as integers and tensors for learners ([`encoding`]).
//!
//! It holds no move generator (cozy-chess's, perft-proven) and no terminal or web code (see the `hamle` CLI
//! and the server): no flag parsing, progress bars or file writing (its commands ask the terminal's
//! `Host`). See `docs/rules/chess.md`.
//!
//! ```
//! use hamle_chess::Chess;
//! use hamle_core::{Game, Notation};
//!
//! let mut game = Chess::default();
//! for text in ["f3", "e5", "g4", "Qh4#"] {
//!     let mv = game.parse_move(text).expect("a legal move");
//!     game.try_play(mv).expect("legal");
//! }
//! assert_eq!(game.points(), Some([0.0, 1.0]), "fool's mate: black wins");
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod bots;
mod color;
pub mod commands;
mod def;
pub mod encoding;
pub mod epd;
mod fen;
mod notation;
pub mod openings;
pub mod pgn;
mod rules;
pub mod train;
pub mod uci_engine;

pub use color::color_name;
pub use cozy_chess::{Board, Color, Piece, Square};
pub use fen::{FenError, parse_fen};
pub use notation::{MoveError, ParseError, san, uci};
pub use rules::{Chess, Ending, Move, legal_moves, perft};

/// Chess as the registry knows it: the game, its bots, how people play it (from `def.rs`), and its terminal
/// [`commands`], joined here because they read the definition (to make bots by their specs).
pub fn definition() -> hamle_core::GameDef<Chess> {
    hamle_core::GameDef { commands: commands::COMMANDS, ..def::definition() }
}
