//! Generic searches over [`Game`] and [`Evaluator`](crate::Evaluator).
//!
//! Every search returns the value of the root for the player to move there (player 0 in
//! one-player games), and they agree: alpha-beta, negamax and expectiminimax with Star1 give
//! plain [`minimax`]'s root value, and [`expectimax`] with its cache gives the uncached one.
//! Chance nodes do not count as plies of depth.

mod alphabeta;
mod mcts;
mod plain;

pub use alphabeta::AlphaBeta;
pub use mcts::Mcts;
pub use plain::{expectimax, minimax, negamax};

use crate::game::{Game, Turn};

/// A search's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Search<M> {
    /// The root's value for the player to move there.
    pub value: f64,
    /// The best move at the root (`None` only when the root has no player to move).
    pub best: Option<M>,
    /// The principal line from the root, up to the first chance node.
    pub pv: Vec<M>,
    /// Nodes visited (every state the search stood on, leaves included).
    pub nodes: u64,
    /// Depth completed, in plies.
    pub depth: u32,
}

/// Why a search did not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// No player is to move at the root (chance is, or the game is over).
    #[error("no player is to move")]
    NoMove,
    /// The game has facts this search cannot handle.
    #[error("this search cannot play {0}")]
    Unsupported(&'static str),
}

/// Checks that a player is to move at the root, and that the game fits a search needing
/// `players` players (`None`: any) and `chance` allowed or not.
pub(crate) fn check<G: Game>(state: &G, players: Option<u8>, chance: bool) -> Result<(), SearchError> {
    let info = state.info();
    if players.is_some_and(|p| p != info.players) {
        return Err(SearchError::Unsupported(if info.players == 1 { "one-player games" } else { "two-player games" }));
    }
    if info.chance && !chance {
        return Err(SearchError::Unsupported("games with chance"));
    }
    if info.players == 2 && !info.zero_sum {
        return Err(SearchError::Unsupported("games that are not zero-sum"));
    }
    match state.turn() {
        Turn::Player(_) => Ok(()),
        _ => Err(SearchError::NoMove),
    }
}
