//! Domineering as learners see it: a placement as the cell it starts on, the board as 3 planes of R×C.
//!
//! **Seats.** Player 0 is the side that places first (the `first` parameter, vertical by default), player 1
//! the other: with `first=horizontal`, player 0 places horizontal dominoes.
//!
//! **Actions.** A domino is named by its lower-left cell, `row·C + col` on an R×C board, row 0 the bottom row
//! and column 0 the left one: a vertical domino also covers the cell above, a horizontal one the cell to the
//! right. Which way it lies is the mover's side, fixed by whose turn it is. There are R·C actions; no chance.
//!
//! **Observation**, from `player`'s side (0 or 1), shape `[3, R, C]`, entry `[plane][row][col]`, row 0 the
//! bottom row (not flipped for either player):
//! - plane 0: 1 on the covered cells, by either side;
//! - plane 1: all 1 when `player` places vertical dominoes, all 0 when horizontal;
//! - plane 2: all 1 when `player` is the side to move (once the game is over: the side that could not move).

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use crate::rules::{Domineering, Side};

/// Placements and positions of Domineering as integers and tensors.
pub fn encoding() -> Encoding<Domineering> {
    Encoding {
        actions: |game| cells(game) as u32,
        action: |game, mv| u32::from(mv.row) * game.cols() as u32 + u32::from(mv.col),
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |game| vec![3, game.rows(), game.cols()],
        observe,
        score: None,
    }
}

/// The board's cells: at most 16×16, so every count fits a `u32`.
fn cells(game: &Domineering) -> usize {
    game.rows() * game.cols()
}

fn observe(game: &Domineering, player: Player, out: &mut [f32]) {
    let size = cells(game);
    let (covered, rest) = out.split_at_mut(size);
    for (row, line) in covered.chunks_exact_mut(game.cols()).enumerate() {
        for (col, cell) in line.iter_mut().enumerate() {
            *cell = f32::from(u8::from(game.cell(row, col).is_some()));
        }
    }
    let side = game.side_of(player);
    rest[..size].fill(f32::from(u8::from(side == Side::Vertical)));
    rest[size..].fill(f32::from(u8::from(side == game.to_move())));
}

#[cfg(test)]
mod tests {
    use hamle_core::Notation;
    use hamle_core::encoding::observation;
    use hamle_testkit::check_encoding;

    use super::*;
    use crate::rules::Move;

    /// Worked by hand on 5 rows × 4 columns: cell (row, col) is `row·4 + col`.
    #[test]
    fn a_domino_is_named_by_its_lower_left_cell() {
        let encoding = encoding();
        let game = Domineering::new(5, 4, Side::Vertical).expect("a board");
        assert_eq!((encoding.actions)(&game), 20);
        assert_eq!((encoding.shape)(&game), [3, 5, 4]);
        // c2-c3: row 1, column 2, so 1·4 + 2 = 6.
        let c2 = game.parse_move("c2-c3").expect("a move");
        assert_eq!((encoding.action)(&game, c2), 6);
        // d4-d5, the top right domino: row 3, column 3, 3·4 + 3 = 15.
        assert_eq!((encoding.action)(&game, Move { side: Side::Vertical, row: 3, col: 3 }), 15);
        // A horizontal c5-d5 on the top row: 4·4 + 2 = 18.
        assert_eq!((encoding.action)(&game, Move { side: Side::Horizontal, row: 4, col: 2 }), 18);
    }

    /// 5×4, horizontal placed first: h on a1-b1, v on d1-d2, horizontal to move. Entries worked by hand.
    #[test]
    fn the_planes_say_what_is_covered_and_who_the_player_is() {
        let start = Domineering::new(5, 4, Side::Horizontal).expect("a board");
        let game = start.parse_position("..../..../..../...v/hh.v h").expect("a position");
        let encoding = encoding();
        let horizontal = observation(&encoding, &game, 0);
        let vertical = observation(&encoding, &game, 1);
        assert_eq!(horizontal.len(), 3 * 20);
        // Plane 0, row 0 from the bottom: a1 b1 d1 covered; row 1: d2.
        assert_eq!(&horizontal[0..8], [1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(horizontal[..20].iter().sum::<f32>(), 4.0);
        assert_eq!(vertical[..20], horizontal[..20], "the board is the same for both");
        // Seat 0 placed first: horizontal, and to move.
        assert!(horizontal[20..40].iter().all(|&x| x == 0.0), "seat 0 is horizontal");
        assert!(horizontal[40..60].iter().all(|&x| x == 1.0), "seat 0 is to move");
        assert!(vertical[20..40].iter().all(|&x| x == 1.0), "seat 1 is vertical");
        assert!(vertical[40..60].iter().all(|&x| x == 0.0), "seat 1 waits");
    }

    /// The contract over seeded random games on boards of several sizes.
    #[test]
    fn every_state_names_its_moves_apart_in_one_shape() {
        for (rows, cols, first) in
            [(5, 4, Side::Vertical), (1, 7, Side::Horizontal), (16, 16, Side::Vertical), (3, 9, Side::Horizontal)]
        {
            check_encoding(&encoding(), &Domineering::new(rows, cols, first).expect("a board"), 6);
        }
    }
}
