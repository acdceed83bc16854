//! `hamle train chess`: the engine's evaluation tuned by Texel's method on positions from its own games.
//!
//! Positions come from self-play (each move searched to `--nodes` nodes, every game seeded) and are kept
//! beside the weights as `<out>.positions.txt` (`FEN;result`), so a tuning can be rerun without replaying.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use hamle_chess::bots::engine::eval::Weights;
use hamle_chess::bots::engine::tune::{Labelled, Sample, Scope, error, fit_k, self_play, tune};
use hamle_chess::bots::engine::{nnue, nnue_train};
use hamle_chess::bots::uci::Analyst;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

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
        let games: Vec<Vec<Labelled>> = (0..args.games as usize)
            .into_par_iter()
            .map(|index| {
                let kept = self_play(seed, index, args.nodes);
                bar.inc(1);
                kept
            })
            .collect();
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
        label(program, args.label_depth, &mut positions)?;
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
    let samples: Vec<Sample> = positions.iter().filter_map(Sample::new).collect();
    let k = fit_k(&samples, &start);
    let before = error(&samples, &start, k);
    eprintln!("{} positions; K {k:.3}; error before {before:.6}", samples.len());
    let epochs = args.epochs.unwrap_or(TUNER_EPOCHS);
    let bar = bar(epochs as u64, "tune")?;
    let mut curve = String::from("epoch,error\n");
    let scope = if args.tables { Scope::All } else { Scope::Terms };
    let tuned = tune(&samples, &start, k, epochs, scope, &mut |epoch, e| {
        bar.inc(1);
        let _ = writeln!(curve, "{epoch},{e:.8}");
    });
    bar.finish_and_clear();
    let after = error(&samples, &tuned, k);
    eprintln!("error after {epochs} epochs {after:.6}");
    write_atomically(&args.out, tuned.write().as_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    write_atomically(&curve_path, curve.as_bytes())?;
    eprintln!("weights written to {}; error by epoch in {}", args.out.display(), curve_path.display());
    Ok(())
}

/// Share of the positions held out of a network's training to measure it on.
const HELD_OUT: usize = 50;

/// The tuner's passes when `--epochs` is not given: its error has stopped falling by then.
const TUNER_EPOCHS: usize = 400;

/// A network's passes when `--epochs` is not given: the shipped one's (about 4.5 minutes for its 6.4 M
/// positions on one core).
const NET_EPOCHS: usize = 10;

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

/// Trains the neural evaluation on `positions` (one in [`HELD_OUT`] kept aside to measure it) and writes
/// the quantised network to `--out`.
fn train_net(args: &TrainArgs, positions: &[Labelled], seed: u64) -> Result<()> {
    // The positions come game by game: the last games are held out whole, so that no position measured
    // on has a near twin from its own game in training.
    let mut samples: Vec<nnue_train::Sample> =
        positions.iter().filter_map(|p| nnue_train::Sample::new(p, args.correct)).collect();
    let held = samples.split_off(samples.len() - samples.len() / HELD_OUT);
    let mut stream = hamle_core::Stream::new(seed);
    let mut network = nnue_train::FloatNetwork::random(&mut stream);
    eprintln!(
        "{} positions to train on, {} held out; error before {:.6}",
        samples.len(),
        held.len(),
        nnue_train::error(&network, &held)
    );
    let epochs = args.epochs.unwrap_or(NET_EPOCHS);
    let bar = bar(epochs as u64, "net")?;
    let mut curve = String::from("epoch,train,held_out\n");
    let schedule = nnue_train::Schedule { epochs, rate: args.rate, batch: 1_024 };
    nnue_train::train(&mut network, &samples, schedule, &mut stream, &mut |epoch, train, network| {
        let held_out = nnue_train::error(network, &held);
        let _ = writeln!(curve, "{epoch},{train:.8},{held_out:.8}");
        bar.suspend(|| eprintln!("epoch {epoch}: error {train:.6} training, {held_out:.6} held out"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let quantised = network.quantise(args.correct);
    let held_positions = &positions[positions.len() - held.len()..];
    eprintln!(
        "held out, as the search reads the network: error {:.6}",
        nnue_train::quantised_error(&quantised, held_positions)
    );
    write_atomically(&args.out, &quantised.to_bytes())?;
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
    let entries: Vec<(usize, serde_json::Value)> = indices
        .into_par_iter()
        .map(|index| {
            let lines: Vec<String> =
                self_play(seed, index, args.nodes).iter().map(|p| format!("{};{}", p.fen, p.result)).collect();
            bar.inc(1);
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

/// Positions each labelling engine is given: enough that starting it costs little, few enough that both
/// cores stay busy to the end.
const LABEL_CHUNK: usize = 2_000;

/// Replaces each position's result by `program`'s expectation for white after a search `depth` plies deep.
fn label(program: &str, depth: u32, positions: &mut [Labelled]) -> Result<()> {
    hamle_chess::bots::uci::allow_programs();
    let bar = bar(positions.len() as u64, "label")?;
    positions.par_chunks_mut(LABEL_CHUNK).try_for_each(|chunk| -> Result<()> {
        let mut analyst = Analyst::start(program).map_err(|e| anyhow::anyhow!("--label {program}: {e}"))?;
        for position in chunk {
            let board: hamle_chess::Board =
                position.fen.parse().map_err(|_| anyhow::anyhow!("'{}' is not a position", position.fen))?;
            position.result = analyst
                .expectation(&board, depth)
                .map_err(|e| anyhow::anyhow!("--label {program} on {}: {e}", position.fen))?;
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    Ok(())
}

fn read_positions(path: &Path) -> Result<Vec<Labelled>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            let bad = || {
                let (file, line) = (path.display(), n + 1);
                anyhow::anyhow!(
                    "{file} line {line}: expected `FEN;result`, white's points from 0 to 1 (a game's or a label)"
                )
            };
            let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
            let result: f64 = result.trim().parse().map_err(|_| bad())?;
            if !(0.0..=1.0).contains(&result) || fen.parse::<hamle_chess::Board>().is_err() {
                return Err(bad());
            }
            Ok(Labelled { fen: fen.trim().to_owned(), result })
        })
        .collect()
}

fn write_positions(path: &Path, positions: &[Labelled]) -> Result<()> {
    let mut text = String::with_capacity(positions.len() * 64);
    for p in positions {
        let _ = writeln!(text, "{};{}", p.fen, p.result);
    }
    write_atomically(path, text.as_bytes())
}
