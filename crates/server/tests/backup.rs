//! Backups as an operator makes them: real games played through the API on SQLite (bots, dice, a friend's
//! seat), written out, read into PostgreSQL, and served from there: every game replays to the same state and
//! record, and goes on from where it was.

mod common;

use common::{Client, Server, TempDb, id_of, pg, public};
use hamle_server::App;
use hamle_server::store;
use serde_json::{Value, json};

/// Plays a few games of different kinds on `server`: their ids.
fn play(server: &Server) -> Vec<String> {
    let owner = Client::player(server);
    let friend = Client::player(server);
    let mut ids = Vec::new();
    let hapis = owner.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 3 }));
    let id = id_of(&hapis);
    let mut state = hapis;
    for _ in 0..6 {
        let Some(step) = common::first_step(&state) else { break };
        state = owner.act(&id, &step);
    }
    ids.push(id);
    let chess = owner.create(&json!({ "kind": "chess", "opponent": "random" }));
    owner.act(&id_of(&chess), &json!({ "action": "move", "move": "e4" }));
    ids.push(id_of(&chess));
    let duel = owner.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
    let id = id_of(&duel);
    friend.join(&id, duel["invite"]["code"].as_str().expect("an invite"));
    owner.act(&id, &json!({ "action": "move", "move": "b2" }));
    ids.push(id);
    let alone = friend.create(&json!({ "kind": "2048" }));
    friend.act(&id_of(&alone), &json!({ "action": "bot" }));
    ids.push(id_of(&alone));
    ids
}

fn record(server: &Server, id: &str) -> String {
    Client::at(server.addr).record(id)
}

fn state(server: &Server, id: &str) -> Value {
    public(&Client::at(server.addr).state(id))
}

#[test]
fn a_backup_of_sqlite_read_into_postgres_replays_every_game_identically_and_play_goes_on() {
    let file = TempDb::new("backup-source");
    let source = Server::on_file(&file.path);
    let ids = play(&source);
    let before: Vec<(Value, String)> = ids.iter().map(|id| (state(&source, id), record(&source, id))).collect();
    let backup = file.path.with_extension("jsonl");
    let written = {
        let app: &App = &source.app;
        store::export(app.store(), &mut std::fs::File::create(&backup).expect("a file")).expect("exported")
    };
    assert_eq!((written.players, written.games), (2, 4));
    let url = pg::database("backup");
    let target = App::connect(&url, common::scripted()).expect("postgres");
    assert_eq!(store::import(target.store(), &backup).expect("imported"), written);
    let target = Server::start(target);
    for (id, (state_before, record_before)) in ids.iter().zip(&before) {
        assert_eq!(&state(&target, id), state_before, "game {id} replays to the same state");
        assert_eq!(&record(&target, id), record_before, "game {id} has the same record");
    }
    // And back again: the second backup is the first, byte for byte.
    let again = file.path.with_extension("again.jsonl");
    store::export(target.app.store(), &mut std::fs::File::create(&again).expect("a file")).expect("exported");
    assert_eq!(std::fs::read_to_string(&again).expect("read"), std::fs::read_to_string(&backup).expect("read"));
    // Play goes on from where it was, on the new store.
    let newcomer = Client::player(&target);
    let game = newcomer.create(&json!({ "kind": "tictactoe", "opponent": "random" }));
    let moved = newcomer.act(&id_of(&game), &json!({ "action": "move", "move": "a1" }));
    assert_eq!(moved["history"].as_array().map(Vec::len), Some(2), "the move and the bot's reply: {moved}");
    assert!(!target.app.store().is_empty().expect("read"));
}
