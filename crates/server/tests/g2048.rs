//! 2048 on the server: moves and the bot's moves through the API, refusals that change nothing, a restart
//! that keeps every move, and the game replayed from its stored actions (a tampered tile refused).

mod common;

use common::{Client, Server};
use hamle_server::live::Live;
use hamle_server::live::solo::{Setup, Solo};
use serde_json::{Value, json};

fn new_game(client: &Client, bot: &str) -> Value {
    client.create(&json!({ "kind": "2048", "bot": bot }))
}

fn first_legal(state: &Value) -> Option<String> {
    state["legal"].as_array()?.first()?.as_str().map(str::to_owned)
}

#[test]
fn moves_and_bot_moves_play_a_game_through_the_api() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = new_game(&client, "expectimax(depth=1)");
    let id = game["id"].as_str().expect("id").to_owned();
    let tiles = |s: &Value| {
        s["board"]
            .as_array()
            .expect("rows")
            .iter()
            .flat_map(|r| r.as_array().expect("row").clone())
            .filter(|v| v != 0)
            .count()
    };
    assert_eq!(tiles(&game), 2, "a game starts with two tiles");
    let mv = first_legal(&game).expect("a move");
    let after = client.act(&id, &json!({ "action": "move", "move": mv }));
    assert_eq!(after["moves"], 1);
    assert!(after["last"]["tile"]["value"] == 2 || after["last"]["tile"]["value"] == 4, "{}", after["last"]);
    let after = client.act(&id, &json!({ "action": "bot" }));
    assert_eq!(after["moves"], 2);
    assert_eq!(after["last"]["by"], "bot");
    let (status, hint) = client.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 200, "{hint}");
    assert!(hint["moves"].as_array().is_some_and(|m| !m.is_empty()));
    let mut state = after;
    let mut guard = 0;
    while state["phase"] == "play" {
        state = client.act(&id, &json!({ "action": "move", "move": first_legal(&state).expect("a move") }));
        guard += 1;
        assert!(guard < 5000, "a game of first legal moves ends");
    }
    assert!(state["result"]["score"].as_u64().is_some());
    let (status, record) = client.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert!(record.as_str().is_some_and(|r| r.contains("[Game \"2048\"]")), "{record}");
    let (status, _) = client.post(&format!("/api/games/{id}/actions"), r#"{"action":"move","move":"left"}"#);
    assert_eq!(status, 409, "no move after the end");
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = new_game(&client, "seed");
    let id = game["id"].as_str().expect("id").to_owned();
    let before = client.state(&id);
    for (body, want) in [
        (r#"{"action":"move","move":"sideways"}"#, 400),
        (r#"{"action":"move"}"#, 400),
        (r#"{"action":"fly"}"#, 400),
        (r#"not json"#, 400),
    ] {
        let (status, answer) = client.post(&format!("/api/games/{id}/actions"), body);
        assert_eq!(status, want, "{body}: {answer}");
        assert!(answer["detail"].as_str().is_some_and(|d| !d.is_empty()));
    }
    // A direction that moves nothing: find one on this board, if any.
    let all = ["left", "up", "right", "down"];
    let legal: Vec<&str> = before["legal"].as_array().expect("legal").iter().filter_map(Value::as_str).collect();
    if let Some(stuck) = all.iter().find(|d| !legal.contains(d)) {
        let (status, answer) =
            client.post(&format!("/api/games/{id}/actions"), &format!(r#"{{"action":"move","move":"{stuck}"}}"#));
        assert_eq!(status, 409, "{answer}");
        assert!(answer["detail"].as_str().is_some_and(|d| d.contains("changes nothing")), "{answer}");
    }
    assert_eq!(client.state(&id), before);
    let (status, _) = client.post("/api/games", r#"{"kind":"2048","spawn":"often"}"#);
    assert_eq!(status, 400);
    let (status, _) = client.post("/api/games", r#"{"kind":"2048","bot":"oracle"}"#);
    assert_eq!(status, 400);
}

#[test]
fn a_game_survives_a_restart_with_every_move() {
    let dir = std::env::temp_dir().join(format!("hamle-2048-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let db = dir.join("games.db");
    std::fs::remove_file(&db).ok();
    let (token, id, before) = {
        let server = Server::on_file(&db);
        let client = Client::player(&server);
        let mut state = new_game(&client, "expectimax(depth=1)");
        let id = state["id"].as_str().expect("id").to_owned();
        for i in 0..30 {
            let action = if i % 3 == 0 {
                json!({ "action": "bot" })
            } else {
                json!({ "action": "move", "move": first_legal(&state).expect("a move") })
            };
            state = client.act(&id, &action);
        }
        (client.token.clone(), id, state)
    };
    let server = Server::on_file(&db);
    let mut client = server.client();
    client.token = token;
    assert_eq!(client.state(&id), before);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_replays_from_its_stored_actions_and_refuses_a_tampered_tile() {
    let setup = Setup::from_json(&json!({ "bot": "expectimax(depth=1)" })).expect("a setup");
    let mut live = Solo::new(setup.clone(), 7);
    let mut stored = Vec::new();
    for i in 0..40 {
        let action = if i % 2 == 0 {
            json!({ "action": "bot" })
        } else {
            json!({ "action": "move", "move": first_legal(&live.state()).expect("a move") })
        };
        stored.push(live.act(&action).expect("a legal action"));
    }
    let mut replayed = Solo::new(setup.clone(), 7);
    for action in &stored {
        replayed.replay(action).expect("a stored action replays");
    }
    assert_eq!(replayed.state(), live.state());
    let mut tampered = stored[0].clone();
    tampered["tile"]["value"] = json!(if tampered["tile"]["value"] == 2 { 4 } else { 2 });
    assert!(Solo::new(setup, 7).replay(&tampered).is_err());
}
