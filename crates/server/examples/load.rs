//! Load, faults and memory on loopback, against the server in another process (this example started again
//! with `--serve`, so it needs no other binary): many concurrent Hapis matches against a bot, each a player
//! making its first legal step again and again; games between two people, both driven by the game's pushed
//! updates (one event stream a game); then requests per second, latency percentiles and errors.
//!
//! - `--kill-after S` kills the server with SIGKILL S seconds into the load, starts it again on the same file,
//!   and checks that every game holds every action the server had answered (its log then is a prefix of the
//!   log now).
//! - `--memory N` instead creates N games (the four kinds in turn) and reads each once, then gives the server's
//!   resident memory (VmRSS from /proc) with the default LRU of 1000 games.
//! - `--bot-time` instead times one new 16×16 Domineering game against `seed(depth=7)` (and `solver`) moving
//!   first, under the default bot budget (1 s), and whether the server's CPU time still grows 2 s after the answer.
//!
//! - `--postgres URL` keeps the games in that PostgreSQL database (it must be empty) instead of a new SQLite file,
//!   and `--servers N` starts N server processes on it: each client sends its requests to them in turn, as a
//!   round-robin load balancer would, and each game's event stream is read from one of them.
//!
//! The server runs with the default limits except those per client address (every client here is 127.0.0.1).
//!
//! `cargo run --release -p hamle-server --example load -- --games 200 --actions 60 --friends 100`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::{Value, json};

#[derive(Parser, Debug)]
struct Args {
    /// Concurrent matches against the bot, one client thread each.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Actions per match against the bot (throws, steps, next game).
    #[arg(long, default_value_t = 60)]
    actions: usize,
    /// The bot the matches are played against.
    #[arg(long, default_value = "thesis")]
    opponent: String,
    /// Concurrent Hapis games between two people (two client threads and one event stream each).
    #[arg(long, default_value_t = 100)]
    friends: usize,
    /// Actions per game between people.
    #[arg(long, default_value_t = 60)]
    friend_actions: usize,
    /// Kill the server with SIGKILL this many seconds into the load, restart it and check every game.
    #[arg(long)]
    kill_after: Option<f64>,
    /// Instead of the load: create this many games, read each once, and give the server's memory.
    #[arg(long)]
    memory: Option<usize>,
    /// Instead of the load: time a 16×16 Domineering game against seed(depth=7) and solver moving first.
    #[arg(long)]
    bot_time: bool,
    /// (Internal) serve on this address: the process the load runs against.
    #[arg(long, hide = true)]
    serve: Option<String>,
    /// (Internal) the store of the served process.
    #[arg(long, hide = true)]
    db: Option<String>,
    /// Keep the games in this PostgreSQL database (empty) instead of a new SQLite file.
    #[arg(long)]
    postgres: Option<String>,
    /// Server processes on the store (more than one needs `--postgres`); clients send requests to each in turn.
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// Which server `--kill-after` kills (from 0); with several, the others are checked instead of a restart.
    #[arg(long, default_value_t = 0)]
    kill_server: usize,
}

fn serve(addr: &str, db: &str) {
    // Every client here is 127.0.0.1: the limits per address (rates, shares of the thinkers, streams,
    // connections) are lifted, as 200 players at 200 addresses would not meet them.
    let fast = hamle_server::Rate { burst: 1_000_000, every: Duration::from_micros(1) };
    let defaults = hamle_server::Limits::default();
    let limits = hamle_server::Limits {
        burst: 1_000_000,
        refill: Duration::from_millis(1),
        actions: fast,
        hints: fast,
        streams_opened: fast,
        think_queue: 100_000,
        think_per_client: 100_000,
        think_share: defaults.thinkers,
        connections: 100_000,
        connections_per_address: 100_000,
        streams: 100_000,
        streams_per_address: 100_000,
        ..defaults
    };
    let app = hamle_server::App::connect(db, limits).expect("the store opens");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the address");
        hamle_server::serve(listener, app).await.expect("serving");
    });
}

/// The server process.
struct Served {
    child: Child,
}

impl Served {
    fn start(addr: &str, db: &str) -> Served {
        let exe = std::env::current_exe().expect("this example's path");
        let child = Command::new(exe)
            .args(["--serve", addr, "--db", db])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let start = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "the server did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        Served { child }
    }

