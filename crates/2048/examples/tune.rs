//! Tunes the expectimax heuristic's weights by coordinate search from nneonneo's published ones: each weight in turn is multiplied by
//! 0.5 and 2 (powers moved by ±0.5), and a change is kept when it raises the mean score over the same
//! seeded games. `cargo run --release -p hamle-2048 --example tune -- GAMES DEPTH ROUNDS THREADS`.

use std::sync::atomic::{AtomicU64, Ordering};

use hamle_2048::bots::{Expectimax, Weights};
use hamle_2048::{G2048, SpawnRule, play_game};
use hamle_core::Budget;

fn mean_score(weights: Weights, games: u64, depth: u32, threads: u64) -> f64 {
    let next = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    let bot = Expectimax::new(weights, Some(depth), Expectimax::MIN_PROBABILITY);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut bot = bot.clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    // Game i of every candidate draws the same tiles: the comparison is paired.
                    let start = G2048::new(SpawnRule::Original);
                    let record = play_game(&start, &mut bot, &Budget::UNLIMITED, 1000 + i, false, &mut |_| {});
                    total.fetch_add(record.score, Ordering::Relaxed);
                }
            });
        }
    });
    total.load(Ordering::Relaxed) as f64 / games as f64
}

fn main() {
    let arg = |i: usize, default: u64| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (games, depth, rounds, threads) = (arg(1, 200), arg(2, 2) as u32, arg(3, 1), arg(4, 2));
    let mut best = Weights::published();
    let mut best_score = mean_score(best, games, depth, threads);
    println!("start {best:?}: mean score {best_score:.0} over {games} games at depth {depth}");
    type Field = fn(&mut Weights) -> &mut f32;
    let fields: [(&str, Field, bool); 6] = [
        ("empty", |w| &mut w.empty, false),
        ("merges", |w| &mut w.merges, false),
        ("monotonicity", |w| &mut w.monotonicity, false),
        ("monotonicity_power", |w| &mut w.monotonicity_power, true),
        ("sum", |w| &mut w.sum, false),
        ("sum_power", |w| &mut w.sum_power, true),
    ];
    for round in 1..=rounds {
        for (name, field, additive) in fields {
            for step in [-1.0f32, 1.0] {
                let mut candidate = best;
                let value = field(&mut candidate);
                *value = if additive { *value + 0.5 * step } else { *value * 2f32.powf(step) };
                let changed = *value;
                let score = mean_score(candidate, games, depth, threads);
                let kept = score > best_score;
                println!(
                    "round {round}: {name} = {changed}: mean score {score:.0}{}",
                    if kept { "  kept" } else { "" }
                );
                if kept {
                    best = candidate;
                    best_score = score;
                }
            }
        }
    }
    println!("best {best:?}: mean score {best_score:.0}");
}
