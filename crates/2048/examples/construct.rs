//! What a bot built for every move costs, as the server builds them: construction alone, and construction
//! plus one move, over positions met in a seeded random game.
//! `cargo run --release -p hamle-2048 --example construct -- [POSITIONS] [DEPTH]` (DEPTH `auto` by default).

use std::time::{Duration, Instant};

use hamle_2048::bots::{Expectimax, Weights};
use hamle_2048::{G2048, SpawnRule};
use hamle_core::{Bot, Budget, Game, Stream};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().map_or(Ok(50), |a| a.parse())?;
    let depth: Option<u32> = match args.get(1).map(String::as_str) {
        None | Some("auto") => None,
        Some(d) => Some(d.parse()?),
    };
    // Positions every 10 moves of a random game (restarted when it ends).
    let mut positions = Vec::with_capacity(count);
    let mut game = G2048::new(SpawnRule::Original);
    let mut stream = Stream::new(1);
    while positions.len() < count {
        while !game.awaits_move() {
            if game.spawn_from(&mut stream).is_none() {
                game = G2048::new(SpawnRule::Original);
            }
        }
        if game.moves() % 10 == 5 {
            positions.push(game.clone());
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let Some(&mv) = stream.pick(&moves) else { continue };
        game.try_move(mv)?;
    }
    let mut build = Vec::with_capacity(count);
    let mut build_and_move = Vec::with_capacity(count);
    for position in &positions {
        let clock = Instant::now();
        let bot = Expectimax::new(Weights::default(), depth, Expectimax::MIN_PROBABILITY);
        build.push(clock.elapsed());
        drop(bot);
        let clock = Instant::now();
        let mut bot = Expectimax::new(Weights::default(), depth, Expectimax::MIN_PROBABILITY);
        bot.choose(position, &Budget::UNLIMITED, &mut Stream::new(0)).ok_or("no move")?;
        build_and_move.push(clock.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{count} positions, depth {}: construction median {:.4} ms (max {:.3}); construction + one move median {:.3} ms (max {:.3})",
        depth.map_or("auto".to_owned(), |d| d.to_string()),
        ms(median(build.clone())),
        ms(build.iter().copied().max().unwrap_or_default()),
        ms(median(build_and_move.clone())),
        ms(build_and_move.iter().copied().max().unwrap_or_default()),
    );
    Ok(())
}
