//! The terminal game for any registered game: draw the board, read the person's moves, let the bots answer,
//! all through the arena's play layer (the same one the web app uses).

use std::io::{BufRead, Write};

use anyhow::Result;
use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live, Seat};
use serde_json::Value;

const HELP: &str = "Type a move in the game's notation ('moves' lists the legal ones), 'history' for the moves \
so far, 'hint' for the strongest bot's choice, 'bot' to let the helper make your move (one-player games), 'undo' to \
take back your last move and the bot's reply, 'draw' to claim a draw when the rules give one (chess) or else offer \
one, 'pgn' for the game's PGN (chess), 'record' for the match's record, 'resign' to give up, 'quit' to leave.";

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
            writeln!(out, "\n{}", board(live.as_ref()))?;
            let text = view["ending"]["text"].as_str().unwrap_or("The game is over.");
            writeln!(out, "Game over. {text}")?;
            writeln!(out, "Moves: {}", words(&view["history"]))?;
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
                "pgn" => {
                    match pgn(&live.view()) {
                        Some(pgn) => write!(out, "{pgn}")?,
                        None => writeln!(out, "This game has no PGN: 'record' prints the match's record.")?,
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
                Err(e) => writeln!(out, "{e}. Legal moves: {}", words(&live.view()["legal"]))?,
            }
        }
    }
}

/// The board as the person sees it, from the seat they sit at (seat 0's when bots play alone).
fn board(live: &dyn Live) -> String {
    let seat = live.seats().iter().position(|s| *s == Seat::Person).unwrap_or(0);
    live.board(u8::try_from(seat).unwrap_or(0))
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
