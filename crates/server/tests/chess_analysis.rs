//! The engine's analysis through the hint (`GET /api/games/{id}/hint`): its best move with the line it expects,
//! each move legal in turn, its score's sign for the side to move, mates, the hint's refusals kept, and the
//! thinking done away from the game's lock (one hint at a time per game, reads answered meanwhile).

mod common;

use std::time::{Duration, Instant};

use common::{Client, Server, assert_refused, id_of};
use hamle_arena::{Action, Seat, Setup};
use hamle_core::Budget;
use serde_json::{Value, json};

/// A FEN written for a spec (`/` as `.`, spaces as `_`).
fn spec_fen(fen: &str) -> String {
    fen.replace('/', ".").replace(' ', "_")
}

/// A game against `engine(level=1)` from `fen`, the person in `seat`.
fn engine_game(client: &Client, fen: &str, seat: u8) -> Value {
    client.create(&json!({
        "kind": "chess", "params": { "fen": spec_fen(fen) }, "opponent": "engine(level=1)", "seat": seat
    }))
}

fn hint(client: &Client, id: &str) -> Value {
    let (status, body) = client.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 200, "{body}");
    body
}

/// The line as strings.
fn line(hint: &Value) -> Vec<String> {
    hint["line"]
        .as_array()
        .unwrap_or_else(|| panic!("a line in {hint}"))
        .iter()
        .map(|m| m.as_str().expect("a move").to_owned())
        .collect()
}

/// Plays `line` from `fen` through the play layer, both seats people, failing at the first move it refuses.
fn replay(fen: &str, line: &[String]) {
    let setup = Setup {
        game: format!("chess(fen={})", spec_fen(fen)).parse().expect("a spec"),
        seats: vec![Seat::Person, Seat::Person],
        helper: None,
        length: None,
    };
    let registry = hamle_arena::games::registry();
    let mut live = registry.game("chess").expect("chess").start(setup, 0, Budget::UNLIMITED).expect("a match");
    for mv in line {
        let seat = live.waiting_for().unwrap_or_else(|| panic!("someone is to play {mv} in {line:?}"));
        live.act(seat, Action::Move { mv: mv.clone() }).unwrap_or_else(|e| panic!("{mv} of {line:?}: {e}"));
    }
}

/// The start without Black's queen: White is a queen up.
const QUEEN_UP_WHITE_TO_MOVE: &str = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
const QUEEN_UP_BLACK_TO_MOVE: &str = "rnb1kbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3";

#[test]
fn the_hint_carries_the_engines_line_from_its_move_each_move_legal_in_turn() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = engine_game(&client, QUEEN_UP_WHITE_TO_MOVE, 0);
    let id = id_of(&game);
    let answer = hint(&client, &id);
    assert_eq!(answer["bot"], "engine", "the strongest bot analyses, whoever the opponent is: {answer}");
    let line = line(&answer);
    assert!(!line.is_empty(), "{answer}");
    assert_eq!(answer["moves"][0]["move"], line[0].as_str(), "the line starts with the hinted move");
    let legal: Vec<&Value> = game["board"]["moves"].as_array().expect("moves").iter().map(|m| &m["san"]).collect();
    assert!(legal.contains(&&json!(line[0])), "{} is legal here", line[0]);
    replay(QUEEN_UP_WHITE_TO_MOVE, &line);
    assert!(answer["depth"].as_u64().is_some_and(|d| d >= 1), "{answer}");
    assert!(answer["nodes"].as_u64().is_some_and(|n| n > 0), "{answer}");
    // The value is the mover's: White, a queen up, is ahead.
    let value = answer["moves"][0]["value"].as_f64().expect("a value in pawns");
    assert!(value > 3.0, "a queen up for the side to move: {value}");
    // The hint asked nothing of the game.
    assert_eq!(client.state(&id)["board"]["fen"], game["board"]["fen"]);
}

