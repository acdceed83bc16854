//! The server's defences, each claim tested through a real server: the security headers on every kind of answer,
//! the rate limits (actions and joins, hints, event streams; per player and per address; `X-Forwarded-For` only
//! from a trusted proxy), the thinkers (one thought per game, a client's share, 503 busy or the bot's move owed
//! and played on the next request), the request timeout, the caps on connections, the bot parameters' caps shown
//! in the catalog, the games in memory bounded by their size, a full store (507, nothing changed) and a newer
//! schema refused.

mod common;

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use common::{Client, Server, TempDb, assert_refused, id_of, scripted};
use hamle_server::{App, Limits, Proxies, Rate};
use serde_json::{Value, json};

/// A rate that gives `burst` at once and nothing more within a test (the next one comes after a minute).
fn small(burst: u32) -> Rate {
    Rate { burst, every: Duration::from_secs(60) }
}

/// An answer's head read from a raw connection: its status and its headers (names in lower case).
struct Head {
    status: u16,
    headers: Vec<(String, String)>,
}

impl Head {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Reads an answer's head, byte by byte, up to its blank line (an event stream's body never ends).
fn read_head(stream: &mut TcpStream) -> Head {
    let mut bytes = Vec::new();
    let mut byte = [0u8; 1];
    while !bytes.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => bytes.push(byte[0]),
            other => panic!("the head ended early ({other:?}): {}", String::from_utf8_lossy(&bytes)),
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut lines = text.lines();
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Head { status, headers }
}

/// Reads the body of an answer whose head said its length, as JSON (a string when not).
fn read_body(stream: &mut TcpStream, head: &Head) -> Value {
    let length: usize = head.header("content-length").and_then(|l| l.parse().ok()).unwrap_or(0);
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).expect("the body");
    let text = String::from_utf8_lossy(&body).into_owned();
    serde_json::from_str(&text).unwrap_or(Value::String(text))
}

/// A connection to `server` from the loopback address `from` (any of 127.0.0.0/8).
fn connect_from(server: SocketAddr, from: IpAddr) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    socket.bind(&SocketAddr::new(from, 0).into()).expect("bound to the address");
    socket.connect_timeout(&server.into(), Duration::from_secs(10)).expect("connected");
    let stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout");
    stream
}

