//! Sim: the rules, the solve against the known result, the thesis's table, the players, notation and refusals.

use hamle_classics::sim::{ParseError, Perfect, Sim, Thesis, line_value, solve};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, IllegalMove, Notation, Stream, Turn};
use proptest::prelude::*;

fn play(game: &mut Sim, edges: &[&str]) {
    for e in edges {
        let mv = game.parse_move(e).expect("an edge");
        game.try_play(mv).expect("a legal edge");
    }
}

#[test]
fn the_second_player_wins_sim_with_best_play() {
    // Known since Mead, Rosa and Huang (1974), by computer search: an independent result.
    let solved = solve(&Sim::new());
    assert_eq!(solved.winner, 1);
    assert!(solved.nodes > 1_000);
}

#[test]
fn completing_a_triangle_of_your_own_colour_loses_at_once() {
    let mut game = Sim::new();
    play(&mut game, &["1-2", "4-5", "2-3", "4-6", "1-3"]);
    assert_eq!(game.loser(), Some(0), "red completed 1-2-3");
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([0.0, 1.0]));
}

#[test]
fn a_triangle_of_both_colours_loses_nobody() {
    let mut game = Sim::new();
    play(&mut game, &["1-2", "2-3", "1-3"]);
    assert_eq!(game.loser(), None);
    assert_eq!(game.turn(), Turn::Player(1));
}

#[test]
fn a_coloured_edge_cannot_be_coloured_again() {
    let mut game = Sim::new();
    play(&mut game, &["1-2"]);
    let again = game.parse_move("2-1").expect("an edge");
    assert_eq!(game.try_play(again), Err(IllegalMove));
    assert_eq!(game.format_position(), "r.............. b", "nothing changed");
}

#[test]
fn the_thesis_table_values_lines_as_it_describes() {
    let game = Sim::new();
    assert!((0..15).all(|e| line_value(&game, e) == 10), "every edge joins two unused points");
    let mut game = Sim::new();
    play(&mut game, &["1-2", "3-4"]);
    // Red to move: 1-3 joins a red-only point to a blue-only one; 5-6 joins two unused points.
    assert_eq!(line_value(&game, game.parse_move("5-6").expect("edge")), 10);
    assert_eq!(line_value(&game, game.parse_move("3-5").expect("edge")), 9, "an unused point and a blue-only one");
    assert_eq!(line_value(&game, game.parse_move("1-5").expect("edge")), 8, "an unused point and a red one");
    play(&mut game, &["5-6", "1-3"]);
    // Red to move: 2-3 would close 1-2-3, whose other edges are one of each (red 1-2, blue 1-3).
    assert_eq!(game.to_move(), 0);
    assert_eq!(line_value(&game, game.parse_move("2-3").expect("edge")), 2);
    play(&mut game, &["2-5", "4-6"]);
    // Red (1-2, 5-6, 2-5) to move: 1-5 would close 1-2-5 of its own colour; 3-6 closes 3-4-6, both blue.
    assert_eq!(game.to_move(), 0);
    assert_eq!(line_value(&game, game.parse_move("1-5").expect("edge")), 0);
    assert_eq!(line_value(&game, game.parse_move("3-6").expect("edge")), 1, "3-4 and 4-6 are blue");
}

/// A position as the reference reads it from the documented notation: who coloured the edge between each pair of
/// points (0..6), and the side to move.
struct Board {
    owner: [[Option<usize>; 6]; 6],
    mover: usize,
}

/// The pairs of points in the notation's order, 1-2, 1-3, …, 5-6.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (0..6).flat_map(|a| (a + 1..6).map(move |b| (a, b)))
}

fn board(game: &Sim) -> Board {
    let text = game.format_position();
    let (edges, side) = text.split_once(' ').expect("the edges and the side to move");
    let mut owner = [[None; 6]; 6];
    for ((a, b), c) in pairs().zip(edges.chars()) {
        let who = match c {
            'r' => Some(0),
            'b' => Some(1),
            _ => None,
        };
        owner[a][b] = who;
        owner[b][a] = who;
    }
    Board { owner, mover: usize::from(side == "b") }
}

/// The thesis's table (§3.1.2) worked out again from `docs/rules/sim.md`'s reading of it, point by point over the
/// board above, sharing nothing with the bot's bit masks: the first triangle entry that fits from 0 up, then the
/// first entry from 10 down, 3 for what no entry names.
fn table_value(board: &Board, a: usize, b: usize) -> u8 {
    let (me, them) = (board.mover, 1 - board.mover);
    // For each third point, who owns its edges to `a` and to `b`: the triangle `a b c` that this edge would close.
    let sides: Vec<(Option<usize>, Option<usize>)> =
        (0..6).filter(|&c| c != a && c != b).map(|c| (board.owner[a][c], board.owner[b][c])).collect();
    if sides.contains(&(Some(me), Some(me))) {
        return 0;
    }
    if sides.contains(&(Some(them), Some(them))) {
        return 1;
    }
    if sides.iter().any(|&(x, y)| x.is_some() && y.is_some()) {
        return 2;
    }
    // (the mover's edges, the opponent's edges) meeting at a point.
    let at = |p: usize| {
        let count = |who| (0..6).filter(|&q| board.owner[p][q] == Some(who)).count();
        (count(me), count(them))
    };
    let (pa, pb) = (at(a), at(b));
    let unused = |p: (usize, usize)| p == (0, 0);
    let only_theirs = |p: (usize, usize)| p.0 == 0 && p.1 > 0;
    let either =
        |f: &dyn Fn((usize, usize)) -> bool, g: &dyn Fn((usize, usize)) -> bool| (f(pa) && g(pb)) || (f(pb) && g(pa));
    if unused(pa) && unused(pb) {
        10
    } else if either(&unused, &only_theirs) {
        9
    } else if unused(pa) || unused(pb) {
        8
    } else if only_theirs(pa) && only_theirs(pb) {
        7
    } else if pa == (1, 1) && pb == (1, 1) {
        6
    } else if [pa, pb].iter().all(|&p| p == (2, 0) || p == (0, 2)) {
        5
    } else if either(&|p| p.0 > 0 && p.1 > 0, &|p| p.0 + p.1 == 1) {
        4
    } else {
        3
    }
}

