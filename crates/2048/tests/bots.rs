//! The bots: the seed's score and search as the report writes them, expectimax against the reference
//! search of `hamle-core`, and no illegal move from either on any board.

use hamle_2048::bots::{Expectimax, RowTable, Seed, Weights, seed_score};
use hamle_2048::{Board, Direction, G2048, SpawnRule, parse_board};
use hamle_core::search::expectimax;
use hamle_core::{Bot, Budget, Evaluator, Game, Player, Stream};
use proptest::prelude::*;

fn board(text: &str) -> Board {
    parse_board(text).expect("a test board")
}

#[test]
fn the_seed_score_weighs_tiles_by_the_mask() {
    // 4 in the corner (16000), 2 above it (30): 64,000 + 60, and the 2 above the 4 is half of it: +2.
    let b = board(".,.,.,./.,.,.,./2,.,.,./4,.,.,.");
    assert_eq!(seed_score(b), 64_000.0 + 60.0 + 2.0);
}

#[test]
fn the_seed_score_takes_off_five_percent_for_each_repeated_value() {
    // Two 8s, not neighbours: 8×26 + 8×14, each less 0.05 × weight × 8.
    let b = board("8,.,.,./.,.,.,./.,.,8,./.,.,.,.");
    let expected = 8.0 * 26.0 + 8.0 * 14.0 - 0.05 * 26.0 * 8.0 - 0.05 * 14.0 * 8.0;
    assert!((seed_score(b) - expected).abs() < 1e-9);
}

#[test]
fn the_seed_score_rewards_an_equal_tile_to_the_right() {
    // Two 2s side by side in the bottom row: 2×16000 + 2×18, less the repeat, plus 2 for the right neighbour.
    let b = board(".,.,.,./.,.,.,./.,.,.,./2,2,.,.");
    let expected = 2.0 * 16000.0 + 2.0 * 18.0 - 0.05 * (16000.0 + 18.0) * 2.0 + 2.0;
    assert!((seed_score(b) - expected).abs() < 1e-9);
}

#[test]
fn the_seed_search_sums_each_next_move_over_every_new_tile() {
    let b = board("2,.,.,4/.,.,.,./.,8,.,./.,.,.,2");
    let (at_1, _) = Seed::default().move_scores(b, 1);
    for &(d, score) in &at_1 {
        assert_eq!(score, seed_score(b.shifted(d)), "depth 1 scores the board after the move");
    }
    let (at_2, _) = Seed::default().move_scores(b, 2);
    for (d, score) in at_2 {
        let after = b.shifted(d);
        // For each next move, its score summed over a 2 on each empty cell; the best of the four sums.
        let best = Direction::ALL
            .into_iter()
            .map(|next| {
                (0..16)
                    .filter(|&cell| after.cell(cell) == 0)
                    .map(|cell| {
                        let spawned = after.with_cell(cell, 1);
                        let moved = spawned.shifted(next);
                        if moved == spawned { seed_score(spawned) } else { seed_score(moved) }
                    })
                    .sum::<f64>()
            })
            .fold(f64::MIN, f64::max);
        assert!((score - best).abs() < 1e-6, "{d:?}: {score} vs {best}");
    }
}

#[test]
fn the_seed_player_plays_the_best_scored_move() {
    // At depth 1 the score of the board after each move decides: merging two 256s into the corner.
    let game = G2048::from_board(board(".,.,.,./.,.,.,./.,.,.,./256,256,.,."), 0, SpawnRule::Report);
    let decision =
        Seed { depth: 1, ..Seed::default() }.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.mv, Direction::Left);
    assert_eq!(decision.score, seed_score(board(".,.,.,./.,.,.,./.,.,.,./512,.,.,.")));
}

/// The row-table heuristic as an evaluator for `hamle-core`'s reference search; a lost game scores 0.
struct Heuristic(RowTable);

impl Evaluator<G2048> for Heuristic {
    fn evaluate(&self, state: &G2048, _player: Player) -> f64 {
        if state.is_over() { 0.0 } else { f64::from(self.0.board_value(state.board())) }
    }
}

