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

/// `deploy/compose.yaml` as JSON (read by PyYAML, which `kubernetes-validate` brings).
fn compose() -> serde_json::Value {
    let out = Command::new("python3")
        .args(["-c", "import sys, yaml, json; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"])
        .arg(deploy().join("compose.yaml"))
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

/// The default of `hamle serve`'s flag `--name`, from its help.
fn serve_default(help: &str, name: &str) -> u64 {
    let at = help.find(&format!("--{name} <")).unwrap_or_else(|| panic!("--{name} in the help"));
    let rest = &help[at..];
    let default = rest.find("[default: ").expect("a default") + "[default: ".len();
    rest[default..].split(']').next().and_then(|d| d.parse().ok()).expect("a number")
}

#[test]
fn the_compose_file_runs_two_servers_on_postgres_behind_a_proxy_each_granting_half_an_address_s_rates() {
    let compose = compose();
    let services = &compose["services"];
    let (one, two) = (&services["hamle-1"], &services["hamle-2"]);
    assert_eq!(one, two, "the two servers are the same");
    let db = one["environment"]["HAMLE_DB"].as_str().expect("HAMLE_DB");
    assert!(db.starts_with("postgres://hamle:") && db.ends_with("@db:5432/hamle"), "{db}");
    assert_eq!(services["db"]["environment"]["POSTGRES_DB"], "hamle");
    let command: Vec<&str> = one["command"].as_array().expect("a command").iter().filter_map(|a| a.as_str()).collect();
    assert_eq!(command[0], "serve");
    let flags: Vec<(&str, &str)> =
        command[1..].iter().map(|f| f.trim_start_matches("--").split_once('=').expect("--flag=value")).collect();
    let subnet = compose["networks"]["arcade"]["ipam"]["config"][0]["subnet"].as_str().expect("a subnet");
    assert!(flags.contains(&("trusted-proxy", subnet)), "the proxy's network is trusted: {flags:?}");
    // Every flag is one `hamle serve` takes (clap parses them all before it prints the help).
    let mut args = command.clone();
    args.push("--help");
    let help = hamle(&args);
    assert!(help.status.success(), "{}", text(&help.stderr));
    let help = text(&help.stdout);
    // Two servers: each grants an address half the default, so that the two together grant what one does.
    for (flag, value) in &flags {
        let value: u64 = match value.parse() {
            Ok(v) => v,
            Err(_) => continue,
        };
        let default = serve_default(&help, flag);
        if flag.ends_with("-ms") {
            assert_eq!(value, default * 2, "--{flag}: refilled half as often");
        } else {
            assert_eq!(value * 2, default, "--{flag}: half the default");
        }
    }
    assert_eq!(flags.iter().filter(|(_, v)| v.parse::<u64>().is_ok()).count(), 10, "{flags:?}");
    let caddy = std::fs::read_to_string(deploy().join("Caddyfile")).expect("the Caddyfile");
    assert!(caddy.contains("reverse_proxy hamle-1:8080 hamle-2:8080"), "{caddy}");
    assert!(caddy.contains("health_uri /readyz"), "{caddy}");
    assert_eq!(services["proxy"]["ports"][0], "8080:8080");
}
