//! What an operator and a load balancer see: `/healthz`, `/readyz` (also when the database is out of reach),
//! `/metrics`, the request id on every answer, and a stop that stores the bot's move under way.

mod common;

use std::time::Duration;

use common::{Client, Server, TempDb, id_of, pg, scripted};
use hamle_server::store::{Sqlite, Store};
use hamle_server::{App, Limits};
use serde_json::json;

#[test]
fn healthz_and_readyz_answer_200_and_every_answer_carries_a_request_id() {
    let server = Server::in_memory();
    let client = server.client();
    let health = client.get_full("/healthz");
    assert_eq!((health.status, health.body.as_str()), (200, Some("ok\n")));
    let ready = client.get_full("/readyz");
    assert_eq!((ready.status, ready.body.as_str()), (200, Some("ready\n")));
    let one = client.get_full("/api/catalog");
    let two = client.get_full("/api/catalog");
    let (a, b) = (one.header("x-request-id").expect("an id"), two.header("x-request-id").expect("an id"));
    assert_eq!(a.len(), 36, "a UUID: {a}");
    assert_ne!(a, b, "each request its own id");
    let refused = client.get_full("/api/games/0123456789abcdef0123456789abcdef");
    assert_eq!(refused.status, 404);
    assert!(refused.header("x-request-id").is_some(), "an error's answer too");
}

#[test]
fn a_request_id_from_a_proxy_is_kept_and_returned() {
    let server = Server::in_memory();
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let answer = agent
        .get(format!("http://{}/api/catalog", server.addr))
        .header("X-Request-Id", "from-the-proxy-42")
        .call()
        .expect("an answer");
    assert_eq!(answer.headers().get("x-request-id").and_then(|v| v.to_str().ok()), Some("from-the-proxy-42"));
}

#[test]
fn metrics_count_requests_by_route_pattern_and_status_and_give_think_time_and_games_in_memory() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    let id = id_of(&state);
    client.act(&id, &json!({ "action": "move", "move": "b2" }));
    let (status, _) = client.try_act(&id, &json!({ "action": "move", "move": "b2" }));
    assert_eq!(status, 409);
    let events = server.events(&id);
    events.next(Duration::from_secs(5)).expect("the stream's first state");
    let metrics = client.get_full("/metrics");
    assert_eq!(metrics.status, 200);
    assert!(metrics.header("content-type").is_some_and(|t| t.starts_with("text/plain")), "{:?}", metrics.headers);
    let text = metrics.body.as_str().expect("text");
    for line in [
        r#"hamle_http_requests_total{method="POST",route="/api/games/{id}/actions",status="200"} 1"#,
        r#"hamle_http_requests_total{method="POST",route="/api/games/{id}/actions",status="409"} 1"#,
        r#"hamle_http_requests_total{method="POST",route="/api/games",status="201"} 1"#,
        r#"hamle_http_requests_total{method="POST",route="/api/players",status="201"} 1"#,
        r#"hamle_http_request_duration_seconds_count{route="/api/games/{id}/actions"} 2"#,
        "hamle_bot_think_seconds_count 1",
        "hamle_games_in_memory 1",
        "hamle_event_streams 1",
        "hamle_store_conflicts_total 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in:\n{text}");
    }
    assert!(!text.contains(&id), "game ids make no series");
}

#[test]
fn readyz_answers_503_while_the_postgres_database_is_out_of_reach_and_200_again_after() {
    let url = pg::database("ready");
    let name = url.rsplit('/').next().expect("a name").to_owned();
    let server = Server::start(App::connect(&url, scripted()).expect("the store"));
    let client = server.client();
    assert_eq!(client.get_full("/readyz").status, 200);
    let mut admin =
        postgres::Client::connect(&pg::cluster().url("postgres"), postgres::NoTls).expect("the cluster's admin");
    admin
        .batch_execute(&format!(
            "ALTER DATABASE {name} ALLOW_CONNECTIONS false;
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
        ))
        .expect("the database closed");
    let closed = client.get_full("/readyz");
    assert_eq!(closed.status, 503, "{:?}", closed.body);
    assert!(closed.body.as_str().is_some_and(|b| b.contains("the store does not answer")), "{:?}", closed.body);
    assert_eq!(client.get_full("/healthz").status, 200, "alive all the same");
    let (status, body) = client.post("/api/players", "");
    assert_eq!((status, body["error"].as_str()), (503, Some("store_busy")), "{body}");
    admin.batch_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).expect("opened again");
    assert_eq!(client.get_full("/readyz").status, 200, "the pool connects again");
    assert_eq!(client.post("/api/players", "").0, 201);
}

