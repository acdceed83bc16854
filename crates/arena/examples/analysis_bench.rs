//! The measures of `docs/benchmarks.md`, "Analysis": seeded Hapis games (expert against a casual network) and
//! chess games (the engine at level 2 against a random mover, for games that differ from seed to seed) played out, then analysed at the analyst's default effort,
//! timed; and the Hapis games analysed again at twice the effort, to count how many marks stay the same.
//!
//! `cargo run --release -p hamle-arena --example analysis_bench -- [GAMES]` (default 5 of each).

use std::time::Instant;

use hamle_arena::analysis::{EXPORT_FORMAT, Export, Source};
use hamle_arena::play::BotTurn;
use hamle_arena::{Seat, Setup, Spec, games};
use hamle_core::Budget;
use serde_json::Value;

/// A match of two bots played out from `seed`, written down whole.
fn played(game: &str, a: &str, b: &str, seed: u64, budget: Budget) -> Export {
    let spec = |t: &str| t.parse::<Spec>().expect("a spec");
    let setup =
        Setup { game: spec(game), seats: vec![Seat::Bot(spec(a)), Seat::Bot(spec(b))], helper: None, length: None };
    let kind = games::registry().game(&setup.game.name).expect("a game");
    let mut live = kind.start(setup, seed, budget).expect("a match");
    let mut actions = Vec::new();
    while let Some(turn) = live.bot_turn() {
        actions.push(match turn {
            BotTurn::Acted(record) => record,
            BotTurn::Think(thinking) => live.finish(thinking.run()).expect("a fresh thought"),
        });
    }
    Export {
        format: EXPORT_FORMAT.into(),
        game: game.into(),
        seats: vec![a.into(), b.into()],
        helper: None,
        length: None,
        clock: None,
        seed: Some(seed),
        actions,
    }
}

/// The analysis of `export` at `effort`, and the seconds it took.
fn analysed(export: &Export, effort: Option<u64>) -> (Value, f64) {
    let kind = games::registry().game(&export.game.parse::<Spec>().expect("a spec").name).expect("a game");
    let start = Instant::now();
    let mut job = kind.analysis(Source::Record(export.clone()), effort, None).expect("an analysis");
    while job.step() {}
    (job.report(), start.elapsed().as_secs_f64())
}

fn marks(report: &Value) -> Vec<Value> {
    report["moves"].as_array().expect("moves").iter().map(|m| m["mark"].clone()).collect()
}

fn decisions(report: &Value) -> usize {
    report["moves"].as_array().map_or(0, Vec::len)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The smallest and largest of `xs`.
fn range(xs: &[f64]) -> (f64, f64) {
    xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| (lo.min(x), hi.max(x)))
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let (mut per_decision, mut same, mut marked, mut total) = (Vec::new(), 0, 0, 0);
    for seed in 1..=games {
        let export = played("hapis", "expert", "neural(level=casual)", seed, Budget::UNLIMITED);
        let (report, seconds) = analysed(&export, None);
        let (twice, _) = analysed(&export, Some(16));
        let n = decisions(&report);
        per_decision.push(seconds / n as f64);
        let (a, b) = (marks(&report), marks(&twice));
        total += a.len();
        same += a.iter().zip(&b).filter(|(x, y)| x == y).count();
        marked += a.iter().zip(&b).filter(|(x, y)| !x.is_null() || !y.is_null()).count();
        let alike = a.iter().zip(&b).filter(|(x, y)| x == y && !x.is_null()).count();
        println!(
            "hapis seed {seed}: {n} decisions in {seconds:.2} s; marks at 8 and 16 plays: {alike} alike of {} marked by either",
            a.iter().zip(&b).filter(|(x, y)| !x.is_null() || !y.is_null()).count()
        );
    }
    let median_hapis = median(per_decision.clone());
    let (lo, hi) = range(&per_decision);
    println!(
        "hapis: median {:.1} ms a decision (games' range {:.1}–{:.1}), so {:.1} s for 60 decisions ({} games); marks unchanged at twice the effort: {same} of {total} decisions ({:.1} %), {} of the {marked} decisions either marked",
        median_hapis * 1000.0,
        lo * 1000.0,
        hi * 1000.0,
        median_hapis * 60.0,
        games,
        100.0 * same as f64 / total.max(1) as f64,
        marked - (total - same),
    );
    let mut chess = Vec::new();
    for seed in 1..=games {
        let export =
            played("chess", "engine(level=2)", "random", seed, Budget { nodes: Some(20_000), ..Budget::UNLIMITED });
        let (report, seconds) = analysed(&export, None);
        let n = decisions(&report);
        chess.push(seconds / n.max(1) as f64);
        println!("chess seed {seed}: {n} decisions in {seconds:.2} s");
    }
    let (lo, hi) = range(&chess);
    let median_chess = median(chess);
    println!(
        "chess: median {:.1} ms a decision (games' range {:.1}–{:.1}), so {:.1} s for a 40-move game (80 decisions; {games} games)",
        median_chess * 1000.0,
        lo * 1000.0,
        hi * 1000.0,
        median_chess * 80.0
    );
}
