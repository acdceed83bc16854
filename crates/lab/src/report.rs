//! The report files hamle writes, each tagged with its `kind` ([`Report`]): a tournament's, a sequential test's, a
//! 2048 benchmark's, a match's and a Domineering outcome table's; and their write-up as Markdown with an SVG chart
//! (what `hamle report` puts in `report.md`): a rating ladder with intervals, the likelihood ratio against its
//! bounds, the share of games reaching each tile by move, the nodes of each square board. Training curves are
//! CSV, not JSON, and are written up by [`crate::curve`].

use std::fmt::Write as _;

use anyhow::{Context, Result, bail};
use hamle_arena::matches::MatchReport;
use hamle_arena::sprt::SprtReport;
use hamle_arena::tournament::TournamentReport;
use serde::{Deserialize, Serialize};

pub use hamle_arena::g2048::{BenchReport, Spread, TileShare};
pub use hamle_domineering::table::{BoardOutcome, OutcomeTable, letters};
use serde_json::Value;

use crate::chart::{Bar, interval_chart, line_chart, llr_chart, reach_chart};
use crate::curve;

/// A report file as hamle writes it, its kind named by its `kind` field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Report {
    /// `hamle tournament --out`.
    Tournament(TournamentReport),
    /// `hamle sprt --out`.
    Sprt(SprtReport),
    /// `hamle bench 2048 --out`.
    Bench(BenchReport),
    /// `hamle match --out`.
    Match(MatchReport),
    /// `hamle solve domineering --table N --json`.
    DomineeringTable(OutcomeTable),
}

/// One result written up: its Markdown section and its chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The Markdown, from its heading.
    pub markdown: String,
    /// The chart, as SVG.
    pub svg: String,
}

/// Writes up the report or training curve in `text` (a file's contents; `shown` names it in errors).
///
/// # Errors
/// When `text` is neither a training curve nor a report of a kind that has a write-up (a match's has none), or
/// its figures cannot be drawn.
pub fn write_up(text: &str, shown: &str) -> Result<Section> {
    if let Some(curve) = curve::read(text, shown) {
        let curve = curve?;
        return Ok(Section { markdown: curve.markdown(), svg: curve::svg(&curve)? });
    }
    let value: Value = serde_json::from_str(text).with_context(|| format!("{shown} is not JSON"))?;
    let report = if value.get("kind").is_some() {
        serde_json::from_value(value).with_context(|| format!("{shown} is not a report hamle wrote"))?
    } else {
        read_untagged(value).with_context(|| format!("{shown} is not a report hamle can write up"))?
    };
    let not_written_up = || {
        anyhow::anyhow!(
            "{shown} is not a report hamle can write up: a tournament's, an SPRT's, a 2048 benchmark's, a \
             Domineering table's (`hamle solve domineering --table N --json`) or a training curve (CSV)"
        )
    };
    match report {
        Report::Tournament(t) => tournament(&t),
        Report::Sprt(s) => sprt(&s),
        Report::Bench(b) => bench(&b),
        Report::DomineeringTable(t) => outcomes(&t),
        Report::Match(_) => Err(not_written_up()),
    }
}

/// A report file written before reports named their `kind`, its kind guessed from the keys it has (a tournament's
/// `ratings` and `crosstable`, an SPRT's `trace` and `bounds`, a benchmark's `reached_details`, a table's
/// `boards` and `bounds`).
///
/// # Errors
/// When no kind's keys are there, or the file does not hold that kind's fields.
pub fn read_untagged(value: Value) -> Result<Report> {
    let has = |key: &str| value.get(key).is_some();
    let kind = if has("ratings") && has("crosstable") {
        "tournament"
    } else if has("trace") && has("bounds") {
        "sprt"
    } else if has("reached_details") {
        "bench"
    } else if has("boards") && has("bounds") {
        "domineering_table"
    } else {
        bail!("no report's fields are there");
    };
    let mut fields = value;
    if let Some(map) = fields.as_object_mut() {
        map.insert("kind".into(), Value::from(kind));
    }
    Ok(serde_json::from_value(fields)?)
}

/// A figure as the report's JSON writes it (`5.0`, `[0,1,2]`, a word without quotes).
fn as_written(value: impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".to_owned(),
    }
}

