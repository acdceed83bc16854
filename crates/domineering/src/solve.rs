//! The exact solver: does the side to move win? A boolean depth-first search over bitboards with
//! move-count bounds, Bullock's move ordering, safe moves left out and a transposition table shared
//! by the board's symmetries.
//!
//! Techniques (the proofs and their limits are in `docs/rules/domineering.md`):
//! - the board is held twice, row by row and column by column, so that the mover always places its
//!   domino "down a line" with one shift and one mask, whichever side it is;
//! - **bounds** ([`Bounds`]), by default Bullock's count as his solver Obsequi makes it: the mover's
//!   sure moves (safe placements, walled 2×2 areas, vulnerable placements of which it keeps a share
//!   while the opponent spoils the rest, options beside safe placements) against the most moves the
//!   opponent can still make in the cells left once those and the cells no one can fill are taken
//!   away. It is checked against plain search, not proved. [`Bounds::Proven`] is a weaker count
//!   with a proof: the opponent makes at most `max_O` moves and no more than half the cells it can
//!   still reach; the mover is sure of its safe moves and of the share of its other units that a
//!   small game table gives;
//! - **safe moves left out** while the mover has any other move (Bullock's rule, checked against
//!   plain minimax in the tests);
//! - **ordering** as in Bullock's Obsequi: by the change to the mover's disjoint and safe placements
//!   less the change to the opponent's, then by a fixed preference for the board's places;
//! - **transposition table** keyed by a hash that is the same for a board and its mirror images
//!   (left–right, top–bottom) and, on square boards, for its transpose with the roles swapped;
//! - **threads**: root moves are tried one at a time, best first, and the threads share out the
//!   opponent's replies to each (all must be answered for the move to win) and the table (lock-free entries).
//!
//! Boards of up to 128 cells are searched (11×11 fits); larger ones are refused.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use hamle_core::Game;
use hamle_core::stream::mix64;

use crate::rules::{Domineering, Move, Side, SizeError};

/// Why a solve gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A side is 0 or above 16.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The board has more cells than the solver's 128-bit boards hold.
    #[error("the solver handles boards of at most 128 cells; {rows}x{cols} has {}", rows * cols)]
    TooBig {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The node or time limit ran out first.
    #[error("gave up after {nodes} nodes: the node or time limit ran out")]
    OutOfBudget {
        /// Nodes searched before giving up.
        nodes: u64,
    },
}

/// Limits and resources for one solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Threads sharing out the opponent's replies to each root move (1 = this thread only).
    pub threads: usize,
    /// The transposition table's size in bytes (whole buckets of eight 8-byte entries); without it,
    /// 16 MiB for boards of up to 64 cells (which the cache holds better than more) and 128 MiB above.
    pub table_bytes: Option<usize>,
    /// Give up after this many nodes (counted per thread when there are several).
    pub max_nodes: Option<u64>,
    /// Give up at this moment.
    pub deadline: Option<Instant>,
    /// Which move-count bounds cut the search short.
    pub bounds: Bounds,
}

/// The move-count bounds the search uses to settle a position without searching it
/// (`docs/rules/domineering.md` says what each counts and how far each is proved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bounds {
    /// Bullock's count, as his solver Obsequi makes it: the strongest, checked rather than proved.
    #[default]
    Bullock,
    /// A weaker count with a proof: slower, for cross-checking answers.
    Proven,
    /// None: plain search, to cross-check the bounds themselves.
    Off,
}

impl Bounds {
    /// Reads `bullock`, `proven` or `off`.
    ///
    /// ```
    /// use hamle_domineering::solve::Bounds;
    /// assert_eq!(Bounds::parse("proven"), Some(Bounds::Proven));
    /// assert_eq!(Bounds::parse(Bounds::Bullock.name()), Some(Bounds::default()));
    /// assert_eq!(Bounds::parse("fast"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Bounds> {
        match text {
            "bullock" => Some(Bounds::Bullock),
            "proven" => Some(Bounds::Proven),
            "off" => Some(Bounds::Off),
            _ => None,
        }
    }

    /// The name [`Bounds::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Bounds::Bullock => "bullock",
            Bounds::Proven => "proven",
            Bounds::Off => "off",
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { threads: 1, table_bytes: None, max_nodes: None, deadline: None, bounds: Bounds::default() }
    }
}

impl SolveOptions {
    /// The table's size in bytes for a board of `cells` cells: the chosen size kept within
    /// [`SolveOptions::MIN_TABLE`] and [`SolveOptions::MAX_TABLE`], rounded down to whole buckets.
    ///
    /// ```
    /// use hamle_domineering::solve::SolveOptions;
    /// let default = SolveOptions::default();
    /// assert_eq!((default.table_bytes_for(64), default.table_bytes_for(65)), (16 << 20, 128 << 20));
    /// let chosen = SolveOptions { table_bytes: Some(100_000), ..SolveOptions::default() };
    /// assert_eq!(chosen.table_bytes_for(81), 99_968);
    /// ```
    pub fn table_bytes_for(&self, cells: usize) -> usize {
        let bytes = self.table_bytes.unwrap_or(if cells <= 64 { 16 << 20 } else { 128 << 20 });
        bytes.clamp(Self::MIN_TABLE, Self::MAX_TABLE) / BUCKET * BUCKET
    }

    /// The smallest table: 64 KiB.
    pub const MIN_TABLE: usize = 64 << 10;
    /// The largest table: 16 GiB.
    pub const MAX_TABLE: usize = 16 << 30;
}

/// The answer for a position: who wins with perfect play, a winning move when the mover wins, and the effort.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The side that wins with perfect play.
    pub winner: Side,
    /// A winning move for the side to move, when it is the winner and has moves.
    pub best: Option<Move>,
    /// Nodes searched (every call of the search counts one).
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The transposition table's size in MiB.
    pub table_mib: u64,
}

/// A board's outcome as the seed's table writes it, from its winner with Vertical first and with Horizontal
/// first: `V` (Vertical wins whoever starts), `H`, `1` (the first player wins), `2` (the second).
///
/// ```
/// use hamle_domineering::{Side, solve::outcome_letter};
/// assert_eq!(outcome_letter(Side::Vertical, Side::Horizontal), "1");
/// ```
pub fn outcome_letter(vertical_first: Side, horizontal_first: Side) -> &'static str {
    match (vertical_first, horizontal_first) {
        (Side::Vertical, Side::Vertical) => "V",
        (Side::Horizontal, Side::Horizontal) => "H",
        (Side::Vertical, Side::Horizontal) => "1",
        (Side::Horizontal, Side::Vertical) => "2",
    }
}

/// Solves an empty `rows`×`cols` board with `first` to move.
///
/// # Errors
/// A bad size, a board over 128 cells, or a limit reached first.
///
/// ```
/// use hamle_domineering::{Side, solve::{SolveOptions, solve}};
/// // On 2×2 whoever moves first wins.
/// let solved = solve(2, 2, Side::Horizontal, &SolveOptions::default())?;
/// assert_eq!(solved.winner, Side::Horizontal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(rows: usize, cols: usize, first: Side, options: &SolveOptions) -> Result<Solved, SolveError> {
    let start = Domineering::new(rows, cols, first)?;
    solve_position(&start, options)
}

/// Solves any position (the side to move is the one in `state`).
///
/// # Errors
/// [`SolveError::TooBig`] over 128 cells, [`SolveError::OutOfBudget`] when a limit is reached first.
pub fn solve_position(state: &Domineering, options: &SolveOptions) -> Result<Solved, SolveError> {
    let (rows, cols) = (state.rows(), state.cols());
    if rows * cols <= 64 {
        run::<u64>(state, options)
    } else if rows * cols <= 128 {
        run::<u128>(state, options)
    } else {
        Err(SolveError::TooBig { rows, cols })
    }
}

