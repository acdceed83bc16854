//! The rules: an R×C board, Vertical places 2×1 dominoes down a column, Horizontal 1×2 dominoes
//! along a row, no overlap; the side that cannot place on its turn loses.

use hamle_core::stream::mix64;
use hamle_core::{Game, GameInfo, Player, Turn};

/// The most rows and the most columns a board may have.
pub const MAX_SIDE: u8 = 16;

/// One of the two sides; which one moves first is a setting of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Places dominoes that cover two cells of one column.
    Vertical,
    /// Places dominoes that cover two cells of one row.
    Horizontal,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Vertical => Side::Horizontal,
            Side::Horizontal => Side::Vertical,
        }
    }

    /// `vertical` or `horizontal`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Vertical => "vertical",
            Side::Horizontal => "horizontal",
        }
    }

    /// `V` or `H`, as in the seed's table.
    pub fn letter(self) -> char {
        match self {
            Side::Vertical => 'V',
            Side::Horizontal => 'H',
        }
    }

    /// Reads `vertical`/`v` or `horizontal`/`h` (either case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "vertical" | "v" => Some(Side::Vertical),
            "horizontal" | "h" => Some(Side::Horizontal),
            _ => None,
        }
    }
}

/// A domino placed by `side` whose lower-left cell is (`row`, `col`): a vertical one also covers
/// (`row + 1`, `col`), a horizontal one (`row`, `col + 1`). Row 0 is the bottom row, column 0 the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Who places it.
    pub side: Side,
    /// Row of its lower cell, from the bottom.
    pub row: u8,
    /// Column of its left cell, from the left.
    pub col: u8,
}

impl Move {
    /// The two cells it covers, lower-left first.
    pub fn cells(self) -> [(u8, u8); 2] {
        match self.side {
            Side::Vertical => [(self.row, self.col), (self.row + 1, self.col)],
            Side::Horizontal => [(self.row, self.col), (self.row, self.col + 1)],
        }
    }
}

/// A board size outside 1..=16 on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a Domineering board has 1 to {MAX_SIDE} rows and 1 to {MAX_SIDE} columns, not {rows}x{cols}")]
pub struct SizeError {
    /// The rows asked for.
    pub rows: usize,
    /// The columns asked for.
    pub cols: usize,
}

/// Why a Domineering position cannot arise in play; [`Domineering::validate`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionFault {
    /// A covered cell outside the board's rows or columns.
    #[error("a domino covers a cell off the {rows}x{cols} board")]
    OffBoard {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A cell covered by both sides.
    #[error("a cell is covered by both a vertical and a horizontal domino")]
    Overlap,
    /// A side's cells do not pair into its dominoes.
    #[error("{} cells must pair up {}", side.name(), if *side == Side::Vertical { "down columns" } else { "along rows" })]
    Unpaired {
        /// The side whose cells do not pair.
        side: Side,
    },
    /// The first side does not have as many dominoes as the other or one more.
    #[error("the side that moved first has as many dominoes as the other, or one more")]
    DominoCounts,
    /// The side to move is not the one the domino counts and the first mover say.
    #[error("the side to move does not match the domino counts and who moved first")]
    WrongSideToMove,
}

/// A Domineering position: the board, which cells each side covers, who started and who is to move.
///
/// Player 0 is the side that moved first (the `first` setting), player 1 the other.
///
/// ```
/// use hamle_core::{Game, Turn};
/// use hamle_domineering::{Domineering, Side};
/// let mut game = Domineering::new(2, 2, Side::Vertical)?;
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 2);
/// game.play(moves[0]);
/// assert_eq!(game.turn(), Turn::Over); // Horizontal has no room left: Vertical wins.
/// # Ok::<(), hamle_domineering::SizeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domineering {
    rows: u8,
    cols: u8,
    first: Side,
    to_move: Side,
    /// Cells covered by vertical dominoes, one bit per column, one word per row (row 0 at the bottom).
    vertical: [u16; MAX_SIDE as usize],
    /// Cells covered by horizontal dominoes.
    horizontal: [u16; MAX_SIDE as usize],
}

impl Domineering {
    /// An empty `rows`×`cols` board with `first` to move.
    ///
    /// # Errors
    /// [`SizeError`] when a side is 0 or above 16.
    pub fn new(rows: usize, cols: usize, first: Side) -> Result<Self, SizeError> {
        let max = usize::from(MAX_SIDE);
        if !(1..=max).contains(&rows) || !(1..=max).contains(&cols) {
            return Err(SizeError { rows, cols });
        }
        let (r, c) = (u8::try_from(rows).unwrap_or(MAX_SIDE), u8::try_from(cols).unwrap_or(MAX_SIDE));
        Ok(Domineering { rows: r, cols: c, first, to_move: first, vertical: [0; 16], horizontal: [0; 16] })
    }

    /// Builds a position from covered cells (row words as in [`Domineering::covered`]); the caller checks it.
    pub(crate) fn with_cells(&self, vertical: [u16; 16], horizontal: [u16; 16], to_move: Side) -> Self {
        Domineering { vertical, horizontal, to_move, ..self.clone() }
    }

