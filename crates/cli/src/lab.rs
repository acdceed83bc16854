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
    let LabCommand::Reproduce(args) = command;
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
