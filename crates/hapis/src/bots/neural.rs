//! A neural evaluation of Hapis positions, as TD-Gammon has for backgammon: the position in a truncated
//! unary code per point plus a few expert features, one hidden layer of sigmoids, and three outputs —
//! P(win), P(win with mars), P(lose with mars) — for the side on roll. Trained by TD(λ) self-play
//! (`crate::train`); the weights the repository ships are [`Net::shipped`].

use std::fmt;
use std::sync::{Arc, OnceLock};

use hamle_core::Stream;

use super::heuristic::{Shots, pips};
use crate::rules::{Hapis, Position, Settings, Side};

/// Inputs for each point of one side: at least 1, 2, 3 checkers, `(n − 3) / 2` beyond three, pinned there.
const PER_POINT: usize = 5;
/// Inputs for one side beyond its points: off, pips, may bear off, checkers pinned, mother alone, blots.
const PER_SIDE: usize = 6;
/// Inputs a network of [`Inputs::Board`] reads.
pub const INPUTS: usize = 2 * (24 * PER_POINT + PER_SIDE) + 3;
/// Inputs [`Inputs::Rich`] adds for one side: its longest blockade, its rear checker's escapes, its checkers
/// still behind the opponent's rearmost, its lone captors.
const RICH_PER_SIDE: usize = 4;
/// Inputs a network of [`Inputs::Rich`] reads: the board's, then each side's rich ones, then contact.
pub const RICH_INPUTS: usize = INPUTS + 2 * RICH_PER_SIDE + 1;

/// What a network reads of a position: the board alone, or the board with hand-made strategic features
/// after it (GNU Backgammon's kind: blockades, escapes, contact), so that the second's first [`INPUTS`]
/// rows mean what the first's do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inputs {
    /// [`encode`]'s [`INPUTS`] numbers: each point's checkers, and a few per side (the shipped network's).
    #[default]
    Board,
    /// [`INPUTS`] as `Board`, then [`encode_rich`]'s nine.
    Rich,
}

impl Inputs {
    /// Every set, in the order `--inputs` lists them.
    pub const ALL: [Inputs; 2] = [Inputs::Board, Inputs::Rich];

    /// How many numbers the network reads.
    pub const fn count(self) -> usize {
        match self {
            Inputs::Board => INPUTS,
            Inputs::Rich => RICH_INPUTS,
        }
    }

    /// The set a file's input count names, if any.
    pub fn of_count(count: u32) -> Option<Inputs> {
        Inputs::ALL.into_iter().find(|inputs| inputs.count() as u32 == count)
    }

    /// The name `hamle train hapis --inputs` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Inputs::Board => "board",
            Inputs::Rich => "rich",
        }
    }

    /// The inputs of `position` for the side on roll, as (index, value) pairs of those not zero.
    pub fn encode(self, position: &Position, settings: Settings, out: &mut Vec<(u16, f32)>) {
        encode(position, settings, out);
        if self == Inputs::Rich {
            encode_rich(position, out);
        }
    }
}

impl std::str::FromStr for Inputs {
    type Err = String;
    fn from_str(s: &str) -> Result<Inputs, String> {
        Inputs::ALL
            .into_iter()
            .find(|inputs| inputs.name() == s)
            .ok_or_else(|| format!("unknown inputs {s:?}: {}", Inputs::ALL.map(Inputs::name).join(" or ")))
    }
}

/// Outputs: P(win), P(win with mars), P(lose with mars).
pub const OUTPUTS: usize = 3;

const MAGIC: &[u8; 8] = b"HAMLENN1";
const HEADER: usize = 8 + 4 + 4 + 8 + 8;

/// What a position is worth to the side on roll: its chances, a tie counting as half a win.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// P(win), a tie counted as half a win.
    pub win: f64,
    /// P(win with mars: 2 points).
    pub win_mars: f64,
    /// P(lose with mars).
    pub lose_mars: f64,
}

