//! `hamle lab reproduce`: a seed document's published experiment run again (by `hamle_lab::seeds`) at
//! `--games-scale` times its games, written to a folder as `report.md`, its charts and `results.json`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use hamle_lab::seeds::{Document, Options, Step, reproduce};

/// What `hamle lab` does.
#[derive(clap::Subcommand, Debug)]
pub enum LabCommand {
    /// Run a seed document's experiment again and write its report (Markdown, SVG charts, the figures as JSON).
    Reproduce(ReproduceArgs),
    /// The Hapis thesis's swarms for real: every `hamle tune` method tunes the Domineering paper's weights and
    /// the Hapis heuristic's at equal budgets, several seeds each; each best is played on fresh games and tested
    /// by SPRT against the published weights.
    Swarm(SwarmArgs),
}

/// How the swarm experiment runs.
#[derive(clap::Args, Debug)]
pub struct SwarmArgs {
    /// Runs of each method in each study (seeds 1, 2, …).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=100))]
    seeds: u64,
    /// Each run's games and each check's as a multiple of the experiment's (less than 1 is a quick look).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// The most games of each method's sequential test.
    #[arg(long, default_value_t = 10_000)]
    sprt_games: usize,
    /// The folder for `report.md`, its charts, `results.json` and the runs' histories (`runs/`, taken up again
    /// when the experiment is run again) (default `lab/swarm`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// The seed document's number, among those the lab knows, each listed with what it re-runs.
fn document() -> impl TypedValueParser<Value = Document> {
    let known = Document::ALL.map(|d| PossibleValue::new(d.number()).help(d.about()));
    PossibleValuesParser::new(known).try_map(|number| Document::from_number(&number).ok_or("not a seed document"))
}

/// How a reproduction runs.
#[derive(clap::Args, Debug)]
pub struct ReproduceArgs {
    /// The seed document: 000 (Hapis Tavlası), 001 (chess), 002 (Domineering), 003 (2048), 004 (tic-tac-toe).
    #[arg(value_parser = document())]
    document: Document,
    /// Games in each setting, as a multiple of the seed's own count (10 reproduces at ten times its games; a
    /// smaller scale gives a quick look, not a reproduction).
    #[arg(long, default_value_t = 10.0)]
    games_scale: f64,
    /// Master seed of every match and benchmark in the run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The folder for `report.md`, its charts and `results.json` (default `lab/NNN`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// 001: the UCI engine that stands in for the programs the thesis played (its `UCI_Elo` sets the level).
    #[arg(long, default_value = "/usr/games/stockfish")]
    stockfish: String,
}

/// Shows how far a reproduction has gone on standard error.
fn show(step: Step) {
    match step {
        Step::Match { a, b, games } => eprintln!("{a} against {b}, {games} games"),
        Step::Pairing { what, done, total } => {
            eprint!("\r{what}: pairing {done} of {total}   ");
            if done == total {
                eprintln!();
            }
            let _ = std::io::stderr().flush();
        }
    }
}

/// Runs the reproduction the arguments name and writes its report.
pub fn run(command: LabCommand) -> Result<()> {
    let args = match command {
        LabCommand::Reproduce(args) => args,
        LabCommand::Swarm(args) => return swarm(&args),
    };
    if !(args.games_scale.is_finite() && args.games_scale > 0.0 && args.games_scale <= 1000.0) {
        bail!("--games-scale must be above 0 and at most 1000 (10 plays ten times the seed's games)");
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(t.max(1)).build_global().context("starting threads")?;
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("lab").join(args.document.number()));
    let options = Options {
        scale: args.games_scale,
        seed: args.seed,
        stockfish: args.stockfish.clone(),
        matches: Some(crate::progress::match_bar()),
        benches: Some(crate::progress::bench_bar()),
    };
    if args.games_scale < 10.0 {
        eprintln!("note: --games-scale {} plays fewer than ten times the seed's games: a quick look", args.games_scale);
    }
    let began = Instant::now();
    let report = reproduce(args.document, &options, &mut show)?;
    let seconds = began.elapsed().as_secs_f64();
    let mut command = format!(
        "hamle lab reproduce {} --games-scale {} --seed {}",
        args.document.number(),
        args.games_scale,
        args.seed
    );
    if args.document == Document::Chess && args.stockfish != "/usr/games/stockfish" {
        let _ = write!(command, " --stockfish {}", args.stockfish);
    }
    std::fs::create_dir_all(&out).with_context(|| format!("making {}", out.display()))?;
    let threads = rayon::current_num_threads();
    let page = out.join("report.md");
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    };
    write("report.md", &report.markdown(&command, threads, seconds))?;
    for chart in &report.charts {
        write(&chart.file, &chart.svg)?;
    }
    write("results.json", &serde_json::to_string_pretty(&report.results(&command, &options)?)?)?;
    println!(
        "{}: {} of {} findings reproduce; report written to {} in {:.1} minutes",
        report.title,
        report.reproduced(),
        report.findings.len(),
        page.display(),
        seconds / 60.0
    );
    Ok(())
}

