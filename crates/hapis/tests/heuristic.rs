//! The hand-made evaluation and the `heuristic` bot.

use hamle_core::{Bot, Budget, Evaluator, Game, Notation, Stream};
use hamle_hapis::bots::{Heuristic, HeuristicEval, pips, shot_rolls};
use hamle_hapis::{Dice, Hapis, Phase, Point, Position, Settings, Side};
use hamle_testkit::random_positions;

/// White's blot on its point 10 and one Black stack `distance` points in front of it.
fn one_shot(distance: u8) -> Position {
    let mut position = Position { points: [Point::EMPTY; 24], off: [13, 14], turn: Side::Black };
    position.points[Side::White.index_of(10)] = Point::stack(Side::White, 1);
    position.points[Side::White.index_of(24)] = Point::stack(Side::White, 1);
    position.points[Side::White.index_of(10 + distance)] = Point::stack(Side::Black, 1);
    position
}

#[test]
fn shots_on_an_open_board_are_the_classic_counts() {
    // Out of 36: the numbers every backgammon player knows, for a blot 1 to 12 points away.
    let expected = [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3];
    for (d, &rolls) in (1..=12u8).zip(expected.iter()) {
        assert_eq!(shot_rolls(&one_shot(d), Side::White, 10), rolls, "distance {d}");
    }
}

#[test]
fn a_door_on_the_way_cuts_the_combined_shots() {
    let mut position = one_shot(8);
    // A White door 4 points in front of the blot (Black would pass it on 4-4 and on 4 first of 4-4/…).
    position.points[Side::White.index_of(14)] = Point::stack(Side::White, 2);
    position.off[0] = 11;
    // Open board: 6-2, 2-6, 5-3, 3-5, 4-4, 2-2 = 6. Through 14 closed: 4-4 and 2-2 (via 14 after 2 twos) fall.
    assert_eq!(shot_rolls(&position, Side::White, 10), 4);
}

/// The shot count written plainly, roll by roll and stack by stack (as it was before it read the board
/// once per side): a second implementation for the one the evaluations use.
fn plain_shot_rolls(position: &Position, side: Side, blot: u8) -> u32 {
    let them = side.other();
    let target = 25 - blot;
    let attackers: Vec<u8> = (1..target).filter(|&p| position.point(them, p).movable(them)).collect();
    let open = |p: u8| p <= 24 && position.landing(them, p).is_some();
    let mut hits = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let hit = attackers.iter().any(|&from| {
                let d = target - from;
                if a == b {
                    (1..=4u8).take_while(|&n| open(from + a * n)).any(|n| a * n == d)
                } else {
                    a == d || b == d || (a + b == d && (open(from + a) || open(from + b)))
                }
            });
            hits += u32::from(hit);
        }
    }
    hits
}

/// `side`'s open checkers (free, alone, not pinning): the points the shot counts are for.
fn blots(position: &Position, side: Side) -> impl Iterator<Item = u8> + '_ {
    (1..=24u8).filter(move |&p| {
        let point = position.point(side, p);
        point.movable(side) && point.count == 1 && !point.prisoner
    })
}

#[test]
fn shots_agree_with_a_plain_count_on_random_positions() {
    let mut counted = 0;
    for game in random_positions(&Hapis::default(), 9, 300) {
        let position = game.position();
        for side in [Side::White, Side::Black] {
            for p in blots(position, side) {
                counted += 1;
                let want = plain_shot_rolls(position, side, p);
                assert_eq!(shot_rolls(position, side, p), want, "{side} blot on {p} of {position:?}");
            }
        }
    }
    assert!(counted > 300, "the positions hold blots to count shots at ({counted})");
}

#[test]
fn each_blot_costs_its_side_the_shot_weight_per_hitting_roll() {
    let eval = HeuristicEval::default();
    let blind = HeuristicEval { weights: hamle_hapis::bots::Weights { shot: 0.0, ..eval.weights } };
    // The shots at `side`'s blots, out of 36, summed.
    let exposure = |position: &Position, side: Side| -> f64 {
        blots(position, side).map(|p| f64::from(shot_rolls(position, side, p)) / 36.0).sum()
    };
    let mut exposed = 0;
    for game in random_positions(&Hapis::default(), 12, 200) {
        let p = game.position();
        let expected = -eval.weights.shot * (exposure(p, Side::White) - exposure(p, Side::Black));
        let cost = eval.score(p, Side::White) - blind.score(p, Side::White);
        assert!((cost - expected).abs() < 1e-9, "{cost} against {expected} in {p:?}");
        exposed += usize::from(expected != 0.0);
    }
    assert!(exposed > 40, "62 of the 200 positions leave a blot in reach ({exposed})");
}

#[test]
fn pips_at_the_start_are_fifteen_times_twenty_four() {
    assert_eq!(pips(&Position::start(), Side::White), 360);
    assert_eq!(pips(&Position::start(), Side::Black), 360);
}

#[test]
fn the_evaluation_is_zero_sum() {
    let eval = HeuristicEval::default();
    for game in random_positions(&Hapis::default(), 4, 200) {
        let p = game.position();
        assert!((eval.score(p, Side::White) + eval.score(p, Side::Black)).abs() < 1e-9);
        assert!((eval.evaluate(&game, 0) + eval.evaluate(&game, 1)).abs() < 1e-9);
        assert!(eval.evaluate(&game, 0).abs() <= 2.0);
    }
}

