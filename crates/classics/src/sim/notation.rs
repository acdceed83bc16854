//! Text for Sim: an edge is two points, `1-2` (also `12`, `2-1`); a position is the 15 edges in order (`r`, `b` or
//! `.`, from 1-2 to 5-6) and the side to move: `rb............. r`.

use hamle_core::Notation;

use super::rules::{EDGES, Edge, Sim, edge_between, has_triangle};

/// Why a text is not a move or a position of Sim.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not two different points from 1 to 6.
    #[error("'{0}' is not an edge: write two different points from 1 to 6, like 1-4")]
    BadEdge(String),
    /// A position that does not read or cannot be.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}

impl Notation for Sim {
    type Error = ParseError;

    fn format_move(&self, edge: Edge) -> String {
        let (a, b) = EDGES[usize::from(edge) % 15];
        format!("{}-{}", a + 1, b + 1)
    }

    fn parse_move(&self, text: &str) -> Result<Edge, ParseError> {
        let bad = || ParseError::BadEdge(text.to_owned());
        let digits: Vec<u8> = text.trim().bytes().filter(|&c| c != b'-').collect();
        match digits.as_slice() {
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] if a != b && text.trim().len() <= 3 => {
                Ok(edge_between(a - b'1', b - b'1'))
            }
            _ => Err(bad()),
        }
    }

    fn format_position(&self) -> String {
        let edges: String = (0..15)
            .map(|e| {
                if self.coloured(0) & (1 << e) != 0 {
                    'r'
                } else if self.coloured(1) & (1 << e) != 0 {
                    'b'
                } else {
                    '.'
                }
            })
            .collect();
        format!("{edges} {}", ['r', 'b'][usize::from(self.to_move())])
    }

    fn parse_position(&self, text: &str) -> Result<Sim, ParseError> {
        let bad = |why| ParseError::BadPosition { text: text.to_owned(), why };
        let (edges, side) =
            text.trim().split_once(' ').ok_or_else(|| bad("write 15 edges (r, b or .) and the side to move"))?;
        if edges.chars().count() != 15 {
            return Err(bad("give exactly 15 edges"));
        }
        let mut coloured = [0u16; 2];
        for (e, c) in edges.chars().enumerate() {
            match c {
                'r' => coloured[0] |= 1 << e,
                'b' => coloured[1] |= 1 << e,
                '.' => {}
                _ => return Err(bad("an edge is r, b or .")),
            }
        }
        let to_move = match side.trim() {
            "r" => 0,
            "b" => 1,
            _ => return Err(bad("the side to move is r or b")),
        };
        let (red, blue) = (coloured[0].count_ones(), coloured[1].count_ones());
        let expected = if red == blue { 0 } else { 1 };
        if red != blue && red != blue + 1 {
            return Err(bad("red moves first: red has as many edges as blue or one more"));
        }
        if to_move != expected {
            return Err(bad("that side is not the one to move with these edges"));
        }
        // Only the side that moved last can have a triangle: the game ends with it.
        if has_triangle(coloured[usize::from(to_move)]) {
            return Err(bad("the side to move already has a triangle, so the game ended before"));
        }
        Ok(Sim::with(coloured, to_move))
    }
}
