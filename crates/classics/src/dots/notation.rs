//! Text for Dots and Boxes. Dots are named as chess squares: the letter is the column from the left, the number
//! the row of dots from the bottom (`a1` the bottom-left dot). A line joins two neighbouring dots: `a1-b1`
//! (either order). A position is `RxC`, the side to move (`r` or `b`), the lines drawn as a string of `0` and `1`
//! in line order, and each box's owner row by row from the top (`r`, `b` or `.`): `2x2 r 000000000000 ....`.

use hamle_core::Notation;

use super::rules::{Dots, MAX_SIDE, box_lines};

/// Why a text is not a line or a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not two neighbouring dots of the board.
    #[error(
        "'{text}' is not a line of this board: write two neighbouring dots, like a1-b1 (columns a..{last_col}, rows 1..{last_row})"
    )]
    BadLine {
        /// The text given.
        text: String,
        /// The last column's letter.
        last_col: char,
        /// The last row of dots.
        last_row: usize,
    },
    /// A position that does not read or cannot be.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}

/// A dot `(row from the top, column)` by name.
fn dot_name(rows: usize, (row, col): (usize, usize)) -> String {
    format!("{}{}", char::from(b'a' + col as u8), rows + 1 - row)
}

fn parse_dot(rows: usize, cols: usize, text: &str) -> Option<(usize, usize)> {
    let text = text.trim().to_ascii_lowercase();
    let (letter, digits) = text.split_at_checked(1)?;
    let col = usize::from(letter.bytes().next()?.checked_sub(b'a')?);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: usize = digits.parse().ok()?;
    (col <= cols && (1..=rows + 1).contains(&number)).then(|| (rows + 1 - number, col))
}

impl Notation for Dots {
    type Error = ParseError;

    fn format_move(&self, line: u8) -> String {
        let (rows, cols) = (self.rows(), self.cols());
        let line = usize::from(line);
        let horizontal = (rows + 1) * cols;
        let (a, b) = if line < horizontal {
            let (r, c) = (line / cols, line % cols);
            ((r, c), (r, c + 1))
        } else {
            let v = line - horizontal;
            let (r, c) = (v / (cols + 1), v % (cols + 1));
            // The lower dot first.
            ((r + 1, c), (r, c))
        };
        format!("{}-{}", dot_name(rows, a), dot_name(rows, b))
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        let (rows, cols) = (self.rows(), self.cols());
        let bad = || ParseError::BadLine {
            text: text.to_owned(),
            last_col: char::from(b'a' + cols as u8),
            last_row: rows + 1,
        };
        let (a, b) = text.split_once('-').ok_or_else(bad)?;
        let (a, b) = (parse_dot(rows, cols, a).ok_or_else(bad)?, parse_dot(rows, cols, b).ok_or_else(bad)?);
        let ((r1, c1), (r2, c2)) = (a.min(b), a.max(b));
        let horizontal = (rows + 1) * cols;
        let line = if r1 == r2 && c2 == c1 + 1 {
            r1 * cols + c1
        } else if c1 == c2 && r2 == r1 + 1 {
            horizontal + r1 * (cols + 1) + c1
        } else {
            return Err(bad());
        };
        Ok(line as u8)
    }

    fn format_position(&self) -> String {
        let lines: String = (0..self.lines()).map(|l| if self.drawn() >> l & 1 == 1 { '1' } else { '0' }).collect();
        let owners: String = (0..self.rows())
            .flat_map(|r| (0..self.cols()).map(move |c| (r, c)))
            .map(|(r, c)| match self.owner(r, c) {
                Some(0) => 'r',
                Some(_) => 'b',
                None => '.',
            })
            .collect();
        format!("{}x{} {} {lines} {owners}", self.rows(), self.cols(), ['r', 'b'][usize::from(self.to_move())])
    }

    fn parse_position(&self, text: &str) -> Result<Dots, ParseError> {
        let bad = |why| ParseError::BadPosition { text: text.to_owned(), why };
        let words: Vec<&str> = text.split_whitespace().collect();
        let [size, side, lines, owners] = words.as_slice() else {
            return Err(bad("write the size, the side to move, the lines and the owners: 2x2 r 000000000000 ...."));
        };
        let (rows, cols) = size.split_once('x').ok_or_else(|| bad("the size is ROWSxCOLS"))?;
        let (rows, cols): (usize, usize) = match (rows.parse(), cols.parse()) {
            (Ok(r), Ok(c)) if (1..=MAX_SIDE).contains(&r) && (1..=MAX_SIDE).contains(&c) => (r, c),
            _ => return Err(bad("each side is from 1 to 6 boxes")),
        };
        let to_move = match *side {
            "r" => 0,
            "b" => 1,
            _ => return Err(bad("the side to move is r or b")),
        };
        let count = super::rules::lines(rows, cols);
        if lines.len() != count || !lines.bytes().all(|b| b == b'0' || b == b'1') {
            return Err(bad("give one 0 or 1 for each line of the board"));
        }
        let drawn = lines.bytes().enumerate().filter(|&(_, b)| b == b'1').fold(0u128, |m, (i, _)| m | 1 << i);
        if owners.len() != rows * cols {
            return Err(bad("give one owner (r, b or .) for each box"));
        }
        let mut owned = [0u64; 2];
        for (i, o) in owners.bytes().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let complete = box_lines(rows, cols, r, c).iter().all(|&l| drawn >> l & 1 == 1);
            match (o, complete) {
                (b'r', true) => owned[0] |= 1 << i,
                (b'b', true) => owned[1] |= 1 << i,
                (b'.', false) => {}
                (b'r' | b'b' | b'.', _) => return Err(bad("a box has an owner exactly when its four sides are drawn")),
                _ => return Err(bad("an owner is r, b or .")),
            }
        }
        Ok(Dots::with(rows, cols, drawn, owned, to_move))
    }
}