#[test]
fn expectimax_matches_the_reference_search() {
    let eval = Heuristic(RowTable::new(&Weights::default()));
    for (text, depth) in [
        ("2,.,.,4/.,.,.,./.,8,.,./.,.,.,2", 1),
        ("2,4,8,16/.,.,4,./.,.,.,./.,.,.,2", 1),
        ("2,4,8,16/4,8,16,32/2,4,2,./.,.,.,4", 2),
    ] {
        let b = board(text);
        for rule in [SpawnRule::Original, SpawnRule::Report] {
            let game = G2048::from_board(b, 0, rule);
            let mut bot = Expectimax::new(Weights::default(), Some(depth), 0.0);
            let (values, _) = bot.move_values(b, rule.four() as f32, depth);
            let best = values.iter().map(|&(_, v)| f64::from(v)).fold(f64::MIN, f64::max);
            let reference = expectimax(&game, &eval, depth + 1).expect("a move to make");
            assert!(
                (best - reference.value).abs() <= 1e-5 * reference.value.abs(),
                "{text} depth {depth}: {best} vs {}",
                reference.value
            );
        }
    }
}

#[test]
fn expectimax_keeps_away_from_a_lost_board() {
    // Up locks the board with no merge left; every other move keeps the game alive.
    let game = G2048::from_board(board("2,4,2,4/4,2,4,2/2,4,2,4/.,.,.,8"), 0, SpawnRule::Original);
    let decision = Expectimax::default().choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_ne!(decision.mv, Direction::Up);
}

/// Checks that `decision` is exactly what a fresh search to the depth it reports gives: the same best move, the
/// same value, and the nodes of every depth searched from 1 up to it (deepening under a time budget starts at 1).
/// The fresh searches are `move_values`, which `expectimax_matches_the_reference_search` checks against
/// hamle-core's reference expectimax; the depths expected (1 and 3) are worked by hand below.
fn is_the_search_at_its_reported_depth(board: Board, rule: SpawnRule, decision: &hamle_core::Decision<Direction>) {
    let mut fresh = Expectimax::default();
    let mut nodes = 0;
    let mut last = Vec::new();
    for depth in 1..=decision.depth {
        let (values, n) = fresh.move_values(board, rule.four() as f32, depth);
        nodes += n;
        last = values;
    }
    let best = last.iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
    let firsts: Vec<Direction> = last.iter().filter(|&&(_, v)| v == best).map(|&(d, _)| d).collect();
    assert_eq!(decision.score, f64::from(best), "the value of the search at depth {}", decision.depth);
    assert_eq!(Some(&decision.mv), firsts.first(), "the first best move at depth {}", decision.depth);
    assert_eq!(decision.nodes, nodes, "the nodes of depths 1 to {}", decision.depth);
}

#[test]
fn expectimax_under_a_time_budget_reports_the_depth_it_finished() {
    let b = board("2,4,8,16/4,8,16,32/2,4,2,./.,.,.,4");
    let game = G2048::from_board(b, 0, SpawnRule::Original);
    // Five distinct tiles: the adaptive depth is max(3, 5 − 2) = 3.
    assert_eq!(Expectimax::default().depth_for(b), 3);
    // A budget spent before the first search ends: it stops after depth 1 and says so.
    let quick = Budget::time(std::time::Duration::from_nanos(1));
    let decision = Expectimax::default().choose(&game, &quick, &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.depth, 1);
    is_the_search_at_its_reported_depth(b, SpawnRule::Original, &decision);
    // A budget far beyond the need: it deepens to the full depth, 3, and reports that.
    let ample = Budget::time(std::time::Duration::from_secs(3600));
    let decision = Expectimax::default().choose(&game, &ample, &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.depth, 3);
    is_the_search_at_its_reported_depth(b, SpawnRule::Original, &decision);
    // 50 ms: whatever depth it reaches on this machine, what it reports is what that depth's search gives.
    let budget = Budget::time(std::time::Duration::from_millis(50));
    let decision = Expectimax::default().choose(&game, &budget, &mut Stream::new(1)).expect("a move");
    assert!((1..=3).contains(&decision.depth), "depth {}", decision.depth);
    is_the_search_at_its_reported_depth(b, SpawnRule::Original, &decision);
}

