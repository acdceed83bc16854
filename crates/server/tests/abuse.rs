//! The abuse suite: each attack of the issue "face the internet" run against a server in another process (this
//! test binary started again, serving) for a few seconds while a well-behaved client plays beside it from an
//! address of its own (127.0.0.2). Each asserts that the client is answered within a stated time, that the
//! server's memory stays under a stated bound, and that the client's game loses nothing; each prints what the
//! attack got (answers by status), the client's latencies and the server's memory, which `docs/benchmarks.md`
//! ("Under attack") quotes from a longer run: `HAMLE_ABUSE_SECONDS=20 cargo test --release -p hamle-server --test
//! abuse -- --nocapture --test-threads 1`.
//!
//! The bounds are generous, to hold on a loaded 2-core machine: what they catch is a server that stops
//! answering or grows without end (before these defences a bot flood took 4.9 GiB in 25 s).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hamle_server::{App, Limits, Rate};
use serde_json::{Value, json};

/// Where the well-behaved client comes from: not the attacker's address, so that the per-address limits that
/// hold the attacker back are not what it meets.
const PROBE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
/// The attacker's address.
const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
/// The server's memory may not pass this during an attack (it starts near 300 MiB with its networks loaded).
const MEMORY_BOUND: u64 = 1536 << 20;
/// Set in the server process: the store's path.
const SERVE: &str = "HAMLE_ABUSE_SERVE";
/// Set in the server process: raise the rate limits (to show a bound that does not rest on them).
const FAST: &str = "HAMLE_ABUSE_FAST";

/// The attacks one at a time: each measures a server on a machine it shares with nothing else of this binary.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// How long each attack runs: a few seconds here, longer for the benchmark.
fn seconds() -> Duration {
    let s = std::env::var("HAMLE_ABUSE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4.0_f64);
    Duration::from_secs_f64(s)
}

/// How many sockets each of the connection flood's two threads opens: 300 here, more for the benchmark
/// (`HAMLE_ABUSE_SOCKETS`).
fn sockets() -> usize {
    std::env::var("HAMLE_ABUSE_SOCKETS").ok().and_then(|s| s.parse().ok()).unwrap_or(300)
}

/// The server's limits in these tests: the defaults with two thinkers (so that the figures do not depend on the
/// machine's cores) and a short header timeout (so that idle sockets are seen closed within the test).
fn limits() -> Limits {
    let mut limits = Limits { thinkers: 2, header_timeout: Duration::from_secs(2), ..Limits::default() };
    if std::env::var_os(FAST).is_some() {
        let fast = Rate { burst: 1_000_000, every: Duration::from_micros(1) };
        limits.actions = fast;
        limits.hints = fast;
    }
    limits
}

/// The server process of the attacks: serves the store named by [`SERVE`] on a free port, says where on its
/// first line, and stops when its input closes (the test ends, or dies).
#[test]
#[ignore = "the abuse tests' server process, which they start themselves"]
fn serve() {
    let Some(path) = std::env::var_os(SERVE) else { return };
    let app = App::open_with(std::path::Path::new(&path), limits()).expect("the store opens");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind("0.0.0.0:0").await.expect("a port");
        let port = listener.local_addr().expect("an address").port();
        println!("hamle-abuse-port {port}");
        let stop = async {
            // Stdin closes when the test drops its end: then the server stops.
            let _ = tokio::task::spawn_blocking(|| std::io::stdin().read_to_end(&mut Vec::new())).await;
        };
        hamle_server::serve_until(listener, app, stop).await.expect("serving");
    });
}

/// A server in a process of its own; killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    _dir: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

