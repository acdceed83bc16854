//! `hamle chess suite` on small EPD files written here: three mates in one (checked with Stockfish: each listed
//! move mates, and no other move does; and by hand, see [`MATES`]), a bad line, a missing file.

mod run;

use std::path::{Path, PathBuf};
use std::process::Output;

use run::{hamle, text};
use serde_json::Value;

/// Three mates in one: a rook on the back rank for white, the same for black, and a pawn that mates by
/// promoting to a queen or a rook.
///
/// Checked by hand: Ra8+ leaves the king on g8 no square (f8 and h8 on the rook's rank, f7, g7 and h7 its own
/// pawns) and black has no piece to take or block; Ra1+ is the same with the colours swapped. After c8=Q+ or
/// c8=R+ the king on a8 has a7 and b7 (the king on b6's) and b8 (the new piece's) taken, and c8 is two squares
/// away.
const MATES: &str = "\
6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"back rank\";
r5k1/8/8/8/8/8/5PPP/6K1 b - - bm Ra1#; c0 \"black mates\"; id \"black back rank\";
k7/2P5/1K6/8/8/8/8/8 w - - bm c8=Q# c8=R#; id \"promotion\";
";

/// Writes `text` to a file of its own under the system's temporary directory.
fn epd_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("hamle-chess-suite-{}-{name}.epd", std::process::id()));
    std::fs::write(&path, text).expect("the EPD file is written");
    path
}

fn suite(path: &Path, extra: &[&str]) -> Output {
    let path = path.to_str().expect("a UTF-8 temporary path");
    let mut args = vec!["chess", "suite", path, "--ms", "200"];
    args.extend_from_slice(extra);
    hamle(&args)
}

fn assert_clean_failure(out: &Output, expect: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "exit code 1: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(err.contains(expect), "stderr should mention {expect:?}: {err}");
}

#[test]
fn the_engine_solves_three_mates_in_one_and_says_so_in_json() {
    let path = epd_file("mates-json", MATES);
    let out = suite(&path, &["--json"]);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(report["solved"], 3, "{report}");
    assert_eq!(report["total"], 3);
    assert_eq!(report["ms"], 200);
    assert_eq!(report["failed"].as_array().map(Vec::len), Some(0));
    let positions = report["positions"].as_array().expect("positions");
    let ids: Vec<&str> = positions.iter().filter_map(|p| p["id"].as_str()).collect();
    assert_eq!(ids, ["back rank", "black back rank", "promotion"]);
    assert_eq!(positions[0]["played"], "Ra8#");
    assert_eq!(positions[1]["played"], "Ra1#");
    for p in positions {
        assert_eq!(p["ok"], true, "{p}");
        let seconds = p["seconds"].as_f64().expect("seconds");
        assert!((0.0..1.0).contains(&seconds), "within about the 200 ms given: {p}");
        assert!(p["depth"].as_u64().is_some() && p["nodes"].as_u64().is_some(), "{p}");
    }
}

#[test]
fn text_mode_prints_a_line_per_position_then_the_score() {
    // At a node budget the engine's search is the same on every run, so which positions it solves is fixed.
    // The three mates in one are solved (checked by hand, see MATES: the engine takes a mate in one at any
    // depth). The last position is not: black wins the rook ending with many moves, the file wants Ra2, and
    // the engine plays Kf7 — that move is the program's own answer at 20000 nodes, taken from its output.
    let text_in = format!("{MATES}r5k1/8/8/8/8/8/5PP1/6K1 b - - am Ra1+; bm Ra2; id \"no mate\";\n");
    let path = epd_file("mates-text", &text_in);
    let out = suite(&path, &["--nodes", "20000"]);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "four positions, the score, the failures: {stdout}");
    let expected = [
        "back rank Ra8# ok ",
        "black back rank Ra1# ok ",
        "promotion c8=Q# ok ",
        "no mate FAIL: played Kf7, wanted Ra2, not Ra1+ ",
    ];
    for (line, start) in lines.iter().zip(expected) {
        assert!(line.starts_with(start), "{line} should start {start:?}");
        assert!(line.ends_with(" s"), "{line}");
    }
    assert_eq!(lines[4], "solved 3 / 4");
    assert_eq!(lines[5], "failed: no mate");
}

