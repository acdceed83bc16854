//! `hamle analyse`: a hamle record and a PGN analysed in a real process, the decisions marked where worked by
//! hand, the table and the JSON, and clean failures for what does not read.

mod run;

use std::process::Output;

use run::{hamle, hamle_with_input, text};
use serde_json::Value;

fn clean_failure(out: &Output, expect: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "should fail: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(err.contains(expect), "stderr should mention {expect:?}: {err}");
}

/// A file of the test's own, removed when dropped.
struct File(std::path::PathBuf);

impl File {
    fn new(name: &str, text: &str) -> File {
        let path = std::env::temp_dir().join(format!("hamle-analyse-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("written");
        File(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("a path")
    }
}

impl Drop for File {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// X b2, O b1, X a1, O c3, X a3, O a2, X c1: after X's centre, O's edge b1 loses (X a1 forces c3, then a3 makes two
/// threats, a2 and c1), a draw let slip by half a point; every other move keeps its result (X was winning from
/// b1 on, and O lost whatever it did), worked by hand.
const THROWN: &str = r#"{"format": "hamle-record", "game": "tictactoe", "seats": ["person", "person"], "seed": 1,
  "actions": [{"seat": 0, "action": "move", "move": "b2"}, {"seat": 1, "action": "move", "move": "b1"},
  {"seat": 0, "action": "move", "move": "a1"}, {"seat": 1, "action": "move", "move": "c3"},
  {"seat": 0, "action": "move", "move": "a3"}, {"seat": 1, "action": "move", "move": "a2"},
  {"seat": 0, "action": "move", "move": "c1"}]}"#;

#[test]
fn a_draw_let_slip_is_the_one_mark_of_a_tictactoe_record() {
    let record = File::new("thrown.json", THROWN);
    let out = hamle(&["analyse", record.arg(), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    let marked: Vec<(u64, &str, &str)> = report["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| !m["mark"].is_null())
        .map(|m| {
            (m["ply"].as_u64().expect("ply"), m["played"].as_str().expect("played"), m["mark"].as_str().expect("mark"))
        })
        .collect();
    assert_eq!(marked, vec![(2, "b1", "mistake")]);
    assert_eq!(report["seats"][1]["thrown"], 1);
    assert_eq!(report["seats"][0]["thrown"], 0);
    let table = hamle(&["analyse", record.arg()]);
    let table = text(&table.stdout);
    assert!(table.contains("seat 1 (person): 3 decisions") && table.contains("; 1 mistake, 0 blunder"), "{table}");
}

#[test]
fn a_hung_queen_in_a_pgn_is_a_blunder_and_standard_input_reads() {
    // 3.Qf5 leaves the queen to the e6 pawn, and nothing wins it back.
    let pgn = "[Event \"?\"]\n\n1. e4 e6 2. Qg4 Nc6 3. Qf5 exf5 *\n";
    let out = hamle_with_input(&["analyse", "-", "--json", "--effort", "20000"], pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    let qf5 = report["moves"].as_array().expect("moves").iter().find(|m| m["played"] == "Qf5").expect("Qf5 judged");
    assert_eq!(qf5["mark"], "blunder", "{qf5}");
    assert!(qf5["loss"].as_f64().is_some_and(|l| l > 500.0), "{qf5}");
    assert_eq!(report["budget"]["effort"], 20_000);
}

#[test]
fn what_does_not_read_is_a_clean_failure() {
    let pgn = File::new("illegal.pgn", "1. e4 e5 2. Ke3 *\n");
    clean_failure(&hamle(&["analyse", pgn.arg()]), "'Ke3' is not a legal move");
    let json = File::new("other.json", "{\"moves\": []}");
    clean_failure(&hamle(&["analyse", json.arg()]), "not a hamle record");
    let record = File::new("record.json", THROWN);
    clean_failure(&hamle(&["analyse", record.arg(), "--effort", "7"]), "effort for tictactoe is 1 to 1");
    let mut cut: Value = serde_json::from_str(THROWN).expect("json");
    cut["actions"].as_array_mut().expect("actions").pop();
    let unfinished = File::new("unfinished.json", &cut.to_string());
    clean_failure(&hamle(&["analyse", unfinished.arg()]), "not over");
    clean_failure(&hamle(&["analyse", "/nonexistent/record.json"]), "cannot read /nonexistent/record.json");
    let queens = File::new("queens.txt", "whatever");
    clean_failure(&hamle(&["analyse", queens.arg(), "--kind", "queens"]), "queens has no analyst");
}
