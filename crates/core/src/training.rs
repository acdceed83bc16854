//! What a self-play training command shares with the others: the arguments every run takes ([`Training`]), and
//! its curve kept beside its weights, resumed with them.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::command::{Arg, Call, Host};
use crate::curve::{Curve, Layout};

/// What every self-play training run takes besides its own step sizes: the games, the weights file, a run to
/// resume, the seed, the checkpoints and how often the curve is measured. Declared once for each trainer's
/// command ([`Training::GAMES`] …) and read from its call.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// Self-play games to play in this run.
    pub games: u64,
    /// Where the weights go.
    pub out: PathBuf,
    /// The weights to go on training.
    pub resume: Option<PathBuf>,
    /// The run's seed, when given.
    pub seed: Option<u64>,
    /// Weights written every this many games.
    pub checkpoint: u64,
    /// The curve measured every this many games (0: never).
    pub eval_every: u64,
}

impl Training {
    /// `--games N`.
    pub const GAMES: Arg = Arg::value("games", "N", "Self-play games to play in this run.");
    /// `--out FILE`.
    pub const OUT: Arg =
        Arg::value("out", "FILE", "Where the weights go (written at every checkpoint and at the end).");
    /// `--resume FILE`.
    pub const RESUME: Arg = Arg::value(
        "resume",
        "FILE",
        "Go on training these weights (their seed is the run's unless --seed says otherwise; the same step sizes \
         as before make a run equal to one run without the stop).",
    );
    /// `--seed SEED`.
    pub const SEED: Arg = Arg::value(
        "seed",
        "SEED",
        "Seed of the run: the first weights and every game's chance (default 1, or the resumed file's).",
    );
    /// `--checkpoint N`.
    pub const CHECKPOINT: Arg = Arg::value("checkpoint", "N", "Write the weights every this many games.").or("1000");
    /// `--eval-every N`.
    pub const EVAL_EVERY: Arg = Arg::value(
        "eval-every",
        "N",
        "Measure for the training curve every this many games (0: never); a curve of the training games' own \
         results takes them in blocks of this many.",
    )
    .or("5000");

    /// The run's arguments from `call`.
    ///
    /// # Errors
    /// A value that does not read, `--games` or `--out` missing, a checkpoint of 0.
    pub fn read(call: &Call<'_>) -> Result<Training> {
        Ok(Training {
            games: call.required("games")?,
            out: call.required("out")?,
            resume: call.get("resume")?,
            seed: call.get("seed")?,
            checkpoint: call.number_in("checkpoint", 1..=u64::MAX)?.unwrap_or(1000),
            eval_every: call.required("eval-every")?,
        })
    }
}

/// Where a curve is written beside the weights it follows: `weights.net` → `weights.curve.csv` for `ext` `csv`.
pub fn beside(weights: &Path, ext: &str) -> PathBuf {
    weights.with_extension(format!("curve.{ext}"))
}

/// The curve of `layout` to go on from: when training resumes the weights in `resumed`, the points written
/// beside that file (none if there is no such file) up to `first_game`, the games its weights had; else none.
///
/// # Errors
/// When the curve file exists but cannot be read, or is not a curve of `layout`.
pub fn resumed_curve(
    host: &dyn Host,
    resumed: Option<&Path>,
    first_game: u64,
    layout: &'static Layout,
) -> Result<Curve> {
    let Some(resumed) = resumed else { return Ok(Curve::new(layout)) };
    let path = beside(resumed, "csv");
    if !host.exists(&path) {
        return Ok(Curve::new(layout));
    }
    let bytes = host.read_file(&path)?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not text", path.display()))?;
    let mut curve = Curve::read_as(layout, &text, &path.display().to_string())?;
    curve.points.retain(|p| p.games <= first_game);
    Ok(curve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Memory;
    use crate::curve::{Column, Measure};

    const WON: Layout = Layout {
        name: "test curve",
        columns: &[Column { name: "won", heading: "won", measure: Measure::Share("won") }],
        heading: "Test",
        games: "games",
        title: "t",
        x_desc: "x",
        y_desc: "y",
    };

    #[test]
    fn a_resumed_run_goes_on_from_the_points_up_to_its_weights_games() {
        let host = Memory::default();
        let weights = Path::new("w.net");
        assert!(resumed_curve(&host, None, 10, &WON).expect("a new run").points.is_empty());
        assert!(resumed_curve(&host, Some(weights), 10, &WON).expect("no curve yet").points.is_empty());
        let csv = beside(weights, "csv");
        host.write_file(&csv, b"games,won\n5,0.5\n10,0.6\n15,0.7\n").expect("kept");
        let curve = resumed_curve(&host, Some(weights), 10, &WON).expect("resumed");
        let games: Vec<u64> = curve.points.iter().map(|p| p.games).collect();
        assert_eq!(games, [5, 10], "the points past the weights' games are dropped");
        host.write_file(&csv, b"games,lost\n").expect("kept");
        assert!(resumed_curve(&host, Some(weights), 10, &WON).is_err(), "another curve's file");
    }
}
