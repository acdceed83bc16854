//! `hamle solve domineering RxC`, `hamle solve domineering --table N` and `hamle play domineering`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use hamle_arena::items::ItemsPart;
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;
use hamle_arena::{Seat, Setup, Spec, games};
use hamle_core::Budget;
use hamle_domineering::solve::{Bounds, SolveOptions, Solved, outcome_letter, solve_position};
use hamle_domineering::{Domineering, Side};
use hamle_lab::report::{OutcomeTable, Report, letters};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::merge::{ItemsOutput, ItemsRun};

/// What `hamle solve domineering` was asked.
#[derive(Debug, Clone)]
pub struct SolveArgs {
    /// `RxC` (rows × columns); without it, the spec's `rows` and `cols`.
    pub size: Option<String>,
    /// `vertical` or `horizontal`; without it, the spec's `first`.
    pub first: Option<String>,
    /// Threads sharing the root moves.
    pub threads: usize,
    /// The transposition table's size in MiB; without it, the solver's default for the board.
    pub hash: Option<usize>,
    /// Solve every board up to N×N instead.
    pub table: Option<usize>,
    /// `bullock`, `proven` or `off`; without it, Bullock's.
    pub bounds: Option<String>,
    /// Print JSON.
    pub json: bool,
    /// With `--table`: solve only this shard's boards and write them to the path, for `hamle merge`.
    pub shard: Option<(Shard, PathBuf)>,
}

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

/// The table's entries (16 bytes each, a power of two) for `--hash MIB`: the most that fit.
fn table_bits(mib: usize) -> Result<u32> {
    anyhow::ensure!((1..=MAX_HASH_MIB).contains(&mib), "--hash is the table's size in MiB, from 1 to {MAX_HASH_MIB}");
    Ok(mib.ilog2() + 16)
}

/// The largest table `--hash` takes: 2³⁰ entries.
const MAX_HASH_MIB: usize = 16 * 1024;

/// Solves one empty board, with a spinner on stderr while it runs.
fn solve_one(start: &Domineering, options: &SolveOptions) -> Result<Solved> {
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!("solving {}x{}, {} first", start.rows(), start.cols(), start.first().name()));
    spinner.enable_steady_tick(Duration::from_millis(200));
    let solved = solve_position(start, options);
    spinner.finish_and_clear();
    Ok(solved?)
}

