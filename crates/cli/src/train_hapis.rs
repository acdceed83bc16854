//! `hamle train hapis`: TD(λ) self-play training of the Hapis network, with checkpoints and a training
//! curve (the network's score against `thesis` and `heuristic`) written as CSV and as an SVG chart
//! (`hamle_lab::curve`).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, bail};
use hamle_arena::matches::run_match;
use hamle_arena::{MatchOptions, MatchReport};
use hamle_core::Bot;
use hamle_hapis::bots::{Heuristic, Level, Net, Thesis};
use hamle_hapis::train::{TdConfig, Trainer};
use hamle_hapis::{Hapis, Settings};
use hamle_lab::curve::{HAPIS, Point};
use indicatif::{ProgressBar, ProgressStyle};

use crate::train::{TrainArgs, curve_path, read_weights, resumed_curve, write_atomically, write_curve};

/// Trains Hapis's network as `args` asks.
pub fn run(args: &TrainArgs) -> Result<()> {
    anyhow::ensure!(
        args.initial.is_none() && !args.compact && args.prune.is_none(),
        "--initial, --compact and --prune are for 2048's n-tuple network"
    );
    anyhow::ensure!(
        args.shard.is_none(),
        "--shard is for chess's self-play: Hapis's network learns from each game before the next"
    );
    if !((0.0..=1.0).contains(&args.lambda) && args.alpha > 0.0 && args.alpha.is_finite()) {
        bail!("--lambda must be in 0..=1 and --alpha a positive number");
    }
    let net = match &args.resume {
        Some(_) if args.hidden.is_some() => bail!("--hidden sets up a new network; a resumed one keeps its own"),
        Some(path) => {
            let mut net = read_weights(path, Net::from_bytes)?;
            if let Some(seed) = args.seed {
                net.seed = seed;
            }
            net
        }
        None => Net::new(args.hidden.unwrap_or(128) as usize, args.seed.unwrap_or(1)),
    };
    let csv = curve_path(&args.out, "csv");
    let svg = curve_path(&args.out, "svg");
    let first_game = net.games;
    let mut curve = resumed_curve(args, first_game, &HAPIS)?;
    let Some(end) = first_game.checked_add(args.games) else {
        bail!("--games {} after the {first_game} already trained is too many", args.games);
    };
    eprintln!(
        "training {} hidden units from game {first_game} to {end}, seed {}, α {}, λ {}",
        net.hidden(),
        net.seed,
        args.alpha,
        args.lambda
    );
    let mut trainer = Trainer::new(net, TdConfig { alpha: args.alpha, lambda: args.lambda });
    let bar = ProgressBar::new(args.games);
    if let Ok(style) =
        ProgressStyle::with_template("train hapis [{bar:40}] {pos}/{len} games ({elapsed} so far, {eta} left) {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    if curve.points.is_empty() && args.eval_every > 0 {
        curve.points.push(measure(&trainer, args.eval_games)?);
        write_curve(&csv, &svg, &curve)?;
    }
    while trainer.net().games < end {
        trainer.play_game();
        bar.inc(1);
        let games = trainer.net().games;
        if !trainer.net().is_finite() {
            bail!(
                "training diverged at game {games} (a weight is no longer a number): try a smaller --alpha; the last checkpoint in {} is intact",
                args.out.display()
            );
        }
        if games.is_multiple_of(args.checkpoint) || games == end {
            save(trainer.net(), &args.out)?;
        }
        if args.eval_every > 0 && games.is_multiple_of(args.eval_every) {
            let point = measure(&trainer, args.eval_games)?;
            if let [thesis, _, heuristic, _] = point.values[..] {
                bar.set_message(format!("vs thesis {:.0} %, vs heuristic {:.0} %", 100.0 * thesis, 100.0 * heuristic));
            }
            curve.points.push(point);
            write_curve(&csv, &svg, &curve)?;
        }
    }
    bar.finish();
    save(trainer.net(), &args.out)?;
    eprintln!("weights written to {}", args.out.display());
    if args.eval_every > 0 {
        write_curve(&csv, &svg, &curve)?;
        eprintln!("training curve written to {} and {}", csv.display(), svg.display());
    }
    Ok(())
}

/// Writes the weights through a temporary file, so that an interrupted run never leaves half a file.
fn save(net: &Net, path: &Path) -> Result<()> {
    write_atomically(path, &net.to_bytes())
}

/// The network now, 1-ply, against `thesis` and `heuristic`: `games` games each, the same seed every time; a point
/// of the [`HAPIS`] curve (the share won and the points a game against each).
fn measure(trainer: &Trainer, games: u64) -> Result<Point> {
    let net: Arc<Net> = trainer.snapshot();
    let start = Hapis::new(Settings::default());
    let options = MatchOptions { games: usize::try_from(games)?, seed: 1, ..MatchOptions::default() };
    let neural = || -> Box<dyn Bot<Hapis>> { Box::new(Level::Advanced.player(net.clone())) };
    let share = |r: &MatchReport| [r.a.wins as f64 / games as f64, r.a.points_per_game];
    let thesis = run_match("hapis", &|_| start, &neural, &|| Box::new(Thesis), &options);
    let heuristic = run_match("hapis", &|_| start, &neural, &|| Box::new(Heuristic::default()), &options);
    Ok(Point { games: trainer.net().games, values: [share(&thesis), share(&heuristic)].concat() })
}
