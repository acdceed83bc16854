//! Texel's tuning method for the engine's evaluation: play games against itself, label each quiet position
//! with the game's result, and move every weight to make `sigmoid(eval)` predict the results better.
//!
//! Because the evaluation is linear in its weights ([`super::eval::features`]), the error's gradient is
//! exact and cheap: the tuner runs Adam on the whole set at once instead of Texel's one-weight-at-a-time
//! search. `hamle train chess` drives it.

use std::sync::atomic::AtomicBool;

use cozy_chess::{Board, Color};
use hamle_core::Stream;

use super::eval::{Weight, Weights, features, term};
use super::search::{Limits, MATE, Searcher, is_capture};
use crate::openings;
use crate::rules::{Chess, Move};
use hamle_core::Game;

/// A position labelled with its game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position in FEN.
    pub fen: String,
    /// White's points: a game's 1, ½ or 0, or an expectation between them (a label from a stronger engine).
    pub result: f64,
}

/// Plies played at random after the opening suite's position, so that games differ.
const RANDOM_PLIES: usize = 2;
/// A side this far ahead (centipawns) for [`ADJUDICATE_PLIES`] plies in a row is scored the winner.
const ADJUDICATE_SCORE: i32 = 1_000;
const ADJUDICATE_PLIES: usize = 6;
/// Longest game, in plies, before it is scored a draw.
const MAX_PLIES: usize = 300;

/// Plays game `index` of a self-play run from `seed`, each move searched to `nodes` nodes, and returns its
/// quiet positions (not in check, the move chosen neither a capture nor a promotion, no mate in sight)
/// labelled with the result.
pub fn self_play(seed: u64, index: usize, nodes: u64) -> Vec<Labelled> {
    let mut stream = Stream::new(seed).derive(index as u64);
    let suite = openings::positions();
    let mut game = Chess::from_board(openings::opening(index % suite.len()));
    for _ in 0..RANDOM_PLIES {
        let moves = game.board_moves();
        let Some(&mv) = stream.pick(&moves) else { break };
        game.play(Move::Board(mv));
    }
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    let mut kept = Vec::new();
    let mut winning: (Option<Color>, usize) = (None, 0);
    let mut result = None;
    for _ in 0..MAX_PLIES {
        if let Some(points) = game.points() {
            result = Some(points[0]);
            break;
        }
        if game.claimable().is_some() {
            result = Some(0.5);
            break;
        }
        let board = game.board().clone();
        let history = super::history_keys(&game);
        let limits = Limits { nodes: Some(nodes), ..Limits::default() };
        let outcome = searcher.search(&board, &history, limits, &stop, &mut |_| {});
        let Some(mv) = outcome.best else { break };
        let quiet = !is_capture(&board, mv) && mv.promotion.is_none();
        if quiet && board.checkers().is_empty() && outcome.value.abs() < ADJUDICATE_SCORE {
            kept.push(board.to_string());
        }
        let leader = match outcome.value {
            v if v >= ADJUDICATE_SCORE => Some(board.side_to_move()),
            v if v <= -ADJUDICATE_SCORE => Some(!board.side_to_move()),
            _ => None,
        };
        winning = if leader.is_some() && leader == winning.0 { (leader, winning.1 + 1) } else { (leader, 1) };
        if let (Some(color), n) = winning
            && (n >= ADJUDICATE_PLIES || outcome.value.abs() > MATE - 100)
            && n >= 2
        {
            result = Some(if color == Color::White { 1.0 } else { 0.0 });
            break;
        }
        game.play(Move::Board(mv));
    }
    let result = result.unwrap_or(0.5);
    kept.into_iter().map(|fen| Labelled { fen, result }).collect()
}

/// A labelled position as the tuner needs it: its features, phase and result.
#[derive(Clone, Debug)]
pub struct Sample {
    counts: Vec<(u16, i32)>,
    phase: i32,
    result: f64,
}

impl Sample {
    /// The sample of a labelled position; `None` for a FEN that does not read.
    pub fn new(position: &Labelled) -> Option<Sample> {
        let board: Board = position.fen.parse().ok()?;
        let (counts, phase) = features(&board);
        Some(Sample { counts, phase, result: position.result })
    }