impl Server {
    fn start(name: &str, fast: bool) -> Server {
        let dir = std::env::temp_dir().join(format!("hamle-abuse-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a folder");
        let mut command = Command::new(std::env::current_exe().expect("this binary"));
        command
            .args(["--exact", "serve", "--ignored", "--nocapture", "--test-threads", "1"])
            .env(SERVE, dir.join("games.db"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if fast {
            command.env(FAST, "1");
        }
        let mut child = command.spawn().expect("the server starts");
        let stdout = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(stdout).lines();
        let port = lines
            .by_ref()
            .map_while(Result::ok)
            // The harness may print the test's name on the same line first.
            .find_map(|l| l.split("hamle-abuse-port ").nth(1).and_then(|p| p.trim().parse::<u16>().ok()))
            .expect("the server says its port");
        // The rest of its output is drained, so that it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Server { child, addr: SocketAddr::from(([127, 0, 0, 1], port)), _dir: TempDir(dir) }
    }

    fn db(&self) -> std::path::PathBuf {
        self._dir.0.join("games.db")
    }

    /// The server's resident memory now, in bytes.
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// One HTTP/1.1 request on a new connection from `from`: the status and the body as JSON (a string when not).
fn request(
    server: SocketAddr,
    from: IpAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let mut stream = connect(server, from)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    let text = String::from_utf8_lossy(&answer);
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Ok((status, serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_owned()))))
}

/// A connection to `server` from the loopback address `from`.
fn connect(server: SocketAddr, from: IpAddr) -> std::io::Result<std::net::TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.bind(&SocketAddr::new(from, 0).into())?;
    socket.connect_timeout(&server.into(), Duration::from_secs(10))?;
    Ok(socket.into())
}

/// A player: its token, from `from`.
struct Player {
    server: SocketAddr,
    from: IpAddr,
    token: String,
}

impl Player {
    fn new(server: &Server, from: IpAddr) -> Player {
        let (status, body) = request(server.addr, from, "POST", "/api/players", None, None).expect("an answer");
        assert_eq!(status, 201, "{body}");
        Player { server: server.addr, from, token: body["token"].as_str().expect("a token").to_owned() }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string);
        request(self.server, self.from, method, path, Some(&self.token), body.as_deref())
            .unwrap_or_else(|e| (0, Value::String(e.to_string())))
    }

    fn create(&self, setup: &Value) -> Value {
        let (status, state) = self.call("POST", "/api/games", Some(setup));
        assert_eq!(status, 201, "{setup} → {state}");
        state
    }

    fn act(&self, id: &str, action: &Value) -> (u16, Value) {
        self.call("POST", &format!("/api/games/{id}/actions"), Some(action))
    }
}

fn id_of(state: &Value) -> String {
    state["id"].as_str().expect("an id").to_owned()
}

/// The well-behaved client's game: tic-tac-toe against `perfect`, or chess against the engine; it moves, one
/// move at a time, and remembers what each answer said.
struct Probe {
    player: Player,
    id: String,
    last: Value,
    latencies: Vec<Duration>,
    kind: &'static str,
}

impl Probe {
    fn new(server: &Server, kind: &'static str) -> Probe {
        let player = Player::new(server, PROBE);
        let last = match kind {
            "chess" => player.create(&json!({ "kind": "chess", "opponent": "engine" })),
            _ => player.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })),
        };
        Probe { id: id_of(&last), player, last, latencies: Vec::new(), kind }
    }

    /// One move (a new game once this one is over), timed; its answer must be a success.
    fn step(&mut self) {
        if self.last["status"] == "over" {
            let fresh = Probe::new_from(self);
            *self = Probe { latencies: std::mem::take(&mut self.latencies), ..fresh };
        }
        let mv = self.last["legal"][0].clone();
        let clock = Instant::now();
        let (status, state) = self.player.act(&self.id, &json!({ "action": "move", "move": mv }));
        self.latencies.push(clock.elapsed());
        assert_eq!(status, 200, "the well-behaved client's move {mv} → {state}");
        assert_eq!(state["pending"], Value::Null, "the bot's reply is owed to the well-behaved client: {state}");
        self.last = state;
    }

    fn new_from(old: &Probe) -> Probe {
        let player = Player { server: old.player.server, from: old.player.from, token: old.player.token.clone() };
        let last = match old.kind {
            "chess" => player.create(&json!({ "kind": "chess", "opponent": "engine" })),
            _ => player.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })),
        };
        Probe { id: id_of(&last), player, last, latencies: Vec::new(), kind: old.kind }
    }

    /// The game read back is the game last answered: nothing was lost.
    fn check_nothing_lost(&self) {
        let (status, state) = self.player.call("GET", &format!("/api/games/{}", self.id), None);
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["history"], self.last["history"], "the well-behaved client's game lost moves");
        assert_eq!(state["version"], self.last["version"]);
    }
}

