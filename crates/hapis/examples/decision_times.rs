//! Time of each decision, per bot and level, on every position to play of 10 seeded games of `neural` against
//! itself (the positions a player meets): median with its 95 % interval (order statistics), 90th percentile
//! and the slowest, in one thread.
//!
//! `cargo run --release -p hamle-hapis --example decision_times [-- POSITIONS]` (default: all).

use std::time::Instant;

use hamle_core::{Bot, Budget, Game, Stream, Turn};
use hamle_hapis::Hapis;
use hamle_hapis::bots::{Heuristic, Level, Net, Player, Thesis};

fn main() {
    let limit = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
    let positions: Vec<Hapis> = (0..10).flat_map(self_play).take(limit).collect();
    let mut bots: Vec<Box<dyn Bot<Hapis>>> =
        vec![Box::new(Thesis), Box::new(Heuristic::default()), Box::new(Player::heuristic(2, 6))];
    bots.extend(Level::ALL.into_iter().map(|l| Box::new(l.player(Net::shipped())) as Box<dyn Bot<Hapis>>));
    println!("{} positions from 10 games of neural against itself (seeds 0..10), one thread\n", positions.len());
    println!("| bot | median | 95 % interval of the median | 90th percentile | slowest |");
    println!("|---|---|---|---|---|");
    for bot in &mut bots {
        let mut times: Vec<f64> = positions
            .iter()
            .map(|g| {
                let clock = Instant::now();
                bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(1));
                clock.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let n = times.len();
        // The median's 95 % interval from the binomial order statistics: ranks n/2 ± 1.96·√n/2.
        let half = (0.98 * (n as f64).sqrt()).ceil() as usize;
        let (lo, hi) = (times[(n / 2).saturating_sub(half)], times[(n / 2 + half).min(n - 1)]);
        println!(
            "| `{}` | {:.3} ms | {:.3} – {:.3} ms | {:.3} ms | {:.3} ms |",
            bot.name(),
            times[n / 2],
            lo,
            hi,
            times[n * 9 / 10],
            times[n - 1]
        );
    }
}

/// Every position where a side is to play in game `seed` of `neural` against itself.
fn self_play(seed: u64) -> Vec<Hapis> {
    let (mut dice, mut choices) = (Stream::new(seed).derive(0), Stream::new(seed).derive(1));
    let mut bot = Level::Advanced.player(Net::shipped());
    let mut game = Hapis::default();
    let mut seen = Vec::new();
    loop {
        match game.turn() {
            Turn::Over => return seen,
            Turn::Chance => match game.sample_chance(&mut dice) {
                Some(roll) => game.apply_chance(roll),
                None => return seen,
            },
            Turn::Player(_) => {
                seen.push(game);
                match bot.choose(&game, &Budget::UNLIMITED, &mut choices) {
                    Some(decision) => game.play(decision.mv),
                    None => return seen,
                }
            }
        }
    }
}
