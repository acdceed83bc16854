//! Bad input, one kind a test: each is answered with its documented status and a JSON `{error, detail}`, and
//! changes nothing (the game reads the same after, no game or seat is made).

mod common;

use std::time::Duration;

use common::{Client, Server, assert_refused, friends, id_of, public};
use hamle_server::Limits;
use serde_json::{Value, json};

/// The player's games as the list gives them.
fn games_of(client: &Client) -> Value {
    let (status, body) = client.get("/api/games");
    assert_eq!(status, 200, "{body}");
    body["games"].clone()
}

#[test]
fn a_third_person_joining_a_full_game_is_409_and_changes_nothing() {
    let server = Server::in_memory();
    let creator = Client::player(&server);
    let state = creator.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&state);
    let code = state["invite"]["code"].as_str().expect("an invite").to_owned();
    let friend = Client::player(&server);
    friend.join(&id, &code);
    let before = creator.state(&id);
    let third = Client::player(&server);
    let answer = third.post(&format!("/api/games/{id}/join"), &json!({ "invite": code }).to_string());
    assert_refused(&answer, 409, "a third person");
    assert_eq!(answer.1["error"], "full");
    // Joining again is refused too, and a game against a bot has no seat to give.
    assert_refused(
        &friend.post(&format!("/api/games/{id}/join"), &json!({ "invite": code }).to_string()),
        409,
        "again",
    );
    let bot_game = id_of(&creator.create(&json!({ "kind": "tictactoe", "opponent": "random" })));
    let answer = third.post(&format!("/api/games/{bot_game}/join"), &json!({ "invite": code }).to_string());
    assert_refused(&answer, 409, "a seat of a bot's game");
    assert_eq!(creator.state(&id), before);
    assert_eq!(third.state(&id)["you"], Value::Null, "the third person only watches");
    assert_eq!(games_of(&third), json!([]), "no seat was given");
}

#[test]
fn acting_out_of_turn_is_409_and_changes_nothing() {
    let server = Server::in_memory();
    let (creator, friend, id) = friends(&server);
    let before = creator.state(&id);
    assert_eq!(before["turn"], 0);
    let answer = friend.try_act(&id, &json!({ "action": "move", "move": "b2" }));
    assert_refused(&answer, 409, "seat 1 in seat 0's turn");
    assert_eq!(answer.1["error"], "not_allowed");
    assert_eq!(creator.state(&id), before);
    // Against a bot: Hapis's person cannot play before throwing, nor throw twice.
    let person = Client::player(&server);
    let hapis = person.create(&json!({ "kind": "hapis", "opponent": "thesis" }));
    let hapis_id = id_of(&hapis);
    assert_refused(&person.try_act(&hapis_id, &json!({ "action": "move", "move": "1/4 1/3" })), 409, "no dice yet");
    assert_eq!(person.state(&hapis_id), hapis);
    let mut state = hapis;
    while state["to_do"] != "move" {
        state = person.act(&hapis_id, &json!({ "action": "roll" }));
    }
    assert_refused(&person.try_act(&hapis_id, &json!({ "action": "roll" })), 409, "a second throw");
    assert_eq!(person.state(&hapis_id), state);
}

#[test]
fn a_watcher_acting_is_403_and_changes_nothing() {
    let server = Server::in_memory();
    let (creator, _friend, id) = friends(&server);
    let before = creator.state(&id);
    let watcher = Client::player(&server);
    for action in [json!({ "action": "move", "move": "b2" }), json!({ "action": "resign" })] {
        let answer = watcher.try_act(&id, &action);
        assert_refused(&answer, 403, "a watcher");
        assert_eq!(answer.1["error"], "forbidden");
    }
    assert_refused(&watcher.get(&format!("/api/games/{id}/hint")), 403, "a watcher's hint");
    // A watcher with no token at all may read, and is told to sign in to act.
    let anonymous = watcher.watcher();
    assert_eq!(public(&anonymous.state(&id)), public(&before));
    assert_refused(&anonymous.try_act(&id, &json!({ "action": "move", "move": "b2" })), 401, "no token");
    assert_eq!(creator.state(&id), before);
}

#[test]
fn an_expired_invite_is_410_and_seats_nobody() {
    let server = Server::in_memory_with(Limits { invite_ttl: Duration::ZERO, ..Limits::default() });
    let creator = Client::player(&server);
    let state =
        creator.create(&json!({ "kind": "domineering", "params": { "rows": "3", "cols": "3" }, "opponent": "friend" }));
    let id = id_of(&state);
    let code = state["invite"]["code"].as_str().expect("an invite").to_owned();
    // The invite expires when the clock passes its second: wait past it.
    std::thread::sleep(Duration::from_millis(1100));
    let friend = Client::player(&server);
    let answer = friend.post(&format!("/api/games/{id}/join"), &json!({ "invite": code }).to_string());
    assert_refused(&answer, 410, "an expired invite");
    assert_eq!(answer.1["error"], "expired_invite");
    assert_eq!(creator.state(&id), state);
    assert_eq!(creator.state(&id)["seats"][1]["who"], "open");
    assert_eq!(games_of(&friend), json!([]));
}

#[test]
fn an_unknown_invite_is_404_and_seats_nobody() {
    let server = Server::in_memory();
    let creator = Client::player(&server);
    let state = creator.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&state);
    let code = state["invite"]["code"].as_str().expect("an invite").to_owned();
    let friend = Client::player(&server);
    let other = id_of(&creator.create(&json!({ "kind": "tictactoe", "opponent": "friend" })));
    for (game, invite) in [(&id, "0123456789abcdef0123456789abcdef"), (&id, ""), (&other, code.as_str())] {
        let answer = friend.post(&format!("/api/games/{game}/join"), &json!({ "invite": invite }).to_string());
        assert_refused(&answer, 404, &format!("invite {invite:?}"));
        assert_eq!(answer.1["error"], "unknown_invite");
    }
    assert_eq!(creator.state(&id), state);
    assert_eq!(games_of(&friend), json!([]));
    // The right code still works afterwards.
    assert_eq!(friend.join(&id, &code)["you"], 1);
}

