//! Hapis Tavlası players.

mod heuristic;
mod thesis;

pub use heuristic::{Heuristic, HeuristicEval, Lookahead, Weights, pips, shot_rolls};
pub use thesis::{Hits, Thesis, hits};