/// Plain memoised minimax over whole positions, with none of the solver's knowledge: the reference
/// the tests compare the solver with. Returns whether the side to move wins. Slow beyond ~24 cells.
pub fn minimax_wins(state: &Domineering) -> bool {
    fn go(state: &Domineering, memo: &mut std::collections::HashMap<Domineering, bool>) -> bool {
        if let Some(&known) = memo.get(state) {
            return known;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let wins = moves.iter().any(|&mv| {
            let mut child = state.clone();
            child.play(mv);
            !go(&child, memo)
        });
        memo.insert(state.clone(), wins);
        wins
    }
    go(state, &mut std::collections::HashMap::new())
}

/// A fixed-width bit set: `u64` for boards up to 64 cells, `u128` up to 128.
trait Bits:
    Copy
    + Eq
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    fn ones(self) -> u32;
    fn lowest(self) -> u32;
    /// The lowest `len` (at most 16) bits, as a `u32`.
    fn low_bits(self, len: u32) -> u32;
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    fn bit(i: usize) -> Self {
        Self::ONE << (i as u32)
    }
    /// The lowest bit set alone (none when there is none): cheaper than `bit(lowest())`.
    fn lowest_bit(self) -> Self;
    /// The sum, wrapping: carries run along runs of set bits.
    fn plus(self, other: Self) -> Self;
    /// The bits moved `n` places up, `n` below 64 (a line's width): cheaper than a general shift of a `u128`.
    fn line_up(self, n: u32) -> Self {
        self << (n & 63)
    }
    /// The bits moved `n` places down, `n` below 64.
    fn line_down(self, n: u32) -> Self {
        self >> (n & 63)
    }
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn ones(self) -> u32 {
                self.count_ones()
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn low_bits(self, len: u32) -> u32 {
                (self as u32) & ((1 << len) - 1)
            }
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    )*};
}

impl_bits!(u64, u128);

/// One side's view of the board: cells numbered so that its dominoes cover `i` and `i + width`
/// (row by row for Vertical, column by column for Horizontal), and the opponent's cover `i`, `i + 1`.
#[derive(Clone, Copy)]
struct View<B> {
    /// Lines of `width` cells: the side's dominoes cover one cell in each of two adjacent lines.
    lines: u32,
    width: u32,
    all: B,
    not_first: B,
    not_last: B,
    /// Lines whose index is even (0) or odd (1): the lower lines of the two tilings into bands of two lines.
    bands: [B; 2],
    /// Cells at an even (0) or odd (1) place along their line.
    places: [B; 2],
}

impl<B: Bits> View<B> {
    fn new(lines: usize, width: usize) -> Self {
        let (mut all, mut not_first, mut not_last) = (B::ZERO, B::ZERO, B::ZERO);
        let (mut bands, mut places) = ([B::ZERO; 2], [B::ZERO; 2]);
        for line in 0..lines {
            for x in 0..width {
                let b = B::bit(line * width + x);
                all = all | b;
                bands[line % 2] = bands[line % 2] | b;
                places[x % 2] = places[x % 2] | b;
                if x > 0 {
                    not_first = not_first | b;
                }
                if x + 1 < width {
                    not_last = not_last | b;
                }
            }
        }
        View { lines: lines as u32, width: width as u32, all, not_first, not_last, bands, places }
    }

    /// The most disjoint placements the opponent has among the empty cells `e` (its dominoes lie along
    /// this view's lines): the same count as the opponent's own view's [`View::disjoint`], without its
    /// loop. In a run of placements along a line the greedy packing takes every other one from the
    /// run's start; an addition's carry marks the runs that start at an even place.
    fn opponents_most(&self, e: B) -> u32 {
        let pairs = e & (e >> 1) & self.not_last;
        let starts = pairs & !((pairs << 1) & self.not_first);
        // Adding a run's first bit clears the run: what it clears is the runs starting at even places.
        let even_runs = pairs & !pairs.plus(starts & self.places[0]);
        ((even_runs & self.places[0]) | (pairs & !even_runs & self.places[1])).ones()
    }

    /// Lower cells of the side's own placements among the empty cells `e`.
    fn placements(&self, e: B) -> B {
        e & e.line_down(self.width)
    }

    /// Empty cells the opponent can never cover: both neighbours across are filled or off the board.
    fn protected(&self, e: B) -> B {
        let left_empty = (e << 1) & self.not_first;
        let right_empty = (e >> 1) & self.not_last;
        e & !left_empty & !right_empty
    }

    /// The moves the side is sure of among the cells `e` (outside its safe ones), against any replies,
    /// as the first or the second to move, given the side's walled areas (from [`View::areas`]; they
    /// lie in `e`, as no cell of an area is out of the opponent's reach). The best over packings of
    /// disjoint placements (greedy or band-aligned), without the areas or around them, each placement
    /// a double when a packed cell is beside it in a line, all valued by the [`Sure`] table.
    fn sure(&self, e: B, (areas, area_cells): (u32, B), sure: &Sure, first: bool) -> u32 {
        let w = self.width;
        let mut best = 0;
        // Without the areas, and with them (placements may then stand beside them).
        for (units, blocked) in [(0, B::ZERO), (areas, area_cells)] {
            let pm = self.placements(e & !blocked);
            for low in [self.packing(e & !blocked), pm & self.bands[0], pm & self.bands[1]] {
                // A placement is a double when a packed cell (of a placement or an area) is beside it.
                let cells = low | low.line_up(w);
                let packed = cells | blocked;
                let beside = cells & (((packed << 1) & self.not_first) | ((packed >> 1) & self.not_last));
                let doubles = (low & (beside | beside.line_down(w))).ones();
                let singles = low.ones() - doubles;
                best = best.max(sure.value(doubles, singles, units, first));
            }
        }
        best
    }

    /// The side's safe placements among the empty cells `e`.
    fn safe(&self, e: B) -> Safe<B> {
        let prot = self.protected(e);
        Safe { prot, low: self.packing(prot) }
    }

    /// Walled areas among the empty cells: 2×2 blocks (two side-by-side own placements) with both
    /// cells beyond one end blocked in both lines, so the side's first move there (the inner placement)
    /// leaves the outer one safe. Areas are kept a cell apart in their lines, so that no opponent
    /// domino touches two. Returns how many were packed and their cells.
    fn areas(&self, empty: B) -> (u32, B) {
        let w = self.width;
        let pm = self.placements(empty);
        let blocks = pm & (pm >> 1) & self.not_last;
        let left_open = (empty << 1) & self.not_first;
        let next_open = (empty >> 1) & self.not_last;
        let next2_open = (next_open >> 1) & self.not_last;
        let walled_left = !left_open & !left_open.line_down(w);
        let walled_right = !next2_open & !next2_open.line_down(w);
        let mut candidates = blocks & (walled_left | walled_right);
        let (mut count, mut taken, mut halo) = (0, B::ZERO, B::ZERO);
        while !candidates.is_zero() {
            let low = candidates.lowest_bit();
            candidates = candidates ^ low;
            let row = low | (low << 1);
            let cells = row | row.line_up(w);
            if !(cells & halo).is_zero() {
                continue;
            }
            count += 1;
            taken = taken | cells;
            halo = halo | cells | ((cells << 1) & self.not_first) | ((cells >> 1) & self.not_last);
        }
        (count, taken)
    }

    /// Lower cells of a largest set of disjoint own placements among the cells `e`: greedily, the
    /// first pair of every run, then the first of what is left once the pair after it (which shares a
    /// cell) is dropped.
    fn packing(&self, e: B) -> B {
        let mut a = self.placements(e);
        let mut low = B::ZERO;
        while !a.is_zero() {
            let starts = a & !a.line_up(self.width);
            low = low | starts;
            a = a & !(starts | starts.line_up(self.width));
        }
        low
    }

    /// The most disjoint own placements among the cells `e`, and the cells [`View::packing`] covers.
    fn disjoint(&self, e: B) -> (u32, B) {
        let low = self.packing(e);
        (low.ones(), low | low.line_up(self.width))
    }

    /// Cells across from the cells `c` (beside them in their lines), on the board.
    fn across(&self, c: B) -> B {
        ((c << 1) & self.not_first) | ((c >> 1) & self.not_last)
    }

