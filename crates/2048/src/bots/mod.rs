//! The computer players of 2048: the seed report's depth-limited search, a strong expectimax, and an n-tuple
//! network learned by self-play (alone, one ply deep, or as the expectimax's evaluation).

mod expectimax;
mod ntuple;
mod seed;

pub use expectimax::{Expectimax, RowTable, Weights};
pub use ntuple::{
    CURVE, DOWNGRADE, Learning, MAX_STAGES, NTuple, Network, SHAPE_CELLS, SHAPES, SYMMETRIES, Trainer, TrainingGame,
    WEIGHTS, WeightsError, downgrade_name, parse_downgrade, symmetries,
};
pub use seed::{MASK, Seed, Sums, seed_score};
