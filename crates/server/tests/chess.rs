//! Chess on the server: a game from a set position, every kind of bad input refused with its reason and no
//! change, a claimed draw, and a take-back against the thesis's player.

mod common;

use common::{Client, Server, assert_refused, id_of};
use serde_json::{Value, json};

fn detail(answer: &(u16, Value)) -> String {
    answer.1["detail"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_game_starts_from_a_fen_written_for_a_spec() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({
        "kind": "chess", "params": { "fen": "4k3.8.8.8.8.8.4P3.4K3_b_-_-_3_40" }, "opponent": "random", "seat": 0
    }));
    // The person is white; black is to move, so the bot moved first.
    let board = &game["board"];
    assert_eq!(board["first_move"], 40);
    assert_eq!(board["first_turn"], "black");
    assert_eq!(board["san"].as_array().map(Vec::len), Some(1), "{board}");
    assert_eq!(board["turn"], "white");
}

#[test]
fn invalid_fens_and_settings_are_refused_at_creation() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    for (fen, why) in [
        ("4k3.8.8.8.8.8.8.2K1K3_w_-_-_0_1", "white has 2 kings"),
        ("4k3.8.8.8.8.8.8.P3K3_w_-_-_0_1", "a pawn on a1"),
        ("4k2R.8.8.8.8.8.8.4K3_w_-_-_0_1", "black is in check but it is white's move"),
        ("4k3.8.8.8.8.8.8.4K3_w_K_-_0_1", "castling right 'K' needs the white king on e1 and a rook on h1"),
    ] {
        let body = json!({ "kind": "chess", "params": { "fen": fen }, "opponent": "random" }).to_string();
        let answer = client.post("/api/games", &body);
        assert_refused(&answer, 400, fen);
        assert!(detail(&answer).contains(why), "{fen}: {}", detail(&answer));
    }
    let body = json!({ "kind": "chess", "opponent": "thesis(depth=11)" }).to_string();
    assert_refused(&client.post("/api/games", &body), 400, "depth 11");
    assert_eq!(client.get("/api/games").1["games"], json!([]));
}

#[test]
fn illegal_ambiguous_and_late_moves_are_refused_and_change_nothing() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    // Two white knights reach d2: Nd2 is ambiguous.
    let game = client.create(&json!({
        "kind": "chess", "params": { "fen": "4k3.8.8.8.8.8.8.1N2KN2_w_-_-_0_1" }, "opponent": "random"
    }));
    let id = id_of(&game);
    let before = client.state(&id);
    for (mv, why) in [
        ("Nd2", "'Nd2' is ambiguous: write Nbd2 or Nfd2"),
        ("Ke3", "'Ke3' is not a legal move here"),
        ("e4", "'e4' is not a legal move here"),
        ("z9", "'z9' is not a move: write SAN"),
        ("draw", "'draw' cannot be claimed now"),
    ] {
        let answer = client.try_act(&id, &json!({ "action": "move", "move": mv }));
        assert_refused(&answer, 400, mv);
        assert!(detail(&answer).starts_with(why), "{mv}: {}", detail(&answer));
    }
    assert_eq!(client.state(&id), before);
    client.act(&id, &json!({ "action": "resign" }));
    let over = client.state(&id);
    assert_refused(&client.try_act(&id, &json!({ "action": "move", "move": "Nbd2" })), 409, "after the end");
    assert_eq!(client.state(&id), over);
}

#[test]
fn a_friend_game_reaches_threefold_and_the_side_to_move_claims_it() {
    let server = Server::in_memory();
    let white = Client::player(&server);
    let black = Client::player(&server);
    let game = white.create(&json!({ "kind": "chess", "opponent": "friend" }));
    let id = id_of(&game);
    let invite = game["invite"]["code"].as_str().expect("an invite").to_owned();
    black.join(&id, &invite);
    for (n, mv) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"].iter().enumerate() {
        let who = if n % 2 == 0 { &white } else { &black };
        let state = who.act(&id, &json!({ "action": "move", "move": mv }));
        let want = if n == 7 { json!("threefold") } else { Value::Null };
        assert_eq!(state["board"]["claim"], want, "after {mv} ({n})");
    }
    assert_refused(&black.try_act(&id, &json!({ "action": "move", "move": "draw" })), 409, "not black's move");
    let end = white.act(&id, &json!({ "action": "move", "move": "draw" }));
    assert_eq!(end["board"]["outcome"]["reason"], "threefold repetition");
    assert_eq!(end["ending"]["points"], json!([0.5, 0.5]));
    assert_refused(&white.try_act(&id, &json!({ "action": "takeback" })), 409, "no take-back from a friend");
}

#[test]
fn a_takeback_against_the_thesis_player_restores_the_position() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({ "kind": "chess", "opponent": "thesis(depth=2)", "seat": 0 }));
    let id = id_of(&game);
    let start = game["board"]["fen"].clone();
    let after = client.act(&id, &json!({ "action": "move", "move": "e2e4" }));
    assert_eq!(after["board"]["san"].as_array().map(Vec::len), Some(2), "the bot replied");
    let back = client.act(&id, &json!({ "action": "takeback" }));
    assert_eq!(back["board"]["fen"], start);
    assert_eq!(back["turn"], back["you"]);
}

#[test]
fn a_draw_offer_to_the_bot_is_answered_and_one_to_a_friend_stands() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let game = client.create(&json!({ "kind": "chess", "opponent": "thesis(depth=1)", "seat": 0 }));
    let id = id_of(&game);
    let end = client.act(&id, &json!({ "action": "offer_draw" }));
    assert_eq!(end["ending"]["text"], "A draw by agreement.", "level at the start: accepted");
    assert_eq!(end["ending"]["points"], json!([0.5, 0.5]));

    let white = Client::player(&server);
    let black = Client::player(&server);
    let game = white.create(&json!({ "kind": "chess", "opponent": "friend" }));
    let id = id_of(&game);
    black.join(&id, game["invite"]["code"].as_str().expect("an invite"));
    let offered = white.act(&id, &json!({ "action": "offer_draw" }));
    assert_eq!(offered["draw_offer"], 0);
    assert_refused(&white.try_act(&id, &json!({ "action": "offer_draw" })), 409, "twice");
    let end = black.act(&id, &json!({ "action": "offer_draw" }));
    assert_eq!(end["ending"]["text"], "A draw by agreement.");
}
