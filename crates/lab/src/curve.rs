//! Training curves: named columns measured as training goes on, one row per point, over the games played. Read and
//! written as CSV (a header naming the columns, then one line a point), written up as a Markdown table and drawn
//! as SVG. Each kind of curve is a [`Layout`]: its columns, how each is written, which are drawn.

use std::fmt::Write as _;

use anyhow::{Result, bail};

use crate::chart::{Line, curve_chart};

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

/// The Hapis network's curve, as `hamle train hapis` writes it: its 1-ply score against `thesis` and
/// `heuristic`.
pub const HAPIS: Layout = Layout {
    name: "training curve",
    columns: &[
        Column {
            name: "won_vs_thesis",
            heading: "won against `thesis`",
            measure: Measure::Share("won against thesis"),
        },
        Column { name: "points_vs_thesis", heading: "points a game", measure: Measure::Points },
        Column {
            name: "won_vs_heuristic",
            heading: "won against `heuristic`",
            measure: Measure::Share("won against heuristic"),
        },
        Column { name: "points_vs_heuristic", heading: "points a game", measure: Measure::Points },
    ],
    heading: "Training curve: the Hapis network, 1-ply",
    games: "games trained",
    title: "Hapis network, 1-ply: games won as training goes on",
    x_desc: "self-play games trained",
    y_desc: "% of games won",
};

/// The 2048 n-tuple network's learning curve, as `hamle train 2048` writes it: each block of training games'
/// mean score and the share reaching 2048, 8192, 16384 and 32768.
pub const NTUPLE_2048: Layout = Layout {
    name: "2048 learning curve",
    columns: &[
        Column { name: "mean_score", heading: "mean score", measure: Measure::Score },
        Column { name: "reached_2048", heading: "2048", measure: Measure::Share("reached 2048") },
        Column { name: "reached_8192", heading: "8192", measure: Measure::Share("reached 8192") },
        Column { name: "reached_16384", heading: "16384", measure: Measure::Share("reached 16384") },
        Column { name: "reached_32768", heading: "32768", measure: Measure::Share("reached 32768") },
    ],
    heading: "Learning curve: the 2048 n-tuple network, 1-ply (each row the block of training games ending there)",
    games: "games trained",
    title: "2048 n-tuple network, 1-ply: tiles reached as training goes on",
    x_desc: "training games",
    y_desc: "% of the block's games",
};

/// Every kind of curve `hamle report` reads.
pub const LAYOUTS: [&Layout; 2] = [&HAPIS, &NTUPLE_2048];

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

    /// The curve in `text`, whichever kind its header names; `None` when its first line is no curve's header.
    ///
    /// # Errors
    /// A line that is not a point of that curve; `shown` names the file.
    pub fn read(text: &str, shown: &str) -> Option<Result<Curve>> {
        let first = text.lines().next()?;
        let layout = LAYOUTS.into_iter().find(|l| l.header() == first)?;
        Some(Curve::read_as(layout, text, shown))
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

    /// A line chart of each share column, as a percentage, by games played.
    ///
    /// # Errors
    /// When plotters cannot draw it.
    pub fn svg(&self) -> Result<String> {
        let lines: Vec<Line> = self
            .layout
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
            .collect();
        let layout = self.layout;
        curve_chart(layout.title, layout.x_desc, layout.y_desc, &lines, (0.0, 100.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::drawn::{circles, texts};

    const HAPIS_CSV: &str = "games,won_vs_thesis,points_vs_thesis,won_vs_heuristic,points_vs_heuristic\n\
                             0,0.2500,-0.6000,0.1000,-0.9000\n1000,0.7500,0.6000,0.4000,-0.1000\n";

    #[test]
    fn a_curve_written_before_reads_back_by_its_header_and_writes_out_the_same() {
        let curve = Curve::read(HAPIS_CSV, "net.curve.csv").expect("a curve's header").expect("read");
        assert_eq!(curve.layout, &HAPIS);
        assert_eq!(curve.points[1], Point { games: 1000, values: vec![0.75, 0.6, 0.4, -0.1] });
        assert_eq!(curve.csv(), HAPIS_CSV);
        let tiles = "games,mean_score,reached_2048,reached_8192,reached_16384,reached_32768\n4,1234.5,0.5000,0.2500,0.0000,0.0000\n";
        let curve = Curve::read(tiles, "t").expect("a curve's header").expect("read");
        assert_eq!(curve.layout, &NTUPLE_2048);
        assert_eq!(curve.csv(), tiles);
        assert!(curve.markdown().contains("| 4 | 1234 | 50.0 % | 25.0 % | 0.0 % | 0.0 % |"), "{}", curve.markdown());
        assert!(Curve::read("games,won\n1,2\n", "x").is_none(), "no curve's header");
    }

    #[test]
    fn bad_points_and_foreign_headers_are_refused_with_the_line() {
        let bad = format!("{}\n1,x\n", HAPIS.header());
        let err = Curve::read_as(&HAPIS, &bad, "bad.csv").expect_err("refused").to_string();
        assert_eq!(err, "bad.csv line 2: '1,x' is not a curve point");
        let err = Curve::read_as(&HAPIS, "games,won\n", "w.csv").expect_err("refused").to_string();
        assert!(err.starts_with("w.csv is not a training curve (its first line is not `games,won_vs_thesis"), "{err}");
        let short = format!("{}\n1,0.1,0.2,0.3\n", HAPIS.header());
        assert!(Curve::read_as(&HAPIS, &short, "s").is_err(), "a column short");
    }

    #[test]
    fn the_chart_draws_each_share_at_its_games_and_names_it() {
        let curve = Curve::read_as(&HAPIS, HAPIS_CSV, "c").expect("read");
        let svg = curve.svg().expect("drawn");
        let text = texts(&svg);
        for label in [HAPIS.title, HAPIS.x_desc, HAPIS.y_desc, "won against thesis", "won against heuristic"] {
            assert!(text.contains(&label), "{label} in {text:?}");
        }
        assert!(!text.iter().any(|t| t.contains("points")), "points a game are not drawn: {text:?}");
        let dots = circles(&svg);
        assert_eq!(dots.len(), 4, "two points of two shares");
        // Against thesis: 25 % then 75 %, the second further right and higher.
        assert!(dots[1].0 > dots[0].0 && dots[1].1 < dots[0].1, "{dots:?}");
        // At 1000 games, 75 % against thesis above 40 % against heuristic.
        assert!((dots[1].0 - dots[3].0).abs() < 1.0 && dots[1].1 < dots[3].1, "{dots:?}");
    }
}
