//! Games between two people: the creator gets an invite, a second token joins by it, both act in turn, and the
//! other person sees each action — by reading the game and pushed over its event stream — while watchers read
//! but cannot act. Tic-tac-toe, Domineering and Hapis (throws, whole plays and plays a step at a time).

mod common;

use std::time::Duration;

use common::{Client, Events, Server, assert_refused, id_of, public};
use serde_json::{Value, json};

/// How long a pushed update may take: generous, for a loaded machine.
const PUSH: Duration = Duration::from_secs(10);

/// A game between two people with a watcher (a player not seated) following its event stream.
struct Table {
    people: [Client; 2],
    watcher: Client,
    events: Events,
    id: String,
}

impl Table {
    /// The creator makes the game with an invite, the watcher starts following, and a second person joins.
    fn new(server: &Server, kind: &str, params: Value) -> (Table, Value) {
        let creator = Client::player(server);
        let made = creator.create(&json!({ "kind": kind, "params": params, "opponent": "friend" }));
        let id = id_of(&made);
        assert_eq!(made["you"], 0);
        assert_eq!(made["seats"][0]["who"], "person");
        assert_eq!(made["seats"][1]["who"], "open", "{}", made["seats"]);
        let code = made["invite"]["code"].as_str().expect("the creator gets an invite").to_owned();
        let link = made["invite"]["link"].as_str().expect("a link");
        assert!(link.contains(&id) && link.contains(&code), "{link}");
        assert!(made["invite"]["expires"].as_i64().is_some_and(|t| t > 0));
        let watcher = Client::player(server);
        let watched = watcher.state(&id);
        assert_eq!(watched["you"], Value::Null);
        assert_eq!(watched["invite"], Value::Null, "only the seated see the invite");
        let events = server.events(&id);
        let first = events.next(PUSH).expect("the first state comes at once");
        assert_eq!(public(&first), public(&made));
        let friend = Client::player(server);
        let joined = friend.join(&id, &code);
        assert_eq!(joined["you"], 1);
        assert_eq!(joined["seats"][1]["who"], "person");
        assert_eq!(joined["invite"], Value::Null);
        assert_eq!(creator.state(&id)["invite"], Value::Null, "the invite is used up");
        assert!(events.until(PUSH, |s| s["seats"][1]["who"] == "person").is_some(), "the join is pushed");
        // Both list the game as theirs.
        for person in [&creator, &friend] {
            assert_eq!(person.get("/api/games").1["games"][0]["id"], json!(id));
        }
        (Table { people: [creator, friend], watcher, events, id }, joined)
    }

    /// `seat` acts; the other person, the watcher and the event stream all see the new state, and nobody else
    /// could have acted instead.
    fn act(&self, seat: usize, action: &Value) -> Value {
        let other = 1 - seat;
        let before = self.people[other].state(&self.id);
        assert_refused(&self.watcher.try_act(&self.id, action), 403, "the watcher");
        if before["turn"] == json!(seat) {
            let wrong = self.people[other].try_act(&self.id, action);
            assert_refused(&wrong, 409, &format!("seat {other} in seat {seat}'s turn"));
        }
        assert_eq!(self.people[other].state(&self.id), before, "the refusals changed nothing");
        let answer = self.people[seat].act(&self.id, action);
        assert_eq!(answer["you"], json!(seat));
        let seen = self.people[other].state(&self.id);
        assert_eq!(seen["you"], json!(other));
        assert_eq!(public(&seen), public(&answer), "the other person reads the action");
        assert_eq!(public(&self.watcher.state(&self.id)), public(&answer), "the watcher reads it");
        let pushed = self.events.until(PUSH, |s| public(s) == public(&answer));
        assert!(pushed.is_some(), "the action is pushed: {action}");
        answer
    }
}

/// The seat whose turn it is.
fn mover(state: &Value) -> usize {
    usize::try_from(state["turn"].as_u64().expect("someone's turn")).expect("a seat")
}

