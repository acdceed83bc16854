//! N queens: the counts against the thesis's table and a brute force, min-conflicts and its refusals.

use std::collections::BTreeSet;

use hamle_core::Stream;
use hamle_puzzles::queens::{Board, Error, Start, count, is_solution, repair};

/// The thesis's table (Şekil-18), n = 1..23: every solution and the distinct ones. The same figures are
/// OEIS A000170 and A002562, found by others' programs: an independent source.
const THESIS: [(u64, u64); 23] = [
    (1, 1),
    (0, 0),
    (0, 0),
    (2, 1),
    (10, 2),
    (4, 1),
    (40, 6),
    (92, 12),
    (352, 46),
    (724, 92),
    (2_680, 341),
    (14_200, 1_787),
    (73_712, 9_233),
    (365_596, 45_752),
    (2_279_184, 285_053),
    (14_772_512, 1_846_955),
    (95_815_104, 11_977_939),
    (666_090_624, 83_263_591),
    (4_968_057_848, 621_012_754),
    (39_029_188_884, 4_878_666_808),
    (314_666_222_712, 39_333_324_973),
    (2_691_008_701_644, 336_376_244_042),
    (24_233_937_684_440, 3_029_242_658_210),
];

#[test]
fn counts_match_the_thesis_table_up_to_16_queens() {
    for n in 1..=16 {
        let counts = count(n).expect("a size in range");
        assert_eq!((counts.solutions, counts.unique), THESIS[n - 1], "{n} queens");
    }
}

