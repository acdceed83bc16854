//! Solving N queens: counting every solution and the distinct ones, and min-conflicts repair.
//!
//! - [`count`]: every solution and the distinct ones under the board's eight symmetries, by bitmask
//!   backtracking that visits one solution of each symmetry class (the "Takaken" counter's method): a class with a
//!   queen in a corner is met with that queen at the top left; any other with its edge queen nearest a
//!   corner on the top row's left half, the other edge queens kept at least as far from the corners (rows
//!   and columns ruled out as the search goes), ties settled by comparing the board with its images. Each
//!   class found adds the size of its orbit; the threads share the first rows' placements.
//! - [`repair`]: min-conflicts (the thesis's "sezgisel onarım", heuristic repair, after Minton et al.):
//!   move a queen in conflict along its file to the square attacked least, until none is attacked.
//!
//! A placement is written as one rank per file: `ranks[file]`, both counted from 0.

use std::sync::atomic::{AtomicUsize, Ordering};

use hamle_core::Stream;
use rayon::prelude::*;

/// The largest board [`count`] takes: a row of the board is one machine word.
pub const MAX_COUNT: usize = 32;

/// The largest board [`repair`] takes.
pub const MAX_REPAIR: usize = 10_000_000;

/// Why a board size or a placement is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The board is too small or too large for what was asked.
    #[error("N must be from {min} to {max} here, not {n}")]
    Size {
        /// The size asked for.
        n: usize,
        /// The least size taken.
        min: usize,
        /// The largest size taken.
        max: usize,
    },
    /// Min-conflicts did not finish within its steps (it can stall; another seed usually finishes).
    #[error("min-conflicts did not solve {n} queens within {steps} steps; try another seed")]
    Stalled {
        /// The board size.
        n: usize,
        /// The steps taken.
        steps: u64,
    },
}

/// How many solutions a board has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// Every solution.
    pub solutions: u64,
    /// Solutions counted once for all their rotations and reflections.
    pub unique: u64,
}

/// Counts every solution of `n` queens and the distinct ones under rotation and reflection.
///
/// ```
/// let counts = hamle_puzzles::queens::count(8).unwrap();
/// assert_eq!((counts.solutions, counts.unique), (92, 12));
/// ```
pub fn count(n: usize) -> Result<Counts, Error> {
    count_with(n, &|_, _| {})
}

