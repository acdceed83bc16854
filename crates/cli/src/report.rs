//! `hamle report`: the JSON reports of tournaments, sequential tests, 2048 benchmarks and Domineering tables, and
//! Hapis training curves, written up as Markdown with SVG charts (drawn by plotters): a rating ladder with
//! intervals, the likelihood ratio against its bounds, the share of games reaching each tile by move, the nodes of
//! each square board, the share of games won as training goes on. The lab's reports draw with the same charts.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use serde_json::Value;

/// The reports to write up and where.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// JSON reports, as `hamle tournament`, `hamle sprt` and `hamle bench 2048` write them with `--out` and
    /// `hamle solve domineering --table N --json` prints them, or a training curve's CSV (`hamle train hapis`).
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// The folder for `report.md` and its charts (made if missing).
    #[arg(long)]
    out: PathBuf,
}

/// Chart size, in pixels.
const SIZE: (u32, u32) = (720, 420);

/// Writes `report.md` and one chart per result into `--out`.
pub fn run(args: &Args) -> Result<()> {
    let mut markdown = String::from("# hamle report\n");
    let mut inputs = Vec::new();
    for path in &args.results {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("result").to_owned();
        inputs.push((path.display().to_string(), stem, text));
    }
    let mut sections = Vec::new();
    for (shown, stem, text) in &inputs {
        let (section, svg) = if text.starts_with(crate::train::CSV_HEADER) {
            training(&crate::train::parse_curve(text, shown)?)?
        } else if text.starts_with(crate::train_2048::CSV_HEADER) {
            let curve = crate::train_2048::parse_curve(text, shown)?;
            (crate::train_2048::curve_markdown(&curve), crate::train_2048::curve_svg(&curve)?)
        } else {
            let value: Value = serde_json::from_str(text).with_context(|| format!("{shown} is not JSON"))?;
            if value.get("ratings").is_some() && value.get("crosstable").is_some() {
                tournament(&value)?
            } else if value.get("trace").is_some() && value.get("bounds").is_some() {
                sprt(&value)?
            } else if value.get("reached_details").is_some() {
                bench(&value)?
            } else if value.get("boards").is_some() && value.get("bounds").is_some() {
                outcomes(&value)?
            } else {
                bail!(
                    "{shown} is not a report hamle can write up: a tournament's, an SPRT's, a 2048 benchmark's, a \
                     Domineering table's (`hamle solve domineering --table N --json`) or a training curve (CSV)"
                );
            }
        };
        sections.push((shown, stem, section, svg));
    }
    std::fs::create_dir_all(&args.out).with_context(|| format!("making {}", args.out.display()))?;
    for (shown, stem, section, svg) in &sections {
        let chart = format!("{stem}.svg");
        write_file(&args.out.join(&chart), svg)?;
        let _ = write!(markdown, "\n{section}\n![{stem}]({chart})\n\nFrom `{shown}`.\n");
    }
    let page = args.out.join("report.md");
    write_file(&page, &markdown)?;
    eprintln!("report written to {} with {} chart(s)", page.display(), sections.len());
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

fn number(v: &Value) -> Result<f64> {
    v.as_f64().context("a number expected in the report")
}

fn chart_error(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("drawing the chart: {e}")
}

/// A tournament: the ratings table, the crosstable, and the ladder of ratings with their intervals.
pub(crate) fn tournament(value: &Value) -> Result<(String, String)> {
    let ratings = value["ratings"].as_array().context("ratings")?;
    let rows: Vec<(String, f64, f64, f64)> = ratings
        .iter()
        .map(|r| {
            let bot = r["bot"].as_str().context("a bot's name")?.to_owned();
            Ok((bot, number(&r["elo"])?, number(&r["ci95"][0])?, number(&r["ci95"][1])?))
        })
        .collect::<Result<_>>()?;
    let game = value["game"].as_str().unwrap_or("?");
    let anchor = value["anchor"].as_str().unwrap_or("?");
    let mut md = format!("## Tournament: {game}\n\nElo by maximum likelihood, {anchor} = 0, with 95 % intervals.\n\n");
    md.push_str("| bot | Elo | 95 % interval | games | points |\n|---|---:|---|---:|---:|\n");
    for (r, (bot, elo, lo, hi)) in ratings.iter().zip(&rows) {
        let _ = writeln!(md, "| {bot} | {elo:.0} | {lo:.0} … {hi:.0} | {} | {} |", r["games"], r["points"]);
    }
    let bots: Vec<&str> = value["bots"].as_array().context("bots")?.iter().filter_map(Value::as_str).collect();
    md.push_str("\nPoints taken (row) from (column):\n\n| | ");
    md.push_str(&(1..=bots.len()).map(|i| i.to_string()).collect::<Vec<_>>().join(" | "));
    md.push_str(" |\n|---|");
    md.push_str(&"---:|".repeat(bots.len()));
    md.push('\n');
    for (i, row) in value["crosstable"].as_array().context("crosstable")?.iter().enumerate() {
        let cells: Vec<String> = row
            .as_array()
            .context("a crosstable row")?
            .iter()
            .map(|c| c.as_f64().map_or("·".to_owned(), |p| format!("{p}")))
            .collect();
        let _ = writeln!(md, "| {} {} | {} |", i + 1, bots.get(i).unwrap_or(&"?"), cells.join(" | "));
    }
    let bars: Vec<Bar> = rows
        .iter()
        .map(|(bot, elo, lo, hi)| Bar { label: bot.clone(), value: *elo, low: *lo, high: *hi, seed: false })
        .collect();
    let svg = interval_chart(&format!("Ratings, {game} ({anchor} = 0)"), "Elo", &bars, None)?;
    Ok((md, svg))
}

/// One value with its 95 % interval in an interval chart; a seed's published figure is drawn in red.
pub(crate) struct Bar {
    /// The label under it.
    pub label: String,
    /// The value.
    pub value: f64,
    /// Its interval's ends.
    pub low: f64,
    /// Its interval's ends.
    pub high: f64,
    /// Whether it is the seed's figure rather than ours.
    pub seed: bool,
}

/// A chart whose x axis names `labels` at 0, 1, 2, … with `pad` to each side, its mesh drawn.
fn categories<'a, DB: DrawingBackend + 'a>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    y_desc: &str,
    labels: &[String],
    pad: f64,
    (low, high): (f64, f64),
) -> Result<
    ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>>,
> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(-pad..labels.len() as f64 - 1.0 + pad, low..high)
        .map_err(chart_error)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(labels.len())
        .x_label_formatter(&|x| labels.get(x.round() as usize).cloned().unwrap_or_default())
        .y_desc(y_desc)
        .draw()
        .map_err(chart_error)?;
    Ok(chart)
}

/// Values side by side, each with its interval: a rating ladder, shares against a seed's figure. The value axis
/// spans `range` when given, else the bars and 0 with a margin.
pub(crate) fn interval_chart(title: &str, y_desc: &str, bars: &[Bar], range: Option<(f64, f64)>) -> Result<String> {
    let (low, high) = range.unwrap_or_else(|| {
        let low = bars.iter().map(|b| b.low).fold(f64::INFINITY, f64::min).min(0.0);
        let high = bars.iter().map(|b| b.high).fold(f64::NEG_INFINITY, f64::max).max(0.0);
        let pad = ((high - low) * 0.1).max(10.0);
        (low - pad, high + pad)
    });
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let names: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
        let mut chart = categories(&root, title, y_desc, &names, 0.5, (low, high))?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                let colour = if b.seed { RED } else { BLUE };
                ErrorBar::new_vertical(i as f64, b.low, b.value, b.high, colour.filled(), 12)
            }))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Lines over named points on the x axis (tiles, board sizes, levels), each line one run, with the seed's
/// published figures as red dots at `marks` (an x index and a value).
pub(crate) fn line_chart(
    title: &str,
    y_desc: &str,
    x_labels: &[String],
    lines: &[(String, Vec<f64>)],
    marks: &[(usize, f64)],
    range: (f64, f64),
) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = categories(&root, title, y_desc, x_labels, 0.25, range)?;
        let series: Vec<(String, Vec<(f64, f64)>)> = lines
            .iter()
            .map(|(name, values)| (name.clone(), values.iter().enumerate().map(|(x, &y)| (x as f64, y)).collect()))
            .collect();
        draw_lines(&mut chart, &series)?;
        chart
            .draw_series(marks.iter().map(|&(x, y)| Circle::new((x as f64, y), 6, RED.filled())))
            .map_err(chart_error)?;
        legend(&mut chart, SeriesLabelPosition::MiddleRight)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Draws each named line with a dot at each point, in its own colour, labelled for the legend.
