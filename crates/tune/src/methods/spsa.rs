//! Simultaneous perturbation stochastic approximation (J. C. Spall, "Multivariate stochastic approximation
//! using a simultaneous perturbation gradient approximation", *IEEE TAC* 37, 1992; the gains as Spall's
//! "Implementation of the simultaneous perturbation algorithm for stochastic optimization", *IEEE TAES* 34,
//! 1998, sets them): at step `k` it scores `θ ± c_k·Δ` (Δ a random ±1 in every coordinate), estimates the
//! gradient as `(y⁺ − y⁻) / (2·c_k·Δ)` and climbs it by `a_k`, with `a_k = a/(A + k + 1)^α` and
//! `c_k = c/(k + 1)^γ`, `α = 0.602`, `γ = 0.101` and `A` a tenth of the steps. Chess engines tune this way.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, clamp};
use crate::{Oracle, Stop};

/// Its parameters.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "a", values: "0..=100", default: "0.5", about: "the step gain's scale" },
    ParamDoc {
        key: "c",
        values: "0..=1",
        default: "0.1",
        about: "the perturbation's first size, a share of the box's side",
    },
    ParamDoc {
        key: "A",
        values: "auto|0..",
        default: "auto",
        about: "the step gain's stability constant (auto: a tenth of the steps the budget allows)",
    },
    ParamDoc { key: "alpha", values: "0..=2", default: "0.602", about: "the step gain's decay" },
    ParamDoc { key: "gamma", values: "0..=2", default: "0.101", about: "the perturbation's decay" },
];

/// SPSA.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// Step gain scale.
    pub a: f64,
    /// Perturbation scale.
    pub c: f64,
    /// Stability constant; `None` for a tenth of the steps.
    pub big_a: Option<f64>,
    /// Step gain decay.
    pub alpha: f64,
    /// Perturbation decay.
    pub gamma: f64,
}

impl Spsa {
    pub(crate) fn run(&self, start: &[f64], evaluations: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let steps = (evaluations / 2).max(1) as f64;
        let big_a = self.big_a.unwrap_or(0.1 * steps);
        let mut theta = clamp(start.to_vec());
        let mut k = 0.0;
        loop {
            let a = self.a / (big_a + k + 1.0).powf(self.alpha);
            let c = self.c / (k + 1.0).powf(self.gamma);
            let delta: Vec<f64> = theta.iter().map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 }).collect();
            let plus = clamp(theta.iter().zip(&delta).map(|(t, d)| t + c * d).collect());
            let minus = clamp(theta.iter().zip(&delta).map(|(t, d)| t - c * d).collect());
            let [up, down] = oracle.score(&[plus, minus])?[..] else { return Err(Stop) };
            theta = clamp(theta.iter().zip(&delta).map(|(t, d)| t + a * (up - down) / (2.0 * c * d)).collect());
            k += 1.0;
        }
    }
}
