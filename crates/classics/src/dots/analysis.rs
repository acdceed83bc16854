//! How a finished game of Dots and Boxes is judged: every line by the proven result (win, draw or loss, counting
//! the boxes already taken) it keeps or lets slip, from the crate's exact search, once few enough lines are left
//! for it. The effort is the most undrawn lines the search takes: its table holds 2^lines positions, and it
//! visits each at most once, so the effort bounds its work.

use hamle_core::Game;
use hamle_core::analysis::{Analyst, Effort, Judgement, solved};

use super::rules::Dots;
use super::solve::value;
use hamle_core::analysis::solved::verdict;

/// The analyst: each line against the exact search, in results (1 a win, ½ a draw, 0 a loss), for positions
/// with at most the effort's number of undrawn lines; earlier moves go unjudged.
pub fn analyst() -> Analyst<Dots> {
    solved::analyst(
        "the exact search",
        judge,
        Effort {
            means: "undrawn lines the exact search takes (its table holds 2^lines positions)",
            default: 20,
            min: 1,
            max: 22,
        },
    )
}

/// The result of ending `margin` boxes ahead: 1 a win, ½ a draw, 0 a loss.
fn result(margin: i32) -> f64 {
    match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// The result before the line against the result after it, both from one search of the position; the best line,
/// when the played one lets the result slip, is the first undrawn line that keeps it. `None` when more lines are
/// undrawn than the effort allows.
fn judge(state: &Dots, played: u8, effort: u64) -> Option<Judgement<u8>> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if !moves.contains(&played) || moves.len() as u64 > effort {
        return None;
    }
    let solved = value(state)?;
    // The search counts the boxes still open; the result counts the boxes taken too.
    let mover = usize::from(state.to_move());
    let score = state.score();
    let ahead = i32::from(score[mover]) - i32::from(score[1 - mover]);
    let before = result(ahead + solved.value);
    let after = |line: u8| solved.moves.iter().find(|&&(l, _)| l == line).map(|&(_, net)| result(ahead + net));
    let best = || solved.moves.iter().find(|&&(_, net)| result(ahead + net) == before).map(|&(line, _)| line);
    verdict(played, before, after(played)?, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of four boxes (lines: tops 0..=3, bottoms 4..=7, uprights 8..=12, box `c` between `8 + c` and
    /// `9 + c`) with the first two boxes complete, red to move, each finished box owned as `owned` says (bit `c`
    /// is box `c`), and besides those boxes' lines the lines `more` drawn.
    fn row_of_four(owned: [u64; 2], more: &[usize]) -> Dots {
        let drawn = [0, 1, 4, 5, 8, 9, 10].iter().chain(more).fold(0u128, |d, &l| d | 1 << l);
        Dots::with(1, 4, drawn, owned, 0)
    }

    /// Boxes 0 and 1 red's and blue's, 1–1; box 2 has three sides (the upright 11 left), box 3 has its top and
    /// bottom (3 and 7) and needs 11 and 12.
    fn two_left_in_a_chain() -> Dots {
        row_of_four([0b01, 0b10], &[2, 6, 3, 7])
    }

    /// Boxes 0 and 1 finished; box 2 has three sides (11 left), box 3 only its right side (12): 3, 7 and 11 left.
    fn one_to_take_one_to_give(owned: [u64; 2]) -> Dots {
        row_of_four(owned, &[2, 6, 12])
    }

    #[test]
    fn handing_over_both_boxes_from_a_won_position_is_a_blunder() {
        // By hand, at 1–1: red's 11 completes box 2 and gives box 3 its third side, so red draws again, 12, and
        // takes box 3 too: 3–1, a win. Red's 12 completes nothing and leaves both boxes on three sides; blue's 11
        // then completes both: 1–3, a loss. A whole point thrown away.
        let judged = judge(&two_left_in_a_chain(), 12, 22).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, 11);
        assert_eq!(judge(&two_left_in_a_chain(), 11, 22), Some(Judgement::best(11, Some(1.0))), "the best costs 0");
    }

    #[test]
    fn a_draw_let_slip_to_a_loss_is_a_mistake() {
        // By hand, at 1–1: red's 11 takes box 2 and leaves box 3 with two sides; red must then draw 3 or 7, and
        // blue takes box 3: 2–2, a draw. Red's 3 (or 7) completes nothing and passes the move; blue's 11 takes
        // box 2 and leaves box 3 on three sides, so blue takes it too: 1–3. Half a point let slip.
        let state = one_to_take_one_to_give([0b01, 0b10]);
        let judged = judge(&state, 3, 22).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(0.5), 0.5, Some("mistake")));
        assert_eq!(judged.best, 11, "of the lines 3, 7 and 11, only 11 keeps the draw");
        assert_eq!(judge(&state, 11, 22), Some(Judgement::best(11, Some(0.5))));
    }

    #[test]
    fn the_boxes_taken_count_in_the_result() {
        // The same lines with both finished boxes red's, 2–0: 11 then ends 3–1, a win; 3 ends 2–2, a draw. The
        // search's net boxes are the same as above; only the boxes taken turn the draw into a win.
        let judged = judge(&one_to_take_one_to_give([0b11, 0]), 3, 22).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark, judged.best), (Some(1.0), 0.5, Some("mistake"), 11));
        // Both red's, but blue to move: blue is 0–2 down and takes at most one of the two boxes left, so blue
        // loses whatever it draws and no line is marked.
        let blue = Dots::with(1, 4, one_to_take_one_to_give([0b11, 0]).drawn(), [0b11, 0], 1);
        for line in [3, 7, 11] {
            assert_eq!(judge(&blue, line, 22), Some(Judgement::best(line, Some(0.0))));
        }
    }

    #[test]
    fn a_position_with_more_undrawn_lines_than_the_effort_goes_unjudged() {
        // Two lines undrawn: an effort of 1 is short of them, 2 reaches them.
        assert_eq!(judge(&two_left_in_a_chain(), 11, 1), None);
        assert!(judge(&two_left_in_a_chain(), 11, 2).is_some());
        // The empty 3×3 board has 24 lines: beyond the most a server grants.
        let board = Dots::new(3, 3).expect("a board");
        assert_eq!(judge(&board, 0, analyst().effort.max), None);
    }

    #[test]
    fn judging_is_deterministic_and_refuses_what_is_not_a_move() {
        // The empty 2×2 board: 12 lines, every one judged twice alike.
        // 2×2 is a first-player win (Winning Ways; docs/rules/dots.md), so every verdict values the start at 1.
        let board = Dots::new(2, 2).expect("a board");
        for line in 0..12 {
            let judged = judge(&board, line, 12);
            assert_eq!(judged.as_ref().and_then(|j| j.value), Some(1.0));
            assert_eq!(judged, judge(&board, line, 12));
        }
        assert_eq!(judge(&two_left_in_a_chain(), 0, 22), None, "line 0 is drawn");
        assert_eq!(judge(&two_left_in_a_chain(), 13, 22), None, "the board has 13 lines");
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::dots::definition().face.analyst.expect("an analyst");
        assert_eq!((analyst.effort.default, analyst.effort.max), (20, 22));
    }
}
