//! Evaluations, kept apart from the rules so that heuristics are interchangeable.

use crate::game::{Game, Player, Turn};

/// Scores a state for a player; searches call it at their leaves, terminal or not.
///
/// Two-player searches assume zero sum: `evaluate(s, 1) == -evaluate(s, 0)`.
pub trait Evaluator<G: Game>: Send + Sync {
    /// How good `state` is for `player` (higher is better).
    fn evaluate(&self, state: &G, player: Player) -> f64;

    /// Bounds `[lo, hi]` on every value [`Evaluator::evaluate`] returns, for any player, if known.
    /// Star1 pruning at chance nodes needs them.
    fn bounds(&self) -> Option<(f64, f64)> {
        None
    }
}

/// The game's own result: at the end, my points minus the opponent's (one player: my points);
/// before the end, 0. With it a full-depth search solves the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Points;

impl<G: Game> Evaluator<G> for Points {
    fn evaluate(&self, state: &G, player: Player) -> f64 {
        match state.points() {
            Some(points) => points_for(state, points, player),
            None => 0.0,
        }
    }
}

/// `player`'s view of a final result: own points minus the opponent's, or own points alone in a one-player game.
pub fn points_for<G: Game>(state: &G, points: [f64; 2], player: Player) -> f64 {
    let me = usize::from(player.min(1));
    if state.info().players == 1 { points[0] } else { points[me] - points[1 - me] }
}

/// The player to move, if a player is to move.
pub fn mover<G: Game>(state: &G) -> Option<Player> {
    match state.turn() {
        Turn::Player(p) => Some(p),
        _ => None,
    }
}

/// A hook that sorts moves best-first before a search tries them.
pub trait MoveOrder<G: Game>: Send + Sync {
    /// Reorders `moves` (legal in `state`) so that the likely best come first.
    fn order(&self, state: &G, moves: &mut [G::Move]);
}

/// Keeps the game's own move order.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOrder;

impl<G: Game> MoveOrder<G> for NoOrder {
    fn order(&self, _state: &G, _moves: &mut [G::Move]) {}
}
