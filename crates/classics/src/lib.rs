//! The small classic games of hamle: tic-tac-toe, classic and the thesis's two-phase variant, Grundy's game
//! (thesis §3.1.1), Sim and Dots and Boxes (§3.1.2), with their rules, notation, exact solutions and bots.
//!
//! The searches these bots use live in `hamle-core`; this crate holds only what is particular to each game,
//! and each game's `hamle solve` command (its `commands` module).
#![deny(missing_docs)]

pub mod dots;
pub mod grundy;
pub mod sim;
pub mod tictactoe;
