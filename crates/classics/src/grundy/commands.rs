//! `hamle solve grundy`: Grundy's game's values of every heap up to N, or the AND/OR graph of some heaps. Declared here and run by the terminal, which builds its flags.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::command::{Arg, Bar, Call, Command, Hidden};
use hamle_core::{out, outln};
use serde_json::json;

/// `hamle solve grundy`.
pub const COMMANDS: &[Command] = &[Command {
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

/// `hamle solve grundy --up-to N [--json]` or `hamle solve grundy --graph HEAPS [--svg FILE]`.
fn grundy(call: &mut Call<'_>) -> Result<()> {
    use super::{graph, values};
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
