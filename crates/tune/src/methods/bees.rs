//! The artificial bee colony (D. Karaboga, "An idea based on honey bee swarm for numerical optimization",
//! technical report TR06, Erciyes University, 2005; D. Karaboga and B. Basturk, *J. Global Optimization* 39,
//! 2007). Each food source has an employed bee, which tries a neighbour `v_j = x_j + φ·(x_j − x_kj)` (one
//! random coordinate `j`, another source `k`, `φ` in [−1, 1]) and keeps the better; onlooker bees then choose
//! sources with probability `fit_i / Σ fit` and do the same; a source not improved in `limit` tries is
//! abandoned, its bee becoming a scout that finds a random new one. Fitness is Karaboga's: `1/(1 + f)` for a cost
//! `f ≥ 0`, `1 + |f|` below, the cost here being the negated score.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, best, one, uniform};
use crate::Oracle;

/// Its parameters.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc {
        key: "sources",
        values: "2..=1000",
        default: "10",
        about: "food sources (the colony is twice as many bees)",
    },
    ParamDoc {
        key: "limit",
        values: "auto|1..",
        default: "auto",
        about: "tries without improvement before a source is abandoned (auto: sources × dimensions)",
    },
];

/// The artificial bee colony.
#[derive(Clone, Debug, PartialEq)]
pub struct Bees {
    /// Food sources (employed bees, and as many onlookers).
    pub sources: usize,
    /// Tries before a source is abandoned; `None` for sources × dimensions.
    pub limit: Option<usize>,
}

/// Karaboga's fitness of a score (the cost being its negation).
pub(crate) fn fitness(score: f64) -> f64 {
    let cost = -score;
    if cost >= 0.0 { 1.0 / (1.0 + cost) } else { 1.0 + cost.abs() }
}

impl Bees {
    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let n = self.sources;
        let limit = self.limit.unwrap_or(n * dims);
        let mut food: Vec<Vec<f64>> = (0..n).map(|_| uniform(dims, rng)).collect();
        let mut score = oracle.score(&food)?;
        let mut trials = vec![0usize; n];
        loop {
            for i in 0..n {
                self.forage(i, &mut food, &mut score, &mut trials, rng, oracle)?;
            }
            // The onlookers choose by the probabilities worked out once after the employed bees, going round the
            // sources from where the last choice was made, as Karaboga's code does.
            let total: f64 = score.iter().map(|s| fitness(*s)).sum();
            let chances: Vec<f64> = score.iter().map(|s| fitness(*s) / total).collect();
            let mut from = 0;
            for _ in 0..n {
                let chosen = onlooker(&chances, from, rng);
                self.forage(chosen, &mut food, &mut score, &mut trials, rng, oracle)?;
                from = chosen + 1;
            }
            if let Some(tired) = scout(&trials, limit) {
                food[tired] = uniform(dims, rng);
                score[tired] = one(oracle, &food[tired])?;
                trials[tired] = 0;
            }
        }
    }

    /// A bee at source `i` tries a neighbour and keeps the better.
    fn forage(
        &self,
        i: usize,
        food: &mut [Vec<f64>],
        score: &mut [f64],
        trials: &mut [usize],
        rng: &mut Stream,
        oracle: &mut dyn Oracle,
    ) -> Result<(), crate::Stop> {
        let n = food.len();
        let k = (i + 1 + rng.below(n - 1)) % n;
        let j = rng.below(food[i].len());
        let phi = 2.0 * rng.unit() - 1.0;
        let v = neighbour(&food[i], &food[k], j, phi);
        let s = one(oracle, &v)?;
        if fitness(s) > fitness(score[i]) {
            (food[i], score[i], trials[i]) = (v, s, 0);
        } else {
            trials[i] += 1;
        }
        Ok(())
    }
}

/// Karaboga's neighbour of source `x` by source `other` in coordinate `j`: `x_j + φ·(x_j − other_j)`, in the box.
pub(crate) fn neighbour(x: &[f64], other: &[f64], j: usize, phi: f64) -> Vec<f64> {
    let mut v = x.to_vec();
    v[j] = (x[j] + phi * (x[j] - other[j])).clamp(0.0, 1.0);
    v
}

/// The source an onlooker chooses, going round the sources from `from` and taking source `i` with chance
/// `chances[i]` (`fit_i / Σ fit`: Karaboga's roulette as his code turns it).
pub(crate) fn onlooker(chances: &[f64], from: usize, rng: &mut Stream) -> usize {
    let mut i = from % chances.len();
    loop {
        if rng.unit() < chances[i] {
            return i;
        }
        i = (i + 1) % chances.len();
    }
}

/// The source abandoned this cycle: the most tried, if it was tried more than `limit` times without improving.
pub(crate) fn scout(trials: &[usize], limit: usize) -> Option<usize> {
    let most = best(&trials.iter().map(|t| *t as f64).collect::<Vec<_>>());
    (trials[most] > limit).then_some(most)
}
