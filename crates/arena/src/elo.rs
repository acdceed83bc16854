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

/// The Wilson 95 % interval of a share `successes / n` (sound near 0 and 1, where the normal one is not);
/// `successes` is at most `n`, and `(0, 1)` when `n` is 0.
///
/// ```
/// use hamle_arena::elo::wilson;
/// let (lo, hi) = wilson(950, 1000);
/// assert!((lo - 0.9353).abs() < 1e-3 && (hi - 0.9618).abs() < 1e-3);
/// assert_eq!(wilson(0, 0), (0.0, 1.0));
/// ```
pub fn wilson(successes: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (successes.min(n) as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The 95 % interval of a mean (normal approximation: mean ± 1.96 standard errors); unbounded with fewer than
/// two values, and of width 0 when every value is the same.
///
/// ```
/// use hamle_arena::elo::mean_interval;
/// let (lo, hi) = mean_interval(&[1.0, -1.0, 2.0, 0.0]);
/// assert!(lo < 0.5 && hi > 0.5);
/// ```
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.len() < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    (mean - half, mean + half)
}
