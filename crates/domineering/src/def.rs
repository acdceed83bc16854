//! Domineering's definition for the registry: board size and first side, its bots, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Notation, ParamDoc, Params};
use serde_json::json;

use crate::{Domineering, Side, bots};

/// Domineering with its bots; `domineering(rows=8,cols=8,first=vertical)` (seed 002).
pub fn definition() -> GameDef<Domineering> {
    const PARAMS: &[ParamDoc] = &[
        ParamDoc { key: "rows", values: "1..=16", default: "8", about: "rows: a vertical domino covers two" },
        ParamDoc { key: "cols", values: "1..=16", default: "8", about: "columns: a horizontal domino covers two" },
        ParamDoc { key: "first", values: "vertical|horizontal", default: "vertical", about: "who places first" },
    ];
    const SEED: &[ParamDoc] = &[
        ParamDoc { key: "depth", values: "1..=12", default: "2", about: "half-moves searched" },
        ParamDoc {
            key: "weights",
            values: "published|tuned",
            default: "published",
            about: "k1..k4 unless given: the paper's (1, 1, 5, 1), or those `hamle lab swarm` tuned (docs/tuning.md)",
        },
        ParamDoc { key: "k1", values: "-100..=100", default: "1", about: "weight of our possible moves (BG)" },
        ParamDoc { key: "k2", values: "-100..=100", default: "1", about: "weight of our safe moves (BS)" },
        ParamDoc { key: "k3", values: "-100..=100", default: "5", about: "weight of their possible moves (RG)" },
        ParamDoc { key: "k4", values: "-100..=100", default: "1", about: "weight of their safe moves (RS)" },
    ];
    const SOLVER: &[ParamDoc] = &[
        ParamDoc {
            key: "nodes",
            values: "1000..=10000000000",
            default: "20000000",
            about: "exact-search nodes a move",
        },
        ParamDoc { key: "fallback", values: "1..=8", default: "4", about: "seed-search depth when unsolved or lost" },
    ];
    GameDef {
        name: "domineering",
        about: "Domineering (Crosscram): place dominoes, vertical against horizontal; who cannot place loses (seed 002)",
        params: PARAMS,
        make: |params: &mut Params| {
            let rows: usize = params.number("rows")?;
            let cols: usize = params.number("cols")?;
            let text = params.text("first");
            let first = Side::parse(&text).ok_or_else(|| params.bad("first", &text))?;
            Domineering::new(rows, cols, first).map_err(|e| params.bad("rows", &e.to_string()))
        },
        bots: vec![
            BotDef {
                name: "solver",
                about: "perfect play when the exact solver finishes in its budget, seed-style search otherwise",
                params: SOLVER,
                make: |params: &mut Params, _| {
                    let max_nodes = params.number("nodes")?;
                    let fallback_depth = params.number("fallback")?;
                    Ok(Box::new(bots::Solver { max_nodes, fallback_depth, ..Default::default() }))
                },
            },
            BotDef {
                name: "seed",
                about: "the seed paper's player: alpha-beta on SP = k1·BG + k2·BS − k3·RG − k4·RS, safe moves last",
                params: SEED,
                make: |params: &mut Params, _| {
                    let depth = params.number("depth")?;
                    let set = params.text("weights");
                    let base = match set.as_str() {
                        "published" => bots::Weights::default(),
                        "tuned" => bots::Weights::TUNED,
                        other => return Err(params.bad("weights", other)),
                    };
                    let mut k = [base.k1, base.k2, base.k3, base.k4];
                    for (i, key) in ["k1", "k2", "k3", "k4"].into_iter().enumerate() {
                        if params.given(key) {
                            k[i] = params.number(key)?;
                        }
                    }
                    let weights = bots::Weights { k1: k[0], k2: k[1], k3: k[2], k4: k[3] };
                    Ok(Box::new(bots::Seed { depth, weights }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal placement",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: &[],
        face: Face {
            analyst: Some(crate::analysis::analyst()),
            ..Face::new(
                "domineering",
                |game: &Domineering| [game.first().name(), game.first().other().name()],
                |game: &Domineering| {
                    json!({
                        "rows": game.rows(),
                        "cols": game.cols(),
                        "first": game.first().name(),
                        "position": game.format_position(),
                    })
                },
            )
        },
        encoding: crate::encoding::encoding(),
    }
}
