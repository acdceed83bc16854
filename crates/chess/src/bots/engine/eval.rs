//! The engine's evaluation: a tapered sum of linear terms — material, piece-square tables, pawn structure,
//! mobility, king safety — each a middle-game and an endgame weight, blended by the material left.
//!
//! Because every term is a count times a weight, one walk over the board serves two purposes: summing the
//! weights ([`evaluate`]) and listing the counts ([`features`]) for Texel's tuning (`hamle train chess`).
//! The weights start from PeSTO's tables (Ronald Friederich, Chess Programming Wiki) and are tuned on
//! self-play positions; the shipped set is `weights.txt` beside this file.

use std::sync::OnceLock;

use cozy_chess::{
    BitBoard, Board, Color, File, Piece, Square, get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves,
};

/// A middle-game and an endgame weight, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weight {
    /// With all pieces on the board.
    pub mg: i32,
    /// With none but kings and pawns.
    pub eg: i32,
}

/// The terms, as offsets into [`Weights::terms`]: each named block is a run of terms.
pub mod term {
    /// Material by piece (pawn … king; the king's is unused and stays 0).
    pub const MATERIAL: usize = 0;
    /// Piece-square tables, by piece then square from white's side (a1 = 0).
    pub const PST: usize = MATERIAL + 6;
    /// Passed pawns by rank from the owner's side (index 0 = rank 1; ranks 2 … 7 used).
    pub const PASSED: usize = PST + 6 * 64;
    /// A pawn with another of its colour ahead of it on the file.
    pub const DOUBLED: usize = PASSED + 8;
    /// A pawn with no pawn of its colour on the neighbouring files.
    pub const ISOLATED: usize = DOUBLED + 1;
    /// A pawn defended by a pawn.
    pub const SUPPORTED: usize = ISOLATED + 1;
    /// Squares a knight, bishop, rook, queen reaches that no enemy pawn attacks, one term per piece.
    pub const MOBILITY: usize = SUPPORTED + 1;
    /// Squares next to the enemy king a knight, bishop, rook, queen attacks, one term per piece.
    pub const KING_ATTACK: usize = MOBILITY + 4;
    /// Own pawns on the three files around the king, one or two ranks ahead of it.
    pub const SHIELD: usize = KING_ATTACK + 4;
    /// Both bishops.
    pub const BISHOP_PAIR: usize = SHIELD + 1;
    /// A rook on a file without pawns.
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    /// A rook on a file without pawns of its own colour but with an enemy pawn.
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    /// The side to move.
    pub const TEMPO: usize = ROOK_HALF_OPEN + 1;
    /// Number of terms.
    pub const COUNT: usize = TEMPO + 1;
}

/// Phase weights of knight, bishop, rook, queen: 24 with all pieces on the board, 0 with none.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The phase of the game: 24 at the start, 0 with only kings and pawns (early promotions are capped).
pub fn phase(board: &Board) -> i32 {
    Piece::ALL.iter().map(|&p| PHASE[p as usize] * board.pieces(p).len() as i32).sum::<i32>().min(24)
}

/// All the weights of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// One weight per term, laid out as [`term`].
    pub terms: Vec<Weight>,
}

/// The shipped weights, in the text form [`Weights::parse`] reads.
const SHIPPED: &str = include_str!("weights.txt");

impl Weights {
    /// The shipped, tuned weights.
    pub fn shipped() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| Weights::parse(SHIPPED).unwrap_or_else(|e| panic!("weights.txt: {e}")))
    }

    /// Reads weights written by [`Weights::write`]: one term per line, `name mg eg`; `#` starts a comment.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut terms = Vec::with_capacity(term::COUNT);
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [name, mg, eg] = fields[..] else {
                return Err(format!("line {}: expected `name mg eg`", n + 1));
            };
            if name != term_name(terms.len()) {
                return Err(format!("line {}: expected term {}, found {name}", n + 1, term_name(terms.len())));
            }
            let number = |s: &str| s.parse::<i32>().map_err(|_| format!("line {}: '{s}' is not a number", n + 1));
            terms.push(Weight { mg: number(mg)?, eg: number(eg)? });
        }
        if terms.len() != term::COUNT {
            return Err(format!("{} terms, expected {}", terms.len(), term::COUNT));
        }
        Ok(Weights { terms })
    }

    /// The weights as text, one term per line, as [`Weights::parse`] reads them.
    pub fn write(&self) -> String {
        let mut out =
            String::from("# hamle chess engine evaluation weights: term, middle game, endgame (centipawns)\n");
        for (i, w) in self.terms.iter().enumerate() {
            out.push_str(&format!("{} {} {}\n", term_name(i), w.mg, w.eg));
        }
        out
    }
}

