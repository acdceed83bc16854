//! The engine's training loop, as `hamle train chess` runs it: positions from seeded self-play games,
//! labelled by an outside engine if asked, then either the hand-made evaluation tuned by Texel's method
//! ([`Tuning`]) or the neural one trained on them ([`NetTraining`]); and the positions file's format
//! (`FEN;result` lines), so that a tuning can be rerun without replaying.
//!
//! The work is here; the flags, the progress bars and the files are the CLI's. Each step reports its
//! progress through a callback (a game played, a position labelled, an epoch done) and returns what it made;
//! the games and the labelling run on every core.

use std::fmt::Write as _;

use hamle_core::Stream;
use rayon::prelude::*;

use crate::bots::engine::eval::Weights;
use crate::bots::engine::nnue::Network;
use crate::bots::engine::nnue_train::{self, FloatNetwork, Schedule};
use crate::bots::engine::tune::{self, Sample, self_play};
use crate::bots::uci::Analyst;

pub use crate::bots::engine::tune::{Labelled, Scope};

/// The tuner's passes when none are asked for: its error has stopped falling by then.
pub const TUNER_EPOCHS: usize = 400;

/// A network's passes when none are asked for: the shipped one's (about 4.5 minutes for its 6.4 M positions
/// on one core).
pub const NET_EPOCHS: usize = 10;

/// One position in this many is held out of a network's training to measure it on.
pub const HELD_OUT: usize = 50;

/// Positions each labelling engine is given: enough that starting it costs little, few enough that every
/// core stays busy to the end.
const LABEL_CHUNK: usize = 2_000;

/// Positions in one of a network's training steps.
const NET_BATCH: usize = 1_024;

/// Why a step of the training failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TrainError {
    /// A line of a positions file that does not read (counted from 1).
    #[error("line {line}: expected `FEN;result`, white's points from 0 to 1 (a game's or a label)")]
    Line {
        /// The line's number, from 1.
        line: usize,
    },
    /// The labelling engine did not start, or cannot say its win, draw and loss chances.
    #[error("{program}: {why}")]
    Start {
        /// The program as given.
        program: String,
        /// What went wrong, in words.
        why: String,
    },
    /// The labelling engine gave no expectation for a position.
    #[error("{program} on {fen}: {why}")]
    Label {
        /// The program as given.
        program: String,
        /// The position it was asked about.
        fen: String,
        /// What went wrong, in words.
        why: String,
    },
    /// A position to label whose FEN does not read.
    #[error("'{fen}' is not a position")]
    Position {
        /// The FEN as held.
        fen: String,
    },
}

/// Plays the self-play games numbered `games` of a run from `seed` on every core, each move searched to
/// `nodes` nodes, and returns each game's quiet positions labelled with its result, in the order of `games`;
/// `on_game` hears each game as it ends (from any thread).
pub fn self_play_games(seed: u64, games: &[usize], nodes: u64, on_game: &(dyn Fn() + Sync)) -> Vec<Vec<Labelled>> {
    games
        .par_iter()
        .map(|&index| {
            let kept = self_play(seed, index, nodes);
            on_game();
            kept
        })
        .collect()
}

/// Replaces each position's result by `program`'s expectation for white after a search `depth` plies deep,
/// one engine per core; `on_position` hears each position labelled (from any thread).
///
/// Outside programs start only where the process allowed them ([`crate::bots::uci::allow_programs`]).
///
/// # Errors
/// The program does not start or cannot say its chances, a position does not read, or the program gives no
/// expectation for one.
pub fn label(
    program: &str,
    depth: u32,
    positions: &mut [Labelled],
    on_position: &(dyn Fn() + Sync),
) -> Result<(), TrainError> {
    positions.par_chunks_mut(LABEL_CHUNK).try_for_each(|chunk| {
        let mut analyst =
            Analyst::start(program).map_err(|why| TrainError::Start { program: program.to_owned(), why })?;
        for position in chunk {
            let board: crate::Board =
                position.fen.parse().map_err(|_| TrainError::Position { fen: position.fen.clone() })?;
            position.result = analyst.expectation(&board, depth).map_err(|why| TrainError::Label {
                program: program.to_owned(),
                fen: position.fen.clone(),
                why,
            })?;
            on_position();
        }
        Ok(())
    })
}

