//! Perfect play when the exact solver finishes within the budget, the seed player's search otherwise.

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Decision, Stream};

use super::seed::Seed;
use crate::rules::{Domineering, Move};
use crate::solve::{SolveOptions, solve_position};

/// Tries to solve the position within its limits (a budget's nodes and time override them): plays a
/// winning move when it finds one; when the position is lost, or too big to solve in time, it plays
/// what [`Seed`] at `fallback_depth` chooses, hoping the opponent errs.
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
        let time = budget.time.unwrap_or(self.max_time);
        let options = SolveOptions {
            threads: 1,
            table_bits: Some(20),
            max_nodes: Some(budget.nodes.unwrap_or(self.max_nodes)),
            deadline: Some(clock + time),
            ..SolveOptions::default()
        };
        let mut nodes = 0;
        if let Ok(solved) = solve_position(state, &options) {
            nodes = solved.nodes;
            if let Some(mv) = solved.best {
                return Some(Decision {
                    mv,
                    score: f64::INFINITY,
                    pv: vec![mv],
                    depth: 0,
                    nodes,
                    elapsed: clock.elapsed(),
                });
            }
        }
        let mut seed = Seed { depth: budget.depth.unwrap_or(self.fallback_depth), ..Seed::default() };
        let mut decision = seed.choose(state, budget, stream)?;
        decision.nodes += nodes;
        decision.elapsed = clock.elapsed();
        Some(decision)
    }
}
