//! N queens (thesis §2.1.2, "n-vezir"): place N queens on an N×N board so that none attacks another.
//!
//! - [`solve`]: counting every solution and the distinct ones (the thesis's table), and min-conflicts repair
//!   (its "heuristic repair") up to ten million queens.
//! - The game: a person places queens on squares no queen attacks, with the thesis's backtracking as the
//!   hint ([`Queens`], [`definition`]).
//! - [`encoding`]: squares and boards as integers and tensors, for learners.

mod bots;
mod def;
pub mod encoding;
mod notation;
mod rules;
pub mod solve;

pub use bots::Backtracking;
pub use def::definition;
pub use notation::ParseError;
pub use rules::{MAX_SIDE, MIN_SIDE, Queens};
pub use solve::{Board, Counts, Error, MAX_COUNT, MAX_REPAIR, Repair, Start, count, count_with, is_solution, repair};
