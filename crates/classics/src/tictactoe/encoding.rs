//! Tic-tac-toe as learners see it: moves as integers below 9 (classic) or 90 (two-phase), the board as three
//! 3×3 planes.
//!
//! **Cells** are numbered `a1` = 0, `b1` = 1, `c1` = 2, `a2` = 3, … `c3` = 8: cell = 3·row + col, with row 0
//! the bottom row (the digit minus one) and col 0 the `a` column.
//!
//! **Actions.** Placing a stone on cell `c` is action `c` (0..9). Sliding a stone from cell `f` to cell `t`
//! (two-phase only) is `9 + 9·f + t`, so `b1-b2` is 9 + 9·1 + 4 = 22. The classic game has 9 actions, the
//! two-phase game 90; the numbers of slides between cells that are not neighbours are never used.
//!
//! **Observation**, shape `[3, 3, 3]`, from `player`'s side (0 is X, who moves first; 1 is O): entry
//! `[p][row][col]` (flat index 9·p + cell) is 1 when plane `p` holds that cell, else 0. Plane 0: the player's
//! stones; plane 1: the opponent's; plane 2: the empty cells. Who is to move and how many slides were played
//! are not in it.

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::{Move, TicTacToe, Variant};

/// Tic-tac-toe's moves and boards as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<TicTacToe> {
    Encoding {
        actions: |game| match game.variant() {
            Variant::Classic => 9,
            Variant::TwoPhase => 90,
        },
        action: |_, mv| match mv {
            Move::Place(cell) => u32::from(cell),
            Move::Slide { from, to } => 9 + 9 * u32::from(from) + u32::from(to),
        },
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |_| vec![3, 3, 3],
        observe,
        score: None,
    }
}

fn observe(game: &TicTacToe, player: Player, out: &mut [f32]) {
    let me = player.min(1);
    let planes = [game.stones(me), game.stones(1 - me), game.empty()];
    for (plane, mask) in out.chunks_exact_mut(9).zip(planes) {
        for (cell, entry) in plane.iter_mut().enumerate() {
            *entry = f32::from(mask >> cell & 1 == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::encoding::observation;
    use hamle_core::{Game, Notation};
    use hamle_testkit::check_encoding;

    use super::*;

    /// Entry `[p][row][col]` of an observation.
    fn at(obs: &[f32], p: usize, row: usize, col: usize) -> f32 {
        obs[9 * p + 3 * row + col]
    }

    // The expected values in these tests are worked by hand from the module's documentation.

    #[test]
    fn places_are_cells_and_slides_follow() {
        let encoding = encoding();
        let (classic, two_phase) = (TicTacToe::classic(), TicTacToe::two_phase());
        assert_eq!(((encoding.actions)(&classic), (encoding.actions)(&two_phase)), (9, 90));
        assert_eq!((encoding.action)(&classic, Move::Place(0)), 0, "a1");
        assert_eq!((encoding.action)(&classic, Move::Place(5)), 5, "c2");
        let slide = two_phase.parse_move("b1-b2").expect("a slide");
        assert_eq!(slide, Move::Slide { from: 1, to: 4 });
        assert_eq!((encoding.action)(&two_phase, slide), 22, "9 + 9·1 + 4");
        assert_eq!((encoding.action)(&two_phase, Move::Slide { from: 8, to: 5 }), 86, "c3-c2: 9 + 72 + 5");
    }

    /// X on b2 and c3, O on a1, O to move: each seat sees its own stones in plane 0.
    #[test]
    fn each_seat_sees_its_own_stones_first() {
        let mut game = TicTacToe::classic();
        for cell in ["b2", "a1", "c3"] {
            game.play(game.parse_move(cell).expect("a cell"));
        }
        let x = observation(&encoding(), &game, 0);
        let o = observation(&encoding(), &game, 1);
        assert_eq!((at(&x, 0, 1, 1), at(&x, 0, 2, 2), at(&x, 1, 0, 0)), (1.0, 1.0, 1.0));
        assert_eq!((at(&o, 1, 1, 1), at(&o, 1, 2, 2), at(&o, 0, 0, 0)), (1.0, 1.0, 1.0));
        assert_eq!((at(&x, 0, 0, 0), at(&x, 2, 0, 0), at(&x, 2, 0, 1)), (0.0, 0.0, 1.0), "a1 is O's, b1 empty");
        let sums = |obs: &[f32]| obs.chunks(9).map(|plane| plane.iter().sum()).collect::<Vec<f32>>();
        assert_eq!(sums(&x), [2.0, 1.0, 6.0]);
        assert_eq!(sums(&o), [1.0, 2.0, 6.0]);
    }

    /// The position text lists rows from the top; the tensor's row 0 is the bottom.
    #[test]
    fn row_zero_is_the_bottom_row() {
        let game = TicTacToe::classic().parse_position("x../.../..o x").expect("a position");
        let x = observation(&encoding(), &game, 0);
        assert_eq!(at(&x, 0, 2, 0), 1.0, "a3 is cell 6");
        assert_eq!(at(&x, 1, 0, 2), 1.0, "c1 is cell 2");
        assert_eq!(x[6], 1.0);
    }

    #[test]
    fn every_classic_state_keeps_the_contract() {
        check_encoding(&encoding(), &TicTacToe::classic(), 60);
    }

    #[test]
    fn every_two_phase_state_keeps_the_contract() {
        check_encoding(&encoding(), &TicTacToe::two_phase(), 60);
    }
}