/// Runs the swarm experiment and writes its report; the runs' histories go to `runs/` as they are made.
fn swarm(args: &SwarmArgs) -> Result<()> {
    if !(args.scale.is_finite() && args.scale > 0.0 && args.scale <= 10.0) {
        bail!("--scale must be above 0 and at most 10 (1 is the experiment)");
    }
    if args.sprt_games < 2 {
        bail!("--sprt-games must be at least 2 (one pair of games)");
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(t.max(1)).build_global().context("starting threads")?;
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("lab").join("swarm"));
    let runs = out.join("runs");
    std::fs::create_dir_all(&runs).with_context(|| format!("making {}", runs.display()))?;
    let options = hamle_lab::swarm::SwarmOptions {
        seeds: args.seeds,
        scale: args.scale,
        sprt_games: args.sprt_games,
        progress: Some(crate::progress::match_bar()),
    };
    let load = |name: &str| {
        let text = std::fs::read_to_string(runs.join(format!("{name}.json"))).ok()?;
        serde_json::from_str(&text).ok()
    };
    let mut failed = None;
    let mut save = |name: &str, history: &hamle_arena::tune::History| {
        if let Err(error) = crate::tune::write_history(&runs.join(format!("{name}.json")), history) {
            failed.get_or_insert(error);
        }
    };
    let mut tell = |step: hamle_lab::swarm::SwarmStep| match step {
        hamle_lab::swarm::SwarmStep::Run { name, done } if done > 0 => {
            eprintln!("{name}: taken up after {done} evaluations");
        }
        hamle_lab::swarm::SwarmStep::Run { name, .. } => eprintln!("{name}"),
        hamle_lab::swarm::SwarmStep::Check { what } => eprintln!("{what}"),
    };
    let began = Instant::now();
    let report = hamle_lab::swarm::run_swarm(&hamle_lab::swarm::STUDIES, &options, &load, &mut save, &mut tell)?;
    if let Some(error) = failed {
        return Err(error);
    }
    let seconds = began.elapsed().as_secs_f64();
    let command =
        format!("hamle lab swarm --seeds {} --scale {} --sprt-games {}", args.seeds, args.scale, args.sprt_games);
    let mut results = report.results.clone();
    results.command.clone_from(&command);
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    };
    write("report.md", &report.markdown(&command, rayon::current_num_threads(), seconds))?;
    for chart in &report.charts {
        write(&chart.file, &chart.svg)?;
    }
    write("results.json", &serde_json::to_string_pretty(&results)?)?;
    println!(
        "the swarm experiment: report written to {} (histories in {}) in {:.1} minutes",
        out.join("report.md").display(),
        runs.display(),
        seconds / 60.0
    );
    Ok(())
}
