//! Round two of the n-tuple network (issue 42): tile-downgrading, temporal coherence, training in shards and
//! multistage networks, each against a case worked by hand or a second way of getting the same answer.

use std::sync::Arc;

use hamle_2048::bots::{Expectimax, Learning, NTuple, Network, Trainer, WeightsError};
use hamle_2048::{Board, Direction, G2048, SpawnRule};
use hamle_core::{Bot, Budget, Stream};

/// A board with sixteen different cells, so that no two of its symmetries share a weight.
fn lopsided() -> Board {
    Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
}

fn row(board: Board) -> [u8; 4] {
    board.exponents()[0]
}

#[test]
fn downgrading_steps_the_tiles_above_the_highest_missing_value_down_into_it() {
    // Worked by hand: 32768, 16384, 4096 and a 2: 8192 is missing, so 32768 → 16384 and 16384 → 8192.
    let board = Board::from_exponents([[15, 14, 12, 1], [0; 4], [0; 4], [0; 4]]);
    assert_eq!(row(board.downgraded(15)), [14, 13, 12, 1]);
    // At threshold 14 the largest is still 16384 after that step: the next missing value below it is 2048 (11),
    // so 16384, 8192 and 4096 step down into it, and 8192 is under the threshold.
    assert_eq!(row(board.downgraded(14)), [13, 12, 11, 1]);
    // A board whose largest tile is under the threshold, or that misses no value below it, stays as it is.
    assert_eq!(board.downgraded(16), board);
    let full = Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 15]]);
    assert_eq!(full.downgraded(15), full);
    // Empty cells are not a value: a board of 32768 and 2 only reads as 4 and 2 (each missing value in turn).
    let sparse = Board::from_exponents([[15, 1, 0, 0], [0; 4], [0; 4], [0; 4]]);
    assert_eq!(row(sparse.downgraded(15)), [14, 1, 0, 0], "one step is enough to go under the threshold");
    assert_eq!(row(sparse.downgraded(3)), [2, 1, 0, 0]);
}

#[test]
fn a_downgraded_board_has_the_same_moves_and_merges() {
    // Seeded random boards with large tiles: every two cells compare the same on the downgraded board as on the
    // real one, the same moves are legal, and each leaves the same cells empty (it merges the same tiles). After
    // the move they may not compare the same: a merge can make a missing value that a larger tile stepped into.
    let mut rng = Stream::new(42);
    let order = |b: Board, i: usize, j: usize| b.cell(i).cmp(&b.cell(j));
    let mut downgraded = 0;
    for _ in 0..2000 {
        let cells: [[u8; 4]; 4] = std::array::from_fn(|_| std::array::from_fn(|_| rng.below(16) as u8));
        let board = Board::from_exponents(cells);
        let down = board.downgraded(14);
        downgraded += usize::from(down != board);
        assert!(down.max_exponent() < 14 || down == board || (1..14).all(|e| (0..16).any(|i| down.cell(i) == e)));
        for i in 0..16 {
            for j in 0..16 {
                assert_eq!(order(board, i, j), order(down, i, j), "{:?}", board.exponents());
            }
        }
        for d in Direction::ALL {
            assert_eq!(board.can_move(d), down.can_move(d), "{:?} {d:?}", board.exponents());
            assert_eq!(board.shifted(d).empty_mask(), down.shifted(d).empty_mask(), "{:?} {d:?}", board.exponents());
        }
    }
    assert!(downgraded > 1000, "most such boards miss a value: {downgraded}");
}

