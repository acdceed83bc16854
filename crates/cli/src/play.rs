//! The terminal game for any registered game: draw the board, read the person's moves, let the bots answer,
//! all through the arena's play layer (the same one the web app uses).

use std::io::{BufRead, Write};

use anyhow::Result;
use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live};
use serde_json::Value;

const HELP: &str = "Type a move in the game's notation ('moves' lists the legal ones), 'history' for the moves \
so far, 'hint' for the strongest bot's choice, 'resign' to give up, 'quit' to leave.";

/// Plays `live` to the end, reading a person's moves from `input`.
pub fn run(mut live: Box<dyn Live>, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{HELP}")?;
    let mut line = String::new();
    let mut shown = 0;
    loop {
        let view = live.view();
        let log = view["log"].as_array().cloned().unwrap_or_default();
        for entry in log.iter().skip(shown) {
            writeln!(out, "{}", entry["text"].as_str().unwrap_or_default())?;
        }
        shown = log.len();
        if live.over() {
            writeln!(out, "\n{}", live.board())?;
            let text = view["ending"]["text"].as_str().unwrap_or("The game is over.");
            writeln!(out, "Game over. {text}")?;
            writeln!(out, "Moves: {}", words(&view["history"]))?;
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
        writeln!(out, "\n{}", live.board())?;
        loop {
            write!(out, "Your move: ")?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\nBye: the game is left unfinished.")?;
                return Ok(());
            }
            let action = match line.trim() {
                "" => continue,
                "quit" | "exit" => {
                    writeln!(out, "Bye: the game is left unfinished.")?;
                    return Ok(());
                }
                "help" | "?" => {
                    writeln!(out, "{HELP}")?;
                    continue;
                }
                "moves" => {
                    writeln!(out, "Legal moves: {}", words(&live.view()["legal"]))?;
                    continue;
                }
                "history" => {
                    writeln!(out, "Moves so far: {}", words(&live.view()["history"]))?;
                    continue;
                }
                "hint" => {
                    match live.hint(seat, None) {
                        Ok(hint) => writeln!(out, "Hint: {}", hint_text(&hint))?,
                        Err(e) => writeln!(out, "{e}")?,
                    }
                    continue;
                }
                "resign" => Action::Resign,
                text => Action::Move { mv: text.to_owned() },
            };
            match live.act(seat, action) {
                Ok(_) => break,
                Err(e) => writeln!(out, "{e}. Legal moves: {}", words(&live.view()["legal"]))?,
            }
        }
    }
}

/// A JSON list of strings as words.
fn words(list: &Value) -> String {
    list.as_array().map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

/// The plain hint's move and value, as a person reads them.
fn hint_text(hint: &Value) -> String {
    let best = &hint["moves"][0];
    let value = best["value"].as_f64().map_or_else(|| best["value"].as_str().unwrap_or("?").to_owned(), score);
    format!(
        "{} (the {} bot's choice, value {value})",
        best["move"].as_str().unwrap_or("?"),
        hint["bot"].as_str().unwrap_or("best")
    )
}

/// A bot's finite score as a person reads it: `+3`, `-0.5` (a proven result comes as the words `won`, `lost`).
fn score(value: f64) -> String {
    // Adding zero turns −0 into 0.
    format!("{:+}", value + 0.0)
}
