//! `hamle bench 2048`: a bot over many seeded games in parallel, or one shard of them, with the share reaching each
//! tile; joined to 2048's own commands on its registry line.

use hamle_core::command::{Arg, Call, Command, Failure};
use hamle_core::shard::Shard;
use hamle_core::{Budget, Spec};

use crate::g2048::{BenchPart, BenchReport, bench_2048};
use crate::parts::Part;
use crate::progress::{Progress, Watcher};

/// 2048's commands as the registry gives them: its crate's own (`hamle train 2048`) and the benchmark, which is
/// the arena's since it plays games in parallel and in shards, which 2048's own crate cannot reach.
pub const COMMANDS: &[Command] = &[hamle_2048::commands::TRAIN, BENCH];

/// `hamle bench 2048`.
const BENCH: Command = Command {
    verb: "bench",
    about: "Benchmark a bot over many seeded games: the share reaching each tile (with intervals), the scores, \
            moves per second.",
    args: &[
        Arg::value("bot", "SPEC", "The bot, optionally with parameters: `expectimax`, `expectimax(depth=3)`, `seed`."),
        Arg::value("games", "N", "Number of games.").or("100"),
        Arg::value("seed", "SEED", "Master seed: game i draws its tiles from a seed derived from it and i.").or("1"),
        Arg::value("depth", "MOVES", "Deepest search, in moves (each bot has its own default)."),
        Arg::value("threads", "N", "Threads playing games at once (default: every core)."),
        Arg::value(
            "shard",
            "I/N",
            "Play only shard I of N (from 0) of the games and write its part to `--out`, for `hamle merge`.",
        ),
        Arg::switch("json", "Print the report as JSON (without the games)."),
        Arg::value("out", "FILE", "Also write the full report, every game, to this file (with --shard: the part)."),
    ],
    top: false,
    run: |call| bench_command(call),
    merge: None,
};

/// Runs `hamle bench 2048`.
fn bench_command(call: &mut Call<'_>) -> Result<(), Failure> {
    let games = call.required::<usize>("games")?;
    anyhow::ensure!(games > 0, "--games must be at least 1");
    let seed = call.required::<u64>("seed")?;
    let bot: Spec = call.text("bot").ok_or_else(|| anyhow::anyhow!("--bot is missing: the bot to measure"))?.parse()?;
    let budget = Budget { depth: call.get("depth")?, ..Budget::UNLIMITED };
    let json = call.switch("json");
    let out = call.text("out").map(std::path::PathBuf::from);
    let shard = call.get::<Shard>("shard")?;
    if shard.is_some() && out.is_none() {
        anyhow::bail!("--shard writes its part to --out PART: give both");
    }
    if let Some(threads) = call.get::<usize>("threads")? {
        rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build_global()?;
    }
    let range = shard.map_or(0..games, |s| s.span(games));
    let bar = call.bar(Some(range.len() as u64), "games");
    let watcher = Watcher::new(move |step| match step {
        Progress::Start { what, .. } => bar.set_message(what),
        Progress::Tile { moves, top } => bar.set_message(format!("a game at move {moves} with {top}")),
        Progress::Played => bar.inc(1),
        Progress::Finish => bar.finish(),
    });
    let report = bench_2048(&call.game, &bot, range.len(), range.start, seed, budget, Some(&watcher))?;
    if let (Some(shard), Some(path)) = (shard, &out) {
        if !json {
            call.print(&report.table())?;
        }
        let part = Part::Bench(BenchPart::new(shard, games, report));
        call.host.write_file(path, serde_json::to_string(&part)?.as_bytes())?;
        let (from, to) = (range.start, range.end);
        call.host.note(&format!("shard {shard}: games {from}..{to} of {games} written to {}", path.display()));
        return Ok(());
    }
    if json {
        call.print_json(&serde_json::to_value(BenchReport::new(&report, false))?)?;
    } else {
        call.print(&report.table())?;
    }
    if let Some(path) = &out {
        let full = BenchReport::new(&report, true).to_report()?;
        call.host.write_file(path, serde_json::to_string_pretty(&full)?.as_bytes())?;
        call.host.note(&format!("full report with every game written to {}", path.display()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_registry_gives_2048_every_command_of_its_crate_and_the_benchmark() {
        let own: Vec<&str> = hamle_2048::definition().commands.iter().map(|c| c.verb).collect();
        let given: Vec<&str> =
            crate::games::registry().game("2048").expect("2048").commands().iter().map(|c| c.verb).collect();
        assert!(own.iter().all(|verb| given.contains(verb)), "{own:?} in {given:?}");
        assert_eq!(given, ["train", "bench"]);
    }
}
