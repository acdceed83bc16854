//! The sequential probability ratio test: Wald's bounds, the ratio against a second implementation, and tests
//! run to their verdicts on real games.

use hamle_arena::sprt::{SprtOptions, Verdict, bounds, llr, run_sprt};
use hamle_arena::{MatchOptions, Spec, games};

#[test]
fn wald_bounds_for_five_percent_errors_are_fishtest_s_2_94() {
    let (lower, upper) = bounds(0.05, 0.05);
    assert!((lower + 2.944).abs() < 5e-4 && (upper - 2.944).abs() < 5e-4, "{lower} {upper}");
    // Unequal rates: ln(0.1 / 0.95) and ln(0.9 / 0.05).
    let (lower, upper) = bounds(0.05, 0.1);
    assert!((lower + 2.2513).abs() < 1e-4 && (upper - 2.8904).abs() < 1e-4, "{lower} {upper}");
}

#[test]
fn the_ratio_agrees_with_a_second_implementation() {
    // The values come from a separate Python program (not in the repository) that finds each hypothesis's
    // distribution by Newton's method instead of bisection, from the same counts (zeros as 1/1000 of a pair).
    // The last two are lopsided: their λ lies next to the ends of the bracket the bisection searches.
    let cases: [([u64; 5], f64, f64, f64); 6] = [
        ([356, 242, 985, 240, 349], 0.0, 10.0, -2.969_803_173),
        ([0, 0, 1, 26, 77], 0.0, 10.0, 2.950_281_725),
        ([120, 300, 900, 350, 130], -3.0, 3.0, 2.631_687_469),
        ([5, 15, 40, 25, 15], 0.0, 5.0, 0.688_865_256),
        ([60, 30, 8, 2, 0], 0.0, 10.0, -2.919_600_849),
        ([0, 2, 8, 30, 60], 0.0, 10.0, 2.836_767_920),
    ];
    for (pairs, elo0, elo1, want) in cases {
        let got = llr(&pairs, elo0, elo1);
        assert!((got - want).abs() < 1e-6, "{pairs:?}: {got}, not {want}");
    }
}

#[test]
fn on_many_pairs_the_ratio_nears_the_normal_approximation() {
    // The normal approximation fishtest also documents, N (s1 − s0)(2m − s0 − s1) / (2v), computed here
    // for these counts (no zeros): N = 1800, m = 0.50972, v = 0.05720, s0 = 0.49568, s1 = 0.50432.
    let pairs = [120, 300, 900, 350, 130];
    let (n, m) = (1800.0, (300.0 * 0.25 + 900.0 * 0.5 + 350.0 * 0.75 + 130.0) / 1800.0);
    let v = [0.0, 0.25, 0.5, 0.75, 1.0].iter().zip(pairs).map(|(a, c)| c as f64 * (a - m) * (a - m)).sum::<f64>() / n;
    let (s0, s1) = (1.0 / (1.0 + 10f64.powf(3.0 / 400.0)), 1.0 / (1.0 + 10f64.powf(-3.0 / 400.0)));
    let normal = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
    let exact = llr(&pairs, -3.0, 3.0);
    assert!((exact - normal).abs() < 0.01 * normal.abs(), "{exact} against {normal}");
}

#[test]
fn one_pair_says_almost_nothing() {
    // The normal approximation, regularised as fishtest's is, would give 3.74 here and stop a test at once.
    assert!(llr(&[0, 0, 0, 1, 0], 0.0, 10.0).abs() < 0.05);
    assert_eq!(llr(&[0; 5], 0.0, 10.0), 0.0);
}

fn test(elo0: f64, elo1: f64, max_games: usize) -> SprtOptions {
    SprtOptions { elo0, elo1, alpha: 0.05, beta: 0.05, max_games }
}