    /// Bullock's units among the empty cells `e`: safe placements packed first, then walled areas,
    /// then the rest packed into vulnerable placements; a placement is a double when one of its
    /// reachable cells is across from a reachable cell of another unit. Options sit beside safe
    /// placements, across from no unit or other option.
    fn units(&self, e: B, Safe { prot, low: safe_low }: Safe<B>) -> Units {
        let w = self.width;
        let safe_cells = safe_low | safe_low.line_up(w);
        let (areas, area_cells) = self.areas(e);
        let free = e & !safe_cells & !area_cells;
        let low = self.packing(free);
        let pair_cells = low | low.line_up(w);
        let sheltered = low & (prot | prot.line_down(w));
        let idle_cells = prot & free & !pair_cells;
        let touched = pair_cells & !prot & self.across((pair_cells | area_cells) & !prot);
        let doubles = low & (touched | touched.line_down(w));
        let mut units = Units {
            safe: safe_low.ones() as i32,
            areas: areas as i32,
            doubles: doubles.ones() as i32,
            doubles_sheltered: (doubles & sheltered).ones() as i32,
            singles: (low & !doubles).ones() as i32,
            singles_sheltered: (low & !doubles & sheltered).ones() as i32,
            options: [0; 3],
            idle: idle_cells.ones() as i32,
        };
        let mut marked = pair_cells | area_cells | idle_cells;
        // Only placements with a cell that could be an option now are visited: as cells are marked,
        // fewer qualify, never more.
        let open = e & !marked & !safe_cells & !self.across(marked);
        let mut rest = safe_low & (open.line_up(w) | open.line_down(w).line_down(w));
        while !rest.is_zero() {
            let place = rest.lowest_bit();
            rest = rest ^ place;
            // The cell at the line before the placement's, else at the line after its second cell.
            for cell in [place.line_down(w), place.line_up(w).line_up(w)] {
                if (cell & e & !marked & !safe_cells).is_zero() || !(self.across(cell) & marked).is_zero() {
                    continue;
                }
                marked = marked | cell;
                // Each neighbour across that is empty with a wall beyond it is walled off too.
                let (next, prev) = ((cell << 1) & self.not_first, (cell >> 1) & self.not_last);
                let walled = |n: B, beyond: B| usize::from(!(n & e).is_zero() && (beyond & e).is_zero());
                let walls = walled(next, (next << 1) & self.not_first) + walled(prev, (prev >> 1) & self.not_last);
                units.options[walls] += 1;
                break;
            }
        }
        units
    }
}

/// A side's safe placements: the empty cells the opponent can never cover, and the lower cells of a
/// largest set of disjoint placements among them ([`View::packing`]).
#[derive(Clone, Copy)]
struct Safe<B> {
    prot: B,
    low: B,
}

/// How many moves a side is sure to make from its vulnerable units, taking one a turn while the
/// opponent spoils them: `doubles` are placements one opponent domino may spoil two at a time,
/// `singles` placements it spoils one at a time, and `areas` walled 2×2 blocks that give two moves to
/// the side that plays in them first (the second is safe then) and none once the opponent has
/// entered them. One opponent domino spoils two doubles, a single, an area, or an area and a double
/// beside it; it is allowed to pick any two doubles, or any area and any double, which only lowers
/// the count.
struct Sure {
    /// Indexed by [`Sure::index`]: whether the side moves first (it plays before the opponent spoils).
    table: Vec<u8>,
}

impl Sure {
    /// Placements of one side fit in 128 cells: at most 64 of them, at most 32 areas.
    const MAX: usize = 64;
    const MAX_AREAS: usize = 32;

    fn index(first: bool, a: usize, b: usize, c: usize) -> usize {
        ((usize::from(first) * (Self::MAX + 1) + a) * (Self::MAX + 1) + b) * (Self::MAX_AREAS + 1) + c
    }

    fn new() -> Self {
        let n = Self::MAX + 1;
        let mut table = vec![0u8; 2 * n * n * (Self::MAX_AREAS + 1)];
        // In order of the units left, so that every smaller state is known.
        for total in 0..=(2 * Self::MAX + Self::MAX_AREAS) {
            for a in 0..n {
                for c in 0..=Self::MAX_AREAS {
                    let Some(b) = total.checked_sub(a + c).filter(|&b| b < n) else { continue };
                    // Units are disjoint cells of a board of at most 128: larger counts never occur.
                    if 2 * (a + b) + 4 * c > 2 * Self::MAX {
                        continue;
                    }
                    let at = |t: &Vec<u8>, a: usize, b: usize, c: usize| t[Self::index(true, a, b, c)];
                    // The opponent's best spoiling move (or none) with the side to play next.
                    let spoil = |t: &Vec<u8>, a: usize, b: usize, c: usize| {
                        let mut worst = at(t, a, b, c);
                        if a > 0 {
                            worst = worst.min(at(t, a.saturating_sub(2), b, c));
                        }
                        if b > 0 {
                            worst = worst.min(at(t, a, b - 1, c));
                        }
                        if c > 0 {
                            worst = worst.min(at(t, a, b, c - 1));
                            if a > 0 {
                                worst = worst.min(at(t, a - 1, b, c - 1));
                            }
                        }
                        worst
                    };
                    let mut best = 0;
                    if a > 0 {
                        best = best.max(1 + spoil(&table, a - 1, b, c));
                    }
                    if b > 0 {
                        best = best.max(1 + spoil(&table, a, b - 1, c));
                    }
                    if c > 0 {
                        best = best.max(2 + spoil(&table, a, b, c - 1));
                    }
                    table[Self::index(true, a, b, c)] = best;
                    table[Self::index(false, a, b, c)] = spoil(&table, a, b, c);
                }
            }
        }
        Sure { table }
    }

    /// The table, built on first use.
    fn shared() -> &'static Sure {
        static SURE: std::sync::OnceLock<Sure> = std::sync::OnceLock::new();
        SURE.get_or_init(Sure::new)
    }

    fn value(&self, doubles: u32, singles: u32, areas: u32, first: bool) -> u32 {
        let a = (doubles as usize).min(Self::MAX);
        let b = (singles as usize).min(Self::MAX);
        let c = (areas as usize).min(Self::MAX_AREAS);
        u32::from(self.table[Self::index(first, a, b, c)])
    }
}

/// What playing one placement changes: its cells in both views and in every symmetric hash.
#[derive(Clone, Copy)]
struct MoveInfo<B> {
    own: B,
    other: B,
    hash: [u64; 8],
}

/// The fixed facts of one board size.
struct Geometry<B> {
    views: [View<B>; 2],
    /// Per side, per lower cell in that side's view.
    moves: [Vec<MoveInfo<B>>; 2],
    symmetries: usize,
    /// The sure-moves table, built once per process.
    sure: &'static Sure,
    /// Per side, per lower cell: the fixed ordering preference of [`Geometry::place_values`].
    place_values: [Vec<u8>; 2],
}

const SIDE_KEY: u64 = 0x5bd1_e995_27d4_eb2f;

impl<B: Bits> Geometry<B> {
    fn new(rows: usize, cols: usize) -> Self {
        let views = [View::new(rows, cols), View::new(cols, rows)];
        let square = rows == cols;
        let symmetries = if square { 8 } else { 4 };
        let mut moves: [Vec<MoveInfo<B>>; 2] = [Vec::new(), Vec::new()];
        for (s, side) in [Side::Vertical, Side::Horizontal].into_iter().enumerate() {
            let cells = rows * cols;
            for i in 0..cells {
                // Vertical view: i = r * cols + c; horizontal view: i = c * rows + r.
                let (r, c) = if s == 0 { (i / cols, i % cols) } else { (i % rows, i / rows) };
                let fits = if s == 0 { r + 1 < rows } else { c + 1 < cols };
                let mv = Move { side, row: r as u8, col: c as u8 };
                if !fits {
                    moves[s].push(MoveInfo { own: B::ZERO, other: B::ZERO, hash: [0; 8] });
                    continue;
                }
                let [(r0, c0), (r1, c1)] = mv.cells();
                let (r0, c0, r1, c1) = (usize::from(r0), usize::from(c0), usize::from(r1), usize::from(c1));
                let v_index = |r: usize, c: usize| r * cols + c;
                let h_index = |r: usize, c: usize| c * rows + r;
                let (own, other) = if s == 0 {
                    (
                        B::bit(v_index(r0, c0)) | B::bit(v_index(r1, c1)),
                        B::bit(h_index(r0, c0)) | B::bit(h_index(r1, c1)),
                    )
                } else {
                    (
                        B::bit(h_index(r0, c0)) | B::bit(h_index(r1, c1)),
                        B::bit(v_index(r0, c0)) | B::bit(v_index(r1, c1)),
                    )
                };
                let mut hash = [0; 8];
                for (k, h) in hash.iter_mut().enumerate().take(symmetries) {
                    *h = cell_hash(k, rows, cols, r0, c0) ^ cell_hash(k, rows, cols, r1, c1);
                }
                moves[s].push(MoveInfo { own, other, hash });
            }
        }
        let place_values = [Self::place_values(rows, cols), Self::place_values(cols, rows)];
        Geometry { views, moves, symmetries, sure: Sure::shared(), place_values }
    }
}

/// The shared transposition table: buckets of eight one-word entries, each bucket one cache line, so
/// that a probe costs at most one miss. An entry holds the key's top 56 bits, the work its answer
/// took (as a power of two) and the answer, in one word, so that no write from another thread is
/// ever seen torn.
struct Table {
    /// The entries, from `start` on in buckets of [`BUCKET_ENTRIES`] on cache-line boundaries.
    entries: Vec<AtomicU64>,
    start: usize,
    buckets: usize,
}

