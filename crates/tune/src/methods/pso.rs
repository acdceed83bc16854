//! Particle swarm optimisation (J. Kennedy and R. Eberhart, "Particle swarm optimization", ICNN 1995): each
//! particle's velocity is pulled towards its own best point and the swarm's, `v ← w·v + c1·r1·(p − x) +
//! c2·r2·(g − x)`, clamped to `±vmax`, and `x ← x + v`. The inertia `w` is Shi and Eberhart's ("A modified
//! particle swarm optimizer", 1998); the defaults are Clerc and Kennedy's constriction (2002) written as
//! inertia (`w = 0.7298, c1 = c2 = 1.49618`), the standard since; `w=1,c1=2,c2=2` is the 1995 original. The
//! swarm is scored a generation at a time and its best updated after each (synchronous). A particle that
//! leaves the box stops at its wall.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, best, uniform};
use crate::Oracle;

/// Its parameters.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "n", values: "2..=1000", default: "20", about: "particles" },
    ParamDoc { key: "w", values: "0..=1.5", default: "0.7298", about: "inertia (1 in the 1995 original)" },
    ParamDoc {
        key: "c1",
        values: "0..=4",
        default: "1.49618",
        about: "pull towards the particle's own best (2 in 1995)",
    },
    ParamDoc { key: "c2", values: "0..=4", default: "1.49618", about: "pull towards the swarm's best (2 in 1995)" },
    ParamDoc {
        key: "vmax",
        values: "0..=1",
        default: "0.2",
        about: "the largest step in each coordinate, a share of the box's side",
    },
];

/// Particle swarm optimisation.
#[derive(Clone, Debug, PartialEq)]
pub struct Pso {
    /// Particles.
    pub n: usize,
    /// Inertia.
    pub w: f64,
    /// Cognitive pull.
    pub c1: f64,
    /// Social pull.
    pub c2: f64,
    /// Velocity clamp.
    pub vmax: f64,
}

impl Pso {
    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let mut x: Vec<Vec<f64>> = (0..self.n).map(|_| uniform(dims, rng)).collect();
        let mut v: Vec<Vec<f64>> =
            (0..self.n).map(|_| (0..dims).map(|_| self.vmax * (2.0 * rng.unit() - 1.0)).collect()).collect();
        let mut own = x.clone();
        let mut own_score = oracle.score(&x)?;
        let mut swarm = own[best(&own_score)].clone();
        let mut swarm_score = own_score[best(&own_score)];
        loop {
            for (xi, (vi, pi)) in x.iter_mut().zip(v.iter_mut().zip(&own)) {
                for d in 0..dims {
                    let (r1, r2) = (rng.unit(), rng.unit());
                    let pull = self.c1 * r1 * (pi[d] - xi[d]) + self.c2 * r2 * (swarm[d] - xi[d]);
                    vi[d] = (self.w * vi[d] + pull).clamp(-self.vmax, self.vmax);
                    let next = xi[d] + vi[d];
                    if !(0.0..=1.0).contains(&next) {
                        vi[d] = 0.0;
                    }
                    xi[d] = next.clamp(0.0, 1.0);
                }
            }
            let scores = oracle.score(&x)?;
            for (i, s) in scores.iter().enumerate() {
                if *s > own_score[i] {
                    own_score[i] = *s;
                    own[i].clone_from(&x[i]);
                }
                if *s > swarm_score {
                    swarm_score = *s;
                    swarm.clone_from(&x[i]);
                }
            }
        }
    }
}
