//! Black-box optimisers that tune a bot's weights: the swarms the Hapis thesis (`000`, §1.5) surveys — the
//! firefly algorithm, the glowworm swarm, particle swarm, the artificial fish swarm and the artificial bee colony — each as its
//! original paper defines it, beside what practitioners use (SPSA, CMA-ES) and random search as the floor.
//!
//! Every method searches the unit cube `[0, 1]^d` and maximises a score it cannot see inside: it asks an
//! [`Oracle`] for the scores of points and goes on from the answers. An oracle may refuse ([`Stop`]) when its
//! budget is spent or when the points must wait to be played elsewhere; a method is then simply run again from
//! its seed, and an oracle that answers the same points with the same scores (a history) brings it back to
//! exactly where it stopped. So a run is resumable and its evaluations can be sharded without any method
//! keeping state on disk.
//!
//! It knows no game: the arena's `tune` turns points into weights and scores into games played.
//!
//! ```
//! use hamle_tune::{Method, Oracle, Stop};
//! // Maximise −(x − 0.3)² − (y − 0.7)² with 400 evaluations of CMA-ES.
//! struct Bowl(usize);
//! impl Oracle for Bowl {
//!     fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
//!         if self.0 < points.len() { return Err(Stop); }
//!         self.0 -= points.len();
//!         Ok(points.iter().map(|p| -(p[0] - 0.3).powi(2) - (p[1] - 0.7).powi(2)).collect())
//!     }
//! }
//! let method = Method::parse("cmaes")?;
//! let mut best = (f64::MIN, vec![]);
//! let mut oracle = Watch { inner: Bowl(400), best: &mut best };
//! method.run(2, None, 400, 7, &mut oracle);
//! assert!((best.1[0] - 0.3).abs() < 1e-3 && (best.1[1] - 0.7).abs() < 1e-3);
//! # struct Watch<'a> { inner: Bowl, best: &'a mut (f64, Vec<f64>) }
//! # impl Oracle for Watch<'_> {
//! #     fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
//! #         let scores = self.inner.score(points)?;
//! #         for (p, s) in points.iter().zip(&scores) { if *s > self.best.0 { *self.best = (*s, p.clone()); } }
//! #         Ok(scores)
//! #     }
//! # }
//! # Ok::<(), hamle_tune::MethodError>(())
//! ```

use hamle_core::{ParamDoc, Params, Spec, SpecError, Stream};

pub(crate) mod methods;

pub use methods::{Bees, Cmaes, Firefly, Fish, Glowworm, Pso, Random, Spsa};

/// The oracle's refusal to score: its budget is spent, or the points are to be scored elsewhere first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop;

/// What scores the points a method asks about (higher is better).
pub trait Oracle {
    /// The scores of `points`, in order, each point in `[0, 1]^d`.
    ///
    /// # Errors
    /// [`Stop`] when it will not score them all; the method then ends.
    fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop>;
}

/// A method's spec that does not read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MethodError {
    /// The spec is malformed, or names an unknown parameter or a bad value.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No method has that name.
    #[error("unknown method '{0}': the methods are {names}", names = Method::NAMES.join(", "))]
    Unknown(String),
}

/// One of the optimisers with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Method {
    /// Uniform random points: the floor.
    Random(Random),
    /// Yang's firefly algorithm (2008, 2009).
    Firefly(Firefly),
    /// Krishnanand and Ghose's glowworm swarm (2005, 2009).
    Glowworm(Glowworm),
    /// Kennedy and Eberhart's particle swarm (1995), with Shi and Eberhart's inertia (1998).
    Pso(Pso),
    /// Li, Shao and Qian's artificial fish swarm (2002).
    Fish(Fish),
    /// Karaboga's artificial bee colony (2005).
    Bees(Bees),
    /// Spall's simultaneous perturbation stochastic approximation (1992, 1998).
    Spsa(Spsa),
    /// Hansen and Ostermeier's covariance matrix adaptation evolution strategy (2001), as Hansen's tutorial
    /// (2016) sets it.
    Cmaes(Cmaes),
}

