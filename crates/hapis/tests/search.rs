//! The expectiminimax over whole turns: equal to a plainly written expectiminimax, unchanged by Star1,
//! held to its budget; the levels' noise; hints.

use hamle_core::{Bot, Budget, Game, Stream};
use hamle_hapis::bots::{Estimate, Filter, HeuristicEval, Level, NeuralEval, Player, Search, TurnEval, hints};
use hamle_hapis::{Dice, Hapis, Point, Position, Settings, Side};
use hamle_testkit::random_positions;

/// The value of `result` for the side that just played, `plies` more plies deep, every play searched.
fn plain<E: TurnEval>(eval: &E, result: &Position, plies: u32, settings: Settings) -> f64 {
    if plies == 0 || Hapis::result(result, settings).is_some() {
        return -eval.evaluate(result, settings).equity();
    }
    Dice::rolls()
        .map(|(dice, p)| {
            let best = result
                .plays(dice)
                .iter()
                .map(|(_, next)| plain(eval, next, plies - 1, settings))
                .fold(f64::NEG_INFINITY, f64::max);
            -p * best
        })
        .sum()
}

fn every_play<E>(eval: E, plies: u32, star1: bool) -> Search<E> {
    Search { eval, plies, filter: Filter { count: usize::MAX, within: f64::INFINITY }, star1 }
}

fn games(seed: u64, n: usize) -> Vec<Hapis> {
    random_positions(&Hapis::default(), seed, n)
}

#[test]
fn two_plies_equal_a_plain_expectiminimax() {
    for game in games(21, 12) {
        let dice = game.dice().expect("dice on the table");
        let eval = HeuristicEval::default();
        let (ranked, _) = every_play(eval, 2, false).rank(game.position(), dice, game.settings(), &Budget::UNLIMITED);
        for r in &ranked {
            let expected = plain(&eval, &r.result, 1, game.settings());
            assert!((r.value - expected).abs() < 1e-9, "{} vs {expected}", r.value);
            assert_eq!(r.depth, 2);
        }
        let neural = NeuralEval::default();
        let (ranked, _) =
            every_play(neural.clone(), 2, false).rank(game.position(), dice, game.settings(), &Budget::UNLIMITED);
        for r in &ranked {
            let expected = plain(&neural, &r.result, 1, game.settings());
            assert!((r.value.equity() - expected).abs() < 1e-6, "{:?} vs {expected}", r.value);
        }
    }
}

/// White with three checkers left near home, Black with two: small enough to search three plies in full.
fn endgame() -> Position {
    let mut position = Position { points: [Point::EMPTY; 24], off: [12, 13], turn: Side::White };
    position.points[Side::White.index_of(17)] = Point::stack(Side::White, 1);
    position.points[Side::White.index_of(20)] = Point::stack(Side::White, 2);
    position.points[Side::Black.index_of(15)] = Point::stack(Side::Black, 1);
    position.points[Side::Black.index_of(22)] = Point::stack(Side::Black, 1);
    position
}

#[test]
fn three_plies_on_an_endgame_equal_a_plain_expectiminimax() {
    let eval = HeuristicEval::default();
    let settings = Settings::default();
    for dice in [Dice(6, 1), Dice(3, 2), Dice(4, 4)] {
        let (ranked, _) = every_play(eval, 3, false).rank(&endgame(), dice, settings, &Budget::UNLIMITED);
        for r in &ranked {
            let expected = plain(&eval, &r.result, 2, settings);
            assert!((r.value - expected).abs() < 1e-9, "{dice:?}: {} vs {expected}", r.value);
        }
    }
}

#[test]
fn star1_changes_no_choice_and_saves_work() {
    let (mut with, mut without) = (0, 0);
    for game in games(22, 40) {
        let dice = game.dice().expect("dice");
        let rank = |star1| {
            every_play(NeuralEval::default(), 2, star1).rank(game.position(), dice, game.settings(), &Budget::UNLIMITED)
        };
        let ((cut, n_cut), (full, n_full)) = (rank(true), rank(false));
        assert_eq!(cut[0].value.equity(), full[0].value.equity());
        assert_eq!(cut[0].depth, 2);
        // A play Star1 did not cut has its exact value; one it cut is worse than the best.
        for r in &cut {
            let exact = full.iter().find(|f| f.play == r.play).expect("the same plays").value.equity();
            if r.depth == 2 {
                assert!((r.value.equity() - exact).abs() < 1e-12);
            } else {
                assert!(exact <= cut[0].value.equity());
            }
        }
        with += n_cut;
        without += n_full;
    }
    assert!(with < without, "Star1 evaluated {with} positions, the full search {without}");
}

