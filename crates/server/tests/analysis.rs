//! Analyses through the API (`GET /api/games/{id}/analysis`): started by the first request, read as it goes,
//! kept once done; the moves that threw a result away marked, checked by a solver of the test's own; the
//! record whole (`?format=json`) with its seed only once the game is over; and each refusal a documented error.

mod common;

use std::time::{Duration, Instant};

use common::{Client, Server, assert_refused, id_of};
use serde_json::{Value, json};

/// The cells of a tic-tac-toe position (`x.o/.../...` rows from the top, as the state's `board.position`), a1
/// first, row by row upwards: ' ', 'x' or 'o'.
fn cells(position: &str) -> [char; 9] {
    let mut out = [' '; 9];
    for (i, row) in position.split(' ').next().unwrap_or("").split('/').enumerate() {
        for (col, mark) in row.chars().enumerate() {
            if i < 3 && col < 3 && mark != '.' {
                out[(2 - i) * 3 + col] = mark.to_ascii_lowercase();
            }
        }
    }
    out
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The result for `mover` with perfect play from here: 1 win, 0 draw, −1 loss (a negamax of the test's own,
/// independent of hamle's solver).
fn value(board: &mut [char; 9], mover: char) -> i32 {
    let other = if mover == 'x' { 'o' } else { 'x' };
    if LINES.iter().any(|l| l.iter().all(|&c| board[c] == other)) {
        return -1;
    }
    let mut best = None;
    for c in 0..9 {
        if board[c] == ' ' {
            board[c] = mover;
            let v = -value(board, other);
            board[c] = ' ';
            best = Some(best.map_or(v, |b: i32| b.max(v)));
        }
    }
    best.unwrap_or(0)
}

fn name(cell: usize) -> String {
    format!("{}{}", ["a", "b", "c"][cell % 3], cell / 3 + 1)
}

/// Asks for the analysis until it is done (202 meanwhile, its count never going back); the report.
fn analysed(client: &Client, path: &str) -> Value {
    let clock = Instant::now();
    let mut seen = 0;
    loop {
        let (status, body) = client.get(path);
        match status {
            200 => {
                assert_eq!(body["status"], "done", "{body}");
                return body;
            }
            202 => {
                assert_eq!(body["status"], "under_way", "{body}");
                let done = body["done"].as_u64().expect("a count");
                assert!(done >= seen && done <= body["total"].as_u64().expect("a total"), "{body}");
                seen = done;
            }
            _ => panic!("{status}: {body}"),
        }
        assert!(clock.elapsed() < Duration::from_secs(120), "the analysis ends");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_draw_thrown_away_is_marked_where_a_solver_of_our_own_says_and_perfect_play_costs_nothing() {
    let server = Server::in_memory();
    let person = Client::player(&server);
    let made = person.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 0 }));
    let id = id_of(&made);
    // X throws the draw away at its first chance (a move after which the negamax says X loses), else plays on.
    let mut state = made;
    let mut thrown = Vec::new();
    let mut ply = 0;
    while state["status"] == "playing" {
        let mut board = cells(state["board"]["position"].as_str().expect("a position"));
        let before = value(&mut board, 'x');
        let legal: Vec<usize> = (0..9).filter(|&c| board[c] == ' ').collect();
        let losing = legal.iter().copied().find(|&c| {
            board[c] = 'x';
            let after = -value(&mut board, 'o');
            board[c] = ' ';
            after < before
        });
        let cell = if thrown.is_empty() { losing.unwrap_or(legal[0]) } else { legal[0] };
        board[cell] = 'x';
        let after = -value(&mut board, 'o');
        if after < before {
            thrown.push((ply + 1, name(cell), before - after));
        }
        state = person.act(&id, &json!({ "action": "move", "move": name(cell) }));
        ply += 2;
    }
    assert_eq!(thrown.len(), 1, "one draw thrown away: {thrown:?}");
    let report = analysed(&person, &format!("/api/games/{id}/analysis"));
    let marked: Vec<(u64, String)> = report["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| !m["mark"].is_null())
        .map(|m| (m["ply"].as_u64().expect("a ply"), m["played"].as_str().expect("a move").to_owned()))
        .collect();
    assert_eq!(marked, vec![(thrown[0].0 as u64, thrown[0].1.clone())], "{report}");
    let mark = report["moves"].as_array().expect("moves").iter().find(|m| !m["mark"].is_null()).expect("a mark");
    assert_eq!(mark["mark"], "mistake", "a draw let slip to a loss is half a result");
    assert_eq!(mark["loss"], json!(0.5));
    assert_eq!(report["seats"][1]["loss_total"], json!(0.0), "perfect play costs nothing");
    assert_eq!(report["seats"][0]["loss_total"], json!(0.5));
    // Kept: asked again, the same report at once.
    let (status, again) = person.get(&format!("/api/games/{id}/analysis"));
    assert_eq!((status, &again), (200, &report));
}

#[test]
fn the_whole_record_tells_its_seed_only_once_the_game_is_over() {
    let server = Server::in_memory();
    let person = Client::player(&server);
    let made = person.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 0 }));
    let id = id_of(&made);
    person.act(&id, &json!({ "action": "move", "move": "b2" }));
    let (status, record) = person.get(&format!("/api/games/{id}/record?format=json"));
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["format"], "hamle-record");
    assert_eq!(record["seed"], Value::Null, "the seed stays hidden during play");
    assert_eq!(record["seats"], json!(["person", "perfect"]));
    assert_eq!(record["actions"][0], json!({ "seat": 0, "action": "move", "move": "b2" }));
    // Not over: no analysis, and nothing is kept.
    let refused = person.get(&format!("/api/games/{id}/analysis"));
    assert_refused(&refused, 409, "not over");
    person.act(&id, &json!({ "action": "resign" }));
    let (_, record) = person.get(&format!("/api/games/{id}/record?format=json"));
    assert!(record["seed"].as_u64().is_some(), "{record}");
    let (status, body) = person.get(&format!("/api/games/{id}/record?format=yaml"));
    assert_eq!(status, 400, "{body}");
}

