//! N queens as a one-person game: place queens one at a time on squares no queen attacks. The game ends when
//! N queens stand (solved) or no square is left that no queen attacks (stuck).

use std::fmt;

use hamle_core::{Game, GameInfo, Turn};

use crate::square::file_letter;

/// The smallest board a game is played on (smaller ones below 4 have no solution but 1×1).
pub const MIN_SIDE: usize = 4;
/// The largest board a game is played on.
pub const MAX_SIDE: usize = 16;

/// Queens placed so far.
///
/// ```
/// use hamle_core::Game;
/// use hamle_puzzles::queens::Queens;
///
/// let mut game = Queens::new(4).unwrap();
/// game.play(1); // b4, the second square of the top row
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves, [7, 8, 10, 12, 14, 15]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queens {
    n: usize,
    /// Squares with a queen, numbered row by row from the top left, in the order placed.
    placed: Vec<u16>,
}

impl Queens {
    /// An empty N×N board.
    ///
    /// # Errors
    /// A side outside [`MIN_SIDE`]`..=`[`MAX_SIDE`].
    pub fn new(n: usize) -> Result<Queens, String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(format!("the board's side must be from {MIN_SIDE} to {MAX_SIDE}, not {n}"));
        }
        Ok(Queens { n, placed: Vec::new() })
    }

    /// The board's side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The squares with a queen, in the order placed.
    pub fn placed(&self) -> Vec<usize> {
        self.placed.iter().map(|&s| usize::from(s)).collect()
    }

    /// Whether a queen on `a` attacks `b` (or stands on it).
    pub fn attacks(n: usize, a: usize, b: usize) -> bool {
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb)
    }

    /// Whether N queens stand.
    pub fn solved(&self) -> bool {
        self.placed.len() == self.n
    }
}

impl Game for Queens {
    type Move = u16;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "queens", players: 1, zero_sum: false, chance: false }
    }

    fn turn(&self) -> Turn {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() { Turn::Over } else { Turn::Player(0) }
    }

    fn legal_moves(&self, moves: &mut Vec<u16>) {
        moves.clear();
        if self.solved() {
            return;
        }
        let safe = |s: usize| self.placed.iter().all(|&q| !Queens::attacks(self.n, usize::from(q), s));
        moves.extend((0..self.n * self.n).filter(|&s| safe(s)).map(|s| s as u16));
    }

    fn play(&mut self, mv: u16) {
        self.placed.push(mv);
    }

    fn points(&self) -> Option<[f64; 2]> {
        (self.turn() == Turn::Over).then_some([self.placed.len() as f64, 0.0])
    }

    fn key(&self) -> u64 {
        let mut squares = self.placed.clone();
        squares.sort_unstable();
        // FNV-1a over the side and the squares with a queen.
        squares.iter().fold(0xcbf2_9ce4_8422_2325u64 ^ self.n as u64, |hash, &s| {
            (hash ^ u64::from(s) ^ 0x100).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

impl fmt::Display for Queens {
    /// The board from the top: `Q` a queen, `x` a square a queen attacks, `.` a free square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.n {
            write!(f, "{:>2}", self.n - row)?;
            for col in 0..self.n {
                let s = row * self.n + col;
                let mark = if self.placed.contains(&(s as u16)) {
                    'Q'
                } else if self.placed.iter().any(|&q| Queens::attacks(self.n, usize::from(q), s)) {
                    'x'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        let files: String = (0..self.n).map(|c| format!(" {}", file_letter(c))).collect();
        writeln!(f, "  {files}")
    }
}
