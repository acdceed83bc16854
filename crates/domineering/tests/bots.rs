//! The bots: the seed paper's worked example and player, and the solver's player.

use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
use hamle_domineering::bots::{LOSS, SAFE, Seed, Solver, WIN, Weights, score};
use hamle_domineering::{Domineering, Move, Side};

fn position(rows: usize, cols: usize, first: Side, text: &str) -> Domineering {
    Domineering::new(rows, cols, first).expect("valid").parse_position(text).expect("a valid position")
}

#[test]
fn the_papers_worked_example_scores_minus_28() {
    // Built to match figure 1.4: Horizontal ("we") has 4 placements, 1 of them safe (a1-b1: a2, b2
    // above are covered, the edge below); Vertical has 6, 3 safe (d3-d4, d4-d5, d5-d6).
    let game = position(6, 4, Side::Vertical, "hhv./hhv./hhv./vvv./vv../.... h");
    assert_eq!(game.count_moves(Side::Horizontal), 4);
    assert_eq!(game.count_safe(Side::Horizontal), 1);
    assert_eq!(game.count_moves(Side::Vertical), 6);
    assert_eq!(game.count_safe(Side::Vertical), 3);
    assert_eq!(score(&game, Side::Horizontal, Weights::default()), 4 + 1 - 30 - 3);
    assert_eq!(score(&game, Side::Horizontal, Weights::default()), -28);
}

#[test]
fn the_weights_can_be_changed() {
    let game = position(6, 4, Side::Vertical, "hhv./hhv./hhv./vvv./vv../.... h");
    let w = Weights { k1: 2, k2: 3, k3: 1, k4: 4 };
    assert_eq!(score(&game, Side::Horizontal, w), 2 * 4 + 3 - 6 - 4 * 3);
    assert_eq!(score(&game, Side::Vertical, w), 2 * 6 + 3 * 3 - 4 - 4);
}

/// 3×4, Horizontal to move: a3-b3 is safe (a2, b2 below are covered, the edge above); the rest are not.
fn one_safe_move() -> Domineering {
    let mut game = Domineering::new(3, 4, Side::Vertical).expect("valid");
    game.place(Move { side: Side::Vertical, row: 0, col: 0 });
    game.place(Move { side: Side::Vertical, row: 0, col: 1 });
    game.set_to_move(Side::Horizontal);
    game
}

#[test]
fn safe_moves_score_the_minimum_without_search() {
    let game = one_safe_move();
    let safe = Move { side: Side::Horizontal, row: 2, col: 0 };
    assert!(game.is_safe(safe));
    // (Deeper, a reply where every move is safe makes SAFE a fair value for other moves too.)
    for depth in 1..=2 {
        let (values, _) = Seed { depth, ..Seed::default() }.values(&game, depth);
        for (mv, value) in values {
            if mv == safe {
                assert_eq!(value, SAFE);
            } else {
                // A move that loses by force scores below a safe move; nothing else does.
                assert!(
                    !game.is_safe(mv) && (value > SAFE || value == LOSS),
                    "{} at depth {depth}",
                    game.format_move(mv)
                );
            }
        }
    }
}