/// A Texel tuning of the hand-made evaluation, set up on its positions: the scale `K` fitted to the
/// starting weights, so that the error before and after are measured alike.
pub struct Tuning {
    samples: Vec<Sample>,
    start: Weights,
    k: f64,
}

impl Tuning {
    /// The tuning of `start` on `positions` (those that read; a mate or a position without a move is left
    /// out, as the evaluation does not judge it).
    pub fn new(positions: &[Labelled], start: Weights) -> Tuning {
        let samples: Vec<Sample> = positions.iter().filter_map(Sample::new).collect();
        let k = tune::fit_k(&samples, &start);
        Tuning { samples, start, k }
    }

    /// How many positions it tunes on.
    pub fn positions(&self) -> usize {
        self.samples.len()
    }

    /// The scale fitted: an evaluation of `400 / K` centipawns is worth ten to one.
    pub fn k(&self) -> f64 {
        self.k
    }

    /// The mean squared error of `weights` on the positions.
    pub fn error(&self, weights: &Weights) -> f64 {
        tune::error(&self.samples, weights, self.k)
    }

    /// The error of the starting weights.
    pub fn error_before(&self) -> f64 {
        self.error(&self.start)
    }

    /// Runs `epochs` passes moving the weights of `scope` and returns the weights tuned; `on_epoch` hears each
    /// epoch's number and its error before the step.
    pub fn run(&self, epochs: usize, scope: Scope, on_epoch: &mut dyn FnMut(usize, f64)) -> Weights {
        tune::tune(&self.samples, &self.start, self.k, epochs, scope, on_epoch)
    }
}

/// A network's training, set up on its positions: a random network from the seed, and the last games held
/// out whole to measure it on.
pub struct NetTraining<'a> {
    positions: &'a [Labelled],
    samples: Vec<nnue_train::Sample>,
    held: Vec<nnue_train::Sample>,
    network: FloatNetwork,
    stream: Stream,
    corrects: bool,
}

/// What a network's training made.
pub struct TrainedNet {
    /// The network as the search reads it, quantised.
    pub network: Network,
    /// Its mean squared error on the held-out positions, read as the search reads it.
    pub held_out_error: f64,
}

/// One epoch of a network's training, as its callback hears it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetEpoch {
    /// The epoch's number, from 1.
    pub epoch: usize,
    /// The mean squared error on the training positions.
    pub train: f64,
    /// The mean squared error on the held-out positions.
    pub held_out: f64,
}

impl<'a> NetTraining<'a> {
    /// The training on `positions` (in game order) of a network from `seed` that learns the whole evaluation,
    /// or with `corrects` a correction added to the hand-made one.
    pub fn new(positions: &'a [Labelled], corrects: bool, seed: u64) -> NetTraining<'a> {
        // The positions come game by game: the last games are held out whole, so that no position measured
        // on has a near twin from its own game in training.
        let mut samples: Vec<nnue_train::Sample> =
            positions.iter().filter_map(|p| nnue_train::Sample::new(p, corrects)).collect();
        let held = samples.split_off(samples.len() - samples.len() / HELD_OUT);
        let mut stream = Stream::new(seed);
        let network = FloatNetwork::random(&mut stream);
        NetTraining { positions, samples, held, network, stream, corrects }
    }

    /// How many positions it trains on.
    pub fn training(&self) -> usize {
        self.samples.len()
    }

    /// How many positions are held out.
    pub fn held_out(&self) -> usize {
        self.held.len()
    }

    /// The network's mean squared error on the held-out positions as it stands.
    pub fn held_out_error(&self) -> f64 {
        nnue_train::error(&self.network, &self.held)
    }

    /// Trains for `epochs` passes from Adam's first step `rate` (tenfold smaller at 70 % of the epochs and
    /// again at 90 %) and returns the quantised network; `on_epoch` hears each epoch's errors.
    pub fn run(mut self, epochs: usize, rate: f32, on_epoch: &mut dyn FnMut(NetEpoch)) -> TrainedNet {
        let schedule = Schedule { epochs, rate, batch: NET_BATCH };
        let held = &self.held;
        nnue_train::train(
            &mut self.network,
            &self.samples,
            schedule,
            &mut self.stream,
            &mut |epoch, train, network| {
                on_epoch(NetEpoch { epoch, train, held_out: nnue_train::error(network, held) });
            },
        );
        let network = self.network.quantise(self.corrects);
        let held_positions = &self.positions[self.positions.len() - self.held.len()..];
        let held_out_error = nnue_train::quantised_error(&network, held_positions);
        TrainedNet { network, held_out_error }
    }
}

/// Reads a positions file's text: a `FEN;result` line for each position, white's points from 0 to 1 (a
/// game's result or a label); blank lines are skipped.
///
/// # Errors
/// The first line that does not read, by its number.
pub fn read_positions(text: &str) -> Result<Vec<Labelled>, TrainError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            let bad = || TrainError::Line { line: n + 1 };
            let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
            let result: f64 = result.trim().parse().map_err(|_| bad())?;
            if !(0.0..=1.0).contains(&result) || fen.parse::<crate::Board>().is_err() {
                return Err(bad());
            }
            Ok(Labelled { fen: fen.trim().to_owned(), result })
        })
        .collect()
}

