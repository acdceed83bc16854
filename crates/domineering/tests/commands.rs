//! `hamle solve domineering` run in memory: one board, the outcome table, its shards and their merge, and the
//! refusals. The outcomes of the small boards are worked by hand in each test.

use hamle_core::command::Memory;
use hamle_core::items::{ItemsPart, merge_items};
use hamle_domineering::commands::COMMANDS;

fn solve() -> &'static hamle_core::command::Command {
    hamle_core::command::find(COMMANDS, "solve").expect("a solve command")
}

#[test]
fn a_board_is_solved_and_said_in_json_or_text() {
    let memory = Memory::default();
    // 2×2: the first domino leaves the other side no two free cells in its direction, so the first player wins.
    let (done, out) =
        memory.run(solve(), "domineering", &[("size", "2x2"), ("first", "horizontal"), ("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!((report["rows"].as_u64(), report["cols"].as_u64()), (Some(2), Some(2)));
    assert_eq!(report["first"], "horizontal");
    assert_eq!(report["winner"], "horizontal");
    assert_eq!(report["first_player_wins"], true);
    assert_eq!(report["threads"], 1);
    let (done, out) = memory.run(solve(), "domineering", &[("size", "1x1")], "");
    assert!(done.is_ok());
    // 1×1: nobody can place a domino, so whoever is to move first loses.
    assert!(out.contains("winner: horizontal (the second player)"), "{out}");
    assert!(!out.contains("a winning first move"), "{out}");
}

#[test]
fn the_table_of_small_boards_has_the_letters_worked_by_hand() {
    let memory = Memory::default();
    let (done, out) = memory.run(solve(), "domineering", &[("table", "2"), ("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let table: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(table["kind"], "domineering_table");
    let letters: Vec<&str> =
        table["boards"].as_array().into_iter().flatten().filter_map(|b| b["letter"].as_str()).collect();
    // 1×1 nobody moves (2); 1×2 only Horizontal can (H); 2×1 only Vertical (V); 2×2 the first player (1).
    assert_eq!(letters, ["2", "H", "V", "1"]);
    let (done, out) = memory.run(solve(), "domineering", &[("table", "2")], "");
    assert!(done.is_ok());
    assert!(out.contains("   1  2  H"), "{out}");
    assert!(out.contains("   2  V  1"), "{out}");
}

#[test]
fn shards_of_the_table_merge_back_into_the_whole_table() {
    let memory = Memory::default();
    let mut parts = Vec::new();
    for (shard, path) in [("0/2", "p0.json"), ("1/2", "p1.json")] {
        let (done, _) = memory.run(solve(), "domineering", &[("table", "2"), ("shard", shard), ("out", path)], "");
        assert!(done.is_ok(), "{done:?}");
        let bytes = memory.file(std::path::Path::new(path)).expect("a part written");
        let part: ItemsPart = serde_json::from_slice(&bytes).expect("a part");
        assert_eq!(part.run, "domineering table");
        parts.push(part);
    }
    assert_eq!(parts[0].entries.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [0, 2], "every second board");
    let whole = merge_items(parts).expect("they fit");
    let merge = solve().merge.as_ref().expect("the table merges");
    let mut out = Vec::new();
    let mut input = std::io::empty();
    let mut call = hamle_core::command::Call {
        game: hamle_core::Spec::named("domineering"),
        given: vec![("json", "true".into())],
        out: &mut out,
        input: &mut input,
        host: &memory,
    };
    (merge.finish)(&whole, &mut call).expect("printed");
    let table: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    let letters: Vec<&str> =
        table["boards"].as_array().into_iter().flatten().filter_map(|b| b["letter"].as_str()).collect();
    assert_eq!(letters, ["2", "H", "V", "1"]);
}

#[test]
fn bad_sizes_sides_bounds_tables_and_shards_are_refused_clearly() {
    let memory = Memory::default();
    let refused = |given: &[(&'static str, &str)]| {
        let (done, _) = memory.run(solve(), "domineering", given, "");
        format!("{:#}", done.expect_err("refused"))
    };
    assert!(refused(&[("size", "8y8")]).contains("is not a size"));
    assert!(refused(&[("size", "2x2"), ("first", "diagonal")]).contains("is not a side"));
    assert!(refused(&[("size", "2x2"), ("bounds", "nope")]).contains("not a choice of bounds"));
    assert!(refused(&[("size", "2x2"), ("hash", "0")]).contains("from 1 to 16384"));
    assert!(refused(&[("table", "12")]).contains("--table takes 1 to 11"));
    assert!(refused(&[("table", "2"), ("size", "2x2")]).contains("either a size or --table N"));
    assert!(
        refused(&[("size", "2x2"), ("shard", "0/2"), ("out", "p")]).contains("--shard is for domineering --table N")
    );
    assert!(refused(&[("table", "2"), ("out", "p")]).contains("--out is where --shard writes"));
    assert!(refused(&[("table", "2"), ("shard", "0/2")]).contains("--shard writes its part to --out"));
}

#[test]
fn the_table_size_and_the_bounds_asked_for_reach_the_solver() {
    let memory = Memory::default();
    let run = |given: &[(&'static str, &str)]| -> serde_json::Value {
        let (done, out) = memory.run(solve(), "domineering", given, "");
        assert!(done.is_ok(), "{done:?}");
        serde_json::from_str(&out).expect("JSON")
    };
    assert_eq!(run(&[("size", "4x4"), ("hash", "4"), ("json", "true")])["hash_mib"], 4);
    assert_eq!(run(&[("size", "4x4"), ("hash", "7"), ("json", "true")])["hash_mib"], 7, "any size, not a power of two");
    let nodes = |bounds| run(&[("size", "4x5"), ("bounds", bounds), ("json", "true")])["nodes"].as_u64();
    assert_ne!(nodes("off"), nodes("bullock"), "the bounds cut the search");
}
