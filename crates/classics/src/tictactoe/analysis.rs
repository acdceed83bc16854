//! How a finished tic-tac-toe game is judged: every move by the proven result it keeps or lets slip, from the
//! retrograde solution of its variant (both are solved outright, so the effort is not used).

use std::sync::OnceLock;

use hamle_core::Game;
use hamle_core::analysis::{Analyst, Judgement, solved};

use super::rules::{MAX_SLIDES, Move, TicTacToe, Variant};
use super::solve::{Outcome, Solution};
use hamle_core::analysis::solved::{SOLVED, verdict};

/// The analyst: each move against the retrograde solution, in results (1 a win, ½ a draw, 0 a loss).
pub fn analyst() -> Analyst<TicTacToe> {
    solved::analyst("the retrograde solution", judge, SOLVED)
}

/// Each variant's solution, built once per process (a few milliseconds each, and it never changes).
fn solution(variant: Variant) -> &'static Solution {
    static CLASSIC: OnceLock<Solution> = OnceLock::new();
    static TWO_PHASE: OnceLock<Solution> = OnceLock::new();
    let cell = match variant {
        Variant::Classic => &CLASSIC,
        Variant::TwoPhase => &TWO_PHASE,
    };
    cell.get_or_init(|| Solution::new(variant))
}

/// The proven result for the side to move: 1, ½ or 0; `None` for a position play cannot reach.
fn result(game: &TicTacToe) -> Option<f64> {
    if let Some(points) = game.points() {
        return Some(points[usize::from(game.to_move())]);
    }
    // The solution leaves the slide count out; a forced result that needs more plies than the slides left is
    // out of reach, and the game then ends drawn at the limit (a win or a loss in n is forced in no fewer plies).
    let left = MAX_SLIDES.saturating_sub(game.slides());
    Some(match solution(game.variant()).outcome(game)? {
        Outcome::Win(n) if n <= left => 1.0,
        Outcome::Loss(n) if n <= left => 0.0,
        _ => 0.5,
    })
}

/// The mover's proven result after `mv`.
fn after(game: &TicTacToe, mv: Move) -> Option<f64> {
    let mut child = *game;
    child.play(mv);
    result(&child).map(|opponent| 1.0 - opponent)
}

