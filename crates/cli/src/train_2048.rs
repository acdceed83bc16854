//! `hamle train 2048`: TD(0) afterstate learning of the 2048 n-tuple network by self-play, with checkpoints
//! and a learning curve (the training games' own scores and tiles, in blocks) written as CSV and SVG.

use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use hamle_2048::SpawnRule;
use hamle_2048::bots::{Network, Trainer};
use indicatif::{ProgressBar, ProgressStyle};

use hamle_lab::curve::{NTUPLE_2048, Point};

use crate::train::{TrainArgs, curve_path, read_weights, resumed_curve, write_atomically, write_curve};

/// The exponents whose shares the curve follows ([`NTUPLE_2048`]'s columns): 2048, 8192, 16384, 32768.
const FOLLOWED: [u8; 4] = [11, 13, 14, 15];

/// Runs `hamle train 2048`.
pub fn run(args: &TrainArgs) -> Result<()> {
    anyhow::ensure!(
        args.shard.is_none(),
        "--shard is for chess's self-play: the 2048 network learns from each game before the next"
    );
    anyhow::ensure!(args.hidden.is_none(), "--hidden is for Hapis: the 2048 network's shapes are fixed");
    if !(args.alpha > 0.0 && args.alpha <= 1.0) {
        bail!("--alpha must be in (0, 1] for 2048 (TDL2048 uses 0.1, then 0.01 to fine-tune)");
    }
    let initial = args.initial.unwrap_or(0.0);
    if !(initial.is_finite() && initial >= 0.0) {
        bail!("--initial must be a number of points, 0 or more");
    }
    let net = match &args.resume {
        Some(_) if args.initial.is_some() => bail!("--initial sets up a new network; a resumed one keeps its own"),
        Some(path) => {
            let mut net = read_weights(path, Network::from_bytes)?;
            if let Some(seed) = args.seed {
                net.seed = seed;
            }
            net
        }
        None => Network::new(initial, args.seed.unwrap_or(1)),
    };
    let first_game = net.games;
    let Some(end) = first_game.checked_add(args.games) else {
        bail!("--games {} after the {first_game} already trained is too many", args.games);
    };
    let (csv, svg) = (curve_path(&args.out, "csv"), curve_path(&args.out, "svg"));
    let mut curve = resumed_curve(args, first_game, &NTUPLE_2048)?;
    eprintln!(
        "training the 2048 n-tuple network from game {first_game} to {end}, seed {}, α {}, initial value {}",
        net.seed, args.alpha, net.initial
    );
    let mut trainer = Trainer::new(net, args.alpha, SpawnRule::Original);
    let bar = ProgressBar::new(args.games);
    if let Ok(style) =
        ProgressStyle::with_template("train 2048 [{bar:40}] {pos}/{len} games ({elapsed} so far, {eta} left) {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    let block = args.eval_every;
    let (mut scores, mut reached, mut moves) = (0u64, [0u64; 4], 0u64);
    let begun = Instant::now();
    while trainer.net().games < end {
        let game = trainer.play_game();
        bar.inc(1);
        scores += game.score;
        moves += u64::from(game.moves);
        for (count, &e) in reached.iter_mut().zip(&FOLLOWED) {
            *count += u64::from(game.top >= e);
        }
        let games = trainer.net().games;
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
                write_curve(&csv, &svg, &curve)?;
            }
            (scores, reached) = (0, [0; 4]);
        }
        if games.is_multiple_of(args.checkpoint) || games == end {
            // Checked here rather than after every game: a scan of the 256 MiB costs about as much as a game.
            if !trainer.net().is_finite() {
                bail!(
                    "training diverged by game {games} (a weight is no longer a number): try a smaller --alpha; the \
                     last checkpoint in {} is intact",
                    args.out.display()
                );
            }
            save(trainer.net(), args)?;
        }
    }
    bar.finish();
    if args.games == 0 {
        // Only rewriting a resumed file (compact, pruned): nothing was trained.
        save(trainer.net(), args)?;
    }
    let seconds = begun.elapsed().as_secs_f64();
    eprintln!(
        "{} games in {:.0} s ({:.1} games/s, {:.0} moves/s); {} of {} weights visited",
        args.games,
        seconds,
        args.games as f64 / seconds,
        moves as f64 / seconds,
        trainer.net().visited(),
        hamle_2048::bots::WEIGHTS
    );
    eprintln!("weights written to {}", args.out.display());
    if !curve.points.is_empty() {
        write_curve(&csv, &svg, &curve)?;
        eprintln!("learning curve written to {} and {}", csv.display(), svg.display());
    }
    Ok(())
}

/// Writes the weights as asked: exact or compact, pruned or whole (the training goes on with every weight).
fn save(net: &Network, args: &TrainArgs) -> Result<()> {
    let bytes = match args.prune {
        Some(share) => {
            let mut pruned = net.clone();
            pruned.prune(share);
            pruned.to_bytes(args.compact)
        }
        None => net.to_bytes(args.compact),
    };
    write_atomically(&args.out, &bytes)
}
