//! Who cannot mate by any series of legal moves (FIDE's rule 6.9), which makes the other side's flag a draw:
//! each case worked by hand from the rule.

use cozy_chess::Color;
use hamle_chess::Chess;

fn at(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("a position")
}

#[test]
fn a_lone_king_cannot_mate_whatever_the_other_side_has() {
    let game = at("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(game.cannot_mate(Color::Black), "Black has its king alone");
    assert!(!game.cannot_mate(Color::White), "a king and queen mate a lone king");
}

#[test]
fn a_king_and_knight_can_mate_while_the_other_side_has_a_pawn_to_block_its_king() {
    // A helpmate exists (the pawn's side can box its own king in), so the knight's side can win on time.
    let game = at("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1");
    assert!(!game.cannot_mate(Color::White));
}

#[test]
fn in_a_dead_position_neither_side_can_mate() {
    let knight = at("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    assert!(knight.cannot_mate(Color::White) && knight.cannot_mate(Color::Black));
    // Bishops all on dark squares (c1 and f8), whoever owns them.
    let bishops = at("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert!(bishops.cannot_mate(Color::White) && bishops.cannot_mate(Color::Black));
}