/// The reference's choice: the uncoloured edge of the highest table value, the first in the notation's order among
/// equals, as `a-b`, with its value.
fn reference_choice(board: &Board) -> (String, u8) {
    let mut best: Option<((usize, usize), u8)> = None;
    for (a, b) in pairs().filter(|&(a, b)| board.owner[a][b].is_none()) {
        let value = table_value(board, a, b);
        if best.is_none_or(|(_, v)| value > v) {
            best = Some(((a, b), value));
        }
    }
    let ((a, b), value) = best.expect("an uncoloured edge");
    (format!("{}-{}", a + 1, b + 1), value)
}

#[test]
fn the_reference_table_gives_the_hand_worked_values() {
    // The same hand-worked positions as the bot's own table test above, so that the two references agree.
    let mut game = Sim::new();
    play(&mut game, &["1-2", "3-4"]);
    let at = |game: &Sim, a: usize, b: usize| table_value(&board(game), a - 1, b - 1);
    assert_eq!((at(&game, 5, 6), at(&game, 3, 5), at(&game, 1, 5)), (10, 9, 8));
    play(&mut game, &["5-6", "1-3"]);
    assert_eq!(at(&game, 2, 3), 2, "closes 1-2-3, red 1-2 and blue 1-3");
    play(&mut game, &["2-5", "4-6"]);
    assert_eq!((at(&game, 1, 5), at(&game, 3, 6)), (0, 1));
}

#[test]
fn the_thesis_player_colours_the_first_edge_of_the_highest_table_value_and_so_never_loses_with_a_safe_edge_left() {
    let mut stream = Stream::new(5);
    let mut checked = 0;
    for round in 0..200 {
        // The thesis's player is red in even rounds, blue in odd ones; random plays the other side.
        let thesis_side = round % 2;
        let mut game = Sim::new();
        while game.turn() != Turn::Over {
            let mover = game.to_move();
            if usize::from(mover) != thesis_side {
                let decision = RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
                game.play(decision.mv);
                continue;
            }
            let decision = Thesis.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
            let (edge, value) = reference_choice(&board(&game));
            assert_eq!(game.format_move(decision.mv), edge, "in {}", game.format_position());
            assert_eq!(decision.score, f64::from(value), "in {}", game.format_position());
            checked += 1;
            game.play(decision.mv);
            if value > 0 {
                assert_ne!(game.loser(), Some(mover), "the thesis's player lost with a safe edge left");
            }
        }
    }
    assert!(checked > 4 * 200, "only {checked} of the thesis's moves checked: a game has five or so");
}

#[test]
fn perfect_as_second_player_wins_every_game_against_the_thesis_and_random() {
    let mut stream = Stream::new(9);
    let mut perfect = Perfect::default();
    for round in 0..40 {
        let mut game = Sim::new();
        while game.turn() != Turn::Over {
            let decision = if game.to_move() == 1 {
                perfect.choose(&game, &Budget::UNLIMITED, &mut stream)
            } else if round % 2 == 0 {
                Thesis.choose(&game, &Budget::UNLIMITED, &mut stream)
            } else {
                RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream)
            }
            .expect("a move");
            game.play(decision.mv);
        }
        assert_eq!(game.points(), Some([0.0, 1.0]), "game {round}");
    }
}

#[test]
fn positions_round_trip_and_impossible_ones_are_refused() {
    let mut game = Sim::new();
    play(&mut game, &["1-2", "5-6", "3-4"]);
    let text = game.format_position();
    assert_eq!(text, "r........r....b b");
    assert_eq!(Sim::new().parse_position(&text).expect("a position"), game);
    let wrong_side = "that side is not the one to move with these edges";
    for (bad, why) in [
        ("r.............. r", wrong_side),
        ("rr............. b", "red moves first: red has as many edges as blue or one more"),
        ("rrb............ r", wrong_side),
        ("r............. b", "give exactly 15 edges"),
        ("x.............. b", "an edge is r, b or ."),
        ("r..............", "write 15 edges (r, b or .) and the side to move"),
    ] {
        let refused = ParseError::BadPosition { text: bad.to_owned(), why };
        assert_eq!(Sim::new().parse_position(bad), Err(refused), "{bad}");
    }
    for bad in ["1-1", "0-2", "7-1", "1", "", "1-2-3", "a-b"] {
        assert_eq!(Sim::new().parse_move(bad), Err(ParseError::BadEdge(bad.to_owned())), "{bad}");
    }
}

#[test]
fn random_games_keep_the_game_contracts() {
    let report = hamle_testkit::smoke::smoke(&Sim::new(), 100, 1);
    assert_eq!(report.games, 100);
    assert!(report.plies >= 100 * 6, "a triangle needs at least three edges of one colour");
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in ".{0,30}") {
        let _ = Sim::new().parse_move(&text);
        let _ = Sim::new().parse_position(&text);
    }
}
