//! `hamle bench 2048`: many seeded games of one bot, the share reaching each tile, scores and pace.

use anyhow::{Result, bail};
use hamle_arena::{Spec, tiles};
use hamle_core::Budget;

/// What `hamle bench` measures and how.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The game, optionally with parameters: `2048`, `2048(spawn=report)`.
    game: String,
    /// The bot, optionally with parameters: `expectimax`, `expectimax(depth=3)`, `seed`.
    #[arg(long)]
    bot: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Master seed: game i draws its tiles from a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    report: crate::ReportArgs,
    /// Deepest search, in moves (each bot has its own default).
    #[arg(long)]
    depth: Option<u32>,
}

/// Runs the benchmark and prints its report.
pub fn run(args: &BenchArgs) -> Result<()> {
    let game: Spec = args.game.parse()?;
    if game.name != "2048" {
        bail!("hamle bench measures 2048 only (the two-player games have `hamle match`), not '{}'", game.name);
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    args.report.start_threads()?;
    let bot: Spec = args.bot.parse()?;
    let budget = Budget { depth: args.depth, ..Budget::UNLIMITED };
    let report = tiles::bench_2048(&game, &bot, args.games, args.seed, budget, !args.report.json)?;
    if args.report.json {
        println!("{}", serde_json::to_string_pretty(&report.json(false))?);
    } else {
        print!("{}", report.table());
    }
    args.report.write_out(&report.json(true))
}
