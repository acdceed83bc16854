//! `hamle solve sim`: who wins Sim from the start with best play. Declared here and run by the terminal, which builds its flags.

use std::time::Instant;

use anyhow::Result;
use hamle_core::command::{Arg, Call, Command};
use hamle_core::outln;
use serde_json::json;

/// `hamle solve sim`.
pub const COMMANDS: &[Command] = &[Command {
    verb: "solve",
    about: "Solve Sim from the start: who wins with best play, the positions searched.",
    args: &[Arg::JSON],
    top: false,
    merge: None,
    run: |call| sim(call),
}];

/// Sim from the start: who wins with best play, the positions searched and the time.
fn sim(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let clock = Instant::now();
    let solved = super::solve(&super::Sim::new());
    let seconds = clock.elapsed().as_secs_f64();
    let winner = if solved.winner == 0 { "first" } else { "second" };
    if json {
        call.print_json(&json!({"winner": winner, "nodes": solved.nodes, "seconds": seconds}))?;
    } else {
        outln!(
            call,
            "Sim: the {winner} player ({}) wins with best play; {} positions searched, each once ({seconds:.3} s)",
            ["red", "blue"][usize::from(solved.winner)],
            solved.nodes
        );
    }
    Ok(())
}