fn draw_lines<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    lines: &[(String, Vec<(f64, f64)>)],
) -> Result<()> {
    for (i, (name, points)) in lines.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
            .map_err(chart_error)?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], colour));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(chart_error)?;
    }
    Ok(())
}

/// The legend of the lines drawn, at `position`.
fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    position: SeriesLabelPosition,
) -> Result<()> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(chart_error)?;
    Ok(())
}

/// Lines over a numeric x axis (games trained, moves), each with its name.
pub(crate) fn curve_chart(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    lines: &[(String, Vec<(f64, f64)>)],
    range: (f64, f64),
) -> Result<String> {
    let last = lines.iter().flat_map(|(_, points)| points.iter().map(|p| p.0)).fold(1.0, f64::max);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..last * 1.02, range.0..range.1)
            .map_err(chart_error)?;
        chart.configure_mesh().x_desc(x_desc).y_desc(y_desc).draw().map_err(chart_error)?;
        draw_lines(&mut chart, lines)?;
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// A Hapis training curve: the share of games won against each opponent as training goes on.
fn training(curve: &[crate::train::CurvePoint]) -> Result<(String, String)> {
    let mut md = String::from(
        "## Training curve: the Hapis network, 1-ply\n\n| games trained | won against `thesis` | points a game | won \
         against `heuristic` | points a game |\n|---:|---:|---:|---:|---:|\n",
    );
    for p in curve {
        let _ = writeln!(
            md,
            "| {} | {:.1} % | {:+.3} | {:.1} % | {:+.3} |",
            p.games,
            100.0 * p.thesis.0,
            p.thesis.1,
            100.0 * p.heuristic.0,
            p.heuristic.1
        );
    }
    Ok((md, crate::train::curve_svg(curve)?))
}

/// A Domineering outcome table (`hamle solve domineering --table N --json`): the letters by board, and the nodes
/// each square board took.
fn outcomes(value: &Value) -> Result<(String, String)> {
    let n =
        value["n"].as_u64().filter(|n| (1..=16).contains(n)).context("a Domineering table's size is 1 to 16")? as usize;
    let boards = value["boards"].as_array().context("boards")?;
    let grid = crate::domineering::letters(n, boards);
    let mut squares = Vec::new();
    for b in boards {
        let (r, c) = (b["rows"].as_u64().context("rows")? as usize, b["cols"].as_u64().context("cols")? as usize);
        if r == c {
            let nodes: f64 = b["nodes"].as_array().context("nodes")?.iter().filter_map(Value::as_f64).sum();
            squares.push((format!("{r}×{c}"), nodes.max(1.0).log10()));
        }
    }
    let mut md = format!(
        "## Domineering: who wins each board, 1×1 to {n}×{n}\n\nRows R down, columns C across; V: Vertical wins \
         whoever starts, H: Horizontal, 1: the first player, 2: the second ({} bounds).\n\n| R \\ C |",
        value["bounds"].as_str().unwrap_or("?")
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
    Ok((md, svg))
}

/// A sequential test: its verdict and the likelihood ratio after each pair, between Wald's bounds.
fn sprt(value: &Value) -> Result<(String, String)> {
    let trace: Vec<f64> = value["trace"].as_array().context("trace")?.iter().filter_map(Value::as_f64).collect();
    let (lower, upper) = (number(&value["bounds"][0])?, number(&value["bounds"][1])?);
    let o = &value["options"];
    let m = &value["match"];
    let (a, b) = (m["a"]["bot"].as_str().unwrap_or("A"), m["b"]["bot"].as_str().unwrap_or("B"));
    let md = format!(
        "## SPRT: {a} against {b} ({game})\n\nH0 Elo {e0}, H1 Elo {e1}, alpha {al}, beta {be}: **{verdict}** after {games} \
         games, LLR {llr:.2} (bounds {lower:.2}, {upper:.2}); pairs by A's points (0, ½, 1, 1½, 2): {pairs}.\n",
        game = m["game"].as_str().unwrap_or("?"),
        e0 = o["elo0"],
        e1 = o["elo1"],
        al = o["alpha"],
        be = o["beta"],
        verdict = value["verdict"].as_str().unwrap_or("?"),
        games = m["games"],
        llr = number(&value["llr"])?,
        pairs = value["pairs"],
    );
    let low = trace.iter().copied().fold(lower, f64::min) - 0.5;
    let high = trace.iter().copied().fold(upper, f64::max) + 0.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let pairs = trace.len().max(1) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("LLR, {a} against {b}"), ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..pairs, low..high)
            .map_err(chart_error)?;
        chart.configure_mesh().x_desc("pairs of games").y_desc("LLR").draw().map_err(chart_error)?;
        for bound in [lower, upper] {
            chart.draw_series(LineSeries::new([(0.0, bound), (pairs, bound)], RED)).map_err(chart_error)?;
        }
        chart
            .draw_series(LineSeries::new(trace.iter().enumerate().map(|(i, &l)| ((i + 1) as f64, l)), BLUE))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok((md, svg))
}

