//! `hamle tournament`: a round robin or a gauntlet between several bots, with ratings and a crosstable.

use anyhow::{Context, Result, bail};
use hamle_arena::matches::TimeControl;
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;
use hamle_arena::tournament::{TournamentOptions, TournamentReport, run_tournament, run_tournament_shard};
use hamle_arena::{MatchOptions, Spec, games};
use hamle_lab::report::Report;
use indicatif::{ProgressBar, ProgressStyle};

use crate::{BudgetArgs, ReportArgs};

/// Play every pairing of several bots (or one bot against each of the others) and rate them all by maximum
/// likelihood, anchored on one (see docs/lab.md).
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// The game, optionally with parameters.
    game: String,
    /// The bots, at least two, each optionally with parameters.
    #[arg(required = true, num_args = 2..)]
    bots: Vec<String>,
    /// Games in each pairing (even: each bot starts half).
    #[arg(long, default_value_t = 100)]
    games_per_pair: usize,
    /// Play only this bot (one of those named) against each of the others.
    #[arg(long)]
    gauntlet: Option<String>,
    /// The bot rated 0 (default: the last named).
    #[arg(long)]
    anchor: Option<String>,
    /// Master seed, shared by every pairing: they all meet the same openings and the same chance.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A time control, BASE+INCREMENT in seconds, as for `hamle match`.
    #[arg(long, value_name = "BASE+INC", value_parser = clap::value_parser!(TimeControl))]
    tc: Option<TimeControl>,
    /// Play only shard I of N (from 0): its whole pairs of games in every pairing, written to `--out` for
    /// `hamle merge`.
    #[arg(long, value_name = "I/N", value_parser = clap::value_parser!(Shard), requires = "out")]
    shard: Option<Shard>,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// Runs the tournament and prints its ratings and crosstable (or JSON); every game goes to `--out`.
pub fn run(args: TournamentArgs) -> Result<()> {
    args.report.start_threads()?;
    let spec = crate::game_spec(&args.game, None)?;
    let bots = args.bots.iter().map(|b| b.parse()).collect::<Result<Vec<Spec>, _>>()?;
    let index = |flag: &str, name: &str| -> Result<usize> {
        match args.bots.iter().position(|b| b == name) {
            Some(i) => Ok(i),
            None => bail!("{flag} {name} is not one of the bots named: {}", args.bots.join(", ")),
        }
    };
    let gauntlet = args.gauntlet.as_deref().map(|g| index("--gauntlet", g)).transpose()?;
    let anchor = match args.anchor.as_deref() {
        Some(a) => index("--anchor", a)?,
        None => args.bots.len() - 1,
    };
    let options = TournamentOptions { games_per_pair: args.games_per_pair, gauntlet, anchor };
    let match_options =
        MatchOptions { seed: args.seed, budget: args.budget.budget(), clock: args.tc, ..MatchOptions::default() };
    let json = args.report.json;
    let bar = if json { ProgressBar::hidden() } else { ProgressBar::new(0) };
    if let Ok(style) = ProgressStyle::with_template("tournament [{bar:40}] {pos}/{len} pairings ({eta} left)") {
        bar.set_style(style.progress_chars("=> "));
    }
    let registry = games::registry();
    let kind = registry.game(&spec.name)?;
    let mut progress = |done: usize, all: usize| {
        bar.set_length(all as u64);
        bar.set_position(done as u64);
    };
    if let (Some(shard), Some(path)) = (args.shard, &args.report.out) {
        let part = run_tournament_shard(kind, &spec, &bots, &match_options, &options, shard, &mut progress)?;
        bar.finish_and_clear();
        let range = shard.games(args.games_per_pair);
        std::fs::write(path, serde_json::to_string(&Part::Tournament(part))?)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("shard {shard}: games {}..{} of each pairing written to {}", range.start, range.end, path.display());
        return Ok(());
    }
    let report = run_tournament(kind, &spec, &bots, &match_options, &options, &mut progress)?;
    bar.finish_and_clear();
    print_tournament(&report, json)?;
    args.report.write_out(&serde_json::to_value(Report::Tournament(report))?)
}

/// Prints a tournament's ratings and crosstable, or its JSON without the games (which `--out` keeps): what
/// `hamle tournament` and `hamle merge` print.
pub(crate) fn print_tournament(report: &TournamentReport, json: bool) -> Result<()> {
    if json {
        let mut summary = serde_json::to_value(report)?;
        if let Some(matches) = summary.get_mut("matches").and_then(|m| m.as_array_mut()) {
            for m in matches.iter_mut().filter_map(|m| m.as_object_mut()) {
                m.remove("records");
            }
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", report.table());
    }
    Ok(())
}
