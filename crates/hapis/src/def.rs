//! Hapis Tavlası's definition for the registry: the table's rules, the bots, and how people play it (the
//! opening throw, each side throwing its own dice, plays entered a checker at a time, resign stakes, hints).

use hamle_core::bot::RandomBot;
use std::time::Duration;

use hamle_core::{
    Allowed, BotDef, Budget, Cap, Face, Game, GameDef, Msg, ParamDoc, Params, Partial, Refused, Roller, Spec,
};
use serde_json::{Value, json};

use std::sync::Arc;

use hamle_core::SpecError;
use hamle_l10n::Lang;

use crate::bots::{Filter, Level, Net, Player, hints};
use crate::{Entry, Hapis, Opening, Phase, Play, Position, Settings, Side};

/// The `weights` parameter: the shipped network, or one read from a file (terminal only; each file read once).
fn network(params: &Params, path: &str) -> Result<Arc<Net>, SpecError> {
    hamle_core::weights::read(params, "weights", path, "`hamle train hapis`", Net::shipped, Net::from_bytes)
}

/// How long a hint may search: the expert's 2-ply ranking takes about 0.2 s in the median.
const HINT_TIME: Duration = Duration::from_secs(2);

/// What the web app allows of the bots' parameters where the command line allows more (docs/budgets.md,
/// *On the server*, has the measurements).
const CAPS: &[Cap] = &[
    Cap {
        bot: Some("expert"),
        key: "weights",
        allowed: Allowed::Words(&["shipped"]),
        why: "the server reads no weights files (weights::allow_files is the terminal's alone)",
    },
    Cap {
        bot: Some("neural"),
        key: "weights",
        allowed: Allowed::Words(&["shipped"]),
        why: "the server reads no weights files (weights::allow_files is the terminal's alone)",
    },
];

