//! Ratings through the API: a rated game between two people moves both ratings by Glicko-2, one against a rated
//! bot moves the person's alone, the change shows in the game's state, on the person's own page and profile, and
//! on the pool's leaderboard once the rating is sure; each refusal with its documented status and code.

mod common;

use common::{Client, Server, TempDb, assert_refused, id_of};
use serde_json::{Value, json};

/// A rated tic-tac-toe game of `a` (seat 0) against `b`, who joins by the invite; its id.
fn rated_friend_game(a: &Client, b: &Client) -> String {
    let made = a.create(&json!({ "kind": "tictactoe", "opponent": "friend", "rated": true }));
    let id = id_of(&made);
    let invite = made["invite"]["code"].as_str().expect("an invite");
    b.join(&id, invite);
    id
}

/// Takes `name` for the client's player.
fn name(client: &Client, name: &str) {
    let (status, body) = client.put("/api/me/name", &json!({ "name": name }).to_string());
    assert_eq!(status, 200, "{body}");
}

/// The fixed rating the catalog gives `bot` in `pool`.
fn catalog_rating(client: &Client, game: &str, pool: &str, bot: &str) -> f64 {
    let (status, catalog) = client.get("/api/catalog");
    assert_eq!(status, 200);
    let game = catalog["games"].as_array().expect("games").iter().find(|g| g["name"] == game).expect("the game");
    let pool = game["ratings"].as_array().expect("pools").iter().find(|p| p["pool"] == pool).expect("the pool");
    let bot = pool["bots"].as_array().expect("bots").iter().find(|b| b["bot"] == bot).expect("the bot");
    bot["rating"].as_f64().expect("a rating")
}

/// Worked by hand from Glickman's formulas (glicko.net/glicko/glicko2.pdf, steps 1-8, τ = 0.5): two players new
/// at 1500 with deviation 350 (φ = 2.0148 on Glicko-2's scale, g(φ) = 0.6691, E = ½, v = 8.935, the volatility
/// staying at 0.06 to four places) play one game. The winner's φ' = 1 / √(1/(φ² + σ²) + 1/v) = 1.6712 (290.3),
/// μ' = φ'² · g · ½ = 0.9344, so 1500 + 173.7178 · 0.9344 = 1662.3; the loser mirrors it at 1337.7.
#[test]
fn a_rated_game_between_two_new_people_moves_both_by_glicko2_as_worked_by_hand() {
    let server = Server::in_memory();
    let (ada, bob) = (Client::player(&server), Client::player(&server));
    let id = rated_friend_game(&ada, &bob);
    let playing = ada.state(&id);
    assert_eq!(playing["rated"]["pool"], "tictactoe", "{}", playing["rated"]);
    for seat in 0..2 {
        let standing = &playing["rated"]["seats"][seat]["standing"];
        assert_eq!(standing["rating"], 1500.0, "{standing}");
        assert_eq!(standing["provisional"], true, "{standing}");
    }
    assert_eq!(playing["rated"]["changes"], json!([]), "not over yet");
    let over = ada.act(&id, &json!({ "action": "resign" }));
    assert_eq!(over["status"], "over");
    let changes = over["rated"]["changes"].as_array().expect("changes").clone();
    assert_eq!(changes.len(), 2, "{changes:?}");
    let (lost, won) = (&changes[0], &changes[1]);
    assert_eq!((lost["seat"].as_u64(), won["seat"].as_u64()), (Some(0), Some(1)));
    assert_eq!(won["after"]["rating"], 1662.0, "{won}");
    assert_eq!(won["after"]["deviation"], 290.0, "{won}");
    assert_eq!(won["change"], 162.0, "{won}");
    assert_eq!(lost["after"]["rating"], 1338.0, "{lost}");
    assert_eq!(lost["change"], -162.0, "{lost}");
    assert_eq!(won["after"]["games"], 1);
    // The seats still show the ratings the game was played at; the people's pages the new ones.
    assert_eq!(over["rated"]["seats"][1]["standing"]["rating"], 1500.0);
    let (_, me) = bob.get("/api/me");
    assert_eq!(me["ratings"][0]["pool"], "tictactoe", "{me}");
    assert_eq!(me["ratings"][0]["rating"], 1662.0, "{me}");
    assert_eq!(me["history"][0]["game"], json!(id), "{me}");
    assert_eq!(me["history"][0]["change"], 162.0, "{me}");
    // Read again (another reader, the state as stored): rated once, the same changes.
    assert_eq!(bob.state(&id)["rated"]["changes"], json!(changes));
    // A second rated game starts from where the first left them: its seats show it (Bob at seat 0 now), and so do
    // its changes once over.
    let next = rated_friend_game(&bob, &ada);
    let going_in = bob.state(&next);
    assert_eq!(going_in["rated"]["seats"][0]["standing"]["rating"], 1662.0, "{}", going_in["rated"]);
    assert_eq!(going_in["rated"]["seats"][1]["standing"]["rating"], 1338.0, "{}", going_in["rated"]);
    let again = bob.act(&next, &json!({ "action": "resign" }));
    let bob_now = again["rated"]["changes"].as_array().expect("changes").iter().find(|c| c["seat"] == 0).cloned();
    assert_eq!(bob_now.expect("bob's")["before"]["rating"], 1662.0);
    assert_eq!(again["rated"]["seats"][0]["standing"]["rating"], 1662.0, "each seat its own rating going in");
    assert_eq!(again["rated"]["seats"][1]["standing"]["rating"], 1338.0, "each seat its own rating going in");
}

