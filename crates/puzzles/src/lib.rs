//! The one-person puzzles of the thesis's worked examples (seed `000`, §2.1): the knight's tour and N queens,
//! each with the thesis's own method, the methods that carry it to large boards, and a game for people.
//!
//! - [`knights_tour`]: Warnsdorff's rule as the thesis works it from square 11, open tours with a tie-break
//!   that holds on large boards, closed tours by divide and conquer, and the tour as a game.
//! - [`queens`]: counting every placement of N queens and the distinct ones under the board's symmetries,
//!   min-conflicts repair (the thesis's "heuristic repair") up to millions of queens, and placing queens as a
//!   game.
//! - [`square`]: the boards' squares, their names as in chess and reading them, shared by both puzzles.
//! - [`commands`]: `hamle solve queens|knights-tour`, declared for the binary to run.
//!
//! Games with an opponent (Grundy's game, Sim, Dots and Boxes) are in `hamle-classics`, not here.
#![deny(missing_docs)]

pub mod commands;
pub mod knights_tour;
pub mod queens;
pub mod square;
