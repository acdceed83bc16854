//! 2048 on the server: moves and the helper bot's moves through the API, each checked against the game's own
//! reported board (so nothing depends on the seed the server drew), refusals that change nothing, and the game
//! replayed from its own records through the play layer (a tampered tile refused).

mod common;

use common::{Client, Server, TempDb, assert_refused, id_of};
use hamle_2048::{Board, Direction};
use hamle_arena::{Action, Live, Record, Seat, Setup, Spec};
use hamle_core::Budget;
use serde_json::{Value, json};

fn new_game(client: &Client, helper: &str) -> Value {
    client.create(&json!({ "kind": "2048", "helper": helper }))
}

fn first_legal(state: &Value) -> Option<String> {
    state["legal"].as_array()?.first()?.as_str().map(str::to_owned)
}

/// The board a state reports, as the game's own board type.
fn board(state: &Value) -> Board {
    let mut rows = [[0u8; 4]; 4];
    for (r, row) in state["board"]["board"].as_array().expect("rows").iter().enumerate() {
        for (c, tile) in row.as_array().expect("a row").iter().enumerate() {
            let value = tile.as_u64().expect("a tile");
            rows[r][c] = if value == 0 { 0 } else { u8::try_from(value.trailing_zeros()).expect("an exponent") };
        }
    }
    Board::from_exponents(rows)
}

/// The moves that change this board, worked out here from the board alone.
fn changing(board: Board) -> Vec<&'static str> {
    Direction::ALL.into_iter().filter(|&d| board.can_move(d)).map(Direction::name).collect()
}

fn direction(name: &str) -> Direction {
    Direction::ALL.into_iter().find(|d| d.name() == name).expect("a direction")
}

/// Checks one answered move against the board before it: the board after is the slide plus one new tile, a 2
/// or a 4, on a cell the slide left empty; the legal moves are those that change the new board.
fn check_move(before: &Value, mv: &str, after: &Value) {
    let slid = board(before).shifted(direction(mv));
    let now = board(after);
    let changed: Vec<usize> = (0..16).filter(|&i| slid.cell(i) != now.cell(i)).collect();
    assert_eq!(changed.len(), 1, "one new tile after {mv}: {:?} then {:?}", slid, now);
    assert_eq!(slid.cell(changed[0]), 0, "the new tile is on an empty cell");
    assert!(matches!(now.cell(changed[0]), 1 | 2), "a 2 or a 4, not {}", 1u32 << now.cell(changed[0]));
    let legal: Vec<&str> = after["legal"].as_array().expect("legal").iter().filter_map(Value::as_str).collect();
    if after["to_do"] == "move" {
        assert_eq!(legal, changing(now), "the legal moves are those that change the board");
    }
}

#[test]
fn moves_and_bot_moves_play_a_game_through_the_api() {
    let db = TempDb::new("2048-moves");
    let server = Server::on_file(&db.path);
    let client = Client::player(&server);
    let game = new_game(&client, "expectimax(depth=1)");
    let id = id_of(&game);
    assert_eq!(game["helper"], "expectimax(depth=1)");
    assert_eq!(board(&game).empty_count(), 14, "a game starts with two tiles");
    let legal: Vec<&str> = game["legal"].as_array().expect("legal").iter().filter_map(Value::as_str).collect();
    assert_eq!(legal, changing(board(&game)));
    let mv = first_legal(&game).expect("a move");
    let after = client.act(&id, &json!({ "action": "move", "move": mv }));
    assert_eq!(after["board"]["moves"], 1);
    check_move(&game, &mv, &after);
    let by_bot = client.act(&id, &json!({ "action": "bot" }));
    assert_eq!(by_bot["board"]["moves"], 2);
    let chosen = by_bot["history"][1].as_str().expect("the bot's move, stored as a move");
    check_move(&after, chosen, &by_bot);
    let (status, hint) = client.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 200, "{hint}");
    let hinted: Vec<&str> =
        hint["moves"].as_array().expect("moves").iter().filter_map(|m| m["move"].as_str()).collect();
    let legal: Vec<&str> = by_bot["legal"].as_array().expect("legal").iter().filter_map(Value::as_str).collect();
    assert!(!hinted.is_empty() && hinted.iter().all(|m| legal.contains(m)), "{hinted:?} among {legal:?}");
    let mut state = by_bot;
    let mut bots = 1;
    let mut moves = 2;
    while state["to_do"] == "move" {
        let before = state.clone();
        if moves % 10 == 0 {
            state = client.act(&id, &json!({ "action": "bot" }));
            bots += 1;
        } else {
            let mv = first_legal(&state).expect("a move");
            state = client.act(&id, &json!({ "action": "move", "move": mv }));
        }
        moves += 1;
        let mv = state["history"].as_array().and_then(|h| h.last()).and_then(Value::as_str).expect("the move");
        check_move(&before, mv, &state);
        assert_eq!(state["board"]["moves"], moves);
        assert!(moves < 5000, "a game of first legal moves ends");
    }
    assert_eq!(state["status"], "over");
    assert_eq!(state["legal"], json!([]));
    assert_eq!(changing(board(&state)), Vec::<&str>::new(), "the game ends when no move changes the board");
    assert!(state["ending"]["text"].as_str().is_some_and(|t| t.starts_with("Game over: score")), "{}", state["ending"]);
    assert!(client.record(&id).contains("[Game \"2048\"]"));
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": "left" })), 409, "no move after the end");
    assert_refused(&client.try_act(&id, &json!({ "action": "bot" })), 409, "no bot move after the end");
    // The store marks the moves the bot chose, and holds a tile with every move.
    drop(server);
    let store = rusqlite::Connection::open(&db.path).expect("the store");
    let mut query = store.prepare("SELECT action FROM actions WHERE game = ?1 ORDER BY seq").expect("a query");
    let records: Vec<Record> = query
        .query_map([&id], |r| r.get::<_, String>(0))
        .expect("rows")
        .map(|text| serde_json::from_str(&text.expect("a row")).expect("a record"))
        .collect();
    assert_eq!(records.len(), moves);
    assert_eq!(records.iter().filter(|r| r.bot).count(), bots);
    assert!(records.iter().all(|r| r.chance.len() == 1), "one new tile a move");
}

