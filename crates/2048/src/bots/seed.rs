//! The report's player (seed `003`), as written: a depth-limited search of 3 moves in which every empty cell
//! gets a new tile, the branch scores summed per move, and a position scored by a corner mask.

use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Stream};

use crate::board::{Board, Direction};
use crate::rules::G2048;
use hamle_core::bot::Limits;

/// The report's weight of each cell, top row first: the bottom-left corner is worth most.
pub const MASK: [[f64; 4]; 4] =
    [[26.0, 24.0, 10.0, -1.0], [28.0, 22.0, 12.0, -1.0], [30.0, 20.0, 14.0, -1.0], [16000.0, 18.0, 16.0, -1.0]];

/// The report's position score: each tile times its cell's [`MASK`] weight; minus weight × tile × 0.05
/// for each tile whose value is on the board more than once; plus, for each tile, the value of the tile
/// above it and of the tile to its right when that tile is equal to it or half of it.
///
/// ```
/// use hamle_2048::{Board, bots::seed_score};
/// // One 2 in the bottom-left corner: 2 × 16000.
/// let board = Board::from_exponents([[0; 4], [0; 4], [0; 4], [1, 0, 0, 0]]);
/// assert_eq!(seed_score(board), 32000.0);
/// ```
pub fn seed_score(board: Board) -> f64 {
    let exponents = board.exponents();
    let mut count = [0u8; 16];
    for e in exponents.iter().flatten() {
        count[usize::from(*e)] += 1;
    }
    let value = |e: u8| f64::from(1u32 << e);
    let mut score = 0.0;
    for r in 0..4 {
        for c in 0..4 {
            let e = exponents[r][c];
            if e == 0 {
                continue;
            }
            score += value(e) * MASK[r][c];
            if count[usize::from(e)] > 1 {
                score -= MASK[r][c] * value(e) * 0.05;
            }
            let above = (r > 0).then(|| exponents[r - 1][c]);
            let right = (c < 3).then(|| exponents[r][c + 1]);
            for n in [above, right].into_iter().flatten() {
                if n != 0 && (n == e || n + 1 == e) {
                    score += value(n);
                }
            }
        }
    }
    score
}

/// The report's player: a depth-limited search where, after each imagined move, every empty cell gets a
/// new 2 in turn, and each next move is scored by the sum of its scores over all those boards.
///
/// Faithful to the report, including what weakens it: 4s are never imagined, the next move must be the
/// same whichever cell the tile fell on (the sums are taken per move, then the best sum kept), a sum
/// (not a mean) favours moves that leave more empty cells, and a move that is impossible below the
/// root, or a lost board, scores the board it was tried on.
///
/// Budget: a node is one board after a move (scored or searched). Under a node or time budget the player
/// deepens 1, 2, … up to its depth, checks the count at every node and the clock every 1024, stops hard and
/// plays from the deepest finished depth, exactly as the report's player of that depth would, or
/// [`Seed::fallback`] when not even depth 1 finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed {
    /// Moves searched, the root's included (the report uses 3).
    pub depth: u32,
    /// How the scores below a move are summed: the report's way, or the other reading of its text.
    pub sums: Sums,
}

impl Default for Seed {
    fn default() -> Self {
        Seed { depth: 3, sums: Sums::PerMove }
    }
}

/// Two readings of the report's "the same commands of all states are summed and the maximum returned".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sums {
    /// Each next move's values are summed over every tile board, then the best sum kept (the worked example).
    #[default]
    PerMove,
    /// Each tile board keeps its own best next move, and those bests are summed.
    PerTile,
}

impl Seed {
    /// Each legal move's score, in the order left, up, right, down, with the boards scored.
    pub fn move_scores(&self, board: Board, depth: u32) -> (Vec<(Direction, f64)>, u64) {
        let mut limits = Limits::new(None, None);
        let scores = self.move_scores_within(board, depth, &mut limits).unwrap_or_default();
        (scores, limits.nodes())
    }

