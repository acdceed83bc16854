//! The game-independent heart of hamle.
//!
//! This crate holds the traits every game implements ([`Game`], [`Notation`]), the evaluation and
//! bot traits ([`Evaluator`], [`Bot`]), the generic searches over them ([`search`]), the seeded
//! random [`Stream`] each session owns, an explicit game [`tree`] for tests and worked examples, and the
//! shape of a game's definition ([`GameDef`]: parameters, bots, how people play it, its terminal [`command`]s)
//! that each game exports, its moves and boards as integers and tensors for learners ([`encoding`]), how its finished games are judged ([`analysis`]), words for a person as messages of the catalogs ([`msg`]), and what long runs share: shards ([`shard`], [`items`]), training curves ([`curve`])
//! and the arguments of training commands ([`training`]).
//! It knows no game: rules, notation and game-specific players live in the game crates.
#![deny(missing_docs)]

pub mod analysis;
pub mod bot;
pub mod command;
pub mod curve;
pub mod def;
pub mod encoding;
pub mod eval;
pub mod game;
pub mod items;
pub mod msg;
pub mod programs;
pub mod search;
pub mod shard;
pub mod spec;
pub mod stream;
pub mod training;
pub mod tree;
pub mod tt;
pub mod weights;

pub use analysis::{Analyst, Judgement};
pub use bot::{Bot, Budget, Clock, Decision, Fault};
pub use def::{Allowed, BotDef, Cap, Face, GameDef, Partial, Refused, Roller, Termination, Transcribe, Transcript};
pub use encoding::Encoding;
pub use eval::{Evaluator, MoveOrder, NoOrder, Points};
pub use game::{Game, GameInfo, IllegalMove, Notation, Player, Turn};
pub use msg::{Arg, Msg};
pub use spec::{ParamDoc, Params, Spec, SpecError};
pub use stream::Stream;
