//! An outside chess engine as a bot, over the Universal Chess Interface (UCI): `uci(cmd=/usr/games/stockfish)`.
//!
//! The bot starts the program with piped input and output (its error output goes nowhere), says `uci` and
//! waits for `uciok`, sets the options asked for (`elo=N` as `UCI_LimitStrength` and `UCI_Elo`, each
//! `option.Name=V` as `setoption name Name value V`) and waits for `readyok`. For each game it says `ucinewgame`;
//! for each move it gives the whole game (`position fen <start> moves <uci>…`, so that the engine sees the
//! history it needs for repetitions) and `go` with a limit, then reads `bestmove`. A reader thread passes the
//! engine's lines on over a channel, read with a deadline: an engine that does not answer in time is killed.
//! A crash, a hang, or a `bestmove` that is not a legal move is the bot's [`Fault`], which a match scores as a
//! forfeit; the engine is killed when the bot is dropped.
//!
//! Running a program named by a spec is for the terminal alone: [`allow_programs`] must be called first
//! (`hamle match` does), so that the web app, whose specs come from the network, never starts one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use cozy_chess::Board;
use hamle_core::{Bot, Budget, Decision, Fault, Game, ParamDoc, Params, Spec, SpecError, Stream, Turn};

use crate::notation::uci;
use crate::rules::{Chess, Move, legal_moves};

/// How long an engine may take to answer `uci` and `isready`: loading a large network takes a few seconds.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Time an engine is given past its limit before it counts as hung: a process's start, its output's way
/// through the pipe and a loaded machine's delays all fit within it.
const GRACE: Duration = Duration::from_secs(1);

/// How long a search limited by depth or nodes alone may take before the engine counts as hung.
const UNTIMED: Duration = Duration::from_secs(60);

/// The engine's time a move when nothing else limits its search (`movetime=off` and no budget).
const DEFAULT_MOVETIME: u64 = 1000;

pub use hamle_core::programs::allow_programs;

/// The `uci` bot's parameters, for the registry's listing.
pub const PARAMS: &[ParamDoc] = &[
    ParamDoc {
        key: "cmd",
        values: "a program's path (or a name on PATH)",
        default: "",
        about: "the UCI engine to run, without arguments: cmd=/usr/games/stockfish",
    },
    ParamDoc {
        key: "elo",
        values: "1..=5000|off",
        default: "off",
        about: "play at this strength (UCI_LimitStrength and UCI_Elo), within the engine's own range (Stockfish \
                15.1 takes 1350..=2850)",
    },
    ParamDoc {
        key: "movetime",
        values: "1..=3600000|off",
        default: "1000",
        about: "milliseconds a move when no time control runs (a budget's shorter time wins)",
    },
    ParamDoc { key: "nodes", values: "1..|off", default: "off", about: "nodes a move (a budget's nodes replace it)" },
    ParamDoc {
        key: "depth",
        values: "1..=255|off",
        default: "off",
        about: "plies a move (a budget's depth replaces it)",
    },
    ParamDoc {
        key: "option.*",
        values: "a value without spaces",
        default: "",
        about: "option.Name=V sends `setoption name Name value V` (an option unknown to the engine is refused; \
                write a space in Name as _ when the engine's name has one: option.Skill_Level=5)",
    },
];

/// What the spec asks of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Settings {
    cmd: String,
    elo: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    /// `(name as written in the spec, value)`, in key order.
    options: Vec<(String, String)>,
}

impl Settings {
    /// Reads the spec's parameters.
    fn read(params: &mut Params<'_>) -> Result<Settings, SpecError> {
        let cmd = params.text("cmd");
        if cmd.is_empty() {
            return Err(params.bad("cmd", "(none)"));
        }
        Ok(Settings {
            cmd,
            elo: params.number_or("elo", "off")?,
            movetime: params.number_or("movetime", "off")?,
            nodes: params.number_or("nodes", "off")?,
            depth: params.number_or("depth", "off")?,
            options: params.prefixed("option."),
        })
    }

