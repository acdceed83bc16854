//! The methods, one module each, and what they share: points in the unit cube.

pub(crate) mod bees;
pub(crate) mod cmaes;
pub(crate) mod firefly;
pub(crate) mod fish;
pub(crate) mod glowworm;
pub(crate) mod pso;
pub(crate) mod random;
pub(crate) mod spsa;

use std::convert::Infallible;

use hamle_core::Stream;

use crate::{Oracle, Stop};

pub use bees::Bees;
pub use cmaes::Cmaes;
pub use firefly::Firefly;
pub use fish::Fish;
pub use glowworm::Glowworm;
pub use pso::Pso;
pub use random::Random;
pub use spsa::Spsa;

/// A method's run: it only ever ends by the oracle's [`Stop`].
pub(crate) type Ran = Result<Infallible, Stop>;

/// A point drawn uniformly from `[0, 1]^dims`.
pub(crate) fn uniform(dims: usize, rng: &mut Stream) -> Vec<f64> {
    (0..dims).map(|_| rng.unit()).collect()
}

/// `x` brought back into the cube, each coordinate to its nearest bound.
pub(crate) fn clamp(mut x: Vec<f64>) -> Vec<f64> {
    for v in &mut x {
        *v = v.clamp(0.0, 1.0);
    }
    x
}

/// The Euclidean distance between two points.
pub(crate) fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f64>().sqrt()
}

/// The score of one point.
pub(crate) fn one(oracle: &mut dyn Oracle, x: &[f64]) -> Result<f64, Stop> {
    oracle.score(&[x.to_vec()])?.first().copied().ok_or(Stop)
}

/// The index of the highest score (the first of equals).
pub(crate) fn best(scores: &[f64]) -> usize {
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[best] {
            best = i;
        }
    }
    best
}
