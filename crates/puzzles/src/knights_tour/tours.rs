//! Knight's tours: Warnsdorff's rule (move to the square with the fewest onward moves) and the methods that
//! carry it to large boards.
//!
//! - [`Warnsdorff`]: the rule one step at a time, with the thesis's plain rule (ties to the first move in a
//!   fixed order) or a tie-break that keeps it working on large boards: the least sum of the tied squares'
//!   own onward counts (a look one step further, after Pohl), then the square farther from the centre
//!   (after Roth).
//! - [`open_tour`]: Warnsdorff's rule with that tie-break; should it stall, on an even board a closed tour (which is
//!   an open one too); on an odd one from a corner, blocks as below with an open tour in the corner's 5×5 block;
//!   otherwise Roth's tie-break, then seeded random ones.
//! - [`closed_tour`]: for every even N ≥ 6, by divide and conquer: the board is cut into blocks of 6, 8 or
//!   10 squares a side, each toured by a closed tour found by search, and neighbouring blocks' tours are
//!   joined two at a time by swapping one move of each for two moves across their border. An odd board gets
//!   a first row and column of blocks 5 squares wide; its corner block, 5×5, has no closed tour, so it holds an
//!   open one from the corner, and the joins leave one open tour of the board from that corner.

use std::sync::OnceLock;

use hamle_core::Stream;

/// The largest board this module tours.
pub const MAX_N: usize = 2_000;

/// The knight's eight moves as (rows down, columns right), in the fixed order ties fall to: a row down, a row
/// up, two down, two up, the right before the left. With this order the plain rule from the thesis's square 11
/// draws its Şekil-13 move for move (143 of the 40,320 orders do; the test says which figure it checks).
const JUMPS: [(isize, isize); 8] = [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];

/// Why no tour was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The board has no tour of the kind asked for.
    #[error("{0}")]
    NoTour(String),
    /// The start square is not on the board.
    #[error("square {square} is not on a {n}×{n} board: squares are numbered 0 to {}", n * n - 1)]
    Square {
        /// The board size.
        n: usize,
        /// The square asked for.
        square: usize,
    },
    /// Warnsdorff's rule reached a square with no onward move before the tour was complete.
    #[error("Warnsdorff's rule stalled after {visited} of {squares} squares")]
    Stalled {
        /// Squares visited, the start included.
        visited: usize,
        /// Squares on the board.
        squares: usize,
    },
}

/// A tour: the squares in the order the knight visits them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    /// The board size.
    pub n: usize,
    /// Whether the last square is a knight's move from the first.
    pub closed: bool,
    /// Every square once, in visiting order.
    pub squares: Vec<usize>,
}

/// The squares a knight on `square` reaches on an N×N board, in the fixed order of its eight moves.
pub fn jumps(n: usize, square: usize) -> impl Iterator<Item = usize> {
    let (row, col) = ((square / n) as isize, (square % n) as isize);
    JUMPS.iter().filter_map(move |&(dr, dc)| {
        let (r, c) = (row + dr, col + dc);
        (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n).then(|| r as usize * n + c as usize)
    })
}

/// Whether a knight goes from `a` to `b` in one move on an N×N board.
pub fn is_jump(n: usize, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// Whether `squares` is a tour of the N×N board (closed too, when `closed`): every square once, each
/// step a knight's move.
///
/// ```
/// use hamle_puzzles::knights_tour::{closed_tour, is_tour};
/// let tour = closed_tour(6, 0).unwrap();
/// assert!(is_tour(6, &tour.squares, true));
/// assert!(!is_tour(6, &tour.squares[1..], false));
/// ```
pub fn is_tour(n: usize, squares: &[usize], closed: bool) -> bool {
    if squares.len() != n * n {
        return false;
    }
    let mut seen = vec![false; n * n];
    for &s in squares {
        if s >= n * n || seen[s] {
            return false;
        }
        seen[s] = true;
    }
    let steps_ok = squares.windows(2).all(|w| is_jump(n, w[0], w[1]));
    let closes = squares.len() < 2 || is_jump(n, squares[0], squares[squares.len() - 1]);
    steps_ok && (!closed || closes)
}

/// How Warnsdorff's rule breaks a tie between squares with equally few onward moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The first in the fixed move order: the plain rule, as the thesis states it.
    First,
    /// The least sum of the tied squares' own onward counts, then the square farther from the centre,
    /// then the fixed order.
    Lookahead,
    /// The square farther from the centre (Roth's), then the least sum of onward counts, then the fixed order.
    Edge,
}

