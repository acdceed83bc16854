//! The seed paper's player: alpha-beta to a fixed depth over
//! `SP = k1·BG + k2·BS − k3·RG − k4·RS`, safe moves scored as the minimum so that they come last.

use std::time::Instant;

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
        let us = state.to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut nodes = 1;
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
                self.search(&child, depth.saturating_sub(1), alpha, WIN + 1, us, &mut nodes)
            };
            best = best.max(value);
            out.push((mv, value));
        }
        (out, nodes)
    }

    /// Alpha-beta (fail-hard) from `us`'s point of view: the side to move maximises when it is `us`.
    fn search(&self, state: &Domineering, depth: u32, mut alpha: i64, mut beta: i64, us: Side, nodes: &mut u64) -> i64 {
        *nodes += 1;
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
                self.search(&child, depth - 1, alpha, beta, us, nodes)
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
        let (values, nodes) = self.values(state, depth);
        let best = values.iter().map(|&(_, v)| v).max()?;
        let tied: Vec<Move> = values.iter().filter(|&&(_, v)| v == best).map(|&(mv, _)| mv).collect();
        let mv = *stream.pick(&tied)?;
        Some(Decision { mv, score: to_f64(best), pv: vec![mv], depth, nodes, elapsed: clock.elapsed() })
    }
}
