//! The rules of 2048: slide and merge, a new tile after every move, the score of the original game.

use hamle_core::{Game, GameInfo, Stream, Turn};

use crate::board::{Board, Direction};

/// How new tiles are drawn: the value of a new tile, placed on an empty cell chosen uniformly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SpawnRule {
    /// The original game: a 2 with probability 0.9, a 4 with 0.1.
    #[default]
    Original,
    /// The seed report's version: a 2 with probability 0.8, a 4 with 0.2.
    Report,
}

impl SpawnRule {
    /// The probability that a new tile is a 4.
    pub fn four(self) -> f64 {
        match self {
            SpawnRule::Original => 0.1,
            SpawnRule::Report => 0.2,
        }
    }
}

/// A new tile: the cell (4·row + column) and its exponent (1 for a 2, 2 for a 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spawn {
    /// The cell, 0..16, row by row from the top left.
    pub cell: u8,
    /// The exponent: 1 (a 2) or 2 (a 4).
    pub exponent: u8,
}

/// The largest exponent recorded: 16, the 65536 tile (see [`crate::Slide::overflow`]).
pub const MAX_RECORDED: u8 = 16;

/// A game of 2048: the board, the score, and whether a move or a new tile comes next.
///
/// A game starts empty and draws two tiles; then each move is followed by one new tile. It goes on
/// past 2048 until no move is left. The one tile the board cannot hold, 65536, ends the game when it
/// appears (no player here comes near it; the record keeps it).
///
/// ```
/// use hamle_2048::{Direction, G2048, SpawnRule};
/// use hamle_core::Stream;
/// let mut game = G2048::new(SpawnRule::Original);
/// let mut stream = Stream::new(1);
/// game.spawn_from(&mut stream);
/// game.spawn_from(&mut stream);
/// assert_eq!(game.board().empty_count(), 14);
/// let moved = Direction::ALL.into_iter().find(|&d| game.board().can_move(d)).map(|d| game.try_move(d));
/// assert_eq!(moved, Some(Ok(())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct G2048 {
    board: Board,
    score: u64,
    rule: SpawnRule,
    /// New tiles owed before the next move: two at the start, one after each move.
    pending: u8,
    moves: u32,
    /// The largest exponent ever on the board (16 once two 32768s merged).
    top: u8,
}

/// A move that does not change the board is not a move; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A new tile is due first.
    #[error("a new tile is due before the next move")]
    TileDue,
    /// Nothing would slide or merge.
    #[error("{0} changes nothing, so it is not a move here")]
    Unchanged(&'static str),
}

/// Why a 2048 position cannot arise in play; [`G2048::validate`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionFault {
    /// The 65536 mark without a 32768 on the board: the merge that makes 65536 leaves one 32768 in its place.
    #[error("65536 was made, but no 32768 stands on the board where it was made")]
    WonWithout32768,
    /// The 65536 mark with tiles due: making 65536 ends the game with no tile owed.
    #[error("65536 ends the game, so no tile can be due after it")]
    WonWithTilesDue,
    /// An empty board with fewer than two tiles due: only the start is empty, and it owes two.
    #[error("only the start has an empty board, and it has two tiles due")]
    EmptyWithoutStart,
    /// Two tiles due on a board with tiles: two are due only at the start.
    #[error("two tiles are due only at the start, on the empty board")]
    TwoDueAfterStart,
    /// A score at the start, before any merge.
    #[error("the start has scored nothing, so its score is 0")]
    ScoreAtStart,
    /// More tiles due than empty cells to hold them.
    #[error("{due} tiles due but only {empty} empty cells")]
    DueWithoutRoom {
        /// Tiles due.
        due: u8,
        /// Empty cells.
        empty: u32,
    },
}

impl G2048 {
    /// An empty board that will draw its two starting tiles by `rule`.
    pub fn new(rule: SpawnRule) -> G2048 {
        G2048 { board: Board::EMPTY, score: 0, rule, pending: 2, moves: 0, top: 0 }
    }

    /// A game at `board` with `score`, a move to make (or over, when none is left).
    pub fn from_board(board: Board, score: u64, rule: SpawnRule) -> G2048 {
        G2048::restore(board, score, rule, 0, false)
    }

    /// A game read from its notation: `due` tiles owed, `won` when 65536 was made.
    pub(crate) fn restore(board: Board, score: u64, rule: SpawnRule, due: u8, won: bool) -> G2048 {
        let top = if won { MAX_RECORDED } else { board.max_exponent() };
        G2048 { board, score, rule, pending: due, moves: 0, top }
    }

    /// Whether play can reach this position's bookkeeping: see [`G2048::validate`].
    pub fn is_valid(&self) -> bool {
        self.validate().is_ok()
    }

