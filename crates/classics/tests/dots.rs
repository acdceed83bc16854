//! Dots and Boxes: the rules, the exact search against a second search and published values, chains and loops,
//! the strong player, notation and refusals.

use std::collections::HashMap;

use hamle_classics::dots::{Dots, ParseError, Strong, chains, long_chains, mover_keeps_control, solve, value};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, IllegalMove, Notation, Stream, Turn};
use proptest::prelude::*;

fn draw(game: &mut Dots, lines: &[&str]) {
    for l in lines {
        let mv = game.parse_move(l).expect("a line");
        game.try_play(mv).expect("an undrawn line");
    }
}

/// The first player's net boxes with best play, through the game's own rules and a table keyed by the whole state
/// (a second search: it plays moves with `Dots::play` and reads the score at the end).
fn net_by_play(game: &Dots, memo: &mut HashMap<(u128, u8, [u8; 2]), i32>) -> i32 {
    if game.turn() == Turn::Over {
        return i32::from(game.score()[0]) - i32::from(game.score()[1]);
    }
    let key = (game.drawn(), game.to_move(), game.score());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let values = moves.iter().map(|&m| {
        let mut next = game.clone();
        next.play(m);
        net_by_play(&next, memo)
    });
    let v = if game.to_move() == 0 { values.max() } else { values.min() }.unwrap_or(0);
    memo.insert(key, v);
    v
}

#[test]
fn the_exact_search_agrees_with_a_second_search_on_small_boards() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3)] {
        let expected = net_by_play(&Dots::new(rows, cols).expect("a board"), &mut HashMap::new());
        assert_eq!(solve(rows, cols).expect("solved").value, expected, "{rows}×{cols}");
    }
}

#[test]
fn one_box_goes_to_the_second_player_and_two_by_two_to_the_first() {
    // One box: the fourth line is the second player's (worked by hand).
    assert_eq!(solve(1, 1).expect("solved").value, -1);
    // 2×2 boxes: the first player wins (Winning Ways; Berlekamp's The Dots-and-Boxes Game).
    assert!(solve(2, 2).expect("solved").value > 0);
}

#[test]
fn three_by_three_goes_to_the_second_player_by_three_whatever_the_first_line() {
    // David Wilson's exhaustive analysis (wilson.engr.wisc.edu/boxes/results): every first line of the 3×3 game
    // scores −3 for the first player.
    let solved = solve(3, 3).expect("solved");
    assert_eq!(solved.value, -3);
    assert_eq!(solved.moves.len(), 24);
    assert!(solved.moves.iter().all(|&(_, v)| v == -3), "{:?}", solved.moves);
}

#[test]
fn completing_a_box_scores_it_and_draws_again() {
    let mut game = Dots::new(1, 2).expect("a board");
    draw(&mut game, &["a1-b1", "a2-b2", "a1-a2"]);
    assert_eq!(game.to_move(), 1);
    draw(&mut game, &["b1-b2"]);
    assert_eq!(game.score(), [0, 1], "blue completed a1-b2's box");
    assert_eq!(game.to_move(), 1, "and draws again");
    assert_eq!(game.owner(0, 0), Some(1));
    draw(&mut game, &["b1-c1"]);
    assert_eq!(game.to_move(), 0, "no box: the turn passes");
    draw(&mut game, &["b2-c2", "c1-c2"]);
    assert_eq!(game.score(), [0, 2]);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([0.0, 1.0]));
}

#[test]
fn equal_boxes_are_a_draw() {
    let mut game = Dots::new(1, 2).expect("a board");
    draw(&mut game, &["a1-a2", "a1-b1", "c1-c2", "a2-b2", "b1-b2", "b1-c1", "b2-c2"]);
    assert_eq!(game.score(), [1, 1]);
    assert_eq!(game.points(), Some([0.5, 0.5]));
}

#[test]
fn one_line_can_complete_two_boxes() {
    let mut game = Dots::new(1, 2).expect("a board");
    draw(&mut game, &["a1-b1", "a2-b2", "a1-a2", "b1-c1", "b2-c2", "c1-c2"]);
    let mover = game.to_move();
    draw(&mut game, &["b1-b2"]);
    assert_eq!(game.score()[usize::from(mover)], 2);
}

