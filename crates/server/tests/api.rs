//! The JSON API against a real server on loopback: refused requests change nothing, tokens guard the games,
//! games survive a restart, the dice are the committed seed's, and whole games play through.

mod common;

use common::{Client, Server, first_step};
use hamle_core::{Game, Stream};
use hamle_hapis::{Hapis, Settings};
use serde_json::{Value, json};

fn hapis_game(client: &Client) -> Value {
    client.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 1 }))
}

/// Plays the person's side by first legal steps until the dice are on the table for the person.
fn to_move(client: &Client, id: &str) -> Value {
    let mut state = client.state(id);
    while state["phase"] != "move" {
        state = client.act(id, &first_step(&state).expect("the match goes on"));
    }
    state
}

#[test]
fn a_new_player_gets_a_token_and_an_empty_list() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    assert_eq!(client.token.as_ref().map(String::len), Some(48));
    let (status, body) = client.get("/api/games");
    assert_eq!(status, 200);
    assert_eq!(body["games"], json!([]));
}

#[test]
fn the_catalog_lists_every_game_with_its_bots() {
    let server = Server::in_memory();
    let (status, body) = server.client().get("/api/catalog");
    assert_eq!(status, 200);
    let names: Vec<&str> = body["games"].as_array().expect("games").iter().filter_map(|g| g["name"].as_str()).collect();
    assert_eq!(names, ["tictactoe", "hapis", "2048", "domineering"]);
    let hapis_bots = body["games"][1]["bots"].as_array().expect("bots");
    assert!(hapis_bots.iter().any(|b| b["name"] == "expert"));
}

#[test]
fn an_illegal_step_is_refused_with_409_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let before = to_move(&client, &id);
    // A distance no die shows, from a point holding no checker of the person's, and bearing off too early.
    let dice: Vec<u64> = before["dice"].as_array().expect("dice").iter().filter_map(Value::as_u64).collect();
    let unseen = (1..=6).find(|d| !dice.contains(d)).expect("two dice leave a distance unseen");
    let legal_steps = before["legal"]["steps"].as_array().expect("steps");
    let empty_point = (1..=18u64).find(|p| legal_steps.iter().all(|s| s["from"] != json!(p))).expect("a point");
    for step in [format!("1/{}", 1 + unseen), format!("{empty_point}/{}", empty_point + dice[0]), "24/off".to_owned()] {
        let (status, body) =
            client.post(&format!("/api/games/{id}/actions"), &json!({ "action": "step", "step": step }).to_string());
        assert_eq!(status, 409, "{step}: {body}");
        assert_eq!(body["error"], "not_allowed");
        assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()));
        assert_eq!(client.state(&id), before, "a refused step changes nothing");
    }
}

#[test]
fn a_play_that_is_not_a_play_is_400_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let before = to_move(&client, &id);
    for action in [
        json!({ "action": "play", "play": "1/30" }),
        json!({ "action": "step", "step": "1/4 4/7" }),
        json!({ "action": "step" }),
        json!({ "action": "fly" }),
        json!({ "move": "b2" }),
    ] {
        let (status, body) = client.post(&format!("/api/games/{id}/actions"), &action.to_string());
        assert_eq!(status, 400, "{action}: {body}");
        assert_eq!(body["error"], "bad_request");
        assert_eq!(client.state(&id), before);
    }
}

#[test]
fn malformed_json_is_400_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let before = client.state(&id);
    for body in ["{\"action\": ", "[1, 2]", "", "roll"] {
        let (status, answer) = client.post(&format!("/api/games/{id}/actions"), body);
        assert_eq!(status, 400, "{body:?}: {answer}");
        assert!(answer["error"].is_string() && answer["detail"].is_string());
    }
    assert_eq!(client.state(&id), before);
}

#[test]
fn a_body_over_the_limit_is_413() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let huge = format!("{{\"action\": \"roll\", \"pad\": \"{}\"}}", "x".repeat(hamle_server::MAX_BODY + 10));
    let (status, body) = client.post(&format!("/api/games/{id}/actions"), &huge);
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["error"], "too_large");
    assert_eq!(client.state(&id)["phase"], "opening");
}

