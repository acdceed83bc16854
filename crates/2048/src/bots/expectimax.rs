//! A strong 2048 player: expectimax over moves and new tiles, with a heuristic read from a 65,536-entry
//! table per row and column, or with the n-tuple network's values.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Stream};
use rustc_hash::FxHashMap;

use crate::board::{Board, Direction};
use crate::bots::ntuple::{DOWNGRADE, Network, downgrade_name};
use crate::rules::G2048;
use hamle_core::bot::Limits;

/// The weights of the row heuristic: each row and column of a board is scored alone and the eight
/// scores summed, so the whole heuristic is eight table look-ups.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Added per line (row or column) so that every live board scores above a lost one (which scores 0).
    pub base: f32,
    /// Per empty cell.
    pub empty: f32,
    /// Per tile that could merge with an equal neighbour in the line.
    pub merges: f32,
    /// Against lines that go up and down: the smaller of the two directions' rises, each rise measured
    /// as the difference of exponents raised to `monotonicity_power`.
    pub monotonicity: f32,
    /// See `monotonicity`.
    pub monotonicity_power: f32,
    /// Against big tiles in general: the sum of each exponent raised to `sum_power`.
    pub sum: f32,
    /// See `sum`.
    pub sum_power: f32,
}

impl Default for Weights {
    /// The weights chosen by the tuning logged in `docs/benchmarks.md`, starting from [`Weights::published`].
    fn default() -> Self {
        Weights {
            base: 200_000.0,
            empty: 540.0,
            merges: 350.0,
            monotonicity: 23.5,
            monotonicity_power: 3.5,
            sum: 11.0,
            sum_power: 3.0,
        }
    }
}

impl Weights {
    /// The same weights bit for bit (unlike `==`, a NaN weight matches itself, so its table is found again).
    fn same(&self, other: &Weights) -> bool {
        let bits = |w: &Weights| {
            [w.base, w.empty, w.merges, w.monotonicity, w.monotonicity_power, w.sum, w.sum_power].map(f32::to_bits)
        };
        bits(self) == bits(other)
    }

    /// nneonneo's published weights (2048-ai), where the tuning started.
    pub fn published() -> Weights {
        Weights {
            base: 200_000.0,
            empty: 270.0,
            merges: 700.0,
            monotonicity: 47.0,
            monotonicity_power: 4.0,
            sum: 11.0,
            sum_power: 3.5,
        }
    }
}

/// The heuristic value of every possible row (a line of four exponents), for one set of [`Weights`].
#[derive(Clone, Debug)]
pub struct RowTable {
    values: Vec<f32>,
}

impl RowTable {
    /// Scores all 65,536 lines with `weights`.
    pub fn new(weights: &Weights) -> RowTable {
        RowTable { values: (0..=u16::MAX).map(|row| line_value(row, weights)).collect() }
    }

    /// The table for `weights`, shared by every bot of the process that uses them: building one takes
    /// about 10 ms, longer than most moves, and the server builds a bot for every move.
    pub fn shared(weights: &Weights) -> Arc<RowTable> {
        /// The tables built so far, newest last; only the last few are kept, as tuning tries many weights.
        static TABLES: Mutex<Vec<(Weights, Arc<RowTable>)>> = Mutex::new(Vec::new());
        const KEPT: usize = 4;
        // A panic elsewhere while holding the lock leaves the list whole: every push is one step.
        let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = tables.iter().position(|(w, _)| w.same(weights)) {
            let entry = tables.remove(at);
            let table = Arc::clone(&entry.1);
            tables.push(entry);
            return table;
        }
        let table = Arc::new(RowTable::new(weights));
        if tables.len() >= KEPT {
            tables.remove(0);
        }
        tables.push((*weights, Arc::clone(&table)));
        table
    }

