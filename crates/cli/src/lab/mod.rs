//! `hamle lab reproduce`: each seed document's published experiment run again at `--games-scale` times its games
//! (ten unless told), written up as `report.md` with charts: the seed's figure beside ours, and whether it
//! reproduces. The experiments themselves live one module per seed; this module holds what they share.

mod chess;
mod domineering;
mod hapis;
mod tictactoe;
mod tiles;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_arena::elo::{fisher_exact, wilson};
use serde_json::{Map, Value};

/// What `hamle lab` does.
#[derive(clap::Subcommand, Debug)]
pub enum LabCommand {
    /// Run a seed document's experiment again and write its report (Markdown, SVG charts, the figures as JSON).
    Reproduce(ReproduceArgs),
}

/// The seed documents whose experiments the lab re-runs.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    /// Hapis Tavlası (thesis): its player against hamle's, and the worked examples' values.
    #[value(name = "000")]
    Hapis,
    /// Chess with minimax (thesis): Çizelge 4.1–4.3, Stockfish's levels standing in for the programs it met.
    #[value(name = "001")]
    Chess,
    /// Domineering (paper): the outcome table by board, and the heuristic's weights against others.
    #[value(name = "002")]
    Domineering,
    /// 2048 with depth-limited search (report): 23 of 30 games reaching 2048.
    #[value(name = "003")]
    Tiles,
    /// Minimax and tic-tac-toe (blog): the minimax player never loses; the "unexpected bad move".
    #[value(name = "004")]
    TicTacToe,
}

impl Document {
    fn number(self) -> &'static str {
        match self {
            Document::Hapis => "000",
            Document::Chess => "001",
            Document::Domineering => "002",
            Document::Tiles => "003",
            Document::TicTacToe => "004",
        }
    }
}

/// How a reproduction runs.
#[derive(clap::Args, Debug)]
pub struct ReproduceArgs {
    /// The seed document: 000 (Hapis Tavlası), 001 (chess), 002 (Domineering), 003 (2048), 004 (tic-tac-toe).
    #[arg(value_enum)]
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

/// What every experiment is given: its scale, seed and the command that made it.
pub struct Lab {
    scale: f64,
    seed: u64,
    stockfish: String,
}

impl Lab {
    /// The games to play where the seed played `seed_games`: scaled, rounded up to an even count (so that each
    /// side starts half), at least 2.
    fn games(&self, seed_games: usize) -> usize {
        // Less a hair, so that 1.1 × 100 (110.00000000000001 in floating point) gives 110.
        let scaled = (seed_games as f64 * self.scale - 1e-9).ceil() as usize;
        scaled.max(2).next_multiple_of(2)
    }
}

/// Whether a figure of the seed's came out again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Our figure agrees with the seed's within the test the finding names.
    Reproduces,
    /// It does not.
    DoesNotReproduce,
}

impl Verdict {
    fn from(agrees: bool) -> Self {
        if agrees { Verdict::Reproduces } else { Verdict::DoesNotReproduce }
    }

    fn words(self) -> &'static str {
        match self {
            Verdict::Reproduces => "reproduces",
            Verdict::DoesNotReproduce => "**does not reproduce**",
        }
    }
}

/// One of the seed's figures beside ours.
pub struct Finding {
    /// What was measured.
    what: String,
    /// The seed's figure, as it prints it.
    seed: String,
    /// Ours, with its interval.
    ours: String,
    /// Whether they agree.
    verdict: Verdict,
    /// The sentence that says why.
    why: String,
}

/// A reproduction's report as it is built.
pub struct Report {
    title: String,
    lead: String,
    findings: Vec<Finding>,
    body: String,
    charts: Vec<(String, String)>,
    data: Map<String, Value>,
    /// What replays from the seed, when not every game does.
    replays: Option<String>,
}

impl Report {
    fn new(title: &str, lead: &str) -> Self {
        Report {
            title: title.to_owned(),
            lead: lead.to_owned(),
            findings: Vec::new(),
            body: String::new(),
            charts: Vec::new(),
            data: Map::new(),
            replays: None,
        }
    }

    fn finding(&mut self, finding: Finding) {
        self.findings.push(finding);
    }

    /// Adds a chart, shown in the body where this is called.
    fn chart(&mut self, name: &str, caption: &str, svg: String) {
        let file = format!("{name}.svg");
        let _ = write!(self.body, "\n![{caption}]({file})\n");
        self.charts.push((file, svg));
    }

    fn section(&mut self, markdown: &str) {
        self.body.push('\n');
        self.body.push_str(markdown);
        if !markdown.ends_with('\n') {
            self.body.push('\n');
        }
    }

    /// Says which games replay from the seed, for a report with games that do not (an engine given time).
    fn replays(&mut self, sentence: &str) {
        self.replays = Some(sentence.to_owned());
    }

    fn data(&mut self, key: &str, value: Value) {
        self.data.insert(key.to_owned(), value);
    }

    fn markdown(&self, command: &str, threads: usize, seconds: f64) -> String {
        let mut md = format!("# {}\n\n{}\n\n", self.title, self.lead);
        let _ = writeln!(
            md,
            "Made by `{command}` (hamle {}, {threads} {}, {:.1} minutes). {} The figures are in `results.json`.\n",
            env!("CARGO_PKG_VERSION"),
            if threads == 1 { "thread" } else { "threads" },
            seconds / 60.0,
            self.replays.as_deref().unwrap_or("Every game replays from the seed.")
        );
        md.push_str("## Findings\n\n| experiment | the seed | hamle | verdict |\n|---|---|---|---|\n");
        for f in &self.findings {
            let _ = writeln!(md, "| {} | {} | {} | {} |", f.what, f.seed, f.ours, f.verdict.words());
        }
        md.push('\n');
        for f in &self.findings {
            let _ = writeln!(md, "- *{}*: {}", f.what, f.why);
        }
        md.push_str(&self.body);
        md
    }
}