#[test]
fn the_network_players_choose_on_the_downgraded_board() {
    // The shipped network has seldom seen a 32768, often a 16384: find (from a fixed seed) a board holding
    // 32768, with room to play on, on which it would choose another move and its search find other values on the
    // downgraded board than on the real one.
    let net = Network::shipped();
    let mut plain = Expectimax::with_network(net.clone(), Some(2), 1e-4);
    plain.downgrade = None;
    let mut rng = Stream::new(7);
    let real = (0..1000)
        .map(|_| {
            let cells: [[u8; 4]; 4] = std::array::from_fn(|_| {
                std::array::from_fn(|_| if rng.below(3) == 0 { 0 } else { rng.below(13) as u8 })
            });
            Board::from_exponents(cells).with_cell(0, 15)
        })
        .find(|&b| {
            net.best_move(b).map(|m| m.0) != net.best_move(b.downgraded(15)).map(|m| m.0)
                && plain.move_values(b, 0.1, 2) != plain.move_values(b.downgraded(15), 0.1, 2)
        })
        .expect("such a board among a thousand");
    let (on_real, on_read) = (net.best_move(real).map(|m| m.0), net.best_move(real.downgraded(15)).map(|m| m.0));
    let state = G2048::from_board(real, 0, SpawnRule::Original);
    let choose = |bot: &mut dyn Bot<G2048>| bot.choose(&state, &Budget::default(), &mut Stream::new(1)).map(|d| d.mv);
    let mut on = NTuple::new(net.clone(), "ntuple");
    assert_eq!(on.downgrade, Some(15), "downgrading from 32768 is the default");
    assert_eq!(choose(&mut on), on_read);
    let mut off = NTuple::new(net.clone(), "ntuple");
    off.downgrade = None;
    assert_eq!(choose(&mut off), on_real);
    // The search's values of the real board's moves are those of the downgraded board's, searched as it is.
    let mut search = Expectimax::with_network(net.clone(), Some(2), 1e-4);
    assert_eq!(search.move_values(real, 0.1, 2), plain.move_values(real.downgraded(15), 0.1, 2));
    assert_ne!(search.move_values(real, 0.1, 2), plain.move_values(real, 0.1, 2));
}

#[test]
fn downgrade_is_a_parameter_of_the_network_players_only() {
    let def = hamle_2048::definition();
    let game = G2048::new(SpawnRule::Original);
    for (spec, name) in [
        ("ntuple(downgrade=32768)", "ntuple"),
        ("ntuple(downgrade=off)", "ntuple(downgrade=off)"),
        ("expectimax(eval=ntuple,downgrade=16384)", "expectimax(eval=ntuple,downgrade=16384)"),
        ("expectimax(eval=ntuple)", "expectimax(eval=ntuple)"),
    ] {
        let bot = def.bot(&spec.parse().expect("a spec"), &game).expect("made");
        assert_eq!(bot.name(), name, "{spec}");
    }
    for (spec, why) in [
        ("ntuple(downgrade=3000)", "not a value of downgrade"),
        ("ntuple(downgrade=4)", "not a value of downgrade"),
        ("expectimax(downgrade=off)", "needs eval=ntuple"),
    ] {
        let err = def.bot(&spec.parse().expect("a spec"), &game).err().expect("refused").to_string();
        assert!(err.contains(why), "{spec}: {err}");
    }
}

#[test]
fn temporal_coherence_moves_each_weight_by_its_own_falling_rate() {
    // `lopsided` reads 32 distinct weights, so its value moves by the whole step times the (shared) rate.
    let mut net = Network::new(0.0, 1);
    // First error +2: rate 1 (no errors yet), the value moves by the step.
    net.adjust_coherent(lopsided(), 3.2, 2.0);
    assert!((net.value(lopsided()) - 3.2).abs() < 1e-5);
    // Second error −2, step −3.2: the rate is |2| / 2 = 1 still.
    net.adjust_coherent(lopsided(), -3.2, -2.0);
    assert!(net.value(lopsided()).abs() < 1e-5);
    // The errors now cancel (sum 0, sizes 4): rate 0, the value does not move.
    net.adjust_coherent(lopsided(), 3.2, 2.0);
    assert!(net.value(lopsided()).abs() < 1e-5, "{}", net.value(lopsided()));
    // Sums 2 and 6: rate 1/3.
    net.adjust_coherent(lopsided(), 3.0, 1.0);
    assert!((net.value(lopsided()) - 1.0).abs() < 1e-5, "{}", net.value(lopsided()));
    assert!(net.has_coherence());
}

