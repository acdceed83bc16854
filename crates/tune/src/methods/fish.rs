//! The artificial fish swarm algorithm (Li Xiaolei, Shao Zhijiang and Qian Jixin, "An optimizing method based
//! on autonomous animats: fish-swarm algorithm", *Systems Engineering — Theory & Practice* 22(11), 2002; in
//! English as Neshat et al. review it, *Artificial Intelligence Review* 42, 2014). Each fish in turn:
//! - *swarms*: when fellows swim within its `visual` range and the place is not crowded (fellows ÷ fish below
//!   `crowd`), it scores their centre and, if the centre is better, steps towards it;
//! - *follows*: under the same conditions, if its best fellow is better, it steps towards that fellow;
//! - of the two it keeps the better result; when neither applies it *preys*: it tries up to `tries` random
//!   points within its visual range and steps towards the first better one, or, failing all, swims to a random
//!   point within its range.
//!
//! A step is `step·rand` along the direction, and every place a fish moves to is scored, as in the original.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, clamp, distance, one, uniform};
use crate::Oracle;

/// Its parameters, with the values reviews give as usual for a unit box.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "n", values: "2..=1000", default: "20", about: "fish" },
    ParamDoc {
        key: "visual",
        values: "0..=2",
        default: "0.2",
        about: "how far a fish sees, a share of the box's side",
    },
    ParamDoc { key: "step", values: "0..=1", default: "0.1", about: "the longest step, a share of the box's side" },
    ParamDoc { key: "tries", values: "1..=100", default: "5", about: "random points a preying fish tries" },
    ParamDoc {
        key: "crowd",
        values: "0..=1",
        default: "0.618",
        about: "the crowd factor: a place with this share of the fish or more is crowded",
    },
];

/// The artificial fish swarm.
#[derive(Clone, Debug, PartialEq)]
pub struct Fish {
    /// Fish.
    pub n: usize,
    /// Visual range.
    pub visual: f64,
    /// Longest step.
    pub step: f64,
    /// Tries of a preying fish.
    pub tries: usize,
    /// Crowd factor δ.
    pub crowd: f64,
}

impl Fish {
    /// A step from `from` towards `to` of a random length up to `step`.
    fn towards(&self, from: &[f64], to: &[f64], rng: &mut Stream) -> Vec<f64> {
        let length = distance(from, to);
        if length == 0.0 {
            return from.to_vec();
        }
        let scale = self.step * rng.unit() / length;
        clamp(from.iter().zip(to).map(|(a, b)| a + scale * (b - a)).collect())
    }

    /// A random point within the visual range of `from`.
    fn near(&self, from: &[f64], rng: &mut Stream) -> Vec<f64> {
        clamp(from.iter().map(|a| a + self.visual * (2.0 * rng.unit() - 1.0)).collect())
    }

    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let mut fish: Vec<Vec<f64>> = (0..self.n).map(|_| uniform(dims, rng)).collect();
        let mut food = oracle.score(&fish)?;
        loop {
            for i in 0..self.n {
                let fellows: Vec<usize> =
                    (0..self.n).filter(|&j| j != i && distance(&fish[i], &fish[j]) < self.visual).collect();
                let roomy = !fellows.is_empty() && (fellows.len() as f64) < self.crowd * self.n as f64;
                let mut moves: Vec<(Vec<f64>, f64)> = Vec::new();
                if roomy {
                    let mut centre = vec![0.0; dims];
                    for &j in &fellows {
                        for (c, x) in centre.iter_mut().zip(&fish[j]) {
                            *c += x / fellows.len() as f64;
                        }
                    }
                    if one(oracle, &centre)? > food[i] {
                        let to = self.towards(&fish[i], &centre, rng);
                        let score = one(oracle, &to)?;
                        moves.push((to, score));
                    }
                    let leader = fellows.iter().copied().fold(fellows[0], |b, j| if food[j] > food[b] { j } else { b });
                    if food[leader] > food[i] {
                        let to = self.towards(&fish[i], &fish[leader], rng);
                        let score = one(oracle, &to)?;
                        moves.push((to, score));
                    }
                }
                let chosen = match moves.into_iter().reduce(|a, b| if b.1 > a.1 { b } else { a }) {
                    Some(chosen) => chosen,
                    None => self.prey(i, &fish, &food, rng, oracle)?,
                };
                (fish[i], food[i]) = chosen;
            }
        }
    }

    /// Fish `i` preys: steps towards the first better of `tries` random points in sight, else swims at random.
    fn prey(
        &self,
        i: usize,
        fish: &[Vec<f64>],
        food: &[f64],
        rng: &mut Stream,
        oracle: &mut dyn Oracle,
    ) -> Result<(Vec<f64>, f64), crate::Stop> {
        for _ in 0..self.tries {
            let seen = self.near(&fish[i], rng);
            if one(oracle, &seen)? > food[i] {
                let to = self.towards(&fish[i], &seen, rng);
                let score = one(oracle, &to)?;
                return Ok((to, score));
            }
        }
        let to = self.near(&fish[i], rng);
        let score = one(oracle, &to)?;
        Ok((to, score))
    }
}