fn sprt(a: &str, b: &str, options: &SprtOptions) -> hamle_arena::sprt::SprtReport {
    let game = Spec::named("tictactoe");
    let (a, b): (Spec, Spec) = (a.parse().expect("a bot"), b.parse().expect("a bot"));
    let kind = games::registry().game("tictactoe").expect("tictactoe");
    let match_options = MatchOptions { seed: 3, ..MatchOptions::default() };
    run_sprt(kind, &game, &a, &b, &match_options, options, &mut |_, _| {}).expect("a test")
}

#[test]
fn perfect_play_is_found_stronger_than_random_and_random_no_stronger_than_itself() {
    let stronger = sprt("perfect", "random", &test(0.0, 10.0, 20_000));
    assert_eq!(stronger.verdict, Verdict::H1);
    assert!(stronger.llr >= stronger.bounds[1]);
    assert_eq!(stronger.pairs[0], 0, "perfect never loses a pair");
    let table = stronger.table();
    assert!(table.contains("SPRT of perfect against random: H0 Elo 0, H1 Elo 10"), "{table}");
    assert!(table.contains("H1 accepted (Elo 10 fits the games better than 0)"), "{table}");
    let same = sprt("random", "random", &test(0.0, 10.0, 20_000));
    assert_eq!(same.verdict, Verdict::H0);
    assert!(same.table().contains("H0 accepted (Elo 0 fits the games better than 10)"));
    assert!(same.llr <= same.bounds[0]);
    for report in [&stronger, &same] {
        let pairs: u64 = report.pairs.iter().sum();
        assert_eq!(report.report.games as u64, 2 * pairs);
        assert_eq!(report.trace.len() as u64, pairs, "a ratio after every pair");
        // The ratio first crossed a bound at the last pair.
        let inside = |x: &f64| *x > report.bounds[0] && *x < report.bounds[1];
        assert!(report.trace[..report.trace.len() - 1].iter().all(inside));
    }
}

#[test]
fn a_test_gives_the_same_verdict_after_the_same_games_on_one_thread_or_two() {
    let options = test(0.0, 10.0, 20_000);
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
        pool.install(|| sprt("thesis(depth=2)", "random", &options))
    };
    let (one, two) = (on(1), on(2));
    assert_eq!((one.verdict, one.pairs, one.report.games), (two.verdict, two.pairs, two.report.games));
    assert_eq!(one.trace, two.trace);
    assert_eq!(one.report.records, two.report.records);
}

#[test]
fn a_test_stops_undecided_at_its_most_games() {
    let report = sprt("random", "random", &test(0.0, 10.0, 11));
    assert_eq!(report.verdict, Verdict::Undecided);
    assert_eq!(report.report.games, 10, "whole pairs only");
}

#[test]
fn hypotheses_rates_and_games_that_cannot_make_a_test_are_refused() {
    let refused = |options: SprtOptions| options.check().expect_err("refused").to_string();
    assert!(refused(test(5.0, 5.0, 100)).contains("must be below"));
    assert!(refused(test(10.0, 0.0, 100)).contains("must be below"));
    assert!(refused(test(f64::NAN, 5.0, 100)).contains("from -2000 to 2000"));
    assert!(refused(test(0.0, 1e6, 100)).contains("from -2000 to 2000"));
    assert!(test(-2000.0, 2000.0, 100).check().is_ok());
    assert!(refused(SprtOptions { alpha: 0.0, ..test(0.0, 5.0, 100) }).contains("--alpha"));
    assert!(refused(SprtOptions { beta: 0.5, ..test(0.0, 5.0, 100) }).contains("--beta"));
    assert!(refused(test(0.0, 5.0, 1)).contains("at least 2"));
    assert!(test(0.0, 5.0, 2).check().is_ok(), "one pair is enough to start");
    let kind = games::registry().game("2048").expect("2048");
    let (game, bot): (Spec, Spec) = (Spec::named("2048"), "random".parse().expect("a bot"));
    let one_player = run_sprt(kind, &game, &bot, &bot, &MatchOptions::default(), &test(0.0, 5.0, 100), &mut |_, _| {});
    assert!(one_player.expect_err("refused").to_string().contains("two players"));
}
