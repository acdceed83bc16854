//! The engine finds mates and wins material in known positions, honours its limits, and searches the
//! same tree every time.

use std::sync::atomic::AtomicBool;

use hamle_chess::bots::engine::Eval;
use hamle_chess::bots::engine::nnue::{HIDDEN, INPUTS, Network};
use hamle_chess::bots::engine::search::{Limits, Score, Searcher};
use hamle_chess::{Board, uci};

fn best(fen: &str, depth: u32) -> (String, Score) {
    best_with(fen, depth, Eval::Hand)
}

fn best_with(fen: &str, depth: u32, eval: Eval) -> (String, Score) {
    best_with_network(fen, depth, eval.network())
}

fn best_with_network(fen: &str, depth: u32, network: Option<&'static Network>) -> (String, Score) {
    let board: Board = fen.parse().expect("a legal FEN");
    let mut searcher = Searcher::with_network(16, network);
    let mut last = None;
    let outcome = searcher.search(
        &board,
        &[],
        Limits { depth: Some(depth), ..Limits::default() },
        &AtomicBool::new(false),
        &mut |info| last = Some(info.score),
    );
    (uci(&board, outcome.best.expect("a move")), last.expect("an iteration"))
}

#[test]
fn mates_in_one_two_and_three() {
    // Back-rank mate in one.
    assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4), ("a1a8".into(), Score::Mate(1)));
    // The smothered mate in two: Qg8+ Rxg8 Nf7#. Stockfish 15.1 agrees (mate 2, pv f7g8 a8g8 h6f7).
    assert_eq!(best("r5rk/5Qpp/7N/8/8/8/6PP/6K1 w - - 0 1", 6), ("f7g8".into(), Score::Mate(2)));
    // Mate in three with a bishop sacrifice: Bc5+ Kxc5 Qb6+ … Stockfish 15.1: mate 3, first move f8c5.
    let mate3 = best("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8);
    assert_eq!(mate3, ("f8c5".into(), Score::Mate(3)));
    // Black mates in two through the rook's sacrifice: Rg1+ Kxg1 Rf1#. Stockfish 15.1: mate 2.
    assert_eq!(best("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 6), ("g2g1".into(), Score::Mate(2)));
}

#[test]
fn the_network_too_finds_the_mates_and_the_fork() {
    // Searching with the network also checks, in every node (a debug assertion), that the sums brought up
    // to date from a parent's or a sibling's equal the sums from scratch.
    assert_eq!(best_with("r5rk/5Qpp/7N/8/8/8/6PP/6K1 w - - 0 1", 6, Eval::Net), ("f7g8".into(), Score::Mate(2)));
    let mate3 = best_with("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8, Eval::Net);
    assert_eq!(mate3, ("f8c5".into(), Score::Mate(3)));
    assert_eq!(best_with("3q3k/6pp/8/6N1/8/8/6PP/6K1 w - - 0 1", 6, Eval::Net).0, "g5f7");
}

#[test]
fn the_network_sees_a_queen_up_as_better_for_the_side_with_the_queen() {
    // By hand: each position is the opening one with one queen taken off and nothing else changed, so the
    // side that keeps its queen is a queen up (about nine pawns) for nothing: better for it, whoever is to
    // move, by more than a rook's worth (500 centipawns). The network's values are for the side to move.
    let network = Eval::Net.network().expect("the engine's default evaluation is a network");
    let value = |fen: &str| network.evaluate(&fen.parse::<Board>().expect("a legal FEN"));
    let level = value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let up = value("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let down = value("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(up > 500, "white to move and a queen up: {up}");
    assert!(down < -500, "black to move and a queen down: {down}");
    assert!(up > level && level > down, "a queen up {up}, level {level}, a queen down {down}");
    // The same positions with the colours swapped (the board turned, the other side to move) are the same
    // for the side to move, so the network must value them alike.
    assert_eq!(value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"), up);
    assert_eq!(value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"), down);
}

#[test]
fn quiescence_sees_the_recapture_beyond_the_horizon() {
    // One ply deep, Qxd5 looks like a pawn won; quiescence sees exd5 and the queen lost. White is a queen up
    // (hand-worked: about +800 however the tables fall), which a search without quiescence would not see at all.
    let (mv, score) = best("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", 1);
    assert_ne!(mv, "d1d5");
    assert!(matches!(score, Score::Cp(cp) if (600..1200).contains(&cp)), "{score:?}");
}

#[test]
fn a_mate_at_the_horizon_is_scored_as_mate() {
    // Searched one ply deep: the check extension looks a ply past the mating move and finds no way out, so
    // the mate is scored as one, not as the rook's material.
    assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1), ("a1a8".into(), Score::Mate(1)));
}

#[test]
fn a_correcting_network_adds_to_the_hand_made_evaluation() {
    // A correcting network whose weights are all zero corrects by nothing: its search is the hand-made one's.
    let zero = Network {
        hidden: vec![[0; HIDDEN]; INPUTS],
        hidden_bias: [0; HIDDEN],
        output: [0; 2 * HIDDEN],
        output_bias: 0,
        corrects: true,
    };
    let zero: &'static Network = Box::leak(Box::new(zero));
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(best_with_network(fen, 5, Some(zero)), best_with(fen, 5, Eval::Hand));
}

#[test]
fn wins_the_queen_with_a_knight_fork() {
    // Nc7+ forks king and rook... here: Nf7+ forks the king on h8 and the queen on d8.
    assert_eq!(best("3q3k/6pp/8/6N1/8/8/6PP/6K1 w - - 0 1", 6).0, "g5f7");
}

mod bot {
    use hamle_chess::{Chess, definition};
    use hamle_core::{Budget, Notation, Spec, Stream};

    fn engine(spec: &str) -> Box<dyn hamle_core::Bot<Chess>> {
        let def = definition();
        def.bot(&spec.parse::<Spec>().expect("a spec"), &Chess::default()).expect("an engine")
    }

    #[test]
    fn a_node_budget_is_a_hard_stop() {
        // Each budget ends the search in the middle of an iteration (they fall at depths 4, 7 and 10 of the
        // opening), at the budget's own node rather than at the end of the iteration it is in.
        for budget in [1_000, 7_777, 50_000] {
            let mut bot = engine("engine");
            let limit = Budget { nodes: Some(budget), ..Budget::UNLIMITED };
            let decision = bot.choose(&Chess::default(), &limit, &mut Stream::new(1)).expect("a move");
            assert_eq!(decision.nodes, budget);
        }
    }

    #[test]
    fn a_node_budget_is_never_passed() {
        let mut bot = engine("engine");
        let budget = Budget { nodes: Some(5_000), ..Budget::UNLIMITED };
        let decision = bot.choose(&Chess::default(), &budget, &mut Stream::new(1)).expect("a move");
        assert!(decision.nodes <= 5_000 + 1, "{}", decision.nodes);
        assert!(decision.nodes > 1_000, "it used its budget: {}", decision.nodes);
    }

    #[test]
    fn the_weak_levels_vary_with_the_stream_and_replay_from_it() {
        let game = Chess::default();
        let moves = |seed| {
            let mut bot = engine("engine(level=1)");
            bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(seed)).expect("a move").mv
        };
        assert_eq!(moves(3), moves(3), "one stream, one move");
        let distinct: std::collections::HashSet<_> = (0..12).map(moves).collect();
        assert!(distinct.len() >= 3, "noise of 150 centipawns spreads the choice: {distinct:?}");
        // Two fresh engines (one's history from its first search would change its second), two streams.
        let budget = Budget { depth: Some(6), ..Budget::UNLIMITED };
        let strong =
            |seed| engine("engine(level=8)").choose(&game, &budget, &mut Stream::new(seed)).expect("a move").mv;
        assert_eq!(strong(1), strong(99), "level 8 has no noise");
    }

    #[test]
    fn a_table_too_large_for_a_spec_is_refused() {
        let def = definition();
        let spec: Spec = "engine(hash=4096)".parse().expect("a spec");
        let error = def.bot(&spec, &Chess::default()).err().expect("refused");
        assert!(error.to_string().contains("1..=256"), "{error}");
    }

    #[test]
    fn the_evaluation_is_chosen_by_the_spec_and_a_bad_one_refused() {
        assert_eq!(engine("engine").name(), "engine(level=8)");
        // The network is the default, so a name leaves it out; the hand-made evaluation is named.
        assert_eq!(engine("engine(level=6,eval=net)").name(), "engine(level=6)");
        assert_eq!(engine("engine(eval=hand)").name(), "engine(level=8,eval=hand)");
        let spec: Spec = "engine(eval=neural)".parse().expect("a spec");
        let error = definition().bot(&spec, &Chess::default()).err().expect("refused");
        assert!(error.to_string().contains("neural"), "{error}");
    }

    #[test]
    fn it_takes_a_mate_in_one_through_the_bot() {
        let game = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("a FEN");
        let mut bot = engine("engine");
        let decision = bot.choose(&game, &Budget::depth(3), &mut Stream::new(1)).expect("a move");
        assert_eq!(game.format_move(decision.mv), "Ra8#");
        assert_eq!(decision.score, 1000.0, "a mate is worth the most");
    }
}

mod table {
    use std::time::Duration;

    use hamle_chess::Chess;
    use hamle_chess::bots::engine::Engine;
    use hamle_core::{Bot, Budget, Clock, Stream};

    #[test]
    fn a_large_table_is_held_between_moves_only_under_a_clock() {
        let game = Chess::default();
        let mut engine = Engine::new(8, 16);
        engine.choose(&game, &Budget::depth(3), &mut Stream::new(1)).expect("a move");
        assert!(!engine.holds_table(), "no clock: the table is let go");
        let clock = Clock { remaining: Duration::from_secs(5), increment: Duration::ZERO, moves_to_go: None };
        let timed = Budget { depth: Some(3), clock: Some(clock), ..Budget::UNLIMITED };
        engine.choose(&game, &timed, &mut Stream::new(1)).expect("a move");
        assert!(engine.holds_table(), "under a clock it stays");
        let mut small = Engine::new(6, 1);
        small.choose(&game, &Budget::depth(3), &mut Stream::new(1)).expect("a move");
        assert!(small.holds_table(), "a small table always stays");
    }
}