#[test]
fn a_drawn_line_cannot_be_drawn_again_and_bad_lines_are_refused() {
    let mut game = Dots::new(2, 2).expect("a board");
    draw(&mut game, &["a1-b1"]);
    let again = game.parse_move("b1-a1").expect("a line");
    assert_eq!(game.try_play(again), Err(IllegalMove));
    assert_eq!(game.to_move(), 1, "nothing changed");
    for bad in ["a1-c1", "a1-b2", "a1", "d1-d2", "a4-a3", "a0-a1", "a1-a1", ""] {
        let not_a_line = ParseError::BadLine { text: bad.to_owned(), last_col: 'c', last_row: 3 };
        assert_eq!(game.parse_move(bad), Err(not_a_line), "{bad}");
    }
    assert_eq!(Dots::new(0, 9), Err("a board has from 1 to 6 boxes a side, not 0×9".to_owned()));
    assert_eq!(Dots::new(7, 1), Err("a board has from 1 to 6 boxes a side, not 7×1".to_owned()));
    assert_eq!(solve(0, 9), Err("a board has from 1 to 6 boxes a side, not 0×9".to_owned()));
    let past_the_table = "4×4 has 40 lines: the exact search takes boards of up to 26";
    assert_eq!(solve(4, 4), Err(past_the_table.to_owned()), "40 lines is past the table");
}

#[test]
fn positions_round_trip_and_impossible_ones_are_refused() {
    let mut game = Dots::new(1, 2).expect("a board");
    draw(&mut game, &["a1-b1", "a2-b2", "a1-a2", "b1-b2"]);
    let text = game.format_position();
    assert_eq!(text, "1x2 b 1010110 b.");
    assert_eq!(game.parse_position(&text).expect("a position"), game);
    let owners = "a box has an owner exactly when its four sides are drawn";
    for (bad, why) in [
        ("1x2 b 1010110 ..", owners),
        ("1x2 b 1010110 bb", owners),
        ("1x2 b 101011 b.", "give one 0 or 1 for each line of the board"),
        ("1x2 x 1010110 b.", "the side to move is r or b"),
        ("9x9 r 0 .", "each side is from 1 to 6 boxes"),
        ("1x2 b 1010110", "write the size, the side to move, the lines and the owners: 2x2 r 000000000000 ...."),
    ] {
        assert_eq!(game.parse_position(bad), Err(ParseError::BadPosition { text: bad.to_owned(), why }), "{bad}");
    }
}

#[test]
fn chains_and_loops_are_found() {
    // 1×3 with the top and bottom lines drawn: one chain of three boxes.
    let mut row = Dots::new(1, 3).expect("a board");
    draw(&mut row, &["a1-b1", "b1-c1", "c1-d1", "a2-b2", "b2-c2", "c2-d2"]);
    let parts = chains(&row);
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].boxes.len(), 3);
    assert!(!parts[0].looped);
    assert_eq!(long_chains(&row), 1, "a chain of three is long");
    // 2×2 with its outside drawn: a loop of four.
    let mut square = Dots::new(2, 2).expect("a board");
    draw(&mut square, &["a1-b1", "b1-c1", "a3-b3", "b3-c3", "a1-a2", "a2-a3", "c1-c2", "c2-c3"]);
    let parts = chains(&square);
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].boxes.len(), 4);
    assert!(parts[0].looped);
    assert_eq!(long_chains(&square), 0, "a loop is not a long chain");
}

#[test]
fn a_chain_is_found_whole_from_its_middle_box() {
    // 2×2: a chain of three bends round the top-left box (the first one looked at, in its middle), and the
    // bottom-right box, two sides drawn and both open sides on the edge, is a chain of its own.
    let mut game = Dots::new(2, 2).expect("a board");
    draw(&mut game, &["a3-b3", "a2-a3", "b3-c3", "b2-c2", "a1-b1", "b1-b2"]);
    let mut parts: Vec<(usize, bool)> = chains(&game).iter().map(|p| (p.boxes.len(), p.looped)).collect();
    parts.sort_unstable();
    assert_eq!(parts, [(1, false), (3, false)]);
    assert_eq!(long_chains(&game), 1, "the chain of three, not the single box");
    let three = chains(&game).into_iter().find(|p| p.boxes.len() == 3).expect("the chain of three");
    let ends = [three.boxes[0], three.boxes[2]];
    assert!(ends.contains(&(1, 0)) && ends.contains(&(0, 1)), "walked from one end to the other: {:?}", three.boxes);
    assert_eq!(three.boxes[1], (0, 0));
}

#[test]
fn the_strong_player_wins_every_game_against_random_on_3x3_either_side() {
    let mut stream = Stream::new(11);
    for round in 0..10 {
        let strong_seat = round % 2;
        let mut game = Dots::new(3, 3).expect("a board");
        let mut strong = Strong::default();
        while game.turn() != Turn::Over {
            let decision = if usize::from(game.to_move()) == strong_seat {
                strong.choose(&game, &Budget::UNLIMITED, &mut stream)
            } else {
                RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream)
            }
            .expect("a move");
            game.play(decision.mv);
        }
        let [red, blue] = game.score();
        let (mine, theirs) = if strong_seat == 0 { (red, blue) } else { (blue, red) };
        assert!(mine > theirs, "game {round}: strong {mine}, random {theirs}");
    }
}

