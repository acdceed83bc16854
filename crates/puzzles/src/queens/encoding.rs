//! N queens as learners see it: a square as its index, the board as two N×N planes.
//!
//! **Squares** of the N×N board are numbered `0..N²` row by row from the top left: square = N·row + col, with
//! row 0 the top rank (rank N) and col 0 the `a` file. On 8×8, `a8` is 0, `h8` 7, `a1` 56 and `h1` 63; on 4×4,
//! `b4` is 1.
//!
//! **Actions.** Placing a queen on a square is that square's number; there are N·N actions.
//!
//! **Observation**, shape `[2, N, N]`: entry `[p][row][col]` (flat index N²·p + square) is 1 when plane `p`
//! holds the square, else 0. Plane 0: the queens; plane 1: the squares without a queen that a queen attacks
//! (along its row, column or diagonals). A square is free for the next queen exactly when both planes are 0 there
//! (until N queens stand, which ends the game). The puzzle has one player: the `player` argument changes
//! nothing.

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::Queens;

/// N queens' squares and boards as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<Queens> {
    Encoding {
        actions: |game| (game.n() * game.n()) as u32,
        action: |_, square| u32::from(square),
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |game| vec![2, game.n(), game.n()],
        observe,
        score: None,
    }
}

fn observe(game: &Queens, _: Player, out: &mut [f32]) {
    let n = game.n();
    let queens = game.placed();
    let (placed, attacked) = out.split_at_mut(n * n);
    for square in 0..n * n {
        if queens.contains(&square) {
            placed[square] = 1.0;
        } else if queens.iter().any(|&queen| Queens::attacks(n, queen, square)) {
            attacked[square] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::encoding::observation;
    use hamle_core::{Game, Notation};
    use hamle_testkit::check_encoding;

    use super::*;

    // The expected values in these tests are worked by hand from the module's documentation.

    #[test]
    fn a_square_is_its_number_from_the_top_left() {
        let encoding = encoding();
        let four = Queens::new(4).expect("a board");
        let eight = Queens::new(8).expect("a board");
        assert_eq!(((encoding.actions)(&four), (encoding.actions)(&eight)), (16, 64));
        for (game, text, action) in [(&four, "b4", 1), (&four, "d3", 7), (&four, "a1", 12), (&eight, "h1", 63)] {
            assert_eq!((encoding.action)(game, game.parse_move(text).expect("a square")), action, "{text}");
        }
    }

    /// On 4×4, queens on b4 (square 1: row 0, col 1) and d3 (square 7: row 1, col 3). b4 attacks its row 0, 2, 3,
    /// its column 5, 9, 13 and its diagonals 4, 6, 11; d3 attacks 4, 5, 6, then 3, 11, 15, then 2, 10, 13. Free:
    /// 8, 12, 14.
    #[test]
    fn the_planes_hold_the_queens_and_what_they_attack() {
        let encoding = encoding();
        let game = Queens::new(4).expect("a board").parse_position("4: b4 d3").expect("a position");
        assert_eq!((encoding.shape)(&game), [2, 4, 4]);
        let obs = observation(&encoding, &game, 0);
        let ones = |plane: &[f32]| (0..16).filter(|&i| plane[i] == 1.0).collect::<Vec<_>>();
        assert_eq!(ones(&obs[..16]), [1, 7]);
        assert_eq!(ones(&obs[16..]), [0, 2, 3, 4, 5, 6, 9, 10, 11, 13, 15]);
        assert_eq!(obs[16 + 4 * 3 + 3], 1.0, "[1][3][3]: d1 attacked along d");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert_eq!(moves, [8, 12, 14]);
        assert!(moves.iter().all(|&s| obs[usize::from(s)] == 0.0 && obs[16 + usize::from(s)] == 0.0));
    }

    #[test]
    fn every_state_keeps_the_contract() {
        for n in [5, 8] {
            check_encoding(&encoding(), &Queens::new(n).expect("a board"), 40);
        }
    }
}
