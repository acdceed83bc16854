//! Players of the knight's tour: Warnsdorff's rule (the thesis's plain rule or the look-ahead tie-break), and
//! a player that follows a closed tour built by divide and conquer.

use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Game, Stream, Turn};

use super::rules::KnightsTour;
use super::tours::{TieBreak, Warnsdorff, closed_tour};

/// Moves the expected line of a hint runs ahead.
const LINE: usize = 8;

/// Warnsdorff's rule: the square with the fewest onward moves, ties broken as `tie` says. The knight starts on
/// a corner, the square with the fewest moves of all.
#[derive(Clone, Copy, Debug)]
pub struct WarnsdorffBot {
    /// How ties are broken: [`TieBreak::First`] is the thesis's rule.
    pub tie: TieBreak,
}

impl Bot<KnightsTour> for WarnsdorffBot {
    fn name(&self) -> String {
        match self.tie {
            TieBreak::First => "thesis".into(),
            TieBreak::Lookahead | TieBreak::Edge => "warnsdorff".into(),
        }
    }

    fn choose(&mut self, state: &KnightsTour, _: &Budget, _: &mut Stream) -> Option<Decision<u16>> {
        let start = Instant::now();
        if state.turn() == Turn::Over {
            return None;
        }
        let mut knight = Warnsdorff::resume(state.n(), &state.path(), self.tie);
        let before = knight.path().len();
        // The move, then the rule's own continuation as the expected line: a few steps cost microseconds.
        for _ in 0..LINE {
            if !knight.step(None) {
                break;
            }
        }
        let pv: Vec<u16> = knight.path()[before..].iter().map(|&s| s as u16).collect();
        let &mv = pv.first()?;
        let onward =
            Warnsdorff::resume(state.n(), &[state.path(), vec![usize::from(mv)]].concat(), self.tie).candidates().len();
        // The fewer onward moves, the better the rule thinks of the square.
        let score = -(onward as f64);
        Some(Decision { mv, score, pv, depth: 1, nodes: LINE as u64, elapsed: start.elapsed() })
    }
}

/// Follows a closed tour from the knight's first square (built by divide and conquer), as long as the moves so
/// far are on it, either way round; otherwise, and on odd boards, Warnsdorff's rule with the look-ahead.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClosedTourBot;

impl Bot<KnightsTour> for ClosedTourBot {
    fn name(&self) -> String {
        "closed".into()
    }

    fn choose(&mut self, state: &KnightsTour, budget: &Budget, stream: &mut Stream) -> Option<Decision<u16>> {
        let start = Instant::now();
        if state.turn() == Turn::Over {
            return None;
        }
        let path = state.path();
        let first = path.first().copied().unwrap_or(0);
        if let Ok(tour) = closed_tour(state.n(), first) {
            let forward = tour.squares;
            let backward: Vec<usize> = forward[..1].iter().chain(forward[1..].iter().rev()).copied().collect();
            for way in [forward, backward] {
                if way.starts_with(&path) {
                    let pv: Vec<u16> = way[path.len()..].iter().take(LINE).map(|&s| s as u16).collect();
                    let &mv = pv.first()?;
                    let squares = (state.n() * state.n()) as u64;
                    return Some(Decision { mv, score: 0.0, pv, depth: 1, nodes: squares, elapsed: start.elapsed() });
                }
            }
        }
        WarnsdorffBot { tie: TieBreak::Lookahead }.choose(state, budget, stream)
    }
}