    /// The settings as a spec, every setting written: the bot's name.
    fn spec(&self) -> Spec {
        let off = |v: Option<String>| v.unwrap_or_else(|| "off".to_owned());
        let mut spec =
            Spec::named("uci").with("cmd", &self.cmd).with("movetime", &off(self.movetime.map(|m| m.to_string())));
        for (key, value) in [("elo", self.elo.map(|e| e.to_string())), ("nodes", self.nodes.map(|n| n.to_string()))]
            .into_iter()
            .chain([("depth", self.depth.map(|d| d.to_string()))])
        {
            if let Some(value) = value {
                spec = spec.with(key, &value);
            }
        }
        for (name, value) in &self.options {
            spec = spec.with(&format!("option.{name}"), value);
        }
        spec
    }
}

/// An option the engine lists after `uci`: its name and, for a number, its bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EngineOption {
    name: String,
    min: Option<i64>,
    max: Option<i64>,
}

/// Reads `option name Skill Level type spin default 20 min 0 max 20`.
fn engine_option(line: &str) -> Option<EngineOption> {
    let rest = line.strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ").unwrap_or((rest, ""));
    let words: Vec<&str> = rest.split_whitespace().collect();
    let after = |key: &str| words.windows(2).find(|w| w[0] == key).and_then(|w| w[1].parse().ok());
    Some(EngineOption { name: name.trim().to_owned(), min: after("min"), max: after("max") })
}

/// The engine's option that a spec's name stands for: the same name (UCI names ignore case), or the same with
/// each `_` read as a space, since a spec cannot hold spaces.
fn find_option<'a>(options: &'a [EngineOption], wanted: &str) -> Option<&'a EngineOption> {
    let spaced = wanted.replace('_', " ");
    options
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(wanted))
        .or_else(|| options.iter().find(|o| o.name.eq_ignore_ascii_case(&spaced)))
}

/// How waiting for a line failed.
#[derive(Debug)]
enum Silence {
    /// Nothing came in time.
    Timeout,
    /// The engine's output ended: it exited (or closed it).
    Ended,
}

