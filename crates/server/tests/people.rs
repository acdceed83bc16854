//! People through the API: a display name unique whatever its case and shown on the seats, the games list with
//! results and links, a public profile of the games allowed, an identity moved by a one-time code, tokens revoked,
//! and each refusal with its documented status and code.

mod common;

use std::time::Duration;

use common::{Client, Server, assert_refused, id_of, scripted};
use hamle_server::{Limits, Rate, fair, store};
use serde_json::{Value, json};

/// Takes `name` for the client's player, expecting success; the answer (`GET /api/me`'s shape).
fn name(client: &Client, name: &str) -> Value {
    let (status, body) = client.put("/api/me/name", &json!({ "name": name }).to_string());
    assert_eq!(status, 200, "{name}: {body}");
    body
}

/// A tic-tac-toe game against `perfect`, resigned at once: over, the bot the winner.
fn lost_game(client: &Client) -> String {
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let over = client.act(&id, &json!({ "action": "resign" }));
    assert_eq!(over["status"], "over", "{over}");
    id
}

/// A transfer's code made by the client's player.
fn transfer_code(client: &Client) -> String {
    let (status, body) = client.post("/api/me/transfer", "");
    assert_eq!(status, 201, "{body}");
    body["code"].as_str().expect("a code").to_owned()
}

/// A client of the same server holding a new token claimed with `code`.
fn claimed(client: &Client, code: &str) -> Client {
    let mut other = client.watcher();
    let (status, body) = other.post("/api/me/claim", &json!({ "code": code }).to_string());
    assert_eq!(status, 201, "{body}");
    other.token = Some(body["token"].as_str().expect("a token").to_owned());
    other
}

#[test]
fn a_name_taken_is_409_for_anyone_else_also_in_other_capitals_and_shows_on_the_seats() {
    let server = Server::in_memory();
    let ada = Client::player(&server);
    let other = Client::player(&server);
    let me = name(&ada, "Ada");
    assert_eq!(me["name"], "Ada", "{me}");
    // The last two with a Cyrillic А (U+0410) or а (U+0430): the same name to the eye.
    for taken in ["Ada", "ada", "ADA", "aDa", "\u{410}da", "Ad\u{430}"] {
        let refused = other.put("/api/me/name", &json!({ "name": taken }).to_string());
        assert_refused(&refused, 409, taken);
        assert_eq!(refused.1["error"], "name_taken", "{taken}: {}", refused.1);
    }
    assert_eq!(other.get("/api/me").1["name"], Value::Null, "the refused name changed nothing");
    assert_eq!(name(&ada, "ADA")["name"], "ADA", "its owner may write it otherwise");
    let state = ada.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    assert_eq!(state["seats"][0]["name"], "ADA", "{}", state["seats"]);
    assert_eq!(state["seats"][1]["name"], Value::Null, "a bot's seat has no name");
    // Renamed, the new name shows on the game's seat; the old one is free for another.
    name(&ada, "Bea");
    assert_eq!(other.state(&id_of(&state))["seats"][0]["name"], "Bea");
    assert_eq!(name(&other, "ada")["name"], "ada");
}

#[test]
fn a_bad_name_is_400_saying_the_rule_and_changes_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for bad in ["Al", &"x".repeat(21), "9lives", "_ada", "ada lovelace", "ada!", ""] {
        let refused = client.put("/api/me/name", &json!({ "name": bad }).to_string());
        assert_refused(&refused, 400, bad);
        assert_eq!(refused.1["error"], "bad_request", "{bad}");
        let detail = refused.1["detail"].as_str().expect("a detail");
        assert!(detail.contains("3 to 20 characters") && detail.contains("starting with a letter"), "{detail}");
    }
    let too_long = client.put("/api/me/name", &json!({ "name": "x".repeat(21) }).to_string());
    assert!(too_long.1["detail"].as_str().expect("a detail").ends_with("this one has 21"), "{}", too_long.1);
    assert_refused(&client.put("/api/me/name", r#"{"name": "Ada", "colour": "red"}"#), 400, "an unknown field");
    assert_eq!(client.get("/api/me").1["name"], Value::Null);
    assert_eq!(name(&client, "Zoë_2")["name"], "Zoë_2", "letters of any alphabet, digits and '_'");
}

#[test]
fn me_gives_the_name_the_setting_the_tokens_and_the_games_counted() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let before = store::now();
    let me = client.get("/api/me").1;
    assert_eq!(me["name"], Value::Null);
    assert_eq!((me["list_games"].clone(), me["tokens"].clone()), (json!(false), json!(1)), "{me}");
    assert!(me["created"].as_i64().is_some_and(|t| (t - before).abs() <= 2), "{me}");
    lost_game(&client);
    client.create(&json!({ "kind": "2048" }));
    assert_eq!(client.get("/api/me").1["games"], json!({ "playing": 1, "over": 1 }));
    assert_refused(&server.client().get("/api/me"), 401, "no token");
}

