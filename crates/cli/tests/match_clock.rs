//! `hamle match` with time controls, forfeits and PGN: outside engines (Stockfish, and shell scripts playing a
//! broken engine) lose with the right reason, the match goes on, and `--pgn` writes every game.
#![cfg(unix)]

mod run;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use run::{hamle, text};
use serde_json::Value;

const STOCKFISH: &str = "/usr/games/stockfish";

/// Exits before saying anything.
const EXITS: &str = "#!/bin/sh\nexit 0\n";

/// Answers the handshake, then e2e5 (no move of any game's start here) to every `go`.
const ILLEGAL: &str = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "uciok";;
    isready) echo "readyok";;
    go*) echo "bestmove e2e5";;
    quit) exit 0;;
  esac
done
"#;

/// Answers the handshake, never a `go`.
const SILENT: &str = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "uciok";;
    isready) echo "readyok";;
    quit) exit 0;;
  esac
done
"#;

/// The fake engines, written once before any test runs one (a file still open for writing in one thread
/// while another forks cannot be run: "text file busy").
fn fakes() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("hamle-match-clock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for (name, script) in [("exits", EXITS), ("illegal", ILLEGAL), ("silent", SILENT)] {
            let path = dir.join(format!("{name}.sh"));
            std::fs::write(&path, script).expect("the fake engine is written");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("made executable");
        }
        dir
    })
}

fn fake(name: &str) -> String {
    format!("uci(cmd={},movetime=20)", fakes().join(format!("{name}.sh")).display())
}

/// Runs a match with `--json --out`, checks it succeeded, and gives the full report.
fn full_report(args: &[&str], name: &str) -> Value {
    let out_file = fakes().join(format!("{name}.json"));
    let mut all: Vec<&str> = args.to_vec();
    let out = out_file.display().to_string();
    all.extend(["--json", "--threads", "1", "--out", &out]);
    let run = hamle(&all);
    assert!(run.status.success(), "{}", text(&run.stderr));
    serde_json::from_str(&std::fs::read_to_string(&out_file).expect("the report")).expect("json")
}

#[test]
fn broken_engines_forfeit_every_game_with_the_reason_and_the_match_goes_on() {
    for (engine, kind, words, reason) in [
        ("exits", "fault", "fault", "the engine crashed before answering 'uci': it exited (exit status: 0)"),
        ("illegal", "illegal_move", "illegal move", "e2e5"),
        ("silent", "fault", "fault", "the engine did not answer 'go movetime 20' within 1.020 s and was stopped"),
    ] {
        let a = fake(engine);
        let report = full_report(&["match", "chess", &a, "random", "--games", "3"], engine);
        assert_eq!(report["games"], 3, "{engine}: every game played");
        assert_eq!((report["a"]["losses"].clone(), report["b"]["wins"].clone()), (3.into(), 3.into()), "{engine}");
        assert_eq!(report["a"]["forfeits"], serde_json::json!({ kind: 3 }), "{engine}");
        assert_eq!(report["b"]["forfeits"], serde_json::json!({}), "{engine}");
        for record in report["records"].as_array().expect("records") {
            assert_eq!(record["forfeit"]["by"], "a", "{engine}");
            assert_eq!(record["forfeit"]["kind"], kind, "{engine}");
            assert_eq!(record["forfeit"]["detail"], reason, "{engine}");
            assert_eq!(record["end"], format!("{words} by A: {reason}"), "{engine}");
        }
    }
    // The table says it too, with the first game's reason.
    let table = hamle(&["match", "chess", &fake("illegal"), "random", "--games", "2"]);
    assert!(text(&table.stdout).contains("illegal move 2 (game 1: e2e5)"), "{}", text(&table.stdout));
}

#[test]
fn an_engine_past_its_clock_loses_on_time_and_the_pgn_says_so() {
    // The silent engine is waited for its clock and a grace second: the arena's clock has long run out.
    let pgn = fakes().join("time.pgn");
    let path = pgn.display().to_string();
    let report = full_report(
        &["match", "chess", "random", &fake("silent"), "--games", "2", "--tc", "0.2+0", "--pgn", &path],
        "time",
    );
    assert_eq!(report["b"]["forfeits"], serde_json::json!({ "time": 2 }));
    for record in report["records"].as_array().expect("records") {
        let end = record["end"].as_str().expect("an ending");
        assert!(end.starts_with("time forfeit by B: 1.") && end.ends_with("s used with 0.200 s left"), "{end}");
        assert!(record.get("transcript").is_none(), "the PGN goes to its file, not the report");
    }
    let games = read_games(&pgn);
    assert_eq!(games.len(), 2);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game.tag("Termination"), Some("time forfeit"));
        assert_eq!(game.tag("TimeControl"), Some("0.2"));
        assert_eq!(game.tag("Result"), Some(if i == 0 { "1-0" } else { "0-1" }), "random wins as white, then black");
    }
}

