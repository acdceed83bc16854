//! hamle as a UCI engine: the engine's side of the Universal Chess Interface, for chess GUIs (Cute Chess,
//! Arena, BanksiaGUI) and match runners (cutechess-cli, fastchess), and `bench`, the search's node signature.
//!
//! Here hamle is the engine a GUI drives; [`crate::bots::uci`] is the other side, hamle driving an outside
//! engine as a bot. The session reads commands from any [`BufRead`] and answers on any [`Write`] (the
//! `hamle uci` command gives it stdin and stdout), so it runs as well in a test as in a process.
//!
//! The reading thread obeys commands; a `go` hands the searcher to a thread of its own, so `stop`, `isready`
//! and `quit` are heard while it thinks. The search thread writes the `info` lines and the `bestmove`; every
//! line is written whole under the output's lock and flushed, so the two threads never interleave within a
//! line. Unknown commands and tokens are skipped (the protocol asks for it); a position that does not read is
//! refused with a line on the notes output (stderr for `hamle uci`) and the previous one kept.

use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use cozy_chess::{Board, Color, Move};
use hamle_core::{Clock, Game};

use crate::bots::engine::search::{Info, Limits, Outcome, Score, Searcher};
use crate::bots::engine::{Eval, history_keys, time};
use crate::notation::uci;
use crate::rules::{Chess, legal_moves};

/// The transposition table's size when the GUI sets none, in MiB.
const DEFAULT_HASH_MB: usize = 16;
/// The largest table `setoption name Hash` accepts, in MiB.
const MAX_HASH_MB: usize = 4096;
/// Time kept back on every move for the pipe and the GUI, in milliseconds, unless `Move Overhead` says.
const DEFAULT_OVERHEAD_MS: u64 = 10;
/// The most `Move Overhead` may be, in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5000;
/// The depth `bench` searches each position to when none is given: about 5–10 s in a release build on one
/// core for the whole list (6 s when it was set).
pub const BENCH_DEPTH: u32 = 13;
/// The table `bench` uses whatever `Hash` says, so that its node count depends on the search alone.
const BENCH_HASH_MB: usize = 16;
/// A search runs on its own thread; its recursion (up to the engine's deepest ply, a board per ply) gets a
/// roomy stack rather than the platform's default for spawned threads.
const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// An evaluation's name, as `hamle uci --eval` and `setoption name Eval` take it: `hand` or `net`.
///
/// # Errors
/// Any other name, with a sentence saying which are known.
pub fn parse_eval(text: &str) -> Result<Eval, String> {
    match text {
        "hand" => Ok(Eval::Hand),
        "net" => Ok(Eval::Net),
        other => Err(format!("'{other}' is not an evaluation: give hand or net")),
    }
}

/// Runs the UCI dialogue until `quit` or the end of `input`, answering on `out` and writing refusals and
/// notes for a person on `notes`; `eval` is the evaluation searched with until `setoption name Eval`.
///
/// Bad input is reported on `notes` and skipped; an output that no longer takes writes (the GUI closed the
/// pipe) is ignored, as the input's end follows.
pub fn run(eval: Eval, mut input: impl BufRead, out: impl Write + Send + 'static, notes: impl Write + Send + 'static) {
    let mut session = Session::new(eval, Lines::new(out, notes));
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 is read as best it can be (its odd words are
        // unknown tokens) rather than ending the dialogue; end of input or a read error means the GUI is gone.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !session.command(&String::from_utf8_lossy(&bytes)) {
            return;
        }
    }
    // The GUI closed our input: a search with a limit may end on its own and say its move (a script piping
    // `go depth 10` wants the answer); one without a limit would never end, so it is stopped.
    session.end_of_input();
}

/// A writer two threads share.
type Shared = Arc<Mutex<dyn Write + Send>>;

/// Where the session's lines go: the protocol's answers and the notes for a person, each shared by the
/// reading thread and the search thread.
#[derive(Clone)]
struct Lines {
    out: Shared,
    notes: Shared,
}

impl Lines {
    fn new(out: impl Write + Send + 'static, notes: impl Write + Send + 'static) -> Lines {
        Lines { out: Arc::new(Mutex::new(out)), notes: Arc::new(Mutex::new(notes)) }
    }

    /// Writes one answer and flushes it, under the output's lock so that lines from the two threads never
    /// mix. A write error (the GUI closed the pipe) is ignored: the input's end follows.
    fn say(&self, line: &str) {
        write_line(&self.out, line);
    }

