//! Text for the knight's tour: squares as in chess ([`crate::square`]), a move is the square the knight goes to,
//! and a position is `SIDE open|closed: SQUARE SQUARE …` (the squares visited, in order).

use hamle_core::{Game, Notation};

use super::rules::KnightsTour;
use crate::square::{BadSquare, parse_square, square_name};

/// Why a text is not a square, a move or a position.
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

impl Notation for KnightsTour {
    type Error = ParseError;

    fn format_move(&self, mv: u16) -> String {
        square_name(self.n(), usize::from(mv))
    }

    fn parse_move(&self, text: &str) -> Result<u16, ParseError> {
        Ok(parse_square(self.n(), text)? as u16)
    }

    fn format_position(&self) -> String {
        let squares: Vec<String> = self.path().iter().map(|&s| square_name(self.n(), s)).collect();
        format!("{} {}: {}", self.n(), if self.closed() { "closed" } else { "open" }, squares.join(" "))
            .trim_end()
            .to_owned()
    }

    fn parse_position(&self, text: &str) -> Result<KnightsTour, ParseError> {
        let bad = |why: String| ParseError::BadPosition { text: text.to_owned(), why };
        let (head, squares) = text.split_once(':').ok_or_else(|| bad("write SIDE open|closed: SQUARES".into()))?;
        let mut words = head.split_whitespace();
        let n: usize =
            words.next().and_then(|w| w.parse().ok()).ok_or_else(|| bad("the side is not a number".into()))?;
        let closed = match words.next() {
            Some("open") => false,
            Some("closed") => true,
            _ => return Err(bad("say open or closed after the side".into())),
        };
        if words.next().is_some() {
            return Err(bad("only the side and open or closed come before the colon".into()));
        }
        let mut game = KnightsTour::new(n, closed).map_err(bad)?;
        let mut moves = Vec::new();
        for word in squares.split_whitespace() {
            let s = parse_square(n, word).map_err(|e| bad(e.to_string()))? as u16;
            game.legal_moves(&mut moves);
            if !moves.contains(&s) {
                return Err(bad(format!("the knight cannot go to {word} there")));
            }
            game.play(s);
        }
        Ok(game)
    }
}
