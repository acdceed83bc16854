//! `hamle uci` as a GUI drives it: a real process, commands written while it searches, answers read as they
//! come with the time they came.

mod run;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use hamle_chess::{Chess, legal_moves, uci};
use run::{hamle_with_input, text};

/// A running `hamle uci`: its input, and its output lines with the moment each was read.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hamle"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hamle uci starts");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine { child, input, lines };
        // The process has started and answers: what follows measures the engine, not its start.
        engine.send("isready");
        engine.until("readyok", Duration::from_secs(10));
        engine
    }

    /// Writes a command and returns when it was written.
    fn send(&mut self, command: &str) -> Instant {
        writeln!(self.input, "{command}").expect("command written");
        self.input.flush().expect("command flushed");
        Instant::now()
    }

    /// Every line up to and including the first that starts with `prefix`, with the moment that one came.
    fn until(&mut self, prefix: &str, wait: Duration) -> (Vec<String>, Instant) {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return (seen, at);
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no '{prefix}' within {wait:?}; got {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("hamle uci ended before '{prefix}'; got {seen:?}"),
            }
        }
    }

    /// No line arrives within `wait`.
    fn quiet(&mut self, wait: Duration) {
        if let Ok((_, line)) = self.lines.recv_timeout(wait) {
            panic!("nothing expected, got '{line}'");
        }
    }

    /// Says `quit`, waits for the end and returns stderr.
    fn quit(mut self) -> String {
        self.send("quit");
        let out = self.child.wait_with_output().expect("hamle uci ends");
        assert!(out.status.success(), "exit status {:?}", out.status);
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "no panic: {err}");
        err
    }
}

/// The move of a `bestmove` line.
fn best(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or_else(|| panic!("no move in '{line}'"))
}

/// Whether `mv` is a legal move (in UCI, castling as the king's step) in the game after `moves`.
fn legal_after(fen: Option<&str>, moves: &[&str], mv: &str) -> bool {
    let mut game = fen.map_or_else(Chess::default, |f| Chess::from_fen(f).expect("fen"));
    for text in moves {
        let played = legal_moves(game.board()).into_iter().find(|&m| uci(game.board(), m) == *text).expect("legal");
        hamle_core::Game::play(&mut game, hamle_chess::Move::Board(played));
    }
    legal_moves(game.board()).into_iter().any(|m| uci(game.board(), m) == mv)
}

/// A field of an `info` line: the word after `key`.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|&w| w == key).and_then(|i| words.get(i + 1).copied())
}

#[test]
fn the_handshake_names_the_engine_and_its_options_then_says_uciok() {
    let mut engine = Engine::start();
    engine.send("uci");
    let (lines, _) = engine.until("uciok", Duration::from_secs(5));
    assert!(lines[0].starts_with("id name hamle "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")), "{lines:?}");
    assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 4096".to_owned()), "{lines:?}");
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 1".to_owned()), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Move Overhead type spin")), "{lines:?}");
    assert!(lines.contains(&"option name Eval type combo default net var net var hand".to_owned()), "{lines:?}");
    engine.send("setoption name Hash value 32");
    engine.send("setoption name Eval value net");
    engine.send("setoption name Move Overhead value 30");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.until("readyok", Duration::from_secs(5));
    let err = engine.quit();
    assert!(err.is_empty(), "options it knows are taken silently: {err}");
}

