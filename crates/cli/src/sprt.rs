//! `hamle sprt`: a sequential probability ratio test between two bots, stopping when it decides.

use anyhow::Result;
use hamle_arena::matches::TimeControl;
use hamle_arena::sprt::{SprtOptions, bounds, run_sprt};
use hamle_arena::{MatchOptions, Spec, games};
use hamle_lab::report::Report;
use indicatif::{ProgressBar, ProgressStyle};

use crate::{BudgetArgs, ReportArgs};

/// Test whether bot A is stronger than bot B by playing pairs of games until a sequential probability ratio
/// test decides (fishtest's; see docs/lab.md).
#[derive(clap::Args, Debug)]
pub struct SprtArgs {
    /// The game, optionally with parameters.
    game: String,
    /// Bot A, the one tested, optionally with parameters.
    bot_a: String,
    /// Bot B, the one it is tested against.
    bot_b: String,
    /// H0: A is this many Elo stronger (logistic Elo).
    #[arg(long, allow_negative_numbers = true)]
    elo0: f64,
    /// H1: A is this many Elo stronger.
    #[arg(long, allow_negative_numbers = true)]
    elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Stop undecided after this many games.
    #[arg(long, default_value_t = 20_000)]
    max_games: usize,
    /// Master seed; every game's streams derive from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A time control, BASE+INCREMENT in seconds, as for `hamle match`.
    #[arg(long, value_name = "BASE+INC", value_parser = clap::value_parser!(TimeControl))]
    tc: Option<TimeControl>,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// Runs the test and prints its outcome (or JSON); the full report, every game included, goes to `--out`.
pub fn run(args: SprtArgs) -> Result<()> {
    args.report.start_threads()?;
    let spec = crate::game_spec(&args.game, None)?;
    let (a, b): (Spec, Spec) = (args.bot_a.parse()?, args.bot_b.parse()?);
    let test =
        SprtOptions { elo0: args.elo0, elo1: args.elo1, alpha: args.alpha, beta: args.beta, max_games: args.max_games };
    test.check()?;
    let options =
        MatchOptions { seed: args.seed, budget: args.budget.budget(), clock: args.tc, ..MatchOptions::default() };
    let json = args.report.json;
    let bar = if json { ProgressBar::hidden() } else { ProgressBar::new(args.max_games as u64) };
    if let Ok(style) = ProgressStyle::with_template("sprt [{bar:40}] {pos} games, {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    let (lower, upper) = bounds(test.alpha, test.beta);
    bar.set_message(format!("LLR 0.00 (bounds {lower:.2}, {upper:.2})"));
    let registry = games::registry();
    let report = run_sprt(registry.game(&spec.name)?, &spec, &a, &b, &options, &test, &mut |games, llr| {
        bar.set_position(games as u64);
        bar.set_message(format!("LLR {llr:.2} (bounds {lower:.2}, {upper:.2})"));
    })?;
    bar.finish_and_clear();
    if json {
        let mut summary = serde_json::to_value(&report)?;
        if let Some(map) = summary.get_mut("match").and_then(|m| m.as_object_mut()) {
            map.remove("records");
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", report.table());
    }
    args.report.write_out(&serde_json::to_value(Report::Sprt(report))?)
}
