//! The player of N queens: the thesis's backtracking, which completes the queens placed so far.

use std::time::Instant;

use hamle_core::bot::Limits;
use hamle_core::{Bot, Budget, Decision, Game, Stream, Turn};

use super::rules::Queens;

/// Backtracking as the thesis draws it (Şekil-17): rows from the top, in each the first square no queen
/// attacks, back up on a dead end. From the queens placed so far it finds the first solution that keeps them
/// and places its next queen (top row first); with none, the free square that leaves the most squares free.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backtracking;

/// The first completion in the thesis's order of `queens` (each row at most one queen): a column per row.
fn complete(n: usize, columns: &mut [Option<usize>], row: usize, limits: &mut Limits) -> bool {
    if row == n {
        return true;
    }
    if columns[row].is_some() {
        return complete(n, columns, row + 1, limits);
    }
    for col in 0..n {
        if limits.spend() {
            return false;
        }
        let safe =
            columns.iter().enumerate().all(|(r, c)| c.is_none_or(|c| c != col && r.abs_diff(row) != c.abs_diff(col)));
        if safe {
            columns[row] = Some(col);
            if complete(n, columns, row + 1, limits) {
                return true;
            }
            columns[row] = None;
        }
    }
    false
}

impl Bot<Queens> for Backtracking {
    fn name(&self) -> String {
        "thesis".into()
    }

    fn choose(&mut self, state: &Queens, budget: &Budget, _: &mut Stream) -> Option<Decision<u16>> {
        let start = Instant::now();
        if state.turn() == Turn::Over {
            return None;
        }
        let n = state.n();
        let mut columns = vec![None; n];
        for s in state.placed() {
            columns[s / n] = Some(s % n);
        }
        let mut limits = Limits::new(budget.nodes, budget.deadline(start));
        if complete(n, &mut columns, 0, &mut limits) {
            let placed = state.placed();
            let line: Vec<u16> = (0..n)
                .filter_map(|r| columns[r].map(|c| (r * n + c) as u16))
                .filter(|&s| !placed.contains(&usize::from(s)))
                .collect();
            let &mv = line.first()?;
            return Some(Decision {
                mv,
                score: 1.0,
                pv: line,
                depth: n as u32,
                nodes: limits.nodes(),
                elapsed: start.elapsed(),
            });
        }
        // No solution keeps these queens (or none was found in time): the square that leaves most free.
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let free_after = |mv: u16| {
            let mut next = state.clone();
            next.play(mv);
            let mut left = Vec::new();
            next.legal_moves(&mut left);
            left.len()
        };
        let mv = moves.iter().copied().max_by_key(|&mv| (free_after(mv), std::cmp::Reverse(mv)))?;
        Some(Decision { mv, score: 0.0, pv: vec![mv], depth: 1, nodes: limits.nodes(), elapsed: start.elapsed() })
    }
}
