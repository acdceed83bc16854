//! The charts, drawn as SVG by plotters: values with their intervals side by side, lines over named points or over
//! a numeric axis, a sequential test's likelihood ratio between its bounds, and the share of games that had reached
//! each tile by each move.

use anyhow::Result;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// Chart size, in pixels.
const SIZE: (u32, u32) = (720, 420);

fn chart_error(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("drawing the chart: {e}")
}

/// One value with its 95 % interval in an interval chart; a seed's published figure is drawn in red.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The label under it.
    pub label: String,
    /// The value.
    pub value: f64,
    /// Its interval's lower end.
    pub low: f64,
    /// Its interval's upper end.
    pub high: f64,
    /// Whether it is the seed's figure rather than ours.
    pub seed: bool,
}

/// A named line through points (x, y).
pub type Line = (String, Vec<(f64, f64)>);

/// A chart whose x axis names `labels` at 0, 1, 2, … with `pad` to each side, its mesh drawn.
fn categories<'a, DB: DrawingBackend + 'a>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    y_desc: &str,
    labels: &[String],
    pad: f64,
    (low, high): (f64, f64),
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>> {
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
pub fn interval_chart(title: &str, y_desc: &str, bars: &[Bar], range: Option<(f64, f64)>) -> Result<String> {
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
pub fn line_chart(
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
        let series: Vec<Line> = lines
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
    lines: &[Line],
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

/// A line with an interval at some of its points: its name, its points `(x, y)` and the intervals
/// `(x, low, high)`.
pub type Banded = (String, Vec<(f64, f64)>, Vec<(f64, f64, f64)>);

/// Lines over a numeric x axis, each with error bars at the points its intervals name (drawn a little apart from
/// line to line, so that bars at one x do not hide each other).
pub fn banded_chart(title: &str, x_desc: &str, y_desc: &str, lines: &[Banded], range: (f64, f64)) -> Result<String> {
    let plain: Vec<Line> = lines.iter().map(|(name, points, _)| (name.clone(), points.clone())).collect();
    let bars: Vec<&[(f64, f64, f64)]> = lines.iter().map(|(_, _, bars)| bars.as_slice()).collect();
    numeric_chart(title, (x_desc, y_desc), &plain, &bars, range, 1.04)
}

/// Lines over a numeric x axis (games trained, moves), each with its name.
pub fn curve_chart(title: &str, x_desc: &str, y_desc: &str, lines: &[Line], range: (f64, f64)) -> Result<String> {
    numeric_chart(title, (x_desc, y_desc), lines, &[], range, 1.02)
}

/// Lines over a numeric x axis from 0 to `room` times the last x, with the error bars `bars` of each line.
fn numeric_chart(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    lines: &[Line],
    bars: &[&[(f64, f64, f64)]],
    range: (f64, f64),
    room: f64,
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
            .build_cartesian_2d(0f64..last * room, range.0..range.1)
            .map_err(chart_error)?;
        chart.configure_mesh().x_desc(x_desc).y_desc(y_desc).draw().map_err(chart_error)?;
        draw_lines(&mut chart, lines)?;
        let shift = last * 0.006;
        for (i, line) in bars.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let offset = (i as f64 - lines.len() as f64 / 2.0) * shift;
            chart
                .draw_series(line.iter().map(|&(x, low, high)| {
                    ErrorBar::new_vertical(x + offset, low, (low + high) / 2.0, high, colour.stroke_width(1), 6)
                }))
                .map_err(chart_error)?;
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// A sequential test's likelihood ratio after each pair (`trace`), between Wald's `bounds` drawn in red.
pub fn llr_chart(title: &str, trace: &[f64], (lower, upper): (f64, f64)) -> Result<String> {
    let low = trace.iter().copied().fold(lower, f64::min) - 0.5;
    let high = trace.iter().copied().fold(upper, f64::max) + 0.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let pairs = trace.len().max(1) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
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
    Ok(svg)
}

/// For each tile, the share of `games` that had shown it by each move: a step up of one game's share at each move
/// (sorted) where a game first showed it. Tiles no game reached draw no line.
pub fn reach_chart(title: &str, games: usize, curves: &[(u64, Vec<u32>)]) -> Result<String> {
    let n = games.max(1) as f64;
    let last_move = curves.iter().filter_map(|(_, m)| m.last().copied()).max().unwrap_or(1).max(1) as f64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..last_move * 1.05, 0f64..1.0)
            .map_err(chart_error)?;
        chart.configure_mesh().x_desc("move").y_desc("share of games").draw().map_err(chart_error)?;
        for (i, (tile, moves)) in curves.iter().enumerate().filter(|(_, (_, m))| !m.is_empty()) {
            let colour = Palette99::pick(i).to_rgba();
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
            legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Reading back what a chart drew, for the tests of every module that draws one: plotters writes each element
/// on a line of its own, and each text between its tags on lines of their own.
#[cfg(test)]
pub(crate) mod drawn {
    fn attribute(line: &str, name: &str) -> Option<String> {
        let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
        let rest = &line[start..];
        Some(rest[..rest.find('"')?].to_owned())
    }

    /// The dots: centre and fill colour.
    pub fn circles(svg: &str) -> Vec<(f64, f64, String)> {
        svg.lines()
            .filter(|l| l.starts_with("<circle"))
            .filter_map(|l| {
                let number = |name: &str| attribute(l, name)?.parse::<f64>().ok();
                Some((number("cx")?, number("cy")?, attribute(l, "fill")?))
            })
            .collect()
    }

    /// Every text written, in order.
    pub fn texts(svg: &str) -> Vec<&str> {
        let lines: Vec<&str> = svg.lines().collect();
        lines.windows(2).filter(|w| w[0].starts_with("<text")).map(|w| w[1]).collect()
    }

    /// The lines of colour `stroke`, each as its points.
    pub fn polylines(svg: &str, stroke: &str) -> Vec<Vec<(f64, f64)>> {
        svg.lines()
            .filter(|l| l.starts_with("<polyline") && attribute(l, "stroke").as_deref() == Some(stroke))
            .filter_map(|l| {
                let points = attribute(l, "points")?;
                points
                    .split_whitespace()
                    .map(|p| {
                        let (x, y) = p.split_once(',')?;
                        Some((x.parse().ok()?, y.parse().ok()?))
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::drawn::{circles, polylines, texts};
    use super::*;

    const RED_FILL: &str = "#FF0000";
    const BLUE_FILL: &str = "#0000FF";

    fn bar(label: &str, value: f64, seed: bool) -> Bar {
        Bar { label: label.into(), value, low: value - 0.1, high: value + 0.1, seed }
    }

    #[test]
    fn an_interval_chart_draws_one_dot_per_bar_in_order_at_its_height_the_seeds_in_red() {
        let bars = [bar("the seed", 0.8, true), bar("ours", 0.3, false), bar("theirs", 0.5, false)];
        let svg = interval_chart("Shares", "share of games", &bars, Some((0.0, 1.0))).expect("drawn");
        let dots = circles(&svg);
        assert_eq!(dots.len(), 3, "{svg}");
        let fills: Vec<&str> = dots.iter().map(|d| d.2.as_str()).collect();
        assert_eq!(fills, [RED_FILL, BLUE_FILL, BLUE_FILL]);
        assert!(dots[0].0 < dots[1].0 && dots[1].0 < dots[2].0, "left to right as given: {dots:?}");
        // Higher values sit higher (smaller y): 0.8 above 0.5 above 0.3.
        assert!(dots[0].1 < dots[2].1 && dots[2].1 < dots[1].1, "{dots:?}");
        let text = texts(&svg);
        for label in ["Shares", "share of games", "the seed", "ours", "theirs"] {
            assert!(text.contains(&label), "{label} in {text:?}");
        }
    }

    #[test]
    fn a_line_chart_names_each_line_and_marks_the_seeds_figures_in_red() {
        let labels: Vec<String> = ["256", "512", "1024"].map(String::from).to_vec();
        let lines = [("run a".to_owned(), vec![100.0, 50.0, 10.0]), ("run b".to_owned(), vec![90.0, 20.0, 0.0])];
        let svg = line_chart("Tiles", "% of games", &labels, &lines, &[(2, 76.7)], (0.0, 100.0)).expect("drawn");
        let dots = circles(&svg);
        let red: Vec<_> = dots.iter().filter(|d| d.2 == RED_FILL).collect();
        assert_eq!(red.len(), 1, "one mark: {dots:?}");
        assert_eq!(dots.len(), 7, "three points a line and the mark");
        let text = texts(&svg);
        for label in ["Tiles", "% of games", "run a", "run b", "256", "1024"] {
            assert!(text.contains(&label), "{label} in {text:?}");
        }
        // The mark at 76.7 % over the last label sits above run a's last point (10 %) and below its first (100 %).
        let (mark_x, mark_y) = (red[0].0, red[0].1);
        let run_a: Vec<_> = dots.iter().filter(|d| d.2 != RED_FILL).take(3).collect();
        assert!((run_a[2].0 - mark_x).abs() < 1.0, "the same column: {dots:?}");
        assert!(run_a[0].1 < mark_y && mark_y < run_a[2].1, "{dots:?}");
    }

    #[test]
    fn an_llr_chart_draws_the_trace_point_by_point_between_two_red_bounds() {
        let trace = [0.5, 1.0, -0.5, 2.0];
        let svg = llr_chart("LLR, a against b", &trace, (-2.9, 2.9)).expect("drawn");
        let red = polylines(&svg, "#FF0000");
        assert_eq!(red.len(), 2, "the two bounds");
        assert!(red.iter().all(|l| l.len() == 2 && l[0].1 == l[1].1), "level lines: {red:?}");
        let blue = polylines(&svg, "#0000FF");
        assert_eq!(blue.len(), 1);
        let ys: Vec<f64> = blue[0].iter().map(|p| p.1).collect();
        assert_eq!(ys.len(), 4, "one point a pair");
        // Up, up, down, up again: screen y falls as the ratio rises.
        assert!(ys[1] < ys[0] && ys[2] > ys[1] && ys[3] < ys[0], "{ys:?}");
        for label in ["LLR, a against b", "pairs of games", "LLR"] {
            assert!(texts(&svg).contains(&label), "{label}");
        }
    }

    #[test]
    fn a_reach_chart_steps_up_once_a_game_for_each_tile_reached() {
        let curves = [(2048, vec![900, 1000, 1200]), (4096, vec![]), (8192, vec![2000])];
        let svg = reach_chart("Reached, bot", 4, &curves).expect("drawn");
        let text = texts(&svg);
        assert!(text.contains(&"2048") && text.contains(&"8192"), "{text:?}");
        assert!(!text.contains(&"4096"), "no game reached 4096: no line, no legend");
        let steps: Vec<Vec<(f64, f64)>> = svg
            .lines()
            .filter(|l| l.starts_with("<polyline") && l.contains("stroke-width=\"1\"") && !l.contains("#000000"))
            .filter_map(|l| {
                let points = l.split("points=\"").nth(1)?.split('"').next()?;
                points
                    .split_whitespace()
                    .map(|p| p.split_once(',').and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?))))
                    .collect()
            })
            .filter(|points: &Vec<(f64, f64)>| points.len() > 2)
            .collect();
        assert_eq!(steps.len(), 2, "{svg}");
        assert_eq!(steps[0].len(), 1 + 2 * 3, "from the origin, two points a game for 2048");
        assert_eq!(steps[1].len(), 1 + 2, "one game reached 8192");
    }
}
