//! The store is the truth: a server stopped and opened again on the same file answers every game as it last
//! answered it (every answered action kept), for each game; a stored record whose chance was changed is refused
//! as damaged; games stored in the first format answer 410.

mod common;

use common::{Client, Server, TempDb, assert_refused, first_step, id_of};
use serde_json::{Value, json};

/// Plays `n` actions of the person's first legal choice (2048: every third asks the helper bot).
fn play(client: &Client, state: Value, n: usize) -> Value {
    let id = id_of(&state);
    let mut state = state;
    for i in 0..n {
        let action = match state["kind"].as_str() {
            Some("hapis") => first_step(&state).expect("the match goes on"),
            Some("2048") if i % 3 == 0 => json!({ "action": "bot" }),
            _ => json!({ "action": "move", "move": state["legal"][0] }),
        };
        state = client.act(&id, &action);
    }
    state
}

#[test]
fn every_game_keeps_every_answered_action_across_a_restart() {
    let db = TempDb::new("restart");
    let (token, friend_token, games) = {
        let server = Server::on_file(&db.path);
        let client = Client::player(&server);
        let hapis = play(&client, client.create(&json!({ "kind": "hapis", "opponent": "thesis", "length": 3 })), 12);
        let ttt = play(&client, client.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 1 })), 1);
        let g2048 = play(&client, client.create(&json!({ "kind": "2048", "helper": "expectimax(depth=1)" })), 30);
        let dom = client.create(&json!({
            "kind": "domineering", "params": { "rows": "6", "cols": "6" }, "opponent": "seed(depth=2)"
        }));
        let dom = play(&client, dom, 4);
        // A game between two people, mid-game: the seats and the used invite are kept too.
        let made = client.create(&json!({ "kind": "tictactoe", "opponent": "friend" }));
        let friend = Client::player(&server);
        friend.join(&id_of(&made), made["invite"]["code"].as_str().expect("an invite"));
        let friends = client.act(&id_of(&made), &json!({ "action": "move", "move": "b2" }));
        let friends = friend.act(&id_of(&friends), &json!({ "action": "move", "move": "a1" }));
        let games: Vec<(Value, String)> = [hapis, ttt, g2048, dom, friends]
            .into_iter()
            .map(|state| {
                let record = client.record(&id_of(&state));
                (state, record)
            })
            .collect();
        (client.token.clone(), friend.token.clone(), games)
    };
    for (state, _) in &games {
        assert!(state["log"].as_array().is_some_and(|l| l.len() >= 2), "{}: played", state["kind"]);
        assert_eq!(state["status"], "playing");
    }
    let server = Server::on_file(&db.path);
    let mut client = server.client();
    client.token = token;
    let mut friend = server.client();
    friend.token = friend_token;
    for (before, record) in &games {
        let id = id_of(before);
        let (status, now) = client.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{now}");
        let kind = before["kind"].clone();
        let friends = before["seats"][0]["who"] == "person" && before["seats"][1]["who"] == "person";
        // The friend's game was last answered to the friend, who sits at seat 1.
        let now = if friends { friend.state(&id) } else { now };
        assert_eq!(&now, before, "{kind}: the state after the restart is the one last answered");
        assert_eq!(&client.record(&id), record, "{kind}: the record too");
        // And play goes on from there (in the friends' game, the creator's X is to move).
        play(&client, now, 1);
    }
}

/// Changes the first stored chance string of game `id` in the SQLite file; the text before and after.
fn tamper(db: &std::path::Path, id: &str, change: impl Fn(&str) -> String) -> (String, String) {
    let store = rusqlite::Connection::open(db).expect("the store");
    let rows: Vec<(i64, String)> = {
        let mut query = store.prepare("SELECT seq, action FROM actions WHERE game = ?1 ORDER BY seq").expect("a query");
        query
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("the actions")
    };
    for (seq, text) in rows {
        let mut record: Value = serde_json::from_str(&text).expect("a stored record");
        let Some(chance) = record["chance"].get(0).and_then(Value::as_str).map(str::to_owned) else { continue };
        let changed = change(&chance);
        assert_ne!(changed, chance, "the tampering changes something");
        record["chance"][0] = json!(changed);
        let updated = store
            .execute(
                "UPDATE actions SET action = ?1 WHERE game = ?2 AND seq = ?3",
                rusqlite::params![record.to_string(), id, seq],
            )
            .expect("updated");
        assert_eq!(updated, 1);
        return (chance, changed);
    }
    panic!("game {id} stored no chance");
}

