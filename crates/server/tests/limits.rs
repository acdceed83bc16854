//! What the server grants and holds ([`Limits`]): bots stop at their time budget, at most `games_in_memory`
//! games are held (the others read back whole from the store), and one address may make only `burst` players
//! and games at once (429 with `Retry-After` beyond).

mod common;

use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use common::{Client, Server, assert_refused, id_of};
use hamle_server::Limits;
use serde_json::json;

/// The bot's budget in these tests: small, so that they stay quick.
const BOT_TIME: Duration = Duration::from_millis(300);

/// A 16×16 Domineering game where the bot moves first, so creating it waits for the bot's first move: the
/// answer must come within the bot's budget. The claim is the budget plus 10 %; the test allows five times the
/// budget (1.5 s) because two cores shared with a parallel test run can stall a thread for hundreds of
/// milliseconds, and what it must catch is a bot that ignores its budget (a depth-7 search of an empty 16×16
/// board runs for minutes). `docs/benchmarks.md` has the measured figure against the default 3 s budget.
#[test]
fn a_bot_on_a_16x16_board_answers_within_its_budget() {
    let server = Server::in_memory_with(Limits { bot_time: BOT_TIME, ..Limits::default() });
    let client = Client::player(&server);
    for bot in ["seed(depth=7)", "solver"] {
        let clock = Instant::now();
        let state = client.create(&json!({
            "kind": "domineering", "params": { "rows": "16", "cols": "16" }, "opponent": bot, "seat": 1
        }));
        let elapsed = clock.elapsed();
        assert_eq!(state["history"].as_array().map(Vec::len), Some(1), "{bot} moved first");
        assert!(elapsed < BOT_TIME * 5, "{bot}: {elapsed:?} against a budget of {BOT_TIME:?}");
        // And its reply to a move is as quick.
        let id = id_of(&state);
        let mv = state["legal"][0].clone();
        let clock = Instant::now();
        let state = client.act(&id, &json!({ "action": "move", "move": mv }));
        let elapsed = clock.elapsed();
        assert_eq!(state["history"].as_array().map(Vec::len), Some(3), "{bot} replied");
        assert!(elapsed < BOT_TIME * 5, "{bot}'s reply: {elapsed:?} against a budget of {BOT_TIME:?}");
    }
}

#[test]
fn only_the_most_recent_games_are_held_and_the_others_read_back_whole() {
    let limits = Limits { games_in_memory: NonZeroUsize::new(2).expect("two"), ..Limits::default() };
    let server = Server::in_memory_with(limits);
    let client = Client::player(&server);
    let mut answered = Vec::new();
    for i in 0..5 {
        let state = client.create(&json!({ "kind": "tictactoe", "opponent": "thesis" }));
        let cells = ["a1", "b2", "c3", "a3", "c1"];
        let state = client.act(&id_of(&state), &json!({ "action": "move", "move": cells[i] }));
        answered.push(state);
        assert!(server.app.games_in_memory() <= 2, "{} games held after {} made", server.app.games_in_memory(), i + 1);
    }
    assert_eq!(server.app.games_in_memory(), 2);
    // The first game left memory long ago: it reads back whole, and can be played on.
    let first = &answered[0];
    let id = id_of(first);
    assert_eq!(&client.state(&id), first);
    assert!(server.app.games_in_memory() <= 2);
    let mv = first["legal"][0].clone();
    let after = client.act(&id, &json!({ "action": "move", "move": mv }));
    assert_eq!(after["history"].as_array().map(Vec::len), Some(4), "the person's move and the bot's reply");
    assert_eq!(after["history"][2], mv);
    // Every game still reads as last answered.
    for state in &answered[1..] {
        assert_eq!(&client.state(&id_of(state)), state);
        assert!(server.app.games_in_memory() <= 2);
    }
}

#[test]
fn the_fourth_new_player_from_one_address_is_429_with_retry_after() {
    let limits = Limits { burst: 3, refill: Duration::from_secs(60), ..Limits::default() };
    let server = Server::in_memory_with(limits);
    let client = server.client();
    for i in 0..3 {
        let (status, body) = client.post("/api/players", "");
        assert_eq!(status, 201, "player {}: {body}", i + 1);
    }
    let answer = client.post_full("/api/players", "");
    assert_eq!(answer.status, 429, "{}", answer.body);
    let wait: u64 = answer.header("retry-after").and_then(|v| v.parse().ok()).expect("a Retry-After in seconds");
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert_refused(&(answer.status, answer.body.clone()), 429, "the fourth player");
    assert_eq!(answer.body["error"], "too_many");
    // New games share the allowance; reading and acting do not.
    let (status, body) = client.post("/api/games", &json!({ "kind": "2048" }).to_string());
    assert_eq!(status, 429, "{body}");
    assert_eq!(client.get("/api/catalog").0, 200);
    assert_eq!(client.get("/").0, 200);
}

#[test]
fn the_default_limits_let_a_normal_session_through() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let friend = Client::player(&server);
    for i in 0..20 {
        let kind = ["tictactoe", "2048", "domineering", "hapis"][i % 4];
        let state =
            client.create(&json!({ "kind": kind, "opponent": if kind == "2048" { None } else { Some("random") } }));
        let id = id_of(&state);
        assert_eq!(client.state(&id), state);
        if kind != "hapis" {
            client.act(&id, &json!({ "action": "move", "move": state["legal"][0] }));
        }
    }
    let made = friend.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    client.join(&id_of(&made), made["invite"]["code"].as_str().expect("an invite"));
}
