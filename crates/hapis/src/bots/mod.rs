//! Hapis Tavlası players.

mod thesis;

pub use thesis::{Hits, Thesis, hits};