/// What an attack got, and how the well-behaved client and the server fared meanwhile.
struct Report {
    answers: BTreeMap<u16, u64>,
    latencies: Vec<Duration>,
    peak: u64,
}

impl Report {
    fn percentile(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
        sorted.get(at).copied().unwrap_or_default()
    }

    fn print(&self, name: &str) {
        let answers: Vec<String> = self.answers.iter().map(|(s, n)| format!("{s}: {n}")).collect();
        println!(
            "attack {name}: attacker's answers {{{}}}; probe p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms over {} moves; \
             server peak RSS {} MiB",
            answers.join(", "),
            self.percentile(0.5).as_secs_f64() * 1000.0,
            self.percentile(0.99).as_secs_f64() * 1000.0,
            self.percentile(1.0).as_secs_f64() * 1000.0,
            self.latencies.len(),
            self.peak >> 20
        );
    }
}

/// Runs `attackers` threads of `attack` (each given its number and a flag that says stop, each counting the
/// statuses it got) for [`seconds`] while the probe moves and the server's memory is watched; then checks the
/// probe's bound and the memory's.
fn under_attack(
    name: &str,
    server: &Server,
    probe: &mut Probe,
    attackers: usize,
    bound: Duration,
    attack: impl Fn(usize, &AtomicBool, &mut BTreeMap<u16, u64>) + Sync,
) -> Report {
    let stop = AtomicBool::new(false);
    let peak = std::sync::atomic::AtomicU64::new(server.rss());
    let answers = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for n in 0..attackers {
            let (stop, answers, attack) = (&stop, &answers, &attack);
            scope.spawn(move || {
                let mut mine = BTreeMap::new();
                attack(n, stop, &mut mine);
                let mut all = answers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                for (status, count) in mine {
                    *all.entry(status).or_insert(0) += count;
                }
            });
        }
        scope.spawn(|| {
            while !stop.load(Ordering::SeqCst) {
                peak.fetch_max(server.rss(), Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        // The attack gets under way before the probe starts.
        std::thread::sleep(Duration::from_millis(500));
        let end = Instant::now() + seconds();
        while Instant::now() < end {
            probe.step();
            std::thread::sleep(Duration::from_millis(200));
        }
        stop.store(true, Ordering::SeqCst);
    });
    let report = Report {
        answers: answers.into_inner().unwrap_or_default(),
        latencies: probe.latencies.clone(),
        peak: peak.load(Ordering::SeqCst),
    };
    report.print(name);
    assert!(report.peak < MEMORY_BOUND, "{name}: the server's memory reached {} MiB", report.peak >> 20);
    let slowest = report.percentile(1.0);
    assert!(slowest < bound, "{name}: the well-behaved client waited {slowest:?} (bound {bound:?})");
    probe.check_nothing_lost();
    report
}

fn count(answers: &mut BTreeMap<u16, u64>, status: u16) {
    *answers.entry(status).or_insert(0) += 1;
}

/// 20 chess games against the engine, each looping a move and its take-back (the attack that took the server
/// to 4.9 GiB): the well-behaved client's chess moves are still answered with the bot's reply in time.
#[test]
fn a_bot_flood_leaves_a_bystanders_chess_move_answered() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("bots", false);
    let players: Vec<Player> = (0..4).map(|_| Player::new(&server, ATTACKER)).collect();
    let games: Vec<(usize, String, Value)> = (0..20)
        .map(|n| {
            let state = players[n % 4].create(&json!({ "kind": "chess", "opponent": "engine" }));
            (n % 4, id_of(&state), state["legal"][0].clone())
        })
        .collect();
    let mut probe = Probe::new(&server, "chess");
    let report = under_attack("bot flood", &server, &mut probe, 20, Duration::from_secs(5), |n, stop, answers| {
        let (player, id, mv) = &games[n];
        while !stop.load(Ordering::SeqCst) {
            let (status, _) = players[*player].act(id, &json!({ "action": "move", "move": mv }));
            count(answers, status);
            let (status, _) = players[*player].act(id, &json!({ "action": "takeback" }));
            count(answers, status);
        }
    });
    assert!(report.answers.get(&429).copied().unwrap_or(0) > 0, "the flood met the rate limit");
}

/// 8 chess games asking for hints in a loop (each up to a second of the engine): the bystander's moves are
/// answered with the bot's reply in time (the attacker's address thinks on one of the two thinkers).
#[test]
fn a_hint_flood_leaves_a_bystanders_move_answered() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("hints", false);
    let players: Vec<Player> = (0..8).map(|_| Player::new(&server, ATTACKER)).collect();
    let games: Vec<String> =
        players.iter().map(|p| id_of(&p.create(&json!({ "kind": "chess", "opponent": "engine" })))).collect();
    let mut probe = Probe::new(&server, "chess");
    let report = under_attack("hint flood", &server, &mut probe, 8, Duration::from_secs(5), |n, stop, answers| {
        while !stop.load(Ordering::SeqCst) {
            let (status, _) = players[n].call("GET", &format!("/api/games/{}/hint", games[n]), None);
            count(answers, status);
        }
    });
    assert!(report.answers.get(&200).copied().unwrap_or(0) > 0, "the attacker's hints were worked out too");
}

