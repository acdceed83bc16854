//! Text for Grundy's game: a move is `7=5+2` (the heap of 7 split into 5 and 2; `5+2` alone says the same), a
//! position is the heaps and the player to move, `7 5 3 / 1` (player 1 first, 2 second).

use hamle_core::Notation;

use super::rules::{Grundy, MAX_HEAP, Move};

/// Why a text is not a move or a position of Grundy's game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A move that does not read.
    #[error("'{0}' is not a move: write the heap and its two unequal parts, like 7=5+2")]
    BadMove(String),
    /// A move whose parts do not add up to the heap, are equal or empty.
    #[error("'{0}' does not split a heap into two unequal, non-empty heaps")]
    BadSplit(String),
    /// A position that does not read or cannot be.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: String,
    },
}

fn number(text: &str) -> Option<u32> {
    let text = text.trim();
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

impl Notation for Grundy {
    type Error = ParseError;

    fn format_move(&self, mv: Move) -> String {
        format!("{}={}+{}", mv.heap, mv.heap - mv.smaller, mv.smaller)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::BadMove(text.to_owned());
        let (heap, parts) = match text.split_once('=') {
            Some((heap, parts)) => (Some(number(heap).ok_or_else(bad)?), parts),
            None => (None, text),
        };
        let (a, b) = parts.split_once('+').ok_or_else(bad)?;
        let (a, b) = (number(a).ok_or_else(bad)?, number(b).ok_or_else(bad)?);
        let total = a.checked_add(b).ok_or_else(bad)?;
        if a == 0 || b == 0 || a == b || heap.is_some_and(|h| h != total) || total > MAX_HEAP {
            return Err(ParseError::BadSplit(text.to_owned()));
        }
        Ok(Move { heap: total, smaller: a.min(b) })
    }

    fn format_position(&self) -> String {
        let heaps: Vec<String> = self.heaps().iter().map(u32::to_string).collect();
        format!("{} / {}", heaps.join(" "), self.to_move() + 1)
    }

    fn parse_position(&self, text: &str) -> Result<Grundy, ParseError> {
        let bad = |why: &str| ParseError::BadPosition { text: text.to_owned(), why: why.to_owned() };
        let (heaps, player) =
            text.split_once('/').ok_or_else(|| bad("write the heaps, a slash and the player to move"))?;
        let heaps: Vec<u32> =
            heaps.split_whitespace().map(number).collect::<Option<_>>().ok_or_else(|| bad("a heap is not a number"))?;
        let to_move = match player.trim() {
            "1" => 0,
            "2" => 1,
            _ => return Err(bad("the player to move is 1 or 2")),
        };
        if heaps.is_empty() || heaps.len() > 64 {
            return Err(bad("give from 1 to 64 heaps"));
        }
        if heaps.iter().any(|&h| h == 0 || h > MAX_HEAP) {
            return Err(bad("a heap holds from 1 to 1000 counters"));
        }
        Ok(Grundy::with(heaps, to_move))
    }
}
