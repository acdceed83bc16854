//! `hamle train chess`: the engine's evaluation tuned by Texel's method, or its network trained, on positions
//! from its own games — the flags, progress bars and files around [`hamle_chess::train`], which does the work.
//!
//! Positions come from self-play (each move searched to `--nodes` nodes, every game seeded) and are kept
//! beside the weights as `<out>.positions.txt` (`FEN;result`), so a tuning can be rerun without replaying.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use hamle_chess::bots::engine::eval::Weights;
use hamle_chess::bots::engine::nnue;
use hamle_chess::train::{
    self, Labelled, NET_EPOCHS, NetEpoch, NetTraining, Scope, TUNER_EPOCHS, TrainError, Tuning, self_play_games,
};
use indicatif::{ProgressBar, ProgressStyle};

use hamle_arena::items::ItemsPart;
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;

use crate::merge::{ItemsOutput, ItemsRun};
use crate::train::{TrainArgs, write_atomically};

/// A sharded self-play's run: `hamle merge` writes the merged games' positions to `--out`.
pub const SELF_PLAY_RUN: ItemsRun = ItemsRun { name: "chess self-play", finish: write_merged };

/// Runs `hamle train chess`.
pub fn run(args: &TrainArgs) -> Result<()> {
    if args.net {
        check_net_args(args)?;
    }
    if let Some(shard) = args.shard {
        anyhow::ensure!(args.label.is_none(), "--label labels the merged positions, not a shard's part");
        return self_play_shard(args, shard);
    }
    let positions_path = args.out.with_extension("positions.txt");
    if args.label.is_some() && args.positions.as_deref() == Some(positions_path.as_path()) {
        bail!(
            "--label would write its labels over the games' results in {}: give --out another name",
            positions_path.display()
        );
    }
    let mut positions = match &args.positions {
        Some(path) => read_positions(path)?,
        None => Vec::new(),
    };
    let seed = args.seed.unwrap_or(1);
    if args.games > 0 {
        let clock = Instant::now();
        let bar = bar(args.games, "self-play")?;
        let indices: Vec<usize> = (0..usize::try_from(args.games)?).collect();
        let games = self_play_games(seed, &indices, args.nodes, &|| bar.inc(1));
        bar.finish_and_clear();
        let before = positions.len();
        positions.extend(games.into_iter().flatten());
        eprintln!(
            "{} games, {} positions in {:.0} s, seed {seed}, {} nodes a move",
            args.games,
            positions.len() - before,
            clock.elapsed().as_secs_f64(),
            args.nodes
        );
        write_positions(&positions_path, &positions)?;
        eprintln!("positions written to {}", positions_path.display());
    }
    if positions.is_empty() {
        bail!("no positions to tune on: give --games N to play some, or --positions FILE");
    }
    if let Some(program) = &args.label {
        let clock = Instant::now();
        hamle_chess::bots::uci::allow_programs();
        let bar = bar(positions.len() as u64, "label")?;
        train::label(program, args.label_depth, &mut positions, &|| bar.inc(1)).map_err(|e| match e {
            TrainError::Position { .. } => anyhow::anyhow!("{e}"),
            _ => anyhow::anyhow!("--label {e}"),
        })?;
        bar.finish_and_clear();
        eprintln!(
            "{} positions labelled by {program} at depth {} in {:.0} s",
            positions.len(),
            args.label_depth,
            clock.elapsed().as_secs_f64()
        );
        write_positions(&positions_path, &positions)?;
        eprintln!("labelled positions written to {}", positions_path.display());
    }
    if args.net {
        return train_net(args, &positions, seed);
    }
    let start = match &args.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            Weights::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        None => Weights::shipped().clone(),
    };
    let tuning = Tuning::new(&positions, start);
    eprintln!("{} positions; K {:.3}; error before {:.6}", tuning.positions(), tuning.k(), tuning.error_before());
    let epochs = args.epochs.unwrap_or(TUNER_EPOCHS);
    let bar = bar(epochs as u64, "tune")?;
    let mut curve = String::from("epoch,error\n");
    let scope = if args.tables { Scope::All } else { Scope::Terms };
    let tuned = tuning.run(epochs, scope, &mut |epoch, e| {
        bar.inc(1);
        let _ = writeln!(curve, "{epoch},{e:.8}");
    });
    bar.finish_and_clear();
    eprintln!("error after {epochs} epochs {:.6}", tuning.error(&tuned));
    write_atomically(&args.out, tuned.write().as_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    write_atomically(&curve_path, curve.as_bytes())?;
    eprintln!("weights written to {}; error by epoch in {}", args.out.display(), curve_path.display());
    Ok(())
}