    /// A refusal or a note for a person watching, which GUIs keep apart from the protocol (stderr).
    fn warn(&self, line: &str) {
        write_line(&self.notes, &format!("hamle: {line}"));
    }
}

/// Writes `line` and flushes it under `to`'s lock; a thread that panicked holding the lock left whole lines
/// behind it, so the writer is still good to use.
fn write_line(to: &Shared, line: &str) {
    let mut to = to.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = writeln!(to, "{line}");
    let _ = to.flush();
}

/// What `go` asked for, each field as given (`None` when absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Go {
    wtime: Option<i64>,
    btime: Option<i64>,
    winc: Option<i64>,
    binc: Option<i64>,
    movestogo: Option<u32>,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<i64>,
    /// `infinite` or `ponder`: search until `stop` (or `ponderhit`), and only then say the move.
    infinite: bool,
}

/// Reads `go`'s arguments; an unknown token, or a number that does not read, is skipped.
fn parse_go(tokens: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < tokens.len() {
        let value = tokens.get(i + 1).copied().unwrap_or("");
        let mut took = true;
        match tokens[i] {
            "wtime" => go.wtime = value.parse().ok(),
            "btime" => go.btime = value.parse().ok(),
            "winc" => go.winc = value.parse().ok(),
            "binc" => go.binc = value.parse().ok(),
            "movestogo" => go.movestogo = value.parse().ok(),
            "depth" => go.depth = value.parse().ok(),
            "nodes" => go.nodes = value.parse().ok(),
            "movetime" => go.movetime = value.parse().ok(),
            "infinite" | "ponder" => {
                go.infinite = true;
                took = false;
            }
            _ => took = false,
        }
        // A keyword's number is consumed only when it reads, so `go depth infinite` still hears `infinite`.
        i += if took && value.parse::<i64>().is_ok() { 2 } else { 1 };
    }
    go
}

/// Milliseconds from the GUI (which may send a negative clock once a side has overstepped) as a duration.
fn millis(ms: i64) -> Duration {
    Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

/// The search limits for `go` on a board whose side to move is `us`, keeping `overhead` back from any time.
fn limits(go: &Go, us: Color, board: &Board, overhead: Duration) -> Limits {
    let mut limits = Limits { depth: go.depth, nodes: go.nodes, soft: None, hard: None };
    if go.infinite {
        return limits;
    }
    let (time, inc) = if us == Color::White { (go.wtime, go.winc) } else { (go.btime, go.binc) };
    if let Some(time) = time {
        let clock = Clock {
            remaining: millis(time).saturating_sub(overhead),
            increment: millis(inc.unwrap_or(0)),
            moves_to_go: go.movestogo.filter(|&n| n > 0),
        };
        let (soft, hard) = time::allot(&clock, board);
        (limits.soft, limits.hard) = (Some(soft), Some(hard));
    }
    if let Some(movetime) = go.movetime {
        // At least a millisecond, so that a tiny movetime still searches the first iteration's moves.
        let budget = millis(movetime).saturating_sub(overhead).max(Duration::from_millis(1));
        limits.soft = Some(limits.soft.map_or(budget, |s| s.min(budget)));
        limits.hard = Some(limits.hard.map_or(budget, |h| h.min(budget)));
    }
    limits
}

/// A move on `board` in UCI, or the null move `0000` when there is none.
fn move_text(board: &Board, mv: Option<Move>) -> String {
    mv.map_or_else(|| "0000".to_owned(), |mv| uci(board, mv))
}

/// A line of moves from `board` in UCI, cut at the first move that is not legal where it stands (a line
/// is the engine's, but a move that does not fit must not reach the GUI, nor panic the board).
fn line_text(board: &Board, line: &[Move]) -> Vec<String> {
    let mut board = board.clone();
    let mut words = Vec::with_capacity(line.len());
    for &mv in line {
        if !board.is_legal(mv) {
            break;
        }
        words.push(uci(&board, mv));
        board.play_unchecked(mv);
    }
    words
}

/// An `info` line for a finished iteration.
fn info_line(board: &Board, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let micros = info.time.as_micros().max(1);
    let nps = u128::from(info.nodes) * 1_000_000 / micros;
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} hashfull {} time {} pv",
        info.depth,
        info.seldepth.max(info.depth),
        info.nodes,
        info.hashfull,
        info.time.as_millis()
    );
    for word in line_text(board, &info.pv) {
        line.push(' ');
        line.push_str(&word);
    }
    line
}