/// Hundreds of idle sockets and event streams from one address: those over the caps are closed or refused at
/// once, the idle ones closed after the header timeout, and the bystander is answered.
#[test]
fn a_connection_flood_is_capped_and_idle_sockets_are_closed() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("sockets", false);
    let mut probe = Probe::new(&server, "tictactoe");
    let watched = probe.id.clone();
    let idle = Mutex::new(Vec::new());
    let streams = Mutex::new(Vec::new());
    let report =
        under_attack("connection flood", &server, &mut probe, 2, Duration::from_secs(2), |n, stop, answers| {
            for _ in 0..sockets() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(mut socket) = connect(server.addr, ATTACKER) else {
                    count(answers, 0);
                    continue;
                };
                if n == 0 {
                    // An idle socket: it sends nothing.
                    idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(socket);
                    count(answers, 1);
                } else {
                    let head = format!("GET /api/games/{watched}/events HTTP/1.1\r\nHost: x\r\n\r\n");
                    let mut status = [0u8; 12];
                    let read = socket.write_all(head.as_bytes()).and_then(|()| {
                        socket.set_read_timeout(Some(Duration::from_secs(10)))?;
                        socket.read_exact(&mut status)
                    });
                    let code = read.ok().and_then(|()| std::str::from_utf8(&status[9..12]).ok()?.parse().ok());
                    count(answers, code.unwrap_or(0));
                    streams.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(socket);
                }
            }
        });
    let streamed = report.answers.get(&200).copied().unwrap_or(0);
    let served = limits();
    assert!(streamed <= served.streams_per_address as u64, "{streamed} streams held open from one address");
    // After the header timeout (2 s here) every idle socket the server took is closed.
    std::thread::sleep(served.header_timeout + Duration::from_secs(1));
    let idle = idle.into_inner().unwrap_or_default();
    let open = idle
        .into_iter()
        .filter(|s| {
            s.set_read_timeout(Some(Duration::from_millis(50))).ok();
            // Closed: a read gives 0 bytes or an error other than a timeout.
            let mut reader: &std::net::TcpStream = s;
            match reader.read(&mut [0u8; 1]) {
                Ok(0) => false,
                Ok(_) => true,
                Err(e) => matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
            }
        })
        .count();
    assert_eq!(open, 0, "idle sockets still open after the header timeout");
    // With the idle sockets gone, streams are taken up to the address's cap and refused past it.
    let mut held = streams.into_inner().unwrap_or_default();
    let mut refused = None;
    for _ in 0..served.streams_per_address + 5 {
        let mut socket = connect(server.addr, ATTACKER).expect("a connection");
        socket.set_read_timeout(Some(Duration::from_secs(10))).ok();
        write!(socket, "GET /api/games/{watched}/events HTTP/1.1\r\nHost: x\r\n\r\n").expect("sent");
        let mut head = [0u8; 12];
        socket.read_exact(&mut head).expect("an answer");
        if &head[9..12] != b"200" {
            let mut rest = Vec::new();
            socket.set_read_timeout(Some(Duration::from_secs(1))).ok();
            socket.read_to_end(&mut rest).ok();
            refused = Some(format!("{}{}", String::from_utf8_lossy(&head), String::from_utf8_lossy(&rest)));
            break;
        }
        held.push(socket);
    }
    let refused = refused.expect("a stream past the cap is refused");
    assert!(refused.starts_with("HTTP/1.1 429") && refused.contains("too_many_streams"), "{refused}");
    let open_streams = held.iter().filter(|s| s.peer_addr().is_ok()).count();
    assert!(open_streams <= served.streams_per_address, "{open_streams} streams open");
}