/// A square the knight may go to next, with the squares it could go on to from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The square.
    pub square: usize,
    /// Its unvisited onward squares, in the fixed move order; Warnsdorff's rule counts them.
    pub onward: Vec<usize>,
}

/// A knight touring by Warnsdorff's rule, one move at a time.
///
/// ```
/// use hamle_puzzles::knights_tour::{TieBreak, Warnsdorff};
/// // The thesis's example: from its square 11 (10 here) the knight may go to six squares, and the
/// // corner (its square 1) has the fewest onward moves.
/// let knight = Warnsdorff::new(8, 10, TieBreak::First);
/// let counts: Vec<(usize, usize)> = knight.candidates().iter().map(|c| (c.square, c.onward.len())).collect();
/// assert_eq!(counts, [(20, 7), (16, 3), (4, 3), (0, 1), (27, 7), (25, 5)]);
/// ```
pub struct Warnsdorff {
    n: usize,
    tie: TieBreak,
    visited: Vec<bool>,
    /// Unvisited neighbours of each square.
    degree: Vec<u8>,
    path: Vec<usize>,
}

impl Warnsdorff {
    /// A knight on `start` of an empty N×N board (`start` must be on the board).
    pub fn new(n: usize, start: usize, tie: TieBreak) -> Warnsdorff {
        Warnsdorff::resume(n, &[start], tie)
    }

    /// A knight that has toured `path` so far (each square on the board, each step a knight's move to an
    /// unvisited square); with an empty path, no knight is on the board yet.
    pub fn resume(n: usize, path: &[usize], tie: TieBreak) -> Warnsdorff {
        let degree = (0..n * n).map(|s| jumps(n, s).count() as u8).collect();
        let mut knight = Warnsdorff { n, tie, visited: vec![false; n * n], degree, path: Vec::with_capacity(n * n) };
        for &square in path {
            knight.visit(square);
        }
        knight
    }

    fn visit(&mut self, square: usize) {
        self.visited[square] = true;
        self.path.push(square);
        for next in jumps(self.n, square) {
            self.degree[next] -= 1;
        }
    }

    /// The squares visited so far, in order.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// The unvisited squares the knight may go to now, in the fixed move order, each with its onward squares.
    pub fn candidates(&self) -> Vec<Candidate> {
        let Some(&at) = self.path.last() else { return Vec::new() };
        jumps(self.n, at)
            .filter(|&s| !self.visited[s])
            .map(|square| Candidate { square, onward: jumps(self.n, square).filter(|&s| !self.visited[s]).collect() })
            .collect()
    }

    /// The square Warnsdorff's rule chooses next (`stream` breaks the ties that remain at random, when
    /// given), or `None` when the knight is stuck.
    pub fn choose(&self, stream: Option<&mut Stream>) -> Option<usize> {
        // With no knight on the board yet, the rule itself picks a square with the fewest moves: a corner.
        let Some(&at) = self.path.last() else { return (self.n > 0).then_some(0) };
        let options: Vec<usize> = jumps(self.n, at).filter(|&s| !self.visited[s]).collect();
        let fewest = options.iter().map(|&s| self.degree[s]).min()?;
        let tied: Vec<usize> = options.into_iter().filter(|&s| self.degree[s] == fewest).collect();
        if let Some(stream) = stream {
            return stream.pick(&tied).copied();
        }
        match self.tie {
            TieBreak::First => tied.first().copied(),
            TieBreak::Lookahead | TieBreak::Edge => {
                let centre = self.n as isize - 1;
                let key = |&s: &usize| {
                    let further: u32 =
                        jumps(self.n, s).filter(|&t| !self.visited[t]).map(|t| u32::from(self.degree[t])).sum();
                    // Twice the distance from the centre, squared, to stay in integers.
                    let (r, c) = (2 * (s / self.n) as isize - centre, 2 * (s % self.n) as isize - centre);
                    // Smaller keys win: the farther square has the smaller negated distance.
                    let (near, further) = (-(r * r + c * c) as i64, i64::from(further));
                    if self.tie == TieBreak::Edge { (near, further) } else { (further, near) }
                };
                // `min_by_key` keeps the first of equal keys: the fixed order decides last.
                tied.iter().min_by_key(|&&s| key(&s)).copied()
            }
        }
    }

