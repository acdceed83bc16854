//! Training curves: named columns measured as training goes on, one row per point, over the games played. Read and
//! written as CSV (a header naming the columns, then one line a point) and written up as a Markdown table; the
//! lines to draw are given to whoever draws them (the lab's charts). Each kind of curve is a [`Layout`], which the
//! game that trains declares: its columns, how each is written, which are drawn.

use std::fmt::Write as _;

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::command::{Arg, Call, Host};

/// What a column holds, which says how it is written and whether it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// A share of games in 0..=1: four decimals in the CSV, a percentage in the table, drawn as a percentage
    /// with this name in the legend.
    Share(&'static str),
    /// Points a game, signed: four decimals in the CSV, three signed in the table.
    Points,
    /// A mean score: one decimal in the CSV, none in the table.
    Score,
}

/// One column of a curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Its name in the CSV header.
    pub name: &'static str,
    /// Its heading in the Markdown table.
    pub heading: &'static str,
    /// What it holds.
    pub measure: Measure,
}

/// A kind of training curve: its columns after `games` and how it is written up and drawn.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    /// What the curve is called in errors: `training curve`.
    pub name: &'static str,
    /// The columns after `games`, in order.
    pub columns: &'static [Column],
    /// The Markdown section's heading.
    pub heading: &'static str,
    /// The heading of the table's `games` column.
    pub games: &'static str,
    /// The chart's title.
    pub title: &'static str,
    /// The chart's x axis.
    pub x_desc: &'static str,
    /// The chart's y axis.
    pub y_desc: &'static str,
}

impl Layout {
    /// The CSV header: `games`, then the columns.
    pub fn header(&self) -> String {
        std::iter::once("games").chain(self.columns.iter().map(|c| c.name)).collect::<Vec<_>>().join(",")
    }

    /// The index of the column named `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }
}

/// One point of a curve: the games played and a value for each column.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Games played when it was measured.
    pub games: u64,
    /// A value for each of the layout's columns, in order.
    pub values: Vec<f64>,
}

/// A training curve: its layout and its points in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// Which kind of curve.
    pub layout: &'static Layout,
    /// The points.
    pub points: Vec<Point>,
}

impl Curve {
    /// A curve of `layout` with no points yet.
    pub fn new(layout: &'static Layout) -> Curve {
        Curve { layout, points: Vec::new() }
    }

    /// The curve of `layout` in `text`; `shown` names the file in errors.
    ///
    /// # Errors
    /// When the first line is not the layout's header, or a line is not a point (a count of games, then one
    /// finite number per column).
    pub fn read_as(layout: &'static Layout, text: &str, shown: &str) -> Result<Curve> {
        let header = layout.header();
        let mut lines = text.lines();
        if lines.next() != Some(header.as_str()) {
            bail!("{shown} is not a {} (its first line is not `{header}`)", layout.name);
        }
        let points = lines
            .enumerate()
            .map(|(n, line)| {
                let bad = || anyhow::anyhow!("{shown} line {}: '{line}' is not a curve point", n + 2);
                let fields: Vec<&str> = line.split(',').map(str::trim).collect();
                let Some((games, values)) = fields.split_first() else { return Err(bad()) };
                if values.len() != layout.columns.len() {
                    return Err(bad());
                }
                let values = values
                    .iter()
                    .map(|x| x.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(bad))
                    .collect::<Result<_>>()?;
                Ok(Point { games: games.parse().map_err(|_| bad())?, values })
            })
            .collect::<Result<_>>()?;
        Ok(Curve { layout, points })
    }

    /// The curve as CSV: the header, then a line a point.
    pub fn csv(&self) -> String {
        let mut text = format!("{}\n", self.layout.header());
        for p in &self.points {
            let _ = write!(text, "{}", p.games);
            for (c, v) in self.layout.columns.iter().zip(&p.values) {
                let _ = match c.measure {
                    Measure::Share(_) | Measure::Points => write!(text, ",{v:.4}"),
                    Measure::Score => write!(text, ",{v:.1}"),
                };
            }
            text.push('\n');
        }
        text
    }

    /// The curve as a Markdown section: its heading and a row a point.
    pub fn markdown(&self) -> String {
        let layout = self.layout;
        let mut md = format!("## {}\n\n| {} |", layout.heading, layout.games);
        for c in layout.columns {
            let _ = write!(md, " {} |", c.heading);
        }
        md.push_str("\n|---:|");
        md.push_str(&"---:|".repeat(layout.columns.len()));
        md.push('\n');
        for p in &self.points {
            let _ = write!(md, "| {} |", p.games);
            for (c, v) in layout.columns.iter().zip(&p.values) {
                let _ = match c.measure {
                    Measure::Share(_) => write!(md, " {:.1} % |", 100.0 * v),
                    Measure::Points => write!(md, " {v:+.3} |"),
                    Measure::Score => write!(md, " {v:.0} |"),
                };
            }
            md.push('\n');
        }
        md
    }

    /// The lines to draw: each share column as a percentage, by games played, named as its legend names it.
    pub fn shares(&self) -> Vec<(String, Vec<(f64, f64)>)> {
        self.layout
            .columns
            .iter()
            .enumerate()
            .filter_map(|(k, c)| match c.measure {
                Measure::Share(name) => Some((
                    name.to_owned(),
                    self.points.iter().filter_map(|p| Some((p.games as f64, 100.0 * p.values.get(k)?))).collect(),
                )),
                Measure::Points | Measure::Score => None,
            })
            .collect()
    }
}

