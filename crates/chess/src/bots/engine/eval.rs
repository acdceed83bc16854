//! The engine's evaluation: a tapered sum of linear terms — material, piece-square tables, pawn structure and
//! passed pawns, mobility, threats, outposts, king safety — each a middle-game and an endgame weight, blended
//! by the material left.
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
    /// An enemy knight, bishop, rook, queen attacked by a pawn, one term per piece attacked.
    pub const PAWN_THREAT: usize = TEMPO + 1;
    /// An enemy rook, queen attacked by a knight or a bishop, one term per piece attacked.
    pub const MINOR_THREAT: usize = PAWN_THREAT + 4;
    /// An enemy queen attacked by a rook.
    pub const ROOK_THREAT: usize = MINOR_THREAT + 2;
    /// An enemy knight, bishop, rook or queen attacked and not defended.
    pub const HANGING: usize = ROOK_THREAT + 1;
    /// Squares from which a knight, bishop, rook, queen could check the enemy king, reached by one of them and
    /// not attacked by the enemy; one term per piece.
    pub const SAFE_CHECK: usize = HANGING + 1;
    /// Pressure on the enemy king by the attack units of the pieces attacking the squares around it, indexed
    /// by the units (capped at [`KING_DANGER_STEPS`] less one): a table, because danger grows faster than the
    /// attackers. Two attackers at least, so entries 0 to 3 are never counted and keep their starting 0 … 8.
    pub const KING_DANGER: usize = SAFE_CHECK + 4;
    /// Entries of the king-danger table.
    pub const KING_DANGER_STEPS: usize = 16;
    /// A passed pawn whose square ahead is empty, by rank as [`PASSED`].
    pub const PASSED_FREE: usize = KING_DANGER + KING_DANGER_STEPS;
    /// A passed pawn's own king's distance to the square ahead of it, times how far the pawn has come.
    pub const PASSED_OWN_KING: usize = PASSED_FREE + 8;
    /// A passed pawn's enemy king's distance to the square ahead of it, times how far the pawn has come.
    pub const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
    /// A knight, bishop on the fourth to sixth rank, defended by a pawn, that no enemy pawn can attack.
    pub const OUTPOST: usize = PASSED_THEIR_KING + 1;
    /// Files at and beside the king without a pawn of its own colour.
    pub const KING_OPEN_FILE: usize = OUTPOST + 2;
    /// Number of terms.
    pub const COUNT: usize = KING_OPEN_FILE + 1;
}

/// Attack units of knight, bishop, rook, queen on the squares around the enemy king.
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];

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
        i if i < MINOR_THREAT => format!("pawn_threat.{}", PIECES[i - PAWN_THREAT + 1]),
        i if i < ROOK_THREAT => format!("minor_threat.{}", PIECES[i - MINOR_THREAT + 3]),
        ROOK_THREAT => "rook_threat.queen".into(),
        HANGING => "hanging".into(),
        i if i < KING_DANGER => format!("safe_check.{}", PIECES[i - SAFE_CHECK + 1]),
        i if i < PASSED_FREE => format!("king_danger.{}", i - KING_DANGER),
        i if i < PASSED_OWN_KING => format!("passed_free.{}", i - PASSED_FREE + 1),
        PASSED_OWN_KING => "passed_own_king".into(),
        PASSED_THEIR_KING => "passed_their_king".into(),
        i if i < KING_OPEN_FILE => format!("outpost.{}", PIECES[i - OUTPOST + 1]),
        KING_OPEN_FILE => "king_open_file".into(),
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

/// What one side attacks: by the kind of piece attacking, and in all.
#[derive(Clone, Copy, Default)]
struct Attacks {
    by: [BitBoard; 6],
    all: BitBoard,
}

impl Attacks {
    fn add(&mut self, piece: Piece, squares: BitBoard) {
        self.by[piece as usize] |= squares;
        self.all |= squares;
    }
}

