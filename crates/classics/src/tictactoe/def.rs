//! Tic-tac-toe's definition for the registry: its variants, its bots, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Notation, ParamDoc, Params};
use serde_json::json;

use super::{TicTacToe, Variant, bots};

/// Tic-tac-toe with its bots; [`GameDef::game`] reads a spec such as `tictactoe(variant=two-phase)`.
pub fn definition() -> GameDef<TicTacToe> {
    const VARIANT: &[ParamDoc] = &[ParamDoc {
        key: "variant",
        values: "classic|two-phase",
        default: "classic",
        about: "two-phase: three stones each, then slide them (thesis §1.6)",
    }];
    const DEPTH: &[ParamDoc] = &[
        ParamDoc { key: "depth", values: "1..=9", default: "2", about: "plies searched (the thesis shows 2)" },
        ParamDoc { key: "mine", values: "-10..=10", default: "1", about: "weight of the lines open to the player" },
        ParamDoc { key: "theirs", values: "-10..=10", default: "1", about: "weight of the lines open to the opponent" },
    ];
    GameDef {
        name: "tictactoe",
        about: "tic-tac-toe on a 3×3 board; cells a1..c3 (seed 004, thesis §1.6)",
        params: VARIANT,
        make: |params: &mut Params| {
            let variant = match params.text("variant").as_str() {
                "classic" => Variant::Classic,
                "two-phase" => Variant::TwoPhase,
                other => return Err(params.bad("variant", other)),
            };
            Ok(TicTacToe::new(variant))
        },
        bots: vec![
            BotDef {
                name: "perfect",
                about: "never loses: exact search (classic) or the retrograde solution (two-phase)",
                params: &[],
                make: |_, _| Ok(Box::new(bots::Perfect::default())),
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: minimax to a fixed depth on open lines (mine − theirs)",
                params: DEPTH,
                make: |params: &mut Params, _| {
                    let depth = params.number("depth")?;
                    let eval = bots::OpenLines { mine: params.number("mine")?, theirs: params.number("theirs")? };
                    Ok(Box::new(bots::Thesis { depth, eval }))
                },
            },
            BotDef {
                name: "blog",
                about: "the blog's player (004) as its code runs: full minimax on X's result, its levels one off",
                params: &[],
                make: |_, game: &TicTacToe| {
                    if game.variant() != Variant::Classic {
                        return Err(hamle_core::SpecError::BadSpec {
                            text: "blog".into(),
                            why: "the blog's player plays classic tic-tac-toe only (its search would never leave \
                                  the two-phase game's cycles)"
                                .into(),
                        });
                    }
                    Ok(Box::new(bots::Blog))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: &[],
        face: Face {
            analyst: Some(super::analysis::analyst()),
            ..Face::new(
                "tictactoe",
                |_| ["X", "O"],
                |game: &TicTacToe| json!({ "variant": game.variant().name(), "position": game.format_position() }),
            )
        },
        encoding: super::encoding::encoding(),
    }
}
