//! `hamle hapis legal|hint|perft` run in memory: the answers and the refusals the terminal shows.

use hamle_core::command::Memory;
use hamle_hapis::Position;
use hamle_hapis::commands::{HINT, LEGAL, PERFT};

fn start() -> String {
    Position::start().to_json().to_string()
}

#[test]
fn perft_counts_from_the_start_and_from_a_given_position() {
    let memory = Memory::default();
    let (done, out) = memory.run(&PERFT, "hapis", &[("depth", "1")], "");
    assert!(done.is_ok());
    // 59 as the thesis's reference implementation counts it (against_reference.rs).
    assert_eq!(out, "59\n");
    assert!(memory.notes().starts_with("perft 1: 59 in "), "{}", memory.notes());
    let (done, out) = memory.run(&PERFT, "hapis", &[("depth", "0"), ("position", &start())], "");
    assert!(done.is_ok());
    assert_eq!(out, "1\n", "depth 0 is the position itself");
    let (missing, _) = memory.run(&PERFT, "hapis", &[], "");
    assert_eq!(missing.expect_err("no depth").to_string(), "--depth is missing");
}

#[test]
fn legal_lists_each_distinct_play_with_its_position_and_refuses_bad_input() {
    let memory = Memory::default();
    let (done, out) = memory.run(&LEGAL, "hapis", &[("position", &start()), ("dice", "6,6")], "");
    assert!(done.is_ok());
    let plays: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let plays = plays.as_array().expect("a list");
    assert!(!plays.is_empty());
    assert!(plays.iter().all(|p| p["play"].is_string() && p["position"]["points"].is_array()), "{out}");
    let (bad, _) = memory.run(&LEGAL, "hapis", &[("position", &start()), ("dice", "0,7")], "");
    assert!(format!("{:#}", bad.expect_err("bad dice")).starts_with("--dice"));
    let (bad, _) = memory.run(&LEGAL, "hapis", &[("position", "{"), ("dice", "3,5")], "");
    assert!(format!("{:#}", bad.expect_err("bad position")).starts_with("--position"));
    let (missing, _) = memory.run(&LEGAL, "hapis", &[("dice", "3,5")], "");
    assert_eq!(missing.expect_err("no position").to_string(), "--position is missing");
}

#[test]
fn hint_ranks_as_many_plays_as_asked_in_text_or_json() {
    let memory = Memory::default();
    let given = [("position", start()), ("dice", "6,5".to_owned()), ("level", "beginner".to_owned())];
    let given: Vec<(&'static str, &str)> = given.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut json = given.clone();
    json.extend([("count", "2"), ("json", "true")]);
    let (done, out) = memory.run(&HINT, "hapis", &json, "");
    assert!(done.is_ok());
    let rows: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(rows.as_array().map(Vec::len), Some(2));
    let equities: Vec<f64> = rows.as_array().into_iter().flatten().filter_map(|r| r["equity"].as_f64()).collect();
    assert!(equities[0] >= equities[1], "best first: {equities:?}");
    let mut text = given.clone();
    text.push(("count", "1"));
    let (done, out) = memory.run(&HINT, "hapis", &text, "");
    assert!(done.is_ok());
    assert!(out.starts_with(" #  play"), "{out}");
    assert_eq!(out.lines().count(), 2, "the heading and one play: {out}");
    let mut zero = given.clone();
    zero.push(("count", "0"));
    let (refused, _) = memory.run(&HINT, "hapis", &zero, "");
    assert!(refused.expect_err("no plays").to_string().starts_with("invalid value '0' for '--count'"));
    let mut god = given;
    god[2] = ("level", "god");
    let (refused, _) = memory.run(&HINT, "hapis", &god, "");
    assert!(refused.expect_err("no such level").to_string().starts_with("--level: no level is called 'god'"));
}