#[test]
fn a_wrong_token_is_403_and_no_token_is_401() {
    let server = Server::in_memory();
    let owner = Client::player(&server);
    let id = hapis_game(&owner)["id"].as_str().expect("id").to_owned();
    let before = owner.state(&id);
    let stranger = Client::player(&server);
    let roll = json!({ "action": "roll" }).to_string();
    let (status, body) = stranger.post(&format!("/api/games/{id}/actions"), &roll);
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"], "forbidden");
    let mut forged = server.client();
    forged.token = Some("0123456789abcdef".into());
    assert_eq!(forged.post(&format!("/api/games/{id}/actions"), &roll).0, 403);
    assert_eq!(server.client().post(&format!("/api/games/{id}/actions"), &roll).0, 401);
    assert_eq!(stranger.get(&format!("/api/games/{id}/hint")).0, 403);
    assert_eq!(owner.state(&id), before);
    // Each player lists only its own games.
    assert_eq!(stranger.get("/api/games").1["games"], json!([]));
    assert_eq!(owner.get("/api/games").1["games"][0]["id"], json!(id));
}

#[test]
fn an_unknown_game_is_404() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for id in ["0123456789abcdef0123456789abcdef", "nope", "../../etc/passwd", "0123456789ABCDEF0123456789ABCDEF"] {
        let (status, body) = client.get(&format!("/api/games/{id}"));
        assert_eq!(status, 404, "{id}: {body}");
        assert_eq!(body["error"], "not_found");
        assert_eq!(client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"roll\"}").0, 404);
    }
    assert_eq!(client.get("/api/nothing").0, 404);
    let (status, body) = client.post("/api/catalog", "{}");
    assert_eq!(status, 405, "{body}");
    assert_eq!(body["error"], "method_not_allowed");
}

#[test]
fn a_bad_setup_is_400_and_makes_no_game() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for setup in [
        json!({ "kind": "chess" }),
        json!({ "kind": "hapis", "opponent": "grandmaster" }),
        json!({ "kind": "hapis", "length": 0 }),
        json!({ "kind": "hapis", "you": "green" }),
        json!({ "kind": "hapis", "opponent": "neural(level=godlike)" }),
        json!({ "kind": "tictactoe", "variant": "three-d" }),
        json!({ "kind": "tictactoe", "colour": "red" }),
        json!({ "opponent": "perfect" }),
    ] {
        let (status, body) = client.post("/api/games", &setup.to_string());
        assert_eq!(status, 400, "{setup}: {body}");
    }
    assert_eq!(client.get("/api/games").1["games"], json!([]));
}

#[test]
fn steps_and_undo_within_the_turn() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let before = to_move(&client, &id);
    let after = client.act(&id, &first_step(&before).expect("a step"));
    if after["phase"] == "move" && after["steps"].as_array().is_some_and(|s| !s.is_empty()) {
        assert_eq!(after["steps"].as_array().map(Vec::len), Some(1));
        assert_ne!(after["position"], before["position"]);
        let undone = client.act(&id, &json!({ "action": "undo" }));
        assert_eq!(undone["position"], before["position"]);
        assert_eq!(undone["legal"], before["legal"]);
        assert_eq!(undone["log"], before["log"]);
    }
    let (status, body) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"undo\"}");
    assert!(status == 409 || status == 200, "{body}");
}

#[test]
fn hints_rank_the_plays_of_the_roll() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
    let (status, body) = client.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 409, "no dice yet: {body}");
    let state = to_move(&client, &id);
    let (status, body) = client.get(&format!("/api/games/{id}/hint?level=advanced"));
    assert_eq!(status, 200, "{body}");
    let plays = body["plays"].as_array().expect("plays");
    assert!(!plays.is_empty());
    let equities: Vec<f64> = plays.iter().filter_map(|p| p["equity"].as_f64()).collect();
    assert!(equities.windows(2).all(|w| w[0] >= w[1]));
    let legal = state["legal"]["plays"].as_array().expect("plays");
    assert!(plays.iter().all(|p| legal.contains(&p["play"])));
    assert_eq!(client.get(&format!("/api/games/{id}/hint?level=godlike")).0, 400);
    // The best play can be played whole.
    let best = plays[0]["play"].as_str().expect("a play");
    let after = client.act(&id, &json!({ "action": "play", "play": best }));
    assert!(after["log"].as_array().is_some_and(|l| l.len() > state["log"].as_array().map_or(0, Vec::len)));
}

