//! The rules, one test per rule and edge case.

use hamle_core::{Game, IllegalMove, Notation, Turn};
use hamle_domineering::{Domineering, MAX_SIDE, Move, Side, SizeError};

fn board(rows: usize, cols: usize, first: Side) -> Domineering {
    Domineering::new(rows, cols, first).expect("a valid size")
}

fn v(row: u8, col: u8) -> Move {
    Move { side: Side::Vertical, row, col }
}

fn h(row: u8, col: u8) -> Move {
    Move { side: Side::Horizontal, row, col }
}

fn legal(game: &Domineering) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

#[test]
fn a_new_board_is_empty_and_the_first_side_is_to_move() {
    for first in [Side::Vertical, Side::Horizontal] {
        let game = board(5, 7, first);
        assert_eq!(game.empty_cells(), 35);
        assert_eq!(game.to_move(), first);
        assert_eq!(game.turn(), Turn::Player(0));
        assert_eq!(game.side_of(0), first);
        assert_eq!(game.side_of(1), first.other());
        assert_eq!(game.player_of(first), 0);
    }
}

#[test]
fn sizes_outside_1_to_16_are_refused() {
    for (rows, cols) in [(0, 5), (5, 0), (17, 17), (17, 1), (1, 17), (0, 0)] {
        assert_eq!(Domineering::new(rows, cols, Side::Vertical), Err(SizeError { rows, cols }));
    }
    assert!(Domineering::new(usize::from(MAX_SIDE), usize::from(MAX_SIDE), Side::Vertical).is_ok());
    assert!(Domineering::new(1, 1, Side::Horizontal).is_ok());
}

#[test]
fn an_empty_board_has_every_placement() {
    let game = board(4, 6, Side::Vertical);
    assert_eq!(game.count_moves(Side::Vertical), 3 * 6);
    assert_eq!(game.count_moves(Side::Horizontal), 4 * 5);
    assert_eq!(legal(&game).len(), 18);
}

#[test]
fn a_vertical_domino_covers_a_cell_and_the_one_above() {
    let mut game = board(3, 3, Side::Vertical);
    game.play(v(0, 1));
    assert_eq!(game.cell(0, 1), Some(Side::Vertical));
    assert_eq!(game.cell(1, 1), Some(Side::Vertical));
    assert_eq!(game.empty_cells(), 7);
}

#[test]
fn a_horizontal_domino_covers_a_cell_and_the_one_to_its_right() {
    let mut game = board(3, 3, Side::Horizontal);
    game.play(h(2, 0));
    assert_eq!(game.cell(2, 0), Some(Side::Horizontal));
    assert_eq!(game.cell(2, 1), Some(Side::Horizontal));
    assert_eq!(game.cell(2, 2), None);
}

#[test]
fn the_sides_alternate() {
    let mut game = board(4, 4, Side::Horizontal);
    game.play(h(0, 0));
    assert_eq!(game.to_move(), Side::Vertical);
    assert_eq!(game.turn(), Turn::Player(1));
    game.play(v(1, 3));
    assert_eq!(game.to_move(), Side::Horizontal);
}

#[test]
fn dominoes_may_not_overlap() {
    let mut game = board(3, 3, Side::Vertical);
    game.play(v(0, 0));
    let before = game.clone();
    assert_eq!(game.try_play(h(1, 0)), Err(IllegalMove));
    assert_eq!(game, before, "an illegal move changes nothing");
    assert!(!legal(&game).contains(&h(1, 0)));
    assert!(!legal(&game).contains(&h(0, 0)));
}

#[test]
fn a_side_may_not_place_the_other_sides_domino() {
    let mut game = board(3, 3, Side::Vertical);
    let before = game.clone();
    assert_eq!(game.try_play(h(0, 0)), Err(IllegalMove));
    assert_eq!(game, before);
}

#[test]
fn a_domino_may_not_hang_off_the_board() {
    let mut game = board(3, 3, Side::Vertical);
    for mv in [v(2, 0), v(0, 3), v(200, 200), v(0, 255)] {
        assert_eq!(game.try_play(mv), Err(IllegalMove), "{mv:?}");
    }
    let mut game = board(3, 3, Side::Horizontal);
    for mv in [h(0, 2), h(3, 0), h(15, 15)] {
        assert_eq!(game.try_play(mv), Err(IllegalMove), "{mv:?}");
    }
    assert_eq!(game.empty_cells(), 9);
}