fn walk(board: &Board, sink: &mut impl Sink) {
    use term::*;
    let occupied = board.occupied();
    let mut attacks = [Attacks::default(); 2];
    let mut units = [0i32; 2];
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.colors(color);
        let own_pawns = board.colored_pieces(color, Piece::Pawn);
        let their_pawns = board.colored_pieces(!color, Piece::Pawn);
        let their_pawn_attacks = pawn_attacks(their_pawns, !color);
        let their_king_zone = get_king_moves(board.king(!color)) | board.king(!color).bitboard();
        let side = &mut attacks[color as usize];
        side.add(Piece::Pawn, pawn_attacks(own_pawns, color));
        side.add(Piece::King, get_king_moves(board.king(color)));
        let mut attackers = 0;
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
                    _ => continue,
                };
                side.add(piece, reach);
                let index = piece as usize - 1;
                sink.add(MOBILITY + index, sign * (reach - ours - their_pawn_attacks).len() as i32);
                let on_king = (reach & their_king_zone).len() as i32;
                if on_king > 0 {
                    sink.add(KING_ATTACK + index, sign * on_king);
                    attackers += 1;
                    units[color as usize] += ATTACK_UNITS[index];
                }
                match piece {
                    Piece::Rook => {
                        let file = file_mask(square.file());
                        if file & own_pawns.0 == 0 {
                            let term = if file & their_pawns.0 == 0 { ROOK_OPEN } else { ROOK_HALF_OPEN };
                            sink.add(term, sign);
                        }
                    }
                    Piece::Knight | Piece::Bishop => {
                        let rank = square.rank().relative_to(color) as usize;
                        let safe = front_span(square, color) & neighbour_files(square.file()) & their_pawns.0 == 0;
                        if (3..=5).contains(&rank) && safe && side.by[Piece::Pawn as usize].has(square) {
                            sink.add(OUTPOST + index, sign);
                        }
                    }
                    _ => {}
                }
            }
        }
        if attackers < 2 {
            units[color as usize] = 0;
        }
        let defended = side.by[Piece::Pawn as usize];
        let (own_king, their_king) = (board.king(color), board.king(!color));
        for square in own_pawns {
            let file = square.file();
            let span = front_span(square, color);
            if span & their_pawns.0 == 0 {
                let rank = square.rank().relative_to(color) as usize;
                sink.add(PASSED + rank, sign);
                let ahead = square.try_offset(0, if color == Color::White { 1 } else { -1 });
                if let Some(stop) = ahead {
                    if !occupied.has(stop) {
                        sink.add(PASSED_FREE + rank, sign);
                    }
                    let advanced = rank.saturating_sub(2) as i32;
                    if advanced > 0 {
                        sink.add(PASSED_OWN_KING, sign * advanced * distance(own_king, stop));
                        sink.add(PASSED_THEIR_KING, sign * advanced * distance(their_king, stop));
                    }
                }
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
        let shelter = front_span(own_king, color) & (get_king_moves(own_king) | shield_second_rank(own_king, color)).0;
        let shield = (BitBoard(shelter) & own_pawns).len() as i32;
        if shield > 0 {
            sink.add(SHIELD, sign * shield);
        }
        let king_file = own_king.file() as usize;
        let files = king_file.saturating_sub(1)..=(king_file + 1).min(7);
        let open = files.filter(|&f| file_mask(File::index(f)) & own_pawns.0 == 0).count();
        if open > 0 {
            sink.add(KING_OPEN_FILE, sign * open as i32);
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }
    }
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        threats(board, color, &attacks[color as usize], &attacks[!color as usize], sign, sink);
        let danger = units[color as usize].min(KING_DANGER_STEPS as i32 - 1);
        if danger > 0 {
            sink.add(KING_DANGER + danger as usize, sign);
        }
    }
    sink.add(TEMPO, if board.side_to_move() == Color::White { 1 } else { -1 });
}