/// One request on a new connection from `from`, with `headers` added: the head and the body as JSON.
fn request(
    server: SocketAddr,
    from: IpAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (Head, Value) {
    let mut stream = connect_from(server, from);
    let extra: String = headers.iter().map(|(n, v)| format!("{n}: {v}\r\n")).collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let head = read_head(&mut stream);
    let body = read_body(&mut stream, &head);
    (head, body)
}

/// A player's move in game `id`, sent from `from` with `headers` added.
fn act_from(
    server: &Server,
    from: IpAddr,
    token: &str,
    headers: &[(&str, &str)],
    id: &str,
    action: &Value,
) -> (Head, Value) {
    let auth = format!("Bearer {token}");
    let mut all = vec![("Authorization", auth.as_str())];
    all.extend_from_slice(headers);
    request(server.addr, from, "POST", &format!("/api/games/{id}/actions"), &all, &action.to_string())
}

/// Opens a game's event stream on a raw connection and reads the answer's head (and its body when refused).
fn open_stream(server: &Server, id: &str) -> (TcpStream, Head, Value) {
    let mut stream = TcpStream::connect(server.addr).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout");
    write!(stream, "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        .expect("the request is sent");
    let head = read_head(&mut stream);
    let body = if head.status == 200 { Value::Null } else { read_body(&mut stream, &head) };
    (stream, head, body)
}

/// Asserts a rate limit's refusal: 429, error `too_many`, and a `Retry-After` of at least a second.
fn assert_too_many(status: u16, body: &Value, retry_after: Option<&str>, what: &str) {
    assert_eq!(status, 429, "{what}: {body}");
    assert_eq!(body["error"], "too_many", "{what}: {body}");
    let wait: u64 = retry_after.and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{what}: no Retry-After"));
    assert!(wait >= 1, "{what}: Retry-After {wait}");
}

/// The move of the first legal entry of a state.
fn first_move(state: &Value) -> Value {
    json!({ "action": "move", "move": state["legal"][0].clone() })
}

fn moves(state: &Value) -> usize {
    state["history"].as_array().map_or(0, Vec::len)
}

/// Waits until game `id` reads as thinking (a bot's thought is out); panics after 10 s.
fn until_thinking(client: &Client, id: &str) {
    let clock = Instant::now();
    while client.state(id)["thinking"] != true {
        assert!(clock.elapsed() < Duration::from_secs(10), "the bot never started thinking");
        std::thread::sleep(Duration::from_millis(5));
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Security headers.

#[test]
fn every_kind_of_answer_carries_the_security_headers() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    // Each answer: what was asked, the status expected, and the answer's head.
    let mut answers: Vec<(String, u16, Head)> = Vec::new();
    let record = format!("/api/games/{id}/record");
    for (path, want) in [
        ("/", 200),
        ("/chess", 200),
        ("/static/style.css", 200),
        ("/api/catalog", 200),
        ("/api/nope", 404),
        (record.as_str(), 200),
        // No folder is published: /lab is still a page, saying so.
        ("/lab", 200),
        ("/api/openapi.json", 200),
    ] {
        let answer = client.get_full(path);
        answers.push((format!("GET {path}"), want, Head { status: answer.status, headers: answer.headers }));
    }
    let malformed = client.post_full("/api/games", "{ not json");
    assert_eq!(malformed.body["error"], "malformed_json", "{}", malformed.body);
    let head = Head { status: malformed.status, headers: malformed.headers };
    answers.push(("POST /api/games with a malformed body".into(), 400, head));
    let (_stream, head, _) = open_stream(&server, &id);
    assert!(head.header("content-type").is_some_and(|t| t.starts_with("text/event-stream")), "{:?}", head.headers);
    answers.push((format!("GET /api/games/{id}/events"), 200, head));
    for (what, want, head) in &answers {
        assert_eq!(head.status, *want, "{what}");
        let policy = head
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy in {:?}", head.headers));
        assert!(policy.contains("frame-ancestors 'none'"), "{what}: {policy}");
        assert_eq!(head.header("x-frame-options"), Some("DENY"), "{what}");
        assert_eq!(head.header("x-content-type-options"), Some("nosniff"), "{what}");
        assert!(head.header("referrer-policy").is_some_and(|p| !p.is_empty()), "{what}: no Referrer-Policy");
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Rate limits.

#[test]
fn the_action_past_the_burst_is_429_too_many_with_retry_after() {
    let server = Server::in_memory_with(Limits { actions: small(3), ..scripted() });
    let client = Client::player(&server);
    let mut state = client.create(&json!({ "kind": "chess", "opponent": "random" }));
    let id = id_of(&state);
    for _ in 0..3 {
        state = client.act(&id, &first_move(&state));
    }
    let refused = client.post_full(&format!("/api/games/{id}/actions"), &first_move(&state).to_string());
    assert_too_many(refused.status, &refused.body, refused.header("retry-after"), "the fourth action");
    assert_eq!(client.state(&id)["history"], state["history"], "the refused action changed the game");
}

#[test]
fn a_player_is_limited_from_any_address() {
    let server = Server::in_memory_with(Limits { actions: small(3), ..scripted() });
    let client = Client::player(&server);
    let token = client.token.clone().expect("a token");
    let mut state = client.create(&json!({ "kind": "chess", "opponent": "random" }));
    let id = id_of(&state);
    for _ in 0..3 {
        state = client.act(&id, &first_move(&state));
    }
    // From another address (whose own limit is untouched) the same player is refused: its own limit is spent.
    let other = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
    let (head, body) = act_from(&server, other, &token, &[], &id, &first_move(&state));
    assert_too_many(head.status, &body, head.header("retry-after"), "the player's fourth action");
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("from you:")), "the player's limit: {body}");
    // Another player from that address is answered.
    let stranger = Client::player(&server);
    let theirs = stranger.create(&json!({ "kind": "chess", "opponent": "random" }));
    let stranger_token = stranger.token.clone().expect("a token");
    let (head, body) = act_from(&server, other, &stranger_token, &[], &id_of(&theirs), &first_move(&theirs));
    assert_eq!(head.status, 200, "{body}");
}

#[test]
fn two_players_from_one_address_share_the_address_s_limit() {
    let server = Server::in_memory_with(Limits { actions: small(3), ..scripted() });
    let first = Client::player(&server);
    let second = Client::player(&server);
    let mut state = first.create(&json!({ "kind": "chess", "opponent": "random" }));
    let id = id_of(&state);
    let theirs = second.create(&json!({ "kind": "chess", "opponent": "random" }));
    for _ in 0..3 {
        state = first.act(&id, &first_move(&state));
    }
    let refused = second.post_full(&format!("/api/games/{}/actions", id_of(&theirs)), &first_move(&theirs).to_string());
    assert_too_many(refused.status, &refused.body, refused.header("retry-after"), "the second player's first action");
    assert!(
        refused.body["detail"].as_str().is_some_and(|d| d.contains("from your address")),
        "the address's limit: {}",
        refused.body
    );
    assert_eq!(second.state(&id_of(&theirs))["history"], theirs["history"]);
}

#[test]
fn joins_share_the_action_limit() {
    let server = Server::in_memory_with(Limits { actions: small(3), ..scripted() });
    let player = Client::player(&server);
    let host = Client::player(&server);
    let mut state = player.create(&json!({ "kind": "chess", "opponent": "random" }));
    let id = id_of(&state);
    let friendly = host.create(&json!({ "kind": "chess", "opponent": "friend" }));
    let invite = friendly["invite"]["code"].as_str().expect("an invite").to_owned();
    state = player.act(&id, &first_move(&state));
    state = player.act(&id, &first_move(&state));
    // The join is the third of the burst of three: the next action is refused.
    player.join(&id_of(&friendly), &invite);
    let refused = player.post_full(&format!("/api/games/{id}/actions"), &first_move(&state).to_string());
    assert_too_many(refused.status, &refused.body, refused.header("retry-after"), "the action after the join");
    // And a join past the burst is refused the same way.
    let other = host.create(&json!({ "kind": "chess", "opponent": "friend" }));
    let code = other["invite"]["code"].as_str().expect("an invite");
    let refused =
        player.post_full(&format!("/api/games/{}/join", id_of(&other)), &json!({ "invite": code }).to_string());
    assert_too_many(refused.status, &refused.body, refused.header("retry-after"), "a join past the burst");
    assert_eq!(host.state(&id_of(&other))["seats"][1]["who"], "open", "the refused join seated nobody");
}

#[test]
fn the_hint_past_the_burst_is_429_too_many_with_retry_after() {
    let server = Server::in_memory_with(Limits { hints: small(2), ..scripted() });
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let path = format!("/api/games/{id}/hint");
    for n in 1..=2 {
        let answer = client.get_full(&path);
        assert_eq!(answer.status, 200, "hint {n}: {}", answer.body);
    }
    let refused = client.get_full(&path);
    assert_too_many(refused.status, &refused.body, refused.header("retry-after"), "the third hint");
}

#[test]
fn the_event_stream_opened_past_the_burst_is_429_too_many_with_retry_after() {
    let server = Server::in_memory_with(Limits { streams_opened: small(2), ..scripted() });
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let mut open = Vec::new();
    for n in 1..=2 {
        let (stream, head, _) = open_stream(&server, &id);
        assert_eq!(head.status, 200, "stream {n}");
        open.push(stream);
    }
    // Closing them gives nothing back: the limit is on streams opened, not open.
    drop(open);
    let (_stream, head, body) = open_stream(&server, &id);
    assert_too_many(head.status, &body, head.header("retry-after"), "the third stream");
}

// ---------------------------------------------------------------------------------------------------------------
// 3-5. The thinkers, one thought per game, the request timeout.

/// A chess game against the full engine, the person white: each person's move makes the engine think its whole
/// budget.
fn engine_game(client: &Client) -> Value {
    client.create(&json!({ "kind": "chess", "opponent": "engine" }))
}

#[test]
fn with_the_thinkers_taken_a_move_is_stored_with_the_bot_s_reply_owed_and_played_on_the_next_read() {
    const BOT: Duration = Duration::from_millis(1500);
    let limits =
        Limits { thinkers: 1, think_share: 1, think_queue: 1, think_per_client: 1, bot_time: BOT, ..scripted() };
    let server = Server::in_memory_with(limits);
    let client = Client::player(&server);
    let first = engine_game(&client);
    let second = engine_game(&client);
    let (one, two) = (id_of(&first), id_of(&second));
    let mover = client.same();
    let (id, mv) = (one.clone(), first_move(&first));
    let thinking = std::thread::spawn(move || mover.act(&id, &mv));
    until_thinking(&client, &one);
    // The address's one thought is taken: a hint is refused as busy, and says when to try again.
    let hint = client.get_full(&format!("/api/games/{two}/hint"));
    assert_eq!((hint.status, hint.body["error"].as_str()), (503, Some("busy")), "{}", hint.body);
    assert!(hint.header("retry-after").and_then(|v| v.parse::<u64>().ok()).is_some_and(|s| s >= 1), "no Retry-After");
    // A move in the second game is stored, its bot's reply owed.
    let moved = client.act(&two, &first_move(&second));
    assert!(!thinking.is_finished(), "the first game's bot stopped thinking before the second move was answered");
    assert_eq!(moves(&moved), 1, "the person's move is stored: {moved}");
    assert_eq!(moved["thinking"], false, "{moved}");
    let pending = moved["pending"].as_str().unwrap_or_else(|| panic!("the reply is owed: {moved}"));
    assert!(pending.contains(&hamle_server::think::Busy::Client.to_string()), "{pending}");
    assert_eq!(client.state(&two)["pending"], moved["pending"], "the owed reply reads the same");
    // The first game's reply came.
    let replied = thinking.join().expect("the first move's thread");
    assert_eq!((moves(&replied), &replied["pending"]), (2, &Value::Null), "{replied}");
    // A worker counts its thought done just after it sends the answer: a moment later the thinker is free.
    std::thread::sleep(Duration::from_millis(100));
    let read = client.state(&two);
    assert_eq!(read["pending"], Value::Null, "the read played the owed move: {read}");
    assert_eq!(read["thinking"], false);
    assert_eq!(moves(&read), 2, "one more move: the bot's reply: {read}");
    assert_eq!(read["history"][0], moved["history"][0]);
}

#[test]
fn a_second_action_while_the_bot_thinks_in_that_game_is_409_the_bot_is_thinking() {
    let server = Server::in_memory_with(Limits { bot_time: Duration::from_secs(1), ..scripted() });
    let client = Client::player(&server);
    let state = engine_game(&client);
    let id = id_of(&state);
    let mover = client.same();
    let (i, mv) = (id.clone(), first_move(&state));
    let thinking = std::thread::spawn(move || mover.act(&i, &mv));
    until_thinking(&client, &id);
    let refused = client.try_act(&id, &json!({ "action": "takeback" }));
    assert_refused(&refused, 409, "an action while the bot thinks");
    assert_eq!(refused.1["error"], "not_allowed");
    assert_eq!(refused.1["detail"], "the bot is thinking");
    let replied = thinking.join().expect("the move's thread");
    assert_eq!(moves(&replied), 2, "the move and the bot's reply: {replied}");
    assert_eq!(client.state(&id)["history"], replied["history"], "the refused take-back changed nothing");
}

#[test]
fn an_action_s_wait_for_the_bot_ends_before_the_request_timeout_and_the_reply_is_played_later() {
    const BOT: Duration = Duration::from_secs(2);
    let limits = Limits {
        bot_time: BOT,
        think_wait: Duration::from_secs(5),
        request_timeout: Duration::from_millis(800),
        ..scripted()
    };
    let server = Server::in_memory_with(limits);
    let client = Client::player(&server);
    let state = engine_game(&client);
    let id = id_of(&state);
    let mv = first_move(&state);
    let clock = Instant::now();
    let answer = client.post_full(&format!("/api/games/{id}/actions"), &mv.to_string());
    let waited = clock.elapsed();
    // The move stood, so the answer says so (200, the bot still thinking), never a 503 that invites a retry: the
    // wait for the bot is cut at half the request timeout.
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(waited < BOT, "answered after {waited:?}: the wait for the bot was not cut");
    assert_eq!(moves(&answer.body), 1, "{}", answer.body);
    assert_eq!(answer.body["history"][0], mv["move"]);
    assert_eq!(answer.body["thinking"], true);
    // The bot's reply is played by its own task, though the request that started it has been answered.
    let clock = Instant::now();
    let mut read = client.state(&id);
    while read["thinking"] == true && clock.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
        read = client.state(&id);
    }
    assert_eq!((moves(&read), &read["pending"]), (2, &Value::Null), "the bot's reply: {read}");
}

#[test]
fn a_request_past_the_timeout_is_503_timeout_and_changes_nothing() {
    // Another program holds the store's write lock past the store's own wait (2 s): the action's write is bound
    // to fail, and the request is cut first.
    let db = TempDb::new("defences-timeout");
    let limits = Limits { request_timeout: Duration::from_millis(500), ..scripted() };
    let server = Server::on_file_with(&db.path, limits);
    let client = Client::player(&server);
    let state = client.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&state);
    let holder = rusqlite::Connection::open(&db.path).expect("the store opens");
    holder
        .execute_batch("BEGIN IMMEDIATE; INSERT INTO players (token_hash, created) VALUES ('held', 0);")
        .expect("held");
    let clock = Instant::now();
    let answer =
        client.post_full(&format!("/api/games/{id}/actions"), &json!({ "action": "move", "move": "b2" }).to_string());
    let waited = clock.elapsed();
    assert_eq!((answer.status, answer.body["error"].as_str()), (503, Some("timeout")), "{}", answer.body);
    assert!(answer.header("retry-after").is_some(), "no Retry-After");
    assert!(waited < Duration::from_millis(1500), "answered after {waited:?}: the timeout did not cut the request");
    // The write gives up at the store's wait; the lock goes; the game is as it was.
    std::thread::sleep(Duration::from_millis(2500));
    holder.execute_batch("ROLLBACK").expect("let go");
    let read = client.state(&id);
    assert_eq!(read["history"], json!([]), "the cut request changed the game: {read}");
    assert_eq!(read["version"], state["version"]);
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Caps on connections.

/// Whether a socket the test holds is still open: nothing to read yet (a closed one reads 0 bytes or fails).
fn still_open(socket: &TcpStream) -> bool {
    let mut reader = socket;
    match reader.read(&mut [0u8; 1]) {
        Ok(0) => false,
        Ok(_) => panic!("the server sent something on a connection that sent nothing"),
        Err(e) => matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
    }
}

#[test]
fn connections_past_the_address_s_cap_are_closed_at_once_and_idle_ones_after_the_header_timeout() {
    const HEADERS: Duration = Duration::from_secs(2);
    let limits = Limits { connections_per_address: 5, header_timeout: HEADERS, ..scripted() };
    let server = Server::in_memory_with(limits);
    let clock = Instant::now();
    let sockets: Vec<TcpStream> = (0..10).map(|_| TcpStream::connect(server.addr).expect("a connection")).collect();
    for socket in &sockets {
        socket.set_nonblocking(true).expect("non-blocking");
    }
    // Those over the cap are closed as soon as they are taken; well before the header timeout.
    let mut open = sockets.len();
    while open > 5 && clock.elapsed() < HEADERS / 2 {
        std::thread::sleep(Duration::from_millis(20));
        open = sockets.iter().filter(|s| still_open(s)).count();
    }
    assert_eq!(open, 5, "open connections from one address, with a cap of 5");
    // After the header timeout, the idle ones are closed too.
    while open > 0 && clock.elapsed() < HEADERS + Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(50));
        open = sockets.iter().filter(|s| still_open(s)).count();
    }
    assert_eq!(open, 0, "idle connections open {:?} after they were made", clock.elapsed());
    assert!(clock.elapsed() >= HEADERS - Duration::from_millis(100), "closed before the header timeout");
    // Their places are free again: a request is answered.
    let (status, body) = server.client().get("/api/catalog");
    assert_eq!(status, 200, "{body}");
}

