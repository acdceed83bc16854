//! `hamle solve tictactoe`: the game solved by retrograde analysis, its value and every first move's result. Declared here and run by the terminal, which builds its flags.

use std::time::Instant;

use anyhow::{Result, bail};
use hamle_core::Notation;
use hamle_core::command::{Arg, Call, Command};
use hamle_core::outln;
use serde_json::json;

use super::{Outcome, Solution, TicTacToe};

/// `hamle solve tictactoe`.
pub const COMMANDS: &[Command] = &[Command {
    verb: "solve",
    about: "Solve tic-tac-toe by retrograde analysis: its value, the best first moves, every first move's result.",
    args: &[
        Arg::value("variant", "VARIANT", "The variant: `classic` or `two-phase` (the parameter `variant=`)."),
        Arg::JSON,
    ],
    top: false,
    merge: None,
    run: |call| tictactoe(call),
}];

/// `win in 7`, `loss in 4`, `draw`.
fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(n) | Outcome::Loss(n) => format!("{} in {n}", outcome.word()),
        Outcome::Draw => "draw".into(),
    }
}

fn tictactoe(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let mut spec = call.game.clone();
    if let Some(variant) = call.text("variant") {
        spec = spec.with("variant", variant);
    }
    let spec = &spec;
    let start: TicTacToe = super::def::definition().game(spec)?;
    let clock = Instant::now();
    let solution = Solution::new(start.variant());
    let seconds = clock.elapsed().as_secs_f64();
    let Some(value) = solution.outcome(&start) else { bail!("the start position is missing from its own solution") };
    let best = solution.best_moves(&start);
    let all = solution.moves(&start);
    if json {
        let moves: serde_json::Map<String, serde_json::Value> =
            all.iter().map(|&(mv, o)| (start.format_move(mv), json!(describe(o)))).collect();
        let plies = match value {
            Outcome::Win(n) | Outcome::Loss(n) => Some(n),
            Outcome::Draw => None,
        };
        let report = json!({
            "game": spec.to_string(),
            "variant": start.variant().name(),
            "value": value.word(),
            "plies": plies,
            "best_moves": best.iter().map(|&(mv, _)| start.format_move(mv)).collect::<Vec<_>>(),
            "moves": moves,
            "positions": solution.positions(),
            "longest_forced": solution.longest(),
            "seconds": seconds,
        });
        return call.print_json(&report);
    }
    outln!(call, "{} ({} variant), solved by retrograde analysis", spec.name, start.variant().name());
    outln!(call, "positions reachable: {}", solution.positions());
    outln!(call, "value for x, who moves first: {}", describe(value));
    let names: Vec<String> = best.iter().map(|&(mv, _)| start.format_move(mv)).collect();
    outln!(call, "best first moves: {}", names.join(" "));
    let each: Vec<String> = all.iter().map(|&(mv, o)| format!("{}={}", start.format_move(mv), describe(o))).collect();
    outln!(call, "every first move: {}", each.join(", "));
    outln!(call, "longest forced result: {} plies; solved in {:.3} s", solution.longest(), seconds);
    Ok(())
}
