//! The definition the registry holds: the board view the page draws, the ending in words, the bots' specs.

use hamle_chess::Chess;
use hamle_core::{Game, Notation, Spec};
use serde_json::json;

fn spec(text: &str) -> Spec {
    text.parse().expect("a spec")
}

fn after(start: &str, moves: &str) -> Chess {
    let mut game = Chess::from_fen(start).expect("valid");
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv);
    }
    game
}

#[test]
fn the_view_holds_what_the_page_draws() {
    let def = hamle_chess::definition();
    // Black to move after Re1: the king on d7 may step to its eight squares but e6, e7 and e8, the rook's file.
    let game = after("4k3/8/8/8/8/8/8/R3K3 w Q - 0 30", "Kf1 Kd7 Re1");
    let view = (def.face.view)(&game);
    assert_eq!(view["fen"], "8/3k4/8/8/8/8/8/4RK2 b - - 3 31");
    assert_eq!(view["turn"], "black");
    assert_eq!(view["pieces"], json!({ "d7": "k", "e1": "R", "f1": "K" }));
    assert_eq!(view["check"], json!(null), "the rook on e1 does not reach d7");
    assert_eq!(view["last"], json!({ "from": "a1", "to": "e1", "san": "Re1" }));
    assert_eq!(view["san"], json!(["Kf1", "Kd7", "Re1"]));
    assert_eq!((view["first_move"].clone(), view["first_turn"].clone()), (json!(30), json!("white")));
    assert_eq!(view["claim"], json!(null));
    assert_eq!(view["outcome"], json!(null));
    let moves = view["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 5, "eight squares less the rook's three");
    assert!(moves.contains(&json!({ "uci": "d7d6", "san": "Kd6", "from": "d7", "to": "d6", "promotion": null })));
    assert!(view["pgn"].as_str().is_some_and(|p| p.contains("30. Kf1 Kd7 31. Re1 *")), "{}", view["pgn"]);
}

#[test]
fn the_view_marks_a_checked_king_promotions_claims_and_the_outcome() {
    let def = hamle_chess::definition();
    let check = after("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1", "Rh8+");
    assert_eq!((def.face.view)(&check)["check"], "e8");
    let promote = Chess::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let view = (def.face.view)(&promote);
    let to_b8: Vec<&str> = view["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["to"] == "b8")
        .filter_map(|m| m["promotion"].as_str())
        .collect();
    let mut to_b8 = to_b8;
    to_b8.sort_unstable();
    assert_eq!(to_b8, ["b", "n", "q", "r"]);
    let repeated = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!((def.face.view)(&repeated)["claim"], "threefold");
    let fifty = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").expect("valid");
    assert_eq!((def.face.view)(&fifty)["claim"], "fifty");
    let mate = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f3 e5 g4 Qh4#");
    let view = (def.face.view)(&mate);
    assert_eq!(view["outcome"], json!({ "result": "0-1", "reason": "checkmate" }));
    assert_eq!(view["moves"], json!([]));
    assert_eq!(view["check"], "e1");
}

#[test]
fn endings_are_told_in_words() {
    let def = hamle_chess::definition();
    let ending = |game: &Chess| hamle_l10n::render(hamle_l10n::Lang::En, &(def.face.ending)(game));
    assert_eq!(ending(&Chess::default()), "The game goes on.");
    assert_eq!(
        ending(&after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f3 e5 g4 Qh4#")),
        "Black wins by checkmate."
    );
    assert_eq!(ending(&after("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#")), "White wins by checkmate.");
    assert_eq!(ending(&after("k7/8/3Q4/8/8/8/8/4K3 w - - 0 1", "Qc7")), "A draw by stalemate.");
}

#[test]
fn bots_are_made_from_their_specs_and_bad_values_refused() {
    let def = hamle_chess::definition();
    let game = Chess::default();
    assert_eq!(def.bot(&spec("thesis"), &game).expect("a bot").name(), "thesis(depth=3,eval=dynamic,search=minimax)");
    assert_eq!(
        def.bot(&spec("thesis(depth=5,eval=static,search=alphabeta)"), &game).expect("a bot").name(),
        "thesis(depth=5,eval=static,search=alphabeta)"
    );
    assert_eq!(def.bot(&spec("random"), &game).expect("a bot").name(), "random");
    for bad in ["thesis(depth=0)", "thesis(depth=11)", "thesis(eval=fancy)", "thesis(search=mcts)", "stockfish"] {
        assert!(def.bot(&spec(bad), &game).is_err(), "{bad}");
    }
    assert_eq!((def.face.players)(&game), ["white", "black"]);
    assert_eq!(game.info().name, def.name);
}

#[test]
fn the_last_move_of_a_castling_is_the_kings_step() {
    let def = hamle_chess::definition();
    let game = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O");
    assert_eq!((def.face.view)(&game)["last"], json!({ "from": "e1", "to": "g1", "san": "O-O" }));
}

#[test]
fn a_bot_agrees_to_a_draw_unless_it_stands_better() {
    let def = hamle_chess::definition();
    let accepts = |game: &Chess, player| (def.face.accept_draw)(game, player);
    let start = Chess::default();
    assert!(accepts(&start, 0) && accepts(&start, 1), "level: both agree");
    // White has won a pawn: white's bot declines, black's agrees.
    let pawn_up = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4 d5 exd5 Nf6");
    assert!(!accepts(&pawn_up, 0));
    assert!(accepts(&pawn_up, 1));
}
