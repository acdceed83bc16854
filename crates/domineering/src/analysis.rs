//! How a finished game of Domineering is judged: every placement by the proven result it keeps or throws away,
//! from the crate's exact solver, within a node budget (the effort); a placement the solver cannot settle in it
//! goes unjudged. Domineering has no draws: a position is won (1) or lost (0) for the side to move.

use hamle_core::Game;
use hamle_core::analysis::solved::THRESHOLDS;
use hamle_core::analysis::{Analyst, Effort, Judgement, mark, solved};

use crate::rules::{Domineering, Move};
use crate::solve::{SolveOptions, Solved, solve_position};

/// The analyst: each placement against the exact solver, in results (1 a win, 0 a loss), at most the effort's
/// nodes a placement.
pub fn analyst() -> Analyst<Domineering> {
    // A whole point thrown away (a won position left lost) is a blunder; half a point, a mistake, cannot happen
    // without draws, but the marks are those of every solved game's analyst.
    solved::analyst(
        "the exact solver (Bullock's bounds, as `hamle solve domineering`)",
        judge,
        Effort {
            means: "nodes the exact solver searches per placement (counted in steps of 4,096)",
            default: 500_000,
            min: 4_096,
            max: 2_500_000,
        },
    )
}

/// The transposition table's bytes for a budget of `nodes`: about 16 bytes a node, rounded up to a power of two,
/// from 64 KiB to the solver bot's 16 MiB, so that a small budget does not pay for filling a large table.
fn table_bytes(nodes: u64) -> usize {
    16 << (u64::BITS - nodes.leading_zeros()).clamp(12, 20)
}

/// A solve of `state` within `nodes` nodes on one thread (so that the same budget always stops at the same node);
/// `None` when it runs out or the board is too big for the solver.
fn solve(state: &Domineering, nodes: u64) -> Option<Solved> {
    let options = SolveOptions {
        threads: 1,
        table_bytes: Some(table_bytes(nodes)),
        max_nodes: Some(nodes),
        ..SolveOptions::default()
    };
    solve_position(state, &options).ok()
}