fn any_board() -> impl Strategy<Value = Board> {
    prop::array::uniform16(prop_oneof![3 => Just(0u8), 2 => 1u8..=12]).prop_map(|cells| {
        let mut b = Board::EMPTY;
        for (i, e) in cells.into_iter().enumerate() {
            b = b.with_cell(i, e);
        }
        b
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bots_only_choose_legal_moves(b in any_board()) {
        let game = G2048::from_board(b, 0, SpawnRule::Original);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let bots: Vec<Box<dyn Bot<G2048>>> =
            vec![Box::new(Seed::default()), Box::new(Expectimax::new(Weights::default(), Some(2), 1e-3))];
        for mut bot in bots {
            match bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)) {
                Some(decision) => prop_assert!(moves.contains(&decision.mv), "{} chose {:?}", bot.name(), decision.mv),
                None => prop_assert!(moves.is_empty(), "{} passed with moves left", bot.name()),
            }
        }
    }

    #[test]
    fn a_move_keeps_the_tile_sum_and_scores_what_it_merged(b in any_board(), d in 0usize..4) {
        let slide = b.slide(Direction::ALL[d]);
        prop_assert_eq!(slide.board.tile_sum(), b.tile_sum());
        // Each merge of two 2^e makes one 2^(e+1): the tile count drops by the merges.
        let tiles = |x: Board| 16 - x.empty_count();
        prop_assert!(tiles(slide.board) <= tiles(b));
        prop_assert_eq!(slide.score == 0, tiles(slide.board) == tiles(b));
    }

    #[test]
    fn opposite_moves_mirror_each_other(b in any_board()) {
        let mirror = |x: Board| {
            let mut m = Board::EMPTY;
            for r in 0..4 { for c in 0..4 { m = m.with_cell(4 * r + 3 - c, x.get(r, c)); } }
            m
        };
        prop_assert_eq!(mirror(b.shifted(Direction::Left)), mirror(b).shifted(Direction::Right));
        prop_assert_eq!(b.transpose().shifted(Direction::Left).transpose(), b.shifted(Direction::Up));
    }
}

/// Boards from nearly empty to crowded, for the budget tests.
fn budget_boards() -> Vec<Board> {
    [
        "2,.,.,./.,.,.,./.,.,.,./.,.,.,4",
        "2,.,.,4/.,.,.,./.,8,.,./.,.,.,2",
        "2,4,8,16/.,.,4,./.,.,.,./.,.,.,2",
        "2,4,8,16/4,8,16,32/2,4,2,./.,.,.,4",
        "4,8,16,32/512,256,128,64/2,4,.,./.,.,.,2",
        "2,4,2,4/4,2,4,2/2,4,2,4/.,.,.,8",
    ]
    .into_iter()
    .map(board)
    .collect()
}

fn legal(game: &G2048) -> Vec<Direction> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

#[test]
fn deepened_players_play_the_fixed_depth_move_when_the_budget_allows() {
    // A budget that never binds makes both players deepen 1, 2, …; the last depth must be the plain search.
    let roomy = Budget { nodes: Some(u64::MAX), ..Budget::UNLIMITED };
    for b in budget_boards() {
        let game = G2048::from_board(b, 0, SpawnRule::Original);
        for depth in 1..=3 {
            let bots: [Box<dyn Bot<G2048>>; 3] = [
                Box::new(Seed { depth, ..Seed::default() }),
                Box::new(Seed { depth, sums: hamle_2048::bots::Sums::PerTile }),
                Box::new(Expectimax::new(Weights::default(), Some(depth), Expectimax::MIN_PROBABILITY)),
            ];
            for mut bot in bots {
                let fixed = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
                let deepened = bot.choose(&game, &roomy, &mut Stream::new(1)).expect("a move");
                assert_eq!((deepened.mv, deepened.score), (fixed.mv, fixed.score), "{} on {b:?}", bot.name());
                assert_eq!(deepened.depth, depth);
                assert!(depth == 1 || deepened.nodes > fixed.nodes, "the shallower depths cost nodes too");
            }
        }
    }
}

type AnyBot = Box<dyn Bot<G2048>>;

#[test]
fn a_node_budget_stops_at_the_deepest_finished_depth() {
    for b in budget_boards() {
        let game = G2048::from_board(b, 0, SpawnRule::Original);
        let four = SpawnRule::Original.four() as f32;
        // What depths 1 and 2 cost, and half of depth 3: the budget finishes depth 2 and stops in depth 3.
        let seed_cost = |d| Seed::default().move_scores(b, d).1;
        let mut reference = Expectimax::new(Weights::default(), None, Expectimax::MIN_PROBABILITY);
        let mut expectimax_cost = |d| reference.move_values(b, four, d).1;
        let cases: [(AnyBot, u64, AnyBot); 2] = [
            (
                Box::new(Seed { depth: 6, ..Seed::default() }),
                seed_cost(1) + seed_cost(2) + seed_cost(3) / 2,
                Box::new(Seed { depth: 2, ..Seed::default() }),
            ),
            (
                Box::new(Expectimax::new(Weights::default(), Some(8), Expectimax::MIN_PROBABILITY)),
                expectimax_cost(1) + expectimax_cost(2) + expectimax_cost(3) / 2,
                Box::new(Expectimax::new(Weights::default(), Some(2), Expectimax::MIN_PROBABILITY)),
            ),
        ];
        for (mut bot, limit, mut shallow) in cases {
            let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
            let stopped = bot.choose(&game, &budget, &mut Stream::new(1)).expect("a move");
            let fixed = shallow.choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
            assert!(stopped.nodes <= limit, "{}: {} nodes for {limit}", bot.name(), stopped.nodes);
            assert_eq!(stopped.depth, 2, "{} on {b:?}", bot.name());
            assert_eq!((stopped.mv, stopped.score), (fixed.mv, fixed.score), "{} on {b:?}", bot.name());
        }
    }
}