    /// Resident memory, in KiB.
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }

    /// CPU time used so far (user + system), in clock ticks.
    fn cpu_ticks(&self) -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // The fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let field = |n: usize| fields.get(n - 3).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        field(14) + field(15)
    }

    fn kill(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into()
}

fn call(agent: &ureq::Agent, url: &str, token: Option<&str>, body: Option<&Value>) -> Result<(u16, Value), String> {
    let auth = token.map(|t| format!("Bearer {t}"));
    let result = match body {
        None => {
            let mut r = agent.get(url);
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.call()
        }
        Some(body) => {
            let mut r = agent.post(url).header("Content-Type", "application/json");
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.send(body.to_string())
        }
    };
    let mut response = result.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().map_err(|e| e.to_string())?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::String(text))))
}

/// One client: its agent, its token, and what it measured.
struct Player {
    /// The servers it sends its requests to, in turn.
    bases: Vec<String>,
    turn: usize,
    agent: ureq::Agent,
    token: Option<String>,
    latencies: Vec<f64>,
    errors: Vec<String>,
    /// When its last answer came.
    last_answer: Option<Instant>,
}

/// Spreads the players' first requests over the servers.
static NEXT: AtomicU64 = AtomicU64::new(0);

impl Player {
    fn new(bases: &[String]) -> Player {
        Player {
            bases: bases.to_vec(),
            turn: usize::try_from(NEXT.fetch_add(1, Ordering::Relaxed)).unwrap_or(0),
            agent: agent(),
            token: None,
            latencies: Vec::new(),
            errors: Vec::new(),
            last_answer: None,
        }
    }

    fn timed(&mut self, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
        let clock = Instant::now();
        let base = &self.bases[self.turn % self.bases.len()];
        self.turn += 1;
        let answer = call(&self.agent, &format!("{base}{path}"), self.token.as_deref(), body);
        self.latencies.push(clock.elapsed().as_secs_f64() * 1e3);
        self.last_answer = Some(Instant::now());
        answer
    }

    /// A request that must answer `want`; its body, or the error noted.
    fn expect(&mut self, path: &str, body: Option<&Value>, want: u16) -> Option<Value> {
        match self.timed(path, body) {
            Ok((status, v)) if status == want => Some(v),
            other => {
                self.errors.push(format!("{path}: {other:?}"));
                None
            }
        }
    }

    fn sign_up(&mut self) -> bool {
        match self.expect("/api/players", Some(&json!({})), 201) {
            Some(v) => {
                self.token = v["token"].as_str().map(str::to_owned);
                true
            }
            None => false,
        }
    }
}

/// What one game's clients saw: the last state answered, and whether an action was in flight at the kill.
struct Outcome {
    players: Vec<Player>,
    last: Option<(String, Value)>,
    in_flight: bool,
    pushes: u64,
    push_ms: Vec<f64>,
}