/// Refuses a `--net` run's bad flags before any game is played or position read.
fn check_net_args(args: &TrainArgs) -> Result<()> {
    if !(args.rate > 0.0 && args.rate < 1.0) {
        bail!("--rate must be in (0, 1): Adam's step (0.001 is the usual)");
    }
    if let Some(hidden) = args.hidden.filter(|&h| h as usize != nnue::HIDDEN) {
        bail!("--hidden {hidden}: the engine reads networks of {} hidden units", nnue::HIDDEN);
    }
    if let Some(path) = &args.resume {
        bail!("--net does not resume ({}): a network trains from random weights", path.display());
    }
    Ok(())
}

/// Trains the neural evaluation on `positions` (the last games' held out to measure it) and writes the
/// quantised network to `--out`.
fn train_net(args: &TrainArgs, positions: &[Labelled], seed: u64) -> Result<()> {
    let training = NetTraining::new(positions, args.correct, seed);
    eprintln!(
        "{} positions to train on, {} held out; error before {:.6}",
        training.training(),
        training.held_out(),
        training.held_out_error()
    );
    let epochs = args.epochs.unwrap_or(NET_EPOCHS);
    let bar = bar(epochs as u64, "net")?;
    let mut curve = String::from("epoch,train,held_out\n");
    let trained = training.run(epochs, args.rate, &mut |NetEpoch { epoch, train, held_out }| {
        let _ = writeln!(curve, "{epoch},{train:.8},{held_out:.8}");
        bar.suspend(|| eprintln!("epoch {epoch}: error {train:.6} training, {held_out:.6} held out"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    eprintln!("held out, as the search reads the network: error {:.6}", trained.held_out_error);
    write_atomically(&args.out, &trained.network.to_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    write_atomically(&curve_path, curve.as_bytes())?;
    eprintln!("network written to {}; error by epoch in {}", args.out.display(), curve_path.display());
    Ok(())
}

/// Plays shard `shard`'s self-play games (every N-th) and writes their positions as a part: `hamle merge` puts
/// the parts together into the positions file the whole run writes, which `--positions` then tunes on.
fn self_play_shard(args: &TrainArgs, shard: Shard) -> Result<()> {
    anyhow::ensure!(
        args.positions.is_none() && args.resume.is_none(),
        "a shard only plays: give --positions and --resume to the tuning run"
    );
    let seed = args.seed.unwrap_or(1);
    let total = usize::try_from(args.games)?;
    let indices = shard.items(total);
    let clock = Instant::now();
    let bar = bar(indices.len() as u64, "self-play")?;
    let games = self_play_games(seed, &indices, args.nodes, &|| bar.inc(1));
    let entries: Vec<(usize, serde_json::Value)> = indices
        .into_iter()
        .zip(games)
        .map(|(index, game)| {
            let lines: Vec<String> = game.iter().map(|p| format!("{};{}", p.fen, p.result)).collect();
            (index, serde_json::json!(lines))
        })
        .collect();
    bar.finish_and_clear();
    let count = entries.len();
    let part = ItemsPart {
        shard,
        run: SELF_PLAY_RUN.name.into(),
        params: serde_json::json!({ "games": total, "seed": seed, "nodes": args.nodes }),
        items: total,
        seconds: clock.elapsed().as_secs_f64(),
        entries,
    };
    write_atomically(&args.out, serde_json::to_string(&Part::Items(part))?.as_bytes())?;
    eprintln!("shard {shard}: {count} of {total} self-play games written to {}", args.out.display());
    Ok(())
}

/// Writes the merged self-play games' positions, in game order, to `--out`: the file the whole run writes beside
/// its weights.
fn write_merged(run: &ItemsPart, output: &ItemsOutput) -> Result<()> {
    let out = output.out.context("a self-play merge writes its positions: give --out FILE")?;
    let mut positions = Vec::new();
    for (_, lines) in &run.entries {
        for line in lines.as_array().context("a self-play game's positions")? {
            let line = line.as_str().context("a position")?;
            let (fen, result) = line.rsplit_once(';').context("a position as FEN;result")?;
            positions.push(Labelled { fen: fen.to_owned(), result: result.parse().context("a game's result")? });
        }
    }
    write_positions(out, &positions)?;
    eprintln!(
        "{} games, {} positions ({:.0} s in the shards) written to {}; tune with `hamle train chess --games 0 \
         --positions {} --out WEIGHTS`",
        run.entries.len(),
        positions.len(),
        run.seconds,
        out.display(),
        out.display()
    );
    Ok(())
}

/// A progress bar on stderr for `len` steps of `what`.
fn bar(len: u64, what: &str) -> Result<ProgressBar> {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "train chess {what} [{{bar:40}}] {{pos}}/{{len}} ({{elapsed}}, {{eta}} left)"
        ))?
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    Ok(bar)
}

/// The positions of a positions file (`FEN;result` lines), or which line does not read.
fn read_positions(path: &Path) -> Result<Vec<Labelled>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    train::read_positions(&text).map_err(|e| anyhow::anyhow!("{} {e}", path.display()))
}

/// Writes `positions` as a positions file.
fn write_positions(path: &Path, positions: &[Labelled]) -> Result<()> {
    write_atomically(path, train::positions_text(positions).as_bytes())
}