    /// Whether play can reach this position: see [`Domineering::validate`].
    pub fn is_valid(&self) -> bool {
        self.validate().is_ok()
    }

    /// Checks that play can reach this position: every covered cell is on the board and covered once,
    /// vertical cells pair up down their columns and horizontal ones along their rows, the side that moved
    /// first has as many dominoes as the other or one more, and the counts say who is to move.
    /// ([`Domineering::place`] and [`Domineering::set_to_move`] build positions that need not pass.)
    ///
    /// # Errors
    /// The [`PositionFault`] found.
    pub fn validate(&self) -> Result<(), PositionFault> {
        let full = self.full_row();
        for row in 0..usize::from(MAX_SIDE) {
            let cells = self.vertical[row] | self.horizontal[row];
            if (row >= self.rows() && cells != 0) || cells & !full != 0 {
                return Err(PositionFault::OffBoard { rows: self.rows(), cols: self.cols() });
            }
            if self.vertical[row] & self.horizontal[row] != 0 {
                return Err(PositionFault::Overlap);
            }
        }
        let nv = tile_count(&self.vertical, true).ok_or(PositionFault::Unpaired { side: Side::Vertical })?;
        let nh = tile_count(&self.horizontal, false).ok_or(PositionFault::Unpaired { side: Side::Horizontal })?;
        let (n_first, n_second) = if self.first == Side::Vertical { (nv, nh) } else { (nh, nv) };
        let expected = if n_first == n_second {
            self.first
        } else if n_first == n_second + 1 {
            self.first.other()
        } else {
            return Err(PositionFault::DominoCounts);
        };
        if self.to_move != expected {
            return Err(PositionFault::WrongSideToMove);
        }
        Ok(())
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The side that moved first.
    pub fn first(&self) -> Side {
        self.first
    }

    /// The side to move (also when the game is over: the side that could not move).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The seat (0 = first to move) of `side`.
    pub fn player_of(&self, side: Side) -> Player {
        u8::from(side != self.first)
    }

    /// The side sitting in seat `player`.
    pub fn side_of(&self, player: Player) -> Side {
        if player == 0 { self.first } else { self.first.other() }
    }

    /// Bits of the board's columns: `cols` low bits set.
    fn full_row(&self) -> u16 {
        (((1u32 << self.cols) - 1) & 0xffff) as u16
    }

    /// Cells of row `row` covered by `side`'s dominoes (bit `c` = column `c`); 0 outside the board.
    pub fn covered(&self, side: Side, row: usize) -> u16 {
        let words = match side {
            Side::Vertical => &self.vertical,
            Side::Horizontal => &self.horizontal,
        };
        if row < self.rows() { words[row] } else { 0 }
    }

    /// Covered cells of row `row`, by either side.
    pub fn occupied(&self, row: usize) -> u16 {
        self.covered(Side::Vertical, row) | self.covered(Side::Horizontal, row)
    }

    /// Empty cells of row `row` (0 outside the board, so off-board cells count as not empty).
    fn empty_row(&self, row: isize) -> u16 {
        match usize::try_from(row) {
            Ok(r) if r < self.rows() => !self.occupied(r) & self.full_row(),
            _ => 0,
        }
    }

    /// Which side's domino covers (`row`, `col`), or `None` when it is empty or off the board.
    pub fn cell(&self, row: usize, col: usize) -> Option<Side> {
        if col >= self.cols() {
            return None;
        }
        let bit = 1 << col;
        if self.covered(Side::Vertical, row) & bit != 0 {
            Some(Side::Vertical)
        } else if self.covered(Side::Horizontal, row) & bit != 0 {
            Some(Side::Horizontal)
        } else {
            None
        }
    }

    /// Lower-left cells of `side`'s legal placements in row `row`, as bits (the paper's "possible moves").
    fn placements(&self, side: Side, row: usize) -> u16 {
        let r = row as isize;
        let here = self.empty_row(r);
        match side {
            Side::Vertical => here & self.empty_row(r + 1),
            Side::Horizontal => here & (here >> 1),
        }
    }

    /// Lower-left cells of `side`'s safe placements in row `row`: those the opponent can never
    /// cover, because the four cells beside the domino (left and right of a vertical one, above and
    /// below a horizontal one) are covered or off the board. This is the seed paper's definition.
    fn safe_placements(&self, side: Side, row: usize) -> u16 {
        let r = row as isize;
        let mut bits = self.placements(side, row);
        match side {
            Side::Vertical => {
                // Both cells need their left and right neighbours filled (or off the board).
                for rr in [r, r + 1] {
                    let e = self.empty_row(rr);
                    bits &= !(e << 1) & !(e >> 1);
                }
            }
            Side::Horizontal => {
                // The cells above and below both halves must be filled (or off the board).
                for rr in [r - 1, r + 1] {
                    let e = self.empty_row(rr);
                    bits &= !e & !(e >> 1);
                }
            }
        }
        bits
    }

    /// Number of `side`'s legal placements, overlapping ones included (the paper's BG/RG).
    pub fn count_moves(&self, side: Side) -> u32 {
        (0..self.rows()).map(|r| self.placements(side, r).count_ones()).sum()
    }

    /// Number of `side`'s safe placements, overlapping ones included (the paper's BS/RS).
    pub fn count_safe(&self, side: Side) -> u32 {
        (0..self.rows()).map(|r| self.safe_placements(side, r).count_ones()).sum()
    }

    /// Whether `mv` is a legal placement for its side right now (whoever is to move).
    pub fn fits(&self, mv: Move) -> bool {
        self.marked(mv, Self::placements)
    }

    /// Whether `mv` fits and is safe in the paper's sense.
    pub fn is_safe(&self, mv: Move) -> bool {
        self.marked(mv, Self::safe_placements)
    }

    /// Whether `mv`'s lower-left cell is on the board and set in its row of `row_bits`.
    fn marked(&self, mv: Move, row_bits: fn(&Self, Side, usize) -> u16) -> bool {
        usize::from(mv.row) < self.rows()
            && u32::from(mv.col) < 16
            && row_bits(self, mv.side, usize::from(mv.row)) & (1 << mv.col) != 0
    }

    /// Every placement `side` has, whoever is to move, bottom row first.
    pub fn moves_of(&self, side: Side, moves: &mut Vec<Move>) {
        moves.clear();
        for row in 0..self.rows() {
            let mut bits = self.placements(side, row);
            while bits != 0 {
                let col = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                moves.push(Move { side, row: row as u8, col });
            }
        }
    }

    /// Whether `side` has any placement left.
    pub fn can_move(&self, side: Side) -> bool {
        (0..self.rows()).any(|r| self.placements(side, r) != 0)
    }

    /// Number of cells still empty.
    pub fn empty_cells(&self) -> u32 {
        (0..self.rows()).map(|r| self.empty_row(r as isize).count_ones()).sum()
    }

    /// The side that has won, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        if self.can_move(self.to_move) { None } else { Some(self.to_move.other()) }
    }

