//! The `hamle` binary as a person uses it: real processes, real output.

mod run;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use run::{hamle, hamle_with_input, text};

fn assert_clean_failure(out: &Output, expect: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "should fail: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(err.contains(expect), "stderr should mention {expect:?}: {err}");
}

#[test]
fn solve_classic_tictactoe_is_a_draw() {
    let out = hamle(&["solve", "tictactoe"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).to_lowercase().contains("draw"), "{}", text(&out.stdout));
}

#[test]
fn solve_two_phase_prints_value_and_best_moves() {
    let out = hamle(&["solve", "tictactoe", "--variant", "two-phase", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(json["value"].is_string(), "{json}");
    assert!(json["best_moves"].as_array().is_some_and(|m| !m.is_empty()), "{json}");
}

#[test]
fn perfect_never_loses_to_random_and_json_holds_the_counts() {
    let out = hamle(&["match", "tictactoe", "perfect", "random", "--games", "300", "--seed", "1", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["game"], "tictactoe");
    assert_eq!(json["games"], 300);
    assert_eq!(json["seed"], 1);
    assert_eq!(json["a"]["bot"], "perfect");
    assert_eq!(json["a"]["losses"], 0);
    let a = &json["a"];
    let total = a["wins"].as_u64().unwrap_or(0) + a["draws"].as_u64().unwrap_or(0) + a["losses"].as_u64().unwrap_or(0);
    assert_eq!(total, 300);
    assert_eq!(json["b"]["wins"], a["losses"]);
    assert!(json["elo"]["ci95"].is_array());
}

#[test]
fn an_sprt_finds_perfect_play_stronger_than_random_and_its_json_holds_the_pairs() {
    let args = ["sprt", "tictactoe", "perfect", "random", "--elo0", "0", "--elo1", "10", "--seed", "2", "--json"];
    let out = hamle(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["verdict"], "h1");
    let pairs: u64 = json["pairs"].as_array().expect("pairs").iter().filter_map(|c| c.as_u64()).sum();
    assert_eq!(json["match"]["games"].as_u64(), Some(2 * pairs));
    assert!(json["llr"].as_f64().expect("llr") >= json["bounds"][1].as_f64().expect("upper bound"));
    assert!(json["match"].get("records").is_none(), "the games themselves go to --out only");
    let table = hamle(&args[..args.len() - 1]);
    assert!(text(&table.stdout).contains("H1 accepted"), "{}", text(&table.stdout));
}

#[test]
fn sprt_flags_that_cannot_make_a_test_get_clear_errors() {
    let sprt = |extra: &[&str]| {
        let mut args = vec!["sprt", "tictactoe", "perfect", "random"];
        args.extend_from_slice(extra);
        hamle(&args)
    };
    assert_clean_failure(&sprt(&["--elo0", "5", "--elo1", "0"]), "must be below --elo1");
    assert_clean_failure(&sprt(&["--elo0", "0", "--elo1", "5", "--alpha", "0.7"]), "--alpha");
    assert_clean_failure(&sprt(&["--elo0", "0", "--elo1", "5", "--max-games", "1"]), "at least 2");
    assert_clean_failure(&sprt(&["--elo1", "5"]), "--elo0");
    assert_clean_failure(&hamle(&["sprt", "2048", "random", "random", "--elo0", "0", "--elo1", "5"]), "two players");
}

#[test]
fn a_tournament_prints_ratings_and_a_crosstable_and_refuses_names_not_in_it() {
    let args = ["tournament", "tictactoe", "perfect", "random", "thesis(depth=1)", "--games-per-pair", "10"];
    let out = hamle(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(
        table.contains("anchored on thesis(depth=1)") && table.contains("points taken (row) from (column)"),
        "{table}"
    );
    let json_args = [&args[..], &["--json", "--anchor", "random"]].concat();
    let json: serde_json::Value = serde_json::from_slice(&hamle(&json_args).stdout).expect("json");
    assert_eq!(json["anchor"], "random");
    assert_eq!(json["ratings"][0]["bot"], "perfect");
    assert_eq!(json["matches"].as_array().map(Vec::len), Some(3));
    assert_clean_failure(&hamle(&[&args[..], &["--anchor", "stockfish"]].concat()), "--anchor stockfish is not one of");
    assert_clean_failure(&hamle(&[&args[..], &["--gauntlet", "perfekt"]].concat()), "--gauntlet perfekt is not one of");
    assert_clean_failure(&hamle(&["tournament", "tictactoe", "perfect"]), "required");
    assert_clean_failure(&hamle(&["tournament", "tictactoe", "perfect", "random", "--games-per-pair", "3"]), "even");
}

/// Runs `base` as shards 0..count, shard `i` writing its part to `part(i)`.
fn run_shards(base: &[&str], count: usize, part: &dyn Fn(usize) -> String) {
    for i in 0..count {
        let (shard, out) = (format!("{i}/{count}"), part(i));
        let run = hamle(&[base, &["--shard", &shard, "--out", &out, "--json"]].concat());
        assert!(run.status.success(), "{}", text(&run.stderr));
    }
}

#[test]
fn a_match_split_into_shards_and_merged_prints_what_the_whole_match_prints() {
    let dir = std::env::temp_dir().join(format!("hamle-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let base = ["match", "tictactoe", "thesis(depth=1)", "random", "--games", "31", "--seed", "4"];
    let part = |i: usize| dir.join(format!("part{i}.json")).display().to_string();
    run_shards(&base, 3, &part);
    // Every number but the wall time agrees with the whole match, parts given in any order.
    let without_time = |out: Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        v.as_object_mut().map(|m| m.remove("seconds"));
        v
    };
    let (p0, p1, p2) = (part(0), part(1), part(2));
    let merged = without_time(hamle(&["merge", &p2, &p0, &p1, "--json"]));
    assert_eq!(merged, without_time(hamle(&[&base[..], &["--json"]].concat())));
    assert_eq!(merged["games"], 31);
    assert_clean_failure(&hamle(&["merge", &p0, &p1]), "shard 2/3 is missing");
    assert_clean_failure(&hamle(&["merge", &p0, &p0, &p1, &p2]), "shard 0/3 is given twice");
    let other = dir.join("other.json").display().to_string();
    let foreign = ["match", "tictactoe", "random", "random", "--games", "31", "--seed", "4", "--shard", "1/3", "--out"];
    assert!(hamle(&[&foreign[..], &[other.as_str()]].concat()).status.success());
    assert_clean_failure(&hamle(&["merge", &p0, &other, &p2]), "of another match");
    assert_clean_failure(&hamle(&["merge", "Cargo.toml"]), "not a part written by `hamle match --shard`");
    assert_clean_failure(
        &hamle(&["match", "tictactoe", "random", "random", "--shard", "3/3", "--out", &other]),
        "not a shard",
    );
    assert_clean_failure(&hamle(&["match", "tictactoe", "random", "random", "--shard", "0/3"]), "--out");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_tournament_split_into_shards_and_merged_prints_what_the_whole_tournament_prints() {
    let dir = std::env::temp_dir().join(format!("hamle-tournament-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let base = ["tournament", "tictactoe", "perfect", "thesis(depth=1)", "random", "--games-per-pair", "10"];
    let part = |i: usize| dir.join(format!("part{i}.json")).display().to_string();
    run_shards(&base, 3, &part);
    let (p0, p1, p2) = (part(0), part(1), part(2));
    // The table has no wall time: it is the same text.
    let merged = hamle(&["merge", &p1, &p2, &p0]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let whole = hamle(&base);
    assert_eq!(text(&merged.stdout), text(&whole.stdout));
    assert!(text(&whole.stdout).contains("perfect"), "{}", text(&whole.stdout));
    // In JSON every number but the matches' wall times agrees.
    let without_time = |out: Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        for m in v["matches"].as_array_mut().expect("matches") {
            m.as_object_mut().map(|m| m.remove("seconds"));
        }
        v
    };
    let merged = without_time(hamle(&["merge", &p0, &p1, &p2, "--json"]));
    assert_eq!(merged, without_time(hamle(&[&base[..], &["--json"]].concat())));
    assert_eq!(merged["matches"].as_array().map(Vec::len), Some(3), "three pairings");
    assert_clean_failure(&hamle(&["merge", &p0, &p2]), "shard 1/3 is missing");
    let other = dir.join("other.json").display().to_string();
    let foreign = ["tournament", "tictactoe", "perfect", "random", "--games-per-pair", "10", "--shard", "1/3", "--out"];
    assert!(hamle(&[&foreign[..], &[other.as_str()]].concat()).status.success());
    assert_clean_failure(&hamle(&["merge", &p0, &other, &p2]), "of another tournament");
    assert_clean_failure(&hamle(&[&base[..], &["--shard", "0/3"]].concat()), "--out");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_domineering_table_split_into_shards_and_merged_gives_the_whole_table() {
    let dir = std::env::temp_dir().join(format!("hamle-table-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let base = ["solve", "domineering", "--table", "5"];
    let part = |i: usize| dir.join(format!("part{i}.json")).display().to_string();
    run_shards(&base, 3, &part);
    let (p0, p1, p2) = (part(0), part(1), part(2));
    // Every cell's letter and nodes agree; only the times differ.
    let without_time = |out: Output| {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        v.as_object_mut().map(|m| m.remove("seconds"));
        for b in v["boards"].as_array_mut().expect("boards") {
            b.as_object_mut().map(|b| b.remove("seconds"));
        }
        v
    };
    let merged = without_time(hamle(&["merge", &p2, &p1, &p0, "--json"]));
    assert_eq!(merged, without_time(hamle(&[&base[..], &["--json"]].concat())));
    assert_eq!(merged["boards"].as_array().map(Vec::len), Some(25));
    let grid =
        |out: Output| text(&out.stdout).lines().filter(|l| !l.starts_with("solved")).collect::<Vec<_>>().join("\n");
    assert_eq!(grid(hamle(&["merge", &p0, &p1, &p2])), grid(hamle(&base)));
    assert_clean_failure(&hamle(&["merge", &p0, &p1]), "shard 2/3 is missing");
    let other = dir.join("other.json").display().to_string();
    assert!(hamle(&["solve", "domineering", "--table", "4", "--shard", "1/3", "--out", &other]).status.success());
    assert_clean_failure(&hamle(&["merge", &p0, &other, &p2]), "of another run");
    assert_clean_failure(
        &hamle(&["solve", "domineering", "4x4", "--shard", "0/2", "--out", &other]),
        "--shard is for domineering --table N",
    );
    assert_clean_failure(
        &hamle(&["solve", "domineering", "--table", "4", "--out", &other]),
        "--out is where --shard writes",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_sharded_chess_match_merges_into_the_whole_match_s_pgn() {
    let dir = std::env::temp_dir().join(format!("hamle-pgn-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let base = ["match", "chess", "random", "random", "--games", "6", "--seed", "2", "--json"];
    for i in 0..2 {
        let (shard, out, pgn) = (format!("{i}/2"), path(&format!("part{i}.json")), path(&format!("part{i}.pgn")));
        let run = hamle(&[&base[..], &["--shard", &shard, "--out", &out, "--pgn", &pgn]].concat());
        assert!(run.status.success(), "{}", text(&run.stderr));
    }
    let merged = hamle(&["merge", &path("part1.json"), &path("part0.json"), "--pgn", &path("merged.pgn")]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert!(hamle(&[&base[..], &["--pgn", &path("whole.pgn")]].concat()).status.success());
    // The Date tag is the day each was played (a run across midnight would differ there only).
    let read = |name: &str| {
        let pgn = std::fs::read_to_string(path(name)).expect("a PGN");
        pgn.lines().filter(|l| !l.starts_with("[Date ")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(read("merged.pgn"), read("whole.pgn"), "the same six games in the same order");
    assert_eq!(read("merged.pgn").matches("[Event ").count(), 6);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_2048_benchmark_split_into_shards_and_merged_gives_the_whole_benchmark() {
    let dir = std::env::temp_dir().join(format!("hamle-bench-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let base = ["bench", "2048", "--bot", "random", "--games", "25", "--seed", "3"];
    let part = |i: usize| dir.join(format!("bench{i}.json")).display().to_string();
    run_shards(&base, 3, &part);
    // Every figure but the times (the wall time and the pace of thinking) agrees with the whole benchmark.
    let without_time = |out: Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        if let Some(m) = v.as_object_mut() {
            for key in ["seconds", "moves_per_second", "moves_per_second_quartiles"] {
                m.remove(key);
            }
        }
        v
    };
    let (p0, p1, p2) = (part(0), part(1), part(2));
    let merged = without_time(hamle(&["merge", &p1, &p2, &p0, "--json"]));
    assert_eq!(merged, without_time(hamle(&[&base[..], &["--json"]].concat())));
    assert_eq!(merged["games"], 25);
    assert_clean_failure(&hamle(&["merge", &p0, &p2]), "shard 1/3 is missing");
    let other = dir.join("match.json").display().to_string();
    let a_match = ["match", "tictactoe", "random", "random", "--games", "4", "--shard", "0/1", "--out", &other];
    assert!(hamle(&a_match).status.success());
    assert_clean_failure(&hamle(&["merge", &p0, &other]), "mix runs of different kinds");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_report_writes_up_a_tournament_a_test_and_a_benchmark_with_a_chart_each() {
    let dir = std::env::temp_dir().join(format!("hamle-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let runs: [&[&str]; 3] = [
        &["tournament", "tictactoe", "perfect", "thesis(depth=1)", "random", "--games-per-pair", "10", "--json"],
        &["sprt", "tictactoe", "perfect", "random", "--elo0", "0", "--elo1", "10", "--json"],
        &["bench", "2048", "--bot", "expectimax(depth=1)", "--games", "4", "--json"],
    ];
    for (run, name) in runs.iter().zip(["t.json", "s.json", "b.json"]) {
        let out = hamle(&[run, &["--out", &path(name)][..]].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let out = hamle(&["report", &path("t.json"), &path("s.json"), &path("b.json"), "--out", &path("report")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = |name: &str| std::fs::read_to_string(dir.join("report").join(name)).expect(name);
    let page = read("report.md");
    for heading in ["## Tournament: tictactoe", "## SPRT: perfect against random", "## 2048 benchmark: expectimax"] {
        assert!(page.contains(heading), "{heading} in {page}");
    }
    for chart in ["t.svg", "s.svg", "b.svg"] {
        assert!(page.contains(&format!("({chart})")), "{chart} linked");
    }
    // One dot a bot on the ladder; one line of the ratio between two red bounds, a point a pair played.
    assert_eq!(read("t.svg").matches("<circle").count(), 3, "a bar a bot");
    let sprt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("s.json")).expect("s.json")).expect("JSON");
    let pairs = sprt["trace"].as_array().expect("the trace").len();
    let s = read("s.svg");
    assert_eq!(s.lines().filter(|l| l.contains("stroke=\"#FF0000\"")).count(), 2, "the two bounds");
    let trace = s.lines().find(|l| l.contains("stroke=\"#0000FF\"")).expect("the ratio's line");
    assert_eq!(
        trace.split("points=\"").nth(1).and_then(|p| p.split('"').next()).map(|p| p.split_whitespace().count()),
        Some(pairs),
        "{trace}"
    );
    // plotters writes each text on a line of its own.
    assert!(read("t.svg").contains("\nthesis(depth=1)\n"), "the ladder names its bots");
    assert!(read("s.svg").contains("\nLLR\n"), "the ratio's axis");
    assert!(read("b.svg").contains("\nshare of games\n"), "the share's axis");
    let a_match = path("m.json");
    assert!(hamle(&["match", "tictactoe", "random", "random", "--games", "2", "--out", &a_match]).status.success());
    assert_clean_failure(&hamle(&["report", &a_match, "--out", &path("x")]), "is not a report hamle can write up");
    assert_clean_failure(&hamle(&["report", &path("none.json"), "--out", &path("x")]), "reading");
    std::fs::remove_dir_all(&dir).ok();
}

/// A Domineering table (solved here: 2×2 is the first player's, 1×2 Horizontal's, 2×1 Vertical's, 1×1 the
/// second player's, since nobody can move) and a training curve written by hand, as `hamle train hapis` writes one.
#[test]
fn a_report_writes_up_a_domineering_table_and_a_training_curve() {
    let dir = std::env::temp_dir().join(format!("hamle-report-more-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let table = hamle(&["solve", "domineering", "--table", "2", "--json"]);
    assert!(table.status.success(), "{}", text(&table.stderr));
    std::fs::write(dir.join("table.json"), &table.stdout).expect("written");
    let curve = "games,won_vs_thesis,points_vs_thesis,won_vs_heuristic,points_vs_heuristic\n\
                 0,0.2500,-0.6000,0.1000,-0.9000\n1000,0.7500,0.6000,0.4000,-0.1000\n";
    std::fs::write(dir.join("net.curve.csv"), curve).expect("written");
    let out = hamle(&["report", &path("table.json"), &path("net.curve.csv"), "--out", &path("report")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = |name: &str| std::fs::read_to_string(dir.join("report").join(name)).expect(name);
    let page = read("report.md");
    assert!(page.contains("| **1** | 2 | H |\n| **2** | V | 1 |\n"), "{page}");
    assert!(page.contains("| 1000 | 75.0 % | +0.600 | 40.0 % | -0.100 |"), "{page}");
    assert!(read("net.curve.svg").contains("\nwon against heuristic\n"), "the curve's legend");
    assert!(read("table.svg").contains("\nlog10 nodes\n"), "the nodes' axis");
    std::fs::write(
        dir.join("bad.csv"),
        "games,won_vs_thesis,points_vs_thesis,won_vs_heuristic,points_vs_heuristic\n1,x\n",
    )
    .expect("written");
    assert_clean_failure(
        &hamle(&["report", &path("bad.csv"), "--out", &path("x")]),
        "line 2: '1,x' is not a curve point",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A network `hamle train hapis` wrote plays through `neural(weights=FILE)` and `expert(weights=FILE)`, named so in
/// the report; a file that is not one is refused with the reason.
#[test]
fn a_trained_network_plays_from_its_file() {
    let dir = std::env::temp_dir().join(format!("hamle-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let net = dir.join("net.bin").display().to_string();
    let trained = hamle(&["train", "hapis", "--games", "2", "--hidden", "4", "--eval-every", "0", "--out", &net]);
    assert!(trained.status.success(), "{}", text(&trained.stderr));
    let rich = dir.join("rich.bin").display().to_string();
    let args = ["train", "hapis", "--games", "2", "--hidden", "4", "--inputs", "rich", "--eval-every", "0", "--out"];
    let trained = hamle(&[&args[..], &[rich.as_str()]].concat());
    assert!(
        text(&trained.stderr).contains("4 hidden units from game 0 to 2, rich inputs"),
        "{}",
        text(&trained.stderr)
    );
    let leaf = ["train", "hapis", "--games", "1", "--target-plies", "2", "--resume", &rich, "--eval-every", "0"];
    let resumed = hamle(&[&leaf[..], &["--out", &rich]].concat());
    assert!(
        text(&resumed.stderr).contains("from game 2 to 3, rich inputs, seed 1, α 0.1, λ 0.7, targets 2 ply"),
        "{}",
        text(&resumed.stderr)
    );
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--target-plies", "3", "--out", &rich]),
        "invalid value '3' for '--target-plies'",
    );
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--resume", &rich, "--inputs", "board", "--out", &rich]),
        "--inputs set up a new network",
    );
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--inputs", "wide", "--out", &rich]),
        "unknown inputs \"wide\": board or rich",
    );
    for (bot, file) in [
        (format!("neural(weights={net})"), &net),
        (format!("expert(plies=1,weights={net})"), &net),
        (format!("expert(plies=2,weights={rich})"), &rich),
    ] {
        let out = hamle(&["match", "hapis", &bot, "random", "--games", "2", "--json"]);
        assert!(out.status.success(), "{bot}: {}", text(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let name = report["a"]["bot"].as_str().expect("a name").to_owned();
        assert!(name.contains(&format!("weights={file}")), "{name}");
    }
    let not_a_net = dir.join("notes.txt").display().to_string();
    std::fs::write(&not_a_net, "not a network").expect("written");
    let out = hamle(&["match", "hapis", &format!("neural(weights={not_a_net})"), "random", "--games", "2"]);
    assert_clean_failure(&out, "a weights file `hamle train hapis` wrote");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_replays_from_its_seed() {
    let args = ["match", "tictactoe", "thesis", "random", "--games", "60", "--seed", "9", "--json"];
    let strip = |o: Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        v.as_object_mut().map(|m| m.remove("seconds"));
        v
    };
    assert_eq!(strip(hamle(&args)), strip(hamle(&args)));
}

#[test]
fn bad_flags_and_names_get_clear_errors() {
    assert_clean_failure(&hamle(&["match", "tictactoe", "perfect", "random", "--games", "x"]), "invalid value");
    assert_clean_failure(&hamle(&["match", "chequers", "perfect", "random"]), "no game is called 'chequers'");
    assert_clean_failure(&hamle(&["match", "tictactoe", "perfekt", "random"]), "no bot called 'perfekt'");
    assert_clean_failure(&hamle(&["match", "tictactoe", "thesis(deep=2)", "random"]), "takes no parameter 'deep'");
    assert_clean_failure(&hamle(&["match", "tictactoe", "thesis(depth=two)", "random"]), "not a value of depth");
    assert_clean_failure(&hamle(&["match", "tictactoe", "thesis(depth=2", "random"]), "missing ')'");
    assert_clean_failure(&hamle(&["play", "tictactoe", "--variant", "three-phase"]), "variant");
    assert_clean_failure(&hamle(&["match", "tictactoe", "perfect", "random", "--games", "0"]), "at least 1");
}

#[test]
fn a_mistyped_move_gets_a_message_and_a_new_prompt() {
    let out = hamle_with_input(&["play", "tictactoe", "--bot", "perfect"], "zz\nb2\nb2\nmoves\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("'zz' is not a cell"), "{shown}");
    assert!(shown.contains("b2 is not legal here"), "{shown}");
    assert!(shown.contains("Legal moves:"), "{shown}");
    assert!(shown.matches("Your move:").count() >= 4, "{shown}");
}

#[test]
fn a_whole_game_against_the_bot_ends_with_a_result() {
    // The person plays every cell in order; illegal ones are refused and the next line is tried.
    let input = "a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n".repeat(3);
    let out = hamle_with_input(&["play", "tictactoe", "--bot", "perfect", "--first", "bot"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game over"), "{}", text(&out.stdout));
}

#[test]
fn bots_and_games_are_listed() {
    let out = hamle(&["bots", "tictactoe"]);
    let shown = text(&out.stdout);
    for bot in ["perfect", "thesis", "random"] {
        assert!(shown.contains(bot), "{shown}");
    }
    assert!(text(&hamle(&["games"]).stdout).contains("tictactoe"));
}

const START: &str = r#"{"turn":"white","points":["w15","","","","","","","","","","","","","","","","","","","","","","","b15"],"off":{"white":0,"black":0}}"#;

#[test]
fn hapis_legal_lists_every_distinct_result_once() {
    let out = hamle(&["hapis", "legal", "--position", START, "--dice", "3,5"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let plays = json.as_array().expect("an array");
    assert_eq!(plays.len(), 2, "1/4 1/6, or one checker 1/9: {json}");
    for entry in plays {
        assert_eq!(entry["position"]["turn"], "black");
        assert!(entry["play"].is_string());
    }
}

#[test]
fn hapis_legal_refuses_bad_input_with_a_reason() {
    let fourteen = START.replace("w15", "w14");
    let two_prisoners = START.replace(r#""w15","""#, r#""w14/b/b","""#);
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", "{", "--dice", "3,5"]), "not valid JSON");
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", &fourteen, "--dice", "3,5"]), "not 15");
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", &two_prisoners, "--dice", "3,5"]), "is not a point");
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", START, "--dice", "0,7"]), "dice are 1 to 6");
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", r#"{"turn":"red"}"#, "--dice", "1,2"]), "turn");
    // Both mothers pinned: the game is a tie and over, as `hint` and `perft` (0 plays) also say.
    let tie = r#"{"turn":"white","points":["b1/w","","","","","","","","","","w13","","b13","","","","","","","","","","","w1/b"],"off":{"white":0,"black":0}}"#;
    assert_clean_failure(&hamle(&["hapis", "legal", "--position", tie, "--dice", "3,1"]), "both mothers are pinned");
    assert_clean_failure(&hamle(&["hapis", "hint", "--position", tie, "--dice", "3,1"]), "the game is over");
    assert_eq!(text(&hamle(&["hapis", "perft", "--depth", "1", "--position", tie]).stdout).trim(), "0");
}

#[test]
fn hapis_legal_refuses_two_hundred_and_seventy_white_checkers_without_panicking() {
    // 18 stacks of 15: the count once wrapped in a u8 (release) or panicked on overflow (debug).
    let mut points = vec!["\"w15\""; 18];
    points.extend(["\"\""; 5]);
    points.push("\"b15\"");
    let position = format!(r#"{{"turn":"white","points":[{}],"off":{{"white":0,"black":0}}}}"#, points.join(","));
    let out = hamle(&["hapis", "legal", "--position", &position, "--dice", "3,5"]);
    assert_clean_failure(&out, "white has 270 checkers on the board and borne off, not 15");
    assert_eq!(text(&out.stderr).matches("270").count(), 1, "said once: {}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "no plays are listed: {}", text(&out.stdout));
    for command in [
        &["hapis", "perft", "--depth", "1", "--position", &position][..],
        &["hapis", "hint", "--position", &position, "--dice", "3,5"],
    ] {
        assert_clean_failure(&hamle(command), "white has 270 checkers");
    }
}

#[test]
fn hapis_perft_counts_from_the_start() {
    let out = hamle(&["hapis", "perft", "--depth", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "3474");
}

#[test]
fn a_hapis_match_is_played_to_its_end_in_the_terminal() {
    // The person always takes the first listed play; junk and commands on the way get answers, not panics.
    let mut input = String::from("help\nmoves\nhint\n1/30\n7 7\nundo\nlog\nboard\n");
    input.push_str(&"#1\n".repeat(4000));
    let out = hamle_with_input(&["play", "hapis", "--bot", "random", "--seed", "2", "--match", "3"], &input);
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(shown.contains("Match over"), "{}", &shown[shown.len().saturating_sub(2000)..]);
    assert!(shown.contains("is not a play"), "bad input is answered");
    assert!(shown.contains("Nothing to undo"));
    assert!(shown.contains("#1  "), "moves are listed with numbers");
    assert!(shown.contains("equity") && shown.contains("lose with mars"), "a hint is given");
}

#[test]
fn a_hapis_game_can_be_resigned_and_left() {
    let out = hamle_with_input(&["play", "hapis", "--bot", "random", "--match", "1"], "resign\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("You resign"), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("Match over"));
    let out = hamle_with_input(&["play", "hapis", "--bot", "random"], "quit\n");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("left unfinished"));
}

#[test]
fn hapis_hint_ranks_the_plays_with_their_chances() {
    let out = hamle(&["hapis", "hint", "--position", START, "--dice", "6,5", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = json.as_array().expect("an array");
    assert_eq!(rows.len(), 2, "1/7 1/6 or 1/12: {json}");
    let equity = |r: &serde_json::Value| r["equity"].as_f64().expect("equity");
    assert!(equity(&rows[0]) >= equity(&rows[1]));
    for row in rows {
        let (win, wm, lm) = (row["win"].as_f64(), row["win_mars"].as_f64(), row["lose_mars"].as_f64());
        assert!([win, wm, lm].iter().all(|p| p.is_some_and(|p| (0.0..=1.0).contains(&p))), "{row}");
    }
    assert_eq!(rows[0]["plies"], 2, "expert, the default level, looks 2 plies deep at the plays its filter keeps");
    let out = hamle(&["hapis", "hint", "--position", START, "--dice", "6,5", "--level", "beginner", "--count", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("equity") && shown.lines().count() == 2, "a header and one play: {shown}");
}

#[test]
fn hapis_hint_refuses_bad_input_with_a_reason() {
    assert_clean_failure(&hamle(&["hapis", "hint", "--position", "[]", "--dice", "3,5"]), "--position");
    assert_clean_failure(&hamle(&["hapis", "hint", "--position", START, "--dice", "3"]), "--dice");
    assert_clean_failure(
        &hamle(&["hapis", "hint", "--position", START, "--dice", "3,5", "--level", "god"]),
        "known: beginner",
    );
    // As a game ends: White has borne off its last checker and the turn has passed to Black.
    let over = START.replace(r#""w15""#, r#""""#).replace(r#""white":0"#, r#""white":15"#);
    let over = over.replace(r#""turn":"white""#, r#""turn":"black""#);
    assert_clean_failure(&hamle(&["hapis", "hint", "--position", &over, "--dice", "3,5"]), "the game is over");
    let winner_to_move = over.replace(r#""turn":"black""#, r#""turn":"white""#);
    assert_clean_failure(
        &hamle(&["hapis", "hint", "--position", &winner_to_move, "--dice", "3,5"]),
        "white has borne off all fifteen, so it played last",
    );
}

#[test]
fn training_writes_weights_and_curve_and_resumes() {
    let dir = std::env::temp_dir().join(format!("hamle-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let out_path = dir.join("net.bin");
    let out = out_path.to_str().expect("a path");
    let args =
        ["train", "hapis", "--games", "2", "--hidden", "4", "--eval-every", "2", "--eval-games", "2", "--out", out];
    let first = hamle(&args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("weights written to"));
    let csv = std::fs::read_to_string(dir.join("net.curve.csv")).expect("the curve");
    assert_eq!(csv.lines().count(), 3, "header, game 0, game 2: {csv}");
    assert!(std::fs::read_to_string(dir.join("net.curve.svg")).expect("the chart").contains("<polyline"));
    let resumed = hamle(&[
        "train",
        "hapis",
        "--games",
        "2",
        "--eval-every",
        "2",
        "--eval-games",
        "2",
        "--resume",
        out,
        "--out",
        out,
    ]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("4 hidden units from game 2 to 4"), "{}", text(&resumed.stderr));
    // A new network without --hidden has the shipped one's 128 units, so the documented commands make it.
    let fresh_path = dir.join("fresh.bin");
    let fresh =
        hamle(&["train", "hapis", "--games", "1", "--eval-every", "0", "--out", fresh_path.to_str().expect("a path")]);
    assert!(
        text(&fresh.stderr).contains("training 128 hidden units from game 0 to 1, board inputs"),
        "{}",
        text(&fresh.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("net.curve.csv")).expect("the curve");
    assert_eq!(csv.lines().last().map(|l| l.starts_with("4,")), Some(true), "{csv}");
    // Bad input: another game, a file that is not a network, a λ out of range.
    assert_clean_failure(
        &hamle(&["train", "tictactoe", "--games", "1", "--out", out]),
        "it can train hapis, 2048 and chess",
    );
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"junk").expect("written");
    let junk = junk.to_str().expect("a path");
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--resume", junk, "--out", out]),
        "not a hamle network",
    );
    assert_clean_failure(&hamle(&["train", "hapis", "--games", "1", "--lambda", "2", "--out", out]), "--lambda");
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--resume", out, "--hidden", "8", "--out", out]),
        "--hidden",
    );
    let max = u64::MAX.to_string();
    assert_clean_failure(&hamle(&["train", "hapis", "--games", &max, "--resume", out, "--out", out]), "too many");
    std::fs::write(dir.join("net.curve.csv"), "games,won\n1,2\n").expect("written");
    assert_clean_failure(
        &hamle(&["train", "hapis", "--games", "1", "--resume", out, "--out", out]),
        "not a training curve",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `hamle train 2048`: weights and a learning curve; a stopped and resumed run equals one run byte for byte;
/// the file plays as `ntuple(weights=FILE)` and its curve is written up by `hamle report`.
#[test]
fn training_2048_resumes_exactly_and_its_network_plays() {
    let dir = std::env::temp_dir().join(format!("hamle-train-2048-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let train = |games: &str, out: &str, resume: Option<&str>| {
        let mut args = vec!["train", "2048", "--games", games, "--eval-every", "2", "--seed", "4", "--out", out];
        if let Some(from) = resume {
            args.extend(["--resume", from]);
        }
        let run = hamle(&args);
        assert!(run.status.success(), "{}", text(&run.stderr));
        run
    };
    let whole = train("6", &path("whole.net"), None);
    assert!(text(&whole.stderr).contains("learning curve written to"), "{}", text(&whole.stderr));
    train("4", &path("part.net"), None);
    let resumed = train("2", &path("part.net"), Some(&path("part.net")));
    assert!(text(&resumed.stderr).contains("from game 4 to 6"), "{}", text(&resumed.stderr));
    let read = |name: &str| std::fs::read(dir.join(name)).expect(name);
    assert!(read("whole.net") == read("part.net"), "4 + 2 games resumed equal 6 in one run");
    let csv = String::from_utf8(read("part.curve.csv")).expect("text");
    assert_eq!(csv.lines().count(), 4, "header and three blocks of two games: {csv}");
    let whole_csv = String::from_utf8(read("whole.curve.csv")).expect("text");
    assert_eq!(csv, whole_csv);
    // Resumed inside a block (after 3 games, blocks of 2): the cut block has no row, the next full one the row
    // of one run.
    train("3", &path("odd.net"), None);
    train("3", &path("odd.net"), Some(&path("odd.net")));
    assert!(read("odd.net") == read("whole.net"), "3 + 3 games resumed equal 6 in one run");
    let odd = String::from_utf8(read("odd.curve.csv")).expect("text");
    let rows = |csv: &str| csv.lines().skip(1).map(str::to_owned).collect::<Vec<_>>();
    let (odd, whole_rows) = (rows(&odd), rows(&whole_csv));
    assert_eq!(odd, [whole_rows[0].clone(), whole_rows[2].clone()], "rows at games 2 and 6 only");

    let shipped = hamle(&[
        "train",
        "2048",
        "--games",
        "0",
        "--resume",
        &path("whole.net"),
        "--compact",
        "--prune",
        "0.5",
        "--out",
        &path("ship.net"),
        "--eval-every",
        "0",
    ]);
    assert!(shipped.status.success(), "{}", text(&shipped.stderr));
    assert!(read("ship.net").len() * 2 < read("whole.net").len(), "compact and pruned by half: under half the size");
    assert_clean_failure(
        &hamle(&["train", "2048", "--games", "0", "--prune", "2", "--out", &path("x")]),
        "not a share",
    );
    let bot = format!("ntuple(weights={})", path("ship.net"));
    let out = hamle(&["bench", "2048", "--bot", &bot, "--games", "2", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["bot"].as_str(), Some(bot.as_str()), "{report}");
    let out = hamle(&["report", &path("whole.curve.csv"), "--out", &path("report")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = std::fs::read_to_string(dir.join("report").join("report.md")).expect("the page");
    assert!(page.contains("| games trained | mean score | 2048 |"), "{page}");
    assert!(page.lines().filter(|l| l.starts_with("| 2 |") || l.starts_with("| 6 |")).count() == 2, "{page}");

    let out = &path("x.net");
    assert_clean_failure(&hamle(&["train", "2048", "--games", "1", "--alpha", "2", "--out", out]), "--alpha");
    assert_clean_failure(&hamle(&["train", "2048", "--games", "1", "--initial=-5", "--out", out]), "--initial");
    assert_clean_failure(&hamle(&["train", "2048", "--games", "1", "--hidden", "8", "--out", out]), "--hidden");
    assert_clean_failure(&hamle(&["train", "hapis", "--games", "1", "--initial", "8", "--out", out]), "--initial");
    assert_clean_failure(
        &hamle(&["train", "2048", "--games", "1", "--resume", &path("whole.curve.csv"), "--out", out]),
        "not a 2048 n-tuple weights file",
    );
    assert_clean_failure(
        &hamle(&["bench", "2048", "--bot", &format!("ntuple(weights={})", path("whole.curve.csv")), "--games", "1"]),
        "a weights file `hamle train 2048` wrote",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `hamle train 2048` round two: TC in two shards with stages; a run resumed at a batch's end equals the whole run;
/// the file keeps its stages and TC sums; bad values of the new flags are refused.
#[test]
fn training_2048_in_shards_with_tc_and_stages_resumes_exactly() {
    let dir = std::env::temp_dir().join(format!("hamle-train-2048-tc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let train = |games: &str, out: &str, more: &[&str]| {
        let mut args = vec!["train", "2048", "--games", games, "--seed", "4", "--out", out, "--eval-every", "0"];
        args.extend(["--learning", "tc", "--shards", "2", "--batch", "3"]);
        args.extend(more);
        let run = hamle(&args);
        assert!(run.status.success(), "{}", text(&run.stderr));
        text(&run.stderr)
    };
    let said = train("7", &path("whole.net"), &[]);
    assert!(said.contains("tc with α 0.25") && said.contains("one stage), 2 shard(s)"), "{said}");
    train("6", &path("part.net"), &[]);
    train("1", &path("part.net"), &["--resume", &path("part.net")]);
    let read = |name: &str| std::fs::read(dir.join(name)).expect(name);
    assert!(read("whole.net") == read("part.net"), "6 + 1 games, resumed at a batch's end, equal 7 in one run");
    // Resumed inside a batch (after 4 games, batches of 3), the batches differ: so do the weights.
    train("4", &path("odd.net"), &[]);
    train("3", &path("odd.net"), &["--resume", &path("odd.net")]);
    assert!(read("odd.net") != read("whole.net"));
    let net = hamle_2048::bots::Network::from_bytes(&read("whole.net")).expect("a network");
    assert_eq!((net.games, net.has_coherence()), (7, true));
    // Stages: a resumed one-stage network promoted; its file keeps them, TD drops TC's sums.
    let staged = &path("staged.net");
    let run = hamle(&["train", "2048", "--games", "1", "--resume", &path("whole.net"), "--stages", "64,96"]);
    assert_clean_failure(&run, "--out");
    let run =
        hamle(&["train", "2048", "--games", "1", "--resume", &path("whole.net"), "--stages", "64,96", "--out", staged]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("td with α 0.1, initial value 0, stages from 64,96"), "{}", text(&run.stderr));
    let net = hamle_2048::bots::Network::from_bytes(&read("staged.net")).expect("a network");
    assert_eq!((net.games, net.stages(), net.has_coherence()), (8, &[64, 96][..], false));
    let out = &path("x.net");
    for (flag, value, why) in [
        ("--learning", "sarsa", "td or tc"),
        ("--shards", "0", "from 1 to 64"),
        ("--batch", "0", "one game or more"),
        ("--stages", "96,64", "rising"),
        ("--stages", "0", "rising"),
        ("--stages", "a,b", "numbers like"),
    ] {
        assert_clean_failure(&hamle(&["train", "2048", "--games", "1", flag, value, "--out", out]), why);
    }
    assert_clean_failure(
        &hamle(&["train", "2048", "--games", "1", "--resume", staged, "--stages", "64", "--out", out]),
        "differs from the resumed network's stages 64,96",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn serve_refuses_a_bad_address_and_an_unopenable_store() {
    assert_clean_failure(&hamle(&["serve", "--addr", "nonsense"]), "invalid socket address");
    assert_clean_failure(
        &hamle(&["serve", "--db", "/nonexistent/folder/games.db"]),
        "opening /nonexistent/folder/games.db",
    );
}

#[test]
fn serve_refuses_a_trusted_proxy_that_is_not_an_address_or_a_network() {
    // Given a store and a port of its own, so that a flag wrongly taken starts a server the test then stops.
    let db = std::env::temp_dir().join(format!("hamle-cli-proxy-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_hamle"))
        .args(["serve", "--addr", "127.0.0.1:0", "--trusted-proxy", "nonsense", "--db"])
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hamle starts");
    let clock = std::time::Instant::now();
    while child.try_wait().expect("hamle runs").is_none() && clock.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let running = child.try_wait().expect("hamle runs").is_none();
    if running {
        child.kill().ok();
    }
    let out = child.wait_with_output().expect("hamle ends");
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", db.display())).ok();
    }
    assert!(!running, "hamle serve took --trusted-proxy nonsense and served");
    assert_clean_failure(&out, "'nonsense' is neither an address nor a network such as 10.0.0.0/8");
    assert!(text(&out.stderr).contains("--trusted-proxy"), "the message names the flag: {}", text(&out.stderr));
}

#[test]
fn serve_prints_where_it_listens_and_answers_there() {
    use std::io::{BufRead, BufReader, Read};
    let db = std::env::temp_dir().join(format!("hamle-cli-serve-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_hamle"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .spawn()
        .expect("hamle starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    let addr = line.split("http://").nth(1).and_then(|rest| rest.split('/').next()).expect("an address").to_owned();
    let mut stream = std::net::TcpStream::connect(&addr).expect("it listens");
    stream.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").expect("a request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    child.kill().ok();
    child.wait().ok();
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", db.display())).ok();
    }
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"hapis\""), "{answer}");
}

#[test]
fn bench_2048_reports_tiles_scores_and_pace_as_json() {
    let out = hamle(&["bench", "2048", "--bot", "expectimax(depth=1)", "--games", "3", "--seed", "5", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["bot"], "expectimax(depth=1)");
    assert_eq!(report["games"], 3);
    assert_eq!(report["seed"], 5);
    for tile in ["2048", "4096", "8192", "16384", "32768", "65536"] {
        let share = report["reached"][tile].as_f64().expect("a share");
        assert!((0.0..=1.0).contains(&share), "{tile}: {share}");
    }
    let (min, median, max) = (&report["score"]["min"], &report["score"]["median"], &report["score"]["max"]);
    assert!(min.as_u64() <= median.as_u64() && median.as_u64() <= max.as_u64(), "{}", report["score"]);
    assert!(report["moves_per_second"].as_f64().is_some_and(|x| x > 0.0));
    // The same seed, the same games.
    let again = hamle(&["bench", "2048", "--bot", "expectimax(depth=1)", "--games", "3", "--seed", "5", "--json"]);
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).expect("JSON");
    assert_eq!(again["score"], report["score"]);
}

#[test]
fn bench_and_play_2048_refuse_bad_flags_clearly() {
    assert_clean_failure(&hamle(&["bench", "2048", "--bot", "oracle"]), "no bot called 'oracle'");
    assert_clean_failure(&hamle(&["bench", "2048", "--bot", "seed", "--games", "0"]), "at least 1");
    assert_clean_failure(&hamle(&["bench", "tictactoe", "--bot", "perfect"]), "2048 and chess");
    assert_clean_failure(&hamle(&["bench", "2048(spawn=often)", "--bot", "seed"]), "spawn");
    assert_clean_failure(&hamle(&["bench", "2048", "--bot", "expectimax(depth=99)"]), "depth");
    assert_clean_failure(&hamle(&["play", "2048", "--bot", "seed"]), "--auto");
}

#[test]
fn play_2048_reads_moves_line_by_line_and_a_watched_bot_finishes() {
    let out = hamle_with_input(&["play", "2048", "--seed", "2"], "left\nsideways\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("'sideways' is not a move"), "{shown}");
    assert!(shown.contains("left unfinished"), "{shown}");
    let out = hamle(&["play", "2048", "--auto", "expectimax(depth=1)", "--seed", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game over: score"), "{}", text(&out.stdout));
}

#[test]
fn a_match_of_a_one_player_game_points_to_bench() {
    assert_clean_failure(&hamle(&["match", "2048", "seed", "expectimax"]), "hamle bench 2048");
}

#[test]
fn solve_domineering_answers_alike_under_every_choice_of_bounds() {
    let (mut winners, mut nodes) = (Vec::new(), Vec::new());
    for bounds in ["bullock", "proven", "off"] {
        let out = hamle(&["solve", "domineering", "4x5", "--first", "horizontal", "--bounds", bounds, "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!((json["rows"].as_u64(), json["cols"].as_u64()), (Some(4), Some(5)), "{json}");
        assert_eq!(json["first"], "horizontal");
        assert_eq!(json["bounds"], bounds);
        nodes.push(json["nodes"].as_u64().unwrap_or(0));
        assert!(json["seconds"].as_f64().is_some(), "{json}");
        winners.push(json["winner"].clone());
    }
    // 4×5 with Horizontal first: Vertical wins (the table's `V`).
    assert!(winners.iter().all(|w| w == "vertical"), "{winners:?}");
    // The flag reaches the search: the stronger the bounds, the fewer the nodes.
    assert!(0 < nodes[0] && nodes[0] < nodes[1] && nodes[1] < nodes[2], "{nodes:?}");
}

#[test]
fn solve_domineering_takes_the_table_size_in_mib() {
    let mut answers = Vec::new();
    // Any size, not only powers of two.
    for (hash, mib) in [(None, 16), (Some("1"), 1), (Some("3"), 3), (Some("100"), 100)] {
        let mut args = vec!["solve", "domineering", "5x6", "--json"];
        args.extend(hash.iter().flat_map(|h| ["--hash", *h]));
        let out = hamle(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(json["hash_mib"].as_u64(), Some(mib), "{hash:?}: {json}");
        answers.push((json["winner"].clone(), json["best_move"].clone()));
    }
    // The table's size changes the work, never the answer.
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    // Boards over 64 cells get 128 MiB unless told.
    for (size, mib) in [("3x16", 16), ("5x13", 128)] {
        let out = hamle(&["solve", "domineering", size, "--first", "horizontal", "--json"]);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(json["hash_mib"].as_u64(), Some(mib), "{size}: {json}");
    }
    assert_clean_failure(&hamle(&["solve", "domineering", "5x6", "--hash", "0"]), "from 1 to 16384");
    assert_clean_failure(&hamle(&["solve", "domineering", "5x6", "--hash", "16385"]), "from 1 to 16384");
    assert_clean_failure(&hamle(&["solve", "queens", "6", "--hash", "4"]), "--hash");
    assert_clean_failure(&hamle(&["solve", "tictactoe", "--hash", "4"]), "--hash is for domineering");
}

#[test]
fn solve_domineering_refuses_bad_sizes_sides_and_bounds() {
    assert_clean_failure(&hamle(&["solve", "domineering", "8y8"]), "not a size");
    assert_clean_failure(&hamle(&["solve", "domineering", "8x8", "--first", "diagonal"]), "not a side");
    assert_clean_failure(&hamle(&["solve", "domineering", "8x8", "--bounds", "nope"]), "not a choice of bounds");
    assert_clean_failure(&hamle(&["solve", "domineering", "12x12"]), "at most 128 cells");
    assert_clean_failure(&hamle(&["solve", "tictactoe", "--bounds", "off"]), "--bounds is for domineering");
}

#[test]
fn a_store_exported_and_imported_into_a_new_file_holds_the_same_games_and_bad_backups_are_refused() {
    let dir = std::env::temp_dir().join(format!("hamle-cli-store-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).expect("a folder");
    let db = dir.join("games.db");
    {
        // A game made through the library, as the server makes them.
        let app = hamle_server::App::open(&db).expect("a store");
        let store = app.store();
        store.add_player("owner").expect("a player");
        let row = hamle_server::store::GameRow {
            id: "g1".into(),
            player: "owner".into(),
            kind: "tictactoe".into(),
            setup: "{}".into(),
            seed: 1,
            salt: "s".into(),
            status: "playing".into(),
            created: 0,
            updated: 0,
            format: hamle_server::store::FORMAT,
            invite: None,
            invite_expires: None,
            version: 0,
            lease_owner: None,
            lease_until: None,
            result: None,
        };
        store.add_game(&row, &[(0, "owner".into())], &["{}".into()]).expect("a game");
    }
    let backup = dir.join("backup.jsonl");
    let (db_arg, backup_arg) = (db.to_string_lossy().into_owned(), backup.to_string_lossy().into_owned());
    let out = hamle(&["store", "export", &backup_arg, "--db", &db_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("1 players, 1 games and 1 actions written to"), "{}", text(&out.stdout));
    let copy = dir.join("copy.db").to_string_lossy().into_owned();
    let out = hamle(&["store", "import", &backup_arg, "--db", &copy]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let again = dir.join("again.jsonl").to_string_lossy().into_owned();
    assert!(hamle(&["store", "export", &again, "--db", &copy]).status.success());
    assert_eq!(std::fs::read_to_string(&again).expect("read"), std::fs::read_to_string(&backup).expect("read"));
    assert_clean_failure(&hamle(&["store", "import", &backup_arg, "--db", &copy]), "not empty");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"hamle_store\":7,\"schema\":3,\"players\":0,\"games\":0}\n").expect("written");
    let fresh = dir.join("fresh.db").to_string_lossy().into_owned();
    assert_clean_failure(&hamle(&["store", "import", &bad.to_string_lossy(), "--db", &fresh]), "format 7");
    assert_clean_failure(&hamle(&["store", "import", "/no/such/backup", "--db", &fresh]), "No such file");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_server_answers_health_and_stops_cleanly_on_sigterm() {
    use std::io::Read;
    let dir = std::env::temp_dir().join(format!("hamle-cli-sigterm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port();
    let addr = format!("127.0.0.1:{port}");
    let mut server = Command::new(env!("CARGO_BIN_EXE_hamle"))
        .args(["serve", "--addr", &addr, "--db"])
        .arg(dir.join("games.db"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let start = std::time::Instant::now();
    let health = loop {
        if let Ok(mut stream) = std::net::TcpStream::connect(&addr) {
            write!(stream, "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").expect("asked");
            let mut answer = String::new();
            stream.read_to_string(&mut answer).expect("an answer");
            break answer;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "the server did not start");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(health.starts_with("HTTP/1.1 200") && health.ends_with("ok\n"), "{health}");
    let killed = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = server.try_wait().expect("waited") {
            break status;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(15), "SIGTERM did not stop the server");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    server.stderr.take().expect("its errors").read_to_string(&mut err).expect("read");
    assert!(status.success(), "a clean stop: {status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_takes_a_side_by_the_game_s_name_for_it_and_sets_the_board_s_size() {
    let out =
        hamle_with_input(&["play", "domineering", "--rows", "3", "--cols", "3", "--human", "horizontal"], "quit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("Vertical plays"), "the bot moves first, as vertical: {shown}");
    assert!(shown.contains(" 3  ") && !shown.contains(" 4  "), "a board of 3 rows: {shown}");
    assert_clean_failure(
        &hamle(&["play", "domineering", "--human", "diagonal"]),
        "'diagonal' is not a side of domineering: vertical or horizontal",
    );
    assert_clean_failure(&hamle(&["play", "tictactoe", "--rows", "3"]), "--rows is for");
}

#[test]
fn a_verb_s_help_and_a_game_s_command_help_are_shown_in_either_spelling() {
    for flag in ["--help", "-h"] {
        let out = hamle(&["solve", flag]);
        assert!(out.status.success(), "{flag}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("Usage: hamle solve <GAME> [ARGS]..."), "{flag}: {}", text(&out.stdout));
        let out = hamle(&["solve", "domineering", flag]);
        assert!(out.status.success(), "{flag}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("Usage: hamle solve domineering"), "{flag}: {}", text(&out.stdout));
        assert!(text(&out.stdout).contains("--table <N>"), "{flag}: {}", text(&out.stdout));
    }
}

#[test]
fn a_game_s_own_command_is_found_by_its_verb_and_an_unknown_verb_is_refused_with_the_list() {
    let out = hamle(&["hapis", "perft", "--depth", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "59", "perft 1 as the reference implementation counts it (hapis tests)");
    let out = hamle(&["hapis", "castle"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    let shown = text(&out.stderr);
    assert!(shown.contains("unrecognized subcommand 'castle'"), "{shown}");
    assert!(shown.contains("Usage: hamle hapis <COMMAND>"), "{shown}");
}
