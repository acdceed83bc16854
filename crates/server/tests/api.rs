//! The JSON API against a real server on loopback: refused requests change nothing, tokens guard the games,
//! the dice are the committed seed's, whole games play through, and a bot owed a move moves at the load.

mod common;

use common::{Client, Server, TempDb, assert_refused, first_step, id_of};
use hamle_core::{Game, Stream};
use hamle_hapis::{Hapis, Settings};
use serde_json::{Value, json};

fn hapis_game(client: &Client) -> Value {
    client.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 1 }))
}

/// Plays the person's side by first legal steps until the dice are on the table for the person.
fn to_move(client: &Client, id: &str) -> Value {
    let mut state = client.state(id);
    while state["to_do"] != "move" {
        state = client.act(id, &first_step(&state).expect("the match goes on"));
    }
    state
}

#[test]
fn a_new_player_gets_a_token_and_an_empty_list() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let token = client.token.as_ref().expect("a token");
    assert_eq!(token.len(), 48);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    let (status, body) = client.get("/api/games");
    assert_eq!(status, 200);
    assert_eq!(body["games"], json!([]));
}

#[test]
fn the_catalog_lists_every_game_with_its_bots() {
    let server = Server::in_memory();
    let (status, body) = server.client().get("/api/catalog");
    assert_eq!(status, 200);
    let games = body["games"].as_array().expect("games");
    let names: Vec<&str> = games.iter().filter_map(|g| g["name"].as_str()).collect();
    // Every registered game, in the registry's order (a new game needs no change here).
    let registered: Vec<&str> = hamle_arena::games::registry().games().map(|g| g.listing().name).collect();
    assert_eq!(names, registered);
    let game = |name: &str| games.iter().find(|g| g["name"] == name).unwrap_or_else(|| panic!("{name} is listed"));
    for (name, players, page) in [
        ("tictactoe", 2, "tictactoe"),
        ("hapis", 2, "hapis"),
        ("2048", 1, "2048"),
        ("domineering", 2, "domineering"),
        ("grundy", 2, "grundy"),
        ("sim", 2, "sim"),
        ("dots", 2, "dots"),
        ("knights-tour", 1, "knights-tour"),
        ("queens", 1, "queens"),
    ] {
        assert_eq!(game(name)["players"], players, "{name}");
        assert_eq!(game(name)["page"], page, "{name}");
    }
    let hapis_bots = game("hapis")["bots"].as_array().expect("bots");
    assert!(hapis_bots.iter().any(|b| b["name"] == "expert"));
    assert_eq!(game("domineering")["bots"][0]["name"], "solver", "the strongest bot first");
}

#[test]
fn an_illegal_step_is_refused_with_409_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&hapis_game(&client));
    let before = to_move(&client, &id);
    // A distance no die shows, from a point holding no checker of the person's, and bearing off too early.
    let dice: Vec<u64> = before["board"]["dice"].as_array().expect("dice").iter().filter_map(Value::as_u64).collect();
    let unseen = (1..=6).find(|d| !dice.contains(d)).expect("two dice leave a distance unseen");
    let legal_steps = before["steps"]["next"].as_array().expect("steps");
    let empty_point = (1..=18u64).find(|p| legal_steps.iter().all(|s| s["from"] != json!(p))).expect("a point");
    for step in [format!("1/{}", 1 + unseen), format!("{empty_point}/{}", empty_point + dice[0]), "24/off".to_owned()] {
        let answer = client.try_act(&id, &json!({ "action": "step", "step": step }));
        assert_refused(&answer, 409, &step);
        assert_eq!(answer.1["error"], "not_allowed");
        assert_eq!(client.state(&id), before, "a refused step changes nothing");
    }
}

#[test]
fn a_play_that_is_not_a_play_is_400_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&hapis_game(&client));
    let before = to_move(&client, &id);
    for action in [
        json!({ "action": "move", "move": "1/30" }),
        json!({ "action": "play", "play": "1/4" }),
        json!({ "action": "step" }),
        json!({ "action": "fly" }),
        json!({ "move": "b2" }),
    ] {
        let answer = client.try_act(&id, &action);
        assert_refused(&answer, 400, &action.to_string());
        assert_eq!(answer.1["error"], "bad_request");
        assert_eq!(client.state(&id), before);
    }
}