/// Entries in a bucket: one 64-byte cache line.
const BUCKET_ENTRIES: usize = 8;

/// A bucket's size in bytes.
const BUCKET: usize = BUCKET_ENTRIES * std::mem::size_of::<u64>();

/// An entry's low byte: bit 0 the answer, bits 1 to 7 the work's class (0 for an empty entry).
const ENTRY_DATA: u64 = 0xff;

impl Table {
    /// A table of `bytes` (whole buckets). The entries are collected as zeros, which the allocator
    /// gives as fresh pages, paid for only where the search writes (a type aligned to the cache line
    /// would be cleared by hand, all of it, up front); the buckets start at the first cache line.
    fn new(bytes: usize) -> Self {
        let buckets = (bytes / BUCKET).max(1);
        let entries: Vec<AtomicU64> =
            (0..buckets * BUCKET_ENTRIES + BUCKET_ENTRIES - 1).map(|_| AtomicU64::new(0)).collect();
        let start = (BUCKET - entries.as_ptr() as usize % BUCKET) % BUCKET / std::mem::size_of::<u64>();
        Table { entries, start, buckets }
    }

    /// The key's bucket: its low 32 bits scaled to the number of buckets, which need not be a power
    /// of two (the checked top 56 bits are mostly others).
    fn index(&self, key: u64) -> usize {
        (((key & 0xffff_ffff) * self.buckets as u64) >> 32) as usize
    }

    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let first = self.start + self.index(key) * BUCKET_ENTRIES;
        &self.entries[first..first + BUCKET_ENTRIES]
    }

    /// Whether the mover wins, if known.
    fn probe(&self, key: u64) -> Option<bool> {
        let check = key & !ENTRY_DATA;
        let slots = self.bucket(key);
        slots
            .iter()
            .map(|slot| slot.load(Ordering::Relaxed))
            .find_map(|entry| (entry & !ENTRY_DATA == check && entry & 0xfe != 0).then_some(entry & 1 != 0))
    }

    /// Keeps the answer for `key`: over its own older entry, else over the entry whose answer took
    /// the least work (an empty one first), as the costlier answers save more when met again.
    fn store(&self, key: u64, wins: bool, work: u64) {
        let class = u64::from(u64::BITS - work.max(1).leading_zeros());
        let check = key & !ENTRY_DATA;
        let slots = self.bucket(key);
        let (mut victim, mut least) = (&slots[0], u64::MAX);
        for slot in slots {
            let old = slot.load(Ordering::Relaxed);
            if old & !ENTRY_DATA == check && old & 0xfe != 0 {
                victim = slot;
                break;
            }
            if old & 0xfe < least {
                (victim, least) = (slot, old & 0xfe);
            }
        }
        victim.store(check | (class << 1) | u64::from(wins), Ordering::Relaxed);
    }
}

/// The least of the symmetric hashes, each with its side to move folded in (a transpose swaps the roles).
fn canonical(hash: &[u64; 8], symmetries: usize, side: usize) -> u64 {
    let mut best = u64::MAX;
    for (k, &h) in hash.iter().enumerate().take(symmetries) {
        let mover = side ^ usize::from(k >= 4);
        best = best.min(h ^ if mover == 1 { SIDE_KEY } else { 0 });
    }
    best
}

/// One thread's search.
struct Searcher<'a, B> {
    geo: &'a Geometry<B>,
    table: &'a Table,
    options: &'a SolveOptions,
    /// The position's hash under each symmetry.
    hash: [u64; 8],
    nodes: u64,
    /// The move lists of the positions on the current path, one per depth below the search's start.
    lists: Vec<[(i32, u16); 128]>,
    /// The current path's length below the search's start.
    ply: usize,
    /// Set by another thread when this search is no longer needed.
    stop: &'a AtomicBool,
    aborted: bool,
}

impl<'a, B: Bits> Searcher<'a, B> {
    fn new(
        geo: &'a Geometry<B>,
        table: &'a Table,
        options: &'a SolveOptions,
        hash: [u64; 8],
        stop: &'a AtomicBool,
    ) -> Self {
        Searcher { geo, table, options, hash, nodes: 0, lists: Vec::new(), ply: 0, stop, aborted: false }
    }

    /// The table key: the least hash over the symmetries, with the side to move folded in (a
    /// transpose swaps the roles, so it also swaps the side).
    fn key(&self, side: usize) -> u64 {
        canonical(&self.hash, self.geo.symmetries, side)
    }

    fn check_limits(&mut self) {
        if self.options.max_nodes.is_some_and(|most| self.nodes >= most)
            || self.stop.load(Ordering::Relaxed)
            || self.options.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// Whether side `side` (0 = Vertical) wins moving now; `own` is the occupancy in its view, `other` in the opponent's.
    fn wins(&mut self, own: B, other: B, side: usize) -> bool {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            self.check_limits();
        }
        if self.aborted {
            return false;
        }
        let (me, them) = (&self.geo.views[side], &self.geo.views[side ^ 1]);
        let e_own = !own & me.all;
        let e_other = !other & them.all;
        let mine = me.placements(e_own);
        if mine.is_zero() {
            return false;
        }
        // The counts come before the table: a probe is a likely cache miss, dearer than a count. (Loading
        // the bucket before the counts, for them to hide the miss, cost 37 % more time on 8×8: most
        // positions are settled by the counts and never need it.)
        if let Some(known) = settle(self.options.bounds, me, them, e_own, e_other, self.geo.sure) {
            return known;
        }
        let key = self.key(side);
        if let Some(known) = self.table.probe(key) {
            return known;
        }
        let start_nodes = self.nodes;

        // Each depth keeps its move list from one position to the next, rather than clearing a new one.
        let ply = self.ply;
        if self.lists.len() <= ply {
            self.lists.push([(0, 0); 128]);
        }
        let n = order(self.geo, e_own, e_other, side, &mut self.lists[ply]);
        self.ply += 1;
        let mut result = false;
        for k in 0..n {
            if k == 1 {
                sort_rest(&mut self.lists[ply][..n]);
            }
            let info = &self.geo.moves[side][usize::from(self.lists[ply][k].1)];
            toggle(&mut self.hash, &info.hash);
            let reply_wins = self.wins(other | info.other, own | info.own, side ^ 1);
            toggle(&mut self.hash, &info.hash);
            if self.aborted {
                break;
            }
            if !reply_wins {
                result = true;
                break;
            }
        }
        self.ply -= 1;
        if self.aborted {
            return false;
        }
        self.table.store(key, result, self.nodes - start_nodes);
        result
    }
}

/// The chosen bounds, all at once: `Some(true)` when the mover surely wins, `Some(false)` when it surely loses.
fn settle<B: Bits>(bounds: Bounds, me: &View<B>, them: &View<B>, e_own: B, e_other: B, sure: &Sure) -> Option<bool> {
    match bounds {
        Bounds::Bullock => bullock(me, them, e_own, e_other),
        Bounds::Proven => bound(me, them, e_own, e_other, sure),
        Bounds::Off => None,
    }
}

/// Bullock's tests: `Some(true)` when the mover surely wins, `Some(false)` when it surely loses, `None`
/// when neither is sure. First the cheap one, for the mover and then the opponent (a side whose safe
/// moves outnumber every move the other could still make wins, moving first or second), then the full
/// count (see [`Units::margin`]), for the mover and then the opponent. Each side's safe placements are
/// found once, the opponent's only when the mover's do not settle it.
fn bullock<B: Bits>(me: &View<B>, them: &View<B>, e_own: B, e_other: B) -> Option<bool> {
    let mine = me.safe(e_own);
    let their_max = me.opponents_most(e_own);
    if their_max == 0 || mine.low.ones() > their_max {
        return Some(true);
    }
    let theirs = them.safe(e_other);
    if theirs.low.ones() >= them.opponents_most(e_other) {
        return Some(false);
    }
    let empty = e_own.ones() as i32;
    if me.units(e_own, mine).margin(empty, true).is_some_and(|m| m > 0) {
        return Some(true);
    }
    if them.units(e_other, theirs).margin(empty, false).is_some_and(|m| m >= 0) {
        return Some(false);
    }
    None
}