#[test]
fn an_action_body_not_of_the_action_type_is_400_and_changes_nothing() {
    let server = Server::in_memory();
    let (creator, _friend, id) = friends(&server);
    let before = creator.state(&id);
    for body in [
        json!({ "action": "move" }),
        json!({ "action": "fly" }),
        json!({ "move": 3 }),
        json!({ "move": "b2" }),
        json!({ "action": "move", "move": 3 }),
        json!({ "action": "step" }),
        json!({ "action": "move", "move": "z9" }),
        json!({ "action": "step", "step": "b2" }),
    ] {
        let answer = creator.try_act(&id, &body);
        assert_refused(&answer, 400, &body.to_string());
        assert_eq!(answer.1["error"], "bad_request", "{body}");
    }
    for text in ["{\"action\": ", "[1, 2]", "", "move", "null"] {
        assert_refused(&creator.post(&format!("/api/games/{id}/actions"), text), 400, text);
    }
    assert_eq!(creator.state(&id), before);
}

#[test]
fn unknown_fields_in_a_new_game_are_400_and_make_no_game() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for setup in [
        json!({ "kind": "tictactoe", "variant": "two-phase" }),
        json!({ "kind": "hapis", "you": "white" }),
        json!({ "kind": "hapis", "opponent": "thesis", "colour": "red" }),
        json!({ "kind": "2048", "bot": "expectimax" }),
        json!({ "opponent": "perfect" }),
        json!({ "kind": 3 }),
        json!({ "kind": "tictactoe", "params": { "variant": 2 } }),
        json!({ "kind": "tictactoe", "seat": "first" }),
    ] {
        assert_refused(&client.post("/api/games", &setup.to_string()), 400, &setup.to_string());
    }
    assert_eq!(games_of(&client), json!([]));
}

#[test]
fn bad_params_and_bot_specs_are_400_and_make_no_game() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for setup in [
        json!({ "kind": "go" }),
        json!({ "kind": "tictactoe", "params": { "variant": "three-d" } }),
        json!({ "kind": "tictactoe", "params": { "colour": "red" } }),
        json!({ "kind": "domineering", "params": { "rows": "17" } }),
        json!({ "kind": "domineering", "params": { "rows": "0" } }),
        json!({ "kind": "domineering", "params": { "first": "diagonal" } }),
        json!({ "kind": "2048", "params": { "spawn": "often" } }),
        json!({ "kind": "hapis", "params": { "mother": "maybe" } }),
        json!({ "kind": "hapis", "opponent": "grandmaster" }),
        json!({ "kind": "hapis", "opponent": "neural(level=godlike)" }),
        json!({ "kind": "hapis", "opponent": "expert(plies=9)" }),
        json!({ "kind": "tictactoe", "opponent": "thesis(depth=10)" }),
        json!({ "kind": "tictactoe", "opponent": "perfect(" }),
        json!({ "kind": "tictactoe", "opponent": "" }),
        json!({ "kind": "domineering", "opponent": "perfect" }),
        json!({ "kind": "domineering", "opponent": "seed(depth=13)" }),
        json!({ "kind": "2048", "helper": "oracle" }),
        json!({ "kind": "2048", "helper": "expectimax(depth=9)" }),
    ] {
        let answer = client.post("/api/games", &setup.to_string());
        assert_refused(&answer, 400, &setup.to_string());
        assert_eq!(answer.1["error"], "bad_request", "{setup}");
    }
    assert_eq!(games_of(&client), json!([]));
}

#[test]
fn a_one_player_game_given_an_opponent_is_400() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for opponent in ["random", "friend", "expectimax"] {
        let setup = json!({ "kind": "2048", "opponent": opponent });
        assert_refused(&client.post("/api/games", &setup.to_string()), 400, &setup.to_string());
    }
    assert_eq!(games_of(&client), json!([]));
    // The same game without one is made, with its helper bot.
    assert_eq!(client.create(&json!({ "kind": "2048" }))["helper"], "expectimax");
}

#[test]
fn a_seat_out_of_range_is_400() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for setup in [
        json!({ "kind": "tictactoe", "seat": 2 }),
        json!({ "kind": "hapis", "seat": 255 }),
        json!({ "kind": "2048", "seat": 1 }),
        json!({ "kind": "domineering", "seat": 256 }),
        json!({ "kind": "domineering", "seat": -1 }),
    ] {
        assert_refused(&client.post("/api/games", &setup.to_string()), 400, &setup.to_string());
    }
    assert_eq!(games_of(&client), json!([]));
    // Seat 1 is in range: the bot sits at seat 0 and moves first.
    let second = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 1 }));
    assert_eq!(second["you"], 1);
    assert_eq!(second["history"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_length_of_0_or_26_is_400() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for length in [json!(0), json!(26), json!(1000), json!(-1), json!("3")] {
        let setup = json!({ "kind": "hapis", "opponent": "random", "length": length });
        assert_refused(&client.post("/api/games", &setup.to_string()), 400, &setup.to_string());
    }
    assert_eq!(games_of(&client), json!([]));
    for length in [1, 25] {
        assert_eq!(
            client.create(&json!({ "kind": "hapis", "opponent": "random", "length": length }))["match"]["length"],
            length
        );
    }
}
