//! The seed documents' published experiments run again at a multiple of their games, each written up as a
//! [`Reproduction`]: the seed's figures beside ours and whether they reproduce, charts, and the figures as
//! [`Results`]. The experiments live one module per seed; this module holds what they share.

mod chess;
mod domineering;
mod g2048;
mod hapis;
mod tictactoe;

use std::fmt::Write as _;

use anyhow::Result;
use hamle_arena::elo::{fisher_exact, wilson};
use hamle_arena::progress::Watcher;

use crate::results::{Figures, Results};
pub use crate::results::{Finding, Verdict};

/// The seed documents whose experiments the lab re-runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    /// Hapis Tavlası (thesis): its player against hamle's, and the worked examples' values.
    Hapis,
    /// Chess with minimax (thesis): Çizelge 4.1–4.3, Stockfish's levels standing in for the programs it met.
    Chess,
    /// Domineering (paper): the outcome table by board, and the heuristic's weights against others.
    Domineering,
    /// 2048 with depth-limited search (report): 23 of 30 games reaching 2048.
    G2048,
    /// Minimax and tic-tac-toe (blog): the minimax player never loses; the "unexpected bad move".
    TicTacToe,
}

impl Document {
    /// Every seed document, by number.
    pub const ALL: [Document; 5] =
        [Document::Hapis, Document::Chess, Document::Domineering, Document::G2048, Document::TicTacToe];

    /// Its number: `000` to `004`.
    pub fn number(self) -> &'static str {
        match self {
            Document::Hapis => "000",
            Document::Chess => "001",
            Document::Domineering => "002",
            Document::G2048 => "003",
            Document::TicTacToe => "004",
        }
    }

    /// What it is and what the lab re-runs of it, in a line.
    pub fn about(self) -> &'static str {
        match self {
            Document::Hapis => "Hapis Tavlası (thesis): its player against hamle's, and the worked examples' values",
            Document::Chess => {
                "Chess with minimax (thesis): Çizelge 4.1–4.3, Stockfish's levels standing in for the programs it met"
            }
            Document::Domineering => {
                "Domineering (paper): the outcome table by board, and the heuristic's weights against others"
            }
            Document::G2048 => "2048 with depth-limited search (report): 23 of 30 games reaching 2048",
            Document::TicTacToe => {
                "Minimax and tic-tac-toe (blog): the minimax player never loses; the \"unexpected bad move\""
            }
        }
    }

    /// The document numbered `number`.
    pub fn from_number(number: &str) -> Option<Document> {
        Document::ALL.into_iter().find(|d| d.number() == number)
    }
}

/// How a reproduction runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Games in each setting as a multiple of the seed's own count.
    pub scale: f64,
    /// Master seed of every match and benchmark in the run.
    pub seed: u64,
    /// 001: the UCI engine that stands in for the programs the thesis played.
    pub stockfish: String,
    /// Who hears how far each match goes (the CLI draws a bar).
    pub matches: Option<Watcher>,
    /// Who hears how far each 2048 benchmark goes.
    pub benches: Option<Watcher>,
}

impl Options {
    /// The games to play where the seed played `seed_games`: scaled, rounded up to an even count (so that each
    /// side starts half), at least 2.
    fn games(&self, seed_games: usize) -> usize {
        // Less a hair, so that 1.1 × 100 (110.00000000000001 in floating point) gives 110.
        let scaled = (seed_games as f64 * self.scale - 1e-9).ceil() as usize;
        scaled.max(2).next_multiple_of(2)
    }
}

/// How far a reproduction has gone, told as it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A match between two bots begins.
    Match {
        /// The first-named bot.
        a: String,
        /// Its opponent.
        b: String,
        /// Games to play.
        games: usize,
    },
    /// A tournament has played `done` of its `total` pairings.
    Pairing {
        /// What the tournament plays, in words.
        what: String,
        /// Pairings played.
        done: usize,
        /// Pairings in all.
        total: usize,
    },
}

/// Runs the experiment of `document` and writes it up, telling `tell` how far it has gone.
///
/// # Errors
/// When a match, benchmark or solver cannot run (a missing engine for 001), or a chart cannot be drawn.
pub fn reproduce(document: Document, options: &Options, tell: &mut dyn FnMut(Step)) -> Result<Reproduction> {
    match document {
        Document::Hapis => hapis::reproduce(options, tell),
        Document::Chess => chess::reproduce(options, tell),
        Document::Domineering => domineering::reproduce(options, tell),
        Document::G2048 => g2048::reproduce(options),
        Document::TicTacToe => tictactoe::reproduce(options),
    }
}

/// A chart of a reproduction: its file name and its SVG.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The file beside `report.md`: `NAME.svg`.
    pub file: String,
    /// The drawing.
    pub svg: String,
}

/// A reproduction's report as it is built, then written up.
#[derive(Clone, Debug, PartialEq)]
pub struct Reproduction {
    /// Its title.
    pub title: String,
    lead: String,
    /// The seed's figures beside ours.
    pub findings: Vec<Finding>,
    body: String,
    /// The charts the body shows.
    pub charts: Vec<Chart>,
    figures: Option<Figures>,
    /// What replays from the seed, when not every game does.
    replays: Option<String>,
}

impl Reproduction {
    fn new(title: &str, lead: &str) -> Self {
        Reproduction {
            title: title.to_owned(),
            lead: lead.to_owned(),
            findings: Vec::new(),
            body: String::new(),
            charts: Vec::new(),
            figures: None,
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
        self.charts.push(Chart { file, svg });
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

    fn figures(&mut self, figures: Figures) {
        self.figures = Some(figures);
    }

    /// How many findings reproduce.
    pub fn reproduced(&self) -> usize {
        self.findings.iter().filter(|f| f.verdict.reproduces()).count()
    }

    /// `report.md`: the title, how it was made (`command` on `threads` threads in `seconds`), the findings and
    /// the body with its charts.
    pub fn markdown(&self, command: &str, threads: usize, seconds: f64) -> String {
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

    /// `results.json`: the findings and figures, with the `command` and `options` that made them.
    ///
    /// # Errors
    /// When the experiment recorded no figures.
    pub fn results(&self, command: &str, options: &Options) -> Result<Results> {
        let figures = self.figures.clone().ok_or_else(|| anyhow::anyhow!("{} recorded no figures", self.title))?;
        Ok(Results {
            command: command.to_owned(),
            scale: options.scale,
            seed: options.seed,
            findings: self.findings.clone(),
            figures,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(scale: f64) -> Options {
        Options { scale, seed: 1, stockfish: String::new(), matches: None, benches: None }
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
        let mut report = Reproduction::new("Title", "Lead.");
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
