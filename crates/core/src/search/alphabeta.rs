//! Alpha-beta: fail-soft negamax with move ordering, a transposition table, iterative deepening
//! under a budget, and Ballard's Star1 cut at chance nodes (expectiminimax) when the evaluation's
//! bounds are known.

use std::time::Instant;

use super::{Search, SearchError, check};
use crate::bot::Budget;
use crate::eval::{Evaluator, MoveOrder};
use crate::game::{Game, Player, Turn};
use crate::tt::{Bound, Entry, Table};

/// Deepest iteration when a budget sets no depth.
const MAX_DEPTH: u32 = 128;

/// An alpha-beta searcher that keeps its transposition table between searches.
///
/// ```
/// use hamle_core::search::{AlphaBeta, minimax};
/// use hamle_core::tree::Tree;
/// use hamle_core::{Budget, NoOrder, Points};
/// let tree = Tree::parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")?;
/// let mut ab = AlphaBeta::new(Points, NoOrder, 10);
/// let found = ab.search(&tree, &Budget::depth(2))?;
/// let plain = minimax(&tree, &Points, 2)?;
/// assert_eq!((found.value, found.best), (plain.value, plain.best));
/// // The count covers every iteration of the deepening: 4 nodes to depth 1, then 11 of minimax's 13 to
/// // depth 2 (the second MIN node is cut after its first leaf, 2).
/// assert_eq!((found.nodes, plain.nodes), (4 + 11, 13));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct AlphaBeta<G: Game, E, O> {
    eval: E,
    order: O,
    tt: Option<Table<G::Move>>,
    star1: bool,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    depth_cut: bool,
    moves: Vec<Vec<G::Move>>,
    outcomes: Vec<Vec<(G::Chance, f64)>>,
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>, O: MoveOrder<G>> AlphaBeta<G, E, O> {
    /// A searcher with a transposition table of `2^tt_bits` slots (0: none).
    pub fn new(eval: E, order: O, tt_bits: u32) -> Self {
        Self {
            eval,
            order,
            tt: (tt_bits > 0).then(|| Table::new(tt_bits)),
            star1: true,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            depth_cut: false,
            moves: Vec::new(),
            outcomes: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Turns the Star1 cut at chance nodes on or off (on by default; it needs the evaluation's bounds).
    pub fn with_star1(mut self, on: bool) -> Self {
        self.star1 = on;
        self
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Searches by iterative deepening until the budget's depth, nodes or time run out, or until
    /// an iteration reaches the end of the game everywhere. The answer is the last iteration that
    /// finished; the first iteration always finishes.
    ///
    /// # Errors
    /// [`SearchError::NoMove`] when no player is to move at the root; [`SearchError::Unsupported`]
    /// for two-player games that are not zero-sum.
    pub fn search(&mut self, state: &G, budget: &Budget) -> Result<Search<G::Move>, SearchError> {
        check(state, None, true)?;
        let root = crate::eval::mover(state).ok_or(SearchError::NoMove)?;
        let start = Instant::now();
        let max_depth = budget.depth.unwrap_or(MAX_DEPTH).max(1);
        self.nodes = 0;
        let mut answer: Option<Search<G::Move>> = None;
        for depth in 1..=max_depth {
            // The first iteration runs whatever the limits, so there is always a move.
            let limited = depth > 1;
            self.node_limit = if limited { budget.nodes.unwrap_or(u64::MAX) } else { u64::MAX };
            self.deadline = if limited { budget.deadline(start) } else { None };
            self.aborted = false;
            self.depth_cut = false;
            let value = self.node(state, depth, 0, f64::NEG_INFINITY, f64::INFINITY, root);
            if self.aborted {
                break;
            }
            let pv = self.pv.first().cloned().unwrap_or_default();
            answer = Some(Search { value, best: pv.first().copied(), pv, nodes: self.nodes, depth });
            if !self.depth_cut {
                break;
            }
        }
        let mut answer = answer.ok_or(SearchError::NoMove)?;
        answer.nodes = self.nodes;
        Ok(answer)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.pv.len() <= ply + 1 {
            self.pv.push(Vec::new());
            self.moves.push(Vec::new());
            self.outcomes.push(Vec::new());
        }
    }

    /// The value of `state` for `view`, within the window `(alpha, beta)` in `view`'s terms;
    /// fail-soft: outside the window the result is a bound on the true value.
    fn node(&mut self, state: &G, depth: u32, ply: usize, alpha: f64, beta: f64, view: Player) -> f64 {
        self.ensure_ply(ply);
        self.pv[ply].clear();
        let turn = state.turn();
        if let Turn::Player(p) = turn
            && p != view
        {
            return -self.node(state, depth, ply, -beta, -alpha, p);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0.0;
        }
        match turn {
            Turn::Over => self.eval.evaluate(state, view),
            _ if depth == 0 => {
                self.depth_cut = true;
                self.eval.evaluate(state, view)
            }
            Turn::Chance => self.chance(state, depth, ply, alpha, beta, view),
            Turn::Player(_) => self.decision(state, depth, ply, alpha, beta, view),
        }
    }

    fn decision(&mut self, state: &G, depth: u32, ply: usize, mut alpha: f64, beta: f64, me: Player) -> f64 {
        let key = state.key();
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(key)) {
            tt_move = entry.best;
            if entry.depth >= depth {
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if usable {
                    // A value that rests on a depth cut keeps iterative deepening going, as the cut itself would.
                    if entry.depth != Entry::<G::Move>::COMPLETE {
                        self.depth_cut = true;
                    }
                    self.pv[ply].extend(entry.best);
                    return entry.value;
                }
            }
        }
        // Whether this subtree alone meets a depth cut decides if its value holds at every depth.
        let cut_outside = std::mem::take(&mut self.depth_cut);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        state.legal_moves(&mut moves);
        self.order.order(state, &mut moves);
        if let Some(first) = tt_move.and_then(|m| moves.iter().position(|&x| x == m)) {
            moves[..=first].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let v = self.node(&child, depth - 1, ply + 1, alpha, beta, me);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        if !self.aborted
            && let Some(tt) = &mut self.tt
        {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let depth = if self.depth_cut { depth } else { Entry::<G::Move>::COMPLETE };
            tt.store(Entry { key, depth, value: best, bound, best: best_move });
        }
        self.depth_cut |= cut_outside;
        best
    }

    /// A chance node: the expectation, cut by Star1 when the evaluation's bounds are known.
    fn chance(&mut self, state: &G, depth: u32, ply: usize, alpha: f64, beta: f64, view: Player) -> f64 {
        let mut outcomes = std::mem::take(&mut self.outcomes[ply]);
        state.chance_outcomes(&mut outcomes);
        let bounds = self.eval.bounds().filter(|_| self.star1).map(|(lo, hi)| {
            // Values for either player lie in the symmetric range; negation keeps it.
            let u = lo.abs().max(hi.abs());
            (-u, u)
        });
        let mut sum = 0.0;
        let mut rest = 1.0;
        let mut result = None;
        for &(event, p) in &outcomes {
            let mut child = state.clone();
            child.apply_chance(event);
            rest -= p;
            let Some((lo, hi)) = bounds else {
                sum += p * self.node(&child, depth, ply + 1, f64::NEG_INFINITY, f64::INFINITY, view);
                continue;
            };
            // The child's window that keeps the node's value inside (alpha, beta) whatever the rest hold.
            let a = (alpha - sum - hi * rest) / p;
            let b = (beta - sum - lo * rest) / p;
            let v = self.node(&child, depth, ply + 1, a.max(lo), b.min(hi), view);
            sum += p * v;
            // A cut's bound lies outside the window in exact arithmetic; the clamps keep it there after
            // rounding, or a parent would take an upper bound a hair above alpha for an exact value.
            if v >= b {
                result = Some((sum + lo * rest.max(0.0)).max(beta));
                break;
            }
            if v <= a {
                result = Some((sum + hi * rest.max(0.0)).min(alpha));
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.outcomes[ply] = outcomes;
        self.pv[ply].clear();
        result.unwrap_or(sum)
    }
}