#[test]
fn a_stored_chance_changed_in_the_file_is_refused_as_damaged() {
    let db = TempDb::new("tamper");
    let (token, hapis, g2048) = {
        let server = Server::on_file(&db.path);
        let client = Client::player(&server);
        let hapis = play(&client, client.create(&json!({ "kind": "hapis", "opponent": "thesis" })), 6);
        let g2048 = play(&client, client.create(&json!({ "kind": "2048" })), 4);
        (client.token.clone(), hapis, g2048)
    };
    // Untouched, both read back as they were.
    {
        let server = Server::on_file(&db.path);
        let mut client = server.client();
        client.token.clone_from(&token);
        assert_eq!(client.state(&id_of(&hapis)), hapis);
        assert_eq!(client.state(&id_of(&g2048)), g2048);
    }
    // A die of the opening throw changed (`white 3, black 5` → `white 4, black 5`), a tile's value changed.
    let (was, now) = tamper(&db.path, &id_of(&hapis), |c| {
        let (head, tail) = c.split_at(6);
        let die: u8 = tail[..1].parse().expect("a die");
        format!("{head}{}{}", die % 6 + 1, &tail[1..])
    });
    assert!(was.starts_with("white "), "{was} → {now}");
    let (was, now) = tamper(&db.path, &id_of(&g2048), |c| {
        if c.starts_with("2 ") { c.replacen('2', "4", 1) } else { c.replacen('4', "2", 1) }
    });
    assert!(was.contains(" at row "), "{was} → {now}");
    let server = Server::on_file(&db.path);
    let mut client = server.client();
    client.token = token;
    for game in [&hapis, &g2048] {
        let id = id_of(game);
        let answer = client.get(&format!("/api/games/{id}"));
        assert_refused(&answer, 500, &format!("{}: a tampered chance", game["kind"]));
        assert_eq!(answer.1["error"], "damaged");
        assert!(answer.1["detail"].as_str().is_some_and(|d| d.contains("damaged")), "{}", answer.1);
        assert_refused(&client.try_act(&id, &json!({ "action": "resign" })), 500, "acting on a damaged game");
        assert_refused(&client.get(&format!("/api/games/{id}/record")), 500, "the record of a damaged game");
    }
}

#[test]
fn a_game_of_the_first_format_answers_410() {
    let db = TempDb::new("format1");
    let (token, id) = {
        let server = Server::on_file(&db.path);
        let client = Client::player(&server);
        let state = play(&client, client.create(&json!({ "kind": "tictactoe", "opponent": "random" })), 1);
        (client.token.clone(), id_of(&state))
    };
    let store = rusqlite::Connection::open(&db.path).expect("the store");
    assert_eq!(store.execute("UPDATE games SET format = 1 WHERE id = ?1", [&id]).expect("updated"), 1);
    drop(store);
    let server = Server::on_file(&db.path);
    let mut client = server.client();
    client.token = token;
    let answer = client.get(&format!("/api/games/{id}"));
    assert_refused(&answer, 410, "a first-format game");
    assert_eq!(answer.1["error"], "old_format");
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": "c3" })), 410, "acting on it");
    assert_refused(&client.get(&format!("/api/games/{id}/record")), 410, "its record");
    assert_refused(&client.get(&format!("/api/games/{id}/events")), 410, "its events");
    // It is still listed (kept, not replayed).
    assert_eq!(client.get("/api/games").1["games"][0]["id"], json!(id));
}
