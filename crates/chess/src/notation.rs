//! Moves in SAN (`Nf3`, `exd6`, `O-O`, `e8=Q+`) and UCI (`g1f3`, `e7e8q`, castling as `e1g1`); positions in FEN.

use cozy_chess::{Board, File, Piece, Rank, Square};
use hamle_core::Notation;

use crate::fen::FenError;
use crate::rules::{Chess, Move, legal_moves};

/// Why a move's text was refused, naming the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' {why}")]
pub struct MoveError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

/// Why a text could not be read: a move or a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A move that does not read, is illegal or is ambiguous.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A FEN that does not read or describes an impossible position.
    #[error(transparent)]
    Fen(#[from] FenError),
}

fn refuse(text: &str, why: impl Into<String>) -> MoveError {
    MoveError { text: text.to_owned(), why: why.into() }
}

fn letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn piece_of_letter(c: char) -> Option<Piece> {
    Some(match c {
        'N' => Piece::Knight,
        'B' => Piece::Bishop,
        'R' => Piece::Rook,
        'Q' => Piece::Queen,
        'K' => Piece::King,
        _ => return None,
    })
}

/// Whether cozy-chess's move is a castling: the king moving onto its own rook.
fn is_castle(board: &Board, mv: cozy_chess::Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King) && board.color_on(mv.to) == board.color_on(mv.from)
}

/// Where the king lands: cozy-chess writes castling as the king taking its rook, people and UCI as the
/// king's two-square step.
fn king_target(board: &Board, mv: cozy_chess::Move) -> Square {
    if is_castle(board, mv) {
        let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
        Square::new(file, mv.from.rank())
    } else {
        mv.to
    }
}

/// A board move in UCI: `e2e4`, `e7e8q`, castling as the king's step `e1g1`.
pub fn uci(board: &Board, mv: cozy_chess::Move) -> String {
    let mut text = format!("{}{}", mv.from, king_target(board, mv));
    if let Some(piece) = mv.promotion {
        text.push(letter(piece).to_ascii_lowercase());
    }
    text
}

/// A board move in SAN, with `+` or `#`; `mv` must be legal on `board`.
pub fn san(board: &Board, mv: cozy_chess::Move) -> String {
    let mut text = san_plain(board, mv, &legal_moves(board));
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        text.push(if after.generate_moves(|_| true) { '+' } else { '#' });
    }
    text
}

/// SAN without the check mark.
fn san_plain(board: &Board, mv: cozy_chess::Move, moves: &[cozy_chess::Move]) -> String {
    if is_castle(board, mv) {
        return if mv.to.file() > mv.from.file() { "O-O".into() } else { "O-O-O".into() };
    }
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let capture = board.color_on(mv.to).is_some() || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
    let mut text = String::new();
    if piece == Piece::Pawn {
        if capture {
            text.push(char::from(mv.from.file()));
        }
    } else {
        text.push(letter(piece));
        let rivals: Vec<&cozy_chess::Move> = moves
            .iter()
            .filter(|o| o.to == mv.to && o.from != mv.from && board.piece_on(o.from) == Some(piece))
            .filter(|o| !is_castle(board, **o))
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|o| o.from.file() != mv.from.file()) {
                text.push(char::from(mv.from.file()));
            } else if rivals.iter().all(|o| o.from.rank() != mv.from.rank()) {
                text.push(char::from(mv.from.rank()));
            } else {
                text += &mv.from.to_string();
            }
        }
    }
    if capture {
        text.push('x');
    }
    text += &mv.to.to_string();
    if let Some(promotion) = mv.promotion {
        text.push('=');
        text.push(letter(promotion));
    }
    text
}

/// Reads UCI (`e2e4`, `e7e8q`, `e1g1`) when the text has its shape.
fn parse_uci(board: &Board, text: &str, moves: &[cozy_chess::Move]) -> Option<Result<cozy_chess::Move, MoveError>> {
    let bytes = text.as_bytes();
    let square = |i: usize| -> Option<Square> { text.get(i..i + 2)?.parse().ok() };
    if !(text.len() == 4 || text.len() == 5) || !bytes[0].is_ascii_lowercase() || !bytes[2].is_ascii_lowercase() {
        return None;
    }
    let (from, to) = (square(0)?, square(2)?);
    let promotion = match text.get(4..) {
        Some("") | None => None,
        Some(p) => Some(piece_of_letter(p.to_ascii_uppercase().chars().next()?).filter(|p| *p != Piece::King)?),
    };
    let found =
        moves.iter().copied().find(|&mv| mv.from == from && king_target(board, mv) == to && mv.promotion == promotion);
    Some(found.ok_or_else(|| {
        let why = if board.color_on(from) != Some(board.side_to_move()) {
            format!("is not a legal move: no piece of the side to move stands on {from}")
        } else if promotion.is_none() && moves.iter().any(|mv| mv.from == from && mv.to == to && mv.promotion.is_some())
        {
            "is not a legal move: a pawn reaching the last rank must promote (add q, r, b or n: e7e8q)".to_owned()
        } else {
            "is not a legal move here".to_owned()
        };
        refuse(text, why)
    }))
}

