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

/// Perft 1–3 from the start, counted by the reference generator in `tests/reference/` (which shares no code with
/// `rules.rs`: it parses the JSON position into its own plain array of 24 cells and finds plays by a recursive
/// die-by-die search over every die order and checker, applying "as many dice as possible" and "the larger die"
/// afterwards by filtering the finished sequences, where `rules.rs` does it otherwise). Its counts must be the
/// published 59, 3,474 and 708,405 (`docs/rules/hapis.md`; 59 is also worked by hand in `kit.rs`), and
/// `Position::perft` must agree with it at each depth. About a second at the test profile's opt-level 2.
#[test]
fn perft_agrees_from_the_start() {
    let start = Position::start();
    let reference_start = reference::start();
    assert_eq!(reference_start, start.to_json(), "both sides start from the same position");
    for (depth, published) in [(1, 59), (2, 3_474), (3, 708_405)] {
        let theirs = reference::perft(&reference_start, depth).expect("the reference reads its own start");
        assert_eq!(theirs, published, "the reference's perft({depth})");
        assert_eq!(start.perft(depth), theirs, "rules.rs against the reference at perft({depth})");
    }
}
