//! The Hapis match as the server runs it (the arena's play layer), without HTTP: rolls that cannot be used,
//! and replay from the stored records, a throw the seed does not give refused.

mod common;

use common::first_step;
use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live, Record, Seat, Setup, Spec};
use hamle_core::Budget;
use serde_json::Value;

fn new_match(seed: u64) -> Box<dyn Live> {
    let setup = Setup {
        game: Spec::named("hapis"),
        seats: vec![Seat::Person, Seat::Bot(Spec::named("thesis"))],
        helper: None,
        length: Some(1),
    };
    let kind = hamle_arena::games::registry().game("hapis").expect("hapis");
    kind.start(setup, seed, Budget::UNLIMITED).expect("a match")
}

/// Plays the person by first legal steps; every record stored (the person's and the bot's), in order.
fn play_out(live: &mut Box<dyn Live>, mut each: impl FnMut(&Value)) -> Vec<Record> {
    let mut stored = Vec::new();
    loop {
        while let Some(turn) = live.bot_turn() {
            match turn {
                BotTurn::Acted(record) => stored.push(record),
                BotTurn::Think(thinking) => stored.push(live.finish(thinking.run()).expect("the bot's move")),
            }
        }
        let state = live.view();
        each(&state);
        let Some(action) = first_step(&state) else { return stored };
        let action: Action = serde_json::from_value(action).expect("an action");
        stored.push(live.act(0, action).expect("a legal action"));
    }
}

#[test]
fn a_roll_that_cannot_be_used_is_passed_with_a_plain_message() {
    for seed in 0..40 {
        let mut live = new_match(seed);
        let mut seen = None;
        play_out(&mut live, |state| {
            let log = state["log"].as_array().expect("a log");
            let blocked = log
                .iter()
                .rev()
                .find(|l| l["seat"] == 0 && l["text"].as_str().is_some_and(|t| t.contains("no move to play")));
            if let (None, Some(line)) = (&seen, blocked) {
                seen = Some((line["text"].clone(), state["to_do"].clone(), state["turn"].clone()));
            }
        });
        if let Some((text, to_do, turn)) = seen {
            assert_eq!(text, "White has no move to play.");
            assert!(!(to_do == "move" && turn == 0), "the person is never left with dice to play");
            return;
        }
    }
    panic!("no blocked roll for the person in 40 games");
}

#[test]
fn a_match_replays_from_its_stored_records_to_the_same_state() {
    let mut live = new_match(3);
    let stored = play_out(&mut live, |_| {});
    assert!(live.over());
    let mut replayed = new_match(3);
    for record in &stored {
        replayed.replay(record).expect("a stored record replays");
    }
    assert_eq!(replayed.view(), live.view());
    assert_eq!(replayed.record(), live.record());
    assert!(replayed.over());
    // A throw the seed does not give is a damaged store, not a silent change.
    let roll = stored.iter().position(|r| r.action == Action::Roll && !r.chance.is_empty()).expect("a throw");
    let mut other = new_match(3);
    for record in &stored[..roll] {
        other.replay(record).expect("the records before the throw replay");
    }
    let mut tampered = stored[roll].clone();
    tampered.chance[0] = "7-7".to_owned();
    assert!(other.replay(&tampered).is_err());
}
