//! The engine finds mates and wins material in known positions, honours its limits, and searches the
//! same tree every time.

use std::sync::atomic::AtomicBool;

use hamle_chess::bots::engine::search::{Limits, Score, Searcher};
use hamle_chess::{Board, uci};

fn best(fen: &str, depth: u32) -> (String, Score) {
    let board: Board = fen.parse().expect("a legal FEN");
    let mut searcher = Searcher::new(16);
    let mut last = None;
    let outcome = searcher.search(
        &board,
        &[],
        Limits { depth: Some(depth), ..Limits::default() },
        &AtomicBool::new(false),
        &mut |info| last = Some(info.score),
    );
    (uci(&board, outcome.best.expect("a move")), last.expect("an iteration"))
}

#[test]
fn mates_in_one_two_and_three() {
    // Back-rank mate in one.
    assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4), ("a1a8".into(), Score::Mate(1)));
    // The smothered mate in two: Qg8+ Rxg8 Nf7#. Stockfish 15.1 agrees (mate 2, pv f7g8 a8g8 h6f7).
    assert_eq!(best("r5rk/5Qpp/7N/8/8/8/6PP/6K1 w - - 0 1", 6), ("f7g8".into(), Score::Mate(2)));
    // Mate in three with a bishop sacrifice: Bc5+ Kxc5 Qb6+ … Stockfish 15.1: mate 3, first move f8c5.
    let mate3 = best("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8);
    assert_eq!(mate3, ("f8c5".into(), Score::Mate(3)));
    // Black mates in two through the rook's sacrifice: Rg1+ Kxg1 Rf1#. Stockfish 15.1: mate 2.
    assert_eq!(best("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 6), ("g2g1".into(), Score::Mate(2)));
}

#[test]
fn wins_the_queen_with_a_knight_fork() {
    // Nc7+ forks king and rook... here: Nf7+ forks the king on h8 and the queen on d8.
    assert_eq!(best("3q3k/6pp/8/6N1/8/8/6PP/6K1 w - - 0 1", 6).0, "g5f7");
}
