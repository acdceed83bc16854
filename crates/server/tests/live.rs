//! The Hapis match as the server runs it, without HTTP: rolls that cannot be used, replay after a restart.

mod common;

use common::first_step;
use hamle_server::live::Live;
use hamle_server::live::hapis::{HapisMatch, Setup};
use serde_json::{Value, json};

fn new_match(seed: u64) -> HapisMatch {
    let setup = Setup::from_json(&json!({ "opponent": "thesis", "length": 1 })).expect("a setup");
    HapisMatch::new(setup, seed)
}

/// Plays the person by first legal steps; every action stored (the person's and the bot's), in order.
fn play_out(live: &mut HapisMatch, mut each: impl FnMut(&HapisMatch)) -> Vec<Value> {
    let mut stored = Vec::new();
    loop {
        while let Some(action) = live.bot_act() {
            stored.push(action);
        }
        each(live);
        let Some(action) = first_step(&live.state()) else { return stored };
        stored.push(live.act(&action).expect("a legal action"));
    }
}

#[test]
fn a_roll_that_cannot_be_used_is_passed_with_a_plain_message() {
    for seed in 0..40 {
        let mut live = new_match(seed);
        let mut seen = None;
        play_out(&mut live, |m| {
            let state = m.state();
            let log = state["log"].as_array().expect("a log");
            let blocked = log
                .iter()
                .rev()
                .find(|l| l["side"] == "white" && l["text"].as_str().is_some_and(|t| t.contains("no move to play")));
            if let (None, Some(line)) = (&seen, blocked) {
                seen = Some((line["text"].clone(), state["phase"].clone(), state["turn"].clone()));
            }
        });
        if let Some((text, phase, turn)) = seen {
            let text = text.as_str().expect("text");
            assert!(text.starts_with("White throws ") && text.ends_with(": no move to play."), "{text}");
            assert_ne!((phase, turn), (json!("move"), json!("white")), "the person is never left with dice to play");
            return;
        }
    }
    panic!("no blocked roll for the person in 40 games");
}

#[test]
fn a_match_replays_from_its_stored_actions_to_the_same_state() {
    let mut live = new_match(3);
    let mut states = Vec::new();
    let stored = play_out(&mut live, |m| states.push(m.state()));
    let mut replayed = new_match(3);
    for action in &stored {
        replayed.replay(action).expect("a stored action replays");
    }
    assert_eq!(replayed.state(), live.state());
    assert!(replayed.over());
    // A throw the seed does not give is a damaged store, not a silent change.
    let mut other = new_match(4);
    let first_roll = stored.iter().find(|a| a["action"] == "roll" && a.get("dice").is_some()).expect("a roll");
    let mut tampered = first_roll.clone();
    tampered["dice"] = json!([7, 7]);
    assert!(other.replay(&tampered).is_err());
}
