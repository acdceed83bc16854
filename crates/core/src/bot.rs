//! Bots: choose a move under a budget and explain the choice.

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::stream::Stream;

/// How much a bot may think: any of depth (plies), nodes and time; `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Deepest search, in plies.
    pub depth: Option<u32>,
    /// Most nodes visited.
    pub nodes: Option<u64>,
    /// Most time spent on this move.
    pub time: Option<Duration>,
    /// The mover's game clock, under a time control: a bot that manages its time reads it; `time` then holds
    /// what is left on it, a hard stop for every bot.
    pub clock: Option<Clock>,
}

/// A player's clock under a time control (`base+increment`, as `hamle match --tc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left for the rest of the game (or until `moves_to_go` moves are played).
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, when the control has one.
    pub moves_to_go: Option<u32>,
}

impl Budget {
    /// No limit: the bot uses its own defaults.
    pub const UNLIMITED: Budget = Budget { depth: None, nodes: None, time: None, clock: None };

    /// A depth limit alone.
    pub fn depth(depth: u32) -> Self {
        Budget { depth: Some(depth), ..Budget::UNLIMITED }
    }

    /// A time limit alone.
    pub fn time(time: Duration) -> Self {
        Budget { time: Some(time), ..Budget::UNLIMITED }
    }

    /// The moment thinking must stop, counted from `start`.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.map(|t| start + t)
    }
}

/// A bot's chosen move and why: for hints in the UI and logs in the arena.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<M> {
    /// The move to play.
    pub mv: M,
    /// Its value for the bot, in the evaluation's units.
    pub score: f64,
    /// The expected continuation, starting with `mv` (may hold only `mv`).
    pub pv: Vec<M>,
    /// Depth reached, in plies (0 for bots that do not search).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// Why a bot gave no move when it was its turn: the arena scores the game a loss for it, with this reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// It chose a move the rules do not allow (an outside engine's answer, as it wrote it: `e2e5`).
    #[error("illegal move {0}")]
    IllegalMove(String),
    /// It failed to choose: its program crashed, hung or answered nonsense (in words).
    #[error("{0}")]
    Failed(String),
}

/// A computer player.
pub trait Bot<G: Game>: Send {
    /// The bot's name with its settings, as the registry spells it.
    fn name(&self) -> String;

    /// Chooses a move for the player to move in `state` within `budget`, drawing any randomness
    /// (tie breaks, noise) from `stream`; `None` when no player is to move, or when the bot failed (then
    /// [`Bot::fault`] says why).
    fn choose(&mut self, state: &G, budget: &Budget, stream: &mut Stream) -> Option<Decision<G::Move>>;

    /// Why the last [`Bot::choose`] gave no move on the bot's turn, taken out (a second call gives `None`).
    /// Bots that cannot fail keep the default: `None`. Bots that drive something outside the process (a UCI
    /// engine) fill it, so that a match scores the failure as a forfeit with its reason.
    fn fault(&mut self) -> Option<Fault> {
        None
    }

    /// About how many bytes the bot holds between decisions (tables kept from move to move), so that a server
    /// can bound the games it keeps by their size. Bots that free what they built after each move keep the
    /// default: 0.
    fn memory(&self) -> usize {
        0
    }
}

/// Plays a uniformly random legal move.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, state: &G, _budget: &Budget, stream: &mut Stream) -> Option<Decision<G::Move>> {
        let start = Instant::now();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mv = *stream.pick(&moves)?;
        Some(Decision { mv, score: 0.0, pv: vec![mv], depth: 0, nodes: 0, elapsed: start.elapsed() })
    }
}

/// A search's nodes against its budget: a hard stop that a search checks at every node.
///
/// ```
/// use hamle_core::bot::Limits;
/// let mut limits = Limits::new(Some(2), None);
/// assert!(!limits.spend() && !limits.spend());
/// assert!(limits.spend(), "the third node is refused");
/// assert_eq!(limits.nodes(), 2);
/// assert!(limits.stopped());
/// ```
#[derive(Clone, Debug)]
pub struct Limits {
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Limits {
    /// How many nodes pass between two looks at the clock: a look costs about as much as a node, and 1024
    /// nodes take well under a millisecond in every game here.
    pub const CLOCK_EVERY: u64 = 1024;

    /// At most `max_nodes` nodes (`None`: no limit) and nothing after `deadline`.
    pub fn new(max_nodes: Option<u64>, deadline: Option<Instant>) -> Limits {
        Limits { nodes: 0, max_nodes: max_nodes.unwrap_or(u64::MAX), deadline, stopped: false }
    }

    /// No limit: the search only counts its nodes.
    pub fn none() -> Limits {
        Limits::new(None, None)
    }

    /// Counts one node; true when the budget is spent and the node must not be searched. A refused node is
    /// not counted, so the count never passes the budget; once spent, the limits stay spent.
    // Inlined across crates: searches call it at every node (6.7 % of the 2048 expectimax's time as a call).
    #[inline]
    pub fn spend(&mut self) -> bool {
        if self.stopped || self.nodes >= self.max_nodes {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(Self::CLOCK_EVERY) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether a limit was reached: the search unwinds at once.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
