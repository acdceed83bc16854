//! An n-tuple network for 2048, learned by temporal-difference learning on afterstates, and the player that
//! moves by it one ply deep.
//!
//! The network is the "4×6-tuple" one of Yeh et al. (2016) and Jaśkowski (2018): four shapes of six cells,
//! each read in all eight symmetries of the board, so a board's value is the sum of 32 weights, one per
//! (shape, symmetry), each looked up by the six cells' exponents (16⁶ weights a shape, 256 MiB in all).
//! The value estimates the points still to come after a move (an afterstate, before the new tile), so a
//! player moves to maximise the move's points plus the value of the board it leaves.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Stream};

use crate::board::{Board, Direction};
use crate::rules::{G2048, SpawnRule};
use hamle_core::curve::{Column, Layout, Measure};

/// The 2048 n-tuple network's learning curve, as `hamle train 2048` writes it: each block of training games'
/// mean score and the share reaching 2048, 8192, 16384 and 32768.
pub const CURVE: Layout = Layout {
    name: "2048 learning curve",
    columns: &[
        Column { name: "mean_score", heading: "mean score", measure: Measure::Score },
        Column { name: "reached_2048", heading: "2048", measure: Measure::Share("reached 2048") },
        Column { name: "reached_8192", heading: "8192", measure: Measure::Share("reached 8192") },
        Column { name: "reached_16384", heading: "16384", measure: Measure::Share("reached 16384") },
        Column { name: "reached_32768", heading: "32768", measure: Measure::Share("reached 32768") },
    ],
    heading: "Learning curve: the 2048 n-tuple network, 1-ply (each row the block of training games ending there)",
    games: "games trained",
    title: "2048 n-tuple network, 1-ply: tiles reached as training goes on",
    x_desc: "training games",
    y_desc: "% of the block's games",
};

/// The tile-downgrading threshold of the network's players unless told otherwise, as an exponent (`None`: they
/// never downgrade): see [`Board::downgraded`] and the measurements in docs/benchmarks.md.
pub const DOWNGRADE: Option<u8> = Some(15);

/// A downgrading threshold as the `downgrade` parameter spells it: `off`, or the tile.
pub fn downgrade_name(threshold: Option<u8>) -> String {
    threshold.map_or_else(|| "off".to_owned(), |e| (1u32 << e).to_string())
}

/// Reads the `downgrade` parameter: `off`, or a tile from 8 to 32768.
///
/// ```
/// use hamle_2048::bots::parse_downgrade;
/// assert_eq!(parse_downgrade("32768"), Some(Some(15)));
/// assert_eq!(parse_downgrade("off"), Some(None));
/// assert_eq!(parse_downgrade("3000"), None);
/// ```
pub fn parse_downgrade(text: &str) -> Option<Option<u8>> {
    if text == "off" {
        return Some(None);
    }
    let tile: u32 = text.parse().ok()?;
    (tile.is_power_of_two() && (8..=32768).contains(&tile)).then(|| Some(tile.trailing_zeros() as u8))
}

/// Shapes in the network.
pub const SHAPES: usize = 4;
/// Symmetries each shape is read in.
pub const SYMMETRIES: usize = 8;
/// Weights a board's value sums: one per shape and symmetry.
const FEATURES: usize = SHAPES * SYMMETRIES;
/// Weights of one shape: one per way of filling six cells with exponents 0..=15.
const PER_SHAPE: usize = 1 << 24;
/// Weights in the network.
pub const WEIGHTS: usize = SHAPES * PER_SHAPE;

/// The cells (4·row + column) of the four shapes: a row with the first two cells below it, the same one row
/// further in, and two 2×3 rectangles.
pub const SHAPE_CELLS: [[usize; 6]; SHAPES] =
    [[0, 1, 2, 3, 4, 5], [4, 5, 6, 7, 8, 9], [0, 1, 2, 4, 5, 6], [4, 5, 6, 8, 9, 10]];

/// The first bytes of a weights file.
const MAGIC: &[u8] = b"hamle 2048 n-tuple network 1\n";
/// The header's flag for TC's sums after the weights.
const WITH_COHERENCE: u8 = 2;
/// The header's flag for a list of stages.
const WITH_STAGES: u8 = 4;
/// The most stages a network may have: one per tile from 2 to 32768 and one before them.
pub const MAX_STAGES: usize = 16;

