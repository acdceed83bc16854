//! Every 2048 reader fed arbitrary bytes and near-valid texts: none panics (overflow checks are on in
//! tests), whatever reads is valid and reads back the same once written.

use hamle_2048::{G2048, SpawnRule, format_board, parse_board, parse_direction};
use hamle_core::Notation;
use proptest::prelude::*;

fn check_text(text: &str) -> Result<(), TestCaseError> {
    let game = G2048::new(SpawnRule::Original);
    if let Ok(read) = game.parse_position(text) {
        prop_assert_eq!(read.validate(), Ok(()));
        prop_assert_eq!(game.parse_position(&read.format_position()), Ok(read));
    }
    if let Ok(board) = parse_board(text) {
        prop_assert_eq!(parse_board(&format_board(board)), Ok(board));
    }
    if let Ok(direction) = parse_direction(text) {
        prop_assert_eq!(parse_direction(direction.name()), Ok(direction));
    }
    if let Ok(mv) = game.parse_move(text) {
        prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
    }
    Ok(())
}

/// A cell near the grammar: mostly small tiles and empties, sometimes any number.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just(".".to_owned()),
        6 => (1u32..=15).prop_map(|e| (1u64 << e).to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => (16u32..=63).prop_map(|e| (1u64 << e).to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_a_reader(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_text(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn near_valid_positions_read_only_when_valid(
        cells in prop::collection::vec(cell(), 16),
        score in prop_oneof![Just(0u64), 0u64..100_000, any::<u64>()],
        due in 0u8..=3,
        won in prop::bool::weighted(0.2),
    ) {
        let rows: Vec<String> = cells.chunks(4).map(|row| row.join(",")).collect();
        let mut text = format!("{} {score} {due}", rows.join("/"));
        if won {
            text.push_str(" 65536");
        }
        check_text(&text)?;
    }

    #[test]
    fn moves_read_or_are_refused(text in "[a-zA-Z ]{0,8}") {
        check_text(&text)?;
    }
}
