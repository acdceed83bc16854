//! Tournaments: the maximum-likelihood ratings against closed forms and known ratings, and whole tournaments
//! on real games.

use hamle_arena::elo::elo_from_score;
use hamle_arena::shard::Shard;
use hamle_arena::tournament::{
    TournamentOptions, TournamentReport, merge_tournament, rate, ratings, run_tournament, run_tournament_shard,
};
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

/// Shards of a tournament, merged, give the whole tournament: the same games of every pairing (its `games` and
/// `first` set per shard whatever the options say), the same ratings; progress counts each pairing once.
#[test]
fn a_tournament_in_shards_merges_into_the_whole_tournament() {
    let registry = games::registry();
    let kind = registry.game("tictactoe").expect("tic-tac-toe");
    let game: Spec = "tictactoe".parse().expect("a spec");
    let bots: Vec<Spec> = ["perfect", "thesis(depth=1)", "random"].iter().map(|b| b.parse().expect("a spec")).collect();
    let options = TournamentOptions { games_per_pair: 10, gauntlet: None, anchor: 2 };
    // A `first` and `games` in the options given are not the tournament's: each run sets its own.
    let given = MatchOptions { seed: 3, first: 7, games: 1, ..MatchOptions::default() };
    let mut calls = Vec::new();
    let whole = run_tournament(kind, &game, &bots, &given, &options, &mut |d, n| calls.push((d, n))).expect("played");
    assert_eq!(calls, [(1, 3), (2, 3), (3, 3)]);
    let plain = MatchOptions { seed: 3, ..MatchOptions::default() };
    let reference = run_tournament(kind, &game, &bots, &plain, &options, &mut |_, _| {}).expect("played");
    let games = |r: &TournamentReport| r.matches.iter().map(|m| m.records.clone()).collect::<Vec<_>>();
    assert_eq!(games(&whole), games(&reference));
    let mut parts = Vec::new();
    for index in [1, 0] {
        let shard = Shard { index, count: 2 };
        let mut calls = Vec::new();
        let part = run_tournament_shard(kind, &game, &bots, &given, &options, shard, &mut |d, n| calls.push((d, n)))
            .expect("a shard");
        assert_eq!(calls, [(1, 3), (2, 3), (3, 3)]);
        let want: Vec<usize> = shard.games(10).collect();
        for m in &part.matches {
            assert_eq!(m.records.iter().map(|r| r.index).collect::<Vec<_>>(), want, "shard {shard}");
        }
        parts.push(part);
    }
    let merged = merge_tournament(parts).expect("merged");
    assert_eq!(games(&merged), games(&whole));
    assert_eq!((merged.ratings.clone(), merged.crosstable.clone()), (whole.ratings.clone(), whole.crosstable.clone()));
}

#[test]
fn ratings_need_one_match_per_pairing() {
    let registry = games::registry();
    let kind = registry.game("tictactoe").expect("tic-tac-toe");
    let game: Spec = "tictactoe".parse().expect("a spec");
    let bots: Vec<Spec> = ["perfect", "random", "thesis"].iter().map(|b| b.parse().expect("a spec")).collect();
    let options = TournamentOptions { games_per_pair: 2, gauntlet: None, anchor: 0 };
    let whole = run_tournament(kind, &game, &bots, &MatchOptions::default(), &options, &mut |_, _| {}).expect("played");
    let names = whole.bots.clone();
    let mut two = whole.matches.clone();
    two.pop();
    let refused = rate("tictactoe".into(), 1, names, &options, two).expect_err("a pairing without its match");
    assert!(refused.to_string().contains("2 matches for 3 pairings of 3 bots"), "{refused}");
}
