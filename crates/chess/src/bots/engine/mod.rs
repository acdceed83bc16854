//! The engine: a strong chess player with levels for people (issue 18).
//!
//! - [`search`]: iterative deepening, principal-variation search with aspiration windows, a transposition
//!   table ([`tt`]), quiescence with static exchange evaluation, null move, late-move reductions and
//!   pruning, futility and reverse futility pruning, check and singular extensions, killer, history,
//!   countermove and continuation-history ordering, mate-distance pruning.
//! - [`eval`]: a tapered evaluation — material, piece-square tables (PeSTO's to start), pawn structure and
//!   passed pawns, mobility, threats, king safety — tuned by Texel's method (`hamle train chess`).
//! - [`nnue`]: the neural evaluation the engine searches with unless asked for [`eval`] (`engine(eval=hand)`),
//!   trained by [`nnue_train`] on positions a stronger engine labelled; ahead of [`eval`] under a clock.
//! - [`time`]: how long to think under a clock.
//!
//! Levels 1–8 trade depth and node limits and noise for strength; level 8 is full strength.

pub mod eval;
pub mod nnue;
pub mod nnue_train;
pub mod search;
pub mod time;
pub mod tt;
pub mod tune;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cozy_chess::Board;
use hamle_core::{Bot, Budget, Decision, Stream};

use crate::rules::{Chess, Move};
use search::{Limits, MATE, Searcher};

/// What a level may do: its depth and node limits and the noise added to its root moves' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Deepest search.
    pub depth: Option<u32>,
    /// Most nodes per move.
    pub nodes: Option<u64>,
    /// Each root move's value is shifted by up to this many centipawns, either way.
    pub noise: i32,
}

/// The levels, 1 to 8.
pub const LEVELS: [Level; 8] = [
    Level { depth: Some(1), nodes: None, noise: 150 },
    Level { depth: Some(2), nodes: None, noise: 80 },
    Level { depth: Some(3), nodes: None, noise: 40 },
    Level { depth: Some(4), nodes: None, noise: 20 },
    Level { depth: None, nodes: Some(5_000), noise: 0 },
    Level { depth: None, nodes: Some(30_000), noise: 0 },
    Level { depth: None, nodes: Some(200_000), noise: 0 },
    Level { depth: None, nodes: None, noise: 0 },
];

/// Thinking time per move when neither the budget nor the level bounds the search.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// Tables up to this size (MiB) stay from move to move whatever the budget.
pub const ALWAYS_KEPT_MB: usize = 1;

/// The table a level gets when its spec names none: enough for its nodes below level 8, 16 MiB at level 8.
pub fn default_hash(level: u8) -> usize {
    if level >= 8 { 16 } else { ALWAYS_KEPT_MB }
}

/// The evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Eval {
    /// The hand-made evaluation ([`eval`]), tuned by Texel's method.
    Hand,
    /// The neural network ([`nnue`]), trained on Stockfish-labelled positions: the default.
    #[default]
    Net,
}

impl Eval {
    /// The network a searcher with this evaluation reads, if any.
    pub fn network(self) -> Option<&'static nnue::Network> {
        match self {
            Eval::Hand => None,
            Eval::Net => Some(nnue::Network::shipped()),
        }
    }
}

/// The engine as a bot.
///
/// A table larger than [`ALWAYS_KEPT_MB`] lives only while a move is chosen, except under a clock (a timed
/// match), where what it learned on one move helps the next: a server holding many games against the
/// engine must not hold a large table for each. The move-ordering statistics always stay.
pub struct Engine {
    /// Level, 1 (weakest) to 8 (full strength).
    pub level: u8,
    /// The evaluation it searches with.
    pub eval: Eval,
    hash_mb: usize,
    searcher: Searcher,
    table_held: bool,
}

impl Engine {
    /// The engine at `level` (1..=8) with a transposition table of `hash_mb` MiB and the neural evaluation.
    pub fn new(level: u8, hash_mb: usize) -> Engine {
        Engine::with_eval(level, hash_mb, Eval::Net)
    }

