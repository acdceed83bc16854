//! Friend games on a clock (`"clock"` at creation): the server keeps the time from its own clock, shows it in the
//! state, refuses a move after the flag and ends the game on time, pushing the end to the followers without
//! anyone asking; the refusals of a bad control or a clock against a bot.

mod common;

use std::time::Duration;

use common::{Client, Server, assert_refused, id_of};
use serde_json::{Value, json};

/// A game of `kind` on `clock` between two people: the creator (seat 0) and a friend who joined.
fn clocked(server: &Server, kind: &str, clock: &str) -> (Client, Client, String) {
    let creator = Client::player(server);
    let made = creator.create(&json!({ "kind": kind, "opponent": "friend", "clock": clock }));
    let id = id_of(&made);
    let code = made["invite"]["code"].as_str().expect("an invite").to_owned();
    let friend = Client::player(server);
    friend.join(&id, &code);
    (creator, friend, id)
}

#[test]
fn the_state_shows_the_clocks_and_the_first_move_starts_them() {
    let server = Server::in_memory();
    let (creator, _, id) = clocked(&server, "tictactoe", "5+3");
    let before = creator.state(&id);
    assert_eq!(before["clock"]["control"], "5+3");
    assert_eq!(before["clock"]["left_ms"], json!([300_000, 300_000]));
    assert_eq!(before["clock"]["running"], Value::Null, "no clock runs before the first move");
    let after = creator.act(&id, &json!({ "action": "move", "move": "b2" }));
    assert_eq!(after["clock"]["running"], 1, "O's clock runs");
    let since = after["clock"]["since"].as_i64().expect("since");
    let now = after["clock"]["now"].as_i64().expect("now");
    assert!(now >= since && now - since < 5_000, "{}", after["clock"]);
    assert_eq!(after["clock"]["left_ms"][0], 300_000, "the first move is free");
}

#[test]
fn a_move_after_the_flag_is_refused_and_the_game_is_lost_on_time_and_pushed() {
    let server = Server::in_memory();
    let (creator, friend, id) = clocked(&server, "tictactoe", "0.25+0");
    creator.act(&id, &json!({ "action": "move", "move": "b2" }));
    let events = server.events(&id);
    // Nobody asks: the server's watch calls O's time when its 15 s run out, and pushes it.
    let ended = events.until(Duration::from_secs(25), |s| s["status"] == "over").expect("the end is pushed");
    assert_eq!(ended["ending"]["points"], json!([1.0, 0.0]), "{ended}");
    assert!(ended["ending"]["text"].as_str().is_some_and(|t| t.contains("O's time has run out")), "{ended}");
    assert_eq!(ended["clock"]["left_ms"][1], 0);
    let late = friend.try_act(&id, &json!({ "action": "move", "move": "a1" }));
    assert_refused(&late, 409, "a move after the flag");
    assert_eq!(friend.state(&id)["history"], json!(["b2"]), "nothing changed");
    let record: Value = creator.get(&format!("/api/games/{id}/record?format=json")).1;
    assert_eq!(record["clock"], "0.25+0");
    assert_eq!(record["actions"][1]["action"], "timeout");
}

#[test]
fn a_move_after_the_flag_fell_is_refused_and_the_game_is_over_on_time() {
    let server = Server::in_memory();
    let (creator, friend, id) = clocked(&server, "tictactoe", "0.25+0");
    creator.act(&id, &json!({ "action": "move", "move": "b2" }));
    // Whether the server's watch calls time before the move comes or the move's request calls it, the move is
    // refused and the game is over on time.
    std::thread::sleep(Duration::from_millis(15_100));
    let late = friend.try_act(&id, &json!({ "action": "move", "move": "a1" }));
    assert_refused(&late, 409, "too late");
    assert!(late.1["detail"].as_str().is_some_and(|d| d.contains("time ran out")), "{}", late.1);
    assert_eq!(creator.state(&id)["status"], "over");
}

#[test]
fn a_bad_time_control_or_a_clock_against_a_bot_is_refused() {
    let server = Server::in_memory();
    let person = Client::player(&server);
    for clock in ["5", "0+0", "200+0", "5+99", "0d", "soon"] {
        let refused =
            person.post("/api/games", &json!({ "kind": "chess", "opponent": "friend", "clock": clock }).to_string());
        assert_refused(&refused, 400, clock);
        assert!(refused.1["detail"].as_str().is_some_and(|d| d.contains("MINUTES+SECONDS")), "{}", refused.1);
    }
    let bot = person.post("/api/games", &json!({ "kind": "chess", "opponent": "random", "clock": "5+3" }).to_string());
    assert_refused(&bot, 400, "a clock against a bot");
    assert!(bot.1["detail"].as_str().is_some_and(|d| d.contains("between two people")), "{}", bot.1);
    let alone = person.post("/api/games", &json!({ "kind": "2048", "clock": "5+3" }).to_string());
    assert_refused(&alone, 400, "a clock for one");
    assert_eq!(person.get("/api/games").1["games"], json!([]), "nothing was made");
}

#[test]
fn a_person_cannot_call_time() {
    let server = Server::in_memory();
    let (creator, _, id) = clocked(&server, "tictactoe", "5+0");
    creator.act(&id, &json!({ "action": "move", "move": "b2" }));
    assert_refused(&creator.try_act(&id, &json!({ "action": "timeout" })), 400, "timeout by a person");
}
