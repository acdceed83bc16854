//! Clocks of games between people, kept from the times stamped on the actions: each side charged the time it
//! was to act, the increment after its move, correspondence's days renewed each turn, a loss on time when a flag
//! falls (a draw when the other side cannot win), no move after the flag, and the clocks replayed from the records.

use hamle_arena::{Action, Control, Live, Record, Refusal, Seat, Setup, Spec, games};
use hamle_core::Budget;
use serde_json::{Value, json};

fn friends(game: &str, control: &str) -> Box<dyn Live> {
    let setup = Setup {
        game: game.parse::<Spec>().expect("a spec"),
        seats: vec![Seat::Person, Seat::Person],
        helper: None,
        length: None,
    };
    let kind = games::registry().game(&setup.game.name).expect("a game");
    let mut live = kind.start(setup, 1, Budget::UNLIMITED).expect("a match");
    live.set_clock(control.parse().expect("a control")).expect("a clock");
    live
}

fn moved(live: &mut dyn Live, seat: u8, mv: &str, at: i64) -> Record {
    live.act_at(seat, Action::Move { mv: mv.into() }, Some(at)).unwrap_or_else(|e| panic!("{mv}: {e}"))
}

fn clock(live: &dyn Live) -> Value {
    live.view()["clock"].clone()
}

#[test]
fn time_controls_read_as_minutes_and_seconds_or_days_and_refuse_the_rest() {
    assert_eq!("5+3".parse(), Ok(Control::Fischer { base_ms: 300_000, increment_ms: 3_000 }));
    assert_eq!("0.25+0".parse(), Ok(Control::Fischer { base_ms: 15_000, increment_ms: 0 }));
    assert_eq!("3d".parse(), Ok(Control::Days(3)));
    assert_eq!("180+60".parse(), Ok(Control::Fischer { base_ms: 10_800_000, increment_ms: 60_000 }), "both ends");
    assert_eq!("14d".parse(), Ok(Control::Days(14)));
    for bad in ["", "5", "5+", "+3", "0.1+0", "181+0", "5+61", "0d", "15d", "x+y", "5+-1"] {
        let refused = bad.parse::<Control>().expect_err(bad);
        assert!(refused.contains("MINUTES+SECONDS"), "{bad}: {refused}");
    }
    assert_eq!(Control::Fischer { base_ms: 300_000, increment_ms: 3_000 }.to_string(), "5+3");
    assert_eq!(Control::Days(2).to_string(), "2d");
}

#[test]
fn each_side_is_charged_the_time_it_was_to_act_and_gets_its_increment() {
    let mut live = friends("tictactoe", "1+2");
    // The clocks start with the first move: X's first move is free, and earns no increment.
    moved(&mut *live, 0, "b2", 1_000_000);
    assert_eq!(
        clock(&*live),
        json!({ "control": "1+2", "left_ms": [60_000, 60_000], "running": 1, "since": 1_000_000 })
    );
    // O thinks 10 s, then X 25 s: each is charged its own time, and gets 2 s for its move.
    moved(&mut *live, 1, "a1", 1_010_000);
    moved(&mut *live, 0, "c3", 1_035_000);
    assert_eq!(clock(&*live)["left_ms"], json!([60_000 - 25_000 + 2_000, 60_000 - 10_000 + 2_000]));
    assert_eq!(clock(&*live)["running"], 1);
    // An action that is no move (O offers a draw at 1,040,000) charges O its time but earns no increment.
    live.act_at(1, Action::OfferDraw, Some(1_040_000)).expect("an offer");
    assert_eq!(clock(&*live)["left_ms"], json!([37_000, 52_000 - 5_000]));
    assert_eq!(clock(&*live)["running"], 1, "still O's turn");
}

#[test]
fn an_action_without_its_time_is_refused_in_a_clocked_game() {
    let mut live = friends("tictactoe", "1+0");
    let refused = live.act(0, Action::Move { mv: "b2".into() }).expect_err("no time");
    assert!(matches!(refused, Refusal::Malformed(_)) && refused.to_string().contains("the time it was made"));
    assert_eq!(live.version(), 0, "nothing changed");
}

