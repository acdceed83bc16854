//! `hamle lab reproduce`, as a researcher runs it, at small scales: the report, its charts and its figures, and
//! clear refusals of bad input. (001 needs Stockfish and 002 solves 512 boards: their parts are tested inside
//! the binary's modules.)

mod run;

use std::path::PathBuf;

use run::{hamle, text};
use serde_json::Value;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-lab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs a reproduction into a fresh folder and returns the folder and its `results.json`.
fn reproduce(document: &str, scale: &str) -> (PathBuf, Value) {
    let dir = folder(document);
    let out = dir.to_str().expect("a path");
    let run = hamle(&["lab", "reproduce", document, "--games-scale", scale, "--out", out, "--threads", "2"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("report written to"), "{}", text(&run.stdout));
    let results = std::fs::read_to_string(dir.join("results.json")).expect("results.json");
    (dir, serde_json::from_str(&results).expect("JSON"))
}

fn finding<'a>(results: &'a Value, what: &str) -> &'a Value {
    results["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| f["what"].as_str().is_some_and(|w| w.contains(what)))
        .unwrap_or_else(|| panic!("no finding {what:?}: {results}"))
}

/// The blog's claims (`004`): perfect play draws, the minimax player never loses, the blog's code plays bad
/// moves. The first bad move as X is the one the exact solution marks (after a1 b1 it lets a won game go).
#[test]
fn tictactoe_report_finds_the_blogs_bad_move_and_perfect_play_never_losing() {
    let (dir, results) = reproduce("004", "0.1");
    for what in ["perfect play is a draw", "a minimax player never loses", "unexpected bad move"] {
        assert_eq!(finding(&results, what)["reproduces"], true, "{what}");
    }
    let walks = results["walks"].as_array().expect("walks");
    let walk = |bot: &str, side: &str| {
        walks.iter().find(|w| w["bot"] == bot && w["side"] == side).unwrap_or_else(|| panic!("{bot} {side}"))
    };
    assert_eq!((walk("perfect", "X")["lost"].as_u64(), walk("perfect", "O")["lost"].as_u64()), (Some(0), Some(0)));
    let bad = walk("blog", "X")["bad_positions"].as_array().expect("bad positions");
    assert!(bad.iter().any(|p| p == ".../.../xo. x"), "{bad:?}");
    let report = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
    assert!(report.starts_with("# Seed 004"), "{report}");
    assert!(report.contains("it plays **c1**, which turns a win into a draw"), "{report}");
    assert!(report.contains("hamle lab reproduce 004 --games-scale 0.1 --seed 1"), "the command is written down");
}

/// The 2048 report (`003`): four runs, each compared with the report's 23 of 30; the seed bot reaches 2048 in none
/// of the first four seeded games, which Fisher's exact test tells apart from 23 of 30 (p ≈ 0.008).
#[test]
fn tiles_report_compares_each_reading_with_the_reports_share_and_draws_its_charts() {
    let (dir, results) = reproduce("003", "0.1");
    let findings = results["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 4, "two readings by two tile draws");
    for f in findings {
        assert_eq!(f["seed"], "23/30, 76.7 % (59.1–88.2)");
        assert_eq!(f["reproduces"], false, "{f}");
        assert!(f["why"].as_str().is_some_and(|w| w.contains("0/4 cannot be one rate")), "{f}");
    }
    let chart = |name: &str| std::fs::read_to_string(dir.join(name)).expect("chart");
    // The report's share in red, then each run's, labelled by reading and tile draw.
    let reach = chart("reach-2048.svg");
    let dots: Vec<&str> = reach.lines().filter(|l| l.starts_with("<circle")).collect();
    assert_eq!(dots.len(), 5, "the report and four runs: {reach}");
    assert!(dots[0].contains("fill=\"#FF0000\"") && dots[1..].iter().all(|d| d.contains("fill=\"#0000FF\"")));
    for label in ["\nthe report\n", "\nper-move, 80/20\n", "\nper-tile, 90/10\n"] {
        assert!(reach.contains(label), "{label} in {reach}");
    }
    // Four runs over six tiles, and the report's 2048 as one red mark.
    let largest = chart("largest-tile.svg");
    let dots: Vec<&str> = largest.lines().filter(|l| l.starts_with("<circle")).collect();
    assert_eq!(dots.len(), 4 * 6 + 1, "{largest}");
    assert_eq!(dots.iter().filter(|d| d.contains("fill=\"#FF0000\"")).count(), 1);
    assert!(largest.contains("\nseed(sums=per-tile) on 2048\n"), "a run's name in the legend: {largest}");
}

/// The Hapis thesis (`000`): the bot plays §4.6's 2-3 as the thesis does, and the search chapters' worked examples
/// come out as printed (values the thesis prints, checked by hand in `docs/rules/`).
#[test]
fn hapis_report_plays_the_worked_example_and_gets_the_search_chapters_values() {
    let (dir, results) = reproduce("000", "0.5");
    assert_eq!(finding(&results, "the play chosen for 2-3")["ours"], "`9/11 5/8`");
    assert_eq!(finding(&results, "the play chosen for 2-3")["reproduces"], true);
    assert_eq!(finding(&results, "worked examples' values")["ours"], "7 of 7 the same");
    let report = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
    assert!(report.contains("| 20 | 2 | [3, 16, 7], 1.583 | [3, 16, 7], 1.583 | same |"), "{report}");
    let matches = results["matches"].as_array().expect("matches");
    assert_eq!(matches.len(), 5, "one match per opponent");
    assert!(matches.iter().all(|m| m["games"] == 2), "4 games × 0.5");
}

#[test]
fn bad_scales_documents_and_folders_are_refused_clearly() {
    for scale in ["0", "-1", "NaN", "inf", "1001"] {
        let flag = format!("--games-scale={scale}");
        let run = hamle(&["lab", "reproduce", "004", &flag, "--out", "/nonexistent/never"]);
        assert!(!run.status.success(), "{scale}");
        let err = text(&run.stderr);
        assert!(err.contains("--games-scale must be above 0 and at most 1000"), "{scale}: {err}");
    }
    let run = hamle(&["lab", "reproduce", "005"]);
    assert!(!run.status.success());
    assert!(text(&run.stderr).contains("possible values: 000, 001, 002, 003, 004"), "{}", text(&run.stderr));
    let file = folder("file");
    std::fs::write(&file, "not a folder").expect("a file");
    let run = hamle(&["lab", "reproduce", "004", "--games-scale", "0.02", "--out", file.to_str().expect("a path")]);
    assert!(!run.status.success());
    let err = text(&run.stderr);
    assert!(err.contains("making") && !err.contains("panicked"), "{err}");
}