#[test]
fn heuristic_pins_when_it_can_do_so_safely() {
    // White 6-2 with Black's lone checker 6 in front of a White stack: pinning it is best.
    let position = Position::from_json_str(
        r#"{"turn":"white","points":["w15","","","","","","b1","","","","","","","","","","","","","","","","","b14"],"off":{"white":0,"black":0}}"#,
    )
    .expect("valid");
    let game = Hapis::at(position, Phase::Move(Dice(6, 2)), Settings::default());
    let decision = Heuristic::default().choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a play");
    assert!(game.format_move(decision.mv).contains('*'), "{}", game.format_move(decision.mv));
}

#[test]
fn heuristic_plays_only_legal_plays() {
    let mut bot = Heuristic::default();
    for game in random_positions(&Hapis::default(), 8, 300) {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(2)).expect("a play");
        assert!(legal.contains(&decision.mv));
    }
}

#[test]
fn lookahead_plays_only_legal_plays_and_searches_the_replies() {
    let mut bot = hamle_hapis::bots::Player::heuristic(2, 3);
    for game in random_positions(&Hapis::default(), 9, 40) {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(3)).expect("a play");
        assert!(legal.contains(&decision.mv));
        if legal.len() > 1 {
            assert!(decision.nodes > legal.len() as u64, "the replies are evaluated too");
        }
        assert!(decision.score.abs() <= 2.0);
    }
}

#[test]
fn lookahead_with_a_filter_of_one_plays_as_the_one_ply_bot() {
    let mut deep = hamle_hapis::bots::Player::heuristic(2, 1);
    let mut shallow = Heuristic::default();
    for game in random_positions(&Hapis::default(), 10, 60) {
        let a = deep.choose(&game, &Budget::UNLIMITED, &mut Stream::new(4)).expect("a play");
        let b = shallow.choose(&game, &Budget::UNLIMITED, &mut Stream::new(4)).expect("a play");
        let mut after = [game, game];
        after[0].play(a.mv);
        after[1].play(b.mv);
        let eval = HeuristicEval::default();
        let me = game.position().turn;
        // Equal by value (ties may pick different plays of the same worth).
        assert!((eval.score(after[0].position(), me) - eval.score(after[1].position(), me)).abs() < 1e-9);
    }
}

/// The heuristic's weights are parameters for `hamle tune`: each declared default is the hand-set weight (read
/// from `Weights::default`, not from the declaration), and a weight given changes the evaluation it names.
#[test]
fn heuristic_weights_are_parameters_whose_defaults_are_the_hand_set_ones() {
    use hamle_hapis::bots::{HeuristicEval, Weights};
    let def = hamle_hapis::definition();
    let listing = def.bots.iter().find(|b| b.name == "heuristic").expect("the heuristic bot");
    let w = Weights::default();
    let hand_set = [
        ("pip", w.pip),
        ("pin", w.pin),
        ("pin_depth", w.pin_depth),
        ("door", w.door),
        ("prime", w.prime),
        ("home_door", w.home_door),
        ("shot", w.shot),
        ("off", w.off),
        ("mother", w.mother),
    ];
    for (key, weight) in hand_set {
        let doc = listing.params.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("{key} is a parameter"));
        assert_eq!(doc.default.parse::<f64>().ok(), Some(weight), "{key}");
    }
    // A pinned checker's worth moves with `pin`: the same position, scored with pin 25 and pin 35.
    let position = Position::from_json_str(
        r#"{"turn":"white","points":["w14","","","","","","w1/b","","","","","","","","","","","","","","","","","b14"],"off":{"white":0,"black":0}}"#,
    )
    .expect("a position with one black checker pinned");
    let base = HeuristicEval::default().score(&position, Side::White);
    let heavier = HeuristicEval { weights: Weights { pin: 35.0, ..w } }.score(&position, Side::White);
    assert!((heavier - base - 10.0).abs() < 1e-9, "one pinned checker: ten more points ({base} → {heavier})");
    let game = Hapis::default();
    for spec in ["heuristic(pin=35)", "heuristic(plies=2,shot=0,mother=-3.5)"] {
        let spec: hamle_core::Spec = spec.parse().expect("a spec");
        assert!(def.bot(&spec, &game).is_ok(), "{spec}");
    }
    let refused = def.bot(&"heuristic(pin=200)".parse().expect("a spec"), &game).err().map(|e| e.to_string());
    assert!(refused.is_some_and(|e| e.contains("-100..=100")));
}

#[test]
fn heuristic_tuned_weights_are_a_named_set_and_given_weights_still_win() {
    use hamle_hapis::bots::{HeuristicEval, Weights};
    let def = hamle_hapis::definition();
    let game = Hapis::default();
    let position = Position::from_json_str(
        r#"{"turn":"white","points":["w14","","","","","","w1/b","","","","","","","","","","","","","","","","","b14"],"off":{"white":0,"black":0}}"#,
    )
    .expect("a position");
    // The bots are told apart by how they score a position: the named set's weights, or a given one over them.
    let scored = |weights: Weights| HeuristicEval { weights }.score(&position, Side::White);
    let tuned = Weights::TUNED;
    assert_ne!(scored(tuned), scored(Weights::default()));
    assert_eq!(tuned.pin, 7.69, "the tuned set counts a pin a third as much as the hand-set 25");
    for spec in ["heuristic(weights=tuned)", "heuristic(weights=tuned,pin=25)", "heuristic(weights=published)"] {
        assert!(def.bot(&spec.parse().expect("a spec"), &game).is_ok(), "{spec}");
    }
    let refused = def.bot(&"heuristic(weights=best)".parse().expect("a spec"), &game).err().map(|e| e.to_string());
    assert!(refused.is_some_and(|e| e.contains("published|tuned")));
}