/// [`count`], telling `progress` of each piece of the search finished: `(done, pieces)`.
pub fn count_with(n: usize, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Counts, Error> {
    if !(1..=MAX_COUNT).contains(&n) {
        return Err(Error::Size { n, min: 1, max: MAX_COUNT });
    }
    if n == 1 {
        return Ok(Counts { n, solutions: 1, unique: 1 });
    }
    // Two levels of placements give a few hundred pieces: enough for rayon to keep every thread busy
    // although the pieces differ a thousandfold in size.
    let pieces: Vec<Piece> = roots(n).iter().flat_map(Piece::children).flat_map(|p| p.children()).collect();
    let (total, done) = (pieces.len(), AtomicUsize::new(0));
    let (solutions, unique) = pieces
        .into_par_iter()
        .map(|piece| {
            let found = piece.search();
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            found
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    Ok(Counts { n, solutions, unique })
}

/// The searches that together meet each symmetry class once: the top left corner's queen with the second
/// row's queen in each column it may take, then the top row's queen `d` squares from the left for each
/// `d` short of the middle.
fn roots(n: usize) -> Vec<Piece> {
    let all = (1u64 << n) - 1;
    let last = n - 1;
    let mut roots = Vec::new();
    for second in 2..last {
        // The class's two boards with a queen top left are mirror images in the main diagonal, which
        // swaps the second row's queen's column with the second column's queen's row: the board kept has
        // the smaller column, so no queen stands in the second column above row `second`.
        let mut allow = [all; MAX_COUNT];
        for row in allow.iter_mut().take(second).skip(2) {
            *row &= !0b10;
        }
        let mut piece = Piece::new(n, allow, usize::MAX, Shape::Corner);
        piece.place(1);
        piece.place(1 << second);
        roots.push(piece);
    }
    let sides = 1 | 1 << last;
    let mut d = 1;
    while d < last - d {
        // No edge queen nearer a corner than the top row's: the side columns' queens keep `d` rows from
        // the top and the bottom, and the bottom row's `d` columns from the sides.
        let mut allow = [all; MAX_COUNT];
        for row in allow.iter_mut().take(d).skip(1) {
            *row &= !sides;
        }
        for row in allow.iter_mut().take(n).skip(last - d + 1) {
            *row &= !sides;
        }
        let near_corners = (1u64 << d) - 1;
        allow[last] &= !(near_corners | near_corners << (n - d));
        let mut piece = Piece::new(n, allow, last - d, Shape::Edge);
        piece.place(1 << d);
        roots.push(piece);
        d += 1;
    }
    roots.retain(|piece| piece.free != 0);
    roots
}

/// Which kind of symmetry class a search meets.
#[derive(Clone, Copy)]
enum Shape {
    /// A queen in a corner: no symmetry leaves such a board unchanged, so each board found stands for eight.
    Corner,
    /// No queen in a corner: a board found counts if no image of it the search also meets comes first.
    Edge,
}

/// A search from the first rows' queens placed: what they attack and the squares the search may use.
#[derive(Clone, Copy)]
struct Piece {
    n: usize,
    /// The next row to fill.
    row: usize,
    /// The squares of `row` free to take.
    free: u64,
    /// Columns and both diagonals attacked, as seen from `row`.
    cols: u64,
    left: u64,
    right: u64,
    /// The columns each row may use.
    allow: [u64; MAX_COUNT],
    /// The row by which both side columns must hold a queen (or `usize::MAX` for no such rule).
    sides_by: usize,
    shape: Shape,
    /// The queens so far: a column per row.
    columns: [u8; MAX_COUNT],
}

impl Piece {
    fn new(n: usize, allow: [u64; MAX_COUNT], sides_by: usize, shape: Shape) -> Piece {
        Piece { n, row: 0, free: allow[0], cols: 0, left: 0, right: 0, allow, sides_by, shape, columns: [0; 32] }
    }

    /// Places the row's queen on `bit` (one of the row's free squares).
    fn place(&mut self, bit: u64) {
        self.columns[self.row] = bit.trailing_zeros() as u8;
        self.cols |= bit;
        self.left = (self.left | bit) << 1;
        self.right = (self.right | bit) >> 1;
        self.row += 1;
        self.free = self.free_squares();
    }

    /// The squares of the current row the search may take.
    fn free_squares(&self) -> u64 {
        let free = self.allow[self.row] & !(self.cols | self.left | self.right);
        if self.row == self.sides_by { on_sides_row(free, self.cols, self.n) } else { free }
    }

    /// The piece with one more row placed, in each way it may be.
    fn children(&self) -> Vec<Piece> {
        if self.row >= self.n - 1 {
            return vec![*self];
        }
        let mut children = Vec::new();
        let mut free = self.free;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let mut child = *self;
            child.place(bit);
            if child.free != 0 {
                children.push(child);
            }
        }
        children
    }

    /// The solutions and symmetry classes below this piece: depth first on an explicit stack (no call per
    /// row), the last row's single free square, if any, checked at once.
    fn search(mut self) -> (u64, u64) {
        let (n, last) = (self.n, self.n - 1);
        if self.row == last {
            if self.free == 0 {
                return (0, 0);
            }
            self.columns[last] = self.free.trailing_zeros() as u8;
            return self.found();
        }
        let base = self.row;
        let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_COUNT];
        stack[base] = (self.free, self.cols, self.left, self.right);
        let (mut row, mut total, mut unique) = (base, 0, 0);
        loop {
            let (free, cols, left, right) = stack[row];
            if free == 0 {
                if row == base {
                    return (total, unique);
                }
                row -= 1;
                continue;
            }
            let bit = free & free.wrapping_neg();
            stack[row].0 = free ^ bit;
            let (cols, left, right) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            let mut next = self.allow[row + 1] & !(cols | left | right);
            if row + 1 == self.sides_by {
                next = on_sides_row(next, cols, n);
            }
            if row + 1 < last {
                row += 1;
                stack[row] = (next, cols, left, right);
            } else if next != 0 {
                // Only the edge search compares boards: each row's queen is the column its row added to those
                // taken (rebuilt only here, where needed; a corner board counts eight without it).
                if let Shape::Edge = self.shape {
                    for r in base..last {
                        let after = if r + 1 < last { stack[r + 1].1 } else { cols };
                        self.columns[r] = (after ^ stack[r].1).trailing_zeros() as u8;
                    }
                    self.columns[last] = next.trailing_zeros() as u8;
                }
                let (solutions, classes) = self.found();
                total += solutions;
                unique += classes;
            }
        }
    }

    /// What the complete board in `columns` adds: (solutions, classes).
    fn found(&self) -> (u64, u64) {
        match self.shape {
            Shape::Corner => (8, 1),
            Shape::Edge => orbit_if_first(&self.columns[..self.n]).map_or((0, 0), |orbit| (orbit, 1)),
        }
    }
}

/// The row by which both side columns must be taken: if neither is yet, none can be (one row cannot take
/// both); if one is, this row's queen takes the other.
fn on_sides_row(free: u64, cols: u64, n: usize) -> u64 {
    let sides = 1 | 1 << (n - 1);
    match cols & sides {
        0 => 0,
        taken if taken == sides => free,
        _ => free & sides,
    }
}

/// The size of the board's symmetry class, if the board (a column per row, no queen in a corner) comes
/// first, as a sequence of columns, among its images the search meets: those with the same top row.
///
/// Only the three turns can keep the top row: under a reflection the top queen's image stands where a queen
/// attacking it would have to stand (upside down, in its column; mirrored in either diagonal, on one of its
/// diagonals; left to right, in the other half). A quarter turn that leaves the board unchanged leaves two boards
/// in the class, a half turn four; otherwise there are eight (no reflection leaves a solution unchanged).
fn orbit_if_first(columns: &[u8]) -> Option<u64> {
    let n = columns.len();
    let m = (n - 1) as u8;
    let top = columns[0];
    let row_of = |column: u8| columns.iter().position(|&c| c == column).unwrap_or(0) as u8;
    // Each turn's top row: the queen of the left column, the bottom row or the right column, turned.
    let (quarter, half, three_quarters) = (m - row_of(0), m - columns[n - 1], row_of(m));
    if ![quarter, half, three_quarters].contains(&top) {
        return Some(8);
    }
    let mut rows = [0u8; MAX_COUNT];
    for (row, &column) in columns.iter().enumerate() {
        rows[usize::from(column)] = row as u8;
    }
    let mut orbit = 8;
    for (image_top, turn) in [(quarter, Turn::Quarter), (half, Turn::Half), (three_quarters, Turn::ThreeQuarters)] {
        if image_top != top {
            continue;
        }
        // The column of the turned board's row `k`.
        let at = |k: usize| match turn {
            Turn::Quarter => m - rows[k],
            Turn::Half => m - columns[n - 1 - k],
            Turn::ThreeQuarters => rows[n - 1 - k],
        };
        match (1..n).map(at).cmp(columns[1..].iter().copied()) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => orbit = orbit.min(if turn == Turn::Half { 4 } else { 2 }),
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(orbit)
}

/// A turn of the board, clockwise.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    Quarter,
    Half,
    ThreeQuarters,
}

/// Whether `ranks` (one rank per file) places `ranks.len()` queens with none attacking another.
///
/// ```
/// use hamle_puzzles::queens::is_solution;
/// assert!(is_solution(&[1, 3, 0, 2]));
/// assert!(!is_solution(&[0, 1, 2, 3]));
/// ```
pub fn is_solution(ranks: &[usize]) -> bool {
    let n = ranks.len();
    let mut seen_rank = vec![false; n];
    let mut rising = vec![false; 2 * n];
    let mut falling = vec![false; 2 * n];
    for (file, &rank) in ranks.iter().enumerate() {
        if rank >= n {
            return false;
        }
        let (up, down) = (file + n - rank, file + rank);
        if seen_rank[rank] || rising[up] || falling[down] {
            return false;
        }
        seen_rank[rank] = true;
        rising[up] = true;
        falling[down] = true;
    }
    true
}

/// How min-conflicts places the queens before repairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Each queen on a rank drawn at random, as in the thesis's 8-queens example.
    Random,
    /// Each queen on an unused rank, drawn until one is free of diagonal attacks (a few tries each):
    /// the start that Minton et al.'s "about 50 steps" for a million queens assumes.
    Greedy,
}

