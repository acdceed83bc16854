//! Load and faults on loopback: many concurrent Hapis matches against a `hamle serve` in another process,
//! each a player making its first legal step again and again; then latency percentiles and errors. With
//! `--kill-after S` the server is killed with SIGKILL mid-play, started again on the same file, and every game
//! is checked to hold every action the server had answered.
//!
//! `cargo build --release -p hamle && cargo run --release -p hamle-server --example load -- --games 200 --actions 60`

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

#[derive(Parser, Debug)]
struct Args {
    /// Concurrent games, one client thread each.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Actions per game (throws, steps, next game).
    #[arg(long, default_value_t = 60)]
    actions: usize,
    /// The bot the games are played against.
    #[arg(long, default_value = "thesis")]
    opponent: String,
    /// Kill the server with SIGKILL this many seconds into the load, restart it and check every game.
    #[arg(long)]
    kill_after: Option<f64>,
    /// The hamle binary (default: next to this example, target/release/hamle).
    #[arg(long)]
    hamle: Option<PathBuf>,
}

struct Outcome {
    latencies: Vec<f64>,
    errors: Vec<String>,
    /// The last state the server answered, and whether a request was in flight when the server died.
    last: Option<(String, Value)>,
    in_flight: bool,
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

fn call(
    agent: &ureq::Agent,
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let auth = token.map(|t| format!("Bearer {t}"));
    let result = match method {
        "GET" => {
            let mut r = agent.get(url);
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.call()
        }
        _ => {
            let mut r = agent.post(url).header("Content-Type", "application/json");
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.send(body.map_or_else(String::new, Value::to_string))
        }
    };
    let mut response = result.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().map_err(|e| e.to_string())?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::String(text))))
}

