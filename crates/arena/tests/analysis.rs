//! Analyses of whole seeded games through the play layer: the record replayed, every decision with a choice
//! judged, the strong bot's own moves costing nothing at the analyst's effort and a random mover's costing
//! far more, luck summed per seat, and the refusals (a game in play, a bad effort, a game with no analyst).

use hamle_arena::analysis::{EXPORT_FORMAT, Export, Source};
use hamle_arena::play::BotTurn;
use hamle_arena::{Record, Refusal, Seat, Setup, Spec, games};
use hamle_core::Budget;
use serde_json::Value;

fn spec(text: &str) -> Spec {
    text.parse().expect("a spec")
}

/// The records of a match of bots `a` and `b` played from `seed` to its end.
fn played(game: &str, a: &str, b: &str, seed: u64) -> (Setup, Vec<Record>) {
    let setup =
        Setup { game: spec(game), seats: vec![Seat::Bot(spec(a)), Seat::Bot(spec(b))], helper: None, length: None };
    let kind = games::registry().game(&setup.game.name).expect("a game");
    // No time limit: each bot plays its own full search, as the analyst searches.
    let mut live = kind.start(setup.clone(), seed, Budget::UNLIMITED).expect("a match");
    let mut records = Vec::new();
    while let Some(turn) = live.bot_turn() {
        records.push(match turn {
            BotTurn::Acted(record) => record,
            BotTurn::Think(thinking) => live.finish(thinking.run()).expect("a fresh thought"),
        });
    }
    assert!(live.over(), "the match ends");
    (setup, records)
}

fn export(setup: &Setup, records: Vec<Record>, seed: Option<u64>) -> Export {
    let seats = setup
        .seats
        .iter()
        .map(|s| match s {
            Seat::Person => "person".to_owned(),
            Seat::Bot(spec) => spec.to_string(),
        })
        .collect();
    Export {
        format: EXPORT_FORMAT.into(),
        game: setup.game.to_string(),
        seats,
        helper: None,
        length: None,
        clock: None,
        seed,
        actions: records,
    }
}

fn analyse(export: Export, effort: Option<u64>) -> Result<Value, Refusal> {
    let kind = games::registry().game(&export.game.parse::<Spec>().expect("a spec").name).expect("a game");
    let mut job = kind.analysis(Source::Record(export), effort, None)?;
    let total = job.total();
    let mut steps = 0;
    while job.step() {
        steps += 1;
    }
    assert_eq!((steps, job.done()), (total, total), "one step a decision or throw");
    Ok(job.report())
}

