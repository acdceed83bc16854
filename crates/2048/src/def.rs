//! 2048's definition for the registry: the tile rule, its bots, and how people play it.

use hamle_core::Bot;
use hamle_core::bot::RandomBot;
use hamle_l10n::Lang;
use std::sync::Arc;

use hamle_core::{Allowed, BotDef, Cap, Face, GameDef, Msg, ParamDoc, Params, Refused, SpecError};
use serde_json::json;

use crate::{Direction, G2048, SpawnRule, bots};

/// What the web app allows of the bots' parameters where the command line allows more (docs/budgets.md,
/// *On the server*, has the measurements).
const CAPS: &[Cap] = &[
    Cap {
        bot: Some("expectimax"),
        key: "prob",
        allowed: Allowed::Decimal { min: 0.0001, max: 0.1 },
        why: "below the default cut only the 1 s clock stops the search, and its cache, kept from move to move, \
              holds 33-70 MB a game against 8-17 MB",
    },
    Cap {
        bot: Some("expectimax"),
        key: "weights",
        allowed: Allowed::Words(&["auto", "tuned", "published", "shipped"]),
        why: "the server reads no weights files (weights::allow_files is the terminal's alone)",
    },
    Cap {
        bot: Some("ntuple"),
        key: "weights",
        allowed: Allowed::Words(&["shipped"]),
        why: "the server reads no weights files (weights::allow_files is the terminal's alone)",
    },
];