impl Method {
    /// Every method's name, the thesis's swarms first.
    pub const NAMES: [&'static str; 8] = ["firefly", "glowworm", "pso", "fish", "bees", "spsa", "cmaes", "random"];

    /// The method a spec names (`pso`, `firefly(n=30,gamma=2)`), its parameters checked.
    ///
    /// # Errors
    /// [`MethodError`] for an unknown name, parameter or value.
    pub fn parse(text: &str) -> Result<Method, MethodError> {
        let spec: Spec = text.parse()?;
        let mut params =
            Params::new(&spec, Method::docs(&spec.name).ok_or_else(|| MethodError::Unknown(spec.name.clone()))?)?;
        let p = &mut params;
        Ok(match spec.name.as_str() {
            "random" => Method::Random(Random { batch: p.number("batch")? }),
            "firefly" => Method::Firefly(Firefly {
                n: p.number("n")?,
                alpha: p.number("alpha")?,
                beta0: p.number("beta0")?,
                gamma: p.number("gamma")?,
                delta: p.number("delta")?,
            }),
            "glowworm" => Method::Glowworm(Glowworm {
                n: p.number("n")?,
                rho: p.number("rho")?,
                gamma: p.number("gamma")?,
                beta: p.number("beta")?,
                nt: p.number("nt")?,
                step: p.number("step")?,
                range: p.number("range")?,
            }),
            "pso" => Method::Pso(Pso {
                n: p.number("n")?,
                w: p.number("w")?,
                c1: p.number("c1")?,
                c2: p.number("c2")?,
                vmax: p.number("vmax")?,
            }),
            "fish" => Method::Fish(Fish {
                n: p.number("n")?,
                visual: p.number("visual")?,
                step: p.number("step")?,
                tries: p.number("tries")?,
                crowd: p.number("crowd")?,
            }),
            "bees" => Method::Bees(Bees { sources: p.number("sources")?, limit: p.number_or("limit", "auto")? }),
            "spsa" => Method::Spsa(Spsa {
                a: p.number("a")?,
                c: p.number("c")?,
                big_a: p.number_or("A", "auto")?,
                alpha: p.number("alpha")?,
                gamma: p.number("gamma")?,
            }),
            "cmaes" => Method::Cmaes(Cmaes { sigma: p.number("sigma")?, lambda: p.number_or("lambda", "auto")? }),
            other => return Err(MethodError::Unknown(other.to_owned())),
        })
    }

    /// The parameters the method `name` takes, with their defaults; `None` for no such method.
    pub fn docs(name: &str) -> Option<&'static [ParamDoc]> {
        Some(match name {
            "random" => methods::random::PARAMS,
            "firefly" => methods::firefly::PARAMS,
            "glowworm" => methods::glowworm::PARAMS,
            "pso" => methods::pso::PARAMS,
            "fish" => methods::fish::PARAMS,
            "bees" => methods::bees::PARAMS,
            "spsa" => methods::spsa::PARAMS,
            "cmaes" => methods::cmaes::PARAMS,
            _ => return None,
        })
    }

    /// One line on the method and where it comes from.
    pub fn about(name: &str) -> Option<&'static str> {
        Some(match name {
            "random" => "uniform random points in the box, a batch at a time: the floor",
            "firefly" => {
                "Yang's firefly algorithm (2008): each moves towards every brighter one, attraction fading with distance"
            }
            "glowworm" => {
                "glowworm swarm (Krishnanand & Ghose 2005), the thesis's §4.5: luciferin, decision ranges, steps towards brighter ones"
            }
            "pso" => {
                "particle swarm (Kennedy & Eberhart 1995; inertia w of Shi & Eberhart 1998; w=1,c1=2,c2=2 is the 1995 original)"
            }
            "fish" => "artificial fish swarm (Li, Shao & Qian 2002): prey, swarm and follow within a visual range",
            "bees" => "artificial bee colony (Karaboga 2005): employed, onlooker and scout bees over food sources",
            "spsa" => {
                "simultaneous perturbation stochastic approximation (Spall 1998): a gradient from two evaluations"
            }
            "cmaes" => "CMA-ES (Hansen & Ostermeier 2001), the default strategy of Hansen's tutorial (2016)",
            _ => return None,
        })
    }

    /// The method's name.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Random(_) => "random",
            Method::Firefly(_) => "firefly",
            Method::Glowworm(_) => "glowworm",
            Method::Pso(_) => "pso",
            Method::Fish(_) => "fish",
            Method::Bees(_) => "bees",
            Method::Spsa(_) => "spsa",
            Method::Cmaes(_) => "cmaes",
        }
    }

    /// Runs the method over `[0, 1]^dims` until the oracle stops it: from `start` where the method starts from
    /// one point (SPSA, CMA-ES; the centre when `None`), planning for `evaluations` (SPSA's gains), its choices
    /// drawn from `seed`. The same seed and the same answers ask the same points.
    pub fn run(&self, dims: usize, start: Option<&[f64]>, evaluations: usize, seed: u64, oracle: &mut dyn Oracle) {
        let mut rng = Stream::new(seed);
        let centre = vec![0.5; dims];
        let start = start.map_or(centre, <[f64]>::to_vec);
        // Every method runs until the oracle says stop; what it found is the oracle's to keep.
        let Err(Stop) = match self {
            Method::Random(m) => m.run(dims, &mut rng, oracle),
            Method::Firefly(m) => m.run(dims, &mut rng, oracle),
            Method::Glowworm(m) => m.run(dims, &mut rng, oracle),
            Method::Pso(m) => m.run(dims, &mut rng, oracle),
            Method::Fish(m) => m.run(dims, &mut rng, oracle),
            Method::Bees(m) => m.run(dims, &mut rng, oracle),
            Method::Spsa(m) => m.run(&start, evaluations, &mut rng, oracle),
            Method::Cmaes(m) => m.run(&start, &mut rng, oracle),
        };
    }
}

#[cfg(test)]
mod tests;
