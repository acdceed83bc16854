//! `hamle train 2048`: TD(0) afterstate learning of the n-tuple network by self-play (a fixed step or temporal
//! coherence, one stage or several, in one shard or several at once), with checkpoints and a learning curve (the training games' own scores and tiles, in blocks). Declared here and run by the terminal,
//! which builds its flags and writes its files.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::command::{Arg, Call, Command, Host};
use hamle_core::curve::Point;
use hamle_core::training::{self, Training};

use crate::SpawnRule;
use crate::bots::{CURVE, Learning, MAX_STAGES, Network, Trainer};

/// The commands of 2048's own crate: `hamle train 2048` (its benchmark is the arena's, which plays games in
/// parallel and in shards).
pub const COMMANDS: &[Command] = &[TRAIN];

/// `hamle train 2048`.
pub const TRAIN: Command = Command {
    verb: "train",
    about: "Train the n-tuple network by TD(0) afterstate self-play (fixed step or temporal coherence, one stage \
            or several, on one thread or several), with checkpoints and a learning curve (`<out>.curve.csv`, `.svg`).",
    args: &[
        Training::GAMES,
        Training::OUT,
        Training::RESUME,
        Training::SEED,
        Arg::value(
            "alpha",
            "α",
            "Step size α, per shape, shared by its eight symmetries (as TDL2048 counts it); default 0.1 for td, 0.25 \
             for tc (TDL2048+'s `-a 1.0 coherence`).",
        ),
        Arg::value(
            "learning",
            "td|tc",
            "td: every weight moves by the step; tc: temporal coherence, each weight by the step times its own \
             rate (|sum of its errors| / sum of their sizes). OTD+TC (Guei et al. 2021): train with --initial and td, \
             then resume with tc.",
        )
        .or("td"),
        Arg::value(
            "shards",
            "N",
            "Play N games at once, one thread each, each learning on its own copy of the weights; after every batch \
             each weight takes the mean change of the copies that changed it (the same N and batch replay exactly; \
             1 plays the games in turn).",
        )
        .or("1"),
        Arg::value(
            "batch",
            "GAMES",
            "With --shards above 1: games between merges; batches begin at multiples of it, so a run resumed at one \
             goes on exactly as the whole run.",
        )
        .or("1000"),
        Arg::value(
            "stages",
            "TILES",
            "Multistage learning: new stages beginning where the board's tile set (the sum of its distinct tile \
             values) reaches each of these rising numbers, e.g. 16384,24576 (16384, then 16384 + 8192); a resumed \
             one-stage network's weights are copied into each stage (weight promotion).",
        ),
        Arg::switch(
            "compact",
            "Write the weights compact, as 16-bit steps of one scale (half the size, for shipping; such a file \
             goes on training, but not bit for bit as the exact one would).",
        ),
        Arg::value(
            "prune",
            "SHARE",
            "In the file written, set back to their starting value this share of the visited weights, the smallest \
             in size (for shipping: the shipped network is pruned by 0.5, where its 1-ply results do not move; \
             docs/benchmarks.md measures each cut).",
        ),
        Arg::value(
            "initial",
            "POINTS",
            "The value every board starts at (above 0: optimistic initialisation; default 0).",
        ),
        Training::CHECKPOINT,
        Training::EVAL_EVERY,
    ],
    top: false,
    run: |call| train(call),
    merge: None,
};

/// What `hamle train 2048` was asked beyond what every training run takes.
struct TrainArgs {
    run: Training,
    alpha: f32,
    compact: bool,
    prune: Option<f64>,
    initial: Option<f32>,
    learning: Learning,
    shards: usize,
    batch: u64,
    stages: Option<Vec<u32>>,
}