#[test]
fn the_side_that_cannot_place_loses() {
    // 2×3, Vertical first: after a1-a2 and b2-c2 only b1 and c1 are empty, side by side.
    let mut game = board(2, 3, Side::Vertical);
    game.play(v(0, 0));
    game.play(h(1, 1));
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.winner(), Some(Side::Horizontal));
    assert_eq!(game.points(), Some([0.0, 1.0]));
}

#[test]
fn a_1x1_board_is_lost_by_whoever_starts() {
    for first in [Side::Vertical, Side::Horizontal] {
        let game = board(1, 1, first);
        assert_eq!(game.turn(), Turn::Over);
        assert_eq!(game.winner(), Some(first.other()));
        assert_eq!(game.points(), Some([0.0, 1.0]));
    }
}

#[test]
fn vertical_cannot_move_on_one_row_nor_horizontal_on_one_column() {
    assert!(!board(1, 9, Side::Vertical).can_move(Side::Vertical));
    assert!(board(1, 9, Side::Vertical).can_move(Side::Horizontal));
    assert!(!board(9, 1, Side::Horizontal).can_move(Side::Horizontal));
    assert_eq!(board(1, 9, Side::Vertical).winner(), Some(Side::Horizontal));
}

#[test]
fn on_2x2_the_first_player_wins_at_once() {
    for first in [Side::Vertical, Side::Horizontal] {
        for mv in legal(&board(2, 2, first)) {
            let mut game = board(2, 2, first);
            game.play(mv);
            assert_eq!(game.winner(), Some(first), "after {}", game.format_move(mv));
        }
    }
}

#[test]
fn a_horizontal_move_is_safe_when_the_four_cells_above_and_below_are_not_empty() {
    // Row 2 of a 3×4 board: fill row 3 and row 1 under a2-b2; c2, d2 stay empty.
    let mut game = board(3, 4, Side::Vertical);
    game.place(h(2, 0));
    game.place(h(0, 0));
    assert!(game.is_safe(h(1, 0)));
    // Empty cells beside it (c2) do not matter: Vertical still cannot reach a2-b2 (paper, figure 1.3).
    assert!(game.fits(h(1, 1)) && !game.is_safe(h(1, 1)));
    assert_eq!(game.count_safe(Side::Horizontal), 1);
}

#[test]
fn the_board_edge_counts_as_not_empty_for_safety() {
    // A 1-row board: nothing above or below, so every horizontal placement is safe.
    let game = board(1, 4, Side::Horizontal);
    assert_eq!(game.count_safe(Side::Horizontal), 3);
    // A 2-row, 1-column board: the vertical move has no neighbours left or right.
    let game = board(2, 1, Side::Vertical);
    assert_eq!(game.count_safe(Side::Vertical), 1);
}

#[test]
fn a_vertical_move_is_safe_when_the_four_cells_left_and_right_are_not_empty() {
    let mut game = board(2, 3, Side::Vertical);
    assert!(!game.is_safe(v(0, 1)));
    game.place(v(0, 0));
    assert!(!game.is_safe(v(0, 1)), "c1 and c2 are still empty");
    game.place(v(0, 2));
    assert!(game.is_safe(v(0, 1)));
}

#[test]
fn equal_positions_have_equal_keys_and_the_side_to_move_matters() {
    let mut a = board(4, 4, Side::Vertical);
    let mut b = board(4, 4, Side::Vertical);
    a.play(v(0, 0));
    a.play(h(3, 2));
    b.play(v(0, 0));
    b.play(h(3, 2));
    assert_eq!(a.key(), b.key());
    let mut c = a.clone();
    c.set_to_move(Side::Horizontal);
    assert_ne!(a.key(), c.key());
}

#[test]
fn the_game_info_names_a_two_player_zero_sum_game_without_chance() {
    let info = board(3, 3, Side::Vertical).info();
    assert_eq!((info.name, info.players, info.zero_sum, info.chance), ("domineering", 2, true, false));
}