#[test]
fn a_whole_match_reveals_a_seed_that_matches_the_commitment_and_the_dice() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let first = client.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 3 }));
    let id = first["id"].as_str().expect("id").to_owned();
    let commitment = first["fair"]["commitment"].as_str().expect("a commitment").to_owned();
    assert_eq!(first["fair"]["reveal"], Value::Null);
    let mut state = first;
    let mut actions = 0;
    while let Some(action) = first_step(&state) {
        state = client.act(&id, &action);
        assert_eq!(state["fair"]["commitment"], json!(commitment));
        actions += 1;
        assert!(actions < 5000, "the match ends");
    }
    assert_eq!(state["phase"], "match_over");
    assert_eq!(state["status"], "over");
    let score = &state["match"]["score"];
    assert!(score["white"].as_u64().unwrap_or(0) >= 3 || score["black"].as_u64().unwrap_or(0) >= 3);
    let reveal = state["fair"]["reveal"].as_str().expect("revealed at the end");
    assert_eq!(hamle_server::fair::sha256_hex(reveal), commitment);
    // The opening throw of the first game is the seed's: stream (game 0, dice 0).
    let seed: u64 = reveal.split(':').next().and_then(|s| s.parse().ok()).expect("a seed");
    let mut dice = Stream::new(seed).derive(0).derive(0);
    let opening = Hapis::new(Settings::default()).sample_chance(&mut dice).expect("a throw");
    let text = state["log"][0]["text"].as_str().expect("the first line");
    assert!(text.starts_with(&format!("Opening throw: white {}, black {}.", opening.0, opening.1)), "{text}");
    // The record holds the whole match.
    let (status, record) = client.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    let record = record.as_str().expect("text");
    assert!(record.contains(&format!("[Reveal \"{reveal}\"]")));
    assert!(record.lines().filter(|l| l.contains("throws")).count() > 20);
    // Nothing more can be played.
    let (status, _) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"roll\"}");
    assert_eq!(status, 409);
}

#[test]
fn resigning_gives_the_bot_the_points_and_the_next_game_starts() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = client.create(&json!({ "kind": "hapis", "opponent": "random", "length": 5 }))["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let (status, body) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"resign\"}");
    assert_eq!(status, 409, "no resigning before the opening throw: {body}");
    client.act(&id, &json!({ "action": "roll" }));
    let state = client.act(&id, &json!({ "action": "resign" }));
    assert_eq!(state["phase"], "game_over");
    assert_eq!(state["match"]["score"], json!({ "white": 0, "black": 2 }), "mars: nothing borne off");
    assert_eq!(state["ending"]["resigned"], "white");
    let next = client.act(&id, &json!({ "action": "next" }));
    assert_eq!(next["phase"], "opening");
    assert_eq!(next["match"]["game"], 2);
    let (status, _) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"next\"}");
    assert_eq!(status, 409, "no next game while this one is on");
}

#[test]
fn a_game_survives_a_server_restart_with_every_move() {
    let dir = std::env::temp_dir().join(format!("hamle-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let db = dir.join("games.db");
    std::fs::remove_file(&db).ok();
    let (token, hapis_id, ttt_id, before_hapis, before_ttt) = {
        let server = Server::on_file(&db);
        let client = Client::player(&server);
        let id = hapis_game(&client)["id"].as_str().expect("id").to_owned();
        let mut state = client.state(&id);
        for _ in 0..12 {
            state = client.act(&id, &first_step(&state).expect("the game goes on"));
        }
        let ttt = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "you": "second" }));
        let ttt_id = ttt["id"].as_str().expect("id").to_owned();
        let move_ = ttt["legal"][0].as_str().expect("a move").to_owned();
        let ttt = client.act(&ttt_id, &json!({ "action": "move", "move": move_ }));
        (client.token.clone(), id, ttt_id, state, ttt)
    };
    let server = Server::on_file(&db);
    let mut client = server.client();
    client.token = token;
    assert_eq!(client.state(&hapis_id), before_hapis);
    assert_eq!(client.state(&ttt_id), before_ttt);
    // And play goes on from there.
    let next = first_step(&before_hapis).expect("the game goes on");
    client.act(&hapis_id, &next);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_drawn_tictactoe_game_against_perfect() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let mut state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    let id = state["id"].as_str().expect("id").to_owned();
    let perfect_reply = |position: &str| -> String {
        use hamle_core::{Bot, Budget, Notation};
        let game = hamle_classics::tictactoe::TicTacToe::classic().parse_position(position).expect("a position");
        let mut bot = hamle_classics::tictactoe::bots::Perfect::default();
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
        game.format_move(decision.mv)
    };
    while state["phase"] == "play" {
        let mv = perfect_reply(state["position"].as_str().expect("position"));
        state = client.act(&id, &json!({ "action": "move", "move": mv }));
    }
    assert_eq!(state["result"]["winner"], Value::Null, "a draw: {}", state["result"]);
    assert_eq!(state["history"].as_array().map(Vec::len), Some(9));
    let (status, body) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"move\",\"move\":\"a1\"}");
    assert_eq!(status, 409, "{body}");
}

