//! Chess players: the thesis's minimax player (seed `001`); a uniformly random player is the core's
//! [`hamle_core::bot::RandomBot`].

pub mod engine;
pub mod thesis;
pub mod uci;

pub use thesis::{Eval, Search, Thesis};
