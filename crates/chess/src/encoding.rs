//! Chess as learners see it: moves as integers below 20,481, the position as 19 planes of 8×8.
//!
//! **Squares** are numbered `file + 8·rank` from a1 = 0 (b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63), the same for
//! both sides: actions are never flipped.
//!
//! **Actions.** A move on the board is `(from·64 + to)·5 + promotion`, with `promotion` 0 for none, 1 a
//! knight, 2 a bishop, 3 a rook, 4 a queen; castling is the king taking its own rook (white's king-side
//! castling is e1h1, `(4·64 + 7)·5 = 1315`). Claiming a draw (threefold repetition or the fifty-move rule) is
//! 20,480. There are 20,481 actions; no chance.
//!
//! **Observation**, from `player`'s side (0 white, 1 black), shape `[19, 8, 8]`, entry `[plane][row][file]`:
//! `file` 0 is the a-file for both sides; `row` is the rank counted from the player's own back rank, so row 0
//! is rank 1 for white and rank 8 for black (the board turned round the way black sees it, files kept).
//! - planes 0–5: the player's pawns, knights, bishops, rooks, queens, king (1 where one stands);
//! - planes 6–11: the opponent's, in the same order;
//! - planes 12, 13: all 1 while the player keeps the right to castle king-side, queen-side; 14, 15: the
//!   opponent's;
//! - plane 16: 1 on the en-passant target square when the side to move can capture en passant now (a double
//!   step that no pawn can take leaves it empty, as FIDE's repetition rule ignores it);
//! - plane 17: all the halfmove clock (half-moves since the last capture or pawn move) ÷ 100, at most 1;
//! - plane 18: all 1 when the side to move may claim a draw now.

use cozy_chess::{Board, Color, Piece, Rank, Square};
use hamle_core::encoding::{no_chance, no_chance_actions};
use hamle_core::{Encoding, Player};

use crate::rules::{Chess, Move};

/// Moves and positions of chess as integers and tensors.
pub fn encoding() -> Encoding<Chess> {
    Encoding {
        actions: |_| CLAIM_DRAW + 1,
        action: |_, mv| action(mv),
        chance_actions: no_chance_actions,
        chance: no_chance,
        shape: |_| vec![PLANES, 8, 8],
        observe,
        score: None,
    }
}

/// The claim of a draw, after every board move's action.
const CLAIM_DRAW: u32 = 64 * 64 * 5;

const PLANES: usize = 19;

fn action(mv: Move) -> u32 {
    let Move::Board(mv) = mv else { return CLAIM_DRAW };
    let promotion = match mv.promotion {
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(Piece::Queen) => 4,
        // Pawns promote to none of these; cozy-chess never makes such a move.
        None | Some(Piece::Pawn | Piece::King) => 0,
    };
    (mv.from as u32 * 64 + mv.to as u32) * 5 + promotion
}

fn observe(game: &Chess, player: Player, out: &mut [f32]) {
    let me = if player == 0 { Color::White } else { Color::Black };
    let board = game.board();
    let cell = |square: Square| square.rank().relative_to(me) as usize * 8 + square.file() as usize;
    let mut planes: Vec<&mut [f32]> = out.chunks_exact_mut(64).collect();
    for (first, color) in [(0, me), (6, !me)] {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                planes[first + piece as usize][cell(square)] = 1.0;
            }
        }
        let rights = board.castle_rights(color);
        let castling = 12 + first / 3;
        planes[castling].fill(f32::from(u8::from(rights.short.is_some())));
        planes[castling + 1].fill(f32::from(u8::from(rights.long.is_some())));
    }
    if let Some(target) = en_passant(board) {
        planes[16][cell(target)] = 1.0;
    }
    planes[17].fill((f32::from(game.halfmoves()) / 100.0).min(1.0));
    planes[18].fill(f32::from(u8::from(game.claimable().is_some())));
}

/// The square a pawn of the side to move can capture en passant on: the board keeps the file of every
/// double step, takeable or not.
fn en_passant(board: &Board) -> Option<Square> {
    let mover = board.side_to_move();
    let target = Square::new(board.en_passant()?, Rank::Sixth.relative_to(mover));
    let pawns = board.colored_pieces(mover, Piece::Pawn);
    // Only a capture reaches the target: the pawn that stepped past it blocks the push.
    let mut capture = false;
    board.generate_moves_for(pawns, |moves| {
        capture |= moves.to.has(target);
        capture
    });
    capture.then_some(target)
}

#[cfg(test)]
mod tests {
    use hamle_core::encoding::observation;
    use hamle_core::{Game, Notation};
    use hamle_testkit::check_encoding;

    use super::*;

    fn board_move(game: &Chess, text: &str) -> Move {
        game.parse_move(text).expect("a legal move")
    }

    /// `[plane][row][file]` of an observation.
    fn at(obs: &[f32], plane: usize, row: usize, file: usize) -> f32 {
        obs[plane * 64 + row * 8 + file]
    }

