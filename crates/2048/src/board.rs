//! The 4×4 board in one `u64`: sixteen 4-bit exponents, and the row tables that slide it.
//!
//! Cell (row `r`, column `c`) is the nibble at bits `16r + 4c`; row 0 is the top row and column 0 the
//! left one. A nibble holds 0 for an empty cell and `e` for the tile 2^e, so the largest tile a board
//! holds is 2^15 = 32768 (see [`Slide::overflow`] for the merge of two of them).

use std::sync::LazyLock;

/// One of the four moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Tiles slide toward column 0.
    Left,
    /// Tiles slide toward row 0.
    Up,
    /// Tiles slide toward column 3.
    Right,
    /// Tiles slide toward row 3.
    Down,
}

impl Direction {
    /// The four moves in the order the seed's report writes them ("LURD").
    pub const ALL: [Direction; 4] = [Direction::Left, Direction::Up, Direction::Right, Direction::Down];

    /// The move's name: `left`, `up`, `right`, `down`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Down => "down",
        }
    }
}

/// What a move did to a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The board after the move (before any new tile).
    pub board: Board,
    /// The points the move scored: the sum of the merged tiles, as the original game counts them.
    pub score: u32,
    /// Whether two 32768 tiles merged: the 65536 tile does not fit in a nibble, so the board keeps
    /// one 32768 in its place and the caller records the 65536.
    pub overflow: bool,
}

