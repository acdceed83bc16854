//! 2048 as learners see it: four moves, 32 new tiles, the board as 17 planes of 4×4.
//!
//! **Cells** are numbered 0..16 row by row from the top left: cell `4·row + column`, row 0 the top row,
//! column 0 the left one.
//!
//! **Actions.** Up is 0, right 1, down 2, left 3; there are 4 actions.
//!
//! **Chance actions.** A new tile is `cell·2 + (exponent − 1)`: a 2 on cell `c` is `2c`, a 4 is `2c + 1`;
//! there are 32.
//!
//! **Observation**, shape `[17, 4, 4]`, entry `[k][row][column]`: plane `k` is 1 on the cells holding the tile
//! 2^k, plane 0 on the empty cells, up to plane 16 for 65536. The board cannot hold 65536: when two 32768s
//! merge the game ends with a 32768 in their place, and that last position shows its 32768s on plane 16.
//! The game has one player; the `player` argument is ignored.

use hamle_core::{Encoding, Player};

use crate::board::Direction;
use crate::rules::{G2048, MAX_RECORDED, Spawn};

/// Moves, new tiles and boards of 2048 as integers and tensors.
pub fn encoding() -> Encoding<G2048> {
    Encoding {
        actions: |_| 4,
        action: |_, direction| match direction {
            Direction::Up => 0,
            Direction::Right => 1,
            Direction::Down => 2,
            Direction::Left => 3,
        },
        chance_actions: |_| 32,
        chance: |_, Spawn { cell, exponent }| u32::from(cell) * 2 + u32::from(exponent.saturating_sub(1)),
        shape: |_| vec![PLANES, 4, 4],
        observe,
        score: Some(|game| [game.score() as f64, 0.0]),
    }
}

const PLANES: usize = MAX_RECORDED as usize + 1;

fn observe(game: &G2048, _: Player, out: &mut [f32]) {
    let board = game.board();
    let made_65536 = game.top_exponent() >= MAX_RECORDED;
    for cell in 0..16 {
        let exponent = match board.cell(cell) {
            15 if made_65536 => MAX_RECORDED,
            exponent => exponent,
        };
        out[usize::from(exponent) * 16 + cell] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::Notation;
    use hamle_core::encoding::observation;
    use hamle_testkit::check_encoding;

    use super::*;
    use crate::rules::SpawnRule;

    fn at(text: &str) -> G2048 {
        G2048::new(SpawnRule::Original).parse_position(text).expect("a position")
    }

    /// Worked by hand: the arrows' order, and `cell·2 + exponent − 1`.
    #[test]
    fn moves_follow_the_arrows_and_a_tile_its_cell_and_value() {
        let encoding = encoding();
        let game = G2048::new(SpawnRule::Original);
        let names =
            [Direction::Up, Direction::Right, Direction::Down, Direction::Left].map(|d| (encoding.action)(&game, d));
        assert_eq!(names, [0, 1, 2, 3]);
        // Row 2, column 1 is cell 9: a 2 there is 18, a 4 is 19.
        assert_eq!((encoding.chance)(&game, Spawn { cell: 9, exponent: 1 }), 18);
        assert_eq!((encoding.chance)(&game, Spawn { cell: 9, exponent: 2 }), 19);
        assert_eq!((encoding.chance)(&game, Spawn { cell: 15, exponent: 2 }), 31);
        assert_eq!(((encoding.actions)(&game), (encoding.chance_actions)(&game)), (4, 32));
    }

    /// A hand-built board: 2 top left, 4 and 2048 in row 1, 32768 bottom right; entries worked by hand.
    #[test]
    fn each_tile_lights_its_own_plane() {
        let game = at("2,.,.,./.,4,.,2048/.,.,.,./.,.,.,32768 100 0");
        let obs = observation(&encoding(), &game, 0);
        assert_eq!(obs.len(), 17 * 16);
        let entry = |k: usize, row: usize, col: usize| obs[k * 16 + row * 4 + col];
        assert_eq!((entry(1, 0, 0), entry(2, 1, 1), entry(11, 1, 3), entry(15, 3, 3)), (1.0, 1.0, 1.0, 1.0));
        assert_eq!((entry(0, 0, 1), entry(0, 0, 0), entry(0, 3, 3)), (1.0, 0.0, 0.0));
        assert_eq!(obs[..16].iter().sum::<f32>(), 12.0, "twelve empty cells");
        assert_eq!(obs.iter().sum::<f32>(), 16.0, "one plane per cell");
        assert_eq!(obs[16 * 16..].iter().sum::<f32>(), 0.0, "no 65536");
        assert_eq!(observation(&encoding(), &game, 1), obs, "one player: the seat does not matter");
    }

    #[test]
    fn the_32768_left_by_65536_shows_on_the_last_plane() {
        let game = at("2,.,.,./.,.,.,./.,.,.,./.,.,.,32768 2000000 0 65536");
        let obs = observation(&encoding(), &game, 0);
        assert_eq!((obs[15 * 16 + 15], obs[16 * 16 + 15]), (0.0, 1.0));
    }

    /// The contract over seeded random games: distinct moves and tiles in range, one shape, values in [0, 1].
    #[test]
    fn every_state_names_its_moves_and_tiles_apart_in_one_shape() {
        check_encoding(&encoding(), &G2048::new(SpawnRule::Original), 20);
    }
}
