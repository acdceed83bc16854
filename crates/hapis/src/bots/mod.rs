//! Hapis Tavlası players: the thesis's, a hand-made evaluation, a network trained by self-play, and the
//! expectiminimax search over whole turns that both evaluations play through.

mod heuristic;
pub mod neural;
mod search;
mod thesis;

pub use heuristic::{Heuristic, HeuristicEval, Weights, pips, shot_rolls};
pub use neural::{Net, NeuralEval, Outcome};
pub use search::{Estimate, Filter, Level, Player, Ranked, Search, TurnEval, hints};
pub use thesis::{Hits, Thesis, hits};
