//! The seed paper's player: alpha-beta to a fixed depth over
//! `SP = k1·BG + k2·BS − k3·RG − k4·RS`, safe moves scored as the minimum so that they come last.
//! Under a node or time budget it deepens one half-move at a time and stops hard when the budget runs out.

use std::time::Instant;

use hamle_core::bot::Limits;
use hamle_core::{Bot, Budget, Decision, Game, Stream};

use crate::rules::{Domineering, Move, Side};

/// The heuristic's weights k1..k4; the paper uses (1, 1, 5, 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Weight of our possible moves (BG).
    pub k1: i64,
    /// Weight of our safe moves (BS).
    pub k2: i64,
    /// Weight of the opponent's possible moves (RG), subtracted.
    pub k3: i64,
    /// Weight of the opponent's safe moves (RS), subtracted.
    pub k4: i64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights { k1: 1, k2: 1, k3: 5, k4: 1 }
    }
}

impl Weights {
    /// The weights `hamle lab swarm` tuned on 8×8 at depth 2 (CMA-ES, seed 5, 40,000 games against the paper's):
    /// the best of the experiment's 40 runs on fresh games (+135 Elo over the paper's), accepted by SPRT (H1 at
    /// Elo 10 after 346 further games, +128). They count the opponent's safe moves not at all. `seed(weights=tuned)`
    /// plays them; `docs/benchmarks.md` has the provenance.
    pub const TUNED: Weights = Weights { k1: 6, k2: 10, k3: 3, k4: 0 };
}

/// The value of a won game for the side that won it.
pub const WIN: i64 = 1_000_000_000;
/// The value of a lost game.
pub const LOSS: i64 = -WIN;
/// The value a safe move gets for the side that plays it (the paper's "minimum score"): below every
/// heuristic value, above a loss.
pub const SAFE: i64 = -1_000_000;

/// The paper's SP for `us` in `state`, whoever is to move: `k1·BG + k2·BS − k3·RG − k4·RS`.
///
/// ```
/// use hamle_domineering::{Domineering, Side, bots::{Weights, score}};
/// let board = Domineering::new(2, 2, Side::Vertical)?;
/// // Each side has 2 placements, none safe: 2 + 0 − 5·2 − 0.
/// assert_eq!(score(&board, Side::Horizontal, Weights::default()), -8);
/// # Ok::<(), hamle_domineering::SizeError>(())
/// ```
pub fn score(state: &Domineering, us: Side, w: Weights) -> i64 {
    let them = us.other();
    w.k1 * i64::from(state.count_moves(us)) + w.k2 * i64::from(state.count_safe(us))
        - w.k3 * i64::from(state.count_moves(them))
        - w.k4 * i64::from(state.count_safe(them))
}

/// The paper's player: alpha-beta over half-moves to `depth`, leaves scored by [`score`] for the
/// bot's side; a safe move is not searched but scored [`SAFE`] for the side that plays it, so it is
/// chosen only when every other move is worse; equal root moves are broken by the game's stream.
///
/// Budget: a node is one position searched (each iteration's root and every alpha-beta call; a safe move
/// is scored without one). With a node or time limit the player deepens 1, 2, … up to its depth, looks at
/// the count on every node and at the clock every 1024 nodes, and stops there: it plays from the deepest
/// finished iteration, exactly as the fixed-depth player of that depth would (same values, same use of the
/// stream), or [`Seed::fallback`] when not even depth 1 finished. It never reports more nodes than the
/// budget. Without either limit it searches its depth at once, as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed {
    /// Half-moves searched (a budget's depth overrides it).
    pub depth: u32,
    /// The heuristic's weights.
    pub weights: Weights,
}

impl Default for Seed {
    fn default() -> Self {
        Seed { depth: 2, weights: Weights::default() }
    }
}

impl Seed {
    /// Every root move's value for the side to move (exact for each, so ties are ties), and the nodes visited.
    pub fn values(&self, state: &Domineering, depth: u32) -> (Vec<(Move, i64)>, u64) {
        let mut limits = Limits::none();
        let out = self.values_within(state, depth, &mut limits).unwrap_or_default();
        (out, limits.nodes())
    }