#[test]
fn a_body_over_the_limit_is_413() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let state = hapis_game(&client);
    let id = id_of(&state);
    let huge = format!("{{\"action\": \"roll\", \"pad\": \"{}\"}}", "x".repeat(hamle_server::MAX_BODY + 10));
    let answer = client.post(&format!("/api/games/{id}/actions"), &huge);
    assert_refused(&answer, 413, "a huge body");
    assert_eq!(answer.1["error"], "too_large");
    assert_eq!(client.state(&id), state);
}

#[test]
fn a_wrong_token_is_403_and_no_token_is_401() {
    let server = Server::in_memory();
    let owner = Client::player(&server);
    let id = id_of(&hapis_game(&owner));
    let before = owner.state(&id);
    let stranger = Client::player(&server);
    let roll = json!({ "action": "roll" });
    let answer = stranger.try_act(&id, &roll);
    assert_refused(&answer, 403, "a stranger");
    assert_eq!(answer.1["error"], "forbidden");
    let mut forged = server.client();
    forged.token = Some("0123456789abcdef".into());
    assert_refused(&forged.try_act(&id, &roll), 403, "a forged token");
    assert_refused(&forged.post("/api/games", &json!({ "kind": "2048" }).to_string()), 403, "a forged creator");
    assert_refused(&server.client().try_act(&id, &roll), 401, "no token");
    assert_refused(&server.client().post("/api/games", &json!({ "kind": "2048" }).to_string()), 401, "no creator");
    assert_refused(&stranger.get(&format!("/api/games/{id}/hint")), 403, "a stranger's hint");
    assert_eq!(owner.state(&id), before);
    // Each player lists only its own games.
    assert_eq!(stranger.get("/api/games").1["games"], json!([]));
    assert_eq!(owner.get("/api/games").1["games"][0]["id"], json!(id));
    assert_eq!(owner.get("/api/games").1["games"].as_array().map(Vec::len), Some(1));
}

#[test]
fn an_unknown_game_is_404() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for id in ["0123456789abcdef0123456789abcdef", "nope", "..%2F..%2Fetc%2Fpasswd", "0123456789ABCDEF0123456789ABCDEF"]
    {
        let answer = client.get(&format!("/api/games/{id}"));
        assert_refused(&answer, 404, id);
        assert_eq!(answer.1["error"], "not_found");
        assert_refused(&client.try_act(id, &json!({ "action": "roll" })), 404, id);
        assert_refused(&client.get(&format!("/api/games/{id}/events")), 404, id);
        assert_refused(&client.post(&format!("/api/games/{id}/join"), "{\"invite\":\"x\"}"), 404, id);
    }
    assert_refused(&client.get("/api/nothing"), 404, "/api/nothing");
    let answer = client.post("/api/catalog", "{}");
    assert_refused(&answer, 405, "POST /api/catalog");
    assert_eq!(answer.1["error"], "method_not_allowed");
}

/// The mended claim: a step that leaves the move unfinished is shown, undone to the exact state before, and
/// undoing with no step entered is refused. Turns are played until a roll gives a two-step play (most do).
#[test]
fn steps_and_undo_within_the_turn() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&hapis_game(&client));
    for _turn in 0..20 {
        let before = to_move(&client, &id);
        let answer = client.try_act(&id, &json!({ "action": "undo" }));
        assert_refused(&answer, 409, "undo with no step entered");
        assert_eq!(client.state(&id), before);
        let after = client.act(&id, &first_step(&before).expect("a step"));
        if after["to_do"] == "move" && after["turn"] == 0 {
            assert_eq!(after["steps"]["entered"].as_array().map(Vec::len), Some(1), "{}", after["steps"]);
            assert_ne!(after["board"]["position"], before["board"]["position"], "the step shows on the board");
            assert_eq!(after["legal"], json!([]), "no whole play is offered once a step is entered");
            let answer = client.try_act(&id, &json!({ "action": "move", "move": before["legal"][0] }));
            assert_refused(&answer, 409, "a whole play over an entered step");
            let mut undone = client.act(&id, &json!({ "action": "undo" }));
            // The step and its undo are two records: the version counts them, the rest is as before.
            let version = before["version"].as_u64().expect("a version");
            assert_eq!(undone["version"], version + 2);
            undone["version"] = before["version"].clone();
            assert_eq!(undone, before, "undo gives back the state before the step");
            return;
        }
    }
    panic!("20 turns without a play of two steps");
}