/// Why a weights file cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start as `hamle train 2048` writes it.
    #[error("not a 2048 n-tuple weights file (it does not start with the expected header)")]
    NotWeights,
    /// The file ends in the middle of something.
    #[error("the weights file is cut short")]
    Truncated,
    /// The runs of weights do not add up to the network's size.
    #[error("the weights file's runs do not cover the network exactly")]
    BadRuns,
    /// A weight is not a finite number.
    #[error("the weights file holds a weight that is not a finite number")]
    NotFinite,
    /// The stages listed do not rise, or are too many.
    #[error("the weights file's stages do not rise from above 0, or are more than 16")]
    BadStages,
}

/// The four shapes' 24-bit keys for one board: six nibbles each, in the shape's cell order.
fn keys(b: u64) -> [usize; SHAPES] {
    [
        (b & 0xFF_FFFF) as usize,
        ((b >> 16) & 0xFF_FFFF) as usize,
        ((b & 0xFFF) | ((b >> 4) & 0xFF_F000)) as usize,
        (((b >> 16) & 0xFFF) | ((b >> 20) & 0xFF_F000)) as usize,
    ]
}

/// The board mirrored left to right.
fn mirror(b: u64) -> u64 {
    let b = ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4) | ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
    ((b & 0x00FF_00FF_00FF_00FF) << 8) | ((b >> 8) & 0x00FF_00FF_00FF_00FF)
}

/// The board flipped top to bottom.
fn flip(b: u64) -> u64 {
    ((b & 0xFFFF) << 48) | ((b & 0xFFFF_0000) << 16) | ((b >> 16) & 0xFFFF_0000) | (b >> 48)
}

/// The eight symmetries of a board: itself, mirrored, flipped, turned half way, and those transposed.
pub fn symmetries(board: Board) -> [Board; SYMMETRIES] {
    let b = board.bits();
    let t = board.transpose().bits();
    [b, mirror(b), flip(b), mirror(flip(b)), t, mirror(t), flip(t), mirror(flip(t))].map(Board::from_bits)
}

/// The weight indices a board's value sums: one per shape and symmetry.
fn features(board: Board) -> [usize; FEATURES] {
    let mut out = [0; FEATURES];
    for (s, sym) in symmetries(board).into_iter().enumerate() {
        for (k, key) in keys(sym.bits()).into_iter().enumerate() {
            out[s * SHAPES + k] = k * PER_SHAPE + key;
        }
    }
    out
}

/// An n-tuple network's weights, with how they were trained: one set of [`WEIGHTS`] per stage of the game.
#[derive(Clone)]
pub struct Network {
    weights: Vec<f32>,
    /// Where each stage after the first begins: a board whose [`Board::tile_set`] is at least `stages[k]` is valued by
    /// stage k + 1's weights (Yeh et al. 2016's multistage learning). Empty: one stage.
    stages: Vec<u32>,
    /// Temporal coherence's running sums for each weight, the signed errors and their sizes (Beal and Smith
    /// 1999); present while a run trains by TC, and written with the weights so it resumes exactly.
    coherence: Option<Vec<[f32; 2]>>,
    /// The value every board had before training: what the weights started at, times 32 (optimistic
    /// initialisation when above 0).
    pub initial: f32,
    /// Training games played so far.
    pub games: u64,
    /// The training run's seed (game `g`'s tiles come from `Stream::new(seed).derive(g)`).
    pub seed: u64,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("initial", &self.initial)
            .field("games", &self.games)
            .field("seed", &self.seed)
            .field("stages", &self.stages)
            .field("coherence", &self.coherence.is_some())
            .finish()
    }
}

impl Network {
    /// An untrained network in which every board is worth `initial` points.
    pub fn new(initial: f32, seed: u64) -> Network {
        let each = initial / FEATURES as f32;
        Network { weights: vec![each; WEIGHTS], stages: Vec::new(), coherence: None, initial, games: 0, seed }
    }

    /// Where the stages after the first begin (see [`Board::tile_set`]); empty for a one-stage network.
    pub fn stages(&self) -> &[u32] {
        &self.stages
    }

