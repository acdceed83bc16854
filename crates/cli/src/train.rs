//! `hamle train`'s flags, shared by the three games' trainers (`train_hapis`, `train_2048`, `train_chess`), and
//! what they share: weights and curves written through a temporary file, a resumed run's curve.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use hamle_lab::curve::{Curve, Layout};

/// What `hamle train` was asked to do (Hapis's network, 2048's n-tuple network, or the chess engine's tuning).
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// The game to train for: `hapis`, `2048` or `chess`.
    pub game: String,
    /// Self-play games to play in this run.
    #[arg(long)]
    pub games: u64,
    /// Where the weights go (written at every checkpoint and at the end); with `--shard`, the part.
    #[arg(long)]
    pub out: PathBuf,
    /// Chess: play only shard I of N (from 0) of the self-play games and write their positions to `--out` as a
    /// part for `hamle merge` (no tuning). Hapis trains as it plays, one game after another: it has no shards.
    #[arg(long, value_name = "I/N", value_parser = clap::value_parser!(hamle_arena::shard::Shard))]
    pub shard: Option<hamle_arena::shard::Shard>,
    /// Go on training these weights (their seed is the run's unless --seed says otherwise; give the same
    /// --alpha and --lambda as before for a run that equals one run without the stop).
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Seed of the run: the first weights and every game's dice (default 1, or the resumed file's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Hidden units of a new network (default 128, as the shipped one).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub hidden: Option<u32>,
    /// Step size α (2048: per shape, shared by its eight symmetries, as TDL2048 counts it).
    #[arg(long, default_value_t = 0.1)]
    pub alpha: f32,
    /// 2048: write the weights compact, as 16-bit steps of one scale (half the size, for shipping; such a file
    /// goes on training, but not bit for bit as the exact one would).
    #[arg(long)]
    pub compact: bool,
    /// 2048: in the file written, set back to their starting value this share of the visited weights, the
    /// smallest in size (for shipping: 0.7 makes the file a third as big at no measured cost, docs/benchmarks.md).
    #[arg(long, value_parser = parse_share)]
    pub prune: Option<f64>,
    /// 2048: the value every board starts at, in points (above 0: optimistic initialisation; default 0).
    #[arg(long)]
    pub initial: Option<f32>,
    /// Trace decay λ, in 0..=1.
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f32,
    /// Write the weights every this many games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint: u64,
    /// Measure the network every this many games (0: never) for the training curve (2048: the curve's
    /// blocks of training games).
    #[arg(long, default_value_t = 5000)]
    pub eval_every: u64,
    /// Games of each measuring match (against thesis, against heuristic).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(2..))]
    pub eval_games: u64,
    /// Chess: nodes searched for each self-play move.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Chess: passes over the positions (default 400 for the tuner, 10 for `--net`).
    #[arg(long)]
    pub epochs: Option<usize>,
    /// Chess: tune on these labelled positions (`FEN;result` lines) as well as the games played.
    #[arg(long)]
    pub positions: Option<PathBuf>,
    /// Chess: tune the piece-square tables too (by default they keep their values).
    #[arg(long)]
    pub tables: bool,
    /// Chess: label every position with this UCI engine's expectation for white after a search
    /// `--label-depth` plies deep (its win, draw and loss chances, `UCI_ShowWDL`, as Stockfish reports them)
    /// in place of its game's result; the labelled positions are written as `<out>.positions.txt`.
    #[arg(long, value_name = "PROGRAM")]
    pub label: Option<String>,
    /// Chess: depth of the labelling engine's search (at most 20: each position must be judged within a minute).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub label_depth: u32,
    /// Chess: train the neural evaluation (`net.bin`) on the positions in place of tuning the hand-made one;
    /// `--epochs` passes, `--rate` Adam's first step, the network written to `--out`.
    #[arg(long)]
    pub net: bool,
    /// Chess `--net`: Adam's first step size (it falls tenfold at 70 % of the epochs and again at 90 %).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Chess `--net`: the network learns a correction added to the hand-made evaluation, not the whole of it.
    #[arg(long)]
    pub correct: bool,
}

/// A share in 0..=1.
fn parse_share(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=1.0).contains(s))
        .ok_or_else(|| format!("'{text}' is not a share between 0 and 1"))
}

/// Writes `bytes` to `path` through `path` + `.tmp` and a rename.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}

/// `weights.net` → `weights.curve.csv`.
pub(crate) fn curve_path(out: &Path, ext: &str) -> PathBuf {
    out.with_extension(format!("curve.{ext}"))
}

/// The curve of `layout` to go on from: with `--resume`, the points written next to that file (none if there is
/// no such file) up to `first_game`, the games its weights had; else none.
pub(crate) fn resumed_curve(args: &TrainArgs, first_game: u64, layout: &'static Layout) -> Result<Curve> {
    let Some(resumed) = &args.resume else { return Ok(Curve::new(layout)) };
    let path = curve_path(resumed, "csv");
    let mut curve = match std::fs::read_to_string(&path) {
        Ok(text) => Curve::read_as(layout, &text, &path.display().to_string())?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Curve::new(layout),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    curve.points.retain(|p| p.games <= first_game);
    Ok(curve)
}

/// The weights in the file `path` as `parse` reads them.
pub(crate) fn read_weights<T, E>(path: &Path, parse: fn(&[u8]) -> Result<T, E>) -> Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    parse(&bytes).with_context(|| format!("reading {}", path.display()))
}

/// Writes the curve as CSV and as a chart, each through a temporary file.
pub(crate) fn write_curve(csv: &Path, svg: &Path, curve: &Curve) -> Result<()> {
    write_atomically(csv, curve.csv().as_bytes())?;
    write_atomically(svg, curve.svg()?.as_bytes())
}
