//! Every Domineering reader fed arbitrary bytes and near-valid texts: none panics (overflow checks are on in
//! tests), whatever reads is valid and reads back the same once written.

use hamle_core::Notation;
use hamle_domineering::{Domineering, Side, cell_name, parse_cell};
use proptest::prelude::*;

fn check_text(game: &Domineering, text: &str) -> Result<(), TestCaseError> {
    if let Ok(read) = game.parse_position(text) {
        prop_assert_eq!(read.validate(), Ok(()));
        prop_assert_eq!(&game.parse_position(&read.format_position()), &Ok(read.clone()));
    }
    if let Ok(mv) = game.parse_move(text) {
        prop_assert!(mv.cells().iter().all(|&(r, c)| usize::from(r) < game.rows() && usize::from(c) < game.cols()));
        prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
    }
    if let Ok((row, col)) = parse_cell(text) {
        prop_assert_eq!(parse_cell(&cell_name(row, col)), Ok((row, col)));
    }
    if let Some(side) = Side::parse(text) {
        prop_assert_eq!(Side::parse(side.name()), Some(side));
    }
    Ok(())
}

fn sized() -> impl Strategy<Value = Domineering> {
    (1usize..=16, 1usize..=16, prop::bool::ANY).prop_map(|(r, c, v)| {
        let first = if v { Side::Vertical } else { Side::Horizontal };
        Domineering::new(r, c, first).unwrap_or_else(|e| panic!("sizes 1..=16 are legal: {e}"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_a_reader(game in sized(), bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_text(&game, &String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn near_valid_positions_read_only_when_valid(
        game in (1usize..=5, 1usize..=5, prop::bool::ANY).prop_map(|(r, c, v)| {
            Domineering::new(r, c, if v { Side::Vertical } else { Side::Horizontal })
                .unwrap_or_else(|e| panic!("sizes 1..=5 are legal: {e}"))
        }),
        cells in prop::collection::vec(prop_oneof![6 => Just('.'), 2 => Just('v'), 2 => Just('h'), 1 => Just('x')], 25),
        side in "[vhx]",
    ) {
        let rows: Vec<String> =
            (0..game.rows()).map(|r| cells[r * 5..r * 5 + game.cols()].iter().collect()).collect();
        check_text(&game, &format!("{} {side}", rows.join("/")))?;
    }

    #[test]
    fn near_valid_moves_read_or_are_refused(game in sized(), text in "[a-qA-Q0-9\\- ]{0,8}") {
        check_text(&game, &text)?;
    }

    #[test]
    fn board_sizes_are_refused_or_built(rows in any::<usize>(), cols in 0usize..40) {
        let built = Domineering::new(rows, cols, Side::Vertical);
        prop_assert_eq!(built.is_ok(), (1..=16).contains(&rows) && (1..=16).contains(&cols));
    }
}