    /// Worked by hand from `(from·64 + to)·5 + promotion` with a1 = 0.
    #[test]
    fn a_move_is_named_by_its_squares_and_promotion() {
        let encoding = encoding();
        let mut game = Chess::default();
        let e4 = board_move(&game, "e2e4");
        // e2 = 12, e4 = 28: (12·64 + 28)·5 = 3980.
        assert_eq!((encoding.action)(&game, e4), 3980);
        game.play(e4);
        // Black's moves are not flipped: e7 = 52, e5 = 36, (52·64 + 36)·5 = 16820.
        assert_eq!((encoding.action)(&game, board_move(&game, "e7e5")), 16820);

        let promoting = Chess::from_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1").expect("a position");
        // e7 = 52, e8 = 60: (52·64 + 60)·5 = 16940, then 4 for a queen, 1 for a knight.
        assert_eq!((encoding.action)(&promoting, board_move(&promoting, "e7e8q")), 16944);
        assert_eq!((encoding.action)(&promoting, board_move(&promoting, "e7e8n")), 16941);

        let castling = Chess::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").expect("a position");
        // e1 = 4 takes its rook on h1 = 7, or on a1 = 0.
        assert_eq!((encoding.action)(&castling, board_move(&castling, "O-O")), (4 * 64 + 7) * 5);
        assert_eq!((encoding.action)(&castling, board_move(&castling, "O-O-O")), 4 * 64 * 5);

        assert_eq!((encoding.action)(&game, Move::ClaimDraw), 20480);
        assert_eq!((encoding.actions)(&game), 20481);
        assert_eq!((encoding.shape)(&game), [19, 8, 8]);
    }

    /// White to move after black's d7d5 beside the pawn on e5: exd6 is legal. Entries worked by hand.
    #[test]
    fn each_side_sees_its_own_pieces_first_and_its_back_rank_at_row_0() {
        let game = Chess::from_fen("r3k2r/8/8/3pP3/8/8/8/4K2R w Kq d6 0 2").expect("a position");
        let white = observation(&encoding(), &game, 0);
        let black = observation(&encoding(), &game, 1);
        assert_eq!(white.len(), 19 * 64);
        // White's pawn e5: rank 5 is white's row 4 and black's row 3; file e = 4 for both.
        assert_eq!((at(&white, 0, 4, 4), at(&black, 6, 3, 4)), (1.0, 1.0));
        // Black's pawn d5: rank 5 again, file d = 3.
        assert_eq!((at(&white, 6, 4, 3), at(&black, 0, 3, 3)), (1.0, 1.0));
        // Kings: white's on e1 is its row 0; black's on e8 is its row 0 too.
        assert_eq!((at(&white, 5, 0, 4), at(&black, 5, 0, 4), at(&white, 11, 7, 4)), (1.0, 1.0, 1.0));
        // Rooks: white's h1; black's a8 and h8 at black's row 0.
        assert_eq!((at(&white, 3, 0, 7), at(&black, 3, 0, 0), at(&black, 3, 0, 7)), (1.0, 1.0, 1.0));
        assert_eq!(white[3 * 64..4 * 64].iter().sum::<f32>(), 1.0, "one white rook");
        // Castling: white king-side only, black queen-side only.
        let fills = |obs: &[f32], plane: usize| obs[plane * 64..(plane + 1) * 64].iter().sum::<f32>();
        assert_eq!([12, 13, 14, 15].map(|p| fills(&white, p)), [64.0, 0.0, 0.0, 64.0]);
        assert_eq!([12, 13, 14, 15].map(|p| fills(&black, p)), [0.0, 64.0, 64.0, 0.0]);
        // En passant on d6: white's row 5, black's row 2.
        assert_eq!((at(&white, 16, 5, 3), at(&black, 16, 2, 3)), (1.0, 1.0));
        assert_eq!((fills(&white, 16), fills(&white, 17), fills(&white, 18)), (1.0, 0.0, 0.0));
    }

    #[test]
    fn a_double_step_no_pawn_can_take_leaves_no_en_passant() {
        let game = Chess::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").expect("a position");
        assert_eq!(game.board().en_passant().map(|file| file as usize), Some(3), "the board keeps the file");
        let obs = observation(&encoding(), &game, 0);
        assert!(obs[16 * 64..17 * 64].iter().all(|&x| x == 0.0));
    }

    /// Clocks 37 and 120 read 0.37 and 1 (capped); at 100 or more a draw may be claimed.
    #[test]
    fn the_clock_plane_counts_to_the_fifty_move_claim() {
        let calm = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 37 80").expect("a position");
        let obs = observation(&encoding(), &calm, 1);
        assert!(obs[17 * 64..18 * 64].iter().all(|&x| x == 0.37));
        assert!(obs[18 * 64..].iter().all(|&x| x == 0.0));
        let long = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 120 80").expect("a position");
        let mut moves = Vec::new();
        long.legal_moves(&mut moves);
        assert!(moves.contains(&Move::ClaimDraw));
        let obs = observation(&encoding(), &long, 0);
        assert!(obs[17 * 64..].iter().all(|&x| x == 1.0), "the clock capped at 1 and the claim open");
    }

    /// The contract over seeded random games: distinct actions in range, one shape, values in [0, 1].
    #[test]
    fn every_state_names_its_moves_apart_in_one_shape() {
        check_encoding(&encoding(), &Chess::default(), 20);
    }
}