#[test]
fn tictactoe_refuses_an_occupied_cell_and_a_cell_that_does_not_exist() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "you": "second" }));
    assert_eq!(state["history"].as_array().map(Vec::len), Some(1), "the bot moved first");
    let id = state["id"].as_str().expect("id").to_owned();
    let taken = state["history"][0].as_str().expect("a move");
    let (status, body) =
        client.post(&format!("/api/games/{id}/actions"), &json!({ "action": "move", "move": taken }).to_string());
    assert_eq!(status, 409, "{body}");
    let (status, body) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"move\",\"move\":\"z9\"}");
    assert_eq!(status, 400, "{body}");
    assert_eq!(client.state(&id), state);
}

#[test]
fn the_two_phase_variant_plays_slides() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let mut state = client.create(&json!({ "kind": "tictactoe", "variant": "two-phase", "opponent": "random" }));
    let id = state["id"].as_str().expect("id").to_owned();
    let mut slid = false;
    while state["phase"] == "play" {
        let mv = state["legal"][0].as_str().expect("a move").to_owned();
        slid |= mv.contains('-');
        state = client.act(&id, &json!({ "action": "move", "move": mv }));
    }
    assert!(slid || state["history"].as_array().map_or(0, Vec::len) <= 6, "slides follow the placing phase");
    assert_eq!(state["setup"]["variant"], "two-phase");
}

#[test]
fn pages_and_files_are_served() {
    let server = Server::in_memory();
    let client = server.client();
    for path in ["/", "/hapis", "/tictactoe", "/static/hapis.js", "/static/style.css"] {
        let (status, _) = client.get(path);
        assert_eq!(status, 200, "{path}");
    }
    assert_eq!(client.get("/static/secret.txt").0, 404);
}

#[test]
fn a_bot_owed_a_move_at_a_restart_moves_at_the_load_and_as_it_would_have() {
    let dir = std::env::temp_dir().join(format!("hamle-owed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let db = dir.join("games.db");
    std::fs::remove_file(&db).ok();
    let (token, id, reply) = {
        let server = Server::on_file(&db);
        let client = Client::player(&server);
        let state = client.create(&json!({ "kind": "tictactoe", "opponent": "random" }));
        let id = state["id"].as_str().expect("id").to_owned();
        let state = client.act(&id, &json!({ "action": "move", "move": "a1" }));
        (client.token.clone(), id, state["history"][1].clone())
    };
    // As if the server had died between the person's move and the bot's reply.
    let store = rusqlite::Connection::open(&db).expect("the store");
    assert_eq!(store.execute("DELETE FROM actions WHERE game = ?1 AND seq = 1", [&id]).expect("deleted"), 1);
    drop(store);
    let server = Server::on_file(&db);
    let mut client = server.client();
    client.token = token;
    // A refused request does not make the bot move; loading the game does, with the same tie-break stream.
    let (status, _) = client.post(&format!("/api/games/{id}/actions"), "{\"action\":\"bogus\"}");
    assert_eq!(status, 400);
    let state = client.state(&id);
    assert_eq!(state["history"].as_array().map(Vec::len), Some(2));
    assert_eq!(state["history"][1], reply, "the bot's reply is the one it gave before the restart");
    std::fs::remove_dir_all(&dir).ok();
}