    /// The heuristic value of a board: its four rows and four columns.
    pub fn board_value(&self, board: Board) -> f32 {
        let t = board.transpose();
        (0..4).map(|r| self.values[usize::from(board.row(r))] + self.values[usize::from(t.row(r))]).sum()
    }
}

fn line_value(row: u16, w: &Weights) -> f32 {
    let ranks: [u8; 4] = std::array::from_fn(|c| ((row >> (4 * c)) & 0xF) as u8);
    let mut sum = 0.0;
    let mut empty = 0.0;
    let mut merges = 0.0;
    // Runs of equal tiles, empty cells skipped: a run of n tiles offers n merges' worth of tiles.
    let (mut previous, mut run) = (0u8, 0u32);
    for &rank in &ranks {
        sum += f32::from(rank).powf(w.sum_power);
        if rank == 0 {
            empty += 1.0;
            continue;
        }
        if rank == previous {
            run += 1;
        } else if run > 0 {
            merges += (1 + run) as f32;
            run = 0;
        }
        previous = rank;
    }
    if run > 0 {
        merges += (1 + run) as f32;
    }
    let (mut toward_start, mut toward_end) = (0.0, 0.0);
    for pair in ranks.windows(2) {
        let (a, b) = (f32::from(pair[0]).powf(w.monotonicity_power), f32::from(pair[1]).powf(w.monotonicity_power));
        if pair[0] > pair[1] { toward_start += a - b } else { toward_end += b - a }
    }
    w.base + w.empty * empty + w.merges * merges - w.monotonicity * f32::min(toward_start, toward_end) - w.sum * sum
}

/// What the search's leaves are scored by.
#[derive(Clone, Debug)]
enum Eval {
    /// The row heuristic: a leaf is worth its table value, and moves' points are not counted.
    Rows(Arc<RowTable>),
    /// The n-tuple network: a leaf is worth the points it is expected still to bring, so each move on the
    /// way adds its own points (the search then maximises the expected score).
    Net(Arc<Network>),
}

impl Eval {
    /// The move's points when they count (on the network), else 0.
    fn points(&self, board: Board, d: Direction) -> f32 {
        match self {
            Eval::Rows(_) => 0.0,
            Eval::Net(_) => board.slide(d).score as f32,
        }
    }
}

/// Expectimax over moves and new tiles: at a chance node every empty cell gets a 2 or a 4 with the
/// game's own probabilities (0.9/0.1 in the original game).
///
/// A branch stops when its probability falls below `min_probability` or at the depth limit: `depth`
/// moves when set, else max(3, distinct tiles − 2), deeper as the board grows (3 on the network, whose leaves
/// cost 32 look-ups in 256 MiB: about 300 moves a second there). A chance node's value is
/// cached per decision, and reused by any node as deep as the one that computed it or deeper (which
/// leaves it less search to do); the cache is freed when the decision ends, so the bot keeps nothing between
/// moves.
///
/// Budget: a node is one chance node (a board after a move, searched or scored). Under a node or time
/// budget the player deepens 1, 2, … up to its depth, checks the count at every node and the clock every
/// 1024, stops hard when either runs out and plays the best move of the deepest finished depth, or
/// [`Expectimax::fallback`] when not even depth 1 finished; a time budget also stops it before a depth it
/// cannot expect to finish. The row table is built once per process for each set of weights
/// ([`RowTable::shared`]), so a bot is cheap to build.
#[derive(Clone, Debug)]
pub struct Expectimax {
    /// The heuristic's weights.
    pub weights: Weights,
    /// Moves searched; `None` adapts to the board.
    pub depth: Option<u32>,
    /// Branches less likely than this are scored by the heuristic at once.
    pub min_probability: f32,
    /// Tile-downgrading: from this exponent up, the search reads [`Board::downgraded`] boards; `None` never.
    pub downgrade: Option<u8>,
    eval: Eval,
    /// The name it plays under, when not the one its settings make (a network read from a file).
    pub label: Option<String>,
    /// The chance nodes' values met in this decision, with the depth each was reached at; freed after it.
    cache: FxHashMap<u64, (u32, f32)>,
    /// The network's values of the leaves met in this decision: 32 look-ups in 256 MiB each, where a board met
    /// again costs one hash look-up. Freed after it, like the cache.
    leaves: FxHashMap<u64, f32>,
    /// How many entries the cache and the leaves' map ended the last decision with: the next one allocates that
    /// much at once.
    sizes: (usize, usize),
}