#[test]
fn each_refusal_is_a_documented_error() {
    let server = Server::in_memory();
    let person = Client::player(&server);
    let unknown = person.get("/api/games/0123456789abcdef0123456789abcdef/analysis");
    assert_refused(&unknown, 404, "no game");
    let queens = id_of(&person.create(&json!({ "kind": "queens" })));
    assert_refused(&person.get(&format!("/api/games/{queens}/analysis")), 400, "no analyst");
    let made = person.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 0 }));
    let id = id_of(&made);
    person.act(&id, &json!({ "action": "resign" }));
    assert_refused(&person.get(&format!("/api/games/{id}/analysis?effort=lots")), 400, "whole number");
    assert_refused(&person.get(&format!("/api/games/{id}/analysis?depth=3")), 400, "not 'depth'");
}

/// A finished chess game of `person` against a random mover: two moves, then resigning.
fn short_chess(person: &Client) -> String {
    let made = person.create(&json!({ "kind": "chess", "opponent": "random", "seat": 0 }));
    let id = id_of(&made);
    person.act(&id, &json!({ "action": "move", "move": "e4" }));
    person.act(&id, &json!({ "action": "move", "move": "Qh5" }));
    person.act(&id, &json!({ "action": "resign" }));
    id
}

#[test]
fn an_address_has_one_analysis_under_way_and_others_wait_their_turn() {
    let server = Server::in_memory();
    let person = Client::player(&server);
    let (first, second) = (short_chess(&person), short_chess(&person));
    // Each chess decision is a search of 250,000 nodes or two: the first analysis is still under way.
    let (status, body) = person.get(&format!("/api/games/{first}/analysis"));
    assert_eq!(status, 202, "{body}");
    let refused = person.get(&format!("/api/games/{second}/analysis"));
    assert_refused(&refused, 429, "a second analysis at once");
    assert!(refused.1["detail"].as_str().is_some_and(|d| d.contains("under way")), "{}", refused.1);
    // Once the first is done, the second starts.
    analysed(&person, &format!("/api/games/{first}/analysis"));
    let report = analysed(&person, &format!("/api/games/{second}/analysis"));
    assert!(report["moves"].as_array().is_some_and(|m| m.len() >= 3), "{report}");
    assert!(report["seats"][0]["accuracy"].as_f64().is_some(), "{report}");
}