    /// Checks what the tiles due, the 65536 mark and the score say against the board: room for the tiles
    /// due; two due exactly on the empty board of the start, which has scored nothing;
    /// 65536 made only with a 32768 left in its place and nothing due. Tiles above 32768 cannot be on a
    /// board at all (a cell holds an exponent up to 15), and readers refuse them before this.
    ///
    /// # Errors
    /// The [`PositionFault`] found.
    pub fn validate(&self) -> Result<(), PositionFault> {
        let empty = self.board.empty_count();
        if u32::from(self.pending) > empty {
            return Err(PositionFault::DueWithoutRoom { due: self.pending, empty });
        }
        if empty == 16 && self.pending != 2 {
            return Err(PositionFault::EmptyWithoutStart);
        }
        if empty < 16 && self.pending == 2 {
            return Err(PositionFault::TwoDueAfterStart);
        }
        if self.pending == 2 && self.score != 0 {
            return Err(PositionFault::ScoreAtStart);
        }
        if self.top >= MAX_RECORDED {
            if self.board.max_exponent() != 15 {
                return Err(PositionFault::WonWithout32768);
            }
            if self.pending != 0 {
                return Err(PositionFault::WonWithTilesDue);
            }
        }
        Ok(())
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The score: the sum of every tile made by a merge.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// How new tiles are drawn.
    pub fn rule(&self) -> SpawnRule {
        self.rule
    }

    /// Moves made since the start (or since [`G2048::from_board`]).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The largest exponent that has appeared (16 for 65536, which the board cannot hold).
    pub fn top_exponent(&self) -> u8 {
        self.top
    }

    /// New tiles due before the next move.
    pub fn pending_tiles(&self) -> u8 {
        self.pending
    }

    /// Whether the game is over: no tile due and no move left, or 65536 made.
    pub fn is_over(&self) -> bool {
        self.pending == 0 && (self.top >= MAX_RECORDED || !Direction::ALL.iter().any(|&d| self.board.can_move(d)))
    }

    /// Whether a move is to be made now: no tile due and the game not over.
    pub fn awaits_move(&self) -> bool {
        self.pending == 0 && !self.is_over()
    }

    /// Makes `direction` if it changes the board, and otherwise changes nothing.
    ///
    /// # Errors
    /// [`MoveError`] when the game is over, a tile is due, or the move changes nothing.
    pub fn try_move(&mut self, direction: Direction) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::Over);
        }
        if self.pending > 0 {
            return Err(MoveError::TileDue);
        }
        let slide = self.board.slide(direction);
        if slide.board == self.board {
            return Err(MoveError::Unchanged(direction.name()));
        }
        self.board = slide.board;
        // Saturating: a score read from text may already be near the top of u64.
        self.score = self.score.saturating_add(u64::from(slide.score));
        self.top = if slide.overflow { MAX_RECORDED } else { self.top.max(slide.board.max_exponent()) };
        self.moves += 1;
        self.pending = u8::from(!slide.overflow);
        Ok(())
    }

    /// Places a due tile drawn from `stream` (see [`G2048::draw`]). Returns it, or `None` when no tile is due.
    pub fn spawn_from(&mut self, stream: &mut Stream) -> Option<Spawn> {
        let spawn = self.draw(stream)?;
        self.place(spawn);
        Some(spawn)
    }

    /// Draws the due tile from `stream` without placing it: a cell uniformly among the empty ones, then its
    /// value by the rule. `None` when no tile is due. [`Game::sample_chance`] draws the same way.
    pub fn draw(&self, stream: &mut Stream) -> Option<Spawn> {
        if self.pending == 0 {
            return None;
        }
        let mut empty = self.board.empty_mask();
        let count = empty.count_ones() as usize;
        if count == 0 {
            return None;
        }
        for _ in 0..stream.below(count) {
            empty &= empty - 1;
        }
        let cell = (empty.trailing_zeros() / 4) as u8;
        let exponent = if stream.unit() < self.rule.four() { 2 } else { 1 };
        Some(Spawn { cell, exponent })
    }

    /// Places a due tile (a chance outcome); the caller checks that the cell is empty.
    fn place(&mut self, spawn: Spawn) {
        self.board = self.board.with_cell(usize::from(spawn.cell), spawn.exponent);
        self.top = self.top.max(spawn.exponent);
        self.pending = self.pending.saturating_sub(1);
    }
}

impl Game for G2048 {
    type Move = Direction;
    type Chance = Spawn;

    fn info(&self) -> GameInfo {
        GameInfo { name: "2048", players: 1, zero_sum: false, chance: true }
    }

    fn turn(&self) -> Turn {
        if self.pending > 0 && self.board.empty_count() > 0 {
            Turn::Chance
        } else if self.is_over() || self.pending > 0 {
            Turn::Over
        } else {
            Turn::Player(0)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Direction>) {
        moves.clear();
        if self.turn() == Turn::Player(0) {
            moves.extend(Direction::ALL.into_iter().filter(|&d| self.board.can_move(d)));
        }
    }

    fn play(&mut self, mv: Direction) {
        // `play` takes only legal moves; an illegal one leaves the game as it was.
        let _ = self.try_move(mv);
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(Spawn, f64)>) {
        outcomes.clear();
        if self.turn() != Turn::Chance {
            return;
        }
        let mut empty = self.board.empty_mask();
        let share = 1.0 / f64::from(empty.count_ones());
        let four = self.rule.four();
        while empty != 0 {
            let cell = (empty.trailing_zeros() / 4) as u8;
            empty &= empty - 1;
            outcomes.push((Spawn { cell, exponent: 1 }, share * (1.0 - four)));
            outcomes.push((Spawn { cell, exponent: 2 }, share * four));
        }
    }

    fn sample_chance(&self, stream: &mut Stream) -> Option<Spawn> {
        self.draw(stream)
    }

    fn apply_chance(&mut self, spawn: Spawn) {
        if self.pending > 0 && self.board.cell(usize::from(spawn.cell & 15)) == 0 {
            self.place(Spawn { cell: spawn.cell & 15, exponent: spawn.exponent.clamp(1, 2) });
        }
    }

    fn points(&self) -> Option<[f64; 2]> {
        (self.turn() == Turn::Over).then_some([self.score as f64, 0.0])
    }

    fn key(&self) -> u64 {
        // The board decides the future; the score and the owed tiles tell apart states with one board.
        hamle_core::stream::mix64(self.board.bits() ^ self.score.rotate_left(17) ^ (u64::from(self.pending) << 61))
    }
}