/// A tic-tac-toe game looped through a move and a take-back, with the rate limits raised: the take-backs stop
/// at their bound and what a client reads stays small.
#[test]
fn a_takeback_loop_stops_at_its_bound_and_the_state_stays_small() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("takebacks", true);
    let attacker = Player::new(&server, ATTACKER);
    let state = attacker.create(&json!({ "kind": "tictactoe", "opponent": "thesis" }));
    let id = id_of(&state);
    let mut probe = Probe::new(&server, "tictactoe");
    let largest = std::sync::atomic::AtomicUsize::new(0);
    let refused_at = Mutex::new(None);
    let report = under_attack("take-back loop", &server, &mut probe, 1, Duration::from_secs(2), |_, stop, answers| {
        let mut cycles = 0;
        while !stop.load(Ordering::SeqCst) && cycles < 300 {
            let (status, state) = attacker.act(&id, &json!({ "action": "move", "move": "a1" }));
            count(answers, status);
            largest.fetch_max(state.to_string().len(), Ordering::SeqCst);
            let (status, state) = attacker.act(&id, &json!({ "action": "takeback" }));
            count(answers, status);
            if status == 409 {
                *refused_at.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some((cycles, state));
                break;
            }
            cycles += 1;
        }
    });
    let (cycles, refusal) = refused_at.into_inner().unwrap_or_default().expect("the take-backs were refused");
    assert_eq!(cycles, hamle_arena::play::MAX_TAKEBACKS as usize, "refused after exactly the bound");
    assert!(refusal["detail"].as_str().is_some_and(|d| d.contains("take-backs")), "{refusal}");
    let largest = largest.load(Ordering::SeqCst);
    println!("attack take-back loop: the largest state read was {largest} bytes");
    assert!(largest < 24 * 1024, "a state of {largest} bytes");
    assert!(report.answers.get(&200).copied().unwrap_or(0) >= 2 * hamle_arena::play::MAX_TAKEBACKS as u64);
}