impl Outcome {
    /// The expected points: `2·win − 1 + win_mars − lose_mars`, in −2..=2.
    pub fn equity(self) -> f64 {
        2.0 * self.win - 1.0 + self.win_mars - self.lose_mars
    }

    /// The same chances seen by the other side.
    pub fn flip(self) -> Outcome {
        Outcome { win: 1.0 - self.win, win_mars: self.lose_mars, lose_mars: self.win_mars }
    }

    /// A finished game's outcome for the side whose points are `mine`.
    pub fn of_points(mine: f64) -> Outcome {
        let certain = |b: bool| if b { 1.0 } else { 0.0 };
        let win = if mine > 0.0 {
            1.0
        } else if mine < 0.0 {
            0.0
        } else {
            0.5
        };
        Outcome { win, win_mars: certain(mine >= 2.0), lose_mars: certain(mine <= -2.0) }
    }

    /// As an array, in output order.
    pub fn to_array(self) -> [f64; OUTPUTS] {
        [self.win, self.win_mars, self.lose_mars]
    }

    /// `self + p · other`, for expectations.
    pub fn add_scaled(self, other: Outcome, p: f64) -> Outcome {
        Outcome {
            win: self.win + p * other.win,
            win_mars: self.win_mars + p * other.win_mars,
            lose_mars: self.lose_mars + p * other.lose_mars,
        }
    }
}

/// The inputs of `position` for the side on roll under `settings`, as (index, value) pairs of the inputs
/// that are not zero.
pub fn encode(position: &Position, settings: Settings, out: &mut Vec<(u16, f32)>) {
    out.clear();
    let me = position.turn;
    let mut push = |i: usize, v: f32| {
        if v != 0.0 {
            out.push((i as u16, v));
        }
    };
    for (s, side) in [me, me.other()].into_iter().enumerate() {
        let base = s * (24 * PER_POINT + PER_SIDE);
        let (mut pinned, mut blots) = (0u8, 0u8);
        for p in 1..=24u8 {
            let point = position.point(side, p);
            let at = base + usize::from(p - 1) * PER_POINT;
            if point.movable(side) {
                let n = point.count;
                push(at, 1.0);
                push(at + 1, f32::from(u8::from(n >= 2)));
                push(at + 2, f32::from(u8::from(n >= 3)));
                push(at + 3, f32::from(n.saturating_sub(3)) / 2.0);
                blots += u8::from(n == 1 && !point.prisoner);
            } else if point.checkers(side) == 1 {
                push(at + 4, 1.0);
                pinned += 1;
            }
        }
        let extra = base + 24 * PER_POINT;
        push(extra, f32::from(position.off[side.index()]) / 15.0);
        push(extra + 1, pips(position, side) as f32 / 200.0);
        push(extra + 2, f32::from(u8::from(position.can_bear_off(side))));
        push(extra + 3, f32::from(pinned) / 3.0);
        let mother = position.point(side, 1);
        push(extra + 4, f32::from(u8::from(mother.movable(side) && mother.count == 1)));
        push(extra + 5, f32::from(blots) / 5.0);
    }
    // The side not on roll is the one exposed now: each of its blots' hitting rolls out of 36, summed over
    // the blots (a roll hitting two counts twice), and the worst single blot's.
    let them = me.other();
    let (mut sum, mut worst) = (0u32, 0u32);
    let shots = Shots::at(position, them);
    for p in 1..=24u8 {
        let point = position.point(them, p);
        if point.movable(them) && point.count == 1 && !point.prisoner {
            let rolls = shots.rolls(p);
            sum += rolls;
            worst = worst.max(rolls);
        }
    }
    let tail = 2 * (24 * PER_POINT + PER_SIDE);
    push(tail, sum as f32 / 36.0);
    push(tail + 1, worst as f32 / 36.0);
    push(tail + 2, f32::from(u8::from(settings.mother)));
}