#[test]
fn the_filter_searches_only_the_best_plays_deeper() {
    let search = Search {
        eval: HeuristicEval::default(),
        plies: 2,
        filter: Filter { count: 3, within: f64::INFINITY },
        star1: false,
    };
    for game in games(23, 20) {
        let (ranked, _) = search.rank(game.position(), game.dice().expect("dice"), game.settings(), &Budget::UNLIMITED);
        let deep = ranked.iter().filter(|r| r.depth == 2).count();
        assert_eq!(deep, ranked.len().min(3));
        assert!(ranked.iter().skip(deep).all(|r| r.depth == 1), "the deep plays come first");
    }
}

#[test]
fn a_spent_budget_falls_back_to_the_deepest_finished_depth() {
    let search = every_play(HeuristicEval::default(), 2, true);
    let game = games(24, 30).into_iter().find(|g| g.plays().len() > 3).expect("a position with choice");
    let dice = game.dice().expect("dice");
    // Enough nodes for the first ply, not one more.
    let plays = game.plays().len() as u64;
    let tight = Budget { nodes: Some(plays), ..Budget::UNLIMITED };
    let (ranked, nodes) = search.rank(game.position(), dice, game.settings(), &tight);
    assert!(ranked.iter().all(|r| r.depth == 1), "no time for 2 plies: every play at 1 ply");
    assert_eq!((ranked.len() as u64, nodes), (plays, plays));
    // Too few for the first ply: the first play as the rules list them, unvalued.
    let starved = Budget { nodes: Some(plays - 1), ..Budget::UNLIMITED };
    let (ranked, nodes) = search.rank(game.position(), dice, game.settings(), &starved);
    assert_eq!(ranked.iter().map(|r| (r.play, r.depth)).collect::<Vec<_>>(), vec![(game.plays()[0].0, 0)]);
    assert_eq!(nodes, 0);
    let (ranked, _) = search.rank(game.position(), dice, game.settings(), &Budget::depth(1));
    assert!(ranked.iter().all(|r| r.depth == 1), "--depth 1 caps the plies");
    let (ranked, _) = search.rank(game.position(), dice, game.settings(), &Budget::UNLIMITED);
    assert_eq!(ranked[0].depth, 2);
}

#[test]
fn every_level_plays_only_legal_plays() {
    for level in Level::ALL {
        let mut bot = level.player(hamle_hapis::bots::Net::shipped());
        for game in games(25, 15) {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let decision = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a play");
            assert!(legal.contains(&decision.mv), "{level:?}");
            assert_eq!(decision.depth, level.plies());
        }
    }
}

#[test]
fn noise_comes_from_the_bots_stream_and_only_weakens_the_lower_levels() {
    let positions: Vec<Hapis> = games(26, 60).into_iter().filter(|g| g.plays().len() > 4).collect();
    let choices = |level: Level, seed: u64| -> Vec<_> {
        let mut bot = level.player(hamle_hapis::bots::Net::shipped());
        positions.iter().map(|g| bot.choose(g, &Budget::UNLIMITED, &mut Stream::new(seed)).map(|d| d.mv)).collect()
    };
    assert_eq!(choices(Level::Beginner, 1), choices(Level::Beginner, 1), "replayable from the stream");
    assert_ne!(choices(Level::Beginner, 1), choices(Level::Beginner, 2), "another stream, other noise");
    let best = choices(Level::Advanced, 1);
    let agree = |level| choices(level, 1).iter().zip(&best).filter(|(a, b)| a == b).count();
    let (beginner, intermediate) = (agree(Level::Beginner), agree(Level::Intermediate));
    assert!(beginner < intermediate, "more noise, more plays away from the best: {beginner} vs {intermediate}");
    assert!(intermediate < positions.len());
}

#[test]
fn hints_rank_every_play_with_consistent_chances() {
    for game in games(27, 10) {
        let dice = game.dice().expect("dice");
        let listed = hints(game.position(), dice, game.settings(), Level::Expert, &Budget::UNLIMITED);
        assert_eq!(listed.len(), game.plays().len());
        let deep: Vec<_> = listed.iter().filter(|r| r.depth == 2).collect();
        assert!(deep.windows(2).all(|w| w[0].value.equity() >= w[1].value.equity()));
        for r in &listed {
            let o = r.value;
            assert!(o.win_mars <= o.win + 1e-9 && o.lose_mars <= 1.0 - o.win + 1e-9, "{o:?}");
        }
    }
}

#[test]
fn the_heuristic_at_one_filtered_play_is_the_one_ply_bot() {
    let mut deep = Player::heuristic(2, 1);
    for game in games(28, 30) {
        let d = deep.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a play");
        let one = Search { eval: HeuristicEval::default(), plies: 1, filter: Filter::default(), star1: true };
        let (ranked, _) = one.rank(game.position(), game.dice().expect("dice"), game.settings(), &Budget::UNLIMITED);
        let after = |mv| {
            let mut g = game;
            g.play(mv);
            HeuristicEval::default().equity(g.position(), game.position().turn, game.settings())
        };
        assert!((after(d.mv) - ranked[0].value).abs() < 1e-9);
    }
}
