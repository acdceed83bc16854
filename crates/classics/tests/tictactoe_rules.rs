//! Tic-tac-toe rules and notation, one test per rule and edge case.

use hamle_classics::tictactoe::{Move, ParseError, TicTacToe, Variant, cell_name, parse_cell};
use hamle_core::{Game, IllegalMove, Notation, Turn};

fn classic(text: &str) -> TicTacToe {
    TicTacToe::classic().parse_position(text).expect("a legal classic position")
}

fn two_phase(text: &str) -> TicTacToe {
    TicTacToe::two_phase().parse_position(text).expect("a legal two-phase position")
}

fn play_all(mut game: TicTacToe, moves: &[&str]) -> TicTacToe {
    for text in moves {
        let mv = game.parse_move(text).expect("a move");
        game.try_play(mv).expect("a legal move");
    }
    game
}

fn legal(game: &TicTacToe) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|m| game.format_move(m)).collect()
}

#[test]
fn cells_are_named_by_column_letter_and_row_digit_from_the_bottom() {
    assert_eq!(parse_cell("a1"), Ok(0));
    assert_eq!(parse_cell("c1"), Ok(2));
    assert_eq!(parse_cell("B2"), Ok(4));
    assert_eq!(parse_cell("a3"), Ok(6));
    assert_eq!(parse_cell("c3"), Ok(8));
    for cell in 0..9 {
        assert_eq!(parse_cell(&cell_name(cell)), Ok(cell));
    }
    for bad in ["", "a", "d1", "a0", "a4", "1a", "b22", "é1"] {
        assert!(matches!(parse_cell(bad), Err(ParseError::BadCell(_))), "{bad:?}");
    }
}

#[test]
fn x_moves_first_and_the_sides_alternate() {
    let game = TicTacToe::classic();
    assert_eq!(game.turn(), Turn::Player(0));
    let game = play_all(game, &["b2"]);
    assert_eq!(game.turn(), Turn::Player(1));
    assert_eq!(play_all(game, &["a1"]).turn(), Turn::Player(0));
}

#[test]
fn every_empty_cell_is_a_legal_placement() {
    assert_eq!(legal(&TicTacToe::classic()).len(), 9);
    assert_eq!(legal(&classic("x../.o./... x")), ["a1", "b1", "c1", "a2", "c2", "b3", "c3"].map(String::from));
}

#[test]
fn an_occupied_cell_is_refused_and_nothing_changes() {
    let game = play_all(TicTacToe::classic(), &["b2"]);
    let mut tried = game;
    assert_eq!(tried.try_play(Move::Place(4)), Err(IllegalMove));
    assert_eq!(tried, game);
}

#[test]
fn a_row_a_column_and_both_diagonals_win() {
    for (text, winner) in [("..o/.o./xxx o", 0), ("x.o/x.o/x.. o", 0), ("xxo/.o./o.x x", 1), ("x.o/.x./o.x o", 0)] {
        let game = classic(text);
        assert_eq!(game.turn(), Turn::Over, "{text}");
        assert_eq!(game.winner(), Some(winner), "{text}");
        let points = if winner == 0 { [1.0, 0.0] } else { [0.0, 1.0] };
        assert_eq!(game.points(), Some(points), "{text}");
    }
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let game = classic("xox/xoo/oxx o");
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([0.5, 0.5]));
}

#[test]
fn nothing_is_legal_once_the_game_is_over() {
    let game = classic("..o/.o./xxx o");
    assert!(legal(&game).is_empty());
    let mut tried = game;
    assert_eq!(tried.try_play(Move::Place(8)), Err(IllegalMove));
    assert_eq!(tried, game);
}

#[test]
fn points_are_given_only_at_the_end() {
    assert_eq!(TicTacToe::classic().points(), None);
}

#[test]
fn a_classic_game_has_no_slides() {
    let game = classic("x../.o./... x");
    let mut tried = game;
    assert_eq!(tried.try_play(Move::Slide { from: 0, to: 1 }), Err(IllegalMove));
    assert_eq!(tried, game);
}

