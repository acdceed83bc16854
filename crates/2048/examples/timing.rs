//! Plays one seeded game with a bot and prints its pace: `cargo run --release -p hamle-2048 --example timing -- expectimax 1`.

use hamle_2048::bots::{Expectimax, Seed};
use hamle_2048::{G2048, SpawnRule, play_game};
use hamle_core::{Bot, Budget};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expectimax", String::as_str);
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let depth = args.get(3).and_then(|s| s.parse().ok());
    let mut bot: Box<dyn Bot<G2048>> = match name {
        "seed" => Box::new(Seed::default()),
        _ => Box::new(Expectimax::new(Default::default(), depth, Expectimax::MIN_PROBABILITY)),
    };
    let start = G2048::new(SpawnRule::Original);
    let mut last = std::time::Instant::now();
    let record = play_game(&start, bot.as_mut(), &Budget::UNLIMITED, seed, false, &mut |g| {
        if g.moves() % 1000 == 0 {
            eprintln!(
                "{} moves, top {}, {:.1} s for the last 1000",
                g.moves(),
                1u32 << g.top_exponent().min(31),
                last.elapsed().as_secs_f64()
            );
            last = std::time::Instant::now();
        }
    });
    println!(
        "{name}: score {} moves {} top {} thinking {:.1} s = {:.1} moves/s",
        record.score,
        record.moves,
        1u64 << record.top,
        record.thinking.as_secs_f64(),
        f64::from(record.moves) / record.thinking.as_secs_f64()
    );
}
