//! Entering a play one step at a time: every legal play can be entered, each step offered leads to a legal
//! play, and a step that leads to none is refused without changing the entry.

use hamle_hapis::{Blocked, Dice, Entry, EntryError, Hapis, Phase, Point, Position, Settings, Side};
use hamle_testkit::random_positions;

fn positions() -> Vec<Hapis> {
    random_positions(&Hapis::default(), 7, 300).into_iter().filter(|g| g.dice().is_some()).collect()
}

#[test]
fn every_legal_play_can_be_entered_step_by_step() {
    for game in positions() {
        for (play, result) in game.plays() {
            let mut entry = Entry::new(&game).expect("dice on the table");
            for step in play.steps() {
                assert!(entry.next_steps().iter().any(|s| s.from == step.from && s.to == step.to), "{play} offered");
                entry.push(step.from, step.to).unwrap_or_else(|e| panic!("{play}: {e}"));
            }
            let entered = entry.play().expect("complete after its steps");
            let mut after = game;
            after.try_play_steps(&entered).expect("legal");
            assert_eq!(*after.position(), result);
        }
    }
}

#[test]
fn every_step_offered_keeps_a_legal_play_within_reach() {
    for game in positions().into_iter().take(60) {
        let mut entry = Entry::new(&game).expect("dice on the table");
        // Follow the first offered step each time: the entry must end as a legal play.
        while entry.play().is_none() {
            let next = entry.next_steps();
            let step = next.first().expect("an incomplete entry offers a step");
            entry.push(step.from, step.to).expect("an offered step is accepted");
        }
        let play = entry.play().expect("complete");
        assert!(game.resolve(&play).is_some(), "{play} is legal");
        assert!(entry.next_steps().is_empty());
    }
}

#[test]
fn a_step_with_no_die_is_refused_and_changes_nothing() {
    let game = Hapis::at(Position::start(), Phase::Move(Dice(3, 1)), Settings::default());
    let mut entry = Entry::new(&game).expect("dice");
    let refused = entry.push(1, Some(7));
    let why = Blocked::NoSuchDie { distance: 6, left: "3, 1".into() };
    assert_eq!(refused, Err(EntryError::NoDie { from: 1, to: Some(7), why }));
    assert_eq!(refused.map_err(|e| e.to_string()), Err("1/7 cannot be played: no die left is 6 (left: 3, 1)".into()));
    assert!(entry.steps().is_empty());
    assert_eq!(entry.left(), vec![3, 1]);
}

/// Each refusal names its reason: no checker there, a pinned one, backwards, not all home, their door, a larger
/// die not from the farthest point.
#[test]
fn a_refused_step_says_why() {
    let at = |json: &str, a: u8, b: u8| {
        let position = Position::from_json_str(json).expect("a valid position");
        Hapis::at(position, Phase::Move(Dice(a, b)), Settings::default())
    };
    let why = |game: &Hapis, from: u8, to: Option<u8>| match Entry::new(game).expect("dice").push(from, to) {
        Err(EntryError::NoDie { why, .. }) => why,
        other => panic!("{from}/{to:?}: {other:?}"),
    };
    let start = Hapis::at(Position::start(), Phase::Move(Dice(3, 1)), Settings::default());
    assert_eq!(why(&start, 2, Some(5)), Blocked::NoChecker(2));
    assert_eq!(why(&start, 1, Some(1)), Blocked::Backwards);
    assert_eq!(why(&start, 1, None), Blocked::NotHome);
    let door = r#"{"turn":"white","points":["w15","","","b2","","","","","","","","","","","","","","","","","","","","b13"],"off":{"white":0,"black":0}}"#;
    assert_eq!(why(&at(door, 3, 1), 1, Some(4)), Blocked::Door(4));
    let pinned = r#"{"turn":"white","points":["w14","","","","b1/w","","","","","","","","","","","","","","","","","","","b14"],"off":{"white":0,"black":0}}"#;
    assert_eq!(why(&at(pinned, 3, 1), 5, Some(8)), Blocked::Pinned(5));
    let home = r#"{"turn":"white","points":["b15","","","","","","","","","","","","","","","","","","","w1","","","w1",""],"off":{"white":13,"black":0}}"#;
    let refused = why(&at(home, 6, 5), 23, None);
    assert_eq!(refused, Blocked::NotFarthest(20));
    assert_eq!(refused.to_string(), "a die larger than needed bears off only from your farthest point, 20");
}

#[test]
fn the_smaller_die_alone_is_refused_when_the_larger_can_be_played() {
    // White's runner on 10 can play the 6 or the 2 but not both (18 is a door either way); the other
    // fourteen are shut in on 1 by doors on 3 and 7. Only the larger die may be played.
    let mut points = [Point::EMPTY; 24];
    points[0] = Point::stack(Side::White, 14);
    points[9] = Point::stack(Side::White, 1);
    for index in [2, 6, 17] {
        points[index] = Point::stack(Side::Black, 2);
    }
    points[23] = Point::stack(Side::Black, 9);
    let position = Position { points, off: [0, 0], turn: Side::White };
    let game = Hapis::at(position, Phase::Move(Dice(6, 2)), Settings::default());
    let plays: Vec<String> = game.plays().iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(plays, vec!["10/16"], "only the larger die can be played");
    let mut entry = Entry::new(&game).expect("dice");
    assert_eq!(entry.push(10, Some(12)), Err(EntryError::NoPlay));
    assert!(entry.steps().is_empty());
    entry.push(10, Some(16)).expect("the 6");
    assert_eq!(entry.play().map(|p| p.to_string()).as_deref(), Some("10/16"));
    assert_eq!(entry.push(16, Some(18)), Err(EntryError::Complete));
}

#[test]
fn a_roll_that_cannot_be_used_is_the_empty_play_at_once() {
    let mut points = [Point::EMPTY; 24];
    points[0] = Point::stack(Side::White, 15);
    for point in &mut points[1..=6] {
        *point = Point::stack(Side::Black, 2);
    }
    points[23] = Point::stack(Side::Black, 3);
    let position = Position { points, off: [0, 0], turn: Side::White };
    let game = Hapis::at(position, Phase::Move(Dice(4, 2)), Settings::default());
    let entry = Entry::new(&game).expect("dice");
    assert_eq!(entry.play().map(|p| p.is_empty()), Some(true));
    assert!(entry.next_steps().is_empty());
}