/// The `bestmove` line: the outcome's move, and the reply it expects when its line has one.
fn bestmove_line(board: &Board, outcome: &Outcome) -> String {
    let best = outcome.best.filter(|&mv| board.is_legal(mv));
    let mut line = format!("bestmove {}", move_text(board, best));
    if best.is_some()
        && outcome.pv.first().copied() == best
        && let Some(reply) = line_text(board, &outcome.pv).get(1)
    {
        line.push_str(" ponder ");
        line.push_str(reply);
    }
    line
}

/// Finds `text` among the legal moves of `board`: UCI with castling as the king's step (`e1g1`) or as the
/// king onto its rook (`e1h1`, cozy-chess's and Chess960's way); a promotion needs its piece letter.
fn find_move(board: &Board, text: &str) -> Option<Move> {
    let text = text.to_ascii_lowercase();
    legal_moves(board).into_iter().find(|&mv| {
        // Only castling writes differently the two ways, and it promotes nothing.
        uci(board, mv) == text || (mv.promotion.is_none() && format!("{}{}", mv.from, mv.to) == text)
    })
}

/// The game `position` describes (`startpos` or `fen <FEN>`, then optionally `moves m1 m2 …`), or why not.
fn parse_position(tokens: &[&str]) -> Result<Chess, String> {
    let moves_at = tokens.iter().position(|&t| t == "moves").unwrap_or(tokens.len());
    let (setup, moves) = (&tokens[..moves_at], tokens.get(moves_at + 1..).unwrap_or(&[]));
    let mut game = match setup.first() {
        Some(&"startpos") => Chess::default(),
        Some(&"fen") => {
            let fen = setup[1..].join(" ");
            Chess::from_fen(&fen).map_err(|e| format!("position refused: FEN '{fen}': {e}"))?
        }
        _ => return Err("position refused: write 'position startpos' or 'position fen <FEN>'".to_owned()),
    };
    for (i, &text) in moves.iter().enumerate() {
        // The move list is checked against the board alone, not the record's endings: a GUI may play on past
        // a repetition or a dead position that it has not adjudicated, and the engine must still answer.
        let Some(mv) = find_move(game.board(), text) else {
            return Err(format!(
                "position refused: move {} '{text}' is not legal in {} (the previous position is kept)",
                i + 1,
                game.fen()
            ));
        };
        game.play(crate::rules::Move::Board(mv));
    }
    Ok(game)
}

/// A search thinking on its own thread, which gives the searcher back when it ends.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Searcher>,
    /// Whether the search ends by itself (a depth, nodes or time); one that does not needs `stop`.
    limited: bool,
}

/// The engine's state between commands.
struct Session {
    game: Chess,
    /// The searcher, when no search holds it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    hash_mb: usize,
    overhead: Duration,
    eval: Eval,
    lines: Lines,
}

impl Session {
    fn new(eval: Eval, lines: Lines) -> Session {
        Session {
            game: Chess::default(),
            searcher: Some(Searcher::with_network(DEFAULT_HASH_MB, eval.network())),
            running: None,
            hash_mb: DEFAULT_HASH_MB,
            eval,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            lines,
        }
    }

