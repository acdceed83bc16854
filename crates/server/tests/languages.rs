//! The server in two languages: an error's `detail` follows `Accept-Language` while its `error` code stays the
//! same word; the state's log lines and endings carry their messages; the catalogs are served to the pages.
//! Expected words are rendered from the catalogs, not written here.

mod common;

use common::{Client, Server, first_step, friends, id_of};
use hamle_core::Msg;
use hamle_l10n::{Lang, render};
use serde_json::{Value, json};

#[test]
fn an_unknown_game_is_refused_in_the_language_asked_for_with_the_same_code() {
    let server = Server::in_memory();
    let english = server.client();
    let turkish = english.speaking("tr-TR,tr;q=0.9,en;q=0.8");
    let en = english.get_full("/api/games/nosuchgame");
    let tr = turkish.get_full("/api/games/nosuchgame");
    assert_eq!((en.status, tr.status), (404, 404));
    assert_eq!(en.body["error"], "not_found");
    assert_eq!(tr.body["error"], "not_found", "the code is the same word in every language");
    assert_eq!(en.body["detail"], render(Lang::En, &Msg::new("error-no-game")));
    assert_eq!(tr.body["detail"], render(Lang::Tr, &Msg::new("error-no-game")));
    assert_ne!(en.body["detail"], tr.body["detail"]);
    assert_eq!(tr.body["msg"], json!({ "id": "error-no-game" }), "the message itself, for a page to say");
    assert_eq!(tr.header("content-language"), Some("tr"));
    assert_eq!(en.header("content-language"), None, "English is the default, unannounced");
}

#[test]
fn a_refusal_of_the_play_layer_follows_accept_language() {
    let server = Server::in_memory();
    let (creator, friend, id) = friends(&server);
    let before = creator.state(&id);
    let path = format!("/api/games/{id}/actions");
    let out_of_turn = json!({ "action": "move", "move": "b2" }).to_string();
    let (en_status, en) = friend.post(&path, &out_of_turn);
    let (tr_status, tr) = friend.speaking("tr").post(&path, &out_of_turn);
    assert_eq!((en_status, tr_status), (409, 409));
    assert_eq!(en["error"], tr["error"]);
    assert_eq!(en["detail"], "it is not your turn");
    assert_eq!(tr["detail"], render(Lang::Tr, &Msg::new("refusal-not-your-turn")));
    assert_eq!(creator.state(&id), before, "a refusal in any language changes nothing");
    // A message with arguments: the move, named in the notation, inside the Turkish sentence.
    creator.act(&id, &json!({ "action": "move", "move": "b2" }));
    let taken = json!({ "action": "move", "move": "b2" }).to_string();
    let (_, en) = friend.post(&path, &taken);
    let (_, tr) = friend.speaking("tr").post(&path, &taken);
    assert_eq!(en["detail"], "b2 is not legal here");
    assert_eq!(tr["detail"], render(Lang::Tr, &Msg::new("refusal-illegal").arg("move", "b2")));
    assert!(tr["detail"].as_str().is_some_and(|d| d.starts_with("b2 ") && d != en["detail"]), "{tr}");
}

#[test]
fn a_language_hamle_does_not_speak_gets_english() {
    let server = Server::in_memory();
    for header in ["de-DE,fr;q=0.8", "*", "tr;q=0"] {
        let answer = server.client().speaking(header).get_full("/api/games/nosuchgame");
        assert_eq!(answer.body["detail"], render(Lang::En, &Msg::new("error-no-game")), "{header}");
    }
}

#[test]
fn a_hapis_match_s_log_and_ending_carry_their_messages_in_both_languages() {
    let server = Server::in_memory();
    let client = Client::player(&server);
    let mut state = client.create(&json!({ "kind": "hapis", "opponent": "random", "seat": 0, "length": 1 }));
    let id = id_of(&state);
    while let Some(action) = first_step(&state) {
        state = client.act(&id, &action);
    }
    let log = state["log"].as_array().expect("a log");
    assert!(log.len() > 10, "{state}");
    let mut throws = 0;
    for line in log {
        let msg: Msg = serde_json::from_value(line["msg"].clone()).expect("every line has its message");
        assert_eq!(line["text"].as_str(), Some(render(Lang::En, &msg).as_str()), "the text is its English");
        let turkish = render(Lang::Tr, &msg);
        assert_ne!(turkish, render(Lang::En, &msg), "{msg:?}");
        if msg.id == "log-throws" {
            throws += 1;
            let dice = &msg.args["dice"];
            assert!(matches!(dice, hamle_core::Arg::Msg(m) if m.id == "hapis-throw"), "{dice:?}");
            assert!(turkish.ends_with(" attı."), "{turkish}");
        }
    }
    assert!(throws > 4, "{throws} throws");
    let ending: Msg = serde_json::from_value(state["ending"]["msg"].clone()).expect("the ending's message");
    assert!(ending.id.starts_with("hapis-won"), "{ending:?}");
    assert_eq!(state["ending"]["text"].as_str(), Some(render(Lang::En, &ending).as_str()));
    assert!(render(Lang::Tr, &ending).ends_with("puan."), "{}", render(Lang::Tr, &ending));
}

#[test]
fn the_catalogs_are_served_and_nothing_else_under_locales() {
    let server = Server::in_memory();
    let client = server.client();
    for lang in Lang::ALL {
        let answer = client.get_full(&format!("/locales/{}.ftl", lang.tag()));
        assert_eq!(answer.status, 200);
        assert_eq!(answer.body, Value::String(lang.source().to_owned()));
    }
    for path in ["/locales/de.ftl", "/locales/tr-TR.ftl", "/locales/TR.ftl", "/locales/tr", "/locales/..%2FCargo.toml"]
    {
        assert_eq!(client.get_full(path).status, 404, "{path}");
    }
}
