//! Glowworm swarm optimisation (K. N. Krishnanand and D. Ghose, "Detection of multiple source locations using a
//! glowworm metaphor with applications to collective robotics", IEEE Swarm Intelligence Symposium 2005;
//! "Glowworm swarm optimization for simultaneous capture of multiple local optima of multimodal functions",
//! *Swarm Intelligence* 3, 2009) — the thesis's *ateş böceği sürü optimizasyonu*, which its §4.5 names as an
//! inspiration. Each glowworm carries luciferin `l ← (1 − ρ)·l + γ·J(x)`; it sees the brighter glowworms within
//! its own decision range, picks one with probability proportional to how much brighter it is, and steps `s`
//! towards it; its range grows or shrinks by `β·(n_t − neighbours)` within the sensor range `r_s`. A generation
//! is scored together and moves together. Made to find many local optima at once, it is slow to settle on one.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, clamp, distance, uniform};
use crate::Oracle;

/// Its parameters: Krishnanand and Ghose's values (2009, table 1), the step and ranges as shares of the box.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "n", values: "2..=1000", default: "20", about: "glowworms" },
    ParamDoc { key: "rho", values: "0..=1", default: "0.4", about: "luciferin decay" },
    ParamDoc { key: "gamma", values: "0..=10", default: "0.6", about: "luciferin gained per unit of score" },
    ParamDoc {
        key: "beta",
        values: "0..=1",
        default: "0.08",
        about: "how fast the decision range follows the neighbours wanted",
    },
    ParamDoc { key: "nt", values: "1..=100", default: "5", about: "neighbours wanted" },
    ParamDoc { key: "step", values: "0..=1", default: "0.03", about: "the step, a share of the box's side" },
    ParamDoc {
        key: "range",
        values: "0..=2",
        default: "0.5",
        about: "the sensor range r_s (and the first decision range), a share of the box's side",
    },
];

/// Glowworm swarm optimisation.
#[derive(Clone, Debug, PartialEq)]
pub struct Glowworm {
    /// Glowworms.
    pub n: usize,
    /// Luciferin decay ρ.
    pub rho: f64,
    /// Luciferin enhancement γ.
    pub gamma: f64,
    /// Range update rate β.
    pub beta: f64,
    /// Neighbours wanted n_t.
    pub nt: usize,
    /// Step s.
    pub step: f64,
    /// Sensor range r_s.
    pub range: f64,
}

impl Glowworm {
    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let mut worms: Vec<Vec<f64>> = (0..self.n).map(|_| uniform(dims, rng)).collect();
        // Krishnanand and Ghose start every glowworm with the same luciferin, 5.
        let mut luciferin = vec![5.0; self.n];
        let mut ranges = vec![self.range; self.n];
        loop {
            let scores = oracle.score(&worms)?;
            for (l, j) in luciferin.iter_mut().zip(&scores) {
                *l = (1.0 - self.rho) * *l + self.gamma * j;
            }
            let old = worms.clone();
            for i in 0..self.n {
                let brighter: Vec<usize> = (0..self.n)
                    .filter(|&j| distance(&old[i], &old[j]) < ranges[i] && luciferin[i] < luciferin[j])
                    .collect();
                let total: f64 = brighter.iter().map(|&j| luciferin[j] - luciferin[i]).sum();
                let mut pick = rng.unit() * total;
                let chosen = brighter.iter().copied().find(|&j| {
                    pick -= luciferin[j] - luciferin[i];
                    pick < 0.0
                });
                if let Some(j) = chosen.or(brighter.last().copied()) {
                    let length = distance(&old[i], &old[j]);
                    if length > 0.0 {
                        let moved = old[i].iter().zip(&old[j]).map(|(a, b)| a + self.step * (b - a) / length).collect();
                        worms[i] = clamp(moved);
                    }
                }
                let wanted = self.nt as f64 - brighter.len() as f64;
                ranges[i] = (ranges[i] + self.beta * wanted).clamp(0.0, self.range);
            }
        }
    }
}
