//! `Position::plays` against the independent generator in `tests/reference/`, written without sight of
//! it: every distinct result of every roll, on thousands of positions met in seeded random games.

mod reference;

use hamle_hapis::{Dice, Hapis, Position};
use hamle_testkit::random_positions;

/// Every position where a side is to play in the random game of `seed`.
fn positions(seed: u64) -> Vec<Position> {
    random_positions(&Hapis::default(), seed, usize::MAX).iter().map(|g| *g.position()).collect()
}

fn ours(position: &Position, dice: Dice) -> Vec<String> {
    let mut results: Vec<String> = position.plays(dice).iter().map(|(_, r)| r.to_json().to_string()).collect();
    results.sort();
    results
}

fn theirs(position: &Position, dice: Dice) -> Vec<String> {
    let mut results: Vec<String> = reference::legal_results(&position.to_json(), (dice.0, dice.1))
        .unwrap_or_else(|e| panic!("the reference refused {}: {e}", position.to_json()))
        .iter()
        .map(|r| r.to_string())
        .collect();
    results.sort();
    results
}

#[test]
fn every_roll_agrees_on_thousands_of_positions_from_real_games() {
    let mut checked = 0;
    for seed in 0..12 {
        for position in positions(seed) {
            for (dice, _) in Dice::rolls() {
                let (ours, theirs) = (ours(&position, dice), theirs(&position, dice));
                let only_ours: Vec<&String> = ours.iter().filter(|r| !theirs.contains(r)).collect();
                let only_theirs: Vec<&String> = theirs.iter().filter(|r| !ours.contains(r)).collect();
                assert!(
                    only_ours.is_empty() && only_theirs.is_empty() && ours.len() == theirs.len(),
                    "{} with {dice}: {} results against {}\nonly ours: {only_ours:?}\nonly the reference's: {only_theirs:?}",
                    position.to_json(),
                    ours.len(),
                    theirs.len()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 21 * 1000, "only {checked} position-roll pairs");
}

#[test]
fn perft_agrees_from_the_start() {
    let start = Position::start();
    for depth in 1..=2 {
        assert_eq!(Ok(start.perft(depth)), reference::perft(&start.to_json(), depth));
    }
}
