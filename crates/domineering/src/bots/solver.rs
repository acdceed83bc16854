//! Perfect play when the exact solver finishes within the budget, the seed player's search otherwise.

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Decision, Stream};

use super::seed::Seed;
use crate::rules::{Domineering, Move};
use crate::solve::{SolveError, SolveOptions, solve_position};

/// Tries to solve the position within its limits (a budget's nodes and time override them): plays a
/// winning move when it finds one; when the position is lost, or too big to solve in time, it plays
/// what [`Seed`] at `fallback_depth` chooses, hoping the opponent errs.
///
/// The whole decision keeps to the budget's time (else `max_time`) and nodes: the exact search stops at
/// three quarters of both, the fallback deepens one half-move at a time and stops hard at the end of the
/// rest, playing its deepest finished iteration (its first non-safe move when none finished). Nodes are
/// the exact search's calls plus the fallback's (see [`Seed`]); the exact search looks at its count and
/// the clock every 4096 nodes, so the total may pass a node budget by up to 4096 (a few milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver {
    /// Most nodes per move for the exact search.
    pub max_nodes: u64,
    /// Most time per move for the exact search.
    pub max_time: Duration,
    /// Depth of the seed-style search used when the exact search gives up or the position is lost.
    pub fallback_depth: u32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver { max_nodes: 20_000_000, max_time: Duration::from_secs(5), fallback_depth: 4 }
    }
}

impl Bot<Domineering> for Solver {
    fn name(&self) -> String {
        let default = Solver::default();
        let mut settings = Vec::new();
        if self.max_nodes != default.max_nodes {
            settings.push(format!("nodes={}", self.max_nodes));
        }
        if self.fallback_depth != default.fallback_depth {
            settings.push(format!("fallback={}", self.fallback_depth));
        }
        if settings.is_empty() { "solver".into() } else { format!("solver({})", settings.join(",")) }
    }

    fn choose(&mut self, state: &Domineering, budget: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let clock = Instant::now();
        let total = budget.time.unwrap_or(self.max_time);
        // The exact search gets three quarters of the time and nodes; the fallback gets what is left, at
        // least a quarter, which on 16×16 is enough for its first iterations.
        let options = SolveOptions {
            threads: 1,
            table_bytes: Some(16 << 20),
            max_nodes: Some(budget.nodes.map_or(self.max_nodes, |n| n - n / 4)),
            deadline: Some(clock + total - total / 4),
            ..SolveOptions::default()
        };
        let nodes = match solve_position(state, &options) {
            Ok(solved) => match solved.best {
                Some(mv) => {
                    let elapsed = clock.elapsed();
                    let nodes = solved.nodes;
                    return Some(Decision { mv, score: f64::INFINITY, pv: vec![mv], depth: 0, nodes, elapsed });
                }
                None => solved.nodes,
            },
            Err(SolveError::OutOfBudget { nodes }) => nodes,
            // Too big for the exact search: it gave up before searching anything.
            Err(_) => 0,
        };
        let mut seed = Seed { depth: budget.depth.unwrap_or(self.fallback_depth), ..Seed::default() };
        let left = Budget {
            depth: Some(seed.depth),
            nodes: budget.nodes.map(|n| n.saturating_sub(nodes)),
            time: Some(total.saturating_sub(clock.elapsed())),
            clock: None,
        };
        let mut decision = seed.choose(state, &left, stream)?;
        decision.nodes += nodes;
        decision.elapsed = clock.elapsed();
        Some(decision)
    }
}