    /// Moves the knight by the rule; `false` when it is stuck.
    pub fn step(&mut self, stream: Option<&mut Stream>) -> bool {
        match self.choose(stream) {
            Some(square) => {
                self.visit(square);
                true
            }
            None => false,
        }
    }

    /// Moves the knight to `square` (a person's move), if it is a knight's move to an unvisited square.
    pub fn go(&mut self, square: usize) -> bool {
        let legal = self.path.last().is_some_and(|&at| square < self.n * self.n && is_jump(self.n, at, square));
        if legal && !self.visited[square] {
            self.visit(square);
            true
        } else {
            false
        }
    }

    /// Moves on until the board is toured or the knight is stuck.
    pub fn run(mut self, mut stream: Option<&mut Stream>) -> Result<Vec<usize>, Error> {
        while self.path.len() < self.n * self.n {
            if !self.step(stream.as_deref_mut()) {
                return Err(Error::Stalled { visited: self.path.len(), squares: self.n * self.n });
            }
        }
        Ok(self.path)
    }
}

fn check_square(n: usize, square: usize) -> Result<(), Error> {
    if square < n * n { Ok(()) } else { Err(Error::Square { n, square }) }
}

/// Random tie-breaks [`open_tour`] tries after the look-ahead stalls.
const RANDOM_TRIES: u64 = 100;

/// An open tour of the N×N board from `start`, by Warnsdorff's rule with the look-ahead tie-break; should
/// that stall, with ties drawn at random from seeded streams.
///
/// ```
/// use hamle_puzzles::knights_tour::{is_tour, open_tour};
/// let tour = open_tour(5, 0).unwrap();
/// assert!(is_tour(5, &tour.squares, false));
/// ```
pub fn open_tour(n: usize, start: usize) -> Result<Tour, Error> {
    check_open(n, start)?;
    let mut last = Warnsdorff::new(n, start, TieBreak::Lookahead).run(None);
    if last.is_err() && n.is_multiple_of(2) {
        // An even board always has a closed tour, which is an open one too, from any square.
        if let Ok(tour) = closed_tour(n, start) {
            return Ok(Tour { closed: false, ..tour });
        }
    }
    if last.is_err()
        && let Some(tour) = odd_corner_tour(n, start)
    {
        return Ok(tour);
    }
    if last.is_err() {
        last = Warnsdorff::new(n, start, TieBreak::Edge).run(None);
    }
    for seed in 0..RANDOM_TRIES {
        if last.is_ok() {
            break;
        }
        last = Warnsdorff::new(n, start, TieBreak::Lookahead).run(Some(&mut Stream::new(seed)));
    }
    last.map(|squares| Tour { n, closed: false, squares })
}

/// Refuses a board with no open tour, a start off the board, and a start no open tour has.
pub fn check_open(n: usize, start: usize) -> Result<(), Error> {
    if n != 1 && !(5..=MAX_N).contains(&n) {
        return Err(Error::NoTour(format!(
            "a {n}×{n} board has no knight's tour here: N must be 1 or from 5 to {MAX_N}"
        )));
    }
    check_square(n, start)?;
    if n % 2 == 1 && (start / n + start % n) % 2 == 1 {
        // On an odd board the knight changes colour each move and visits one more square of the corners'
        // colour than of the other: a tour must begin and end on the corners' colour.
        return Err(Error::NoTour(format!(
            "no open tour of a {n}×{n} board starts on square {start}: on an odd board a tour starts on a \
             square of the corners' colour"
        )));
    }
    Ok(())
}

