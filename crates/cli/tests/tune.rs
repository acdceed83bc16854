//! `hamle tune` as a person runs it: a run written, taken up, refused when it is another, and sharded rounds
//! merged into the history one machine writes.

mod run;

use run::{hamle, text};

/// A folder of its own for one test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

const RUN: [&str; 12] = [
    "tune",
    "tictactoe",
    "thesis",
    "--params",
    "mine=-2..2,theirs=-2..2",
    "--method",
    "pso(n=4)",
    "--games",
    "8",
    "--opponent",
    "random",
    "--json",
];

fn run(extra: &[&str]) -> std::process::Output {
    let args: Vec<&str> = RUN.iter().chain(extra).copied().collect();
    hamle(&args)
}

#[test]
fn a_run_writes_its_history_and_running_it_again_takes_it_up() {
    let dir = folder("resume");
    let out = dir.join("run.json");
    let path = out.display().to_string();
    let first = run(&["--budget", "64", "--out", &path]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let history: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).expect("written")).expect("JSON");
    assert_eq!(history["evaluations"].as_array().map(Vec::len), Some(8));
    assert!(text(&first.stderr).contains(&format!("history of 8 evaluations written to {path}")));
    let again = run(&["--budget", "64", "--out", &path]);
    assert!(text(&again.stderr).contains("taking up the run"), "{}", text(&again.stderr));
    let after: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).expect("written")).expect("JSON");
    assert_eq!(after, history, "a finished run taken up is left as it was");
    let other = run(&["--budget", "64", "--seed", "2", "--out", &path]);
    assert!(!other.status.success());
    assert!(text(&other.stderr).contains("holds another run"), "{}", text(&other.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sharded_rounds_merge_into_the_history_of_the_whole_run() {
    let dir = folder("shards");
    let whole = dir.join("whole.json").display().to_string();
    assert!(run(&["--budget", "96", "--out", &whole]).status.success());
    let history = dir.join("history.json").display().to_string();
    for round in 0..3 {
        let mut parts = Vec::new();
        for shard in 0..2 {
            let part = dir.join(format!("part{shard}.json")).display().to_string();
            let shard = format!("{shard}/2");
            let mut args = vec!["--budget", "96", "--shard", &shard, "--out", &part];
            if round > 0 {
                args.extend(["--history", &history]);
            }
            let out = run(&args);
            assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
            parts.push(part);
        }
        let merged = hamle(&["merge", &parts[0], &parts[1], "--out", &history]);
        assert!(merged.status.success(), "{}", text(&merged.stderr));
    }
    assert_eq!(std::fs::read_to_string(&history).expect("merged"), std::fs::read_to_string(&whole).expect("whole"));
    let over = run(&[
        "--budget",
        "96",
        "--shard",
        "0/2",
        "--out",
        &dir.join("p.json").display().to_string(),
        "--history",
        &history,
    ]);
    assert!(text(&over.stderr).contains("the run is over"), "{}", text(&over.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_flags_are_refused_with_a_clear_error() {
    let refused = |extra: &[&str]| text(&run(extra).stderr);
    assert!(refused(&["--budget", "0"]).contains("--budget must be at least"));
    assert!(refused(&["--budget", "abc"]).contains("invalid value 'abc' for '--budget"));
    assert!(refused(&["--budget", "64", "--shard", "2/2", "--out", "x"]).contains("not a shard"));
    assert!(refused(&["--budget", "64", "--history", "h.json"]).contains("--shard"));
    let help = text(&hamle(&["tune", "--help"]).stdout);
    assert!(help.contains("firefly") && help.contains("Yang") && help.contains("beta0=0..=1 (default 1)"), "{help}");
}