/// What every self-play training run takes besides its own step sizes: the games, the weights file, a run to
/// resume, the seed, the checkpoints and how often the curve is measured. Declared once for each trainer's
/// command ([`Training::GAMES`] …) and read from its call.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// Self-play games to play in this run.
    pub games: u64,
    /// Where the weights go.
    pub out: PathBuf,
    /// The weights to go on training.
    pub resume: Option<PathBuf>,
    /// The run's seed, when given.
    pub seed: Option<u64>,
    /// Weights written every this many games.
    pub checkpoint: u64,
    /// The curve measured every this many games (0: never).
    pub eval_every: u64,
}

impl Training {
    /// `--games N`.
    pub const GAMES: Arg = Arg::value("games", "N", "Self-play games to play in this run.");
    /// `--out FILE`.
    pub const OUT: Arg =
        Arg::value("out", "FILE", "Where the weights go (written at every checkpoint and at the end).");
    /// `--resume FILE`.
    pub const RESUME: Arg = Arg::value(
        "resume",
        "FILE",
        "Go on training these weights (their seed is the run's unless --seed says otherwise; the same step sizes \
         as before make a run equal to one run without the stop).",
    );
    /// `--seed SEED`.
    pub const SEED: Arg = Arg::value(
        "seed",
        "SEED",
        "Seed of the run: the first weights and every game's chance (default 1, or the resumed file's).",
    );
    /// `--checkpoint N`.
    pub const CHECKPOINT: Arg = Arg::value("checkpoint", "N", "Write the weights every this many games.").or("1000");
    /// `--eval-every N`.
    pub const EVAL_EVERY: Arg = Arg::value(
        "eval-every",
        "N",
        "Measure for the training curve every this many games (0: never); a curve of the training games' own \
         results takes them in blocks of this many.",
    )
    .or("5000");

    /// The run's arguments from `call`.
    ///
    /// # Errors
    /// A value that does not read, `--games` or `--out` missing, a checkpoint of 0.
    pub fn read(call: &Call<'_>) -> Result<Training> {
        Ok(Training {
            games: call.required("games")?,
            out: call.required("out")?,
            resume: call.get("resume")?,
            seed: call.get("seed")?,
            checkpoint: call.number_in("checkpoint", 1..=u64::MAX)?.unwrap_or(1000),
            eval_every: call.required("eval-every")?,
        })
    }
}

/// Where a curve is written beside the weights it follows: `weights.net` → `weights.curve.csv` for `ext` `csv`.
pub fn beside(weights: &Path, ext: &str) -> PathBuf {
    weights.with_extension(format!("curve.{ext}"))
}

/// The curve of `layout` to go on from: when training resumes the weights in `resumed`, the points written
/// beside that file (none if there is no such file) up to `first_game`, the games its weights had; else none.
///
/// # Errors
/// When the curve file exists but cannot be read, or is not a curve of `layout`.
pub fn resumed(host: &dyn Host, resumed: Option<&Path>, first_game: u64, layout: &'static Layout) -> Result<Curve> {
    let Some(resumed) = resumed else { return Ok(Curve::new(layout)) };
    let path = beside(resumed, "csv");
    if !path.exists() {
        return Ok(Curve::new(layout));
    }
    let bytes = host.read_file(&path)?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not text", path.display()))?;
    let mut curve = Curve::read_as(layout, &text, &path.display().to_string())?;
    curve.points.retain(|p| p.games <= first_game);
    Ok(curve)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHARE: Layout = Layout {
        name: "test curve",
        columns: &[
            Column { name: "won", heading: "won", measure: Measure::Share("games won") },
            Column { name: "points", heading: "points a game", measure: Measure::Points },
        ],
        heading: "Test",
        games: "games",
        title: "t",
        x_desc: "x",
        y_desc: "y",
    };

    #[test]
    fn a_curve_reads_back_as_written_and_refuses_bad_points_with_the_line() {
        let text = "games,won,points\n0,0.2500,-0.6000\n1000,0.7500,0.6000\n";
        let curve = Curve::read_as(&SHARE, text, "c.csv").expect("read");
        assert_eq!(curve.points[1], Point { games: 1000, values: vec![0.75, 0.6] });
        assert_eq!(curve.csv(), text);
        let err = Curve::read_as(&SHARE, "games,won,points\n1,x,2\n", "bad.csv").expect_err("refused").to_string();
        assert_eq!(err, "bad.csv line 2: '1,x,2' is not a curve point");
        let err = Curve::read_as(&SHARE, "games,won\n", "w.csv").expect_err("refused").to_string();
        assert_eq!(err, "w.csv is not a test curve (its first line is not `games,won,points`)");
    }

    #[test]
    fn a_curve_is_written_beside_its_weights() {
        assert_eq!(beside(Path::new("dir/w.net"), "svg"), PathBuf::from("dir/w.curve.svg"));
    }

    #[test]
    fn only_shares_are_drawn_as_percentages_at_their_games() {
        let curve = Curve::read_as(&SHARE, "games,won,points\n10,0.5000,1.0000\n", "c").expect("read");
        assert_eq!(curve.shares(), vec![("games won".to_owned(), vec![(10.0, 50.0)])]);
    }
}