/// Oversized bodies and parameters outside what the server allows: each refused with a JSON error naming the
/// limit, nothing made, and the bystander answered.
#[test]
fn oversized_and_out_of_range_requests_are_refused_and_change_nothing() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("params", false);
    let attacker = Player::new(&server, ATTACKER);
    let mut probe = Probe::new(&server, "tictactoe");
    let before = attacker.call("GET", "/api/games", None).1["games"].as_array().map_or(0, Vec::len);
    let cases = [
        (json!({ "kind": "chess", "opponent": "engine(hash=256)" }), 400, "hash"),
        (json!({ "kind": "chess", "opponent": "uci(cmd=/bin/sh)" }), 400, "cmd"),
        (json!({ "kind": "domineering", "params": { "rows": "100000", "cols": "8" } }), 400, "rows"),
        (json!({ "kind": "hapis", "length": 1_000_000 }), 400, "length"),
        (json!({ "kind": "2048", "helper": "expectimax(prob=0)" }), 400, "prob"),
        (json!({ "kind": "chess", "padding": "x".repeat(20_000) }), 413, "16384"),
    ];
    let report = under_attack("bad parameters", &server, &mut probe, 2, Duration::from_secs(2), |_, stop, answers| {
        while !stop.load(Ordering::SeqCst) {
            for (body, status, names) in &cases {
                let (got, answer) = attacker.call("POST", "/api/games", Some(body));
                count(answers, got);
                if got == 429 {
                    continue;
                }
                assert_eq!(got, *status, "{body} → {answer}");
                let detail = answer["detail"].as_str().unwrap_or_default();
                assert!(detail.contains(names), "{body}: the refusal names {names}: {answer}");
                assert!(answer["error"].is_string(), "{answer}");
            }
        }
    });
    let after = attacker.call("GET", "/api/games", None).1["games"].as_array().map_or(0, Vec::len);
    assert_eq!(after, before, "a refused request made a game");
    assert!(report.answers.get(&400).copied().unwrap_or(0) > 0);
}

/// Another program holds the store's write lock for a few seconds: reads go on at once, writes are refused with
/// 503 `store_busy` (nothing changed) within the store's wait, and once the lock goes the game goes on.
#[test]
fn a_held_database_lock_leaves_reads_prompt_and_writes_refused_truthfully() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = Server::start("lock", false);
    let mut probe = Probe::new(&server, "tictactoe");
    probe.step();
    let before = probe.last.clone();
    let holder = rusqlite::Connection::open(server.db()).expect("the store opens");
    holder
        .execute_batch("BEGIN IMMEDIATE; INSERT INTO players (token_hash, created) VALUES ('held', 0);")
        .expect("held");
    let path = format!("/api/games/{}", probe.id);
    let mut reads = Vec::new();
    for _ in 0..10 {
        let clock = Instant::now();
        let (status, state) = probe.player.call("GET", &path, None);
        reads.push(clock.elapsed());
        assert_eq!((status, &state["history"]), (200, &before["history"]), "{state}");
    }
    let clock = Instant::now();
    let mv = before["legal"][0].clone();
    let (status, refusal) = probe.player.act(&probe.id, &json!({ "action": "move", "move": mv }));
    let waited = clock.elapsed();
    println!("attack held lock: reads max {:?}; a write answered {status} in {waited:?}", reads.iter().max());
    assert_eq!((status, refusal["error"].as_str()), (503, Some("store_busy")), "{refusal}");
    assert!(reads.iter().all(|r| *r < Duration::from_secs(1)), "reads waited for the lock: {reads:?}");
    assert!(waited < Duration::from_secs(5), "the write waited {waited:?}");
    let (_, state) = probe.player.call("GET", &path, None);
    assert_eq!(state["history"], before["history"], "the refused move changed the game");
    holder.execute_batch("ROLLBACK").expect("let go");
    probe.step();
    assert_eq!(probe.last["history"][before["history"].as_array().map_or(0, Vec::len)], mv, "the move now stands");
    probe.check_nothing_lost();
}
