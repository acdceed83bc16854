//! `hamle bench`: a bot measured alone. 2048: many seeded games, the share reaching each tile, scores and pace.
//! Chess: one move chosen in each position of the opening suite, its time and nodes.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_arena::g2048::BenchPart;
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;
use hamle_arena::{Spec, g2048};
use hamle_chess::Chess;
use hamle_chess::openings::SUITE;
use hamle_core::{Budget, Game, Notation, Stream};
use hamle_lab::report::{BenchReport, Report};
use serde_json::{Value, json};

/// What `hamle bench` measures and how.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The game, optionally with parameters: `2048`, `2048(spawn=report)`, `chess`.
    game: String,
    /// The bot, optionally with parameters: `expectimax`, `expectimax(depth=3)`, `seed`,
    /// `thesis(depth=5,search=alphabeta)`.
    #[arg(long)]
    bot: String,
    /// 2048: number of games (default 100).
    #[arg(long)]
    games: Option<usize>,
    /// Chess: how many lines of the opening suite, from the first; each gives the position after its 8 plies
    /// (default: all 40).
    #[arg(long)]
    positions: Option<usize>,
    /// Master seed: game i draws its tiles from a seed derived from it and i (chess: the bot's tie-breaks).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// 2048: play only shard I of N (from 0) of the games and write its part to `--out`, for `hamle merge`.
    #[arg(long, value_name = "I/N", value_parser = clap::value_parser!(Shard), requires = "out")]
    shard: Option<Shard>,
    #[command(flatten)]
    report: crate::ReportArgs,
    /// 2048: deepest search, in moves (each bot has its own default).
    #[arg(long)]
    depth: Option<u32>,
}

/// Runs the benchmark and prints its report.
pub fn run(args: &BenchArgs) -> Result<()> {
    let game: Spec = args.game.parse()?;
    if game.name == "chess" {
        return chess(args, &game);
    }
    if game.name != "2048" {
        bail!("hamle bench measures 2048 and chess (the other games have `hamle match`), not '{}'", game.name);
    }
    if args.positions.is_some() {
        bail!("--positions is for chess (2048 takes --games)");
    }
    let games = args.games.unwrap_or(100);
    if games == 0 {
        bail!("--games must be at least 1");
    }
    args.report.start_threads()?;
    let bot: Spec = args.bot.parse()?;
    let budget = Budget { depth: args.depth, ..Budget::UNLIMITED };
    let range = args.shard.map_or(0..games, |shard| shard.span(games));
    let bar = (!args.report.json).then(crate::progress::bench_bar);
    let report = g2048::bench_2048(&game, &bot, range.len(), range.start, args.seed, budget, bar.as_ref())?;
    if let (Some(shard), Some(path)) = (args.shard, &args.report.out) {
        if !args.report.json {
            print!("{}", report.table());
        }
        let part = Part::Bench(BenchPart::new(shard, games, report));
        std::fs::write(path, serde_json::to_string(&part)?).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("shard {shard}: games {}..{} of {games} written to {}", range.start, range.end, path.display());
        return Ok(());
    }
    if args.report.json {
        println!("{}", serde_json::to_string_pretty(&BenchReport::new(&report, false))?);
    } else {
        print!("{}", report.table());
    }
    args.report.write_out(&serde_json::to_value(Report::Bench(BenchReport::new(&report, true)))?)
}

