//! The play layer: every game replays from its records, turns and seats are enforced, chance is the seed's,
//! matches score and start their games as their rules say, and a bot's stale thought is dropped.

use std::sync::LazyLock;

use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live, Match, Record, Refusal, Seat, Setup, Spec, games};
use hamle_core::{Budget, GameDef, Msg};
use hamle_hapis::Hapis;
use serde_json::Value;

fn spec(text: &str) -> Spec {
    text.parse().expect("a spec")
}

fn bots(game: &str, a: &str, b: &str, length: Option<u32>) -> Setup {
    Setup { game: spec(game), seats: vec![Seat::Bot(spec(a)), Seat::Bot(spec(b))], helper: None, length }
}

fn start(setup: Setup, seed: u64) -> Box<dyn Live> {
    let kind = games::registry().game(&setup.game.name).expect("a registered game");
    kind.start(setup, seed, Budget::depth(2)).expect("a match starts")
}

/// Lets the bots play until nobody is due or `limit` records are made; the records made.
fn run_bots(live: &mut dyn Live, limit: usize) -> Vec<Record> {
    let mut records = Vec::new();
    while records.len() < limit {
        match live.bot_turn() {
            Some(BotTurn::Acted(record)) => records.push(record),
            Some(BotTurn::Think(thinking)) => records.push(live.finish(thinking.run()).expect("a fresh thought")),
            None => break,
        }
    }
    records
}

