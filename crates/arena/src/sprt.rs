//! Sequential probability ratio tests between two bots, as fishtest runs them for Stockfish: games in pairs
//! from one opening with the starts swapped, each pair scored 0, ¼, ½, ¾ or 1 for A (the pentanomial model),
//! and the generalised log-likelihood ratio of the two hypotheses, checked after every pair until it crosses
//! one of Wald's bounds. `docs/lab.md` gives the formulas.

use serde::{Deserialize, Serialize};

use crate::ArenaError;
use crate::matches::{GameRecord, MatchOptions, MatchReport};
use crate::registry::GameKind;
use hamle_core::Spec;

/// The expected score of a player `elo` points stronger than its opponent (logistic Elo).
///
/// ```
/// use hamle_arena::sprt::score_of_elo;
/// assert_eq!(score_of_elo(0.0), 0.5);
/// assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
/// ```
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Wald's bounds on the log-likelihood ratio for error rates `alpha` (accepting H1 when H0 holds) and `beta`
/// (accepting H0 when H1 holds): H0 is accepted at or below the first, H1 at or above the second.
///
/// ```
/// let (lower, upper) = hamle_arena::sprt::bounds(0.05, 0.05);
/// assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
/// ```
pub fn bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Pairs of games counted by A's points in them: 0, ½, 1, 1½ and 2.
pub type Pentanomial = [u64; 5];

/// The log-likelihood ratio of H1 (A is `elo1` stronger than B) against H0 (`elo0` stronger), from the pairs'
/// outcomes: the generalised likelihood ratio of the pentanomial model. For each hypothesis take the
/// distribution over the five outcomes that best explains the pairs (maximum likelihood) among those whose
/// expected score is the one the hypothesis gives (`s0`, `s1`); the ratio is `N Σ p̂ ln(p1 / p0)` over the
/// outcomes, `p̂` the observed shares and `N` the pairs. As fishtest does, an outcome never seen counts as a
/// thousandth of a pair. 0 with no pairs.
///
/// ```
/// use hamle_arena::sprt::llr;
/// assert_eq!(llr(&[0, 0, 0, 0, 0], 0.0, 5.0), 0.0);
/// assert!(llr(&[10, 20, 40, 20, 10], 0.0, 5.0) < 0.0, "even pairs favour H0 (no gain)");
/// assert!(llr(&[5, 15, 40, 25, 15], 0.0, 5.0) > 0.0, "A ahead favours H1");
/// ```
pub fn llr(pairs: &Pentanomial, elo0: f64, elo1: f64) -> f64 {
    if pairs.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let counts = pairs.map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let total: f64 = counts.iter().sum();
    let observed = counts.map(|c| c / total);
    let (h0, h1) =
        (nearest_with_score(&observed, score_of_elo(elo0)), nearest_with_score(&observed, score_of_elo(elo1)));
    total * (0..5).map(|k| observed[k] * (h1[k] / h0[k]).ln()).sum::<f64>()
}

/// The score of a pair outcome: A's points in the pair over 2.
fn pair_score(outcome: usize) -> f64 {
    outcome as f64 / 4.0
}

/// The distribution of the greatest likelihood for `observed` among those with expected score `s` (strictly
/// between 0 and 1): `observed_k / (1 + λ (a_k − s))`, where `a_k` is outcome `k`'s score and `λ` makes the
/// expected score `s`. The expected score falls as `λ` rises, from 1 to 0 over the `λ` that keep every weight
/// positive, so bisection finds it.
fn nearest_with_score(observed: &[f64; 5], s: f64) -> [f64; 5] {
    let shift = |k: usize| pair_score(k) - s;
    let excess = |lambda: f64| (0..5).map(|k| observed[k] * shift(k) / (1.0 + lambda * shift(k))).sum::<f64>();
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if excess(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let lambda = (low + high) / 2.0;
    let weights: [f64; 5] = std::array::from_fn(|k| observed[k] / (1.0 + lambda * shift(k)));
    let sum: f64 = weights.iter().sum();
    weights.map(|w| w / sum)
}

/// The largest Elo difference a hypothesis may name.
pub const MAX_ELO: f64 = 2_000.0;

/// What a test asks: the two hypotheses, in logistic Elo of A over B, the error rates, and the most games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtOptions {
    /// H0: A is this much stronger (often 0: no gain).
    pub elo0: f64,
    /// H1: A is this much stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// The test stops undecided after this many games.
    pub max_games: usize,
}

impl SprtOptions {
    /// Refuses hypotheses that cannot be told apart and error rates outside (0, ½).
    pub fn check(&self) -> Result<(), ArenaError> {
        let rate = |x: f64| x > 0.0 && x < 0.5;
        // Past a few thousand Elo an expected score is 0 or 1 in floating point and the ratio has no value.
        let elo = |x: f64| (-MAX_ELO..=MAX_ELO).contains(&x);
        if !(elo(self.elo0) && elo(self.elo1) && self.elo0 < self.elo1) {
            return Err(ArenaError::Unsupported(format!(
                "--elo0 ({}) must be below --elo1 ({}), both from -{MAX_ELO} to {MAX_ELO}",
                self.elo0, self.elo1
            )));
        }
        if !rate(self.alpha) || !rate(self.beta) {
            return Err(ArenaError::Unsupported(format!(
                "--alpha ({}) and --beta ({}) must each be above 0 and below 0.5",
                self.alpha, self.beta
            )));
        }
        if self.max_games < 2 {
            return Err(ArenaError::Unsupported("--max-games must be at least 2 (one pair)".into()));
        }
        Ok(())
    }
}

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The ratio fell to the lower bound: H0 (A is at most `elo0` stronger) accepted.
    H0,
    /// The ratio rose to the upper bound: H1 (A is at least `elo1` stronger) accepted.
    H1,
    /// The most games were played first.
    Undecided,
}

