//! Wall time of one bot decision on an empty board under a time budget:
//! `cargo run --release -p hamle-domineering --example bot_time -- [BOT] [MILLIS] [RUNS] [ROWS] [COLS]`,
//! BOT one of `seed7` (the default), `solver`, or `seedN` for another depth. Prints each run, then the median and max.

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Stream};
use hamle_domineering::bots::{Seed, Solver};
use hamle_domineering::{Domineering, Side};

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let name = get(0, "seed7");
    let millis: u64 = get(1, "3000").parse()?;
    let runs: usize = get(2, "10").parse()?;
    let (rows, cols): (usize, usize) = (get(3, "16").parse()?, get(4, "16").parse()?);
    let start = Domineering::new(rows, cols, Side::Vertical)?;
    let budget = Budget::time(Duration::from_millis(millis));
    let mut times = Vec::with_capacity(runs);
    for run in 0..runs {
        let mut bot: Box<dyn Bot<Domineering>> = match name.as_str() {
            "solver" => Box::new(Solver::default()),
            other => {
                let depth = other.strip_prefix("seed").ok_or("BOT is seedN or solver")?.parse()?;
                Box::new(Seed { depth, ..Seed::default() })
            }
        };
        let clock = Instant::now();
        let decision = bot.choose(&start, &budget, &mut Stream::new(run as u64)).ok_or("no move")?;
        let wall = clock.elapsed();
        println!(
            "run {run}: {:.3} s, depth {}, {} nodes, move {:?}",
            wall.as_secs_f64(),
            decision.depth,
            decision.nodes,
            decision.mv
        );
        times.push(wall);
    }
    times.sort();
    let median = times.get(times.len() / 2).ok_or("no runs")?;
    let max = times.last().ok_or("no runs")?;
    println!(
        "{} {rows}x{cols} budget {millis} ms, {runs} runs: median {:.3} s, max {:.3} s",
        bot_name(&name),
        median.as_secs_f64(),
        max.as_secs_f64()
    );
    Ok(())
}

fn bot_name(name: &str) -> String {
    match name.strip_prefix("seed") {
        Some(depth) => format!("seed(depth={depth})"),
        None => name.to_owned(),
    }
}
