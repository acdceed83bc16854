//! The training curves hamle knows, for `hamle report`: each game's [`Layout`] (declared by the game that
//! trains), a curve file read by its header, and a curve drawn as SVG. The format itself is
//! [`hamle_core::curve`].

use anyhow::Result;
pub use hamle_2048::bots::CURVE as NTUPLE_2048;
pub use hamle_core::curve::{Column, Curve, Layout, Measure, Point};
pub use hamle_hapis::train::CURVE as HAPIS;

use crate::chart::curve_chart;

/// Every kind of curve `hamle report` reads.
pub const LAYOUTS: [&Layout; 2] = [&HAPIS, &NTUPLE_2048];

/// The curve in `text`, whichever kind its header names; `None` when its first line is no curve's header.
///
/// # Errors
/// A line that is not a point of that curve; `shown` names the file.
pub fn read(text: &str, shown: &str) -> Option<Result<Curve>> {
    let first = text.lines().next()?;
    let layout = LAYOUTS.into_iter().find(|l| l.header() == first)?;
    Some(Curve::read_as(layout, text, shown))
}

/// A line chart of each share column, as a percentage, by games played.
///
/// # Errors
/// When plotters cannot draw it.
pub fn svg(curve: &Curve) -> Result<String> {
    let layout = curve.layout;
    curve_chart(layout.title, layout.x_desc, layout.y_desc, &curve.shares(), (0.0, 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::drawn::{circles, texts};

    const HAPIS_CSV: &str = "games,won_vs_thesis,points_vs_thesis,won_vs_heuristic,points_vs_heuristic\n\
                             0,0.2500,-0.6000,0.1000,-0.9000\n1000,0.7500,0.6000,0.4000,-0.1000\n";

    #[test]
    fn a_curve_written_before_reads_back_by_its_header_and_writes_out_the_same() {
        let curve = read(HAPIS_CSV, "net.curve.csv").expect("a curve's header").expect("read");
        assert_eq!(curve.layout, &HAPIS);
        assert_eq!(curve.points[1], Point { games: 1000, values: vec![0.75, 0.6, 0.4, -0.1] });
        assert_eq!(curve.csv(), HAPIS_CSV);
        let tiles = "games,mean_score,reached_2048,reached_8192,reached_16384,reached_32768\n4,1234.5,0.5000,0.2500,0.0000,0.0000\n";
        let curve = read(tiles, "t").expect("a curve's header").expect("read");
        assert_eq!(curve.layout, &NTUPLE_2048);
        assert_eq!(curve.csv(), tiles);
        assert!(curve.markdown().contains("| 4 | 1234 | 50.0 % | 25.0 % | 0.0 % | 0.0 % |"), "{}", curve.markdown());
        assert!(read("games,won\n1,2\n", "x").is_none(), "no curve's header");
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
        let svg = svg(&curve).expect("drawn");
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
