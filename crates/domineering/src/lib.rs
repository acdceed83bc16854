//! Domineering (Crosscram, seed `002`): the rules on boards up to 16×16, the text notation, the seed
//! paper's heuristic player and an exact solver with the published speed-ups; and its placements and boards
//! as integers and tensors for learners ([`encoding`]).
//!
//! Its solver's terminal command (`hamle solve domineering`, with `--table N` and its shards) is declared in
//! [`commands`], the outcome table in [`table`]. It holds no terminal or web code (see the `hamle` CLI and the
//! server) and no stored results: every outcome the solver reports comes from search. See
//! `docs/rules/domineering.md`.
#![deny(missing_docs)]

pub mod analysis;
pub mod bots;
pub mod commands;
mod def;
pub mod encoding;
mod notation;
mod rules;
pub mod solve;
pub mod table;

pub use notation::{ParseError, cell_name, parse_cell};
pub use rules::{Domineering, MAX_SIDE, Move, PositionFault, Side, SizeError};

/// Domineering as the registry knows it: the game, its bots, how people play it (from `def.rs`), and its solver's
/// terminal [`commands`], joined here because they read the definition (the board from its spec).
pub fn definition() -> hamle_core::GameDef<Domineering> {
    hamle_core::GameDef { commands: commands::COMMANDS, ..def::definition() }
}
