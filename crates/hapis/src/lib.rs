//! Hapis Tavlası, backgammon with pinning (seed `000`, the thesis's chapter 4): its rules, notation, the
//! thesis's computer player and stronger ones (a hand-made evaluation, a network trained by TD(λ) self-play,
//! an expectiminimax over whole turns).
//!
//! Terms: *hapis* → pin (a pinned checker is a prisoner), *kapı* → door (a closed point), *mars* → gammon
//! (2 points), *zar* → dice, *çift* → doubles, *gele* → a throw that cannot be played, *toplama* → bearing off, *açık* → an open single checker.
//! Its plays, throws and boards as integers and tensors for learners are in [`encoding`].
//! Its terminal commands (`hamle hapis legal|hint|perft`) are declared in [`commands`]; training and the
//! terminal's match play through the arena and are the arena's.
//! It holds no generic search (those are `hamle-core`'s) and no files or progress bars (the CLI's). Rules are in
//! `docs/rules/hapis.md`, the strong player in `docs/rules/hapis-strong-player.md`.
#![deny(missing_docs)]

pub mod analysis;
pub mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod entry;
mod notation;
mod rules;
pub mod train;

pub use def::definition;
pub use entry::{Blocked, Entry, EntryError};
pub use notation::{NotationError, side_name};
pub use rules::{
    CHECKERS, Dice, Hapis, Opening, POINTS, Phase, Play, Point, Position, PositionError, Settings, Side, Step,
};
