//! Scores and Elo differences with 95 % confidence intervals.

/// The Elo difference that an expected score `s` (0 < s < 1) means; infinite at 0 and 1.
///
/// ```
/// use hamle_arena::elo::elo_from_score;
/// assert_eq!(elo_from_score(0.5), 0.0);
/// assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
/// ```
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// A mean score with its Elo difference and a 95 % interval, from per-game scores in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Mean score per game.
    pub score: f64,
    /// Standard error of the mean score.
    pub stderr: f64,
    /// Elo difference (infinite when every game was won or lost).
    pub elo: f64,
    /// 95 % interval of the Elo difference (normal approximation on the mean score).
    pub ci95: (f64, f64),
}

/// Rates a list of per-game scores (1 win, ½ draw, 0 loss).
///
/// ```
/// use hamle_arena::elo::rate;
/// let r = rate(&[1.0, 0.5, 0.5, 0.0]);
/// assert_eq!(r.score, 0.5);
/// assert_eq!(r.elo, 0.0);
/// assert!(r.ci95.0 < 0.0 && r.ci95.1 > 0.0);
/// ```
pub fn rate(scores: &[f64]) -> Rating {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return Rating { score: 0.5, stderr: 0.0, elo: 0.0, ci95: (f64::NEG_INFINITY, f64::INFINITY) };
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = if scores.len() > 1 { scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let stderr = (var / n).sqrt();
    let lo = elo_from_score(mean - 1.96 * stderr);
    let hi = elo_from_score(mean + 1.96 * stderr);
    Rating { score: mean, stderr, elo: elo_from_score(mean), ci95: (lo, hi) }
}