    /// Splits a one-stage network into stages beginning at `thresholds` (rising tile sets, each above 0), each
    /// new stage starting from the trained weights (weight promotion, Jaśkowski 2018): it then learns only from
    /// the boards of its stage.
    ///
    /// # Errors
    /// When the network has stages already or the thresholds do not rise.
    pub fn promote(&mut self, thresholds: &[u32]) -> Result<(), String> {
        if !self.stages.is_empty() {
            return Err("the network has stages already".into());
        }
        if thresholds.is_empty() || thresholds[0] == 0 || thresholds.windows(2).any(|w| w[0] >= w[1]) {
            return Err("stage thresholds must rise from above 0, e.g. 16384,32768".into());
        }
        let one = std::mem::take(&mut self.weights);
        self.weights = one.repeat(thresholds.len() + 1);
        if let Some(sums) = &mut self.coherence {
            *sums = sums.repeat(thresholds.len() + 1);
        }
        self.stages = thresholds.to_vec();
        Ok(())
    }

    /// Where the weights of `board`'s stage begin.
    fn offset(&self, board: Board) -> usize {
        if self.stages.is_empty() {
            return 0;
        }
        let set = board.tile_set();
        self.stages.iter().filter(|&&t| set >= t).count() * WEIGHTS
    }

    /// Starts temporal coherence's sums (every weight's rate 1 until it has seen errors); kept if started.
    pub fn start_coherence(&mut self) {
        if self.coherence.is_none() {
            self.coherence = Some(vec![[0.0; 2]; self.weights.len()]);
        }
    }

    /// Drops temporal coherence's sums (a run that goes on by plain TD, or a file for playing).
    pub fn stop_coherence(&mut self) {
        self.coherence = None;
    }

    /// Makes this network equal to `other`, reusing its memory (both of one shape).
    fn copy_from(&mut self, other: &Network) {
        if self.weights.len() != other.weights.len() || self.coherence.is_some() != other.coherence.is_some() {
            *self = other.clone();
            return;
        }
        self.weights.copy_from_slice(&other.weights);
        if let (Some(mine), Some(theirs)) = (&mut self.coherence, &other.coherence) {
            mine.copy_from_slice(theirs);
        }
        (self.initial, self.games, self.seed) = (other.initial, other.games, other.seed);
    }

    /// Adds to this network what the copies learned since they were made from it: each weight (and TC sum) moves by
    /// the mean change of the copies that changed it. A weight one copy alone met takes that copy's change whole;
    /// one that every copy met (the early boards' weights, which each game pulls towards the same value) takes
    /// their mean, where their sum would overshoot it.
    fn add_changes(&mut self, copies: &[Network]) {
        /// Each item of `part` (beginning at `start`) moved by the mean of the changes the copies made to it.
        fn merge(part: &mut [f32], start: usize, copies: &[&[f32]]) {
            for (i, x) in part.iter_mut().enumerate() {
                let base = *x;
                let (mut sum, mut changed) = (0.0f32, 0u32);
                for copy in copies {
                    let change = copy[start + i] - base;
                    if change != 0.0 {
                        sum += change;
                        changed += 1;
                    }
                }
                if changed > 0 {
                    *x = base + sum / changed as f32;
                }
            }
        }
        let weights: Vec<&[f32]> = copies.iter().map(|c| c.weights.as_slice()).collect();
        let sums: Vec<&[f32]> =
            copies.iter().filter_map(|c| c.coherence.as_deref()).map(|s| s.as_flattened()).collect();
        // Split over as many threads as copies: the pass reads every weight of every copy.
        let threads = copies.len().max(1);
        std::thread::scope(|scope| {
            let chunk = self.weights.len().div_ceil(threads);
            for (n, part) in self.weights.chunks_mut(chunk).enumerate() {
                let weights = &weights;
                scope.spawn(move || merge(part, n * chunk, weights));
            }
            if let Some(own) = &mut self.coherence {
                let own = own.as_flattened_mut();
                let chunk = own.len().div_ceil(threads);
                for (n, part) in own.chunks_mut(chunk).enumerate() {
                    let sums = &sums;
                    scope.spawn(move || merge(part, n * chunk, sums));
                }
            }
        });
    }

    /// Whether the network carries temporal coherence's sums.
    pub fn has_coherence(&self) -> bool {
        self.coherence.is_some()
    }

