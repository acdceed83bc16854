//! The blog's player (`004`) as its Java code runs: hand-worked positions where its one-off levels show.

use hamle_classics::tictactoe::bots::Blog;
use hamle_classics::tictactoe::{TicTacToe, definition};
use hamle_core::bot::Limits;
use hamle_core::{Bot, Budget, Notation, Stream};

fn position(text: &str) -> TicTacToe {
    TicTacToe::classic().parse_position(text).expect("a classic position")
}

fn values(state: &TicTacToe) -> Vec<(String, i8)> {
    let values = Blog::values(state, &mut Limits::new(None, None)).expect("no limits");
    values.into_iter().map(|(mv, v)| (state.format_move(mv), v)).collect()
}

fn chosen(state: &TicTacToe, budget: &Budget) -> (String, u32) {
    let decision = Blog.choose(state, budget, &mut Stream::new(1)).expect("a move");
    (state.format_move(decision.mv), decision.depth)
}

/// O to move with c1 and c3 empty: c1 completes O's a1-b1-c1 at once (X's value −1); c3 leaves X the last cell,
/// c1, which completes X's a3-b2-c1 (+1). The blog's values are X's, and its root maximises them for O too.
#[test]
fn as_o_it_turns_down_a_win_in_one_for_a_loss() {
    let state = position("xx./xxo/oo. o");
    assert_eq!(values(&state), [("c1".to_owned(), -1), ("c3".to_owned(), 1)]);
    assert_eq!(chosen(&state, &Budget::UNLIMITED).0, "c3");
}

/// The root values against a second implementation of the blog's code (Python, outside the repository: its
/// `getHamle`, `minimax`, `max` and `min` transcribed on a string board), on positions of the lab's report.
#[test]
fn root_values_agree_with_a_second_implementation_of_the_blog_code() {
    let cells = |text: &str| text.split(' ').map(str::to_owned).collect::<Vec<_>>();
    for (text, moves, expected) in [
        (".../.../... x", "a1 b1 c1 a2 b2 c2 a3 b3 c3", [1, 1, 1, 1, 0, 1, 1, 1, 1].as_slice()),
        (".../.../xo. x", "c1 a2 b2 c2 a3 b3 c3", &[1, 1, 1, 1, 1, 1, 1]),
        (".../.../..x o", "a1 b1 a2 b2 c2 a3 b3 c3", &[1, 1, 1, 0, 1, 1, 1, 1]),
        ("x.x/.o./o.. x", "b1 c1 a2 c2 b3", &[1, 1, 1, 1, 1]),
    ] {
        let state = position(text);
        let (names, got): (Vec<String>, Vec<i8>) = values(&state).into_iter().unzip();
        assert_eq!(names, cells(moves), "{text}");
        assert_eq!(got, expected, "{text}");
    }
}

/// X to move with b3 completing a3-b3-c3: every move is worth +1 to the blog (its next level maximises: O is
/// believed to help X), so it plays the first cell, b1, and passes the win in one by.
#[test]
fn as_x_it_passes_a_win_in_one_by_for_the_first_cell() {
    let state = position("x.x/.o./o.. x");
    assert_eq!(chosen(&state, &Budget::UNLIMITED), ("b1".to_owned(), 5));
}

#[test]
fn out_of_nodes_it_plays_the_first_legal_move_at_depth_zero() {
    let state = position("x../.o./... x");
    let budget = Budget { nodes: Some(5), ..Budget::UNLIMITED };
    assert_eq!(chosen(&state, &budget), ("a1".to_owned(), 0));
}

#[test]
fn it_is_refused_for_the_two_phase_game_and_named_blog() {
    let def = definition();
    let refused = def.bot(&"blog".parse().expect("a spec"), &TicTacToe::two_phase()).err().expect("refused");
    assert!(refused.to_string().contains("classic tic-tac-toe only"), "{refused}");
    let made = def.bot(&"blog".parse().expect("a spec"), &TicTacToe::classic()).expect("made");
    assert_eq!(made.name(), "blog");
}
