//! Dots and Boxes' definition for the registry: the board, the players, and how people play it.

use hamle_core::bot::RandomBot;
use hamle_core::{BotDef, Face, GameDef, Msg, Notation, ParamDoc, Params};
use hamle_l10n::Lang;
use serde_json::json;

use super::bots::Strong;
use super::rules::Dots;

/// Dots and Boxes with its players; `dots(rows=3,cols=3)` is a board of 3×3 boxes.
pub fn definition() -> GameDef<Dots> {
    const PARAMS: &[ParamDoc] = &[
        ParamDoc { key: "rows", values: "1..=6", default: "3", about: "boxes down" },
        ParamDoc { key: "cols", values: "1..=6", default: "3", about: "boxes across" },
    ];
    let mut face = Face::new("dots", |_| ["red", "blue"], view);
    face.ending = |game: &Dots| {
        let [red, blue] = game.score();
        match red.cmp(&blue) {
            std::cmp::Ordering::Greater => {
                Msg::new("dots-won").arg("side", Msg::new("side-red")).arg("won", red).arg("lost", blue)
            }
            std::cmp::Ordering::Less => {
                Msg::new("dots-won").arg("side", Msg::new("side-blue")).arg("won", blue).arg("lost", red)
            }
            std::cmp::Ordering::Equal => Msg::new("dots-draw").arg("boxes", red),
        }
    };
    face.analyst = Some(super::analysis::analyst());
    face.text = Some(|game, _, lang| game.board_text(Lang::parse(lang).unwrap_or(Lang::En)));
    GameDef {
        name: "dots",
        about: "Dots and Boxes: draw lines in turn; complete a box to score it and draw again (thesis §3.1.2)",
        params: PARAMS,
        make: |params: &mut Params| {
            let rows = params.number("rows")?;
            let cols = params.number("cols")?;
            Dots::new(rows, cols).map_err(|_| params.bad("rows", &rows.to_string()))
        },
        bots: vec![
            BotDef {
                name: "strong",
                about: "exact search in the last 22 lines; before, the long-chain rule and keeping control",
                params: &[ParamDoc {
                    key: "parity",
                    values: "on|off",
                    default: "on",
                    about: "steer the long chains' number by the long-chain rule (off: any safe line)",
                }],
                make: |params: &mut Params, _| {
                    let parity = match params.text("parity").as_str() {
                        "on" => true,
                        "off" => false,
                        other => return Err(params.bad("parity", other)),
                    };
                    Ok(Box::new(Strong { parity, ..Strong::default() }))
                },
            },
            BotDef {
                name: "random",
                about: "a uniformly random line",
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

/// The board for the page: its size, each line drawn (by index: horizontal lines row by row from the top, then
/// vertical ones), each box's owner (`red`, `blue` or null, row by row from the top), the score and the text.
fn view(game: &Dots) -> serde_json::Value {
    let lines: Vec<bool> = (0..game.lines()).map(|l| game.drawn() >> l & 1 == 1).collect();
    let names: Vec<String> = (0..game.lines()).map(|l| game.format_move(l as u8)).collect();
    let owners: Vec<Option<&str>> = (0..game.rows())
        .flat_map(|r| (0..game.cols()).map(move |c| (r, c)))
        .map(|(r, c)| game.owner(r, c).map(|p| ["red", "blue"][usize::from(p)]))
        .collect();
    json!({
        "rows": game.rows(), "cols": game.cols(), "lines": lines, "names": names, "owners": owners,
        "score": game.score(), "position": game.format_position(),
    })
}