    /// The network trained by self-play that ships with hamle (`crates/2048/weights/2048.ntuple`), read once
    /// per process.
    pub fn shipped() -> Arc<Network> {
        static SHIPPED: OnceLock<Arc<Network>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                // The file is part of the source tree and a test reads it: failing here is a broken build.
                Arc::new(Network::from_bytes(include_bytes!("../../weights/2048.ntuple")).expect("shipped weights"))
            })
            .clone()
    }

    /// The points a board left by a move is expected still to bring.
    ///
    /// ```
    /// use hamle_2048::Board;
    /// use hamle_2048::bots::Network;
    /// let net = Network::new(320.0, 1);
    /// assert_eq!(net.value(Board::from_exponents([[1, 0, 0, 0], [0; 4], [0; 4], [0; 4]])), 320.0);
    /// ```
    pub fn value(&self, board: Board) -> f32 {
        let weights = &self.weights[self.offset(board)..];
        features(board).iter().map(|&i| weights[i]).sum()
    }

    /// Moves the board's value by `step` in all (each of its 32 weights by `step` / 32).
    pub fn adjust(&mut self, board: Board, step: f32) {
        let each = step / FEATURES as f32;
        let at = self.offset(board);
        for i in features(board) {
            self.weights[at + i] += each;
        }
    }

    /// Temporal coherence's update (Beal and Smith 1999; Jaśkowski 2018): each of the board's 32 weights moves by
    /// `step` / 32 × its own rate, |sum of its errors| / sum of their sizes (1 before any), and then adds `error`
    /// to its sums. A weight whose errors keep their sign learns at the full step, one whose errors cancel slows
    /// down. Starts the sums if they are not there.
    pub fn adjust_coherent(&mut self, board: Board, step: f32, error: f32) {
        self.start_coherence();
        let each = step / FEATURES as f32;
        let at = self.offset(board);
        let Some(sums) = &mut self.coherence else { return };
        for i in features(board) {
            let [signed, size] = &mut sums[at + i];
            let rate = if *size > 0.0 { signed.abs() / *size } else { 1.0 };
            self.weights[at + i] += each * rate;
            *signed += error;
            *size += error.abs();
        }
    }

    /// The legal move with the most points plus value of the board it leaves (first of equals in the order
    /// left, up, right, down), with that sum; `None` when no move is left.
    pub fn best_move(&self, board: Board) -> Option<(Direction, f32)> {
        let mut best: Option<(Direction, f32)> = None;
        for d in Direction::ALL {
            let slide = board.slide(d);
            if slide.board == board {
                continue;
            }
            let value = slide.score as f32 + self.value(slide.board);
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((d, value));
            }
        }
        best
    }

    /// Whether every weight is a finite number (training with too large a step can break that).
    pub fn is_finite(&self) -> bool {
        self.weights.iter().all(|w| w.is_finite())
    }

    /// The value every weight starts at: the initial value shared by a board's weights.
    fn start(&self) -> f32 {
        self.initial / FEATURES as f32
    }

    /// Sets back to their starting value the `share` of visited weights smallest in size (boards' parts seen
    /// least, or learned to matter least), making the file smaller.
    pub fn prune(&mut self, share: f64) {
        let start = self.start();
        let mut sizes: Vec<f32> =
            self.weights.iter().filter(|w| w.to_bits() != start.to_bits()).map(|w| (w - start).abs()).collect();
        let cut = ((sizes.len() as f64) * share.clamp(0.0, 1.0)) as usize;
        if cut == 0 {
            return;
        }
        let (_, &mut threshold, _) = sizes.select_nth_unstable_by(cut - 1, f32::total_cmp);
        for w in &mut self.weights {
            if (*w - start).abs() <= threshold {
                *w = start;
            }
        }
    }

    /// The largest weight, in size.
    pub fn largest_weight(&self) -> f32 {
        self.weights.iter().fold(0.0f32, |m, w| m.max(w.abs()))
    }

    /// Weights that no longer hold their starting value: the boards' parts training has visited.
    pub fn visited(&self) -> usize {
        let start = self.start();
        self.weights.iter().filter(|&&w| w.to_bits() != start.to_bits()).count()
    }

    /// The weights as a file: a header, then runs of weights, each run after a stretch left at the starting
    /// value (so an untrained part costs nothing). Weights are 32-bit floats, exact, or with `compact` 16-bit
    /// multiples of one scale (the largest weight / 32,767): half the size, for shipping; such a file goes on
    /// training, but not bit for bit as the exact one would. A multistage network's header lists its stages; an
    /// exact file of a network learning by TC ends with TC's sums (a compact one leaves them out).
    pub fn to_bytes(&self, compact: bool) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let coherence = self.coherence.as_ref().filter(|_| !compact);
        out.push(
            u8::from(compact)
                | if coherence.is_some() { WITH_COHERENCE } else { 0 }
                | if self.stages.is_empty() { 0 } else { WITH_STAGES },
        );
        out.extend_from_slice(&self.initial.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        if !self.stages.is_empty() {
            out.push(self.stages.len() as u8);
            for t in &self.stages {
                out.extend_from_slice(&t.to_le_bytes());
            }
        }
        let largest = self.largest_weight();
        let scale = if largest > 0.0 { largest / f32::from(i16::MAX) } else { 1.0 };
        if compact {
            out.extend_from_slice(&scale.to_le_bytes());
        }
        let start = self.start().to_bits();
        write_runs(
            &mut out,
            &self.weights,
            |w| w.to_bits() == start,
            |out, w| {
                if compact {
                    out.extend_from_slice(&((w / scale).round() as i16).to_le_bytes());
                } else {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            },
        );
        if let Some(sums) = coherence {
            write_runs(
                &mut out,
                sums,
                |p| *p == [0.0; 2],
                |out, [signed, size]| {
                    out.extend_from_slice(&signed.to_le_bytes());
                    out.extend_from_slice(&size.to_le_bytes());
                },
            );
        }
        out
    }

    /// Reads weights written by [`Network::to_bytes`], exact or compact.
    ///
    /// # Errors
    /// [`WeightsError`] when the bytes are not such a file, are cut short or hold a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let mut rest = bytes.strip_prefix(MAGIC).ok_or(WeightsError::NotWeights)?;
        let [flags] = take::<1>(&mut rest)?;
        if flags & !(1 | WITH_COHERENCE | WITH_STAGES) != 0 || (flags & 1 == 1 && flags & WITH_COHERENCE != 0) {
            return Err(WeightsError::NotWeights);
        }
        let compact = flags & 1 == 1;
        let initial = f32::from_le_bytes(take(&mut rest)?);
        let games = u64::from_le_bytes(take(&mut rest)?);
        let seed = u64::from_le_bytes(take(&mut rest)?);
        let mut net = Network::new(initial, seed);
        net.games = games;
        if flags & WITH_STAGES != 0 {
            let [count] = take::<1>(&mut rest)?;
            let thresholds: Vec<u32> =
                (0..count).map(|_| take(&mut rest).map(u32::from_le_bytes)).collect::<Result<_, _>>()?;
            // Stages beyond what a board's tiles can tell apart would only cost memory.
            if thresholds.len() > MAX_STAGES - 1 {
                return Err(WeightsError::BadStages);
            }
            net.promote(&thresholds).map_err(|_| WeightsError::BadStages)?;
        }
        let scale = if compact { f32::from_le_bytes(take(&mut rest)?) } else { 1.0 };
        if !(initial.is_finite() && scale.is_finite()) {
            return Err(WeightsError::NotFinite);
        }
        read_runs(&mut rest, &mut net.weights, |rest| {
            let w = if compact {
                f32::from(i16::from_le_bytes(take(rest)?)) * scale
            } else {
                f32::from_le_bytes(take(rest)?)
            };
            if w.is_finite() { Ok(w) } else { Err(WeightsError::NotFinite) }
        })?;
        if flags & WITH_COHERENCE != 0 {
            let mut sums = vec![[0.0f32; 2]; net.weights.len()];
            read_runs(&mut rest, &mut sums, |rest| {
                let pair = [f32::from_le_bytes(take(rest)?), f32::from_le_bytes(take(rest)?)];
                if pair.iter().all(|x| x.is_finite()) { Ok(pair) } else { Err(WeightsError::NotFinite) }
            })?;
            net.coherence = Some(sums);
        }
        if !rest.is_empty() {
            return Err(WeightsError::BadRuns);
        }
        Ok(net)
    }
}

