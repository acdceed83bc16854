//! The perfect player: exact values, the quickest win and the slowest loss, ties broken by the game's stream.

use std::sync::OnceLock;
use std::time::Instant;

use hamle_core::search::AlphaBeta;
use hamle_core::{Bot, Budget, Decision, Evaluator, Game, NoOrder, Player, Stream};

use super::scored::{Scored, decision, pick_best};
use crate::tictactoe::rules::{Move, TicTacToe, Variant};
use crate::tictactoe::solve::Solution;

/// Game results that prefer quick wins: `10 + empty cells` for a win, its negation for a loss,
/// 0 for a draw or an unfinished game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quickest;

impl Evaluator<TicTacToe> for Quickest {
    fn evaluate(&self, state: &TicTacToe, player: Player) -> f64 {
        match state.winner() {
            Some(w) => {
                let value = 10.0 + f64::from(state.empty().count_ones());
                if w == player { value } else { -value }
            }
            None => 0.0,
        }
    }

    fn bounds(&self) -> Option<(f64, f64)> {
        Some((-19.0, 19.0))
    }
}

/// Never loses. Classic: a full-depth alpha-beta search of each reply, with a transposition table of 2^16 slots
/// (1.5 MiB) built for the decision and dropped after it, so the bot keeps nothing between moves (keeping it saved
/// about 10 % of a decision's time: a few tens of microseconds).
/// Two-phase: the retrograde solution (play can go round in circles, which a tree search cannot settle).
/// It ignores the budget, node and time alike: perfection is cheap here, and a cut search would not be
/// perfect. Its dearest decision, the empty classic board, is 23,660 nodes and about 2.5 ms; two-phase is a
/// look-up once the solution is built (2 ms, once per process) — both within the few milliseconds any bot
/// may run over its budget.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect {}

impl Perfect {
    /// The classic search's transposition table: 2^16 slots.
    const TT_BITS: u32 = 16;
}

/// The two-phase solution, built once per process (it takes a few milliseconds and never changes).
fn two_phase_solution() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(|| Solution::new(Variant::TwoPhase))
}

impl Perfect {
    fn classic(state: &TicTacToe) -> (Vec<Scored>, u64, u32) {
        let mut search = AlphaBeta::new(Quickest, NoOrder, Perfect::TT_BITS);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let (mut nodes, mut depth) = (0, 0);
        let mut scored = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut child = *state;
            child.play(mv);
            let (value, mut pv) = match search.search(&child, &Budget::UNLIMITED) {
                Ok(found) => {
                    nodes += found.nodes;
                    depth = depth.max(found.depth + 1);
                    (-found.value, found.pv)
                }
                // The move ended the game.
                Err(_) => (Quickest.evaluate(&child, state.to_move()), Vec::new()),
            };
            pv.insert(0, mv);
            scored.push(Scored { mv, value, pv });
        }
        (scored, nodes, depth)
    }

    fn two_phase(state: &TicTacToe) -> Vec<Scored> {
        let solution = two_phase_solution();
        solution
            .moves(state)
            .into_iter()
            .map(|(mv, outcome)| {
                let mut pv = vec![mv];
                let mut line = *state;
                line.play(mv);
                // The principal line: best replies until the end or a few plies of a draw.
                while pv.len() < 8 {
                    let Some(&(next, _)) = solution.best_moves(&line).first() else { break };
                    pv.push(next);
                    line.play(next);
                }
                Scored { mv, value: f64::from(outcome.rank()), pv }
            })
            .collect()
    }
}

impl Bot<TicTacToe> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, state: &TicTacToe, _budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        let (scored, nodes, depth) = match state.variant() {
            Variant::Classic => Self::classic(state),
            Variant::TwoPhase => (Self::two_phase(state), 0, 0),
        };
        pick_best(&scored, stream).map(|chosen| decision(chosen, depth, nodes, start))
    }
}
