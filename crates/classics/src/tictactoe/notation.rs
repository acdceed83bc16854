//! Text for tic-tac-toe: cells `a1`..`c3`, moves `b2` (place) and `a1-a2` (slide), positions
//! `x.o/.x./..o o` (rows from the top, then the side to move; two-phase adds the slides played).

use std::fmt;

use hamle_core::Notation;

use super::rules::{Cell, Move, NEIGHBOURS, PositionFault, TicTacToe, Variant};

/// Why a text is not a tic-tac-toe move or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A cell that is not `a1`..`c3`.
    #[error("'{0}' is not a cell (cells are a1..c3: letter = column, digit = row)")]
    BadCell(String),
    /// A move that is neither `b2` nor `a1-a2`.
    #[error("'{0}' is not a move (write a cell like b2, or a slide like a1-a2)")]
    BadMove(String),
    /// A position text that is malformed.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A position text that reads but that play cannot reach ([`TicTacToe::validate`]).
    #[error("impossible position '{text}': {fault}")]
    Impossible {
        /// The text given.
        text: String,
        /// Which rule it breaks.
        fault: PositionFault,
    },
}

/// The name of a cell: `a1` for 0, `c3` for 8.
pub fn cell_name(cell: Cell) -> String {
    let col = char::from(b'a' + cell % 3);
    let row = char::from(b'1' + cell / 3);
    format!("{col}{row}")
}

/// Reads a cell name such as `b2` (either case).
///
/// # Errors
/// [`ParseError::BadCell`] for anything else.
pub fn parse_cell(text: &str) -> Result<Cell, ParseError> {
    match text.to_ascii_lowercase().as_bytes() {
        &[col @ b'a'..=b'c', row @ b'1'..=b'3'] => Ok((row - b'1') * 3 + (col - b'a')),
        _ => Err(ParseError::BadCell(text.to_owned())),
    }
}

fn mark(game: &TicTacToe, cell: Cell) -> char {
    if game.stones(0) & (1 << cell) != 0 {
        'x'
    } else if game.stones(1) & (1 << cell) != 0 {
        'o'
    } else {
        '.'
    }
}

impl Notation for TicTacToe {
    type Error = ParseError;

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Place(cell) => cell_name(cell),
            Move::Slide { from, to } => format!("{}-{}", cell_name(from), cell_name(to)),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        let bad = || ParseError::BadMove(text.to_owned());
        match text.len() {
            2 => parse_cell(text).map(Move::Place),
            4 | 5 if text.is_ascii() => {
                let (from, rest) = text.split_at(2);
                let to = rest.strip_prefix('-').unwrap_or(rest);
                let (from, to) = (parse_cell(from).map_err(|_| bad())?, parse_cell(to).map_err(|_| bad())?);
                if NEIGHBOURS[usize::from(from)] & (1 << to) == 0 {
                    return Err(bad());
                }
                Ok(Move::Slide { from, to })
            }
            _ => Err(bad()),
        }
    }

    fn format_position(&self) -> String {
        let rows: Vec<String> = (0..3).rev().map(|row| (0..3).map(|col| mark(self, row * 3 + col)).collect()).collect();
        let side = if self.to_move == 0 { 'x' } else { 'o' };
        match self.variant {
            Variant::Classic => format!("{} {side}", rows.join("/")),
            Variant::TwoPhase => format!("{} {side} {}", rows.join("/"), self.slides),
        }
    }

    fn parse_position(&self, text: &str) -> Result<TicTacToe, ParseError> {
        let bad = |why| ParseError::BadPosition { text: text.to_owned(), why };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, slides) = match (self.variant, fields.as_slice()) {
            (Variant::Classic, [board, side]) => (*board, *side, 0),
            (Variant::TwoPhase, [board, side]) => (*board, *side, 0),
            (Variant::TwoPhase, [board, side, slides]) => {
                (*board, *side, slides.parse::<u16>().map_err(|_| bad("the slide count is not a number"))?)
            }
            (Variant::Classic, _) => return Err(bad("expected three rows and the side to move, as x.o/.x./... o")),
            (Variant::TwoPhase, _) => return Err(bad("expected three rows, the side to move and the slides played")),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(bad("the board needs three rows of three cells, separated by '/'"));
        }
        let mut stones = [0u16; 2];
        for (r, row) in rows.iter().enumerate() {
            for (col, ch) in row.chars().enumerate() {
                let cell = (2 - r) * 3 + col;
                match ch.to_ascii_lowercase() {
                    'x' => stones[0] |= 1 << cell,
                    'o' => stones[1] |= 1 << cell,
                    '.' => {}
                    _ => return Err(bad("cells are x, o or '.'")),
                }
            }
        }
        let to_move = match side.to_ascii_lowercase().as_str() {
            "x" => 0,
            "o" => 1,
            _ => return Err(bad("the side to move is x or o")),
        };
        let game = TicTacToe::with(self.variant, stones, to_move, slides);
        game.validate().map_err(|fault| ParseError::Impossible { text: text.to_owned(), fault })?;
        Ok(game)
    }
}

impl fmt::Display for TicTacToe {
    /// The board as a person reads it: row 3 at the top, columns a–c below.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..3).rev() {
            write!(f, "{} ", row + 1)?;
            for col in 0..3 {
                write!(f, " {}", mark(self, row * 3 + col))?;
            }
            writeln!(f)?;
        }
        write!(f, "   a b c")
    }
}
