//! `hamle solve domineering RxC` and `hamle solve domineering --table N [--shard I/N --out PART]`: the exact
//! solver in the terminal. Declared here and run by the terminal, which builds their flags.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::Notation;
use hamle_core::command::{Arg, Call, Command, Merge};
use hamle_core::items::ItemsPart;
use hamle_core::shard::Shard;
use hamle_core::{out, outln};
use serde_json::json;

use crate::solve::{Bounds, SolveOptions, outcome_letter, solve_position};
use crate::table::{OutcomeTable, letters};
use crate::{Domineering, Side};

/// The name a sharded table's parts carry.
const TABLE_RUN: &str = "domineering table";

/// `hamle solve domineering`.
pub const COMMANDS: &[Command] = &[Command {
    verb: "solve",
    about: "Solve an empty Domineering board exactly: who wins, a winning first move, the nodes searched; or every \
            board up to N×N.",
    args: &[
        Arg::place(
            "size",
            "The board as ROWSxCOLS, e.g. `8x8` (the vertical domino covers two rows); without it, the game's \
             `rows` and `cols`.",
        ),
        Arg::value("first", "SIDE", "Who places first, `vertical` or `horizontal`."),
        Arg::value("threads", "N", "Threads sharing the search.").or("1"),
        Arg::value(
            "hash",
            "MIB",
            "The transposition table's size in MiB, 1 to 16384 (default 16 for boards up to 64 cells, 128 above).",
        ),
        Arg::value("table", "N", "Solve every board up to N×N, both starters, and print the outcome table."),
        Arg::value(
            "bounds",
            "BOUNDS",
            "The move-count bounds, `bullock` (fastest), `proven` or `off` (both to cross-check).",
        ),
        Arg::value(
            "shard",
            "I/N",
            "With `--table`: solve only shard I of N (from 0) of the boards, written to `--out` for `hamle merge`.",
        ),
        Arg::value("out", "PART", "Where `--shard` writes its part."),
        Arg::switch("json", "Print JSON instead of text."),
    ],
    top: false,
    run: |call| solve(call),
    merge: Some(Merge { run: TABLE_RUN, finish: |run, call| print_merged_table(run, call) }),
}];

/// Reads `8x8` (also `8X8`, `8×8`) into (rows, cols).
fn parse_size(text: &str) -> Result<(usize, usize)> {
    let lower = text.to_ascii_lowercase().replace('×', "x");
    let (r, c) = lower.split_once('x').with_context(|| format!("'{text}' is not a size: write ROWSxCOLS, like 8x8"))?;
    let (rows, cols) = (r.trim().parse(), c.trim().parse());
    match (rows, cols) {
        (Ok(rows), Ok(cols)) => Ok((rows, cols)),
        _ => bail!("'{text}' is not a size: write ROWSxCOLS, like 8x8"),
    }
}

fn parse_side(text: &str) -> Result<Side> {
    Side::parse(text).with_context(|| format!("'{text}' is not a side: write vertical or horizontal"))
}

/// The table's size in bytes for `--hash MIB`.
fn table_bytes(mib: usize) -> Result<usize> {
    const MAX_MIB: usize = SolveOptions::MAX_TABLE >> 20;
    anyhow::ensure!((1..=MAX_MIB).contains(&mib), "--hash is the table's size in MiB, from 1 to {MAX_MIB}");
    Ok(mib << 20)
}

/// `hamle solve domineering …`.
fn solve(call: &mut Call<'_>) -> Result<()> {
    let start: Domineering = crate::def::definition().game(&call.game)?;
    let threads = call.required::<usize>("threads")?.max(1);
    let json = call.switch("json");
    let shard = match (call.get::<Shard>("shard")?, call.text("out")) {
        (Some(shard), Some(out)) => Some((shard, PathBuf::from(out))),
        (None, None) => None,
        (Some(_), None) => anyhow::bail!("--shard writes its part to --out PART: give both"),
        (None, Some(_)) => anyhow::bail!("--out is where --shard writes its part (a whole solve prints its answer)"),
    };
    let size = call.text("size").map(str::to_owned);
    let bounds = match call.text("bounds") {
        Some(text) => Bounds::parse(text)
            .with_context(|| format!("'{text}' is not a choice of bounds: write bullock, proven or off"))?,
        None => Bounds::default(),
    };
    let table_bytes = call.get::<usize>("hash")?.map(table_bytes).transpose()?;
    let options = SolveOptions { threads, bounds, table_bytes, ..SolveOptions::default() };
    if let Some(n) = call.get::<usize>("table")? {
        anyhow::ensure!(size.is_none(), "give either a size or --table N, not both");
        let shard = shard.as_ref().map(|(s, p)| (*s, p.as_path()));
        return table(call, n, &options, shard);
    }
    anyhow::ensure!(shard.is_none(), "--shard is for domineering --table N");
    let (rows, cols) = match &size {
        Some(text) => parse_size(text)?,
        None => (start.rows(), start.cols()),
    };
    let first = match call.text("first") {
        Some(text) => parse_side(text)?,
        None => start.first(),
    };
    let board = Domineering::new(rows, cols, first)?;
    let spinner = call.bar(None, &format!("solving {rows}x{cols}, {} first", first.name()));
    let solved = solve_position(&board, &options);
    spinner.finish();
    let solved = solved?;
    if json {
        let report = json!({
            "rows": rows,
            "cols": cols,
            "first": first.name(),
            "winner": solved.winner.name(),
            "first_player_wins": solved.winner == first,
            "best_move": solved.best.map(|mv| Notation::format_move(&board, mv)),
            "nodes": solved.nodes,
            "seconds": solved.seconds,
            "threads": threads,
            "bounds": bounds.name(),
            "hash_mib": solved.table_mib,
        });
        return call.print_json(&report);
    }
    let who = if solved.winner == first { "the first player" } else { "the second player" };
    outln!(call, "domineering {rows}x{cols} ({rows} rows, {cols} columns), {} moves first", first.name());
    outln!(call, "winner: {} ({who})", solved.winner.name());
    if let Some(mv) = solved.best {
        outln!(call, "a winning first move: {}", Notation::format_move(&board, mv));
    }
    outln!(call, "nodes: {}", solved.nodes);
    outln!(
        call,
        "time: {:.3} s ({threads} thread{}, {} bounds)",
        solved.seconds,
        if threads == 1 { "" } else { "s" },
        bounds.name()
    );
    Ok(())
}

