//! Text for Domineering. Cells are `a1`..`p16`: the letter is the column from the left, the number
//! the row from the bottom. A move names the two cells its domino covers, lower-left first:
//! `c3-c4` is vertical, `c3-d3` horizontal (reading also accepts `c3c4` and either order).
//! A position is its rows from the top, separated by `/`, with `.` for an empty cell, `v` for a cell
//! under a vertical domino and `h` under a horizontal one, then the side to move: `..../vv../vv.. h`.

use std::fmt;

use hamle_core::Notation;

use crate::rules::{Domineering, MAX_SIDE, Move, PositionFault, Side};

/// Why a text is not a Domineering cell, move or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A cell that is not a letter `a`..`p` and a number 1..16.
    #[error("'{0}' is not a cell (a column letter a..p and a row number from the bottom, like c3)")]
    BadCell(String),
    /// A move that is not two adjacent cells.
    #[error("{why} in '{text}' (a move is the domino's two cells, like c3-c4 or c3-d3)")]
    BadMove {
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A position text that is malformed.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A position text that reads but that play cannot reach ([`Domineering::validate`]).
    #[error("impossible position '{text}': {fault}")]
    Impossible {
        /// The text given.
        text: String,
        /// Which rule it breaks.
        fault: PositionFault,
    },
}

/// The name of the cell in row `row` (0 = bottom) and column `col` (0 = left): `a1`, `c10`.
///
/// ```
/// assert_eq!(hamle_domineering::cell_name(9, 2), "c10");
/// ```
pub fn cell_name(row: u8, col: u8) -> String {
    format!("{}{}", char::from(b'a' + col % 26), u32::from(row) + 1)
}

/// Reads a cell name such as `c3` (either case) into (row, column), both from 0.
///
/// # Errors
/// [`ParseError::BadCell`] for anything else.
///
/// ```
/// assert_eq!(hamle_domineering::parse_cell("C10"), Ok((9, 2)));
/// assert!(hamle_domineering::parse_cell("q1").is_err());
/// ```
pub fn parse_cell(text: &str) -> Result<(u8, u8), ParseError> {
    let bad = || ParseError::BadCell(text.to_owned());
    let lower = text.to_ascii_lowercase();
    let mut chars = lower.chars();
    let col = match chars.next() {
        Some(c @ 'a'..='p') => c as u8 - b'a',
        _ => return Err(bad()),
    };
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return Err(bad());
    }
    let row: u8 = digits.parse().map_err(|_| bad())?;
    if !(1..=MAX_SIDE).contains(&row) {
        return Err(bad());
    }
    Ok((row - 1, col))
}

/// Splits `c3c4`, `c3-c4` or `c10-c11` into its two cell names.
fn split_cells(text: &str) -> Option<(&str, &str)> {
    if let Some((a, b)) = text.split_once('-') {
        return Some((a, b));
    }
    // Without a dash the second cell starts at the second letter.
    let second = text.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic())?.0;
    Some(text.split_at(second))
}

impl Notation for Domineering {
    type Error = ParseError;

    fn format_move(&self, mv: Move) -> String {
        let [(r0, c0), (r1, c1)] = mv.cells();
        format!("{}-{}", cell_name(r0, c0), cell_name(r1, c1))
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        let bad = |why| ParseError::BadMove { text: text.to_owned(), why };
        let (a, b) = split_cells(text).ok_or_else(|| bad("two cells are needed"))?;
        let (a, b) = (
            parse_cell(a).map_err(|_| bad("a cell is malformed"))?,
            parse_cell(b).map_err(|_| bad("a cell is malformed"))?,
        );
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        let side = if low.1 == high.1 && low.0 + 1 == high.0 {
            Side::Vertical
        } else if low.0 == high.0 && low.1 + 1 == high.1 {
            Side::Horizontal
        } else {
            return Err(bad("the two cells are not side by side"));
        };
        if usize::from(high.0) >= self.rows() || usize::from(high.1) >= self.cols() {
            return Err(bad("a cell is off the board"));
        }
        Ok(Move { side, row: low.0, col: low.1 })
    }

    fn format_position(&self) -> String {
        let rows: Vec<String> = (0..self.rows())
            .rev()
            .map(|r| {
                (0..self.cols())
                    .map(|c| match self.cell(r, c) {
                        Some(Side::Vertical) => 'v',
                        Some(Side::Horizontal) => 'h',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let side = self.to_move().letter().to_ascii_lowercase();
        format!("{} {side}", rows.join("/"))
    }

    fn parse_position(&self, text: &str) -> Result<Domineering, ParseError> {
        let bad = |why| ParseError::BadPosition { text: text.to_owned(), why };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side] = fields.as_slice() else {
            return Err(bad("expected the rows from the top separated by '/', a space and the side to move (v or h)"));
        };
        let to_move = match side.to_ascii_lowercase().as_str() {
            "v" => Side::Vertical,
            "h" => Side::Horizontal,
            _ => return Err(bad("the side to move is v or h")),
        };
        let lines: Vec<&str> = board.split('/').collect();
        if lines.len() != self.rows() || lines.iter().any(|l| l.chars().count() != self.cols()) {
            return Err(bad("the board does not have this game's number of rows and columns"));
        }
        let (mut vertical, mut horizontal) = ([0u16; 16], [0u16; 16]);
        for (i, line) in lines.iter().enumerate() {
            let row = self.rows() - 1 - i;
            for (col, ch) in line.chars().enumerate() {
                match ch.to_ascii_lowercase() {
                    'v' => vertical[row] |= 1 << col,
                    'h' => horizontal[row] |= 1 << col,
                    '.' => {}
                    _ => return Err(bad("cells are '.', v or h")),
                }
            }
        }
        let game = self.with_cells(vertical, horizontal, to_move);
        game.validate().map_err(|fault| ParseError::Impossible { text: text.to_owned(), fault })?;
        Ok(game)
    }
}

impl fmt::Display for Domineering {
    /// The board as a person reads it: the top row first, a horizontal domino drawn `H=H`, a
    /// vertical one as two `V` in a column, empty cells `.`, column letters below.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.rows()).rev() {
            write!(f, "{:>2} ", row + 1)?;
            // Horizontal cells pair up from the left of each run.
            let mut open_h = false;
            for col in 0..self.cols() {
                let cell = self.cell(row, col);
                let sep = if open_h { '=' } else { ' ' };
                open_h = cell == Some(Side::Horizontal) && !open_h;
                let mark = match cell {
                    Some(side) => side.letter(),
                    None => '.',
                };
                write!(f, "{sep}{mark}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for col in 0..self.cols() {
            write!(f, " {}", char::from(b'a' + col as u8))?;
        }
        Ok(())
    }
}
