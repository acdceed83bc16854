//! The opening suite: every line plays through the rules, and no two lines reach the same position.

use std::collections::HashSet;

use hamle_chess::Chess;
use hamle_chess::openings::{SUITE, opening, positions};
use hamle_core::Notation;

#[test]
fn every_line_of_the_suite_is_legal() {
    for (i, (eco, name, line)) in SUITE.iter().enumerate() {
        let mut game = Chess::default();
        for text in line.split_whitespace() {
            let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{eco} {name}: {e}"));
            hamle_core::Game::play(&mut game, mv);
        }
        assert_eq!(game.played().len(), 8, "{eco} {name}: eight plies");
        assert_eq!(*game.board(), opening(i), "{eco} {name}: the lines' ends come first");
    }
}

#[test]
fn the_suite_holds_over_a_hundred_distinct_positions_and_cycles() {
    let all = positions();
    let distinct: HashSet<String> = all.iter().map(ToString::to_string).collect();
    assert_eq!(distinct.len(), all.len());
    assert!(all.len() >= 100, "{} positions: 200 games need 100 pairs", all.len());
    assert!(all.iter().all(|b| b.fullmove_number() >= 4), "six plies at least");
    assert_eq!(opening(all.len() + 3), opening(3));
}

#[test]
fn matches_from_the_start_take_a_line_per_pair_unless_told_not_to() {
    let def = hamle_chess::definition();
    let spec = |text: &str| text.parse::<hamle_core::Spec>().expect("a spec");
    let start = def.game(&spec("chess")).expect("a game");
    assert_eq!(*(def.face.openings)(&start, 0).board(), opening(0));
    assert_eq!(*(def.face.openings)(&start, 7).board(), opening(7));
    let plain = def.game(&spec("chess(openings=none)")).expect("a game");
    assert_eq!((def.face.openings)(&plain, 7).fen(), plain.fen());
    assert!(def.game(&spec("chess(openings=book)")).is_err());
    let from_fen = def.game(&spec("chess(fen=4k3.8.8.8.8.8.4P3.4K3_w_-_-_0_1)")).expect("a FEN in a spec");
    assert_eq!((def.face.openings)(&from_fen, 7).fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "a set position is kept");
    let bad = def.game(&spec("chess(fen=4k3.8.8.8.8.8.8.2K1K3_w_-_-_0_1)")).expect_err("two kings");
    assert!(bad.to_string().contains("white has 2 kings"), "{bad}");
}

#[test]
fn the_suite_has_119_positions_as_the_rules_page_says() {
    // docs/rules/chess.md quotes the count; this keeps the page true when a line is added.
    assert_eq!(positions().len(), 119);
}