/// The next action of a Hapis game by first legal steps (a whole play every other turn in friend games).
fn next_action(state: &Value, whole: bool) -> Option<Value> {
    match state["to_do"].as_str()? {
        "roll" => Some(json!({ "action": "roll" })),
        "move" if whole && state["steps"]["entered"].as_array().is_some_and(Vec::is_empty) => {
            Some(json!({ "action": "move", "move": state["legal"][0] }))
        }
        "move" => {
            let step = &state["steps"]["next"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            Some(json!({ "action": "step", "step": format!("{}/{to}", step["from"]) }))
        }
        "next" => Some(json!({ "action": "next" })),
        _ => None,
    }
}

/// Who acts in a game between people: the seat to move or throw, seat 0 for the opening throw and next game.
fn actor(state: &Value) -> Option<usize> {
    match state["to_do"].as_str()? {
        "nothing" => None,
        _ => Some(state["turn"].as_u64().map_or(0, |t| t as usize)),
    }
}

/// A state's place in the game's course: lines logged and steps entered.
fn version(state: &Value) -> (usize, usize) {
    (state["log"].as_array().map_or(0, Vec::len), state["steps"]["entered"].as_array().map_or(0, Vec::len))
}

/// One match against the bot.
fn bot_match(bases: &[String], args: &Args, dead: &AtomicBool, done: &AtomicU64) -> Outcome {
    let mut player = Player::new(bases);
    let mut out = Outcome { players: Vec::new(), last: None, in_flight: false, pushes: 0, push_ms: Vec::new() };
    if !player.sign_up() {
        out.players.push(player);
        return out;
    }
    let setup = json!({ "kind": "hapis", "opponent": args.opponent, "length": 3 });
    let Some(mut state) = player.expect("/api/games", Some(&setup), 201) else {
        out.players.push(player);
        return out;
    };
    let id = state["id"].as_str().unwrap_or_default().to_owned();
    out.last = Some((id.clone(), state.clone()));
    for _ in 0..args.actions {
        let Some(action) = next_action(&state, false) else { break };
        match player.timed(&format!("/api/games/{id}/actions"), Some(&action)) {
            Ok((200, v)) => {
                state = v;
                out.last = Some((id.clone(), state.clone()));
                done.fetch_add(1, Ordering::Relaxed);
            }
            Ok((status, v)) => player.errors.push(format!("{status}: {v}")),
            Err(_) if dead.load(Ordering::Relaxed) => {
                out.in_flight = true;
                break;
            }
            Err(e) => player.errors.push(e),
        }
    }
    out.players.push(player);
    out
}

/// Follows a game's event stream: each pushed state with the moment it came, until the stream ends.
fn follow(addr: &str, id: &str, send: &[mpsc::Sender<(Instant, Value)>]) -> Option<TcpStream> {
    let mut stream = TcpStream::connect(addr).ok()?;
    write!(stream, "GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n").ok()?;
    let handle = stream.try_clone().ok()?;
    let send = send.to_vec();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                break;
            }
        }
        let mut text = String::new();
        loop {
            // Chunked: a size line, the bytes, a line end.
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let Ok(size) = usize::from_str_radix(line.trim(), 16) else { return };
            let mut bytes = vec![0; size + 2];
            if size == 0 || reader.read_exact(&mut bytes).is_err() {
                return;
            }
            text.push_str(&String::from_utf8_lossy(&bytes[..size]));
            while let Some(end) = text.find("\n\n") {
                let event: String = text.drain(..end + 2).collect();
                let data = event.lines().find_map(|l| l.strip_prefix("data: ")).unwrap_or_default();
                if event.starts_with("event: state")
                    && let Ok(state) = serde_json::from_str::<Value>(data)
                {
                    let now = Instant::now();
                    for s in &send {
                        s.send((now, state.clone())).ok();
                    }
                }
            }
        }
    });
    Some(handle)
}

/// One Hapis game between two people: the creator invites, the friend joins, an event stream relays every
/// change to both, and each acts when a pushed state says it is its turn.
fn friend_game(bases: &[String], addr: &str, args: &Args, dead: &AtomicBool, done: &AtomicU64) -> Outcome {
    let mut out = Outcome { players: Vec::new(), last: None, in_flight: false, pushes: 0, push_ms: Vec::new() };
    let (mut creator, mut friend) = (Player::new(bases), Player::new(bases));
    let made = if creator.sign_up() && friend.sign_up() {
        creator.expect("/api/games", Some(&json!({ "kind": "hapis", "opponent": "friend", "length": 3 })), 201)
    } else {
        None
    };
    let Some(made) = made else {
        out.players.extend([creator, friend]);
        return out;
    };
    let id = made["id"].as_str().unwrap_or_default().to_owned();
    let invite = json!({ "invite": made["invite"]["code"] });
    if friend.expect(&format!("/api/games/{id}/join"), Some(&invite), 200).is_none() {
        out.players.extend([creator, friend]);
        return out;
    }
    let (to_creator, for_creator) = mpsc::channel();
    let (to_friend, for_friend) = mpsc::channel();
    let (to_me, pushed) = mpsc::channel();
    let Some(stream) = follow(addr, &id, &[to_creator, to_friend, to_me]) else {
        creator.errors.push("no event stream".to_owned());
        out.players.extend([creator, friend]);
        return out;
    };
    let shared = Shared {
        id: id.clone(),
        left: AtomicU64::new(args.friend_actions as u64),
        answered: Mutex::default(),
        in_flight: AtomicBool::new(false),
        dead,
        done,
    };
    let shared = &shared;
    std::thread::scope(|scope| {
        let seats = [
            scope.spawn(move || seat(creator, 0, &for_creator, shared)),
            scope.spawn(move || seat(friend, 1, &for_friend, shared)),
        ];
        for t in seats {
            out.players.push(t.join().unwrap_or_else(|_| Player::new(bases)));
        }
    });
    let answered = std::mem::take(&mut *shared.answered.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    stream.shutdown(std::net::Shutdown::Both).ok();
    let states: Vec<(Instant, Value)> = pushed.try_iter().collect();
    out.pushes = states.len() as u64;
    for (sent, state) in &answered {
        if let Some((at, _)) = states.iter().find(|(_, s)| version(s) == version(state)) {
            out.push_ms.push(at.saturating_duration_since(*sent).as_secs_f64() * 1e3);
        }
    }
    let last = answered.iter().max_by_key(|(_, s)| version(s)).map(|(_, s)| s.clone()).unwrap_or(made);
    out.last = Some((id, last));
    out.in_flight = shared.in_flight.load(Ordering::Relaxed);
    out
}

/// What both people of a game share: the actions left to make, the states answered (with when each action
/// was sent), whether an action was in flight at the kill.
struct Shared<'a> {
    id: String,
    left: AtomicU64,
    answered: Mutex<Vec<(Instant, Value)>>,
    in_flight: AtomicBool,
    dead: &'a AtomicBool,
    done: &'a AtomicU64,
}

