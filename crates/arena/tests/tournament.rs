//! Tournaments: the maximum-likelihood ratings against closed forms and known ratings, and whole tournaments
//! on real games.

use hamle_arena::elo::elo_from_score;
use hamle_arena::tournament::{TournamentOptions, ratings, run_tournament};
use hamle_arena::{MatchOptions, Spec, games};

/// Symmetric tables of games and of points from `(i, j, games, points of i)`.
fn tables(n: usize, results: &[(usize, usize, f64, f64)]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let (mut points, mut games) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
    for &(i, j, g, p) in results {
        games[i][j] += g;
        games[j][i] += g;
        points[i][j] += p;
        points[j][i] += g - p;
    }
    (points, games)
}

#[test]
fn two_bots_are_rated_by_their_score_with_the_virtual_draw() {
    // With one pairing the likelihood is highest where the expected score is the score, the virtual draw
    // counted: 75 of 100 becomes 75.5 of 101 (closed form).
    let (points, games) = tables(2, &[(0, 1, 100.0, 75.0)]);
    let (elo, stderr) = ratings(&points, &games, 1).expect("ratings");
    let want = elo_from_score(75.5 / 101.0);
    assert!((elo[0] - want).abs() < 1e-6, "{} against {want}", elo[0]);
    assert_eq!(elo[1], 0.0);
    // The standard error of a logit over 101 games: 1 / sqrt(101 p (1 − p)), in Elo.
    let p: f64 = 75.5 / 101.0;
    let want_se = 1.0 / (101.0 * p * (1.0 - p)).sqrt() * 400.0 / std::f64::consts::LN_10;
    assert!((stderr[0] - want_se).abs() < 1e-6, "{} against {want_se}", stderr[0]);
}

#[test]
fn known_ratings_are_recovered_from_the_scores_they_expect() {
    // Three bots rated 200, 100 and 0, each pairing a million games scored exactly as expected: the
    // likelihood's maximum is those ratings (the virtual draws shift them by under a tenth of a point).
    let truth = [200.0, 100.0, 0.0];
    let expect = |a: f64, b: f64| 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
    let n = 1e6;
    let results: Vec<(usize, usize, f64, f64)> =
        [(0, 1), (0, 2), (1, 2)].iter().map(|&(i, j)| (i, j, n, n * expect(truth[i], truth[j]))).collect();
    let (points, games) = tables(3, &results);
    let (elo, _) = ratings(&points, &games, 2).expect("ratings");
    for i in 0..3 {
        assert!((elo[i] - truth[i]).abs() < 0.1, "bot {i}: {} against {}", elo[i], truth[i]);
    }
    // Anchored elsewhere, the same differences.
    let (shifted, _) = ratings(&points, &games, 0).expect("ratings");
    assert!((shifted[2] + 200.0).abs() < 0.1 && shifted[0] == 0.0, "{shifted:?}");
}

#[test]
fn a_perfect_score_stays_finite_and_unlinked_bots_have_no_common_rating() {
    let (points, games) = tables(2, &[(0, 1, 50.0, 50.0)]);
    let (elo, stderr) = ratings(&points, &games, 1).expect("ratings");
    assert!(elo[0].is_finite() && elo[0] > 500.0 && stderr[0].is_finite(), "{elo:?} {stderr:?}");
    let (points, games) = tables(4, &[(0, 1, 10.0, 5.0), (2, 3, 10.0, 5.0)]);
    assert!(ratings(&points, &games, 0).is_none());
}

fn tournament(bots: &[&str], gauntlet: Option<usize>) -> hamle_arena::tournament::TournamentReport {
    let kind = games::registry().game("tictactoe").expect("tictactoe");
    let specs: Vec<Spec> = bots.iter().map(|b| b.parse().expect("a bot")).collect();
    let options = TournamentOptions { games_per_pair: 40, gauntlet, anchor: bots.len() - 1 };
    let match_options = MatchOptions { seed: 5, ..MatchOptions::default() };
    run_tournament(kind, &Spec::named("tictactoe"), &specs, &match_options, &options, &mut |_, _| {})
        .expect("a tournament")
}

#[test]
fn a_round_robin_rates_perfect_play_first_and_its_crosstable_adds_up() {
    let report = tournament(&["random", "perfect", "thesis(depth=2)"], None);
    assert_eq!(report.matches.len(), 3);
    assert_eq!(report.ratings[0].bot, "perfect");
    assert_eq!(report.ratings.last().map(|r| r.bot.as_str()), Some("random"));
    assert_eq!(report.anchor, "thesis(depth=2)");
    let anchor = report.ratings.iter().find(|r| r.bot == "thesis(depth=2)").expect("the anchor");
    assert_eq!((anchor.elo, anchor.ci95), (0.0, [0.0, 0.0]));
    for i in 0..3 {
        assert_eq!(report.crosstable[i][i], None);
        for j in (0..3).filter(|&j| j != i) {
            let both = report.crosstable[i][j].zip(report.crosstable[j][i]).map(|(a, b)| a + b);
            assert_eq!(both, Some(40.0), "{i} against {j}: each game's point shared");
        }
    }
    let perfect = report.ratings.iter().find(|r| r.bot == "perfect").expect("perfect");
    assert_eq!(perfect.games, 80);
    assert!(perfect.ci95[0] < perfect.elo && perfect.elo < perfect.ci95[1]);
    assert_eq!(
        report.crosstable[0][1],
        Some(report.matches[0].a.points),
        "random took from perfect what the match says"
    );
}

#[test]
fn a_gauntlet_plays_only_its_bot_s_pairings() {
    let report = tournament(&["random", "perfect", "thesis(depth=2)", "thesis(depth=1)"], Some(1));
    assert_eq!(report.matches.len(), 3);
    assert!(report.matches.iter().all(|m| m.a.bot == "perfect" || m.b.bot == "perfect"), "every match has perfect");
    assert_eq!(report.crosstable[0][2], None, "random and thesis(depth=2) did not meet");
    assert!(report.crosstable[1].iter().enumerate().all(|(j, c)| (j == 1) == c.is_none()));
}

#[test]
fn tournaments_that_cannot_be_played_are_refused() {
    let kind = games::registry().game("tictactoe").expect("tictactoe");
    let game = Spec::named("tictactoe");
    let random: Spec = "random".parse().expect("a bot");
    let play = |bots: &[Spec], games_per_pair: usize, anchor: usize| {
        let options = TournamentOptions { games_per_pair, gauntlet: None, anchor };
        run_tournament(kind, &game, bots, &MatchOptions::default(), &options, &mut |_, _| {})
            .expect_err("refused")
            .to_string()
    };
    assert!(play(std::slice::from_ref(&random), 10, 0).contains("at least two bots"));
    assert!(play(&[random.clone(), random.clone()], 7, 0).contains("even"));
    assert!(play(&[random.clone(), random.clone()], 0, 0).contains("even"));
    assert!(play(&[random.clone(), random.clone()], 10, 2).contains("among the bots"));
    let g2048 = games::registry().game("2048").expect("2048");
    let options = TournamentOptions { games_per_pair: 2, gauntlet: None, anchor: 0 };
    let one_player = run_tournament(
        g2048,
        &Spec::named("2048"),
        &[random.clone(), random],
        &MatchOptions::default(),
        &options,
        &mut |_, _| {},
    );
    assert!(one_player.expect_err("refused").to_string().contains("two players"));
}