/// Appends [`Inputs::Rich`]'s nine inputs to `out` (their indices from [`INPUTS`]): for the side on roll,
/// then the other, the longest run of points it holds closed (÷ 6), the share of the 36 rolls with which its
/// rearmost free checker gets past every closed point within 12 ahead of it, its checkers still behind the other
/// side's rearmost (÷ 15) and its captors that stand alone on their prisoner (÷ 3); then 1 while the sides
/// are still in contact. Each is a conjunction over several points that one hidden unit finds hard to learn.
pub fn encode_rich(position: &Position, out: &mut Vec<(u16, f32)>) {
    let me = position.turn;
    let mut push = |i: usize, v: f32| {
        if v != 0.0 {
            out.push((i as u16, v));
        }
    };
    let mut contact = false;
    for (s, side) in [me, me.other()].into_iter().enumerate() {
        let base = INPUTS + s * RICH_PER_SIDE;
        let (mut run, mut prime, mut lone) = (0u8, 0u8, 0u8);
        for p in 1..=24u8 {
            let point = position.point(side, p);
            let closed = point.movable(side) && (point.count >= 2 || point.prisoner);
            run = if closed { run + 1 } else { 0 };
            prime = prime.max(run);
            lone += u8::from(point.movable(side) && point.count == 1 && point.prisoner);
        }
        let behind = checkers_behind(position, side);
        contact |= behind > 0;
        push(base, f32::from(prime) / 6.0);
        push(base + 1, escapes(position, side) as f32 / 36.0);
        push(base + 2, f32::from(behind) / 15.0);
        push(base + 3, f32::from(lone) / 3.0);
    }
    push(INPUTS + 2 * RICH_PER_SIDE, f32::from(u8::from(contact)));
}

/// `side`'s checkers (pinned ones too) on points below the other side's rearmost checker: those that still
/// have to pass it.
fn checkers_behind(position: &Position, side: Side) -> u8 {
    let other = side.other();
    // The other side's rearmost checker, in `side`'s numbering: its own point q is `side`'s 25 − q.
    let Some(rearmost) = (1..=24u8).find(|&q| position.point(other, q).checkers(other) > 0) else {
        return 0;
    };
    (1..25 - rearmost).map(|p| position.point(side, p).checkers(side)).sum()
}

/// Of the 36 rolls, how many let `side`'s rearmost free checker land beyond the farthest point closed to it
/// within the 12 ahead (a roll's reach), landing only on open points on the way: 36 when none of those is
/// closed, 0 when `side` has no free checker. After gnubg's escapes, with Hapis's closed points (doors and captors).
fn escapes(position: &Position, side: Side) -> u32 {
    let Some(rear) = (1..=24u8).find(|&p| position.point(side, p).movable(side)) else {
        return 0;
    };
    let closed = |p: u8| position.landing(side, p).is_none();
    let Some(last) = (rear + 1..=(rear + 12).min(24)).rev().find(|&p| closed(p)) else {
        return 36;
    };
    let bears_off = position.can_bear_off(side);
    let open = |p: u8| if p > 24 { bears_off } else { !closed(p) };
    let mut count = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let escaped = if a == b {
                // A double moves the checker up to four times, each landing open.
                (1..=4u8).map(|k| rear + k * a).take_while(|&at| open(at)).any(|at| at > last)
            } else {
                [(a, b), (b, a)].into_iter().any(|(x, y)| {
                    let first = rear + x;
                    open(first) && (first > last || (open(first + y) && first + y > last))
                })
            };
            count += u32::from(escaped);
        }
    }
    count
}

/// Why a weight file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The bytes do not start with the format's magic.
    #[error("not a hamle network file (it does not start with HAMLENN1)")]
    Magic,
    /// The file ends inside its header.
    #[error("the file ends inside its header ({0} bytes)")]
    Truncated(usize),
    /// The hidden layer's size is out of range.
    #[error("the file says {0} hidden units; 1 to 4096 are read")]
    Hidden(u32),
    /// The file's shape is not one this build reads.
    #[error("the file holds a network of {inputs} inputs; this build reads {INPUTS} (board) or {RICH_INPUTS} (rich)")]
    Shape {
        /// Inputs in the file.
        inputs: u32,
    },
    /// The file is shorter or longer than its header says.
    #[error("the file has {actual} bytes; its header says {expected}")]
    Length {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes present.
        actual: usize,
    },
    /// A weight is NaN or infinite.
    #[error("weight {0} is not a finite number")]
    NotFinite(usize),
}

