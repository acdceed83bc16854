//! The knight's tour as a one-person game: place the knight on any square, then move it, a knight's move at a
//! time, to squares it has not visited. The game ends when the knight has no such move: every square visited
//! (a tour; closed when the last square is a knight's move from the first) or stuck.

use std::fmt;

use hamle_core::{Game, GameInfo, Turn};

use super::tours::{is_jump, jumps};
use crate::square::file_letter;

/// The smallest board a game is played on (smaller ones have no tour).
pub const MIN_SIDE: usize = 5;
/// The largest board a game is played on: squares are named by one letter and a number.
pub const MAX_SIDE: usize = 16;

/// A knight's tour in progress.
///
/// ```
/// use hamle_core::Game;
/// use hamle_puzzles::knights_tour::KnightsTour;
///
/// let mut game = KnightsTour::new(5, false).unwrap();
/// game.play(0);
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves, [7, 11]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightsTour {
    n: usize,
    closed: bool,
    path: Vec<u16>,
    visited: Vec<bool>,
}

impl KnightsTour {
    /// An empty N×N board; `closed` asks for a tour that ends a knight's move from its first square.
    ///
    /// # Errors
    /// A side outside [`MIN_SIDE`]`..=`[`MAX_SIDE`], or a closed tour on an odd board (it has none).
    pub fn new(n: usize, closed: bool) -> Result<KnightsTour, String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(format!("the board's side must be from {MIN_SIDE} to {MAX_SIDE}, not {n}"));
        }
        if closed && n % 2 == 1 {
            return Err(format!("a {n}×{n} board has no closed tour: it has an odd number of squares"));
        }
        Ok(KnightsTour { n, closed, path: Vec::new(), visited: vec![false; n * n] })
    }

    /// The board's side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether a closed tour is asked for.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The squares visited, in order.
    pub fn path(&self) -> Vec<usize> {
        self.path.iter().map(|&s| usize::from(s)).collect()
    }

    /// Where the knight stands, once placed.
    pub fn knight(&self) -> Option<usize> {
        self.path.last().map(|&s| usize::from(s))
    }

    /// Whether every square is visited (and, for a closed tour, the last is a knight's move from the first).
    pub fn complete(&self) -> bool {
        let full = self.path.len() == self.n * self.n;
        let closes = match (self.path.first(), self.path.last()) {
            (Some(&a), Some(&b)) => is_jump(self.n, usize::from(a), usize::from(b)),
            _ => false,
        };
        full && (!self.closed || closes)
    }
}

impl Game for KnightsTour {
    type Move = u16;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "knights-tour", players: 1, zero_sum: false, chance: false }
    }

    fn turn(&self) -> Turn {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() { Turn::Over } else { Turn::Player(0) }
    }

    fn legal_moves(&self, moves: &mut Vec<u16>) {
        moves.clear();
        match self.knight() {
            None => moves.extend((0..self.n * self.n).map(|s| s as u16)),
            Some(at) => moves.extend(jumps(self.n, at).filter(|&s| !self.visited[s]).map(|s| s as u16)),
        }
    }

    fn play(&mut self, mv: u16) {
        self.visited[usize::from(mv)] = true;
        self.path.push(mv);
    }

    fn points(&self) -> Option<[f64; 2]> {
        // A tour scores every square; one that fails to close as asked scores one less than a closed one.
        let visited = self.path.len() as f64;
        let short = f64::from(u8::from(self.closed && self.path.len() == self.n * self.n && !self.complete()));
        (self.turn() == Turn::Over).then_some([visited - short, 0.0])
    }

    fn key(&self) -> u64 {
        // FNV-1a over the side, the visited squares and the knight's square.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut mix = |x: u64| {
            hash ^= x;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        };
        mix(self.n as u64 | u64::from(self.closed) << 8);
        for (s, &seen) in self.visited.iter().enumerate() {
            if seen {
                mix(s as u64);
            }
        }
        mix(self.knight().map_or(u64::MAX, |k| k as u64));
        hash
    }
}

impl fmt::Display for KnightsTour {
    /// The board from the top, each visited square with its place in the tour, the knight as `N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = vec![0; self.n * self.n];
        for (i, &s) in self.path.iter().enumerate() {
            place[usize::from(s)] = i + 1;
        }
        let width = (self.n * self.n).to_string().len().max(2);
        for row in 0..self.n {
            write!(f, "{:>2} ", self.n - row)?;
            for col in 0..self.n {
                let s = row * self.n + col;
                let cell = if self.knight() == Some(s) {
                    "N".to_owned()
                } else if place[s] > 0 {
                    place[s].to_string()
                } else {
                    ".".to_owned()
                };
                write!(f, " {cell:>width$}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for col in 0..self.n {
            write!(f, " {:>width$}", file_letter(col))?;
        }
        writeln!(f)
    }
}
