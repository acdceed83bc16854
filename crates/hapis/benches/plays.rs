//! Legal-play generation speed on positions from real (random) games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Stream, Turn};
use hamle_hapis::{Hapis, Position};

/// Every position where a side is to play, from 20 seeded random games.
fn positions() -> Vec<Hapis> {
    let mut found = Vec::new();
    for seed in 0..20 {
        let mut stream = Stream::new(seed);
        let mut game = Hapis::default();
        loop {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => match game.sample_chance(&mut stream) {
                    Some(dice) => game.apply_chance(dice),
                    None => break,
                },
                Turn::Player(_) => {
                    found.push(game);
                    let Some(decision) = RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream) else { break };
                    game.play(decision.mv);
                }
            }
        }
    }
    found
}

fn plays(c: &mut Criterion) {
    let games = positions();
    let mut group = c.benchmark_group("legal plays");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function(format!("{} positions from 20 random games", games.len()), |b| {
        b.iter(|| games.iter().map(|g| g.plays().len()).sum::<usize>())
    });
    group.finish();
    c.bench_function("perft 2 from the start", |b| b.iter(|| Position::start().perft(2)));
}

criterion_group!(benches, plays);
criterion_main!(benches);
