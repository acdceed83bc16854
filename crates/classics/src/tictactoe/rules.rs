//! The rules of tic-tac-toe and its two-phase variant, on two 9-bit boards.

use hamle_core::{Game, GameInfo, Turn};

/// Which game is played on the 3×3 board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Players take turns placing stones until a line is made or the board is full.
    #[default]
    Classic,
    /// The thesis's variant (§1.6): each side places three stones, then slides one of its own
    /// stones to an orthogonally adjacent empty cell per turn.
    TwoPhase,
}

impl Variant {
    /// The name used in specs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::TwoPhase => "two-phase",
        }
    }
}

/// Stones each side places in the two-phase variant before sliding begins.
pub const STONES: u32 = 3;

/// Slides after which a two-phase game that nobody has won is a draw. No won position needs
/// anywhere near this many (the solve's longest forced win is far shorter: see `docs/rules/tictactoe.md`),
/// so the limit only ends games that would go round in circles.
pub const MAX_SLIDES: u16 = 200;

/// A cell, 0..9: `a1` = 0, `b1` = 1, `c1` = 2, `a2` = 3, … `c3` = 8 (letter = column, digit = row from the bottom).
pub type Cell = u8;

/// A move: placing a stone on an empty cell, or (two-phase) sliding one's own stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Put a new stone on an empty cell.
    Place(Cell),
    /// Move a stone of one's own to an orthogonally adjacent empty cell.
    Slide {
        /// Where the stone stands.
        from: Cell,
        /// The adjacent empty cell it goes to.
        to: Cell,
    },
}

/// The eight lines of three, as cell masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Every cell's orthogonal neighbours, as a mask.
pub(crate) const NEIGHBOURS: [u16; 9] = {
    let mut table = [0u16; 9];
    let mut cell = 0;
    while cell < 9 {
        let (col, row) = (cell % 3, cell / 3);
        let mut mask = 0;
        if col > 0 {
            mask |= 1 << (cell - 1);
        }
        if col < 2 {
            mask |= 1 << (cell + 1);
        }
        if row > 0 {
            mask |= 1 << (cell - 3);
        }
        if row < 2 {
            mask |= 1 << (cell + 3);
        }
        table[cell] = mask;
        cell += 1;
    }
    table
};

const FULL: u16 = 0b111_111_111;

/// Whether the stones in `mask` make a line of three.
pub fn has_line(mask: u16) -> bool {
    LINES.iter().any(|&line| (mask & line).count_ones() == 3)
}

/// A tic-tac-toe position: whose stones stand where, who is to move, and (two-phase) how many slides were played.
///
/// ```
/// use hamle_classics::tictactoe::{TicTacToe, Move};
/// use hamle_core::{Game, Turn};
/// let mut game = TicTacToe::classic();
/// for cell in [4, 0, 2, 6, 3, 5, 1, 7, 8] {
///     game.try_play(Move::Place(cell))?;
/// }
/// assert_eq!(game.turn(), Turn::Over);
/// assert_eq!(game.points(), Some([0.5, 0.5]));
/// # Ok::<(), hamle_core::IllegalMove>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    pub(crate) stones: [u16; 2],
    pub(crate) to_move: u8,
    pub(crate) variant: Variant,
    pub(crate) slides: u16,
}

impl TicTacToe {
    /// The empty board of `variant`, X (player 0) to move.
    pub fn new(variant: Variant) -> Self {
        TicTacToe { stones: [0, 0], to_move: 0, variant, slides: 0 }
    }

    /// The empty classic board.
    pub fn classic() -> Self {
        Self::new(Variant::Classic)
    }

    /// The empty two-phase board.
    pub fn two_phase() -> Self {
        Self::new(Variant::TwoPhase)
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Player `p`'s stones as a 9-bit mask (bit `i` is cell `i`).
    pub fn stones(&self, p: u8) -> u16 {
        self.stones[usize::from(p & 1)]
    }

    /// The player to move next (also once the game is over: the one who would have moved).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Slides played so far (always 0 in the classic game).
    pub fn slides(&self) -> u16 {
        self.slides
    }

    /// The empty cells, as a mask.
    pub fn empty(&self) -> u16 {
        FULL & !(self.stones[0] | self.stones[1])
    }

    /// The player who has made a line, if any.
    pub fn winner(&self) -> Option<u8> {
        (0..2).find(|&p| has_line(self.stones[usize::from(p)]))
    }

    /// Whether the side to move places stones (rather than sliding them).
    pub fn placing(&self) -> bool {
        match self.variant {
            Variant::Classic => true,
            Variant::TwoPhase => self.stones(self.to_move).count_ones() < STONES,
        }
    }

    /// The same board with player `to_move` to move and `slides` slides played; for the solver's table.
    pub(crate) fn with(variant: Variant, stones: [u16; 2], to_move: u8, slides: u16) -> Self {
        TicTacToe { stones, to_move, variant, slides }
    }
}

/// Why a tic-tac-toe position cannot arise in play; [`TicTacToe::validate`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionFault {
    /// A stone on a cell past `c3` (only [`Game::play`] with a move it was not offered can put one there).
    #[error("a stone stands off the board")]
    OffBoard,
    /// A cell holding stones of both sides (only [`Game::play`] with a move it was not offered can do it).
    #[error("a cell holds stones of both sides")]
    Overlap,
    /// Two-phase: a side has more than [`STONES`] stones.
    #[error("each side has at most three stones in the two-phase game")]
    TooManyStones,
    /// Two-phase: more slides than [`MAX_SLIDES`], after which the game is over.
    #[error("more slides than a game allows")]
    TooManySlides,
    /// Two-phase: the side to move does not match the parity of the slide count.
    #[error("x slides first, so x is to move exactly when the slide count is even")]
    SlideParity,
    /// Two-phase: slides counted before both sides have placed all their stones.
    #[error("slides are counted only once both sides have placed their stones")]
    SlidesBeforeSliding,
    /// X's stones minus O's is not 0 or 1.
    #[error("x moves first: x has as many stones as o, or one more")]
    StoneCounts,
    /// The side to move is not the one the stone counts say.
    #[error("the side to move does not match the stone counts")]
    WrongSideToMove,
    /// Both sides have a line of three.
    #[error("both sides have a line")]
    BothLines,
    /// The side with a line is to move, but the move that made the line was its own.
    #[error("the side with a line would have to have moved last")]
    WinnerToMove,
}