/// A 4×4 board of tile exponents.
///
/// ```
/// use hamle_2048::{Board, Direction};
/// let board = Board::from_exponents([[1, 1, 2, 0], [0; 4], [0; 4], [0; 4]]);
/// let slide = board.slide(Direction::Left);
/// assert_eq!(slide.board.exponents()[0], [2, 2, 0, 0]);
/// assert_eq!(slide.score, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board(u64);

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board(0);

    /// The board whose nibbles are `bits` (cell (r, c) at bits `16r + 4c`).
    pub const fn from_bits(bits: u64) -> Board {
        Board(bits)
    }

    /// The raw nibbles.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A board from exponents row by row (0 empty, `e` for 2^e); exponents above 15 are cut to 15.
    pub fn from_exponents(rows: [[u8; 4]; 4]) -> Board {
        let mut bits = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, &e) in row.iter().enumerate() {
                bits |= u64::from(e.min(15)) << (16 * r + 4 * c);
            }
        }
        Board(bits)
    }

    /// The exponents row by row.
    pub fn exponents(self) -> [[u8; 4]; 4] {
        let mut rows = [[0; 4]; 4];
        for (r, row) in rows.iter_mut().enumerate() {
            for (c, e) in row.iter_mut().enumerate() {
                *e = self.get(r, c);
            }
        }
        rows
    }

    /// The exponent at row `r`, column `c` (0 when empty); both below 4.
    pub fn get(self, r: usize, c: usize) -> u8 {
        ((self.0 >> (16 * r + 4 * c)) & 0xF) as u8
    }

    /// The exponent at cell `i` = 4r + c.
    pub fn cell(self, i: usize) -> u8 {
        ((self.0 >> (4 * i)) & 0xF) as u8
    }

    /// The board with cell `i` = 4r + c set to exponent `e` (at most 15).
    pub fn with_cell(self, i: usize, e: u8) -> Board {
        let shift = 4 * i;
        Board((self.0 & !(0xF << shift)) | (u64::from(e & 0xF) << shift))
    }

    /// Row `r` as 16 bits, column 0 in the low nibble.
    pub fn row(self, r: usize) -> u16 {
        (self.0 >> (16 * r)) as u16
    }

    /// How many cells are empty.
    pub fn empty_count(self) -> u32 {
        self.empty_mask().count_ones()
    }

    /// Bit `4i` set for each empty cell `i`: iterate with `trailing_zeros`.
    pub fn empty_mask(self) -> u64 {
        // Fold each nibble onto its low bit: the bit is 0 exactly for an empty cell.
        let mut x = self.0;
        x |= (x >> 2) & 0x3333_3333_3333_3333;
        x |= x >> 1;
        !x & 0x1111_1111_1111_1111
    }

    /// The largest exponent on the board (0 when empty).
    pub fn max_exponent(self) -> u8 {
        (0..16).map(|i| self.cell(i)).max().unwrap_or(0)
    }

    /// The sum of the tiles' values.
    pub fn tile_sum(self) -> u64 {
        (0..16).map(|i| self.cell(i)).filter(|&e| e > 0).map(|e| 1u64 << e).sum()
    }

    /// How many different tile values are on the board.
    pub fn distinct_tiles(self) -> u32 {
        let mut seen = 0u32;
        for i in 0..16 {
            seen |= 1 << self.cell(i);
        }
        (seen & !1).count_ones()
    }

    /// The set of tiles on the board as one number: the sum of the distinct tile values present (bit `e` for a
    /// tile 2^e). A multistage network compares it with its stages' thresholds, as TDL2048+ does: at least 16384
    /// holds a tile of 16384 or more; at least 24576 (16384 + 8192) a 16384 beside an 8192, or a larger tile.
    pub fn tile_set(self) -> u32 {
        (0..16).fold(0u32, |set, i| set | (1 << self.cell(i))) & !1
    }

    /// The board a player reads once its largest tile is `threshold` (an exponent) or more: tile-downgrading
    /// (Yeh et al. 2016; Guei et al. 2021). While the largest tile is that big and some smaller value is
    /// missing, every tile above the highest missing value steps down one into it. Equal tiles stay equal and
    /// unequal ones keep their order, so the same moves are legal and merge the same tiles: the player chooses
    /// on a board like those its network learned from, and plays the move on the real one. (Deeper in a search
    /// the two may part: a merge can make a missing value that a larger tile has stepped into.)
    ///
    /// ```
    /// use hamle_2048::Board;
    /// // 32768 beside 8192 and 4096, no 16384: the 32768 is read as a 16384.
    /// let board = Board::from_exponents([[15, 13, 12, 1], [0; 4], [0; 4], [0; 4]]);
    /// assert_eq!(board.downgraded(15).exponents()[0], [14, 13, 12, 1]);
    /// assert_eq!(board.downgraded(16), board, "no tile reaches the threshold");
    /// ```
    pub fn downgraded(self, threshold: u8) -> Board {
        let mut board = self;
        loop {
            let present = board.tile_set();
            let top = 31 - present.leading_zeros();
            if present == 0 || top < u32::from(threshold) {
                return board;
            }
            let missing = !present & ((1 << top) - 1) & !1;
            if missing == 0 {
                return board;
            }
            let hole = (31 - missing.leading_zeros()) as u8;
            board = Board(
                (0..16)
                    .map(|i| (i, board.cell(i)))
                    .fold(0, |bits, (i, e)| bits | (u64::from(if e > hole { e - 1 } else { e }) << (4 * i))),
            );
        }
    }

    /// The board mirrored in its main diagonal: rows become columns.
    pub fn transpose(self) -> Board {
        let x = self.0;
        let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
        let a2 = x & 0x0000_F0F0_0000_F0F0;
        let a3 = x & 0x0F0F_0000_0F0F_0000;
        let a = a1 | (a2 << 12) | (a3 >> 12);
        let b1 = a & 0xFF00_FF00_00FF_00FF;
        let b2 = a & 0x00FF_00FF_0000_0000;
        let b3 = a & 0x0000_0000_FF00_FF00;
        Board(b1 | (b2 >> 24) | (b3 << 24))
    }

    /// The board after `direction`, without scoring: the searches' fast path.
    pub fn shifted(self, direction: Direction) -> Board {
        let t = tables();
        match direction {
            Direction::Left => self.map_rows(&t.left),
            Direction::Right => self.map_rows(&t.right),
            Direction::Up => self.transpose().map_rows(&t.left).transpose(),
            Direction::Down => self.transpose().map_rows(&t.right).transpose(),
        }
    }

    /// The boards after each move in [`Direction::ALL`]'s order (left, up, right, down), without scoring,
    /// sharing one transpose: what a search's move node needs.
    pub fn shifted_all(self) -> [Board; 4] {
        let t = tables();
        let turned = self.transpose();
        [
            self.map_rows(&t.left),
            turned.map_rows(&t.left).transpose(),
            self.map_rows(&t.right),
            turned.map_rows(&t.right).transpose(),
        ]
    }

    /// The board after `direction`, with the points scored; the board is unchanged when the move is illegal.
    pub fn slide(self, direction: Direction) -> Slide {
        let t = tables();
        let lines = match direction {
            Direction::Left | Direction::Right => self,
            Direction::Up | Direction::Down => self.transpose(),
        };
        let toward_start = matches!(direction, Direction::Left | Direction::Up);
        let mut score = 0;
        let mut overflow = false;
        for r in 0..4 {
            let row = lines.row(r);
            let key = if toward_start { row } else { reverse_row(row) };
            score += t.left_score[usize::from(key)];
            overflow |= t.left_overflow[usize::from(key)];
        }
        Slide { board: self.shifted(direction), score, overflow }
    }

    /// Whether `direction` changes the board (only such moves are legal).
    pub fn can_move(self, direction: Direction) -> bool {
        self.shifted(direction) != self
    }

    fn map_rows(self, table: &[u16]) -> Board {
        let mut out = 0;
        for r in 0..4 {
            out |= u64::from(table[usize::from(self.row(r))]) << (16 * r);
        }
        Board(out)
    }
}

