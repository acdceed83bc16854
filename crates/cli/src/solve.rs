//! `hamle solve`: complete solutions of small games.

use std::time::Instant;

use anyhow::{Result, bail};
use hamle_arena::{Spec, games};
use hamle_classics::tictactoe::{Outcome, Solution, TicTacToe};
use hamle_core::Notation;
use serde_json::json;

/// Solves the game `spec` and prints its value and best first moves.
pub fn run(spec: &Spec, json: bool) -> Result<()> {
    match spec.name.as_str() {
        "tictactoe" => tictactoe(spec, json),
        "sim" => sim(json),
        other => {
            let known = games::registry().game(other).map(|_| ());
            known?;
            bail!("hamle cannot solve {other}: it solves tictactoe, domineering, sim, grundy, queens and knights-tour")
        }
    }
}

/// Sim from the start: who wins with best play, the positions searched and the time.
fn sim(json: bool) -> Result<()> {
    let clock = Instant::now();
    let solved = hamle_classics::sim::solve(&hamle_classics::sim::Sim::new());
    let seconds = clock.elapsed().as_secs_f64();
    let winner = if solved.winner == 0 { "first" } else { "second" };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({"winner": winner, "nodes": solved.nodes, "seconds": seconds}))?
        );
    } else {
        println!(
            "Sim: the {winner} player ({}) wins with best play; {} positions searched, each once ({seconds:.3} s)",
            ["red", "blue"][usize::from(solved.winner)],
            solved.nodes
        );
    }
    Ok(())
}

/// `win in 7`, `loss in 4`, `draw`.
fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(n) | Outcome::Loss(n) => format!("{} in {n}", outcome.word()),
        Outcome::Draw => "draw".into(),
    }
}

fn tictactoe(spec: &Spec, json: bool) -> Result<()> {
    let start: TicTacToe = hamle_classics::tictactoe::definition().game(spec)?;
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
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!("{} ({} variant), solved by retrograde analysis", spec.name, start.variant().name());
    println!("positions reachable: {}", solution.positions());
    println!("value for x, who moves first: {}", describe(value));
    let names: Vec<String> = best.iter().map(|&(mv, _)| start.format_move(mv)).collect();
    println!("best first moves: {}", names.join(" "));
    let each: Vec<String> = all.iter().map(|&(mv, o)| format!("{}={}", start.format_move(mv), describe(o))).collect();
    println!("every first move: {}", each.join(", "));
    println!("longest forced result: {} plies; solved in {:.3} s", solution.longest(), seconds);
    Ok(())
}