/// A closed tour of the N×N board (N even, at least 6), starting from `start`.
///
/// ```
/// use hamle_puzzles::knights_tour::{closed_tour, is_tour};
/// let tour = closed_tour(14, 27).unwrap();
/// assert_eq!(tour.squares[0], 27);
/// assert!(is_tour(14, &tour.squares, true));
/// ```
pub fn closed_tour(n: usize, start: usize) -> Result<Tour, Error> {
    if n % 2 == 1 || !(6..=MAX_N).contains(&n) {
        return Err(Error::NoTour(format!(
            "a {n}×{n} board has no closed knight's tour here: N must be even and from 6 to {MAX_N} (odd boards \
             have none, as a closed tour alternates colours; 4×4 has none either)"
        )));
    }
    check_square(n, start)?;
    let squares = follow(&join_blocks(n, &block_sides(n))?, start);
    if !is_tour(n, &squares, true) {
        return Err(Error::NoTour(format!("the blocks of the {n}×{n} board did not join into one tour")));
    }
    Ok(Tour { n, closed: true, squares })
}

/// An open tour of an odd board (N ≥ 11) from a corner, by blocks: the first row and column of blocks are 5
/// squares wide, the top-left 5×5 block holds an open tour from the corner and every other block a closed
/// one; each join keeps one path from the corner through the blocks joined. `None` for any other start.
fn odd_corner_tour(n: usize, start: usize) -> Option<Tour> {
    let last = n - 1;
    let corners = [0, last, last * n, n * n - 1];
    if n.is_multiple_of(2) || n < 11 || !corners.contains(&start) {
        return None;
    }
    let sides = [vec![5], block_sides(n - 5)].concat();
    let squares = follow(&join_blocks(n, &sides).ok()?, 0);
    // Mirror the tour from the top-left corner to the corner asked for.
    let (flip_rows, flip_cols) = (start >= last * n, start % n == last);
    let squares: Vec<usize> = squares
        .into_iter()
        .map(|s| {
            let (r, c) = (s / n, s % n);
            let r = if flip_rows { last - r } else { r };
            let c = if flip_cols { last - c } else { c };
            r * n + c
        })
        .collect();
    is_tour(n, &squares, false).then_some(Tour { n, closed: false, squares })
}

/// A square's missing neighbour: the ends of an open tour have one neighbour on it.
const NONE: u32 = u32::MAX;

/// The squares in the order the links lead from `start` (a square of a closed tour, or an end of an open one).
fn follow(links: &[[u32; 2]], start: usize) -> Vec<usize> {
    let mut squares = Vec::with_capacity(links.len());
    let (mut previous, mut at) = (NONE, start as u32);
    for _ in 0..links.len() {
        squares.push(at as usize);
        let [a, b] = links[at as usize];
        let next = if a == previous { b } else { a };
        if next == NONE {
            break;
        }
        (previous, at) = (at, next);
    }
    squares
}

/// Block sides for a side of `n` squares (even, at least 6): eights, with a 10 or a 6 or two 6s.
fn block_sides(n: usize) -> Vec<usize> {
    let eights = n / 8;
    let mut sides = match n % 8 {
        0 => vec![8; eights],
        2 => [vec![8; eights - 1], vec![10]].concat(),
        4 => [vec![8; eights - 1], vec![6, 6]].concat(),
        _ => [vec![8; eights], vec![6]].concat(),
    };
    sides.retain(|&s| s > 0);
    sides
}

/// Each square's two neighbours on the tour of the whole board, blocks of `sides` joined.
fn join_blocks(n: usize, sides: &[usize]) -> Result<Vec<[u32; 2]>, Error> {
    let starts: Vec<usize> = sides.iter().scan(0, |at, &s| Some(std::mem::replace(at, *at + s))).collect();
    let mut links = vec![[0u32; 2]; n * n];
    for (&top, &height) in starts.iter().zip(sides) {
        for (&left, &width) in starts.iter().zip(sides) {
            let block = base_tour(height, width);
            for (local, pair) in block.iter().enumerate() {
                let global = |s: u32| ((top + s as usize / width) * n + left + s as usize % width) as u32;
                let global = |s: u32| if s == NONE { NONE } else { global(s) };
                links[global(local as u32) as usize] = [global(pair[0]), global(pair[1])];
            }
        }
    }
    // A spanning tree of the blocks: along each row of blocks, then down the first column.
    for (i, (&top, &height)) in starts.iter().zip(sides).enumerate() {
        for &left in starts.iter().skip(1) {
            join(n, &mut links, (top, top + height), (left - 2, left), true)?;
        }
        if i > 0 {
            join(n, &mut links, (top - 2, top), (0, sides[0]), false)?;
        }
    }
    Ok(links)
}