#[test]
fn the_rules_of_thumb_alone_beat_random_on_5x5() {
    let mut stream = Stream::new(12);
    let mut won = 0;
    for round in 0..10 {
        let strong_seat = round % 2;
        let mut game = Dots::new(5, 5).expect("a board");
        let mut strong = Strong { exact_lines: 0, ..Strong::default() };
        while game.turn() != Turn::Over {
            let decision = if usize::from(game.to_move()) == strong_seat {
                strong.choose(&game, &Budget::UNLIMITED, &mut stream)
            } else {
                RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream)
            }
            .expect("a move");
            game.play(decision.mv);
        }
        let score = game.score();
        won += usize::from(score[strong_seat] > score[1 - strong_seat]);
    }
    assert_eq!(won, 10);
}

#[test]
fn the_long_chain_rule_from_the_empty_board_is_the_book_s() {
    // Berlekamp: the first player wants dots + long chains even. On R×C boxes the undrawn lines less the boxes
    // are the dots less one, and the first player is to move.
    for (rows, cols) in [(3, 3), (3, 5), (4, 4), (5, 5)] {
        let (lines, boxes, dots) = (rows * (cols + 1) + cols * (rows + 1), rows * cols, (rows + 1) * (cols + 1));
        for long in 0..5 {
            assert_eq!(mover_keeps_control(lines, boxes, long), (dots + long) % 2 == 0, "{rows}×{cols}, {long} long");
        }
    }
}

/// 1×4 boxes with the top edge drawn and the outer boxes' bottoms: three safe lines are left. The middle line
/// between the second and third boxes leaves two chains of two; either bottom leaves one safe line, then one
/// chain of four.
fn two_twos_or_one_four() -> Dots {
    let mut game = Dots::new(1, 4).expect("a board");
    draw(&mut game, &["a1-b1", "b1-c1", "c1-d1", "d1-e1", "a2-b2", "d2-e2"]);
    game
}

#[test]
fn the_rules_of_thumb_steer_to_the_long_chains_the_rule_wants_and_the_exact_search_agrees() {
    let game = two_twos_or_one_four();
    let middle = game.parse_move("c1-c2").expect("a line");
    // Six lines drawn, none completing a box: the first player is to move and wants no long chain (10 dots).
    assert_eq!(game.to_move(), 0);
    let solved = value(&game).expect("small");
    let best = solved.moves.iter().map(|&(_, v)| v).max().expect("moves");
    let best_lines: Vec<u8> = solved.moves.iter().filter(|&&(_, v)| v == best).map(|&(l, _)| l).collect();
    assert_eq!(best_lines, [middle], "the exact search: the middle line draws, a bottom loses all four");
    let mut steered = Strong { exact_lines: 0, parity: true };
    let mut unsteered = Strong { exact_lines: 0, parity: false };
    let mut stream = Stream::new(5);
    let mut unsteered_other = 0;
    for _ in 0..20 {
        assert_eq!(steered.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move").mv, middle);
        unsteered_other +=
            usize::from(unsteered.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move").mv != middle);
    }
    assert!(unsteered_other > 0, "without the rule a safe line is drawn at random");
    assert_eq!((steered.name(), unsteered.name()), ("strong".to_owned(), "strong(parity=off)".to_owned()));
}

#[test]
fn safe_lines_the_rule_cannot_tell_apart_are_drawn_at_random() {
    // One box, nothing drawn: every line leaves the same single box, never a long chain, so all four tie.
    let game = Dots::new(1, 1).expect("a board");
    let mut steered = Strong { exact_lines: 0, parity: true };
    let mut stream = Stream::new(8);
    let chosen: std::collections::BTreeSet<u8> =
        (0..40).map(|_| steered.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move").mv).collect();
    assert_eq!(chosen.len(), 4, "{chosen:?}");
}

#[test]
fn the_exact_value_of_a_position_counts_only_the_boxes_left() {
    let mut game = Dots::new(1, 2).expect("a board");
    draw(&mut game, &["a1-b1", "a2-b2", "a1-a2", "b1-b2"]);
    // Blue took the first box and is to move with one box and three lines left: blue, red, then blue completes it.
    assert_eq!(game.to_move(), 1);
    assert_eq!(value(&game).expect("small").value, 1);
}

#[test]
fn random_games_keep_the_game_contracts() {
    let report = hamle_testkit::smoke::smoke(&Dots::new(2, 3).expect("a board"), 50, 1);
    assert_eq!(report.games, 50);
    assert_eq!(report.plies, 50 * 17, "every game draws all 17 lines");
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in ".{0,40}") {
        let game = Dots::new(3, 3).expect("a board");
        let _ = game.parse_move(&text);
        let _ = game.parse_position(&text);
    }
}
