//! 2048 for hamle: the board in one `u64` with row tables for the four moves, the rules and score of the
//! original game with new tiles drawn from the game's seeded stream, a text notation, and the players: the
//! seed report's depth-limited search ([`bots::Seed`]), a strong expectimax ([`bots::Expectimax`]), and an
//! n-tuple network learned by temporal-difference self-play ([`bots::Network`], its trainer and its 1-ply
//! player [`bots::NTuple`]; also the expectimax's evaluation), with the shipped weights in `weights/`; and the
//! analyst of finished games ([`analysis`]), which judges each move by the expectimax's values; and its moves,
//! new tiles and boards as integers and tensors for learners ([`encoding`]).
//!
//! Its training command (`hamle train 2048`) is declared in [`commands`]. It holds no terminal or web front end
//! and no benchmark (the arena's) or progress bar: those are in the `hamle` binary and the server, which drive
//! this crate.
#![deny(missing_docs)]

pub mod analysis;
mod board;
pub mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod notation;
mod record;
mod rules;

pub use board::{Board, Direction, Slide};
pub use def::definition;
pub use notation::{NotationError, format_board, parse_board, parse_direction};
pub use record::{GameRecord, play_game};
pub use rules::{G2048, MAX_RECORDED, MoveError, PositionFault, Spawn, SpawnRule};
