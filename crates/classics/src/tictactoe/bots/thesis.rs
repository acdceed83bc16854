//! The thesis's player (§1.6): plain minimax to a fixed depth over `S = open lines for me − open lines for the opponent`.

use std::time::Instant;

use hamle_core::search::minimax;
use hamle_core::{Bot, Budget, Decision, Evaluator, Game, Player, Stream};

use super::{Scored, decision, pick_best};
use crate::tictactoe::rules::{LINES, Move, TicTacToe};

/// The thesis's heuristic: lines still open to `player` (no opposing stone) minus lines still open to
/// the opponent; +∞ for a won game, −∞ for a lost one, 0 for a drawn one.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenLines;

impl OpenLines {
    /// The open-line count alone, ignoring wins: the thesis's S for the player to move in its figures.
    pub fn open_lines(state: &TicTacToe, player: Player) -> i32 {
        let (mine, theirs) = (state.stones(player), state.stones(player ^ 1));
        let open = |blocker: u16| LINES.iter().map(|&line| i32::from(line & blocker == 0)).sum::<i32>();
        open(theirs) - open(mine)
    }
}

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, state: &TicTacToe, player: Player) -> f64 {
        match (state.winner(), state.points()) {
            (Some(w), _) if w == player => f64::INFINITY,
            (Some(_), _) => f64::NEG_INFINITY,
            (None, Some(_)) => 0.0,
            (None, None) => f64::from(Self::open_lines(state, player)),
        }
    }
}

/// Minimax to `depth` plies with [`OpenLines`], as the thesis describes it; ties between equal moves
/// are broken by the game's stream. Like the thesis's player it does not prefer a quick win to a slow one.
#[derive(Clone, Copy, Debug)]
pub struct Thesis {
    /// Plies searched (the thesis's example uses 2).
    pub depth: u32,
}

impl Default for Thesis {
    fn default() -> Self {
        Thesis { depth: 2 }
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
                match minimax(&child, &OpenLines, depth) {
                    Ok(found) => {
                        nodes += found.nodes;
                        let mut pv = found.pv;
                        pv.insert(0, mv);
                        Scored { mv, value: -found.value, pv }
                    }
                    Err(_) => {
                        nodes += 1;
                        Scored { mv, value: OpenLines.evaluate(&child, state.to_move()), pv: vec![mv] }
                    }
                }
            })
            .collect();
        (scored, nodes)
    }
}

impl Bot<TicTacToe> for Thesis {
    fn name(&self) -> String {
        format!("thesis(depth={})", self.depth)
    }

    fn choose(&mut self, state: &TicTacToe, budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        let bot = Thesis { depth: budget.depth.map_or(self.depth, |d| d.min(self.depth)).max(1) };
        let (scored, nodes) = bot.values(state);
        pick_best(&scored, stream).map(|chosen| decision(chosen, bot.depth, nodes + 1, start))
    }
}
