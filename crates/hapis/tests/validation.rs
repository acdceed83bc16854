//! Every rule of [`Position::validate`], each with one test that fails if the rule is dropped, and the
//! readers that apply it (position JSON, position ids, the game's notation, plays and dice).

use hamle_core::Notation;
use hamle_hapis::{Dice, Hapis, NotationError, Phase, Play, Point, Position, PositionError, Settings, Side};
use serde_json::json;

/// Position JSON with these point strings at White's numbers (1-based); other points empty.
fn json_text(turn: &str, stacks: &[(usize, &str)], off: (u64, u64)) -> String {
    let mut points = vec![String::new(); 24];
    for &(point, text) in stacks {
        points[point - 1] = text.to_owned();
    }
    json!({ "turn": turn, "points": points, "off": { "white": off.0, "black": off.1 } }).to_string()
}

fn read(turn: &str, stacks: &[(usize, &str)], off: (u64, u64)) -> Result<Position, NotationError> {
    Position::from_json_str(&json_text(turn, stacks, off))
}

fn impossible(fault: PositionError) -> Result<Position, NotationError> {
    Err(NotationError::Impossible(fault))
}

#[test]
fn refuses_sixteen_white_checkers() {
    let got = read("white", &[(1, "w15"), (5, "w1"), (24, "b15")], (0, 0));
    assert_eq!(got, impossible(PositionError::Checkers { side: Side::White, count: 16 }));
    let said = got.map_err(|e| e.to_string()).err();
    assert_eq!(said.as_deref(), Some("impossible position: white has 16 checkers on the board and borne off, not 15"));
}

#[test]
fn is_valid_agrees_with_validate() {
    assert!(Position::start().is_valid());
    let mut position = Position::start();
    position.off[1] = 1;
    assert!(!position.is_valid());
}

#[test]
fn refuses_fourteen_black_checkers() {
    let got = read("white", &[(1, "w15"), (24, "b14")], (0, 0));
    assert_eq!(got, impossible(PositionError::Checkers { side: Side::Black, count: 14 }));
}

#[test]
fn refuses_two_hundred_and_seventy_white_checkers_without_overflow() {
    // 18 stacks of 15: a u8 sum wraps to 14, which with one borne off would pass as 15.
    let mut stacks: Vec<(usize, String)> = (1..=18).map(|p| (p, "w15".to_owned())).collect();
    stacks.push((24, "b15".to_owned()));
    let stacks: Vec<(usize, &str)> = stacks.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let got = read("white", &stacks, (1, 0));
    assert_eq!(got, impossible(PositionError::Checkers { side: Side::White, count: 271 }));
}

#[test]
fn refuses_an_off_count_beyond_fifteen_in_json() {
    let got = read("white", &[(24, "b15")], (u64::MAX, 0));
    assert_eq!(got, impossible(PositionError::Off { side: Side::White, off: u64::MAX }));
}

#[test]
fn validate_refuses_sixteen_borne_off() {
    let mut position = Position::start();
    position.points[0] = Point::EMPTY;
    position.off[0] = 16;
    assert_eq!(position.validate(), Err(PositionError::Off { side: Side::White, off: 16 }));
}

#[test]
fn validate_refuses_a_stack_of_sixteen() {
    let mut position = Position::start();
    position.points[0].count = 16;
    assert_eq!(position.validate(), Err(PositionError::StackSize { point: 1, count: 16 }));
}

#[test]
fn validate_refuses_a_prisoner_under_no_stack() {
    let mut position = Position::start();
    position.points[5] = Point { side: Side::White, count: 0, prisoner: true };
    assert_eq!(position.validate(), Err(PositionError::PrisonerAlone { point: 6 }));
}

#[test]
fn validate_refuses_an_empty_point_recorded_as_blacks() {
    let mut position = Position::start();
    position.points[5] = Point { side: Side::Black, count: 0, prisoner: false };
    assert_eq!(position.validate(), Err(PositionError::EmptyNotWhite { point: 6 }));
}