#[test]
fn a_bad_line_fails_with_its_number() {
    let bad = format!("{MATES}6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Rb9; id \"typo\";\n");
    let path = epd_file("bad-move", &bad);
    let out = suite(&path, &["--json"]);
    std::fs::remove_file(&path).ok();
    assert_clean_failure(&out, "line 4:");
    assert_clean_failure(&out, "'Rb9'");
    assert!(out.stdout.is_empty(), "nothing searched: the file is checked first");

    let path = epd_file("bad-fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 x - - bm Ra8#;\n");
    let out = suite(&path, &[]);
    std::fs::remove_file(&path).ok();
    assert_clean_failure(&out, "line 1: invalid FEN: side to move 'x'");

    let path = epd_file("no-answer", "# nothing says what solves it\n6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"x\";\n");
    let out = suite(&path, &[]);
    std::fs::remove_file(&path).ok();
    assert_clean_failure(&out, "line 2: no bm or am");
}

#[test]
fn a_missing_file_or_a_bad_bot_fails_cleanly() {
    let missing = std::env::temp_dir().join(format!("hamle-chess-suite-{}-missing.epd", std::process::id()));
    assert_clean_failure(&suite(&missing, &[]), "reading");
    let path = epd_file("bad-bot", MATES);
    let out = suite(&path, &["--bot", "nosuchbot"]);
    std::fs::remove_file(&path).ok();
    assert_clean_failure(&out, "nosuchbot");
}

#[test]
fn a_node_budget_gives_the_same_moves_and_counts_on_every_run() {
    // The opening position: the engine does not finish its search within the nodes, so the budget decides.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4; id \"start\";\n";
    let path = epd_file("nodes", &format!("{MATES}{start}"));
    let runs: Vec<Value> = (0..2)
        .map(|_| {
            let out = suite(&path, &["--nodes", "20000", "--json"]);
            assert!(out.status.success(), "{}", text(&out.stderr));
            serde_json::from_slice(&out.stdout).expect("JSON on stdout")
        })
        .collect();
    std::fs::remove_file(&path).ok();
    assert_eq!(runs[0]["nodes"], 20000, "{}", runs[0]);
    assert_eq!(runs[0]["ms"], Value::Null, "the time given does not apply");
    let rows = |run: &Value| -> Vec<(Value, Value, Value)> {
        let positions = run["positions"].as_array().expect("positions");
        positions.iter().map(|p| (p["played"].clone(), p["nodes"].clone(), p["depth"].clone())).collect()
    };
    assert_eq!(rows(&runs[0]), rows(&runs[1]), "moves, nodes and depths repeat");
    // Every position is solved: the mates checked by hand (see MATES), and the opening with e4, one of the
    // four moves the file lists — which of them is the program's own answer at 20000 nodes.
    let solved = |run: &Value| -> Vec<String> {
        let positions = run["positions"].as_array().expect("positions");
        positions.iter().filter(|p| p["ok"] == true).map(|p| p["id"].as_str().unwrap_or_default().to_owned()).collect()
    };
    assert_eq!(solved(&runs[0]), ["back rank", "black back rank", "promotion", "start"], "{}", runs[0]);
    assert_eq!(runs[0]["positions"][3]["played"], "e4", "{}", runs[0]);
    assert_eq!(runs[0]["failed"].as_array().map(Vec::len), Some(0), "{}", runs[0]);
    let start_nodes = rows(&runs[0])[3].1.as_u64().expect("nodes");
    assert!((10_000..=20_000).contains(&start_nodes), "the opening used the budget and no more: {start_nodes}");
    let out = suite(&path, &["--nodes", "0"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(text(&out.stderr).contains("invalid value '0' for '--nodes"), "{}", text(&out.stderr));
}
