//! The knight's tour (thesis §2.1.1, "64 at problemi"): a knight visits every square of an N×N board once.
//!
//! Squares are numbered `0..N²` row by row from the top left, so the thesis's square 11 (it counts from 1)
//! is square 10 here; people name them as in chess, `a1` at the bottom left.
//!
//! - [`tours`]: Warnsdorff's rule step by step, open tours on boards up to 2,000 a side, closed tours by
//!   divide and conquer, and a validator.
//! - The game: a person places the knight and moves it on, with Warnsdorff's rule as the hint
//!   ([`KnightsTour`], [`definition`]).
//! - [`encoding`]: squares and boards as integers and tensors, for learners.

mod bots;
mod def;
pub mod encoding;
mod notation;
mod rules;
pub mod tours;

pub use crate::square::{parse_square, square_name};
pub use bots::{ClosedTourBot, WarnsdorffBot};
pub use def::definition;
pub use notation::ParseError;
pub use rules::{KnightsTour, MAX_SIDE, MIN_SIDE};
pub use tours::{
    Candidate, Error, MAX_N, TieBreak, Tour, Warnsdorff, check_open, closed_tour, is_jump, is_tour, jumps, open_tour,
};
