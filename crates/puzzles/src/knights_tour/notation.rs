//! Text for the knight's tour: squares as in chess (`a1` at the bottom left, files a…p), a move is the square
//! the knight goes to, and a position is `SIDE open|closed: SQUARE SQUARE …` (the squares visited, in order).

use hamle_core::{Game, Notation};

use super::rules::KnightsTour;

/// The largest board whose files have letters, a to z.
const MAX_LETTERED: usize = 26;

/// Why a text is not a square, a move or a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A square that is not on the board.
    #[error("'{text}' is not a square of the {n}×{n} board: write a file a..{last_file} and a rank 1..{n}, like c3")]
    BadSquare {
        /// The text given.
        text: String,
        /// The board's side.
        n: usize,
        /// The last file's letter.
        last_file: char,
    },
    /// A position text that is malformed or could not have been played.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: String,
    },
}

/// The name of square `s` (numbered row by row from the top left) on an N×N board: `a8` is 0 on 8×8.
pub fn square_name(n: usize, s: usize) -> String {
    let file = char::from(b'a' + (s % n) as u8);
    format!("{file}{}", n - s / n)
}

/// Reads a square name such as `c3` (either case) on an N×N board.
///
/// # Errors
/// [`ParseError::BadSquare`] for anything that is not a square of the board.
pub fn parse_square(n: usize, text: &str) -> Result<usize, ParseError> {
    let bad = || ParseError::BadSquare { text: text.to_owned(), n, last_file: char::from(b'a' + (n.max(1) - 1) as u8) };
    let lower = text.trim().to_ascii_lowercase();
    let (file, digits) = lower.split_at_checked(1).ok_or_else(bad)?;
    let file = file.bytes().next().filter(u8::is_ascii_lowercase).ok_or_else(bad)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let rank: usize = digits.parse().map_err(|_| bad())?;
    let col = usize::from(file - b'a');
    if n > MAX_LETTERED || col >= n || !(1..=n).contains(&rank) {
        return Err(bad());
    }
    Ok((n - rank) * n + col)
}

impl Notation for KnightsTour {
    type Error = ParseError;

    fn format_move(&self, mv: u16) -> String {
        square_name(self.n(), usize::from(mv))
    }

    fn parse_move(&self, text: &str) -> Result<u16, ParseError> {
        parse_square(self.n(), text).map(|s| s as u16)
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
