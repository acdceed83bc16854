//! Legal-play generation speed on positions from real (random) games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hamle_hapis::{Hapis, Position};
use hamle_testkit::random_positions;

/// Every position where a side is to play, from 20 seeded random games.
fn positions() -> Vec<Hapis> {
    (0..20).flat_map(|seed| random_positions(&Hapis::default(), seed, usize::MAX)).collect()
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