/// Reads SAN, forgiving what people leave out or add: check marks, `!?` annotations, a missing `=` before the
/// promotion piece, `0-0` for `O-O`, more disambiguation than needed, ` e.p.`.
fn parse_san(board: &Board, text: &str, moves: &[cozy_chess::Move]) -> Result<cozy_chess::Move, MoveError> {
    let core = text.trim_end_matches(" e.p.").trim_end_matches(['+', '#', '!', '?']).replace('0', "O");
    if core == "O-O" || core == "O-O-O" {
        let short = core == "O-O";
        return moves
            .iter()
            .copied()
            .find(|&mv| is_castle(board, mv) && (mv.to.file() > mv.from.file()) == short)
            .ok_or_else(|| refuse(text, "is not a legal move here: castling on that side is not allowed now"));
    }
    let shape = "is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)";
    let mut chars: Vec<char> = core.chars().collect();
    let piece = match chars.first().copied().and_then(piece_of_letter) {
        Some(piece) => {
            chars.remove(0);
            piece
        }
        None => Piece::Pawn,
    };
    let mut promotion = None;
    if let Some(&last) = chars.last()
        && let Some(p) = piece_of_letter(last)
    {
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
        promotion = Some(p);
    }
    let rest: String = chars.iter().filter(|&&c| c != 'x' && c != '-').collect();
    if rest.len() < 2 || !rest.is_ascii() {
        return Err(refuse(text, shape));
    }
    let to: Square = rest[rest.len() - 2..].parse().map_err(|_| refuse(text, shape))?;
    let (mut file, mut rank) = (None, None);
    for c in rest[..rest.len() - 2].chars() {
        match c {
            'a'..='h' if file.is_none() => file = Some(File::index(c as usize - 'a' as usize)),
            '1'..='8' if rank.is_none() => rank = Some(Rank::index(c as usize - '1' as usize)),
            _ => return Err(refuse(text, shape)),
        }
    }
    let matching: Vec<cozy_chess::Move> = moves
        .iter()
        .copied()
        .filter(|&mv| !is_castle(board, mv) && mv.to == to && board.piece_on(mv.from) == Some(piece))
        .filter(|mv| file.is_none_or(|f| mv.from.file() == f) && rank.is_none_or(|r| mv.from.rank() == r))
        .filter(|mv| mv.promotion == promotion)
        .collect();
    match matching.as_slice() {
        [mv] => Ok(*mv),
        [] if promotion.is_none()
            && piece == Piece::Pawn
            && moves.iter().any(|mv| mv.to == to && mv.promotion.is_some()) =>
        {
            Err(refuse(text, "is not a legal move: a pawn reaching the last rank must promote (e8=Q)"))
        }
        [] => Err(refuse(text, "is not a legal move here")),
        many => {
            let options: Vec<String> = many.iter().map(|&mv| san_plain(board, mv, moves)).collect();
            Err(refuse(text, format!("is ambiguous: write {}", options.join(" or "))))
        }
    }
}

/// Reads a move in SAN or UCI on `board`, refusing illegal and ambiguous ones.
///
/// # Errors
/// A [`MoveError`] naming the text and what is wrong.
pub(crate) fn parse_board_move(board: &Board, text: &str) -> Result<cozy_chess::Move, MoveError> {
    let text = text.trim();
    let moves = legal_moves(board);
    if let Some(found) = parse_uci(board, text, &moves) {
        return found;
    }
    parse_san(board, text, &moves)
}

/// What a claim of a draw is written as.
pub(crate) const CLAIM: &str = "draw";

impl Notation for Chess {
    type Error = ParseError;

    /// SAN (`Nf3`, `O-O`, `e8=Q#`), or `draw` for a claim.
    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Board(mv) => san(self.board(), mv),
            Move::ClaimDraw => CLAIM.to_owned(),
        }
    }

    /// SAN or UCI, or `draw` (also `claim`) to claim a draw; a board move must be legal here.
    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case(CLAIM) || text.eq_ignore_ascii_case("claim") {
            return if self.claimable().is_some() {
                Ok(Move::ClaimDraw)
            } else {
                Err(refuse(text, "cannot be claimed now: no threefold repetition and fewer than fifty moves without a capture or a pawn move").into())
            };
        }
        if self.ending().is_some() {
            return Err(refuse(text, "cannot be played: the game is over").into());
        }
        Ok(Move::Board(parse_board_move(self.board(), text)?))
    }

    /// FEN of the board now.
    fn format_position(&self) -> String {
        self.fen()
    }

    /// A new game from a FEN (its record starts there).
    fn parse_position(&self, text: &str) -> Result<Chess, ParseError> {
        let mut game = Chess::from_fen(text)?;
        game.suite = self.suite;
        Ok(game)
    }
}