/// A term's name in the weights file: `pst.knight.e4`, `passed.6`, `mobility.rook`, …
pub fn term_name(index: usize) -> String {
    const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    use term::*;
    match index {
        i if i < PST => format!("material.{}", PIECES[i - MATERIAL]),
        i if i < PASSED => {
            let sq = Square::index((i - PST) % 64);
            format!("pst.{}.{sq}", PIECES[(i - PST) / 64])
        }
        i if i < DOUBLED => format!("passed.{}", i - PASSED + 1),
        DOUBLED => "doubled".into(),
        ISOLATED => "isolated".into(),
        SUPPORTED => "supported".into(),
        i if i < KING_ATTACK => format!("mobility.{}", PIECES[i - MOBILITY + 1]),
        i if i < SHIELD => format!("king_attack.{}", PIECES[i - KING_ATTACK + 1]),
        SHIELD => "shield".into(),
        BISHOP_PAIR => "bishop_pair".into(),
        ROOK_OPEN => "rook_open".into(),
        ROOK_HALF_OPEN => "rook_half_open".into(),
        TEMPO => "tempo".into(),
        _ => format!("term{index}"),
    }
}

/// What a walk over the board does with each term: add its weight, or record its count.
trait Sink {
    fn add(&mut self, term: usize, count: i32);
}

/// Sums weights.
struct Sum<'w> {
    weights: &'w [Weight],
    mg: i32,
    eg: i32,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, term: usize, count: i32) {
        let w = self.weights[term];
        self.mg += w.mg * count;
        self.eg += w.eg * count;
    }
}

/// Records counts, white's positive and black's negative, merged by term.
struct Counts(Vec<(u16, i32)>);

impl Sink for Counts {
    fn add(&mut self, term: usize, count: i32) {
        match self.0.iter_mut().find(|(t, _)| usize::from(*t) == term) {
            Some(entry) => entry.1 += count,
            None => self.0.push((term as u16, count)),
        }
    }
}

/// The position's value in centipawns for the side to move.
pub fn evaluate(board: &Board, weights: &Weights) -> i32 {
    let mut sum = Sum { weights: &weights.terms, mg: 0, eg: 0 };
    walk(board, &mut sum);
    let phase = phase(board);
    let white = (sum.mg * phase + sum.eg * (24 - phase)) / 24;
    if board.side_to_move() == Color::White { white } else { -white }
}

/// The position's terms for tuning: each term's count, white's minus black's (zeros left out), and the phase.
pub fn features(board: &Board) -> (Vec<(u16, i32)>, i32) {
    let mut counts = Counts(Vec::new());
    walk(board, &mut counts);
    counts.0.retain(|&(_, c)| c != 0);
    (counts.0, phase(board))
}

fn file_mask(file: File) -> u64 {
    file.bitboard().0
}

fn neighbour_files(file: File) -> u64 {
    let f = file as usize;
    let mut mask = 0;
    if f > 0 {
        mask |= file_mask(File::index(f - 1));
    }
    if f < 7 {
        mask |= file_mask(File::index(f + 1));
    }
    mask
}

