//! `hamle chess`: tools on chess positions that outside programs can call — the legal moves with the position
//! after each, perft with an optional divide, the status of a position — and the board drawn from black's side
//! for the terminal game.

use std::io::{ErrorKind, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Subcommand;
use hamle_chess::{Board, Chess, Ending, Move, color_name, legal_moves, perft, san, uci};
use hamle_core::Game;
use serde_json::{Value, json};

/// What `hamle chess` can do.
#[derive(Subcommand, Debug)]
pub enum ChessCommand {
    /// Print every legal move as JSON, `[{"uci": "g1f3", "san": "Nf3", "fen": <the position after it>}, …]`,
    /// sorted by UCI; empty when the game is over (mate, stalemate, a dead position, the 75-move rule).
    Legal {
        /// The position in FEN (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count the move sequences of D plies (the move generator's standard check). Prints the count; with
    /// `--divide`, one line `uci: count` per move then `Nodes searched: N`, as Stockfish's `go perft`.
    /// The time and the nodes per second go to stderr.
    Perft {
        /// The position in FEN (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
        /// Plies deep, 1 to 12.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// One line per legal move with the count below it, sorted by UCI.
        #[arg(long)]
        divide: bool,
    },
    /// Print the position's status as JSON: `{"check": bool, "outcome": null|"checkmate"|"stalemate"|
    /// "insufficient"|"seventy-five", "winner": null|"white"|"black", "claim": null|"fifty"}`.
    Status {
        /// The position in FEN (default: the standard start).
        #[arg(long)]
        fen: Option<String>,
    },
}

/// The game from `--fen`, or from the standard start; the error names the fault (`white has 2 kings`).
fn game_from(fen: Option<&str>) -> Result<Chess> {
    match fen {
        None => Ok(Chess::default()),
        Some(text) => Chess::from_fen(text).context("--fen"),
    }
}

/// An ending as `status` names it: one word or hyphenated words, stable for programs to match.
fn outcome_name(ending: Ending) -> &'static str {
    match ending {
        Ending::Checkmate { .. } => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::Insufficient => "insufficient",
        Ending::Threefold => "threefold",
        Ending::Fifty => "fifty",
        Ending::Fivefold => "fivefold",
        Ending::SeventyFive => "seventy-five",
    }
}

/// The legal moves with the position after each, sorted by UCI.
pub fn legal(game: &Chess) -> Vec<Value> {
    let board = game.board();
    let mut rows: Vec<(String, Value)> = game
        .board_moves()
        .into_iter()
        .map(|mv| {
            let mut after = game.clone();
            after.play(Move::Board(mv));
            let text = uci(board, mv);
            let row = json!({ "uci": text, "san": san(board, mv), "fen": after.fen() });
            (text, row)
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows.into_iter().map(|(_, row)| row).collect()
}

/// The position's status: check, how the game ended if it has, who won, the draw the side to move may claim.
pub fn status(game: &Chess) -> Value {
    let board = game.board();
    let winner = match game.ending() {
        Some(Ending::Checkmate { winner }) => Some(color_name(winner)),
        _ => None,
    };
    json!({
        "check": !board.checkers().is_empty(),
        "outcome": game.ending().map(outcome_name),
        "winner": winner,
        // From a FEN alone only the fifty-move rule can be open: repetitions need the game's record.
        "claim": game.claimable().map(outcome_name),
    })
}

/// Perft per legal move, sorted by UCI: what `--divide` prints.
fn divide(board: &Board, depth: u32) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = legal_moves(board)
        .into_iter()
        .map(|mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (uci(board, mv), perft(&child, depth - 1))
        })
        .collect();
    rows.sort();
    rows
}

/// Writes `text` to stdout; a reader that stops early (`| head`) is not an error.
fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => other.context("writing the answer"),
    }
}

/// Runs a `hamle chess` command.
pub fn run(command: ChessCommand) -> Result<()> {
    match command {
        ChessCommand::Legal { fen } => {
            let game = game_from(fen.as_deref())?;
            emit(&(serde_json::to_string_pretty(&legal(&game))? + "\n"))?;
        }
        ChessCommand::Perft { fen, depth, divide: per_move } => {
            // The board's moves are counted even where the game has ended (a dead position still has moves):
            // perft checks the move generator, not the rules of ending.
            let game = game_from(fen.as_deref())?;
            let clock = Instant::now();
            let (nodes, text) = if per_move {
                let rows = divide(game.board(), depth);
                let total: u64 = rows.iter().map(|(_, count)| count).sum();
                let lines: String = rows.iter().map(|(mv, count)| format!("{mv}: {count}\n")).collect();
                (total, format!("{lines}\nNodes searched: {total}\n"))
            } else {
                let nodes = perft(game.board(), depth);
                (nodes, format!("{nodes}\n"))
            };
            let seconds = clock.elapsed().as_secs_f64();
            emit(&text)?;
            eprintln!("perft {depth}: {nodes} nodes in {seconds:.3} s ({:.0} nodes/s)", nodes as f64 / seconds);
        }
        ChessCommand::Status { fen } => {
            let game = game_from(fen.as_deref())?;
            emit(&(serde_json::to_string(&status(&game))? + "\n"))?;
        }
    }
    Ok(())
}

/// The board of a chess view (`docs/api.md`, kind `chess`) drawn from black's side: rank 1 on top, the h-file
/// on the left, in the glyphs of the game's own drawing from white's side.
pub fn board_from_black(view: &Value) -> String {
    let glyph = |letter: &str| match letter {
        "P" => '♙',
        "N" => '♘',
        "B" => '♗',
        "R" => '♖',
        "Q" => '♕',
        "K" => '♔',
        "p" => '♟',
        "n" => '♞',
        "b" => '♝',
        "r" => '♜',
        "q" => '♛',
        "k" => '♚',
        _ => '?',
    };
    let mut out = String::new();
    for rank in 1..=8 {
        out += &format!("{rank} ");
        for file in ['h', 'g', 'f', 'e', 'd', 'c', 'b', 'a'] {
            let square = format!("{file}{rank}");
            let c = view["pieces"][&square].as_str().map_or('·', glyph);
            out += &format!(" {c}");
        }
        out.push('\n');
    }
    out + "   h g f e d c b a"
}

/// The game's PGN with its result set from the match's points when it is unfinished (`*`) by the rules: the game
/// record knows only the endings of the rules, not a resignation or a draw agreed.
pub fn pgn_with_result(pgn: &str, points: [f64; 2]) -> String {
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