/// Every solution by plain backtracking, one rank per file.
fn all_solutions(n: usize) -> Vec<Vec<usize>> {
    fn extend(n: usize, ranks: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if ranks.len() == n {
            out.push(ranks.clone());
            return;
        }
        let file = ranks.len();
        for rank in 0..n {
            let safe = ranks.iter().enumerate().all(|(f, &r)| r != rank && file - f != rank.abs_diff(r));
            if safe {
                ranks.push(rank);
                extend(n, ranks, out);
                ranks.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// A symmetry of the N×N board: `(n, file, rank)` to the image's `(file, rank)`.
type Symmetry = fn(usize, usize, usize) -> (usize, usize);

/// The least of a solution's eight images under the board's symmetries, as a set of squares.
fn canonical(ranks: &[usize]) -> Vec<(usize, usize)> {
    let n = ranks.len();
    let squares: Vec<(usize, usize)> = ranks.iter().enumerate().map(|(f, &r)| (f, r)).collect();
    let images: [Symmetry; 8] = [
        |_, f, r| (f, r),
        |n, f, r| (r, n - 1 - f),
        |n, f, r| (n - 1 - f, n - 1 - r),
        |n, f, r| (n - 1 - r, f),
        |n, f, r| (n - 1 - f, r),
        |n, f, r| (f, n - 1 - r),
        |_, f, r| (r, f),
        |n, f, r| (n - 1 - r, n - 1 - f),
    ];
    images
        .iter()
        .map(|image| {
            let mut set: Vec<(usize, usize)> = squares.iter().map(|&(f, r)| image(n, f, r)).collect();
            set.sort_unstable();
            set
        })
        .min()
        .expect("eight images")
}

#[test]
fn counts_match_a_brute_force_with_explicit_symmetry_classes() {
    // A second implementation: every solution listed, each class found by its least image.
    for n in 1..=10 {
        let solutions = all_solutions(n);
        let classes: BTreeSet<Vec<(usize, usize)>> = solutions.iter().map(|s| canonical(s)).collect();
        let counts = count(n).expect("a size in range");
        assert_eq!(counts.solutions, solutions.len() as u64, "{n} queens: solutions");
        assert_eq!(counts.unique, classes.len() as u64, "{n} queens: distinct");
        assert!(solutions.iter().all(|s| is_solution(s)));
    }
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert_eq!(count(0), Err(Error::Size { n: 0, min: 1, max: 32 }));
    assert_eq!(count(33), Err(Error::Size { n: 33, min: 1, max: 32 }));
    let mut stream = Stream::new(1);
    for n in [0, 2, 3, 10_000_001] {
        assert!(matches!(repair(n, Start::Greedy, &mut stream), Err(Error::Size { .. })), "{n} queens");
    }
}

#[test]
fn is_solution_refuses_shared_ranks_diagonals_and_squares_off_the_board() {
    assert!(is_solution(&[2, 0, 3, 1]));
    assert!(!is_solution(&[2, 0, 3, 3]), "a shared rank");
    assert!(!is_solution(&[0, 2, 3, 1]), "a shared diagonal: b3 and c4");
    assert!(!is_solution(&[2, 0, 3, 4]), "rank 5 of a 4×4 board");
    assert!(is_solution(&[]));
}

/// The thesis's example (Şekil-19): its first position, read back from the moves and value sets it prints
/// (a5 b7 c2 d4 e6 f8 g3 h1: the only ranks for f and g that give those values), one rank per file from 0.
const THESIS_START: [usize; 8] = [4, 6, 1, 3, 5, 7, 2, 0];

#[test]
fn min_conflicts_repairs_the_thesis_example_in_six_steps() {
    let mut board = Board::new(THESIS_START.to_vec());
    // Each step: the file moved, its value set as the thesis prints it (None where its queen stands),
    // and where the queen goes. Ties fall to the higher rank, as the thesis works down from the top.
    let steps: [(usize, Option<[u32; 8]>, usize); 6] = [
        (7, Some([0, 2, 2, 2, 1, 2, 2, 2]), 4),
        (0, Some([1, 2, 2, 2, 0, 2, 2, 2]), 0),
        (3, None, 7),
        (5, None, 3),
        (6, None, 0),
        (0, None, 2),
    ];
    for (i, (file, printed, to)) in steps.into_iter().enumerate() {
        assert!(board.in_conflict(file), "step {}: the queen on file {file} is attacked", i + 1);
        let mut values = board.values(file);
        let own = board.ranks()[file];
        if let Some(printed) = printed {
            values[own] = 0;
            assert_eq!(values, printed, "step {}: the thesis's value set", i + 1);
            values = board.values(file);
        }
        values[own] = u32::MAX;
        let least = *values.iter().min().expect("eight squares");
        let chosen = (0..8).rev().find(|&r| values[r] == least).expect("a least square");
        assert_eq!(chosen, to, "step {}: the least-attacked square, highest first", i + 1);
        board.shift(file, to);
    }
    assert!(is_solution(board.ranks()));
    assert_eq!(board.ranks(), [2, 6, 1, 7, 5, 3, 0, 4], "a3 b7 c2 d8 e6 f4 g1 h5, the thesis's Şekil-19-g");
}

#[test]
fn min_conflicts_solves_from_a_random_start_and_a_greedy_one() {
    for (n, start) in [(8, Start::Random), (50, Start::Random), (20_000, Start::Greedy)] {
        let done = repair(n, start, &mut Stream::new(7)).expect("solved");
        assert!(is_solution(&done.ranks), "{n} queens from {start:?}");
        assert_eq!(done.ranks.len(), n);
    }
}

#[test]
fn min_conflicts_is_replayed_from_its_seed() {
    let a = repair(200, Start::Random, &mut Stream::new(3)).expect("solved");
    let b = repair(200, Start::Random, &mut Stream::new(3)).expect("solved");
    let c = repair(200, Start::Random, &mut Stream::new(4)).expect("solved");
    assert_eq!(a, b);
    assert_ne!(a.ranks, c.ranks);
}

#[test]
fn a_greedy_start_leaves_few_conflicts_on_a_large_board() {
    let done = repair(100_000, Start::Greedy, &mut Stream::new(1)).expect("solved");
    assert!(done.conflicts_at_start < 1_000, "{} queens attacked at the start", done.conflicts_at_start);
    assert!(done.steps > 0 && done.steps < 10_000, "{} steps", done.steps);
}