/// Writes `items` as runs: a stretch of items at their start (`at_start`), then a run of others, each written
/// by `put`, until the end.
fn write_runs<T>(out: &mut Vec<u8>, items: &[T], at_start: impl Fn(&T) -> bool, mut put: impl FnMut(&mut Vec<u8>, &T)) {
    let mut at = 0;
    while at < items.len() {
        let skip = items[at..].iter().take_while(|x| at_start(x)).count();
        let run = items[at + skip..].iter().take_while(|x| !at_start(x)).count();
        put_varint(out, skip as u64);
        put_varint(out, run as u64);
        for item in &items[at + skip..at + skip + run] {
            put(out, item);
        }
        at += skip + run;
    }
}

/// Reads runs [`write_runs`] wrote into `items` (left at their start between runs), each item read by `one`.
fn read_runs<T>(
    rest: &mut &[u8],
    items: &mut [T],
    mut one: impl FnMut(&mut &[u8]) -> Result<T, WeightsError>,
) -> Result<(), WeightsError> {
    let mut at = 0usize;
    while at < items.len() {
        let skip = get_varint(rest)?;
        let run = get_varint(rest)?;
        let end = usize::try_from(skip.saturating_add(run))
            .ok()
            .and_then(|n| at.checked_add(n))
            .filter(|&end| end <= items.len() && end > at)
            .ok_or(WeightsError::BadRuns)?;
        for item in &mut items[end - run as usize..end] {
            *item = one(rest)?;
        }
        at = end;
    }
    Ok(())
}

