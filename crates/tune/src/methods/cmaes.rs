//! The covariance matrix adaptation evolution strategy (N. Hansen and A. Ostermeier, "Completely derandomized
//! self-adaptation in evolution strategies", *Evolutionary Computation* 9, 2001), with the default strategy
//! parameters of N. Hansen, "The CMA evolution strategy: a tutorial" (arXiv:1604.00772, 2016, table 1 with
//! positive weights): `λ = 4 + ⌊3 ln n⌋` points a generation drawn from `N(m, σ²C)`, the best `μ = ⌊λ/2⌋`
//! recombined with logarithmic weights into the new mean, the evolution paths `p_σ` and `p_c`, the rank-one and
//! rank-μ updates of `C` and cumulative step-size adaptation of `σ`.
//!
//! The box: a point drawn outside is scored at the nearest point inside, and that repaired point is the one the
//! update learns from (Hansen's "repair"); `σ` is kept at most the box's side. `C` is decomposed by nalgebra's
//! symmetric eigensolver each generation (the dimensions tuned here are few).

use hamle_core::{ParamDoc, Stream};
use nalgebra::{DMatrix, DVector, SymmetricEigen};
use rand::Rng;
use rand_distr::StandardNormal;

use super::{Ran, clamp};
use crate::Oracle;

/// Its parameters.
pub(crate) const PARAMS: &[ParamDoc] = &[
    ParamDoc { key: "sigma", values: "0..=1", default: "0.3", about: "the first step size, a share of the box's side" },
    ParamDoc {
        key: "lambda",
        values: "auto|2..=1000",
        default: "auto",
        about: "points a generation (auto: 4 + ⌊3 ln n⌋)",
    },
];

/// CMA-ES.
#[derive(Clone, Debug, PartialEq)]
pub struct Cmaes {
    /// The first step size.
    pub sigma: f64,
    /// Points a generation; `None` for `4 + ⌊3 ln n⌋`.
    pub lambda: Option<usize>,
}

/// The strategy parameters of Hansen's tutorial (table 1) for `n` dimensions and `lambda` points a generation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Strategy {
    /// Points a generation, λ.
    pub(crate) lambda: usize,
    /// The recombination weights of the best μ = ⌊λ/2⌋, summing to 1.
    pub(crate) weights: Vec<f64>,
    /// The variance-effective selection mass μ_eff.
    pub(crate) mueff: f64,
    /// The step size's cumulation rate c_σ.
    pub(crate) cs: f64,
    /// The step size's damping d_σ.
    pub(crate) ds: f64,
    /// The covariance's cumulation rate c_c.
    pub(crate) cc: f64,
    /// The rank-one learning rate c_1.
    pub(crate) c1: f64,
    /// The rank-μ learning rate c_μ.
    pub(crate) cmu: f64,
    /// E‖N(0, I)‖, approximated as the tutorial does.
    pub(crate) chi: f64,
}

impl Strategy {
    pub(crate) fn new(n: usize, lambda: Option<usize>) -> Strategy {
        let nf = n as f64;
        let lambda = lambda.unwrap_or(4 + (3.0 * nf.ln()).floor() as usize).max(2);
        let mu = lambda / 2;
        let raw: Vec<f64> = (1..=mu).map(|i| ((lambda as f64 + 1.0) / 2.0).ln() - (i as f64).ln()).collect();
        let sum: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / sum).collect();
        let mueff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let cs = (mueff + 2.0) / (nf + mueff + 5.0);
        let c1 = 2.0 / ((nf + 1.3).powi(2) + mueff);
        Strategy {
            lambda,
            mueff,
            cs,
            ds: 1.0 + 2.0 * (((mueff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + cs,
            cc: (4.0 + mueff / nf) / (nf + 4.0 + 2.0 * mueff / nf),
            c1,
            cmu: (1.0 - c1).min(2.0 * (mueff - 2.0 + 1.0 / mueff) / ((nf + 2.0).powi(2) + mueff)),
            chi: nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf)),
            weights,
        }
    }
}

impl Cmaes {
    pub(crate) fn run(&self, start: &[f64], rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        let n = start.len();
        let nf = n as f64;
        let Strategy { lambda, weights, mueff, cs, ds, cc, c1, cmu, chi } = Strategy::new(n, self.lambda);
        let mu = weights.len();

        let mut mean = DVector::from_vec(clamp(start.to_vec()));
        let mut sigma = self.sigma;
        let mut cov = DMatrix::<f64>::identity(n, n);
        let (mut ps, mut pc) = (DVector::<f64>::zeros(n), DVector::<f64>::zeros(n));
        for generation in 1i32.. {
            let eigen = SymmetricEigen::new((&cov + cov.transpose()) * 0.5);
            let b = eigen.eigenvectors;
            let d = eigen.eigenvalues.map(|e| e.max(1e-20).sqrt());
            let points: Vec<Vec<f64>> = (0..lambda)
                .map(|_| {
                    let z = DVector::from_fn(n, |_, _| rng.sample::<f64, _>(StandardNormal));
                    let x = &mean + sigma * (&b * d.component_mul(&z));
                    clamp(x.iter().copied().collect())
                })
                .collect();
            let scores = oracle.score(&points)?;
            let mut order: Vec<usize> = (0..lambda).collect();
            order.sort_by(|&i, &j| scores[j].total_cmp(&scores[i]));
            let steps: Vec<DVector<f64>> =
                order[..mu].iter().map(|&i| (DVector::from_vec(points[i].clone()) - &mean) / sigma).collect();
            let step = steps.iter().zip(&weights).fold(DVector::zeros(n), |acc, (y, w)| acc + y * *w);
            mean += sigma * &step;
            let inv_sqrt = &b * DMatrix::from_diagonal(&d.map(|x| 1.0 / x)) * b.transpose();
            ps = (1.0 - cs) * ps + (cs * (2.0 - cs) * mueff).sqrt() * (inv_sqrt * &step);
            let norm = ps.norm() / (1.0 - (1.0 - cs).powi(2 * generation)).sqrt();
            let hs = if norm < (1.4 + 2.0 / (nf + 1.0)) * chi { 1.0 } else { 0.0 };
            pc = (1.0 - cc) * pc + hs * (cc * (2.0 - cc) * mueff).sqrt() * &step;
            let rank_mu =
                steps.iter().zip(&weights).fold(DMatrix::zeros(n, n), |acc, (y, w)| acc + y * y.transpose() * *w);
            let lost = (1.0 - hs) * cc * (2.0 - cc);
            cov = (1.0 - c1 - cmu) * &cov + c1 * (&pc * pc.transpose() + lost * &cov) + cmu * rank_mu;
            sigma = (sigma * ((cs / ds) * (ps.norm() / chi - 1.0)).exp()).min(1.0);
        }
        Err(crate::Stop)
    }
}
