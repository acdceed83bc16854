//! Seed 003, the 2048 report: its player reached 2048 in 23 of 30 games with tiles drawn 2 with 80 % and 4 with
//! 20 %. Re-run under both readings of how its sums are taken and both tile draws.

use anyhow::Result;
use hamle_arena::{Spec, g2048};
use hamle_core::Budget;

use super::{Finding, Options, Reproduction, Verdict, compare_shares, share};
use crate::chart::{Bar, interval_chart, line_chart};
use crate::report::BenchReport;
use crate::results::Figures;

/// The report's games and how many reached 2048 (§3).
const SEED_GAMES: usize = 30;
const SEED_REACHED: usize = 23;

/// Plays the report's player under each reading and tile draw.
pub fn reproduce(lab: &Options) -> Result<Reproduction> {
    let mut report = Reproduction::new(
        "Seed 003: 2048 with depth-limited search",
        "The report's player (`seed`: depth-3 search, a 2 in every empty cell, boards scored by the corner mask) \
         reached 2048 in 23 of its 30 games, with new tiles 2 at 80 % and 4 at 20 %. The report is ambiguous on how \
         its sums are taken (`docs/rules/2048.md`): `sums=per-move` sums each next move over the new tiles and takes \
         the best (its worked example), `sums=per-tile` lets each tile board choose its own best move. Each reading \
         plays under the report's draw and the original game's (90 % / 10 %), on the same seeded games.",
    );
    let games = lab.games(SEED_GAMES);
    let mut bars = vec![seed_bar()];
    let mut runs = Vec::new();
    for (draw, game) in [("80/20, the report's", "2048(spawn=report)"), ("90/10, the original", "2048")] {
        for sums in ["per-move", "per-tile"] {
            let game: Spec = game.parse()?;
            let bot: Spec = format!("seed(sums={sums})").parse()?;
            let run = g2048::bench_2048(&game, &bot, games, 0, lab.seed, Budget::UNLIMITED, lab.benches.as_ref())?;
            let reached = run.reached.iter().find(|r| r.tile == 2048).map_or(0, |r| r.games);
            let (verdict, why) = compare_shares(SEED_REACHED, SEED_GAMES, reached, games);
            report.finding(Finding {
                what: format!("games reaching 2048, sums {sums}, tiles {draw}"),
                seed: share(SEED_REACHED, SEED_GAMES),
                ours: share(reached, games),
                verdict,
                why,
            });
            let (low, high) = hamle_arena::elo::wilson(reached, games);
            bars.push(Bar {
                label: format!("{sums}, {}", &draw[..5]),
                value: 100.0 * reached as f64 / games as f64,
                low: 100.0 * low,
                high: 100.0 * high,
                seed: false,
            });
            runs.push((format!("{bot} on {game}"), run));
        }
    }
    let svg =
        interval_chart("Games reaching 2048 (red: the report's 23 of 30)", "% of games", &bars, Some((0.0, 100.0)))?;
    report.chart("reach-2048", "share of games reaching 2048, the report's and ours, with 95 % intervals", svg);
    let tops = [256u64, 512, 1024, 2048, 4096, 8192];
    let lines: Vec<(String, Vec<f64>)> = runs
        .iter()
        .map(|(name, run)| {
            let n = run.records.len().max(1) as f64;
            let shares = tops.iter().map(|&t| 100.0 * run.records.iter().filter(|r| r.top >= t).count() as f64 / n);
            (name.clone(), shares.collect())
        })
        .collect();
    let labels: Vec<String> = tops.iter().map(u64::to_string).collect();
    let svg = line_chart(
        "Games whose largest tile reached each value",
        "% of games",
        &labels,
        &lines,
        &[(3, seed_share())],
        (0.0, 100.0),
    )?;
    report.chart(
        "largest-tile",
        "the share of games whose largest tile reached each value (red: the report's 2048)",
        svg,
    );
    report.section(
        "## Each run\n\nThe tiles each run reached, its scores and pace (moves a second of the player's own thinking).\n",
    );
    let mut data = Vec::new();
    for (name, run) in &runs {
        report.section(&format!("### {name}\n\n{}", run.table()));
        data.push(BenchReport::new(run, false));
    }
    let reproduced = report.findings.iter().any(|f| f.verdict == Verdict::Reproduces);
    report.section(if reproduced {
        "## Why\n\nAt least one reading agrees with the report's share: that reading is the likelier account of what \
         its games ran."
    } else {
        "## Why not\n\nNo reading reproduces the report's share. The score is dominated by 16000 × the corner tile, so the player guards the corner and little else; \
         its sums reward boards with many empty cells rather than plans, and one next move must serve every cell the \
         new tile may fall on. Reaching 2048 three times in four asks for more than the search and score the report \
         prints; its code is not in the report, so what its games ran cannot be checked."
    });
    report.figures(Figures::G2048 { runs: data });
    Ok(report)
}

fn seed_bar() -> Bar {
    let (low, high) = hamle_arena::elo::wilson(SEED_REACHED, SEED_GAMES);
    Bar { label: "the report".into(), value: seed_share(), low: 100.0 * low, high: 100.0 * high, seed: true }
}

fn seed_share() -> f64 {
    100.0 * SEED_REACHED as f64 / SEED_GAMES as f64
}