// ---------------------------------------------------------------------------------------------------------------
// 7. The caps of bots' parameters.

#[test]
fn the_catalog_shows_the_server_s_ranges_and_a_value_past_one_is_400_naming_it() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let (status, catalog) = client.get("/api/catalog");
    assert_eq!(status, 200);
    let chess = catalog["games"].as_array().and_then(|g| g.iter().find(|g| g["name"] == "chess")).expect("chess");
    let engine = chess["bots"].as_array().and_then(|b| b.iter().find(|b| b["name"] == "engine")).expect("engine");
    let param = |key: &str| {
        engine["params"].as_array().and_then(|p| p.iter().find(|p| p["key"] == key)).expect("the parameter").clone()
    };
    assert_eq!(param("hash")["server"], "1..=16 or auto");
    assert_eq!(param("hash")["values"], "1..=256 or auto", "the command line's range is shown beside it");
    assert_eq!(param("level")["server"], Value::Null, "a parameter without a cap");
    assert!(chess["params"].as_array().is_some_and(|p| p.iter().all(|p| p["server"].is_null())), "{chess}");
    let refused = client.post("/api/games", &json!({ "kind": "chess", "opponent": "engine(hash=256)" }).to_string());
    assert_refused(&refused, 400, "hash=256");
    let detail = refused.1["detail"].as_str().unwrap_or_default();
    for word in ["hash", "16", "256"] {
        assert!(detail.contains(word), "the refusal names {word}: {detail}");
    }
    assert_eq!(client.get("/api/games").1["games"], json!([]), "the refused game was not made");
    // At the cap it is taken.
    client.create(&json!({ "kind": "chess", "opponent": "engine(hash=16)" }));
}