/// A running engine: the child process, its input, and its output's lines from the reader thread.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the program.
    fn spawn(cmd: &str) -> std::io::Result<Engine> {
        let mut child = Command::new(cmd).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(std::io::Error::other("its input and output could not be piped"));
            }
        };
        let (send, lines) = channel();
        // The thread ends when the engine's output does (it exits or is killed), or when the bot is gone.
        let reader = std::thread::Builder::new().name("uci-reader".into()).spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let engine = Engine { child, stdin, lines };
        match reader {
            Ok(_) => Ok(engine),
            Err(e) => {
                // No thread would read it: the engine would wait on a full pipe, unseen, for ever.
                engine.kill();
                Err(e)
            }
        }
    }

    /// Sends one command. An engine that cannot be written to has crashed, as one whose output ended: the
    /// same words for both, whichever of the two the process's end is noticed by first.
    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush()).map_err(|_| {
            let asked = command.split_whitespace().next().unwrap_or(command);
            self.silence(&Silence::Ended, asked, Duration::ZERO)
        })
    }

    /// Lines until one that `done` accepts, which it returns; each line before it goes to `seen`.
    fn until(
        &mut self,
        deadline: Instant,
        done: impl Fn(&str) -> bool,
        mut seen: impl FnMut(&str),
    ) -> Result<String, Silence> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) if done(line.trim()) => return Ok(line.trim().to_owned()),
                Ok(line) => seen(line.trim()),
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Ended),
            }
        }
    }

    /// `uci` … `uciok`, collecting the engine's options.
    fn handshake(&mut self) -> Result<Vec<EngineOption>, String> {
        self.send("uci")?;
        let mut options = Vec::new();
        self.until(Instant::now() + HANDSHAKE, |l| l == "uciok", |l| options.extend(engine_option(l)))
            .map_err(|s| self.silence(&s, "uci", HANDSHAKE))?;
        Ok(options)
    }

    /// `isready` … `readyok`.
    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.until(Instant::now() + HANDSHAKE, |l| l == "readyok", |_| {})
            .map(|_| ())
            .map_err(|s| self.silence(&s, "isready", HANDSHAKE))
    }

    /// How the process stands, in words, once its output ended: its exit status if it exited within a moment.
    fn status(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("it exited ({status})"),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "it closed its output".to_owned(),
                Err(e) => return format!("its state is unknown ({e})"),
            }
        }
    }

    /// Why a wait failed, in words, with what was asked.
    fn silence(&mut self, silence: &Silence, asked: &str, within: Duration) -> String {
        match silence {
            Silence::Timeout => {
                format!("the engine did not answer '{asked}' within {:.3} s and was stopped", within.as_secs_f64())
            }
            Silence::Ended => format!("the engine crashed before answering '{asked}': {}", self.status()),
        }
    }

    /// Stops the process: `quit`, a moment to obey, then a kill; reaped either way.
    fn stop(mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills the process at once (it hung), and reaps it.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An outside UCI engine playing chess.
pub struct UciBot {
    settings: Settings,
    /// The running engine; `None` once it failed.
    engine: Option<Engine>,
    /// Why the engine failed, kept for every later move: the first failure is the reason.
    broken: Option<Fault>,
    /// The fault of the last `choose`, until [`Bot::fault`] takes it.
    fault: Option<Fault>,
    /// The start and the moves of the game the engine last saw, to know when a new game begins.
    seen: Option<(Board, usize)>,
}

impl UciBot {
    /// Starts the engine for `uci(…)`'s parameters and sets it up.
    ///
    /// # Errors
    /// [`SpecError::BadParam`] when a value does not read, programs are not allowed here ([`allow_programs`]),
    /// the program does not start, the engine has no option asked for, or `elo` is outside the engine's
    /// range. An engine that starts but then fails the handshake (exits, hangs) is no error here: the bot
    /// forfeits its games with that reason, as for a crash later.
    pub fn new(params: &mut Params<'_>) -> Result<UciBot, SpecError> {
        let settings = Settings::read(params)?;
        let refuse = |key: &str, value: &str, why: String| SpecError::BadParam {
            owner: "uci".to_owned(),
            key: key.to_owned(),
            value: value.to_owned(),
            values: why,
        };
        if !hamle_core::programs::programs_allowed() {
            return Err(refuse(
                "cmd",
                &settings.cmd,
                "a program run from the terminal: only the terminal commands (match, sprt, tournament, lab) start engines, never the web app".to_owned(),
            ));
        }
        let mut engine = Engine::spawn(&settings.cmd).map_err(|e| {
            refuse("cmd", &settings.cmd, format!("the path of a UCI engine program; this one does not start: {e}"))
        })?;
        let mut bot = UciBot { settings, engine: None, broken: None, fault: None, seen: None };
        match engine.handshake() {
            Ok(options) => {
                if let Err(e) = bot.configure(&mut engine, &options, refuse) {
                    engine.stop();
                    return Err(e);
                }
                bot.engine = Some(engine);
            }
            Err(why) => {
                engine.kill();
                bot.broken = Some(Fault::Failed(why));
            }
        }
        Ok(bot)
    }

    /// Sends the options asked for (refusing those the engine lacks) and waits until it is ready.
    fn configure(
        &mut self,
        engine: &mut Engine,
        options: &[EngineOption],
        refuse: impl Fn(&str, &str, String) -> SpecError,
    ) -> Result<(), SpecError> {
        let known = || options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ");
        let mut commands = Vec::new();
        if let Some(elo) = self.settings.elo {
            let (Some(_), Some(option)) = (find_option(options, "UCI_LimitStrength"), find_option(options, "UCI_Elo"))
            else {
                return Err(refuse(
                    "elo",
                    &elo.to_string(),
                    "off: this engine has no UCI_LimitStrength and UCI_Elo".into(),
                ));
            };
            let (min, max) = (option.min.unwrap_or(i64::MIN), option.max.unwrap_or(i64::MAX));
            if !(min..=max).contains(&i64::from(elo)) {
                return Err(refuse("elo", &elo.to_string(), format!("{min}..={max}, the engine's UCI_Elo range")));
            }
            commands.push("setoption name UCI_LimitStrength value true".to_owned());
            commands.push(format!("setoption name UCI_Elo value {elo}"));
        }
        for (name, value) in &self.settings.options {
            let option = find_option(options, name).ok_or_else(|| {
                refuse(&format!("option.{name}"), value, format!("an option of this engine, which has: {}", known()))
            })?;
            commands.push(format!("setoption name {} value {value}", option.name));
        }
        let ready = commands.iter().try_for_each(|c| engine.send(c)).and_then(|()| engine.ready());
        if let Err(why) = ready {
            self.broken = Some(Fault::Failed(why));
        }
        Ok(())
    }

    /// The `go` command for this move, and how long to wait for its `bestmove`.
    fn go(&self, budget: &Budget) -> (String, Duration) {
        let mut go = String::from("go");
        let depth = budget.depth.or(self.settings.depth);
        let nodes = budget.nodes.or(self.settings.nodes);
        let wait = if let Some(clock) = budget.clock {
            // A bot knows only its own clock: both sides' times are sent as ours.
            let (time, inc) = (clock.remaining.as_millis(), clock.increment.as_millis());
            go += &format!(" wtime {time} btime {time} winc {inc} binc {inc}");
            if let Some(moves) = clock.moves_to_go {
                go += &format!(" movestogo {moves}");
            }
            clock.remaining + GRACE
        } else {
            let budget_ms = budget.time.map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1));
            let movetime = match (self.settings.movetime, budget_ms) {
                (Some(mine), Some(theirs)) => Some(mine.min(theirs)),
                (mine, theirs) => mine.or(theirs),
            };
            let movetime = movetime.or((depth.is_none() && nodes.is_none()).then_some(DEFAULT_MOVETIME));
            match movetime {
                Some(ms) => {
                    go += &format!(" movetime {ms}");
                    Duration::from_millis(ms) + GRACE
                }
                None => UNTIMED,
            }
        };
        if let Some(depth) = depth {
            go += &format!(" depth {depth}");
        }
        if let Some(nodes) = nodes {
            go += &format!(" nodes {nodes}");
        }
        (go, wait)
    }

    /// Asks the engine for its move in `state`; the fault in words when it fails.
    fn ask(&mut self, state: &Chess, budget: &Budget) -> Result<Decision<Move>, Fault> {
        let start = Instant::now();
        let failed = Fault::Failed;
        let new_game =
            self.seen.as_ref().is_none_or(|(board, played)| board != state.start() || *played > state.played().len());
        let (go, wait) = self.go(budget);
        let Some(engine) = self.engine.as_mut() else {
            return Err(failed("the engine is not running".to_owned()));
        };
        if new_game {
            engine.send("ucinewgame").map_err(failed)?;
            // `ucinewgame` may take a while (clearing tables): the engine says when it is done.
            engine.send("isready").map_err(failed)?;
            engine
                .until(Instant::now() + HANDSHAKE, |l| l == "readyok", |_| {})
                .map_err(|s| failed(engine.silence(&s, "isready", HANDSHAKE)))?;
        }
        let mut board = state.start().clone();
        let mut position = format!("position fen {} moves", state.start_fen());
        for &mv in state.played() {
            position.push(' ');
            position += &uci(&board, mv);
            board.play_unchecked(mv);
        }
        engine.send(position.trim_end_matches(" moves")).map_err(failed)?;
        engine.send(&go).map_err(failed)?;
        self.seen = Some((state.start().clone(), state.played().len()));
        let mut info = Info::default();
        let line = engine
            .until(Instant::now() + wait, |l| l.starts_with("bestmove"), |l| info.read(l))
            .map_err(|s| failed(engine.silence(&s, &go, wait)))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let mv =
            legal_moves(state.board()).into_iter().find(|&mv| uci(state.board(), mv) == text).ok_or_else(|| {
                if text.parse::<cozy_chess::Move>().is_ok() {
                    Fault::IllegalMove(text.to_owned())
                } else {
                    failed(format!("the engine answered '{line}', which names no move"))
                }
            })?;
        Ok(Decision {
            mv: Move::Board(mv),
            score: info.score,
            pv: vec![Move::Board(mv)],
            depth: info.depth,
            nodes: info.nodes,
            elapsed: start.elapsed(),
        })
    }
}