/// The squares strictly ahead of `square` for `color`, on its file and the neighbouring ones.
fn front_span(square: Square, color: Color) -> u64 {
    let files = file_mask(square.file()) | neighbour_files(square.file());
    let rank = square.rank() as u32;
    let ahead = match color {
        Color::White => u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    files & ahead
}

fn pawn_attacks(pawns: BitBoard, color: Color) -> BitBoard {
    let p = pawns.0;
    let not_a = !file_mask(File::A);
    let not_h = !file_mask(File::H);
    BitBoard(match color {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}

fn walk(board: &Board, sink: &mut impl Sink) {
    use term::*;
    let occupied = board.occupied();
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.colors(color);
        let own_pawns = board.colored_pieces(color, Piece::Pawn);
        let their_pawns = board.colored_pieces(!color, Piece::Pawn);
        let their_pawn_attacks = pawn_attacks(their_pawns, !color);
        let their_king_zone = get_king_moves(board.king(!color)) | board.king(!color).bitboard();
        for piece in Piece::ALL {
            let set = ours & board.pieces(piece);
            if set.is_empty() {
                continue;
            }
            sink.add(MATERIAL + piece as usize, sign * set.len() as i32);
            for square in set {
                let from_white = square.relative_to(color) as usize;
                sink.add(PST + piece as usize * 64 + from_white, sign);
                let reach = match piece {
                    Piece::Knight => get_knight_moves(square),
                    Piece::Bishop => get_bishop_moves(square, occupied),
                    Piece::Rook => get_rook_moves(square, occupied),
                    Piece::Queen => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
                    _ => BitBoard::EMPTY,
                };
                if !reach.is_empty() {
                    let index = piece as usize - 1;
                    sink.add(MOBILITY + index, sign * (reach - ours - their_pawn_attacks).len() as i32);
                    let attacks = (reach & their_king_zone).len() as i32;
                    if attacks > 0 {
                        sink.add(KING_ATTACK + index, sign * attacks);
                    }
                }
                if piece == Piece::Rook {
                    let file = file_mask(square.file());
                    if file & own_pawns.0 == 0 {
                        let term = if file & their_pawns.0 == 0 { ROOK_OPEN } else { ROOK_HALF_OPEN };
                        sink.add(term, sign);
                    }
                }
            }
        }
        let defended = pawn_attacks(own_pawns, color);
        for square in own_pawns {
            let file = square.file();
            let span = front_span(square, color);
            if span & their_pawns.0 == 0 {
                sink.add(PASSED + square.rank().relative_to(color) as usize, sign);
            }
            if span & file_mask(file) & own_pawns.0 != 0 {
                sink.add(DOUBLED, sign);
            }
            if neighbour_files(file) & own_pawns.0 == 0 {
                sink.add(ISOLATED, sign);
            }
            if defended.has(square) {
                sink.add(SUPPORTED, sign);
            }
        }
        let king = board.king(color);
        let shelter = front_span(king, color) & (get_king_moves(king) | shield_second_rank(king, color)).0;
        let shield = (BitBoard(shelter) & own_pawns).len() as i32;
        if shield > 0 {
            sink.add(SHIELD, sign * shield);
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }
    }
    sink.add(TEMPO, if board.side_to_move() == Color::White { 1 } else { -1 });
}

/// The squares two ranks ahead of the king on its file and the neighbouring ones.
fn shield_second_rank(king: Square, color: Color) -> BitBoard {
    let forward = if color == Color::White { 2 } else { -2 };
    let mut set = BitBoard::EMPTY;
    for file in -1..=1 {
        if let Some(sq) = king.try_offset(file, forward) {
            set |= sq.bitboard();
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("a legal FEN")
    }

    #[test]
    fn the_start_is_worth_the_tempo_alone() {
        let w = Weights::shipped();
        let tempo = w.terms[term::TEMPO].mg;
        assert_eq!(evaluate(&Board::default(), w), tempo, "the start is symmetric: only the move counts");
    }

    #[test]
    fn a_mirrored_position_is_worth_the_same_to_the_other_side() {
        let w = Weights::shipped();
        let a = board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5");
        let b = board("rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 1 5");
        assert_eq!(evaluate(&a, w), evaluate(&b, w));
    }

    #[test]
    fn features_summed_with_the_weights_give_the_evaluation() {
        let w = Weights::shipped();
        let b = board("2kr3r/pp3ppp/2n5/3p4/3P1B2/2P2N2/P4PPP/R4RK1 b - - 0 16");
        let (counts, phase) = features(&b);
        let (mut mg, mut eg) = (0, 0);
        for (t, c) in counts {
            mg += w.terms[usize::from(t)].mg * c;
            eg += w.terms[usize::from(t)].eg * c;
        }
        assert_eq!(-((mg * phase + eg * (24 - phase)) / 24), evaluate(&b, w));
    }

    #[test]
    fn pawn_terms_are_counted_by_hand() {
        // White: a2 (isolated), c4 and c5 (doubled: c4 has c5 ahead; c5 passed), black: h7 (isolated, passed).
        let b = board("4k3/7p/8/2P5/2P5/8/P7/4K3 w - - 0 1");
        let (counts, _) = features(&b);
        let count = |t: usize| counts.iter().find(|(x, _)| usize::from(*x) == t).map_or(0, |&(_, c)| c);
        assert_eq!(count(term::DOUBLED), 1, "c4 has c5 ahead");
        assert_eq!(count(term::ISOLATED), 3 - 1, "a2, c4, c5 isolated for white, h7 for black");
        assert_eq!(count(term::PASSED + 4), 1, "c5 is passed on white's 5th rank");
        assert_eq!(count(term::PASSED + 1), 1 - 1, "a2 passed on rank 2 for white, h7 on rank 2 for black");
    }

    #[test]
    fn weights_read_back_what_they_write() {
        let w = Weights::shipped();
        assert_eq!(&Weights::parse(&w.write()).expect("parses"), w);
        assert!(Weights::parse("material.pawn 1 2\n").is_err(), "too few terms");
        assert!(
            Weights::parse("material.knight 1 2\n")
                .expect_err("wrong first term")
                .contains("expected term material.pawn")
        );
    }
}
