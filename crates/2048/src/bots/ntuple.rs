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

/// An n-tuple network's weights, with how they were trained.
#[derive(Clone)]
pub struct Network {
    weights: Vec<f32>,
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
            .finish()
    }
}

impl Network {
    /// An untrained network in which every board is worth `initial` points.
    pub fn new(initial: f32, seed: u64) -> Network {
        let each = initial / FEATURES as f32;
        Network { weights: vec![each; WEIGHTS], initial, games: 0, seed }
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
        features(board).iter().map(|&i| self.weights[i]).sum()
    }

    /// Moves the board's value by `step` in all (each of its 32 weights by `step` / 32).
    pub fn adjust(&mut self, board: Board, step: f32) {
        let each = step / FEATURES as f32;
        for i in features(board) {
            self.weights[i] += each;
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
    /// training, but not bit for bit as the exact one would.
    pub fn to_bytes(&self, compact: bool) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(u8::from(compact));
        out.extend_from_slice(&self.initial.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        let largest = self.largest_weight();
        let scale = if largest > 0.0 { largest / f32::from(i16::MAX) } else { 1.0 };
        if compact {
            out.extend_from_slice(&scale.to_le_bytes());
        }
        let start = self.start().to_bits();
        let mut at = 0;
        while at < self.weights.len() {
            let skip = self.weights[at..].iter().take_while(|w| w.to_bits() == start).count();
            let run = self.weights[at + skip..].iter().take_while(|w| w.to_bits() != start).count();
            put_varint(&mut out, skip as u64);
            put_varint(&mut out, run as u64);
            for w in &self.weights[at + skip..at + skip + run] {
                if compact {
                    out.extend_from_slice(&((w / scale).round() as i16).to_le_bytes());
                } else {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            }
            at += skip + run;
        }
        out
    }

    /// Reads weights written by [`Network::to_bytes`], exact or compact.
    ///
    /// # Errors
    /// [`WeightsError`] when the bytes are not such a file, are cut short or hold a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let mut rest = bytes.strip_prefix(MAGIC).ok_or(WeightsError::NotWeights)?;
        let compact = match take::<1>(&mut rest)? {
            [0] => false,
            [1] => true,
            _ => return Err(WeightsError::NotWeights),
        };
        let initial = f32::from_le_bytes(take(&mut rest)?);
        let games = u64::from_le_bytes(take(&mut rest)?);
        let seed = u64::from_le_bytes(take(&mut rest)?);
        let scale = if compact { f32::from_le_bytes(take(&mut rest)?) } else { 1.0 };
        if !(initial.is_finite() && scale.is_finite()) {
            return Err(WeightsError::NotFinite);
        }
        let mut net = Network::new(initial, seed);
        net.games = games;
        let mut at = 0usize;
        while at < net.weights.len() {
            let skip = get_varint(&mut rest)?;
            let run = get_varint(&mut rest)?;
            let end = usize::try_from(skip.saturating_add(run))
                .ok()
                .and_then(|n| at.checked_add(n))
                .filter(|&end| end <= net.weights.len() && end > at)
                .ok_or(WeightsError::BadRuns)?;
            let first = end - run as usize;
            for w in &mut net.weights[first..end] {
                *w = if compact {
                    f32::from(i16::from_le_bytes(take(&mut rest)?)) * scale
                } else {
                    f32::from_le_bytes(take(&mut rest)?)
                };
                if !w.is_finite() {
                    return Err(WeightsError::NotFinite);
                }
            }
            at = end;
        }
        if !rest.is_empty() {
            return Err(WeightsError::BadRuns);
        }
        Ok(net)
    }
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

/// TD(0) learning of afterstate values by self-play (Szubert and Jaśkowski 2014), with the updates of each
/// game made backwards from its end once it is over, as Yeh et al.'s and moporgic's TDL2048 do.
///
/// Each move is the greedy one of [`Network::best_move`]: the new tiles explore, and so does an optimistic
/// start ([`Network::initial`] above 0, Guei et al. 2021), which makes boards not yet seen look good.
#[derive(Debug)]
pub struct Trainer {
    net: Network,
    /// The step: each of a board's 32 weights moves by `alpha` × error / 8, as TDL2048 counts it (α per
    /// shape, shared by its eight symmetries).
    pub alpha: f32,
    rule: SpawnRule,
    path: Vec<(Board, u32)>,
}

impl Trainer {
    /// Trains `net` with step `alpha` on games whose new tiles follow `rule`.
    pub fn new(net: Network, alpha: f32, rule: SpawnRule) -> Trainer {
        Trainer { net, alpha, rule, path: Vec::new() }
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
        let mut tiles = Stream::new(self.net.seed).derive(self.net.games);
        let mut game = G2048::new(self.rule);
        self.path.clear();
        loop {
            while game.spawn_from(&mut tiles).is_some() {}
            if !game.awaits_move() {
                break;
            }
            let Some((d, _)) = self.net.best_move(game.board()) else { break };
            let score = game.score();
            if game.try_move(d).is_err() {
                break;
            }
            self.path.push((game.board(), (game.score() - score) as u32));
        }
        let path = std::mem::take(&mut self.path);
        self.learn(&path);
        self.path = path;
        self.net.games += 1;
        TrainingGame { score: game.score(), top: game.top_exponent(), moves: game.moves() }
    }

    /// Learns from one game's boards left by its moves, each with the points of the move that left it,
    /// backwards from the end: the last board is worth nothing more, each earlier one its next move's points
    /// plus the next board's value as just learned.
    pub fn learn(&mut self, path: &[(Board, u32)]) {
        let scale = self.alpha * FEATURES as f32 / SYMMETRIES as f32;
        let mut target = 0.0f32;
        for &(after, points) in path.iter().rev() {
            let error = target - self.net.value(after);
            self.net.adjust(after, scale * error);
            target = points as f32 + self.net.value(after);
        }
    }
}

/// The player of the n-tuple network, one ply deep: the move whose points plus the value of the board it
/// leaves is largest. It takes microseconds, far inside any budget.
#[derive(Clone, Debug)]
pub struct NTuple {
    net: Arc<Network>,
    /// The name it plays under (the weights file, when not the shipped ones).
    label: String,
}

impl NTuple {
    /// The player of `net`, named `label` in reports.
    pub fn new(net: Arc<Network>, label: impl Into<String>) -> NTuple {
        NTuple { net, label: label.into() }
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
        let (mv, value) = self.net.best_move(board)?;
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
