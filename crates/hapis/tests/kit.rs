//! Hapis Tavlası through the shared test kit: the game contract on random games, frozen perft counts,
//! and golden playthroughs of whole seeded games (the thesis's player against random, the expert against the
//! thesis's player: every throw and play).

use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget};
use hamle_hapis::bots::Thesis;
use hamle_hapis::{Hapis, Opening, Position, Settings};
use hamle_testkit::{check_golden, playthrough, smoke};

#[test]
fn random_games_keep_the_game_contract() {
    for opening in [Opening::Rethrow, Opening::PlayOpeningDice] {
        let report = smoke(&Hapis::new(Settings { opening, mother: opening == Opening::PlayOpeningDice }), 4, 3);
        assert_eq!(report.games, 4);
        assert!(report.chance_events > 4 * 20, "games throw the dice many times");
    }
}

#[test]
fn perft_from_the_start_is_frozen() {
    // Depth 1 by hand: 15 non-doubles × 2 (two checkers, or one checker with both dice) + 5 doubles × 5
    // (ways to split four steps among checkers) + 6-6 × 4 (four sixes on one checker would bear off) = 59.
    let start = Position::start();
    assert_eq!(start.perft(1), 59);
    assert_eq!(start.perft(2), 3_474);
    assert_eq!(start.perft(3), 708_405);
}

#[test]
fn golden_thesis_against_random() {
    let mut bots: [Box<dyn Bot<Hapis>>; 2] = [Box::new(Thesis), Box::new(RandomBot)];
    let text = playthrough(&Hapis::default(), &mut bots, 1, &Budget::UNLIMITED);
    check_golden(format!("{}/tests/golden/hapis-thesis-random-seed1.txt", env!("CARGO_MANIFEST_DIR")), &text);
}

#[test]
fn golden_expert_against_thesis() {
    // Pins the shipped weights and the search together: any change to either shows here first.
    let expert = hamle_hapis::bots::Level::Expert.player(hamle_hapis::bots::Net::shipped());
    let mut bots: [Box<dyn Bot<Hapis>>; 2] = [Box::new(expert), Box::new(Thesis)];
    let text = playthrough(&Hapis::default(), &mut bots, 1, &Budget::UNLIMITED);
    check_golden(format!("{}/tests/golden/hapis-expert-thesis-seed1.txt", env!("CARGO_MANIFEST_DIR")), &text);
}
