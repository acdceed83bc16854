//! `hamle merge`: the parts of a sharded match combined into the whole match's report.

use std::path::PathBuf;

use anyhow::{Context, Result};
use hamle_arena::shard::{MatchPart, merge};

/// The parts to combine and how to report.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The parts, each written by `hamle match … --shard I/N --out PART`, in any order.
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

/// Reads the parts, merges them and prints what `hamle match` prints for the whole match.
pub fn run(args: &MergeArgs) -> Result<()> {
    let parts = args
        .parts
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            serde_json::from_str::<MatchPart>(&text)
                .with_context(|| format!("{} is not a part written by `hamle match --shard`", path.display()))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut report = merge(parts)?;
    let games: Vec<String> = report.records.iter_mut().filter_map(|r| r.transcript.take()).collect();
    if let Some(path) = &args.pgn {
        std::fs::write(path, games.join("\n")).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("{} games written to {}", games.len(), path.display());
    }
    if args.json {
        let mut summary = serde_json::to_value(&report)?;
        if let Some(map) = summary.as_object_mut() {
            map.remove("records");
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", report.table());
    }
    if let Some(path) = &args.out {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("full report with every game written to {}", path.display());
    }
    Ok(())
}