/// What Bullock's count finds among one side's empty cells: disjoint units of a few kinds, each
/// worth a known number of moves or of cells kept from the opponent ([`View::units`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Units {
    /// Safe placements: the opponent can never touch them.
    safe: i32,
    /// Walled 2×2 areas: two moves to the side if it enters first (the second is then safe).
    areas: i32,
    /// Vulnerable placements an opponent domino may spoil together with another unit ...
    doubles: i32,
    /// ... and how many of them have one cell the opponent cannot reach.
    doubles_sheltered: i32,
    /// Vulnerable placements an opponent domino can only spoil on their own ...
    singles: i32,
    /// ... and how many of them have one cell the opponent cannot reach.
    singles_sheltered: i32,
    /// Safe placements with a free cell beside them in their line, so that the side may play one
    /// cell over and take that cell from the opponent, by how many further cells that also walls
    /// off (0, 1 or 2).
    options: [i32; 3],
    /// Empty cells the opponent cannot reach and that lie in no unit: no one will fill them.
    idle: i32,
}

impl Units {
    /// The side's sure moves less the most moves the opponent can still make, moving first
    /// (`first`) or second; the side wins when it is positive moving first, not negative moving
    /// second. The opponent's moves are bounded by the empty cells left once the side's sure moves
    /// and the cells no one can fill are taken away. Moving first, the side spends its first move
    /// where the count's parities make it worth most; `None` when it has nothing to spend it on.
    fn margin(mut self, empty: i32, first: bool) -> Option<i32> {
        let mut moves = self.safe;
        let mut idle = self.idle;
        if first {
            // One move before the opponent spoils anything: where it breaks an even split.
            if self.areas % 2 == 1 {
                self.areas -= 1;
                moves += 2;
            } else if self.doubles % 3 != 0 {
                self.take_double();
                moves += 1;
            } else if self.singles % 2 == 1 {
                self.take_single();
                moves += 1;
            } else if let Some(k) = (0..3).rev().find(|&k| self.options[k] % 2 == 1) {
                self.options[k] -= 1;
                idle += k as i32 + 1;
            } else if self.doubles > 0 {
                self.take_double();
                moves += 1;
            } else if self.singles > 0 {
                self.take_single();
                moves += 1;
            } else if self.areas > 0 {
                self.areas -= 1;
                moves += 2;
            } else {
                return None;
            }
        }
        // Now the opponent moves first. Areas go in pairs (it spoils one, the side takes the other);
        // an odd one is worth two doubles. Of three doubles the side keeps one, of two singles one.
        if self.areas % 2 == 1 {
            self.areas -= 1;
            self.doubles += 2;
        }
        moves += self.areas + self.doubles / 3 + self.singles / 2;
        let (odd_doubles, odd_singles) = (self.doubles % 3 != 0, self.singles % 2 == 1);
        // A leftover double and a leftover single: one opponent domino cannot spoil both, so the side
        // plays one. That one may be sheltered, its sheltered cell already kept below as spoiled: one
        // cell less is kept, so that it is not counted twice.
        if odd_doubles && odd_singles {
            moves += 1;
            idle -= 1;
        }
        let [mut o0, mut o1, mut o2] = self.options;
        if odd_doubles == odd_singles {
            // Options are taken in turns, best first: an odd one's share moves to the next kind.
            if o2 % 2 == 1 {
                o2 -= 1;
                o1 += 1;
            }
            if o1 % 2 == 1 {
                o1 -= 1;
                o0 += 1;
            }
        } else if o2 % 2 == 1 {
            // The opponent must answer the leftover unit, so the side takes the odd option too.
            idle += 3;
            if o1 % 2 == 1 {
                o1 -= 1;
                o0 += 1;
            }
        } else if o1 % 2 == 1 {
            idle += 2;
        } else if o0 % 2 == 1 {
            idle += 1;
        }
        // A spoiled sheltered placement leaves its sheltered cell to no one; the side plays its
        // open placements first, so the spoiled ones are as sheltered as they can be.
        idle += self.doubles_sheltered - (self.doubles / 3 - (self.doubles - self.doubles_sheltered) / 3);
        idle += self.singles_sheltered - (self.singles / 2 - (self.singles - self.singles_sheltered) / 2);
        idle += 3 * (o2 / 2) + 2 * (o1 / 2) + o0 / 2;
        let their_moves = (empty - 2 * moves - idle) / 2;
        Some(moves - their_moves)
    }

    /// Plays a double, keeping the sheltered count within the doubles left.
    fn take_double(&mut self) {
        self.doubles -= 1;
        self.doubles_sheltered = self.doubles_sheltered.min(self.doubles);
    }

    /// Plays a single, keeping the sheltered count within the singles left.
    fn take_single(&mut self) {
        self.singles -= 1;
        self.singles_sheltered = self.singles_sheltered.min(self.singles);
    }
}

/// The proven move-count bounds: `Some(true)` when the mover surely wins, `Some(false)` when it surely loses
/// (see the module notes), `None` when they do not decide. `e_own`/`e_other` are the empty cells in each view.
fn bound<B: Bits>(me: &View<B>, them: &View<B>, e_own: B, e_other: B, sure: &Sure) -> Option<bool> {
    let their_max = me.opponents_most(e_own);
    if their_max == 0 {
        return Some(true);
    }
    // Sure moves of the mover: safe ones, then those of the rest it keeps while the opponent spoils.
    let prot = me.protected(e_own);
    let (my_safe, safe_cells) = me.disjoint(prot);
    let my_areas = me.areas(e_own);
    let my_sure = me.sure(e_own & !safe_cells, my_areas, sure, true);
    if my_safe + my_sure > their_max {
        return Some(true);
    }
    // Counting cells: the opponent's moves need cells it can reach. Each sure move outside the safe
    // cells takes at least one of those, and two when it lies wholly within them.
    let reach = e_own & !prot;
    let cells = reach.ones();
    if my_safe + 2 * me.sure(reach, my_areas, sure, true) > cells / 2
        || my_safe + my_sure > cells.saturating_sub(my_sure) / 2
    {
        return Some(true);
    }
    let my_max = them.opponents_most(e_other);
    let their_prot = them.protected(e_other);
    let (their_safe, their_safe_cells) = them.disjoint(their_prot);
    let their_areas = them.areas(e_other);
    // The opponent moves second: the mover may spoil some of its placements first.
    let their_sure = them.sure(e_other & !their_safe_cells, their_areas, sure, false);
    if their_safe + their_sure >= my_max {
        return Some(false);
    }
    let reach = e_other & !their_prot;
    let cells = reach.ones();
    if their_safe + 2 * them.sure(reach, their_areas, sure, false) >= cells / 2
        || their_safe + their_sure >= cells.saturating_sub(their_sure) / 2
    {
        return Some(false);
    }
    None
}

/// Fills `list` with the mover's placements (lower cells in its view), the best first (the rest are
/// sorted by [`sort_rest`]), and returns how many; `e_own`/`e_other` are the empty cells in each view.
/// Safe moves are left out while the mover has others (see the module notes). The order is Bullock's:
/// first the change the move makes to the mover's disjoint and safe placements less the change to the
/// opponent's, then a fixed preference for placements one line in from an edge and aligned in pairs
/// from the edges ([`Geometry::place_values`]). Both counts are kept per line of cells along which a
/// side places, so a move changes only the few lines around it.
fn order<B: Bits>(geo: &Geometry<B>, e_own: B, e_other: B, side: usize, list: &mut [(i32, u16); 128]) -> usize {
    let (me, them) = (&geo.views[side], &geo.views[side ^ 1]);
    let mine = me.placements(e_own);
    let prot = me.protected(e_own);
    let safe = prot & prot.line_down(me.width);
    let unsafe_moves = mine & !safe;
    let mut bits = if unsafe_moves.is_zero() { mine } else { unsafe_moves };
    // The empty cells of each line along which the mover places (a line of the opponent's view) and
    // of each line along which the opponent places (a line of the mover's view).
    let (mine_lines, their_lines) = (Lines::new(e_other, them), Lines::new(e_own, me));
    let mut n = 0;
    while !bits.is_zero() {
        let i = bits.lowest() as usize;
        bits = bits ^ bits.lowest_bit();
        let (line, x) = (i / me.width as usize, i % me.width as usize);
        let change = mine_lines.change::<1>(x, 0b11 << line) - their_lines.change::<2>(line, 1 << x);
        list[n] = (change * 128 + i32::from(geo.place_values[side][i]), i as u16);
        n += 1;
    }
    // Most nodes are settled by their first move, so only that one is picked out here.
    if let Some(best) = (0..n).max_by_key(|&k| list[k].0) {
        list.swap(0, best);
    }
    n
}

/// Sorts the moves of [`order`] best first, after the first it picked out.
fn sort_rest(list: &mut [(i32, u16)]) {
    if let Some(rest) = list.get_mut(1..) {
        rest.sort_unstable_by_key(|a| std::cmp::Reverse(a.0));
    }
}

