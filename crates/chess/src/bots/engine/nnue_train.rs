//! Training the neural evaluation ([`super::nnue`]) on labelled positions: floating-point weights, squared
//! error between the label and the sigmoid of the network's centipawns, Adam on mini-batches, then
//! quantisation to the integer network the search reads.
//!
//! The sigmoid is Texel's ([`super::tune::expected`]) at the scale [`K`], the one the hand-made evaluation
//! fitted on the same labels, so the network's centipawns mean what the search's margins were made for.

use cozy_chess::{Board, Color, Piece};
use hamle_core::Stream;

use super::eval::{Weights, evaluate};
use super::nnue::{HIDDEN, INPUTS, Network, QA, QB, SCALE, input};
use super::tune::Labelled;

/// Texel's scale for the network's centipawns.
pub const K: f32 = 1.562;
/// Float weights are kept within this, so that the quantised products fit their integers.
const CLIP: f32 = 1.98;

/// A labelled position as the trainer reads it: its inputs from each side and the label for the side to move.
#[derive(Clone, Debug)]
pub struct Sample {
    inputs: [Vec<u16>; 2],
    white_to_move: bool,
    target: f32,
    /// The hand-made evaluation for the side to move, which a correcting network adds to.
    base: f32,
}

impl Sample {
    /// The sample of a labelled position; `None` for a FEN that does not read.
    pub fn new(position: &Labelled, correcting: bool) -> Option<Sample> {
        let board: Board = position.fen.parse().ok()?;
        let mut inputs = [Vec::with_capacity(32), Vec::with_capacity(32)];
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    for side in Color::ALL {
                        inputs[side as usize].push(input(side, color, piece, square) as u16);
                    }
                }
            }
        }
        let white_to_move = board.side_to_move() == Color::White;
        let result = position.result as f32;
        let base = if correcting { evaluate(&board, Weights::shipped()) as f32 } else { 0.0 };
        Some(Sample { inputs, white_to_move, target: if white_to_move { result } else { 1.0 - result }, base })
    }
}

/// A network in floating point, as training moves it.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    hidden: Vec<f32>,
    hidden_bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

/// Adam's state for one block of weights.
#[derive(Clone, Debug)]
struct Moments {
    mean: Vec<f32>,
    square: Vec<f32>,
}

impl Moments {
    fn new(len: usize) -> Moments {
        Moments { mean: vec![0.0; len], square: vec![0.0; len] }
    }

    fn step(&mut self, weights: &mut [f32], grads: &[f32], rate: f32, t: i32, clip: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let (c1, c2) = (1.0 - B1.powi(t), 1.0 - B2.powi(t));
        for (((w, g), m), v) in weights.iter_mut().zip(grads).zip(&mut self.mean).zip(&mut self.square) {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *w = w.clamp(-clip, clip);
        }
    }
}

impl FloatNetwork {
    /// A network of small random weights drawn from `stream`.
    pub fn random(stream: &mut Stream) -> FloatNetwork {
        let mut draw = |scale: f64| ((stream.unit() * 2.0 - 1.0) * scale) as f32;
        let hidden = (0..INPUTS * HIDDEN).map(|_| draw(0.05)).collect();
        let output = (0..2 * HIDDEN).map(|_| draw(1.0 / (2.0 * HIDDEN as f64).sqrt())).collect();
        FloatNetwork { hidden, hidden_bias: vec![0.0; HIDDEN], output, output_bias: 0.0 }
    }

    fn sums(&self, inputs: &[u16]) -> [f32; HIDDEN] {
        let mut sums = [0.0; HIDDEN];
        sums.copy_from_slice(&self.hidden_bias);
        for &i in inputs {
            let row = &self.hidden[usize::from(i) * HIDDEN..][..HIDDEN];
            sums.iter_mut().zip(row).for_each(|(s, w)| *s += w);
        }
        sums
    }

    /// The network's centipawns for the side to move in `sample`.
    pub fn centipawns(&self, sample: &Sample) -> f32 {
        let (us, them) = self.sides(sample);
        let activated = |s: &f32| s.clamp(0.0, 1.0).powi(2);
        let out: f32 = us.iter().map(activated).zip(&self.output[..HIDDEN]).map(|(a, w)| a * w).sum::<f32>()
            + them.iter().map(activated).zip(&self.output[HIDDEN..]).map(|(a, w)| a * w).sum::<f32>()
            + self.output_bias;
        out * SCALE as f32
    }

    fn sides(&self, sample: &Sample) -> ([f32; HIDDEN], [f32; HIDDEN]) {
        let (us, them) = if sample.white_to_move { (0, 1) } else { (1, 0) };
        (self.sums(&sample.inputs[us]), self.sums(&sample.inputs[them]))
    }

