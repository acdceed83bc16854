//! The game record: cozy-chess's board plus what a board alone does not know — the positions seen (for
//! repetition), how the game ended, and the claims a player may make.

use std::fmt;

use cozy_chess::{Board, Color, GameStatus, Piece, Rank, Square};
use hamle_core::{Game, GameInfo, Turn};

use crate::fen::{FenError, parse_fen};

/// A move of the game: a move on the board (in cozy-chess's form, castling as the king taking its own rook),
/// or a claim of a draw by threefold repetition or the fifty-move rule, offered only when one may be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A move on the board.
    Board(cozy_chess::Move),
    /// Claim a draw (threefold repetition or fifty moves without a capture or a pawn move).
    ClaimDraw,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is mated; the other side wins.
    Checkmate {
        /// Who gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate (K–K, K+minor–K, kings and bishops all on one colour).
    Insufficient,
    /// Drawn on a claim: the position occurred for the third time.
    Threefold,
    /// Drawn on a claim: fifty moves each without a capture or a pawn move.
    Fifty,
    /// Drawn at once: the position occurred for the fifth time.
    Fivefold,
    /// Drawn at once: seventy-five moves each without a capture or a pawn move.
    SeventyFive,
}

impl Ending {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Ending::Checkmate { winner: Color::White } => "1-0",
            Ending::Checkmate { winner: Color::Black } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The ending as one word or hyphenated words, stable for programs to match and catalogs to select on
    /// (`hamle chess status`, the catalogs' `chess-draw`).
    pub fn name(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Insufficient => "insufficient",
            Ending::Threefold => "threefold",
            Ending::Fifty => "fifty",
            Ending::Fivefold => "fivefold",
            Ending::SeventyFive => "seventy-five",
        }
    }

    /// The ending in words: `checkmate`, `threefold repetition`, …
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Insufficient => "insufficient material",
            Ending::Threefold => "threefold repetition",
            Ending::Fifty => "fifty-move rule",
            Ending::Fivefold => "fivefold repetition",
            Ending::SeventyFive => "seventy-five-move rule",
        }
    }
}

/// A game of chess from a start position: the board, the moves played, the positions seen and the ending.
#[derive(Clone, Debug)]
pub struct Chess {
    start: Board,
    board: Board,
    played: Vec<cozy_chess::Move>,
    /// Repetition keys of the positions from the start, one per position (`played.len() + 1`).
    seen: Vec<u64>,
    ending: Option<Ending>,
    /// Half-moves since the last capture or pawn move: cozy-chess's board stops counting at 100, the
    /// seventy-five-move rule needs 150.
    halfmoves: u16,
    /// The halfmove clock at the start.
    start_clock: u16,
    /// Whether matches from the standard start draw their openings from [`crate::openings`].
    pub(crate) suite: bool,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::from_board(Board::default())
    }
}

/// A key equal for positions that are the same under FIDE's article 9.2: same pieces, side to move and
/// castling rights, and the same en passant capture possible (a double step that cannot be taken does not
/// make a new position).
fn repetition_key(board: &Board) -> u64 {
    let Some(file) = board.en_passant() else { return board.hash() };
    let target = Square::new(file, Rank::Sixth.relative_to(board.side_to_move()));
    let pawns = board.colored_pieces(board.side_to_move(), Piece::Pawn);
    let mut capture = false;
    board.generate_moves_for(pawns, |moves| {
        capture |= moves.into_iter().any(|mv| mv.to == target);
        capture
    });
    if capture { board.hash() } else { board.hash_without_ep() }
}

/// Whether no sequence of legal moves can mate: bare kings, a single minor piece, or only bishops all on
/// squares of one colour.
fn dead(board: &Board) -> bool {
    let others = board.occupied() & !board.pieces(Piece::King);
    if others.is_empty() {
        return true;
    }
    if others.len() == 1 && (board.pieces(Piece::Knight) | board.pieces(Piece::Bishop)) == others {
        return true;
    }
    let dark = cozy_chess::BitBoard::DARK_SQUARES;
    board.pieces(Piece::Bishop) == others && ((others & dark).is_empty() || (others & !dark).is_empty())
}

impl Chess {
    /// Whether `color` cannot mate by any series of legal moves, whatever the other side does: it has its king
    /// alone, or the position is dead. FIDE's rule 6.9 then makes the other side's flag a draw.
    pub fn cannot_mate(&self, color: Color) -> bool {
        let board = &self.board;
        board.colors(color) == board.colored_pieces(color, Piece::King) || dead(board)
    }

    /// A game from a board, its halfmove clock read from the board.
    pub fn from_board(board: Board) -> Chess {
        let clock = board.halfmove_clock();
        Chess::from_position(board, clock)
    }

    /// A game from a board and its halfmove clock (which may pass the board's cap of 100).
    pub fn from_position(board: Board, halfmoves: u8) -> Chess {
        let mut game = Chess {
            seen: vec![repetition_key(&board)],
            start: board.clone(),
            board,
            played: Vec::new(),
            ending: None,
            halfmoves: u16::from(halfmoves),
            start_clock: u16::from(halfmoves),
            suite: true,
        };
        game.ending = game.automatic_ending();
        game
    }