    /// The engine at `level` with a table of `hash_mb` MiB, searching with `eval`.
    pub fn with_eval(level: u8, hash_mb: usize, eval: Eval) -> Engine {
        let searcher = Searcher::with_network(0, eval.network());
        Engine { level: level.clamp(1, 8), eval, hash_mb, searcher, table_held: false }
    }

    /// Whether the table is held between moves now.
    pub fn holds_table(&self) -> bool {
        self.table_held
    }
}

/// The keys of the positions before the game's current one, since the last capture or pawn move.
pub fn history_keys(game: &Chess) -> Vec<u64> {
    let mut board = game.start().clone();
    let mut keys = Vec::with_capacity(game.played().len());
    for &mv in game.played() {
        keys.push(board.hash());
        board.play_unchecked(mv);
    }
    let window = usize::from(game.halfmoves()).min(keys.len());
    keys.split_off(keys.len() - window)
}

/// The search limits a budget and a level give: the budget's depth, nodes and time win over the level's.
pub fn limits(budget: &Budget, level: Level, board: &Board) -> Limits {
    let mut limits =
        Limits { depth: budget.depth.or(level.depth), nodes: budget.nodes.or(level.nodes), ..Limits::default() };
    if let Some(clock) = budget.clock {
        let (soft, hard) = time::allot(&clock, board);
        limits.soft = Some(soft);
        limits.hard = Some(hard);
    } else if let Some(time) = budget.time {
        limits.soft = Some(time);
        limits.hard = Some(time);
    } else if limits.depth.is_none() && limits.nodes.is_none() {
        limits.soft = Some(DEFAULT_TIME);
        limits.hard = Some(DEFAULT_TIME);
    }
    if let (Some(hard), Some(time)) = (limits.hard, budget.time) {
        limits.hard = Some(hard.min(time));
    }
    limits
}

impl Bot<Chess> for Engine {
    fn memory(&self) -> usize {
        self.searcher.memory()
    }

    fn name(&self) -> String {
        match self.eval {
            Eval::Net => format!("engine(level={})", self.level),
            Eval::Hand => format!("engine(level={},eval=hand)", self.level),
        }
    }

    fn choose(&mut self, state: &Chess, budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        if state.ending().is_some() {
            return None;
        }
        let level = LEVELS[usize::from(self.level - 1)];
        let board = state.board();
        let history = history_keys(state);
        let limits = limits(budget, level, board);
        let stop = AtomicBool::new(false);
        if !self.table_held {
            self.searcher.resize(self.hash_mb);
            self.table_held = true;
        }
        let outcome = self.searcher.search(board, &history, limits, &stop, &mut |_| {});
        let (mut best, mut value, mut pv) = (outcome.best?, outcome.value, outcome.pv);
        if level.noise > 0 {
            let depth = outcome.depth.max(1);
            let values = self.searcher.root_values(board, &history, depth, &stop);
            let noisy = values
                .iter()
                .map(|&(mv, v)| (mv, v, v + stream.below(2 * level.noise as usize + 1) as i32 - level.noise));
            if let Some((mv, v, _)) = noisy.max_by_key(|&(_, _, n)| n) {
                (best, value, pv) = (mv, v, vec![mv]);
            }
        }
        if budget.clock.is_none() && self.hash_mb > ALWAYS_KEPT_MB {
            self.searcher.resize(0);
            self.table_held = false;
        }
        let claim = state.claimable().is_some() && value < 0;
        let mv = if claim { Move::ClaimDraw } else { Move::Board(best) };
        let score = if claim {
            0.0
        } else if value.abs() > MATE - 1000 {
            f64::from(value.signum()) * 1000.0
        } else {
            f64::from(value) / 100.0
        };
        let pv = if claim { vec![mv] } else { pv.into_iter().map(Move::Board).collect() };
        Some(Decision { mv, score, pv, depth: outcome.depth, nodes: outcome.nodes, elapsed: start.elapsed() })
    }
}
