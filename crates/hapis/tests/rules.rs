//! Hapis Tavlası rules, one named test per rule and edge case. `board(…)` takes White's point numbers;
//! plays are written in the mover's own numbering.

use hamle_core::{Game, Notation, Turn};
use hamle_hapis::{Dice, Hapis, Opening, Phase, Point, Position, Settings, Side};

/// A position with the given stacks (White's point number, point string as in the JSON); each side's
/// other checkers are borne off.
fn board(turn: Side, stacks: &[(usize, &str)]) -> Position {
    let mut position = Position { points: [Point::EMPTY; 24], off: [0, 0], turn };
    for &(point, text) in stacks {
        let side = if text.starts_with('w') { Side::White } else { Side::Black };
        let (count, prisoner) = match text[1..].split_once('/') {
            Some((n, _)) => (n, true),
            None => (&text[1..], false),
        };
        position.points[point - 1] = Point { side, count: count.parse().expect("a count"), prisoner };
    }
    position.off = [15 - position.on_board(Side::White), 15 - position.on_board(Side::Black)];
    Position::from_json(&position.to_json()).expect("a valid position")
}

/// The legal plays for a roll, as text, sorted.
fn plays(position: &Position, a: u8, b: u8) -> Vec<String> {
    let mut texts: Vec<String> = position.plays(Dice(a, b)).into_iter().map(|(p, _)| p.to_string()).collect();
    texts.sort();
    texts
}

fn result(position: &Position, a: u8, b: u8, play: &str) -> Position {
    let game = Hapis::at(*position, Phase::Move(Dice(a, b)), Settings::default());
    let mut next = game;
    let mv = game.parse_move(play).expect("a play");
    next.try_play(mv).expect("a legal play");
    *next.position()
}

#[test]
fn the_start_has_fifteen_each_on_their_own_point_one() {
    let start = Position::start();
    assert_eq!(start.point(Side::White, 1), Point::stack(Side::White, 15));
    assert_eq!(start.point(Side::Black, 1), Point::stack(Side::Black, 15));
    assert_eq!(start.points[23], Point::stack(Side::Black, 15), "black's point 1 is white's 24");
}

#[test]
fn the_sides_travel_in_opposite_directions() {
    let white = result(&Position::start(), 3, 5, "1/4 1/6");
    assert_eq!(white.points[3], Point::stack(Side::White, 1));
    let black = result(&board(Side::Black, &[(1, "w15"), (24, "b15")]), 3, 5, "1/4 1/6");
    assert_eq!(black.points[20], Point::stack(Side::Black, 1), "black's point 4 is white's 21");
    assert_eq!(black.turn, Side::White);
}

#[test]
fn landing_on_a_single_open_checker_pins_it() {
    let position = board(Side::White, &[(1, "w14"), (4, "b1"), (24, "b14")]);
    assert!(plays(&position, 3, 5).contains(&"1/4* 1/6".to_owned()));
    let after = result(&position, 3, 5, "1/4* 1/6");
    assert_eq!(after.points[3], Point::pinning(Side::White, 1));
}

#[test]
fn a_pinned_checker_cannot_move() {
    let position = board(Side::Black, &[(1, "w14"), (4, "w1/b"), (24, "b14")]);
    // Black's checker on its point 21 (white's 4) is pinned: only the stack on black's point 1 moves.
    assert!(plays(&position, 1, 2).iter().all(|p| !p.contains("21/")), "{:?}", plays(&position, 1, 2));
}

#[test]
fn the_prisoner_is_freed_when_the_last_captor_leaves() {
    let position = board(Side::White, &[(1, "w13"), (4, "w1/b"), (24, "b14")]);
    let after = result(&position, 2, 3, "4/6 6/9");
    assert_eq!(after.points[3], Point::stack(Side::Black, 1));
}

#[test]
fn the_captor_may_be_joined_and_the_prisoner_stays_pinned() {
    let position = board(Side::White, &[(1, "w14"), (4, "w1/b"), (24, "b14")]);
    let after = result(&position, 3, 1, "1/4 1/2");
    assert_eq!(after.points[3], Point::pinning(Side::White, 2));
    let left = result(&Position { turn: Side::White, ..after }, 2, 3, "4/6 4/7");
    assert_eq!(left.points[3], Point::stack(Side::Black, 1), "freed only when every captor has left");
}

#[test]
fn two_opposing_checkers_close_a_point() {
    let position = board(Side::White, &[(1, "w15"), (4, "b2"), (24, "b13")]);
    assert!(plays(&position, 3, 3).iter().all(|p| !p.contains("1/4")));
}

