//! Timing of the searches on a fixed random tree (node counts: `cargo run --release -p hamle-core --example tree_nodes`).

use criterion::{Criterion, criterion_group, criterion_main};
use hamle_core::search::{AlphaBeta, minimax};
use hamle_core::tree::{Shape, StaticValue, Tree};
use hamle_core::{Budget, NoOrder, Stream};

fn trees(c: &mut Criterion) {
    let shape = Shape { depth: 6, max_branching: 5, chance: false, players: 2, range: 50, early_leaf_percent: 5 };
    let tree = Tree::random(shape, &mut Stream::new(1));
    let eval = StaticValue::default();
    c.bench_function("minimax depth 6", |b| b.iter(|| minimax(&tree, &eval, 6)));
    c.bench_function("alpha-beta depth 6", |b| {
        b.iter(|| AlphaBeta::new(eval, NoOrder, 0).search(&tree, &Budget::depth(6)))
    });
}

criterion_group!(benches, trees);
criterion_main!(benches);
