//! The computer players of 2048: the seed report's depth-limited search and a strong expectimax.

mod expectimax;
mod seed;

pub use expectimax::{Expectimax, RowTable, Weights};
pub use seed::{MASK, Seed, Sums, seed_score};