#[test]
fn hints_rank_the_plays_of_the_roll() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&hapis_game(&client));
    assert_refused(&client.get(&format!("/api/games/{id}/hint")), 409, "no dice yet");
    let state = to_move(&client, &id);
    let (status, body) = client.get(&format!("/api/games/{id}/hint?level=advanced"));
    assert_eq!(status, 200, "{body}");
    let plays = body["plays"].as_array().expect("plays");
    assert!(!plays.is_empty());
    let equities: Vec<f64> = plays.iter().filter_map(|p| p["equity"].as_f64()).collect();
    assert_eq!(equities.len(), plays.len());
    assert!(equities.windows(2).all(|w| w[0] >= w[1]), "{equities:?}");
    let legal = state["legal"].as_array().expect("plays");
    assert!(plays.iter().all(|p| legal.contains(&p["play"])), "{plays:?} among {legal:?}");
    // An unknown level is a request that does not read, whatever the game's state: docs/api.md's 400 `bad_request`
    // ("a field of the wrong kind"), not the 409 kept for what the rules or the moment refuse.
    let answer = client.get(&format!("/api/games/{id}/hint?level=godlike"));
    assert_refused(&answer, 400, "an unknown level");
    assert_eq!(answer.1["error"], "bad_request", "{}", answer.1);
    assert_eq!(client.state(&id), state);
    // The best play can be played whole.
    let best = plays[0]["play"].as_str().expect("a play");
    let after = client.act(&id, &json!({ "action": "move", "move": best }));
    let logged = after["log"].as_array().expect("a log");
    assert!(logged.iter().any(|l| l["seat"] == 0 && l["text"] == format!("White plays {best}.")), "{logged:?}");
}

#[test]
fn a_whole_match_reveals_a_seed_that_matches_the_commitment_and_the_dice() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let first = client.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 3 }));
    let id = id_of(&first);
    let commitment = first["fair"]["commitment"].as_str().expect("a commitment").to_owned();
    assert_eq!(first["fair"]["reveal"], Value::Null);
    let mut state = first;
    let mut actions = 0;
    while let Some(action) = first_step(&state) {
        state = client.act(&id, &action);
        assert_eq!(state["fair"]["commitment"], json!(commitment));
        if state["status"] != "over" {
            assert_eq!(state["fair"]["reveal"], Value::Null, "no reveal before the end");
        }
        actions += 1;
        assert!(actions < 5000, "the match ends");
    }
    assert_eq!(state["to_do"], "nothing");
    assert_eq!(state["status"], "over");
    assert_eq!(state["match"]["over"], true);
    let score: Vec<f64> =
        state["match"]["score"].as_array().expect("a score").iter().filter_map(Value::as_f64).collect();
    assert!(score.iter().any(|&s| s >= 3.0), "{score:?}");
    let reveal = state["fair"]["reveal"].as_str().expect("revealed at the end");
    assert_eq!(hamle_server::fair::sha256_hex(reveal), commitment);
    // The opening throw of the first game is the seed's: stream (game 0, chance 0).
    let seed: u64 = reveal.split(':').next().and_then(|s| s.parse().ok()).expect("a seed");
    let mut dice = Stream::new(seed).derive(0).derive(0);
    let opening = Hapis::new(Settings::default()).sample_chance(&mut dice).expect("a throw");
    // The state shows the log's newest lines; the record holds the whole match, its first line the opening throw.
    let record = client.record(&id);
    let first_line = record.lines().find(|l| l.starts_with("1. ")).expect("an event");
    assert_eq!(first_line, format!("1. Throw for the start: white {}, black {}.", opening.0, opening.1));
    assert!(record.contains(&format!("[Reveal \"{reveal}\"]")), "{record}");
    assert!(record.lines().filter(|l| l.contains("throws")).count() > 20);
    // Nothing more can be played.
    assert_refused(&client.try_act(&id, &json!({ "action": "roll" })), 409, "a throw after the end");
    assert_refused(&client.try_act(&id, &json!({ "action": "next" })), 409, "a next game after the end");
}

