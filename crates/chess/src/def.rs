//! Chess's definition for the registry: its start, its bots, and how people play it.

use cozy_chess::Color;
use hamle_core::bot::RandomBot;
use hamle_core::{Allowed, BotDef, Cap, Face, GameDef, Msg, ParamDoc, Params, Player};
use serde_json::{Value, json};

use crate::bots::engine::{self, Engine, default_hash};
use crate::bots::thesis::evaluate;
use crate::bots::uci::{self as uci_bot, UciBot};
use crate::bots::{Eval, Search, Thesis};
use crate::color::color_name;
use crate::notation::{san, uci};
use crate::openings;
use crate::pgn;
use crate::rules::{Chess, Ending};

/// The board as the page draws it (`docs/api.md`, kind `chess`).
fn view(game: &Chess) -> Value {
    let board = game.board();
    let mut pieces = serde_json::Map::new();
    for square in board.occupied() {
        if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
            let letter = char::from(piece);
            let letter = if color == Color::White { letter.to_ascii_uppercase() } else { letter };
            pieces.insert(square.to_string(), json!(letter.to_string()));
        }
    }
    let moves: Vec<Value> = game
        .board_moves()
        .into_iter()
        .map(|mv| {
            let text = uci(board, mv);
            json!({
                "uci": text, "san": san(board, mv), "from": &text[0..2], "to": &text[2..4],
                "promotion": mv.promotion.map(|p| char::from(p).to_string()),
            })
        })
        .collect();
    let check = (!board.checkers().is_empty()).then(|| board.king(board.side_to_move()).to_string());
    let san_moves = game.san_moves();
    let last = game.played().last().map(|&mv| {
        let mut before = game.start().clone();
        for &m in &game.played()[..game.played().len() - 1] {
            before.play_unchecked(m);
        }
        let text = uci(&before, mv);
        json!({ "from": &text[0..2], "to": &text[2..4], "san": san_moves.last() })
    });
    json!({
        "fen": game.fen(),
        "turn": color_name(board.side_to_move()),
        "pieces": pieces,
        "moves": moves,
        "check": check,
        "last": last,
        "san": san_moves,
        "first_move": game.start().fullmove_number(),
        "first_turn": color_name(game.start().side_to_move()),
        "claim": game.claimable().map(|e| if e == Ending::Threefold { "threefold" } else { "fifty" }),
        "pgn": game.pgn(),
        "outcome": game.ending().map(|e| json!({ "result": e.result(), "reason": e.reason() })),
    })
}

fn ending(game: &Chess) -> Msg {
    match game.ending() {
        None => Msg::new("ending-goes-on"),
        Some(Ending::Checkmate { winner }) => {
            let side = if winner == Color::White { "side-white" } else { "side-black" };
            Msg::new("chess-checkmate").arg("side", Msg::new(side))
        }
        Some(e) => Msg::new("chess-draw").arg("reason", e.name()),
    }
}

/// A FEN as a spec writes it (`/` as `.`, spaces as `_`: a spec's values hold neither) read back.
fn spec_fen(text: &str) -> String {
    text.replace('.', "/").replace('_', " ")
}

/// The board as `player` sees it: the game's own drawing for white, turned round for black (rank 1 at the top,
/// the h-file on the left). Pieces and coordinates are the same in every language.
fn drawn(game: &Chess, player: Player, _lang: &str) -> String {
    let white = game.to_string();
    if player == 0 {
        return white;
    }
    let mut out = String::new();
    // The drawing's last line names the files; each line above is a rank number and its eight squares.
    for line in white.lines().rev().skip(1) {
        let (rank, squares) = line.split_once(' ').unwrap_or((line, ""));
        out += rank;
        out.push(' ');
        for square in squares.split_whitespace().rev() {
            out.push(' ');
            out += square;
        }
        out.push('\n');
    }
    out + "   h g f e d c b a"
}

/// What the web app allows of the bots' parameters where the command line allows more (docs/budgets.md,
/// *On the server*, has the measurements).
const CAPS: &[Cap] = &[
    Cap {
        bot: Some("engine"),
        key: "hash",
        allowed: Allowed::Whole { min: 1, max: 16, unit: "MiB", or: &["auto"] },
        why: "the table is allocated and filled for every thought (16 MiB is level 8's own): 256 MiB a thought made \
              20 games hold 4.9 GiB",
    },
    Cap {
        bot: Some("uci"),
        key: "cmd",
        allowed: Allowed::Words(&[]),
        why: "the server runs no programs (uci::allow_programs is the terminal's alone)",
    },
];

