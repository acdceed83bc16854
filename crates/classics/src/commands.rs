//! `hamle solve` for the classic games: tic-tac-toe by retrograde analysis, Sim, Grundy's game's values and
//! AND/OR graph, Dots and Boxes. Declared here and run by the terminal, which builds their flags.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::Notation;
use hamle_core::command::{Arg, Bar, Call, Command, Hidden};
use hamle_core::{out, outln};
use serde_json::json;

use crate::tictactoe::{Outcome, Solution, TicTacToe};

/// `hamle solve tictactoe`.
pub const TICTACTOE: &[Command] = &[Command {
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

/// `hamle solve sim`.
pub const SIM: &[Command] = &[Command {
    verb: "solve",
    about: "Solve Sim from the start: who wins with best play, the positions searched.",
    args: &[Arg::JSON],
    top: false,
    merge: None,
    run: |call| sim(call),
}];

/// `hamle solve grundy`.
pub const GRUNDY: &[Command] = &[Command {
    verb: "solve",
    about: "Grundy's game: the Sprague–Grundy values of every heap up to N, or the AND/OR graph of some heaps.",
    args: &[
        Arg::value("up-to", "N", "The Sprague–Grundy values of every heap up to N."),
        Arg::value(
            "graph",
            "HEAPS",
            "The AND/OR graph of these heaps (`7`, or `7-5`), MIN to move, as the thesis draws it.",
        ),
        Arg::value("svg", "FILE", "With --graph: also write the graph as an SVG picture to this file."),
        Arg::JSON,
    ],
    top: false,
    merge: None,
    run: |call| grundy(call),
}];

/// `hamle solve dots`.
pub const DOTS: &[Command] = &[Command {
    verb: "solve",
    about: "Dots and Boxes: the value of an empty board of R×C boxes for the first player, with best play.",
    args: &[Arg::place("size", "The board in boxes, ROWSxCOLS, like 3x3."), Arg::JSON],
    top: false,
    merge: None,
    run: |call| dots(call),
}];

/// Sim from the start: who wins with best play, the positions searched and the time.
fn sim(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let clock = Instant::now();
    let solved = crate::sim::solve(&crate::sim::Sim::new());
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
    let start: TicTacToe = crate::tictactoe::definition().game(spec)?;
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
/// `hamle solve grundy --up-to N [--json]` or `hamle solve grundy --graph HEAPS [--svg FILE]`.
fn grundy(call: &mut Call<'_>) -> Result<()> {
    use crate::grundy::{graph, values};
    let json = call.switch("json");
    let up_to = call.get::<usize>("up-to")?;
    let svg = call.text("svg").map(std::path::PathBuf::from);
    match (up_to, call.text("graph").map(str::to_owned)) {
        (Some(up_to), None) => {
            anyhow::ensure!(svg.is_none(), "--svg goes with --graph");
            let bar: Box<dyn Bar> =
                if up_to < 20_000 { Box::new(Hidden) } else { call.bar(Some(up_to as u64), "heaps") };
            let clock = Instant::now();
            let g = values(up_to, &|n| bar.set_position(n as u64))?;
            bar.finish();
            let seconds = clock.elapsed().as_secs_f64();
            if json {
                call.print(
                    &(serde_json::to_string(&json!({"up_to": up_to, "values": g, "seconds": seconds}))? + "\n"),
                )?;
            } else {
                let zeros: Vec<String> =
                    g.iter().enumerate().filter(|&(_, &v)| v == 0).map(|(n, _)| n.to_string()).collect();
                let largest = g.iter().max().copied().unwrap_or(0);
                let first: Vec<String> = g.iter().take(40).map(u16::to_string).collect();
                outln!(call, "Grundy values of heaps 0 to {up_to} ({seconds:.3} s)");
                outln!(call, "g(0..40): {}", first.join(" "));
                outln!(
                    call,
                    "heaps lost for the player to move (value 0): {} of them, the last {}",
                    zeros.len(),
                    zeros.last().map_or("-", |z| z.as_str())
                );
                outln!(call, "largest value: {largest}");
            }
            Ok(())
        }
        (None, Some(text)) => {
            let heaps: Vec<u32> = text
                .split(['-', ',', ' '])
                .filter(|h| !h.is_empty())
                .map(|h| h.parse().with_context(|| format!("'{h}' is not a heap: write sizes like 7 or 7-5")))
                .collect::<Result<_>>()?;
            anyhow::ensure!(heaps.iter().all(|&h| h > 0), "a heap holds at least one counter");
            let graph = graph::graph(&heaps).map_err(anyhow::Error::msg)?;
            if json {
                let nodes: Vec<serde_json::Value> = (0..graph.nodes.len())
                    .map(|i| {
                        let node = &graph.nodes[i];
                        json!({"position": graph.label(i), "heaps": node.heaps, "depth": node.depth,
                               "winner": if node.max_wins { "MAX" } else { "MIN" }, "children": node.children})
                    })
                    .collect();
                call.print_json(&json!({"heaps": heaps, "nodes": nodes}))?;
            } else {
                out!(call, "{}", graph.text());
                let winner = if graph.nodes[0].max_wins { "MAX, who moves second," } else { "MIN, who moves first," };
                outln!(
                    call,
                    "{} positions; with best play {winner} wins (* marks the solution's moves)",
                    graph.nodes.len()
                );
            }
            if let Some(path) = &svg {
                call.host.write_file(path, graph.svg().as_bytes())?;
                call.host.note(&format!("the graph as SVG: {}", path.display()));
            }
            Ok(())
        }
        _ => bail!("Grundy's game takes either --up-to N (its values) or --graph HEAPS (its AND/OR graph)"),
    }
}

/// `hamle solve dots RxC [--json]`: the value of an empty board of R×C boxes for the first player.
fn dots(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let text = call.text("size").map(str::to_owned).context("give the board in boxes: hamle solve dots 3x3")?;
    let lower = text.to_ascii_lowercase().replace('×', "x");
    let (rows, cols) =
        lower.split_once('x').with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let rows: usize =
        rows.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let cols: usize =
        cols.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let spinner = call.bar(None, &format!("solving {rows}x{cols} boxes"));
    let clock = Instant::now();
    let solved = crate::dots::solve(rows, cols).map_err(anyhow::Error::msg)?;
    spinner.finish();
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let report =
            json!({"rows": rows, "cols": cols, "value": solved.value, "nodes": solved.nodes, "seconds": seconds});
        call.print_json(&report)?;
    } else {
        let boxes = (rows * cols) as i32;
        let (first, second) = ((boxes + solved.value) / 2, (boxes - solved.value) / 2);
        let verdict = match solved.value.signum() {
            1 => format!("the first player wins {first}–{second}"),
            -1 => format!("the second player wins {second}–{first}"),
            _ => format!("a draw, {first}–{second}"),
        };
        outln!(
            call,
            "Dots and Boxes, {rows}×{cols} boxes: with best play {verdict} (value {:+}); {} positions searched ({seconds:.3} s)",
            solved.value,
            solved.nodes
        );
    }
    Ok(())
}