/// Hapis Tavlası with its bots; `hapis(opening=play,mother=on)` changes the table's rules.
pub fn definition() -> GameDef<Hapis> {
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
        ParamDoc {
            key: "next",
            values: "winner|throw",
            default: "winner",
            about: "in a match, who starts the games after the first: the last winner, or an opening throw",
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
        ParamDoc {
            key: "weights",
            values: "published|tuned",
            default: "published",
            about: "the weights below unless given: the hand-set ones, or those `hamle lab swarm` tuned (docs/tuning.md)",
        },
        ParamDoc { key: "pip", values: "-100..=100", default: "1", about: "weight of a pip of race lead" },
        ParamDoc { key: "pin", values: "-100..=100", default: "25", about: "weight of an opposing checker pinned" },
        ParamDoc {
            key: "pin_depth",
            values: "-100..=100",
            default: "1.2",
            about: "extra per point a pinned checker has to travel",
        },
        ParamDoc {
            key: "door",
            values: "-100..=100",
            default: "2",
            about: "weight of a door (a point held with two or more)",
        },
        ParamDoc {
            key: "prime",
            values: "-100..=100",
            default: "0.8",
            about: "weight of the longest run of doors, squared",
        },
        ParamDoc { key: "home_door", values: "-100..=100", default: "1.5", about: "extra per door in the home board" },
        ParamDoc {
            key: "shot",
            values: "-100..=100",
            default: "10",
            about: "weight of an expected pin of an open checker",
        },
        ParamDoc { key: "off", values: "-100..=100", default: "2.5", about: "weight of a checker borne off" },
        ParamDoc {
            key: "mother",
            values: "-100..=100",
            default: "4",
            about: "weight of the last checker on its starting point while it can be pinned there",
        },
    ];
    const WEIGHTS: ParamDoc = ParamDoc {
        key: "weights",
        values: "shipped|a file (terminal only)",
        default: "shipped",
        about: "the network: the shipped one, or one `hamle train hapis` wrote",
    };
    const SEARCH: &[ParamDoc] = &[
        WEIGHTS,
        ParamDoc { key: "plies", values: "1..=3", default: "2", about: "plies searched (3 is slow: seconds a play)" },
        ParamDoc { key: "filter", values: "1..=64", default: "8", about: "most plays searched deeper at each level" },
        ParamDoc {
            key: "window",
            values: "0..=4",
            default: "0.16",
            about: "only plays this many points of equity from the best are searched deeper",
        },
    ];
    const LEVEL: &[ParamDoc] = &[
        ParamDoc {
            key: "level",
            values: "beginner|casual|intermediate|advanced|expert",
            default: "advanced",
            about: "noise 0.15/0.08/0.04/0 points on each play's equity; expert searches 2-ply",
        },
        WEIGHTS,
    ];
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
            let next = params.text("next");
            if !matches!(next.as_str(), "winner" | "throw") {
                return Err(params.bad("next", &next));
            }
            Ok(Hapis::new(Settings { opening, mother }))
        },
        bots: vec![
            BotDef {
                name: "expert",
                about: "the self-play network searched 2-ply over the opponent's 21 rolls (filter: 8 plays within 0.16)",
                params: SEARCH,
                make: |params: &mut Params, _| {
                    let plies = params.number("plies")?;
                    let filter = params.number("filter")?;
                    let window: f64 = params.number("window")?;
                    let weights = params.text("weights");
                    let mut player = Level::Expert.player(network(params, &weights)?);
                    player.search.plies = plies;
                    player.search.filter = Filter { count: filter, within: window };
                    if player.search.filter != Filter::default() || plies != 2 {
                        player.name = format!("expert(filter={filter},plies={plies},window={window})");
                    }
                    player.name = hamle_core::weights::named(&player.name, &weights);
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
                    let weights = params.text("weights");
                    let mut player = level.player(network(params, &weights)?);
                    player.name = hamle_core::weights::named(&player.name, &weights);
                    Ok(Box::new(player))
                },
            },
            BotDef {
                name: "heuristic",
                about: "a hand-made evaluation (race, pins, doors, shots): 1-ply, or 2-ply over the opponent's rolls",
                params: PLIES,
                make: |params: &mut Params, _| {
                    let plies: u32 = params.parse("plies")?;
                    let filter = params.number("filter")?;
                    let set = params.text("weights");
                    let base = match set.as_str() {
                        "published" => crate::bots::Weights::default(),
                        "tuned" => crate::bots::Weights::TUNED,
                        other => return Err(params.bad("weights", other)),
                    };
                    let mut weight = |key: &str, fallback: f64| {
                        if params.given(key) { params.number(key) } else { Ok(fallback) }
                    };
                    let weights = crate::bots::Weights {
                        pip: weight("pip", base.pip)?,
                        pin: weight("pin", base.pin)?,
                        pin_depth: weight("pin_depth", base.pin_depth)?,
                        door: weight("door", base.door)?,
                        prime: weight("prime", base.prime)?,
                        home_door: weight("home_door", base.home_door)?,
                        shot: weight("shot", base.shot)?,
                        off: weight("off", base.off)?,
                        mother: weight("mother", base.mother)?,
                    };
                    let eval = crate::bots::HeuristicEval { weights };
                    match plies {
                        1 => Ok(Box::new(crate::bots::Heuristic { eval })),
                        2 => Ok(Box::new(Player::heuristic_with(2, filter, eval))),
                        _ => Err(params.bad("plies", &plies.to_string())),
                    }
                },
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: the play leaving the opponent the fewest hitting rolls, die by die",
                params: &[],
                make: |_, _| Ok(Box::new(crate::bots::Thesis)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random legal play",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: CAPS,
        commands: crate::commands::COMMANDS,
        face: Face {
            roller: |game| match game.phase() {
                Phase::Opening => Roller::Anyone,
                Phase::Roll => Roller::Player(u8::try_from(game.position().turn.index()).unwrap_or(0)),
                Phase::Move(_) | Phase::Over => Roller::Auto,
            },
            steps: Some(steps),
            resign,
            no_resign: |game| (game.phase() == Phase::Opening).then(|| Msg::new("hapis-resign-before-start")),
            ending,
            hints: Some(|game, level| {
                let level = match level {
                    None => Level::Expert,
                    Some(text) => Level::parse(text)
                        .ok_or_else(|| Refused::Malformed(Msg::new("hapis-hint-level").arg("level", text)))?,
                };
                let dice = game.dice().ok_or_else(|| Refused::NotAllowed(Msg::new("hapis-throw-first")))?;
                // Within a hard time budget: a hint never keeps a core busy for long.
                let ranked = hints(game.position(), dice, game.settings(), level, &Budget::time(HINT_TIME));
                let best: Vec<Value> = ranked.iter().take(5).map(|r| r.to_json()).collect();
                Ok(json!({ "dice": [dice.0, dice.1], "level": level.name(), "plays": best }))
            }),
            next: next_game,
            // The sides keep their colours from game to game.
            alternate: false,
            chance: |game, dice| match game.phase() {
                Phase::Opening => format!("white {}, black {}", dice.0, dice.1),
                _ => format!("{}-{}", dice.0, dice.1),
            },
            chance_msg: Some(say_throw),
            text: Some(|game, _, lang| game.board_text(Lang::parse(lang).unwrap_or(Lang::En))),
            analyst: Some(crate::analysis::analyst()),
            ..Face::new("hapis", |_| ["white", "black"], view)
        },
        encoding: crate::encoding::encoding(),
    }
}

/// The next game of a match: the last game's winner throws first (`next=winner`, the default, as at a
/// coffee-house table), or an opening throw decides again (`next=throw`, and after a tie).
fn next_game(spec: &Spec, start: &Hapis, _finished: &Hapis, points: [f64; 2]) -> Hapis {
    let winner = match points {
        [w, b] if w > b => Some(Side::White),
        [w, b] if b > w => Some(Side::Black),
        _ => None,
    };
    match (spec.params.get("next").map(String::as_str), winner) {
        (Some("throw"), _) | (_, None) => *start,
        (_, Some(side)) => Hapis::at(Position { turn: side, ..Position::start() }, Phase::Roll, start.settings()),
    }
}

/// The board, the dice on the table and the phase, as the page draws them.
fn view(game: &Hapis) -> Value {
    json!({
        "position": game.position().to_json(),
        "dice": game.dice().map(|d| [d.0, d.1]),
        "phase": phase_name(game.phase()),
        "settings": {
            "opening": match game.settings().opening { Opening::Rethrow => "rethrow", Opening::PlayOpeningDice => "play" },
            "mother": game.settings().mother,
        },
    })
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Opening => "opening",
        Phase::Roll => "roll",
        Phase::Move(_) => "move",
        Phase::Over => "over",
    }
}