/// The mended claim: a move that changes nothing is refused. Moves are played until the board the game reports
/// has such a move (always before the end), checked from the board itself, never skipped.
#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let mut state = new_game(&client, "seed");
    let id = id_of(&state);
    for (body, want) in [
        (r#"{"action":"move","move":"sideways"}"#, 400),
        (r#"{"action":"move"}"#, 400),
        (r#"{"action":"fly"}"#, 400),
        (r#"{"action":"roll"}"#, 409),
        (r#"{"action":"step","step":"left"}"#, 400),
        (r#"not json"#, 400),
    ] {
        assert_refused(&client.post(&format!("/api/games/{id}/actions"), body), want, body);
    }
    assert_eq!(client.state(&id), state);
    let stuck = loop {
        let legal = changing(board(&state));
        if let Some(stuck) = Direction::ALL.into_iter().map(Direction::name).find(|d| !legal.contains(d)) {
            break stuck;
        }
        assert_eq!(state["to_do"], "move", "a board with a move that changes nothing comes before the end");
        state = client.act(&id, &json!({ "action": "move", "move": first_legal(&state).expect("a move") }));
    };
    assert_eq!(state["to_do"], "move");
    let answer = client.try_act(&id, &json!({ "action": "move", "move": stuck }));
    assert_refused(&answer, 409, stuck);
    assert!(answer.1["detail"].as_str().is_some_and(|d| d.contains(stuck)), "{}", answer.1);
    assert_eq!(client.state(&id), state);
}

/// The n-tuple network as the helper: its move is the shipped network's own choice for the board (worked out
/// here through the crate), and a weights file named in a request is refused unread.
#[test]
fn the_network_helper_moves_as_the_shipped_network_and_files_are_refused() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = new_game(&client, "ntuple");
    let id = id_of(&game);
    let expected = hamle_2048::bots::Network::shipped().best_move(board(&game)).map(|(d, _)| d.name());
    let by_bot = client.act(&id, &json!({ "action": "bot" }));
    let chosen = by_bot["history"][0].as_str();
    assert_eq!(chosen, expected, "the bot's move is the network's best");
    check_move(&game, chosen.expect("a move"), &by_bot);
    let searched = new_game(&client, "expectimax(eval=ntuple,depth=1)");
    assert_eq!(searched["helper"], "expectimax(depth=1,eval=ntuple)");
    for helper in ["ntuple(weights=/etc/passwd)", "expectimax(eval=ntuple,weights=/etc/passwd)"] {
        let answer = client.post("/api/games", &json!({ "kind": "2048", "helper": helper }).to_string());
        assert_refused(&answer, 400, helper);
        assert!(answer.1["detail"].as_str().is_some_and(|d| d.contains("not allowed on this server")), "{}", answer.1);
    }
}

fn setup() -> Setup {
    Setup {
        game: Spec::named("2048"),
        seats: vec![Seat::Person],
        helper: Some("expectimax(depth=1)".parse().expect("a spec")),
        length: None,
    }
}

fn start(seed: u64) -> Box<dyn Live> {
    let kind = hamle_arena::games::registry().game("2048").expect("2048");
    kind.start(setup(), seed, Budget::UNLIMITED).expect("a match")
}

/// The game replayed from its own records, with a seed of the test's choosing: the same state, and a tile the
/// seed does not give is refused.
#[test]
fn a_game_replays_from_its_records_and_refuses_a_tampered_tile() {
    let mut live = start(7);
    let mut stored = Vec::new();
    for i in 0..40 {
        let action =
            if i % 2 == 0 { Action::Bot } else { Action::Move { mv: first_legal(&live.view()).expect("a move") } };
        stored.push(live.act(0, action).expect("a legal action"));
    }
    let mut replayed = start(7);
    for record in &stored {
        replayed.replay(record).expect("a stored action replays");
    }
    assert_eq!(replayed.view(), live.view());
    assert_eq!(replayed.version(), 40);
    let mut tampered = stored[0].clone();
    let tile = tampered.chance[0].clone();
    tampered.chance[0] = if tile.starts_with('2') { tile.replacen('2', "4", 1) } else { tile.replacen('4', "2", 1) };
    assert_ne!(tampered.chance[0], tile);
    assert!(start(7).replay(&tampered).is_err(), "{tile} changed to {}", tampered.chance[0]);
    // And the same records under another seed do not replay (its tiles differ somewhere in 40 moves).
    let mut other = start(8);
    assert!(stored.iter().any(|r| other.replay(r).is_err()), "another seed's tiles");
}