impl Default for Expectimax {
    fn default() -> Self {
        Expectimax::new(Weights::default(), None, Expectimax::MIN_PROBABILITY)
    }
}

impl Expectimax {
    /// The default probability cut: branches less likely than one in ten thousand are not searched.
    pub const MIN_PROBABILITY: f32 = 1e-4;

    /// A player with these weights, depth (`None`: adaptive) and probability cut.
    pub fn new(weights: Weights, depth: Option<u32>, min_probability: f32) -> Expectimax {
        let eval = Eval::Rows(RowTable::shared(&weights));
        Expectimax {
            weights,
            depth,
            min_probability,
            downgrade: None,
            eval,
            label: None,
            cache: FxHashMap::default(),
            leaves: FxHashMap::default(),
            sizes: (0, 0),
        }
    }

    /// A player whose leaves are valued by the n-tuple network `net` (its `weights` are then unused), downgrading
    /// tiles from [`DOWNGRADE`] up.
    pub fn with_network(net: Arc<Network>, depth: Option<u32>, min_probability: f32) -> Expectimax {
        Expectimax {
            weights: Weights::default(),
            depth,
            min_probability,
            downgrade: DOWNGRADE,
            eval: Eval::Net(net),
            label: None,
            cache: FxHashMap::default(),
            leaves: FxHashMap::default(),
            sizes: (0, 0),
        }
    }

    /// Whether the leaves are valued by an n-tuple network.
    pub fn uses_network(&self) -> bool {
        matches!(self.eval, Eval::Net(_))
    }

    /// The depth limit for `board`: the set one, or max(3, distinct tiles − 2) on the row heuristic and 3 on the
    /// network.
    pub fn depth_for(&self, board: Board) -> u32 {
        let auto = match self.eval {
            Eval::Rows(_) => board.distinct_tiles().saturating_sub(2).max(3),
            Eval::Net(_) => 3,
        };
        self.depth.unwrap_or(auto)
    }

    /// Each legal move's expected value at depth `depth`, with the nodes visited.
    pub fn move_values(&mut self, board: Board, four: f32, depth: u32) -> (Vec<(Direction, f32)>, u64) {
        let mut limits = Limits::new(None, None);
        let values = self.move_values_within(board, four, depth, &mut limits).unwrap_or_default();
        self.free_tables();
        (values, limits.nodes())
    }

    /// Each legal move's value from the deepest search that fits in `nodes` chance nodes, with that depth:
    /// deepening 1, 2, … up to [`Expectimax::depth_for`] on one count, as [`Bot::choose`] does under a node budget
    /// alone, which plays the first move of the highest value here. `None` when not even depth 1 fits.
    pub fn move_values_in_nodes(
        &mut self,
        board: Board,
        four: f32,
        nodes: u64,
    ) -> Option<(Vec<(Direction, f32)>, u32)> {
        let full = self.depth_for(board).clamp(1, 12);
        let mut limits = Limits::new(Some(nodes), None);
        let mut deepest = None;
        for depth in 1..=full {
            let Some(values) = self.move_values_within(board, four, depth, &mut limits) else { break };
            deepest = Some((values, depth));
        }
        self.free_tables();
        deepest
    }

    /// Drops the decision's tables, their capacity with them: their entries are of no use to the next decision
    /// (keyed by depth from this root), and a cleared map would keep its capacity, megabytes, between moves
    /// (`docs/budgets.md`).
    fn free_tables(&mut self) {
        self.sizes = (self.cache.len(), self.leaves.len());
        self.cache = FxHashMap::default();
        self.leaves = FxHashMap::default();
    }

