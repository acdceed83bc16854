//! How a finished game of Grundy's game is judged: every split by the proven result it keeps or throws away,
//! from the Sprague–Grundy values (the game is solved for every heap it allows, so the effort is not used).

use hamle_core::Game;
use hamle_core::analysis::{Analyst, Judgement, solved};

use super::bots::nim_sum;
use super::rules::{Grundy, MAX_HEAP, Move};
use hamle_core::analysis::solved::{SOLVED, verdict};

/// The analyst: each split against the Sprague–Grundy values, in results (1 a win, 0 a loss; no draws).
pub fn analyst() -> Analyst<Grundy> {
    solved::analyst("the Sprague–Grundy values", judge, SOLVED)
}

/// The result for the side to move: a win exactly when the nim-sum of its heaps' values is not 0.
fn result(game: &Grundy) -> f64 {
    if nim_sum(game.heaps()) == 0 { 0.0 } else { 1.0 }
}

/// The mover's result after `mv`.
fn after(game: &Grundy, mv: Move) -> f64 {
    let mut child = game.clone();
    child.play(mv);
    1.0 - result(&child)
}

/// The result before the split against the result after it; the best split, when the played one throws the win
/// away, is the first in legal order that leaves a nim-sum of 0.
fn judge(state: &Grundy, played: Move, _effort: u64) -> Option<Judgement<Move>> {
    // The values are tabled up to the largest heap the game starts with; heaps only shrink in play.
    if state.heaps().iter().any(|&heap| heap > MAX_HEAP) {
        return None;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return None;
    }
    let before = result(state);
    verdict(played, before, after(state, played), || moves.iter().copied().find(|&mv| after(state, mv) == before))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(sizes: &[u32]) -> Grundy {
        Grundy::new(sizes).expect("heaps within the game's range")
    }

    fn split(heap: u32, smaller: u32) -> Move {
        Move { heap, smaller }
    }

    #[test]
    fn a_split_that_leaves_a_winning_position_to_the_opponent_is_a_blunder() {
        // By hand, the heap of 5 splits 4+1 or 3+2. After 3+2 the opponent splits 3 into 2+1 and leaves 2 2 1, where
        // nothing splits: the mover loses. After 4+1 the opponent's only split is 4 into 3+1 (2+2 is not unequal),
        // and the mover splits 3 into 2+1, leaving 2 1 1 1 1: the opponent cannot move. So 5 is won, by 4+1, and
        // 3+2 throws the win away.
        let state = heaps(&[5]);
        let judged = judge(&state, split(5, 2), 1).expect("judged");
        assert_eq!((judged.value, judged.loss, judged.mark), (Some(1.0), 1.0, Some("blunder")));
        assert_eq!(judged.best, split(5, 1));
    }

    #[test]
    fn the_winning_split_costs_nothing_and_a_lost_position_marks_nothing() {
        assert_eq!(judge(&heaps(&[5]), split(5, 1), 1), Some(Judgement::best(split(5, 1), Some(1.0))));
        // The thesis's heap of 7 is lost for the mover (g(7) = 0, the values' published table: OEIS A002188):
        // every split keeps the loss.
        let seven = heaps(&[7]);
        for smaller in 1..=3 {
            assert_eq!(judge(&seven, split(7, smaller), 1), Some(Judgement::best(split(7, smaller), Some(0.0))));
        }
    }

    #[test]
    fn with_several_heaps_the_nim_sum_decides() {
        // g(1) = g(4) = 0, g(3) = 1, g(5) = 2 (A002188): 5 4 has nim-sum 2, a win. Splitting 4 into 3+1 leaves
        // 5 3 1, 2 ⊕ 1 ⊕ 0 = 3, not 0: the opponent wins, so the split throws the win away. 5 into 4+1 leaves
        // 4 4 1, nim-sum 0: the first winning split in legal order (heap 4's only split, 3+1, comes first).
        let state = heaps(&[5, 4]);
        let judged = judge(&state, split(4, 1), 1).expect("judged");
        assert_eq!(
            (judged.value, judged.loss, judged.mark, judged.best),
            (Some(1.0), 1.0, Some("blunder"), split(5, 1))
        );
    }

    #[test]
    fn judging_is_deterministic_and_refuses_what_is_not_a_move() {
        let state = heaps(&[9, 6, 3]);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for &mv in &moves {
            assert_eq!(judge(&state, mv, 1), judge(&state, mv, 1));
        }
        assert_eq!(judge(&state, split(8, 1), 1), None, "there is no heap of 8");
        assert_eq!(judge(&state, split(6, 3), 1), None, "3+3 is not a split into unequal heaps");
        assert_eq!(judge(&heaps(&[2, 1]), split(2, 1), 1), None, "nothing splits: the game is over");
        // The largest heap the game allows is judged: g(1000) is in the table.
        assert!(judge(&heaps(&[MAX_HEAP]), split(MAX_HEAP, 1), 1).is_some());
        let beyond = Grundy::with(vec![MAX_HEAP + 1], 0);
        assert_eq!(judge(&beyond, split(MAX_HEAP + 1, 1), 1), None, "a heap past the table is not judged");
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::grundy::definition().face.analyst.expect("an analyst");
        assert_eq!((analyst.units, analyst.judge_name), ("results", "the Sprague–Grundy values"));
    }
}