/// A tournament: the ratings table, the crosstable, and the ladder of ratings with their intervals.
pub fn tournament(report: &TournamentReport) -> Result<Section> {
    let (game, anchor) = (&report.game, &report.anchor);
    let mut md = format!("## Tournament: {game}\n\nElo by maximum likelihood, {anchor} = 0, with 95 % intervals.\n\n");
    md.push_str("| bot | Elo | 95 % interval | games | points |\n|---|---:|---|---:|---:|\n");
    for r in &report.ratings {
        let _ = writeln!(
            md,
            "| {} | {:.0} | {:.0} … {:.0} | {} | {} |",
            r.bot,
            r.elo,
            r.ci95[0],
            r.ci95[1],
            r.games,
            as_written(r.points)
        );
    }
    let bots = &report.bots;
    md.push_str("\nPoints taken (row) from (column):\n\n| | ");
    md.push_str(&(1..=bots.len()).map(|i| i.to_string()).collect::<Vec<_>>().join(" | "));
    md.push_str(" |\n|---|");
    md.push_str(&"---:|".repeat(bots.len()));
    md.push('\n');
    for (i, row) in report.crosstable.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|c| c.map_or("·".to_owned(), |p| format!("{p}"))).collect();
        let _ = writeln!(md, "| {} {} | {} |", i + 1, bots.get(i).map_or("?", String::as_str), cells.join(" | "));
    }
    let bars: Vec<Bar> = report
        .ratings
        .iter()
        .map(|r| Bar { label: r.bot.clone(), value: r.elo, low: r.ci95[0], high: r.ci95[1], seed: false })
        .collect();
    let svg = interval_chart(&format!("Ratings, {game} ({anchor} = 0)"), "Elo", &bars, None)?;
    Ok(Section { markdown: md, svg })
}

/// A sequential test: its verdict and the likelihood ratio after each pair, between Wald's bounds.
pub fn sprt(report: &SprtReport) -> Result<Section> {
    let [lower, upper] = report.bounds;
    let o = &report.options;
    let m = &report.report;
    let (a, b) = (&m.a.bot, &m.b.bot);
    let md = format!(
        "## SPRT: {a} against {b} ({game})\n\nH0 Elo {e0}, H1 Elo {e1}, alpha {al}, beta {be}: **{verdict}** after {games} \
         games, LLR {llr:.2} (bounds {lower:.2}, {upper:.2}); pairs by A's points (0, ½, 1, 1½, 2): {pairs}.\n",
        game = m.game,
        e0 = as_written(o.elo0),
        e1 = as_written(o.elo1),
        al = as_written(o.alpha),
        be = as_written(o.beta),
        verdict = as_written(report.verdict),
        games = m.games,
        llr = report.llr,
        pairs = as_written(report.pairs),
    );
    let svg = llr_chart(&format!("LLR, {a} against {b}"), &report.trace, (lower, upper))?;
    Ok(Section { markdown: md, svg })
}

/// A 2048 benchmark: the share of games reaching each tile, and, with its games, the share that had reached
/// each tile by each move.
pub fn bench(report: &BenchReport) -> Result<Section> {
    let mut md = format!(
        "## 2048 benchmark: {} on {}, {} games from seed {}\n\n| tile | games | share | 95 % interval |\n|---:|---:|---:|---|\n",
        report.bot, report.game, report.games, report.seed
    );
    for d in &report.reached_details {
        let _ = writeln!(
            md,
            "| {} | {} | {:.1} % | {:.1}–{:.1} % |",
            d.tile,
            d.games,
            100.0 * d.share,
            100.0 * d.interval[0],
            100.0 * d.interval[1]
        );
    }
    // For each tile, the moves at which games first showed it (the games' records, when the report has them).
    let curves: Vec<(u64, Vec<u32>)> = report
        .reached_details
        .iter()
        .map(|d| {
            let mut moves: Vec<u32> = report
                .records
                .iter()
                .flatten()
                .filter_map(|r| r.first.iter().find(|&&(tile, _)| tile == d.tile).map(|&(_, m)| m))
                .collect();
            moves.sort_unstable();
            (d.tile, moves)
        })
        .collect();
    let svg =
        reach_chart(&format!("Share of games that had reached each tile, {}", report.bot), report.games, &curves)?;
    if report.records.is_none() {
        md.push_str("\n(The curves need the games: write the benchmark with `--out`.)\n");
    } else if curves.iter().all(|(_, m)| m.is_empty()) {
        md.push_str("\nNo game reached 2048, so the chart has no curve.\n");
    }
    Ok(Section { markdown: md, svg })
}