/// One side's lines of empty cells (each the cells along which it places a domino), for counting its
/// disjoint and safe placements line by line.
struct Lines {
    /// Line `k` at index `k + 2`; the two border lines on either side have no empty cell.
    cells: [u32; 20],
    /// The count of [`Lines::score`] for each line as it is.
    scores: [i32; 20],
    /// How many disjoint pairs each run of empty cells holds, by line mask.
    pairs: &'static [u8],
}

impl Lines {
    /// The lines of `view` (whose lines are the other side's lines of placement) among the empty cells `e`.
    fn new<B: Bits>(e: B, view: &View<B>) -> Self {
        let mut cells = [0; 20];
        let mut rest = e;
        for line in cells[2..].iter_mut().take(view.lines as usize) {
            *line = rest.low_bits(view.width);
            rest = rest.line_down(view.width);
        }
        let pairs = line_pairs();
        // Lines off the board have no empty cell and count 0.
        let mut scores = [0; 20];
        for j in 2..view.lines as usize + 2 {
            scores[j] = Self::score(pairs, cells[j - 1], cells[j], cells[j + 1]);
        }
        Lines { cells, scores, pairs }
    }

    /// The side's disjoint placements plus its disjoint safe placements (cells whose neighbours in
    /// the lines on either side are filled) in the line `mid`.
    fn score(pairs: &[u8], left: u32, mid: u32, right: u32) -> i32 {
        i32::from(pairs[mid as usize]) + i32::from(pairs[(mid & !left & !right) as usize])
    }

    /// How that count changes when the cells `taken` are filled in `N` lines from line `k` (only
    /// those lines and one on either side can change).
    fn change<const N: usize>(&self, k: usize, taken: u32) -> i32 {
        let j = k + 2;
        let mut w = [0u32; 6];
        w[..N + 4].copy_from_slice(&self.cells[j - 2..j + N + 2]);
        for line in &mut w[2..2 + N] {
            *line &= !taken;
        }
        (1..N + 3).map(|t| Self::score(self.pairs, w[t - 1], w[t], w[t + 1]) - self.scores[j - 2 + t]).sum()
    }
}

/// For every mask of up to 16 cells in a line, the disjoint pairs of neighbouring cells it holds.
fn line_pairs() -> &'static [u8] {
    static PAIRS: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| {
        (0u32..1 << 16)
            .map(|mut m| {
                let mut count = 0;
                while m != 0 {
                    let low = m & m.wrapping_neg();
                    if m & (low << 1) != 0 {
                        count += 1;
                        m &= !(low | (low << 1));
                    } else {
                        m &= !low;
                    }
                }
                count
            })
            .collect()
    })
}

fn run<B: Bits>(state: &Domineering, options: &SolveOptions) -> Result<Solved, SolveError> {
    let clock = Instant::now();
    let (rows, cols) = (state.rows(), state.cols());
    let geo = Geometry::<B>::new(rows, cols);
    let table_bytes = options.table_bytes_for(rows * cols);
    let table = Table::new(table_bytes);
    // Both views and the symmetric hashes of the position as given.
    let (mut v_occ, mut h_occ, mut hash) = (B::ZERO, B::ZERO, [0u64; 8]);
    let cell_hashes = Geometry::<B>::cell_hashes(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            if state.cell(r, c).is_some() {
                v_occ = v_occ | B::bit(r * cols + c);
                h_occ = h_occ | B::bit(c * rows + r);
                for (h, cells) in hash.iter_mut().zip(&cell_hashes) {
                    *h ^= cells[r * cols + c];
                }
            }
        }
    }
    let side = usize::from(state.to_move() == Side::Horizontal);
    let (own, other) = if side == 0 { (v_occ, h_occ) } else { (h_occ, v_occ) };
    let nodes = AtomicU64::new(1);
    let mut list = [(0i32, 0u16); 128];
    let n = order(&geo, !own & geo.views[side].all, !other & geo.views[side ^ 1].all, side, &mut list);
    sort_rest(&mut list[..n]);
    // Root moves that lead to the same position up to symmetry need one search.
    let mut seen = Vec::new();
    let mut best = None;
    // One thread searches every root move with one searcher, so that the node limit covers them all.
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(&geo, &table, options, hash, &stop);
    for &(_, i) in &list[..n] {
        let info = &geo.moves[side][usize::from(i)];
        let mut child = hash;
        toggle(&mut child, &info.hash);
        let key = canonical(&child, geo.symmetries, side ^ 1);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let wins = if options.threads <= 1 {
            let before = searcher.nodes;
            searcher.hash = child;
            let reply = searcher.wins(other | info.other, own | info.own, side ^ 1);
            nodes.fetch_add(searcher.nodes - before, Ordering::Relaxed);
            (!searcher.aborted).then_some(!reply)
        } else {
            split_replies(&geo, &table, options, child, (own | info.own, other | info.other), side, &nodes)
        };
        match wins {
            Some(true) => {
                best = Some(usize::from(i));
                break;
            }
            Some(false) => {}
            None => return Err(SolveError::OutOfBudget { nodes: nodes.load(Ordering::Relaxed) }),
        }
    }
    let mover = state.to_move();
    let best = best.map(|i| {
        let (row, col) = if side == 0 { (i / cols, i % cols) } else { (i % rows, i / rows) };
        Move { side: mover, row: row as u8, col: col as u8 }
    });
    let winner = if best.is_some() { mover } else { mover.other() };
    Ok(Solved {
        winner,
        best,
        nodes: nodes.load(Ordering::Relaxed),
        seconds: clock.elapsed().as_secs_f64(),
        table_mib: (table_bytes >> 20) as u64,
    })
}

/// Whether the mover's root move wins, with the threads sharing out the opponent's replies (all must
/// be answered for the move to win). `own` and `other` are the occupancies after the move, `hash`
/// its hashes. `None` when a limit ran out first.
fn split_replies<B: Bits>(
    geo: &Geometry<B>,
    table: &Table,
    options: &SolveOptions,
    hash: [u64; 8],
    (own, other): (B, B),
    side: usize,
    nodes: &AtomicU64,
) -> Option<bool> {
    nodes.fetch_add(1, Ordering::Relaxed);
    let (me, them) = (&geo.views[side], &geo.views[side ^ 1]);
    let (e_mine, e_theirs) = (!own & me.all, !other & them.all);
    // The opponent to move: lost without a placement, else settled at once by the bounds or the
    // table, or searched reply by reply.
    if them.placements(e_theirs).is_zero() {
        return Some(true);
    }
    if let Some(known) = settle(options.bounds, them, me, e_theirs, e_mine, geo.sure) {
        return Some(!known);
    }
    if let Some(known) = table.probe(canonical(&hash, geo.symmetries, side ^ 1)) {
        return Some(!known);
    }
    let mut list = [(0i32, 0u16); 128];
    let n = order(geo, e_theirs, e_mine, side ^ 1, &mut list);
    sort_rest(&mut list[..n]);
    let refuted = AtomicBool::new(false);
    let out_of_budget = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut searcher = Searcher::new(geo, table, options, hash, &refuted);
        while let Some(&(_, j)) = list[..n].get(next.fetch_add(1, Ordering::Relaxed)) {
            let reply = &geo.moves[side ^ 1][usize::from(j)];
            toggle(&mut searcher.hash, &reply.hash);
            let wins = searcher.wins(own | reply.other, other | reply.own, side);
            toggle(&mut searcher.hash, &reply.hash);
            if searcher.aborted {
                // Stopped by a refutation found elsewhere, or by a limit: only the latter is news.
                if !refuted.swap(true, Ordering::Relaxed) {
                    out_of_budget.store(true, Ordering::Relaxed);
                }
                break;
            }
            if !wins {
                refuted.store(true, Ordering::Relaxed);
                break;
            }
        }
        nodes.fetch_add(searcher.nodes, Ordering::Relaxed);
    };
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(worker);
        }
    });
    if out_of_budget.load(Ordering::Relaxed) { None } else { Some(!refuted.load(Ordering::Relaxed)) }
}

/// Plays or takes back a move in the symmetric hashes (its entries past the board's symmetries are 0).
fn toggle(hash: &mut [u64; 8], delta: &[u64; 8]) {
    for (h, d) in hash.iter_mut().zip(delta) {
        *h ^= d;
    }
}

