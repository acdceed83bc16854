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
    /// 95 % interval of the Elo difference: the normal approximation on the mean score, or, when every game was
    /// won or every game lost, [`wilson_elo`] (the Elo of the score's Wilson interval).
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
/// let sweep = rate(&[1.0; 20]);
/// assert_eq!(sweep.elo, f64::INFINITY);
/// assert!(sweep.ci95.0.is_finite() && sweep.ci95.1 == f64::INFINITY, "a finite lower bound");
/// ```
pub fn rate(scores: &[f64]) -> Rating {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return Rating { score: 0.5, stderr: 0.0, elo: 0.0, ci95: (f64::NEG_INFINITY, f64::INFINITY) };
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = if scores.len() > 1 { scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let stderr = (var / n).sqrt();
    // Every game won (or lost): the scores do not vary, and the normal interval shrinks to the infinite point.
    let swept = |score: f64| scores.iter().all(|&s| s == score);
    let ci95 = if swept(1.0) {
        wilson_elo(scores.len(), scores.len())
    } else if swept(0.0) {
        wilson_elo(0, scores.len())
    } else {
        (elo_from_score(mean - 1.96 * stderr), elo_from_score(mean + 1.96 * stderr))
    };
    Rating { score: mean, stderr, elo: elo_from_score(mean), ci95 }
}

/// The 95 % interval of an Elo difference measured by `wins` games won of `games` (no draws): the Elo of each
/// end of the score's [`wilson`] interval. Sound where the normal interval is not: at a perfect score it is
/// `(finite, +∞)`, since however many games were won a finite difference could still have lost one.
///
/// ```
/// use hamle_arena::elo::wilson_elo;
/// let (lo, hi) = wilson_elo(200, 200);
/// assert!((lo - 686.6).abs() < 0.1 && hi == f64::INFINITY);
/// ```
pub fn wilson_elo(wins: usize, games: usize) -> (f64, f64) {
    let (lo, hi) = wilson(wins, games);
    (elo_from_score(lo), elo_from_score(hi))
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

/// Fisher's exact test, two-sided: the chance, if two runs share one rate, of counts as far from equal shares as
/// `a` of `n` against `b` of `m` or further (the tables with the same totals no likelier than this one).
/// How the lab tells whether a seed's published share and ours could be the same rate.
///
/// ```
/// use hamle_arena::elo::fisher_exact;
/// // Fisher's tea-tasting table [[3, 1], [1, 3]]: p = 0.4857 (Fisher 1935; R's `fisher.test`).
/// assert!((fisher_exact(3, 4, 1, 4) - 0.4857).abs() < 1e-4);
/// assert_eq!(fisher_exact(5, 10, 5, 10), 1.0);
/// ```
pub fn fisher_exact(a: usize, n: usize, b: usize, m: usize) -> f64 {
    let (a, b) = (a.min(n), b.min(m));
    let successes = a + b;
    // ln k! for every k up to n + m, once.
    let ln_factorial: Vec<f64> = std::iter::once(0.0)
        .chain((1..=n + m).scan(0.0, |sum, k| {
            *sum += (k as f64).ln();
            Some(*sum)
        }))
        .collect();
    let ln_choose = |n: usize, k: usize| ln_factorial[n] - ln_factorial[k] - ln_factorial[n - k];
    // The chance that the first run holds `x` of the successes, the totals held fixed (hypergeometric).
    let ln_p = |x: usize| ln_choose(n, x) + ln_choose(m, successes - x) - ln_choose(n + m, successes);
    let observed = ln_p(a);
    let low = successes.saturating_sub(m);
    let high = successes.min(n);
    // A relative tolerance keeps tables exactly as likely as the observed one, which rounding could drop.
    let p: f64 = (low..=high).map(ln_p).filter(|&l| l <= observed + 1e-7).map(f64::exp).sum();
    p.min(1.0)
}

#[cfg(test)]
mod tests {
    use super::{fisher_exact, rate, wilson_elo};

    /// 200 games won of 200, by hand. Wilson's interval with p = 1, n = 200, z = 1.96: the centre
    /// (p + z²/2n) / (1 + z²/n) and the half-width z·√(p(1−p)/n + z²/4n²) / (1 + z²/n) = (z²/2n) / (1 + z²/n),
    /// so the lower end is 1 / (1 + z²/n) = n / (n + z²) = 200 / 203.8416 = 0.981154, and the upper end 1.
    /// Its Elo: −400·log10(1/0.981154 − 1) = −400·log10(z²/n) = 400·log10(200 / 3.8416) = 686.607, and the upper
    /// end's +∞. A sweep the other way mirrors it.
    #[test]
    fn a_perfect_score_has_the_elo_of_its_wilson_interval() {
        let (lo, hi) = wilson_elo(200, 200);
        assert!((lo - 686.607).abs() < 1e-3, "{lo}");
        assert_eq!(hi, f64::INFINITY);
        let (lo, hi) = wilson_elo(0, 200);
        assert_eq!(lo, f64::NEG_INFINITY);
        assert!((hi + 686.607).abs() < 1e-3, "{hi}");
        let won = rate(&[1.0; 200]);
        assert_eq!((won.score, won.elo), (1.0, f64::INFINITY));
        assert_eq!(won.ci95, wilson_elo(200, 200));
        let lost = rate(&[0.0; 200]);
        assert_eq!((lost.elo, lost.ci95), (f64::NEG_INFINITY, wilson_elo(0, 200)));
    }

    /// One game lost of 200: the scores vary, and the interval stays the normal one on the mean score
    /// (0.995 ± 1.96 × 0.0050: from 0.9852, Elo 729, up past a score of 1).
    #[test]
    fn one_game_short_of_a_sweep_keeps_the_normal_interval() {
        let mut scores = [1.0; 200];
        scores[0] = 0.0;
        let r = rate(&scores);
        assert_eq!(r.ci95.0, super::elo_from_score(r.score - 1.96 * r.stderr));
        assert!((r.ci95.0 - 729.3).abs() < 0.1, "{r:?}");
        assert_eq!(r.ci95.1, f64::INFINITY, "{r:?}");
    }

    /// Against a second implementation outside the repository (Python, exact integers: the hypergeometric chances
    /// summed as fractions, no logarithms): 2048's 23 of 30 against 1 of 100 and 150 of 300, and two milder tables.
    #[test]
    fn fisher_exact_agrees_with_an_exact_integer_implementation() {
        for (a, n, b, m, p) in [
            (23, 30, 1, 100, 2.245450063306814e-18),
            (23, 30, 150, 300, 0.006585929452383465),
            (2, 4, 20, 40, 1.0),
            (1, 10, 5, 12, 0.16187527642636004),
            // One game on one side: the table of factorials must reach n + m, not n × m.
            (0, 1, 4, 4, 0.2),
            (2, 3, 0, 1, 1.0),
        ] {
            let ours = fisher_exact(a, n, b, m);
            assert!((ours - p).abs() <= 1e-9 * p.max(1e-9) + 1e-12, "{a}/{n} against {b}/{m}: {ours} against {p}");
        }
    }

    #[test]
    fn fisher_exact_is_symmetric_in_its_two_runs_and_never_above_one() {
        assert!((fisher_exact(3, 10, 7, 12) - fisher_exact(7, 12, 3, 10)).abs() < 1e-12);
        assert_eq!(fisher_exact(0, 0, 0, 0), 1.0);
        assert!(fisher_exact(10, 10, 0, 10) < 1e-4, "all against none: {}", fisher_exact(10, 10, 0, 10));
    }
}