#[test]
fn tc_learning_backs_up_the_next_moves_points_at_the_full_step_first() {
    // As TD's hand-worked case (tests/ntuple.rs): a first error of 8 moves the first board by α·4·8 at rate 1;
    // the second time the remaining error 4.8 moves it at rate |8 + 4.8| / (8 + 4.8) = 1 again; an error of the
    // other sign would slow it.
    let (first, last) = (lopsided(), Board::from_exponents([[0; 4], [0, 1, 0, 0], [0; 4], [0; 4]]));
    let mut trainer = Trainer::new(Network::new(0.0, 1), 0.1, SpawnRule::Original).with_learning(Learning::Tc);
    trainer.learn(&[(first, 4), (last, 8)]);
    assert!((trainer.net().value(first) - 3.2).abs() < 1e-5);
    trainer.learn(&[(first, 4), (last, 8)]);
    assert!((trainer.net().value(first) - 5.12).abs() < 1e-4, "{}", trainer.net().value(first));
    // Now taught the board is worth 0 after: error −5.12 against sums 12.8 and 12.8: rate 1, value 5.12 − 2.048.
    trainer.learn(&[(first, 0), (last, 0)]);
    assert!((trainer.net().value(first) - 3.072).abs() < 1e-4, "{}", trainer.net().value(first));
    // Error −3.072: sums 7.68 and 17.92, rate 0.4286: 3.072 − 0.4 × 3.072 × 0.4286.
    trainer.learn(&[(first, 0), (last, 0)]);
    let expected = 3.072 - 0.4 * 3.072 * (7.68 / 17.92);
    assert!((trainer.net().value(first) - expected).abs() < 1e-4, "{} against {expected}", trainer.net().value(first));
}

fn trained(games: u64, shards: usize, learning: Learning, seed: u64) -> Network {
    let mut trainer = Trainer::new(Network::new(0.0, seed), 0.1, SpawnRule::Original).with_learning(learning);
    trainer.play_games(games, shards);
    trainer.into_net()
}

#[test]
fn one_shard_plays_the_games_in_turn() {
    let mut trainer = Trainer::new(Network::new(0.0, 3), 0.1, SpawnRule::Original);
    let one_by_one: Vec<_> = (0..12).map(|_| trainer.play_game()).collect();
    let mut batch = Trainer::new(Network::new(0.0, 3), 0.1, SpawnRule::Original);
    assert_eq!(batch.play_games(12, 1), one_by_one);
    assert!(batch.net().to_bytes(false) == trainer.net().to_bytes(false));
}

#[test]
fn shards_play_the_same_games_and_replay_from_their_seed() {
    // The games are the same whichever shard plays them: at the start every shard holds the same weights, so
    // the first batch's two games (one per shard) are game 0 played first, and game 1 played first.
    let mut two = Trainer::new(Network::new(0.0, 5), 0.1, SpawnRule::Original);
    let played = two.play_games(2, 2);
    let alone = |g: u64| {
        let mut net = Network::new(0.0, 5);
        net.games = g;
        Trainer::new(net, 0.1, SpawnRule::Original).play_game()
    };
    assert_eq!(played, [alone(0), alone(1)]);
    for learning in [Learning::Td, Learning::Tc] {
        let a = trained(40, 2, learning, 9);
        assert_eq!(a.games, 40);
        assert!(a.to_bytes(false) == trained(40, 2, learning, 9).to_bytes(false), "same seed and shards, same weights");
        assert!(a.to_bytes(false) != trained(40, 1, learning, 9).to_bytes(false), "other shards, other weights");
    }
}

#[test]
fn two_shards_learn_as_one_does() {
    // A few hundred games in two shards double the untrained player's score, as in one (tests/ntuple.rs).
    let mean = |net: Network| {
        let mut bot = NTuple::new(Arc::new(net), "ntuple");
        let start = G2048::new(SpawnRule::Original);
        (0..20u64)
            .map(|seed| {
                hamle_2048::play_game(&start, &mut bot, &Budget::default(), 100 + seed, false, &mut |_| {}).score as f64
            })
            .sum::<f64>()
            / 20.0
    };
    let untrained = mean(Network::new(0.0, 1));
    let learned = mean(trained(400, 2, Learning::Td, 1));
    assert!(learned > 2.0 * untrained, "untrained {untrained}, after 400 games in two shards {learned}");
}