#[test]
fn every_game_replays_from_its_records_to_the_same_state() {
    let cases = [
        bots("tictactoe", "random", "random", Some(3)),
        bots("tictactoe(variant=two-phase)", "random", "random", None),
        bots("domineering(rows=4,cols=5)", "random", "random", Some(2)),
        bots("hapis", "random", "random", Some(3)),
        Setup { game: spec("2048"), seats: vec![Seat::Bot(spec("random"))], helper: None, length: None },
    ];
    for setup in cases {
        for seed in 1..=3 {
            let mut live = start(setup.clone(), seed);
            let records = run_bots(live.as_mut(), 3000);
            assert!(!records.is_empty(), "{}: the bots played", setup.game);
            let mut again = start(setup.clone(), seed);
            for record in &records {
                // Through the stored JSON, as the server keeps them.
                let text = serde_json::to_string(record).expect("a record writes");
                let read: Record = serde_json::from_str(&text).expect("a record reads");
                again.replay(&read).unwrap_or_else(|e| panic!("{}: {text}: {e}", setup.game));
            }
            assert_eq!(again.view(), live.view(), "{} seed {seed}", setup.game);
            assert_eq!(again.version(), records.len());
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_match_and_another_seed_another() {
    let play = |seed| run_bots(start(bots("hapis", "random", "random", Some(1)), seed).as_mut(), 400);
    assert_eq!(play(7), play(7));
    assert_ne!(play(7), play(8));
}

#[test]
fn a_tampered_throw_is_refused_on_replay() {
    let setup = bots("hapis", "random", "random", Some(1));
    let mut live = start(setup.clone(), 5);
    let mut records = run_bots(live.as_mut(), 10);
    let roll = records.iter().position(|r| !r.chance.is_empty()).expect("a throw among the first records");
    records[roll].chance[0] = if records[roll].chance[0] == "1-2" { "3-4".into() } else { "1-2".into() };
    let mut again = start(setup, 5);
    for record in &records[..roll] {
        again.replay(record).expect("the records before it replay");
    }
    let refused = again.replay(&records[roll]).expect_err("the tampered throw");
    assert!(refused.to_string().contains("damaged"), "{refused}");
}

fn person_vs_bot(game: &str, bot: &str, person: u8) -> Box<dyn Live> {
    let mut seats = vec![Seat::Bot(spec(bot)), Seat::Bot(spec(bot))];
    seats[usize::from(person)] = Seat::Person;
    start(Setup { game: spec(game), seats, helper: None, length: None }, 1)
}

#[test]
fn acting_out_of_turn_or_for_a_bot_changes_nothing() {
    let mut live = person_vs_bot("tictactoe", "random", 1);
    let before = live.view();
    let refused = live.act(1, Action::Move { mv: "b2".into() }).expect_err("the bot moves first");
    assert_eq!(said(&refused), ("not allowed", "it is not your turn".to_owned()));
    assert!(matches!(live.act(0, Action::Move { mv: "b2".into() }), Err(Refusal::NotAllowed(_))), "a bot's seat");
    assert!(matches!(live.act(2, Action::Resign), Err(Refusal::Malformed(_))), "no third seat");
    assert_eq!(live.view(), before);
}

#[test]
fn malformed_and_illegal_moves_are_refused_apart() {
    let mut live = person_vs_bot("tictactoe", "random", 0);
    assert!(matches!(live.act(0, Action::Move { mv: "zz".into() }), Err(Refusal::Malformed(_))));
    live.act(0, Action::Move { mv: "b2".into() }).expect("a legal first move");
    run_bots(live.as_mut(), 1);
    let again = live.act(0, Action::Move { mv: "b2".into() }).expect_err("b2 is taken");
    assert_eq!(said(&again), ("not allowed", "b2 is not legal here".to_owned()));
    assert!(matches!(live.act(0, Action::Step { step: "b2".into() }), Err(Refusal::Malformed(_))), "no steps");
    assert!(matches!(live.act(0, Action::Roll), Err(Refusal::NotAllowed(_))), "no dice");
    assert!(matches!(live.act(0, Action::Bot), Err(Refusal::NotAllowed(_))), "no helper bot");
}

#[test]
fn seats_swap_sides_in_each_game_of_a_tictactoe_match() {
    let mut live = start(bots("tictactoe", "perfect", "random", Some(3)), 2);
    assert_eq!(live.view()["seats"][0]["plays"], "X", "seat 0 starts game 1");
    assert_eq!(live.view()["turn"], 0);
    let mut guard = 0;
    while live.view()["match"]["game"] == 1 && guard < 20 {
        run_bots(live.as_mut(), 1);
        guard += 1;
    }
    assert_eq!(live.view()["match"]["game"], 2);
    assert_eq!(live.view()["seats"][0]["plays"], "O", "seat 1 starts game 2");
    assert_eq!(live.view()["seats"][1]["plays"], "X");
    assert_eq!(live.view()["history"].as_array().map(Vec::len), Some(0), "no move yet in game 2");
    assert_eq!(live.view()["turn"], 1, "X's seat is to move");
}

#[test]
fn perfect_play_wins_the_match_to_three_against_random() {
    let mut live = start(bots("tictactoe", "perfect", "random", Some(3)), 4);
    run_bots(live.as_mut(), 1000);
    assert!(live.over());
    let score = &live.view()["match"]["score"];
    assert_eq!(score[0].as_f64(), Some(3.0), "{score}: perfect reaches 3 (it never loses: draws are ½)");
    assert!(score[1].as_f64().is_some_and(|s| s < 3.0), "{score}");
    let record = live.record();
    assert!(record.contains("[Match \"3\"]"), "{record}");
    assert!(record.contains("[Seat1 \"bot perfect\"]") && record.contains("[Seat2 \"bot random\"]"), "{record}");
    let last = live.view()["log"].as_array().and_then(|l| l.last().cloned()).expect("a log");
    assert!(
        last["text"].as_str().is_some_and(|t| t.starts_with("Seat 1 (bot perfect) wins the match, 3 to")),
        "{last}"
    );
}

#[test]
fn a_one_game_match_ends_with_its_game_and_refuses_next() {
    let mut live = person_vs_bot("tictactoe", "random", 0);
    live.act(0, Action::Move { mv: "b2".into() }).expect("a move");
    assert!(!live.over());
    assert_eq!(
        live.act(0, Action::Next).err().as_ref().map(said),
        Some(("not allowed", "the game is not over yet".to_owned()))
    );
    live.act(0, Action::Resign).expect("resign");
    assert!(live.over(), "one game is the whole match");
    assert_eq!(live.view()["ending"]["points"], serde_json::json!([0.0, 1.0]));
    assert_eq!(
        live.act(0, Action::Next).err().as_ref().map(said),
        Some(("not allowed", "the match is over".to_owned()))
    );
    let log = live.view()["log"].to_string();
    assert!(!log.contains("wins the match"), "one game has no match winner to announce: {log}");
}

static HAPIS: LazyLock<GameDef<Hapis>> = LazyLock::new(hamle_hapis::definition);

fn hapis_vs(bot: &str, game: &str, length: u32) -> Match<Hapis> {
    let setup =
        Setup { game: spec(game), seats: vec![Seat::Person, Seat::Bot(spec(bot))], helper: None, length: Some(length) };
    Match::new(&HAPIS, setup, 11, Budget::depth(1)).expect("a match")
}

#[test]
fn resigning_before_bearing_off_loses_two_points_in_hapis() {
    let mut game = hapis_vs("random", "hapis", 5);
    let early = game.act(0, Action::Move { mv: "1/4".into() }).expect_err("the opening throw comes first");
    assert_eq!(said(&early), ("not allowed", "the dice are to be thrown now".to_owned()));
    let refused = game.act(0, Action::Resign).expect_err("not before the opening throw");
    assert_eq!(said(&refused), ("not allowed", "the game has not begun: throw for the start first".to_owned()));
    game.act(0, Action::Roll).expect("the opening throw is anyone's");
    let opening = game.log().last().map(|l| l.text.clone()).unwrap_or_default();
    assert!(opening.starts_with("Throw for the start: white "), "{opening}");
    game.act(0, Action::Resign).expect("a person may resign");
    assert!(game.bot_turn().is_none(), "nobody moves in a game that ended");
    let ending = game.ending().expect("the game ended");
    assert_eq!(ending.points, [0.0, 2.0], "no checker of White's is off: a mars");
    assert_eq!(ending.resigned, Some(0));
    assert_eq!(game.score(), [0.0, 2.0]);
    assert!(!game.over(), "a match to 5 goes on");
    assert!(matches!(game.act(0, Action::Resign), Err(Refusal::NotAllowed(_))), "not twice");
}

#[test]
fn the_winner_of_a_game_throws_first_in_the_next() {
    for (rule, opening) in [("winner", false), ("throw", true)] {
        let mut game = hapis_vs("random", &format!("hapis(next={rule})"), 5);
        game.act(0, Action::Roll).expect("the opening throw");
        game.act(0, Action::Resign).expect("White resigns: Black wins");
        game.act(0, Action::Next).expect("the next game");
        let view = game.view();
        assert_eq!(view["board"]["phase"] == "opening", opening, "{rule}: {}", view["board"]);
        if !opening {
            assert_eq!(view["board"]["position"]["turn"], "black", "{rule}");
            assert_eq!(view["turn"], 1, "black's seat throws");
            assert_eq!(view["to_do"], "roll");
        }
    }
}

/// Plays the bots' turns (throws and plays) until the person is due.
fn until_person(game: &mut Match<Hapis>) {
    while let Some(turn) = game.bot_turn() {
        if let BotTurn::Think(thinking) = turn {
            game.finish(thinking.run()).expect("the bot plays");
        }
    }
}

#[test]
fn hapis_plays_are_entered_a_step_at_a_time_with_undo() {
    let mut game = hapis_vs("random", "hapis", 1);
    // Throw until White (the person) has dice to play.
    for _ in 0..50 {
        until_person(&mut game);
        match game.view()["to_do"].as_str() {
            Some("roll") => {
                game.act(0, Action::Roll).expect("the person's throw");
            }
            Some("move") => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    let twice = game.act(0, Action::Roll).expect_err("the dice are on the table");
    assert_eq!(said(&twice), ("not allowed", "the dice are not to be thrown now".to_owned()));
    let view = game.view();
    let next = view["steps"]["next"].as_array().expect("steps to choose from").clone();
    let first = &next[0];
    let to = first["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
    let step = format!("{}/{to}", first["from"]);
    let before = game.view();
    game.act(0, Action::Step { step: step.clone() }).expect("a legal first step");
    assert_eq!(game.pending(), std::slice::from_ref(&step));
    assert_ne!(game.view()["board"], before["board"], "the board shows the step");
    assert!(game.view()["legal"].as_array().is_some_and(Vec::is_empty), "no whole plays while a step is entered");
    assert!(matches!(game.act(0, Action::Move { mv: "1/2".into() }), Err(Refusal::NotAllowed(_))));
    game.act(0, Action::Undo).expect("undo the step");
    let mut after = game.view();
    assert_eq!(after["version"], 4, "the step and its undo are both records");
    after["version"] = before["version"].clone();
    assert_eq!(after, before, "undo restores the view");
    assert!(matches!(game.act(0, Action::Undo), Err(Refusal::NotAllowed(_))), "nothing left to undo");
    assert!(matches!(game.act(0, Action::Step { step: "30/31".into() }), Err(Refusal::Malformed(_))), "no point 31");
    assert!(matches!(game.act(0, Action::Step { step: "1/3 3/5".into() }), Err(Refusal::Malformed(_))), "two steps");
    assert!(matches!(game.act(0, Action::Step { step: "24/off".into() }), Err(Refusal::NotAllowed(_))), "no checker");
    assert!(matches!(game.hint(0, Some("godlike")), Err(Refusal::Malformed(_))), "no such level");
    // Steps that make a whole play hand the turn over.
    let legal: Vec<String> =
        before["legal"].as_array().expect("plays").iter().filter_map(Value::as_str).map(str::to_owned).collect();
    let play = legal.iter().find(|p| !p.is_empty()).expect("a play");
    for step in play.split_whitespace() {
        game.act(0, Action::Step { step: step.trim_end_matches('*').to_owned() }).expect("each step of a legal play");
    }
    assert!(game.pending().is_empty());
    assert_ne!(game.view()["turn"], 0, "the turn passed");
    assert!(game.log().iter().any(|l| l.text.contains(play.as_str())), "the play is logged");
}

#[test]
fn a_stale_thought_is_dropped() {
    let mut live = person_vs_bot("tictactoe", "perfect", 1);
    let Some(BotTurn::Think(thinking)) = live.bot_turn() else { panic!("the bot is to think") };
    // The person resigns while the bot thinks.
    live.act(1, Action::Resign).expect("a person may resign at any time");
    let version = live.version();
    assert_eq!(live.finish(thinking.run()), None, "the match moved on");
    assert_eq!(live.version(), version);
    assert!(live.over());
}

#[test]
fn the_helper_bot_moves_for_the_person_in_2048() {
    let setup = Setup { game: spec("2048"), seats: vec![Seat::Person], helper: Some(spec("random")), length: None };
    let mut live = start(setup, 9);
    let record = live.act(0, Action::Bot).expect("the helper moves");
    assert!(record.bot, "marked as the bot's");
    assert!(matches!(record.action, Action::Move { .. }), "stored as the move it chose");
    assert_eq!(record.chance.len(), 1, "one new tile after the move");
    assert_eq!(live.view()["board"]["moves"], 1);
    assert!(live.bot_turn().is_none(), "the person's seat never moves by itself");
}

#[test]
fn the_mother_rule_win_is_announced_as_a_win_and_scored_two() {
    // The regression: the terminal said "a tie" for a mother-rule win while it scored 2 points.
    let position = hamle_hapis::Position::from_json(&serde_json::json!({
        "turn": "white",
        "points": ["b1/w", "", "", "", "b14", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "w14", "", "", "", ""],
        "off": { "white": 0, "black": 0 },
    }))
    .expect("a position");
    let game =
        Hapis::at(position, hamle_hapis::Phase::Roll, hamle_hapis::Settings { mother: true, ..Default::default() });
    let text = (HAPIS.face.ending)(&game);
    assert_eq!(hamle_l10n::render(hamle_l10n::Lang::En, &text), "Black wins by the mother rule: 2 points.");
}

static G2048: LazyLock<GameDef<hamle_2048::G2048>> = LazyLock::new(hamle_2048::definition);

#[test]
fn the_helper_breaks_ties_from_a_fresh_stream_at_each_decision() {
    // The documented streams: decision n of game 0 breaks its ties from Stream::new(seed).derive(0).derive(1).derive(n).
    // (The old web 2048 gave its random bot Stream::new(0) at every move.)
    use hamle_core::Bot;
    let setup = Setup { game: spec("2048"), seats: vec![Seat::Person], helper: Some(spec("random")), length: None };
    let mut game = Match::new(&G2048, setup, 9, Budget::UNLIMITED).expect("a game");
    let mut chosen = Vec::new();
    for n in 0..40 {
        let state = game.state().clone();
        let mut ties = hamle_core::Stream::new(9).derive(0).derive(1).derive(n);
        let expected = hamle_core::bot::RandomBot.choose(&state, &Budget::UNLIMITED, &mut ties).expect("a move").mv;
        let record = game.act(0, Action::Bot).expect("the helper moves");
        assert_eq!(record.action, Action::Move { mv: expected.name().to_owned() }, "decision {n}");
        chosen.push(expected);
    }
    chosen.sort_by_key(|d| d.name());
    chosen.dedup();
    assert!(chosen.len() >= 3, "a random helper uses several directions: {chosen:?}");
}

/// A toy race to 10 for the layer's own rules: each turn adds 1 or 2; blue's only move on a multiple of 3 plus 2 is
/// the pass (written as nothing), as Hapis's roll that cannot be played.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    count: u8,
    turn: u8,
    /// Red must pass there too: then both sides can only pass, for ever.
    stuck: bool,
}

impl std::fmt::Display for Race {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({} to move)", self.count, self.turn)
    }
}

impl hamle_core::Game for Race {
    type Move = u8;
    type Chance = std::convert::Infallible;

    fn info(&self) -> hamle_core::GameInfo {
        hamle_core::GameInfo { name: "race", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> hamle_core::Turn {
        if self.count >= 10 { hamle_core::Turn::Over } else { hamle_core::Turn::Player(self.turn) }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.count < 10 {
            let pass = self.count % 3 == 2 && (self.turn == 1 || self.stuck);
            moves.extend(if pass { &[0][..] } else { &[1, 2][..] });
        }
    }

    fn play(&mut self, mv: u8) {
        self.count += mv;
        self.turn = 1 - self.turn;
    }

    fn points(&self) -> Option<[f64; 2]> {
        // Whoever reached 10 moved last: the side not to move now.
        (self.count >= 10).then_some(if self.turn == 1 { [1.0, 0.0] } else { [0.0, 1.0] })
    }

    fn key(&self) -> u64 {
        u64::from(self.count) * 2 + u64::from(self.turn)
    }
}

impl hamle_core::Notation for Race {
    type Error = std::num::ParseIntError;

    fn format_move(&self, mv: u8) -> String {
        if mv == 0 { String::new() } else { mv.to_string() }
    }

    fn parse_move(&self, text: &str) -> Result<u8, Self::Error> {
        text.parse()
    }

    fn format_position(&self) -> String {
        format!("{} {}", self.count, self.turn)
    }

    fn parse_position(&self, _text: &str) -> Result<Self, Self::Error> {
        Ok(self.clone())
    }
}

/// The race's definition: a random bot, and the count as the page's view.
fn race() -> GameDef<Race> {
    GameDef {
        name: "race",
        about: "a toy race to 10",
        params: &[],
        make: |_| Ok(Race { count: 0, turn: 0, stuck: false }),
        bots: vec![hamle_core::BotDef {
            name: "random",
            about: "random",
            params: &[],
            make: |_, _| Ok(Box::new(hamle_core::bot::RandomBot)),
        }],
        caps: &[],
        commands: &[],
        face: hamle_core::Face::new("race", |_| ["red", "blue"], |race| serde_json::json!({ "count": race.count })),
        encoding: hamle_core::Encoding {
            actions: |_| 11,
            action: |_, mv| u32::from(mv),
            chance_actions: hamle_core::encoding::no_chance_actions,
            chance: hamle_core::encoding::no_chance,
            shape: |_| vec![1],
            observe: |race, _, out| out[0] = f32::from(race.count) / 10.0,
            score: None,
        },
    }
}

static RACE: LazyLock<GameDef<Race>> = LazyLock::new(race);

#[test]
fn a_pass_is_played_at_once_and_counts_as_a_decision() {
    use hamle_core::Bot;
    let setup = Setup {
        game: spec("race"),
        seats: vec![Seat::Person, Seat::Bot(spec("random"))],
        helper: None,
        length: Some(2),
    };
    let mut game = Match::new(&RACE, setup, 5, Budget::UNLIMITED).expect("a match");
    game.act(0, Action::Move { mv: "2".into() }).expect("red goes to 2");
    // Blue's only move at 2 is the pass: made at once, logged, and red is to move again.
    assert_eq!(game.state().count, 2);
    assert_eq!(game.state().turn, 0, "the pass was played");
    assert_eq!(game.waiting_for(), Some(0));
    assert_eq!(game.log().last().map(|l| l.text.as_str()), Some("Blue has no move to play."));
    assert_eq!(game.log().first().map(|l| (l.game, l.text.as_str())), Some((1, "Red plays 2.")));
    assert_eq!(game.history(), ["2"], "a pass is not a move of the history");
    game.act(0, Action::Move { mv: "1".into() }).expect("red goes to 3");
    // Blue decides now: the game's third decision (red's 2, blue's pass, red's 1), so its ties come from stream 3.
    let state = game.state().clone();
    let mut ties = hamle_core::Stream::new(5).derive(0).derive(1).derive(3);
    let expected = hamle_core::bot::RandomBot.choose(&state, &Budget::UNLIMITED, &mut ties).expect("a move").mv;
    let Some(BotTurn::Think(thinking)) = game.bot_turn() else { panic!("blue is to think") };
    let record = game.finish(thinking.run()).expect("blue moves");
    assert_eq!(record.action, Action::Move { mv: expected.to_string() });
    // Play the first game out; in the second the seats swap colours.
    while game.number() == 0 {
        match game.waiting_for() {
            Some(0) => {
                game.act(0, Action::Move { mv: "1".into() }).expect("red moves");
            }
            _ if game.ending().is_some() => {
                game.act(0, Action::Next).expect("the next game");
            }
            _ => {
                if let Some(BotTurn::Think(thinking)) = game.bot_turn() {
                    game.finish(thinking.run()).expect("blue moves");
                }
            }
        }
    }
    assert_eq!(game.number(), 1);
    assert_eq!(game.player_of(0), 1, "seat 0 plays blue in the second game");
    assert!(game.history().is_empty(), "a new game, no move yet");
    assert_eq!(game.waiting_for(), None, "red moves first, and red is the bot's seat now");
    let Some(BotTurn::Think(thinking)) = game.bot_turn() else { panic!("the bot opens game 2") };
    game.finish(thinking.run()).expect("the bot moves");
    assert_eq!(game.log().last().map(|l| l.game), Some(2), "the second game's lines are numbered 2");
    assert!(game.log().last().is_some_and(|l| l.text.starts_with("Red plays")));
}

#[test]
fn a_proven_win_is_hinted_in_words() {
    // 3×3 Domineering is a first-player win (docs/rules/domineering.md's table): the solver proves it at once.
    let live = person_vs_bot("domineering(rows=3,cols=3)", "random", 0);
    let hint = live.hint(0, None).expect("a hint for the person to move");
    assert_eq!(hint["bot"], "solver");
    assert_eq!(hint["moves"][0]["value"], "won", "{hint}");
    assert!(matches!(live.hint(1, None), Err(Refusal::NotAllowed(_))), "not the bot's seat's turn");
}

static STUCK: LazyLock<GameDef<Race>> =
    LazyLock::new(|| GameDef { make: |_| Ok(Race { count: 0, turn: 0, stuck: true }), ..race() });

#[test]
fn passes_stop_after_two_in_a_row_when_both_sides_can_only_pass() {
    let setup = Setup { game: spec("race"), seats: vec![Seat::Person, Seat::Person], helper: None, length: None };
    let mut game = Match::new(&STUCK, setup, 1, Budget::UNLIMITED).expect("a match");
    game.act(0, Action::Move { mv: "2".into() }).expect("red goes to 2");
    let passes = game.log().iter().filter(|l| l.text.ends_with("has no move to play.")).count();
    assert_eq!(passes, 2, "blue passes, red passes, and then the pass is left to blue: {:?}", game.log());
    assert_eq!(game.waiting_for(), Some(1), "blue is to move, not a loop");
    assert_eq!(game.state().count, 2);
}

#[test]
fn a_stored_request_for_the_helper_is_refused_on_replay() {
    // The helper's choice is stored as the move it chose; a record of the request itself is a damaged store.
    let mut live = person_vs_bot("tictactoe", "random", 0);
    let record = Record { seat: 0, action: Action::Bot, bot: true, chance: Vec::new(), at: None };
    assert!(matches!(live.replay(&record), Err(Refusal::Malformed(_))));
    assert_eq!(live.version(), 0);
}

#[test]
fn the_summary_names_the_game_the_seats_and_the_score() {
    let live = person_vs_bot("tictactoe(variant=two-phase)", "perfect", 0);
    assert_eq!(live.summary(), "tictactoe(variant=two-phase) · person v bot perfect · one game: 0 – 0 (game 1)");
    let mut hapis = hapis_vs("random", "hapis", 3);
    hapis.act(0, Action::Roll).expect("the opening throw");
    hapis.act(0, Action::Resign).expect("resign");
    assert_eq!(hapis.summary(), "hapis · person v bot random · match to 3: 0 – 2 (game 1)");
    let alone = Setup { game: spec("2048"), seats: vec![Seat::Person], helper: None, length: None };
    assert_eq!(start(alone, 1).summary(), "2048 · person · one game: 0 (game 1)");
}

#[test]
fn a_takeback_undoes_the_persons_move_and_the_bots_reply() {
    let mut live = person_vs_bot("chess", "thesis(depth=1)", 0);
    live.act(0, Action::Move { mv: "e4".into() }).expect("a legal first move");
    run_bots(live.as_mut(), 1);
    live.act(0, Action::Move { mv: "d4".into() }).expect("a legal second move");
    run_bots(live.as_mut(), 1);
    let view = live.view();
    assert_eq!(view["board"]["san"].as_array().map(Vec::len), Some(4));
    live.act(0, Action::Takeback).expect("a takeback against a bot");
    let after = live.view();
    let san: Vec<&str> = after["board"]["san"].as_array().expect("moves").iter().filter_map(Value::as_str).collect();
    assert_eq!(san.len(), 2, "e4 and the bot's reply remain");
    assert_eq!(san[0], "e4");
    assert_eq!(after["board"]["turn"], "white", "the person is to move again");
    assert_eq!(after["history"].as_array().map(Vec::len), Some(2), "the match's list of moves agrees");
    let last = after["log"].as_array().and_then(|l| l.last()).map(|l| l["text"].clone());
    assert_eq!(last, Some(serde_json::json!("White takes back 2 moves.")));
    live.act(0, Action::Takeback).expect("a second takeback");
    assert_eq!(live.view()["board"]["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let none = live.act(0, Action::Takeback).expect_err("nothing left to take back");
    assert_eq!(said(&none), ("not allowed", "there is no move of yours to take back".to_owned()));
}

#[test]
fn a_takeback_replays_from_the_records() {
    let mut live = person_vs_bot("chess", "thesis(depth=1)", 0);
    let mut records = vec![live.act(0, Action::Move { mv: "e4".into() }).expect("legal")];
    records.extend(run_bots(live.as_mut(), 1));
    records.push(live.act(0, Action::Takeback).expect("a takeback"));
    records.push(live.act(0, Action::Move { mv: "c4".into() }).expect("legal"));
    let mut again = person_vs_bot("chess", "thesis(depth=1)", 0);
    for record in &records {
        again.replay(record).expect("replays");
    }
    assert_eq!(again.view(), live.view());
}

#[test]
fn a_takeback_is_refused_against_a_person_and_in_a_game_of_chance() {
    let friends = Setup { game: spec("chess"), seats: vec![Seat::Person, Seat::Person], helper: None, length: None };
    let mut live = start(friends, 1);
    live.act(0, Action::Move { mv: "e4".into() }).expect("legal");
    let refused = live.act(0, Action::Takeback).expect_err("a friend is not asked");
    assert_eq!(said(&refused), ("not allowed", "moves are taken back only against a bot".to_owned()));
    let mut hapis = person_vs_bot("hapis", "random", 0);
    let refused = hapis.act(0, Action::Takeback).expect_err("dice are committed");
    assert!(matches!(refused, Refusal::NotAllowed(_)) && refused.to_string().contains("chance"), "{refused:?}");
}

#[test]
fn a_bot_accepts_a_draw_only_when_it_stands_no_better() {
    // From the start the thesis's evaluation is level: the bot accepts.
    let mut level = person_vs_bot("chess", "thesis(depth=1)", 0);
    level.act(0, Action::OfferDraw).expect("accepted");
    let view = level.view();
    assert_eq!(view["ending"]["points"], serde_json::json!([0.5, 0.5]));
    assert_eq!(view["ending"]["text"], "A draw by agreement.");
    // A pawn up after 1. e4 d5 2. exd5 (white is the person, black the bot is a pawn down): black accepts;
    // with the person as black a pawn down, the bot (white) declines.
    let spec = "chess(fen=rnbqkbnr.ppp1pppp.8.3P4.8.8.PPPP1PPP.RNBQKBNR_b_KQkq_-_0_2)";
    let mut behind = person_vs_bot(spec, "thesis(depth=1)", 1);
    let before = behind.view();
    let refused = behind.act(1, Action::OfferDraw).expect_err("the bot stands better");
    assert_eq!(said(&refused), ("not allowed", "bot thesis(depth=1) declines the draw".to_owned()));
    assert_eq!(behind.view(), before, "a declined offer changes nothing");
}

#[test]
fn friends_agree_a_draw_by_both_offering_before_a_move() {
    let friends = Setup { game: spec("chess"), seats: vec![Seat::Person, Seat::Person], helper: None, length: None };
    let mut live = start(friends, 1);
    live.act(0, Action::OfferDraw).expect("an offer");
    assert_eq!(live.view()["draw_offer"], 0);
    let again = live.act(0, Action::OfferDraw).expect_err("one offer at a time");
    assert!(matches!(again, Refusal::NotAllowed(_)));
    live.act(0, Action::Move { mv: "e4".into() }).expect("legal");
    assert_eq!(live.view()["draw_offer"], Value::Null, "a move lets the offer lapse");
    live.act(1, Action::OfferDraw).expect("an offer");
    live.act(0, Action::OfferDraw).expect("agreed");
    assert_eq!(live.view()["ending"]["text"], "A draw by agreement.");
    assert!(live.act(1, Action::OfferDraw).is_err(), "the game is over");
}

#[test]
fn black_takes_back_one_move_before_the_bot_replies() {
    // The person plays black: after the bot's first move and the person's reply, the bot has not moved yet, so
    // one move is taken back, and the log says so in the singular.
    let mut live = person_vs_bot("chess", "thesis(depth=1)", 1);
    run_bots(live.as_mut(), 1);
    live.act(1, Action::Move { mv: "e5".into() }).expect("legal");
    live.act(1, Action::Takeback).expect("a take-back as black");
    let view = live.view();
    assert_eq!(view["board"]["san"].as_array().map(Vec::len), Some(1), "the bot's first move stays");
    let last = view["log"].as_array().and_then(|l| l.last()).map(|l| l["text"].clone());
    assert_eq!(last, Some(serde_json::json!("Black takes back 1 move.")));
}

#[test]
fn no_draw_is_offered_between_the_games_of_a_match() {
    let setup = Setup {
        game: spec("chess"),
        seats: vec![Seat::Person, Seat::Bot(spec("thesis(depth=1)"))],
        helper: None,
        length: Some(3),
    };
    let mut live = start(setup, 1);
    live.act(0, Action::Resign).expect("a resignation");
    let refused = live.act(0, Action::OfferDraw).expect_err("the game is over, the match is not");
    assert_eq!(said(&refused), ("not allowed", "this game is over".to_owned()));
}

// The bounds of the play layer (undos, take-backs, records), the view's log window, and what the server asks
// of a match: whether a bot is due, the helper's thought handed out, and the memory a match holds.

use hamle_arena::play::{LOG_SHOWN, MAX_RECORDS, MAX_TAKEBACKS, MAX_UNDOS};

/// Throws (the bot acting meanwhile) until the person at seat 0 has a play to enter.
fn to_persons_play(game: &mut Match<Hapis>) {
    for _ in 0..200 {
        until_person(game);
        let view = game.view();
        match view["to_do"].as_str() {
            Some("roll") => {
                game.act(0, Action::Roll).expect("the person's throw");
            }
            Some("move") => {
                assert_eq!(view["turn"], 0, "the person's play");
                return;
            }
            Some("next") => {
                game.act(0, Action::Next).expect("the next game");
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    panic!("the person never had a play to enter");
}

/// The person's legal plays now, the pass left out.
fn plays(game: &Match<Hapis>) -> Vec<String> {
    let view = game.view();
    let legal = view["legal"].as_array().expect("plays");
    legal.iter().filter_map(Value::as_str).filter(|p| !p.is_empty()).map(str::to_owned).collect()
}

/// The steps of a play in notation, as a person enters them.
fn steps_of(play: &str) -> Vec<String> {
    play.split_whitespace().map(|s| s.trim_end_matches('*').to_owned()).collect()
}

/// Brings the person to a play of two steps or more (playing shorter ones whole on the way): its first step
/// entered alone leaves the move unfinished.
fn to_a_long_play(game: &mut Match<Hapis>) -> String {
    for _ in 0..200 {
        to_persons_play(game);
        let plays = plays(game);
        if let Some(play) = plays.iter().find(|p| steps_of(p).len() >= 2) {
            return play.clone();
        }
        game.act(0, Action::Move { mv: plays[0].clone() }).expect("a legal play");
    }
    panic!("the person never had a play of two steps");
}

/// Enters `step` and undoes it, `times` times.
fn step_and_undo(game: &mut Match<Hapis>, step: &str, times: u32) {
    for n in 0..times {
        game.act(0, Action::Step { step: step.to_owned() }).unwrap_or_else(|e| panic!("step {n}: {e}"));
        game.act(0, Action::Undo).unwrap_or_else(|e| panic!("undo {n}: {e}"));
    }
}

#[test]
fn the_undo_past_max_undos_since_a_move_is_refused_and_a_move_starts_the_count_again() {
    let mut game = hapis_vs("random", "hapis", 3);
    let play = to_a_long_play(&mut game);
    let steps = steps_of(&play);
    step_and_undo(&mut game, &steps[0], MAX_UNDOS);
    game.act(0, Action::Step { step: steps[0].clone() }).expect("steps are not bounded, undos are");
    let version = game.version();
    let refused = game.act(0, Action::Undo).expect_err("the 51st undo since the last move");
    assert_eq!(
        said(&refused),
        ("not allowed", format!("{MAX_UNDOS} steps were undone since the last move: play this one"))
    );
    assert!(refused.to_string().contains("50"), "{refused}");
    assert_eq!(game.version(), version, "a refused undo is no record");
    assert_eq!(game.pending(), &steps[..1], "the step stays entered");
    for step in &steps[1..] {
        game.act(0, Action::Step { step: step.clone() }).expect("the rest of the play");
    }
    assert!(game.pending().is_empty(), "the play was made");
    assert!(game.log().iter().any(|l| l.text == format!("White plays {play}.")), "{:?}", game.log());
    // The person's next play has its own 50 undos.
    let play = to_a_long_play(&mut game);
    let step = steps_of(&play).remove(0);
    step_and_undo(&mut game, &step, MAX_UNDOS);
    game.act(0, Action::Step { step }).expect("a step");
    assert!(matches!(game.act(0, Action::Undo), Err(Refusal::NotAllowed(_))), "the bound holds again");
}

#[test]
fn the_takeback_past_max_takebacks_in_a_game_is_refused_and_a_replay_counts_the_same() {
    let setup = Setup {
        game: spec("tictactoe"),
        seats: vec![Seat::Person, Seat::Bot(spec("random"))],
        helper: None,
        length: Some(3),
    };
    let mut live = start(setup.clone(), 3);
    let mut records = Vec::new();
    for n in 0..MAX_TAKEBACKS {
        records.push(live.act(0, Action::Move { mv: "b2".into() }).expect("b2 is free again"));
        records.extend(run_bots(live.as_mut(), 1));
        records.push(live.act(0, Action::Takeback).unwrap_or_else(|e| panic!("take-back {}: {e}", n + 1)));
    }
    assert_eq!(live.version(), 3 * MAX_TAKEBACKS as usize);
    records.push(live.act(0, Action::Move { mv: "b2".into() }).expect("b2"));
    records.extend(run_bots(live.as_mut(), 1));
    let version = live.version();
    let refused = live.act(0, Action::Takeback).expect_err("the 101st take-back");
    assert_eq!(said(&refused), ("not allowed", format!("this game has had its {MAX_TAKEBACKS} take-backs")));
    assert!(refused.to_string().contains("100"), "{refused}");
    assert_eq!(live.version(), version);
    // The records of the 100 take-backs replay, and the replayed match counts them too.
    let mut again = start(setup, 3);
    for record in &records {
        again.replay(record).expect("the records replay");
    }
    assert_eq!(again.view(), live.view());
    assert_eq!(again.act(0, Action::Takeback), Err(refused));
    // The bound is per game: the next game of the match has its own.
    live.act(0, Action::Resign).expect("resign game 1");
    live.act(0, Action::Next).expect("game 2");
    run_bots(live.as_mut(), 1);
    let free = live.view()["legal"][0].as_str().expect("a free square").to_owned();
    live.act(0, Action::Move { mv: free }).expect("the person's first move of game 2");
    run_bots(live.as_mut(), 1);
    live.act(0, Action::Takeback).expect("game 2's first take-back");
}

#[test]
fn a_match_at_its_ceiling_refuses_all_but_resigning_and_no_bot_is_due() {
    // Each of the person's turns is padded with a step entered and undone (two records, at most 50 times), and
    // the last turn is made to end exactly on the ceiling with the person's play: the bot's throw is next.
    let mut game = hapis_vs("random", "hapis", 1000);
    let limit = 2 * MAX_UNDOS as usize + 1;
    loop {
        let play = to_a_long_play(&mut game);
        let steps = steps_of(&play);
        let left = MAX_RECORDS - game.version();
        if left > limit {
            let pairs = ((left - limit) / 2).clamp(1, MAX_UNDOS as usize) as u32;
            step_and_undo(&mut game, &steps[0], pairs);
            game.act(0, Action::Move { mv: play }).expect("the play");
        } else if left % 2 == 1 {
            step_and_undo(&mut game, &steps[0], (left / 2) as u32);
            game.act(0, Action::Move { mv: play }).expect("the last play");
            break;
        } else if steps.len().is_multiple_of(2) && left >= steps.len() {
            step_and_undo(&mut game, &steps[0], ((left - steps.len()) / 2) as u32);
            for step in &steps {
                game.act(0, Action::Step { step: step.clone() }).expect("a step of the last play");
            }
            break;
        } else {
            assert!(left >= 8, "{left} records left: the seed does not land on the ceiling");
            game.act(0, Action::Move { mv: play }).expect("the play");
        }
    }
    assert_eq!(game.version(), MAX_RECORDS);
    let view = game.view();
    assert_eq!((view["turn"].clone(), view["to_do"].clone()), (1.into(), "roll".into()), "the bot's throw is next");
    assert!(!game.bot_due(), "no bot acts at the ceiling");
    assert!(game.bot_turn().is_none());
    assert_eq!(game.version(), MAX_RECORDS);
    // The ceiling as English writes a number, grouped by thousands.
    assert_eq!(MAX_RECORDS, 20_000);
    let ceiling = Refusal::NotAllowed(Msg::verbatim("this match has reached its ceiling of 20,000 actions: resign it"));
    let actions = [
        Action::Roll,
        Action::Move { mv: "1/3".into() },
        Action::Step { step: "1/3".into() },
        Action::Undo,
        Action::Takeback,
        Action::OfferDraw,
        Action::Bot,
        Action::Next,
    ];
    for action in actions {
        assert_eq!(game.act(0, action.clone()), Err(ceiling.clone()), "{action:?}");
    }
    assert!(matches!(game.helping(0), Err(ref r) if *r == ceiling));
    assert_eq!(game.version(), MAX_RECORDS);
    assert_eq!(game.view(), view, "refusals change nothing");
    let record = game.act(0, Action::Resign).expect("resigning is allowed at the ceiling");
    assert_eq!(record.action, Action::Resign);
    assert_eq!(game.version(), MAX_RECORDS + 1);
    assert_eq!(game.ending().map(|e| e.resigned), Some(Some(0)));
    // No next game can be stored: the match (to 5 points, unreached) is over, not stuck.
    assert!(game.over(), "a match at its ceiling is over once its game has ended");
    assert_eq!(
        game.act(0, Action::Next).err().as_ref().map(said),
        Some(("not allowed", "the match is over".to_owned()))
    );
}

#[test]
fn the_view_shows_the_newest_log_lines_from_log_start() {
    let setup = bots("hapis", "random", "random", Some(5));
    let mut game = Match::new(&HAPIS, setup, 21, Budget::depth(1)).expect("a match");
    run_bots(&mut game, 6);
    let short = game.view();
    let total = game.log().len();
    assert!(total > 0 && total < LOG_SHOWN);
    assert_eq!(short["log_start"], 0, "fewer lines than shown: all of them");
    assert_eq!(short["log"].as_array().map(Vec::len), Some(total));
    while game.log().len() <= LOG_SHOWN + 50 {
        assert!(!run_bots(&mut game, 1).is_empty(), "the bots play on");
    }
    let total = game.log().len();
    let view = game.view();
    let shown = view["log"].as_array().expect("a log");
    assert_eq!(shown.len(), LOG_SHOWN);
    assert_eq!(view["log_start"], total - LOG_SHOWN, "the older lines");
    let line = |i: usize| serde_json::to_value(&game.log()[i]).expect("a line");
    assert_eq!(shown[0], line(total - LOG_SHOWN), "the first shown is line log_start");
    assert_eq!(shown[LOG_SHOWN - 1], line(total - 1), "the last shown is the newest");
    assert_ne!(shown[0], line(0), "the oldest is not shown");
}

/// `bot_due` and what `bot_turn` does now agree; a thought it hands out is played.
fn due_agrees(live: &mut dyn Live) -> bool {
    let due = live.bot_due();
    let version = live.version();
    let turn = live.bot_turn();
    assert_eq!(due, turn.is_some(), "bot_due says {due}");
    if !due {
        assert_eq!(live.version(), version, "nothing happened");
    }
    if let Some(BotTurn::Think(thinking)) = turn {
        live.finish(thinking.run()).expect("the bot plays");
    }
    due
}

#[test]
fn bot_due_is_true_exactly_when_bot_turn_acts() {
    let mut live = person_vs_bot("tictactoe", "random", 0);
    assert!(!due_agrees(live.as_mut()), "the person moves first");
    live.act(0, Action::Move { mv: "b2".into() }).expect("b2");
    assert!(due_agrees(live.as_mut()), "the bot replies");
    assert!(!due_agrees(live.as_mut()), "the person again");
    live.act(0, Action::Resign).expect("resign");
    assert!(!due_agrees(live.as_mut()), "the game is over");
    let mut second = person_vs_bot("tictactoe", "random", 1);
    assert!(due_agrees(second.as_mut()), "the bot opens");
    // A throw of the dice is a bot's act too (done at once).
    let mut hapis = hapis_vs("random", "hapis(next=winner)", 3);
    hapis.act(0, Action::Roll).expect("the opening throw");
    hapis.act(0, Action::Resign).expect("White resigns");
    hapis.act(0, Action::Next).expect("the next game, Black (the bot) throws first");
    assert!(hapis.bot_due());
    assert!(matches!(hapis.bot_turn(), Some(BotTurn::Acted(Record { action: Action::Roll, .. }))));
    let alone = Setup { game: spec("2048"), seats: vec![Seat::Person], helper: Some(spec("random")), length: None };
    let mut alone = start(alone, 4);
    for _ in 0..5 {
        assert!(!due_agrees(alone.as_mut()), "no bot sits in a one-player game");
        alone.act(0, Action::Bot).expect("the helper moves, not by itself");
    }
    // Bots alone: due between the games of their match too.
    let mut both = start(bots("tictactoe", "random", "random", Some(2)), 6);
    let mut between = 0;
    while due_agrees(both.as_mut()) {
        between += usize::from(both.view()["to_do"] == "next");
    }
    assert!(both.over());
    assert!(between > 0, "a game of the match ended before the last");
}

fn helped_2048(seed: u64) -> Box<dyn Live> {
    let setup = Setup {
        game: spec("2048"),
        seats: vec![Seat::Person],
        helper: Some(spec("expectimax(depth=1)")),
        length: None,
    };
    start(setup, seed)
}

#[test]
fn the_helpers_thought_plays_the_move_that_acting_bot_would() {
    let (mut thought, mut acted) = (helped_2048(17), helped_2048(17));
    for n in 0..8 {
        let thinking = thought.helping(0).unwrap_or_else(|e| panic!("decision {n}: {e}"));
        let record = thought.finish(thinking.run()).expect("a fresh thought is played");
        assert!(matches!(record, Record { seat: 0, action: Action::Move { .. }, bot: true, .. }), "{record:?}");
        assert_eq!(record.chance.len(), 1, "a tile after the move");
        assert_eq!(record, acted.act(0, Action::Bot).expect("the helper moves"), "decision {n}");
    }
    assert_eq!(thought.version(), 8);
    assert_eq!(thought.view(), acted.view());
}

#[test]
fn helping_is_refused_for_a_bot_out_of_turn_with_steps_entered_and_without_a_helper() {
    let with_helper = |person: u8| {
        let mut seats = vec![Seat::Bot(spec("random")), Seat::Bot(spec("random"))];
        seats[usize::from(person)] = Seat::Person;
        start(Setup { game: spec("tictactoe"), seats, helper: Some(spec("random")), length: None }, 1)
    };
    let refused = |live: &mut dyn Live, seat| {
        let version = live.version();
        let Err(why) = live.helping(seat) else { panic!("helping seat {seat} is refused") };
        assert_eq!(live.version(), version);
        why
    };
    let mut live = with_helper(0);
    assert_eq!(refused(live.as_mut(), 1), Refusal::NotAllowed(Msg::verbatim("a bot sits at that seat")));
    assert!(live.helping(0).is_ok(), "the person's seat, in turn");
    let mut second = with_helper(1);
    assert_eq!(refused(second.as_mut(), 1), Refusal::NotAllowed(Msg::verbatim("it is not your turn")));
    let setup = Setup {
        game: spec("hapis"),
        seats: vec![Seat::Person, Seat::Bot(spec("random"))],
        helper: Some(spec("random")),
        length: Some(1),
    };
    let mut hapis = Match::new(&HAPIS, setup, 11, Budget::depth(1)).expect("a match");
    let play = to_a_long_play(&mut hapis);
    hapis.act(0, Action::Step { step: steps_of(&play).remove(0) }).expect("a step");
    assert_eq!(
        refused(&mut hapis, 0),
        Refusal::NotAllowed(Msg::verbatim("undo the steps entered before asking the bot"))
    );
    hapis.act(0, Action::Undo).expect("undo");
    assert!(hapis.helping(0).is_ok(), "the steps undone");
    let alone = Setup { game: spec("2048"), seats: vec![Seat::Person], helper: None, length: None };
    let mut alone = start(alone, 1);
    assert_eq!(refused(alone.as_mut(), 0), Refusal::NotAllowed(Msg::verbatim("this game has no helper bot")));
}

#[test]
fn a_helpers_stale_thought_is_dropped_and_the_helper_thinks_again() {
    let (mut live, mut twin) = (helped_2048(23), helped_2048(23));
    let thinking = live.helping(0).expect("the helper thinks");
    let mv = live.view()["legal"][0].as_str().expect("a legal move").to_owned();
    let moved = live.act(0, Action::Move { mv: mv.clone() }).expect("the person moves meanwhile");
    assert_eq!(live.finish(thinking.run()), None, "the match moved on");
    assert_eq!(live.version(), 1, "the stale thought played nothing");
    assert_eq!(live.view()["board"]["moves"], 1);
    let again = live.helping(0).expect("the helper again");
    let record = live.finish(again.run()).expect("a fresh thought");
    assert_eq!(twin.act(0, Action::Move { mv }).expect("the same move"), moved);
    assert_eq!(record, twin.act(0, Action::Bot).expect("the helper moves"), "the helper chose as it would have");
}

#[test]
fn the_footprint_grows_with_the_log_and_counts_the_engines_table() {
    let setup = bots("hapis", "random", "random", Some(3));
    let mut game = Match::new(&HAPIS, setup, 5, Budget::depth(1)).expect("a match");
    let fresh = game.footprint();
    run_bots(&mut game, 300);
    let text: usize = game.log().iter().map(|l| l.text.len()).sum();
    assert!(game.log().len() > 50, "a long log");
    assert!(game.footprint() >= fresh + text, "{} < {fresh} + {text} bytes of log", game.footprint());
    // Each line counts its text, its own record and its string's bookkeeping (three words), beside the match
    // itself: a lower bound worked out by hand from what the match holds, which every part of the sum must reach.
    let word = std::mem::size_of::<usize>();
    let lines: usize = game.log().iter().map(|l| l.text.len() + 3 * word + std::mem::size_of_val(l)).sum();
    let history: usize = game.history().iter().map(|h| h.len() + 3 * word).sum();
    let floor = std::mem::size_of_val(&game) + lines + history;
    assert!(game.footprint() >= floor, "{} < {floor}: a part of the match is not counted", game.footprint());
    // And no more than twice that (the positions and the moves are small beside a long log).
    assert!(game.footprint() <= 2 * floor, "{} > 2 × {floor}: counted more than the match holds", game.footprint());
    let mut chess = person_vs_bot("chess", "engine(level=1)", 0);
    chess.act(0, Action::Move { mv: "e4".into() }).expect("e4");
    let before = chess.footprint();
    run_bots(chess.as_mut(), 1);
    let after = chess.footprint();
    // Level 1 keeps a table of 1 MiB between moves (its slots fill the MiB to within one slot).
    assert!(after >= before + (1 << 20) - 64, "{after} < {before} + 1 MiB");
}

/// A refusal's kind and its words in English.
fn said(refusal: &Refusal) -> (&'static str, String) {
    let kind = match refusal {
        Refusal::Malformed(_) => "malformed",
        Refusal::NotAllowed(_) => "not allowed",
    };
    (kind, refusal.to_string())
}

#[test]
fn refusals_are_equal_when_they_say_the_same_in_english_and_are_of_one_kind() {
    let turn = Refusal::NotAllowed(Msg::new("refusal-not-your-turn"));
    assert_eq!(turn, Refusal::NotAllowed(Msg::verbatim("it is not your turn")));
    assert_ne!(turn, Refusal::Malformed(Msg::verbatim("it is not your turn")), "another kind");
    assert_ne!(turn, Refusal::NotAllowed(Msg::new("refusal-match-over")), "other words");
    assert_eq!(turn.msg(), &Msg::new("refusal-not-your-turn"));
}

#[test]
fn the_board_is_drawn_in_the_language_asked() {
    let setup =
        Setup { game: spec("hapis"), seats: vec![Seat::Person, Seat::Bot(spec("random"))], helper: None, length: None };
    let live = Match::new(&HAPIS, setup, 5, Budget::UNLIMITED).expect("a match");
    let turkish = live.board(0, hamle_l10n::Lang::Tr);
    assert_eq!(turkish, live.state().board_text(hamle_l10n::Lang::Tr));
    assert!(turkish.contains("toplanan: beyaz 0, siyah 0"), "{turkish}");
    assert_eq!(live.board(0, hamle_l10n::Lang::En), live.state().to_string());
}
