//! `results.json`, the figures of one reproduction: what `hamle lab reproduce` writes beside `report.md` and the
//! server's `/lab` reads (how many findings reproduce). Each seed's figures are their own kind, named by the
//! file's `kind` field.

use hamle_arena::tournament::Rating;
use serde::{Deserialize, Serialize};

/// What a reproduction found: the command that ran it, its findings and the seed's own figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// The command that made it.
    pub command: String,
    /// Games in each setting as a multiple of the seed's.
    pub scale: f64,
    /// The master seed.
    pub seed: u64,
    /// Each of the seed's figures beside ours.
    pub findings: Vec<Finding>,
    /// The figures the findings rest on, by seed.
    #[serde(flatten)]
    pub figures: Figures,
}

impl Results {
    /// How many findings reproduce, of how many.
    pub fn reproduced(&self) -> (usize, usize) {
        (self.findings.iter().filter(|f| f.verdict.reproduces()).count(), self.findings.len())
    }
}

/// Each seed's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Figures {
    /// Seed 000: the thesis's player against each of hamle's.
    #[serde(rename = "hapis")]
    Hapis {
        /// One match per opponent.
        matches: Vec<HapisMatch>,
    },
    /// Seed 001: every match the tables needed.
    #[serde(rename = "chess")]
    Chess {
        /// In the order played.
        matches: Vec<ChessMatch>,
    },
    /// Seed 002: the outcome table and the weights' tournament.
    #[serde(rename = "domineering")]
    Domineering {
        /// Every board of the table, ours beside the paper's.
        table: Vec<TableCell>,
        /// The weights' round robin.
        tournament: Ratings,
    },
    /// Seed 003: each reading and tile draw's benchmark.
    #[serde(rename = "2048")]
    G2048 {
        /// The benchmarks' summaries (without their games).
        runs: Vec<crate::report::BenchReport>,
    },
    /// Seed 004: the walks over every opponent strategy, and the matches.
    #[serde(rename = "tictactoe")]
    TicTacToe {
        /// One walk per player and side.
        walks: Vec<WalkCount>,
        /// The matches.
        matches: Vec<TicTacToeMatch>,
    },
}

/// Seed 000: the thesis's player against one opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HapisMatch {
    /// The opponent.
    pub opponent: String,
    /// Games played.
    pub games: usize,
    /// The thesis's player's wins.
    pub wins: usize,
    /// Its losses.
    pub losses: usize,
    /// Points of the thesis's player, then of the opponent.
    pub points: [f64; 2],
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Seed 001: one match, from the first-named bot's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChessMatch {
    /// The first-named bot.
    pub a: String,
    /// Its opponent.
    pub b: String,
    /// Games played.
    pub games: usize,
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// A's mean score.
    pub score: f64,
    /// The 95 % interval of A's score.
    pub ci95: [f64; 2],
    /// A's wins, draws and losses with black.
    pub as_black: [u32; 3],
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Seed 002: one board of the outcome table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableCell {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Our letter (`?` where not settled).
    pub ours: String,
    /// The paper's letter as printed.
    pub paper: Option<String>,
}

/// Seed 002: a tournament's ratings and crosstable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// Every bot, best first.
    pub ratings: Vec<Rating>,
    /// The points bot `i` took from bot `j`.
    pub crosstable: Vec<Vec<Option<f64>>>,
    /// The bots in the order named.
    pub bots: Vec<String>,
}

/// Seed 004: one player's walk over every opponent strategy, as one side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WalkCount {
    /// The player.
    pub bot: String,
    /// `X` or `O`.
    pub side: String,
    /// Lines won.
    pub won: u64,
    /// Lines drawn.
    pub drawn: u64,
    /// Lines lost.
    pub lost: u64,
    /// The positions where its move lowered what it could force.
    pub bad_positions: Vec<String>,
}

/// Seed 004: one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicTacToeMatch {
    /// The first-named bot.
    pub a: String,
    /// Its opponent.
    pub b: String,
    /// Games played.
    pub games: usize,
    /// A's wins.
    pub a_wins: usize,
    /// Draws.
    pub draws: usize,
    /// B's wins.
    pub b_wins: usize,
    /// A's mean score.
    pub mean_score: f64,
}

/// Whether a figure of the seed's came out again; written as `reproduces`, true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "bool", into = "bool")]
pub enum Verdict {
    /// Our figure agrees with the seed's within the test the finding names.
    Reproduces,
    /// It does not.
    DoesNotReproduce,
}

impl From<bool> for Verdict {
    fn from(agrees: bool) -> Self {
        if agrees { Verdict::Reproduces } else { Verdict::DoesNotReproduce }
    }
}

impl From<Verdict> for bool {
    fn from(verdict: Verdict) -> bool {
        verdict.reproduces()
    }
}

impl Verdict {
    /// Whether it reproduces.
    pub fn reproduces(self) -> bool {
        self == Verdict::Reproduces
    }

    pub(crate) fn words(self) -> &'static str {
        match self {
            Verdict::Reproduces => "reproduces",
            Verdict::DoesNotReproduce => "**does not reproduce**",
        }
    }
}

/// One of the seed's figures beside ours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// What was measured.
    pub what: String,
    /// The seed's figure, as it prints it.
    pub seed: String,
    /// Ours, with its interval.
    pub ours: String,
    /// Whether they agree.
    #[serde(rename = "reproduces")]
    pub verdict: Verdict,
    /// The sentence that says why.
    pub why: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reports committed in `docs/lab`, as the server's `/lab` reads them.
    const COMMITTED: [(&str, &str); 5] = [
        ("000", include_str!("../../../docs/lab/000/results.json")),
        ("001", include_str!("../../../docs/lab/001/results.json")),
        ("002", include_str!("../../../docs/lab/002/results.json")),
        ("003", include_str!("../../../docs/lab/003/results.json")),
        ("004", include_str!("../../../docs/lab/004/results.json")),
    ];

    #[test]
    fn every_committed_results_file_reads_as_its_seeds_figures() {
        for (number, text) in COMMITTED {
            let results: Results = serde_json::from_str(text).unwrap_or_else(|e| panic!("{number}: {e}"));
            assert!(results.command.starts_with(&format!("hamle lab reproduce {number} ")), "{number}");
            let kind_fits = match (&results.figures, number) {
                (Figures::Hapis { matches }, "000") => matches.len() == 5,
                (Figures::Chess { matches }, "001") => !matches.is_empty(),
                (Figures::Domineering { table, tournament }, "002") => {
                    table.len() == 256 && tournament.bots.len() == tournament.ratings.len()
                }
                (Figures::G2048 { runs }, "003") => runs.len() == 4 && runs.iter().all(|r| r.records.is_none()),
                (Figures::TicTacToe { walks, matches }, "004") => walks.len() == 4 && matches.len() == 4,
                _ => false,
            };
            assert!(kind_fits, "{number}: {:?}", results.figures);
            let (reproduced, total) = results.reproduced();
            assert!(total > 0 && reproduced <= total, "{number}");
            let again: Results =
                serde_json::from_str(&serde_json::to_string(&results).expect("written")).expect("read");
            assert_eq!(again, results, "{number} reads back what it writes");
        }
    }
}