fn seat(report: &Value, seat: usize) -> &Value {
    &report["seats"][seat]
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

#[test]
fn the_expert_costs_nothing_in_hapis_and_a_random_mover_far_more() {
    let (setup, records) = played("hapis", "expert", "random", 3);
    let report = analyse(export(&setup, records, Some(3)), None).expect("an analysis");
    let (expert, random) = (seat(&report, 0), seat(&report, 1));
    assert_eq!(number(&expert["loss_total"]), 0.0, "the expert's own plays at its own filter: {expert}");
    assert_eq!(number(&expert["error_rate"]), 0.0);
    assert!(number(&expert["decisions"]) >= 10.0 && number(&random["decisions"]) >= 10.0, "{report}");
    assert!(number(&random["error_rate"]) > 50.0, "a random mover loses over 0.05 a play: {random}");
    let marked: f64 = random["marks"].as_object().expect("marks").values().map(number).sum();
    assert!(marked >= 3.0, "{random}");
    // Every judged move names a best play, and a move the expert made is its own best.
    for m in report["moves"].as_array().expect("moves") {
        if m["seat"] == 0 {
            assert_eq!(m["played"], m["best"], "{m}");
        }
        // Hapis keeps its colours from game to game: seat 0 plays White.
        assert_eq!(m["player"], if m["seat"] == 0 { "white" } else { "black" }, "{m}");
        assert!(number(&m["loss"]) >= 0.0);
    }
    // Luck: one entry a throw after the opening, each seat's total the sum of its throws.
    let luck = report["luck"].as_array().expect("luck");
    assert!(!luck.is_empty());
    let zero: f64 = luck.iter().filter(|l| l["seat"] == 0).map(|l| number(&l["luck"])).sum();
    assert!((zero - number(&expert["luck"])).abs() < 1e-9);
}

#[test]
fn the_same_record_gives_the_same_analysis() {
    let (setup, records) = played("hapis", "neural", "random", 5);
    let first = analyse(export(&setup, records.clone(), Some(5)), Some(2)).expect("an analysis");
    let second = analyse(export(&setup, records, Some(5)), Some(2)).expect("an analysis");
    assert_eq!(first, second);
}

#[test]
fn a_record_without_its_seed_or_cut_short_is_refused() {
    let (setup, mut records) = played("hapis", "neural", "random", 6);
    let hidden = analyse(export(&setup, records.clone(), None), None).expect_err("no seed");
    assert!(matches!(&hidden, Refusal::NotAllowed(_)) && hidden.to_string().contains("once it is over"), "{hidden}");
    records.truncate(records.len() / 2);
    let cut = analyse(export(&setup, records, Some(6)), None).expect_err("not over");
    assert!(matches!(&cut, Refusal::NotAllowed(_)) && cut.to_string().contains("not over"), "{cut}");
}

#[test]
fn a_record_that_does_not_replay_names_its_action() {
    let (setup, mut records) = played("hapis", "neural", "random", 7);
    records[3].chance = vec!["6-6".into(), "1-1".into()];
    let refused = analyse(export(&setup, records, Some(7)), None).expect_err("tampered");
    assert!(matches!(&refused, Refusal::Malformed(_)) && refused.to_string().starts_with("action 4:"), "{refused}");
}

#[test]
fn an_effort_out_of_the_analysts_range_is_refused() {
    let (setup, records) = played("hapis", "neural", "random", 8);
    let refused = analyse(export(&setup, records, Some(8)), Some(0)).expect_err("too little");
    assert!(matches!(&refused, Refusal::Malformed(_)) && refused.to_string().contains("1 to 32"), "{refused}");
}

#[test]
fn games_played_alone_to_a_known_end_have_no_analyst() {
    let queens = games::registry().game("queens").expect("queens");
    assert!(queens.analyst().is_none());
    let text = Source::Text(String::new());
    let refused = queens.analysis(text, None, None).err().expect("no analyst");
    assert!(refused.to_string().contains("has no analyst"), "{refused}");
}

#[test]
fn a_records_seats_read_person_as_a_person_and_anything_else_as_a_bot() {
    let export = Export {
        format: EXPORT_FORMAT.into(),
        game: "tictactoe".into(),
        seats: vec!["person".into(), "thesis(depth=2)".into()],
        helper: None,
        length: None,
        clock: None,
        seed: Some(1),
        actions: Vec::new(),
    };
    let setup = export.setup().expect("a setup");
    assert_eq!(setup.seats, vec![Seat::Person, Seat::Bot(spec("thesis(depth=2)"))]);
}

#[test]
fn one_game_of_a_match_is_analysed_alone() {
    let spec = |t: &str| t.parse::<Spec>().expect("a spec");
    let setup = Setup {
        game: spec("hapis"),
        seats: vec![Seat::Bot(spec("neural")), Seat::Bot(spec("random"))],
        helper: None,
        length: Some(3),
    };
    let kind = games::registry().game("hapis").expect("hapis");
    let mut live = kind.start(setup.clone(), 9, Budget::UNLIMITED).expect("a match");
    let mut records = Vec::new();
    while let Some(turn) = live.bot_turn() {
        records.push(match turn {
            BotTurn::Acted(record) => record,
            BotTurn::Think(thinking) => live.finish(thinking.run()).expect("a fresh thought"),
        });
    }
    let mut export = export(&setup, records, Some(9));
    export.length = Some(3);
    let games_of = |report: &Value| -> Vec<u64> {
        let mut games: Vec<u64> =
            report["moves"].as_array().expect("moves").iter().filter_map(|m| m["game"].as_u64()).collect();
        games.dedup();
        games
    };
    let whole = analyse(export.clone(), Some(1)).expect("the whole match");
    assert!(games_of(&whole).len() >= 2, "a match of several games: {:?}", games_of(&whole));
    let kind = games::registry().game("hapis").expect("hapis");
    let mut job = kind.analysis(Source::Record(export), Some(1), Some(2)).expect("game 2");
    while job.step() {}
    let second = job.report();
    assert_eq!(games_of(&second), vec![2]);
    assert!(second["total"].as_u64() < whole["total"].as_u64());
}

#[test]
fn moves_taken_back_are_not_judged() {
    let setup = Setup {
        game: spec("tictactoe"),
        seats: vec![Seat::Person, Seat::Bot(spec("perfect"))],
        helper: None,
        length: None,
    };
    let kind = games::registry().game("tictactoe").expect("tictactoe");
    let mut live = kind.start(setup.clone(), 4, Budget::UNLIMITED).expect("a match");
    let mut records = Vec::new();
    let bots = |live: &mut Box<dyn hamle_arena::Live>, records: &mut Vec<Record>| {
        while let Some(turn) = live.bot_turn() {
            records.push(match turn {
                BotTurn::Acted(record) => record,
                BotTurn::Think(thinking) => live.finish(thinking.run()).expect("a fresh thought"),
            });
        }
    };
    let mv = |text: &str| hamle_arena::Action::Move { mv: text.into() };
    records.push(live.act(0, mv("a1")).expect("a1"));
    bots(&mut live, &mut records);
    records.push(live.act(0, hamle_arena::Action::Takeback).expect("taken back"));
    records.push(live.act(0, mv("b2")).expect("b2"));
    bots(&mut live, &mut records);
    records.push(live.act(0, hamle_arena::Action::Resign).expect("resigned"));
    let report = analyse(export(&setup, records, Some(4)), None).expect("an analysis");
    let played: Vec<(u64, &str)> = report["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["ply"].as_u64().expect("ply"), m["played"].as_str().expect("played")))
        .collect();
    assert_eq!(played.first(), Some(&(1, "b2")), "{played:?}");
    assert!(!played.iter().any(|&(_, m)| m == "a1"), "a1 was taken back: {played:?}");
    assert_eq!(played.len(), 2, "b2 and the bot's reply: {played:?}");
}