#[test]
fn against_a_rated_bot_only_the_person_moves_and_the_bot_keeps_its_fixed_rating() {
    let server = Server::in_memory();
    let ada = Client::player(&server);
    let fixed = catalog_rating(&ada, "tictactoe", "tictactoe", "perfect");
    let made = ada.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 0, "rated": true }));
    let id = id_of(&made);
    assert_eq!(made["rated"]["seats"][1]["bot"], true);
    assert_eq!(made["rated"]["seats"][1]["standing"]["rating"], fixed.round());
    let over = ada.act(&id, &json!({ "action": "resign" }));
    let changes = over["rated"]["changes"].as_array().expect("changes");
    assert_eq!(changes.len(), 1, "the bot is not rated: {changes:?}");
    assert_eq!(changes[0]["seat"], 0);
    assert!(changes[0]["change"].as_f64().expect("a change") < 0.0, "a loss lowers: {}", changes[0]);
    // Glicko-2 trusts a result against a sure rating more: against the bot (deviation 30) a new player's loss
    // costs more, and makes their rating surer, than against another new player (-162 and 290 above).
    assert!(changes[0]["change"].as_f64().expect("a change") < -162.0, "{}", changes[0]);
    assert!(changes[0]["after"]["deviation"].as_f64().expect("a deviation") < 290.0, "{}", changes[0]);
    assert_eq!(catalog_rating(&ada, "tictactoe", "tictactoe", "perfect"), fixed, "the bot's rating never moves");
    // An unrated game changes nothing.
    let casual = id_of(&ada.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let over = ada.act(&casual, &json!({ "action": "resign" }));
    assert_eq!(over["rated"], Value::Null);
    let (_, me) = ada.get("/api/me");
    assert_eq!(me["ratings"][0]["games"], 1, "{me}");
    assert_eq!(me["history"].as_array().map(Vec::len), Some(1), "{me}");
}

#[test]
fn a_bot_at_its_default_parameters_is_the_bot_rated_and_a_board_of_its_own_is_its_own_pool() {
    let server = Server::in_memory();
    let ada = Client::player(&server);
    // The page sends every parameter: the pool and the bot are named without those at their default.
    let made = ada.create(&json!({
        "kind": "domineering", "params": { "rows": "6", "cols": "6", "first": "vertical" },
        "opponent": "seed(depth=2)", "rated": true,
    }));
    assert_eq!(made["rated"]["pool"], "domineering(cols=6,rows=6)", "{}", made["rated"]);
    let fixed = catalog_rating(&ada, "domineering", "domineering(cols=6,rows=6)", "seed");
    assert_eq!(made["rated"]["seats"][1]["standing"]["rating"], fixed.round());
}