fn next_action(state: &Value) -> Option<Value> {
    match state["phase"].as_str()? {
        "opening" | "roll" => Some(json!({ "action": "roll" })),
        "move" => {
            let step = &state["legal"]["steps"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            Some(json!({ "action": "step", "step": format!("{}/{to}", step["from"]) }))
        }
        "game_over" => Some(json!({ "action": "next" })),
        _ => None,
    }
}

/// One player: a token, a match, then actions until `actions` are made, the match ends or the server dies.
fn player(base: &str, args: &Args, dead: &AtomicBool, done: &AtomicU64) -> Outcome {
    let agent = agent();
    let mut out = Outcome { latencies: Vec::new(), errors: Vec::new(), last: None, in_flight: false };
    let timed = |method: &str, url: &str, token: Option<&str>, body: Option<&Value>, out: &mut Outcome| {
        let clock = Instant::now();
        let answer = call(&agent, method, url, token, body);
        out.latencies.push(clock.elapsed().as_secs_f64() * 1e3);
        answer
    };
    let token = match timed("POST", &format!("{base}/api/players"), None, None, &mut out) {
        Ok((201, v)) => v["token"].as_str().unwrap_or_default().to_owned(),
        other => {
            out.errors.push(format!("player: {other:?}"));
            return out;
        }
    };
    let setup = json!({ "kind": "hapis", "opponent": args.opponent, "length": 3 });
    let mut state = match timed("POST", &format!("{base}/api/games"), Some(&token), Some(&setup), &mut out) {
        Ok((201, v)) => v,
        other => {
            out.errors.push(format!("create: {other:?}"));
            return out;
        }
    };
    let id = state["id"].as_str().unwrap_or_default().to_owned();
    out.last = Some((id.clone(), state.clone()));
    for _ in 0..args.actions {
        let Some(action) = next_action(&state) else { break };
        let url = format!("{base}/api/games/{id}/actions");
        match timed("POST", &url, Some(&token), Some(&action), &mut out) {
            Ok((200, v)) => {
                state = v;
                out.last = Some((id.clone(), state.clone()));
                done.fetch_add(1, Ordering::Relaxed);
            }
            Ok((status, v)) => out.errors.push(format!("{status}: {v}")),
            Err(_) if dead.load(Ordering::Relaxed) => {
                out.in_flight = true;
                return out;
            }
            Err(e) => out.errors.push(e),
        }
    }
    out
}

fn spawn_server(hamle: &PathBuf, addr: &str, db: &PathBuf) -> Child {
    let child = Command::new(hamle)
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e} (build it: cargo build --release -p hamle)", hamle.display()));
    let start = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "the server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

fn main() {
    let args = Args::parse();
    let hamle = args.hamle.clone().unwrap_or_else(|| {
        let exe = std::env::current_exe().expect("this example's path");
        exe.parent().and_then(|p| p.parent()).map(|p| p.join("hamle")).expect("target/release")
    });
    let dir = std::env::temp_dir().join(format!("hamle-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let db = dir.join("load.db");
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a port").port();
    let addr = format!("127.0.0.1:{port}");
    let base = format!("http://{addr}");
    let mut server = spawn_server(&hamle, &addr, &db);
    let dead = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let total = (args.games * args.actions) as u64;
    let bar = ProgressBar::new(total).with_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} actions ({per_sec})")
            .expect("a template"),
    );
    let clock = Instant::now();
    let args = Arc::new(args);
    let results = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..args.games)
        .map(|_| {
            let (base, args, dead, done, results) =
                (base.clone(), Arc::clone(&args), Arc::clone(&dead), Arc::clone(&done), Arc::clone(&results));
            std::thread::spawn(move || {
                let outcome = player(&base, &args, &dead, &done);
                results.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(outcome);
            })
        })
        .collect();
    let mut killed = false;
    while workers.iter().any(|w| !w.is_finished()) {
        bar.set_position(done.load(Ordering::Relaxed));
        let due = args.kill_after.is_some_and(|after| clock.elapsed().as_secs_f64() >= after);
        if due && !killed {
            dead.store(true, Ordering::Relaxed);
            server.kill().expect("SIGKILL");
            server.wait().ok();
            killed = true;
            bar.println(format!("killed the server with SIGKILL after {:.1} s", clock.elapsed().as_secs_f64()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    for w in workers {
        w.join().ok();
    }
    let wall = clock.elapsed().as_secs_f64();
    bar.finish();
    let results = Arc::try_unwrap(results).ok().and_then(|m| m.into_inner().ok()).unwrap_or_default();
    let mut latencies: Vec<f64> = results.iter().flat_map(|r| r.latencies.iter().copied()).collect();
    latencies.sort_by(f64::total_cmp);
    let errors: Vec<&String> = results.iter().flat_map(|r| r.errors.iter()).collect();
    println!(
        "{} games against {}, {} requests in {wall:.1} s ({:.0} requests/s), {} actions answered",
        args.games,
        args.opponent,
        latencies.len(),
        latencies.len() as f64 / wall,
        done.load(Ordering::Relaxed)
    );
    println!(
        "latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}; errors: {}",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN),
        errors.len()
    );
    for e in errors.iter().take(5) {
        println!("  error: {e}");
    }
    if killed {
        let mut restarted = spawn_server(&hamle, &addr, &db);
        let agent = agent();
        let (mut kept, mut lost, mut in_flight_kept) = (0, 0, 0);
        for r in &results {
            let Some((id, acked)) = &r.last else { continue };
            let Ok((200, now)) = call(&agent, "GET", &format!("{base}/api/games/{id}"), None, None) else {
                lost += 1;
                println!("  game {id} is gone");
                continue;
            };
            let (acked_log, now_log) = (acked["log"].as_array(), now["log"].as_array());
            let prefix = match (acked_log, now_log) {
                (Some(a), Some(n)) => n.len() >= a.len() && n[..a.len()] == a[..],
                _ => false,
            };
            let same = now["position"] == acked["position"] && now["log"] == acked["log"];
            if same || (r.in_flight && prefix) {
                kept += 1;
                in_flight_kept += usize::from(!same);
            } else {
                lost += 1;
                println!("  game {id}: the restarted state lacks answered actions");
            }
        }
        println!(
            "after SIGKILL and restart: {kept} games hold every answered action, {lost} do not; \
             {in_flight_kept} also hold the action in flight at the kill"
        );
        restarted.kill().ok();
        restarted.wait().ok();
    }
    server.kill().ok();
    server.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
    println!("the database was {} (removed)", db.display());
}
