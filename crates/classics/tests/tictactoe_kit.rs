//! Tic-tac-toe through the shared test kit: the smoke test, perft against the published counts, and
//! golden playthroughs of whole seeded games.

use hamle_classics::tictactoe::TicTacToe;
use hamle_classics::tictactoe::bots::{Perfect, Thesis};
use hamle_core::{Bot, Budget};
use hamle_testkit::{check_golden, count_games, perft, playthrough, smoke};

#[test]
fn random_games_keep_the_game_contract() {
    for start in [TicTacToe::classic(), TicTacToe::two_phase()] {
        let report = smoke(&start, 300, 5);
        assert_eq!(report.games, 300);
        assert!(report.plies >= 300 * 5, "every game lasts at least five plies");
    }
}

#[test]
fn perft_matches_the_published_counts() {
    // The published counts: move sequences of each length that have not ended earlier; 255,168 complete games.
    let expected = [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872];
    for (depth, &count) in expected.iter().enumerate() {
        let depth = u32::try_from(depth).unwrap_or(u32::MAX);
        assert_eq!(perft(&TicTacToe::classic(), depth), count, "depth {depth}");
    }
    assert_eq!(count_games(&TicTacToe::classic()), 255_168);
}

#[test]
fn two_phase_perft_is_the_classic_count_until_sliding_starts() {
    for depth in 0..=5 {
        assert_eq!(perft(&TicTacToe::two_phase(), depth), perft(&TicTacToe::classic(), depth));
    }
}

fn golden(start: TicTacToe, seed: u64, file: &str) {
    let mut bots: [Box<dyn Bot<TicTacToe>>; 2] =
        [Box::new(Perfect::default()), Box::new(Thesis { depth: 2, ..Default::default() })];
    let text = playthrough(&start, &mut bots, seed, &Budget::UNLIMITED);
    check_golden(format!("{}/tests/golden/{file}", env!("CARGO_MANIFEST_DIR")), &text);
}

// Checked by hand in `tests/golden/tictactoe-classic-seed7.txt` (43 lines): x's a1 at ply 5 makes two threats
// (a1-a2-a3 and a1-b1-c1), o can block only one (a3), and x wins with c1 at ply 7; a win is scored 10 + the empty
// cells left (2), hence 12; the end position and points 1 0 match the board.
#[test]
fn golden_classic_perfect_against_thesis() {
    golden(TicTacToe::classic(), 7, "tictactoe-classic-seed7.txt");
}

// Checked by hand in `tests/golden/tictactoe-two-phase-seed7.txt` (53 lines): three placements each, then
// orthogonal slides only (b2-a2, c1-c2, b1-a1); after b2-a2 o cannot reach a1 (its neighbours a2 and b1 are x's),
// so b1-a1 completes the a column; 3 slides in the end position; perfect's scores 991 … 999 are 1000 − plies to
// its win (9 at the start, as the independent solve in `tictactoe_bots.rs` also finds).
#[test]
fn golden_two_phase_perfect_against_thesis() {
    golden(TicTacToe::two_phase(), 7, "tictactoe-two-phase-seed7.txt");
}