impl<B: Bits> Geometry<B> {
    /// Bullock's fixed move preference, for a side whose view has `lines` lines of `width` cells (its
    /// placements cover one cell in each of two adjacent lines): best one cell in from either end of
    /// the line and in pairs of lines counted from either edge, so that the side's moves sit side by
    /// side with room for the opponent's between none of them; worst at the ends of the lines.
    fn place_values(lines: usize, width: usize) -> Vec<u8> {
        let mut values = vec![0; lines * width];
        for line in 0..lines.saturating_sub(1) {
            for x in 0..width {
                let across = x.min(width - 1 - x);
                let along = line.min(lines - 2 - line);
                let base = match (across % 2 == 1, along % 2 == 0, across >= 2) {
                    (true, true, _) => 127,
                    (true, false, _) => 90,
                    (false, true, true) => 70,
                    (false, false, true) => 50,
                    _ => 30,
                };
                values[line * width + x] = (base - (across / 2 * 6 + along / 2).min(20)) as u8;
            }
        }
        values
    }

    /// Per symmetry, the hash of each single cell (index `r * cols + c`), consistent with [`MoveInfo::hash`].
    fn cell_hashes(rows: usize, cols: usize) -> [Vec<u64>; 8] {
        let square = rows == cols;
        let symmetries = if square { 8 } else { 4 };
        let mut out: [Vec<u64>; 8] = Default::default();
        for (k, hashes) in out.iter_mut().enumerate() {
            for r in 0..rows {
                for c in 0..cols {
                    hashes.push(if k < symmetries { cell_hash(k, rows, cols, r, c) } else { 0 });
                }
            }
        }
        out
    }
}

/// The hash of cell (r, c) under symmetry `k`: bit 0 flips top–bottom, bit 1 left–right, k >= 4 transposes.
fn cell_hash(k: usize, rows: usize, cols: usize, r: usize, c: usize) -> u64 {
    let r1 = if k & 1 != 0 { rows - 1 - r } else { r };
    let c1 = if k & 2 != 0 { cols - 1 - c } else { c };
    let (r2, c2) = if k >= 4 { (c1, r1) } else { (r1, c1) };
    mix64((r2 * 16 + c2) as u64 + 0x1234_5678)
}

#[cfg(test)]
mod tests {
    use hamle_core::Stream;

    #[test]
    fn letters_follow_the_seed() {
        use super::{Side, outcome_letter as letter};
        assert_eq!(letter(Side::Vertical, Side::Vertical), "V");
        assert_eq!(letter(Side::Horizontal, Side::Horizontal), "H");
        assert_eq!(letter(Side::Vertical, Side::Horizontal), "1");
        assert_eq!(letter(Side::Horizontal, Side::Vertical), "2");
    }

    use super::{Bits, Geometry, Lines, Sure, Units, View};

    /// A side's view with `lines` lines of `width` cells and only the cells `(line, x)` empty.
    fn view_with(lines: usize, width: usize, empty: &[(usize, usize)]) -> (View<u64>, u64) {
        (View::new(lines, width), empty.iter().fold(0, |e, &(line, x)| e | u64::bit(line * width + x)))
    }

    #[test]
    fn bullocks_units_are_found_in_the_empty_cells() {
        // One line-segment of three empty cells walled on both sides: a safe placement and a cell no one fills.
        let (view, e) = view_with(4, 3, &[(0, 1), (1, 1), (2, 1)]);
        assert_eq!(view.units(e, view.safe(e)), Units { safe: 1, idle: 1, ..Units::default() });
        // Open the third cell to the side: the side may play one cell over and wall off that neighbour too.
        let (view, e) = view_with(4, 3, &[(0, 1), (1, 1), (2, 1), (2, 0)]);
        assert_eq!(view.units(e, view.safe(e)), Units { safe: 1, options: [0, 1, 0], ..Units::default() });
        // Two empty lines of four: a walled area at the edge, then two placements beside it and each other.
        let (view, e) = view_with(2, 4, &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]);
        assert_eq!(view.units(e, view.safe(e)), Units { areas: 1, doubles: 2, ..Units::default() });
        // A placement away from every other unit is a single; here each of its cells is open to one side.
        let (view, e) = view_with(2, 3, &[(0, 1), (1, 1), (0, 0), (1, 2)]);
        assert_eq!(view.units(e, view.safe(e)), Units { singles: 1, ..Units::default() });
        // The free cell may be before the safe placement too, and the wall may be on either side.
        let (view, e) = view_with(4, 3, &[(1, 1), (2, 1), (0, 1), (0, 0)]);
        assert_eq!(view.units(e, view.safe(e)), Units { safe: 1, options: [0, 1, 0], ..Units::default() });
        let (view, e) = view_with(4, 3, &[(0, 1), (1, 1), (2, 1), (2, 2)]);
        assert_eq!(view.units(e, view.safe(e)), Units { safe: 1, options: [0, 1, 0], ..Units::default() });
        // Free cells at both ends of a safe placement: the one before it is the option, once.
        let (view, e) = view_with(4, 3, &[(1, 1), (2, 1), (0, 1), (0, 0), (3, 1), (3, 2)]);
        assert_eq!(view.units(e, view.safe(e)), Units { safe: 1, options: [0, 1, 0], ..Units::default() });
        // A placement beside an area and nothing else is a double: one domino may spoil both.
        let (view, e) = view_with(2, 5, &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
        assert_eq!(view.units(e, view.safe(e)), Units { areas: 1, doubles: 1, ..Units::default() });
        // At the edge, with one neighbour filled, one of its cells is out of the opponent's reach.
        let (view, e) = view_with(2, 3, &[(0, 0), (1, 0), (0, 1)]);
        assert_eq!(view.units(e, view.safe(e)), Units { singles: 1, singles_sheltered: 1, ..Units::default() });
    }

    /// A random position's occupancy in both views (Vertical's, Horizontal's), each cell filled with one
    /// chance for the whole board, drawn from 0 to 90 %.
    fn random_board<B: Bits>(rows: usize, cols: usize, stream: &mut Stream) -> (B, B) {
        let density = stream.below(90);
        let (mut v, mut h) = (B::ZERO, B::ZERO);
        for r in 0..rows {
            for c in 0..cols {
                if stream.below(100) < density {
                    v = v | B::bit(r * cols + c);
                    h = h | B::bit(c * rows + r);
                }
            }
        }
        (v, h)
    }

    /// Runs a check on every board size the solver takes, 1×1 to 16×16 within 128 cells, with 64-bit
    /// boards up to 64 cells and 128-bit ones above, from one stream.
    fn every_board_size(
        mut stream: Stream,
        small: fn(usize, usize, &mut Stream),
        large: fn(usize, usize, &mut Stream),
    ) {
        for rows in 1..=16 {
            for cols in 1..=16 {
                match rows * cols {
                    0..=64 => small(rows, cols, &mut stream),
                    65..=128 => large(rows, cols, &mut stream),
                    _ => {}
                }
            }
        }
    }

    /// The opponent's most placements counted in one view without a loop against its own view's packing,
    /// on random positions of one board size.
    fn check_opponents_most<B: Bits>(rows: usize, cols: usize, stream: &mut Stream) {
        let geo = Geometry::<B>::new(rows, cols);
        for _ in 0..20 {
            let (v, h) = random_board::<B>(rows, cols, stream);
            for (side, (own, other)) in [(v, h), (h, v)].into_iter().enumerate() {
                let (me, them) = (&geo.views[side], &geo.views[side ^ 1]);
                let (e_own, e_other) = (!own & me.all, !other & them.all);
                assert_eq!(me.opponents_most(e_own), them.disjoint(e_other).0, "{rows}x{cols}, side {side}");
            }
        }
    }

    #[test]
    fn the_opponents_most_placements_counted_across_equal_its_own_packing() {
        every_board_size(Stream::new(5), check_opponents_most::<u64>, check_opponents_most::<u128>);
    }

    /// The ordering's line-by-line change against recounting the whole board, for every placement of
    /// random positions of one board size.
    fn check_line_counts<B: Bits>(rows: usize, cols: usize, stream: &mut Stream) {
        let geo = Geometry::<B>::new(rows, cols);
        for _ in 0..20 {
            let (v, h) = random_board::<B>(rows, cols, stream);
            for (side, (own, other)) in [(v, h), (h, v)].into_iter().enumerate() {
                let (me, them) = (&geo.views[side], &geo.views[side ^ 1]);
                let (e_own, e_other) = (!own & me.all, !other & them.all);
                let mine = |e: B| (me.disjoint(e).0 + me.disjoint(me.protected(e)).0) as i32;
                let theirs = |e: B| (them.disjoint(e).0 + them.disjoint(them.protected(e)).0) as i32;
                let (mine_lines, their_lines) = (Lines::new(e_other, them), Lines::new(e_own, me));
                let mut bits = me.placements(e_own);
                while !bits.is_zero() {
                    let i = bits.lowest() as usize;
                    bits = bits & !B::bit(i);
                    let info = &geo.moves[side][i];
                    let whole =
                        (mine(e_own & !info.own) - mine(e_own)) - (theirs(e_other & !info.other) - theirs(e_other));
                    let (line, x) = (i / me.width as usize, i % me.width as usize);
                    let by_lines = mine_lines.change::<1>(x, 0b11 << line) - their_lines.change::<2>(line, 1 << x);
                    assert_eq!(by_lines, whole, "{rows}x{cols}, side {side}, placement {i}");
                }
            }
        }
    }