/// Joins the two tours that meet at a border: squares `rows × cols` on the first tour's side of it (the two
/// rows or columns next to the border); across the border (right when `across_columns`, else down) lies the
/// other tour. One move of each tour is swapped for two moves across the border: two closed tours become
/// one, and a closed tour joined to an open one becomes an open tour with the same ends.
fn join(
    n: usize,
    links: &mut [[u32; 2]],
    rows: (usize, usize),
    cols: (usize, usize),
    across_columns: bool,
) -> Result<(), Error> {
    let beyond = |s: usize| if across_columns { s % n >= cols.1 } else { s / n >= rows.1 };
    for r in rows.0..rows.1 {
        for c in cols.0..cols.1 {
            let a1 = r * n + c;
            for a2 in links[a1].into_iter().filter(|&s| s != NONE).map(|s| s as usize) {
                if beyond(a2) {
                    continue;
                }
                for b1 in jumps(n, a1).filter(|&s| beyond(s) && near_border(n, s, rows, cols, across_columns)) {
                    for b2 in links[b1].into_iter().filter(|&s| s != NONE).map(|s| s as usize) {
                        if beyond(b2) && is_jump(n, a2, b2) {
                            relink(links, a1, a2, b1);
                            relink(links, a2, a1, b2);
                            relink(links, b1, b2, a1);
                            relink(links, b2, b1, a2);
                            return Ok(());
                        }
                    }
                }
            }
        }
    }
    Err(Error::NoTour(format!("no two moves join the tours at rows {rows:?}, columns {cols:?} of the {n}×{n} board")))
}

/// Whether `s` lies within two rows or columns beyond the border of [`join`].
fn near_border(n: usize, s: usize, rows: (usize, usize), cols: (usize, usize), across_columns: bool) -> bool {
    if across_columns { s % n < cols.1 + 2 && (rows.0..rows.1).contains(&(s / n)) } else { s / n < rows.1 + 2 }
}

/// Replaces `old` by `new` among `square`'s two neighbours on the tour.
fn relink(links: &mut [[u32; 2]], square: usize, old: usize, new: usize) {
    let pair = &mut links[square];
    if pair[0] as usize == old {
        pair[0] = new as u32;
    } else {
        pair[1] = new as u32;
    }
}

/// A tour of a `rows × cols` block (each 5, 6, 8 or 10), as each square's two neighbours on it; found once by
/// search and kept. Every block has a closed tour but 5×5, which gets an open one from its first square.
fn base_tour(rows: usize, cols: usize) -> &'static [[u32; 2]] {
    static TOURS: [[OnceLock<Vec<[u32; 2]>>; 4]; 4] = [const { [const { OnceLock::new() }; 4] }; 4];
    let index = |side: usize| (side - 4) / 2;
    TOURS[index(rows)][index(cols)].get_or_init(|| {
        let closed = rows.is_multiple_of(2) || cols.is_multiple_of(2);
        let order = if closed { search_closed(rows, cols) } else { search_open(rows, cols) };
        let mut links = vec![[0u32; 2]; rows * cols];
        let count = order.len();
        for (i, &s) in order.iter().enumerate() {
            let next = if closed || i + 1 < count { order[(i + 1) % count] as u32 } else { NONE };
            let previous = if closed || i > 0 { order[(i + count - 1) % count] as u32 } else { NONE };
            links[s] = [previous, next];
        }
        links
    })
}

/// An open tour of a `rows × cols` block from its corner: Warnsdorff's rule, ties drawn from seeded streams.
fn search_open(rows: usize, cols: usize) -> Vec<usize> {
    (0..1_000)
        .find_map(|seed| block_warnsdorff(rows, cols, &mut Stream::new(seed)))
        .unwrap_or_else(|| unreachable!("Warnsdorff's rule tours a 5×5 block from its corner within the first seeds"))
}

