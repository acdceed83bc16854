//! Text for 2048: moves are `left`, `up`, `right`, `down` (or `l u r d`, or `a w d s`); a position is
//! its four rows from the top, the score and the tiles due, e.g. `2,.,.,./.,.,.,./.,.,4,./.,.,.,. 0 0`.
//!
//! A row is four cells separated by commas, `.` for an empty cell and the tile's value otherwise. A
//! fourth word, `65536`, marks a game ended by the one tile the board cannot hold.

use std::fmt;

use hamle_core::{Msg, Notation};
use hamle_l10n::Lang;

use crate::board::{Board, Direction};
use crate::rules::{G2048, MAX_RECORDED, PositionFault};

/// Why a text is not a 2048 move or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not one of the four moves.
    #[error("'{0}' is not a move: write left, up, right or down (or l/u/r/d, a/w/d/s)")]
    BadMove(String),
    /// The position's shape is wrong.
    #[error("a position is four rows of four cells, the score and the tiles due: {0}")]
    BadShape(String),
    /// A cell is neither `.` nor a power of two from 2 to 32768.
    #[error("'{0}' is not a tile: a tile is a power of two from 2 to 32768, or '.' for an empty cell")]
    BadTile(String),
    /// The score or the count of tiles due is not a number in range.
    #[error("{0}")]
    BadNumber(String),
    /// The text reads but play cannot reach it ([`G2048::validate`]).
    #[error("impossible position: {0}")]
    Impossible(PositionFault),
}

// Not `#[from]`: that would make the fault the error's source too, and reports that print the chain
// (anyhow's `{:#}`) would name it twice.
impl From<PositionFault> for NotationError {
    fn from(fault: PositionFault) -> Self {
        NotationError::Impossible(fault)
    }
}

/// Reads a move name.
///
/// # Errors
/// [`NotationError::BadMove`] when `text` names no move.
pub fn parse_direction(text: &str) -> Result<Direction, NotationError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "left" | "l" | "a" => Ok(Direction::Left),
        "up" | "u" | "w" => Ok(Direction::Up),
        "right" | "r" | "d" => Ok(Direction::Right),
        "down" | "s" => Ok(Direction::Down),
        _ => Err(NotationError::BadMove(text.to_owned())),
    }
}

fn parse_tile(text: &str) -> Result<u8, NotationError> {
    if text == "." {
        return Ok(0);
    }
    let value: u32 = text.parse().map_err(|_| NotationError::BadTile(text.to_owned()))?;
    if value.is_power_of_two() && (2..=32768).contains(&value) {
        Ok(value.trailing_zeros() as u8)
    } else {
        Err(NotationError::BadTile(text.to_owned()))
    }
}

/// Reads a board from its four rows, `2,.,.,./…`.
///
/// # Errors
/// When the text is not four rows of four tiles.
pub fn parse_board(text: &str) -> Result<Board, NotationError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 4 {
        return Err(NotationError::BadShape(format!("'{text}' has {} rows", rows.len())));
    }
    let mut exponents = [[0; 4]; 4];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<&str> = row.split(',').map(str::trim).collect();
        if cells.len() != 4 {
            return Err(NotationError::BadShape(format!("row {} ('{row}') has {} cells", r + 1, cells.len())));
        }
        for (c, cell) in cells.iter().enumerate() {
            exponents[r][c] = parse_tile(cell)?;
        }
    }
    Ok(Board::from_exponents(exponents))
}

/// Writes a board as its four rows, `2,.,.,./…`.
pub fn format_board(board: Board) -> String {
    let rows: Vec<String> = board
        .exponents()
        .iter()
        .map(|row| {
            let cells: Vec<String> =
                row.iter().map(|&e| if e == 0 { ".".to_owned() } else { (1u32 << e).to_string() }).collect();
            cells.join(",")
        })
        .collect();
    rows.join("/")
}

impl Notation for G2048 {
    type Error = NotationError;

    fn format_move(&self, mv: Direction) -> String {
        mv.name().to_owned()
    }

    fn parse_move(&self, text: &str) -> Result<Direction, NotationError> {
        parse_direction(text)
    }

    fn format_position(&self) -> String {
        let mut text = format!("{} {} {}", format_board(self.board()), self.score(), self.pending_tiles());
        if self.top_exponent() >= MAX_RECORDED {
            text.push_str(" 65536");
        }
        text
    }

    fn parse_position(&self, text: &str) -> Result<G2048, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (board, score, due, won) = match words.as_slice() {
            [board, score, due] => (board, score, due, false),
            [board, score, due, "65536"] => (board, score, due, true),
            _ => return Err(NotationError::BadShape(format!("'{text}' is not 'rows score due'"))),
        };
        let board = parse_board(board)?;
        let score: u64 =
            score.parse().map_err(|_| NotationError::BadNumber(format!("'{score}' is not a score (0 or more)")))?;
        let due: u8 = match *due {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            other => return Err(NotationError::BadNumber(format!("'{other}' tiles due: 0, 1 or 2"))),
        };
        let game = G2048::restore(board, score, self.rule(), due, won);
        game.validate()?;
        Ok(game)
    }
}

impl fmt::Display for G2048 {
    /// The board in English: see [`G2048::board_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text(Lang::En))
    }
}

impl G2048 {
    /// The tiles in a grid, then the score and the moves made, in `lang`.
    pub fn board_text(&self, lang: Lang) -> String {
        let line = "+------+------+------+------+";
        let mut out = format!("{line}\n");
        for row in self.board().exponents() {
            for e in row {
                out.push_str(&if e == 0 { "|      ".to_owned() } else { format!("|{:^6}", 1u32 << e) });
            }
            out.push_str(&format!("|\n{line}\n"));
        }
        let status = Msg::new("g2048-board-status")
            .arg("score", self.score().to_string())
            .arg("moves", self.moves().to_string());
        out + &hamle_l10n::render(lang, &status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_outside_the_board_are_refused() {
        for bad in ["3", "1", "65536", "0", "-2", "x", ""] {
            assert!(parse_tile(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_tile("32768"), Ok(15));
    }
}
