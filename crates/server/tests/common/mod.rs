//! A server on `127.0.0.1:0` in its own thread (served with each client's address, as the rate limit needs), a
//! small HTTP client that keeps error answers and headers, and a raw reader of a game's pushed updates (SSE).
#![allow(dead_code)] // Each test file uses its own part of these helpers.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hamle_server::{App, Limits};
use serde_json::{Value, json};

pub mod pg;

/// Whether the suite runs against PostgreSQL (`HAMLE_TEST_STORE=postgres`, as `scripts/test` runs it a second
/// time) rather than SQLite.
pub fn on_postgres() -> bool {
    std::env::var("HAMLE_TEST_STORE").is_ok_and(|s| s == "postgres")
}

/// The default limits with the rates of actions, hints, event streams, names and transfers raised: a test plays as
/// fast as a script, which the defaults (made for people) would slow down. The tests of the limits set their own.
pub fn scripted() -> Limits {
    let fast = hamle_server::Rate { burst: 1_000_000, every: Duration::from_micros(1) };
    Limits { actions: fast, hints: fast, streams_opened: fast, people: fast, ..Limits::default() }
}

/// A running server; dropping it stops it.
pub struct Server {
    pub addr: SocketAddr,
    /// The app it serves (shared: the test can ask how many games it holds).
    pub app: App,
    stop: Option<tokio::sync::watch::Sender<bool>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `app` on a free loopback port. Stopping waits for open requests, but at most two seconds: event
    /// streams never end on their own.
    pub fn start(app: App) -> Server {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let (tell, told) = std::sync::mpsc::channel();
        let served = app.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
                tell.send(listener.local_addr().expect("an address")).expect("the test waits");
                let (mut graceful, mut hard) = (stopped.clone(), stopped);
                let serving = hamle_server::serve_until(listener, served, async move {
                    graceful.changed().await.ok();
                });
                let deadline = async move {
                    hard.changed().await.ok();
                    tokio::time::sleep(Duration::from_secs(2)).await;
                };
                tokio::select! {
                    result = serving => result.expect("serving"),
                    () = deadline => {}
                }
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        let addr = told.recv().expect("the server's address");
        Server { addr, app, stop: Some(stop), thread: Some(thread) }
    }

    /// Serves the store in the file at `path`.
    pub fn on_file(path: &Path) -> Server {
        Server::on_file_with(path, scripted())
    }

    /// Serves the store in the file at `path` with these limits.
    pub fn on_file_with(path: &Path, limits: Limits) -> Server {
        Server::start(App::open_with(path, limits).expect("the store opens"))
    }

    /// Serves a store in memory.
    pub fn in_memory() -> Server {
        Server::in_memory_with(scripted())
    }

    /// Serves a store in memory with these limits (a new database of the test cluster when the suite runs
    /// against PostgreSQL).
    pub fn in_memory_with(limits: Limits) -> Server {
        if on_postgres() {
            return Server::start(App::connect(&pg::database("server"), limits).expect("the store opens"));
        }
        Server::start(App::in_memory_with(limits).expect("the store opens"))
    }

    pub fn client(&self) -> Client {
        Client::at(self.addr)
    }

    /// Follows a game's pushed updates.
    pub fn events(&self, id: &str) -> Events {
        Events::follow(self.addr, id)
    }
}

impl Client {
    /// A client of the server at `addr`, with no token.
    pub fn at(addr: SocketAddr) -> Client {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Client { base: format!("http://{addr}"), agent, token: None, lang: None }
    }

    /// The same player's client of the server at `addr`.
    pub fn through(&self, addr: SocketAddr) -> Client {
        Client { token: self.token.clone(), ..Client::at(addr) }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
        if let Some(thread) = self.thread.take() {
            thread.join().ok();
        }
    }
}

/// An HTTP client with an optional player token.
pub struct Client {
    base: String,
    agent: ureq::Agent,
    pub token: Option<String>,
    /// The `Accept-Language` it sends, if any.
    pub lang: Option<String>,
}

/// An answer: its status, its headers (names in lower case) and its body as JSON (a string when not JSON).
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

