//! The thesis's player against the hand-worked cases of `docs/rules/hapis-thesis-player.md` §12 (T1–T9),
//! and whole games played legally.

use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
use hamle_hapis::bots::{Hits, Thesis, hits};
use hamle_hapis::{Dice, Hapis, Phase, Position, Settings, Side};

fn at(json: &str, a: u8, b: u8) -> Hapis {
    let position = Position::from_json_str(json).expect("a valid position");
    Hapis::at(position, Phase::Move(Dice(a, b)), Settings::default())
}

fn thesis_play(json: &str, a: u8, b: u8) -> String {
    let game = at(json, a, b);
    let (play, _, _) = Thesis::play(&game).expect("dice to play");
    // Written as the legal play for the same result; compare results, not step order.
    game.format_move(play)
}

fn same_result(json: &str, a: u8, b: u8, expected: &str) {
    let game = at(json, a, b);
    let mut ours = game;
    let mut theirs = game;
    let chosen = game.parse_move(&thesis_play(json, a, b)).expect("reads");
    ours.try_play(chosen).expect("the bot plays legally");
    theirs.try_play(game.parse_move(expected).expect("reads")).expect("the expected play is legal");
    assert_eq!(ours.position(), theirs.position(), "thesis played {}, expected {expected}", thesis_play(json, a, b));
}

/// The risk of moving `me`'s checker `from` by `die` (own numbering) in `json`.
fn risk_of(json: &str, steps: &[(u8, u8)]) -> Hits {
    let before = Position::from_json_str(json).expect("valid");
    let mut after = before;
    for &(from, die) in steps {
        let step = after.step(from, die).expect("a legal step");
        after.apply(step);
    }
    hits(&before, &after, before.turn)
}

const T1: &str = r#"{"turn":"white","points":["","","","","w4","","w2","","w3","","w1","","","b2/w","b1/w","b2/w","","b1/w","","","b4/w","","","b5"],"off":{"white":0,"black":0}}"#;
const T2: &str = r#"{"turn":"black","points":["b12","","","","","","","","","w1","","w1","","","b2","","b1","","","","","","","w13"],"off":{"white":0,"black":0}}"#;
const T3: &str = r#"{"turn":"white","points":["b12","","w1","","w2","","","","b2","","b1","","","","","","","","","","","","","w12"],"off":{"white":0,"black":0}}"#;
const T4: &str = r#"{"turn":"black","points":["b12","","","","","","","","","w2","","","","","w1","","b2","","","","b1","","","w12"],"off":{"white":0,"black":0}}"#;
const T5: &str = r#"{"turn":"white","points":["b12","","","","","","","","","b1","","w1","","w1","b2","","","","","","","","","w13"],"off":{"white":0,"black":0}}"#;
const T6: &str = r#"{"turn":"white","points":["b12","","","","","","","","","w1","","b1","","","","","","b2","","","","","","w14"],"off":{"white":0,"black":0}}"#;
const T7: &str = r#"{"turn":"black","points":["","","w2","","b1","b1","","","","","","","","","","","","","","","","","","w13"],"off":{"white":0,"black":13}}"#;
const T8: &str = r#"{"turn":"black","points":["","b3","b1","","b2","","","","","","","","","","","","","","","","","","","w15"],"off":{"white":0,"black":9}}"#;
const T9: &str = r#"{"turn":"white","points":["b10","w1","","","","w1","","b2","w1","","","","","","","","","","","","","b2","b1","w12"],"off":{"white":0,"black":0}}"#;

#[test]
fn t1_the_worked_example_of_section_4_6() {
    let named = risk_of(T1, &[(5, 2)]);
    assert_eq!(named, Hits { single: 3, sums: 16, doubles: 7 });
    assert_eq!(format!("{:.3}", named.risk()), "1.583");
    assert_eq!(risk_of(T1, &[(5, 3)]), Hits { single: 4, sums: 30, doubles: 14 });
    assert_eq!(risk_of(T1, &[(9, 3)]).doubles, 21);
    assert_eq!(risk_of(T1, &[(11, 2)]), Hits { single: 4, sums: 12, doubles: 8 });
    same_result(T1, 2, 3, "9/11 5/8");
}

/// §4.6 again, on the position searched for to fit every count the thesis prints (docs §5): T1 with a third
/// checker on its 18 and a fourth on its 16. Every printed triple comes out, first tick and second, but 18 with
/// die 3, printed 4/32/16 with the risk 3,222 of 6/32/16 (the misprint is in its count). The values were also
/// computed by a second implementation of the counting (Python, outside the repository).
const T1_FITTED: &str = r#"{"turn":"white","points":["","","","","w4","","w3","","w4","","w1","","","b2/w","b1","b2/w","","b1","","","b4/w","","","b5"],"off":{"white":0,"black":0}}"#;

