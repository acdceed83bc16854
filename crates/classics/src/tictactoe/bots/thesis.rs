//! The thesis's player (§1.6): plain minimax to a fixed depth over `S = open lines for me − open lines for the opponent`.

use std::time::Instant;

use hamle_core::bot::Limits;
use hamle_core::search::minimax;
use hamle_core::{Bot, Budget, Decision, Evaluator, Game, Player, Stream, Turn};

use super::scored::{Scored, decision, pick_best};
use crate::tictactoe::rules::{LINES, Move, TicTacToe};

/// The thesis's heuristic: lines still open to `player` (no opposing stone) minus lines still open to
/// the opponent; +∞ for a won game, −∞ for a lost one, 0 for a drawn one. The two counts carry weights, 1 and 1
/// in the thesis, so that `hamle tune` can search for others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpenLines {
    /// The weight of the lines open to the player.
    pub mine: f64,
    /// The weight of the lines open to the opponent.
    pub theirs: f64,
}

impl Default for OpenLines {
    fn default() -> Self {
        OpenLines { mine: 1.0, theirs: 1.0 }
    }
}

impl OpenLines {
    /// The open-line count alone, ignoring wins: the thesis's S for the player to move in its figures.
    pub fn open_lines(state: &TicTacToe, player: Player) -> i32 {
        let (mine, theirs) = Self::counts(state, player);
        mine - theirs
    }

    /// The lines open to `player` and the lines open to the opponent.
    fn counts(state: &TicTacToe, player: Player) -> (i32, i32) {
        let (mine, theirs) = (state.stones(player), state.stones(player ^ 1));
        let open = |blocker: u16| LINES.iter().map(|&line| i32::from(line & blocker == 0)).sum::<i32>();
        (open(theirs), open(mine))
    }
}

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, state: &TicTacToe, player: Player) -> f64 {
        match (state.winner(), state.points()) {
            (Some(w), _) if w == player => f64::INFINITY,
            (Some(_), _) => f64::NEG_INFINITY,
            (None, Some(_)) => 0.0,
            (None, None) => {
                let (mine, theirs) = Self::counts(state, player);
                self.mine * f64::from(mine) - self.theirs * f64::from(theirs)
            }
        }
    }
}

/// Minimax to `depth` plies with [`OpenLines`], as the thesis describes it; ties between equal moves
/// are broken by the game's stream. Like the thesis's player it does not prefer a quick win to a slow one.
///
/// Budget: a node is one position of the minimax (the root included), counted as [`Thesis::values`]
/// counts them plus one for the root. Under a node or time budget the player deepens 1, 2, … up to its
/// depth, checks the count at every node and the clock every 1024 (depth 9 on the two-phase board is
/// 1.8 million nodes, 0.2 s), and plays from the deepest finished depth, exactly as the player of that
/// depth would; when not even depth 1 finished, the first legal move (cell order a1, b1, …), at depth 0.
#[derive(Clone, Copy, Debug)]
pub struct Thesis {
    /// Plies searched (the thesis's example uses 2).
    pub depth: u32,
    /// The evaluation at the leaves (the thesis's: both weights 1).
    pub eval: OpenLines,
}

impl Default for Thesis {
    fn default() -> Self {
        Thesis { depth: 2, eval: OpenLines::default() }
    }
}

impl Thesis {
    /// Every legal move with its minimax value for the player to move, and the nodes visited.
    pub fn values(&self, state: &TicTacToe) -> (Vec<Scored>, u64) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut nodes = 0;
        let scored = moves
            .into_iter()
            .map(|mv| {
                let mut child = *state;
                child.play(mv);
                let depth = self.depth.saturating_sub(1);
                match minimax(&child, &self.eval, depth) {
                    Ok(found) => {
                        nodes += found.nodes;
                        let mut pv = found.pv;
                        pv.insert(0, mv);
                        Scored { mv, value: -found.value, pv }
                    }
                    Err(_) => {
                        nodes += 1;
                        Scored { mv, value: self.eval.evaluate(&child, state.to_move()), pv: vec![mv] }
                    }
                }
            })
            .collect();
        (scored, nodes)
    }
}

impl Thesis {
    /// [`Thesis::values`] under `limits`, by the same minimax (the root counted as a node too); `None` when
    /// the limits ran out first.
    fn values_within(&self, state: &TicTacToe, limits: &mut Limits) -> Option<Vec<Scored>> {
        if limits.spend() {
            return None;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut scored = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut child = *state;
            child.play(mv);
            let Turn::Player(opponent) = child.turn() else {
                // The move ended the game: scored as it stands, for the mover.
                if limits.spend() {
                    return None;
                }
                scored.push(Scored { mv, value: self.eval.evaluate(&child, state.to_move()), pv: vec![mv] });
                continue;
            };
            let (value, line) = minimax_within(&child, self.depth.saturating_sub(1), opponent, &self.eval, limits)?;
            let mut pv = vec![mv];
            pv.extend(line);
            scored.push(Scored { mv, value: -value, pv });
        }
        Some(scored)
    }
}

/// `hamle_core`'s plain minimax (its value for `root`, its principal line), stopping when `limits` run out.
fn minimax_within(
    state: &TicTacToe,
    depth: u32,
    root: Player,
    eval: &OpenLines,
    limits: &mut Limits,
) -> Option<(f64, Vec<Move>)> {
    if limits.spend() {
        return None;
    }
    let mover = match state.turn() {
        Turn::Player(p) if depth > 0 => p,
        _ => return Some((eval.evaluate(state, root), Vec::new())),
    };
    let maximise = mover == root;
    let mut best: Option<(f64, Vec<Move>)> = None;
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for mv in moves {
        let mut child = *state;
        child.play(mv);
        let (v, line) = minimax_within(&child, depth - 1, root, eval, limits)?;
        if best.as_ref().is_none_or(|(b, _)| if maximise { v > *b } else { v < *b }) {
            let mut pv = vec![mv];
            pv.extend(line);
            best = Some((v, pv));
        }
    }
    Some(best.unwrap_or((eval.evaluate(state, root), Vec::new())))
}

impl Bot<TicTacToe> for Thesis {
    fn name(&self) -> String {
        if self.eval == OpenLines::default() {
            format!("thesis(depth={})", self.depth)
        } else {
            format!("thesis(depth={},mine={},theirs={})", self.depth, self.eval.mine, self.eval.theirs)
        }
    }

    fn choose(&mut self, state: &TicTacToe, budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        let depth = budget.depth.map_or(self.depth, |d| d.min(self.depth)).max(1);
        let mut limits = Limits::new(budget.nodes, budget.deadline(start));
        // Without a node or time limit, the thesis's depth at once; with one, deepening to it.
        let first = if budget.nodes.is_none() && budget.time.is_none() { depth } else { 1 };
        let mut found = None;
        for d in first..=depth {
            match (Thesis { depth: d, ..*self }).values_within(state, &mut limits) {
                Some(scored) => found = Some((scored, d)),
                None => break,
            }
        }
        let Some((scored, reached)) = found else {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mv = *moves.first()?;
            let fallback = Scored { mv, value: 0.0, pv: vec![mv] };
            return Some(decision(fallback, 0, limits.nodes(), start));
        };
        pick_best(&scored, stream).map(|chosen| decision(chosen, reached, limits.nodes(), start))
    }
}