#[test]
fn tictactoe_between_friends() {
    let server = Server::in_memory();
    let (table, mut state) = Table::new(&server, "tictactoe", json!({}));
    for (i, cell) in ["a1", "b1", "a2", "b2", "a3"].into_iter().enumerate() {
        assert_eq!(mover(&state), i % 2);
        state = table.act(i % 2, &json!({ "action": "move", "move": cell }));
        assert_eq!(state["history"].as_array().and_then(|h| h.last()), Some(&json!(cell)));
    }
    assert_eq!(state["status"], "over");
    assert_eq!(state["ending"]["points"], json!([1.0, 0.0]), "X made the a-file");
    assert!(state["fair"]["reveal"].is_string());
    assert_refused(
        &table.people[1].try_act(&table.id, &json!({ "action": "move", "move": "c3" })),
        409,
        "after the end",
    );
}

#[test]
fn domineering_between_friends() {
    let server = Server::in_memory();
    let (table, mut state) = Table::new(&server, "domineering", json!({ "rows": "3", "cols": "3" }));
    let mut moves = 0;
    while state["to_do"] == "move" {
        let seat = mover(&state);
        let mv = state["legal"][0].as_str().expect("a move").to_owned();
        state = table.act(seat, &json!({ "action": "move", "move": mv }));
        assert_eq!(state["history"].as_array().and_then(|h| h.last()), Some(&json!(mv)));
        moves += 1;
        assert!(moves <= 4, "a 3×3 board holds at most four dominoes");
    }
    assert_eq!(state["status"], "over");
    // The last to place wins: whoever placed the last domino.
    let last = state["log"].as_array().expect("a log").iter().rev().find_map(|l| l["seat"].as_u64()).expect("a move");
    let mut points = [0.0; 2];
    points[usize::try_from(last).expect("a seat")] = 1.0;
    assert_eq!(state["ending"]["points"], json!(points));
}

#[test]
fn hapis_between_friends_with_throws_whole_plays_and_steps() {
    let server = Server::in_memory();
    let (table, mut state) = Table::new(&server, "hapis", json!({}));
    let (mut throws, mut whole, mut stepped) = (0, 0, 0);
    let mut actions = 0;
    while (whole < 2 || stepped < 2) && state["status"] == "playing" {
        actions += 1;
        assert!(actions < 400, "two whole plays and two plays by steps come sooner");
        match state["to_do"].as_str() {
            Some("roll") => {
                // The opening throw is anyone's: the friend throws it; then each side throws its own dice.
                let seat = state["turn"].as_u64().map_or(1, |s| usize::try_from(s).expect("a seat"));
                let logged = state["log"].as_array().map_or(0, Vec::len);
                state = table.act(seat, &json!({ "action": "roll" }));
                let line = &state["log"][logged];
                let text = line["text"].as_str().unwrap_or_default();
                assert!(text.contains(" throws ") || text.starts_with("Throw for the start"), "{line}");
                throws += 1;
            }
            Some("move") => {
                let seat = mover(&state);
                if whole <= stepped {
                    let play = state["legal"][0].as_str().expect("a play").to_owned();
                    state = table.act(seat, &json!({ "action": "move", "move": play }));
                    assert!(state["log"].as_array().is_some_and(|l| {
                        l.iter().any(|l| l["text"].as_str().is_some_and(|t| t.ends_with(&format!(" plays {play}."))))
                    }));
                    whole += 1;
                } else {
                    let mut steps = 0;
                    while state["to_do"] == "move" && mover(&state) == seat {
                        let step = &state["steps"]["next"][0];
                        let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
                        let text = format!("{}/{to}", step["from"]);
                        state = table.act(seat, &json!({ "action": "step", "step": text }));
                        steps += 1;
                        if state["to_do"] == "move" && mover(&state) == seat {
                            assert_eq!(state["steps"]["entered"].as_array().map(Vec::len), Some(steps));
                        }
                    }
                    stepped += 1;
                }
            }
            Some("next") => state = table.act(0, &json!({ "action": "next" })),
            other => panic!("nothing to do: {other:?}"),
        }
    }
    assert!(throws >= 3 && whole >= 2 && stepped >= 2, "{throws} throws, {whole} whole plays, {stepped} by steps");
}