/// What the engine's last `info` lines said of its search.
#[derive(Default)]
struct Info {
    depth: u32,
    nodes: u64,
    score: f64,
}

impl Info {
    /// Reads `info depth 12 … score cp 31 nodes 52013 …` (`score mate 3` counts as 100 pawns less the plies).
    fn read(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            return;
        }
        for (i, pair) in words.windows(2).enumerate() {
            match pair[0] {
                "depth" => self.depth = pair[1].parse().unwrap_or(self.depth),
                "nodes" => self.nodes = pair[1].parse().unwrap_or(self.nodes),
                "score" => {
                    let value: Option<f64> = words.get(i + 2).and_then(|v| v.parse().ok());
                    match (pair[1], value) {
                        ("cp", Some(cp)) => self.score = cp / 100.0,
                        ("mate", Some(n)) => self.score = (100.0 - n.abs()) * n.signum(),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
}

impl Bot<Chess> for UciBot {
    fn name(&self) -> String {
        self.settings.spec().to_string()
    }

    fn choose(&mut self, state: &Chess, budget: &Budget, _stream: &mut Stream) -> Option<Decision<Move>> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return None;
        }
        if let Some(broken) = &self.broken {
            self.fault = Some(broken.clone());
            return None;
        }
        match self.ask(state, budget) {
            Ok(decision) => Some(decision),
            Err(fault) => {
                // The engine is in an unknown state (or gone): stopped for good, the first reason kept.
                if let Some(engine) = self.engine.take() {
                    engine.kill();
                }
                self.broken = Some(match &fault {
                    Fault::IllegalMove(text) => Fault::Failed(format!("the engine played the illegal {text} earlier")),
                    other => other.clone(),
                });
                self.fault = Some(fault);
                None
            }
        }
    }

    fn fault(&mut self) -> Option<Fault> {
        self.fault.take()
    }
}

impl Drop for UciBot {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.stop();
        }
    }
}