/// A share with its Wilson interval: `76.7 % (59.1–88.2)`.
fn share(k: usize, n: usize) -> String {
    let (lo, hi) = wilson(k, n);
    format!("{k}/{n}, {:.1} % ({:.1}–{:.1})", percent(k, n), 100.0 * lo, 100.0 * hi)
}

fn percent(k: usize, n: usize) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 }
}

/// Compares the seed's `k` of `n` with our `ours` of `m` by Fisher's exact test: they agree unless the test
/// rejects one shared rate at the 5 % level. Returns the verdict and the sentence that says so.
fn compare_shares(k: usize, n: usize, ours: usize, m: usize) -> (Verdict, String) {
    let p = fisher_exact(k, n, ours, m);
    let verdict = Verdict::from(p >= 0.05);
    let why = if p >= 0.05 {
        format!(
            "the seed's {k}/{n} and our {ours}/{m} could be one rate (Fisher's exact test, two-sided, p = {p:.3} ≥ 0.05)"
        )
    } else {
        format!(
            "the seed's {k}/{n} and our {ours}/{m} cannot be one rate (Fisher's exact test, two-sided, p = {} < 0.05)",
            p_value(p)
        )
    };
    (verdict, why)
}

fn p_value(p: f64) -> String {
    if p < 1e-4 { format!("{p:.1e}") } else { format!("{p:.4}") }
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
    let lab = Lab { scale: args.games_scale, seed: args.seed, stockfish: args.stockfish.clone() };
    if args.games_scale < 10.0 {
        eprintln!("note: --games-scale {} plays fewer than ten times the seed's games: a quick look", args.games_scale);
    }
    let began = Instant::now();
    let report = match args.document {
        Document::Hapis => hapis::reproduce(&lab)?,
        Document::Chess => chess::reproduce(&lab)?,
        Document::Domineering => domineering::reproduce(&lab)?,
        Document::Tiles => tiles::reproduce(&lab)?,
        Document::TicTacToe => tictactoe::reproduce(&lab)?,
    };
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
    for (file, svg) in &report.charts {
        write(file, svg)?;
    }
    let mut data = report.data.clone();
    data.insert("command".into(), Value::from(command));
    data.insert("scale".into(), Value::from(args.games_scale));
    data.insert("seed".into(), Value::from(args.seed));
    data.insert(
        "findings".into(),
        Value::Array(
            report
                .findings
                .iter()
                .map(|f| {
                    serde_json::json!({"what": f.what, "seed": f.seed, "ours": f.ours,
                        "reproduces": f.verdict == Verdict::Reproduces, "why": f.why})
                })
                .collect(),
        ),
    );
    write("results.json", &serde_json::to_string_pretty(&Value::Object(data))?)?;
    let reproduced = report.findings.iter().filter(|f| f.verdict == Verdict::Reproduces).count();
    println!(
        "{}: {reproduced} of {} findings reproduce; report written to {} in {:.1} minutes",
        report.title,
        report.findings.len(),
        page.display(),
        seconds / 60.0
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(scale: f64) -> Lab {
        Lab { scale, seed: 1, stockfish: String::new() }
    }

    #[test]
    fn games_scale_the_seeds_count_round_up_to_even_and_never_fall_below_two() {
        assert_eq!(lab(10.0).games(30), 300);
        assert_eq!(lab(10.0).games(4), 40);
        assert_eq!(lab(0.1).games(30), 4, "3 rounds up to an even 4");
        assert_eq!(lab(0.01).games(30), 2);
        assert_eq!(lab(2.5).games(3), 8, "7.5 rounds up to 8");
        assert_eq!(lab(1.1).games(100), 110, "not 112: 1.1 × 100 is a hair above 110 in floating point");
    }

    #[test]
    fn shares_agree_unless_fishers_test_rejects_one_rate() {
        let (same, why) = compare_shares(23, 30, 70, 100);
        assert_eq!(same, Verdict::Reproduces, "{why}");
        assert!(why.contains("could be one rate") && why.contains("p = "), "{why}");
        let (apart, why) = compare_shares(23, 30, 2, 300);
        assert_eq!(apart, Verdict::DoesNotReproduce, "{why}");
        assert!(why.contains("cannot be one rate") && why.contains("e-"), "{why}");
    }

    #[test]
    fn the_markdown_names_the_command_and_lists_every_finding_with_its_verdict() {
        let mut report = Report::new("Title", "Lead.");
        report.finding(Finding {
            what: "w".into(),
            seed: "s".into(),
            ours: "o".into(),
            verdict: Verdict::DoesNotReproduce,
            why: "because".into(),
        });
        report.chart("c", "a chart", "<svg/>".into());
        let md = report.markdown("hamle lab reproduce 003", 1, 90.0);
        assert!(md.starts_with("# Title\n\nLead.\n\nMade by `hamle lab reproduce 003` (hamle "), "{md}");
        assert!(md.contains(", 1 thread, 1.5 minutes). Every game replays from the seed."), "{md}");
        report.replays("Only some replay.");
        assert!(report.markdown("c", 2, 60.0).contains(", 2 threads, 1.0 minutes). Only some replay."));
        assert!(md.contains("| w | s | o | **does not reproduce** |\n"), "{md}");
        assert!(md.contains("- *w*: because\n"), "{md}");
        assert!(md.contains("![a chart](c.svg)"), "{md}");
        assert_eq!(share(23, 30), "23/30, 76.7 % (59.1–88.2)");
    }
}