#[test]
fn a_move_after_the_flag_is_refused_and_the_flag_ends_the_game_for_the_other_side() {
    let mut live = friends("tictactoe", "0.25+0");
    moved(&mut *live, 0, "b2", 0);
    // O has 15 s; at 15 s its flag falls: no move, and the server's call ends the game.
    assert!(live.flag(14_999).is_none(), "not yet");
    let late = live.act_at(1, Action::Move { mv: "a1".into() }, Some(15_000)).expect_err("too late");
    assert!(matches!(&late, Refusal::NotAllowed(_)) && late.to_string().contains("time has run out"), "{late}");
    let called = live.flag(15_000).expect("the flag fell");
    assert_eq!((called.seat, &called.action, called.at), (1, &Action::Timeout, Some(15_000)));
    let view = live.view();
    assert_eq!(view["ending"]["points"], json!([1.0, 0.0]), "{view}");
    assert!(view["ending"]["text"].as_str().is_some_and(|t| t.contains("O's time has run out")), "{view}");
    assert_eq!(view["clock"]["left_ms"][1], 0);
    assert_eq!(view["clock"]["running"], Value::Null);
    assert!(live.flag(99_000).is_none(), "called once");
    let forged = live.act_at(0, Action::Timeout, Some(99_000)).expect_err("a person cannot call time");
    assert!(matches!(forged, Refusal::Malformed(_)));
}

#[test]
fn a_lone_king_cannot_win_so_the_other_sides_flag_is_a_draw() {
    // White: king and queen; Black: a lone king. White's flag falls: Black cannot mate, a draw.
    let mut live = friends("chess(fen=4k3.8.8.8.8.8.8.3QK3_w_-_-_0_1)", "0.25+0");
    moved(&mut *live, 0, "Qd7+", 0);
    moved(&mut *live, 1, "Kf8", 1_000);
    let called = live.flag(16_000).expect("White's flag");
    assert_eq!(called.seat, 0);
    let view = live.view();
    assert_eq!(view["ending"]["points"], json!([0.5, 0.5]), "{view}");
    assert!(view["ending"]["text"].as_str().is_some_and(|t| t.contains("cannot win")), "{view}");
}

#[test]
fn a_king_with_a_rook_wins_when_the_others_flag_falls() {
    let mut live = friends("chess(fen=4k3.8.8.8.8.8.8.R3K3_w_-_-_0_1)", "0.25+0");
    moved(&mut *live, 0, "Ra7", 0);
    let called = live.flag(15_000).expect("Black's flag");
    assert_eq!(called.seat, 1);
    assert_eq!(live.view()["ending"]["points"], json!([1.0, 0.0]));
}

#[test]
fn correspondence_renews_the_days_at_each_turn() {
    let mut live = friends("tictactoe", "2d");
    let day = 86_400_000;
    moved(&mut *live, 0, "b2", 0);
    moved(&mut *live, 1, "a1", day + 5);
    // O used a day and 5 ms of its two; X now has two whole days again, and O's left is what it did not use.
    assert_eq!(clock(&*live)["left_ms"], json!([2 * day, day - 5]));
    // X uses half a day, O a quarter: X's two days are whole again when its turn comes back.
    moved(&mut *live, 0, "c3", day + 5 + day / 2);
    moved(&mut *live, 1, "a3", day + 5 + day / 2 + day / 4);
    assert_eq!(clock(&*live)["left_ms"][0], 2 * day);
    let since = day + 5 + day / 2 + day / 4;
    assert!(live.flag(since + 2 * day - 1).is_none());
    let version = live.version();
    assert!(live.flag(since + 2 * day).is_some(), "X's two days ran out");
    assert_eq!(live.version(), version + 1, "the call of time is one more record");
}

#[test]
fn the_clocks_replay_from_the_records() {
    let mut live = friends("tictactoe", "1+2");
    let records =
        vec![moved(&mut *live, 0, "b2", 0), moved(&mut *live, 1, "a1", 7_000), moved(&mut *live, 0, "c3", 9_500)];
    let mut again = friends("tictactoe", "1+2");
    for record in &records {
        again.replay(record).expect("replays");
    }
    assert_eq!(clock(&*again), clock(&*live));
    let mut stamped = records[1].clone();
    stamped.at = None;
    let mut damaged = friends("tictactoe", "1+2");
    damaged.replay(&records[0]).expect("replays");
    assert!(damaged.replay(&stamped).is_err(), "a clocked game's record without its time");
}

#[test]
fn a_clock_is_for_two_people_and_set_before_the_first_action() {
    let kind = games::registry().game("tictactoe").expect("a game");
    let setup = Setup {
        game: Spec::named("tictactoe"),
        seats: vec![Seat::Person, Seat::Bot(Spec::named("perfect"))],
        helper: None,
        length: None,
    };
    let mut bot = kind.start(setup, 1, Budget::UNLIMITED).expect("a match");
    assert!(bot.set_clock(Control::Days(1)).is_err(), "against a bot");
    let mut live = friends("tictactoe", "1+0");
    moved(&mut *live, 0, "b2", 0);
    assert!(live.set_clock(Control::Days(1)).is_err(), "after the first move");
}
