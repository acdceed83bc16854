//! Every rule of [`G2048::validate`], each with one test that fails if the rule is dropped, and the tiles
//! a board cannot hold.

use hamle_2048::{G2048, NotationError, PositionFault, SpawnRule, parse_board};
use hamle_core::{Game, Notation};

fn read(text: &str) -> Result<G2048, NotationError> {
    G2048::new(SpawnRule::Original).parse_position(text)
}

fn impossible(fault: PositionFault) -> Result<G2048, NotationError> {
    Err(NotationError::Impossible(fault))
}

#[test]
fn is_valid_agrees_with_validate() {
    assert!(G2048::new(SpawnRule::Original).is_valid());
    let board = parse_board("2,.,.,./.,.,.,./.,.,.,./.,.,.,.").expect("a board");
    assert!(G2048::from_board(board, 0, SpawnRule::Original).is_valid());
    assert!(!G2048::from_board(hamle_2048::Board::EMPTY, 0, SpawnRule::Original).is_valid());
}

#[test]
fn refuses_a_tile_above_32768() {
    assert!(matches!(parse_board("65536,.,.,./.,.,.,./.,.,.,./.,.,.,."), Err(NotationError::BadTile(_))));
    assert!(matches!(parse_board("131072,.,.,./.,.,.,./.,.,.,./.,.,.,."), Err(NotationError::BadTile(_))));
    assert!(parse_board("32768,.,.,./.,.,.,./.,.,.,./.,.,.,.").is_ok());
}

#[test]
fn refuses_65536_made_without_a_32768_left() {
    assert_eq!(read("16384,.,.,./.,.,.,./.,.,.,./.,.,.,. 99 0 65536"), impossible(PositionFault::WonWithout32768));
}

#[test]
fn refuses_tiles_due_after_65536() {
    assert_eq!(read("32768,.,.,./.,.,.,./.,.,.,./.,.,.,. 99 1 65536"), impossible(PositionFault::WonWithTilesDue));
}

#[test]
fn refuses_an_empty_board_without_the_start_tiles_due() {
    assert_eq!(read(".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 1"), impossible(PositionFault::EmptyWithoutStart));
    assert_eq!(read(".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 0"), impossible(PositionFault::EmptyWithoutStart));
}

#[test]
fn refuses_two_tiles_due_after_the_start() {
    assert_eq!(read("2,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 2"), impossible(PositionFault::TwoDueAfterStart));
}

#[test]
fn refuses_a_score_at_the_start() {
    assert_eq!(read(".,.,.,./.,.,.,./.,.,.,./.,.,.,. 4 2"), impossible(PositionFault::ScoreAtStart));
    assert!(read(".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 2").is_ok());
}

#[test]
fn refuses_a_tile_due_on_a_full_board() {
    let full = "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 0 1";
    assert_eq!(read(full), impossible(PositionFault::DueWithoutRoom { due: 1, empty: 0 }));
}

#[test]
fn a_score_at_the_top_of_u64_saturates_instead_of_overflowing() {
    let mut game = read(&format!("2,2,.,./.,.,.,./.,.,.,./.,.,.,. {} 0", u64::MAX)).expect("valid");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    game.play(hamle_2048::Direction::Left);
    assert_eq!(game.score(), u64::MAX);
    assert_eq!(game.board().get(0, 0), 2);
}
