//! Training curves: named columns measured as training goes on, one row per point, over the games played. Read and
//! written as CSV (a header naming the columns, then one line a point) and written up as a Markdown table; the
//! lines to draw are given to whoever draws them (the lab's charts). Each kind of curve is a [`Layout`], which the
//! game that trains declares: its columns, how each is written, which are drawn.

use std::fmt::Write as _;

use anyhow::{Result, bail};

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
    fn columns_are_found_by_name_and_written_up_as_a_table() {
        assert_eq!(SHARE.column("won"), Some(0));
        assert_eq!(SHARE.column("points"), Some(1));
        assert_eq!(SHARE.column("lost"), None);
        let curve = Curve::read_as(&SHARE, "games,won,points\n10,0.5000,-1.2500\n", "c").expect("read");
        assert_eq!(
            curve.markdown(),
            "## Test\n\n| games | won | points a game |\n|---:|---:|---:|\n| 10 | 50.0 % | -1.250 |\n"
        );
    }

    #[test]
    fn only_shares_are_drawn_as_percentages_at_their_games() {
        let curve = Curve::read_as(&SHARE, "games,won,points\n10,0.5000,1.0000\n", "c").expect("read");
        assert_eq!(curve.shares(), vec![("games won".to_owned(), vec![(10.0, 50.0)])]);
    }
}
