//! The knight's tour's definition for the registry: the board, its players, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Msg, Notation, ParamDoc, Params};
use serde_json::json;

use super::bots::{ClosedTourBot, WarnsdorffBot};
use super::rules::KnightsTour;
use super::tours::TieBreak;

/// The knight's tour with its players; `knights-tour(size=6,tour=closed)` asks for a closed tour of 6×6.
pub fn definition() -> GameDef<KnightsTour> {
    const PARAMS: &[ParamDoc] = &[
        ParamDoc { key: "size", values: "5..=16, even for a closed tour", default: "8", about: "the board's side" },
        ParamDoc {
            key: "tour",
            values: "open|closed",
            default: "open",
            about: "closed: the last square must be a knight's move from the first (even sides only)",
        },
    ];
    let mut face = Face::new("knights-tour", |_| ["player", "nobody"], view);
    face.ending = |game: &KnightsTour| {
        let squares = game.n() * game.n();
        let visited = game.path().len();
        if game.complete() {
            Msg::new(if game.closed() { "tour-closed" } else { "tour-full" }).arg("squares", squares)
        } else if visited == squares {
            Msg::new("tour-open").arg("squares", squares)
        } else {
            Msg::new("tour-stuck").arg("visited", visited).arg("squares", squares)
        }
    };
    GameDef {
        name: "knights-tour",
        about: "the knight's tour: visit every square once (thesis §2.1.1, Warnsdorff's rule)",
        params: PARAMS,
        make: |params: &mut Params| {
            let n = params.number("size")?;
            let closed = match params.text("tour").as_str() {
                "open" => false,
                "closed" => true,
                other => return Err(params.bad("tour", other)),
            };
            KnightsTour::new(n, closed).map_err(|_| params.bad("size", &n.to_string()))
        },
        bots: vec![
            BotDef {
                name: "warnsdorff",
                about: "Warnsdorff's rule: the fewest onward moves, ties by a look further on, then away from the centre",
                params: &[],
                make: |_, _| Ok(Box::new(WarnsdorffBot { tie: TieBreak::Lookahead })),
            },
            BotDef {
                name: "thesis",
                about: "Warnsdorff's rule as the thesis works it: ties to the first square in a fixed order",
                params: &[],
                make: |_, _| Ok(Box::new(WarnsdorffBot { tie: TieBreak::First })),
            },
            BotDef {
                name: "closed",
                about: "follows a closed tour built by divide and conquer from the first square",
                params: &[],
                make: |_, _| Ok(Box::new(ClosedTourBot)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: crate::commands::KNIGHTS_TOUR,
        face,
        encoding: super::encoding::encoding(),
    }
}

/// The board for the page: its side, whether a closed tour is asked for, the squares visited in order (numbered
/// row by row from the top left) and the position's text.
fn view(game: &KnightsTour) -> serde_json::Value {
    json!({
        "size": game.n(),
        "closed": game.closed(),
        "path": game.path(),
        "complete": game.complete(),
        "position": game.format_position(),
    })
}
