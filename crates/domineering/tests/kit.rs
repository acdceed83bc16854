//! Domineering through the shared test kit: the game contract on random games and a golden playthrough.

use hamle_core::{Bot, Budget};
use hamle_domineering::bots::{Seed, Solver};
use hamle_domineering::{Domineering, Side};
use hamle_testkit::{check_golden, perft, playthrough, smoke};

#[test]
fn random_games_keep_the_game_contract() {
    for (rows, cols, first) in [
        (2, 2, Side::Vertical),
        (5, 7, Side::Horizontal),
        (8, 8, Side::Vertical),
        (16, 16, Side::Horizontal),
        (1, 9, Side::Vertical),
    ] {
        let start = Domineering::new(rows, cols, first).expect("valid");
        let report = smoke(&start, 40, 5);
        assert_eq!(report.games, 40);
    }
}

#[test]
fn perft_counts_the_placement_sequences() {
    // 2×2: two first moves, each ends the game. 3×3 with Vertical first: 6 first moves.
    let two = Domineering::new(2, 2, Side::Vertical).expect("valid");
    assert_eq!((perft(&two, 1), perft(&two, 2)), (2, 0));
    let three = Domineering::new(3, 3, Side::Vertical).expect("valid");
    assert_eq!(perft(&three, 1), 6);
}

// Checked by hand in `testdata/domineering-5x5-seed-vs-solver-seed7.txt` (94 lines): every Vertical domino
// covers two cells of one column and every Horizontal one two cells of one row, none overlapping; the twelve
// moves give exactly the end board `hhvhh/vvvhh/vvvhh/vvvhh/vv.hh`, where the one empty cell (c1) leaves Vertical,
// to move, no domino: Vertical loses, points 0 1, as the solver's "inf" said from ply 2.
#[test]
fn golden_seed_against_solver_on_5x5() {
    let start = Domineering::new(5, 5, Side::Vertical).expect("valid");
    let mut bots: [Box<dyn Bot<Domineering>>; 2] =
        [Box::new(Seed { depth: 2, ..Seed::default() }), Box::new(Solver::default())];
    let text = playthrough(&start, &mut bots, 7, &Budget::UNLIMITED);
    check_golden(format!("{}/testdata/domineering-5x5-seed-vs-solver-seed7.txt", env!("CARGO_MANIFEST_DIR")), &text);
}
