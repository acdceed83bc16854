//! Time to think for the tic-tac-toe bots, and to solve each variant.

use criterion::{Criterion, criterion_group, criterion_main};
use hamle_classics::tictactoe::bots::{Perfect, Thesis};
use hamle_classics::tictactoe::{Solution, TicTacToe, Variant};
use hamle_core::{Bot, Budget, Stream};

fn bots(c: &mut Criterion) {
    let start = TicTacToe::classic();
    c.bench_function("perfect, first move, fresh table", |b| {
        b.iter(|| Perfect::default().choose(&start, &Budget::UNLIMITED, &mut Stream::new(1)))
    });
    for depth in [2, 4] {
        c.bench_function(&format!("thesis(depth={depth}), first move"), |b| {
            b.iter(|| Thesis { depth, ..Default::default() }.choose(&start, &Budget::UNLIMITED, &mut Stream::new(1)))
        });
    }
}

fn solves(c: &mut Criterion) {
    c.bench_function("solve classic", |b| b.iter(|| Solution::new(Variant::Classic)));
    c.bench_function("solve two-phase", |b| b.iter(|| Solution::new(Variant::TwoPhase)));
}

criterion_group!(benches, bots, solves);
criterion_main!(benches);