#[test]
fn resigning_gives_the_bot_the_points_and_the_next_game_starts() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "hapis", "opponent": "random", "length": 5 })));
    client.act(&id, &json!({ "action": "roll" }));
    let state = client.act(&id, &json!({ "action": "resign" }));
    assert_eq!(state["to_do"], "next");
    assert_eq!(state["match"]["score"], json!([0.0, 2.0]), "mars: nothing borne off");
    assert_eq!(state["ending"]["resigned"], 0);
    assert_eq!(state["seats"][1]["score"], 2.0);
    assert_refused(&client.try_act(&id, &json!({ "action": "resign" })), 409, "resigning twice");
    let next = client.act(&id, &json!({ "action": "next" }));
    assert_eq!(next["to_do"], "roll");
    assert_eq!(next["match"]["game"], 2);
    // The last game's winner throws first (the default `next=winner`): Black, the bot, has thrown and played.
    let second: Vec<&Value> = next["log"].as_array().expect("a log").iter().filter(|l| l["game"] == 2).collect();
    assert!(
        second
            .first()
            .is_some_and(|l| l["seat"] == 1 && l["text"].as_str().is_some_and(|t| t.starts_with("Black throws"))),
        "{second:?}"
    );
    assert_eq!(next["match"]["score"], json!([0.0, 2.0]), "the match keeps its score");
    assert_refused(&client.try_act(&id, &json!({ "action": "next" })), 409, "a next game while this one is on");
}

#[test]
fn a_drawn_tictactoe_game_against_perfect() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let mut state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    let id = id_of(&state);
    let perfect_reply = |position: &str| -> String {
        use hamle_core::{Bot, Budget, Notation};
        let game = hamle_classics::tictactoe::TicTacToe::classic().parse_position(position).expect("a position");
        let mut bot = hamle_classics::tictactoe::bots::Perfect::default();
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
        game.format_move(decision.mv)
    };
    while state["to_do"] == "move" {
        let mv = perfect_reply(state["position"].as_str().expect("position"));
        state = client.act(&id, &json!({ "action": "move", "move": mv }));
    }
    assert_eq!(state["ending"]["points"], json!([0.5, 0.5]), "a draw: {}", state["ending"]);
    assert_eq!(state["history"].as_array().map(Vec::len), Some(9));
    assert_eq!(state["status"], "over");
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": "a1" })), 409, "a move after the end");
}

#[test]
fn tictactoe_refuses_an_occupied_cell_and_a_cell_that_does_not_exist() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 1 }));
    assert_eq!(state["history"].as_array().map(Vec::len), Some(1), "the bot moved first");
    let id = id_of(&state);
    let taken = state["history"][0].as_str().expect("a move");
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": taken })), 409, "an occupied cell");
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": "z9" })), 400, "no such cell");
    assert_eq!(client.state(&id), state);
}

