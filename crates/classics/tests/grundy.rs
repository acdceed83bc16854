//! Grundy's game: its values against published ones and a game-tree search, the thesis's graph, the perfect
//! player, notation and refusals.

use std::collections::HashMap;

use hamle_classics::grundy::{Grundy, Move, ParseError, Perfect, graph, nim_sum, values};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, IllegalMove, Notation, Stream, Turn};
use proptest::prelude::*;

/// OEIS A002188, g(0..=40), from others' programs: an independent source.
const PUBLISHED: [u16; 41] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1,
    2, 4, 1,
];

/// OEIS A002189, every heap up to 1,222 that is lost for the player to move (value 0).
const LOST_HEAPS: [usize; 42] = [
    0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337, 340, 346, 359, 362, 365, 386,
    389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222,
];

#[test]
fn the_first_values_are_the_published_ones() {
    let g = values(40, &|_| {}).expect("values");
    assert_eq!(g, PUBLISHED);
}

#[test]
fn the_heaps_of_value_0_up_to_1222_are_the_published_ones() {
    let g = values(1222, &|_| {}).expect("values");
    let lost: Vec<usize> = (0..=1222).filter(|&n| g[n] == 0).collect();
    assert_eq!(lost, LOST_HEAPS);
}

/// Whether the player to move wins, by searching the game tree (a second implementation, no values).
fn wins(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h >= 3).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = false;
    'outer: for (i, &h) in key.iter().enumerate() {
        for smaller in 1..=(h - 1) / 2 {
            let mut next = key.clone();
            next.remove(i);
            next.extend([h - smaller, smaller]);
            if !wins(&next, memo) {
                result = true;
                break 'outer;
            }
        }
    }
    memo.insert(key, result);
    result
}

#[test]
fn a_position_is_lost_exactly_when_its_nim_sum_is_0() {
    let mut memo = HashMap::new();
    for a in 1..=24 {
        for b in 1..=a.min(12) {
            let lost_by_search = !wins(&[a, b], &mut memo);
            assert_eq!(nim_sum(&[a, b]) == 0, lost_by_search, "heaps {a} and {b}");
        }
    }
}

#[test]
fn the_heap_of_7_graph_is_the_thesis_s() {
    let graph = graph::graph(&[7]).expect("a graph");
    let labels: Vec<String> = (0..graph.nodes.len()).map(|i| graph.label(i)).collect();
    assert_eq!(labels[0], "(7)−");
    assert_eq!(labels[1..4], ["(6, 1)+", "(5, 2)+", "(4, 3)+"], "MIN's three moves");
    let ends: Vec<&str> =
        (0..graph.nodes.len()).filter(|&i| graph.nodes[i].children.is_empty()).map(|i| labels[i].as_str()).collect();
    assert_eq!(ends, ["(2, 2, 2, 1)+", "(2, 2, 1, 1, 1)−", "(2, 1, 1, 1, 1, 1)+"], "the thesis's three ends");
    assert_eq!(graph.nodes.len(), 14);
    assert!(graph.nodes[0].max_wins, "MIN, who starts, loses the heap of 7");
    // MIN's every first move is in the solution (MAX must answer each); from (6, 1)+ MAX wins only by (4, 2, 1)−.
    assert!((1..4).all(|c| graph.in_solution(0, c)));
    let from_6_1: Vec<&str> =
        graph.nodes[1].children.iter().filter(|&&c| graph.in_solution(1, c)).map(|&c| labels[c].as_str()).collect();
    assert_eq!(from_6_1, ["(4, 2, 1)−"]);
    let text = graph.text();
    assert!(text.contains("(6, 1)+") && text.contains("MAX wins"));
    let svg = graph.svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect").count(), 14);
    assert_eq!(
        svg.matches(r#"stroke-width="3""#).count(),
        (0..14)
            .flat_map(|p| graph.nodes[p].children.iter().map(move |&c| (p, c)))
            .filter(|&(p, c)| graph.in_solution(p, c))
            .count()
    );
}

#[test]
fn a_move_splits_one_heap_into_two_unequal_heaps_and_who_cannot_move_loses() {
    let mut game = Grundy::new(&[7, 2]).expect("heaps");
    game.play(game.parse_move("7=4+3").expect("a move"));
    assert_eq!(game.heaps(), [4, 3, 2]);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves, [Move { heap: 3, smaller: 1 }, Move { heap: 4, smaller: 1 }], "4 = 2 + 2 is not a move");
    assert_eq!(game.try_play(Move { heap: 4, smaller: 2 }), Err(IllegalMove), "4 = 2 + 2");
    assert_eq!(game.try_play(Move { heap: 5, smaller: 1 }), Err(IllegalMove), "no heap of 5");
    assert_eq!(game.heaps(), [4, 3, 2], "refused moves changed nothing");
    game.play(Move { heap: 4, smaller: 1 });
    game.play(Move { heap: 3, smaller: 1 });
    game.play(Move { heap: 3, smaller: 1 });
    assert_eq!(game.heaps(), [2, 2, 2, 1, 1, 1]);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([0.0, 1.0]), "the first player is to move and cannot: the second wins");
}

