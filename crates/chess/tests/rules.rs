//! One named test per rule and edge case, each on a position written out by hand.

use hamle_chess::{Chess, Ending, Move};
use hamle_core::{Game, Notation, Turn};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays moves given in SAN or UCI, failing on the first that does not play.
fn play(game: &mut Chess, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.try_play(mv).unwrap_or_else(|_| panic!("{text} is legal"));
    }
}

fn legal_uci(game: &Chess) -> Vec<String> {
    let mut moves: Vec<String> = game.board_moves().iter().map(|&mv| hamle_chess::uci(game.board(), mv)).collect();
    moves.sort();
    moves
}

#[test]
fn castling_both_sides_moves_king_and_rook() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "O-O O-O-O");
    assert_eq!(g.format_position(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_through_an_attacked_square_is_illegal() {
    // The black rook on f8 attacks f1, the square the king passes going short; long castling stays legal.
    let g = game("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal_uci(&g);
    assert!(!moves.contains(&"e1g1".to_owned()));
    assert!(moves.contains(&"e1c1".to_owned()));
}

#[test]
fn castling_out_of_check_is_illegal() {
    let g = game("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    let moves = legal_uci(&g);
    assert!(!moves.contains(&"e1g1".to_owned()) && !moves.contains(&"e1c1".to_owned()));
}

#[test]
fn castling_long_may_pass_an_attacked_b_file_square() {
    // b1 is attacked but the king never crosses it: O-O-O is legal (a rule many programs get wrong).
    let g = game("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(legal_uci(&g).contains(&"e1c1".to_owned()));
}

#[test]
fn a_king_or_rook_move_loses_the_castling_right() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Rh2 Ke7 Rh1 Ke8");
    assert_eq!(g.format_position(), "r3k2r/8/8/8/8/8/8/R3K2R w Q - 4 3", "white keeps only the long right, black none");
}

#[test]
fn en_passant_is_legal_only_on_the_next_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    assert!(legal_uci(&g).contains(&"e5d6".to_owned()));
    let mut taken = g.clone();
    play(&mut taken, "exd6");
    assert_eq!(taken.format_position(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", "the passed pawn is removed");
    play(&mut g, "Kd1 Ke7");
    assert!(!legal_uci(&g).contains(&"e5d6".to_owned()), "the right lapses after one move");
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    // Taking en passant would empty the fifth rank between the white king and the black rook.
    let g = game("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert!(!legal_uci(&g).contains(&"e5d6".to_owned()));
}

#[test]
fn a_pawn_promotes_to_any_of_four_pieces() {
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let promotions: Vec<String> = legal_uci(&g).into_iter().filter(|m| m.starts_with("e7e8")).collect();
    assert_eq!(promotions, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    let mut g = g;
    play(&mut g, "e8=N");
    assert_eq!(g.format_position(), "4N3/8/8/8/8/8/k7/4K3 b - - 0 1");
}

#[test]
fn a_pinned_piece_may_not_leave_the_pin() {
    let g = game("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(legal_uci(&g).iter().all(|m| !m.starts_with("e2")), "the knight on e2 is pinned to its king");
}

#[test]
fn check_must_be_answered() {
    // The rook checks along the first rank; nothing can take or block it, d1 and f1 stay on its line, and
    // the pawns may not move: the king's step to e2 is the only move.
    let g = game("4k3/8/8/8/8/8/3P1P2/r3K3 w - - 0 1");
    assert_eq!(legal_uci(&g), ["e1e2"]);
}

#[test]
fn checkmate_ends_the_game_for_the_mating_side() {
    let mut g = Chess::default();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(g.ending(), Some(Ending::Checkmate { winner: hamle_chess::Color::Black }));
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.points(), Some([0.0, 1.0]));
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = game("k7/8/3Q4/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, "Qc7");
    assert_eq!(g.ending(), Some(Ending::Stalemate));
    assert_eq!(g.points(), Some([0.5, 0.5]));
}

#[test]
fn bare_kings_are_a_dead_position() {
    let mut g = game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(g.ending(), Some(Ending::Insufficient));
}

#[test]
fn a_single_minor_piece_cannot_mate() {
    assert_eq!(game("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").ending(), Some(Ending::Insufficient));
    assert_eq!(game("4k3/8/8/8/8/8/8/4KB2 b - - 0 1").ending(), Some(Ending::Insufficient));
}

#[test]
fn bishops_on_one_colour_cannot_mate_but_on_both_they_can() {
    // c1 and f8 are both dark squares; c1 and c8 are of opposite colours.
    assert_eq!(game("5bk1/8/8/8/8/8/8/2B1K3 w - - 0 1").ending(), Some(Ending::Insufficient));
    assert_eq!(game("2b3k1/8/8/8/8/8/8/2B1K3 w - - 0 1").ending(), None);
    // f1 and c8 are both light squares.
    assert_eq!(game("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1").ending(), Some(Ending::Insufficient));
}

#[test]
fn two_knights_or_a_pawn_are_not_a_dead_position() {
    assert_eq!(game("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").ending(), None);
    assert_eq!(game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").ending(), None);
}

/// Knights out and back: the start position comes again every four plies.
const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_repetition_may_be_claimed_not_before() {
    let mut g = Chess::default();
    play(&mut g, SHUFFLE);
    assert_eq!((g.repetitions(), g.claimable()), (2, None));
    assert!(g.parse_move("draw").is_err(), "a claim on the second occurrence is refused");
    play(&mut g, SHUFFLE);
    assert_eq!((g.repetitions(), g.claimable()), (3, Some(Ending::Threefold)));
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.contains(&Move::ClaimDraw));
    assert_eq!(g.turn(), Turn::Player(0), "the game goes on until claimed");
    play(&mut g, "draw");
    assert_eq!((g.ending(), g.points()), (Some(Ending::Threefold), Some([0.5, 0.5])));
}

#[test]
fn threefold_repetition_need_not_be_consecutive() {
    let mut g = Chess::default();
    // Start (1), other positions, start again (2), others, start again (3).
    play(&mut g, "Nc3 Nc6 Nb1 Nb8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.claimable(), Some(Ending::Threefold));
}

#[test]
fn a_lost_castling_right_makes_a_different_position() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The kings step out and back: same squares, but the castling rights are gone, so no repetition.
    play(&mut g, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2, "the position with rights occurred once, the one without twice");
}

#[test]
fn a_double_step_without_an_en_passant_capture_repeats_the_position() {
    // After 1. e4 the FEN names e3, but no black pawn can take: FIDE counts it as the same position as one
    // reached without the double step.
    let mut a = Chess::default();
    play(&mut a, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    // Positions with black to move and the e4 pawn: after e4 (ep e3 not takeable), after Ng1 twice.
    assert_eq!(a.repetitions(), 3);
}

#[test]
fn a_double_step_open_to_an_en_passant_capture_makes_a_new_position() {
    // After d5 white may take en passant: the same pieces later, with the capture gone, are another position.
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn fivefold_repetition_ends_the_game_at_once() {
    let mut g = Chess::default();
    for _ in 0..3 {
        play(&mut g, SHUFFLE);
    }
    assert_eq!(g.ending(), None, "four occurrences");
    play(&mut g, SHUFFLE);
    assert_eq!(g.ending(), Some(Ending::Fivefold));
    assert!(g.parse_move("e4").is_err(), "no move after the end");
}

#[test]
fn fifty_moves_may_be_claimed_at_the_hundredth_half_move() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.claimable(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.claimable(), Some(Ending::Fifty));
    play(&mut g, "draw");
    assert_eq!(g.ending(), Some(Ending::Fifty));
}

#[test]
fn the_clock_counts_past_the_boards_hundred() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 120 90");
    play(&mut g, "Ra2");
    assert_eq!(g.halfmoves(), 121);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/R7/4K3 b - - 121 90");
}

#[test]
fn the_key_tells_positions_apart_and_not_the_way_to_them() {
    let mut a = Chess::default();
    play(&mut a, "Nf3 Nf6 Nc3");
    let mut b = Chess::default();
    play(&mut b, "Nc3 Nf6 Nf3");
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), Chess::default().key());
    let mut c = Chess::default();
    play(&mut c, "Nf3 Nc6 Nc3");
    assert_ne!(a.key(), c.key());
}

#[test]
fn seventy_five_moves_end_the_game_at_once() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    play(&mut g, "Ra2");
    assert_eq!(g.ending(), Some(Ending::SeventyFive));
}

#[test]
fn a_mate_on_the_seventy_fifth_move_wins() {
    let mut g = game("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 100");
    play(&mut g, "Ra8#");
    assert_eq!(g.ending(), Some(Ending::Checkmate { winner: hamle_chess::Color::White }));
    assert_eq!(g.ending().map(Ending::result), Some("1-0"));
    assert_eq!(g.points(), Some([1.0, 0.0]));
}

#[test]
fn a_capture_or_pawn_move_resets_the_fifty_move_count() {
    let mut g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
    play(&mut g, "e3");
    assert_eq!(g.board().halfmove_clock(), 0);
}