#[test]
fn a_stopping_server_stores_the_bots_move_under_way_before_it_ends() {
    let file = TempDb::new("operations-stop");
    // The engine thinks for its whole second; the answer comes after 0.1 s with it still thinking.
    let limits = Limits { think_wait: Duration::from_millis(100), bot_time: Duration::from_secs(1), ..scripted() };
    let server = Server::on_file_with(&file.path, limits);
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "chess", "opponent": "engine" })));
    let answered = client.act(&id, &json!({ "action": "move", "move": "e4" }));
    assert_eq!(answered["thinking"], json!(true), "{answered}");
    drop(server);
    let store = Sqlite::open(&file.path).expect("the store");
    assert_eq!(store.actions(&id, 0).expect("read").len(), 2, "the person's move and the bot's, stored before the end");
}

/// The number of thoughts `server` has finished, from its metrics.
fn thoughts(server: &Server) -> u64 {
    let text = server.client().get_full("/metrics").body.as_str().expect("text").to_owned();
    text.lines()
        .find_map(|l| l.strip_prefix("hamle_bot_think_seconds_count "))
        .and_then(|n| n.parse().ok())
        .expect("the think count")
}

/// Waits up to `within` for `done`.
fn until(within: Duration, done: impl Fn() -> bool) -> bool {
    let end = std::time::Instant::now() + within;
    while std::time::Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    done()
}

#[test]
fn reads_while_a_bot_thinks_start_no_second_thought() {
    let limits = Limits { think_wait: Duration::from_millis(100), bot_time: Duration::from_secs(1), ..scripted() };
    let server = Server::in_memory_with(limits);
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "chess", "opponent": "engine" })));
    assert_eq!(client.act(&id, &json!({ "action": "move", "move": "e4" }))["thinking"], json!(true));
    for _ in 0..3 {
        assert_eq!(client.state(&id)["thinking"], json!(true), "still the one thought");
    }
    assert!(until(Duration::from_secs(5), || client.state(&id)["history"].as_array().map(Vec::len) == Some(2)));
    // A second thought, had a read begun one, would wait for a thinker and end within two seconds more.
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(thoughts(&server), 1, "one thought for one move, however often the game was read");
}

#[test]
fn a_server_reading_a_game_another_thinks_for_shows_it_thinking_and_does_not_think_itself() {
    let url = pg::database("lease");
    let limits = Limits { think_wait: Duration::from_millis(100), bot_time: Duration::from_secs(1), ..scripted() };
    let a = Server::start(App::connect(&url, limits).expect("a"));
    let b = Server::start(App::connect(&url, limits).expect("b"));
    let player = Client::player(&a);
    let id = id_of(&player.create(&json!({ "kind": "chess", "opponent": "engine" })));
    assert_eq!(player.act(&id, &json!({ "action": "move", "move": "e4" }))["thinking"], json!(true));
    let on_b = player.through(b.addr);
    let read = on_b.state(&id);
    assert_eq!(read["thinking"], json!(true), "a's lease shows on b: {read}");
    let (status, body) = on_b.try_act(&id, &json!({ "action": "move", "move": "d4" }));
    assert_eq!((status, body["error"].as_str()), (409, Some("not_allowed")), "{body}");
    assert!(until(Duration::from_secs(5), || on_b.state(&id)["history"].as_array().map(Vec::len) == Some(2)));
    // Had b thought too, its thought would have ended within its second.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!((thoughts(&a), thoughts(&b)), (1, 0), "a thought, b waited for it");
    let store = hamle_server::store::Postgres::connect(&url).expect("the store");
    let row = store.game(&id).expect("read").expect("the game");
    assert_eq!((row.version, row.lease_owner), (2, None), "two moves, the lease ended with the second");
}
