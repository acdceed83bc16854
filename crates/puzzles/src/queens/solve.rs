//! Solving N queens: counting every solution and the distinct ones, and min-conflicts repair.
//!
//! - [`count`]: every solution and the distinct ones under the board's eight symmetries, by bitmask
//!   backtracking over the left half of the first row (the right half is its mirror image), spread over
//!   threads by the first two rows; the distinct ones by Burnside's lemma from the solutions a half turn
//!   and a quarter turn leave unchanged, each counted by a search of its own.
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
    let solutions = count_all(n, progress);
    // Burnside: the distinct solutions are the average, over the eight symmetries, of the solutions each
    // leaves unchanged. For n ≥ 2 no reflection leaves a solution unchanged (a queen and its image would
    // share a file, a rank or a diagonal), so only the identity and the three turns remain.
    let half = count_half_turn(n);
    let quarter = count_quarter_turn(n);
    Ok(Counts { n, solutions, unique: (solutions + half + 2 * quarter) / 8 })
}

/// Every solution, by the first row's left half doubled (and, for odd `n`, the middle with the second row's
/// left half doubled), the first two rows' placements shared among threads.
fn count_all(n: usize, progress: &(dyn Fn(usize, usize) + Sync)) -> u64 {
    let all = (1u64 << n) - 1;
    let mut starts = Vec::new();
    // (first-row column, weight): a queen left of the middle stands for its mirror image too.
    let mut firsts: Vec<(usize, u64)> = (0..n / 2).map(|c| (c, 2)).collect();
    if n % 2 == 1 {
        firsts.push((n / 2, 1));
    }
    for (c0, weight) in firsts {
        let bit0 = 1u64 << c0;
        let free = all & !(bit0 | bit0 << 1 | bit0 >> 1);
        for c1 in 0..n {
            let bit1 = 1u64 << c1;
            if free & bit1 == 0 {
                continue;
            }
            // With the first queen in the middle, the mirror image swaps the second queen's half.
            let weight = if c0 == n / 2 && n % 2 == 1 { if c1 < n / 2 { 2 } else { continue } } else { weight };
            let cols = bit0 | bit1;
            let left = ((bit0 << 1) | bit1) << 1;
            let right = ((bit0 >> 1) | bit1) >> 1;
            starts.push((cols, left & all, right, weight));
        }
    }
    let (pieces, done) = (starts.len(), AtomicUsize::new(0));
    starts
        .into_par_iter()
        .map(|(cols, left, right, weight)| {
            let found = weight * complete(all, cols, left, right, n - 2);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, pieces);
            found
        })
        .sum()
}

/// The ways to fill `rows` more rows given the columns and diagonals already attacked: depth first with an
/// explicit stack (no call per row), the last row counted at once (at most one of its squares is free). Bits
/// shifted past the board's edge never come back, and `all` masks them out.
fn complete(all: u64, cols: u64, left: u64, right: u64, rows: usize) -> u64 {
    let free = all & !(cols | left | right);
    if rows <= 1 {
        return u64::from(free.count_ones());
    }
    let mut stack = [(0u64, 0u64, 0u64, 0u64); MAX_COUNT];
    stack[0] = (free, cols, left, right);
    let last = rows - 2;
    let mut depth = 0;
    let mut total = 0;
    loop {
        let (free, cols, left, right) = stack[depth];
        if free == 0 {
            if depth == 0 {
                return total;
            }
            depth -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        stack[depth].0 = free ^ bit;
        let (cols, left, right) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
        let next = all & !(cols | left | right);
        if depth == last {
            total += u64::from(next.count_ones());
        } else {
            depth += 1;
            stack[depth] = (next, cols, left, right);
        }
    }
}

/// Squares taken so far, for the symmetric searches: files, ranks and both diagonals.
#[derive(Clone, Copy, Default)]
struct Taken {
    files: u64,
    ranks: u64,
    rising: u64,
    falling: u64,
}

impl Taken {
    /// Takes the square, or says it is attacked (nothing changed then).
    fn take(&mut self, n: usize, file: usize, rank: usize) -> bool {
        let (f, r) = (1u64 << file, 1u64 << rank);
        let (up, down) = (1u64 << (file + n - 1 - rank), 1u64 << (file + rank));
        if self.files & f != 0 || self.ranks & r != 0 || self.rising & up != 0 || self.falling & down != 0 {
            return false;
        }
        self.files |= f;
        self.ranks |= r;
        self.rising |= up;
        self.falling |= down;
        true
    }
}

/// Solutions a half turn leaves unchanged: the queen on `(file, rank)` has its partner on
/// `(n-1-file, n-1-rank)`; files are filled from both edges inwards.
fn count_half_turn(n: usize) -> u64 {
    fn fill(n: usize, file: usize, taken: Taken) -> u64 {
        if file >= n / 2 {
            if n % 2 == 0 {
                return 1;
            }
            let mut last = taken;
            return u64::from(last.take(n, n / 2, n / 2));
        }
        let mut total = 0;
        for rank in 0..n {
            let mut next = taken;
            if next.take(n, file, rank) && next.take(n, n - 1 - file, n - 1 - rank) {
                total += fill(n, file + 1, next);
            }
        }
        total
    }
    fill(n, 0, Taken::default())
}

/// Solutions a quarter turn leaves unchanged: queens come in fours, `(f, r) → (r, n-1-f) → …`, and the
/// centre for odd `n`; files are filled in order, each new queen placing its three images.
fn count_quarter_turn(n: usize) -> u64 {
    fn fill(n: usize, taken: Taken) -> u64 {
        let Some(file) = (0..n).find(|&f| taken.files & (1 << f) == 0) else { return 1 };
        if n % 2 == 1 && file == n / 2 {
            let mut next = taken;
            return if next.take(n, file, file) { fill(n, next) } else { 0 };
        }
        let mut total = 0;
        for rank in 0..n {
            let orbit = [(file, rank), (rank, n - 1 - file), (n - 1 - file, n - 1 - rank), (n - 1 - rank, file)];
            let mut next = taken;
            if orbit.iter().all(|&(f, r)| next.take(n, f, r)) {
                total += fill(n, next);
            }
        }
        total
    }
    if n % 4 == 2 || n % 4 == 3 {
        return 0;
    }
    fill(n, Taken::default())
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