    /// Sets the side to move; for building positions to study (the counts need not match).
    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// Places `mv` without checking it or changing the side to move; for building positions to study.
    pub fn place(&mut self, mv: Move) {
        for (r, c) in mv.cells() {
            let words = match mv.side {
                Side::Vertical => &mut self.vertical,
                Side::Horizontal => &mut self.horizontal,
            };
            if let (Some(w), true) = (words.get_mut(usize::from(r)), c < MAX_SIDE) {
                *w |= 1 << c;
            }
        }
    }
}

impl Game for Domineering {
    type Move = Move;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "domineering", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        if self.can_move(self.to_move) { Turn::Player(self.player_of(self.to_move)) } else { Turn::Over }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.moves_of(self.to_move, moves);
    }

    fn play(&mut self, mv: Move) {
        self.place(mv);
        self.to_move = mv.side.other();
    }

    fn try_play(&mut self, mv: Move) -> Result<(), hamle_core::IllegalMove> {
        if mv.side == self.to_move && self.fits(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(hamle_core::IllegalMove)
        }
    }

    fn points(&self) -> Option<[f64; 2]> {
        let winner = self.winner()?;
        Some(if self.player_of(winner) == 0 { [1.0, 0.0] } else { [0.0, 1.0] })
    }

    fn key(&self) -> u64 {
        // Fold every row of both sides through a 64-bit mixer; the settings go in first.
        let mut h = 0x9e37_79b9_7f4a_7c15u64
            ^ (u64::from(self.rows) << 8 | u64::from(self.cols)) << 2
            ^ u64::from(self.to_move == Side::Horizontal)
            ^ (u64::from(self.first == Side::Horizontal) << 1);
        for r in 0..self.rows() {
            let word = u64::from(self.vertical[r]) | u64::from(self.horizontal[r]) << 16 | (r as u64) << 32;
            h = mix64(h ^ word);
        }
        h
    }
}

/// How many dominoes tile these cells: runs down each column (`vertical`) or along each row must
/// have even length; `None` when they do not.
fn tile_count(words: &[u16; 16], vertical: bool) -> Option<u32> {
    let mut count = 0;
    if vertical {
        for col in 0..16 {
            let mut run = 0;
            for word in words.iter().chain(std::iter::once(&0)) {
                if word & (1 << col) != 0 {
                    run += 1;
                } else {
                    if run % 2 == 1 {
                        return None;
                    }
                    count += run / 2;
                    run = 0;
                }
            }
        }
    } else {
        for &word in words {
            let mut w = u32::from(word);
            while w != 0 {
                let start = w.trailing_zeros();
                let run = (w >> start).trailing_ones();
                if run % 2 == 1 {
                    return None;
                }
                count += run / 2;
                w &= !(((1u32 << run) - 1) << start);
            }
        }
    }
    Some(count)
}
