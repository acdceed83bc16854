//! N queens' definition for the registry: the board, its player, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Msg, Notation, ParamDoc, Params};
use serde_json::json;

use super::bots::Backtracking;
use super::rules::Queens;

/// N queens with its players; `queens(size=8)` is the thesis's eight queens.
pub fn definition() -> GameDef<Queens> {
    const PARAMS: &[ParamDoc] =
        &[ParamDoc { key: "size", values: "4..=16", default: "8", about: "the board's side: N" }];
    let mut face = Face::new("queens", |_| ["player", "nobody"], view);
    face.ending = |game: &Queens| {
        if game.solved() {
            Msg::new("queens-solved").arg("n", game.n())
        } else {
            Msg::new("queens-stuck").arg("placed", game.placed().len()).arg("n", game.n())
        }
    };
    GameDef {
        name: "queens",
        about: "N queens: place N queens so that none attacks another (thesis §2.1.2)",
        params: PARAMS,
        make: |params: &mut Params| {
            let n = params.number("size")?;
            Queens::new(n).map_err(|_| params.bad("size", &n.to_string()))
        },
        bots: vec![
            BotDef {
                name: "thesis",
                about: "the thesis's backtracking: the first solution, row by row, that keeps the queens placed",
                params: &[],
                make: |_, _| Ok(Box::new(Backtracking)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random free square",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: crate::commands::QUEENS,
        face,
        encoding: super::encoding::encoding(),
    }
}

/// The board for the page: its side, the queens (squares numbered row by row from the top left) and the text.
fn view(game: &Queens) -> serde_json::Value {
    json!({ "size": game.n(), "queens": game.placed(), "solved": game.solved(), "position": game.format_position() })
}
