//! The games hamle knows, each with its bots.

use hamle_classics::tictactoe::{self, TicTacToe, Variant};
use hamle_core::bot::RandomBot;
use hamle_hapis::bots::{Filter, Level, Net, Player};
use hamle_hapis::{Hapis, Opening, Settings};

use crate::registry::{BotDef, GameDef, GameKind, Registry};
use crate::spec::{ParamDoc, Params};

/// Every game and bot, by name.
pub fn registry() -> Registry {
    let games: Vec<Box<dyn GameKind>> = vec![Box::new(tictactoe()), Box::new(hapis())];
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
