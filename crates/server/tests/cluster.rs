//! Several servers on one PostgreSQL database, each in a process of its own (this test binary started again as
//! a server): a game acted on through either, its changes pushed to the followers of both, conflicting actions
//! of which exactly one stands, and a server killed with SIGKILL mid-thought whose bot's move the other
//! finishes.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Barrier;
use std::time::{Duration, Instant};

use common::{Client, Events, assert_refused, id_of, pg};
use hamle_server::{App, Limits, Rate};
use serde_json::{Value, json};

/// Set in a server process: the database's URL.
const SERVE: &str = "HAMLE_CLUSTER_SERVE";

/// How long a server's lease on a game holds in these tests: short, so that a killed server's game is taken
/// over within the test.
const LEASE: Duration = Duration::from_secs(2);

/// The servers' limits: the rates of a script (every client here is 127.0.0.1), a short lease, and a bot's
/// time long enough to kill its server mid-thought, and a short wait for it.
fn limits() -> Limits {
    let fast = Rate { burst: 1_000_000, every: Duration::from_micros(1) };
    Limits {
        actions: fast,
        hints: fast,
        streams_opened: fast,
        burst: 1_000_000,
        refill: Duration::from_micros(1),
        lease: LEASE,
        bot_time: Duration::from_secs(3),
        think_wait: Duration::from_millis(300),
        ..Limits::default()
    }
}

/// A server process: serves the database [`SERVE`] names on a free port, says where on its first line, and
/// stops when its input closes.
#[test]
#[ignore = "the cluster tests' server process, which they start themselves"]
fn serve() {
    let Ok(url) = std::env::var(SERVE) else { return };
    let app = App::connect(&url, limits()).expect("the store opens");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        println!("hamle-cluster-port {}", listener.local_addr().expect("an address").port());
        let stop = async {
            let _ = tokio::task::spawn_blocking(|| std::io::stdin().read_to_end(&mut Vec::new())).await;
        };
        hamle_server::serve_until(listener, app, stop).await.expect("serving");
    });
}

/// A server in a process of its own; killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(url: &str) -> Server {
        let mut child = Command::new(std::env::current_exe().expect("this binary"))
            .args(["--exact", "serve", "--ignored", "--nocapture", "--test-threads", "1"])
            .env(SERVE, url)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut lines = BufReader::new(child.stdout.take().expect("its output")).lines();
        let port = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| l.split("hamle-cluster-port ").nth(1).and_then(|p| p.trim().parse::<u16>().ok()))
            .expect("the server says its port");
        std::thread::spawn(move || lines.for_each(drop));
        Server { child, addr: SocketAddr::from(([127, 0, 0, 1], port)) }
    }

    fn player(&self) -> Client {
        let mut client = Client::at(self.addr);
        let (status, body) = client.post("/api/players", "");
        assert_eq!(status, 201, "{body}");
        client.token = Some(body["token"].as_str().expect("a token").to_owned());
        client
    }

    /// SIGKILL: the process ends at once, mid-whatever.
    fn kill(&mut self) {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moves(state: &Value) -> Vec<String> {
    state["history"].as_array().expect("a history").iter().map(|m| m.as_str().expect("a move").to_owned()).collect()
}

#[test]
fn a_friend_game_is_played_through_two_servers_and_each_pushes_the_others_moves() {
    let url = pg::database("friends");
    let (a, b) = (Server::start(&url), Server::start(&url));
    let host = a.player();
    let state = host.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&state);
    let invite = state["invite"]["code"].as_str().expect("an invite").to_owned();
    let guest = b.player();
    assert_eq!(guest.join(&id, &invite)["you"], json!(1), "seated through the other server");
    let on_a = Events::follow(a.addr, &id);
    let on_b = Events::follow(b.addr, &id);
    on_a.next(Duration::from_secs(5)).expect("the first state on a");
    on_b.next(Duration::from_secs(5)).expect("the first state on b");
    host.act(&id, &json!({ "action": "move", "move": "b2" }));
    let pushed = on_b.until(Duration::from_secs(5), |s| moves(s) == ["b2"]).expect("b pushes a's move");
    assert_eq!(pushed["to_do"], "move");
    guest.act(&id, &json!({ "action": "move", "move": "a1" }));
    on_a.until(Duration::from_secs(5), |s| moves(s) == ["b2", "a1"]).expect("a pushes b's move");
    assert_refused(
        &guest.through(a.addr).try_act(&id, &json!({ "action": "move", "move": "c3" })),
        409,
        "not its turn",
    );
    assert_eq!(moves(&host.through(b.addr).state(&id)), ["b2", "a1"], "both servers read the same game");
    assert_eq!(moves(&guest.through(a.addr).state(&id)), ["b2", "a1"]);
}

