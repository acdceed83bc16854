//! The knight's tour: the thesis's worked example, open and closed tours checked by the validator, refusals.

use hamle_puzzles::knights_tour::{Error, TieBreak, Warnsdorff, closed_tour, is_tour, open_tour};

/// The thesis's Şekil-13: the tour its Warnsdorff's rule takes from its square 11, each square's place in the
/// tour (from 1), row by row from the top.
const THESIS_TOUR: [[usize; 8]; 8] = [
    [2, 63, 16, 25, 44, 59, 14, 27],
    [17, 24, 1, 64, 15, 26, 43, 58],
    [62, 3, 52, 45, 60, 57, 28, 13],
    [23, 18, 61, 48, 51, 46, 55, 42],
    [4, 49, 22, 53, 56, 41, 12, 29],
    [19, 34, 37, 50, 47, 54, 9, 40],
    [36, 5, 32, 21, 38, 7, 30, 11],
    [33, 20, 35, 6, 31, 10, 39, 8],
];

/// The squares of a figure in visiting order.
fn visiting_order(figure: &[[usize; 8]; 8]) -> Vec<usize> {
    let mut order = vec![0; 64];
    for (row, places) in figure.iter().enumerate() {
        for (col, &place) in places.iter().enumerate() {
            order[place - 1] = row * 8 + col;
        }
    }
    order
}

#[test]
fn the_first_step_from_square_11_is_the_thesis_s() {
    // Şekil-12-b: from its square 11 the knight reaches 1, 5, 21, 28, 26, 17 (from 1), with 1, 3, 7, 7, 5, 3
    // onward moves; the corner wins.
    let knight = Warnsdorff::new(8, 10, TieBreak::First);
    let mut counts: Vec<(usize, usize)> = knight.candidates().iter().map(|c| (c.square + 1, c.onward.len())).collect();
    counts.sort_unstable();
    assert_eq!(counts, [(1, 1), (5, 3), (17, 3), (21, 7), (26, 5), (28, 7)]);
    let onward_from_1: Vec<usize> =
        knight.candidates().iter().find(|c| c.square == 0).expect("the corner").onward.clone();
    assert_eq!(onward_from_1, [17], "from its square 1 only its 18 is left");
    assert_eq!(knight.choose(None), Some(0));
}

#[test]
fn the_plain_rule_from_square_11_draws_the_thesis_tour_move_for_move() {
    let thesis = visiting_order(&THESIS_TOUR);
    assert!(is_tour(8, &thesis, false), "the figure itself is a tour");
    let ours = Warnsdorff::new(8, 10, TieBreak::First).run(None).expect("a full tour");
    assert_eq!(ours, thesis);
}

#[test]
fn every_move_of_the_thesis_tour_goes_to_a_square_with_the_fewest_onward_moves() {
    let thesis = visiting_order(&THESIS_TOUR);
    let mut knight = Warnsdorff::new(8, thesis[0], TieBreak::First);
    let mut ties = 0;
    for &next in &thesis[1..] {
        let candidates = knight.candidates();
        let fewest = candidates.iter().map(|c| c.onward.len()).min().expect("a move");
        let taken = candidates.iter().find(|c| c.square == next).expect("the figure's move is a knight's move");
        assert_eq!(taken.onward.len(), fewest, "to square {next}");
        ties += usize::from(candidates.iter().filter(|c| c.onward.len() == fewest).count() > 1);
        assert!(knight.go(next));
    }
    assert_eq!(ties, 14, "the moves where the rule alone does not decide");
}

#[test]
fn open_tours_are_found_for_every_board_from_5_to_60_and_a_sample_to_1000() {
    // 223 and 243 stall the look-ahead and 236 every Warnsdorff tie-break tried: they need the fallbacks.
    let sizes = (5..=60).chain([99, 128, 223, 236, 243, 255, 256, 333, 500, 777, 1000]);
    for n in sizes {
        let tour = open_tour(n, 0).unwrap_or_else(|e| panic!("{n}×{n}: {e}"));
        assert!(is_tour(n, &tour.squares, false), "{n}×{n}");
        assert_eq!(tour.squares[0], 0);
    }
}

#[test]
fn an_odd_board_that_stalls_every_tie_break_from_the_corner_is_toured_from_each_corner_by_blocks() {
    // 423 stalls the look-ahead, Roth's order and 100 random tie-breaks from the corner (the benchmark's sweep).
    let n = 423;
    for corner in [0, n - 1, (n - 1) * n, n * n - 1] {
        let tour = open_tour(n, corner).unwrap_or_else(|e| panic!("from {corner}: {e}"));
        assert!(is_tour(n, &tour.squares, false), "from {corner}");
        assert_eq!(tour.squares[0], corner);
    }
}

#[test]
fn closed_tours_are_found_for_every_even_board_from_6_to_100_and_a_sample_to_1000() {
    let sizes = (6..=100).step_by(2).chain([128, 254, 500, 998, 1000]);
    for n in sizes {
        let start = n * n / 3;
        let tour = closed_tour(n, start).unwrap_or_else(|e| panic!("{n}×{n}: {e}"));
        assert!(is_tour(n, &tour.squares, true), "{n}×{n}");
        assert_eq!(tour.squares[0], start);
    }
}

#[test]
fn the_validator_refuses_a_repeat_a_missing_square_a_bad_step_and_an_open_end() {
    let tour = closed_tour(6, 0).expect("a tour").squares;
    assert!(is_tour(6, &tour, true));
    let mut repeat = tour.clone();
    repeat[5] = repeat[4];
    assert!(!is_tour(6, &repeat, false));
    assert!(!is_tour(6, &tour[..35], false));
    let mut swapped = tour.clone();
    swapped.swap(3, 20);
    assert!(!is_tour(6, &swapped, false));
    let open = open_tour(5, 0).expect("a tour").squares;
    assert!(is_tour(5, &open, false));
    assert!(!is_tour(5, &open, true), "a 5×5 tour cannot close: 25 squares, two colours");
}

#[test]
fn boards_without_tours_and_squares_off_the_board_are_refused() {
    for n in [0, 2, 3, 4, 2_001] {
        assert!(matches!(open_tour(n, 0), Err(Error::NoTour(_))), "open {n}");
    }
    for n in [0, 4, 5, 7, 2_002] {
        assert!(matches!(closed_tour(n, 0), Err(Error::NoTour(_))), "closed {n}");
    }
    assert_eq!(open_tour(8, 64), Err(Error::Square { n: 8, square: 64 }));
    assert_eq!(closed_tour(6, 36), Err(Error::Square { n: 6, square: 36 }));
    // On a 5×5 board square 1 is not a corner's colour: no open tour starts there.
    assert!(matches!(open_tour(5, 1), Err(Error::NoTour(_))));
    assert_eq!(open_tour(1, 0).expect("one square").squares, [0]);
}

#[test]
fn the_plain_rule_stalls_on_some_board_where_the_look_ahead_does_not() {
    // The thesis's rule with ties to the first move: it fails somewhere between 5 and 60 from the corner.
    let stalls: Vec<usize> = (5..=60).filter(|&n| Warnsdorff::new(n, 0, TieBreak::First).run(None).is_err()).collect();
    assert!(!stalls.is_empty());
    for &n in &stalls {
        assert!(Warnsdorff::new(n, 0, TieBreak::Lookahead).run(None).is_ok(), "the look-ahead on {n}×{n}");
    }
}