impl TrainArgs {
    fn read(call: &Call<'_>) -> Result<TrainArgs> {
        let prune = call.get::<f64>("prune")?;
        if let Some(share) = prune {
            anyhow::ensure!(
                (0.0..=1.0).contains(&share),
                "invalid value '{share}' for '--prune': not a share between 0 and 1"
            );
        }
        let learning = match call.text("learning") {
            Some("td") | None => Learning::Td,
            Some("tc") => Learning::Tc,
            Some(other) => bail!("invalid value '{other}' for '--learning': td or tc"),
        };
        let shards: usize = call.required("shards")?;
        let batch: u64 = call.required("batch")?;
        anyhow::ensure!(batch > 0, "invalid value '0' for '--batch': one game or more");
        anyhow::ensure!((1..=64).contains(&shards), "invalid value '{shards}' for '--shards': from 1 to 64");
        let stages = match call.text("stages").map(str::to_owned) {
            None => None,
            Some(text) => {
                let tiles: Vec<u32> =
                    text.split(',').map(|t| t.trim().parse::<u32>()).collect::<Result<_, _>>().map_err(|_| {
                        anyhow::anyhow!("invalid value '{text}' for '--stages': numbers like 16384,24576")
                    })?;
                anyhow::ensure!(
                    tiles.len() < MAX_STAGES
                        && tiles.first().is_some_and(|&t| t > 0)
                        && tiles.is_sorted_by(|a, b| a < b),
                    "invalid value '{text}' for '--stages': at most {} rising numbers above 0",
                    MAX_STAGES - 1
                );
                Some(tiles)
            }
        };
        Ok(TrainArgs {
            run: Training::read(call)?,
            alpha: call.get("alpha")?.unwrap_or(match learning {
                Learning::Td => 0.1,
                Learning::Tc => 0.25,
            }),
            learning,
            shards,
            batch,
            stages,
            compact: call.switch("compact"),
            prune,
            initial: call.get("initial")?,
        })
    }
}

/// The exponents whose shares the curve follows ([`CURVE`]'s columns): 2048, 8192, 16384, 32768.
const FOLLOWED: [u8; 4] = [11, 13, 14, 15];