    /// Obeys one line; `false` once it says `quit`. The first known word is the command: the protocol asks
    /// to skip unknown words before it.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = tokens.iter().position(|t| is_command(t)) else {
            if !tokens.is_empty() {
                self.lines.warn(&format!("unknown command '{}' ignored", line.trim()));
            }
            return true;
        };
        let rest = &tokens[at + 1..];
        match tokens[at] {
            "uci" => {
                self.lines.say(&format!("id name hamle {}", env!("CARGO_PKG_VERSION")));
                self.lines.say("id author the hamle authors");
                self.lines
                    .say(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
                // One thread: the search is single-threaded; the option is shown because GUIs and match
                // runners set it.
                self.lines.say("option name Threads type spin default 1 min 1 max 1");
                self.lines.say(&format!(
                    "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
                ));
                self.lines.say("option name Clear Hash type button");
                self.lines.say("option name Eval type combo default net var net var hand");
                self.lines.say("uciok");
            }
            "isready" => self.lines.say("readyok"),
            "ucinewgame" => {
                self.finish(true);
                self.searcher().clear();
            }
            "setoption" => {
                self.finish(true);
                self.set_option(rest);
            }
            "position" => match parse_position(rest) {
                Ok(game) => self.game = game,
                Err(why) => self.lines.warn(&why),
            },
            "go" => {
                // A GUI waits for `bestmove` before `go` again; if one does not, the old search ends first.
                self.finish(true);
                self.go(&parse_go(rest));
            }
            "stop" | "ponderhit" => self.finish(true),
            "bench" => {
                self.finish(true);
                let depth = rest.first().and_then(|t| t.parse().ok()).filter(|&d: &u32| (1..=64).contains(&d));
                bench_on(depth.unwrap_or(BENCH_DEPTH), self.eval, &self.lines);
            }
            "quit" => {
                self.finish(true);
                return false;
            }
            // `debug` and `register` need no answer from an engine without debug output or registration.
            _ => {}
        }
        true
    }

    /// The searcher, made anew if a search lost it (its thread failed).
    fn searcher(&mut self) -> &mut Searcher {
        let (hash_mb, network) = (self.hash_mb, self.eval.network());
        self.searcher.get_or_insert_with(|| Searcher::with_network(hash_mb, network))
    }

    /// Ends the running search, if any, and takes the searcher back: at once when `stop`, else when it
    /// finishes by itself. Its thread writes the `bestmove`.
    fn finish(&mut self, stop: bool) {
        let Some(running) = self.running.take() else { return };
        if stop {
            running.stop.store(true, Ordering::Release);
            running.handle.thread().unpark();
        }
        match running.handle.join() {
            Ok(searcher) => self.searcher = Some(searcher),
            Err(_) => self.lines.warn("the search thread failed; a new table replaces its own"),
        }
    }

    /// At the end of input: a limited search finishes, an unlimited one is stopped.
    fn end_of_input(&mut self) {
        let limited = self.running.as_ref().is_some_and(|r| r.limited);
        self.finish(!limited);
    }

    /// Starts a search of the current position on its own thread.
    fn go(&mut self, go: &Go) {
        let board = self.game.board().clone();
        let history = history_keys(&self.game);
        let limits = limits(go, board.side_to_move(), &board, self.overhead);
        let infinite = go.infinite;
        let limited = !infinite
            && (limits.depth.is_some() || limits.nodes.is_some() || limits.hard.is_some() || limits.soft.is_some());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let network = self.eval.network();
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::with_network(self.hash_mb, network));
        let lines = self.lines.clone();
        let spawned = std::thread::Builder::new().name("search".to_owned()).stack_size(SEARCH_STACK).spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                searcher.search(&board, &history, limits, &flag, &mut |info| lines.say(&info_line(&board, info)))
            }));
            let outcome = outcome.unwrap_or_else(|_| {
                // The engine failed on this position: answer with a legal move rather than leave the GUI
                // waiting, and start the next search from a fresh table.
                lines.warn("the search failed; answering with the first legal move");
                searcher = Searcher::with_network(DEFAULT_HASH_MB, network);
                let best = legal_moves(&board).first().copied();
                Outcome { best, value: 0, pv: best.into_iter().collect(), depth: 0, nodes: 0 }
            });
            // Under `go infinite` the move is said only after `stop`, even when the search ended sooner.
            while infinite && !flag.load(Ordering::Acquire) {
                std::thread::park();
            }
            lines.say(&bestmove_line(&board, &outcome));
            searcher
        });
        match spawned {
            Ok(handle) => self.running = Some(Running { stop, handle, limited }),
            Err(e) => {
                self.lines.warn(&format!("cannot start the search thread: {e}"));
                self.lines.say(&format!(
                    "bestmove {}",
                    move_text(self.game.board(), legal_moves(self.game.board()).first().copied())
                ));
            }
        }
    }

    /// `setoption name <id> [value <x>]`: Hash, Threads, Move Overhead, Clear Hash, Eval; others are skipped.
    fn set_option(&mut self, tokens: &[&str]) {
        let value_at = tokens.iter().position(|&t| t.eq_ignore_ascii_case("value")).unwrap_or(tokens.len());
        let name_from = tokens.iter().position(|&t| t.eq_ignore_ascii_case("name")).map_or(0, |i| i + 1);
        let name = tokens.get(name_from..value_at).unwrap_or(&[]).join(" ").to_ascii_lowercase();
        let value = tokens.get(value_at + 1..).unwrap_or(&[]).join(" ");
        match name.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.searcher().resize(mb);
                }
                _ => self.lines.warn(&format!("Hash '{value}' refused: give MiB from 1 to {MAX_HASH_MB}")),
            },
            "threads" => {
                if value != "1" {
                    self.lines.warn(&format!("Threads '{value}' refused: hamle searches on one thread"));
                }
            }
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= MAX_OVERHEAD_MS => self.overhead = Duration::from_millis(ms),
                _ => self
                    .lines
                    .warn(&format!("Move Overhead '{value}' refused: give milliseconds from 0 to {MAX_OVERHEAD_MS}")),
            },
            "clear hash" => self.searcher().clear(),
            "eval" => match parse_eval(&value.to_ascii_lowercase()) {
                Ok(eval) => {
                    self.eval = eval;
                    self.searcher = Some(Searcher::with_network(self.hash_mb, eval.network()));
                }
                Err(why) => self.lines.warn(&format!("Eval refused: {why}")),
            },
            _ => self.lines.warn(&format!("unknown option '{name}' ignored")),
        }
    }
}