#[test]
fn two_phase_places_three_stones_each_then_slides() {
    let game = play_all(TicTacToe::two_phase(), &["b2", "a1", "c3", "a3", "a2", "c2"]);
    assert!(!game.placing());
    assert_eq!(game.turn(), Turn::Player(0));
    let moves = legal(&game);
    assert!(moves.iter().all(|m| m.contains('-')), "{moves:?}");
    // x stands on b2, c3, a2; the empty cells are b1, c1, b3.
    assert_eq!(moves, ["b2-b1", "b2-b3", "c3-b3"].map(String::from));
}

#[test]
fn two_phase_slides_go_only_to_orthogonally_adjacent_empty_cells() {
    let game = two_phase("x../oxo/ox. x 0");
    let mut tried = game;
    // a diagonal step, a jump, onto a stone, and someone else's stone.
    for (from, to) in [(4, 8), (6, 8), (4, 3), (3, 4)] {
        assert_eq!(tried.try_play(Move::Slide { from, to }), Err(IllegalMove), "{from}-{to}");
        assert_eq!(tried, game);
    }
    assert!(matches!(game.parse_move("b2-c3"), Err(ParseError::BadMove(_))), "diagonal slides do not even read");
    assert_eq!(tried.try_play(Move::Place(1)), Err(IllegalMove), "no placing once three stones stand");
}

#[test]
fn two_phase_a_line_made_while_placing_wins() {
    let game = play_all(TicTacToe::two_phase(), &["a1", "a2", "b1", "b2", "c1"]);
    assert_eq!(game.winner(), Some(0));
    assert_eq!(game.turn(), Turn::Over);
}

#[test]
fn two_phase_a_line_made_by_a_slide_wins() {
    let game = two_phase("ox./ox./x.o x 0");
    assert_eq!(game.winner(), None);
    let won = play_all(game, &["b3-c3"]);
    assert_eq!(won.winner(), Some(0));
    assert_eq!(won.points(), Some([1.0, 0.0]));
}

#[test]
fn two_phase_counts_slides_and_draws_at_the_limit() {
    let game = two_phase("ox./ox./x.o o 199");
    let drawn = play_all(game, &["c1-c2"]);
    assert_eq!(drawn.slides(), hamle_classics::tictactoe::MAX_SLIDES);
    assert_eq!(drawn.turn(), Turn::Over);
    assert_eq!(drawn.points(), Some([0.5, 0.5]));
}

