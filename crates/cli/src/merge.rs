//! `hamle merge`: the parts of a sharded match, tournament or 2048 benchmark combined into the whole run's report.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use hamle_arena::g2048::merge_bench;
use hamle_arena::items::merge_items;
use hamle_arena::matches::merge_match;
use hamle_arena::parts::Part;
use hamle_arena::tournament::merge_tournament;
use hamle_arena::tune::merge_tune;
use hamle_lab::report::{BenchReport, Report};

/// The parts to combine and how to report.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The parts, each written by `hamle match … --shard I/N --out PART` (or `hamle tournament …`, `hamle bench
    /// 2048 …`), in any order.
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    /// Print the report as JSON (as `hamle match --json` does).
    #[arg(long)]
    json: bool,
    /// Also write the full JSON report, every game included, to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write every game, in order, to this file in the game's record format (chess: PGN).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
}

/// Reads the parts, merges them and prints what the whole run prints (`hamle match`, `hamle tournament`,
/// `hamle bench 2048`, or the game's command that sharded a run of items).
pub fn run(args: &MergeArgs) -> Result<()> {
    let parts = args
        .parts
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            serde_json::from_str::<Part>(&text).with_context(|| {
                format!(
                    "{} is not a part written by `hamle match --shard`, `hamle tournament --shard`, `hamle tune --shard`, `hamle bench \
                     --shard` or `hamle solve domineering --table N --shard`",
                    path.display()
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let (mut matches, mut benches, mut tournaments, mut items, mut tunes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for part in parts {
        match part {
            Part::Match(m) => matches.push(m),
            Part::Bench(b) => benches.push(b),
            Part::Tournament(t) => tournaments.push(t),
            Part::Items(t) => items.push(t),
            Part::Tune(t) => tunes.push(t),
        }
    }
    let kinds =
        [!matches.is_empty(), !benches.is_empty(), !tournaments.is_empty(), !items.is_empty(), !tunes.is_empty()];
    if kinds.iter().filter(|&&k| k).count() > 1 {
        bail!(
            "the parts mix runs of different kinds (a match's, a tournament's, a benchmark's, a tuning run's, a table's or self-play's): merge each run's parts on their own"
        );
    }
    if !tunes.is_empty() {
        anyhow::ensure!(args.pgn.is_none(), "--pgn is for matches");
        let path = args.out.as_deref().context("a tuning run's parts merge into its history: give --out FILE")?;
        let history = merge_tune(tunes)?;
        crate::tune::write_history(path, &history)?;
        if args.json {
            println!("{}", serde_json::to_string_pretty(&history)?);
        } else {
            print!("{}", crate::tune::summary(&history)?);
        }
        eprintln!("history of {} evaluations written to {}", history.evaluations.len(), path.display());
        return Ok(());
    }
    if !items.is_empty() {
        anyhow::ensure!(args.pgn.is_none(), "--pgn is for matches");
        let run = merge_items(items)?;
        return crate::commands::finish_merged(&run, args.json, args.out.as_deref()).unwrap_or_else(|| {
            bail!(
                "parts of a run hamle does not know: {} (it knows {})",
                run.run,
                crate::commands::merged_runs().join(", ")
            )
        });
    }
    if !tournaments.is_empty() {
        let report = merge_tournament(tournaments)?;
        crate::tournament::print_tournament(&report, args.json)?;
        return write_out(args, &serde_json::to_value(Report::Tournament(report))?);
    }
    if !benches.is_empty() {
        let report = merge_bench(benches)?;
        if args.json {
            println!("{}", serde_json::to_string_pretty(&BenchReport::new(&report, false))?);
        } else {
            print!("{}", report.table());
        }
        return write_out(args, &serde_json::to_value(Report::Bench(BenchReport::new(&report, true)))?);
    }
    let mut report = merge_match(matches)?;
    let games: Vec<String> = report.records.iter_mut().filter_map(|r| r.transcript.take()).collect();
    if let Some(path) = &args.pgn {
        std::fs::write(path, games.join("\n")).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("{} games written to {}", games.len(), path.display());
    }
    crate::print_match(&report, args.json)?;
    write_out(args, &serde_json::to_value(Report::Match(report))?)
}

/// Writes the full report to `--out`, if given, and says where it went.
fn write_out(args: &MergeArgs, report: &serde_json::Value) -> Result<()> {
    if let Some(path) = &args.out {
        std::fs::write(path, serde_json::to_string_pretty(report)?)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("full report with every game written to {}", path.display());
    }
    Ok(())
}