/// A network reading [`Inputs`], one hidden layer of sigmoids and [`OUTPUTS`] sigmoid outputs.
#[derive(Clone, PartialEq)]
pub struct Net {
    inputs: Inputs,
    hidden: usize,
    weights: Params,
    /// Self-play games trained so far.
    pub games: u64,
    /// The training seed (game `i` of training draws from its derived stream `i`).
    pub seed: u64,
}

impl fmt::Debug for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (inputs, hidden, games, seed) = (self.inputs.count(), self.hidden, self.games, self.seed);
        write!(f, "Net {{ inputs: {inputs}, hidden: {hidden}, games: {games}, seed: {seed} }}")
    }
}

/// One forward pass with what its gradients need.
#[derive(Clone, Debug)]
pub struct Activations {
    /// The hidden units' outputs.
    pub hidden: Vec<f32>,
    /// The outputs, for the side on roll.
    pub out: [f32; OUTPUTS],
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A fresh network reading the board alone, with `hidden` units and small random weights from `seed`.
    pub fn new(hidden: usize, seed: u64) -> Net {
        Net::with_inputs(Inputs::Board, hidden, seed)
    }

    /// A fresh network reading `inputs`, with `hidden` units and small random weights from `seed`.
    pub fn with_inputs(inputs: Inputs, hidden: usize, seed: u64) -> Net {
        let mut stream = Stream::new(seed);
        let mut draw = |n: usize| (0..n).map(|_| (stream.unit() as f32 - 0.5) * 0.2).collect::<Vec<f32>>();
        let w1 = draw(inputs.count() * hidden);
        let b1 = draw(hidden);
        let w2 = draw(OUTPUTS * hidden);
        Net { inputs, hidden, weights: Params { w1, b1, w2, b2: [0.0; OUTPUTS] }, games: 0, seed }
    }