#[test]
fn players_never_report_more_nodes_than_their_budget() {
    for b in budget_boards() {
        let game = G2048::from_board(b, 0, SpawnRule::Original);
        let moves = legal(&game);
        for limit in [0, 1, 3, 50, 1_000, 100_000] {
            let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
            let bots: [Box<dyn Bot<G2048>>; 2] = [
                Box::new(Seed { depth: 6, ..Seed::default() }),
                Box::new(Expectimax::new(Weights::default(), Some(8), 0.0)),
            ];
            for mut bot in bots {
                let decision = bot.choose(&game, &budget, &mut Stream::new(1)).expect("a move");
                assert!(decision.nodes <= limit, "{}: {} nodes for {limit}", bot.name(), decision.nodes);
                assert!(moves.contains(&decision.mv));
                if limit < 3 {
                    // Depth 1 needs a node per legal move at least: nothing finished, the fallback plays.
                    assert_eq!(decision.depth, 0);
                    assert_eq!(Some(decision.mv), moves.first().copied(), "left, up, right, down: the first legal");
                }
            }
        }
    }
    assert_eq!(Seed::fallback(board("2,.,.,./.,.,.,./.,.,.,./.,.,.,.")), Some(Direction::Right));
    assert_eq!(Expectimax::fallback(board("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2")), None);
}

/// The worst cases known: on this crowded board `expectimax(depth=8,prob=0)` takes 3.9 s for depth 6 alone
/// unbounded (minutes for 8; 1.3 s for depth 8 with the default cut), and the report's player at depth 6 on a nearly empty board takes 4.2 s for
/// depth 5 alone (both on the 2-core test machine, release build). With 200 ms both must stop hard.
#[test]
fn a_time_budget_stops_the_deepest_searches() {
    let crowded = G2048::from_board(board("2,4,8,16/4,8,16,32/2,4,2,./.,.,.,4"), 0, SpawnRule::Original);
    let empty = G2048::from_board(board("2,.,.,./.,.,.,./.,.,.,./.,.,.,4"), 0, SpawnRule::Original);
    let budget = Budget::time(std::time::Duration::from_millis(200));
    let cases: [(Box<dyn Bot<G2048>>, &G2048, u32); 3] = [
        (Box::new(Expectimax::new(Weights::default(), Some(8), 0.0)), &crowded, 6),
        (Box::new(Expectimax::new(Weights::default(), Some(8), Expectimax::MIN_PROBABILITY)), &crowded, 8),
        (Box::new(Seed { depth: 6, ..Seed::default() }), &empty, 5),
    ];
    for (mut bot, game, unreachable) in cases {
        let clock = std::time::Instant::now();
        let decision = bot.choose(game, &budget, &mut Stream::new(1)).expect("a move");
        let wall = clock.elapsed();
        assert!(wall < std::time::Duration::from_secs(2), "{} took {wall:?}", bot.name());
        assert!(legal(game).contains(&decision.mv));
        assert!(decision.depth >= 1 && decision.depth < unreachable, "{} reached {}", bot.name(), decision.depth);
    }
}

#[test]
fn bots_built_alike_share_one_row_table() {
    let a = RowTable::shared(&Weights::default());
    let b = RowTable::shared(&Weights::default());
    assert!(std::sync::Arc::ptr_eq(&a, &b));
    let published = RowTable::shared(&Weights::published());
    assert!(!std::sync::Arc::ptr_eq(&a, &published));
    let sample = board("2,4,8,16/4,8,16,32/2,4,2,./.,.,.,4");
    assert_eq!(published.board_value(sample), RowTable::new(&Weights::published()).board_value(sample));
    assert_eq!(a.board_value(sample), RowTable::new(&Weights::default()).board_value(sample));
}