    /// [`Seed::values`] under `limits`; `None` when they ran out before every root move was searched
    /// (the nodes spent are in `limits` either way).
    fn values_within(&self, state: &Domineering, depth: u32, limits: &mut Limits) -> Option<Vec<(Move, i64)>> {
        let us = state.to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if limits.spend() {
            return None;
        }
        let mut best = i64::MIN;
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let value = if state.is_safe(mv) {
                SAFE
            } else {
                let mut child = state.clone();
                child.play(mv);
                // A window just below the best so far: a move that ties it gets its exact value.
                let alpha = best.saturating_sub(1).max(LOSS - 1);
                let value = self.search(&child, depth.saturating_sub(1), alpha, WIN + 1, us, limits);
                if limits.stopped() {
                    return None;
                }
                value
            };
            best = best.max(value);
            out.push((mv, value));
        }
        Some(out)
    }

    /// The first move of the bot's own order when not even depth 1 fits the budget: the first legal move
    /// that is not safe (the search scores safe moves last), else the first legal move.
    pub fn fallback(state: &Domineering) -> Option<Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.iter().copied().find(|&mv| !state.is_safe(mv)).or_else(|| moves.first().copied())
    }

    /// Alpha-beta (fail-hard) from `us`'s point of view: the side to move maximises when it is `us`.
    /// Once `limits` run out it returns at once with a meaningless value, which the caller discards.
    fn search(
        &self,
        state: &Domineering,
        depth: u32,
        mut alpha: i64,
        mut beta: i64,
        us: Side,
        limits: &mut Limits,
    ) -> i64 {
        if limits.spend() {
            return 0;
        }
        let mover = state.to_move();
        let maximising = mover == us;
        if !state.can_move(mover) {
            return if maximising { LOSS } else { WIN };
        }
        if depth == 0 {
            return score(state, us, self.weights);
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let value = if state.is_safe(mv) {
                if maximising { SAFE } else { -SAFE }
            } else {
                let mut child = state.clone();
                child.play(mv);
                let value = self.search(&child, depth - 1, alpha, beta, us, limits);
                if limits.stopped() {
                    return 0;
                }
                value
            };
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        if maximising { alpha } else { beta }
    }
}

/// A score as the bot trait reports it: ±∞ for a forced win or loss.
fn to_f64(value: i64) -> f64 {
    if value >= WIN {
        f64::INFINITY
    } else if value <= LOSS {
        f64::NEG_INFINITY
    } else {
        value as f64
    }
}

impl Bot<Domineering> for Seed {
    fn name(&self) -> String {
        if self.weights == Weights::default() {
            format!("seed(depth={})", self.depth)
        } else {
            let w = self.weights;
            format!("seed(depth={},k1={},k2={},k3={},k4={})", self.depth, w.k1, w.k2, w.k3, w.k4)
        }
    }

    fn choose(&mut self, state: &Domineering, budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let clock = Instant::now();
        let depth = budget.depth.unwrap_or(self.depth).max(1);
        let mut limits = Limits::new(budget.nodes, budget.deadline(clock));
        let (values, reached) = self.deepest_within(state, depth, budget, &mut limits);
        let nodes = limits.nodes();
        let Some(values) = values else {
            let mv = Seed::fallback(state)?;
            return Some(Decision { mv, score: 0.0, pv: vec![mv], depth: 0, nodes, elapsed: clock.elapsed() });
        };
        let best = values.iter().map(|&(_, v)| v).max()?;
        let tied: Vec<Move> = values.iter().filter(|&&(_, v)| v == best).map(|&(mv, _)| mv).collect();
        let mv = *stream.pick(&tied)?;
        Some(Decision { mv, score: to_f64(best), pv: vec![mv], depth: reached, nodes, elapsed: clock.elapsed() })
    }
}

impl Seed {
    /// The root values of the deepest search up to `depth` that finished within `limits`, with its depth.
    ///
    /// Without a node or time limit it searches `depth` at once, as the paper's player does. With one, it
    /// searches depth 1, 2, … and keeps the last finished iteration: each iteration is the plain fixed-depth
    /// search, so a finished `depth` gives exactly the values (and, with the same stream, the move) of the
    /// fixed-depth player. `None` when not even depth 1 finished.
    pub(crate) fn deepest_within(
        &self,
        state: &Domineering,
        depth: u32,
        budget: &Budget,
        limits: &mut Limits,
    ) -> (Option<Vec<(Move, i64)>>, u32) {
        let first = if budget.nodes.is_none() && budget.time.is_none() { depth } else { 1 };
        let mut found = (None, 0);
        for d in first..=depth {
            match self.values_within(state, d, limits) {
                Some(values) => found = (Some(values), d),
                None => break,
            }
        }
        found
    }
}
