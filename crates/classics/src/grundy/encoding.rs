//! Grundy's game as learners see it: splits as integers, the heaps as a histogram of their sizes.
//!
//! Both are sized by `T`, the number of counters in all the heaps together: a split keeps it, so it is the same
//! in every position of one game, where the largest heap is not (only the start knows it). Let `H = T + 1`.
//! With a single heap at the start (the default, `heaps=7`), `T` is that heap and `H` is 8.
//!
//! **Actions.** Splitting the heap of `heap` counters into `heap − smaller` and `smaller` (`7=5+2`) is
//! `heap·H + smaller`; there are `H·H` actions. For `heaps=7-5-3`, `T` = 15, `H` = 16, and `7=5+2` is
//! 7·16 + 2 = 114. Equal heaps give the same splits, so the action does not say which of them is split.
//!
//! **Observation**, shape `[H]`: entry `k` is the number of heaps of size `k` divided by `T` (so `T` times the
//! entry is the count, and it stays within 0..=1). Heaps of 1 and 2, which cannot be split, count too;
//! entry 0 is always 0. The game is impartial: both seats see the same numbers.

use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use super::rules::{Grundy, Move};

/// Grundy's game's splits and heaps as integers and tensors, as the module's documentation lays them out.
pub fn encoding() -> Encoding<Grundy> {
    Encoding {
        actions: |game| side(game) * side(game),
        action: |game, Move { heap, smaller }| heap * side(game) + smaller,
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |game| vec![side(game) as usize],
        observe,
        score: None,
    }
}

/// `H`: one more than the counters of all the heaps, the bound of every heap's size in the game.
fn side(game: &Grundy) -> u32 {
    game.heaps().iter().sum::<u32>() + 1
}

fn observe(game: &Grundy, _: Player, out: &mut [f32]) {
    // A game has at least one counter; the guard keeps a position without heaps from dividing by zero.
    let share = 1.0 / (side(game) - 1).max(1) as f32;
    for &heap in game.heaps() {
        if let Some(entry) = out.get_mut(heap as usize) {
            *entry += share;
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
    fn a_split_is_its_heap_times_h_plus_the_smaller_part() {
        let encoding = encoding();
        let game = Grundy::new(&[7, 5, 3]).expect("heaps");
        assert_eq!((encoding.actions)(&game), 256, "H = 7 + 5 + 3 + 1 = 16");
        let split = game.parse_move("7=5+2").expect("a split");
        assert_eq!((encoding.action)(&game, split), 114, "7·16 + 2");
        assert_eq!((encoding.action)(&game, Move { heap: 3, smaller: 1 }), 49, "3·16 + 1");
        let single = Grundy::new(&[7]).expect("a heap");
        assert_eq!(((encoding.actions)(&single), (encoding.shape)(&single)), (64, vec![8]));
        assert_eq!((encoding.action)(&single, Move { heap: 7, smaller: 3 }), 59, "7·8 + 3");
    }

    /// 7-5-3, then 7=5+2: heaps 5, 5, 3, 2 of T = 15 counters, the same from both seats.
    #[test]
    fn the_observation_counts_heaps_by_size() {
        let mut game = Grundy::new(&[7, 5, 3]).expect("heaps");
        let start = observation(&encoding(), &game, 0);
        let mut expected = [0.0; 16];
        for k in [3, 5, 7] {
            expected[k] = 1.0 / 15.0;
        }
        assert_eq!(start, expected);
        game.play(game.parse_move("7=5+2").expect("a split"));
        let [first, second] = [0, 1].map(|player| observation(&encoding(), &game, player));
        assert_eq!(first.len(), 16, "a split keeps the counters, and so the shape");
        assert_eq!((first[2], first[3], first[5], first[7]), (1.0 / 15.0, 1.0 / 15.0, 2.0 / 15.0, 0.0));
        assert_eq!(first.iter().sum::<f32>(), 4.0 / 15.0, "four heaps");
        assert_eq!(first, second);
    }

    #[test]
    fn every_state_keeps_the_contract() {
        for heaps in [&[7, 5, 3][..], &[10, 10, 4, 1], &[20, 13], &[30]] {
            check_encoding(&encoding(), &Grundy::new(heaps).expect("heaps"), 40);
        }
    }
}