/// The median of sorted values (the mean of the middle two for an even count).
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Chess: the bot chooses one move in each position of the suite, one position after another on one thread
/// (a time per move wants the core to itself), without limits of time or nodes.
fn chess(args: &BenchArgs, game: &Spec) -> Result<()> {
    if args.games.is_some() || args.depth.is_some() || args.report.threads.is_some() {
        bail!(
            "chess takes --positions (not --games), the depth as the bot's parameter (thesis(depth=5)), and runs on \
             one thread (no --threads)"
        );
    }
    let count = args.positions.unwrap_or(SUITE.len());
    if !(1..=SUITE.len()).contains(&count) {
        bail!("--positions must be from 1 to {} (the lines of the opening suite)", SUITE.len());
    }
    let def = hamle_chess::definition();
    let start = def.game(game)?;
    let spec: Spec = args.bot.parse()?;
    let mut bot = def.bot(&spec, &start)?;
    let bot_name = bot.name();
    let mut rows = Vec::with_capacity(count);
    for (index, &(eco, name, line)) in SUITE.iter().enumerate().take(count) {
        let position = after_line(line)?;
        let mut ties = Stream::new(args.seed).derive(index as u64);
        let clock = Instant::now();
        let decision = bot.choose(&position, &Budget::UNLIMITED, &mut ties);
        let seconds = clock.elapsed().as_secs_f64();
        let Some(decision) = decision else { bail!("{bot_name} found no move after {eco} ({name})") };
        if !args.report.json {
            eprintln!("{eco} {name}: {} in {seconds:.3} s", position.format_move(decision.mv));
        }
        rows.push(json!({
            "eco": eco,
            "opening": name,
            "fen": position.fen(),
            "move": position.format_move(decision.mv),
            "value": decision.score,
            "nodes": decision.nodes,
            "seconds": seconds,
        }));
    }
    let report = chess_report(&bot_name, args.seed, rows);
    if args.report.json {
        let mut summary = report.clone();
        if let Some(map) = summary.as_object_mut() {
            map.remove("positions");
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", chess_table(&report));
    }
    args.report.write_out(&report)
}

/// The game after a line of the suite, all its moves played.
fn after_line(line: &str) -> Result<Chess> {
    let mut game = Chess::default();
    for text in line.split_whitespace() {
        let mv = game.parse_move(text)?;
        game.try_play(mv).map_err(|_| anyhow::anyhow!("{text} is not legal in the suite's line {line}"))?;
    }
    Ok(game)
}

/// The chess report: per move, the median, least and most seconds and nodes; the totals and nodes per second;
/// the moves themselves (to compare two searches that should agree).
fn chess_report(bot: &str, seed: u64, rows: Vec<Value>) -> Value {
    let column = |key: &str| -> Vec<f64> {
        let mut values: Vec<f64> = rows.iter().filter_map(|r| r[key].as_f64()).collect();
        values.sort_by(f64::total_cmp);
        values
    };
    let (seconds, nodes) = (column("seconds"), column("nodes"));
    let spread = |v: &[f64]| {
        json!({
            "median": median(v),
            "min": v.first().copied().unwrap_or(0.0),
            "max": v.last().copied().unwrap_or(0.0),
            "total": v.iter().sum::<f64>(),
        })
    };
    let total_seconds: f64 = seconds.iter().sum();
    let total_nodes: f64 = nodes.iter().sum();
    let moves: Vec<Value> = rows.iter().map(|r| r["move"].clone()).collect();
    json!({
        "game": "chess",
        "bot": bot,
        "seed": seed,
        "count": rows.len(),
        "seconds_per_move": spread(&seconds),
        "nodes_per_move": spread(&nodes),
        "nodes_per_second": if total_seconds > 0.0 { total_nodes / total_seconds } else { 0.0 },
        "moves": moves,
        "positions": rows,
    })
}

/// The chess report as a person reads it.
fn chess_table(report: &Value) -> String {
    let s = &report["seconds_per_move"];
    let n = &report["nodes_per_move"];
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    format!(
        "{} on {} positions of the opening suite\n\
         seconds per move: median {:.4} (min {:.4} … max {:.4}), total {:.3}\n\
         nodes per move:   median {:.0} (min {:.0} … max {:.0}), total {:.0}\n\
         nodes per second: {:.0}\n",
        report["bot"].as_str().unwrap_or("?"),
        report["count"],
        f(&s["median"]),
        f(&s["min"]),
        f(&s["max"]),
        f(&s["total"]),
        f(&n["median"]),
        f(&n["min"]),
        f(&n["max"]),
        f(&n["total"]),
        f(&report["nodes_per_second"]),
    )
}