fn take<const N: usize>(rest: &mut &[u8]) -> Result<[u8; N], WeightsError> {
    let (head, tail) = rest.split_first_chunk::<N>().ok_or(WeightsError::Truncated)?;
    *rest = tail;
    Ok(*head)
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn get_varint(rest: &mut &[u8]) -> Result<u64, WeightsError> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let [byte] = take::<1>(rest)?;
        n |= u64::from(byte & 0x7F) << shift;
        if byte < 0x80 {
            return Ok(n);
        }
    }
    Err(WeightsError::BadRuns)
}

/// How one training game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainingGame {
    /// The final score.
    pub score: u64,
    /// The largest exponent reached.
    pub top: u8,
    /// Moves made.
    pub moves: u32,
}

/// How the weights learn from each error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learning {
    /// TD(0) with one fixed step α.
    Td,
    /// TD(0) with temporal coherence: each weight's step is α times its own rate, |sum of its errors| / sum of
    /// their sizes, which falls as its errors start to cancel (Beal and Smith 1999; Jaśkowski 2018; with an
    /// optimistic start, Guei et al. 2021's OTD+TC when it follows a run of TD).
    Tc,
}

impl Learning {
    /// The name `hamle train 2048 --learning` takes.
    pub fn name(self) -> &'static str {
        match self {
            Learning::Td => "td",
            Learning::Tc => "tc",
        }
    }
}

/// TD(0) learning of afterstate values by self-play (Szubert and Jaśkowski 2014), with the updates of each
/// game made backwards from its end once it is over, as Yeh et al.'s and moporgic's TDL2048 do; by a fixed step
/// or by temporal coherence ([`Learning`]).
///
/// Each move is the greedy one of [`Network::best_move`]: the new tiles explore, and so does an optimistic
/// start ([`Network::initial`] above 0, Guei et al. 2021), which makes boards not yet seen look good.
///
/// Games may be played in shards on as many threads ([`Trainer::play_games`]): each shard learns on its own copy
/// of the network from the batch's start, and at the batch's end every copy's changes are added to the network
/// (as data-parallel training does). The same seed and number of shards give the same weights bit for bit.
#[derive(Debug)]
pub struct Trainer {
    net: Network,
    /// The step: each of a board's 32 weights moves by `alpha` × error / 8, as TDL2048 counts it (α per
    /// shape, shared by its eight symmetries); under TC, times the weight's own rate.
    pub alpha: f32,
    learning: Learning,
    rule: SpawnRule,
    path: Vec<(Board, u32)>,
    /// Each shard's copy of the network, kept between batches so that its memory is reused.
    copies: Vec<Network>,
}

impl Trainer {
    /// Trains `net` with step `alpha` by plain TD on games whose new tiles follow `rule`.
    pub fn new(net: Network, alpha: f32, rule: SpawnRule) -> Trainer {
        Trainer { net, alpha, learning: Learning::Td, rule, path: Vec::new(), copies: Vec::new() }
    }