    /// [`Seed::move_scores`] under `limits`; `None` when they ran out first.
    fn move_scores_within(&self, board: Board, depth: u32, limits: &mut Limits) -> Option<Vec<(Direction, f64)>> {
        let mut scores = Vec::with_capacity(4);
        for d in Direction::ALL.into_iter().filter(|&d| board.can_move(d)) {
            let score = value(board.shifted(d), 1, depth.max(1), self.sums, limits);
            if limits.stopped() {
                return None;
            }
            scores.push((d, score));
        }
        Some(scores)
    }
}

/// The value of `after`, the board just after the `path`-th move: its score at the depth limit; else, for
/// each next move, the sum over every empty cell given a 2 of that move's value, and the best such sum.
/// Meaningless once `limits` have run out: the caller drops it.
fn value(after: Board, path: u32, depth: u32, sums: Sums, limits: &mut Limits) -> f64 {
    if limits.spend() {
        return 0.0;
    }
    if path >= depth {
        return seed_score(after);
    }
    let mut per_move = [0.0; 4];
    let mut per_tile = 0.0;
    let mut empty = after.empty_mask();
    while empty != 0 {
        let bit = empty & empty.wrapping_neg();
        empty &= empty - 1;
        let spawned = Board::from_bits(after.bits() | bit);
        let mut best = f64::NEG_INFINITY;
        // An impossible move (every move, on a lost board) sends back the score of the board above it.
        let mut stuck = None;
        for (sum, d) in per_move.iter_mut().zip(Direction::ALL) {
            let next = spawned.shifted(d);
            let v = if next == spawned {
                *stuck.get_or_insert_with(|| seed_score(spawned))
            } else {
                value(next, path + 1, depth, sums, limits)
            };
            if limits.stopped() {
                return 0.0;
            }
            *sum += v;
            best = best.max(v);
        }
        per_tile += best;
    }
    match sums {
        Sums::PerMove => per_move.into_iter().fold(f64::NEG_INFINITY, f64::max),
        Sums::PerTile => per_tile,
    }
}

impl Bot<G2048> for Seed {
    fn name(&self) -> String {
        let mut params = Vec::new();
        if self.depth != 3 {
            params.push(format!("depth={}", self.depth));
        }
        if self.sums == Sums::PerTile {
            params.push("sums=per-tile".to_owned());
        }
        if params.is_empty() { "seed".into() } else { format!("seed({})", params.join(",")) }
    }

    fn choose(&mut self, state: &G2048, budget: &Budget, _stream: &mut Stream) -> Option<Decision<Direction>> {
        let start = Instant::now();
        if !state.awaits_move() {
            return None;
        }
        let board = state.board();
        let depth = budget.depth.unwrap_or(self.depth).clamp(1, 6);
        let mut limits = Limits::new(budget.nodes, budget.deadline(start));
        // Under a node or time budget, deepen one move at a time: each depth is the report's search to that
        // depth, so a finished `depth` plays exactly the report's move.
        let first = if budget.time.is_some() || budget.nodes.is_some() { 1 } else { depth };
        let (mut scores, mut reached) = (None, 0);
        for d in first..=depth {
            let Some(found) = self.move_scores_within(board, d, &mut limits) else { break };
            (scores, reached) = (Some(found), d);
        }
        let nodes = limits.nodes();
        let Some(scores) = scores else {
            let mv = Seed::fallback(board)?;
            return Some(Decision { mv, score: 0.0, pv: vec![mv], depth: 0, nodes, elapsed: start.elapsed() });
        };
        // The first of equal scores, in the report's order L, U, R, D.
        let (mv, score) = scores.into_iter().fold(None, |best: Option<(Direction, f64)>, (d, s)| match best {
            Some((_, b)) if b >= s => best,
            _ => Some((d, s)),
        })?;
        Some(Decision { mv, score, pv: vec![mv], depth: reached, nodes, elapsed: start.elapsed() })
    }
}

impl Seed {
    /// The move played when not even depth 1 fits the budget: the first legal one in the report's order
    /// L, U, R, D, which is also the order that breaks ties.
    pub fn fallback(board: Board) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| board.can_move(d))
    }
}