/// What a test found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// What was asked.
    pub options: SprtOptions,
    /// Wald's bounds on the ratio: lower, upper.
    pub bounds: [f64; 2],
    /// The ratio when the test stopped.
    pub llr: f64,
    /// How it ended.
    pub verdict: Verdict,
    /// The pairs by A's points: 0, ½, 1, 1½, 2.
    pub pairs: Pentanomial,
    /// The ratio after each pair, in order.
    pub trace: Vec<f64>,
    /// The games played, totalled as a match.
    #[serde(rename = "match")]
    pub report: MatchReport,
}

impl SprtReport {
    /// The test's outcome for people, then the match's table.
    pub fn table(&self) -> String {
        let o = &self.options;
        let verdict = match self.verdict {
            Verdict::H0 => format!("H0 accepted (Elo {} fits the games better than {})", o.elo0, o.elo1),
            Verdict::H1 => format!("H1 accepted (Elo {} fits the games better than {})", o.elo1, o.elo0),
            Verdict::Undecided => format!("undecided after the most games ({})", o.max_games),
        };
        let [n0, n1, n2, n3, n4] = self.pairs;
        format!(
            "SPRT of {a} against {b}: H0 Elo {e0}, H1 Elo {e1} (logistic), alpha {al}, beta {be}\n\
             LLR {llr:.2} (bounds {lo:.2}, {hi:.2}) after {games} games: {verdict}\n\
             pairs by A's points (0, ½, 1, 1½, 2): {n0} {n1} {n2} {n3} {n4}\n\n{table}",
            a = self.report.a.bot,
            b = self.report.b.bot,
            e0 = o.elo0,
            e1 = o.elo1,
            al = o.alpha,
            be = o.beta,
            llr = self.llr,
            lo = self.bounds[0],
            hi = self.bounds[1],
            games = self.report.games,
            table = self.report.table(),
        )
    }
}

/// A pair's index in [`Pentanomial`]: A's points in its two games, doubled.
fn pair_outcome(first: &GameRecord, second: &GameRecord) -> usize {
    let points = |r: &GameRecord| match r.a_points.partial_cmp(&r.b_points) {
        Some(std::cmp::Ordering::Greater) => 2,
        Some(std::cmp::Ordering::Less) => 0,
        _ => 1,
    };
    points(first) + points(second)
}

/// Runs the test: pairs of games of `game` between `a` and `b`, as `hamle match` plays them with `options`
/// (its `games` and `first` are the test's to set), a batch of pairs at a time across the threads, the ratio
/// checked after each pair in order. The games after the deciding pair are dropped, so the outcome does not
/// depend on the number of threads. `progress` hears the games played and the ratio after each batch.
pub fn run_sprt(
    kind: &dyn GameKind,
    game: &Spec,
    a: &Spec,
    b: &Spec,
    options: &MatchOptions,
    test: &SprtOptions,
    progress: &mut dyn FnMut(usize, f64),
) -> Result<SprtReport, ArenaError> {
    test.check()?;
    if kind.players(game)? != 2 {
        return Err(ArenaError::Unsupported(format!("{game} is not a game of two players: it has no SPRT")));
    }
    let (lower, upper) = bounds(test.alpha, test.beta);
    let batch = (4 * rayon::current_num_threads()).max(2);
    let start = std::time::Instant::now();
    let (mut records, mut pairs, mut trace) = (Vec::new(), [0u64; 5], Vec::new());
    let (mut verdict, mut names) = (Verdict::Undecided, None);
    'test: while records.len() + 2 <= test.max_games {
        let games = batch.min(test.max_games - records.len()) / 2 * 2;
        let part = MatchOptions { games, first: records.len(), progress: None, ..options.clone() };
        let played = kind.run_match(game, a, b, &part)?;
        names.get_or_insert_with(|| [played.a.bot.clone(), played.b.bot.clone()]);
        for pair in played.records.chunks_exact(2) {
            pairs[pair_outcome(&pair[0], &pair[1])] += 1;
            records.extend_from_slice(pair);
            let ratio = llr(&pairs, test.elo0, test.elo1);
            trace.push(ratio);
            if ratio <= lower || ratio >= upper {
                verdict = if ratio >= upper { Verdict::H1 } else { Verdict::H0 };
                progress(records.len(), ratio);
                break 'test;
            }
        }
        progress(records.len(), trace.last().copied().unwrap_or(0.0));
    }
    let names = names.unwrap_or_else(|| [a.to_string(), b.to_string()]);
    let report = MatchReport::new(game.to_string(), options.seed, names, records, start.elapsed().as_secs_f64());
    Ok(SprtReport {
        options: *test,
        bounds: [lower, upper],
        llr: trace.last().copied().unwrap_or(0.0),
        verdict,
        pairs,
        trace,
        report,
    })
}