/// 2048 with its bots; `2048(spawn=report)` draws new tiles as the seed report did (a 4 one time in five).
pub fn definition() -> GameDef<G2048> {
    const PARAMS: &[ParamDoc] = &[ParamDoc {
        key: "spawn",
        values: "original|report",
        default: "original",
        about: "a new tile is a 4 with probability 0.1 (the original game) or 0.2 (the seed report)",
    }];
    const EXPECTIMAX: &[ParamDoc] = &[
        ParamDoc {
            key: "depth",
            values: "auto|1..=8",
            default: "auto",
            about: "moves searched; auto: max(3, distinct tiles − 2), or 3 with eval=ntuple",
        },
        ParamDoc {
            key: "prob",
            values: "0..=0.1",
            default: "0.0001",
            about: "branches less likely than this are not searched",
        },
        ParamDoc {
            key: "eval",
            values: "rows|ntuple",
            default: "rows",
            about: "what scores the leaves: the row heuristic, or the n-tuple network (then moves' points count too)",
        },
        DOWNGRADE_DOC,
        ParamDoc {
            key: "weights",
            values: "auto|tuned|published (rows)|shipped|a file (ntuple, terminal only)",
            default: "auto",
            about: "the row heuristic's weights (auto: tuned; or nneonneo's published ones), or the network (auto: shipped)",
        },
    ];
    const NTUPLE: &[ParamDoc] = &[
        ParamDoc {
            key: "weights",
            values: "shipped|a file (terminal only)",
            default: "shipped",
            about: "the network: the shipped one, or one `hamle train 2048` wrote",
        },
        DOWNGRADE_DOC,
    ];
    const SEED: &[ParamDoc] = &[
        ParamDoc { key: "depth", values: "1..=4", default: "3", about: "moves searched (the report uses 3)" },
        ParamDoc {
            key: "sums",
            values: "per-move|per-tile",
            default: "per-move",
            about: "sum each next move over the new tiles then take the best (the report's example), or sum each tile's best",
        },
    ];
    let mut face = Face::new("2048", |_| ["player", "nobody"], view);
    face.chance =
        |_, spawn| format!("{} at row {} column {}", 1u32 << spawn.exponent, spawn.cell / 4 + 1, spawn.cell % 4 + 1);
    // The tile stream of the benchmarks and the terminal game, so a seed gives the same tiles everywhere.
    face.draw = |game, stream| game.draw(stream);
    face.ending = |game| Msg::new("g2048-over").arg("score", game.score()).arg("tile", 1u64 << game.top_exponent());
    face.hints = Some(hints);
    face.text = Some(|game, _, lang| game.board_text(Lang::parse(lang).unwrap_or(Lang::En)));
    face.arrows = Some(["up", "right", "down", "left"]);
    face.analyst = Some(crate::analysis::analyst());
    GameDef {
        name: "2048",
        about: "2048 on a 4×4 board, played on past 2048 until no move is left (report 003)",
        params: PARAMS,
        make: |params: &mut Params| {
            let rule = match params.text("spawn").as_str() {
                "original" => SpawnRule::Original,
                "report" => SpawnRule::Report,
                other => return Err(params.bad("spawn", other)),
            };
            Ok(G2048::new(rule))
        },
        bots: vec![
            BotDef {
                name: "expectimax",
                about: "expectimax over every new tile, row-table heuristic (eval=ntuple: the network), probability cut and cache",
                params: EXPECTIMAX,
                make: |params: &mut Params, _| {
                    let depth: Option<u32> = params.number_or("depth", "auto")?;
                    let prob: f32 = params.number("prob")?;
                    let weights = params.text("weights");
                    match params.text("eval").as_str() {
                        "rows" => {
                            if params.text("downgrade") != DOWNGRADE_DOC.default {
                                // Tile-downgrading serves a network that has seldom seen the largest tiles.
                                let given = params.text("downgrade");
                                return Err(SpecError::BadParam {
                                    owner: "expectimax(eval=rows)".into(),
                                    key: "downgrade".into(),
                                    value: given,
                                    values: "32768, its default: downgrading needs eval=ntuple".into(),
                                });
                            }
                            let weights = match weights.as_str() {
                                "auto" | "tuned" => bots::Weights::default(),
                                "published" => bots::Weights::published(),
                                other => return Err(params.bad("weights", other)),
                            };
                            Ok(Box::new(bots::Expectimax::new(weights, depth, prob)))
                        }
                        "ntuple" => {
                            let path = match weights.as_str() {
                                "auto" => "shipped",
                                "tuned" | "published" => return Err(params.bad("weights", &weights)),
                                file => file,
                            };
                            let mut bot = bots::Expectimax::with_network(network(params, path)?, depth, prob);
                            bot.downgrade = downgrade(params)?;
                            bot.label = Some(hamle_core::weights::named(&bot.name(), path));
                            Ok(Box::new(bot))
                        }
                        other => Err(params.bad("eval", other)),
                    }
                },
            },
            BotDef {
                name: "ntuple",
                about: "the n-tuple network learned by self-play (TD(0) on afterstates), one move deep",
                params: NTUPLE,
                make: |params: &mut Params, _| {
                    let path = params.text("weights");
                    let threshold = downgrade(params)?;
                    let name = match threshold == bots::DOWNGRADE {
                        true => "ntuple".to_owned(),
                        false => format!("ntuple(downgrade={})", bots::downgrade_name(threshold)),
                    };
                    let mut bot = bots::NTuple::new(network(params, &path)?, hamle_core::weights::named(&name, &path));
                    bot.downgrade = threshold;
                    Ok(Box::new(bot))
                },
            },
            BotDef {
                name: "seed",
                about: "the report's player: depth-3 search, a 2 in every empty cell, sums scored by a corner mask",
                params: SEED,
                make: |params: &mut Params, _| {
                    let depth = params.number("depth")?;
                    let sums = match params.text("sums").as_str() {
                        "per-move" => bots::Sums::PerMove,
                        "per-tile" => bots::Sums::PerTile,
                        other => return Err(params.bad("sums", other)),
                    };
                    Ok(Box::new(bots::Seed { depth, sums }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: CAPS,
        commands: crate::commands::COMMANDS,
        face,
        encoding: crate::encoding::encoding(),
    }
}

/// The `downgrade` parameter of the network's players.
const DOWNGRADE_DOC: ParamDoc = ParamDoc {
    key: "downgrade",
    values: "off|8|16|…|16384|32768",
    default: "32768",
    about: "tile-downgrading (eval=ntuple): from this tile up, moves are chosen on boards whose larger tiles step down \
            into the highest missing value",
};

/// Reads the `downgrade` parameter.
fn downgrade(params: &mut Params) -> Result<Option<u8>, SpecError> {
    let text = params.text("downgrade");
    bots::parse_downgrade(&text).ok_or_else(|| params.bad("downgrade", &text))
}

/// The `weights` parameter of a network bot: the shipped network, or one read from a file (terminal only).
fn network(params: &Params, path: &str) -> Result<Arc<bots::Network>, SpecError> {
    hamle_core::weights::read(
        params,
        "weights",
        path,
        "`hamle train 2048`",
        bots::Network::shipped,
        bots::Network::from_bytes,
    )
}

/// The board as tile values row by row from the top (0 for empty), with the score and the moves made.
fn view(game: &G2048) -> serde_json::Value {
    let board: Vec<Vec<u32>> = game
        .board()
        .exponents()
        .iter()
        .map(|row| row.iter().map(|&e| if e == 0 { 0 } else { 1u32 << e }).collect())
        .collect();
    json!({
        "board": board,
        "score": game.score(),
        "moves": game.moves(),
        "top": 1u64 << game.top_exponent(),
        "spawn": match game.rule() { SpawnRule::Original => "original", SpawnRule::Report => "report" },
    })
}

/// Every move ranked by a depth-3 expectimax, which answers in milliseconds and already ranks them well.
fn hints(game: &G2048, _level: Option<&str>) -> Result<serde_json::Value, Refused> {
    if !game.awaits_move() {
        return Err(Refused::NotAllowed(Msg::new("refusal-game-over")));
    }
    let mut bot = bots::Expectimax::new(bots::Weights::default(), Some(3), bots::Expectimax::MIN_PROBABILITY);
    let (mut ranked, _) = bot.move_values(game.board(), game.rule().four() as f32, 3);
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let moves: Vec<serde_json::Value> =
        ranked.iter().map(|(d, v): &(Direction, f32)| json!({ "move": d.name(), "value": v })).collect();
    Ok(json!({ "bot": "expectimax(depth=3)", "moves": moves }))
}
