//! The blog's player (`004`), as its Java code runs, weaknesses included: a full-tree minimax on the final result
//! counted for X (+1 X wins, −1 O wins, 0 a draw), whose levels are one off. The root scores each of its moves
//! with `minimax(child, false)`, a maximising level, so the search assumes the opponent will *help* the side that
//! the values favour, and the levels below alternate from there. It takes the first move (cells a1, b1, … c3) with
//! the largest value, whichever side it plays: the values never change sign for O. The post shows neither its move
//! order nor its leaf test: hamle's cell order and "the game is over" are assumed.

use std::time::Instant;

use hamle_core::bot::Limits;
use hamle_core::{Bot, Budget, Decision, Game, Stream, Turn};

use crate::tictactoe::rules::{Move, TicTacToe, Variant};

/// The blog's player; classic tic-tac-toe only (the two-phase game has cycles, on which its search would never
/// end).
#[derive(Clone, Copy, Debug, Default)]
pub struct Blog;

/// A finished game's value as the blog's `Dugum.getDeger()` gives it: for X.
fn value(state: &TicTacToe) -> i8 {
    match state.winner() {
        Some(0) => 1,
        Some(_) => -1,
        None => 0,
    }
}

/// The blog's `minimax(d, min)`: a leaf's value, else the minimum (when `min`) or the maximum over the children,
/// the next level flipped. `None` when `limits` ran out.
fn minimax(state: &TicTacToe, min: bool, limits: &mut Limits) -> Option<i8> {
    if limits.spend() {
        return None;
    }
    if !matches!(state.turn(), Turn::Player(_)) {
        return Some(value(state));
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best = if min { i8::MAX } else { i8::MIN };
    for mv in moves {
        let mut child = *state;
        child.play(mv);
        let v = minimax(&child, !min, limits)?;
        best = if min { best.min(v) } else { best.max(v) };
    }
    Some(best)
}

impl Blog {
    /// Each legal move with the value the blog's root gives it, `minimax(child, false)`, in cell order; `None`
    /// when `limits` ran out first.
    pub fn values(state: &TicTacToe, limits: &mut Limits) -> Option<Vec<(Move, i8)>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = *state;
                child.play(mv);
                minimax(&child, false, limits).map(|v| (mv, v))
            })
            .collect()
    }
}

impl Bot<TicTacToe> for Blog {
    fn name(&self) -> String {
        "blog".into()
    }

    /// The first move with the largest value (the Java's `val > max`). Under a node or time budget that runs
    /// out first, the first legal move, at depth 0.
    fn choose(&mut self, state: &TicTacToe, budget: &Budget, _: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        if state.variant() != Variant::Classic {
            return None;
        }
        let mut limits = Limits::new(budget.nodes, budget.deadline(start));
        let (mv, score, depth) = match Blog::values(state, &mut limits) {
            Some(values) => {
                let mut best: Option<(Move, i8)> = None;
                for (mv, v) in values {
                    if best.is_none_or(|(_, b)| v > b) {
                        best = Some((mv, v));
                    }
                }
                let (mv, v) = best?;
                (mv, f64::from(v), 9 - state.stones(0).count_ones() - state.stones(1).count_ones())
            }
            None => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                (*moves.first()?, 0.0, 0)
            }
        };
        Some(Decision { mv, score, pv: vec![mv], depth, nodes: limits.nodes(), elapsed: start.elapsed() })
    }
}