#[test]
fn the_games_list_gives_each_games_result_opponent_and_links() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let friend = Client::player(&server);
    name(&friend, "Bea");
    let lost = lost_game(&client);
    let playing = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "friend" })));
    let invite = client.state(&playing)["invite"]["code"].as_str().expect("an invite").to_owned();
    friend.join(&playing, &invite);
    let alone = id_of(&client.create(&json!({ "kind": "2048" })));
    // Hapis has an analyst: once over, its analysis is linked and answers.
    let hapis = id_of(&client.create(&json!({ "kind": "hapis", "opponent": "thesis" })));
    let mut state = client.state(&hapis);
    while state["to_do"] == "roll" {
        state = client.act(&hapis, &json!({ "action": "roll" }));
    }
    assert_eq!(client.act(&hapis, &json!({ "action": "resign" }))["status"], "over");
    let games = client.get("/api/games").1["games"].as_array().expect("games").clone();
    let find = |id: &str| games.iter().find(|g| g["id"] == id).unwrap_or_else(|| panic!("{id} listed")).clone();
    let over = find(&lost);
    assert_eq!(over["status"], "over");
    assert_eq!(over["link"], format!("/tictactoe?game={lost}"));
    // A finished game links its analysis when its game has an analyst (the catalog says which do).
    let catalog = server.client().get("/api/catalog").1;
    let analysed = catalog["games"]
        .as_array()
        .expect("games")
        .iter()
        .any(|g| g["name"] == "tictactoe" && !g["analysis"].is_null());
    let expected = if analysed { json!(format!("/api/games/{lost}/analysis")) } else { Value::Null };
    assert_eq!(over["analysis"], expected, "{over}");
    assert_eq!(over["opponent"], json!({ "who": "bot", "bot": "perfect", "name": null }));
    assert_eq!(over["result"]["points"], json!([0.0, 1.0]), "{over}");
    assert!(over["result"]["text"].as_str().is_some_and(|t| !t.is_empty()), "{over}");
    assert_eq!((over["seat"].clone(), over["outcome"].clone()), (json!(0), json!("lost")));
    let with_friend = find(&playing);
    assert_eq!(with_friend["opponent"], json!({ "who": "person", "bot": null, "name": "Bea" }));
    assert_eq!((with_friend["analysis"].clone(), with_friend["result"].clone()), (Value::Null, Value::Null));
    assert_eq!(find(&alone)["opponent"], Value::Null, "a game played alone has no opponent");
    let analysis = find(&hapis)["analysis"].as_str().expect("an analysed game's link").to_owned();
    assert_eq!(analysis, format!("/api/games/{hapis}/analysis"));
    let (status, _) = client.get(&analysis);
    assert!(status == 200 || status == 202, "the link is the analysis's route: {status}");
    // The friend's list sees the same game from the other seat.
    let theirs = friend.get("/api/games").1["games"][0].clone();
    assert_eq!((theirs["id"].as_str(), theirs["seat"].clone()), (Some(playing.as_str()), json!(1)));
    assert_eq!(theirs["opponent"]["who"], "person");
}

#[test]
fn a_profile_of_an_unknown_name_is_404() {
    let server = Server::in_memory();
    let refused = server.client().get("/api/people/nobody");
    assert_refused(&refused, 404, "an unknown name");
    assert_eq!(refused.1["error"], "not_found");
}

#[test]
fn a_profile_lists_only_finished_games_and_only_once_its_person_allows_it() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    name(&client, "Ada");
    let finished = lost_game(&client);
    client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    let watcher = server.client();
    let closed = watcher.get("/api/people/ada").1;
    assert_eq!((closed["name"].clone(), closed["listed"].clone()), (json!("Ada"), json!(false)), "{closed}");
    assert_eq!(closed["games"], json!([]), "nothing is listed by default");
    let (status, me) = client.put("/api/me/listing", r#"{"list": true}"#);
    assert_eq!((status, me["list_games"].clone()), (200, json!(true)), "{me}");
    let open = watcher.get("/api/people/ADA").1;
    let ids: Vec<&str> = open["games"].as_array().expect("games").iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids, [finished.as_str()], "the finished game alone: {open}");
    assert_eq!(open["games"][0]["outcome"], "lost");
    client.put("/api/me/listing", r#"{"list": false}"#);
    assert_eq!(watcher.get("/api/people/Ada").1["games"], json!([]), "listing can be taken back");
}

