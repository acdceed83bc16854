//! Tic-tac-toe players: the perfect one, the thesis's depth-limited heuristic one, and the blog's as its code runs.

mod blog;
mod perfect;
mod scored;
mod thesis;

pub use blog::Blog;
pub use perfect::{Perfect, Quickest};
pub use scored::Scored;
pub use thesis::{OpenLines, Thesis};
