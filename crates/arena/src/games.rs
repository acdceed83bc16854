//! The games hamle knows, each with its bots.

use hamle_2048::G2048;
use hamle_classics::tictactoe::{self, TicTacToe, Variant};
use hamle_core::bot::RandomBot;
use hamle_domineering::{Domineering, Side as DomSide};
use hamle_hapis::bots::{Filter, Level, Net, Player};
use hamle_hapis::{Hapis, Opening, Settings};

use crate::registry::{BotDef, GameDef, GameKind, Registry};
use crate::spec::{ParamDoc, Params};

/// Every game and bot, by name.
pub fn registry() -> Registry {
    let games: Vec<Box<dyn GameKind>> =
        vec![Box::new(tictactoe()), Box::new(hapis()), Box::new(g2048()), Box::new(domineering())];
    Registry::new(games)
}

/// Tic-tac-toe with its bots; [`GameDef::game`] reads a spec such as `tictactoe(variant=two-phase)`.
pub fn tictactoe() -> GameDef<TicTacToe> {
    const VARIANT: &[ParamDoc] = &[ParamDoc {
        key: "variant",
        values: "classic|two-phase",
        default: "classic",
        about: "two-phase: three stones each, then slide them (thesis §1.6)",
    }];
    const DEPTH: &[ParamDoc] =
        &[ParamDoc { key: "depth", values: "1..=9", default: "2", about: "plies searched (the thesis shows 2)" }];
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
                make: |_, _| Ok(Box::new(tictactoe::bots::Perfect::default())),
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: minimax to a fixed depth on open lines (mine − theirs)",
                params: DEPTH,
                make: |params: &mut Params, _| {
                    let depth = params.parse_in("depth", 1..=9)?;
                    Ok(Box::new(tictactoe::bots::Thesis { depth }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
    }
}

/// Hapis Tavlası with its bots; `hapis(opening=play,mother=on)` changes the table's rules.
pub fn hapis() -> GameDef<Hapis> {
    const PARAMS: &[ParamDoc] = &[
        ParamDoc {
            key: "opening",
            values: "rethrow|play",
            default: "rethrow",
            about: "the opening throw's winner throws again (the thesis) or plays the two opening dice",
        },
        ParamDoc {
            key: "mother",
            values: "off|on",
            default: "off",
            about: "Plakoto's mother rule: a pinned last checker on its start point loses 2 points",
        },
    ];
    const PLIES: &[ParamDoc] = &[
        ParamDoc {
            key: "plies",
            values: "1|2",
            default: "1",
            about: "1: best play by evaluation; 2: also the replies",
        },
        ParamDoc { key: "filter", values: "1..=64", default: "6", about: "at 2 plies, how many plays are searched" },
    ];
    const SEARCH: &[ParamDoc] = &[
        ParamDoc { key: "plies", values: "1..=3", default: "2", about: "plies searched (3 is slow: seconds a play)" },
        ParamDoc { key: "filter", values: "1..=64", default: "8", about: "most plays searched deeper at each level" },
        ParamDoc {
            key: "window",
            values: "0..=4",
            default: "0.16",
            about: "only plays this many points of equity from the best are searched deeper",
        },
    ];
    const LEVEL: &[ParamDoc] = &[ParamDoc {
        key: "level",
        values: "beginner|casual|intermediate|advanced|expert",
        default: "advanced",
        about: "noise 0.15/0.08/0.04/0 points on each play's equity; expert searches 2-ply",
    }];
    GameDef {
        name: "hapis",
        about: "Hapis Tavlası, backgammon with pinning (thesis 000)",
        params: PARAMS,
        make: |params: &mut Params| {
            let opening = match params.text("opening").as_str() {
                "rethrow" => Opening::Rethrow,
                "play" => Opening::PlayOpeningDice,
                other => return Err(params.bad("opening", other)),
            };
            let mother = match params.text("mother").as_str() {
                "off" => false,
                "on" => true,
                other => return Err(params.bad("mother", other)),
            };
            Ok(Hapis::new(Settings { opening, mother }))
        },
        bots: vec![
            BotDef {
                name: "expert",
                about: "the self-play network searched 2-ply over the opponent's 21 rolls (filter: 8 plays within 0.16)",
                params: SEARCH,
                make: |params: &mut Params, _| {
                    let plies = params.parse_in("plies", 1..=3)?;
                    let filter = params.parse_in("filter", 1..=64)?;
                    let window: f64 = params.parse_in("window", 0.0..=4.0)?;
                    let mut player = Level::Expert.player(Net::shipped());
                    player.search.plies = plies;
                    player.search.filter = Filter { count: filter, within: window };
                    if player.search.filter != Filter::default() || plies != 2 {
                        player.name = format!("expert(filter={filter},plies={plies},window={window})");
                    }
                    Ok(Box::new(player))
                },
            },
            BotDef {
                name: "neural",
                about: "the self-play network, 1-ply; lower levels add noise to its evaluation (never to the dice)",
                params: LEVEL,
                make: |params: &mut Params, _| {
                    let text = params.text("level");
                    let level = Level::parse(&text).ok_or_else(|| params.bad("level", &text))?;
                    Ok(Box::new(level.player(Net::shipped())))
                },
            },
            BotDef {
                name: "heuristic",
                about: "a hand-made evaluation (race, pins, doors, shots): 1-ply, or 2-ply over the opponent's rolls",
                params: PLIES,
                make: |params: &mut Params, _| {
                    let plies: u32 = params.parse("plies")?;
                    let filter = params.parse_in("filter", 1..=64)?;
                    match plies {
                        1 => Ok(Box::new(hamle_hapis::bots::Heuristic::default())),
                        2 => Ok(Box::new(Player::heuristic(2, filter))),
                        _ => Err(params.bad("plies", &plies.to_string())),
                    }
                },
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: the play leaving the opponent the fewest hitting rolls, die by die",
                params: &[],
                make: |_, _| Ok(Box::new(hamle_hapis::bots::Thesis)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal play",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
    }
}

/// 2048 with its bots; `2048(spawn=report)` draws new tiles as the seed report did (a 4 one time in five).
pub fn g2048() -> GameDef<G2048> {
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
            about: "moves searched; auto: max(3, distinct tiles − 2)",
        },
        ParamDoc {
            key: "prob",
            values: "0..=0.1",
            default: "0.0001",
            about: "branches less likely than this are not searched",
        },
        ParamDoc {
            key: "weights",
            values: "tuned|published",
            default: "tuned",
            about: "the heuristic's weights: ours, tuned by self-play, or nneonneo's published ones",
        },
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
    GameDef {
        name: "2048",
        about: "2048 on a 4×4 board, played on past 2048 until no move is left (report 003)",
        params: PARAMS,
        make: |params: &mut Params| {
            let rule = match params.text("spawn").as_str() {
                "original" => hamle_2048::SpawnRule::Original,
                "report" => hamle_2048::SpawnRule::Report,
                other => return Err(params.bad("spawn", other)),
            };
            Ok(G2048::new(rule))
        },
        bots: vec![
            BotDef {
                name: "expectimax",
                about: "expectimax over every new tile, row-table heuristic, probability cut and cache",
                params: EXPECTIMAX,
                make: |params: &mut Params, _| {
                    let text = params.text("depth");
                    let depth = match text.as_str() {
                        "auto" => None,
                        _ => Some(
                            text.parse::<u32>()
                                .ok()
                                .filter(|d| (1..=8).contains(d))
                                .ok_or_else(|| params.bad("depth", &text))?,
                        ),
                    };
                    let prob: f32 = params.parse_in("prob", 0.0..=0.1)?;
                    let weights = match params.text("weights").as_str() {
                        "tuned" => hamle_2048::bots::Weights::default(),
                        "published" => hamle_2048::bots::Weights::published(),
                        other => return Err(params.bad("weights", other)),
                    };
                    Ok(Box::new(hamle_2048::bots::Expectimax::new(weights, depth, prob)))
                },
            },
            BotDef {
                name: "seed",
                about: "the report's player: depth-3 search, a 2 in every empty cell, sums scored by a corner mask",
                params: SEED,
                make: |params: &mut Params, _| {
                    let depth = params.parse_in("depth", 1..=4)?;
                    let sums = match params.text("sums").as_str() {
                        "per-move" => hamle_2048::bots::Sums::PerMove,
                        "per-tile" => hamle_2048::bots::Sums::PerTile,
                        other => return Err(params.bad("sums", other)),
                    };
                    Ok(Box::new(hamle_2048::bots::Seed { depth, sums }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal move",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
    }
}

/// Domineering with its bots; `domineering(rows=8,cols=8,first=vertical)` (seed 002).
pub fn domineering() -> GameDef<Domineering> {
    const PARAMS: &[ParamDoc] = &[
        ParamDoc { key: "rows", values: "1..=16", default: "8", about: "rows: a vertical domino covers two" },
        ParamDoc { key: "cols", values: "1..=16", default: "8", about: "columns: a horizontal domino covers two" },
        ParamDoc { key: "first", values: "vertical|horizontal", default: "vertical", about: "who places first" },
    ];
    const SEED: &[ParamDoc] = &[
        ParamDoc { key: "depth", values: "1..=12", default: "2", about: "half-moves searched" },
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
            let rows: usize = params.parse_in("rows", 1..=16)?;
            let cols: usize = params.parse_in("cols", 1..=16)?;
            let text = params.text("first");
            let first = DomSide::parse(&text).ok_or_else(|| params.bad("first", &text))?;
            Domineering::new(rows, cols, first).map_err(|e| params.bad("rows", &e.to_string()))
        },
        bots: vec![
            BotDef {
                name: "solver",
                about: "perfect play when the exact solver finishes in its budget, seed-style search otherwise",
                params: SOLVER,
                make: |params: &mut Params, _| {
                    let max_nodes = params.parse_in("nodes", 1_000..=10_000_000_000)?;
                    let fallback_depth = params.parse_in("fallback", 1..=8)?;
                    Ok(Box::new(hamle_domineering::bots::Solver { max_nodes, fallback_depth, ..Default::default() }))
                },
            },
            BotDef {
                name: "seed",
                about: "the seed paper's player: alpha-beta on SP = k1·BG + k2·BS − k3·RG − k4·RS, safe moves last",
                params: SEED,
                make: |params: &mut Params, _| {
                    let depth = params.parse_in("depth", 1..=12)?;
                    let mut k = [0i64; 4];
                    for (i, key) in ["k1", "k2", "k3", "k4"].into_iter().enumerate() {
                        k[i] = params.parse_in(key, -100..=100)?;
                    }
                    let weights = hamle_domineering::bots::Weights { k1: k[0], k2: k[1], k3: k[2], k4: k[3] };
                    Ok(Box::new(hamle_domineering::bots::Seed { depth, weights }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal placement",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
    }
}