#[test]
fn a_claimed_token_acts_as_the_same_player_and_a_revoked_one_is_403_on_later_requests() {
    let server = Server::in_memory();
    let first = Client::player(&server);
    let id = id_of(&first.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let (status, transfer) = first.post("/api/me/transfer", "");
    assert_eq!(status, 201, "{transfer}");
    let code = transfer["code"].as_str().expect("a code");
    assert_eq!(transfer["link"], format!("/me?claim={code}"));
    let expires = transfer["expires"].as_i64().expect("a time");
    assert!((expires - store::now() - 600).abs() <= 2, "ten minutes: {transfer}");
    let second = claimed(&first, code);
    assert_ne!(second.token, first.token);
    assert_eq!(second.state(&id)["you"], 0, "the new token sits where the first does");
    assert_eq!(second.get("/api/games").1["games"][0]["id"], id.as_str());
    assert_eq!(second.get("/api/me").1["tokens"], 2);
    let (status, revoked) = first.delete("/api/me/tokens/current");
    assert_eq!((status, revoked), (200, json!({ "revoked": 1 })));
    for refused in [
        first.get("/api/games"),
        first.get("/api/me"),
        first.try_act(&id, &json!({ "action": "move", "move": "b2" })),
        first.post("/api/me/transfer", ""),
    ] {
        assert_refused(&refused, 403, "a revoked token");
        assert_eq!(
            refused.1["detail"],
            "this token was revoked: use a browser where you still play, or a transfer link made there"
        );
    }
    assert_eq!(first.state(&id)["you"], Value::Null, "a revoked token reads as a watcher");
    second.act(&id, &json!({ "action": "move", "move": "b2" }));
    assert_eq!(second.get("/api/me").1["tokens"], 1);
}

#[test]
fn revoking_the_others_leaves_the_token_used_alone_and_drops_the_links_not_used() {
    let server = Server::in_memory();
    let first = Client::player(&server);
    let second = claimed(&first, &transfer_code(&first));
    let third = claimed(&first, &transfer_code(&first));
    let pending = transfer_code(&first);
    let (status, revoked) = second.post("/api/me/tokens/revoke-others", "");
    assert_eq!((status, revoked), (200, json!({ "revoked": 2 })));
    assert_refused(&first.get("/api/me"), 403, "the first token");
    assert_refused(&third.get("/api/me"), 403, "the third token");
    assert_eq!(second.get("/api/me").1["tokens"], 1);
    let refused = server.client().post("/api/me/claim", &json!({ "code": pending }).to_string());
    assert_refused(&refused, 404, "a link made before, not used");
}

#[test]
fn a_claim_code_used_twice_is_404_unknown_claim_the_second_time() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let code = transfer_code(&client);
    claimed(&client, &code);
    let again = server.client().post("/api/me/claim", &json!({ "code": code }).to_string());
    assert_refused(&again, 404, "a code used");
    assert_eq!(again.1["error"], "unknown_claim");
    let never = server.client().post("/api/me/claim", &json!({ "code": "0".repeat(48) }).to_string());
    assert_eq!((never.0, never.1["error"].clone()), (404, json!("unknown_claim")));
    assert_refused(&server.client().post("/api/me/claim", r#"{"code": 7}"#), 400, "a code that is not a string");
}

#[test]
fn an_expired_claim_code_is_410_expired_claim_and_gives_no_token() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    // A code whose ten minutes ended a second ago, put in the store as the transfer would have.
    let player = fair::sha256_hex(client.token.as_deref().expect("a token"));
    let code = "expired".repeat(4);
    server.app.store().add_transfer(&player, &fair::sha256_hex(&code), store::now() - 1).expect("a code");
    let refused = server.client().post("/api/me/claim", &json!({ "code": code }).to_string());
    assert_refused(&refused, 410, "an expired code");
    assert_eq!(refused.1["error"], "expired_claim");
    assert_eq!(client.get("/api/me").1["tokens"], 1, "no token was added");
}

#[test]
fn claims_and_name_changes_past_the_rate_limit_of_an_address_are_429() {
    let slow = Rate { burst: 3, every: Duration::from_secs(60) };
    let server = Server::in_memory_with(Limits { people: slow, ..scripted() });
    let client = Client::player(&server);
    let guess = |n: usize| json!({ "code": format!("{n:048x}") }).to_string();
    assert_eq!(server.client().post("/api/me/claim", &guess(1)).0, 404);
    assert_eq!(client.put("/api/me/name", r#"{"name": "Ada"}"#).0, 200);
    assert_eq!(client.post("/api/me/transfer", "").0, 201);
    let refused = server.client().post_full("/api/me/claim", &guess(2));
    assert_eq!((refused.status, refused.body["error"].clone()), (429, json!("too_many")), "{}", refused.body);
    assert!(refused.header("retry-after").is_some(), "Retry-After says when");
    assert_eq!(client.put("/api/me/name", r#"{"name": "Bea"}"#).0, 429, "names share the limit");
}

#[test]
fn a_change_without_a_token_is_401_whatever_its_body() {
    let server = Server::in_memory();
    let anonymous = server.client();
    for (path, body) in [("/api/me/name", r#"{"name": ""}"#), ("/api/me/name", "not json"), ("/api/me/listing", "{}")] {
        let (status, answer) = anonymous.put(path, body);
        assert_eq!((status, answer["error"].as_str()), (401, Some("unauthorized")), "{path} {body}: {answer}");
    }
}