/// `color`'s threats on the other side's pieces and its safe checks, given what each side attacks.
fn threats(board: &Board, color: Color, ours: &Attacks, theirs: &Attacks, sign: i32, sink: &mut impl Sink) {
    use term::*;
    let enemy = board.colors(!color);
    let by = |piece: Piece| ours.by[piece as usize];
    for (index, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen].into_iter().enumerate() {
        let targets = enemy & board.pieces(piece);
        let count = (targets & by(Piece::Pawn)).len() as i32;
        if count > 0 {
            sink.add(PAWN_THREAT + index, sign * count);
        }
        if index >= 2 {
            let count = (targets & (by(Piece::Knight) | by(Piece::Bishop))).len() as i32;
            if count > 0 {
                sink.add(MINOR_THREAT + index - 2, sign * count);
            }
        }
    }
    let queens = (enemy & board.pieces(Piece::Queen) & by(Piece::Rook)).len() as i32;
    if queens > 0 {
        sink.add(ROOK_THREAT, sign * queens);
    }
    let pieces = enemy - board.pieces(Piece::Pawn) - board.pieces(Piece::King);
    let hanging = (pieces & (ours.all - theirs.all)).len() as i32;
    if hanging > 0 {
        sink.add(HANGING, sign * hanging);
    }
    let king = board.king(!color);
    let occupied = board.occupied();
    let safe = !(theirs.all | board.colors(color));
    let (diagonal, straight) = (get_bishop_moves(king, occupied), get_rook_moves(king, occupied));
    let checks = [
        get_knight_moves(king) & by(Piece::Knight),
        diagonal & by(Piece::Bishop),
        straight & by(Piece::Rook),
        (diagonal | straight) & by(Piece::Queen),
    ];
    for (index, squares) in checks.into_iter().enumerate() {
        let count = (squares & safe).len() as i32;
        if count > 0 {
            sink.add(SAFE_CHECK + index, sign * count);
        }
    }
}

/// Moves a king needs from one square to another.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
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

    /// Each term's count in `fen`, white's less black's.
    fn counts(fen: &str) -> impl Fn(usize) -> i32 {
        let (counts, _) = features(&board(fen));
        move |t: usize| counts.iter().find(|(x, _)| usize::from(*x) == t).map_or(0, |&(_, c)| c)
    }

    #[test]
    fn a_pawns_threat_a_hanging_piece_and_a_free_passed_pawn_are_counted_by_hand() {
        // White: Ke1, Pe4; black: Ke8, Nd5. The pawn attacks the knight, which nothing defends.
        let count = counts("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(count(term::PAWN_THREAT), 1, "e4 attacks the knight");
        assert_eq!(count(term::HANGING), 1, "the knight is undefended");
        assert_eq!(count(term::PASSED_FREE + 3), 1, "e4 is passed and e5 empty");
        assert_eq!(count(term::PASSED_OWN_KING), 4, "e1 to e5, once for a pawn on the fourth rank");
        assert_eq!(count(term::PASSED_THEIR_KING), 3, "e8 to e5");
        assert_eq!(count(term::KING_OPEN_FILE), 2 - 3, "white's d and f files; black's d, e and f");
        assert_eq!(count(term::OUTPOST + 1) + count(term::OUTPOST), 0, "the knight has no pawn behind it");
    }

    #[test]
    fn an_outpost_a_minors_threat_and_safe_checks_are_counted_by_hand() {
        // White: Ke1, Nd5 (defended by Pe4), black: Ke8, Rb6. The knight forks the rook and the king's c7;
        // the rook reaches b1, a check nothing of white's guards.
        let count = counts("4k3/8/1r6/3N4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(count(term::OUTPOST), 1, "d5, on white's fifth rank, no black pawn to chase it");
        assert_eq!(count(term::MINOR_THREAT), 1, "the knight attacks the rook");
        assert_eq!(count(term::HANGING), 1, "the rook is attacked and undefended; nothing attacks the knight");
        assert_eq!(count(term::SAFE_CHECK), 1, "Nc7+ (Nf6+ is on the rook's rank)");
        assert_eq!(count(term::SAFE_CHECK + 2), -1, "Rb1+");
        let steps = 0..term::KING_DANGER_STEPS;
        assert_eq!(steps.map(|i| count(term::KING_DANGER + i)).sum::<i32>(), 0, "one attacker is no danger");
    }

    #[test]
    fn an_attacked_piece_hangs_only_when_nothing_defends_it() {
        // Black's rook on d6 attacks white's knight on d5: defended by the e4 pawn, then not.
        assert_eq!(counts("4k3/8/3r4/3N4/4P3/8/8/4K3 w - - 0 1")(term::HANGING), 0);
        assert_eq!(counts("4k3/8/3r4/3N4/8/8/8/4K3 w - - 0 1")(term::HANGING), -1, "black's threat");
    }

    #[test]
    fn two_attackers_make_king_danger_by_their_units() {
        // White's knight (2 units) and queen (5) both reach squares around black's king on g8.
        let count = counts("6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1");
        assert_eq!(count(term::KING_DANGER + 7), 1);
        let steps = 0..term::KING_DANGER_STEPS;
        assert_eq!(steps.filter(|&i| count(term::KING_DANGER + i) != 0).count(), 1, "one step only");
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
