//! Grundy's game (thesis §3.1.1, "Grundy oyunu"): split a heap into two unequal heaps; the player who cannot
//! split any heap loses.
//!
//! - [`values`]: the Sprague–Grundy value of every heap up to N; a position's value is the nim-sum (exclusive
//!   or) of its heaps' values, and the player to move loses exactly when it is 0.
//! - [`graph`]: the thesis's AND/OR graph of a position (its Şekil-20, for the heap of 7), as text and SVG.
//! - [`encoding`]: splits and heaps as integers and tensors, for learners.
//! - The game for people, with several heaps: [`Grundy`], [`definition`], the `perfect` player.

pub mod analysis;
mod bots;
pub mod commands;
mod def;
pub mod encoding;
pub mod graph;
mod notation;
mod rules;
mod values;

pub use bots::{Perfect, nim_sum};
pub use def::definition;
pub use notation::ParseError;
pub use rules::{Grundy, MAX_HEAP, MAX_HEAPS, Move};
pub use values::{MAX_UP_TO, ValueError, values};
