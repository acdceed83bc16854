//! Move generation and the heuristic on boards from real games: `cargo bench -p hamle-2048 --bench moves`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hamle_2048::bots::{RowTable, Weights};
use hamle_2048::{Board, Direction, G2048, SpawnRule};
use hamle_core::{Game, Stream};

/// Boards met in random games, a spread of early and late positions.
fn boards() -> Vec<Board> {
    let mut out = Vec::new();
    let mut stream = Stream::new(7);
    let mut moves = Vec::new();
    while out.len() < 4096 {
        let mut game = G2048::new(SpawnRule::Original);
        loop {
            while game.spawn_from(&mut stream).is_some() {}
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            out.push(game.board());
            game.play(mv);
        }
    }
    // The last game runs past the mark: keep exactly 4,096 boards, as the figures say.
    out.truncate(4096);
    out
}

fn bench(c: &mut Criterion) {
    let boards = boards();
    c.bench_function("shift all four directions (4096 boards)", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &board in &boards {
                for d in Direction::ALL {
                    acc ^= black_box(board).shifted(d).bits();
                }
            }
            acc
        })
    });
    c.bench_function("slide with score, all four directions (4096 boards)", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &board in &boards {
                for d in Direction::ALL {
                    acc = acc.wrapping_add(black_box(board).slide(d).score);
                }
            }
            acc
        })
    });
    let table = RowTable::new(&Weights::default());
    c.bench_function("row-table heuristic (4096 boards)", |b| {
        b.iter(|| boards.iter().map(|&board| table.board_value(black_box(board))).sum::<f32>())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
