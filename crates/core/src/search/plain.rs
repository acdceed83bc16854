//! The reference searches: plain minimax (with expectation at chance nodes), negamax, expectimax.

use std::collections::HashMap;

use super::{Search, SearchError, check};
use crate::eval::Evaluator;
use crate::game::{Game, Player, Turn};

/// Plain minimax to `depth` plies: MAX is the player to move at the root, who maximises
/// `eval(·, root)`; the other player minimises it; chance nodes take the expectation
/// (so with chance this is plain expectiminimax). Visits every node.
///
/// # Errors
/// [`SearchError::NoMove`] when no player is to move at the root.
pub fn minimax<G: Game, E: Evaluator<G>>(state: &G, eval: &E, depth: u32) -> Result<Search<G::Move>, SearchError> {
    check(state, None, true)?;
    let root = crate::eval::mover(state).ok_or(SearchError::NoMove)?;
    let mut nodes = 0;
    let (value, pv) = minimax_node(state, eval, depth, root, &mut nodes);
    Ok(Search { value, best: pv.first().copied(), pv, nodes, depth })
}

fn minimax_node<G: Game, E: Evaluator<G>>(
    state: &G,
    eval: &E,
    depth: u32,
    root: Player,
    nodes: &mut u64,
) -> (f64, Vec<G::Move>) {
    *nodes += 1;
    match state.turn() {
        Turn::Over => (eval.evaluate(state, root), Vec::new()),
        _ if depth == 0 => (eval.evaluate(state, root), Vec::new()),
        Turn::Chance => (expectation(state, |child| minimax_node(child, eval, depth, root, nodes).0), Vec::new()),
        Turn::Player(p) => {
            let maximise = p == root;
            let mut best: Option<(f64, Vec<G::Move>)> = None;
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            for mv in moves {
                let mut child = state.clone();
                child.play(mv);
                let (v, line) = minimax_node(&child, eval, depth - 1, root, nodes);
                let better = best.as_ref().is_none_or(|(b, _)| if maximise { v > *b } else { v < *b });
                if better {
                    let mut pv = vec![mv];
                    pv.extend(line);
                    best = Some((v, pv));
                }
            }
            best.unwrap_or((eval.evaluate(state, root), Vec::new()))
        }
    }
}

/// The probability-weighted sum of `value` over the chance events of `state`.
pub(crate) fn expectation<G: Game>(state: &G, mut value: impl FnMut(&G) -> f64) -> f64 {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    outcomes
        .into_iter()
        .map(|(event, p)| {
            let mut child = state.clone();
            child.apply_chance(event);
            p * value(&child)
        })
        .sum()
}

/// Negamax (thesis §1.6): every node takes the best value for its own mover, negating the
/// opponent's values. Gives [`minimax`]'s root value.
///
/// # Errors
/// [`SearchError::NoMove`] when no player is to move; [`SearchError::Unsupported`] for games that
/// are not two-player zero-sum or one-player.
pub fn negamax<G: Game, E: Evaluator<G>>(state: &G, eval: &E, depth: u32) -> Result<Search<G::Move>, SearchError> {
    check(state, None, true)?;
    let root = crate::eval::mover(state).ok_or(SearchError::NoMove)?;
    let mut nodes = 0;
    let mut best = None;
    let value = negamax_node(state, eval, depth, root, &mut nodes, Some(&mut best));
    Ok(Search { value, best, pv: best.into_iter().collect(), nodes, depth })
}

/// The value of `state` for `view`: a mover maximises its own value, and a value for the other
/// player is negated.
fn negamax_node<G: Game, E: Evaluator<G>>(
    state: &G,
    eval: &E,
    depth: u32,
    view: Player,
    nodes: &mut u64,
    best_move: Option<&mut Option<G::Move>>,
) -> f64 {
    *nodes += 1;
    match state.turn() {
        Turn::Over => eval.evaluate(state, view),
        _ if depth == 0 => eval.evaluate(state, view),
        Turn::Chance => expectation(state, |child| negamax_node(child, eval, depth, view, nodes, None)),
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut best = f64::NEG_INFINITY;
            let mut best_mv = None;
            for mv in moves {
                let mut child = state.clone();
                child.play(mv);
                let v = negamax_node(&child, eval, depth - 1, p, nodes, None);
                if v > best {
                    best = v;
                    best_mv = Some(mv);
                }
            }
            if let Some(slot) = best_move {
                *slot = best_mv;
            }
            if p == view { best } else { -best }
        }
    }
}

/// Expectimax for one player against chance, to `depth` decisions: max at decisions, the
/// expectation at chance nodes. Values already computed for a (state, depth) pair are reused,
/// which changes nothing but the work (chance often reaches one state by several paths).
///
/// # Errors
/// [`SearchError::Unsupported`] for games of two players; [`SearchError::NoMove`] when no
/// player is to move.
pub fn expectimax<G: Game, E: Evaluator<G>>(state: &G, eval: &E, depth: u32) -> Result<Search<G::Move>, SearchError> {
    check(state, Some(1), true)?;
    let mut search = Expectimax { eval, nodes: 0, cache: HashMap::new() };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best: Option<(f64, G::Move)> = None;
    search.nodes += 1;
    for mv in moves {
        let mut child = state.clone();
        child.play(mv);
        let v = search.value(&child, depth.saturating_sub(1));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, mv));
        }
    }
    let (value, mv) = best.ok_or(SearchError::NoMove)?;
    Ok(Search { value, best: Some(mv), pv: vec![mv], nodes: search.nodes, depth })
}

struct Expectimax<'e, E> {
    eval: &'e E,
    nodes: u64,
    cache: HashMap<(u64, u32, bool), f64>,
}

impl<E> Expectimax<'_, E> {
    fn value<G: Game>(&mut self, state: &G, depth: u32) -> f64
    where
        E: Evaluator<G>,
    {
        self.nodes += 1;
        let turn = state.turn();
        if turn == Turn::Over || depth == 0 {
            return self.eval.evaluate(state, 0);
        }
        let key = (state.key(), depth, turn == Turn::Chance);
        if let Some(&v) = self.cache.get(&key) {
            return v;
        }
        let v = if turn == Turn::Chance {
            expectation(state, |child| self.value(child, depth))
        } else {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = state.clone();
                    child.play(mv);
                    self.value(&child, depth - 1)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        };
        self.cache.insert(key, v);
        v
    }
}