// ---------------------------------------------------------------------------------------------------------------
// 8. Games in memory by size.

#[test]
fn games_in_memory_are_bounded_by_their_bytes_and_every_game_reads_back_whole() {
    const BUDGET: usize = 200 << 10;
    let limits =
        Limits { games_memory: BUDGET, games_in_memory: NonZeroUsize::new(1000).expect("not zero"), ..scripted() };
    let server = Server::in_memory_with(limits);
    let client = Client::player(&server);
    let mut made = Vec::new();
    // The bytes one game takes, its engine's table filled: more than the whole budget.
    let mut one = 0;
    for n in 0..20 {
        // The person plays black: the engine moves first, and holds its table after.
        let state = client.create(&json!({ "kind": "chess", "opponent": "engine(level=1)", "seat": 1 }));
        assert_eq!(moves(&state), 1, "game {n}: the engine moved first: {state}");
        let (held, bytes) = (server.app.games_in_memory(), server.app.games_bytes());
        if n == 0 {
            one = bytes;
            assert!(one > BUDGET, "one game takes {one} bytes, within the budget: the test shows nothing");
        }
        // One game is held whatever its size: at most that one past the budget.
        assert!(held <= 2, "game {n}: {held} games held ({bytes} bytes)");
        assert!(bytes <= BUDGET + one + one / 4, "game {n}: the games held take {bytes} bytes ({held} held)");
        made.push(state);
    }
    for state in &made {
        let read = client.state(&id_of(state));
        assert_eq!(read["history"], state["history"], "the game read back whole");
        assert_eq!(moves(&read), 1);
    }
    let bytes = server.app.games_bytes();
    assert!(bytes <= BUDGET + one + one / 4, "after reading every game back: {bytes} bytes");
}

