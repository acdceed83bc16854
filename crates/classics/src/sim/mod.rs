//! Sim (thesis §3.1.2): two players colour the 15 edges of the complete graph on six points, one edge a turn;
//! whoever completes a triangle of their own colour loses. Ramsey's R(3, 3) = 6 says somebody must.
//!
//! - [`solve`]: who wins from a position with best play, by search with a table of positions seen.
//! - Players: the thesis's (its 0..10 table of line values, [`Thesis`]), a [`Perfect`] one and `random`.
//! - [`encoding`]: edges and boards as integers and tensors, for learners.
//! - The game for people: [`Sim`], [`definition`].

pub mod analysis;
mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod notation;
mod rules;
mod solve;

pub use bots::{Perfect, Thesis, line_value};
pub use def::definition;
pub use notation::ParseError;
pub use rules::{EDGES, Edge, Sim, TRIANGLES};
pub use solve::{Solved, solve};
