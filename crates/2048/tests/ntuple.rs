//! The n-tuple network: symmetric sampling, the TD update worked by hand, its file, training that learns and
//! replays from its seed, and the two players that use it.

use std::sync::Arc;

use hamle_2048::bots::{Expectimax, NTuple, Network, SYMMETRIES, Trainer, WeightsError, symmetries};
use hamle_2048::{Board, Direction, G2048, SpawnRule, play_game};
use hamle_core::{Budget, Game};

/// A board with sixteen different cells, so that no two of its symmetries share a weight.
fn lopsided() -> Board {
    Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
}

fn trained(games: u64, seed: u64) -> Network {
    let mut trainer = Trainer::new(Network::new(0.0, seed), 0.1, SpawnRule::Original);
    for _ in 0..games {
        trainer.play_game();
    }
    trainer.into_net()
}

#[test]
fn the_eight_symmetries_are_the_squares_own() {
    // Worked by hand from `lopsided`: turned a quarter, the left column read bottom up becomes the top row.
    let all = symmetries(lopsided());
    let quarter = Board::from_exponents([[13, 9, 5, 1], [14, 10, 6, 2], [15, 11, 7, 3], [0, 12, 8, 4]]);
    let half = Board::from_exponents([[0, 15, 14, 13], [12, 11, 10, 9], [8, 7, 6, 5], [4, 3, 2, 1]]);
    let transposed = Board::from_exponents([[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 0]]);
    for expected in [lopsided(), quarter, half, transposed] {
        assert!(all.contains(&expected), "{:?} missing", expected.exponents());
    }
    let mut distinct = all.to_vec();
    distinct.sort_by_key(|b| b.bits());
    distinct.dedup();
    assert_eq!(distinct.len(), SYMMETRIES);
}

#[test]
fn a_board_and_its_symmetries_have_one_value() {
    let net = trained(30, 5);
    let early = [
        Board::from_exponents([[1, 2, 3, 4], [2, 1, 0, 0], [0; 4], [0, 0, 0, 1]]),
        Board::from_exponents([[3, 1, 0, 0], [2, 0, 0, 0], [1, 1, 0, 0], [0, 0, 0, 4]]),
    ];
    for board in early {
        let value = net.value(board);
        assert!(value != 0.0, "training should have reached this board's weights");
        for sym in symmetries(board) {
            assert!((net.value(sym) - value).abs() <= 1e-3 * value.abs(), "{} against {value}", net.value(sym));
        }
    }
}

#[test]
fn adjusting_a_board_moves_its_value_by_the_step_once_per_distinct_weight() {
    let mut net = Network::new(0.0, 1);
    net.adjust(lopsided(), 64.0);
    // 32 distinct weights, each moved by 64 / 32.
    assert_eq!(net.value(lopsided()), 64.0);
    // The empty board reads each shape's empty weight eight times: each moved 8 × 1 / 32, read 32 times.
    net.adjust(Board::EMPTY, 1.0);
    assert_eq!(net.value(Board::EMPTY), 8.0);
    assert_eq!(Network::new(320.0, 1).value(lopsided()), 320.0);
}

#[test]
fn td_learning_backs_up_the_next_moves_points_worked_by_hand() {
    // Two boards sharing no weight: the last is worth nothing more (no change from 0); the first learns
    // α·4 of its error (TDL2048's step: α per shape, four shapes): 0.1 × 4 × (8 + 0 − 0) = 3.2.
    let (first, last) = (lopsided(), Board::from_exponents([[0; 4], [0, 1, 0, 0], [0; 4], [0; 4]]));
    let mut trainer = Trainer::new(Network::new(0.0, 1), 0.1, SpawnRule::Original);
    trainer.learn(&[(first, 4), (last, 8)]);
    assert_eq!(trainer.net().value(last), 0.0);
    assert!((trainer.net().value(first) - 3.2).abs() < 1e-5, "{}", trainer.net().value(first));
    // Learning again moves it by α·4 of the remaining error: 3.2 + 0.4 × 4.8 = 5.12.
    trainer.learn(&[(first, 4), (last, 8)]);
    assert!((trainer.net().value(first) - 5.12).abs() < 1e-4, "{}", trainer.net().value(first));
}

