//! Sim's definition for the registry: its players and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Msg, Notation};
use hamle_l10n::Lang;
use serde_json::json;

use super::bots::{Perfect, Thesis};
use super::rules::{EDGES, Sim};

/// Sim with its players.
pub fn definition() -> GameDef<Sim> {
    let mut face = Face::new(
        "sim",
        |_| ["red", "blue"],
        |game: &Sim| {
            let colour = |e: usize| {
                if game.coloured(0) & (1 << e) != 0 {
                    "red"
                } else if game.coloured(1) & (1 << e) != 0 {
                    "blue"
                } else {
                    ""
                }
            };
            let edges: Vec<serde_json::Value> = EDGES
                .iter()
                .enumerate()
                .map(|(e, &(a, b))| json!({"edge": format!("{}-{}", a + 1, b + 1), "colour": colour(e)}))
                .collect();
            json!({ "edges": edges, "position": game.format_position() })
        },
    );
    face.ending = |game: &Sim| match game.loser() {
        Some(p) => Msg::new("sim-lost").arg("side", Msg::new(["side-red", "side-blue"][usize::from(p)])),
        None => Msg::new("ending-over"),
    };
    face.analyst = Some(super::analysis::analyst());
    face.text = Some(|game, _, lang| game.board_text(Lang::parse(lang).unwrap_or(Lang::En)));
    GameDef {
        name: "sim",
        about: "Sim: colour the edges of six points in turn; whoever completes a triangle of their colour loses (thesis §3.1.2)",
        params: &[],
        make: |_| Ok(Sim::new()),
        bots: vec![
            BotDef {
                name: "perfect",
                about: "solves the position: wins whenever it can (the second player always can)",
                params: &[],
                make: |_, _| Ok(Box::new(Perfect::default())),
            },
            BotDef {
                name: "thesis",
                about: "the thesis's player: the edge of the highest value in its 0..10 table",
                params: &[],
                make: |_, _| Ok(Box::new(Thesis)),
            },
            BotDef {
                name: "random",
                about: "a uniformly random edge",
                params: &[],
                make: |_, _| Ok(Box::new(RandomBot)),
            },
        ],
        caps: &[],
        commands: super::commands::COMMANDS,
        face,
        encoding: super::encoding::encoding(),
    }
}