    #[test]
    fn the_ordering_counts_line_by_line_what_the_whole_board_counts() {
        every_board_size(Stream::new(3), check_line_counts::<u64>, check_line_counts::<u128>);
    }

    #[test]
    fn bullocks_margin_weighs_sure_moves_against_the_cells_left() {
        // (units, empty cells, moving first) → sure moves less the opponent's most.
        let safe = |n| Units { safe: n, ..Units::default() };
        // Moving first with nothing but safe moves, the full count has nothing to add.
        assert_eq!(safe(3).margin(6, true), None);
        // Three safe moves against the three moves six other cells hold: moving second, that is enough.
        assert_eq!(safe(3).margin(12, false), Some(0));
        // Of three doubles the side keeps one; the opponent may use the other four cells.
        assert_eq!(Units { doubles: 3, ..Units::default() }.margin(6, false), Some(-1));
        // Moving first, the side enters its area: two moves, and the opponent has no cell left.
        assert_eq!(Units { areas: 1, ..Units::default() }.margin(4, true), Some(2));
        // Two singles moving second: one survives the opponent's spoiling.
        assert_eq!(Units { singles: 2, ..Units::default() }.margin(4, false), Some(1 - 1));
        // Sheltered, the spoiled one leaves a cell no one fills.
        let sheltered = Units { singles: 2, singles_sheltered: 2, ..Units::default() };
        assert_eq!(sheltered.margin(4, false), Some(1));
        // A double and a single left over: one more move, and one kept cell less, so the opponent has
        // at most (10 − 2 + 1)/2 = 4 moves.
        assert_eq!(Units { doubles: 1, singles: 1, ..Units::default() }.margin(10, false), Some(1 - 4));
        // A pair of the best options keeps three cells from the opponent.
        let options = Units { safe: 2, options: [0, 0, 2], ..Units::default() };
        assert_eq!(options.margin(10, false), Some(2 - 1));
        // With a single left over the opponent must answer it, and the side takes its odd option whole.
        let odd = Units { safe: 1, singles: 1, options: [1, 0, 0], ..Units::default() };
        assert_eq!(odd.margin(8, false), Some(1 - 2));
        // Moving first with nothing but an option beside a safe move, the side spends its move there.
        assert_eq!(Units { safe: 1, options: [0, 0, 1], ..Units::default() }.margin(6, true), Some(1));
    }

    #[test]
    fn the_table_is_16_mib_up_to_64_cells_128_above_and_a_chosen_size_is_kept_within_bounds() {
        let default = super::SolveOptions::default();
        assert_eq!((default.table_bytes_for(64), default.table_bytes_for(65)), (16 << 20, 128 << 20));
        let chosen = |bytes| super::SolveOptions { table_bytes: Some(bytes), ..super::SolveOptions::default() };
        // Any size, not only powers of two: 6 GiB is 6 GiB.
        assert_eq!(chosen(6 << 30).table_bytes_for(64), 6 << 30);
        assert_eq!(chosen(1000).table_bytes_for(81), 64 << 10);
        assert_eq!(chosen(usize::MAX).table_bytes_for(81), 16 << 30);
        assert_eq!(chosen((1 << 20) + 63).table_bytes_for(81), 1 << 20, "whole buckets of 64 bytes");
    }

    #[test]
    fn the_table_answers_what_was_stored_and_nothing_else() {
        let table = super::Table::new(64 << 10);
        let (a, b) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        assert_eq!((table.probe(a), table.probe(b)), (None, None), "an empty table knows nothing");
        assert_eq!(table.probe(0x42), None, "not even of a key whose checked bits are all 0, as an empty entry's are");
        table.store(a, true, 10);
        table.store(b, false, 10);
        assert_eq!((table.probe(a), table.probe(b)), (Some(true), Some(false)));
        // A key that differs in the top bits (the checked ones) but shares the bucket is not taken for another.
        assert_eq!(table.probe(a ^ (1 << 60)), None);
        // A later answer for the same position replaces the earlier one.
        table.store(a, false, 1);
        assert_eq!(table.probe(a), Some(false));
    }

    #[test]
    fn a_full_bucket_gives_up_the_answer_that_took_the_least_work() {
        let table = super::Table::new(64);
        // One bucket: every key lands in it. Eight answers fill it, the fourth the cheapest.
        let key = |k: u64| k << 56 | 0x42;
        for k in 0..8 {
            table.store(key(k), true, if k == 3 { 2 } else { 1000 + k });
        }
        assert!((0..8).all(|k| table.probe(key(k)) == Some(true)));
        table.store(key(8), false, 5);
        assert_eq!(table.probe(key(3)), None, "the cheapest answer made room");
        assert_eq!(table.probe(key(8)), Some(false));
        assert!((0..8).filter(|&k| k != 3).all(|k| table.probe(key(k)) == Some(true)), "the costly ones stay");
    }

    #[test]
    fn a_table_spreads_its_keys_over_any_number_of_buckets() {
        // Three buckets (not a power of two): the low 32 bits of the key scaled to 0, 1 or 2.
        let table = super::Table::new(3 * 64);
        let bucket = |key| table.index(key);
        assert_eq!((bucket(0), bucket(0x5555_5556), bucket(0xaaaa_aaab), bucket(0xffff_ffff)), (0, 1, 2, 2));
        assert_eq!(bucket(0xffff_ffff_0000_0000), 0, "the top half does not choose the bucket");
        // Each bucket is one whole cache line, the tenth of sixteen too.
        for key in [0, 0x5555_5556, 0xffff_ffff] {
            assert_eq!(table.bucket(key).as_ptr() as usize % 64, 0, "bucket of {key:#x}");
        }
        let table = super::Table::new(16 * 64);
        assert_eq!(table.index(0x9000_0000), 9);
        assert_eq!(table.bucket(0x9000_0000).as_ptr() as usize - table.bucket(0).as_ptr() as usize, 9 * 64);
    }

    #[test]
    fn a_search_leaves_one_move_list_per_depth_and_its_path_empty() {
        use std::sync::atomic::AtomicBool;
        let geo = Geometry::<u64>::new(5, 5);
        let (table, options, stop) =
            (super::Table::new(1 << 20), super::SolveOptions::default(), AtomicBool::new(false));
        let mut searcher = super::Searcher::new(&geo, &table, &options, [0; 8], &stop);
        // 5×5: the first player loses (the outcome table's `2`).
        assert!(!searcher.wins(0, 0, 0));
        assert_eq!(searcher.ply, 0, "every depth entered was left");
        assert!(searcher.lists.len() <= 12, "{} lists for a game of at most 12 moves", searcher.lists.len());
    }

    #[test]
    fn a_solve_reports_the_table_it_used() {
        let mib = |rows, cols, table_bytes| {
            let options = super::SolveOptions { table_bytes, ..super::SolveOptions::default() };
            super::solve(rows, cols, crate::Side::Horizontal, &options).expect("solved").table_mib
        };
        assert_eq!((mib(3, 16, None), mib(5, 13, None), mib(3, 4, Some(3 << 20))), (16, 128, 3));
    }

    #[test]
    fn the_sure_table_counts_what_survives_the_spoiling() {
        let sure = Sure::new();
        // (doubles, singles, areas, first) → moves the side is sure of.
        for (a, b, c, first, want) in [
            (0, 1, 0, true, 1),
            (0, 1, 0, false, 0),
            (0, 2, 0, true, 1),
            (0, 3, 0, true, 2),
            (0, 4, 0, false, 2),
            (3, 0, 0, true, 1),
            (4, 0, 0, true, 2),
            (3, 0, 0, false, 1),
            (2, 0, 0, false, 0),
            (0, 0, 1, true, 2),
            (0, 0, 1, false, 0),
            (0, 0, 2, false, 2),
            (0, 0, 3, true, 4),
            (1, 1, 1, true, 3),
            // One opponent domino may spoil an area and a double beside it together.
            (7, 0, 5, true, 7),
            (1, 0, 1, false, 0),
        ] {
            assert_eq!(sure.value(a, b, c, first), want, "{a} doubles, {b} singles, {c} areas, first: {first}");
        }
    }
}
