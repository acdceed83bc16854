//! What the tic-tac-toe searches share: a move with its value and line, picking among the best, and the decision.

use std::time::Instant;

use hamle_core::{Decision, Stream};

use crate::tictactoe::rules::Move;

/// A move with its value for the player making it and the line the search expects after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The move.
    pub mv: Move,
    /// Its value for the player to move, in the bot's units.
    pub value: f64,
    /// The expected line, starting with the move.
    pub pv: Vec<Move>,
}

/// Picks one of the moves whose value is the best, with the game's stream.
pub(super) fn pick_best(scored: &[Scored], stream: &mut Stream) -> Option<Scored> {
    let best = scored.iter().map(|s| s.value).fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<&Scored> = scored.iter().filter(|s| s.value >= best - 1e-9).collect();
    stream.pick(&ties).map(|&s| s.clone())
}

/// The decision for a chosen move.
pub(super) fn decision(chosen: Scored, depth: u32, nodes: u64, start: Instant) -> Decision<Move> {
    Decision { mv: chosen.mv, score: chosen.value, pv: chosen.pv, depth, nodes, elapsed: start.elapsed() }
}