#[test]
fn refuses_a_pin_on_whites_starting_point() {
    let got = read("white", &[(1, "w15/b"), (24, "b14")], (0, 0));
    assert_eq!(got, impossible(PositionError::PinOnStartPoint { side: Side::White }));
}

#[test]
fn refuses_a_pin_on_blacks_starting_point() {
    let got = read("white", &[(1, "w14"), (24, "b15/w")], (0, 0));
    assert_eq!(got, impossible(PositionError::PinOnStartPoint { side: Side::Black }));
}

#[test]
fn a_pinned_mother_is_not_a_pin_on_a_starting_point() {
    // Black's stack on White's point 1 (Black's 24) pinning White's last checker there is ordinary.
    let got = read("white", &[(1, "b2/w"), (20, "w14"), (24, "b13")], (0, 0));
    assert!(got.is_ok(), "{got:?}");
}

#[test]
fn refuses_both_sides_borne_off() {
    let got = read("white", &[], (15, 15));
    assert_eq!(got, impossible(PositionError::BothBorneOff));
}

#[test]
fn refuses_the_winner_to_move() {
    let got = read("white", &[(24, "b15")], (15, 0));
    assert_eq!(got, impossible(PositionError::WinnerToMove { side: Side::White }));
    assert!(read("black", &[(24, "b15")], (15, 0)).is_ok(), "the loser to move is how a game ends");
}

#[test]
fn ids_are_validated_too() {
    let mut position = Position::start();
    position.points[4] = Point::stack(Side::White, 1);
    assert_eq!(
        Position::from_id(&position.id()),
        Err(NotationError::Impossible(PositionError::Checkers { side: Side::White, count: 16 }))
    );
    let mut pinned = Position::start();
    pinned.points[0] = Point::pinning(Side::White, 15);
    pinned.points[23] = Point::stack(Side::Black, 14);
    assert_eq!(
        Position::from_id(&pinned.id()),
        Err(NotationError::Impossible(PositionError::PinOnStartPoint { side: Side::White }))
    );
}

#[test]
fn an_id_with_three_hundred_and_sixty_checkers_is_refused_without_overflow() {
    let mut position = Position::start();
    position.points = [Point::stack(Side::White, 15); 24];
    let got = Position::from_id(&position.id());
    assert_eq!(got, Err(NotationError::Impossible(PositionError::Checkers { side: Side::White, count: 360 })));
}

#[test]
fn refuses_the_opening_away_from_the_start() {
    let game = Hapis::default();
    let moved = json_text("white", &[(1, "w14"), (4, "w1"), (24, "b15")], (0, 0));
    let with_opening = moved.replacen('{', "{\"opening\":true,", 1);
    assert_eq!(game.parse_position(&with_opening), Err(NotationError::OpeningNotAtStart));
    let start = json_text("white", &[(1, "w15"), (24, "b15")], (0, 0)).replacen('{', "{\"opening\":true,", 1);
    assert_eq!(game.parse_position(&start).map(|g| g.phase()), Ok(Phase::Opening));
}

#[test]
fn refuses_dice_with_a_stray_entry() {
    let game = Hapis::default();
    let text = json_text("white", &[(1, "w15"), (24, "b15")], (0, 0)).replacen('{', "{\"dice\":[3,\"x\",5],", 1);
    assert!(matches!(game.parse_position(&text), Err(NotationError::BadDice(_))));
    let text = json_text("white", &[(1, "w15"), (24, "b15")], (0, 0)).replacen('{', "{\"dice\":[3,5],", 1);
    assert_eq!(game.parse_position(&text).map(|g| g.phase()), Ok(Phase::Move(Dice(3, 5))));
}

#[test]
fn refuses_a_bear_off_that_pins() {
    assert!(matches!(Play::parse("24/off*"), Err(NotationError::BadPlay(_))));
    assert!(Play::parse("24/off").is_ok());
}

#[test]
fn a_validated_position_plays_without_panicking() {
    let position = read("white", &[(1, "b2/w"), (20, "w14"), (24, "b13")], (0, 0)).expect("valid");
    let game = Hapis::at(position, Phase::Move(Dice(6, 6)), Settings::default());
    assert!(!game.plays().is_empty());
}
