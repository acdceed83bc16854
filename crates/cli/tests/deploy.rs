//! The cluster recipes in `deploy/`, as far as this machine can run them: the Slurm job array's scripts run as
//! separate processes (as its tasks would), merged, against the whole match; the Kubernetes manifests against
//! Kubernetes's schema (`kubernetes-validate`, which `scripts/test` installs from PyPI, run as `python3 -m
//! kubernetes_validate`) and against each other.

mod run;

use std::path::{Path, PathBuf};
use std::process::Command;

use run::{hamle, text};

fn deploy() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy")
}

/// The full report in `path` without its wall time.
fn report(path: &Path) -> serde_json::Value {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("a report")).expect("json");
    v.as_object_mut().map(|m| m.remove("seconds"));
    v
}

#[test]
fn the_slurm_array_s_tasks_run_apart_and_merged_give_the_whole_match() {
    let dir = std::env::temp_dir().join(format!("hamle-slurm-{}", std::process::id()));
    let parts = dir.join("parts");
    std::fs::create_dir_all(&dir).expect("a folder");
    let slurm = deploy().join("slurm");
    let run = |script: &str, task: Option<usize>| {
        let mut command = Command::new("bash");
        command
            .arg(slurm.join(script))
            .current_dir(&dir)
            .env("HAMLE", env!("CARGO_BIN_EXE_hamle"))
            .env("PARTS", &parts)
            .env("GAME", "tictactoe")
            .env("BOT_A", "thesis(depth=1)")
            .env("BOT_B", "random")
            .env("GAMES", "30")
            .env("SEED", "7")
            .env("MATCH_FLAGS", "");
        if let Some(task) = task {
            command.env("SLURM_ARRAY_TASK_ID", task.to_string()).env("SLURM_ARRAY_TASK_COUNT", "3");
        }
        let out = command.output().expect("bash runs");
        assert!(out.status.success(), "{script}: {}", text(&out.stderr));
        out
    };
    for task in 0..3 {
        run("match.sbatch", Some(task));
    }
    let merged = run("merge.sbatch", None);
    assert!(text(&merged.stdout).contains("thesis(depth=1)"), "the table: {}", text(&merged.stdout));
    let whole = dir.join("whole.json");
    let args = ["match", "tictactoe", "thesis(depth=1)", "random", "--games", "30", "--seed", "7", "--json", "--out"];
    let out = hamle(&[&args[..], &[whole.to_str().expect("a path")]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(report(&parts.join("match.json")), report(&whole), "every game and figure but the wall time");
    // A task started outside an array says so.
    let lost = Command::new("bash").arg(slurm.join("match.sbatch")).current_dir(&dir).output().expect("bash runs");
    assert!(!lost.status.success() && text(&lost.stderr).contains("run as a Slurm array job"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_kubernetes_manifests_pass_the_schema_and_agree_on_the_shard_count() {
    let kubernetes = deploy().join("kubernetes");
    let files = [kubernetes.join("match.yaml"), kubernetes.join("merge.yaml")];
    let out = Command::new("python3")
        .args(["-m", "kubernetes_validate", "--strict"])
        .args(&files)
        .output()
        .expect("kubernetes-validate runs (scripts/test installs it: pip install kubernetes-validate)");
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let job = std::fs::read_to_string(&files[0]).expect("the manifest");
    let count = |key: &str| {
        job.lines().find_map(|l| l.trim().strip_prefix(key)).map(|v| v.trim().to_owned()).unwrap_or_default()
    };
    let n = count("completions:");
    assert!(!n.is_empty() && count("parallelism:") == n, "completions and parallelism agree");
    assert!(job.contains(&format!("--shard \"${{JOB_COMPLETION_INDEX}}/{n}\"")), "the shards' N is the completions'");
    assert!(job.contains("/results/part-${JOB_COMPLETION_INDEX}.json"));
    let merge = std::fs::read_to_string(&files[1]).expect("the manifest");
    assert!(merge.contains("hamle merge /results/part-*.json"), "the merge reads the parts the shards write");
}
