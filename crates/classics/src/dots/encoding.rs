//! Dots and Boxes as learners see it: a line as its index, the board as one flat vector of lines and boxes.
//!
//! A board of `R`×`C` boxes has `(R + 1)·C + R·(C + 1)` lines (`L`) and `R·C` boxes (`B`). Dots are counted from
//! the top left: dot `(r, c)` is in row `r` from the top (0..=R) and column `c` from the left (0..=C); the
//! notation names it by the letter of column `c` and the number `R + 1 − r` (`a1` is the bottom-left dot).
//!
//! **Actions.** Drawing a line is its index, below `L`:
//! - horizontal lines first, row by row from the top: `r·C + c` joins dots `(r, c)` and `(r, c + 1)`;
//! - then vertical ones, row by row: `(R + 1)·C + r·(C + 1) + c` joins dots `(r, c)` and `(r + 1, c)`.
//!
//! On 2×3 boxes (`L` = 17): 0 is `a3-b3`, 8 is `c1-d1`, 9 is `a3-a2`, 16 is `d2-d1`.
//!
//! **Observation**, shape `[L + 2·B]`, from `player`'s side (0 is red, who moves first; 1 is blue):
//! - entries `0..L`: 1 for each drawn line, in action order;
//! - entries `L..L + B`: 1 for each box the player completed; box `(r, c)` (row `r` from the top, column `c`
//!   from the left) is entry `L + r·C + c`;
//! - entries `L + B..L + 2·B`: the same for the opponent's boxes.
//!
//! Who is to move is not in it (a player who completes a box draws again).

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::Dots;

/// Dots and Boxes' lines and boards as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<Dots> {
    Encoding {
        actions: |game| game.lines() as u32,
        action: |_, line| u32::from(line),
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |game| vec![game.lines() + 2 * game.boxes()],
        observe,
        score: None,
    }
}

fn observe(game: &Dots, player: Player, out: &mut [f32]) {
    let (lines, boxes) = out.split_at_mut(game.lines());
    for (line, entry) in lines.iter_mut().enumerate() {
        *entry = f32::from(game.drawn() >> line & 1 == 1);
    }
    let (mine, theirs) = boxes.split_at_mut(game.boxes());
    let me = player.min(1);
    for r in 0..game.rows() {
        for c in 0..game.cols() {
            let at = r * game.cols() + c;
            match game.owner(r, c) {
                Some(owner) if owner == me => mine[at] = 1.0,
                Some(_) => theirs[at] = 1.0,
                None => {}
            }
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
    fn a_line_is_its_index() {
        let encoding = encoding();
        let game = Dots::new(2, 3).expect("a board");
        assert_eq!((encoding.actions)(&game), 17, "3·3 horizontal + 2·4 vertical");
        for (text, action) in [("a3-b3", 0), ("b3-a3", 0), ("c1-d1", 8), ("a3-a2", 9), ("b2-b1", 14), ("d2-d1", 16)] {
            let line = game.parse_move(text).expect("a line");
            assert_eq!((encoding.action)(&game, line), action, "{text}");
        }
    }

    /// On 2×3 boxes, red draws a3-b3 (0), blue a2-b2 (3), red a3-a2 (9); blue closes the top-left box with b3-b2
    /// (10) and draws again, d2-d1 (16). Red to move, blue owns box (0, 0).
    #[test]
    fn each_seat_sees_its_own_boxes_first() {
        let mut game = Dots::new(2, 3).expect("a board");
        for text in ["a3-b3", "a2-b2", "a3-a2", "b3-b2", "d2-d1"] {
            game.play(game.parse_move(text).expect("a line"));
        }
        assert_eq!((game.score(), game.to_move()), ([0, 1], 0));
        let encoding = encoding();
        assert_eq!((encoding.shape)(&game), [29], "17 lines and twice 6 boxes");
        let red = observation(&encoding, &game, 0);
        let blue = observation(&encoding, &game, 1);
        let ones = |obs: &[f32]| (0..29).filter(|&i| obs[i] == 1.0).collect::<Vec<_>>();
        assert_eq!(ones(&red), [0, 3, 9, 10, 16, 17 + 6]);
        assert_eq!(ones(&blue), [0, 3, 9, 10, 16, 17]);
    }

    /// Box (1, 2), the bottom right of 2×3, is entry L + 1·3 + 2.
    #[test]
    fn boxes_go_row_by_row_from_the_top() {
        let mut game = Dots::new(2, 3).expect("a board");
        for text in ["c1-d1", "c2-d2", "c2-c1", "d2-d1"] {
            game.play(game.parse_move(text).expect("a line"));
        }
        assert_eq!(game.owner(1, 2), Some(1));
        let blue = observation(&encoding(), &game, 1);
        assert_eq!(blue[17 + 5], 1.0);
        assert_eq!(blue[17..].iter().sum::<f32>(), 1.0);
    }

    #[test]
    fn every_state_keeps_the_contract() {
        for (rows, cols) in [(2, 3), (1, 1), (6, 6)] {
            check_encoding(&encoding(), &Dots::new(rows, cols).expect("a board"), 40);
        }
    }
}
