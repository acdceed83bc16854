//! `hamle chess`, `hamle play chess` and `hamle bench chess` as a person or a program uses them: real
//! processes, real output.

mod run;

use std::process::Output;

use run::{hamle, hamle_with_input, text};
use serde_json::{Value, json};

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn assert_clean_failure(out: &Output, expect: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "should fail: {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(err.contains(expect), "stderr should mention {expect:?}: {err}");
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

#[test]
fn legal_lists_the_twenty_opening_moves_with_the_position_after_each() {
    let moves = json_of(&hamle(&["chess", "legal"]));
    let moves = moves.as_array().expect("an array");
    assert_eq!(moves.len(), 20);
    for expected in [
        json!({"uci": "g1f3", "san": "Nf3", "fen": "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"}),
        json!({"uci": "e2e4", "san": "e4", "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}),
        json!({"uci": "a2a3", "san": "a3", "fen": "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1"}),
    ] {
        assert!(moves.contains(&expected), "{expected} missing from {moves:?}");
    }
    let ucis: Vec<&str> = moves.iter().filter_map(|m| m["uci"].as_str()).collect();
    let mut sorted = ucis.clone();
    sorted.sort_unstable();
    assert_eq!(ucis, sorted, "sorted by UCI");
    // The default is the start position itself.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(json_of(&hamle(&["chess", "legal", "--fen", start])).as_array().map(Vec::len), Some(20));
}

#[test]
fn legal_writes_castling_as_the_kings_step_and_o_o() {
    let moves = json_of(&hamle(&["chess", "legal", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]));
    let moves = moves.as_array().expect("an array");
    assert!(moves.contains(&json!({"uci": "e1g1", "san": "O-O", "fen": "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"})));
    assert!(moves.contains(&json!({"uci": "e1c1", "san": "O-O-O", "fen": "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"})));
    // Not through an attacked square: the rook on f8 watches f1.
    let moves = json_of(&hamle(&["chess", "legal", "--fen", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"]));
    let sans: Vec<&str> = moves.as_array().expect("an array").iter().filter_map(|m| m["san"].as_str()).collect();
    assert!(!sans.contains(&"O-O") && sans.contains(&"O-O-O"), "{sans:?}");
}

#[test]
fn legal_is_empty_once_the_game_is_over() {
    assert_eq!(json_of(&hamle(&["chess", "legal", "--fen", FOOLS_MATE])), json!([]));
}

#[test]
fn perft_counts_kiwipete_and_divide_sums_to_it() {
    let out = hamle(&["chess", "perft", "--fen", KIWIPETE, "--depth", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "97862");
    assert!(text(&out.stderr).contains("nodes/s"), "{}", text(&out.stderr));

    let out = hamle(&["chess", "perft", "--fen", KIWIPETE, "--depth", "3", "--divide"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let (lines, total) = shown.split_once("\n\n").expect("a blank line before the total");
    assert_eq!(total.trim(), "Nodes searched: 97862");
    let counts: Vec<(&str, u64)> = lines
        .lines()
        .map(|line| {
            let (mv, count) = line.split_once(": ").expect("uci: count");
            (mv, count.parse().expect("a count"))
        })
        .collect();
    assert_eq!(counts.len(), 48, "Kiwipete has 48 moves");
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 97862);
    assert!(counts.contains(&("e1g1", 2059)), "castling in UCI with Stockfish's count: {counts:?}");
    assert!(counts.contains(&("e5f7", 2080)), "{counts:?}");
}

#[test]
fn perft_defaults_to_the_start_and_refuses_depths_out_of_range() {
    let out = hamle(&["chess", "perft", "--depth", "4"]);
    assert_eq!(text(&out.stdout).trim(), "197281");
    for depth in ["0", "13", "-1", "x"] {
        assert_clean_failure(&hamle(&["chess", "perft", "--depth", depth]), depth);
    }
    assert_clean_failure(&hamle(&["chess", "perft", "--depth", "0"]), "1..=12");
}

#[test]
fn status_names_mate_stalemate_dead_positions_and_checks() {
    let status = |fen: &str| json_of(&hamle(&["chess", "status", "--fen", fen]));
    assert_eq!(status(FOOLS_MATE), json!({"check": true, "outcome": "checkmate", "winner": "black", "claim": null}));
    assert_eq!(
        status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        json!({"check": false, "outcome": "stalemate", "winner": null, "claim": null})
    );
    assert_eq!(
        status("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        json!({"check": false, "outcome": "insufficient", "winner": null, "claim": null})
    );
    assert_eq!(
        status("rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2"),
        json!({"check": true, "outcome": null, "winner": null, "claim": null})
    );
    assert_eq!(
        status("4k3/8/8/8/8/8/8/4K2R w - - 100 80"),
        json!({"check": false, "outcome": null, "winner": null, "claim": "fifty"})
    );
    assert_eq!(
        json_of(&hamle(&["chess", "status"])),
        json!({"check": false, "outcome": null, "winner": null, "claim": null})
    );
}

#[test]
fn every_kind_of_invalid_fen_is_refused_with_its_fault() {
    let cases = [
        ("4k3/8/8/8/8/8/8/2K1K3 w - - 0 1", "white has 2 kings"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no king"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a pawn on a1"),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on h8"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black is in check but it is white's move"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K' needs the white king on e1 and a rook on h1"),
        ("4k3/8/8/8/8/8/8/4K3 w q - 0 1", "castling right 'q' needs the black king on e8 and a rook on a8"),
        ("4k3/8/8/8/8/8/8/4K2R w KX - 0 1", "castling rights 'KX'"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant square e3 is impossible"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move 'x'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 200 1", "halfmove clock '200'"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "7 ranks"),
        ("4k3/8/8/8/8/8/8/4K3", "6 fields"),
        ("4z3/8/8/8/8/8/8/4K3 w - - 0 1", "'z' in rank 8"),
    ];
    for (fen, fault) in cases {
        for command in ["legal", "status"] {
            let out = hamle(&["chess", command, "--fen", fen]);
            assert_clean_failure(&out, fault);
            assert_clean_failure(&out, "invalid FEN");
        }
        assert_clean_failure(&hamle(&["chess", "perft", "--fen", fen, "--depth", "1"]), fault);
    }
}

#[test]
fn kings_side_by_side_are_refused() {
    let fen = "3k4/3K4/8/8/8/8/8/7R w - - 0 1";
    assert_clean_failure(&hamle(&["chess", "status", "--fen", fen]), "invalid FEN");
    assert_clean_failure(&hamle(&["chess", "legal", "--fen", fen]), "invalid FEN");
    assert_clean_failure(&hamle(&["chess", "perft", "--fen", fen, "--depth", "2"]), "invalid FEN");
}

#[test]
fn a_person_mates_in_the_terminal_and_gets_the_pgn() {
    // The one-ply thesis player grabs the e4 pawn and leaves f7 to the queen and bishop.
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)"], "e4\nQf3\nBc4\nQxf7\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("White plays Qxf7#."), "{shown}");
    assert!(shown.contains("Game over. White wins by checkmate."), "{shown}");
    assert!(shown.contains("[Result \"1-0\"]"), "{shown}");
    assert!(shown.contains("1. e4 Nc6 2. Qf3 Nf6 3. Bc4 Nxe4 4. Qxf7#"), "{shown}");
    assert!(shown.trim_end().ends_with("1-0"), "{shown}");
}

#[test]
fn a_game_starts_from_a_fen() {
    let scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)", "--fen", scholar], "Qxf7\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("Game over. White wins by checkmate."), "{shown}");
    assert!(shown.contains(&format!("[FEN \"{scholar}\"]")), "{shown}");
    assert!(shown.contains("3. Qxf7#"), "{shown}");
    assert_clean_failure(&hamle(&["play", "chess", "--fen", "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1"]), "white has 2 kings");
    assert_clean_failure(&hamle(&["play", "tictactoe", "--fen", "x"]), "--fen is for chess");
}

#[test]
fn a_person_plays_black_on_a_board_seen_from_blacks_side() {
    let args = ["play", "chess", "--bot", "thesis(depth=1)", "--color", "black"];
    let out = hamle_with_input(&args, "e7e6\ne5\nBc5\nqh4\nQh4\nQxf2\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("White plays Nc3."), "the bot opens as white: {shown}");
    assert!(shown.contains("   h g f e d c b a"), "drawn from black's side: {shown}");
    assert!(shown.contains("1  ♖ ♘ ♗ ♔ ♕ ♗ · ♖"), "rank 1 on top, the h-file first: {shown}");
    assert!(shown.contains("8  ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜"), "black's pieces at the bottom: {shown}");
    assert!(!shown.contains("   a b c d e f g h"), "never from white's side: {shown}");
    assert!(shown.contains("Black plays e6."), "UCI is read as well as SAN: {shown}");
    assert!(shown.contains("'qh4' is not a move"), "SAN's piece letters are capitals: {shown}");
    assert!(shown.contains("Game over. Black wins by checkmate."), "{shown}");
    assert!(shown.contains("[Result \"0-1\"]"), "{shown}");
}

#[test]
fn undo_takes_back_a_move_and_the_reply_pgn_shows_the_game_and_resigning_ends_it() {
    let input = "e4\nundo\nd4\npgn\nrecord\nresign\n";
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("White plays e4."), "{shown}");
    assert!(shown.contains("White takes back 2 moves."), "{shown}");
    assert!(shown.contains("White plays d4."), "{shown}");
    assert!(shown.contains("[Event \"?\"]") && shown.contains("\n1. d4 "), "the PGN after the take-back: {shown}");
    assert!(!shown.contains("1. e4"), "the taken-back move is gone: {shown}");
    assert!(shown.contains("[Game \"chess\"]"), "the match's record: {shown}");
    assert!(shown.contains("Game over. White resigns."), "{shown}");
    assert!(shown.contains("[Result \"0-1\"]"), "the final PGN gives the resignation's result: {shown}");
    // Nothing of the person's to take back at the start.
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)"], "undo\nquit\n");
    assert!(text(&out.stdout).contains("there is no move of yours to take back"), "{}", text(&out.stdout));
}

#[test]
fn draw_claims_when_the_rules_give_one_and_else_offers_one() {
    // At the start the thesis's evaluation gives neither side an advantage: the bot accepts.
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)"], "draw\n");
    let shown = text(&out.stdout);
    assert!(shown.contains("Game over. A draw by agreement."), "{shown}");
    assert!(shown.contains("[Result \"1/2-1/2\"]"), "the PGN carries the agreed result: {shown}");
    // A bot that sees itself ahead declines, and the game goes on.
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)"], "e4\ndraw\nquit\n");
    assert!(text(&out.stdout).contains("declines the draw"), "{}", text(&out.stdout));
    // Fifty moves without a capture or a pawn move: `draw` is the claim, a move of the game.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
    let out = hamle_with_input(&["play", "chess", "--bot", "thesis(depth=1)", "--fen", fen], "draw\n");
    let shown = text(&out.stdout);
    assert!(shown.contains("White plays draw."), "{shown}");
    assert!(shown.contains("Game over. A draw by fifty-move rule."), "{shown}");
}

#[test]
fn play_refuses_color_where_it_does_not_belong() {
    assert_clean_failure(&hamle(&["play", "tictactoe", "--color", "black"]), "--color is for chess");
    assert_clean_failure(&hamle(&["play", "chess", "--color", "black", "--first", "human"]), "disagree");
    assert_clean_failure(&hamle(&["play", "chess", "--color", "green"]), "invalid value 'green'");
}

#[test]
fn bench_chess_times_a_move_in_each_position_of_the_suite() {
    let out = hamle(&["bench", "chess", "--bot", "thesis(depth=2,search=alphabeta)", "--positions", "3", "--json"]);
    let report = json_of(&out);
    assert_eq!(report["bot"], "thesis(depth=2,eval=dynamic,search=alphabeta)");
    assert_eq!(report["count"], 3);
    assert_eq!(report["moves"].as_array().map(Vec::len), Some(3));
    let seconds = &report["seconds_per_move"];
    assert!(seconds["min"].as_f64() <= seconds["median"].as_f64(), "{seconds}");
    assert!(seconds["median"].as_f64() <= seconds["max"].as_f64(), "{seconds}");
    assert!(report["nodes_per_move"]["total"].as_f64().is_some_and(|n| n > 0.0), "{report}");
    // Alpha-beta chooses the moves plain minimax chooses.
    let minimax = json_of(&hamle(&["bench", "chess", "--bot", "thesis(depth=2)", "--positions", "3", "--json"]));
    assert_eq!(minimax["moves"], report["moves"]);
    assert!(minimax["nodes_per_move"]["total"].as_f64() > report["nodes_per_move"]["total"].as_f64());

    assert_clean_failure(&hamle(&["bench", "chess", "--bot", "thesis", "--positions", "41"]), "from 1 to 40");
    assert_clean_failure(&hamle(&["bench", "chess", "--bot", "thesis", "--games", "3"]), "--positions");
    assert_clean_failure(&hamle(&["bench", "chess", "--bot", "thesis", "--depth", "3"]), "thesis(depth=5)");
    assert_clean_failure(&hamle(&["bench", "chess", "--bot", "oracle"]), "no bot called 'oracle'");
    assert_clean_failure(&hamle(&["bench", "2048", "--bot", "seed", "--positions", "3"]), "--positions is for chess");
}
