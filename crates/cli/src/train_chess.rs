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
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::train::{TrainArgs, write_atomically};

/// Runs `hamle train chess`.
pub fn run(args: &TrainArgs) -> Result<()> {
    let positions_path = args.out.with_extension("positions.txt");
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
    let bar = bar(args.epochs as u64, "tune")?;
    let mut curve = String::from("epoch,error\n");
    let scope = if args.tables { Scope::All } else { Scope::Terms };
    let tuned = tune(&samples, &start, k, args.epochs, scope, &mut |epoch, e| {
        bar.inc(1);
        let _ = writeln!(curve, "{epoch},{e:.8}");
    });
    bar.finish_and_clear();
    let after = error(&samples, &tuned, k);
    eprintln!("error after {} epochs {after:.6}", args.epochs);
    write_atomically(&args.out, tuned.write().as_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    write_atomically(&curve_path, curve.as_bytes())?;
    eprintln!("weights written to {}; error by epoch in {}", args.out.display(), curve_path.display());
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

fn read_positions(path: &Path) -> Result<Vec<Labelled>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            let bad =
                || anyhow::anyhow!("{} line {}: expected `FEN;result` with result 1, 0.5 or 0", path.display(), n + 1);
            let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
            let result: f64 = result.trim().parse().map_err(|_| bad())?;
            if ![0.0, 0.5, 1.0].contains(&result) || fen.parse::<hamle_chess::Board>().is_err() {
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