/// `hamle solve domineering …`.
pub fn solve(spec: &Spec, args: &SolveArgs) -> Result<()> {
    let start: Domineering = hamle_domineering::definition().game(spec)?;
    let threads = args.threads.max(1);
    let bounds = match &args.bounds {
        Some(text) => Bounds::parse(text)
            .with_context(|| format!("'{text}' is not a choice of bounds: write bullock, proven or off"))?,
        None => Bounds::default(),
    };
    let table_bits = args.hash.map(table_bits).transpose()?;
    let options = SolveOptions { threads, bounds, table_bits, ..SolveOptions::default() };
    if let Some(n) = args.table {
        anyhow::ensure!(args.size.is_none(), "give either a size or --table N, not both");
        let shard = args.shard.as_ref().map(|(s, p)| (*s, p.as_path()));
        return table(n, &options, args.json, shard);
    }
    let (rows, cols) = match &args.size {
        Some(text) => parse_size(text)?,
        None => (start.rows(), start.cols()),
    };
    let first = match &args.first {
        Some(text) => parse_side(text)?,
        None => start.first(),
    };
    anyhow::ensure!(args.shard.is_none(), "--shard is for --table N (one board is one search)");
    let board = Domineering::new(rows, cols, first)?;
    let solved = solve_one(&board, &options)?;
    if args.json {
        let report = json!({
            "rows": rows,
            "cols": cols,
            "first": first.name(),
            "winner": solved.winner.name(),
            "first_player_wins": solved.winner == first,
            "best_move": solved.best.map(|mv| hamle_core::Notation::format_move(&board, mv)),
            "nodes": solved.nodes,
            "seconds": solved.seconds,
            "threads": threads,
            "bounds": bounds.name(),
            "hash_mib": solved.table_mib,
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    let who = if solved.winner == first { "the first player" } else { "the second player" };
    println!("domineering {rows}x{cols} ({rows} rows, {cols} columns), {} moves first", first.name());
    println!("winner: {} ({who})", solved.winner.name());
    if let Some(mv) = solved.best {
        println!("a winning first move: {}", hamle_core::Notation::format_move(&board, mv));
    }
    println!("nodes: {}", solved.nodes);
    println!(
        "time: {:.3} s ({threads} thread{}, {} bounds)",
        solved.seconds,
        if threads == 1 { "" } else { "s" },
        bounds.name()
    );
    Ok(())
}

/// A sharded table's run: `hamle merge` prints the merged boards as the whole table.
pub const TABLE_RUN: ItemsRun = ItemsRun { name: "domineering table", finish: print_merged_table };

/// Prints a merged table as `--table N` prints the whole one.
fn print_merged_table(run: &ItemsPart, output: &ItemsOutput) -> Result<()> {
    anyhow::ensure!(output.out.is_none(), "a table's merge prints it (with --json, as JSON): no --out");
    let cells: Vec<serde_json::Value> = run.entries.iter().map(|(_, cell)| cell.clone()).collect();
    print_table(&run.params, &cells, run.seconds, output.json)
}

/// Every board from 1×1 to N×N, both starters, with a progress bar on stderr; with a shard, only that shard's
/// boards, written to its part for `hamle merge`.
fn table(n: usize, options: &SolveOptions, json: bool, shard: Option<(Shard, &Path)>) -> Result<()> {
    anyhow::ensure!((1..=11).contains(&n), "--table takes 1 to 11 (the solver holds boards of up to 128 cells)");
    let boards: Vec<(usize, usize)> = (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
    let indices = shard.map_or_else(|| (0..boards.len()).collect(), |(s, _)| s.items(boards.len()));
    let bar = ProgressBar::new((indices.len() * 2) as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
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
    bar.finish_and_clear();
    let seconds = clock.elapsed().as_secs_f64();
    let params = json!({ "n": n, "bounds": options.bounds.name() });
    if let Some((shard, path)) = shard {
        let part = ItemsPart {
            shard,
            run: TABLE_RUN.name.into(),
            params,
            items: boards.len(),
            seconds,
            entries: indices.into_iter().zip(cells).collect(),
        };
        std::fs::write(path, serde_json::to_string(&Part::Items(part))?)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!(
            "shard {shard}: {} of {} boards written to {}",
            shard.items(boards.len()).len(),
            boards.len(),
            path.display()
        );
        return Ok(());
    }
    print_table(&params, &cells, seconds, json)
}

/// Prints an outcome table from its cells (as `--table N` solves them, or `hamle merge` gathers them).
fn print_table(params: &serde_json::Value, cells: &[serde_json::Value], seconds: f64, json: bool) -> Result<()> {
    let n = params["n"].as_u64().filter(|n| (1..=16).contains(n)).context("a table's size is 1 to 16")? as usize;
    anyhow::ensure!(cells.len() == n * n, "a table of {n}×{n} has {} boards, not {}", n * n, cells.len());
    let table = OutcomeTable {
        n,
        bounds: params["bounds"].as_str().context("a table's bounds")?.to_owned(),
        boards: serde_json::from_value(serde_json::Value::Array(cells.to_vec())).context("a table's boards")?,
        seconds,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&Report::DomineeringTable(table))?);
        return Ok(());
    }
    let grid = letters(&table);
    println!("Domineering outcomes, rows down, columns across (V: Vertical wins, H: Horizontal wins,");
    println!("1: the first player wins, 2: the second player wins, whoever that is)");
    print!("{:>4}", "");
    for cols in 1..=n {
        print!("{cols:>3}");
    }
    println!();
    for (r, row) in grid.iter().enumerate() {
        print!("{:>4}", r + 1);
        for l in row {
            print!("{l:>3}");
        }
        println!();
    }
    println!("solved {} boards by search in {seconds:.1} s", cells.len() * 2);
    Ok(())
}

/// `hamle play domineering --rows R --cols C [--bot B] [--human vertical|horizontal]`.
pub fn play(
    spec: &Spec,
    bot: Option<&str>,
    human: Option<&str>,
    human_moves_first: bool,
    seed: u64,
    budget: Budget,
) -> Result<()> {
    let def = hamle_domineering::definition();
    let start = def.game(spec)?;
    let bot: Spec = bot.unwrap_or("solver").parse()?;
    let human_side = match human {
        Some(text) => parse_side(text)?,
        None if human_moves_first => start.first(),
        None => start.first().other(),
    };
    let mut seats = vec![Seat::Bot(bot.clone()), Seat::Bot(bot)];
    seats[usize::from(human_side != start.first())] = Seat::Person;
    println!(
        "Domineering {}x{}: you play {}; {} moves first. A move is the domino's two cells, e.g. c3-c4 (vertical) or c3-d3 (horizontal).",
        start.rows(),
        start.cols(),
        human_side.name(),
        start.first().name()
    );
    let setup = Setup { game: spec.clone(), seats, helper: None, length: None };
    let live = games::registry().game("domineering")?.start(setup, seed, budget)?;
    let stdin = std::io::stdin();
    crate::play::run(live, &mut stdin.lock(), &mut std::io::stdout())
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