// ---------------------------------------------------------------------------------------------------------------
// 9-10. The store: full, and newer.

#[test]
fn a_full_store_refuses_the_action_with_507_changing_nothing_and_takes_it_once_room_is_given() {
    let db = TempDb::new("defences-full");
    let (token, id) = {
        let server = Server::on_file(&db.path);
        let client = Client::player(&server);
        let state = client.create(&json!({ "kind": "2048" }));
        (client.token.clone().expect("a token"), id_of(&state))
    };
    let (pages, page) = {
        let db = rusqlite::Connection::open(&db.path).expect("the file opens");
        let pages: u64 = db.query_row("PRAGMA page_count", [], |r| r.get(0)).expect("its pages");
        let page: u64 = db.query_row("PRAGMA page_size", [], |r| r.get(0)).expect("its page size");
        (pages, page)
    };
    // Room for one more page: a few dozen moves.
    let limits = Limits { db_max_bytes: Some((pages + 1) * page), ..scripted() };
    let (last, refused_move) = {
        let server = Server::on_file_with(&db.path, limits);
        let mut client = server.client();
        client.token = Some(token.clone());
        let mut last = client.state(&id);
        let mut refused = None;
        for _ in 0..1000 {
            let mv = first_move(&last);
            let answer = client.try_act(&id, &mv);
            if answer.0 != 200 {
                assert_refused(&answer, 507, "the action past the store's size");
                assert_eq!(answer.1["error"], "store_full", "{}", answer.1);
                refused = Some(mv);
                break;
            }
            last = answer.1;
            assert_eq!(last["to_do"], "move", "the game ended before the store filled: {last}");
        }
        let refused = refused.expect("an action was refused as the store filled");
        assert!(moves(&last) > 0, "the store took some moves first");
        assert_eq!(client.state(&id), last, "the refused action changed nothing");
        (last, refused)
    };
    // Started again without the limit: the game replays whole, and the action is taken.
    let server = Server::on_file(&db.path);
    let mut client = server.client();
    client.token = Some(token);
    assert_eq!(client.state(&id), last, "the game replays whole");
    let after = client.act(&id, &refused_move);
    assert_eq!(moves(&after), moves(&last) + 1, "{after}");
}