/// The outcome of a repair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The solution: one rank per file.
    pub ranks: Vec<usize>,
    /// Queens in conflict when the repair began.
    pub conflicts_at_start: usize,
    /// Queens moved by the repair.
    pub steps: u64,
    /// Fresh starts after stalling.
    pub restarts: u32,
}

/// Attack counts of a placement, kept up to date as queens move.
pub struct Board {
    ranks: Vec<usize>,
    on_rank: Vec<u32>,
    rising: Vec<u32>,
    falling: Vec<u32>,
}

impl Board {
    /// The board with queens on `ranks` (one rank per file, each below `ranks.len()`).
    pub fn new(ranks: Vec<usize>) -> Board {
        let n = ranks.len();
        let mut board =
            Board { ranks: Vec::new(), on_rank: vec![0; n], rising: vec![0; 2 * n], falling: vec![0; 2 * n] };
        for (file, &rank) in ranks.iter().enumerate() {
            board.add(file, rank);
        }
        board.ranks = ranks;
        board
    }

    fn add(&mut self, file: usize, rank: usize) {
        let n = self.on_rank.len();
        self.on_rank[rank] += 1;
        self.rising[file + n - rank] += 1;
        self.falling[file + rank] += 1;
    }

    fn remove(&mut self, file: usize, rank: usize) {
        let n = self.on_rank.len();
        self.on_rank[rank] -= 1;
        self.rising[file + n - rank] -= 1;
        self.falling[file + rank] -= 1;
    }

