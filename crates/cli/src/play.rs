//! The terminal game: draw the board, read moves, let the bot answer.

use std::io::{BufRead, Write};

use anyhow::Result;
use hamle_arena::Session;
use hamle_core::Turn;

const HELP: &str = "Type a move (e.g. b2, or a1-a2 when sliding), 'moves' to list the legal moves, \
'history' for the moves so far, 'quit' to leave.";

/// Plays `session` to the end, reading a person's moves from `input`.
pub fn run(mut session: Box<dyn Session>, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{HELP}")?;
    let mut line = String::new();
    loop {
        writeln!(out, "\n{}", session.board())?;
        let Turn::Player(player) = session.turn() else {
            let points = session.points().unwrap_or([0.0, 0.0]);
            let verdict = if points[0] > points[1] {
                "first player wins"
            } else if points[1] > points[0] {
                "second player wins"
            } else {
                "draw"
            };
            writeln!(out, "Game over: {verdict} ({} – {}).", points[0], points[1])?;
            writeln!(out, "Moves: {}", session.history().join(" "))?;
            return Ok(());
        };
        if session.is_bot(player) {
            let played = session.bot_move()?;
            writeln!(
                out,
                "Bot plays {} (score {}, line {}, {} nodes, {:.1} ms).",
                played.mv,
                score(played.score),
                played.pv.join(" "),
                played.nodes,
                played.elapsed.as_secs_f64() * 1000.0
            )?;
            continue;
        }
        loop {
            write!(out, "Your move: ")?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\nBye: the game is left unfinished.")?;
                return Ok(());
            }
            match line.trim() {
                "" => continue,
                "quit" | "exit" => {
                    writeln!(out, "Bye: the game is left unfinished.")?;
                    return Ok(());
                }
                "help" | "?" => writeln!(out, "{HELP}")?,
                "moves" => writeln!(out, "Legal moves: {}", session.legal_moves().join(" "))?,
                "history" => writeln!(out, "Moves so far: {}", session.history().join(" "))?,
                text => match session.play(text) {
                    Ok(_) => break,
                    Err(e) => writeln!(out, "{e}. Legal moves: {}", session.legal_moves().join(" "))?,
                },
            }
        }
    }
}

/// A bot's score as a person reads it: `+3`, `-0.5`, `won` for +∞ and `lost` for −∞.
fn score(value: f64) -> String {
    if value == f64::INFINITY {
        "won".into()
    } else if value == f64::NEG_INFINITY {
        "lost".into()
    } else {
        // Adding zero turns −0 into 0.
        format!("{:+}", value + 0.0)
    }
}