/// Prints a merged table as `--table N` prints the whole one.
fn print_merged_table(run: &ItemsPart, call: &mut Call<'_>) -> Result<()> {
    anyhow::ensure!(call.text("out").is_none(), "a table's merge prints it (with --json, as JSON): no --out");
    let cells: Vec<serde_json::Value> = run.entries.iter().map(|(_, cell)| cell.clone()).collect();
    print_table(call, &run.params, &cells, run.seconds)
}

/// Every board from 1×1 to N×N, both starters, with a progress bar on stderr; with a shard, only that shard's
/// boards, written to its part for `hamle merge`.
fn table(call: &mut Call<'_>, n: usize, options: &SolveOptions, shard: Option<(Shard, &Path)>) -> Result<()> {
    anyhow::ensure!((1..=11).contains(&n), "--table takes 1 to 11 (the solver holds boards of up to 128 cells)");
    let boards: Vec<(usize, usize)> = (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
    let indices = shard.map_or_else(|| (0..boards.len()).collect(), |(s, _)| s.items(boards.len()));
    let bar = call.bar(Some((indices.len() * 2) as u64), "boards");
    let clock = Instant::now();
    let mut cells = Vec::new();
    for &k in &indices {
        let (rows, cols) = boards[k];
        let mut winners = [Side::Vertical; 2];
        let mut effort = [(0u64, 0f64); 2];
        for (i, first) in [Side::Vertical, Side::Horizontal].into_iter().enumerate() {
            bar.set_message(format!("{rows}x{cols} {} first", first.name()));
            let start = Domineering::new(rows, cols, first)?;
            let solved = solve_position(&start, options)?;
            winners[i] = solved.winner;
            effort[i] = (solved.nodes, solved.seconds);
            bar.inc(1);
        }
        cells.push(json!({
            "rows": rows,
            "cols": cols,
            "vertical_first": winners[0].name(),
            "horizontal_first": winners[1].name(),
            "letter": outcome_letter(winners[0], winners[1]),
            "nodes": [effort[0].0, effort[1].0],
            "seconds": [effort[0].1, effort[1].1],
        }));
    }
    bar.finish();
    let seconds = clock.elapsed().as_secs_f64();
    let params = json!({ "n": n, "bounds": options.bounds.name() });
    if let Some((shard, path)) = shard {
        let part = ItemsPart {
            shard,
            run: TABLE_RUN.into(),
            params,
            items: boards.len(),
            seconds,
            entries: indices.into_iter().zip(cells).collect(),
        };
        return call.host.write_items(path, part);
    }
    print_table(call, &params, &cells, seconds)
}

/// Prints an outcome table from its cells (as `--table N` solves them, or `hamle merge` gathers them).
fn print_table(
    call: &mut Call<'_>,
    params: &serde_json::Value,
    cells: &[serde_json::Value],
    seconds: f64,
) -> Result<()> {
    let n = params["n"].as_u64().filter(|n| (1..=16).contains(n)).context("a table's size is 1 to 16")? as usize;
    anyhow::ensure!(cells.len() == n * n, "a table of {n}×{n} has {} boards, not {}", n * n, cells.len());
    let table = OutcomeTable {
        n,
        bounds: params["bounds"].as_str().context("a table's bounds")?.to_owned(),
        boards: serde_json::from_value(serde_json::Value::Array(cells.to_vec())).context("a table's boards")?,
        seconds,
    };
    if call.switch("json") {
        return call.print_json(&table.to_report()?);
    }
    let grid = letters(&table);
    outln!(call, "Domineering outcomes, rows down, columns across (V: Vertical wins, H: Horizontal wins,");
    outln!(call, "1: the first player wins, 2: the second player wins, whoever that is)");
    out!(call, "{:>4}", "");
    for cols in 1..=n {
        out!(call, "{cols:>3}");
    }
    call.print(
        "
",
    )?;
    for (r, row) in grid.iter().enumerate() {
        out!(call, "{:>4}", r + 1);
        for l in row {
            out!(call, "{l:>3}");
        }
        call.print(
            "
",
        )?;
    }
    outln!(call, "solved {} boards by search in {seconds:.1} s", cells.len() * 2);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_rows_by_columns() {
        assert_eq!(parse_size("8x8").ok(), Some((8, 8)));
        assert_eq!(parse_size("4X5").ok(), Some((4, 5)));
        assert_eq!(parse_size("3×7").ok(), Some((3, 7)));
        assert!(parse_size("8").is_err());
        assert!(parse_size("ax8").is_err());
    }
}