#[test]
fn one_opposing_checker_on_our_prisoner_closes_the_point() {
    let position = board(Side::White, &[(1, "w14"), (4, "b1/w"), (24, "b14")]);
    assert!(plays(&position, 3, 3).iter().all(|p| !p.contains("/4")));
}

#[test]
fn a_checker_using_both_dice_must_land_on_the_intermediate_point() {
    // Points 4 and 6 are closed: 1/9 with 3 and 5 has no legal stop, so nothing moves 8 pips.
    let position = board(Side::White, &[(1, "w15"), (4, "b2"), (6, "b2"), (24, "b11")]);
    assert_eq!(plays(&position, 3, 5), [""]);
    // With only 4 closed, 1/6 6/9 is the way.
    let position = board(Side::White, &[(1, "w15"), (4, "b2"), (24, "b13")]);
    assert_eq!(plays(&position, 3, 5), ["1/6 6/9"]);
}

#[test]
fn doubles_are_played_four_times() {
    let after = result(&Position::start(), 2, 2, "1/3 1/3 1/3 1/3");
    assert_eq!(after.points[2], Point::stack(Side::White, 4));
    assert!(plays(&Position::start(), 2, 2).iter().all(|p| p.split(' ').count() == 4));
}

#[test]
fn as_many_dice_as_possible_must_be_used() {
    // White: one checker on 20 (the rest off... not all home: one on 1). Points 21 and 23 are closed,
    // 22 too: 1 can move 6 to 7 then 5 to 12, but 20 with 5 -> 25 off is not allowed (not all home).
    let position = board(Side::White, &[(1, "w1"), (20, "w14"), (21, "b2"), (22, "b2"), (23, "b2"), (24, "b9")]);
    let all = plays(&position, 6, 5);
    assert!(all.iter().all(|p| p.split(' ').count() == 2), "{all:?}");
}

#[test]
fn when_only_one_die_can_be_played_it_is_the_larger() {
    // White's single checker on 1; 7 (by 6) and 6 (by 5) are open, but after either the other die is blocked:
    // 1+5=6 then 6+6=12 closed; 1+6=7 then 7+5=12 closed. Both single dice play: the 6 is due.
    let position = board(Side::White, &[(1, "w1"), (12, "b2"), (24, "b13")]);
    assert_eq!(plays(&position, 6, 5), ["1/7"]);
}

#[test]
fn the_smaller_die_is_played_when_the_larger_cannot_be() {
    let position = board(Side::White, &[(1, "w1"), (7, "b2"), (12, "b2"), (24, "b11")]);
    assert_eq!(plays(&position, 6, 5), ["1/6"]);
}

#[test]
fn a_roll_that_cannot_be_used_is_an_empty_play() {
    let position = board(Side::White, &[(1, "w1"), (6, "b2"), (7, "b2"), (24, "b11")]);
    assert_eq!(plays(&position, 6, 5), [""]);
    let next = position.plays(Dice(6, 5));
    assert_eq!(next[0].1.points, position.points);
    assert_eq!(next[0].1.turn, Side::Black);
}

#[test]
fn bearing_off_needs_every_checker_home() {
    let position = board(Side::White, &[(18, "w1"), (24, "w1"), (1, "b15")]);
    assert!(
        plays(&position, 1, 2).iter().all(|p| !p.contains("off") || p.contains("18/")),
        "{:?}",
        plays(&position, 1, 2)
    );
    assert!(
        plays(&position, 1, 2).contains(&"18/19 24/off".to_owned())
            || plays(&position, 1, 2).contains(&"18/20 24/off".to_owned())
    );
}

#[test]
fn bearing_off_is_refused_while_a_home_checker_is_pinned() {
    let position = board(Side::White, &[(20, "b1/w"), (24, "w1"), (1, "b14")]);
    assert!(plays(&position, 1, 6).iter().all(|p| !p.contains("off")), "{:?}", plays(&position, 1, 6));
}

#[test]
fn bearing_off_takes_the_exact_die() {
    let position = board(Side::White, &[(20, "w1"), (22, "w1"), (1, "b15")]);
    let all = plays(&position, 3, 5);
    assert!(all.iter().any(|p| p.matches("off").count() == 2), "{all:?}");
    assert!(all.contains(&"20/23 22/off".to_owned()), "a die may also move a checker inside home: {all:?}");
}

#[test]
fn a_larger_die_bears_off_only_from_the_farthest_point() {
    // 6 from 22 or 23 is too large; 19.. are empty below 22, so the 6 takes the checker on 22.
    let position = board(Side::White, &[(22, "w1"), (23, "w1"), (1, "b15")]);
    let all = plays(&position, 6, 5);
    assert!(all.contains(&"22/off 23/off".to_owned()), "{all:?}");
    // With a checker on 19 the 6 must not bear off from 22.
    let position = board(Side::White, &[(19, "w1"), (22, "w1"), (1, "b15")]);
    assert!(plays(&position, 6, 1).iter().all(|p| !p.contains("22/off")), "{:?}", plays(&position, 6, 1));
}

