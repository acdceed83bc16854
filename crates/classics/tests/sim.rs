//! Sim: the rules, the solve against the known result, the thesis's table, the players, notation and refusals.

use hamle_classics::sim::{Perfect, Sim, Thesis, line_value, solve};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
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
    assert!(game.try_play(again).is_err());
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

#[test]
fn the_thesis_player_never_completes_its_own_triangle_while_it_has_another_edge() {
    let mut stream = Stream::new(5);
    for _ in 0..200 {
        let mut game = Sim::new();
        while game.turn() != Turn::Over {
            let mover = game.to_move();
            let decision = if mover == 0 {
                Thesis.choose(&game, &Budget::UNLIMITED, &mut stream)
            } else {
                RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream)
            }
            .expect("a move");
            let safe_left = (0..15).any(|e| game.free() & (1 << e) != 0 && line_value(&game, e) > 0);
            game.play(decision.mv);
            if mover == 0 && safe_left {
                assert_ne!(game.loser(), Some(0), "the thesis's player lost with a safe edge left");
            }
        }
    }
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
    for bad in [
        "r.............. r",
        "rr............. b",
        "rrb............ r",
        "r............. b",
        "x.............. b",
        "r..............",
    ] {
        assert!(Sim::new().parse_position(bad).is_err(), "{bad}");
    }
    for bad in ["1-1", "0-2", "7-1", "1", "", "1-2-3", "a-b"] {
        assert!(Sim::new().parse_move(bad).is_err(), "{bad}");
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
