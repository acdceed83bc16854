//! Dots and Boxes (thesis §3.1.2, "kare boyama", after McMillan): players draw the lines of a grid of boxes in
//! turn; whoever completes a box scores it and draws again. Most boxes wins.
//!
//! - [`solve`]: the value of a board with best play (net boxes for the player to move), by search over the lines
//!   drawn, each position once (a table of every position on boards of up to 26 lines, such as 3×3 boxes).
//! - Players: [`Strong`] (exact search when few lines are left; before that it takes what is safe, steers the
//!   number of long chains by the long-chain rule, gives away the least, and keeps control of long chains by
//!   declining the last two boxes), `random`.
//! - [`encoding`]: lines and boards as integers and tensors, for learners.
//! - The game for people: [`Dots`], [`definition`].

pub mod analysis;
mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod notation;
mod rules;
mod solve;

pub use bots::{Component, Strong, chains, long_chains, mover_keeps_control};
pub use def::definition;
pub use notation::ParseError;
pub use rules::{Dots, MAX_SIDE};
pub use solve::{MAX_TABLE_LINES, Solved, solve, value};