/// A positions file's text: one `FEN;result` line for each position, in order.
pub fn positions_text(positions: &[Labelled]) -> String {
    let mut text = String::with_capacity(positions.len() * 64);
    for p in positions {
        let _ = writeln!(text, "{};{}", p.fen, p.result);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_as_written() {
        let positions = vec![
            Labelled { fen: "8/8/8/8/8/8/k7/K7 w - - 0 1".to_owned(), result: 0.5 },
            Labelled { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(), result: 0.625 },
        ];
        let text = positions_text(&positions);
        assert_eq!(
            text,
            "8/8/8/8/8/8/k7/K7 w - - 0 1;0.5\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.625\n"
        );
        assert_eq!(read_positions(&format!("\n{text}\n")), Ok(positions));
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let good = "8/8/8/8/8/8/k7/K7 w - - 0 1;1\n";
        assert_eq!(read_positions(&format!("{good}\nnot a fen;1\n")), Err(TrainError::Line { line: 3 }));
        assert_eq!(
            read_positions(&format!("{good}{good}8/8/8/8/8/8/k7/K7 w - - 0 1;1.5")),
            Err(TrainError::Line { line: 3 })
        );
        assert_eq!(read_positions("8/8/8/8/8/8/k7/K7 w - - 0 1"), Err(TrainError::Line { line: 1 }));
        assert_eq!(read_positions("8/8/8/8/8/8/k7/K7 w - - 0 1;half"), Err(TrainError::Line { line: 1 }));
    }

    #[test]
    fn self_play_keeps_the_order_asked_and_reports_each_game() {
        let played = std::sync::atomic::AtomicUsize::new(0);
        let count = || {
            played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let games = self_play_games(3, &[1, 0], 100, &count);
        assert_eq!(played.into_inner(), 2);
        assert_eq!(games, vec![self_play(3, 1, 100), self_play(3, 0, 100)]);
    }

    #[test]
    fn a_tuning_starts_from_its_weights_error_and_lowers_it() {
        let games = self_play_games(1, &[0, 1], 200, &|| {});
        let positions: Vec<Labelled> = games.into_iter().flatten().collect();
        let tuning = Tuning::new(&positions, Weights::shipped().clone());
        assert!(tuning.positions() > 10, "{} positions", tuning.positions());
        let mut heard = Vec::new();
        let tuned = tuning.run(5, Scope::Terms, &mut |epoch, error| heard.push((epoch, error)));
        assert_eq!(heard.iter().map(|h| h.0).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(heard[0].1, tuning.error_before(), "the first epoch's error is the start's");
        assert!(tuning.error(&tuned) < tuning.error_before(), "{heard:?}");
    }

    #[test]
    fn a_network_holds_out_the_last_fiftieth_and_hears_every_epoch() {
        let games = self_play_games(1, &[0, 1, 2], 200, &|| {});
        let positions: Vec<Labelled> = games.into_iter().flatten().collect();
        let training = NetTraining::new(&positions, false, 7);
        let all = training.training() + training.held_out();
        assert!(all > HELD_OUT, "{all} positions");
        assert_eq!(training.held_out(), all / HELD_OUT);
        let mut heard = Vec::new();
        let trained = training.run(2, 0.001, &mut |e| heard.push(e.epoch));
        assert_eq!(heard, [1, 2], "epochs count from 1");
        assert!(trained.held_out_error > 0.0 && trained.held_out_error < 1.0, "{}", trained.held_out_error);
    }
}