/// The four nibbles of a row in the other order.
pub(crate) fn reverse_row(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) | (row << 12)
}

/// A row slid toward column 0: the new row, the points, and whether two 32768s met.
fn slide_row_left(row: u16) -> (u16, u32, bool) {
    let tiles: Vec<u8> = (0..4).map(|c| ((row >> (4 * c)) & 0xF) as u8).filter(|&e| e != 0).collect();
    let mut out = Vec::with_capacity(4);
    let (mut score, mut overflow) = (0, false);
    let mut i = 0;
    while i < tiles.len() {
        // A tile merges once per move: after a merge the scan skips both tiles.
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
            let merged = tiles[i] + 1;
            score += 1u32 << merged;
            overflow |= merged > 15;
            out.push(merged.min(15));
            i += 2;
        } else {
            out.push(tiles[i]);
            i += 1;
        }
    }
    let packed = out.iter().enumerate().fold(0u16, |acc, (c, &e)| acc | (u16::from(e) << (4 * c)));
    (packed, score, overflow)
}

struct Tables {
    left: Vec<u16>,
    right: Vec<u16>,
    left_score: Vec<u32>,
    left_overflow: Vec<bool>,
}

fn tables() -> &'static Tables {
    static TABLES: LazyLock<Tables> = LazyLock::new(|| {
        let mut t = Tables {
            left: vec![0; 1 << 16],
            right: vec![0; 1 << 16],
            left_score: vec![0; 1 << 16],
            left_overflow: vec![false; 1 << 16],
        };
        for row in 0..=u16::MAX {
            let (moved, score, overflow) = slide_row_left(row);
            let i = usize::from(row);
            t.left[i] = moved;
            t.left_score[i] = score;
            t.left_overflow[i] = overflow;
            t.right[usize::from(reverse_row(row))] = reverse_row(moved);
        }
        t
    });
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_transpose(b: Board) -> Board {
        let e = b.exponents();
        let mut t = [[0; 4]; 4];
        for r in 0..4 {
            for c in 0..4 {
                t[c][r] = e[r][c];
            }
        }
        Board::from_exponents(t)
    }

    #[test]
    fn transpose_matches_the_definition() {
        let mut x = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..1000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let b = Board::from_bits(x);
            assert_eq!(b.transpose(), naive_transpose(b));
            assert_eq!(b.transpose().transpose(), b);
        }
    }

    #[test]
    fn shifted_all_is_each_move_in_order() {
        let mut x = 0x0FED_CBA9_8765_4321u64;
        for _ in 0..1000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let b = Board::from_bits(x & 0x3333_3333_3333_3333);
            assert_eq!(b.shifted_all(), Direction::ALL.map(|d| b.shifted(d)), "{b:?}");
        }
    }

    #[test]
    fn empty_count_and_mask_agree() {
        let b = Board::from_exponents([[0, 1, 0, 15], [2, 0, 0, 0], [0; 4], [1, 1, 1, 1]]);
        assert_eq!(b.empty_count(), 9);
        assert_eq!(b.empty_mask().count_ones(), 9);
        assert_eq!(b.empty_mask() & 1, 1, "cell 0 is empty");
    }
}