#[test]
fn the_value_is_the_movers_so_black_to_move_a_queen_down_is_behind() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = engine_game(&client, QUEEN_UP_BLACK_TO_MOVE, 1);
    assert_eq!(game["turn"], 1, "the person, Black, moves first here");
    let answer = hint(&client, &id_of(&game));
    let value = answer["moves"][0]["value"].as_f64().expect("a value in pawns");
    assert!(value < -3.0, "Black is a queen down: {value}");
    replay(QUEEN_UP_BLACK_TO_MOVE, &line(&answer));
}

#[test]
fn a_mate_in_one_is_valued_1000_and_its_line_ends_in_mate() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = engine_game(&client, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 0);
    let answer = hint(&client, &id_of(&game));
    assert_eq!(answer["moves"][0]["value"], 1000.0, "{answer}");
    assert_eq!(answer["line"], json!(["Ra8#"]));
}

#[test]
fn hints_are_refused_as_before_out_of_turn_to_watchers_and_after_the_end() {
    let server = Server::in_memory();
    let white = Client::player(&server);
    let black = Client::player(&server);
    let game = white.create(&json!({ "kind": "chess", "opponent": "friend" }));
    let id = id_of(&game);
    black.join(&id, game["invite"]["code"].as_str().expect("an invite"));
    let path = format!("/api/games/{id}/hint");
    assert_refused(&black.get(&path), 409, "not black's turn");
    assert_eq!(black.get(&path).1["detail"], "it is not your turn");
    assert_refused(&white.watcher().get(&path), 401, "no token");
    assert_refused(&Client::player(&server).get(&path), 403, "a stranger");
    assert!(!line(&hint(&white, &id)).is_empty(), "White's turn: a line");
    white.act(&id, &json!({ "action": "resign" }));
    assert_refused(&white.get(&path), 409, "after the end");
    assert_refused(&black.get(&path), 409, "after the end");
}

#[test]
fn a_hint_thinks_away_from_the_games_lock_one_at_a_time() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = engine_game(&client, QUEEN_UP_WHITE_TO_MOVE, 0);
    let id = id_of(&game);
    let asking = client.same();
    let path = format!("/api/games/{id}/hint");
    let first = std::thread::spawn(move || {
        let start = Instant::now();
        let answer = asking.get(&path);
        (answer, start.elapsed())
    });
    // The engine at full strength uses its whole second; well inside it the game is read at once, and a second
    // hint is refused rather than started beside the first.
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    assert_eq!(client.state(&id)["board"]["fen"], game["board"]["fen"]);
    let read = start.elapsed();
    let second = client.get(&format!("/api/games/{id}/hint"));
    let ((status, answer), took) = first.join().expect("the first hint");
    assert_eq!(status, 200, "{answer}");
    assert!(read < Duration::from_millis(250), "a read waited {read:?} for the hint");
    assert_refused(&second, 409, "a second hint at once");
    assert!(took < Duration::from_millis(1800), "the hint is bounded by its second: {took:?}");
    // Once given, the next is allowed again.
    assert_eq!(hint(&client, &id)["bot"], "engine");
}

#[test]
fn the_engine_at_full_strength_is_the_default_opponent_and_moves_within_the_servers_second() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let (_, catalog) = client.get("/api/catalog");
    let chess =
        catalog["games"].as_array().expect("games").iter().find(|g| g["name"] == "chess").expect("chess").clone();
    let engine = &chess["bots"][0];
    assert_eq!(engine["name"], "engine", "the strongest first");
    let level = engine["params"].as_array().expect("params").iter().find(|p| p["key"] == "level").expect("level");
    assert_eq!((&level["values"], &level["default"]), (&json!("1..=8"), &json!("8")));
    // With no opponent named, the engine (level 8) plays White and moves first, within the default budget.
    let start = Instant::now();
    let game = client.create(&json!({ "kind": "chess", "seat": 1 }));
    let took = start.elapsed();
    assert_eq!(game["seats"][0]["bot"], "engine");
    assert_eq!(game["board"]["san"].as_array().map(Vec::len), Some(1), "{}", game["board"]);
    assert!(took < Duration::from_millis(1600), "level 8 thinks about a second a move, not {took:?}");
}