#[test]
fn a_rated_game_ended_through_one_server_is_rated_once_and_shown_alike_by_the_other() {
    let url = pg::database("rated");
    let (a, b) = (Server::start(&url), Server::start(&url));
    let host = a.player();
    let state = host.create(&json!({ "kind": "tictactoe", "opponent": "friend", "rated": true }));
    let id = id_of(&state);
    let invite = state["invite"]["code"].as_str().expect("an invite").to_owned();
    let guest = b.player();
    guest.join(&id, &invite);
    let on_b = Events::follow(b.addr, &id);
    on_b.next(Duration::from_secs(5)).expect("the first state on b");
    let over = host.act(&id, &json!({ "action": "resign" }));
    let changes = over["rated"]["changes"].clone();
    assert_eq!(changes.as_array().map(Vec::len), Some(2), "rated through a: {over}");
    let pushed = on_b.until(Duration::from_secs(5), |s| s["status"] == "over").expect("b pushes the end");
    assert_eq!(pushed["rated"]["changes"], changes, "b shows a's rating");
    assert_eq!(guest.state(&id)["rated"]["changes"], changes);
    let (_, me) = guest.get("/api/me");
    assert_eq!(me["ratings"][0]["games"], 1, "rated once: {me}");
    assert_eq!(me["history"].as_array().map(Vec::len), Some(1), "{me}");
}

/// The cells of tic-tac-toe.
const CELLS: [&str; 9] = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];

