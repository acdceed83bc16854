//! The squares of both puzzles' boards: numbered `0..N²` row by row from the top left (`usize`), named by people
//! as in chess, `a1` at the bottom left, files a…p. Knows no puzzle.

/// The largest board whose files have letters, a to z.
const MAX_LETTERED: usize = 26;

/// A text that is not a square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a square of the {n}×{n} board: write a file a..{last_file} and a rank 1..{n}, like c3")]
pub struct BadSquare {
    /// The text given.
    pub text: String,
    /// The board's side.
    pub n: usize,
    /// The last file's letter.
    pub last_file: char,
}

/// The letter of file `col`, counted from 0 at the left: `a` for 0.
pub fn file_letter(col: usize) -> char {
    char::from(b'a' + col as u8)
}

/// The name of square `s` on an N×N board: `a8` is 0 on 8×8.
pub fn square_name(n: usize, s: usize) -> String {
    format!("{}{}", file_letter(s % n), n - s / n)
}

/// Reads a square name such as `c3` (either case) on an N×N board.
///
/// # Errors
/// [`BadSquare`] for anything that is not a square of the board.
pub fn parse_square(n: usize, text: &str) -> Result<usize, BadSquare> {
    let bad = || BadSquare { text: text.to_owned(), n, last_file: file_letter(n.max(1) - 1) };
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
