//! Domineering on the server through the one play layer: games against the solver end as the outcome table of
//! `docs/rules/domineering.md` says they must, and bad boards and moves are refused without change.

mod common;

use common::{Client, Server, assert_refused, id_of};
use serde_json::{Value, json};

/// Plays the person's first legal move each turn until the game ends; the final state.
fn play_out(client: &Client, state: Value) -> Value {
    let id = id_of(&state);
    let mut state = state;
    let mut turns = 0;
    while state["to_do"] == "move" {
        assert_eq!(state["turn"], state["you"], "the solver replies within the request");
        let mv = state["legal"][0].as_str().expect("a move").to_owned();
        state = client.act(&id, &json!({ "action": "move", "move": mv }));
        turns += 1;
        assert!(turns <= 13, "a 5×5 board holds at most 12 dominoes");
    }
    state
}

/// The mended claim: who wins is fixed by the board. 2×2 and 3×3 are first-player wins and 5×5 a second-player
/// win (the outcome table), so the solver wins 3×3 when it starts and 5×5 when the person starts, whatever the
/// person plays; on 2×2 the first domino leaves no room, so the person who starts wins at once.
#[test]
fn games_against_the_solver_end_as_the_outcome_table_says() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for (size, seat, winner) in [(2, 0, 0), (3, 1, 0), (5, 0, 1), (4, 1, 0)] {
        let n = size.to_string();
        let game = client.create(&json!({
            "kind": "domineering", "params": { "rows": n, "cols": n, "first": "vertical" },
            "opponent": "solver", "seat": seat
        }));
        assert_eq!(game["seats"][1 - seat]["bot"], "solver");
        let end = play_out(&client, game);
        assert_eq!(end["status"], "over", "{size}×{size}");
        let mut points = [0.0; 2];
        points[winner] = 1.0;
        assert_eq!(
            end["ending"]["points"],
            json!(points),
            "{size}×{size}, the person at seat {seat}: {}",
            end["ending"]
        );
    }
}

#[test]
fn without_an_opponent_the_game_gets_its_strongest_bot() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({ "kind": "domineering", "params": { "rows": "4", "cols": "4" } }));
    assert_eq!(game["seats"][1]["who"], "bot");
    assert_eq!(game["seats"][1]["bot"], "solver", "{}", game["seats"]);
    assert_eq!(game["invite"], Value::Null, "no seat is open");
}

#[test]
fn bad_boards_and_moves_are_refused_and_change_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for body in [
        r#"{"kind":"domineering","params":{"rows":"17","cols":"4"},"opponent":"solver"}"#,
        r#"{"kind":"domineering","params":{"rows":"0","cols":"4"},"opponent":"solver"}"#,
        r#"{"kind":"domineering","params":{"first":"diagonal"},"opponent":"solver"}"#,
        r#"{"kind":"domineering","opponent":"perfect"}"#,
    ] {
        assert_refused(&client.post("/api/games", body), 400, body);
    }
    assert_eq!(client.get("/api/games").1["games"], json!([]));
    let game = client.create(&json!({
        "kind": "domineering", "params": { "rows": "5", "cols": "5" }, "opponent": "seed(depth=2)"
    }));
    let id = id_of(&game);
    let before = client.state(&id);
    // The person plays vertical: a1-b1 is a horizontal domino (well written, not allowed).
    for (mv, want) in [("a1-b1", 409), ("a1-a3", 400), ("z9-z10", 400), ("a1", 400)] {
        assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": mv })), want, mv);
    }
    assert_eq!(client.state(&id), before);
}
