//! The computer players of 2048: the seed report's depth-limited search and a strong expectimax.

mod expectimax;
mod seed;

use std::time::Instant;

pub use expectimax::{Expectimax, RowTable, Weights};
pub use seed::{MASK, Seed, Sums, seed_score};

/// A search's nodes against its budget: a hard stop that both players check at every node.
struct Limits {
    /// Nodes visited so far, over every iteration of the deepening.
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Set once a limit is reached; it stays set, and the search unwinds at once.
    stopped: bool,
}

impl Limits {
    /// How many nodes pass between two looks at the clock: a look costs about as much as a node, and 1024
    /// nodes take well under a millisecond.
    const CLOCK_EVERY: u64 = 1024;

    /// At most `max_nodes` nodes (`None`: no limit) and nothing after `deadline`.
    fn new(max_nodes: Option<u64>, deadline: Option<Instant>) -> Limits {
        Limits { nodes: 0, max_nodes: max_nodes.unwrap_or(u64::MAX), deadline, stopped: false }
    }

    /// Counts one node; true when the budget is spent and the node must not be searched. A refused node is
    /// not counted, so the count never passes the budget.
    fn spend(&mut self) -> bool {
        if self.stopped || self.nodes >= self.max_nodes {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes % Self::CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }
}