    /// The network trained by self-play that ships with hamle (`crates/hapis/weights/hapis.net`).
    pub fn shipped() -> Arc<Net> {
        static SHIPPED: OnceLock<Arc<Net>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                // The file is part of the source tree and a test reads it: failing here is a broken build.
                Arc::new(Net::from_bytes(include_bytes!("../../weights/hapis.net")).expect("shipped weights"))
            })
            .clone()
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// What the network reads.
    pub fn inputs(&self) -> Inputs {
        self.inputs
    }

    /// Weights, traces or gradients of this network's shape, all zero.
    pub fn zeros(&self) -> Params {
        Params::zeros(self.inputs, self.hidden)
    }

    /// The forward pass on sparse inputs.
    pub fn forward(&self, inputs: &[(u16, f32)]) -> Activations {
        let (h, weights) = (self.hidden, &self.weights);
        let mut hidden = weights.b1.clone();
        for &(i, x) in inputs {
            let row = &weights.w1[usize::from(i) * h..][..h];
            for (acc, w) in hidden.iter_mut().zip(row) {
                *acc += x * w;
            }
        }
        hidden.iter_mut().for_each(|v| *v = sigmoid(*v));
        let mut out = [0.0; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &weights.w2[k * h..][..h];
            *o = sigmoid(weights.b2[k] + row.iter().zip(&hidden).map(|(w, v)| w * v).sum::<f32>());
        }
        Activations { hidden, out }
    }

    /// The outcome for the side on roll in `position` (not over) under `settings`.
    pub fn outcome(&self, position: &Position, settings: Settings, scratch: &mut Vec<(u16, f32)>) -> Outcome {
        let raw = self.raw_outcome(position, settings, scratch);
        // A side that has borne off a checker can lose no mars (nor, its checkers all home, by the mother rule):
        // the network's guess there would make a waiting play look better than winning now.
        let (me, them) = (position.turn.index(), position.turn.other().index());
        let possible = |borne_off: u8| if borne_off == 0 { 1.0 } else { 0.0 };
        Outcome {
            win: raw.win,
            win_mars: raw.win_mars * possible(position.off[them]),
            lose_mars: raw.lose_mars * possible(position.off[me]),
        }
    }

    /// The network's own outcome, mars chances as it guesses them even where none can be: what self-play chose
    /// its plays by when the shipped weights were trained, so that their commands still make them.
    pub fn raw_outcome(&self, position: &Position, settings: Settings, scratch: &mut Vec<(u16, f32)>) -> Outcome {
        self.inputs.encode(position, settings, scratch);
        let [win, win_mars, lose_mars] = self.forward(scratch).out.map(f64::from);
        // A mars implies a win: keep the chances consistent, as gnubg does.
        Outcome { win, win_mars: win_mars.min(win), lose_mars: lose_mars.min(1.0 - win) }
    }

    /// Adds `scale · ∂out[k]/∂weights` to `grad` (shaped like the weights) for every output k
    /// with a non-zero `scale[k]`, at the inputs and activations of one forward pass.
    pub fn add_gradient(&self, inputs: &[(u16, f32)], act: &Activations, scale: [f32; OUTPUTS], grad: &mut Params) {
        let h = self.hidden;
        for (k, &s) in scale.iter().enumerate() {
            if s == 0.0 {
                continue;
            }
            let y = act.out[k];
            let d = s * y * (1.0 - y);
            grad.b2[k] += d;
            let w2 = &self.weights.w2[k * h..][..h];
            let g2 = &mut grad.w2[k * h..][..h];
            for (((g2, b1), &w), &hj) in g2.iter_mut().zip(grad.b1.iter_mut()).zip(w2).zip(&act.hidden) {
                *g2 += d * hj;
                *b1 += d * w * hj * (1.0 - hj);
            }
            for &(i, x) in inputs {
                let row = &mut grad.w1[usize::from(i) * h..][..h];
                for ((g, &w), &hj) in row.iter_mut().zip(w2).zip(&act.hidden) {
                    *g += d * w * hj * (1.0 - hj) * x;
                }
            }
        }
    }

    /// Adds `step · delta` to the weights.
    pub fn add(&mut self, delta: &Params, step: f32) {
        self.weights.add_scaled(delta, step);
    }

    /// Adds `step · Σₖ error[k] · traces[k]` to the weights in one pass: TD(λ)'s update, the same sums in the
    /// same order as adding each `error[k] · traces[k]` to a zeroed [`Params`] and that to the weights, without
    /// the three extra passes over every weight.
    pub fn add_traces(&mut self, traces: &[Params; OUTPUTS], error: [f32; OUTPUTS], step: f32) {
        let [t0, t1, t2] = traces.each_ref().map(Params::parts);
        for (p, w) in self.weights.parts_mut().into_iter().enumerate() {
            for (i, w) in w.iter_mut().enumerate() {
                *w += step * (error[0] * t0[p][i] + error[1] * t1[p][i] + error[2] * t2[p][i]);
            }
        }
    }

    /// The file format: `HAMLENN1`, inputs ([`Inputs::count`]) and hidden (u32), games and seed (u64), then the f32 weights
    /// (input→hidden by input, hidden biases, hidden→output by output, output biases), all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + 4 * self.weights.values().count());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(self.inputs.count() as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&self.games.to_le_bytes());
        bytes.extend_from_slice(&self.seed.to_le_bytes());
        for w in self.weights.values() {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }

    /// Reads [`Net::to_bytes`]'s format.
    ///
    /// # Errors
    /// [`NetError`] for another format, another shape, a wrong length or a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        if bytes.len() < HEADER {
            return Err(NetError::Truncated(bytes.len()));
        }
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let u64_at = |at: usize| u64::from(u32_at(at)) | (u64::from(u32_at(at + 4)) << 32);
        let inputs = u32_at(8);
        let Some(read) = Inputs::of_count(inputs) else {
            return Err(NetError::Shape { inputs });
        };
        let hidden = u32_at(12);
        if !(1..=4096).contains(&hidden) {
            return Err(NetError::Hidden(hidden));
        }
        let hidden = hidden as usize;
        let count = (read.count() + 1 + OUTPUTS) * hidden + OUTPUTS;
        let expected = HEADER + 4 * count;
        if bytes.len() != expected {
            return Err(NetError::Length { expected, actual: bytes.len() });
        }
        let mut weights = Vec::with_capacity(count);
        for (n, chunk) in bytes[HEADER..].chunks_exact(4).enumerate() {
            let w = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            if !w.is_finite() {
                return Err(NetError::NotFinite(n));
            }
            weights.push(w);
        }
        let b2 = weights.split_off(weights.len() - OUTPUTS);
        let w2 = weights.split_off(weights.len() - OUTPUTS * hidden);
        let b1 = weights.split_off(weights.len() - hidden);
        let weights = Params { w1: weights, b1, w2, b2: [b2[0], b2[1], b2[2]] };
        Ok(Net { inputs: read, hidden, weights, games: u64_at(16), seed: u64_at(24) })
    }

    /// Whether every weight is a finite number (training with too large a step can make them diverge).
    pub fn is_finite(&self) -> bool {
        self.weights.values().all(|w| w.is_finite())
    }
}

