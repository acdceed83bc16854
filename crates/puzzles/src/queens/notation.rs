//! Text for N queens: squares as in chess ([`crate::square`], `a1` at the bottom left), a move is the square a queen goes on, and a
//! position is `SIDE: SQUARE SQUARE …` (the queens in the order placed).

use hamle_core::{Game, Notation};

use super::rules::Queens;
use crate::square::{BadSquare, parse_square, square_name};

/// Why a text is not a move or a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A square that is not on the board.
    #[error(transparent)]
    BadSquare(#[from] BadSquare),
    /// A position text that is malformed or could not have been played.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: String,
    },
}

impl Notation for Queens {
    type Error = ParseError;

    fn format_move(&self, mv: u16) -> String {
        square_name(self.n(), usize::from(mv))
    }

    fn parse_move(&self, text: &str) -> Result<u16, ParseError> {
        Ok(parse_square(self.n(), text)? as u16)
    }

    fn format_position(&self) -> String {
        let squares: Vec<String> = self.placed().iter().map(|&s| square_name(self.n(), s)).collect();
        format!("{}: {}", self.n(), squares.join(" ")).trim_end().to_owned()
    }

    fn parse_position(&self, text: &str) -> Result<Queens, ParseError> {
        let bad = |why: String| ParseError::BadPosition { text: text.to_owned(), why };
        let (head, squares) = text.split_once(':').ok_or_else(|| bad("write SIDE: SQUARES".into()))?;
        let n: usize = head.trim().parse().map_err(|_| bad("the side is not a number".into()))?;
        let mut game = Queens::new(n).map_err(bad)?;
        let mut moves = Vec::new();
        for word in squares.split_whitespace() {
            let s = parse_square(n, word).map_err(|e| bad(e.to_string()))? as u16;
            game.legal_moves(&mut moves);
            if !moves.contains(&s) {
                return Err(bad(format!("a queen already attacks {word}")));
            }
            game.play(s);
        }
        Ok(game)
    }
}
