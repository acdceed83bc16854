//! The two puzzles as games: their rules, notation, players and refusals.

use hamle_core::{Bot, Budget, Game, IllegalMove, Notation, Stream, Turn};
use hamle_puzzles::knights_tour::{self, ClosedTourBot, KnightsTour, TieBreak, WarnsdorffBot, is_tour};
use hamle_puzzles::queens::{self, Backtracking, Queens};
use hamle_puzzles::square::BadSquare;
use proptest::prelude::*;

#[test]
fn random_knights_tours_and_queens_keep_the_game_contracts() {
    for (n, closed) in [(5, false), (6, true), (8, false)] {
        let report = hamle_testkit::smoke::smoke(&KnightsTour::new(n, closed).expect("a board"), 20, 1);
        assert_eq!(report.games, 20);
        assert!(report.plies > 20 * 5, "{n}: every game places the knight and moves it");
    }
    let report = hamle_testkit::smoke::smoke(&Queens::new(8).expect("a board"), 50, 1);
    assert!(report.plies >= 50 * 5, "a random placement of queens gets at least five down: {}", report.plies);
}

#[test]
fn the_knight_goes_only_to_unvisited_squares_a_knight_s_move_away() {
    let mut game = KnightsTour::new(5, false).expect("a board");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 25, "the knight may start anywhere");
    game.play(game.parse_move("c3").expect("a square"));
    game.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
    assert_eq!(names, ["e2", "a2", "e4", "a4", "d1", "b1", "d5", "b5"]);
    game.play(game.parse_move("e2").expect("a square"));
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&(game.parse_move("c3").expect("a square"))), "c3 is visited");
    assert_eq!(game.try_play(game.parse_move("e3").expect("a square")), Err(IllegalMove), "e3 is not a knight's move");
    assert_eq!(game.path().len(), 2, "the refused move changed nothing");
}

#[test]
fn a_tour_ends_the_game_with_every_square_and_a_stuck_knight_ends_it_short() {
    let tour = knights_tour::closed_tour(6, 0).expect("a tour");
    let mut game = KnightsTour::new(6, true).expect("a board");
    for &s in &tour.squares {
        assert_eq!(game.turn(), Turn::Player(0));
        game.play(s as u16);
    }
    assert_eq!(game.turn(), Turn::Over);
    assert!(game.complete());
    assert_eq!(game.points(), Some([36.0, 0.0]));

    // a1 c2 b4 d3 e1: from e1 the knight reaches only c2 and d3, both visited (the shortest way to get stuck
    // from a1, found by a search over every path).
    let stuck = KnightsTour::new(5, false).expect("a board");
    let stuck = stuck.parse_position("5 open: a1 c2 b4 d3 e1").expect("a position");
    assert_eq!(stuck.turn(), Turn::Over);
    assert_eq!(stuck.points(), Some([5.0, 0.0]));
}

#[test]
fn an_open_ending_of_a_closed_game_scores_one_less() {
    let open = knights_tour::open_tour(6, 0).expect("a tour");
    assert!(!knights_tour::is_jump(6, open.squares[0], open.squares[35]), "this open tour does not close");
    let mut game = KnightsTour::new(6, true).expect("a board");
    for &s in &open.squares {
        game.play(s as u16);
    }
    assert!(!game.complete());
    assert_eq!(game.points(), Some([35.0, 0.0]));
}

