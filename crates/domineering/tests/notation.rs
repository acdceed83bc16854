//! The text notation: cells, moves, positions and the drawing.

use hamle_core::{Game, Notation};
use hamle_domineering::{Domineering, Move, ParseError, Side, cell_name, parse_cell};

fn board(rows: usize, cols: usize, first: Side) -> Domineering {
    Domineering::new(rows, cols, first).expect("a valid size")
}

#[test]
fn cells_are_a_column_letter_and_a_row_from_the_bottom() {
    assert_eq!(cell_name(0, 0), "a1");
    assert_eq!(cell_name(15, 15), "p16");
    assert_eq!(parse_cell("a1"), Ok((0, 0)));
    assert_eq!(parse_cell("P16"), Ok((15, 15)));
    for bad in ["", "a", "1", "a0", "a17", "q1", "a01", "aa1", "a1x", "é1"] {
        assert!(matches!(parse_cell(bad), Err(ParseError::BadCell(_))), "{bad}");
    }
}

#[test]
fn a_move_is_written_as_its_two_cells_lower_left_first() {
    let game = board(8, 8, Side::Vertical);
    assert_eq!(game.format_move(Move { side: Side::Vertical, row: 2, col: 2 }), "c3-c4");
    assert_eq!(game.format_move(Move { side: Side::Horizontal, row: 2, col: 2 }), "c3-d3");
}

#[test]
fn moves_are_read_with_or_without_a_dash_in_either_order_and_case() {
    let game = board(12, 12, Side::Vertical);
    let vertical = Move { side: Side::Vertical, row: 2, col: 2 };
    for text in ["c3-c4", "c3c4", "c4-c3", "C3-C4", " c3-c4 "] {
        assert_eq!(game.parse_move(text), Ok(vertical), "{text}");
    }
    let tall = Move { side: Side::Vertical, row: 9, col: 0 };
    assert_eq!(game.parse_move("a10a11"), Ok(tall));
    assert_eq!(game.parse_move("a10-a11"), Ok(tall));
    assert_eq!(game.parse_move("d3-c3"), Ok(Move { side: Side::Horizontal, row: 2, col: 2 }));
}

#[test]
fn malformed_moves_are_refused_with_a_reason() {
    let game = board(4, 4, Side::Vertical);
    for bad in ["", "c3", "c3-", "c3-e3", "c3-d4", "c3-c3", "x1-x2", "a0-a1", "hello", "c3--c4", "d4-d5", "d4-e4"] {
        match game.parse_move(bad) {
            Err(ParseError::BadMove { .. }) => {}
            other => panic!("{bad:?} gave {other:?}"),
        }
    }
}

#[test]
fn positions_round_trip() {
    let mut game = board(3, 4, Side::Horizontal);
    for text in ["a1-b1", "d1-d2", "b3-c3"] {
        let mv = game.parse_move(text).expect("well formed");
        game.try_play(mv).expect("legal");
    }
    let text = game.format_position();
    assert_eq!(text, ".hh./...v/hh.v v");
    assert_eq!(game.parse_position(&text), Ok(game.clone()));
}

#[test]
fn bad_positions_are_refused_with_a_reason() {
    let game = board(2, 2, Side::Vertical);
    for bad in [
        "",
        "../.. x",
        "../.. v extra",
        "../... v",
        "../..",
        "./.. v",
        "../../.. v",
        "v./.. v", // half a vertical domino
        "h./.. v", // half a horizontal domino
        "hh/.. v", // Vertical moved first but has fewer dominoes
        "v./v. v", // Vertical has one more domino: Horizontal is to move
        "xx/.. v",
    ] {
        let refused = game.parse_position(bad);
        assert!(
            matches!(refused, Err(ParseError::BadPosition { .. } | ParseError::Impossible { .. })),
            "{bad:?}: {refused:?}"
        );
    }
    assert!(game.parse_position("v./v. h").is_ok());
}

#[test]
fn the_drawing_shows_rows_from_the_top_with_joined_horizontal_dominoes() {
    let mut game = board(2, 3, Side::Vertical);
    game.play(Move { side: Side::Vertical, row: 0, col: 0 });
    game.play(Move { side: Side::Horizontal, row: 1, col: 1 });
    assert_eq!(game.to_string(), " 2  V H=H\n 1  V . .\n    a b c");
}