#[test]
fn two_phase_never_leaves_the_side_to_move_without_a_slide() {
    // Blocking all three of one's stones needs four enemy stones, or enemy stones already in a line:
    // checked here over every arrangement of three stones each.
    for x in 0u16..512 {
        for o in 0u16..512 {
            if x.count_ones() != 3 || o.count_ones() != 3 || x & o != 0 {
                continue;
            }
            for side in ["x", "o"] {
                let board: String = (0..3)
                    .rev()
                    .map(|row| {
                        (0..3)
                            .map(|col| {
                                let bit = 1 << (row * 3 + col);
                                if x & bit != 0 {
                                    'x'
                                } else if o & bit != 0 {
                                    'o'
                                } else {
                                    '.'
                                }
                            })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                let slides = if side == "x" { 2 } else { 1 };
                let Ok(game) = TicTacToe::two_phase().parse_position(&format!("{board} {side} {slides}")) else {
                    continue;
                };
                if game.turn() != Turn::Over {
                    assert!(!legal(&game).is_empty(), "{}", game.format_position());
                }
            }
        }
    }
}

#[test]
fn moves_read_in_either_case_and_with_or_without_a_dash() {
    let game = TicTacToe::two_phase();
    assert_eq!(game.parse_move("b2"), Ok(Move::Place(4)));
    assert_eq!(game.parse_move(" B2 "), Ok(Move::Place(4)));
    assert_eq!(game.parse_move("a1-a2"), Ok(Move::Slide { from: 0, to: 3 }));
    assert_eq!(game.parse_move("a1a2"), Ok(Move::Slide { from: 0, to: 3 }));
    assert_eq!(game.format_move(Move::Slide { from: 0, to: 3 }), "a1-a2");
}

#[test]
fn malformed_moves_are_refused_with_the_reason() {
    let game = TicTacToe::classic();
    for bad in ["", "zz", "b", "a1-", "a1--a2", "a1-c3", "a1-a1", "b2 b3", "d4"] {
        assert!(game.parse_move(bad).is_err(), "{bad:?}");
    }
    let message = game.parse_move("zz").map_err(|e| e.to_string()).err().unwrap_or_default();
    assert!(message.contains("cell"), "{message}");
}

#[test]
fn positions_round_trip() {
    for text in [".../.../... x", "x../.o./... x", "xox/xoo/oxx o", "..o/.o./xxx o"] {
        assert_eq!(classic(text).format_position(), text);
    }
    for text in [".../.../... x 0", "ox./ox./x.o x 0", "ox./ox./x.o o 199", "ox./ox./x.o x 42"] {
        assert_eq!(two_phase(text).format_position(), text);
    }
    assert_eq!(
        TicTacToe::two_phase().parse_position(".../.x./... o").map(|g| g.format_position()),
        Ok(".../.x./... o 0".into())
    );
}

#[test]
fn impossible_or_malformed_positions_are_refused_with_the_reason() {
    for (text, why) in [
        ("", "expected"),
        (".../.../...", "expected"),
        (".../.../... x 3", "expected"),
        ("..../.../... x", "three rows"),
        (".../... x", "three rows"),
        (".../.q./... x", "cells are"),
        (".../.../... z", "side to move"),
        ("xx./.../... o", "x moves first"),
        ("o../.../... x", "x moves first"),
        ("x../.../... x", "does not match"),
        ("xxx/ooo/x.. o", "both sides"),
        ("xxx/oo./o.. x", "moved last"),
    ] {
        match TicTacToe::classic().parse_position(text) {
            Err(error @ (ParseError::BadPosition { .. } | ParseError::Impossible { .. })) => {
                assert!(error.to_string().contains(why), "{text:?}: {error}")
            }
            other => panic!("{text:?} should be refused, got {other:?}"),
        }
    }
    for (text, why) in [
        ("xxx/.../ooo x 0", "both sides"),
        ("xx./x../ooo. x", "three rows"),
        ("xxx/x../ooo o", "at most three"),
        ("ox./ox./x.o o 2", "slide count is even"),
        ("ox./ox./x.o o 0", "does not match"),
        ("ox./ox./x.o x 201", "more slides"),
        ("ox./ox./x.o x y", "not a number"),
        ("x../.../... o 4", "only once both sides"),
    ] {
        match TicTacToe::two_phase().parse_position(text) {
            Err(error @ (ParseError::BadPosition { .. } | ParseError::Impossible { .. })) => {
                assert!(error.to_string().contains(why), "{text:?}: {error}")
            }
            other => panic!("{text:?} should be refused, got {other:?}"),
        }
    }
}

#[test]
fn the_positions_that_read_are_exactly_those_play_can_reach() {
    // Every board and side, as text: those accepted must be the 5478 positions reachable from the start.
    let solution = hamle_classics::tictactoe::Solution::new(Variant::Classic);
    let mut accepted = 0;
    for code in 0..3u32.pow(9) {
        let mut digits = code;
        let mut cells = ['.'; 9];
        for cell in &mut cells {
            *cell = ['.', 'x', 'o'][(digits % 3) as usize];
            digits /= 3;
        }
        let rows: Vec<String> = (0..3).rev().map(|r| cells[r * 3..r * 3 + 3].iter().collect()).collect();
        for side in ["x", "o"] {
            if let Ok(game) = TicTacToe::classic().parse_position(&format!("{} {side}", rows.join("/"))) {
                accepted += 1;
                assert!(solution.outcome(&game).is_some(), "{} reads but cannot be reached", game.format_position());
            }
        }
    }
    assert_eq!(accepted, solution.positions());
    assert_eq!(accepted, 5478);
}

#[test]
fn the_board_is_drawn_with_row_three_on_top() {
    assert_eq!(classic("o../.x./... x").to_string(), "3  o . .\n2  . x .\n1  . . .\n   a b c");
}
