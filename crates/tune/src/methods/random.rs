//! Random search: points drawn uniformly from the box, the floor every other method must clear.

use hamle_core::{ParamDoc, Stream};

use super::{Ran, uniform};
use crate::Oracle;

/// Its parameters.
pub(crate) const PARAMS: &[ParamDoc] =
    &[ParamDoc { key: "batch", values: "1..=1000", default: "8", about: "points asked at once (scored in one round)" }];

/// Uniform random points, `batch` at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct Random {
    /// Points asked at once.
    pub batch: usize,
}

impl Random {
    pub(crate) fn run(&self, dims: usize, rng: &mut Stream, oracle: &mut dyn Oracle) -> Ran {
        loop {
            let points: Vec<Vec<f64>> = (0..self.batch).map(|_| uniform(dims, rng)).collect();
            oracle.score(&points)?;
        }
    }
}