#[test]
fn boards_and_positions_that_cannot_be_are_refused() {
    let side = |n: usize| format!("the board's side must be from 5 to 16, not {n}");
    assert_eq!(KnightsTour::new(4, false), Err(side(4)));
    assert_eq!(KnightsTour::new(17, false), Err(side(17)));
    let odd = "a 7×7 board has no closed tour: it has an odd number of squares";
    assert_eq!(KnightsTour::new(7, true), Err(odd.to_owned()));
    let game = KnightsTour::new(8, false).expect("a board");
    for text in ["i1", "a9", "a0", "a+1"] {
        let off_board = knights_tour::ParseError::BadSquare(BadSquare { text: text.to_owned(), n: 8, last_file: 'h' });
        assert_eq!(game.parse_move(text), Err(off_board), "{text}");
    }
    let bad_position =
        |text: &str, why: &str| knights_tour::ParseError::BadPosition { text: text.into(), why: why.into() };
    for (text, why) in [
        ("8 open: a1 a2", "the knight cannot go to a2 there"),
        ("8 open: a1 b3 a1", "the knight cannot go to a1 there"),
        ("8 sideways: a1", "say open or closed after the side"),
        ("3 open:", "the board's side must be from 5 to 16, not 3"),
    ] {
        assert_eq!(game.parse_position(text), Err(bad_position(text, why)), "{text}");
    }
    let queens = Queens::new(8).expect("a board");
    assert_eq!(Queens::new(3), Err("the board's side must be from 4 to 16, not 3".to_owned()));
    let bad_position = |text: &str, why: &str| queens::ParseError::BadPosition { text: text.into(), why: why.into() };
    assert_eq!(
        queens.parse_position("8: a1 b2"),
        Err(bad_position("8: a1 b2", "a queen already attacks b2")),
        "b2 is attacked from a1"
    );
    assert_eq!(queens.parse_position("8: a1 a1"), Err(bad_position("8: a1 a1", "a queen already attacks a1")));
    let off_board = BadSquare { text: "q9".into(), n: 8, last_file: 'h' };
    assert_eq!(queens.parse_move("q9"), Err(queens::ParseError::BadSquare(off_board)));
}

#[test]
fn positions_round_trip_through_their_text() {
    let knight = KnightsTour::new(8, false).expect("a board").parse_position("8 open: a1 b3 c1").expect("a position");
    assert_eq!(knight.format_position(), "8 open: a1 b3 c1");
    assert_eq!(knight.knight(), Some(knight.parse_move("c1").expect("a square").into()));
    let queens = Queens::new(8).expect("a board").parse_position("8: a1 b3").expect("a position");
    assert_eq!(queens.format_position(), "8: a1 b3");
}

#[test]
fn a_queen_goes_only_where_no_queen_attacks_and_n_queens_end_the_game() {
    let mut game = Queens::new(4).expect("a board");
    let mut moves = Vec::new();
    // b4 d3 a2 c1: the 4-queens solution the thesis's tree finds first (Şekil-17).
    for name in ["b4", "d3", "a2"] {
        let mv = game.parse_move(name).expect("a square");
        game.legal_moves(&mut moves);
        assert!(moves.contains(&mv), "{name}");
        game.play(mv);
    }
    game.legal_moves(&mut moves);
    assert_eq!(moves, [game.parse_move("c1").expect("a square")], "one free square is left");
    game.play(moves[0]);
    assert!(game.solved());
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([4.0, 0.0]));
    assert!(queens::is_solution(&[2, 0, 3, 1]), "the same solution, one rank per file");
}

#[test]
fn the_thesis_backtracking_finds_the_first_4_queens_solution_and_completes_a_placement() {
    let mut game = Queens::new(4).expect("a board");
    let mut stream = Stream::new(1);
    let mut placed = Vec::new();
    while let Some(decision) = Backtracking.choose(&game, &Budget::UNLIMITED, &mut stream) {
        placed.push(game.format_move(decision.mv));
        game.play(decision.mv);
    }
    assert_eq!(placed, ["b4", "d3", "a2", "c1"], "rows from the top, first free square, back up on a dead end");
    // From a queen on a8 the first completion of 8 queens in the thesis's order: a8 e7 h6 f5 c4 g3 b2 d1.
    let game = Queens::new(8).expect("a board").parse_position("8: a8").expect("a position");
    let decision = Backtracking.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
    let line: Vec<String> = decision.pv.iter().map(|&m| game.format_move(m)).collect();
    assert_eq!(line, ["e7", "h6", "f5", "c4", "g3", "b2", "d1"]);
}

#[test]
fn warnsdorff_bots_finish_tours_from_a_person_s_start() {
    let mut stream = Stream::new(1);
    for (mut bot, n, closed) in [
        (Box::new(WarnsdorffBot { tie: TieBreak::Lookahead }) as Box<dyn Bot<KnightsTour>>, 8, false),
        (Box::new(WarnsdorffBot { tie: TieBreak::First }), 8, false),
        (Box::new(ClosedTourBot), 10, true),
    ] {
        let mut game = KnightsTour::new(n, closed).expect("a board");
        game.play(game.parse_move("c3").expect("a square"));
        while let Some(decision) = bot.choose(&game, &Budget::UNLIMITED, &mut stream) {
            game.play(decision.mv);
        }
        assert!(is_tour(n, &game.path(), closed), "{} on {n}×{n}", bot.name());
        assert!(game.complete());
    }
}