#[test]
fn pruning_sets_back_the_smallest_weights_first() {
    // Four boards sharing no weight, their 32 weights each moved by 1, 2, 3 and 4.
    let boards: Vec<Board> = (0..4u64)
        .map(|k| Board::from_bits((0..16u64).fold(0, |b, i| b | (((i + 4 * k) % 15 + 1) << (4 * i)))))
        .collect();
    let mut net = Network::new(0.0, 1);
    for (k, &board) in boards.iter().enumerate() {
        net.adjust(board, 32.0 * (k + 1) as f32);
    }
    assert_eq!(net.visited(), 128);
    net.prune(0.5);
    assert_eq!(net.visited(), 64);
    let values: Vec<f32> = boards.iter().map(|&b| net.value(b)).collect();
    assert_eq!(values, [0.0, 0.0, 96.0, 128.0]);
    net.prune(0.0);
    assert_eq!(net.visited(), 64);
}

#[test]
fn an_optimistic_network_prunes_and_counts_against_its_own_start() {
    // Two boards sharing no weight; every weight starts at 320 / 32 = 10.
    let [a, b] =
        [0u64, 1].map(|k| Board::from_bits((0..16u64).fold(0, |x, i| x | (((i + 4 * k) % 15 + 1) << (4 * i)))));
    let mut net = Network::new(320.0, 1);
    assert_eq!(net.visited(), 0, "every weight at its start");
    net.adjust(a, -480.0);
    net.adjust(b, 192.0);
    assert_eq!((net.value(a), net.value(b)), (-160.0, 512.0));
    assert_eq!(net.visited(), 64);
    // a's weights moved 15 below the start (to -5), b's 6 above it (to 16): b's are the smaller moves.
    net.prune(0.5);
    assert_eq!((net.value(a), net.value(b)), (-160.0, 320.0), "b's weights set back to 10, not to 0");
    assert_eq!(net.visited(), 32);
    assert!(net.is_finite());
    net.adjust(a, f32::NAN);
    assert!(!net.is_finite());
}

/// The shipped weights are the trained network, read in the shapes they were trained in: one-ply over 20 seeded
/// games it scores far above an untrained player (docs/benchmarks.md: mean 173,197 over 1,000 games; untrained
/// players score a few thousand, the network shipped before this one 126,087).
#[test]
fn the_shipped_network_plays_as_trained() {
    let shipped = Network::shipped();
    assert_eq!((shipped.games, shipped.stages(), shipped.has_coherence()), (440_000, &[][..], false));
    let mean = mean_score(&mut NTuple::new(shipped, "ntuple"), 20);
    assert!(mean > 100_000.0, "{mean}");
}

#[test]
fn training_replays_from_its_seed_and_differs_with_another() {
    let a = trained(20, 9);
    assert_eq!(a.games, 20);
    assert!(a.to_bytes(false) == trained(20, 9).to_bytes(false), "same seed, same weights");
    assert!(a.to_bytes(false) != trained(20, 10).to_bytes(false), "another seed, other tiles, other weights");
}

/// Mean score of `games` seeded games of `bot`.
fn mean_score(bot: &mut dyn hamle_core::Bot<G2048>, games: u64) -> f64 {
    let start = G2048::new(SpawnRule::Original);
    (0..games)
        .map(|seed| play_game(&start, bot, &Budget::default(), 100 + seed, false, &mut |_| {}).score as f64)
        .sum::<f64>()
        / games as f64
}

#[test]
fn a_few_hundred_training_games_double_the_untrained_players_score() {
    // Untrained, every value is 0 and the player takes the most points now; TDL2048's published curves
    // (and ours in docs/benchmarks.md) roughly double the mean score within the first thousand games.
    let untrained = mean_score(&mut NTuple::new(Arc::new(Network::new(0.0, 1)), "ntuple"), 20);
    let learned = mean_score(&mut NTuple::new(Arc::new(trained(400, 1)), "ntuple"), 20);
    assert!(learned > 2.0 * untrained, "untrained {untrained}, after 400 games {learned}");
}