/// The result before the move against the result after it; the best move, when the played one lets the result
/// slip, is the first legal move that keeps it.
fn judge(state: &TicTacToe, played: Move, _effort: u64) -> Option<Judgement<Move>> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return None;
    }
    let before = result(state)?;
    verdict(played, before, after(state, played)?, || {
        moves.iter().copied().find(|&mv| after(state, mv) == Some(before))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic position reached by playing `cells` (0 = a1, 1 = b1, … 8 = c3) from the empty board.
    fn classic(cells: &[u8]) -> TicTacToe {
        let mut game = TicTacToe::classic();
        for &cell in cells {
            game.play(Move::Place(cell));
        }
        game
    }

    /// X a1 a2, O b2 b1 (played a1 b2 a2 b1), X to move: both sides threaten a line, X on a3, O on b3.
    fn both_threaten() -> TicTacToe {
        classic(&[0, 4, 3, 1])
    }

    #[test]
    fn a_move_that_throws_a_won_position_to_a_loss_is_a_blunder() {
        // By hand: X a3 completes a1-a2-a3 at once, so X's position is won (1). X c3 neither wins nor blocks
        // b1-b2-b3, so O plays b3 and wins: the mover's result drops from 1 to 0.
        let judged = judge(&both_threaten(), Move::Place(8), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, Move::Place(6), "a3, the immediate win, is the first legal move to keep the win");
    }

    #[test]
    fn a_win_let_slip_to_a_draw_is_a_mistake() {
        // By hand: X b3 blocks O's line but does not win. O must answer a3 (X's threat); O then holds b1 b2 a3 and
        // threatens c1 (c1-b2-a3), so X must take c1, with no threat of its own (a1-b1-c1 holds O's b1). The last
        // two cells, c2 and c3, complete no line for either side: a draw, ½, where a3 won outright.
        let judged = judge(&both_threaten(), Move::Place(7), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 0.5, Some("mistake")));
        assert_eq!(judged.best, Move::Place(6));
    }

    #[test]
    fn a_draw_let_slip_to_a_loss_is_a_mistake() {
        // The empty board is a draw (the solution's published value). After X b2, O b1 (an edge) loses, by hand:
        // X a1 threatens c3 (a1-b2-c3); O must take c3, which threatens nothing (b1 and c3 share no line);
        // X a3 then threatens a2 (a1-a2-a3) and c1 (a3-b2-c1) at once, and O can block only one.
        let state = classic(&[4]);
        let judged = judge(&state, Move::Place(1), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(0.5), 0.5, Some("mistake")));
        // The textbook reply to the centre is a corner, and a1 is the first legal move.
        assert_eq!(judged.best, Move::Place(0));
    }

    #[test]
    fn the_best_move_costs_nothing_and_carries_no_mark() {
        let winning = judge(&both_threaten(), Move::Place(6), 1).expect("judged");
        assert_eq!(winning, Judgement::best(Move::Place(6), Some(1.0)));
        // In a lost position every move keeps the result: none is marked.
        let state = classic(&[4, 1, 0, 8, 6]);
        let lost = judge(&state, Move::Place(2), 1).expect("judged");
        assert_eq!(lost, Judgement::best(Move::Place(2), Some(0.0)), "O faces two threats after X a3: lost");
        // Every first move of the classic game draws (the solved game: every first move is a draw).
        for cell in 0..9 {
            assert_eq!(
                judge(&TicTacToe::classic(), Move::Place(cell), 1),
                Some(Judgement::best(Move::Place(cell), Some(0.5)))
            );
        }
    }

    #[test]
    fn judging_is_deterministic_and_refuses_what_is_not_a_move() {
        let state = both_threaten();
        for cell in [6, 7, 8, 2] {
            assert_eq!(judge(&state, Move::Place(cell), 1), judge(&state, Move::Place(cell), 1));
        }
        assert_eq!(judge(&state, Move::Place(0), 1), None, "a1 is taken");
        let over = classic(&[0, 4, 3, 1, 6]);
        assert_eq!(judge(&over, Move::Place(8), 1), None, "the game is over");
    }

    /// X a1 a2 b3 against O c1 b2 c3 in the two-phase game, sliding: placed a1 b2 a2 c1 b3 c3, no line made.
    fn two_phase(to_move: u8, slides: u16) -> TicTacToe {
        TicTacToe::with(Variant::TwoPhase, [1 << 0 | 1 << 3 | 1 << 7, 1 << 2 | 1 << 4 | 1 << 8], to_move, slides)
    }

    #[test]
    fn two_phase_a_slide_that_lets_the_opponent_complete_a_line_is_a_blunder() {
        // By hand: X slides b3-a3 and completes a1-a2-a3 (won, 1). Its other slides, a1-b1 and a2-a3, make no line
        // and cannot block c2 (its neighbours c1, b2 and c3 are all O's), so O slides b2-c2 and completes
        // c1-c2-c3: lost.
        let state = two_phase(0, 0);
        let judged = judge(&state, Move::Slide { from: 0, to: 1 }, 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, Move::Slide { from: 7, to: 6 });
        let winning = judge(&state, Move::Slide { from: 7, to: 6 }, 1);
        assert_eq!(winning, Some(Judgement::best(Move::Slide { from: 7, to: 6 }, Some(1.0))));
    }

    #[test]
    fn two_phase_a_result_is_forced_only_within_the_slides_left() {
        // X to move on slide 199 of 200 still wins: the winning slide is the 200th, and a line ends the game first.
        assert_eq!(result(&two_phase(0, MAX_SLIDES - 1)), Some(1.0));
        // By hand: O on c1 b2 c2, to move, cannot reach a3 (its neighbours a2 and b3 are X's) nor make a line in one
        // slide (c1-b1, c2-c3, b2-b1), so X slides b3-a3 next: lost in 2. With one slide left the game ends,
        // drawn, on O's slide, before X's.
        let cornered = TicTacToe::with(Variant::TwoPhase, [1 << 0 | 1 << 3 | 1 << 7, 1 << 2 | 1 << 4 | 1 << 5], 1, 197);
        assert_eq!(result(&cornered), Some(0.0), "three slides left: X's win in 2 comes in time");
        let late = TicTacToe { slides: MAX_SLIDES - 1, ..cornered };
        assert_eq!(result(&late), Some(0.5), "one slide left: X never gets to slide");
    }

    #[test]
    fn two_phase_a_win_that_needs_more_plies_than_the_slides_left_is_a_draw() {
        // By hand: X on a1 a2 c3 against O on c1 b2 c2, X to move. X has no line to complete now (a3's neighbours
        // are a2, which is in the line, and b3, empty). X slides c3-b3, leaving O lost in 2 (the position above):
        // a win in 3, X's slide, O's and X's b3-a3.
        let threat = TicTacToe::with(Variant::TwoPhase, [1 << 0 | 1 << 3 | 1 << 8, 1 << 2 | 1 << 4 | 1 << 5], 0, 196);
        assert_eq!(result(&threat), Some(1.0), "four slides left: time for all three plies");
        // Two slides left: X's slide and O's end the game, drawn, before X's third.
        assert_eq!(result(&TicTacToe { slides: MAX_SLIDES - 2, ..threat }), Some(0.5));
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::tictactoe::definition().face.analyst.expect("an analyst");
        assert_eq!((analyst.units, analyst.marks), ("results", &["mistake", "blunder"][..]));
        assert!(analyst.luck.is_none());
    }
}