    /// The same trainer learning by `learning` (TC starts the network's sums, or goes on with those it has; TD
    /// drops them).
    pub fn with_learning(mut self, learning: Learning) -> Trainer {
        match learning {
            Learning::Td => self.net.stop_coherence(),
            Learning::Tc => self.net.start_coherence(),
        }
        self.learning = learning;
        self
    }

    /// The network as trained so far.
    pub fn net(&self) -> &Network {
        &self.net
    }

    /// Gives the network back.
    pub fn into_net(self) -> Network {
        self.net
    }

    /// Plays the next training game and learns from it.
    pub fn play_game(&mut self) -> TrainingGame {
        let game = play_and_learn(&mut self.net, self.alpha, self.learning, self.rule, &mut self.path);
        self.net.games += 1;
        game
    }

    /// Plays the next `count` training games in `shards` shards, one thread each, and learns from them: game `g`
    /// goes to shard `g` mod `shards`. Returns the games in their order. One shard plays them in turn, as
    /// [`Trainer::play_game`] does.
    pub fn play_games(&mut self, count: u64, shards: usize) -> Vec<TrainingGame> {
        if shards <= 1 {
            return (0..count).map(|_| self.play_game()).collect();
        }
        let first = self.net.games;
        for copy in &mut self.copies {
            copy.copy_from(&self.net);
        }
        while self.copies.len() < shards {
            self.copies.push(self.net.clone());
        }
        self.copies.truncate(shards);
        let (alpha, learning, rule) = (self.alpha, self.learning, self.rule);
        let mut played: Vec<(u64, TrainingGame)> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .copies
                .iter_mut()
                .enumerate()
                .map(|(k, copy)| {
                    scope.spawn(move || {
                        let mut path = Vec::new();
                        (first + k as u64..first + count)
                            .step_by(shards)
                            .map(|g| {
                                copy.games = g;
                                (g, play_and_learn(copy, alpha, learning, rule, &mut path))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        self.net.add_changes(&self.copies);
        self.net.games = first + count;
        played.sort_by_key(|&(g, _)| g);
        played.into_iter().map(|(_, game)| game).collect()
    }

    /// Learns from one game's boards left by its moves, each with the points of the move that left it,
    /// backwards from the end: the last board is worth nothing more, each earlier one its next move's points
    /// plus the next board's value as just learned.
    pub fn learn(&mut self, path: &[(Board, u32)]) {
        learn(&mut self.net, path, self.alpha, self.learning);
    }
}

/// Plays training game number `net.games` greedily on `net` and learns from it (`path` is a buffer).
fn play_and_learn(
    net: &mut Network,
    alpha: f32,
    learning: Learning,
    rule: SpawnRule,
    path: &mut Vec<(Board, u32)>,
) -> TrainingGame {
    let mut tiles = Stream::new(net.seed).derive(net.games);
    let mut game = G2048::new(rule);
    path.clear();
    loop {
        while game.spawn_from(&mut tiles).is_some() {}
        if !game.awaits_move() {
            break;
        }
        let Some((d, _)) = net.best_move(game.board()) else { break };
        let score = game.score();
        if game.try_move(d).is_err() {
            break;
        }
        path.push((game.board(), (game.score() - score) as u32));
    }
    learn(net, path, alpha, learning);
    TrainingGame { score: game.score(), top: game.top_exponent(), moves: game.moves() }
}

/// [`Trainer::learn`] on `net`.
fn learn(net: &mut Network, path: &[(Board, u32)], alpha: f32, learning: Learning) {
    let scale = alpha * FEATURES as f32 / SYMMETRIES as f32;
    let mut target = 0.0f32;
    for &(after, points) in path.iter().rev() {
        let error = target - net.value(after);
        match learning {
            Learning::Td => net.adjust(after, scale * error),
            Learning::Tc => net.adjust_coherent(after, scale * error, error),
        }
        target = points as f32 + net.value(after);
    }
}

/// The player of the n-tuple network, one ply deep: the move whose points plus the value of the board it
/// leaves is largest. It takes microseconds, far inside any budget.
#[derive(Clone, Debug)]
pub struct NTuple {
    net: Arc<Network>,
    /// Tile-downgrading: from this exponent up, moves are chosen on [`Board::downgraded`] boards.
    pub downgrade: Option<u8>,
    /// The name it plays under (the weights file, when not the shipped ones).
    label: String,
}

impl NTuple {
    /// The player of `net`, named `label` in reports, downgrading tiles from [`DOWNGRADE`] up.
    pub fn new(net: Arc<Network>, label: impl Into<String>) -> NTuple {
        NTuple { net, downgrade: DOWNGRADE, label: label.into() }
    }
}

impl Bot<G2048> for NTuple {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, state: &G2048, _budget: &Budget, _stream: &mut Stream) -> Option<Decision<Direction>> {
        if !state.awaits_move() {
            return None;
        }
        let start = Instant::now();
        let board = state.board();
        let (mv, value) = self.net.best_move(self.downgrade.map_or(board, |t| board.downgraded(t)))?;
        let nodes = Direction::ALL.into_iter().filter(|&d| board.can_move(d)).count() as u64;
        Some(Decision { mv, score: f64::from(value), pv: vec![mv], depth: 1, nodes, elapsed: start.elapsed() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board whose cell i holds exponent i (cell 0 empty), so every nibble names its cell.
    fn numbered() -> Board {
        Board::from_bits((0..16u64).fold(0, |b, i| b | (i << (4 * i))))
    }

    #[test]
    fn each_shape_key_reads_its_six_cells_in_order() {
        let board = numbered();
        for (k, key) in keys(board.bits()).into_iter().enumerate() {
            let cells: Vec<usize> = (0..6).map(|j| (key >> (4 * j)) & 0xF).collect();
            assert_eq!(cells, SHAPE_CELLS[k], "shape {k}");
        }
    }

    #[test]
    fn mirror_and_flip_move_cells_as_a_person_would() {
        let b = numbered().bits();
        let cell = |b: u64, i: usize| ((b >> (4 * i)) & 0xF) as usize;
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(cell(mirror(b), 4 * r + c), 4 * r + 3 - c, "mirror at ({r}, {c})");
                assert_eq!(cell(flip(b), 4 * r + c), 4 * (3 - r) + c, "flip at ({r}, {c})");
            }
        }
    }

    #[test]
    fn a_merge_moves_each_weight_by_the_mean_change_of_the_copies_that_changed_it() {
        // Worked by hand: weight 5 changed by both copies (+2, +6: the mean +4), 9 by the first alone (+4, whole),
        // 12 by the second alone (−1), 20 by neither; TC's sums the same way.
        let mut base = Network::new(32.0, 1);
        base.start_coherence();
        let (mut first, mut second) = (base.clone(), base.clone());
        for (net, changes) in [(&mut first, [(5, 2.0), (9, 4.0)]), (&mut second, [(5, 6.0), (12, -1.0)])] {
            for (i, change) in changes {
                net.weights[i] += change;
                if let Some(sums) = &mut net.coherence {
                    sums[i] = [change, change.abs()];
                }
            }
        }
        base.add_changes(&[first, second]);
        let moved: Vec<f32> = [5, 9, 12, 20].iter().map(|&i| base.weights[i] - 1.0).collect();
        assert_eq!(moved, [4.0, 4.0, -1.0, 0.0]);
        let sums = base.coherence.as_ref().expect("kept");
        assert_eq!([sums[5], sums[9], sums[12], sums[20]], [[4.0, 4.0], [4.0, 4.0], [-1.0, 1.0], [0.0, 0.0]]);
        // The pass is split over the copies' threads: a weight in the second half merges too.
        let last = WEIGHTS - 1;
        let mut copy = base.clone();
        copy.weights[last] += 3.0;
        if let Some(sums) = &mut copy.coherence {
            sums[last] = [2.0, 2.0];
        }
        base.add_changes(&[copy, base.clone()]);
        assert_eq!(base.weights[last], 4.0);
        assert_eq!(base.coherence.as_ref().expect("kept")[last], [2.0, 2.0], "and a TC sum there");
    }

    #[test]
    fn varints_round_trip_and_a_runaway_one_is_refused() {
        for n in [0u64, 1, 127, 128, 300, 1 << 24, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, n);
            let mut rest = out.as_slice();
            assert_eq!(get_varint(&mut rest), Ok(n));
            assert!(rest.is_empty());
        }
        let mut endless: &[u8] = &[0xFF; 11];
        assert_eq!(get_varint(&mut endless), Err(WeightsError::BadRuns));
    }
}
