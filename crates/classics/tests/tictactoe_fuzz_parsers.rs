//! Every tic-tac-toe reader fed arbitrary bytes and near-valid texts: none panics (overflow checks are on
//! in tests), whatever reads is valid and reads back the same once written.

use hamle_classics::tictactoe::{TicTacToe, parse_cell};
use hamle_core::Notation;
use proptest::prelude::*;

fn check_text(text: &str) -> Result<(), TestCaseError> {
    for game in [TicTacToe::classic(), TicTacToe::two_phase()] {
        if let Ok(read) = game.parse_position(text) {
            prop_assert_eq!(read.validate(), Ok(()));
            prop_assert_eq!(read.variant(), game.variant());
            prop_assert_eq!(game.parse_position(&read.format_position()), Ok(read));
        }
        if let Ok(mv) = game.parse_move(text) {
            prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
        }
    }
    if let Ok(cell) = parse_cell(text) {
        prop_assert!(cell < 9);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_a_reader(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_text(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn near_valid_positions_read_only_when_valid(
        rows in prop_oneof![
            4 => prop::collection::vec("[xo.]{3}", 3..=3),
            1 => prop::collection::vec("[xoXO.]{2,4}", 2..=4),
        ],
        side in "[xoz]",
        slides in prop::option::of(prop_oneof![0u64..=210, any::<u64>()]),
    ) {
        let mut text = format!("{} {side}", rows.join("/"));
        if let Some(n) = slides {
            text.push_str(&format!(" {n}"));
        }
        check_text(&text)?;
    }

    #[test]
    fn near_valid_moves_read_or_are_refused(text in "[a-dA-D0-4\\-x ]{0,7}") {
        check_text(&text)?;
    }
}
