//! `hamle tournament`: a round robin or a gauntlet between several bots, with ratings and a crosstable.

use anyhow::{Result, bail};
use hamle_arena::matches::TimeControl;
use hamle_arena::tournament::{TournamentOptions, run_tournament};
use hamle_arena::{MatchOptions, Spec, games};
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
    hamle_chess::bots::uci::allow_programs();
    let options = TournamentOptions { games_per_pair: args.games_per_pair, gauntlet, anchor };
    let match_options =
        MatchOptions { seed: args.seed, budget: args.budget.budget(), clock: args.tc, ..MatchOptions::default() };
    let json = args.report.json;
    let bar = if json { ProgressBar::hidden() } else { ProgressBar::new(0) };
    if let Ok(style) = ProgressStyle::with_template("tournament [{bar:40}] {pos}/{len} pairings ({eta} left)") {
        bar.set_style(style.progress_chars("=> "));
    }
    let registry = games::registry();
    let report =
        run_tournament(registry.game(&spec.name)?, &spec, &bots, &match_options, &options, &mut |done, all| {
            bar.set_length(all as u64);
            bar.set_position(done as u64);
        })?;
    bar.finish_and_clear();
    if json {
        let mut summary = serde_json::to_value(&report)?;
        if let Some(matches) = summary.get_mut("matches").and_then(|m| m.as_array_mut()) {
            for m in matches.iter_mut().filter_map(|m| m.as_object_mut()) {
                m.remove("records");
            }
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", report.table());
    }
    args.report.write_out(&serde_json::to_value(&report)?)
}
