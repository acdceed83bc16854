//! Speed of legal-play generation, of each bot's decisions, of the network and of self-play training,
//! on positions from real (random) games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hamle_core::{Bot, Budget, Stream};
use hamle_hapis::bots::neural::encode;
use hamle_hapis::bots::{Heuristic, Level, Net, Player, Thesis};
use hamle_hapis::train::{TdConfig, Trainer};
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
    let mut group = c.benchmark_group("decisions");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.sample_size(20);
    group.bench_function("heuristic, every position", |b| {
        let mut bot = Heuristic::default();
        b.iter(|| games.iter().filter_map(|g| bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(1))).count())
    });
    group.bench_function("thesis, every position", |b| {
        b.iter(|| games.iter().filter_map(|g| Thesis.choose(g, &Budget::UNLIMITED, &mut Stream::new(1))).count())
    });
    group.bench_function("neural, every position", |b| {
        let mut bot = Level::Advanced.player(Net::shipped());
        b.iter(|| games.iter().filter_map(|g| bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(1))).count())
    });
    group.finish();
    // The network alone: inputs and forward pass for every result of every play in those positions.
    let results: Vec<Position> = games.iter().flat_map(|g| g.plays().into_iter().map(|(_, r)| r)).collect();
    let mut group = c.benchmark_group("evaluations");
    group.throughput(Throughput::Elements(results.len() as u64));
    group.sample_size(20);
    group.bench_function(format!("network, {} positions", results.len()), |b| {
        let net = Net::shipped();
        let mut inputs = Vec::new();
        b.iter(|| {
            results
                .iter()
                .map(|p| {
                    encode(p, Default::default(), &mut inputs);
                    net.forward(&inputs).out[0]
                })
                .sum::<f32>()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("self-play training");
    group.throughput(Throughput::Elements(10));
    group.sample_size(10);
    group.bench_function("10 TD(0.7) games, 64 hidden units", |b| {
        b.iter(|| {
            let mut trainer = Trainer::new(Net::new(64, 1), TdConfig::default());
            (0..10).map(|_| trainer.play_game().plays).sum::<usize>()
        })
    });
    group.finish();
    let few = &games[..100];
    let mut group = c.benchmark_group("decisions at 2 plies");
    group.throughput(Throughput::Elements(few.len() as u64));
    group.sample_size(10);
    group.bench_function("heuristic(plies=2,filter=6), 100 positions", |b| {
        let mut bot = Player::heuristic(2, 6);
        b.iter(|| few.iter().filter_map(|g| bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(1))).count())
    });
    group.bench_function("expert, 100 positions", |b| {
        let mut bot = Level::Expert.player(Net::shipped());
        b.iter(|| few.iter().filter_map(|g| bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(1))).count())
    });
    group.finish();
}

criterion_group!(benches, plays);
criterion_main!(benches);