/// Whether a word is a UCI command this engine knows (`bench` is Stockfish's extension).
fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "bench"
    )
}

/// The bench's positions: openings, middlegames and endgames, with checks, promotions, castling and en
/// passant — the perft positions of the Chess Programming Wiki, well-known test and study positions.
pub const BENCH_POSITIONS: [&str; 30] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "8/8/8/3k4/8/8/8/KQ6 w - - 0 1",
];

/// What the bench measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotal {
    /// Nodes over every position: the search's signature.
    pub nodes: u64,
    /// How long it took.
    pub elapsed: Duration,
}

/// Searches every bench position to `depth` from a cleared table, writing each position's nodes and then
/// the total and the speed on `out` as Stockfish does (`Nodes searched: N`, `Nodes/second: N`).
pub fn bench(
    depth: u32,
    eval: Eval,
    out: impl Write + Send + 'static,
    notes: impl Write + Send + 'static,
) -> BenchTotal {
    bench_on(depth, eval, &Lines::new(out, notes))
}

/// The bench, written on a session's lines.
fn bench_on(depth: u32, eval: Eval, lines: &Lines) -> BenchTotal {
    let mut searcher = Searcher::with_network(BENCH_HASH_MB, eval.network());
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut nodes = 0;
    for (i, fen) in BENCH_POSITIONS.iter().enumerate() {
        // Each FEN is checked by a test; one that did not read would be skipped, not searched from elsewhere.
        let Ok(game) = Chess::from_fen(fen) else {
            lines.warn(&format!("bench position {} does not read: {fen}", i + 1));
            continue;
        };
        searcher.clear();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let outcome = searcher.search(game.board(), &[], limits, &stop, &mut |_| {});
        nodes += outcome.nodes;
        lines.say(&format!(
            "Position {:>2}/{}: {:>10} nodes  bestmove {:<5}  {fen}",
            i + 1,
            BENCH_POSITIONS.len(),
            outcome.nodes,
            move_text(game.board(), outcome.best)
        ));
    }
    let elapsed = start.elapsed();
    let nps = u128::from(nodes) * 1_000_000 / elapsed.as_micros().max(1);
    lines.say("===========================");
    lines.say(&format!("Total time (ms) : {}", elapsed.as_millis()));
    lines.say(&format!("Nodes searched: {nodes}"));
    lines.say(&format!("Nodes/second: {nps}"));
    BenchTotal { nodes, elapsed }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output the test reads after the session wrote to it from its threads.
    #[derive(Clone, Default)]
    struct Written(Arc<Mutex<Vec<u8>>>);

    impl Write for Written {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Written {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap_or_else(PoisonError::into_inner)).into_owned()
        }
    }

    /// The session's answers and notes to `input`, run to its end.
    fn session(input: &str) -> (String, String) {
        let (out, notes) = (Written::default(), Written::default());
        run(Eval::Hand, input.as_bytes(), out.clone(), notes.clone());
        (out.text(), notes.text())
    }

    #[test]
    fn a_session_in_memory_introduces_itself_and_answers_a_search_with_a_legal_move() {
        let (out, notes) = session("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("id name hamle "), "{out}");
        assert!(lines.contains(&"uciok") && lines.contains(&"readyok"), "{out}");
        assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{out}");
        let last = lines.last().copied().unwrap_or_default();
        let word = last.split(' ').nth(1).unwrap_or_default();
        let after_e4 = parse_position(&["startpos", "moves", "e2e4"]).expect("legal");
        assert!(find_move(after_e4.board(), word).is_some(), "a legal reply to e4: {last}");
        assert!(notes.is_empty(), "{notes}");
    }

    #[test]
    fn a_refused_position_goes_to_the_notes_and_the_old_one_is_searched() {
        let (out, notes) = session("position startpos moves e2e5\ngo depth 1\nquit\n");
        assert_eq!(notes.lines().count(), 1, "{notes}");
        assert!(notes.starts_with("hamle: position refused: move 1 'e2e5'"), "{notes}");
        let best = out.lines().last().unwrap_or_default().to_owned();
        let word = best.split(' ').nth(1).unwrap_or_default();
        assert!(find_move(&Board::default(), word).is_some(), "a move from the start: {best}");
    }

    #[test]
    fn the_bench_says_the_nodes_it_returns() {
        let out = Written::default();
        let total = bench(1, Eval::Hand, out.clone(), Written::default());
        let text = out.text();
        assert_eq!(text.lines().filter(|l| l.starts_with("Position ")).count(), BENCH_POSITIONS.len());
        assert!(text.contains(&format!("\nNodes searched: {}\n", total.nodes)), "{text}");
    }

    #[test]
    fn every_bench_position_reads_and_has_a_move() {
        for fen in BENCH_POSITIONS {
            let game = Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!legal_moves(game.board()).is_empty(), "{fen} has no move");
            assert!(game.ending().is_none(), "{fen} is over");
        }
    }

    #[test]
    fn go_reads_every_limit_and_skips_what_it_does_not_know() {
        let go = parse_go(
            &"wtime 1000 btime -20 winc 10 binc 20 movestogo 5 depth 7 nodes 900 movetime 55 frob"
                .split(' ')
                .collect::<Vec<_>>(),
        );
        assert_eq!(
            go,
            Go {
                wtime: Some(1000),
                btime: Some(-20),
                winc: Some(10),
                binc: Some(20),
                movestogo: Some(5),
                depth: Some(7),
                nodes: Some(900),
                movetime: Some(55),
                infinite: false
            }
        );
        let go = parse_go(&["depth", "infinite"]);
        assert!(go.infinite && go.depth.is_none());
        assert!(parse_go(&["ponder"]).infinite);
    }

    #[test]
    fn the_clock_of_the_side_to_move_sets_the_time() {
        let board = Board::default();
        let overhead = Duration::from_millis(10);
        let go = parse_go(&["wtime", "60000", "btime", "100", "winc", "0", "binc", "0"]);
        let white = limits(&go, Color::White, &board, overhead);
        let black = limits(&go, Color::Black, &board, overhead);
        assert!(white.hard.is_some_and(|h| h > Duration::from_millis(1000)), "{white:?}");
        assert!(black.hard.is_some_and(|h| h <= Duration::from_millis(50)), "{black:?}");
        let clock = Clock { remaining: Duration::from_millis(59_990), increment: Duration::ZERO, moves_to_go: None };
        let (soft, hard) = time::allot(&clock, &board);
        assert_eq!((white.soft, white.hard), (Some(soft), Some(hard)));
    }

    #[test]
    fn movetime_keeps_the_overhead_back_and_infinite_has_no_limit() {
        let board = Board::default();
        let l = limits(&parse_go(&["movetime", "100"]), Color::White, &board, Duration::from_millis(10));
        assert_eq!((l.soft, l.hard), (Some(Duration::from_millis(90)), Some(Duration::from_millis(90))));
        let l = limits(&parse_go(&["movetime", "5"]), Color::White, &board, Duration::from_millis(10));
        assert_eq!(l.hard, Some(Duration::from_millis(1)));
        let l = limits(&parse_go(&["infinite", "wtime", "10"]), Color::White, &board, Duration::ZERO);
        assert!(l.soft.is_none() && l.hard.is_none() && l.depth.is_none() && l.nodes.is_none());
        let l = limits(&parse_go(&["depth", "3", "nodes", "77"]), Color::White, &board, Duration::ZERO);
        assert_eq!((l.depth, l.nodes, l.hard), (Some(3), Some(77), None));
    }

    #[test]
    fn castling_reads_as_the_kings_step_and_as_the_king_onto_its_rook() {
        let board = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen").board().clone();
        let step = find_move(&board, "e1g1").expect("e1g1");
        assert_eq!(find_move(&board, "e1h1"), Some(step));
        assert_eq!(uci(&board, step), "e1g1");
        assert_eq!(find_move(&board, "E1C1"), find_move(&board, "e1a1"));
        assert!(find_move(&board, "e1c1").is_some());
        assert_eq!(find_move(&board, "e1e3"), None);
    }

    #[test]
    fn a_promotion_needs_its_letter() {
        let board = Chess::from_fen("8/P7/8/8/8/8/k6K/8 w - - 0 1").expect("fen").board().clone();
        assert_eq!(find_move(&board, "a7a8"), None);
        let knight = find_move(&board, "a7a8n").expect("a7a8n");
        assert_eq!(uci(&board, knight), "a7a8n");
    }

    #[test]
    fn a_position_reads_from_startpos_or_fen_with_moves_and_names_what_it_refuses() {
        let game = parse_position(&["startpos", "moves", "e2e4", "e7e5", "g1f3"]).expect("legal");
        assert_eq!(game.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        let fen = "8/8/8/3k4/8/8/8/KQ6 w - - 0 1".split(' ').collect::<Vec<_>>();
        let mut tokens = vec!["fen"];
        tokens.extend(&fen);
        assert_eq!(parse_position(&tokens).expect("fen").fen(), fen.join(" "));
        tokens.extend(["moves", "b1b2"]);
        assert_eq!(parse_position(&tokens).expect("fen").board().side_to_move(), Color::Black);
        let err = parse_position(&["startpos", "moves", "e2e4", "e2e4"]).expect_err("illegal");
        assert!(err.contains("move 2 'e2e4'"), "{err}");
        let err = parse_position(&["fen", "8/8/8", "w", "-", "-"]).expect_err("bad fen");
        assert!(err.contains("FEN"), "{err}");
        assert!(parse_position(&[]).is_err());
        assert!(parse_position(&["moves", "e2e4"]).is_err());
    }

    #[test]
    fn a_game_over_on_the_record_still_takes_moves_the_board_allows() {
        // Bare kings and a bishop: a dead position the record has ended, which a GUI may play on from.
        let game = parse_position(&["fen", "8/8/8/4k3/8/8/8/KB6", "w", "-", "-", "0", "1", "moves", "b1c2", "e5d4"])
            .expect("moves on the board");
        assert_eq!(game.played().len(), 2);
    }

    #[test]
    fn the_bestmove_names_the_reply_from_the_line() {
        let board = Board::default();
        let e4 = find_move(&board, "e2e4").expect("e4");
        let mut after = board.clone();
        after.play(e4);
        let e5 = find_move(&after, "e7e5").expect("e5");
        let outcome = Outcome { best: Some(e4), value: 0, pv: vec![e4, e5], depth: 2, nodes: 1 };
        assert_eq!(bestmove_line(&board, &outcome), "bestmove e2e4 ponder e7e5");
        let alone = Outcome { pv: vec![e4], ..outcome.clone() };
        assert_eq!(bestmove_line(&board, &alone), "bestmove e2e4");
        let none = Outcome { best: None, pv: Vec::new(), ..outcome };
        assert_eq!(bestmove_line(&board, &none), "bestmove 0000");
        // A line that stops fitting the board is cut there.
        assert_eq!(line_text(&board, &[e4, e4]), vec!["e2e4"]);
    }

    #[test]
    fn an_info_line_carries_depth_score_nodes_speed_and_the_line() {
        let board = Board::default();
        let e4 = find_move(&board, "e2e4").expect("e4");
        let info = Info {
            depth: 3,
            seldepth: 5,
            score: Score::Mate(-2),
            nodes: 5000,
            time: Duration::from_millis(10),
            pv: vec![e4],
            hashfull: 7,
        };
        assert_eq!(
            info_line(&board, &info),
            "info depth 3 seldepth 5 score mate -2 nodes 5000 nps 500000 hashfull 7 time 10 pv e2e4"
        );
        let info = Info { score: Score::Cp(-31), ..info };
        assert!(info_line(&board, &info).contains("score cp -31 "));
    }
}