/// Chess with its bots; [`GameDef::game`] reads a spec such as `chess(fen=8.8.8.8.8.8.k7.K7_w_-_-_0_1)`.
pub fn definition() -> GameDef<Chess> {
    const GAME: &[ParamDoc] = &[
        ParamDoc {
            key: "fen",
            values: "FEN with / written . and spaces _",
            default: "start",
            about: "the position the game starts from (a spec cannot hold / or spaces: the page converts)",
        },
        ParamDoc {
            key: "openings",
            values: "suite|none",
            default: "suite",
            about: "bot matches from the standard start: each pair of games from a position of the opening suite",
        },
    ];
    const THESIS: &[ParamDoc] = &[
        ParamDoc {
            key: "depth",
            values: "1..=10",
            default: "3",
            about: "plies searched (the thesis tried 3, 5 and 10)",
        },
        ParamDoc {
            key: "eval",
            values: "dynamic|static",
            default: "dynamic",
            about: "static: material alone, without the tables",
        },
        ParamDoc {
            key: "search",
            values: "minimax|alphabeta",
            default: "minimax",
            about: "alphabeta: fewer nodes, the same move as the thesis's plain minimax",
        },
    ];
    const ENGINE: &[ParamDoc] = &[
        ParamDoc {
            key: "level",
            values: "1..=8",
            default: "8",
            about: "1-4: shallow and noisy, 5-7: a node limit per move, 8: full strength (1 s a move unless told)",
        },
        ParamDoc {
            key: "hash",
            values: "1..=256 or auto",
            default: "auto",
            about: "table in MiB (auto: 16 at level 8, else 1); above 1 MiB held between moves only under a clock",
        },
        ParamDoc {
            key: "eval",
            values: "hand|net",
            default: "net",
            about: "net: the neural network (stronger under a clock); hand: the tuned hand-made evaluation",
        },
    ];
    let mut face = Face::new("chess", |_| ["white", "black"], view);
    face.text = Some(drawn);
    face.ending = ending;
    face.openings = |game: &Chess, pair| {
        if game.suite && *game.start() == cozy_chess::Board::default() && game.played().is_empty() {
            let mut chess = Chess::from_board(openings::opening(pair));
            chess.suite = true;
            chess
        } else {
            game.clone()
        }
    };
    face.accept_draw = |game: &Chess, player| {
        let me = if player == 0 { Color::White } else { Color::Black };
        evaluate(game.board(), me, Eval::Dynamic) <= 0
    };
    face.transcript = Some(pgn::transcript);
    face.analyst = Some(crate::analysis::analyst());
    face.cannot_win = |game: &Chess, player| {
        game.cannot_mate(if player == 0 { cozy_chess::Color::White } else { cozy_chess::Color::Black })
    };
    GameDef {
        name: "chess",
        about: "chess, every rule (seed 001); moves in SAN or UCI, `draw` claims a draw",
        params: GAME,
        make: |params: &mut Params| {
            let fen = params.text("fen");
            let mut game = if fen == "start" {
                Chess::default()
            } else {
                Chess::from_fen(&spec_fen(&fen)).map_err(|e| params.bad("fen", &e.to_string()))?
            };
            game.suite = match params.text("openings").as_str() {
                "" | "suite" => true,
                "none" => false,
                other => return Err(params.bad("openings", other)),
            };
            Ok(game)
        },
        bots: vec![
            BotDef {
                name: "engine",
                about: "the engine: alpha-beta with the modern prunings and a neural evaluation; levels for people",
                params: ENGINE,
                make: |params: &mut Params, _| {
                    let level = params.number("level")?;
                    let hash = params.number_or("hash", "auto")?.unwrap_or_else(|| default_hash(level));
                    let eval = match params.text("eval").as_str() {
                        "" | "net" => engine::Eval::Net,
                        "hand" => engine::Eval::Hand,
                        other => return Err(params.bad("eval", other)),
                    };
                    Ok(Box::new(Engine::with_eval(level, hash, eval)))
                },
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: minimax to a fixed depth on material and piece-square tables",
                params: THESIS,
                make: |params: &mut Params, _| {
                    let depth = params.number("depth")?;
                    let eval = match params.text("eval").as_str() {
                        "" | "dynamic" => Eval::Dynamic,
                        "static" => Eval::Static,
                        other => return Err(params.bad("eval", other)),
                    };
                    let search = match params.text("search").as_str() {
                        "" | "minimax" => Search::Minimax,
                        "alphabeta" => Search::AlphaBeta,
                        other => return Err(params.bad("search", other)),
                    };
                    Ok(Box::new(Thesis { depth, eval, search }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move (claims included)",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
            BotDef {
                name: "uci",
                about: "an outside UCI engine (Stockfish…): uci(cmd=/usr/games/stockfish,elo=1500); terminal only",
                params: uci_bot::PARAMS,
                make: |params: &mut Params, _| Ok(Box::new(UciBot::new(params)?)),
            },
        ],
        caps: CAPS,
        commands: &[],
        face,
        encoding: crate::encoding::encoding(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_sees_the_board_turned_round_and_white_sees_the_games_own_drawing() {
        let chess = Chess::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").expect("a position");
        assert_eq!(drawn(&chess, 0, "en"), chess.to_string());
        // Written by hand: rank 1 on top, read from the h-file, so the rooks and king stand at h1, e1 and a1.
        let black = "1  ♖ · · ♔ · · · ♖\n2  · · · · · · · ·\n3  · · · · · · · ·\n4  · · · · · · · ·\n\
                     5  · · · · · · · ·\n6  · · · · · · · ·\n7  · · · · · · · ·\n8  · · · ♚ · · · ·\n   h g f e d c b a";
        assert_eq!(drawn(&chess, 1, "tr"), black);
    }
}