/// One person of a game between people: acts whenever a pushed state says it is its turn.
fn seat(mut player: Player, seat: usize, inbox: &mpsc::Receiver<(Instant, Value)>, shared: &Shared<'_>) -> Player {
    let mut turns = 0usize;
    let mut idle = Instant::now();
    while shared.left.load(Ordering::Relaxed) > 0 {
        // Woken now and then to see whether the other person made the last action; gives up after 30 s idle.
        let state = match inbox.recv_timeout(Duration::from_millis(100)) {
            Ok((_, state)) => {
                idle = Instant::now();
                state
            }
            Err(mpsc::RecvTimeoutError::Timeout) if idle.elapsed() < Duration::from_secs(30) => continue,
            Err(_) => break,
        };
        if shared.left.load(Ordering::Relaxed) == 0 {
            break;
        }
        match actor(&state) {
            None => break,
            Some(s) if s != seat => continue,
            Some(_) => {}
        }
        let whole = state["steps"]["entered"].as_array().is_some_and(Vec::is_empty) && {
            turns += 1;
            turns.is_multiple_of(2)
        };
        let Some(action) = next_action(&state, whole) else { break };
        let sent = Instant::now();
        match player.timed(&format!("/api/games/{}/actions", shared.id), Some(&action)) {
            Ok((200, v)) => {
                shared.answered.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((sent, v));
                shared.done.fetch_add(1, Ordering::Relaxed);
                shared.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).ok();
            }
            Ok((status, v)) => player.errors.push(format!("{status}: {v}")),
            Err(_) if shared.dead.load(Ordering::Relaxed) => {
                shared.in_flight.store(true, Ordering::Relaxed);
                break;
            }
            Err(e) => player.errors.push(e),
        }
    }
    player
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

/// Requests, their rate over the time from `start` to the group's last answer, latency percentiles, errors.
fn report(title: &str, outcomes: &[Outcome], start: Instant) -> usize {
    let wall = outcomes
        .iter()
        .flat_map(|o| o.players.iter())
        .filter_map(|p| p.last_answer)
        .max()
        .map_or(0.0, |end| end.saturating_duration_since(start).as_secs_f64());
    let mut latencies: Vec<f64> =
        outcomes.iter().flat_map(|o| o.players.iter()).flat_map(|p| p.latencies.iter().copied()).collect();
    latencies.sort_by(f64::total_cmp);
    let errors: Vec<&String> = outcomes.iter().flat_map(|o| o.players.iter()).flat_map(|p| p.errors.iter()).collect();
    println!(
        "{title}: {} requests in {wall:.1} s ({:.0} requests/s); latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}; errors: {}",
        latencies.len(),
        latencies.len() as f64 / wall,
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN),
        errors.len()
    );
    for e in errors.iter().take(5) {
        println!("  error: {e}");
    }
    errors.len()
}

