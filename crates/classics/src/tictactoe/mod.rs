//! Tic-tac-toe (seed `004`, the thesis's §1.6) and the thesis's two-phase variant.
//!
//! Cells are named as in the thesis, `a1`..`c3`: the letter is the column, the digit the row from the
//! bottom. X (player 0) moves first. In the two-phase variant each side places three stones and then
//! slides one of its own stones to an orthogonally adjacent empty cell per turn; a line of three
//! (diagonals count) wins, and endless play is a draw. See `docs/rules/tictactoe.md`.
//!
//! Its moves and boards as integers and tensors, for learners, are in [`encoding`].

pub mod analysis;
pub mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod notation;
mod rules;
mod solve;

pub use notation::{ParseError, cell_name, parse_cell};
pub use rules::{Cell, LINES, MAX_SLIDES, Move, PositionFault, STONES, TicTacToe, Variant, has_line};
pub use solve::{Outcome, Solution};

/// Tic-tac-toe as the registry knows it: the game, its bots, how people play it (from `def.rs`), and its solver's
/// terminal command, joined here because it reads the definition (the variant from its spec).
pub fn definition() -> hamle_core::GameDef<TicTacToe> {
    hamle_core::GameDef { commands: commands::COMMANDS, ..def::definition() }
}