/// A set of values shaped like a network's weights: gradients and eligibility traces.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Like the input → hidden weights.
    pub w1: Vec<f32>,
    /// Like the hidden biases.
    pub b1: Vec<f32>,
    /// Like the hidden → output weights.
    pub w2: Vec<f32>,
    /// Like the output biases.
    pub b2: [f32; OUTPUTS],
}

impl Params {
    /// All zeros, shaped for a network reading `inputs` with `hidden` units.
    pub fn zeros(inputs: Inputs, hidden: usize) -> Params {
        Params {
            w1: vec![0.0; inputs.count() * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; OUTPUTS * hidden],
            b2: [0.0; 3],
        }
    }

    /// Every value, in the weight file's order.
    pub fn values(&self) -> impl Iterator<Item = &f32> {
        self.w1.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2)
    }

    /// The values as four slices, in the weight file's order: loops over slices vectorise, chained iterators
    /// do not, and training spends most of its time in these loops.
    fn parts(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    fn parts_mut(&mut self) -> [&mut [f32]; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// Multiplies every value by `factor`.
    pub fn scale(&mut self, factor: f32) {
        self.parts_mut().into_iter().flatten().for_each(|v| *v *= factor);
    }

    /// `self += factor · other` (nothing to do when `factor` is 0).
    pub fn add_scaled(&mut self, other: &Params, factor: f32) {
        if factor == 0.0 {
            return;
        }
        for (a, b) in self.parts_mut().into_iter().zip(other.parts()) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += factor * b);
        }
    }
}

/// The network as an evaluation of Hapis positions, with its terminal results exact.
#[derive(Clone, Debug)]
pub struct NeuralEval {
    /// The network.
    pub net: Arc<Net>,
}

impl Default for NeuralEval {
    fn default() -> Self {
        NeuralEval { net: Net::shipped() }
    }
}

impl NeuralEval {
    /// The outcome for the side on roll in `position`: the game's result if it is over, else the network's.
    pub fn outcome(&self, position: &Position, settings: Settings, scratch: &mut Vec<(u16, f32)>) -> Outcome {
        match Hapis::result(position, settings) {
            Some(points) => Outcome::of_points(points[position.turn.index()]),
            None => self.net.outcome(position, settings, scratch),
        }
    }
}