#[test]
fn the_file_round_trips_and_bad_files_are_refused() {
    let net = trained(10, 3);
    let bytes = net.to_bytes(false);
    let back = Network::from_bytes(&bytes).expect("round trip");
    assert_eq!((back.games, back.seed, back.initial), (10, 3, 0.0));
    assert_eq!(back.to_bytes(false), bytes);
    let board = Board::from_exponents([[1, 2, 3, 4], [2, 1, 0, 0], [0; 4], [0, 0, 0, 1]]);
    assert_eq!(back.value(board), net.value(board));
    assert_eq!(back.visited(), net.visited());
    let optimistic = Network::new(320.0, 4);
    assert_eq!(Network::from_bytes(&optimistic.to_bytes(false)).expect("untrained").value(lopsided()), 320.0);
    // Untrained, every weight is at its start: the file is the header and one empty run.
    assert!(optimistic.to_bytes(false).len() < 64 && optimistic.to_bytes(true).len() < 64);
    // Compact: each weight within half a step of the scale (the largest weight / 32,767), so a board's value
    // within 32 half steps; the file about half the exact one's size.
    let compact = net.to_bytes(true);
    let small = Network::from_bytes(&compact).expect("compact");
    assert!((small.value(board) - net.value(board)).abs() <= 16.0 * net.largest_weight() / 32767.0 + 1e-3);
    assert!(compact.len() * 10 < bytes.len() * 7, "{} against {}", compact.len(), bytes.len());
    assert_eq!(small.games, 10);

    assert_eq!(Network::from_bytes(b"hamle hapis network").err(), Some(WeightsError::NotWeights));
    let mut format = bytes.clone();
    format[29] = 8;
    assert_eq!(Network::from_bytes(&format).err(), Some(WeightsError::NotWeights), "no such flag");
    format[29] = 3;
    assert_eq!(Network::from_bytes(&format).err(), Some(WeightsError::NotWeights), "a compact file has no TC sums");
    assert_eq!(Network::from_bytes(&bytes[..bytes.len() - 3]).err(), Some(WeightsError::Truncated));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Network::from_bytes(&longer).err(), Some(WeightsError::BadRuns));
    // The header, then one run claiming more weights than the network has.
    let header = b"hamle 2048 n-tuple network 1\n".len() + 1 + 4 + 8 + 8;
    let mut overlong = bytes[..header].to_vec();
    overlong.extend_from_slice(&[0x80, 0x80, 0x80, 0x40, 0x00]);
    assert_eq!(Network::from_bytes(&overlong).err(), Some(WeightsError::BadRuns));
    // An empty run (to_bytes never writes one), and a start value that is not a number.
    let mut empty = bytes[..header].to_vec();
    empty.extend_from_slice(&[0x00, 0x00]);
    assert_eq!(Network::from_bytes(&empty).err(), Some(WeightsError::BadRuns));
    let mut nan_start = bytes[..header].to_vec();
    nan_start[30..34].copy_from_slice(&f32::NAN.to_le_bytes());
    nan_start.extend_from_slice(&[0x80, 0x80, 0x80, 0x20, 0x00]);
    assert_eq!(Network::from_bytes(&nan_start).err(), Some(WeightsError::NotFinite));
    // A run of one weight that is not a number.
    let mut nan = bytes[..header].to_vec();
    nan.extend_from_slice(&[0x00, 0x01]);
    nan.extend_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(Network::from_bytes(&nan).err(), Some(WeightsError::NotFinite));
}

#[test]
fn the_player_takes_the_most_points_plus_value() {
    // Untrained, the value is 0 everywhere: only the points count. Left merges two 2s (4 points); up merges
    // the two 8s of column 3 (16 points).
    let board = Board::from_exponents([[1, 1, 0, 3], [0, 0, 0, 3], [0; 4], [0; 4]]);
    let net = Network::new(0.0, 1);
    assert_eq!(net.best_move(board), Some((Direction::Up, 16.0)));
    // A board valued highly enough turns the choice: teach the network that left's board is worth 100.
    let mut taught = Network::new(0.0, 1);
    taught.adjust(board.slide(Direction::Left).board, 100.0);
    assert_eq!(taught.best_move(board).map(|(d, _)| d), Some(Direction::Left));
    assert_eq!(net.best_move(Board::from_exponents([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 2, 1]])), None);
    // As a bot: three legal moves weighed (up changes nothing); left and right both merge the 8s, left first.
    let three = Board::from_exponents([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [3, 3, 0, 0]]);
    let game = G2048::from_board(three, 0, SpawnRule::Original);
    let mut bot = NTuple::new(Arc::new(net), "ntuple");
    let decision = hamle_core::Bot::choose(&mut bot, &game, &Budget::default(), &mut hamle_core::Stream::new(1));
    assert_eq!(decision.map(|d| (d.mv, d.nodes, d.score)), Some((Direction::Left, 3, 16.0)));
}

/// Each move's expected score to depth 1 worked out from the game's own chance outcomes: the move's points, then
/// over every new tile the best next move's points plus the network's value of the board it leaves.
fn brute_depth_one(net: &Network, board: Board) -> Vec<(Direction, f32)> {
    let mut out = Vec::new();
    for d in Direction::ALL.into_iter().filter(|&d| board.can_move(d)) {
        let slide = board.slide(d);
        let mut game = G2048::from_board(board, 0, SpawnRule::Original);
        game.play(d);
        let mut outcomes = Vec::new();
        game.chance_outcomes(&mut outcomes);
        let mut expected = 0.0f64;
        for (spawn, p) in outcomes {
            let mut next = game.clone();
            next.apply_chance(spawn);
            let best = Direction::ALL
                .into_iter()
                .filter(|&e| next.board().can_move(e))
                .map(|e| {
                    let after = next.board().slide(e);
                    f64::from(after.score) + f64::from(net.value(after.board))
                })
                .fold(None, |best: Option<f64>, v| Some(best.map_or(v, |b| b.max(v))))
                .unwrap_or(0.0);
            expected += p * best;
        }
        out.push((d, slide.score as f32 + expected as f32));
    }
    out
}