#[test]
fn bearing_off_the_last_checker_ends_the_turn_and_the_game() {
    let position = board(Side::White, &[(24, "w1"), (1, "b15")]);
    let all = position.plays(Dice(6, 5));
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].0.len(), 1);
    assert_eq!(all[0].1.winner(), Some(Side::White));
}

#[test]
fn a_win_is_one_point_or_two_when_the_loser_has_borne_off_none() {
    let mars = Hapis::at(board(Side::Black, &[(1, "b15")]), Phase::Roll, Settings::default());
    assert_eq!(mars.turn(), Turn::Over);
    assert_eq!(mars.points(), Some([2.0, -2.0]));
    let single = Hapis::at(board(Side::Black, &[(1, "b14")]), Phase::Roll, Settings::default());
    assert_eq!(single.points(), Some([1.0, -1.0]));
}

#[test]
fn the_opening_throw_decides_who_starts_and_the_winner_rethrows() {
    let mut game = Hapis::new(Settings::default());
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 30, "equal throws are thrown again");
    assert!(outcomes.iter().all(|&(d, _)| d.0 != d.1));
    game.apply_chance(Dice(2, 6));
    assert_eq!(game.position().turn, Side::Black);
    assert_eq!(game.phase(), Phase::Roll);
}

#[test]
fn the_opening_dice_may_be_played_as_a_setting() {
    let mut game = Hapis::new(Settings { opening: Opening::PlayOpeningDice, ..Settings::default() });
    game.apply_chance(Dice(5, 3));
    assert_eq!(game.position().turn, Side::White);
    assert_eq!(game.phase(), Phase::Move(Dice(5, 3)));
}

#[test]
fn an_illegal_play_changes_nothing() {
    let game = Hapis::at(Position::start(), Phase::Move(Dice(3, 5)), Settings::default());
    for text in ["1/4", "1/5 1/6", "2/5 1/6", "1/4 4/7", "24/off"] {
        let mut tried = game;
        let mv = game.parse_move(text).expect("reads");
        assert!(tried.try_play(mv).is_err(), "{text}");
        assert_eq!(tried, game);
    }
}

#[test]
fn steps_may_be_written_in_either_order() {
    let game = Hapis::at(Position::start(), Phase::Move(Dice(3, 5)), Settings::default());
    for text in ["1/4 4/9", "1/6 6/9", "1/6 1/4", "1/4 1/6"] {
        let mut tried = game;
        let mv = game.parse_move(text).expect("reads");
        assert!(tried.try_play(mv).is_ok(), "{text}");
    }
}

#[test]
fn both_mothers_pinned_ends_the_game_as_a_tie() {
    // Neither side can ever bear off again: each captor stack could leave its point only by bearing off.
    let position = board(Side::White, &[(1, "b14/w"), (24, "w14/b")]);
    assert!(position.mothers_pinned());
    let game = Hapis::at(position, Phase::Roll, Settings::default());
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([0.0, 0.0]));
    assert!(!board(Side::White, &[(1, "b14/w"), (24, "w14"), (23, "b1")]).mothers_pinned());
}

fn with_mother() -> Settings {
    Settings { mother: true, ..Settings::default() }
}

#[test]
fn mother_rule_a_pinned_mother_loses_two_points() {
    // Black's 14 stand on White's point 1 pinning White's last checker there; Black's own start is empty.
    let position = board(Side::White, &[(1, "b1/w"), (20, "w14"), (5, "b14")]);
    let game = Hapis::at(position, Phase::Roll, with_mother());
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([-2.0, 2.0]));
    assert_eq!(Hapis::at(position, Phase::Roll, Settings::default()).turn(), Turn::Chance, "off by default");
}

#[test]
fn mother_rule_not_while_the_captors_own_mother_is_home() {
    let position = board(Side::White, &[(1, "b1/w"), (20, "w14"), (24, "b14")]);
    let game = Hapis::at(position, Phase::Roll, with_mother());
    assert_eq!(game.turn(), Turn::Chance);
}

#[test]
fn mother_rule_both_mothers_pinned_is_a_tie() {
    let position = board(Side::White, &[(1, "b14/w"), (24, "w14/b")]);
    assert_eq!(Hapis::at(position, Phase::Roll, with_mother()).points(), Some([0.0, 0.0]));
}