/// The mended claim: a slide is really played. Two people (no bot's random choice) place three stones each
/// without a line, then X slides; the slide is in the history and on the board.
#[test]
fn the_two_phase_variant_plays_slides() {
    let server = Server::in_memory();
    let x = Client::player(&server);
    let state = x.create(&json!({ "kind": "tictactoe", "params": { "variant": "two-phase" }, "opponent": "friend" }));
    assert_eq!(state["game"], "tictactoe(variant=two-phase)");
    let id = id_of(&state);
    let o = Client::player(&server);
    o.join(&id, state["invite"]["code"].as_str().expect("an invite"));
    // X: a1 c1 b3; O: b2 b1 a3 — no three in a line for either.
    let mut state = state;
    for (i, cell) in ["a1", "b2", "c1", "b1", "b3", "a3"].into_iter().enumerate() {
        let mover = if i % 2 == 0 { &x } else { &o };
        state = mover.act(&id, &json!({ "action": "move", "move": cell }));
    }
    assert_eq!(state["to_do"], "move", "no line was made: {}", state["position"]);
    let legal: Vec<&str> = state["legal"].as_array().expect("legal").iter().filter_map(Value::as_str).collect();
    assert!(!legal.is_empty() && legal.iter().all(|m| m.contains('-')), "after six stones only slides: {legal:?}");
    let slide = legal[0].to_owned();
    let (from, to) = slide.split_once('-').expect("a slide");
    assert_refused(&x.try_act(&id, &json!({ "action": "move", "move": "c3" })), 409, "a seventh stone");
    let after = x.act(&id, &json!({ "action": "move", "move": slide }));
    assert_eq!(after["history"].as_array().map(Vec::len), Some(7));
    assert_eq!(after["history"][6], json!(slide), "the slide is in the history");
    let cell = |position: &str, name: &str| -> char {
        // Rows 3 to 1, each a to c: `x.o/.x./... o`.
        let (col, row) = (name.as_bytes()[0] - b'a', name.as_bytes()[1] - b'1');
        let rows: Vec<&str> = position.split(' ').next().expect("cells").split('/').collect();
        rows[usize::from(2 - row)].as_bytes()[usize::from(col)] as char
    };
    let position = after["position"].as_str().expect("a position");
    assert_eq!(cell(position, from), '.', "the slide leaves {from}: {position}");
    assert_eq!(cell(position, to), 'x', "the slide reaches {to}: {position}");
    assert_eq!(x.record(&id).lines().filter(|l| l.contains(&format!("plays {slide}."))).count(), 1);
}

#[test]
fn pages_and_files_are_served() {
    let server = Server::in_memory();
    let client = server.client();
    for path in ["/", "/hapis", "/tictactoe", "/2048", "/domineering", "/static/hapis.js", "/static/style.css"] {
        let (status, _) = client.get(path);
        assert_eq!(status, 200, "{path}");
    }
    assert_eq!(client.get("/static/secret.txt").0, 404);
}

#[test]
fn a_bot_owed_a_move_at_a_restart_moves_at_the_load_and_as_it_would_have() {
    let db = TempDb::new("owed");
    let (token, id, reply) = {
        let server = Server::on_file(&db.path);
        let client = Client::player(&server);
        let state = client.create(&json!({ "kind": "tictactoe", "opponent": "random" }));
        let id = id_of(&state);
        let state = client.act(&id, &json!({ "action": "move", "move": "a1" }));
        (client.token.clone(), id, state["history"][1].clone())
    };
    // As if the server had died between the person's move and the bot's reply.
    let store = rusqlite::Connection::open(&db.path).expect("the store");
    assert_eq!(store.execute("DELETE FROM actions WHERE game = ?1 AND seq = 1", [&id]).expect("deleted"), 1);
    drop(store);
    let server = Server::on_file(&db.path);
    let mut client = server.client();
    client.token = token;
    // A refused request does not make the bot move; loading the game does, with the same tie-break stream.
    assert_refused(&client.try_act(&id, &json!({ "action": "bogus" })), 400, "a bogus action");
    let state = client.state(&id);
    assert_eq!(state["history"].as_array().map(Vec::len), Some(2));
    assert_eq!(state["history"][1], reply, "the bot's reply is the one it gave before the restart");
    drop(server);
    let store = rusqlite::Connection::open(&db.path).expect("the store");
    let stored: i64 =
        store.query_row("SELECT COUNT(*) FROM actions WHERE game = ?1", [&id], |r| r.get(0)).expect("a count");
    assert_eq!(stored, 2, "the bot's move made at the load is stored");
}