    /// The integer network: hidden weights times [`QA`], output weights times [`QB`]; `corrects` says whether
    /// it was trained as a correction to the hand-made evaluation.
    pub fn quantise(&self, corrects: bool) -> Network {
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
        let mut network = Network {
            hidden: vec![[0; HIDDEN]; INPUTS],
            hidden_bias: [0; HIDDEN],
            output: [0; 2 * HIDDEN],
            output_bias: (self.output_bias * (QA * QB) as f32).round() as i32,
            corrects,
        };
        for (row, weights) in network.hidden.iter_mut().zip(self.hidden.chunks_exact(HIDDEN)) {
            row.iter_mut().zip(weights).for_each(|(r, &w)| *r = q(w, QA));
        }
        network.hidden_bias.iter_mut().zip(&self.hidden_bias).for_each(|(r, &w)| *r = q(w, QA));
        network.output.iter_mut().zip(&self.output).for_each(|(r, &w)| *r = q(w, QB));
        network
    }
}

/// The expected score for the side to move of a position its network puts at `cp` centipawns.
fn expected(cp: f32) -> f32 {
    1.0 / (1.0 + 10f32.powf(-K * cp / 400.0))
}

/// Mean squared error of the network's expectations against the labels.
pub fn error(network: &FloatNetwork, samples: &[Sample]) -> f64 {
    let sum: f64 =
        samples.iter().map(|s| f64::from((expected(s.base + network.centipawns(s)) - s.target).powi(2))).sum();
    sum / samples.len().max(1) as f64
}

/// Mean squared error of the integer network as the search reads it (the hand-made evaluation added when it
/// corrects that) against the labels of `positions`; FENs that do not read are skipped.
pub fn quantised_error(network: &Network, positions: &[Labelled]) -> f64 {
    let mut sum = 0.0;
    let mut count = 0;
    for position in positions {
        let Ok(board) = position.fen.parse::<Board>() else { continue };
        let mut cp = network.evaluate(&board);
        if network.corrects {
            cp += evaluate(&board, Weights::shipped());
        }
        let white = if board.side_to_move() == Color::White { cp } else { -cp };
        sum += f64::from((expected(white as f32) - position.result as f32).powi(2));
        count += 1;
    }
    sum / f64::from(count.max(1))
}

/// How a training run goes: its length, step and batches.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// Passes over the samples.
    pub epochs: usize,
    /// Adam's first step size; it falls tenfold at 70 % of the epochs and again at 90 %.
    pub rate: f32,
    /// Samples per step.
    pub batch: usize,
}

/// Gradients of one batch, in the shape of the network.
struct Grads {
    hidden: Vec<f32>,
    hidden_bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

/// Trains `network` on `samples` (shuffled from `stream` each epoch); `epoch_done` hears each epoch's
/// number, its mean training error and the network as it stands.
pub fn train(
    network: &mut FloatNetwork,
    samples: &[Sample],
    schedule: Schedule,
    stream: &mut Stream,
    epoch_done: &mut dyn FnMut(usize, f64, &FloatNetwork),
) {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut moments = [Moments::new(INPUTS * HIDDEN), Moments::new(HIDDEN), Moments::new(2 * HIDDEN), Moments::new(1)];
    let mut grads = Grads {
        hidden: vec![0.0; INPUTS * HIDDEN],
        hidden_bias: vec![0.0; HIDDEN],
        output: vec![0.0; 2 * HIDDEN],
        output_bias: 0.0,
    };
    let mut t = 0;
    for epoch in 1..=schedule.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, stream.below(i + 1));
        }
        let rate = match epoch * 10 {
            e if e > schedule.epochs * 9 => schedule.rate / 100.0,
            e if e > schedule.epochs * 7 => schedule.rate / 10.0,
            _ => schedule.rate,
        };
        let mut total = 0.0;
        for batch in order.chunks(schedule.batch.max(1)) {
            grads.hidden.fill(0.0);
            grads.hidden_bias.fill(0.0);
            grads.output.fill(0.0);
            grads.output_bias = 0.0;
            for &index in batch {
                total += f64::from(network.backward(&samples[index], &mut grads));
            }
            let n = batch.len() as f32;
            grads.hidden.iter_mut().chain(&mut grads.hidden_bias).chain(&mut grads.output).for_each(|g| *g /= n);
            t += 1;
            moments[0].step(&mut network.hidden, &grads.hidden, rate, t, CLIP);
            moments[1].step(&mut network.hidden_bias, &grads.hidden_bias, rate, t, f32::MAX);
            moments[2].step(&mut network.output, &grads.output, rate, t, CLIP);
            let mut bias = [network.output_bias];
            moments[3].step(&mut bias, &[grads.output_bias / n], rate, t, f32::MAX);
            network.output_bias = bias[0];
        }
        epoch_done(epoch, total / samples.len().max(1) as f64, network);
    }
}