/// A Domineering outcome table: the letters by board, and the nodes each square board took.
pub fn outcomes(table: &OutcomeTable) -> Result<Section> {
    let n = table.n;
    anyhow::ensure!((1..=16).contains(&n), "a Domineering table's size is 1 to 16");
    let grid = letters(table);
    let squares: Vec<(String, f64)> = table
        .boards
        .iter()
        .filter(|b| b.rows == b.cols)
        .map(|b| (format!("{}×{}", b.rows, b.cols), (b.nodes.iter().sum::<u64>() as f64).max(1.0).log10()))
        .collect();
    let mut md = format!(
        "## Domineering: who wins each board, 1×1 to {n}×{n}\n\nRows R down, columns C across; V: Vertical wins \
         whoever starts, H: Horizontal, 1: the first player, 2: the second ({} bounds).\n\n| R \\ C |",
        table.bounds
    );
    for c in 1..=n {
        let _ = write!(md, " {c} |");
    }
    md.push_str("\n|---|");
    md.push_str(&"---|".repeat(n));
    md.push('\n');
    for (r, row) in grid.iter().enumerate() {
        let _ = writeln!(md, "| **{}** | {} |", r + 1, row.join(" | "));
    }
    let (labels, values): (Vec<String>, Vec<f64>) = squares.into_iter().unzip();
    let top = values.iter().copied().fold(1.0, f64::max).ceil();
    let svg = line_chart(
        "Nodes to solve each square board, both starters",
        "log10 nodes",
        &labels,
        &[("nodes".to_owned(), values)],
        &[],
        (0.0, top),
    )?;
    Ok(Section { markdown: md, svg })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::drawn::circles;

    /// A tournament's report as `hamle tournament --out` wrote it before reports named their kind.
    const OLD_TOURNAMENT: &str = r#"{
  "anchor": "random",
  "bots": ["perfect", "random"],
  "crosstable": [[null, 3.0], [1.0, null]],
  "game": "tictactoe",
  "matches": [],
  "ratings": [
    {"bot": "perfect", "ci95": [40.0, 400.0], "elo": 190.0, "games": 4, "points": 3.0},
    {"bot": "random", "ci95": [0.0, 0.0], "elo": 0.0, "games": 4, "points": 1.0}
  ],
  "seed": 1
}"#;

    #[test]
    fn a_report_without_a_kind_is_read_by_its_keys_and_written_up_as_before() {
        let value: Value = serde_json::from_str(OLD_TOURNAMENT).expect("JSON");
        let Report::Tournament(report) = read_untagged(value).expect("read") else { panic!("not a tournament") };
        assert_eq!(report.bots, ["perfect", "random"]);
        let section = write_up(OLD_TOURNAMENT, "t.json").expect("written up");
        assert!(section.markdown.starts_with("## Tournament: tictactoe\n"), "{}", section.markdown);
        assert!(section.markdown.contains("| perfect | 190 | 40 … 400 | 4 | 3.0 |"), "{}", section.markdown);
        assert!(section.markdown.contains("| 1 perfect | · | 3 |"), "{}", section.markdown);
        assert_eq!(circles(&section.svg).len(), 2, "a bar a bot");
        let err = read_untagged(serde_json::json!({"games": 3})).expect_err("no kind's keys").to_string();
        assert!(err.contains("no report's fields"), "{err}");
    }

    #[test]
    fn a_report_names_its_kind_and_reads_back_the_same() {
        let value: Value = serde_json::from_str(OLD_TOURNAMENT).expect("JSON");
        let report = read_untagged(value).expect("read");
        let text = serde_json::to_string(&report).expect("written");
        assert!(text.starts_with(r#"{"kind":"tournament","#), "{text}");
        assert_eq!(serde_json::from_str::<Report>(&text).expect("read back"), report);
        let table = Report::DomineeringTable(OutcomeTable {
            n: 1,
            bounds: "bullock".into(),
            boards: vec![BoardOutcome {
                rows: 1,
                cols: 1,
                vertical_first: "horizontal".into(),
                horizontal_first: "vertical".into(),
                letter: "2".into(),
                nodes: [1, 1],
                seconds: [0.0, 0.0],
            }],
            seconds: 0.1,
        });
        let text = serde_json::to_string(&table).expect("written");
        assert!(text.starts_with(r#"{"kind":"domineering_table","#), "{text}");
        let section = write_up(&text, "table.json").expect("written up");
        assert!(section.markdown.contains("| **1** | 2 |\n"), "{}", section.markdown);
    }

    #[test]
    fn a_match_report_has_no_write_up() {
        let m = MatchReport::new("tictactoe".into(), 1, ["a".into(), "b".into()], Vec::new(), 0.0);
        let text = serde_json::to_string(&Report::Match(m)).expect("written");
        let err = write_up(&text, "m.json").expect_err("refused").to_string();
        assert!(err.contains("is not a report hamle can write up"), "{err}");
    }
}