#[test]
fn go_depth_after_moves_gives_info_lines_and_a_legal_bestmove() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 5");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(30));
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 5, "one info line per iteration: {lines:?}");
    for (depth, info) in (1..).zip(&infos) {
        assert_eq!(field(info, "depth"), Some(depth.to_string().as_str()), "{info}");
        assert!(field(info, "score").is_some_and(|kind| kind == "cp" || kind == "mate"), "{info}");
        assert!(field(info, "nodes").is_some_and(|n| n.parse::<u64>().is_ok_and(|n| n > 0)), "{info}");
        assert!(field(info, "nps").is_some_and(|n| n.parse::<u64>().is_ok()), "{info}");
        let pv = field(info, "pv").expect("a pv");
        assert!(legal_after(None, &["e2e4", "e7e5"], pv), "{info}");
    }
    let line = lines.last().expect("bestmove");
    assert!(legal_after(None, &["e2e4", "e7e5"], best(line)), "{line}");
    assert_eq!(field(infos[4], "pv"), Some(best(line)), "the move is the last line's first");
    engine.quit();
}

#[test]
fn stop_ends_go_infinite_promptly_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let asked = engine.send("isready");
    let (lines, at) = engine.until("readyok", Duration::from_secs(1));
    assert!(at - asked < Duration::from_millis(200), "readyok took {:?}", at - asked);
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "no bestmove before stop: {lines:?}");
    let stopped = engine.send("stop");
    let (lines, at) = engine.until("bestmove", Duration::from_secs(2));
    assert!(at - stopped < Duration::from_secs(1), "bestmove took {:?} after stop", at - stopped);
    assert!(legal_after(None, &[], best(lines.last().expect("bestmove"))));
    engine.quit();
}

#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_over() {
    // Mate in one is found at once and the search ends; UCI still wants the move only after `stop`.
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    engine.send("go infinite depth 2");
    engine.until("info depth 2", Duration::from_secs(5));
    engine.quiet(Duration::from_millis(300));
    engine.send("stop");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(1));
    assert_eq!(best(lines.last().expect("bestmove")), "d1d8");
    engine.quit();
}

#[test]
fn go_movetime_answers_within_the_time_and_fifty_milliseconds() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d2d4 d7d5 c2c4");
    let asked = engine.send("go movetime 100");
    let (lines, at) = engine.until("bestmove", Duration::from_secs(5));
    let took = at - asked;
    assert!(took < Duration::from_millis(150), "bestmove after {took:?}");
    assert!(took >= Duration::from_millis(50), "it used its time, not {took:?}");
    assert!(legal_after(None, &["d2d4", "d7d5", "c2c4"], best(lines.last().expect("bestmove"))));
    engine.quit();
}

#[test]
fn move_overhead_is_kept_back_from_movetime() {
    // 100 ms less 80 of overhead leaves 20: well before the 90 the default overhead leaves.
    let mut engine = Engine::start();
    engine.send("setoption name Move Overhead value 80");
    engine.send("position startpos");
    let asked = engine.send("go movetime 100");
    let (_, at) = engine.until("bestmove", Duration::from_secs(5));
    assert!(at - asked < Duration::from_millis(70), "bestmove after {:?}", at - asked);
    engine.quit();
}

#[test]
fn a_clock_is_obeyed_for_the_side_to_move() {
    // Black to move with 300 ms left must answer well within it, though white has an hour.
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let asked = engine.send("go wtime 3600000 btime 300 winc 0 binc 0");
    let (lines, at) = engine.until("bestmove", Duration::from_secs(5));
    assert!(at - asked < Duration::from_millis(250), "bestmove after {:?}", at - asked);
    assert!(legal_after(None, &["e2e4"], best(lines.last().expect("bestmove"))));
    engine.quit();
}

#[test]
fn a_mate_in_one_is_scored_mate_one() {
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    engine.send("go depth 4");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    let last_info = lines.iter().rev().find(|l| l.starts_with("info ")).expect("info");
    assert!(last_info.contains("score mate 1 "), "{last_info}");
    assert_eq!(best(lines.last().expect("bestmove")), "d1d8");
    engine.quit();
}

#[test]
fn being_mated_is_scored_as_a_negative_mate() {
    // Black's one move, Kb8, meets Rh8#.
    let mut engine = Engine::start();
    engine.send("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1");
    engine.send("go depth 4");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    let last_info = lines.iter().rev().find(|l| l.starts_with("info ")).expect("info");
    assert!(last_info.contains("score mate -1 "), "{last_info}");
    assert_eq!(best(lines.last().expect("bestmove")), "a8b8");
    engine.quit();
}