/// A play entered a checker at a time: the board after the steps, the dice left, the steps that may follow.
fn steps(game: &Hapis, entered: &[String]) -> Result<Partial<Play>, Refused> {
    let mut entry = Entry::new(game).ok_or_else(|| Refused::NotAllowed(Msg::new("hapis-no-dice")))?;
    for text in entered {
        let parsed = Play::parse(text)
            .map_err(|e| Refused::Malformed(Msg::new("hapis-unreadable-step").arg("why", e.to_string())))?;
        let mut steps = parsed.steps();
        let (Some(step), None) = (steps.next(), steps.next()) else {
            return Err(Refused::Malformed(Msg::new("hapis-not-one-step").arg("text", text.as_str())));
        };
        entry.push(step.from, step.to).map_err(|e| Refused::NotAllowed(e.msg()))?;
    }
    let board = entry.board();
    let next: Vec<Value> = entry
        .next_steps()
        .iter()
        .map(|s| json!({ "from": s.from, "to": s.to, "die": s.die, "pins": s.pins }))
        .collect();
    let mut shown = view(game);
    shown["position"] = board.to_json();
    shown["left"] = json!(entry.left());
    shown["steps"] = json!(entry.steps().iter().map(|s| Play::new(&[*s]).to_string()).collect::<Vec<_>>());
    Ok(Partial { view: shown, next: Value::Array(next), complete: entry.play() })
}

/// A side that resigns loses 2 points (mars) while it has borne off none of its checkers, otherwise 1.
fn resign(game: &Hapis, player: u8) -> [f64; 2] {
    let side = Side::of_player(player);
    let stake = if game.position().off[side.index()] == 0 { 2.0 } else { 1.0 };
    let mut points = [0.0; 2];
    points[side.other().index()] = stake;
    points
}

/// How a finished game ended, the mother rule included (its win is 2 points, never a tie).
fn ending(game: &Hapis) -> Msg {
    let Some(points) = game.points() else { return Msg::new("ending-goes-on") };
    let side = |side: Side| match side {
        Side::White => Msg::new("side-white"),
        Side::Black => Msg::new("side-black"),
    };
    match game.position().winner() {
        Some(w) if points[w.index()] >= 2.0 => Msg::new("hapis-won-mars").arg("side", side(w)),
        Some(w) => Msg::new("hapis-won").arg("side", side(w)),
        None if points[0] > points[1] => {
            Msg::new("hapis-won-mother").arg("side", side(Side::White)).arg("points", points[0])
        }
        None if points[1] > points[0] => {
            Msg::new("hapis-won-mother").arg("side", side(Side::Black)).arg("points", points[1])
        }
        None => Msg::new("hapis-mothers-tie"),
    }
}

/// A throw as a person reads it: `5-3`, and a double by the name the thesis gives it (section 4.3): `6-6
/// (düşeş)`. The opening throw (`white 5, black 3`) names each side's die.
fn say_throw(words: &str) -> Msg {
    if let Some((white, black)) = words.strip_prefix("white ").and_then(|rest| rest.split_once(", black ")) {
        return Msg::new("hapis-opening-throw").arg("white", white).arg("black", black);
    }
    let die = |text: &str| text.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
    match words.split_once('-').map(|(a, b)| (die(a), die(b))) {
        Some((Some(a), Some(b))) => {
            Msg::new("hapis-throw").arg("high", a).arg("low", b).arg("double", if a == b { a } else { 0 })
        }
        _ => Msg::verbatim(words),
    }
}
