//! The knight's tour as learners see it: a square as its index, the board as two N×N planes.
//!
//! **Squares** of the N×N board are numbered `0..N²` row by row from the top left: square = N·row + col, with
//! row 0 the top rank (rank N) and col 0 the `a` file. On 8×8, `a8` is 0, `h8` 7, `a1` 56 and `h1` 63; on 5×5,
//! `a1` is 20.
//!
//! **Actions.** Placing the knight (the first move) or moving it to a square is that square's number; there
//! are N·N actions.
//!
//! **Observation**, shape `[2, N, N]`: entry `[p][row][col]` (flat index N²·p + square) is 1 when plane `p`
//! holds the square, else 0. Plane 0: the squares visited, the knight's own included; plane 1: the knight's
//! square. Before the first move both planes are all zeros. The puzzle has one player: the `player` argument
//! changes nothing.

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::KnightsTour;

/// The knight's tour's squares and boards as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<KnightsTour> {
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

fn observe(game: &KnightsTour, _: Player, out: &mut [f32]) {
    let (visited, knight) = out.split_at_mut(game.n() * game.n());
    for square in game.path() {
        visited[square] = 1.0;
    }
    if let Some(square) = game.knight() {
        knight[square] = 1.0;
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
        let five = KnightsTour::new(5, false).expect("a board");
        let eight = KnightsTour::new(8, true).expect("a board");
        assert_eq!(((encoding.actions)(&five), (encoding.actions)(&eight)), (25, 64));
        for (game, text, action) in [(&five, "a1", 20), (&five, "e5", 4), (&five, "b3", 11), (&eight, "a8", 0)] {
            assert_eq!((encoding.action)(game, game.parse_move(text).expect("a square")), action, "{text}");
        }
        assert_eq!((encoding.action)(&eight, eight.parse_move("h1").expect("a square")), 63);
    }

    /// On 5×5, the knight placed on a1 (square 20, row 4 col 0) jumps to b3 (square 11, row 2 col 1).
    #[test]
    fn the_planes_hold_the_path_and_the_knight() {
        let encoding = encoding();
        let mut game = KnightsTour::new(5, false).expect("a board");
        assert_eq!((encoding.shape)(&game), [2, 5, 5]);
        assert!(observation(&encoding, &game, 0).iter().all(|&x| x == 0.0), "nothing before the first move");
        for text in ["a1", "b3"] {
            game.play(game.parse_move(text).expect("a square"));
        }
        let obs = observation(&encoding, &game, 0);
        let ones = (0..50).filter(|&i| obs[i] == 1.0).collect::<Vec<_>>();
        assert_eq!(ones, [11, 20, 25 + 11]);
        assert_eq!(obs[5 * 4], 1.0, "[0][4][0]: a1 visited");
        assert_eq!(obs[25 + 5 * 2 + 1], 1.0, "[1][2][1]: the knight on b3");
    }

    #[test]
    fn every_state_keeps_the_contract() {
        for (n, closed) in [(5, false), (8, false), (8, true)] {
            check_encoding(&encoding(), &KnightsTour::new(n, closed).expect("a board"), 40);
        }
    }
}