#[test]
fn an_illegal_move_refuses_the_position_and_the_previous_one_is_searched() {
    let mut engine = Engine::start();
    let kept = ["e2e4", "c7c5"];
    engine.send("position startpos moves e2e4 c7c5");
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    engine.send("go depth 3");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    let mv = best(lines.last().expect("bestmove"));
    assert!(legal_after(None, &kept, mv), "{mv} is a move after 1.e4 c5");
    // In the refused position it is black's move: a move legal after 1.e4 c5 is white's, so the previous
    // position was searched.
    engine.send("position fen 8/8/8 w - - 0 1");
    engine.send("go depth 2");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    assert!(legal_after(None, &kept, best(lines.last().expect("bestmove"))));
    let err = engine.quit();
    assert!(err.contains("'e1e3'"), "stderr names the move: {err}");
    assert!(err.contains("8/8/8"), "stderr names the FEN: {err}");
}

#[test]
fn castling_is_read_both_ways_and_said_as_the_kings_step() {
    let mut engine = Engine::start();
    let fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen} moves e1h1 e8c8"));
    engine.send("go depth 1");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    assert!(legal_after(Some(fen), &["e1g1", "e8c8"], best(lines.last().expect("bestmove"))));
    // With both kings castled a move of either king's start square is no move at all.
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    engine.send("go depth 3");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    for line in &lines {
        for rook_capture in ["e1h1", "e1a1", "e8h8", "e8a8"] {
            assert!(!line.contains(rook_capture), "castling as the king's step: {line}");
        }
    }
    let err = engine.quit();
    assert!(err.is_empty(), "both castlings read: {err}");
}

#[test]
fn unknown_commands_and_tokens_are_ignored() {
    let mut engine = Engine::start();
    engine.send("xyzzy");
    engine.send("");
    engine.send("   ");
    engine.send("joho isready");
    engine.until("readyok", Duration::from_secs(5));
    engine.send("go frobnicate depth 2 sideways");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    assert!(lines.iter().all(|l| l.starts_with("info") || l.starts_with("bestmove")), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("info ")).count(), 2, "depth 2 was heard: {lines:?}");
    engine.send("isready");
    engine.until("readyok", Duration::from_secs(5));
    engine.quit();
}

#[test]
fn go_without_a_position_searches_the_start() {
    let mut engine = Engine::start();
    engine.send("go nodes 2000");
    let (lines, _) = engine.until("bestmove", Duration::from_secs(10));
    assert!(legal_after(None, &[], best(lines.last().expect("bestmove"))));
    engine.quit();
}

#[test]
fn quit_during_a_search_ends_the_process() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    engine.quit();
    assert!(asked.elapsed() < Duration::from_secs(1), "quit took {:?}", asked.elapsed());
}

#[test]
fn piped_input_gets_its_answer_before_the_end() {
    // A script that writes `go depth N` and closes its input still hears the move.
    let out = hamle_with_input(&["uci"], "position startpos moves g1f3\ngo depth 8\n");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("info depth 8 "), "the search ran to its depth, not stopped: {stdout}");
    let line = stdout.lines().find(|l| l.starts_with("bestmove")).expect("a bestmove");
    assert!(legal_after(None, &["g1f3"], best(line)), "{stdout}");
}