#[test]
fn a_tile_set_is_the_sum_of_the_distinct_tiles() {
    assert_eq!(Board::EMPTY.tile_set(), 0);
    assert_eq!(Board::from_exponents([[14, 13, 1, 1], [1, 0, 0, 0], [0; 4], [0; 4]]).tile_set(), 16384 + 8192 + 2);
}

#[test]
fn each_stage_learns_apart_after_promotion() {
    // Two boards that share most weights: the same but for one cell, 16384 in the second.
    let early = Board::from_exponents([[13, 12, 11, 10], [9, 8, 7, 6], [5, 4, 3, 2], [1, 0, 0, 0]]);
    let late = early.with_cell(15, 14);
    let mut one = Network::new(0.0, 1);
    one.adjust(late, 320.0);
    let shared = one.value(early);
    assert!(shared > 0.0, "one stage: teaching the late board moves the early one's shared weights");
    let before = (one.value(early), one.value(late));
    one.promote(&[16384]).expect("promoted");
    assert_eq!((one.value(early), one.value(late)), before, "every stage starts from the trained weights");
    one.adjust(late, 320.0);
    assert_eq!(one.value(early), shared, "the late stage's weights are its own");
    assert!((one.value(late) - before.1 - 320.0).abs() < 1e-3);
    one.adjust(early, -100.0);
    assert!((one.value(late) - before.1 - 320.0).abs() < 1e-3, "and the early stage's its own");
    assert_eq!(one.promote(&[32768]), Err("the network has stages already".into()));
    for bad in [&[][..], &[0], &[16384, 16384], &[32768, 16384]] {
        assert!(Network::new(0.0, 1).promote(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn stages_and_tc_sums_round_trip_in_the_file() {
    let mut trainer = Trainer::new(Network::new(0.0, 2), 0.1, SpawnRule::Original).with_learning(Learning::Tc);
    trainer.play_games(5, 1);
    let mut net = trainer.into_net();
    net.promote(&[64, 96]).expect("promoted");
    let mut trainer = Trainer::new(net, 0.1, SpawnRule::Original).with_learning(Learning::Tc);
    trainer.play_games(5, 1);
    let net = trainer.into_net();
    let bytes = net.to_bytes(false);
    let back = Network::from_bytes(&bytes).expect("read back");
    assert_eq!(back.stages(), [64, 96]);
    assert!(back.has_coherence());
    assert!(back.to_bytes(false) == bytes);
    // Going on from the file equals going on from the network in memory: the sums came back too.
    let go_on = |net: Network| {
        let mut t = Trainer::new(net, 0.1, SpawnRule::Original).with_learning(Learning::Tc);
        t.play_games(3, 1);
        t.into_net().to_bytes(false)
    };
    assert!(go_on(back) == go_on(net.clone()));
    let compact = Network::from_bytes(&net.to_bytes(true)).expect("compact");
    assert!(!compact.has_coherence(), "a compact file is for playing: no sums");
    assert_eq!(compact.stages(), [64, 96]);
    // Stages that do not rise, and flags no writer sets, are refused.
    let header = b"hamle 2048 n-tuple network 1\n".len();
    let mut flags = bytes.clone();
    flags[header] = 8;
    assert_eq!(Network::from_bytes(&flags).err(), Some(WeightsError::NotWeights));
    let mut falling = bytes.clone();
    let stages_at = header + 1 + 4 + 8 + 8 + 1;
    falling[stages_at..stages_at + 4].copy_from_slice(&200u32.to_le_bytes());
    assert_eq!(Network::from_bytes(&falling).err(), Some(WeightsError::BadStages));
    let mut many = bytes[..header + 1 + 4 + 8 + 8].to_vec();
    many.push(16);
    many.extend((1..=16u32).flat_map(|t| (t * 64).to_le_bytes()));
    assert_eq!(Network::from_bytes(&many).err(), Some(WeightsError::BadStages));
}
