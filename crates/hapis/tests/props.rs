//! Properties over random Hapis games: fifteen checkers a side, plays that use the most dice, distinct
//! results, seeded replays.

use hamle_core::Notation;
use hamle_hapis::{CHECKERS, Hapis, Position, Side};
use hamle_testkit::random_positions;
use proptest::prelude::*;

/// The states a random game from `seed` passes through where a side is to play, at most `limit` of them.
fn states(seed: u64, limit: usize) -> Vec<Hapis> {
    random_positions(&Hapis::default(), seed, limit)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_side_always_has_fifteen_checkers(seed in any::<u64>()) {
        for game in states(seed, 150) {
            for (_, result) in game.plays() {
                for side in [Side::White, Side::Black] {
                    prop_assert_eq!(result.on_board(side) + result.off[side.index()], CHECKERS);
                }
                prop_assert!(result.points.iter().all(|p| p.count <= CHECKERS && (p.count > 0 || !p.prisoner)));
            }
        }
    }

    #[test]
    fn every_play_uses_as_many_dice_as_any_other(seed in any::<u64>()) {
        for game in states(seed, 150) {
            let plays = game.plays();
            let most = plays.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
            for (play, result) in &plays {
                // Only a play that bears off the last checker may stop short.
                prop_assert!(play.len() == most || result.is_over(), "{} in {}", play, game.format_position());
            }
            let dice = game.dice().map_or(0, |d| d.to_play().len());
            prop_assert!(most <= dice);
        }
    }

    #[test]
    fn the_results_are_distinct_and_the_turn_passes(seed in any::<u64>()) {
        for game in states(seed, 150) {
            let plays = game.plays();
            let mut results: Vec<_> = plays.iter().map(|(_, r)| r.to_json().to_string()).collect();
            results.sort();
            results.dedup();
            prop_assert_eq!(results.len(), plays.len());
            prop_assert!(plays.iter().all(|(_, r)| r.turn == game.position().turn.other()));
        }
    }

    #[test]
    fn position_ids_and_json_round_trip(seed in any::<u64>()) {
        for game in states(seed, 150) {
            let position = *game.position();
            prop_assert_eq!(Position::from_id(&position.id()), Ok(position));
            prop_assert!(position.id().len() <= 20, "{}", position.id());
            prop_assert_eq!(Position::from_json(&position.to_json()), Ok(position));
            prop_assert_eq!(game.parse_position(&game.format_position()), Ok(game));
        }
    }

    #[test]
    fn a_seed_replays_the_same_game(seed in any::<u64>()) {
        let record = |seed| states(seed, 80).iter().map(Notation::format_position).collect::<Vec<_>>();
        prop_assert_eq!(record(seed), record(seed));
    }
}

#[test]
fn malformed_ids_are_refused() {
    for bad in ["", "!!!!", "AAAA", "gAAAAAAAAAAAAAAAAAA", "________________________"] {
        assert!(Position::from_id(bad).is_err(), "{bad:?}");
    }
}