/// An outside engine asked for its judgement of positions rather than for moves: its chances of a win, a
/// draw and a loss after a search of fixed depth (`UCI_ShowWDL`, as Stockfish reports them), for labelling
/// the positions Texel's tuning learns from (`hamle train chess --label`).
pub struct Analyst {
    engine: Option<Engine>,
}

impl Analyst {
    /// Starts `cmd` and asks it to report win, draw and loss chances.
    ///
    /// # Errors
    /// When programs are not allowed here ([`allow_programs`]), the program does not start or answer, or it
    /// has no `UCI_ShowWDL` option.
    pub fn start(cmd: &str) -> Result<Analyst, String> {
        if !hamle_core::programs::programs_allowed() {
            return Err("programs are run only from the terminal's commands".to_owned());
        }
        let mut engine = Engine::spawn(cmd).map_err(|e| format!("{cmd} does not start: {e}"))?;
        let handshake = engine.handshake();
        let mut analyst = Analyst { engine: Some(engine) };
        if find_option(&handshake?, "UCI_ShowWDL").is_none() {
            return Err(format!("{cmd} has no UCI_ShowWDL option: it cannot say its win, draw and loss chances"));
        }
        analyst.send("setoption name UCI_ShowWDL value true")?;
        analyst.engine.as_mut().ok_or_else(|| "the engine has stopped".to_owned())?.ready()?;
        Ok(analyst)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        self.engine.as_mut().ok_or_else(|| "the engine has stopped".to_owned())?.send(command)
    }

