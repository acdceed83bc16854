//! `hamle chess`: tools on chess positions that outside programs can call — the legal moves with the position
//! after each, perft with an optional divide, the status of a position, a bot's score on an EPD test suite —
//! and the board drawn from black's side for the terminal game.

use std::io::{ErrorKind, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Subcommand;
use hamle_arena::Spec;
use hamle_chess::epd::{self, EpdPosition};
use hamle_chess::{Board, Chess, Ending, Move, color_name, legal_moves, perft, san, uci};
use hamle_core::{Budget, Game, Notation, Stream};
use indicatif::{ProgressBar, ProgressStyle};
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
    /// Run a bot over an EPD test suite (Win At Chess: `crates/chess/tests/data/wac.epd`): in each position, in
    /// order on one thread, the bot chooses a move in the time (or nodes) given; the position is solved when the
    /// move is one of its `bm` moves and none of its `am` moves. Prints a line per position, then `solved N / M`
    /// and the failed ids; `--json` prints `{"solved", "total", "ms", "nodes", "bot", "failed": [ids], "positions": [{"id",
    /// "played", "ok", "seconds", "depth", "nodes"}, …]}`.
    Suite {
        /// The EPD file: one position a line, `FEN bm MOVES; id "NAME";` (blank and `#` lines skipped).
        file: PathBuf,
        /// Milliseconds the bot may think in each position.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        ms: u64,
        /// Nodes the bot may search in each position, in place of the time (`--ms` is then not used): the
        /// results then depend on neither the machine nor its load (for comparing versions of a search).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// The bot, optionally with parameters: `engine`, `engine(hash=64)`, `thesis(depth=4)`.
        #[arg(long, default_value = "engine")]
        bot: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
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
        ChessCommand::Suite { file, ms, nodes, bot, json } => suite(&file, ms, nodes, &bot, json)?,
    }
    Ok(())
}

/// One position's result in a suite.
struct Tried {
    id: String,
    played: String,
    ok: bool,
    seconds: f64,
    depth: u32,
    nodes: u64,
}

/// The suite's positions, every line checked before any search starts (a bad line found after minutes of
/// searching would waste them).
fn read_suite(path: &Path) -> Result<Vec<EpdPosition>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let positions = epd::parse(&text).with_context(|| path.display().to_string())?;
    anyhow::ensure!(!positions.is_empty(), "{}: no positions (every line is blank or a # comment)", path.display());
    for p in &positions {
        anyhow::ensure!(
            !p.best.is_empty() || !p.avoid.is_empty(),
            "{}: line {}: no bm or am operation, so nothing says what solves it",
            path.display(),
            p.line
        );
        anyhow::ensure!(
            p.game.ending().is_none(),
            "{}: line {}: the game is already over there",
            path.display(),
            p.line
        );
    }
    Ok(positions)
}

/// `hamle chess suite`: the bot's move in each position of an EPD file, and how many it solved.
fn suite(path: &Path, ms: u64, nodes: Option<u64>, bot: &str, json: bool) -> Result<()> {
    let positions = read_suite(path)?;
    let def = hamle_chess::definition();
    let spec: Spec = bot.parse()?;
    // Build the bot once up front so that a bad spec is refused before the first search.
    let bot_name = def.bot(&spec, &positions[0].game)?.name();
    let (budget, limit) = match nodes {
        Some(nodes) => (Budget { nodes: Some(nodes), ..Budget::UNLIMITED }, format!("{nodes} nodes")),
        None => (Budget::time(Duration::from_millis(ms)), format!("{ms} ms")),
    };
    let bar = if !json && std::io::stderr().is_terminal() {
        ProgressBar::new(positions.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len}, {msg} ({elapsed}, {eta} left)") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(format!("{bot_name} at {limit}"));
    let mut tried = Vec::with_capacity(positions.len());
    let mut solved = 0;
    for (index, position) in positions.iter().enumerate() {
        // A new bot in every position: its tables start empty, so a position's result does not depend on the
        // positions before it, and any one position can be rerun alone.
        let mut player = def.bot(&spec, &position.game)?;
        let mut ties = Stream::new(1).derive(index as u64);
        let clock = Instant::now();
        let decision = player.choose(&position.game, &budget, &mut ties);
        let seconds = clock.elapsed().as_secs_f64();
        let Some(decision) = decision else {
            let why = player.fault().map_or_else(|| "no reason given".to_owned(), |f| f.to_string());
            anyhow::bail!("{bot_name} chose no move in {} (line {}): {why}", position.name(), position.line);
        };
        let (played, ok) = match decision.mv {
            Move::Board(mv) => (san(position.board(), mv), position.solves(mv)),
            // A draw claim is never a suite's answer.
            Move::ClaimDraw => (position.game.format_move(decision.mv), false),
        };
        let row = Tried { id: position.name(), played, ok, seconds, depth: decision.depth, nodes: decision.nodes };
        if !json {
            let line = suite_line(&row, position);
            bar.suspend(|| emit(&line))?;
        }
        solved += usize::from(row.ok);
        bar.set_message(format!("{solved} solved"));
        bar.inc(1);
        tried.push(row);
    }
    bar.finish_and_clear();
    let failed: Vec<&str> = tried.iter().filter(|t| !t.ok).map(|t| t.id.as_str()).collect();
    if json {
        let rows: Vec<Value> = tried
            .iter()
            .map(|t| {
                json!({
                    "id": t.id, "played": t.played, "ok": t.ok, "seconds": t.seconds, "depth": t.depth, "nodes": t.nodes,
                })
            })
            .collect();
        let report = json!({
            "solved": solved, "total": tried.len(), "ms": nodes.is_none().then_some(ms), "nodes": nodes,
            "bot": bot_name, "failed": failed, "positions": rows,
        });
        emit(&(serde_json::to_string_pretty(&report)? + "\n"))
    } else {
        let mut text = format!("solved {solved} / {}\n", tried.len());
        if !failed.is_empty() {
            text += &format!("failed: {}\n", failed.join(" "));
        }
        emit(&text)
    }
}

/// A position's line: `WAC.001 Qg6 ok 0.98 s`, or `WAC.002 FAIL: played Kf2, wanted Rxb2 1.00 s`.
fn suite_line(row: &Tried, position: &EpdPosition) -> String {
    if row.ok {
        return format!("{} {} ok {:.2} s\n", row.id, row.played, row.seconds);
    }
    let mut wanted = Vec::new();
    if !position.best_san.is_empty() {
        wanted.push(format!("wanted {}", position.best_san.join(" or ")));
    }
    if !position.avoid_san.is_empty() {
        wanted.push(format!("not {}", position.avoid_san.join(" or ")));
    }
    format!("{} FAIL: played {}, {} {:.2} s\n", row.id, row.played, wanted.join(", "), row.seconds)
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
