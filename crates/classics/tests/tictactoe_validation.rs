//! Every rule of [`TicTacToe::validate`], each with one test that fails if the rule is dropped: the text
//! reads apart from that rule, and is refused naming it.

use hamle_classics::tictactoe::{Move, ParseError, PositionFault, TicTacToe};
use hamle_core::{Game, Notation};

fn fault(game: TicTacToe, text: &str) -> Option<PositionFault> {
    match game.parse_position(text) {
        Err(ParseError::Impossible { fault, .. }) => Some(fault),
        _ => None,
    }
}

#[test]
fn is_valid_agrees_with_validate() {
    assert!(TicTacToe::classic().is_valid());
    let mut game = TicTacToe::classic();
    // X on a1, b1, c1, O on a2, b2: X has won; O playing on c2 regardless gives both sides a line.
    for cell in [0, 3, 1, 4, 2] {
        game.play(Move::Place(cell));
    }
    assert!(game.is_valid());
    game.play(Move::Place(5));
    assert!(!game.is_valid());
}

#[test]
fn refuses_a_stone_off_the_board() {
    // `play` trusts its move; a cell past c3 is what `validate` must catch.
    let mut game = TicTacToe::classic();
    game.play(Move::Place(9));
    assert_eq!(game.validate(), Err(PositionFault::OffBoard));
}

#[test]
fn refuses_a_cell_holding_both_sides() {
    let mut game = TicTacToe::classic();
    game.play(Move::Place(4));
    game.play(Move::Place(4));
    assert_eq!(game.validate(), Err(PositionFault::Overlap));
}

#[test]
fn refuses_x_two_stones_ahead() {
    assert_eq!(fault(TicTacToe::classic(), "xx./.../... o"), Some(PositionFault::StoneCounts));
}

#[test]
fn refuses_o_ahead_of_x() {
    assert_eq!(fault(TicTacToe::classic(), "o../.../... x"), Some(PositionFault::StoneCounts));
}

#[test]
fn refuses_the_side_to_move_against_the_counts() {
    assert_eq!(fault(TicTacToe::classic(), "x../.../... x"), Some(PositionFault::WrongSideToMove));
    assert!(TicTacToe::classic().parse_position("x../.../... o").is_ok());
}

#[test]
fn refuses_both_sides_with_three_in_a_row() {
    // Three each with O to move would otherwise pass the counts: only the lines are wrong.
    assert_eq!(fault(TicTacToe::classic(), "xxx/ooo/... x"), Some(PositionFault::BothLines));
}

#[test]
fn refuses_the_winner_to_move() {
    assert_eq!(fault(TicTacToe::classic(), "xxx/oo./o.. x"), Some(PositionFault::WinnerToMove));
    assert!(TicTacToe::classic().parse_position("xxx/oo./... o").is_ok());
}

#[test]
fn refuses_four_stones_a_side_in_the_two_phase_game() {
    // Four X and three O, no line: a classic position, not a two-phase one.
    assert!(TicTacToe::classic().parse_position("xo./xoo/.xx o").is_ok());
    assert_eq!(fault(TicTacToe::two_phase(), "xo./xoo/.xx o"), Some(PositionFault::TooManyStones));
}

#[test]
fn refuses_more_slides_than_a_game_allows() {
    assert!(TicTacToe::two_phase().parse_position("ox./ox./x.o x 200").is_ok());
    assert_eq!(fault(TicTacToe::two_phase(), "ox./ox./x.o x 202"), Some(PositionFault::TooManySlides));
}

#[test]
fn refuses_a_slide_count_of_the_wrong_parity() {
    assert_eq!(fault(TicTacToe::two_phase(), "ox./ox./x.o o 2"), Some(PositionFault::SlideParity));
}

#[test]
fn refuses_slides_before_both_sides_have_placed() {
    assert_eq!(fault(TicTacToe::two_phase(), "x../.../... o 4"), Some(PositionFault::SlidesBeforeSliding));
}

#[test]
fn a_slide_count_beyond_u16_is_malformed_not_a_panic() {
    let got = TicTacToe::two_phase().parse_position("ox./ox./x.o x 99999999999999999999");
    assert!(matches!(got, Err(ParseError::BadPosition { .. })), "{got:?}");
}