/// The moves of a knight on a `rows × cols` board from `square`.
fn block_jumps(rows: usize, cols: usize, square: usize) -> impl Iterator<Item = usize> {
    let (row, col) = ((square / cols) as isize, (square % cols) as isize);
    JUMPS.iter().filter_map(move |&(dr, dc)| {
        let (r, c) = (row + dr, col + dc);
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols).then(|| r as usize * cols + c as usize)
    })
}

/// A closed tour of a `rows × cols` block: an open tour by Warnsdorff's rule from the corner (ties drawn from a
/// seeded stream), then closed by Pósa's rotations — while the last square is not a knight's move from the first,
/// jump from it to a square `v` of the path and reverse the part after `v`, which keeps a path through every
/// square and gives it a new end; every thousand rotations the path is turned round, so both ends move. Every
/// block it is asked for (5 to 10 a side, at least one even) closes; the seeds make the result the same on
/// every run.
fn search_closed(rows: usize, cols: usize) -> Vec<usize> {
    let squares = rows * cols;
    for seed in 0..1_000 {
        let mut stream = Stream::new(seed);
        let Some(mut path) = block_warnsdorff(rows, cols, &mut stream) else { continue };
        let mut place = vec![0; squares];
        for (i, &s) in path.iter().enumerate() {
            place[s] = i;
        }
        for rotation in 1..100_000 {
            let end = path[squares - 1];
            if block_jumps(rows, cols, end).any(|s| s == path[0]) {
                let steps = path.windows(2).all(|w| block_jumps(rows, cols, w[0]).any(|s| s == w[1]));
                assert!(steps, "Pósa's rotations keep every step a knight's move");
                return path;
            }
            if rotation % 1_000 == 0 {
                // From the corner alone the end may never reach a square next to it (5×6 does not): turn the
                // path round so the other end moves, and rotate from the new end.
                path.reverse();
                for (k, &s) in path.iter().enumerate() {
                    place[s] = k;
                }
                continue;
            }
            let options: Vec<usize> = block_jumps(rows, cols, end).filter(|&s| s != path[squares - 2]).collect();
            let Some(&v) = stream.pick(&options) else { break };
            let i = place[v];
            path[i + 1..].reverse();
            for (k, &s) in path.iter().enumerate().skip(i + 1) {
                place[s] = k;
            }
        }
    }
    unreachable!("every block from 5×6 to 10×10 closes within the first seeds")
}

/// An open tour of a `rows × cols` block from its corner by Warnsdorff's rule, ties drawn from `stream`.
fn block_warnsdorff(rows: usize, cols: usize, stream: &mut Stream) -> Option<Vec<usize>> {
    let squares = rows * cols;
    let mut visited = vec![false; squares];
    let mut path = vec![0];
    visited[0] = true;
    while path.len() < squares {
        let at = path[path.len() - 1];
        let onward = |s: usize| block_jumps(rows, cols, s).filter(|&t| !visited[t]).count();
        let options: Vec<usize> = block_jumps(rows, cols, at).filter(|&s| !visited[s]).collect();
        let fewest = options.iter().map(|&s| onward(s)).min()?;
        let tied: Vec<usize> = options.into_iter().filter(|&s| onward(s) == fewest).collect();
        let next = *stream.pick(&tied)?;
        visited[next] = true;
        path.push(next);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_tour_every_odd_board_from_11_to_75_from_each_corner() {
        for n in (11..=75).step_by(2) {
            for corner in [0, n - 1, (n - 1) * n, n * n - 1] {
                let tour = odd_corner_tour(n, corner).unwrap_or_else(|| panic!("{n}×{n} from {corner}"));
                assert!(is_tour(n, &tour.squares, false), "{n}×{n} from {corner}");
                assert_eq!(tour.squares[0], corner, "{n}×{n}");
            }
        }
    }

    #[test]
    fn blocks_refuse_even_boards_small_ones_and_starts_off_the_corners() {
        assert_eq!(odd_corner_tour(12, 0), None);
        assert_eq!(odd_corner_tour(9, 0), None);
        assert_eq!(odd_corner_tour(11, 1), None);
        assert_eq!(odd_corner_tour(11, 60), None);
    }
}