    /// About how many bytes the decision's tables hold now (their capacity, not their entries).
    #[cfg(test)]
    pub(crate) fn table_bytes(&self) -> usize {
        self.cache.capacity() * size_of::<(u64, (u32, f32))>() + self.leaves.capacity() * size_of::<(u64, f32)>()
    }

    /// [`Expectimax::move_values`] under `limits`; `None` when they ran out first.
    fn move_values_within(
        &mut self,
        board: Board,
        four: f32,
        depth: u32,
        limits: &mut Limits,
    ) -> Option<Vec<(Direction, f32)>> {
        let board = self.downgrade.map_or(board, |threshold| board.downgraded(threshold));
        self.cache.clear();
        self.leaves.clear();
        // Room at once for as many entries as the last decision's tables ended with, rather than growing them
        // step by step (a no-op on later depths of the same decision, whose tables are cleared, not freed).
        self.cache.reserve(self.sizes.0);
        self.leaves.reserve(self.sizes.1);
        let mut search = Search {
            eval: &self.eval,
            cache: &mut self.cache,
            leaves: &mut self.leaves,
            min_probability: self.min_probability,
            limit: depth,
            four,
            limits,
        };
        let mut values = Vec::with_capacity(4);
        for d in Direction::ALL.into_iter().filter(|&d| board.can_move(d)) {
            let value = search.eval.points(board, d) + search.chance(board.shifted(d), 1.0, 0);
            if search.limits.stopped() {
                return None;
            }
            values.push((d, value));
        }
        Some(values)
    }

    /// The move played when not even depth 1 fits the budget: the first legal one in the order the search
    /// tries them and breaks ties (left, up, right, down).
    pub fn fallback(board: Board) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| board.can_move(d))
    }
}

struct Search<'a> {
    eval: &'a Eval,
    cache: &'a mut FxHashMap<u64, (u32, f32)>,
    leaves: &'a mut FxHashMap<u64, f32>,
    min_probability: f32,
    limit: u32,
    four: f32,
    limits: &'a mut Limits,
}

impl Search<'_> {
    /// The best move's value; 0 when no move is left (no points to come; the row heuristic's base keeps its live
    /// boards above that). Meaningless once the
    /// limits have run out: the caller drops it.
    fn best_move(&mut self, board: Board, probability: f32, depth: u32) -> f32 {
        let mut best = None::<f32>;
        let shifted = board.shifted_all();
        for (d, shifted) in Direction::ALL.into_iter().zip(shifted) {
            if shifted == board {
                continue;
            }
            let value = self.eval.points(board, d) + self.chance(shifted, probability, depth + 1);
            best = Some(best.map_or(value, |b| b.max(value)));
            if self.limits.stopped() {
                return 0.0;
            }
        }
        best.unwrap_or(0.0)
    }

    /// The mean over the new tiles that may fall on `board`.
    fn chance(&mut self, board: Board, probability: f32, depth: u32) -> f32 {
        if self.limits.spend() {
            return 0.0;
        }
        if probability < self.min_probability || depth >= self.limit {
            return match self.eval {
                Eval::Rows(table) => table.board_value(board),
                Eval::Net(net) => *self.leaves.entry(board.bits()).or_insert_with(|| net.value(board)),
            };
        }
        if let Some(&(at, value)) = self.cache.get(&board.bits())
            && at <= depth
        {
            return value;
        }
        let mut empty = board.empty_mask();
        let cells = empty.count_ones() as f32;
        let each = probability / cells;
        let two = 1.0 - self.four;
        let mut total = 0.0;
        while empty != 0 {
            let bit = empty & empty.wrapping_neg();
            empty &= empty - 1;
            total += two * self.best_move(Board::from_bits(board.bits() | bit), each * two, depth);
            total += self.four * self.best_move(Board::from_bits(board.bits() | (bit << 1)), each * self.four, depth);
            if self.limits.stopped() {
                // Not cached: the value is cut short.
                return 0.0;
            }
        }
        let value = total / cells;
        self.cache.insert(board.bits(), (depth, value));
        value
    }
}