    /// A game from a FEN (see [`parse_fen`] for what is refused).
    ///
    /// # Errors
    /// A [`FenError`] naming the fault.
    pub fn from_fen(text: &str) -> Result<Chess, FenError> {
        let (board, clock) = parse_fen(text)?;
        Ok(Chess::from_position(board, clock))
    }

    /// The position now in FEN, with the true halfmove clock.
    pub fn fen(&self) -> String {
        fen_with_clock(&self.board, self.halfmoves)
    }

    /// The start position in FEN.
    pub fn start_fen(&self) -> String {
        fen_with_clock(&self.start, self.start_clock)
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The board moves played so far, in cozy-chess's form.
    pub fn played(&self) -> &[cozy_chess::Move] {
        &self.played
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How often the position now has occurred in the game, this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.seen[self.seen.len() - 1];
        // Only positions since the last capture or pawn move can repeat; the clock counts them (a game read
        // from FEN may carry a clock longer than its record).
        let window = (usize::from(self.halfmoves) + 1).min(self.seen.len());
        self.seen[self.seen.len() - window..].iter().filter(|&&key| key == now).count()
    }

    /// The draw the side to move may claim now, if any: threefold repetition first, then the fifty-move rule.
    pub fn claimable(&self) -> Option<Ending> {
        if self.ending.is_some() {
            None
        } else if self.repetitions() >= 3 {
            Some(Ending::Threefold)
        } else if self.halfmoves >= 100 {
            Some(Ending::Fifty)
        } else {
            None
        }
    }

    /// The board's legal moves, in cozy-chess's form (castling as the king taking its rook); none once the
    /// game is over.
    pub fn board_moves(&self) -> Vec<cozy_chess::Move> {
        if self.ending.is_some() { Vec::new() } else { legal_moves(&self.board) }
    }

    /// The endings that need no claim: mate, stalemate, a dead position, the fifth occurrence, 75 moves.
    /// Mate comes first: a move that mates on the 150th half-move wins (FIDE 9.6.2).
    fn automatic_ending(&self) -> Option<Ending> {
        match self.board.status() {
            GameStatus::Won => return Some(Ending::Checkmate { winner: !self.board.side_to_move() }),
            GameStatus::Drawn if !self.has_moves() => return Some(Ending::Stalemate),
            _ => {}
        }
        if dead(&self.board) {
            Some(Ending::Insufficient)
        } else if self.repetitions() >= 5 {
            Some(Ending::Fivefold)
        } else if self.halfmoves >= 150 {
            Some(Ending::SeventyFive)
        } else {
            None
        }
    }

    fn has_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }
}

impl Game for Chess {
    type Move = Move;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "chess", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        match (self.ending, self.board.side_to_move()) {
            (Some(_), _) => Turn::Over,
            (None, Color::White) => Turn::Player(0),
            (None, Color::Black) => Turn::Player(1),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        moves.extend(self.board_moves().into_iter().map(Move::Board));
        if self.claimable().is_some() {
            moves.push(Move::ClaimDraw);
        }
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Board(mv) => {
                self.board.play_unchecked(mv);
                self.halfmoves = if self.board.halfmove_clock() == 0 { 0 } else { self.halfmoves + 1 };
                self.played.push(mv);
                self.seen.push(repetition_key(&self.board));
                self.ending = self.automatic_ending();
            }
            Move::ClaimDraw => self.ending = self.claimable(),
        }
    }

    fn points(&self) -> Option<[f64; 2]> {
        Some(match self.ending? {
            Ending::Checkmate { winner: Color::White } => [1.0, 0.0],
            Ending::Checkmate { winner: Color::Black } => [0.0, 1.0],
            _ => [0.5, 0.5],
        })
    }

    fn key(&self) -> u64 {
        self.board.hash()
    }
}

/// A board's legal moves in cozy-chess's form (castling as the king taking its rook), as one list.
pub fn legal_moves(board: &Board) -> Vec<cozy_chess::Move> {
    let mut moves = Vec::with_capacity(48);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// A board's FEN with the halfmove clock replaced by the game's own.
pub(crate) fn fen_with_clock(board: &Board, halfmoves: u16) -> String {
    let text = board.to_string();
    let mut fields: Vec<&str> = text.split(' ').collect();
    let clock = halfmoves.to_string();
    if fields.len() == 6 {
        fields[4] = &clock;
    }
    fields.join(" ")
}

/// Unicode pieces, white's as outlines: how the terminal draws the board.
fn glyph(piece: Piece, color: Color) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let set = if color == Color::White { white } else { black };
    set[piece as usize]
}

impl fmt::Display for Chess {
    /// The board from white's side, ranks 8 to 1, with file letters below; `·` marks an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{} ", *rank as usize + 1)?;
            for file in cozy_chess::File::ALL {
                let sq = Square::new(file, *rank);
                let c = match (self.board.piece_on(sq), self.board.color_on(sq)) {
                    (Some(piece), Some(color)) => glyph(piece, color),
                    _ => '·',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   a b c d e f g h")
    }
}

/// The number of move sequences of `depth` plies from `board` (the standard move-generator check; bulk
/// counted at the last ply).
///
/// ```
/// assert_eq!(hamle_chess::perft(&hamle_chess::Board::default(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    // The last ply only counts: a listener of its own keeps the counting loop free of the recursion's branch.
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}