impl TicTacToe {
    /// Whether play can reach this position: see [`TicTacToe::validate`].
    pub fn is_valid(&self) -> bool {
        self.validate().is_ok()
    }

    /// Checks that play can reach this position: every stone on one of the nine cells, one stone a cell;
    /// X moves first, so X has as many stones as O or one more
    /// and the counts say who moves; at most one side has a line, and that side moved last; in the
    /// two-phase game each side has at most three stones, and slides (at most [`MAX_SLIDES`], X first) are
    /// counted only once both sides have placed theirs. In the classic game the positions that pass are
    /// exactly the 5,478 reachable ones.
    ///
    /// # Errors
    /// The [`PositionFault`] found.
    pub fn validate(&self) -> Result<(), PositionFault> {
        if (self.stones[0] | self.stones[1]) & !FULL != 0 {
            return Err(PositionFault::OffBoard);
        }
        if self.stones[0] & self.stones[1] != 0 {
            return Err(PositionFault::Overlap);
        }
        let (x, o) = (self.stones(0).count_ones(), self.stones(1).count_ones());
        if self.variant == Variant::TwoPhase && (x > STONES || o > STONES) {
            return Err(PositionFault::TooManyStones);
        }
        let sliding =
            self.variant == Variant::TwoPhase && x == STONES && o == STONES && (self.slides > 0 || self.to_move == 0);
        if sliding {
            if self.slides > MAX_SLIDES {
                return Err(PositionFault::TooManySlides);
            }
            if u16::from(self.to_move) != self.slides % 2 {
                return Err(PositionFault::SlideParity);
            }
        } else {
            if self.slides != 0 {
                return Err(PositionFault::SlidesBeforeSliding);
            }
            let expected = if x == o {
                0
            } else if x == o + 1 {
                1
            } else {
                return Err(PositionFault::StoneCounts);
            };
            if self.to_move != expected {
                return Err(PositionFault::WrongSideToMove);
            }
        }
        let lines = [has_line(self.stones(0)), has_line(self.stones(1))];
        if lines[0] && lines[1] {
            return Err(PositionFault::BothLines);
        }
        // With at most five stones a side, any lines of one side share a stone, so the last move
        // could always have made them: who moved last is the one check left.
        match (0..2u8).find(|&p| lines[usize::from(p)]) {
            Some(winner) if winner == self.to_move => Err(PositionFault::WinnerToMove),
            _ => Ok(()),
        }
    }
}

impl Game for TicTacToe {
    type Move = Move;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "tictactoe", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        let over = self.winner().is_some()
            || self.empty() == 0
            || (self.variant == Variant::TwoPhase && self.slides >= MAX_SLIDES);
        if over { Turn::Over } else { Turn::Player(self.to_move) }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.turn() == Turn::Over {
            return;
        }
        let empty = self.empty();
        if self.placing() {
            moves.extend(cells(empty).map(Move::Place));
        } else {
            for from in cells(self.stones(self.to_move)) {
                moves.extend(cells(NEIGHBOURS[usize::from(from)] & empty).map(|to| Move::Slide { from, to }));
            }
        }
    }

    fn play(&mut self, mv: Move) {
        let mine = &mut self.stones[usize::from(self.to_move)];
        match mv {
            Move::Place(cell) => *mine |= 1 << cell,
            Move::Slide { from, to } => {
                *mine = (*mine & !(1 << from)) | 1 << to;
                self.slides += 1;
            }
        }
        self.to_move ^= 1;
    }

    fn points(&self) -> Option<[f64; 2]> {
        if self.turn() != Turn::Over {
            return None;
        }
        Some(match self.winner() {
            Some(0) => [1.0, 0.0],
            Some(_) => [0.0, 1.0],
            None => [0.5, 0.5],
        })
    }

    fn key(&self) -> u64 {
        u64::from(self.stones[0])
            | u64::from(self.stones[1]) << 9
            | u64::from(self.to_move) << 18
            | u64::from(self.variant == Variant::TwoPhase) << 19
            | u64::from(self.slides) << 20
    }
}

/// The cells set in `mask`, lowest first.
pub(crate) fn cells(mask: u16) -> impl Iterator<Item = Cell> {
    (0..9u8).filter(move |&c| mask & (1 << c) != 0)
}