#[test]
fn rated_games_refuse_what_would_help_and_what_cannot_be_rated_with_documented_errors() {
    let server = Server::in_memory();
    let ada = Client::player(&server);
    let refused =
        ada.post("/api/games", &json!({ "kind": "tictactoe", "opponent": "blog", "rated": true }).to_string());
    assert_refused(&refused, 400, "an unrated bot");
    assert!(
        refused.1["detail"].as_str().is_some_and(|d| d.contains("blog has no rating in tictactoe")),
        "{}",
        refused.1
    );
    let refused = ada.post("/api/games", &json!({ "kind": "2048", "rated": true }).to_string());
    assert_refused(&refused, 400, "a game played alone");
    let board = json!({ "kind": "domineering", "params": { "rows": "5" }, "opponent": "solver", "rated": true });
    let refused = ada.post("/api/games", &board.to_string());
    assert_refused(&refused, 400, "a pool whose bots are not rated");
    assert!(refused.1["detail"].as_str().is_some_and(|d| d.contains("domineering(rows=5)")), "{}", refused.1);
    assert_eq!(ada.get("/api/games").1["games"], json!([]), "nothing was made");
    // In play, a rated game gives no hint and no take-back.
    let id = id_of(&ada.create(&json!({ "kind": "tictactoe", "opponent": "perfect", "rated": true })));
    let hint = ada.get(&format!("/api/games/{id}/hint"));
    assert_refused(&hint, 409, "a hint");
    assert_eq!(hint.1["error"], "rated_game", "{}", hint.1);
    ada.act(&id, &json!({ "action": "move", "move": "b2" }));
    let back = ada.try_act(&id, &json!({ "action": "takeback" }));
    assert_refused(&back, 409, "a take-back");
    assert_eq!(back.1["error"], "rated_game", "{}", back.1);
    assert_eq!(ada.state(&id)["history"].as_array().map(Vec::len), Some(2), "the take-back changed nothing");
    // The same game unrated takes both.
    let casual = id_of(&ada.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    assert_eq!(ada.get(&format!("/api/games/{casual}/hint")).0, 200);
}

#[test]
fn a_leaderboard_lists_the_bots_and_the_named_people_once_their_rating_is_sure() {
    let server = Server::in_memory();
    let ada = Client::player(&server);
    name(&ada, "Ada");
    let board = |pool: &str| {
        let (status, body) = ada.get(&format!("/api/leaderboard/{pool}"));
        assert_eq!(status, 200, "{body}");
        body
    };
    let empty = board("tictactoe(variant=classic)");
    assert_eq!(empty["pool"], "tictactoe", "named as rated: {empty}");
    assert_eq!(empty["bots"][0]["bot"], "perfect", "the best first: {}", empty["bots"]);
    assert!(empty["scale"].as_str().is_some_and(|s| s.starts_with("random at 1000")), "the scale said: {empty}");
    assert!(empty["source"].as_str().is_some_and(|s| s.starts_with("hamle tournament tictactoe")), "{empty}");
    assert_eq!(empty["people"], json!([]));
    // Games against `random` until the rating is sure enough (deviation 110 or less): provisional until then.
    let mut played = 0;
    loop {
        let id = id_of(&ada.create(&json!({ "kind": "tictactoe", "opponent": "random", "rated": true })));
        let over = ada.act(&id, &json!({ "action": "resign" }));
        played += 1;
        let after = &over["rated"]["changes"][0]["after"];
        if after["provisional"] == false {
            break;
        }
        assert!(board("tictactoe")["people"].as_array().is_some_and(Vec::is_empty), "provisional after {played}");
        assert!(played < 40, "sure after 40 games: {after}");
    }
    let listed = board("tictactoe");
    assert_eq!(listed["people"][0]["name"], "Ada", "{listed}");
    let (_, me) = ada.get("/api/me");
    assert_eq!(listed["people"][0]["rating"], me["ratings"][0]["rating"]);
    assert_eq!(listed["people"][0]["games"], played);
    assert_eq!(board("sim")["people"], json!([]), "another pool");
    // A profile shows the ratings; its history names the games only when the person lists them.
    let (_, profile) = ada.watcher().get("/api/people/Ada");
    assert_eq!(profile["ratings"][0]["pool"], "tictactoe", "{profile}");
    assert_eq!(profile["history"][0]["game"], Value::Null, "games not listed: {profile}");
    assert_eq!(ada.put("/api/me/listing", &json!({ "list": true }).to_string()).0, 200);
    let (_, profile) = ada.watcher().get("/api/people/Ada");
    assert!(profile["history"][0]["game"].is_string(), "{profile}");
    // Refusals.
    for (pool, why) in
        [("nochess", "no game"), ("tictactoe(variant=three)", "variant"), ("2048", "alone"), ("x(", "read")]
    {
        let refused = ada.get(&format!("/api/leaderboard/{pool}"));
        assert_refused(&refused, 400, pool);
        assert!(refused.1["detail"].as_str().is_some_and(|d| d.contains(why)), "{pool}: {}", refused.1);
    }
}

#[test]
fn a_rated_game_over_but_not_yet_rated_when_its_server_stopped_is_rated_when_read_again() {
    let db = TempDb::new("ratings-restart");
    let (id, token) = {
        let server = Server::on_file(&db.path);
        let ada = Client::player(&server);
        let id = id_of(&ada.create(&json!({ "kind": "sim", "opponent": "perfect", "rated": true })));
        ada.act(&id, &json!({ "action": "resign" }));
        (id, ada.token.clone().expect("a token"))
    };
    // The rating lost as if the server had stopped between the game's last move and its rating.
    let plain = rusqlite::Connection::open(&db.path).expect("a plain connection");
    plain.execute_batch("DELETE FROM rating_changes; DELETE FROM ratings;").expect("undone");
    drop(plain);
    let server = Server::on_file(&db.path);
    let mut ada = server.client();
    ada.token = Some(token);
    let state = ada.state(&id);
    let changes = state["rated"]["changes"].as_array().expect("changes");
    assert_eq!(changes.len(), 1, "rated on reading: {}", state["rated"]);
    assert_eq!(changes[0]["before"]["rating"], 1500.0);
    let (_, me) = ada.get("/api/me");
    assert_eq!(me["ratings"][0]["games"], 1, "{me}");
    // A server started afresh remembers nothing: a new rated game reads the rating going in from the store.
    let after = changes[0]["after"]["rating"].clone();
    drop(server);
    let server = Server::on_file(&db.path);
    let ada = ada.through(server.addr);
    let next = ada.create(&json!({ "kind": "sim", "opponent": "perfect", "rated": true }));
    assert_eq!(next["rated"]["seats"][0]["standing"]["rating"], after, "{}", next["rated"]);
}