#[test]
fn perfect_wins_every_won_position_against_random() {
    let mut stream = Stream::new(3);
    for heaps in [[9u32, 0], [12, 5], [30, 0], [17, 12]] {
        let heaps: Vec<u32> = heaps.into_iter().filter(|&h| h > 0).collect();
        let start = Grundy::new(&heaps).expect("heaps");
        assert_ne!(nim_sum(start.heaps()), 0, "{heaps:?} is won for the first player");
        for _ in 0..20 {
            let mut game = start.clone();
            while game.turn() != Turn::Over {
                let bot: &mut dyn Bot<Grundy> = if game.to_move() == 0 { &mut Perfect } else { &mut RandomBot };
                let decision = bot.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
                game.play(decision.mv);
            }
            assert_eq!(game.points(), Some([1.0, 0.0]), "{heaps:?}");
        }
    }
}

#[test]
fn heaps_that_cannot_be_and_moves_that_do_not_read_are_refused() {
    assert_eq!(Grundy::new(&[0]), Err("a heap holds from 1 to 1000 counters, not 0".to_owned()));
    assert_eq!(Grundy::new(&[]), Err("give from 1 to 8 heaps, not 0".to_owned()));
    assert_eq!(Grundy::new(&[1001]), Err("a heap holds from 1 to 1000 counters, not 1001".to_owned()));
    assert_eq!(Grundy::new(&[3; 9]), Err("give from 1 to 8 heaps, not 9".to_owned()));
    let game = Grundy::new(&[7]).expect("heaps");
    // Texts that read as a heap and two parts, but not as a split into two unequal, non-empty heaps.
    for bad in ["7=4+4", "8=4+4", "7=5+1", "7=7+0", "4+4"] {
        assert_eq!(game.parse_move(bad), Err(ParseError::BadSplit(bad.to_owned())), "{bad}");
    }
    // Texts that are not a heap and two parts at all.
    for bad in ["x", "7=4-3", ""] {
        assert_eq!(game.parse_move(bad), Err(ParseError::BadMove(bad.to_owned())), "{bad}");
    }
    assert_eq!(game.parse_move("4+3").expect("a move"), Move { heap: 7, smaller: 3 });
    assert_eq!(game.parse_move("7=3+4").expect("a move"), Move { heap: 7, smaller: 3 });
    let bad_position = |text: &str, why: &str| ParseError::BadPosition { text: text.into(), why: why.into() };
    let empty_heap = bad_position("7 0 / 1", "a heap holds from 1 to 1000 counters");
    assert_eq!(game.parse_position("7 0 / 1"), Err(empty_heap));
    assert_eq!(game.parse_position("7 5 / 3"), Err(bad_position("7 5 / 3", "the player to move is 1 or 2")));
    let read = game.parse_position("5 7 / 2").expect("a position");
    assert_eq!(read.format_position(), "7 5 / 2");
}

#[test]
fn random_games_keep_the_game_contracts() {
    let report = hamle_testkit::smoke::smoke(&Grundy::new(&[20, 9, 4]).expect("heaps"), 50, 1);
    assert_eq!(report.games, 50);
    assert!(report.plies >= 50 * 8);
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in ".{0,30}") {
        let game = Grundy::new(&[7]).expect("heaps");
        let _ = game.parse_move(&text);
        let _ = game.parse_position(&text);
    }
}
