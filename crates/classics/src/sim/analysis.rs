//! How a finished game of Sim is judged: every move by the proven result it keeps or throws away, from the
//! crate's solver (Sim is solved outright, a few milliseconds a move, so the effort is not used).

use std::collections::HashMap;

use hamle_core::Game;
use hamle_core::analysis::{Analyst, Judgement, solved};

use super::rules::{Edge, Sim, has_triangle};
use super::solve::wins_for_mover;
use hamle_core::analysis::solved::{SOLVED, verdict};

/// The analyst: each edge against the solved game, in results (1 a win, 0 a loss; Sim has no draws).
pub fn analyst() -> Analyst<Sim> {
    solved::analyst("the exact solver", judge, SOLVED)
}

/// One judgement's search: the mover's and the opponent's edges, and a table of positions solved, fresh for
/// each judgement so that nothing is carried from one to the next.
struct Solver {
    mine: u16,
    theirs: u16,
    table: HashMap<u32, bool>,
    nodes: u64,
}

impl Solver {
    /// The mover's result before moving.
    fn before(&mut self) -> f64 {
        result(wins_for_mover(self.mine, self.theirs, &mut self.table, &mut self.nodes))
    }

    /// The mover's result after colouring `edge`: a triangle of its own loses at once, else the opponent moves.
    fn after(&mut self, edge: Edge) -> f64 {
        let mine = self.mine | 1 << edge;
        if has_triangle(mine) {
            return 0.0;
        }
        1.0 - result(wins_for_mover(self.theirs, mine, &mut self.table, &mut self.nodes))
    }
}

/// 1 for a win, 0 for a loss.
fn result(wins: bool) -> f64 {
    if wins { 1.0 } else { 0.0 }
}

/// The result before the move against the result after it; the best move, when the played one throws the win
/// away, is the first edge in order that keeps it.
fn judge(state: &Sim, played: Edge, _effort: u64) -> Option<Judgement<Edge>> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return None;
    }
    let player = state.to_move();
    let mut solver =
        Solver { mine: state.coloured(player), theirs: state.coloured(1 - player), table: HashMap::new(), nodes: 0 };
    let before = solver.before();
    let after = solver.after(played);
    verdict(played, before, after, || moves.iter().copied().find(|&edge| solver.after(edge) == before))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::edge_between;

    /// The position after colouring these edges in turn, each given by its points 1..6, red first.
    fn after(edges: &[(u8, u8)]) -> Sim {
        let mut game = Sim::new();
        for &(a, b) in edges {
            game.play(edge_between(a - 1, b - 1));
        }
        game
    }

    /// Red 1-3 1-4 1-6 2-4 2-5 2-6 3-5, blue 1-2 2-3 3-4 3-6 4-5 5-6, coloured in turn (neither has a triangle);
    /// blue to move, with 1-5 and 4-6 left.
    fn endgame() -> Sim {
        let red = [(1, 3), (1, 4), (1, 6), (2, 4), (2, 5), (2, 6), (3, 5)];
        let blue = [(1, 2), (2, 3), (3, 4), (3, 6), (4, 5), (5, 6)];
        let mut turns: Vec<(u8, u8)> = red.iter().zip(&blue).flat_map(|(&r, &b)| [r, b]).collect();
        turns.push(red[6]);
        after(&turns)
    }

    #[test]
    fn colouring_ones_own_triangle_from_a_won_position_is_a_blunder() {
        // By hand: blue 4-6 completes blue's 3-4, 3-6, 4-6 and loses at once. Blue 1-5 completes nothing (blue's
        // edges at 1 go to 2, at 5 to 4 and 6: no common point), and red must colour 4-6 last: with 1-4 and 1-6
        // red's, that is red's triangle 1-4-6, so red loses. Blue's position is won (1); 4-6 throws it away (0).
        let state = endgame();
        assert_eq!(state.to_move(), 1);
        let judged = judge(&state, edge_between(3, 5), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, edge_between(0, 4), "1-5 is the winning edge");
    }

    #[test]
    fn an_edge_that_leaves_the_opponent_a_safe_reply_is_a_blunder() {
        // Red 1-2 1-3 2-4 3-4 3-5 5-6, blue 1-5 1-6 2-3 3-6 4-5 4-6; red to move with 1-4, 2-5 and 2-6 left.
        // By hand: red 1-4 completes red's 1-2-4. Red 2-5 completes nothing (red's edges at 2 go to 1 and 4, at 5
        // to 3 and 6), and blue's 1-4 completes blue's 1-4-5, blue's 2-6 blue's 2-3-6: blue loses, so red's position
        // is won. Red 2-6 also completes nothing (at 6 red has only 5), but blue then colours 2-5 safely (blue's
        // edges at 2 go to 3, at 5 to 1 and 4) and red must colour 1-4, its own triangle 1-2-4: a loss, thrown
        // away by the move after, not at once.
        let red = [(1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (5, 6)];
        let blue = [(1, 5), (1, 6), (2, 3), (3, 6), (4, 5), (4, 6)];
        let turns: Vec<(u8, u8)> = red.iter().zip(&blue).flat_map(|(&r, &b)| [r, b]).collect();
        let state = after(&turns);
        assert_eq!(state.to_move(), 0);
        let judged = judge(&state, edge_between(1, 5), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, edge_between(1, 4), "2-5 is the winning edge");
        assert_eq!(judge(&state, edge_between(1, 4), 1), Some(Judgement::best(edge_between(1, 4), Some(1.0))));
    }

    #[test]
    fn the_winning_edge_costs_nothing_and_carries_no_mark() {
        let state = endgame();
        let judged = judge(&state, edge_between(0, 4), 1);
        assert_eq!(judged, Some(Judgement::best(edge_between(0, 4), Some(1.0))));
        // Sim is a second-player win (the solver's published value, also Mead, Rosa and Huang 1974): red's every
        // first edge keeps the loss, so none is marked.
        for edge in 0..15 {
            assert_eq!(judge(&Sim::new(), edge, 1), Some(Judgement::best(edge, Some(0.0))));
        }
    }

    #[test]
    fn judging_is_deterministic_and_refuses_what_is_not_a_move() {
        let state = after(&[(1, 2), (3, 4)]);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for &edge in &moves {
            assert_eq!(judge(&state, edge, 1), judge(&state, edge, 1));
        }
        assert_eq!(judge(&state, edge_between(0, 1), 1), None, "1-2 is coloured");
        assert_eq!(judge(&state, 15, 1), None, "there is no 16th edge");
        let mut over = endgame();
        over.play(edge_between(3, 5));
        assert_eq!(judge(&over, edge_between(0, 4), 1), None, "blue has lost: the game is over");
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::sim::definition().face.analyst.expect("an analyst");
        assert_eq!((analyst.units, analyst.effort.max), ("results", 1));
    }
}
