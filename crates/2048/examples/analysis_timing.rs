//! Times the analyst's judge, to set its effort: `cargo run --release -p hamle-2048 --example analysis_timing --
//! [seed] [effort] [every]` judges every `every`-th position of a seeded game (played by the expectimax at depth 3,
//! quick and long-lived), then a few busy boards, at `effort` nodes, and prints each judgement's time, the depth it
//! reached, the nodes it searched and the time per node, then the slowest and the mean.

use std::time::Instant;

use hamle_2048::bots::Expectimax;
use hamle_2048::{G2048, SpawnRule, analysis, parse_board, play_game};
use hamle_core::{Budget, Stream};

/// Boards with many distinct tiles and room for new ones, where the adaptive depth is 6 to 12.
const BUSY: [&str; 8] = [
    "2,4,8,16/32,64,128,256/.,.,.,./.,.,.,.",
    "2,4,8,16/256,128,64,32/512,1024,.,./.,.,.,.",
    "2,4,8,16/256,128,64,32/512,1024,2048,4096/.,.,16384,8192",
    "2,4,8,16/256,128,64,32/512,1024,2048,./.,.,4096,.",
    "2,4,8,16/.,.,32,64/.,.,.,128/.,1024,512,256",
    "2,4,8,16/.,.,32,64/.,4096,2048,128/.,1024,512,256",
    "2,4,8,16/.,.,.,64/.,.,.,128/8192,1024,512,256",
    "4,2,.,./32,64,128,256/4096,2048,1024,512/8192,16384,.,.",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let effort = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(analysis::analyst().effort.default);
    let every = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(50u32);
    let mut player = Expectimax::new(Default::default(), Some(3), Expectimax::MIN_PROBABILITY);
    let mut positions = Vec::new();
    play_game(&G2048::new(SpawnRule::Original), &mut player, &Budget::UNLIMITED, seed, false, &mut |g| {
        if g.moves() % every == 0 {
            positions.push(g.clone());
        }
    });
    let mut stream = Stream::new(seed);
    for game in &mut positions {
        while game.spawn_from(&mut stream).is_some() {}
    }
    positions
        .extend(BUSY.iter().filter_map(|t| parse_board(t).ok()).map(|b| G2048::from_board(b, 0, SpawnRule::Original)));
    let (mut slowest, mut total, mut judged, mut full) = (0.0f64, 0.0, 0u32, 0);
    for game in &positions {
        let Some(played) = Expectimax::fallback(game.board()) else { continue };
        let begun = Instant::now();
        let verdict = (analysis::analyst().judge)(game, played, effort);
        let spent = begun.elapsed().as_secs_f64();
        // The same search again, a depth at a time, to count its nodes: each depth starts afresh, as the judge's.
        let mut bot = Expectimax::default();
        let four = game.rule().four() as f32;
        let (board, wanted) = (game.board(), bot.depth_for(game.board()));
        let reached = bot.move_values_in_nodes(board, four, effort).map_or(0, |(_, d)| d);
        let searched: u64 = (1..=reached).map(|d| bot.move_values(board, four, d).1).sum();
        let nodes = if reached < wanted { effort } else { searched };
        full += u32::from(reached == wanted);
        println!(
            "move {:5} tiles {:2} depth {reached:2}/{wanted:2} {nodes:9} nodes {:7.1} ms {:5.1} ns/node loss {:?}",
            game.moves(),
            board.distinct_tiles(),
            spent * 1e3,
            spent * 1e9 / nodes as f64,
            verdict.map(|v| v.loss)
        );
        slowest = slowest.max(spent);
        total += spent;
        judged += 1;
    }
    println!(
        "effort {effort}: {judged} positions, slowest {:.1} ms, mean {:.1} ms, the bot's full depth reached in {full}",
        slowest * 1e3,
        total / f64::from(judged.max(1)) * 1e3
    );
}
