//! Every reader of outside text, fed arbitrary bytes and near-valid positions: none panics (these run with
//! overflow checks on), whatever reads passes [`Position::validate`] and reads back the same once written.

use hamle_core::{Game, Notation};
use hamle_hapis::{CHECKERS, Dice, Hapis, Phase, Play, Point, Position, Settings, Side};
use hamle_testkit::random_positions;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Checkers of `side` on the board and off, counted in `u64` apart from the crate's own code.
fn total(position: &Position, side: Side) -> u64 {
    let on_board: u64 = position
        .points
        .iter()
        .map(|p| match (p.count, p.side == side, p.prisoner) {
            (0, _, _) => 0,
            (n, true, _) => u64::from(n),
            (_, false, pinned) => u64::from(pinned),
        })
        .sum();
    on_board + u64::from(position.off[side.index()])
}

/// What must hold of any position a reader accepted.
fn check_accepted(position: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(position.validate(), Ok(()));
    for side in [Side::White, Side::Black] {
        prop_assert_eq!(total(position, side), u64::from(CHECKERS));
    }
    prop_assert_eq!(Position::from_json(&position.to_json()), Ok(*position));
    prop_assert_eq!(Position::from_id(&position.id()), Ok(*position));
    Ok(())
}

fn check_text(text: &str) -> Result<(), TestCaseError> {
    if let Ok(position) = Position::from_json_str(text) {
        check_accepted(&position)?;
        // What `hamle hapis legal` does next must not panic on anything that was accepted.
        if !position.is_over() {
            let _ = position.plays(Dice(6, 5));
        }
    }
    if let Ok(position) = Position::from_id(text) {
        check_accepted(&position)?;
    }
    let game = Hapis::default();
    if let Ok(read) = game.parse_position(text) {
        check_accepted(read.position())?;
        prop_assert_eq!(game.parse_position(&read.format_position()), Ok(read));
    }
    if let Ok(play) = Play::parse(text) {
        prop_assert!(play.len() <= 4);
        prop_assert_eq!(Play::parse(&play.to_string()), Ok(play));
    }
    if let Ok(dice) = Dice::parse(text) {
        prop_assert!(dice.is_valid());
        prop_assert_eq!(Dice::parse(&dice.to_string()), Ok(dice));
    }
    let at_move = Hapis::at(Position::start(), Phase::Move(Dice(3, 1)), Settings::default());
    if let Ok(play) = at_move.parse_move(text) {
        prop_assert_eq!(at_move.parse_move(&at_move.format_move(play)), Ok(play));
    }
    Ok(())
}

/// A point string near the grammar: any count up to 300, either side, sometimes a prisoner.
fn point_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just(String::new()),
        6 => (prop::bool::ANY, 1u32..=4, prop::option::weighted(0.2, prop::bool::ANY)).prop_map(|(w, n, pin)| {
            let (top, under) = if w { ('w', 'b') } else { ('b', 'w') };
            match pin {
                Some(_) => format!("{top}{n}/{under}"),
                None => format!("{top}{n}"),
            }
        }),
        1 => (prop::bool::ANY, 0u32..=300).prop_map(|(w, n)| format!("{}{n}", if w { 'w' } else { 'b' })),
    ]
}

/// A whole position JSON with random point strings, off counts and extras.
fn position_json() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            3 => prop::collection::vec(point_text(), 22..=26),
            // Tall stacks everywhere: sums of hundreds, which a u8 count would wrap.
            1 => prop::collection::vec(
                prop_oneof![4 => Just("w15".to_owned()), 1 => Just("b15".to_owned()), 1 => Just(String::new())],
                24,
            ),
        ],
        prop_oneof![4 => 0u64..=16, 1 => any::<u64>()],
        prop_oneof![4 => 0u64..=16, 1 => any::<u64>()],
        prop::bool::ANY,
        prop::option::of((0u64..=7, 0u64..=7)),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(points, white, black, turn, dice, opening)| {
            let mut value = json!({
                "turn": if turn { "white" } else { "black" },
                "points": points,
                "off": { "white": white, "black": black },
            });
            if let (Some((a, b)), Some(map)) = (dice, value.as_object_mut()) {
                map.insert("dice".into(), json!([a, b]));
            }
            if let (true, Some(map)) = (opening, value.as_object_mut()) {
                map.insert("opening".into(), Value::Bool(true));
            }
            value.to_string()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_a_reader(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_text(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn arbitrary_strings_never_panic_a_reader(text in "[wb0-9/ ,\\-*offpas\"{}:\\[\\]a-z]{0,64}") {
        check_text(&text)?;
    }

    #[test]
    fn near_valid_position_json_is_read_or_refused_cleanly(text in position_json()) {
        check_text(&text)?;
    }

    #[test]
    fn a_played_position_with_one_point_changed_is_read_only_if_it_is_valid(
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        index in 0usize..24,
        count in 0u8..=20,
        side in prop::bool::ANY,
        prisoner in prop::bool::ANY,
    ) {
        let games = random_positions(&Hapis::default(), seed, 60);
        prop_assume!(!games.is_empty());
        let mut position = *games[pick.index(games.len())].position();
        let side = if side { Side::White } else { Side::Black };
        position.points[index] = if count == 0 { Point::EMPTY } else { Point { side, count, prisoner } };
        let read = Position::from_json(&position.to_json());
        let counts_right = [Side::White, Side::Black].iter().all(|&s| total(&position, s) == u64::from(CHECKERS));
        prop_assert_eq!(read.is_ok(), counts_right && position.validate().is_ok());
        if counts_right && position.validate().is_ok() {
            prop_assert_eq!(read, Ok(position));
        }
        let id_read = Position::from_id(&position.id());
        if let Ok(back) = id_read {
            check_accepted(&back)?;
        }
    }

    #[test]
    fn position_ids_of_arbitrary_bits_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        use base64::Engine;
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
        if let Ok(position) = Position::from_id(&text) {
            check_accepted(&position)?;
        }
    }
}

#[test]
fn a_finished_game_reads_as_over() {
    let mut position = Position::start();
    position.points[0] = Point::EMPTY;
    position.off[0] = CHECKERS;
    position.turn = Side::Black;
    let game =
        Hapis::default().parse_position(&Hapis::at(position, Phase::Roll, Settings::default()).format_position());
    assert_eq!(game.map(|g| g.turn()), Ok(hamle_core::Turn::Over));
}
