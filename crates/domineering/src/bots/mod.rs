//! Computer players: the seed paper's heuristic alpha-beta player and the exact solver's player.
//! (The registry's `random` bot is `hamle_core::bot::RandomBot`.)

mod seed;
mod solver;

pub use seed::{LOSS, SAFE, Seed, WIN, Weights, score};
pub use solver::Solver;