#[test]
fn a_store_of_a_newer_schema_is_refused_at_start_naming_both_versions() {
    let known = {
        let fresh = TempDb::new("defences-known");
        hamle_server::store::Store::version(&hamle_server::store::Sqlite::open(&fresh.path).expect("a fresh store"))
            .expect("its version")
    };
    let db = TempDb::new("defences-newer");
    rusqlite::Connection::open(&db.path).expect("a file").pragma_update(None, "user_version", 99).expect("set");
    let message = match App::open(&db.path) {
        Ok(_) => panic!("a store of schema 99 was opened"),
        Err(e) => e.to_string(),
    };
    assert!(message.contains("version 99"), "{message}");
    assert!(message.contains(&format!("({known})")), "the known version {known}: {message}");
    let version: u32 = rusqlite::Connection::open(&db.path)
        .expect("the file")
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("its version");
    assert_eq!(version, 99, "the refused file was left as it was");
}

// ---------------------------------------------------------------------------------------------------------------
// 12. Trusted proxies.

/// Two players' chess games, the first player's burst of three actions spent through `X-Forwarded-For:
/// 203.0.113.1`; the second player's first action through `X-Forwarded-For: 203.0.113.2`: its head and body.
fn forwarded_actions(trusted: bool) -> (Head, Value) {
    let app = App::in_memory_with(Limits { actions: small(3), ..scripted() }).expect("an app");
    if trusted {
        // Before serving: the rate limiters take the proxies when the server starts.
        assert!(app.trust_proxies(Proxies::new(vec!["127.0.0.0/8".parse().expect("a net")])));
    }
    let server = Server::start(app);
    let localhost = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let (first, second) = (Client::player(&server), Client::player(&server));
    let mut state = first.create(&json!({ "kind": "chess", "opponent": "random" }));
    let theirs = second.create(&json!({ "kind": "chess", "opponent": "random" }));
    let token = first.token.clone().expect("a token");
    for _ in 0..3 {
        let (head, body) = act_from(
            &server,
            localhost,
            &token,
            &[("X-Forwarded-For", "203.0.113.1")],
            &id_of(&state),
            &first_move(&state),
        );
        assert_eq!(head.status, 200, "{body}");
        state = body;
    }
    let (head, body) = act_from(
        &server,
        localhost,
        &token,
        &[("X-Forwarded-For", "203.0.113.1")],
        &id_of(&state),
        &first_move(&state),
    );
    assert_too_many(head.status, &body, head.header("retry-after"), "the first player's fourth action");
    let token = second.token.clone().expect("a token");
    act_from(&server, localhost, &token, &[("X-Forwarded-For", "203.0.113.2")], &id_of(&theirs), &first_move(&theirs))
}

#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_action_limit() {
    let (head, body) = forwarded_actions(true);
    assert_eq!(head.status, 200, "the second client's action: {body}");
}

#[test]
fn without_a_trusted_proxy_the_forwarded_header_is_ignored_and_the_address_s_limit_is_shared() {
    let (head, body) = forwarded_actions(false);
    assert_too_many(head.status, &body, head.header("retry-after"), "the second client's action");
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("from your address")), "{body}");
}
