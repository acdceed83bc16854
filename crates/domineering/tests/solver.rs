//! The exact solver against plain minimax, the board's symmetry and the literature's small results.

use std::collections::HashMap;

use hamle_core::{Game, Stream};
use hamle_domineering::solve::{Bounds, SolveError, SolveOptions, minimax_wins, solve, solve_position};
use hamle_domineering::{Domineering, Side};

fn winner(rows: usize, cols: usize, first: Side) -> Side {
    solve(rows, cols, first, &SolveOptions { table_bytes: Some(1 << 20), ..SolveOptions::default() })
        .expect("solvable")
        .winner
}

fn minimax_winner(game: &Domineering) -> Side {
    if minimax_wins(game) { game.to_move() } else { game.to_move().other() }
}

#[test]
fn on_2x2_the_first_player_wins() {
    for first in [Side::Vertical, Side::Horizontal] {
        assert_eq!(winner(2, 2, first), first);
        assert!(minimax_wins(&Domineering::new(2, 2, first).expect("valid")));
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_every_board_up_to_4x5() {
    for rows in 1..=5 {
        for cols in 1..=5 {
            if rows * cols > 20 {
                continue;
            }
            for first in [Side::Vertical, Side::Horizontal] {
                let start = Domineering::new(rows, cols, first).expect("valid");
                assert_eq!(winner(rows, cols, first), minimax_winner(&start), "{rows}x{cols}, {} first", first.name());
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_random_positions() {
    let mut stream = Stream::new(2026);
    let options = SolveOptions { table_bytes: Some(256 << 10), ..SolveOptions::default() };
    let mut moves = Vec::new();
    for _ in 0..300 {
        let (rows, cols) = (2 + stream.below(4), 2 + stream.below(4));
        let first = if stream.below(2) == 0 { Side::Vertical } else { Side::Horizontal };
        let mut game = Domineering::new(rows, cols, first).expect("valid");
        for _ in 0..stream.below(4) {
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            game.play(mv);
        }
        let solved = solve_position(&game, &options).expect("small");
        assert_eq!(solved.winner, minimax_winner(&game), "{rows}x{cols}: {game}");
        if let Some(mv) = solved.best {
            let mut child = game.clone();
            child.try_play(mv).expect("the solver's move is legal");
            assert!(!minimax_wins(&child), "the solver's move wins");
        }
    }
}

/// A random position of a `rows`×`cols` board from the stream, played down to at most `empty` empty cells,
/// solved with each choice of bounds: Bullock's count and the proven one must agree with plain search.
fn check_bounds(stream: &mut Stream, (rows, cols): (usize, usize), empty: u32) {
    let first = if stream.below(2) == 0 { Side::Vertical } else { Side::Horizontal };
    let mut game = Domineering::new(rows, cols, first).expect("valid");
    let mut moves = Vec::new();
    while game.empty_cells() > empty {
        game.legal_moves(&mut moves);
        let Some(&mv) = stream.pick(&moves) else { break };
        game.play(mv);
    }
    let with = |bounds| {
        let options = SolveOptions { table_bytes: Some(1 << 20), bounds, ..SolveOptions::default() };
        solve_position(&game, &options).expect("few empty cells").winner
    };
    let plain = with(Bounds::Off);
    assert_eq!(with(Bounds::Bullock), plain, "Bullock's count, {rows}x{cols}: {game}");
    assert_eq!(with(Bounds::Proven), plain, "the proven count, {rows}x{cols}: {game}");
}

#[test]
fn the_bounds_never_change_an_answer() {
    // Beyond minimax's reach: the solver with each choice of move-count bounds against itself without
    // them, on random positions of boards up to 7×7 with at most 26 empty cells. Bullock's count is
    // checked here, not proved (`docs/rules/domineering.md`).
    let mut stream = Stream::new(7);
    for _ in 0..300 {
        let size = (4 + stream.below(4), 4 + stream.below(4));
        check_bounds(&mut stream, size, 26);
    }
}

#[test]
fn the_bounds_never_change_an_answer_on_boards_over_64_cells() {
    // The same on the solver's 128-bit boards, up to 16 lines of 8 and 11×11, with at most 32 empty cells.
    let mut stream = Stream::new(8);
    for _ in 0..60 {
        let size = [(9, 8), (8, 9), (11, 11), (16, 8), (8, 16), (13, 9)][stream.below(6)];
        check_bounds(&mut stream, size, 32);
    }
}

/// Minimax that, like the solver, never plays a safe move while it has another move.
fn wins_without_safe_moves(state: &Domineering, memo: &mut HashMap<Domineering, bool>) -> bool {
    if let Some(&known) = memo.get(state) {
        return known;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.iter().any(|&mv| !state.is_safe(mv)) {
        moves.retain(|&mv| !state.is_safe(mv));
    }
    let wins = moves.iter().any(|&mv| {
        let mut child = state.clone();
        child.play(mv);
        !wins_without_safe_moves(&child, memo)
    });
    memo.insert(state.clone(), wins);
    wins
}

#[test]
fn leaving_safe_moves_out_never_changes_who_wins() {
    // Bullock's rule, which the solver relies on, checked against full minimax on random positions
    // of boards up to 5×5 with a few dominoes placed (so that safe moves are common).
    let mut stream = Stream::new(11);
    let (mut moves, mut memo, mut with_safe) = (Vec::new(), HashMap::new(), 0);
    for _ in 0..400 {
        let (rows, cols) = (2 + stream.below(4), 2 + stream.below(4));
        let first = if stream.below(2) == 0 { Side::Vertical } else { Side::Horizontal };
        let mut game = Domineering::new(rows, cols, first).expect("valid");
        for _ in 0..(rows * cols).saturating_sub(16) / 2 + stream.below(1 + rows * cols / 4) {
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            game.play(mv);
        }
        game.legal_moves(&mut moves);
        with_safe += usize::from(moves.iter().any(|&mv| game.is_safe(mv)));
        assert_eq!(wins_without_safe_moves(&game, &mut memo), minimax_wins(&game), "{rows}x{cols}: {game}");
    }
    assert!(with_safe > 50, "only {with_safe} positions gave the mover a safe move");
}

#[test]
fn transposing_the_board_swaps_the_roles() {
    for rows in 1..=6 {
        for cols in 1..=6 {
            for first in [Side::Vertical, Side::Horizontal] {
                let here = winner(rows, cols, first);
                let there = winner(cols, rows, first.other());
                assert_eq!(here, there.other(), "{rows}x{cols} with {} first", first.name());
            }
        }
    }
}

#[test]
fn the_small_square_boards_match_the_literature() {
    // 2×2, 3×3, 4×4 and 6×6: the first player wins; 5×5: the second player wins.
    for (n, first_wins) in [(2, true), (3, true), (4, true), (5, false), (6, true)] {
        for first in [Side::Vertical, Side::Horizontal] {
            let expected = if first_wins { first } else { first.other() };
            assert_eq!(winner(n, n, first), expected, "{n}x{n}");
        }
    }
}

#[test]
fn threads_give_the_same_answer() {
    for (rows, cols) in [(1, 2), (2, 2), (2, 3), (3, 3), (5, 5), (4, 7), (6, 5)] {
        for first in [Side::Vertical, Side::Horizontal] {
            let options = SolveOptions { threads: 2, table_bytes: Some(1 << 20), ..SolveOptions::default() };
            let two = solve(rows, cols, first, &options).expect("solvable");
            assert_eq!(two.winner, winner(rows, cols, first), "{rows}x{cols}");
        }
    }
}

#[test]
fn a_node_limit_gives_up_with_an_error() {
    let start = Domineering::new(7, 7, Side::Vertical).expect("valid");
    for threads in [1, 2] {
        let options =
            SolveOptions { threads, max_nodes: Some(5_000), table_bytes: Some(64 << 10), ..SolveOptions::default() };
        assert!(matches!(solve_position(&start, &options), Err(SolveError::OutOfBudget { .. })), "{threads} threads");
    }
}

#[test]
fn boards_over_128_cells_and_bad_sizes_are_refused() {
    let big = Domineering::new(12, 12, Side::Vertical).expect("valid");
    assert_eq!(solve_position(&big, &SolveOptions::default()), Err(SolveError::TooBig { rows: 12, cols: 12 }));
    assert!(solve(0, 5, Side::Vertical, &SolveOptions::default()).is_err());
    assert!(solve(17, 17, Side::Vertical, &SolveOptions::default()).is_err());
}

#[test]
fn a_finished_position_is_lost_by_the_side_to_move() {
    let game = Domineering::new(1, 5, Side::Vertical).expect("valid");
    let solved = solve_position(&game, &SolveOptions::default()).expect("trivial");
    assert_eq!((solved.winner, solved.best), (Side::Horizontal, None));
}