#[test]
fn the_seed_player_plays_a_safe_move_only_when_every_move_is_safe() {
    let game = one_safe_move();
    for seed in 0..20 {
        let decision = Seed::default().choose(&game, &Budget::UNLIMITED, &mut Stream::new(seed)).expect("a move");
        assert!(!game.is_safe(decision.mv), "seed {seed} played the safe {}", game.format_move(decision.mv));
    }
    // On one row every horizontal placement is safe (nothing above or below): one is still played.
    let row = Domineering::new(1, 4, Side::Horizontal).expect("valid");
    let decision = Seed::default().choose(&row, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert!(row.is_safe(decision.mv));
    assert_eq!(decision.score, SAFE as f64);
}

#[test]
fn ties_are_broken_by_the_stream() {
    let start = Domineering::new(6, 6, Side::Vertical).expect("valid");
    let pick = |seed| Seed::default().choose(&start, &Budget::UNLIMITED, &mut Stream::new(seed)).expect("a move").mv;
    assert_eq!(pick(3), pick(3));
    let distinct: std::collections::HashSet<_> = (0..20).map(pick).collect();
    assert!(distinct.len() > 1, "symmetric first moves tie, so seeds differ");
}

#[test]
fn deeper_search_visits_more_nodes() {
    let start = Domineering::new(5, 5, Side::Horizontal).expect("valid");
    let nodes = |depth| Seed { depth, ..Seed::default() }.values(&start, depth).1;
    assert!(nodes(1) < nodes(2) && nodes(2) < nodes(3));
}

fn play_out(start: &Domineering, bots: &mut [Box<dyn Bot<Domineering>>; 2], seed: u64) -> Side {
    let mut game = start.clone();
    let mut streams = [Stream::new(seed), Stream::new(seed + 1)];
    while let Turn::Player(p) = game.turn() {
        let decision =
            bots[usize::from(p)].choose(&game, &Budget::UNLIMITED, &mut streams[usize::from(p)]).expect("a move");
        game.try_play(decision.mv).expect("bots play legal moves");
    }
    game.winner().expect("over")
}

#[test]
fn the_solver_bot_wins_every_won_position() {
    // 4×4 is a first-player win; 5×5 a second-player win.
    for (n, first_wins) in [(4, true), (5, false)] {
        for seed in 0..6 {
            let start = Domineering::new(n, n, Side::Vertical).expect("valid");
            let solver_first = first_wins;
            let mut bots: [Box<dyn Bot<Domineering>>; 2] = if solver_first {
                [Box::new(Solver::default()), Box::new(Seed { depth: 3, ..Seed::default() })]
            } else {
                [Box::new(RandomBot), Box::new(Solver::default())]
            };
            let solver_side = if solver_first { Side::Vertical } else { Side::Horizontal };
            assert_eq!(play_out(&start, &mut bots, seed), solver_side, "{n}x{n}, seed {seed}");
        }
    }
}

#[test]
fn the_solver_bot_falls_back_to_search_when_out_of_budget() {
    let start = Domineering::new(10, 10, Side::Vertical).expect("valid");
    let mut bot = Solver { max_nodes: 1_000, fallback_depth: 1, ..Solver::default() };
    let decision = bot.choose(&start, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert!(start.clone().try_play(decision.mv).is_ok());
    assert!(decision.score.is_finite(), "not a proven result");
}

/// Positions a few random moves into 8×8 and 10×10 games, both sides to move: the seeded set the
/// budgeted search is checked against.
fn seeded_positions() -> Vec<Domineering> {
    let mut out = Vec::new();
    for seed in 0..8u64 {
        let (n, first) = if seed % 2 == 0 { (8, Side::Vertical) } else { (10, Side::Horizontal) };
        let mut game = Domineering::new(n, n, first).expect("valid");
        let mut stream = Stream::new(seed);
        for _ in 0..(seed as usize * 3) % 14 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            game.play(mv);
        }
        out.push(game);
    }
    out
}

fn is_legal(game: &Domineering, mv: Move) -> bool {
    game.clone().try_play(mv).is_ok()
}

#[test]
fn the_deepened_seed_player_plays_the_fixed_depth_move_when_the_budget_allows() {
    // A budget that never binds makes the player deepen 1, 2, 3; the last iteration must be the plain one.
    let roomy =
        Budget { nodes: Some(u64::MAX), time: Some(std::time::Duration::from_secs(600)), depth: None, clock: None };
    for (i, game) in seeded_positions().iter().enumerate() {
        for depth in 1..=3 {
            for seed in 0..3 {
                let mut bot = Seed { depth, ..Seed::default() };
                let fixed = bot.choose(game, &Budget::UNLIMITED, &mut Stream::new(seed)).expect("a move");
                let deepened = bot.choose(game, &roomy, &mut Stream::new(seed)).expect("a move");
                assert_eq!((deepened.mv, deepened.score), (fixed.mv, fixed.score), "position {i}, depth {depth}");
                assert_eq!(deepened.depth, depth);
                assert!(deepened.nodes > fixed.nodes || depth == 1, "the shallower iterations cost nodes too");
            }
        }
    }
}

#[test]
fn a_node_budget_stops_the_seed_player_at_its_deepest_finished_iteration() {
    for (i, game) in seeded_positions().iter().enumerate() {
        // What depths 1 and 2 cost, counted as the deepening counts them.
        let cost = |depth| Seed { depth, ..Seed::default() }.values(game, depth).1;
        let (one, two, three) = (cost(1), cost(2), cost(3));
        let budget = Budget { nodes: Some(one + two + three / 2), ..Budget::UNLIMITED };
        let stopped = Seed { depth: 6, ..Seed::default() }.choose(game, &budget, &mut Stream::new(7)).expect("a move");
        let fixed = Seed { depth: 2, ..Seed::default() }.choose(game, &Budget::UNLIMITED, &mut Stream::new(7));
        let fixed = fixed.expect("a move");
        assert_eq!(stopped.depth, 2, "position {i}");
        assert_eq!((stopped.mv, stopped.score), (fixed.mv, fixed.score), "position {i}");
        assert!(stopped.nodes <= one + two + three / 2);
    }
}

#[test]
fn the_seed_player_never_reports_more_nodes_than_its_budget() {
    let empty = Domineering::new(16, 16, Side::Vertical).expect("valid");
    let mut games = seeded_positions();
    games.push(empty.clone());
    for game in &games {
        for limit in [1, 2, 10, 100, 1_000, 10_000, 100_000] {
            let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
            let decision = Seed { depth: 7, ..Seed::default() }.choose(game, &budget, &mut Stream::new(1));
            let decision = decision.expect("a move");
            assert!(decision.nodes <= limit, "{} nodes for a budget of {limit}", decision.nodes);
            assert!(is_legal(game, decision.mv));
        }
    }
    // Depth 1 on an empty 16×16 board visits the root and 480 children: 10 nodes finish nothing, and the
    // player falls back on its first non-safe move.
    let budget = Budget { nodes: Some(10), ..Budget::UNLIMITED };
    let decision = Seed { depth: 7, ..Seed::default() }.choose(&empty, &budget, &mut Stream::new(1)).expect("a move");
    assert_eq!((decision.depth, Some(decision.mv)), (0, Seed::fallback(&empty)));
    assert_eq!(decision.mv, Move { side: Side::Vertical, row: 0, col: 0 });
}

#[test]
fn the_fallback_prefers_a_move_that_is_not_safe() {
    let game = one_safe_move();
    let first = Seed::fallback(&game).expect("a move");
    assert!(!game.is_safe(first));
    let row = Domineering::new(1, 4, Side::Horizontal).expect("valid");
    assert_eq!(Seed::fallback(&row), Some(Move { side: Side::Horizontal, row: 0, col: 0 }));
    let over = Domineering::new(1, 1, Side::Horizontal).expect("valid");
    assert_eq!(Seed::fallback(&over), None);
}

#[test]
fn the_solver_bot_never_reports_more_nodes_than_its_budget() {
    // The exact search looks at its count every 4096 nodes (`solve.rs`), so it may pass its three quarters
    // of the budget by up to 4095; the fallback then gets what is left, possibly nothing.
    const SLACK: u64 = 4096;
    // 6×6 is solved in a few thousand nodes; 8×8 and 16×16 (too big for the solver) fall back.
    for (n, limit) in [(6, 500), (6, 5_000), (6, 1_000_000), (8, 20_000), (8, 200_000), (16, 3_000)] {
        let game = Domineering::new(n, n, Side::Vertical).expect("valid");
        let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
        let decision = Solver::default().choose(&game, &budget, &mut Stream::new(3)).expect("a move");
        assert!(decision.nodes <= limit + SLACK, "{n}x{n}: {} nodes for a budget of {limit}", decision.nodes);
        assert!(is_legal(&game, decision.mv));
    }
}

/// The worst case the issue found: an empty 16×16 board. Unbounded, `seed(depth=7)` runs for minutes
/// (depth 5 alone takes 7.5 s on the 2-core test machine); with 200 ms it must stop hard.
#[test]
fn a_time_budget_stops_the_deep_seed_player_and_the_solver_on_16x16() {
    let empty = Domineering::new(16, 16, Side::Vertical).expect("valid");
    let budget = Budget::time(std::time::Duration::from_millis(200));
    let bots: [Box<dyn Bot<Domineering>>; 2] = [
        Box::new(Seed { depth: 7, ..Seed::default() }),
        // Its fallback, depth 4, takes about 2 s here unbounded.
        Box::new(Solver::default()),
    ];
    for mut bot in bots {
        let clock = std::time::Instant::now();
        let decision = bot.choose(&empty, &budget, &mut Stream::new(5)).expect("a move");
        let wall = clock.elapsed();
        assert!(wall < std::time::Duration::from_secs(2), "{} took {wall:?}", bot.name());
        assert!(is_legal(&empty, decision.mv));
        assert!(decision.depth < 4, "{} cannot have finished depth 4", bot.name());
    }
}

/// Plain minimax over the paper's values, no window: what the seed player's root values must agree with
/// on the best moves.
fn plain_minimax(state: &Domineering, depth: u32, us: Side) -> i64 {
    let mover = state.to_move();
    let maximising = mover == us;
    if !state.can_move(mover) {
        return if maximising { LOSS } else { WIN };
    }
    if depth == 0 {
        return score(state, us, Weights::default());
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let values = moves.into_iter().map(|mv| {
        if state.is_safe(mv) {
            if maximising { SAFE } else { -SAFE }
        } else {
            let mut child = state.clone();
            child.play(mv);
            plain_minimax(&child, depth - 1, us)
        }
    });
    if maximising { values.max().unwrap_or(LOSS) } else { values.min().unwrap_or(WIN) }
}

#[test]
fn the_seed_players_best_moves_and_value_are_plain_minimaxs() {
    let mut checked_wins = 0;
    for seed in 0..60u64 {
        let n = 4 + (seed % 3) as usize;
        let mut game =
            Domineering::new(n, n, if seed % 2 == 0 { Side::Vertical } else { Side::Horizontal }).expect("valid");
        let mut stream = Stream::new(seed);
        // Deep into the game, where forced wins and losses are within reach.
        for _ in 0..(seed as usize % (n * n / 2)) {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            game.play(mv);
        }
        if !game.can_move(game.to_move()) {
            continue;
        }
        for depth in 1..=3 {
            let us = game.to_move();
            let (values, _) = Seed { depth, ..Seed::default() }.values(&game, depth);
            let plain: Vec<(Move, i64)> = values
                .iter()
                .map(|&(mv, _)| {
                    let value = if game.is_safe(mv) {
                        SAFE
                    } else {
                        let mut child = game.clone();
                        child.play(mv);
                        plain_minimax(&child, depth - 1, us)
                    };
                    (mv, value)
                })
                .collect();
            let best = plain.iter().map(|&(_, v)| v).max().expect("moves");
            checked_wins += usize::from(best == WIN || best == LOSS);
            let best_moves = |list: &[(Move, i64)]| -> Vec<Move> {
                let top = list.iter().map(|&(_, v)| v).max().unwrap_or(LOSS);
                list.iter().filter(|&&(_, v)| v == top).map(|&(mv, _)| mv).collect()
            };
            assert_eq!(values.iter().map(|&(_, v)| v).max(), Some(best), "seed {seed}, depth {depth}");
            assert_eq!(best_moves(&values), best_moves(&plain), "seed {seed}, depth {depth}");
        }
    }
    assert!(checked_wins > 5, "forced results were among the positions: {checked_wins}");
}

#[test]
fn the_solver_bot_splits_its_budget_with_its_fallback() {
    // 7×7 takes 24,541 exact-search nodes: well within three quarters of a million, so it is proven.
    let seven = Domineering::new(7, 7, Side::Vertical).expect("valid");
    let budget = Budget { nodes: Some(1_000_000), ..Budget::UNLIMITED };
    let proven = Solver::default().choose(&seven, &budget, &mut Stream::new(1)).expect("a move");
    assert_eq!(proven.score, f64::INFINITY);
    // Too big to solve: the fallback searches to its own depth (depth 3 takes about 0.2 s on 16×16).
    let big = Domineering::new(16, 16, Side::Vertical).expect("valid");
    let bot = &mut Solver { fallback_depth: 3, ..Solver::default() };
    assert_eq!(bot.choose(&big, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move").depth, 3);
    // 10×10 cannot be solved in 300 ms: the exact search stops at 225 ms and the fallback plays within the rest.
    let ten = Domineering::new(10, 10, Side::Vertical).expect("valid");
    let limit = std::time::Duration::from_millis(300);
    let clock = std::time::Instant::now();
    let decision = Solver::default().choose(&ten, &Budget::time(limit), &mut Stream::new(1)).expect("a move");
    let wall = clock.elapsed();
    assert!(decision.score.is_finite(), "not proven");
    assert!(decision.depth >= 1, "the fallback had time for depth 1 at least");
    assert!(wall < limit + std::time::Duration::from_millis(100), "took {wall:?}");
}

#[test]
fn the_tuned_weights_are_a_named_set_and_given_weights_still_win() {
    let def = hamle_domineering::definition();
    let game = Domineering::new(8, 8, Side::Vertical).expect("8×8");
    let name = |spec: &str| def.bot(&spec.parse().expect("a spec"), &game).map(|b| b.name()).map_err(|e| e.to_string());
    assert_eq!(name("seed").as_deref(), Ok("seed(depth=2)"), "the paper's weights stay the default");
    assert_eq!(name("seed(weights=published)").as_deref(), Ok("seed(depth=2)"));
    assert_eq!(Weights::TUNED, Weights { k1: 6, k2: 10, k3: 3, k4: 0 });
    assert_eq!(name("seed(weights=tuned)").as_deref(), Ok("seed(depth=2,k1=6,k2=10,k3=3,k4=0)"));
    assert_eq!(name("seed(weights=tuned,k4=2)").as_deref(), Ok("seed(depth=2,k1=6,k2=10,k3=3,k4=2)"));
    assert_eq!(name("seed(k3=4)").as_deref(), Ok("seed(depth=2,k1=1,k2=1,k3=4,k4=1)"));
    assert!(name("seed(weights=best)").expect_err("no such set").contains("published|tuned"));
}