#[test]
fn expectimax_on_the_network_counts_points_and_values_as_the_game_deals_tiles() {
    let board = Board::from_exponents([[1, 1, 2, 0], [2, 0, 0, 0], [3, 3, 0, 0], [0; 4]]);
    for net in [Network::new(0.0, 1), trained(200, 2)] {
        let brute = brute_depth_one(&net, board);
        let net = Arc::new(net);
        let mut bot = Expectimax::with_network(net.clone(), Some(1), 0.0);
        // Twice: the second decision must not reuse the first one's remembered leaves wrongly.
        for _ in 0..2 {
            let (values, _) = bot.move_values(board, 0.1, 1);
            assert_eq!(values.len(), brute.len());
            for ((d, v), (e, w)) in values.iter().zip(&brute) {
                assert_eq!(d, e);
                assert!((v - w).abs() <= 1e-3 * w.abs().max(1.0), "{d:?}: search {v}, worked out {w}");
            }
        }
    }
    let bot = Expectimax::with_network(Arc::new(Network::new(0.0, 1)), Some(1), 0.0);
    let name = hamle_core::Bot::<G2048>::name(&bot);
    assert_eq!(name, "expectimax(depth=1,prob=0,eval=ntuple)");
    // Without a set depth the network's search goes 3 moves deep on any board; the row heuristic's grows.
    let late = Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 0, 0], [0; 4]]);
    let auto = Expectimax::with_network(Arc::new(Network::new(0.0, 1)), None, 1e-4);
    assert_eq!((auto.depth_for(board), auto.depth_for(late)), (3, 3));
    assert_eq!(Expectimax::default().depth_for(late), 8);
}

/// The probability cut is strict, as documented: branches *less* likely than `prob` are scored at once.
#[test]
fn the_probability_cut_spares_a_branch_exactly_as_likely_as_the_cut() {
    let board = Board::from_exponents([[1, 1, 2, 0], [2, 0, 0, 0], [3, 3, 0, 0], [0; 4]]);
    let legal = Direction::ALL.into_iter().filter(|&d| board.can_move(d)).count() as u64;
    let nodes = |prob: f32| {
        let mut bot = Expectimax::with_network(Arc::new(Network::new(0.0, 1)), Some(2), prob);
        bot.move_values(board, 0.1, 2).1
    };
    // At 1 the root's chance nodes (probability exactly 1) are searched; above 1 each is scored at once.
    assert!(nodes(1.0) > 10 * legal, "{}", nodes(1.0));
    assert_eq!(nodes(1.01), legal);
}

#[test]
fn network_bots_come_from_the_registry_and_files_are_refused_to_the_web() {
    let def = hamle_2048::definition();
    let game = G2048::new(SpawnRule::Original);
    for (spec, name) in [
        ("ntuple", "ntuple"),
        ("ntuple(weights=shipped)", "ntuple"),
        ("expectimax(eval=ntuple,depth=2)", "expectimax(depth=2,eval=ntuple)"),
        ("expectimax(eval=ntuple,weights=shipped)", "expectimax(eval=ntuple)"),
        ("expectimax", "expectimax"),
        ("expectimax(weights=published)", "expectimax(weights=published)"),
        ("expectimax(eval=rows,weights=tuned)", "expectimax"),
    ] {
        let bot = def.bot(&spec.parse().expect("a spec"), &game).expect("made");
        assert_eq!(bot.name(), name, "{spec}");
    }
    assert!(!Expectimax::default().uses_network());
    // This process never allowed files (only the terminal's commands do), so a path is refused unread.
    for spec in ["ntuple(weights=/etc/hostname)", "expectimax(eval=ntuple,weights=net.bin)"] {
        let err = def.bot(&spec.parse().expect("a spec"), &game).err().expect("refused").to_string();
        assert!(err.contains("web app reads no files"), "{err}");
    }
    for spec in
        ["expectimax(eval=tiles)", "expectimax(eval=rows,weights=shipped)", "expectimax(eval=ntuple,weights=tuned)"]
    {
        assert!(def.bot(&spec.parse().expect("a spec"), &game).is_err(), "{spec}");
    }
}
