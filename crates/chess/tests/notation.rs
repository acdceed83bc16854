//! FEN, SAN and UCI: round trips, the forms people write, and every refusal with its reason.

use hamle_chess::{Chess, Move, parse_fen, san, uci};
use hamle_core::{Game, Notation};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn refusal(fen: &str) -> String {
    match parse_fen(fen) {
        Ok(_) => panic!("{fen} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn fen_round_trips_the_standard_positions() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/k7/4K2R w K - 120 90",
    ] {
        assert_eq!(game(fen).format_position(), fen);
    }
}

#[test]
fn a_fen_without_clocks_starts_them_at_zero_and_one() {
    assert_eq!(game("4k3/8/8/8/8/8/8/4K3 w - -").format_position(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn invalid_fens_are_refused_naming_the_fault() {
    let cases = [
        ("4k3/8/8/8/8/8/8/2K1K3 w - - 0 1", "invalid FEN: white has 2 kings"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "invalid FEN: black has no king"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "invalid FEN: a pawn on a1: pawns never stand on the first or last rank"),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "invalid FEN: black is in check but it is white's move"),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "invalid FEN: white is in check but it is black's move"),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "invalid FEN: castling right 'K' needs the white king on e1 and a rook on h1",
        ),
        ("4k3/8/8/8/8/8/8/4K2R w KX - 0 1", "invalid FEN: castling rights 'KX': write - or some of KQkq"),
        ("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "invalid FEN: castling right 'K' is given twice in 'KK'"),
        (
            "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1",
            "invalid FEN: en passant square e3 is impossible: the squares the pawn passed are not empty",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
            "invalid FEN: en passant square e3 is impossible: no white pawn stands on e4 after a double step",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
            "invalid FEN: en passant square e3 is impossible: it must be on rank 6 when white is to move",
        ),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "invalid FEN: side to move 'x': write w or b"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 151 1", "invalid FEN: halfmove clock '151': write a number from 0 to 150"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "invalid FEN: move number '0': write a number from 1"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "invalid FEN: the board has 7 ranks separated by '/', not 8"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "invalid FEN: rank 1 holds more than 8 squares"),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", "invalid FEN: rank 1 holds 7 squares, not 8"),
        ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", "invalid FEN: 'X' in rank 1 is neither a piece (PNBRQK, pnbrqk) nor 1-8"),
        ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "invalid FEN: black has 9 pawns (at most 8)"),
        ("3k4/3K4/8/8/8/8/8/7R w - - 0 1", "invalid FEN: the kings stand side by side on d7 and d8"),
        (
            "4r2k/8/8/8/1b6/3n4/8/4K3 w - - 0 1",
            "invalid FEN: white is in check from 3 pieces: no move gives more than two",
        ),
    ];
    for (fen, message) in cases {
        assert_eq!(refusal(fen), message, "{fen}");
    }
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/4K3 w - - 0"),
        "invalid FEN: a FEN has 6 fields (board, side, castling, en passant, halfmove clock, move number), this has 5"
    );
    assert_eq!(
        refusal("4k3/8/8/2Q5/8/8/PPPPPPPP/QRNBK3 w - - 0 1"),
        "invalid FEN: white has 8 pawns and 1 pieces beyond the starting set: more than its 8 pawns could give"
    );
    assert_eq!(
        refusal("4k3/8/8/QQQQQQQQ/8/8/PP6/4K3 w - - 0 1"),
        "invalid FEN: white has 2 pawns and 7 pieces beyond the starting set: more than its 8 pawns could give"
    );
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    // Knights on b1 and f1 both reach d2: the file tells them apart. Rooks on a1 and a5 both reach a3: the
    // rank. Queens on a1, a3 and c1 all reach b2: only the square names the one on a1.
    let knights = game("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let rooks = game("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let queens = game("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    let text = |g: &Chess, u: &str| g.format_move(g.parse_move(u).unwrap_or_else(|e| panic!("{u}: {e}")));
    assert_eq!(text(&knights, "b1d2"), "Nbd2");
    assert_eq!(text(&rooks, "a1a3"), "R1a3");
    assert_eq!(text(&queens, "a1b2"), "Qa1b2");
    assert_eq!(text(&queens, "c1b2"), "Qcb2");
}

#[test]
fn san_marks_captures_promotions_checks_and_mates() {
    let g = game("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(g.format_move(g.parse_move("b7a8q").expect("legal")), "bxa8=Q+");
    assert_eq!(g.format_move(g.parse_move("e1g1").expect("legal")), "O-O");
    let mate = game("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(mate.format_move(mate.parse_move("a1a8").expect("legal")), "Ra8#");
    let ep = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(ep.format_move(ep.parse_move("e5d6").expect("legal")), "exd6");
}

#[test]
fn people_may_write_san_loosely() {
    let g = game("r3k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
    let same = |a: &str, b: &str| assert_eq!(g.parse_move(a).expect(a), g.parse_move(b).expect(b), "{a} = {b}");
    same("bxa8=Q+", "bxa8Q");
    same("bxa8=Q", "b7a8q");
    same("O-O", "0-0");
    same("O-O-O+", "e1c1");
    same("Rh2", "Rhh2");
    same("Kd2!?", "Kd2");
    let claim = g.parse_move("  draw  ").expect_err("no claim is open").to_string();
    assert!(claim.starts_with("'draw' cannot be claimed now"), "{claim}");
}

#[test]
fn uci_writes_castling_as_the_kings_step() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castles: Vec<String> = g
        .board_moves()
        .into_iter()
        .filter(|&mv| san(g.board(), mv).starts_with('O'))
        .map(|mv| uci(g.board(), mv))
        .collect();
    assert_eq!(castles, ["e1c1", "e1g1"]);
}

#[test]
fn illegal_ambiguous_and_malformed_moves_are_refused_with_reasons() {
    let start = Chess::default();
    let reason = |g: &Chess, text: &str| g.parse_move(text).expect_err(text).to_string();
    assert_eq!(reason(&start, "e5"), "'e5' is not a legal move here");
    assert_eq!(reason(&start, "e2e5"), "'e2e5' is not a legal move here");
    assert_eq!(reason(&start, "e2e4q"), "'e2e4q' is not a legal move here", "a promotion no pawn can make");
    assert_eq!(reason(&start, "e7e5"), "'e7e5' is not a legal move: no piece of the side to move stands on e7");
    assert_eq!(reason(&start, "O-O"), "'O-O' is not a legal move here: castling on that side is not allowed now");
    assert_eq!(reason(&start, "z9"), "'z9' is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)");
    assert_eq!(reason(&start, ""), "'' is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)");
    let knights = game("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(reason(&knights, "Nd2"), "'Nd2' is ambiguous: write Nbd2 or Nfd2");
    assert_eq!(
        reason(&knights, "Nbcd2"),
        "'Nbcd2' is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)"
    );
    assert_eq!(
        reason(&knights, "N11d2"),
        "'N11d2' is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)"
    );
    let promote = game("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&promote, "Kb8"), "'Kb8' is not a legal move here", "only a pawn must promote");
    assert_eq!(reason(&promote, "a8"), "'a8' is not a legal move here", "no pawn reaches a8 at all");
    assert_eq!(reason(&promote, "b8"), "'b8' is not a legal move: a pawn reaching the last rank must promote (e8=Q)");
    assert_eq!(
        reason(&promote, "b7b8"),
        "'b7b8' is not a legal move: a pawn reaching the last rank must promote (add q, r, b or n: e7e8q)"
    );
    assert_eq!(
        reason(&promote, "b7b8k"),
        "'b7b8k' is not a move: write SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)"
    );
}

#[test]
fn nothing_is_played_after_the_game_ends() {
    let mut g = Chess::default();
    for text in ["f3", "e5", "g4", "Qh4#"] {
        let mv = g.parse_move(text).expect("legal");
        g.play(mv);
    }
    assert_eq!(g.parse_move("a3").expect_err("over").to_string(), "'a3' cannot be played: the game is over");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(g.try_play(Move::ClaimDraw), Err(hamle_core::IllegalMove));
}

#[test]
fn every_legal_move_reads_back_from_its_san_and_its_uci() {
    for seed in 1..=5 {
        for g in hamle_testkit::random_positions(&Chess::default(), seed, 60) {
            for mv in g.board_moves() {
                assert_eq!(g.parse_move(&san(g.board(), mv)), Ok(Move::Board(mv)), "{}", g.fen());
                assert_eq!(g.parse_move(&uci(g.board(), mv)), Ok(Move::Board(mv)), "{}", g.fen());
            }
        }
    }
}