impl FloatNetwork {
    /// Adds one sample's gradient of the squared error to `grads`; returns the error.
    fn backward(&self, sample: &Sample, grads: &mut Grads) -> f32 {
        let (us, them) = self.sides(sample);
        let activated = |s: f32| s.clamp(0.0, 1.0).powi(2);
        let mut out = self.output_bias;
        for i in 0..HIDDEN {
            out += activated(us[i]) * self.output[i] + activated(them[i]) * self.output[HIDDEN + i];
        }
        let cp = out * SCALE as f32;
        let p = expected(sample.base + cp);
        let diff = p - sample.target;
        // d(error)/d(out): the square's, the sigmoid's, and the scale's factors.
        let g = 2.0 * diff * p * (1.0 - p) * K * std::f32::consts::LN_10 / 400.0 * SCALE as f32;
        grads.output_bias += g;
        let (own, other) = if sample.white_to_move { (0, 1) } else { (1, 0) };
        for (half, sums, inputs) in [(0, &us, &sample.inputs[own]), (1, &them, &sample.inputs[other])] {
            let mut back = [0.0f32; HIDDEN];
            for i in 0..HIDDEN {
                let s = sums[i];
                grads.output[half * HIDDEN + i] += g * activated(s);
                back[i] = if s > 0.0 && s < 1.0 { g * self.output[half * HIDDEN + i] * 2.0 * s } else { 0.0 };
            }
            grads.hidden_bias.iter_mut().zip(&back).for_each(|(b, d)| *b += d);
            for &input in inputs {
                let row = &mut grads.hidden[usize::from(input) * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(&back).for_each(|(r, d)| *r += d);
            }
        }
        diff * diff
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labelled(fen: &str, result: f64) -> Labelled {
        Labelled { fen: fen.into(), result }
    }

    const POSITIONS: [(&str, f64); 4] = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0.55),
        ("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 0.97),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0.8),
        ("r3k3/8/8/8/8/8/8/4K3 b - - 0 1", 0.02),
    ];

    #[test]
    fn a_network_quantised_as_a_correction_says_so() {
        let network = FloatNetwork::random(&mut Stream::new(2));
        assert!(network.quantise(true).corrects);
        assert!(!network.quantise(false).corrects);
    }

    #[test]
    fn the_quantised_network_evaluates_within_fifteen_centipawns_of_the_float_one() {
        // Trained first, so that its outputs are hundreds of centipawns, each side's half of the hidden layer
        // weighing in: a random network's few centipawns would hide a half left out or taken away.
        let samples: Vec<Sample> =
            POSITIONS.iter().map(|&(fen, r)| Sample::new(&labelled(fen, r), false).expect("a FEN")).collect();
        let mut network = FloatNetwork::random(&mut Stream::new(1));
        let schedule = Schedule { epochs: 300, rate: 0.01, batch: 2 };
        train(&mut network, &samples, schedule, &mut Stream::new(4), &mut |_, _, _| {});
        let quantised = network.quantise(false);
        for (fen, result) in POSITIONS {
            let sample = Sample::new(&labelled(fen, result), false).expect("a FEN");
            let board: Board = fen.parse().expect("a FEN");
            let (float, integer) = (network.centipawns(&sample), quantised.evaluate(&board));
            assert!((float - integer as f32).abs() <= 15.0, "{fen}: {float} against {integer}");
        }
        let queen_down = Board::from_fen(POSITIONS[1].0, false).expect("a FEN");
        assert!(quantised.evaluate(&queen_down) < -200, "the label taught it black is lost");
    }

    #[test]
    fn training_learns_the_labels_and_stays_within_the_clip() {
        let samples: Vec<Sample> =
            POSITIONS.iter().map(|&(fen, r)| Sample::new(&labelled(fen, r), false).expect("a FEN")).collect();
        let mut network = FloatNetwork::random(&mut Stream::new(2));
        let before = error(&network, &samples);
        let schedule = Schedule { epochs: 300, rate: 0.01, batch: 2 };
        let mut epochs = 0;
        train(&mut network, &samples, schedule, &mut Stream::new(3), &mut |_, _, _| epochs += 1);
        assert_eq!(epochs, 300);
        let after = error(&network, &samples);
        assert!(after < before / 20.0 && after < 1e-3, "error {before} → {after}");
        // Black to move a queen down: the label says white wins, so black's side sees a loss.
        assert!(network.centipawns(&samples[1]) < -200.0);
        assert!(network.hidden.iter().chain(&network.output).all(|w| w.abs() <= CLIP));
    }

    #[test]
    fn a_correcting_network_learns_only_what_the_hand_made_evaluation_misses() {
        let position = labelled(POSITIONS[2].0, POSITIONS[2].1);
        let (whole, correcting) = (Sample::new(&position, false), Sample::new(&position, true));
        let (whole, correcting) = (whole.expect("a FEN"), correcting.expect("a FEN"));
        let board: Board = position.fen.parse().expect("a FEN");
        assert_eq!(whole.base, 0.0);
        assert_eq!(correcting.base, evaluate(&board, Weights::shipped()) as f32);
    }
}
