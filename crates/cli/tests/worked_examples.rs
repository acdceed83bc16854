//! `hamle solve` for the thesis's worked examples, as a person runs it: the JSON each promises, checked answers,
//! and clear refusals of bad input.

mod run;

use std::process::Output;

use run::{hamle, hamle_with_input, text};
use serde_json::Value;

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

fn assert_clean_failure(out: &Output, expect: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "should fail: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(err.contains(expect), "stderr should mention {expect:?}: {err}");
}

#[test]
fn queens_counts_and_repairs_as_json() {
    let counts = json(&hamle(&["solve", "queens", "10", "--json"]));
    assert_eq!(
        (counts["n"].as_u64(), counts["solutions"].as_u64(), counts["unique"].as_u64()),
        (Some(10), Some(724), Some(92))
    );
    assert!(counts["seconds"].is_f64());
    let repaired = json(&hamle(&["solve", "queens", "300", "--repair", "--seed", "4", "--json"]));
    let ranks: Vec<u64> = repaired["ranks"].as_array().expect("ranks").iter().filter_map(Value::as_u64).collect();
    assert_eq!(ranks.len(), 300);
    assert_eq!(repaired["valid"], true);
    assert_eq!(repaired["start"], "greedy");
    // Checked here again, independently: no two queens share a rank or a diagonal.
    for (a, &ra) in ranks.iter().enumerate() {
        for (b, &rb) in ranks.iter().enumerate().skip(a + 1) {
            assert!(ra != rb && ra.abs_diff(rb) != (b - a) as u64, "files {a} and {b}");
        }
    }
}

#[test]
fn knights_tours_as_json_are_tours() {
    for args in [
        vec!["solve", "knights-tour", "9", "--json"],
        vec!["solve", "knights-tour", "12", "--closed", "--from", "c3", "--json"],
    ] {
        let tour = json(&hamle(&args));
        let n = tour["n"].as_u64().expect("n") as usize;
        let squares: Vec<usize> =
            tour["tour"].as_array().expect("tour").iter().filter_map(Value::as_u64).map(|s| s as usize).collect();
        let jump = |a: usize, b: usize| {
            let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        };
        let mut seen = squares.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..n * n).collect::<Vec<_>>(), "every square once");
        assert!(squares.windows(2).all(|w| jump(w[0], w[1])), "knight's moves");
        if tour["closed"] == true {
            assert!(jump(squares[0], squares[n * n - 1]), "closed");
            assert_eq!(squares[0], (n - 3) * n + 2, "from c3");
        }
    }
}

#[test]
fn the_thesis_s_knight_s_tour_from_its_square_11_step_by_step() {
    let out = hamle(&["solve", "knights-tour", "8", "--from", "10", "--rule", "plain", "--steps"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let first = text(&out.stdout).lines().next().unwrap_or_default().to_owned();
    // From square 10 (the thesis's 11): six squares with 7, 3, 3, 1, 7 and 5 onward moves; the corner, 0, wins.
    assert_eq!(first, "move   1 from  10: 20→7 16→3 4→3 0→1 27→7 25→5  → 0");
}

#[test]
fn grundy_values_and_graph() {
    let values = json(&hamle(&["solve", "grundy", "--up-to", "20", "--json"]));
    let g: Vec<u64> = values["values"].as_array().expect("values").iter().filter_map(Value::as_u64).collect();
    assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    let graph = hamle(&["solve", "grundy", "--graph", "7"]);
    assert!(graph.status.success());
    assert!(
        text(&graph.stdout).contains("14 positions; with best play MAX, who moves second, wins"),
        "{}",
        text(&graph.stdout)
    );
}

#[test]
fn sim_and_dots_solve_to_their_published_values() {
    let sim = json(&hamle(&["solve", "sim", "--json"]));
    assert_eq!(sim["winner"], "second");
    assert!(sim["nodes"].as_u64().is_some_and(|n| n > 0));
    let dots = json(&hamle(&["solve", "dots", "2x3", "--json"]));
    assert_eq!((dots["rows"].as_u64(), dots["cols"].as_u64(), dots["value"].as_i64()), (Some(2), Some(3), Some(-2)));
}

#[test]
fn bad_sizes_squares_and_flags_are_refused_clearly() {
    assert_clean_failure(&hamle(&["solve", "queens", "0"]), "N must be from 1 to 32");
    assert_clean_failure(&hamle(&["solve", "queens", "2", "--repair"]), "N must be from 4");
    assert_clean_failure(&hamle(&["solve", "queens", "eight"]), "'eight' is not a board size");
    assert_clean_failure(&hamle(&["solve", "knights-tour", "2"]), "no knight's tour");
    assert_clean_failure(&hamle(&["solve", "knights-tour", "7", "--closed"]), "odd boards have none");
    assert_clean_failure(&hamle(&["solve", "knights-tour", "8", "--from", "64"]), "square 64 is not on a 8×8 board");
    assert_clean_failure(&hamle(&["solve", "knights-tour", "8", "--from", "j9"]), "'j9' is not a square");
    assert_clean_failure(&hamle(&["solve", "dots", "0x9"]), "from 1 to 6 boxes a side");
    assert_clean_failure(&hamle(&["solve", "dots", "4x4"]), "40 lines");
    assert_clean_failure(&hamle(&["solve", "grundy", "--graph", "7-0"]), "at least one counter");
    assert_clean_failure(&hamle(&["solve", "grundy"]), "either --up-to N");
    assert_clean_failure(&hamle(&["solve", "queens", "8", "--closed"]), "--closed is for knights-tour");
    assert_clean_failure(&hamle(&["solve", "tictactoe", "--count"]), "--count is for queens");
}

#[test]
fn a_taken_edge_and_a_heap_of_0_are_refused_in_play_and_change_nothing() {
    let out = hamle_with_input(&["play", "sim", "--bot", "random"], "1-2\n2-1\nhistory\nquit\n");
    let said = text(&out.stdout);
    assert!(said.contains("1-2 is not legal here"), "the edge 2-1 is 1-2, taken: {said}");
    assert!(said.contains("Moves so far: 1-2 "), "{said}");
    let out = hamle(&["play", "grundy(heaps=7-0)"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("'7-0' is not a value of heaps (expected 1..=1000"), "{}", text(&out.stderr));
}

#[test]
fn a_person_tours_in_the_terminal_with_the_helper_s_moves() {
    let out = hamle_with_input(&["play", "knights-tour(size=5)", "--bot", "warnsdorff"], "a1\nbot\nz9\nquit\n");
    let said = text(&out.stdout);
    assert!(said.contains("Player plays a1."), "{said}");
    assert!(said.contains("'z9' is not a square of the 5×5 board"), "{said}");
    assert!(!said.contains("panicked"));
}
