//! Grundy's game's definition for the registry: its heaps, its players, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Notation, ParamDoc, Params};
use hamle_l10n::Lang;
use serde_json::json;

use super::bots::Perfect;
use super::rules::Grundy;

/// Grundy's game with its players; `grundy(heaps=7-5-3)` starts with heaps of 7, 5 and 3.
pub fn definition() -> GameDef<Grundy> {
    const PARAMS: &[ParamDoc] = &[ParamDoc {
        key: "heaps",
        values: "1..=1000, up to 8 joined by -",
        default: "7",
        about: "the heaps at the start, like 7 (the thesis's) or 7-5-3",
    }];
    GameDef {
        name: "grundy",
        about: "Grundy's game: split a heap into two unequal heaps; who cannot move loses (thesis §3.1.1)",
        params: PARAMS,
        make: |params: &mut Params| {
            let text = params.text("heaps");
            let heaps: Option<Vec<u32>> = text.split('-').map(|h| h.parse().ok()).collect();
            let heaps = heaps.ok_or_else(|| params.bad("heaps", &text))?;
            Grundy::new(&heaps).map_err(|_| params.bad("heaps", &text))
        },
        bots: vec![
            BotDef {
                name: "perfect",
                about: "Sprague–Grundy values: always moves to a nim-sum of 0 when it can",
                params: &[],
                make: |_, _| Ok(Box::new(Perfect)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random split",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: super::commands::COMMANDS,
        face: Face {
            analyst: Some(super::analysis::analyst()),
            text: Some(|game, _, lang| game.board_text(Lang::parse(lang).unwrap_or(Lang::En))),
            ..Face::new(
                "grundy",
                |_| ["first", "second"],
                |game: &Grundy| json!({ "heaps": game.heaps(), "position": game.format_position() }),
            )
        },
        encoding: super::encoding::encoding(),
    }
}