#[test]
fn garbage_never_panics_the_engine() {
    let input = "position\nposition fen\nposition fen x y z\nposition startpos moves e2e4 zz\nposition startpos \
                 moves e7e8q\ngo depth\ngo depth -1\ngo depth 99999999999\ngo movetime -5\ngo wtime -100 btime -1\n\
                 setoption\nsetoption name\nsetoption name Hash value lots\nsetoption name Hash value 0\n\
                 setoption name Threads value 4\nsetoption name Bogus value 1\nposition startpos moves \u{e9}\u{1f600}\n\
                 go nodes 0\nquit\n";
    let out = hamle_with_input(&["uci"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
}

/// The bench's lines: each position's nodes, and the total.
fn bench_total(stdout: &str) -> u64 {
    assert!(stdout.contains("Position  1/30:"), "{stdout}");
    assert!(stdout.contains("Position 30/30:"), "{stdout}");
    let nodes = |prefix: &str| -> u64 {
        let line = stdout.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no {prefix} in {stdout}"));
        line[prefix.len()..].trim().parse().expect("a number")
    };
    let total = nodes("Nodes searched:");
    assert!(nodes("Nodes/second:") > 0);
    let sum: u64 = stdout
        .lines()
        .filter(|l| l.starts_with("Position"))
        .map(|l| l.split_whitespace().nth(2).and_then(|n| n.parse::<u64>().ok()).expect("nodes"))
        .sum();
    assert_eq!(sum, total, "the total is the positions' sum");
    total
}

#[test]
fn bench_gives_the_same_node_total_every_time() {
    // From the command line, twice, and inside the dialogue after other searches filled the table.
    let first = hamle_with_input(&["uci", "--bench", "--depth", "5"], "");
    let second = hamle_with_input(&["uci", "--bench", "--depth", "5"], "");
    let total = bench_total(&text(&first.stdout));
    assert!(total > 30 * 5, "every position searched: {total}");
    assert_eq!(bench_total(&text(&second.stdout)), total);
    let mut engine = Engine::start();
    engine.send("go depth 6");
    engine.until("bestmove", Duration::from_secs(30));
    engine.send("bench 5");
    let (lines, _) = engine.until("Nodes/second:", Duration::from_secs(120));
    assert_eq!(bench_total(&lines.join("\n")), total);
    let deeper = hamle_with_input(&["uci", "--bench", "--depth", "6"], "");
    assert!(bench_total(&text(&deeper.stdout)) > total, "the depth is heard");
    engine.quit();
}

#[test]
fn the_eval_option_changes_the_search_and_a_bad_value_changes_nothing() {
    // The two evaluations value positions differently, so their trees (and node totals) differ; the network
    // is the default.
    let net = bench_total(&text(&hamle_with_input(&["uci", "--bench", "--depth", "5"], "").stdout));
    let hand = hamle_with_input(&["uci", "--bench", "--depth", "5", "--eval", "hand"], "");
    let hand = bench_total(&text(&hand.stdout));
    assert_ne!(net, hand);
    let named = hamle_with_input(&["uci", "--bench", "--depth", "5", "--eval", "net"], "");
    assert_eq!(bench_total(&text(&named.stdout)), net, "--eval net is the default");
    let mut engine = Engine::start();
    engine.send("setoption name Eval value hand");
    engine.send("bench 5");
    let (lines, _) = engine.until("Nodes/second:", Duration::from_secs(120));
    assert_eq!(bench_total(&lines.join("\n")), hand, "the option reaches bench");
    engine.send("setoption name Eval value neural");
    engine.send("bench 5");
    let (lines, _) = engine.until("Nodes/second:", Duration::from_secs(120));
    assert_eq!(bench_total(&lines.join("\n")), hand, "a refused value leaves the hand-made evaluation in place");
    engine.send("setoption name Eval value net");
    engine.send("bench 5");
    let (lines, _) = engine.until("Nodes/second:", Duration::from_secs(120));
    assert_eq!(bench_total(&lines.join("\n")), net);
    let err = engine.quit();
    assert!(err.contains("Eval refused: 'neural' is not an evaluation"), "{err}");
    let bad = hamle_with_input(&["uci", "--bench", "--eval", "neural"], "");
    assert!(!bad.status.success() && text(&bad.stderr).contains("give hand or net"));
}
