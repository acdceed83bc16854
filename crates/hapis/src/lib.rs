//! Hapis Tavlası, backgammon with pinning (seed `000`, the thesis's chapter 4): its rules, notation and
//! the thesis's computer player.
//!
//! Terms: *hapis* → pin (a pinned checker is a prisoner), *kapı* → door (a closed point), *mars* → gammon
//! (2 points), *zar* → dice, *çift* → doubles, *gele* → a throw that cannot be played, *toplama* → bearing off, *açık* → an open single checker.
//! This crate holds no generic search: stronger bots will use `hamle-core`'s. Rules are in `docs/rules/hapis.md`.
#![deny(missing_docs)]

pub mod bots;
mod notation;
mod rules;
pub mod train;

pub use notation::{NotationError, side_name};
pub use rules::{CHECKERS, Dice, Hapis, Opening, POINTS, Phase, Play, Point, Position, Settings, Side, Step};