    /// White's evaluation under real-valued weights.
    fn eval(&self, weights: &[(f64, f64)]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(t, c) in &self.counts {
            let (m, e) = weights[usize::from(t)];
            mg += m * f64::from(c);
            eg += e * f64::from(c);
        }
        let phase = f64::from(self.phase) / 24.0;
        mg * phase + eg * (1.0 - phase)
    }
}

/// Texel's sigmoid: the expected score of a position evaluated `eval` centipawns, with scale `k`.
pub fn expected(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn real(weights: &Weights) -> Vec<(f64, f64)> {
    weights.terms.iter().map(|w| (f64::from(w.mg), f64::from(w.eg))).collect()
}

/// Mean squared error of the results' prediction.
pub fn error(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let w = real(weights);
    samples.iter().map(|s| (s.result - expected(s.eval(&w), k)).powi(2)).sum::<f64>() / samples.len().max(1) as f64
}

/// The scale `k` that makes `weights` predict best (a golden-section search on 0.1..=3).
pub fn fit_k(samples: &[Sample], weights: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Terms the tuner leaves alone: the king's material (kings are never traded) and pawns' squares on the
/// first and last ranks (pawns never stand there).
fn frozen(index: usize) -> bool {
    let pawn_rows = term::PST..term::PST + 64;
    index == term::MATERIAL + 5 || (pawn_rows.contains(&index) && !(8..56).contains(&(index - term::PST)))
}

/// Terms whose endgame weight the tuner leaves as it starts (0 in `start.txt`): danger to a king needs two
/// attackers, nearly always with a queen among them, so endgame positions say next to nothing about it (tuned
/// freely, its endgame weights swung by hundreds of centipawns on a few positions each).
fn middle_game_only(index: usize) -> bool {
    (term::KING_DANGER..term::KING_DANGER + term::KING_DANGER_STEPS).contains(&index)
}

/// Which weights a tuning moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The terms added to PeSTO's — pawn structure and passed pawns, mobility, threats, outposts, king safety,
    /// the bishop pair, rooks on open files, the tempo — and not its material or tables: tuned on self-play's
    /// results they lost 42 Elo, and on Stockfish's labels 132, their scale moving away from the one the
    /// search's margins were set for (`docs/benchmarks.md`).
    Terms,
    /// Every weight, material and tables included.
    All,
}

impl Scope {
    fn moves(self, index: usize) -> bool {
        !frozen(index) && (self == Scope::All || index >= term::PASSED)
    }
}

/// Adam on the mean squared error from `start`, for `epochs` passes over every sample, moving the weights of
/// `scope`; `report` hears each epoch's error before the step.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    k: f64,
    epochs: usize,
    scope: Scope,
    report: &mut dyn FnMut(usize, f64),
) -> Weights {
    let mut w = real(start);
    let n = w.len();
    let (mut m, mut v) = (vec![(0.0, 0.0); n], vec![(0.0, 0.0); n]);
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    let scale = k * 10f64.ln() / 400.0;
    for epoch in 0..epochs {
        let mut grad = vec![(0.0f64, 0.0f64); n];
        let mut total = 0.0;
        for s in samples {
            let p = expected(s.eval(&w), k);
            total += (s.result - p).powi(2);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * scale;
            let phase = f64::from(s.phase) / 24.0;
            for &(t, c) in &s.counts {
                let entry = &mut grad[usize::from(t)];
                entry.0 += g * f64::from(c) * phase;
                entry.1 += g * f64::from(c) * (1.0 - phase);
            }
        }
        report(epoch, total / samples.len().max(1) as f64);
        let count = samples.len().max(1) as f64;
        let t = (epoch + 1) as i32;
        for i in (0..n).filter(|&i| scope.moves(i)) {
            for part in 0..2 {
                if part == 1 && middle_game_only(i) {
                    continue;
                }
                let g = if part == 0 { grad[i].0 } else { grad[i].1 } / count;
                let (mi, vi, wi) = if part == 0 {
                    (&mut m[i].0, &mut v[i].0, &mut w[i].0)
                } else {
                    (&mut m[i].1, &mut v[i].1, &mut w[i].1)
                };
                *mi = beta1 * *mi + (1.0 - beta1) * g;
                *vi = beta2 * *vi + (1.0 - beta2) * g * g;
                let m_hat = *mi / (1.0 - beta1.powi(t));
                let v_hat = *vi / (1.0 - beta2.powi(t));
                *wi -= rate * m_hat / (v_hat.sqrt() + 1e-12);
            }
        }
    }
    Weights { terms: w.iter().map(|&(mg, eg)| Weight { mg: mg.round() as i32, eg: eg.round() as i32 }).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_self_play_game_replays_from_its_seed_and_keeps_quiet_positions() {
        let a = self_play(5, 3, 300);
        assert_eq!(a, self_play(5, 3, 300));
        assert!(!a.is_empty());
        for p in &a {
            let board: Board = p.fen.parse().expect("a FEN the board wrote");
            assert!(board.checkers().is_empty(), "{}", p.fen);
            assert!([0.0, 0.5, 1.0].contains(&p.result), "self-play labels with a game's result");
        }
        assert_ne!(a, self_play(5, 4, 300), "another game, other positions");
    }

    /// Tuning samples of positions and their results.
    fn samples(labelled: &[(&str, f64)]) -> Vec<Sample> {
        labelled.iter().filter_map(|&(fen, result)| Sample::new(&Labelled { fen: fen.into(), result })).collect()
    }

    #[test]
    fn tuning_lowers_the_error_and_learns_what_the_results_say() {
        // Positions where white has an extra knight always win, the rest draw: the knight's value must rise
        // when it starts at zero.
        let samples = samples(&[
            ("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1", 1.0),
            ("1n2k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.0),
            ("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.5),
        ]);
        let mut start = Weights::shipped().clone();
        start.terms[term::MATERIAL + 1] = Weight { mg: 0, eg: 0 };
        let before = error(&samples, &start, 1.0);
        let mut errors = Vec::new();
        let tuned = tune(&samples, &start, 1.0, 200, Scope::All, &mut |_, e| errors.push(e));
        assert!(error(&samples, &tuned, 1.0) < before / 2.0);
        assert!(tuned.terms[term::MATERIAL + 1].eg > 100, "{:?}", tuned.terms[term::MATERIAL + 1]);
        assert_eq!(tuned.terms[term::MATERIAL + 5], start.terms[term::MATERIAL + 5], "the king's value is frozen");
        assert!((errors[0] - before).abs() < 1e-9);
        // The added terms alone: material and tables keep their values; the knight's mobility, the one
        // added term that tells the knight's side apart, takes up what the knight's value cannot.
        let terms = tune(&samples, &start, 1.0, 20, Scope::Terms, &mut |_, _| {});
        let knight_b1 = term::PST + 64 + 1;
        assert_eq!(terms.terms[knight_b1], start.terms[knight_b1], "the tables stay");
        assert_eq!(terms.terms[term::MATERIAL + 1], start.terms[term::MATERIAL + 1], "material stays");
        assert_ne!(terms.terms[term::MOBILITY], start.terms[term::MOBILITY], "the knight's mobility moves");
        assert_ne!(tuned.terms[knight_b1], start.terms[knight_b1], "with every weight, the tables move too");
    }

    #[test]
    fn king_danger_moves_only_in_the_middle_game() {
        // White's knight and queen on black's king (7 units) win; black's pair on white's king loses.
        let samples =
            samples(&[("6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1", 1.0), ("6k1/5ppp/8/8/6nq/8/5PPP/6K1 b - - 0 1", 0.0)]);
        let mut start = Weights::shipped().clone();
        let step = term::KING_DANGER + 7;
        start.terms[step] = Weight { mg: 0, eg: 40 };
        let tuned = tune(&samples, &start, 1.0, 20, Scope::Terms, &mut |_, _| {});
        assert!(tuned.terms[step].mg > 0, "the middle-game weight learns: {:?}", tuned.terms[step]);
        assert_eq!(tuned.terms[step].eg, 40, "the endgame weight stays where it started");
    }

    #[test]
    fn k_fits_where_the_error_is_least() {
        let samples = samples(&[("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 1.0), ("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 0.5)]);
        let w = Weights::shipped();
        let k = fit_k(&samples, w);
        for other in [k * 0.8, k * 1.25] {
            assert!(error(&samples, w, k) <= error(&samples, w, other));
        }
    }
}
