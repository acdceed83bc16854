//! Sim as learners see it: an edge as an integer below 15, the board as three rows of 15 edges.
//!
//! **Actions.** Colouring an edge is the edge's index, 0..15. The points are numbered 1..6 as the notation names
//! them, and the edges go in lexicographic order of the points they join:
//!
//! | action | 0   | 1   | 2   | 3   | 4   | 5   | 6   | 7   | 8   | 9   | 10  | 11  | 12  | 13  | 14  |
//! |--------|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|-----|
//! | edge   | 1-2 | 1-3 | 1-4 | 1-5 | 1-6 | 2-3 | 2-4 | 2-5 | 2-6 | 3-4 | 3-5 | 3-6 | 4-5 | 4-6 | 5-6 |
//!
//! **Observation**, shape `[3, 15]`, from `player`'s side (0 is red, who moves first; 1 is blue): entry
//! `[p][e]` (flat index 15·p + e) is 1 when edge `e` is in plane `p`, else 0. Plane 0: the edges the player
//! coloured; plane 1: the opponent's; plane 2: the edges nobody has coloured.

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::Sim;

/// Sim's edges and boards as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<Sim> {
    Encoding {
        actions: |_| 15,
        action: |_, edge| u32::from(edge),
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |_| vec![3, 15],
        observe,
        score: None,
    }
}

fn observe(game: &Sim, player: Player, out: &mut [f32]) {
    let me = player.min(1);
    let planes = [game.coloured(me), game.coloured(1 - me), game.free()];
    for (plane, mask) in out.chunks_exact_mut(15).zip(planes) {
        for (edge, entry) in plane.iter_mut().enumerate() {
            *entry = f32::from(mask >> edge & 1 == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::encoding::observation;
    use hamle_core::{Game, Notation};
    use hamle_testkit::check_encoding;

    use super::*;

    // The expected values in these tests are worked by hand from the table in the module's documentation.

    #[test]
    fn an_edge_is_its_place_in_the_table() {
        let encoding = encoding();
        let game = Sim::new();
        assert_eq!((encoding.actions)(&game), 15);
        for (text, action) in [("1-2", 0), ("1-6", 4), ("2-4", 6), ("4-3", 9), ("5-6", 14)] {
            let edge = game.parse_move(text).expect("an edge");
            assert_eq!((encoding.action)(&game, edge), action, "{text}");
        }
    }

    /// Red 1-2, blue 3-4, red 2-5; blue to move.
    #[test]
    fn each_seat_sees_its_own_edges_first() {
        let mut game = Sim::new();
        for text in ["1-2", "3-4", "2-5"] {
            game.play(game.parse_move(text).expect("an edge"));
        }
        let red = observation(&encoding(), &game, 0);
        let blue = observation(&encoding(), &game, 1);
        let ones = |obs: &[f32]| (0..45).filter(|&i| obs[i] == 1.0).collect::<Vec<_>>();
        let free: Vec<usize> = [1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14].iter().map(|e| 30 + e).collect();
        assert_eq!(ones(&red), [[0, 7, 15 + 9].as_slice(), free.as_slice()].concat());
        assert_eq!(ones(&blue), [[9, 15, 15 + 7].as_slice(), free.as_slice()].concat());
    }

    #[test]
    fn every_state_keeps_the_contract() {
        check_encoding(&encoding(), &Sim::new(), 100);
    }
}