fn answer(result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut response = result.unwrap_or_else(|e| panic!("the server answers: {e}"));
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .map(|(n, v)| (n.as_str().to_ascii_lowercase(), v.to_str().unwrap_or_default().to_owned()))
        .collect();
    let text = response.body_mut().read_to_string().expect("a body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer { status, headers, body }
}

impl Client {
    /// A client with a new player's token.
    pub fn player(server: &Server) -> Client {
        let mut client = server.client();
        let (status, body) = client.post("/api/players", "");
        assert_eq!(status, 201, "{body}");
        client.token = Some(body["token"].as_str().expect("a token").to_owned());
        client
    }

    /// Another client of the same server, with the same token.
    pub fn same(&self) -> Client {
        Client {
            base: self.base.clone(),
            agent: self.agent.clone(),
            token: self.token.clone(),
            lang: self.lang.clone(),
        }
    }

    /// The same client asking for answers in `lang` (an `Accept-Language` header).
    pub fn speaking(&self, lang: &str) -> Client {
        Client { lang: Some(lang.to_owned()), ..self.same() }
    }

    /// A client of the same server with no token: a watcher.
    pub fn watcher(&self) -> Client {
        Client { base: self.base.clone(), agent: self.agent.clone(), token: None, lang: self.lang.clone() }
    }

    pub fn get_full(&self, path: &str) -> Answer {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(lang) = &self.lang {
            request = request.header("Accept-Language", lang);
        }
        answer(request.call())
    }

    pub fn post_full(&self, path: &str, body: &str) -> Answer {
        let mut request = self.agent.post(format!("{}{path}", self.base)).header("Content-Type", "application/json");
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(lang) = &self.lang {
            request = request.header("Accept-Language", lang);
        }
        answer(request.send(body))
    }

    pub fn put_full(&self, path: &str, body: &str) -> Answer {
        let mut request = self.agent.put(format!("{}{path}", self.base)).header("Content-Type", "application/json");
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(lang) = &self.lang {
            request = request.header("Accept-Language", lang);
        }
        answer(request.send(body))
    }

    pub fn delete_full(&self, path: &str) -> Answer {
        let mut request = self.agent.delete(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(lang) = &self.lang {
            request = request.header("Accept-Language", lang);
        }
        answer(request.call())
    }

    pub fn put(&self, path: &str, body: &str) -> (u16, Value) {
        let a = self.put_full(path, body);
        (a.status, a.body)
    }

    pub fn delete(&self, path: &str) -> (u16, Value) {
        let a = self.delete_full(path);
        (a.status, a.body)
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let a = self.get_full(path);
        (a.status, a.body)
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let a = self.post_full(path, body);
        (a.status, a.body)
    }

    /// Creates a game, expecting success; its state.
    pub fn create(&self, setup: &Value) -> Value {
        let (status, body) = self.post("/api/games", &setup.to_string());
        assert_eq!(status, 201, "{setup} → {body}");
        body
    }

    /// Sends an action, expecting success; the new state.
    pub fn act(&self, id: &str, action: &Value) -> Value {
        let (status, body) = self.post(&format!("/api/games/{id}/actions"), &action.to_string());
        assert_eq!(status, 200, "{action} → {body}");
        body
    }

    /// Sends an action; the status and the answer.
    pub fn try_act(&self, id: &str, action: &Value) -> (u16, Value) {
        self.post(&format!("/api/games/{id}/actions"), &action.to_string())
    }

    /// Joins a game by its invite, expecting success; the state.
    pub fn join(&self, id: &str, invite: &str) -> Value {
        let (status, body) = self.post(&format!("/api/games/{id}/join"), &json!({ "invite": invite }).to_string());
        assert_eq!(status, 200, "join → {body}");
        body
    }

    pub fn state(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{body}");
        body
    }

    /// The game's record, as text.
    pub fn record(&self, id: &str) -> String {
        let (status, body) = self.get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200, "{body}");
        body.as_str().expect("a text record").to_owned()
    }
}

/// The game's id in a state.
pub fn id_of(state: &Value) -> String {
    state["id"].as_str().expect("an id").to_owned()
}

/// The state with what differs from one viewer to the next (the seat, the invite) left out: what everyone sees.
pub fn public(state: &Value) -> Value {
    let mut state = state.clone();
    if let Some(map) = state.as_object_mut() {
        map.remove("you");
        map.remove("invite");
    }
    state
}

/// Asserts a refused request: its status, a JSON `{error, detail}` with a detail for people.
pub fn assert_refused(answer: &(u16, Value), status: u16, what: &str) {
    assert_eq!(answer.0, status, "{what}: {}", answer.1);
    assert!(answer.1["error"].as_str().is_some_and(|e| !e.is_empty()), "{what}: no error code in {}", answer.1);
    assert!(answer.1["detail"].as_str().is_some_and(|d| !d.is_empty()), "{what}: no detail in {}", answer.1);
}

/// A file for a test's store in a fresh folder of its own (removed when dropped).
pub struct TempDb {
    dir: PathBuf,
    pub path: PathBuf,
}

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        let dir = std::env::temp_dir().join(format!("hamle-test-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("games.db");
        TempDb { dir, path }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// A game's pushed updates, read over a raw HTTP/1.1 connection: each `event: state` with its `data:` line,
/// parsed as JSON, in the order pushed.
pub struct Events {
    states: mpsc::Receiver<Value>,
    stream: TcpStream,
}

impl Events {
    pub fn follow(addr: SocketAddr, id: &str) -> Events {
        let mut stream = TcpStream::connect(addr).expect("a connection");
        write!(
            stream,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n"
        )
        .expect("a request");
        let reader = stream.try_clone().expect("a second handle");
        let (send, states) = mpsc::channel();
        std::thread::spawn(move || read_events(reader, &send));
        Events { states, stream }
    }

    /// The next state pushed, if one comes within `timeout`.
    pub fn next(&self, timeout: Duration) -> Option<Value> {
        self.states.recv_timeout(timeout).ok()
    }

    /// The first state pushed within `timeout` that satisfies `want` (earlier ones are skipped).
    pub fn until(&self, timeout: Duration, want: impl Fn(&Value) -> bool) -> Option<Value> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.checked_duration_since(Instant::now())?;
            let state = self.states.recv_timeout(left).ok()?;
            if want(&state) {
                return Some(state);
            }
        }
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stream.shutdown(std::net::Shutdown::Both).ok();
    }
}

/// Reads the answer's head, then its chunked body, and sends each `state` event's data as JSON; an event that is
/// not JSON is sent as a string (so that the test sees it and fails).
fn read_events(stream: TcpStream, send: &mpsc::Sender<Value>) {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let mut chunked = false;
    let mut first = true;
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if first {
            if !line.starts_with("HTTP/1.1 200") {
                send.send(Value::String(format!("the event stream answered {}", line.trim()))).ok();
                return;
            }
            first = false;
        }
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut text = String::new();
    loop {
        let mut bytes = Vec::new();
        if chunked {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let Ok(size) = usize::from_str_radix(line.trim(), 16) else { return };
            if size == 0 {
                return;
            }
            bytes.resize(size + 2, 0);
            if reader.read_exact(&mut bytes).is_err() {
                return;
            }
            bytes.truncate(size);
        } else {
            let mut buffer = [0u8; 4096];
            match reader.read(&mut buffer) {
                Ok(0) | Err(_) => return,
                Ok(n) => bytes.extend_from_slice(&buffer[..n]),
            }
        }
        text.push_str(&String::from_utf8_lossy(&bytes));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let mut name = "";
            let mut data = String::new();
            for l in event.lines() {
                if let Some(v) = l.strip_prefix("event:") {
                    name = v.trim();
                } else if let Some(v) = l.strip_prefix("data:") {
                    if !data.is_empty() {
                        data.push('\n');
                    }
                    data.push_str(v.strip_prefix(' ').unwrap_or(v));
                }
            }
            if name == "state" {
                let state = serde_json::from_str(&data).unwrap_or(Value::String(data));
                if send.send(state).is_err() {
                    return;
                }
            }
        }
    }
}

/// A tic-tac-toe game between two people: the creator (seat 0), the friend who joined (seat 1), and its id.
pub fn friends(server: &Server) -> (Client, Client, String) {
    let creator = Client::player(server);
    let state = creator.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&state);
    let code = state["invite"]["code"].as_str().expect("an invite").to_owned();
    let friend = Client::player(server);
    friend.join(&id, &code);
    (creator, friend, id)
}

/// The person's next action in a Hapis match by always taking the first legal step; `None` at the match's end.
pub fn first_step(state: &Value) -> Option<Value> {
    match state["to_do"].as_str()? {
        "roll" => Some(json!({ "action": "roll" })),
        "move" => {
            let step = &state["steps"]["next"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            Some(json!({ "action": "step", "step": format!("{}/{to}", step["from"]) }))
        }
        "next" => Some(json!({ "action": "next" })),
        _ => None,
    }
}
