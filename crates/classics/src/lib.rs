//! The small classic games of hamle: tic-tac-toe, classic and the thesis's two-phase variant, with
//! their rules, notation, exact solutions and bots.
//!
//! The searches these bots use live in `hamle-core`; this crate holds only what is particular to each game.
#![deny(missing_docs)]

pub mod tictactoe;