/// The games of a PGN file, each read back by the chess crate's reader.
fn read_games(path: &Path) -> Vec<hamle_chess::pgn::PgnGame> {
    let text = std::fs::read_to_string(path).expect("the PGN file");
    let mut games = Vec::new();
    for chunk in text.split("\n\n[Event ") {
        let chunk = if chunk.starts_with("[Event ") { chunk.to_owned() } else { format!("[Event {chunk}") };
        games.push(hamle_chess::pgn::read(&chunk).unwrap_or_else(|e| panic!("{e}: {chunk}")));
    }
    games
}

#[test]
fn pgn_holds_every_game_of_a_match_against_stockfish_in_order() {
    assert!(Path::new(STOCKFISH).exists(), "{STOCKFISH} is missing: scripts/test installs Debian's stockfish");
    let pgn = fakes().join("stockfish.pgn");
    let path = pgn.display().to_string();
    let sf = format!("uci(cmd={STOCKFISH})");
    let report = full_report(
        &["match", "chess", &sf, "random", "--games", "4", "--tc", "2+0.05", "--pgn", &path, "--seed", "3"],
        "stockfish",
    );
    let games = read_games(&pgn);
    assert_eq!(games.len(), 4);
    let records = report["records"].as_array().expect("records");
    for (i, (game, record)) in games.iter().zip(records).enumerate() {
        assert_eq!(game.tag("Event"), Some("hamle match"));
        assert_eq!(game.tag("Round"), Some((i + 1).to_string().as_str()));
        // The bot's name spells out every setting, its defaults included.
        let named = report["a"]["bot"].as_str().expect("a's name");
        assert_eq!(named, format!("uci(cmd={STOCKFISH},movetime=1000)"));
        let (white, black) = if i % 2 == 0 { (named, "random") } else { ("random", named) };
        assert_eq!((game.tag("White"), game.tag("Black")), (Some(white), Some(black)));
        assert_eq!(game.tag("TimeControl"), Some("2+0.05"));
        assert_eq!(game.tag("Termination"), Some("normal"), "{:?}", record["end"]);
        assert!(game.tag("Date").is_some_and(|d| d.len() == 10 && !d.contains('?')));
        // The result the match scored is the one the moves reach.
        let ending = game.chess.ending().expect("the game ends on the board");
        assert_eq!(game.tag("Result"), Some(ending.result()));
        assert_eq!(record["a_points"], 1.0, "stockfish (A, whatever its colour) beats random");
        assert!(game.tag("FEN").is_some(), "each pair of games from an opening of the suite");
    }
    assert_eq!(games[0].tag("FEN"), games[1].tag("FEN"));
    assert_ne!(games[0].tag("FEN"), games[2].tag("FEN"));
}

#[test]
fn bad_time_controls_and_pgn_for_a_game_without_a_record_are_refused_before_anything_runs() {
    for tc in ["ten", "0", "1+", "-1+1", "5+x"] {
        let out = hamle(&["match", "tictactoe", "random", "random", &format!("--tc={tc}")]);
        assert_eq!(out.status.code(), Some(2), "{tc}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("is not a time control: write BASE+INCREMENT"), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "nothing run");
    }
    let out = hamle(&["match", "tictactoe", "random", "random", "--pgn", "/tmp/never-written.pgn"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no record format") && text(&out.stderr).contains("--pgn is for chess"));
    assert!(out.stdout.is_empty() && !Path::new("/tmp/never-written.pgn").exists());
    let out = hamle(&["match", "chess", "uci(cmd=/no/such/engine)", "random", "--games", "2"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("'/no/such/engine' is not a value of cmd"), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("does not start"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_tictactoe_match_under_a_time_control_is_played_as_before() {
    let out = hamle(&["match", "tictactoe", "perfect", "random", "--games", "20", "--tc", "5+0.1", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!((report["a"]["losses"].clone(), report["games"].clone()), (0.into(), 20.into()));
    assert_eq!(
        (report["a"]["forfeits"].clone(), report["b"]["forfeits"].clone()),
        (serde_json::json!({}), serde_json::json!({}))
    );
}

#[test]
fn the_uci_bot_is_listed_with_its_parameters() {
    let out = hamle(&["bots", "chess"]);
    let listed = text(&out.stdout);
    for want in ["uci ", "cmd=", "elo=", "movetime=", "nodes=", "depth=", "option.*="] {
        assert!(listed.contains(want), "{want}: {listed}");
    }
}