fn main() {
    let args = Args::parse();
    if let Some(addr) = &args.serve {
        serve(addr, args.db.as_deref().expect("--db with --serve"));
        return;
    }
    let dir = std::env::temp_dir().join(format!("hamle-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    assert!(
        args.servers >= 1 && (args.servers == 1 || args.postgres.is_some()),
        "--servers 2 or more needs --postgres"
    );
    assert!(args.kill_server < args.servers, "--kill-server names one of the --servers, from 0");
    let db = args.postgres.clone().unwrap_or_else(|| dir.join("load.db").to_string_lossy().into_owned());
    let addrs: Vec<String> = (0..args.servers)
        .map(|_| {
            let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a port").port();
            format!("127.0.0.1:{port}")
        })
        .collect();
    let bases: Vec<String> = addrs.iter().map(|a| format!("http://{a}")).collect();
    let mut servers: Vec<Served> = addrs.iter().map(|a| Served::start(a, &db)).collect();
    let failed = if let Some(n) = args.memory {
        memory(&bases[0], &servers[0], n)
    } else if args.bot_time {
        bot_time(&bases[0], &servers[0])
    } else {
        load(&bases, &addrs, &db, &args, &mut servers)
    };
    for server in &mut servers {
        server.kill();
    }
    std::fs::remove_dir_all(&dir).ok();
    if failed {
        std::process::exit(1);
    }
}

fn load(bases: &[String], addrs: &[String], db: &str, args: &Args, servers: &mut [Served]) -> bool {
    let dead = AtomicBool::new(false);
    let done = AtomicU64::new(0);
    let clock = Instant::now();
    let (bots, friends, killed) = std::thread::scope(|scope| {
        let bots: Vec<_> = (0..args.games).map(|_| scope.spawn(|| bot_match(bases, args, &dead, &done))).collect();
        let friends: Vec<_> = (0..args.friends)
            .map(|i| {
                let (dead, done) = (&dead, &done);
                scope.spawn(move || friend_game(bases, &addrs[i % addrs.len()], args, dead, done))
            })
            .collect();
        let mut killed = false;
        while bots.iter().chain(&friends).any(|w| !w.is_finished()) {
            let due = args.kill_after.is_some_and(|after| clock.elapsed().as_secs_f64() >= after);
            if due && !killed {
                dead.store(true, Ordering::Relaxed);
                servers[args.kill_server].kill();
                killed = true;
                println!(
                    "killed the server with SIGKILL after {:.1} s, {} actions answered",
                    clock.elapsed().as_secs_f64(),
                    done.load(Ordering::Relaxed)
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let join = |w: std::thread::ScopedJoinHandle<'_, Outcome>| w.join().ok();
        (
            bots.into_iter().filter_map(join).collect::<Vec<_>>(),
            friends.into_iter().filter_map(join).collect::<Vec<_>>(),
            killed,
        )
    });
    let wall = clock.elapsed().as_secs_f64();
    println!("{} actions answered in {wall:.1} s", done.load(Ordering::Relaxed));
    let mut errors = report(&format!("{} matches against {}", bots.len(), args.opponent), &bots, clock);
    errors += report(&format!("{} games between two people", friends.len()), &friends, clock);
    let mut all: Vec<&Outcome> = bots.iter().chain(&friends).collect();
    let mut pushed: Vec<f64> = friends.iter().flat_map(|o| o.push_ms.iter().copied()).collect();
    pushed.sort_by(f64::total_cmp);
    println!(
        "pushed updates: {} received on {} streams; from sending an action to its state pushed, ms: p50 {:.1}, p99 {:.1} ({} matched)",
        friends.iter().map(|o| o.pushes).sum::<u64>(),
        friends.len(),
        percentile(&pushed, 0.5),
        percentile(&pushed, 0.99),
        pushed.len()
    );
    let mut lost = 0;
    if killed {
        // One server alone is started again on its store; with several, the others answer for it.
        let restarted = (servers.len() == 1).then(|| Served::start(&addrs[0], db));
        let survivor = if servers.len() == 1 { 0 } else { (args.kill_server + 1) % servers.len() };
        let base = bases[survivor].as_str();
        let agent = agent();
        let (mut kept, mut in_flight_kept) = (0, 0);
        all.retain(|o| o.last.is_some());
        for o in &all {
            let Some((id, acked)) = &o.last else { continue };
            let Ok((200, now)) = call(&agent, &format!("{base}/api/games/{id}"), None, None) else {
                lost += 1;
                println!("  game {id} is gone");
                continue;
            };
            let (a, n) = (acked["log"].as_array(), now["log"].as_array());
            let prefix = matches!((a, n), (Some(a), Some(n)) if n.len() >= a.len() && n[..a.len()] == a[..]);
            let steps_kept = version(&now) >= version(acked);
            if prefix && steps_kept {
                kept += 1;
                in_flight_kept += usize::from(version(&now) != version(acked));
            } else {
                lost += 1;
                println!("  game {id}: the restarted state lacks answered actions");
            }
        }
        let how = if restarted.is_some() { "and restart" } else { "(read from the other server)" };
        println!(
            "after SIGKILL {how}: {kept} of {} games hold every answered action, {lost} do not; {in_flight_kept} \
             hold more than was answered (an action in flight at the kill, or a bot's reply owed and made at the load)",
            all.len()
        );
        if let Some(mut restarted) = restarted {
            restarted.kill();
        }
    }
    println!("the database was {db}");
    errors > 0 && !killed || lost > 0
}

fn memory(base: &str, server: &Served, n: usize) -> bool {
    let start_kib = server.rss_kib();
    let kinds = [
        json!({ "kind": "tictactoe", "opponent": "random" }),
        json!({ "kind": "hapis", "opponent": "thesis" }),
        json!({ "kind": "2048" }),
        json!({ "kind": "domineering", "opponent": "random" }),
    ];
    let clock = Instant::now();
    let made = AtomicU64::new(0);
    let workers = 8;
    let players: Vec<Player> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (kinds, made) = (&kinds, &made);
                scope.spawn(move || {
                    let mut player = Player::new(&[base.to_owned()]);
                    if player.sign_up() {
                        for i in (w..n).step_by(workers) {
                            let Some(state) = player.expect("/api/games", Some(&kinds[i % 4]), 201) else { continue };
                            let id = state["id"].as_str().unwrap_or_default().to_owned();
                            player.expect(&format!("/api/games/{id}"), None, 200);
                            made.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    player
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    std::thread::sleep(Duration::from_millis(500));
    let end_kib = server.rss_kib();
    let outcome = Outcome { players, last: None, in_flight: false, pushes: 0, push_ms: Vec::new() };
    let errors = report(&format!("{} games created and read", made.load(Ordering::Relaxed)), &[outcome], clock);
    println!(
        "server RSS: {:.1} MiB at the start, {:.1} MiB after {n} games created and read (LRU of 1000 games)",
        start_kib as f64 / 1024.0,
        end_kib as f64 / 1024.0
    );
    errors > 0
}

fn bot_time(base: &str, server: &Served) -> bool {
    let mut player = Player::new(&[base.to_owned()]);
    if !player.sign_up() {
        return true;
    }
    let mut slow = false;
    // The server runs with the default budget; the answer may take it and a tenth more.
    let budget = hamle_server::Limits::default().bot_time.as_secs_f64();
    for bot in ["seed(depth=7)", "solver"] {
        let setup = json!({
            "kind": "domineering", "params": { "rows": "16", "cols": "16" }, "opponent": bot, "seat": 1
        });
        let clock = Instant::now();
        let answer = player.timed("/api/games", Some(&setup));
        let wall = clock.elapsed().as_secs_f64();
        let at_answer = server.cpu_ticks();
        std::thread::sleep(Duration::from_secs(2));
        let later = server.cpu_ticks();
        let status = answer.as_ref().map_or(0, |(s, _)| *s);
        println!(
            "16x16 Domineering against {bot} moving first ({budget:.1} s budget): POST /api/games answered {status} in {wall:.2} s; \
             server CPU {} ticks (1/100 s) in the 2 s after the answer",
            later.saturating_sub(at_answer)
        );
        slow |= status != 201 || wall > budget * 1.1 || later.saturating_sub(at_answer) > 10;
    }
    slow
}
