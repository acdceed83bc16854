//! Every rule of [`Domineering::validate`], each with one test that fails if the rule is dropped, and the
//! board sizes and cells that are refused.

use hamle_core::Notation;
use hamle_domineering::{Domineering, Move, ParseError, PositionFault, Side, SizeError, parse_cell};

fn board(rows: usize, cols: usize) -> Domineering {
    Domineering::new(rows, cols, Side::Vertical).expect("a legal size")
}

fn fault(game: &Domineering, text: &str) -> Option<PositionFault> {
    match game.parse_position(text) {
        Err(ParseError::Impossible { fault, .. }) => Some(fault),
        _ => None,
    }
}

#[test]
fn refuses_board_sizes_outside_one_to_sixteen() {
    assert_eq!(Domineering::new(17, 4, Side::Vertical), Err(SizeError { rows: 17, cols: 4 }));
    assert_eq!(Domineering::new(4, 0, Side::Vertical), Err(SizeError { rows: 4, cols: 0 }));
    assert_eq!(Domineering::new(usize::MAX, 4, Side::Vertical), Err(SizeError { rows: usize::MAX, cols: 4 }));
    assert!(Domineering::new(16, 16, Side::Vertical).is_ok());
}

#[test]
fn refuses_cells_outside_the_board() {
    assert!(parse_cell("q1").is_err());
    assert!(parse_cell("a17").is_err());
    assert!(parse_cell("a0").is_err());
    let game = board(4, 4);
    assert!(matches!(game.parse_move("a4-a5"), Err(ParseError::BadMove { .. })));
    assert!(matches!(game.parse_move("d1-e1"), Err(ParseError::BadMove { .. })));
}

#[test]
fn refuses_a_domino_off_the_board() {
    // A vertical domino from the top row reaches row 4 of a 3-row board; the counts alone would pass.
    let mut game = board(3, 3);
    game.place(Move { side: Side::Vertical, row: 2, col: 0 });
    game.set_to_move(Side::Horizontal);
    assert_eq!(game.validate(), Err(PositionFault::OffBoard { rows: 3, cols: 3 }));
    let mut game = board(3, 3);
    game.place(Move { side: Side::Horizontal, row: 0, col: 2 });
    game.place(Move { side: Side::Vertical, row: 1, col: 0 });
    assert_eq!(game.validate(), Err(PositionFault::OffBoard { rows: 3, cols: 3 }));
}

#[test]
fn is_valid_agrees_with_validate() {
    let mut game = board(3, 3);
    assert!(game.is_valid());
    game.place(Move { side: Side::Vertical, row: 0, col: 0 });
    assert!(!game.is_valid(), "Vertical has placed but is still to move");
}

#[test]
fn refuses_a_cell_covered_twice() {
    let mut game = board(3, 3);
    game.place(Move { side: Side::Vertical, row: 0, col: 0 });
    game.place(Move { side: Side::Horizontal, row: 0, col: 0 });
    assert_eq!(game.validate(), Err(PositionFault::Overlap));
}

#[test]
fn refuses_half_a_vertical_domino() {
    assert_eq!(fault(&board(2, 2), "v./.. h"), Some(PositionFault::Unpaired { side: Side::Vertical }));
}

#[test]
fn refuses_half_a_horizontal_domino() {
    assert_eq!(fault(&board(2, 2), "h./.. v"), Some(PositionFault::Unpaired { side: Side::Horizontal }));
}

#[test]
fn refuses_the_second_side_ahead_of_the_first() {
    assert_eq!(fault(&board(2, 2), "hh/.. v"), Some(PositionFault::DominoCounts));
    assert_eq!(fault(&board(2, 2), "hh/.. h"), Some(PositionFault::DominoCounts));
}

#[test]
fn refuses_the_wrong_side_to_move() {
    assert_eq!(fault(&board(2, 2), "v./v. v"), Some(PositionFault::WrongSideToMove));
    assert!(board(2, 2).parse_position("v./v. h").is_ok());
}