    fn wait(
        &mut self,
        done: impl Fn(&str) -> bool,
        asked: &str,
        within: Duration,
        seen: impl FnMut(&str),
    ) -> Result<String, String> {
        let engine = self.engine.as_mut().ok_or_else(|| "the engine has stopped".to_owned())?;
        match engine.until(Instant::now() + within, done, seen) {
            Ok(line) => Ok(line),
            Err(silence) => {
                let why = engine.silence(&silence, asked, within);
                // A hung engine would answer the next question with this one's lines: it goes.
                if let Some(engine) = self.engine.take() {
                    engine.kill();
                }
                Err(why)
            }
        }
    }

    /// White's expected points in `board` (1 a win, ½ a draw) by the engine's last report of a search `depth`
    /// plies deep; a finished game's by its result (mate, stalemate).
    ///
    /// # Errors
    /// When the engine fails, hangs, or finishes its search without reporting its chances.
    pub fn expectation(&mut self, board: &Board, depth: u32) -> Result<f64, String> {
        // An engine has nothing to search in a finished game, and Stockfish then reports no chances.
        match board.status() {
            cozy_chess::GameStatus::Won => {
                return Ok(if board.side_to_move() == cozy_chess::Color::White { 0.0 } else { 1.0 });
            }
            cozy_chess::GameStatus::Drawn => return Ok(0.5),
            cozy_chess::GameStatus::Ongoing => {}
        }
        self.send(&format!("position fen {board}"))?;
        self.send(&format!("go depth {depth}"))?;
        let mut last = None;
        self.wait(|l| l.starts_with("bestmove"), "go", UNTIMED, |l| last = wdl(l).or(last))?;
        let (win, draw, loss) = last.ok_or_else(|| format!("no 'wdl' in the engine's report on {board}"))?;
        let total = win + draw + loss;
        if total == 0 {
            return Err(format!("the engine's chances on {board} add up to nothing"));
        }
        let mover = (win as f64 + draw as f64 / 2.0) / total as f64;
        Ok(if board.side_to_move() == cozy_chess::Color::White { mover } else { 1.0 - mover })
    }
}

/// The chances in an `info … wdl W D L …` line (per mille, for the side to move).
fn wdl(line: &str) -> Option<(u32, u32, u32)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "wdl").skip(1);
    let mut next = || words.next().and_then(|w| w.parse().ok());
    Some((next()?, next()?, next()?))
}

impl Drop for Analyst {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_is_read_from_info_lines_only() {
        let line = "info depth 8 seldepth 10 multipv 1 score cp 23 wdl 512 470 18 nodes 3000 pv e2e4";
        assert_eq!(wdl(line), Some((512, 470, 18)));
        assert_eq!(wdl("info depth 8 score cp 23 nodes 3000"), None);
        assert_eq!(wdl("info string wdl 1 2"), None, "three numbers");
        assert_eq!(wdl("bestmove e2e4"), None);
    }

    #[test]
    fn no_program_runs_unless_the_process_allows_it() {
        // Nothing in this test binary calls `allow_programs`: as in the web app.
        let spec: Spec = "uci(cmd=/bin/true)".parse().expect("a spec");
        let mut params = Params::new(&spec, PARAMS).expect("known keys");
        let refused = UciBot::new(&mut params).err().expect("refused").to_string();
        assert!(
            refused
                .contains("only the terminal commands (match, sprt, tournament, lab) start engines, never the web app"),
            "{refused}"
        );
    }