#[test]
fn the_thesis_bot_starts_in_a_corner_and_its_hint_line_follows_the_rule() {
    let game = KnightsTour::new(8, false).expect("a board");
    let decision =
        WarnsdorffBot { tie: TieBreak::First }.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_eq!(game.format_move(decision.mv), "a8");
    let rule = hamle_puzzles::knights_tour::Warnsdorff::new(8, 0, TieBreak::First).run(None).expect("a tour");
    let line: Vec<usize> = decision.pv.iter().map(|&m| usize::from(m)).collect();
    assert_eq!(line, rule[..8]);
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in ".{0,40}") {
        let knight = KnightsTour::new(8, false).expect("a board");
        let _ = knight.parse_move(&text);
        let _ = knight.parse_position(&text);
        let queens = Queens::new(8).expect("a board");
        let _ = queens.parse_move(&text);
        let _ = queens.parse_position(&text);
    }
}

#[test]
fn the_players_are_named_as_the_registry_lists_them_and_value_squares_by_their_onward_moves() {
    assert_eq!(WarnsdorffBot { tie: TieBreak::First }.name(), "thesis");
    assert_eq!(WarnsdorffBot { tie: TieBreak::Lookahead }.name(), "warnsdorff");
    assert_eq!(Bot::<KnightsTour>::name(&ClosedTourBot), "closed");
    assert_eq!(Backtracking.name(), "thesis");
    // From c7 (the thesis's 11) the rule goes to a8, which has one onward move: its value is −1.
    let game = KnightsTour::new(8, false).expect("a board").parse_position("8 open: c7").expect("a position");
    let decision =
        WarnsdorffBot { tie: TieBreak::First }.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_eq!((game.format_move(decision.mv), decision.score), ("a8".to_owned(), -1.0));
    let closed = KnightsTour::new(10, true).expect("a board");
    let decision = ClosedTourBot.choose(&closed, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.nodes, 100, "the closed player counts the squares of the tour it follows");
}

#[test]
fn the_definitions_word_the_endings_and_draw_the_boards() {
    let tours = knights_tour::definition();
    let mut full = KnightsTour::new(6, true).expect("a board");
    for s in knights_tour::closed_tour(6, 0).expect("a tour").squares {
        full.play(s as u16);
    }
    assert_eq!(
        hamle_l10n::render(hamle_l10n::Lang::En, &(tours.face.ending)(&full)),
        "A closed tour: all 36 squares visited."
    );
    let stuck = KnightsTour::new(5, false).expect("a board").parse_position("5 open: a1 c2 b4 d3 e1").expect("stuck");
    assert_eq!(
        hamle_l10n::render(hamle_l10n::Lang::En, &(tours.face.ending)(&stuck)),
        "The knight is stuck after 5 of 25 squares."
    );
    let view = (tours.face.view)(&stuck);
    assert_eq!(view["size"], 5);
    assert_eq!(view["path"], serde_json::json!([20, 17, 6, 13, 24]), "squares numbered from the top left");
    assert_eq!(view["position"], "5 open: a1 c2 b4 d3 e1");
    let queens = queens::definition();
    let solved = Queens::new(4).expect("a board").parse_position("4: b4 d3 a2 c1").expect("solved");
    assert_eq!(
        hamle_l10n::render(hamle_l10n::Lang::En, &(queens.face.ending)(&solved)),
        "Solved: 4 queens, none attacking another."
    );
    assert_eq!((queens.face.view)(&solved)["queens"], serde_json::json!([1, 7, 8, 14]));
    let stuck = Queens::new(4).expect("a board").parse_position("4: a4 c3 b1").expect("stuck");
    assert_eq!(
        hamle_l10n::render(hamle_l10n::Lang::En, &(queens.face.ending)(&stuck)),
        "Stuck: every free square is attacked, with 3 of 4 queens placed."
    );
}

#[test]
fn a_square_off_the_board_is_refused_with_the_board_s_files_and_ranks() {
    let game = KnightsTour::new(8, false).expect("a board");
    let error = game.parse_move("i1").expect_err("off the board").to_string();
    assert_eq!(error, "'i1' is not a square of the 8×8 board: write a file a..h and a rank 1..8, like c3");
}