    /// The queens on file `file`'s square `rank` would be attacked by, leaving out the file's own queen.
    pub fn attacks(&self, file: usize, rank: usize) -> u32 {
        let n = self.on_rank.len();
        let own = self.ranks[file];
        let count = self.on_rank[rank] + self.rising[file + n - rank] + self.falling[file + rank];
        // The file's own queen shares no line with another square of its file.
        if own == rank { count - 3 } else { count }
    }

    /// Whether the queen on `file` is attacked.
    pub fn in_conflict(&self, file: usize) -> bool {
        self.attacks(file, self.ranks[file]) > 0
    }

    /// The attack count of every square of `file` (the thesis's value set S for the file).
    pub fn values(&self, file: usize) -> Vec<u32> {
        (0..self.on_rank.len()).map(|rank| self.attacks(file, rank)).collect()
    }

    /// Moves the queen on `file` to `rank`.
    pub fn shift(&mut self, file: usize, rank: usize) {
        let from = self.ranks[file];
        self.remove(file, from);
        self.add(file, rank);
        self.ranks[file] = rank;
    }

    /// The queens' ranks, one per file.
    pub fn ranks(&self) -> &[usize] {
        &self.ranks
    }
}

/// Steps one attempt of [`repair`] may take before it starts afresh.
fn step_limit(n: usize) -> u64 {
    1_000 + 10 * n as u64
}

/// Fresh starts [`repair`] makes before it gives up.
const MAX_RESTARTS: u32 = 50;

/// Solves `n` queens by min-conflicts: while a queen is attacked, take one at random and move it along its
/// file to the square attacked least (ties drawn at random), counting each move as a step.
///
/// ```
/// use hamle_core::Stream;
/// use hamle_puzzles::queens::{Start, is_solution, repair};
///
/// let done = repair(1000, Start::Greedy, &mut Stream::new(1)).unwrap();
/// assert!(is_solution(&done.ranks));
/// ```
pub fn repair(n: usize, start: Start, stream: &mut Stream) -> Result<Repair, Error> {
    if n == 2 || n == 3 || !(1..=MAX_REPAIR).contains(&n) {
        // Two and three queens have no solution at all.
        return Err(Error::Size { n, min: 4, max: MAX_REPAIR });
    }
    let mut steps = 0;
    for restarts in 0..=MAX_RESTARTS {
        let mut board = Board::new(initial(n, start, stream));
        let mut suspects: Vec<usize> = (0..n).filter(|&f| board.in_conflict(f)).collect();
        let conflicts_at_start = suspects.len();
        let limit = steps + step_limit(n);
        while !suspects.is_empty() && steps < limit {
            let i = stream.below(suspects.len());
            let file = suspects[i];
            if !board.in_conflict(file) {
                suspects.swap_remove(i);
                continue;
            }
            let rank = least_attacked(&board, file, stream);
            board.shift(file, rank);
            steps += 1;
            // Queens on the new square's lines are attacked now; those that were attacked from the old
            // square and no longer are leave the list when next drawn.
            let (up, down) = (file + n - rank, file + rank);
            for (other, &r) in board.ranks.iter().enumerate() {
                if other != file && (r == rank || other + n - r == up || other + r == down) {
                    suspects.push(other);
                }
            }
        }
        if suspects.is_empty() {
            return Ok(Repair { ranks: board.ranks, conflicts_at_start, steps, restarts });
        }
    }
    Err(Error::Stalled { n, steps })
}

/// The square of `file` attacked least, ties drawn at random (reservoir sampling: one draw per tie).
fn least_attacked(board: &Board, file: usize, stream: &mut Stream) -> usize {
    let mut best = u32::MAX;
    let mut choice = board.ranks[file];
    let mut ties = 0;
    for rank in 0..board.on_rank.len() {
        let attacks = board.attacks(file, rank);
        if attacks < best {
            (best, choice, ties) = (attacks, rank, 1);
        } else if attacks == best {
            ties += 1;
            if stream.below(ties) == 0 {
                choice = rank;
            }
        }
    }
    choice
}

/// The placement a repair starts from.
fn initial(n: usize, start: Start, stream: &mut Stream) -> Vec<usize> {
    match start {
        Start::Random => (0..n).map(|_| stream.below(n)).collect(),
        Start::Greedy => {
            const TRIES: usize = 32;
            let mut unused: Vec<usize> = (0..n).collect();
            let mut rising = vec![false; 2 * n];
            let mut falling = vec![false; 2 * n];
            let mut ranks = Vec::with_capacity(n);
            for file in 0..n {
                let mut pick = 0;
                for _ in 0..TRIES.min(unused.len()) {
                    pick = stream.below(unused.len());
                    let rank = unused[pick];
                    if !rising[file + n - rank] && !falling[file + rank] {
                        break;
                    }
                }
                let rank = unused.swap_remove(pick);
                rising[file + n - rank] = true;
                falling[file + rank] = true;
                ranks.push(rank);
            }
            ranks
        }
    }
}
