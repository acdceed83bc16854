//! Domineering on the server through the generic two-player game: a whole game against the solver, and bad
//! boards and moves refused without change.

mod common;

use common::{Client, Server};
use serde_json::json;

#[test]
fn a_game_against_the_solver_is_played_to_its_end() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({
        "kind": "domineering", "rows": "4", "cols": "4", "first": "vertical", "opponent": "solver", "you": "first"
    }));
    let id = game["id"].as_str().expect("id").to_owned();
    let mut state = game;
    let mut turns = 0;
    while state["phase"] == "play" {
        let mv = state["legal"][0].as_str().expect("a move").to_owned();
        state = client.act(&id, &json!({ "action": "move", "move": mv }));
        turns += 1;
        assert!(turns < 10, "a 4×4 game ends");
    }
    // 4×4 is a first-player win, but not for a player who takes the first legal move: the solver punishes it.
    assert!(state["result"]["winner"].is_string(), "{}", state["result"]);
}

#[test]
fn without_an_opponent_the_game_gets_its_strongest_bot() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({ "kind": "domineering", "rows": "4", "cols": "4" }));
    assert_eq!(game["setup"]["opponent"], "solver", "{}", game["setup"]);
}

#[test]
fn bad_boards_and_moves_are_refused_and_change_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for body in [
        r#"{"kind":"domineering","rows":"17","cols":"4","opponent":"solver"}"#,
        r#"{"kind":"domineering","rows":"0","cols":"4","opponent":"solver"}"#,
        r#"{"kind":"domineering","first":"diagonal","opponent":"solver"}"#,
        r#"{"kind":"domineering","opponent":"perfect"}"#,
    ] {
        let (status, answer) = client.post("/api/games", body);
        assert_eq!(status, 400, "{body}: {answer}");
    }
    let game = client.create(&json!({ "kind": "domineering", "rows": "5", "cols": "5", "opponent": "seed(depth=2)" }));
    let id = game["id"].as_str().expect("id").to_owned();
    let before = client.state(&id);
    for (mv, want) in [("a1-b1", 409), ("a1-a3", 400), ("z9-z10", 400)] {
        let (status, answer) =
            client.post(&format!("/api/games/{id}/actions"), &format!(r#"{{"action":"move","move":"{mv}"}}"#));
        assert_eq!(status, want, "{mv}: {answer}");
    }
    assert_eq!(client.state(&id), before);
}