/// Runs `hamle train 2048`.
fn train(call: &mut Call<'_>) -> Result<()> {
    let args = &TrainArgs::read(call)?;
    if !(args.alpha > 0.0 && args.alpha <= 1.0) {
        bail!("--alpha must be in (0, 1] for 2048 (TDL2048 uses 0.1, then 0.01 to fine-tune)");
    }
    let initial = args.initial.unwrap_or(0.0);
    if !(initial.is_finite() && initial >= 0.0) {
        bail!("--initial must be a number of points, 0 or more");
    }
    let mut net = match &args.run.resume {
        Some(_) if args.initial.is_some() => bail!("--initial sets up a new network; a resumed one keeps its own"),
        Some(path) => {
            let bytes = call.host.read_file(path)?;
            let mut net = Network::from_bytes(&bytes).with_context(|| format!("reading {}", path.display()))?;
            if let Some(seed) = args.run.seed {
                net.seed = seed;
            }
            net
        }
        None => Network::new(initial, args.run.seed.unwrap_or(1)),
    };
    match (&args.stages, net.stages().is_empty()) {
        (Some(stages), true) => net.promote(stages).map_err(|e| anyhow::anyhow!("--stages: {e}"))?,
        (Some(stages), false) if stages.as_slice() != net.stages() => {
            bail!("--stages {} differs from the resumed network's stages {}", join(stages), join(net.stages()))
        }
        _ => {}
    }
    let first_game = net.games;
    let Some(end) = first_game.checked_add(args.run.games) else {
        bail!("--games {} after the {first_game} already trained is too many", args.run.games);
    };
    let (csv, svg) = (training::beside(&args.run.out, "csv"), training::beside(&args.run.out, "svg"));
    let mut curve = training::resumed_curve(call.host, args.run.resume.as_deref(), first_game, &CURVE)?;
    call.host.note(&format!(
        "training the 2048 n-tuple network from game {first_game} to {end}, seed {}, {} with α {}, initial value {}, \
         stages from {}, {} shard(s)",
        net.seed,
        args.learning.name(),
        args.alpha,
        net.initial,
        if net.stages().is_empty() { "nowhere (one stage)".to_owned() } else { join(net.stages()) },
        args.shards
    ));
    let mut trainer = Trainer::new(net, args.alpha, SpawnRule::Original).with_learning(args.learning);
    let bar = call.bar(Some(args.run.games), "train 2048");
    let block = args.run.eval_every;
    let (mut scores, mut reached, mut moves) = (0u64, [0u64; 4], 0u64);
    let begun = Instant::now();
    while trainer.net().games < end {
        let before = trainer.net().games;
        // In shards the games go in batches that begin at multiples of the batch, so a resumed run replays.
        let count = if args.shards == 1 { 1 } else { (args.batch - before % args.batch).min(end - before) };
        for (games, game) in (before + 1..).zip(trainer.play_games(count, args.shards)) {
            bar.inc(1);
            scores += game.score;
            moves += u64::from(game.moves);
            for (count, &e) in reached.iter_mut().zip(&FOLLOWED) {
                *count += u64::from(game.top >= e);
            }
            if block > 0 && (games.is_multiple_of(block) || games == end) {
                // The games counted since the block began, or since the run began when it resumed inside a block.
                let n = games - first_game.max((games - 1) / block * block);
                let (mean_score, shares) = (scores as f64 / n as f64, reached.map(|c| c as f64 / n as f64));
                bar.set_message(format!(
                    "mean score {mean_score:.0}, 2048 in {:.0} %, 16384 in {:.0} %, {:.0} moves/s",
                    100.0 * shares[0],
                    100.0 * shares[2],
                    moves as f64 / begun.elapsed().as_secs_f64()
                ));
                if n == block {
                    curve.points.push(Point { games, values: [&[mean_score][..], &shares].concat() });
                    call.host.write_curve(&curve, &csv, &svg)?;
                }
                (scores, reached) = (0, [0; 4]);
            }
        }
        let games = trainer.net().games;
        if games / args.run.checkpoint != before / args.run.checkpoint || games == end {
            // Checked here rather than after every game: a scan of the 256 MiB costs about as much as a game.
            if !trainer.net().is_finite() {
                bail!(
                    "training diverged by game {games} (a weight is no longer a number): try a smaller --alpha; the \
                     last checkpoint in {} is intact",
                    args.run.out.display()
                );
            }
            save(call.host, trainer.net(), args)?;
        }
    }
    bar.finish();
    if args.run.games == 0 {
        // Only rewriting a resumed file (compact, pruned): nothing was trained.
        save(call.host, trainer.net(), args)?;
    }
    let seconds = begun.elapsed().as_secs_f64();
    call.host.note(&format!(
        "{} games in {:.0} s ({:.1} games/s, {:.0} moves/s); {} of {} weights visited",
        args.run.games,
        seconds,
        args.run.games as f64 / seconds,
        moves as f64 / seconds,
        trainer.net().visited(),
        crate::bots::WEIGHTS
    ));
    call.host.note(&format!("weights written to {}", args.run.out.display()));
    if !curve.points.is_empty() {
        call.host.write_curve(&curve, &csv, &svg)?;
        call.host.note(&format!("learning curve written to {} and {}", csv.display(), svg.display()));
    }
    Ok(())
}

/// Numbers joined by commas.
fn join(numbers: &[u32]) -> String {
    numbers.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// Writes the weights as asked: exact or compact, pruned or whole (the training goes on with every weight).
fn save(host: &dyn Host, net: &Network, args: &TrainArgs) -> Result<()> {
    let bytes = match args.prune {
        Some(share) => {
            let mut pruned = net.clone();
            pruned.prune(share);
            pruned.to_bytes(args.compact)
        }
        None => net.to_bytes(args.compact),
    };
    host.write_file(&args.run.out, &bytes)
}
