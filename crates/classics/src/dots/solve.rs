//! Solving Dots and Boxes: the best net score, over the boxes still open, for the player to move. A position is
//! its lines alone (the boxes already taken do not change what is left to win), so every position with at most
//! [`MAX_TABLE_LINES`] undrawn lines is searched once and kept in a table indexed by the undrawn lines drawn
//! since (the method of David Wilson's analyses, done depth first from the position instead of backwards).

use super::rules::{Dots, box_lines, boxes_of};

/// The most undrawn lines a position may have for [`value`]: its table holds 2^lines values, 64 MiB at 26.
pub const MAX_TABLE_LINES: usize = 26;

const UNKNOWN: i8 = i8::MIN;

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Net boxes (the mover's minus the other's) from the boxes still open, with best play by both.
    pub value: i32,
    /// Positions searched, each once.
    pub nodes: u64,
    /// Each undrawn line with the mover's net boxes from drawing it, with best play after.
    pub moves: Vec<(u8, i32)>,
}

/// The value of `game` for the player to move, or `None` when more than [`MAX_TABLE_LINES`] lines are undrawn.
///
/// ```
/// use hamle_classics::dots::{Dots, value};
/// // One box: the four lines alternate, so the second player draws the fourth and takes it.
/// assert_eq!(value(&Dots::new(1, 1).unwrap()).unwrap().value, -1);
/// ```
pub fn value(game: &Dots) -> Option<Solved> {
    let (rows, cols) = (game.rows(), game.cols());
    let undrawn: Vec<usize> = (0..game.lines()).filter(|&l| game.drawn() >> l & 1 == 0).collect();
    if undrawn.len() > MAX_TABLE_LINES {
        return None;
    }
    let local = |line: usize| undrawn.iter().position(|&u| u == line);
    // For each undrawn line, the boxes it would complete: each box as the mask of its undrawn sides.
    let completes: Vec<Vec<u32>> = undrawn
        .iter()
        .map(|&line| {
            boxes_of(rows, cols, line)
                .into_iter()
                .map(|(r, c)| {
                    box_lines(rows, cols, r, c).iter().filter_map(|&l| local(l)).fold(0u32, |m, i| m | 1 << i)
                })
                .collect()
        })
        .collect();
    let mut search = Search {
        completes,
        table: vec![UNKNOWN; 1 << undrawn.len()],
        full: ((1u64 << undrawn.len()) - 1) as u32,
        nodes: 0,
    };
    let value = i32::from(search.value(0));
    Some(Solved { value, nodes: search.nodes, moves: search.moves(&undrawn) })
}

/// The value of an empty board of `rows` × `cols` boxes for the first player.
///
/// # Errors
/// A board too large for the table, or not a board, in words.
pub fn solve(rows: usize, cols: usize) -> Result<Solved, String> {
    let game = Dots::new(rows, cols)?;
    value(&game).ok_or_else(|| {
        format!("{rows}×{cols} has {} lines: the exact search takes boards of up to {MAX_TABLE_LINES}", game.lines())
    })
}

struct Search {
    completes: Vec<Vec<u32>>,
    table: Vec<i8>,
    full: u32,
    nodes: u64,
}

impl Search {
    /// Each first move's value, read from the table the root's search filled.
    fn moves(&mut self, undrawn: &[usize]) -> Vec<(u8, i32)> {
        (0..undrawn.len())
            .map(|i| {
                let next = 1u32 << i;
                let made = self.completes[i].iter().filter(|&&m| next & m == m).count() as i8;
                let v = if made > 0 { made + self.value(next) } else { -self.value(next) };
                (undrawn[i] as u8, i32::from(v))
            })
            .collect()
    }

    fn value(&mut self, state: u32) -> i8 {
        if state == self.full {
            return 0;
        }
        let known = self.table[state as usize];
        if known != UNKNOWN {
            return known;
        }
        self.nodes += 1;
        let mut best = i8::MIN + 1;
        let mut free = self.full & !state;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            let next = state | 1 << i;
            let made = self.completes[i].iter().filter(|&&m| next & m == m).count() as i8;
            let v = if made > 0 { made + self.value(next) } else { -self.value(next) };
            best = best.max(v);
        }
        self.table[state as usize] = best;
        best
    }
}