#[test]
fn fifty_clients_acting_in_pairs_through_both_servers_have_exactly_one_of_each_pair_stand() {
    let url = pg::database("pairs");
    let servers = [Server::start(&url), Server::start(&url)];
    // 25 games against a bot; each game's player acts through two clients at once, one through each server,
    // the same move each round: one of the pair stands, the other is refused, and the bot answers once.
    let games: Vec<(Client, Client, String)> = (0..25)
        .map(|i| {
            let one = servers[i % 2].player();
            let state = one.create(&json!({ "kind": "tictactoe", "opponent": "random" }));
            let other = one.through(servers[1 - i % 2].addr);
            (one, other, id_of(&state))
        })
        .collect();
    let conflicts = std::sync::atomic::AtomicU64::new(0);
    let results: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = games
            .iter()
            .map(|(one, other, id)| {
                let conflicts = &conflicts;
                s.spawn(move || {
                    let barrier = Barrier::new(2);
                    let (mut stood, mut refused, mut played) = (0, 0, Vec::new());
                    loop {
                        let state = one.state(id);
                        if state["to_do"] != "move" || state["thinking"] == json!(true) {
                            if state["status"] == "over" {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(20));
                            continue;
                        }
                        let history = moves(&state);
                        let cell = CELLS.iter().find(|c| !history.iter().any(|m| m == *c)).expect("a free cell");
                        let action = json!({ "action": "move", "move": cell });
                        let (x, y) = std::thread::scope(|pair| {
                            let b = &barrier;
                            let x = pair.spawn(|| {
                                b.wait();
                                one.try_act(id, &action)
                            });
                            let y = pair.spawn(|| {
                                b.wait();
                                other.try_act(id, &action)
                            });
                            (x.join().expect("one"), y.join().expect("other"))
                        });
                        for (status, body) in [&x, &y] {
                            assert!(*status == 200 || *status == 409, "only a stand or a refusal: {status} {body}");
                            // Refused by the store's version check ("conflict") when both met the same version, or
                            // by the rules ("not_allowed": not its turn, the bot thinking) when one came after.
                            if *status == 409 {
                                assert!(body["error"] == "conflict" || body["error"] == "not_allowed", "{body}");
                                if body["error"] == "conflict" {
                                    conflicts.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                }
                            }
                        }
                        assert_eq!([x.0, y.0].iter().filter(|s| **s == 200).count(), 1, "one of the pair: {x:?} {y:?}");
                        stood += 1;
                        refused += 1;
                        played.push((*cell).to_owned());
                    }
                    (stood, refused, played)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a game's clients")).collect()
    });
    // Each refusal by the store's version check is counted, by the server that met it, in its metrics.
    let counted: u64 = servers
        .iter()
        .map(|server| {
            let text = Client::at(server.addr).get_full("/metrics").body.as_str().expect("metrics").to_owned();
            text.lines()
                .find_map(|l| l.strip_prefix("hamle_store_conflicts_total "))
                .and_then(|n| n.parse::<u64>().ok())
                .expect("the conflicts counter")
        })
        .sum();
    assert_eq!(counted, conflicts.load(std::sync::atomic::Ordering::Relaxed), "conflicts counted by the servers");
    for ((one, other, id), (stood, refused, played)) in games.iter().zip(&results) {
        let (through_a, through_b) = (one.state(id), other.state(id));
        assert_eq!(moves(&through_a), moves(&through_b), "both servers read the same game");
        let history = moves(&through_a);
        assert_eq!(through_a["status"], "over");
        // The person (seat 0) moves first, then the bot: the person's moves are the even ones, each exactly once
        // and exactly those that stood; the bot's are between them, one each.
        let mine: Vec<String> = history.iter().step_by(2).cloned().collect();
        assert_eq!(&mine, played, "no action lost or doubled in {id}");
        assert_eq!(*stood, played.len());
        assert_eq!(*refused, played.len());
        let bots = history.len() - mine.len();
        assert!(bots == mine.len() || bots + 1 == mine.len(), "one bot move per person's move: {history:?}");
        let mut seen = history.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), history.len(), "no cell played twice: {history:?}");
    }
}

#[test]
fn a_server_killed_mid_thought_leaves_the_bots_move_to_the_other_and_the_other_serves_on() {
    let url = pg::database("kill");
    let (mut a, b) = (Server::start(&url), Server::start(&url));
    let player = a.player();
    let state = player.create(&json!({ "kind": "chess", "opponent": "engine" }));
    let id = id_of(&state);
    let on_b = Events::follow(b.addr, &id);
    on_b.next(Duration::from_secs(5)).expect("the first state");
    // The engine thinks for its whole 3 s; the answer comes after 0.3 s with the bot still thinking.
    let answered = player.act(&id, &json!({ "action": "move", "move": "e4" }));
    assert_eq!(answered["thinking"], json!(true), "{answered}");
    let killed = Instant::now();
    a.kill();
    let read = player.through(b.addr).state(&id);
    assert_eq!(moves(&read), ["e4"], "the person's move stood");
    assert_eq!(read["thinking"], json!(true), "the dead server's lease still holds: {read}");
    let replied = on_b
        .until(Duration::from_secs(20), |s| moves(s).len() == 2)
        .expect("the other server finishes the bot's move once the lease lapses");
    let took = killed.elapsed();
    assert!(took >= LEASE - Duration::from_millis(500), "taken over only once the lease lapsed: {took:?}");
    assert_eq!(replied["thinking"], json!(false));
    assert_eq!(moves(&player.through(b.addr).state(&id)).len(), 2, "one reply, stored once");
    // The survivor serves new players and games as before.
    let newcomer = b.player();
    let fresh = newcomer.create(&json!({ "kind": "tictactoe", "opponent": "random" }));
    let after = newcomer.act(&id_of(&fresh), &json!({ "action": "move", "move": "b2" }));
    assert_eq!(moves(&after).len(), 2, "the move and the bot's reply: {after}");
}