/// The position after the placement first: if the opponent loses it, the placement won and is a best move
/// (whatever the position was worth, it was won). Otherwise the position before, with the nodes left: won, it had
/// a winning placement (the solver's) and the one played threw it away; lost, every placement was as good.
fn judge(state: &Domineering, played: Move, effort: u64) -> Option<Judgement<Move>> {
    let mover = state.to_move();
    if played.side != mover || !state.fits(played) {
        return None;
    }
    let mut child = state.clone();
    child.play(played);
    let after = solve(&child, effort)?;
    if after.winner == mover {
        return Some(Judgement::best(played, Some(1.0)));
    }
    let left = effort.checked_sub(after.nodes).filter(|&left| left > 0)?;
    let before = solve(state, left)?;
    // The solver names a winning placement exactly when the mover wins.
    match before.best {
        Some(best) => {
            Some(Judgement { best, loss: 1.0, value: Some(1.0), mark: mark(1.0, &THRESHOLDS), accuracy: None })
        }
        None => Some(Judgement::best(played, Some(0.0))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;
    use crate::solve::minimax_wins;
    use hamle_core::analysis::solved::summary;
    use serde_json::Value;

    fn board(rows: usize, cols: usize, first: Side) -> Domineering {
        Domineering::new(rows, cols, first).expect("a board size within 1..=16")
    }

    fn vertical(row: u8, col: u8) -> Move {
        Move { side: Side::Vertical, row, col }
    }

    #[test]
    fn a_placement_that_throws_a_won_position_away_is_a_blunder() {
        // By hand, the empty 2×3 board with Vertical to move: Vertical's domino in the middle column leaves each row
        // two cells apart, so Horizontal cannot place and loses: won. In the left column instead, Horizontal
        // covers the bottom row's two right cells, leaving each right column one cell, and Vertical cannot
        // place: lost. The middle column is the only winning placement.
        let state = board(2, 3, Side::Vertical);
        let judged = judge(&state, vertical(0, 0), 10_000).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, vertical(0, 1));
    }

    #[test]
    fn the_winning_placement_costs_nothing_and_carries_no_mark() {
        let state = board(2, 3, Side::Vertical);
        assert_eq!(judge(&state, vertical(0, 1), 10_000), Some(Judgement::best(vertical(0, 1), Some(1.0))));
    }

    #[test]
    fn every_verdict_on_a_small_board_agrees_with_plain_minimax() {
        // The crate's reference search, with none of the solver's knowledge, on every first placement of 4×4 and
        // 3×5, each side starting: the value before, and a loss exactly when a won position is left won for the
        // opponent.
        for (rows, cols) in [(4, 4), (3, 5)] {
            for first in [Side::Vertical, Side::Horizontal] {
                let state = board(rows, cols, first);
                let won = minimax_wins(&state);
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                for mv in moves {
                    let mut child = state.clone();
                    child.play(mv);
                    let thrown = won && minimax_wins(&child);
                    let judged = judge(&state, mv, 1_000_000).expect("small boards are within reach");
                    let expected = (Some(f64::from(u8::from(won))), if thrown { 1.0 } else { 0.0 });
                    assert_eq!((judged.value, judged.loss), expected, "{rows}x{cols}, {first:?} first, {mv:?}");
                    assert_eq!(judged.mark.is_some(), thrown);
                    if thrown {
                        let mut after_best = state.clone();
                        after_best.play(judged.best);
                        assert!(!minimax_wins(&after_best), "the best placement leaves the opponent lost");
                    } else {
                        assert_eq!(judged.best, mv);
                    }
                }
            }
        }
    }

    #[test]
    fn beyond_the_budget_a_placement_goes_unjudged() {
        // 7×7 takes the solver tens of thousands of nodes: unjudged at the least budget, judged at the default.
        let state = board(7, 7, Side::Vertical);
        let mv = vertical(3, 3);
        assert_eq!(judge(&state, mv, analyst().effort.min), None);
        assert!(judge(&state, mv, analyst().effort.default).is_some());
        // 8×8 is far beyond a tiny budget; 16×16 is beyond the solver's 128 cells at any budget.
        assert_eq!(judge(&board(8, 8, Side::Vertical), vertical(0, 0), 4_096), None);
        assert_eq!(judge(&board(16, 16, Side::Vertical), vertical(0, 0), analyst().effort.max), None);
    }

    #[test]
    fn judging_is_deterministic_and_refuses_what_is_not_a_move() {
        let state = board(7, 7, Side::Vertical);
        for col in 0..7 {
            assert_eq!(judge(&state, vertical(2, col), 200_000), judge(&state, vertical(2, col), 200_000));
        }
        assert_eq!(judge(&state, Move { side: Side::Horizontal, row: 0, col: 0 }, 10_000), None, "not its turn");
        assert_eq!(judge(&state, vertical(6, 0), 10_000), None, "off the top of the board");
        let mut over = board(2, 3, Side::Vertical);
        over.play(vertical(0, 1));
        assert_eq!(judge(&over, Move { side: Side::Horizontal, row: 0, col: 0 }, 10_000), None, "over");
    }

    #[test]
    fn the_summary_counts_the_placements_that_changed_the_result() {
        // Worked by hand: losses 1, 0, 0 → mean 1/3; one placement thrown.
        let thrown =
            Judgement { best: vertical(0, 1), loss: 1.0, value: Some(1.0), mark: Some("blunder"), accuracy: None };
        let kept = Judgement::best(vertical(0, 0), Some(0.0));
        let figures = summary(&[&thrown, &kept, &kept]);
        assert_eq!(figures["mean_loss"], Value::from(1.0 / 3.0));
        assert_eq!(figures["error_rate"], Value::from(1.0 / 3.0));
        assert_eq!(figures["thrown"], Value::from(1));
    }

    #[test]
    fn the_table_grows_with_the_budget_up_to_the_solver_bots_size() {
        // 16 bytes a node, rounded up to a power of two: 4,096 nodes take 128 KiB, a million 16 MiB.
        assert_eq!((table_bytes(1), table_bytes(4_096), table_bytes(500_000)), (64 << 10, 128 << 10, 8 << 20));
        assert_eq!((table_bytes(1_000_000), table_bytes(analyst().effort.max)), (16 << 20, 16 << 20));
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::definition().face.analyst.expect("an analyst");
        assert_eq!((analyst.units, analyst.marks), ("results", &["mistake", "blunder"][..]));
        assert!(analyst.luck.is_none());
    }
}