#[test]
fn t1_fitted_every_printed_count_of_section_4_6_but_one_misprint() {
    let h = |single, sums, doubles| Hits { single, sums, doubles };
    for (steps, printed) in [
        (&[(5, 2)][..], h(3, 16, 7)),
        (&[(5, 3)], h(4, 30, 14)),
        (&[(5, 2), (7, 3)], h(6, 32, 16)),
        (&[(7, 2)], h(3, 16, 7)),
        (&[(7, 3)], h(6, 32, 16)),
        (&[(7, 2), (9, 3)], h(7, 28, 21)),
        (&[(9, 2)], h(0, 0, 0)),
        (&[(9, 3)], h(7, 28, 21)),
        (&[(11, 2)], h(4, 12, 8)),
    ] {
        assert_eq!(risk_of(T1_FITTED, steps), printed, "{steps:?}");
    }
    let mut after = Position::from_json_str(T1_FITTED).expect("valid");
    after.apply(after.step(9, 2).expect("16 with 2"));
    let second = |from: u8| {
        let mut next = after;
        next.apply(next.step(from, 3).expect("a legal step"));
        hits(&after, &next, Side::White)
    };
    assert_eq!((second(5), second(7), second(9)), (h(1, 12, 6), h(3, 13, 8), h(4, 12, 14)));
    same_result(T1_FITTED, 2, 3, "9/11 5/8");
}

/// EK-10's second phase is one block per die (its `break` leaves the search for the farthest checker, L1797–L1822):
/// with 13 off and checkers on 21 and 24, 6-2 bears off 21 with the 6, then 24 with the 2, none being behind.
#[test]
fn each_larger_die_bears_off_from_the_farthest_point_in_its_own_block() {
    let json = r#"{"turn":"white","points":["b15","","","","","","","","","","","","","","","","","","","","w1","","","w1"],"off":{"white":13,"black":0}}"#;
    same_result(json, 6, 2, "21/off 24/off");
}

#[test]
fn t2_a_door_on_the_way_and_a_broken_door() {
    assert_eq!(risk_of(T2, &[(8, 1)]), Hits { single: 2, sums: 4, doubles: 5 });
    assert_eq!(risk_of(T2, &[(10, 2)]), Hits { single: 3, sums: 16, doubles: 4 });
    same_result(T2, 2, 1, "8/10 10/11");
}

#[test]
fn t3_doubles_one_checker_a_tick() {
    assert_eq!(risk_of(T3, &[(3, 2), (5, 2)]), Hits { single: 2, sums: 2, doubles: 5 });
    same_result(T3, 2, 2, "3/5 5/7 5/7 5/7");
}

#[test]
fn t4_the_pinned_checker_still_attacks() {
    assert_eq!(risk_of(T4, &[(8, 2)]), Hits { single: 1, sums: 11, doubles: 2 });
    same_result(T4, 6, 2, "4/10* 8/10");
}

#[test]
fn t5_the_printed_player_would_use_too_few_dice() {
    assert_eq!(risk_of(T5, &[(12, 1)]), Hits { single: 2, sums: 0, doubles: 3 });
    same_result(T5, 2, 1, "14/16 12/13");
}

#[test]
fn t6_the_printed_player_would_play_the_smaller_die() {
    assert_eq!(risk_of(T6, &[(10, 6)]), Hits { single: 1, sums: 0, doubles: 2 });
    same_result(T6, 6, 2, "10/16");
}

#[test]
fn t7_the_printed_player_would_bear_off_greedily() {
    same_result(T7, 6, 2, "19/21 20/off");
}

#[test]
fn t8_bearing_off_exact_then_from_the_farthest_point() {
    same_result(T8, 3, 6, "22/off 20/off");
}

#[test]
fn t9_a_floating_point_tie_decides_as_in_the_csharp() {
    assert_eq!(risk_of(T9, &[(6, 3)]).risk(), 0.49999999999999994);
    assert_eq!(risk_of(T9, &[(2, 3), (5, 2)]).risk(), 0.5);
    same_result(T9, 3, 2, "6/9 2/4");
}

#[test]
fn the_thesis_player_plays_whole_games_legally() {
    // Against random, from both seats; every play it chooses must be among the legal ones.
    for seed in 0..30u64 {
        let mut stream = Stream::new(seed);
        let mut game = Hapis::default();
        let thesis_side = if seed % 2 == 0 { Side::White } else { Side::Black };
        while let Some(()) = match game.turn() {
            Turn::Over => None,
            Turn::Chance => game.sample_chance(&mut stream).map(|d| game.apply_chance(d)),
            Turn::Player(_) => {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let decision = if game.position().turn == thesis_side {
                    Thesis.choose(&game, &Budget::UNLIMITED, &mut stream)
                } else {
                    RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream)
                };
                let Some(decision) = decision else { panic!("no decision in {}", game.format_position()) };
                assert!(legal.contains(&decision.mv), "illegal {} in {}", decision.mv, game.format_position());
                game.play(decision.mv);
                Some(())
            }
        } {}
        assert_eq!(game.turn(), Turn::Over);
    }
}
