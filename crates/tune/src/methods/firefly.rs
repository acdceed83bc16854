//! Yang's firefly algorithm (X.-S. Yang, *Nature-Inspired Metaheuristic Algorithms*, Luniver Press 2008, ch. 10;
//! "Firefly algorithms for multimodal optimization", SAGA 2009), as its reference code runs it: each generation
//! every firefly is scored (its brightness), and each moves towards every brighter one by
//! `β0·e^(−γr²)·(xj − xi) + α·(rand − ½)`, `r` their distance; the brightest does not move. The random step
//! shrinks by `δ` a generation (Yang, *Engineering Optimization*, 2010: `α_t = α0·δ^t`).

use hamle_core::{ParamDoc, Stream};

use super::{Ran, clamp, distance, uniform};
use crate::Oracle;

/// Its parameters, with Yang's values.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "n", values: "2..=1000", default: "20", about: "fireflies" },
    ParamDoc { key: "alpha", values: "0..=1", default: "0.2", about: "the random step, a share of the box's side" },
    ParamDoc { key: "beta0", values: "0..=1", default: "1", about: "attraction at distance 0" },
    ParamDoc {
        key: "gamma",
        values: "0..=100",
        default: "1",
        about: "how fast attraction fades with squared distance",
    },
    ParamDoc { key: "delta", values: "0..=1", default: "0.97", about: "the random step's factor each generation" },
];

/// The firefly algorithm.
#[derive(Clone, Debug, PartialEq)]
pub struct Firefly {
    /// Fireflies.
    pub n: usize,
    /// The first generation's random step.
    pub alpha: f64,
    /// Attraction at distance 0.
    pub beta0: f64,
    /// Light absorption: attraction is `β0·e^(−γr²)`.
    pub gamma: f64,
    /// The random step's factor each generation.
    pub delta: f64,
}

impl Firefly {
    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let mut flies: Vec<Vec<f64>> = (0..self.n).map(|_| uniform(dims, rng)).collect();
        let mut alpha = self.alpha;
        loop {
            let light = oracle.score(&flies)?;
            // The moves read the generation's positions as they were scored, as the reference code's copy does.
            let old = flies.clone();
            for (i, fly) in flies.iter_mut().enumerate() {
                for (j, other) in old.iter().enumerate() {
                    if light[j] > light[i] {
                        let beta = self.beta0 * (-self.gamma * distance(fly, other).powi(2)).exp();
                        for (x, y) in fly.iter_mut().zip(other) {
                            *x += beta * (y - *x) + alpha * (rng.unit() - 0.5);
                        }
                    }
                }
                *fly = clamp(std::mem::take(fly));
            }
            alpha *= self.delta;
        }
    }
}