impl Bot<G2048> for Expectimax {
    fn name(&self) -> String {
        if let Some(label) = &self.label {
            return label.clone();
        }
        let mut params = Vec::new();
        if let Some(d) = self.depth {
            params.push(format!("depth={d}"));
        }
        if self.min_probability != Expectimax::MIN_PROBABILITY {
            params.push(format!("prob={}", self.min_probability));
        }
        if self.uses_network() {
            params.push("eval=ntuple".to_owned());
            if self.downgrade != DOWNGRADE {
                params.push(format!("downgrade={}", downgrade_name(self.downgrade)));
            }
        } else if self.weights == Weights::published() {
            params.push("weights=published".to_owned());
        }
        if params.is_empty() { "expectimax".into() } else { format!("expectimax({})", params.join(",")) }
    }

    fn choose(&mut self, state: &G2048, budget: &Budget, _stream: &mut Stream) -> Option<Decision<Direction>> {
        if !state.awaits_move() {
            return None;
        }
        let start = Instant::now();
        let board = state.board();
        let four = state.rule().four() as f32;
        let full = budget.depth.unwrap_or_else(|| self.depth_for(board)).clamp(1, 12);
        let mut limits = Limits::new(budget.nodes, budget.deadline(start));
        // Under a node or time budget, deepen one move at a time: the last finished depth is played.
        let first = if budget.time.is_some() || budget.nodes.is_some() { 1 } else { full };
        let (mut best, mut reached) = (None, 0);
        for depth in first..=full {
            let Some(values) = self.move_values_within(board, four, depth, &mut limits) else { break };
            reached = depth;
            best = values.into_iter().fold(None, |best: Option<(Direction, f32)>, (d, v)| match best {
                Some((_, b)) if b >= v => best,
                _ => Some((d, v)),
            });
            if let Some(limit) = budget.time {
                // The next depth costs several times this one: not worth starting when it cannot finish.
                let spent = start.elapsed();
                if spent * 6 > limit.saturating_sub(spent) {
                    break;
                }
            }
        }
        let nodes = limits.nodes();
        self.free_tables();
        let (mv, value) = match best {
            Some(found) => found,
            None => (Expectimax::fallback(board)?, 0.0),
        };
        Some(Decision { mv, score: f64::from(value), pv: vec![mv], depth: reached, nodes, elapsed: start.elapsed() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_board;
    use crate::rules::SpawnRule;

    /// A board with many distinct tiles and room for new ones: the adaptive depth is 8 and the cache grows to
    /// megabytes.
    const BUSY: &str = "2,4,8,16/.,.,32,64/.,.,.,128/.,1024,512,256";

    #[test]
    fn a_decision_frees_its_tables() {
        let board = parse_board(BUSY).expect("a test board");
        let state = G2048::from_board(board, 0, SpawnRule::Original);
        let mut bot = Expectimax::default();
        let decision = bot.choose(&state, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
        assert_eq!(bot.table_bytes(), 0, "nothing is kept between moves");
        // The same search, its tables looked at before they are freed: their entries alone took megabytes.
        let mut limits = Limits::new(None, None);
        bot.move_values_within(board, state.rule().four() as f32, decision.depth, &mut limits).expect("no limits");
        let entries = bot.cache.len() * size_of::<(u64, (u32, f32))>();
        assert!(entries > 1 << 20, "the search's cache held {entries} bytes of entries");
        assert!(bot.table_bytes() >= entries);
        bot.move_values(board, state.rule().four() as f32, decision.depth);
        assert_eq!(bot.table_bytes(), 0, "move_values frees them too");
    }
}