    #[test]
    fn options_are_read_from_the_engines_list() {
        let spin = engine_option("option name Skill Level type spin default 20 min 0 max 20").expect("reads");
        assert_eq!(spin, EngineOption { name: "Skill Level".into(), min: Some(0), max: Some(20) });
        let check = engine_option("option name Ponder type check default false").expect("reads");
        assert_eq!(check, EngineOption { name: "Ponder".into(), min: None, max: None });
        assert_eq!(engine_option("id name Stockfish 15.1"), None);
        let options = [spin, check, EngineOption { name: "UCI_Elo".into(), min: Some(1350), max: Some(2850) }];
        assert_eq!(find_option(&options, "Skill_Level").map(|o| o.name.as_str()), Some("Skill Level"));
        assert_eq!(find_option(&options, "ponder").map(|o| o.name.as_str()), Some("Ponder"));
        assert_eq!(find_option(&options, "UCI_Elo").map(|o| o.name.as_str()), Some("UCI_Elo"));
        assert_eq!(find_option(&options, "Hash"), None);
    }

    #[test]
    fn info_lines_give_depth_nodes_and_score() {
        let mut info = Info::default();
        info.read("info depth 12 seldepth 15 multipv 1 score cp -31 nodes 52013 nps 1000 pv e2e4 e7e5");
        assert_eq!((info.depth, info.nodes, info.score), (12, 52013, -0.31));
        info.read("info depth 14 score mate -3 nodes 9");
        assert_eq!((info.depth, info.nodes, info.score), (14, 9, -97.0));
        info.read("info string depth 99 is a lie");
        assert_eq!(info.depth, 99, "an info string's words are read too, harmlessly");
        info.read("bestmove e2e4");
        assert_eq!(info.depth, 99);
    }

    fn bot(settings: Settings) -> UciBot {
        UciBot { settings, engine: None, broken: None, fault: None, seen: None }
    }

    fn settings() -> Settings {
        Settings { cmd: "sf".into(), elo: None, movetime: Some(1000), nodes: None, depth: None, options: vec![] }
    }

    #[test]
    fn go_sends_our_clock_for_both_sides_or_the_limits() {
        let clocked = Budget {
            clock: Some(hamle_core::Clock {
                remaining: Duration::from_millis(1500),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            time: Some(Duration::from_millis(1500)),
            ..Budget::UNLIMITED
        };
        assert_eq!(
            bot(settings()).go(&clocked),
            ("go wtime 1500 btime 1500 winc 100 binc 100".into(), Duration::from_millis(2500))
        );
        assert_eq!(bot(settings()).go(&Budget::UNLIMITED), ("go movetime 1000".into(), Duration::from_millis(2000)));
        let short = Budget::time(Duration::from_millis(20));
        assert_eq!(bot(settings()).go(&short), ("go movetime 20".into(), Duration::from_millis(1020)));
        let deep = Settings { movetime: None, depth: Some(5), nodes: Some(900), ..settings() };
        assert_eq!(bot(deep.clone()).go(&Budget::UNLIMITED), ("go depth 5 nodes 900".into(), UNTIMED));
        assert_eq!(
            bot(deep).go(&Budget::depth(2)),
            ("go depth 2 nodes 900".into(), UNTIMED),
            "the budget's depth wins"
        );
        let bare = Settings { movetime: None, ..settings() };
        assert_eq!(bot(bare).go(&Budget::UNLIMITED), ("go movetime 1000".into(), Duration::from_millis(2000)));
    }

    #[test]
    fn the_name_is_the_spec_with_every_setting() {
        let s = Settings {
            elo: Some(1500),
            depth: Some(3),
            options: vec![("Hash".into(), "16".into())],
            cmd: "/usr/games/stockfish".into(),
            ..settings()
        };
        assert_eq!(bot(s).name(), "uci(cmd=/usr/games/stockfish,depth=3,elo=1500,movetime=1000,option.Hash=16)");
        assert_eq!(bot(Settings { movetime: None, ..settings() }).name(), "uci(cmd=sf,movetime=off)");
    }
}
