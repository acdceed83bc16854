//! Monte Carlo tree search with the UCT rule and random playouts.

use std::time::Instant;

use super::{Search, SearchError, check};
use crate::bot::Budget;
use crate::eval::Evaluator;
use crate::game::{Game, Turn};
use crate::stream::Stream;

/// Iterations when a budget sets neither nodes nor time.
const DEFAULT_ITERATIONS: u64 = 10_000;

/// UCT search: select children by `mean + c·√(ln N / n)`, expand one untried move, play the rest
/// of the game at random (chance events drawn by their probabilities), and back the result up.
/// Chance nodes are sampled, never selected. Values are the evaluation's at the playout's end.
#[derive(Clone, Debug)]
pub struct Mcts<E> {
    eval: E,
    exploration: f64,
    playout_limit: u32,
}

struct Node<G: Game> {
    state: G,
    edge: Edge<G>,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: f64,
    /// Sum of playout values, one per player.
    total: [f64; 2],
}

enum Edge<G: Game> {
    Root,
    Move(G::Move),
    Chance(G::Chance),
}

impl<E> Mcts<E> {
    /// A searcher with exploration constant `c` (about √2 times the value range's half-width).
    pub fn new(eval: E, exploration: f64) -> Self {
        Self { eval, exploration, playout_limit: 1_000 }
    }

    /// Searches for `budget.nodes` iterations (default 10,000) or until `budget.time` runs out.
    /// The best move is the most visited; its value is the mean of its playouts.
    ///
    /// # Errors
    /// [`SearchError::NoMove`] when no player is to move at the root.
    pub fn search<G: Game>(
        &self,
        state: &G,
        budget: &Budget,
        stream: &mut Stream,
    ) -> Result<Search<G::Move>, SearchError>
    where
        E: Evaluator<G>,
    {
        check(state, None, true)?;
        let start = Instant::now();
        let deadline = budget.deadline(start);
        let iterations = budget.nodes.unwrap_or(if deadline.is_some() { u64::MAX } else { DEFAULT_ITERATIONS });
        let mut nodes = vec![self.leaf(state.clone(), Edge::Root)];
        let mut path = Vec::new();
        let mut done = 0;
        while done < iterations.max(1) {
            if done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            path.clear();
            let at = self.descend(&mut nodes, &mut path, stream);
            let result = self.playout(&nodes[at].state, stream);
            for &i in &path {
                let node = &mut nodes[i];
                node.visits += 1.0;
                node.total[0] += result[0];
                node.total[1] += result[1];
            }
            done += 1;
        }
        let root_player = crate::eval::mover(state).unwrap_or(0);
        let mut pv = Vec::new();
        let mut at = 0;
        let mut value = 0.0;
        while let Some(&best) = nodes[at].children.iter().max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        {
            let Edge::Move(mv) = nodes[best].edge else { break };
            if at == 0 {
                value = nodes[best].total[usize::from(root_player)] / nodes[best].visits.max(1.0);
            }
            pv.push(mv);
            at = best;
        }
        Ok(Search { value, best: pv.first().copied(), pv, nodes: done, depth: 0 })
    }

    fn leaf<G: Game>(&self, state: G, edge: Edge<G>) -> Node<G> {
        let mut untried = Vec::new();
        state.legal_moves(&mut untried);
        Node { state, edge, children: Vec::new(), untried, visits: 0.0, total: [0.0; 2] }
    }

    /// Walks from the root to a node to play out from, adding it to the tree; fills `path`.
    fn descend<G: Game>(&self, nodes: &mut Vec<Node<G>>, path: &mut Vec<usize>, stream: &mut Stream) -> usize {
        let mut at = 0;
        path.push(at);
        loop {
            match nodes[at].state.turn() {
                Turn::Over => return at,
                Turn::Chance => {
                    let Some(event) = nodes[at].state.sample_chance(stream) else { return at };
                    let known = nodes[at]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| matches!(nodes[c].edge, Edge::Chance(e) if e == event));
                    at = match known {
                        Some(c) => c,
                        None => {
                            let mut child = nodes[at].state.clone();
                            child.apply_chance(event);
                            nodes.push(self.leaf(child, Edge::Chance(event)));
                            let c = nodes.len() - 1;
                            nodes[at].children.push(c);
                            c
                        }
                    };
                }
                Turn::Player(p) => {
                    if !nodes[at].untried.is_empty() {
                        let i = stream.below(nodes[at].untried.len());
                        let mv = nodes[at].untried.swap_remove(i);
                        let mut child = nodes[at].state.clone();
                        child.play(mv);
                        nodes.push(self.leaf(child, Edge::Move(mv)));
                        let c = nodes.len() - 1;
                        nodes[at].children.push(c);
                        path.push(c);
                        return c;
                    }
                    let ln_n = nodes[at].visits.max(1.0).ln();
                    let me = usize::from(p);
                    let score = |c: usize| {
                        let n = nodes[c].visits.max(1.0);
                        nodes[c].total[me] / n + self.exploration * (ln_n / n).sqrt()
                    };
                    let Some(&best) = nodes[at].children.iter().max_by(|&&a, &&b| score(a).total_cmp(&score(b))) else {
                        return at;
                    };
                    at = best;
                }
            }
            path.push(at);
        }
    }

    /// Plays at random to the end (or the playout limit) and returns each player's value there.
    fn playout<G: Game>(&self, state: &G, stream: &mut Stream) -> [f64; 2]
    where
        E: Evaluator<G>,
    {
        let mut state = state.clone();
        let mut moves = Vec::new();
        for _ in 0..self.playout_limit {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => match state.sample_chance(stream) {
                    Some(event) => state.apply_chance(event),
                    None => break,
                },
                Turn::Player(_) => {
                    state.legal_moves(&mut moves);
                    match stream.pick(&moves) {
                        Some(&mv) => state.play(mv),
                        None => break,
                    }
                }
            }
        }
        [self.eval.evaluate(&state, 0), self.eval.evaluate(&state, 1)]
    }
}