/// A 2048 benchmark: the share of games reaching each tile, and, with its games, the share that had reached
/// each tile by each move.
fn bench(value: &Value) -> Result<(String, String)> {
    let (bot, game, games) =
        (value["bot"].as_str().unwrap_or("?"), value["game"].as_str().unwrap_or("?"), &value["games"]);
    let mut md = format!(
        "## 2048 benchmark: {bot} on {game}, {games} games from seed {}\n\n| tile | games | share | 95 % interval |\n|---:|---:|---:|---|\n",
        value["seed"]
    );
    for d in value["reached_details"].as_array().context("reached_details")? {
        let _ = writeln!(
            md,
            "| {} | {} | {:.1} % | {:.1}–{:.1} % |",
            d["tile"],
            d["games"],
            100.0 * number(&d["share"])?,
            100.0 * number(&d["interval"][0])?,
            100.0 * number(&d["interval"][1])?
        );
    }
    let n = value["games"].as_u64().unwrap_or(0).max(1) as f64;
    // For each tile, the moves at which games first showed it (the games' records, when the report has them).
    let records = value["records"].as_array();
    let mut curves: Vec<(u64, Vec<u32>)> = Vec::new();
    for d in value["reached_details"].as_array().context("reached_details")? {
        let tile = d["tile"].as_u64().context("a tile")?;
        let mut moves: Vec<u32> = records
            .into_iter()
            .flatten()
            .filter_map(|r| {
                r["first"].as_array()?.iter().find(|p| p[0].as_u64() == Some(tile)).and_then(|p| p[1].as_u64())
            })
            .map(|m| m as u32)
            .collect();
        moves.sort_unstable();
        curves.push((tile, moves));
    }
    let last_move = curves.iter().filter_map(|(_, m)| m.last().copied()).max().unwrap_or(1).max(1) as f64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Share of games that had reached each tile, {bot}"), ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..last_move * 1.05, 0f64..1.0)
            .map_err(chart_error)?;
        chart.configure_mesh().x_desc("move").y_desc("share of games").draw().map_err(chart_error)?;
        for (i, (tile, moves)) in curves.iter().enumerate().filter(|(_, (_, m))| !m.is_empty()) {
            let colour = Palette99::pick(i).to_rgba();
            // A step up of one game's share at each move where a game first showed the tile.
            let steps = moves
                .iter()
                .enumerate()
                .flat_map(|(k, &m)| [(f64::from(m), k as f64 / n), (f64::from(m), (k + 1) as f64 / n)]);
            chart
                .draw_series(LineSeries::new(std::iter::once((0.0, 0.0)).chain(steps), colour))
                .map_err(chart_error)?
                .label(tile.to_string())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], colour));
        }
        if curves.iter().any(|(_, m)| !m.is_empty()) {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
    }
    if records.is_none() {
        md.push_str("\n(The curves need the games: write the benchmark with `--out`.)\n");
    } else if curves.iter().all(|(_, m)| m.is_empty()) {
        md.push_str("\nNo game reached 2048, so the chart has no curve.\n");
    }
    Ok((md, svg))
}
