//! The terminal game for any registered game: draw the board, read the person's moves, let the bots answer,
//! all through the arena's play layer (the same one the web app uses).

use std::io::{BufRead, Write};

use anyhow::Result;
use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live, Seat};
use hamle_core::Msg;
use hamle_l10n::{Lang, render};
use serde_json::Value;

/// Plays `live` to the end, reading a person's moves from `input`; the words for the person in the terminal's
/// language, the moves and the PGN in their notation.
pub fn run(mut live: Box<dyn Live>, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let lang = crate::lang();
    let say = |msg: Msg| render(lang, &msg);
    writeln!(out, "{}", say(Msg::new("play-help")))?;
    let mut line = String::new();
    let mut shown = 0;
    loop {
        let view = live.view();
        let log = view["log"].as_array().cloned().unwrap_or_default();
        for entry in log.iter().skip(shown) {
            writeln!(out, "{}", said(lang, entry))?;
        }
        shown = log.len();
        if live.over() {
            writeln!(out, "\n{}", board(live.as_ref()))?;
            let text =
                if view["ending"].is_null() { say(Msg::new("ending-over")) } else { said(lang, &view["ending"]) };
            writeln!(out, "{}", say(Msg::new("play-over").arg("ending", text)))?;
            writeln!(out, "{}", say(Msg::new("play-moves").arg("moves", words(&view["history"]))))?;
            if let Some(pgn) = pgn(&view) {
                writeln!(out, "\n{pgn}")?;
            }
            return Ok(());
        }
        match live.bot_turn() {
            Some(BotTurn::Acted(_)) => continue,
            Some(BotTurn::Think(thinking)) => {
                let thought = thinking.run();
                if live.finish(thought).is_none() {
                    anyhow::bail!("the bot found no move");
                }
                continue;
            }
            None => {}
        }
        let Some(seat) = live.waiting_for() else { anyhow::bail!("nobody is to move, yet the game is not over") };
        writeln!(out, "\n{}", board(live.as_ref()))?;
        loop {
            // A catalog's message ends at its last word: the prompt's space is the terminal's.
            write!(out, "{} ", say(Msg::new("play-prompt")))?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\n{}", say(Msg::new("play-bye")))?;
                return Ok(());
            }
            let action = match line.trim() {
                "" => continue,
                "quit" | "exit" => {
                    writeln!(out, "{}", say(Msg::new("play-bye")))?;
                    return Ok(());
                }
                "help" | "?" => {
                    writeln!(out, "{}", say(Msg::new("play-help")))?;
                    continue;
                }
                "moves" => {
                    writeln!(out, "{}", say(Msg::new("play-legal").arg("moves", words(&live.view()["legal"]))))?;
                    continue;
                }
                "history" => {
                    writeln!(out, "{}", say(Msg::new("play-so-far").arg("moves", words(&live.view()["history"]))))?;
                    continue;
                }
                "hint" => {
                    match live.hint(seat, None) {
                        Ok(hint) => writeln!(out, "{}", say(hint_msg(&hint)))?,
                        Err(e) => writeln!(out, "{}", render(lang, e.msg()))?,
                    }
                    continue;
                }
                "pgn" => {
                    match pgn(&live.view()) {
                        Some(pgn) => write!(out, "{pgn}")?,
                        None => writeln!(out, "{}", say(Msg::new("play-no-pgn")))?,
                    }
                    continue;
                }
                "record" => {
                    write!(out, "{}", live.record())?;
                    continue;
                }
                // The play layer's take-back: the person's last move and the bot's reply (games without chance).
                "undo" | "takeback" => Action::Takeback,
                "resign" => Action::Resign,
                "bot" => Action::Bot,
                // A claim is a move of the game's own (chess's `draw`), legal only when the rules allow one; an
                // offer is the play layer's, which the bot answers at once.
                "draw" if !words(&live.view()["legal"]).split(' ').any(|m| m == "draw") => Action::OfferDraw,
                text => Action::Move { mv: text.to_owned() },
            };
            match live.act(seat, action) {
                Ok(_) => break,
                Err(e) => {
                    let refused = Msg::new("play-refused").arg("why", e.msg().clone());
                    writeln!(out, "{}", say(refused.arg("moves", words(&live.view()["legal"]))))?;
                }
            }
        }
    }
}

/// The board as the person sees it, from the seat they sit at (seat 0's when bots play alone).
fn board(live: &dyn Live) -> String {
    let seat = live.seats().iter().position(|s| *s == Seat::Person).unwrap_or(0);
    live.board(u8::try_from(seat).unwrap_or(0), crate::lang())
}

/// The game's PGN, for games whose view carries one (chess), its result set from the match when the game
/// ended off the board, by resignation or agreement (a one-game match: seat 0 plays white).
fn pgn(view: &Value) -> Option<String> {
    let pgn = view["board"]["pgn"].as_str()?;
    let points = view["ending"]["points"].as_array().map(|p| [0, 1].map(|i| p.get(i).and_then(Value::as_f64)));
    match points {
        Some([Some(white), Some(black)]) => Some(pgn_with_result(pgn, [white, black])),
        _ => Some(pgn.to_owned()),
    }
}

/// The game's PGN with its result set from the match's points when it is unfinished (`*`) by the rules: the game
/// record knows only the endings of the rules, not a resignation or a draw agreed.
fn pgn_with_result(pgn: &str, points: [f64; 2]) -> String {
    let result = if points[0] > points[1] {
        "1-0"
    } else if points[1] > points[0] {
        "0-1"
    } else {
        "1/2-1/2"
    };
    let tagged = pgn.replacen("[Result \"*\"]", &format!("[Result \"{result}\"]"), 1);
    match tagged.trim_end().strip_suffix('*') {
        Some(moves) => format!("{moves}{result}\n"),
        None => tagged,
    }
}

/// A JSON list of strings as words.
fn words(list: &Value) -> String {
    list.as_array().map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

/// A log line or an ending of the play layer's state in `lang`: its message, or its English words without one.
fn said(lang: Lang, entry: &Value) -> String {
    match serde_json::from_value::<Msg>(entry["msg"].clone()) {
        Ok(msg) => render(lang, &msg),
        Err(_) => entry["text"].as_str().unwrap_or_default().to_owned(),
    }
}

/// The plain hint's move and value, as a person reads them.
fn hint_msg(hint: &Value) -> Msg {
    let best = &hint["moves"][0];
    let value = best["value"].as_f64().map_or_else(|| best["value"].as_str().unwrap_or("?").to_owned(), score);
    Msg::new("play-hint")
        .arg("move", best["move"].as_str().unwrap_or("?"))
        .arg("bot", hint["bot"].as_str().unwrap_or("best"))
        .arg("value", value)
}

/// A bot's finite score as a person reads it: `+3`, `-0.5` (a proven result comes as the words `won`, `lost`).
fn score(value: f64) -> String {
    // Adding zero turns −0 into 0.
    format!("{:+}", value + 0.0)
}
