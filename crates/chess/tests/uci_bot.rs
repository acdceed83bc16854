//! The `uci` bot: an outside engine over UCI. Against Stockfish (Debian's `stockfish`, which `scripts/test`
//! installs) and against small shell scripts that play a fake engine: one that records what it is told, one
//! that exits at once, one that answers an illegal move, one that never answers, one that ignores `quit`.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use hamle_chess::bots::uci::Analyst;
use hamle_chess::{Chess, Move};
use hamle_core::{Bot, Budget, Clock, Fault, Game, Notation, Spec, SpecError, Stream};

const STOCKFISH: &str = "/usr/games/stockfish";

/// Answers the handshake with a few options, records every line it is told in `log` beside it, says an
/// `info` line, then plays the next move of a fixed game by the number of moves in the last `position`.
const RECORDER: &str = r#"#!/bin/sh
log="$(dirname "$0")/log"
pos=""
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    uci) echo "id name recorder"
         echo "option name Hash type spin default 16 min 1 max 1024"
         echo "option name Skill Level type spin default 20 min 0 max 20"
         echo "option name UCI_LimitStrength type check default false"
         echo "option name UCI_Elo type spin default 1350 min 1350 max 2850"
         echo "uciok";;
    isready) echo "readyok";;
    position*) pos="$line";;
    go*) n=$(echo "$pos" | awk '{ for (i = 1; i <= NF; i++) if ($i == "moves") { print NF - i; exit } print 0 }')
         set -- e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
         shift "$n"
         echo "info depth 7 seldepth 9 score cp 25 nodes 1234 pv $1"
         echo "bestmove $1 ponder e7e5";;
    quit) exit 0;;
  esac
done
"#;

/// Exits before saying anything.
const EXITS: &str = "#!/bin/sh\nexit 3\n";

/// A well-behaved engine but for its move: e2e5 is no move of the start position.
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

/// Answers `bestmove` with something that is no move at all.
const NONSENSE: &str = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "uciok";;
    isready) echo "readyok";;
    go*) echo "bestmove hello";;
  esac
done
"#;

/// Answers the handshake, writes its process id to `pid` beside it, then never answers `go` and ignores `quit`.
const HANGS: &str = r#"#!/bin/sh
echo $$ > "$(dirname "$0")/pid"
while read -r line; do
  case "$line" in
    uci) echo "uciok";;
    isready) echo "readyok";;
  esac
done
"#;

/// Offers `UCI_ShowWDL` and reports win 600, draw 300, loss 100 per mille for the side to move, then a move.
const JUDGE: &str = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "option name UCI_ShowWDL type check default false"
         echo "uciok";;
    isready) echo "readyok";;
    go*) echo "info depth 1 score cp 90 wdl 100 100 800 nodes 1"
         echo "info depth 2 score cp 90 wdl 600 300 100 nodes 9"
         echo "bestmove e2e4";;
    quit) exit 0;;
  esac
done
"#;

/// The fake engines, each in a folder of its own, written once before any test starts one (an executable
/// still open for writing when another thread forks cannot be run: "text file busy").
fn fakes() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        hamle_chess::bots::uci::allow_programs();
        let dir = std::env::temp_dir().join(format!("hamle-uci-bot-{}", std::process::id()));
        for (name, text) in [
            ("recorder", RECORDER),
            ("exits", EXITS),
            ("illegal", ILLEGAL),
            ("nonsense", NONSENSE),
            ("hangs", HANGS),
            ("ignores-quit", HANGS),
            ("judge", JUDGE),
        ] {
            let folder = dir.join(name);
            std::fs::create_dir_all(&folder).expect("a temporary folder");
            let path = folder.join("engine.sh");
            std::fs::write(&path, text).expect("the fake engine is written");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("made executable");
        }
        dir
    })
}

fn fake(name: &str) -> String {
    fakes().join(name).join("engine.sh").display().to_string()
}

fn make(spec: &str) -> Result<Box<dyn Bot<Chess>>, SpecError> {
    fakes();
    let spec: Spec = spec.parse().expect("a spec");
    hamle_chess::definition().bot(&spec, &Chess::default())
}

fn stockfish() -> &'static str {
    assert!(
        Path::new(STOCKFISH).exists(),
        "{STOCKFISH} is missing: install Debian's stockfish (scripts/test does: apt-get install stockfish)"
    );
    STOCKFISH
}

#[test]
fn stockfish_beats_random_with_legal_moves_to_the_end() {
    let mut engine = make(&format!("uci(cmd={},movetime=20)", stockfish())).expect("stockfish starts");
    let mut random = hamle_chess::definition().bot(&Spec::named("random"), &Chess::default()).expect("random");
    let mut game = Chess::default();
    let mut stream = Stream::new(5);
    for ply in 0..600 {
        if game.turn() == hamle_core::Turn::Over {
            break;
        }
        let bot = if ply % 2 == 0 { &mut engine } else { &mut random };
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
        assert!(decision.elapsed < Duration::from_millis(1500), "movetime=20 is kept: {:?}", decision.elapsed);
        game.try_play(decision.mv).unwrap_or_else(|_| panic!("ply {ply}: {:?} is illegal", decision.mv));
    }
    assert_eq!(game.points(), Some([1.0, 0.0]), "stockfish mates a random player: {}", game.pgn());
    assert_eq!(engine.fault(), None);
}

#[test]
fn stockfish_takes_its_strength_and_options_and_refuses_what_it_lacks() {
    let sf = stockfish();
    let bot = make(&format!("uci(cmd={sf},elo=1500,option.Skill_Level=5,option.Hash=16)")).expect("a bot");
    assert_eq!(bot.name(), format!("uci(cmd={sf},elo=1500,movetime=1000,option.Hash=16,option.Skill_Level=5)"));
    let low = make(&format!("uci(cmd={sf},elo=1000)")).err().expect("below stockfish's range").to_string();
    assert!(low.contains("'1000' is not a value of elo") && low.contains("1350..=2850"), "{low}");
    let unknown = make(&format!("uci(cmd={sf},option.Fast=1)")).err().expect("no such option").to_string();
    assert!(unknown.contains("option.Fast") && unknown.contains("Hash"), "{unknown}");
}

#[test]
fn a_missing_or_unnamed_program_is_refused_when_the_bot_is_made() {
    let missing = make("uci(cmd=/no/such/engine)").err().expect("refused").to_string();
    assert!(missing.contains("/no/such/engine") && missing.contains("does not start"), "{missing}");
    let unnamed = make("uci").err().expect("refused").to_string();
    assert!(unnamed.contains("cmd"), "{unnamed}");
    for bad in ["movetime=0", "movetime=x", "depth=256", "nodes=-1", "elo=fast"] {
        assert!(make(&format!("uci(cmd={},{bad})", fake("recorder"))).is_err(), "{bad}");
    }
}

#[test]
fn the_engine_is_told_the_options_each_new_game_and_the_whole_game_each_move() {
    let log = fakes().join("recorder").join("log");
    let _ = std::fs::remove_file(&log);
    let spec = format!("uci(cmd={},elo=1500,option.Skill_Level=5,option.hash=64,depth=9)", fake("recorder"));
    let mut bot = make(&spec).expect("the recorder starts");
    let mut stream = Stream::new(1);
    let clock = Budget {
        clock: Some(Clock {
            remaining: Duration::from_millis(1500),
            increment: Duration::from_millis(100),
            moves_to_go: None,
        }),
        time: Some(Duration::from_millis(1500)),
        ..Budget::UNLIMITED
    };
    let mut game = Chess::default();
    for (ply, want) in ["e4", "e5", "Nf3", "Nc6"].into_iter().enumerate() {
        let budget = if ply == 0 { clock } else { Budget::time(Duration::from_millis(50)) };
        let decision = bot.choose(&game, &budget, &mut stream).expect("a move");
        assert_eq!(game.format_move(decision.mv), want);
        assert_eq!((decision.depth, decision.nodes, decision.score), (7, 1234, 0.25), "from the info line");
        game.try_play(decision.mv).expect("legal");
    }
    // A new game: the same bot, told so.
    let fresh = Chess::default();
    assert_eq!(bot.choose(&fresh, &Budget::UNLIMITED, &mut stream).map(|d| fresh.format_move(d.mv)), Some("e4".into()));
    drop(bot);
    let told = std::fs::read_to_string(&log).expect("the recorder's log");
    let start = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let expected = [
        "uci".to_owned(),
        "setoption name UCI_LimitStrength value true".into(),
        "setoption name UCI_Elo value 1500".into(),
        "setoption name Skill Level value 5".into(),
        "setoption name Hash value 64".into(),
        "isready".into(),
        "ucinewgame".into(),
        "isready".into(),
        start.into(),
        "go wtime 1500 btime 1500 winc 100 binc 100 depth 9".into(),
        format!("{start} moves e2e4"),
        "go movetime 50 depth 9".into(),
        format!("{start} moves e2e4 e7e5"),
        "go movetime 50 depth 9".into(),
        format!("{start} moves e2e4 e7e5 g1f3"),
        "go movetime 50 depth 9".into(),
        "ucinewgame".into(),
        "isready".into(),
        start.into(),
        "go movetime 1000 depth 9".into(),
        "quit".into(),
    ];
    assert_eq!(told.lines().collect::<Vec<_>>(), expected);
}

/// The bot's answer in the start position and its fault, and how long it took.
fn first_move(spec: &str) -> (Option<Move>, Option<Fault>, Duration) {
    let mut bot = make(spec).expect("the bot is made");
    let started = Instant::now();
    let answer = bot.choose(&Chess::default(), &Budget::UNLIMITED, &mut Stream::new(1)).map(|d| d.mv);
    let took = started.elapsed();
    let fault = bot.fault();
    assert_eq!(bot.fault(), None, "a fault is taken once");
    (answer, fault, took)
}

#[test]
fn an_engine_that_exits_at_once_is_a_fault_naming_the_crash() {
    let (answer, fault, _) = first_move(&format!("uci(cmd={})", fake("exits")));
    assert_eq!(answer, None);
    let Some(Fault::Failed(why)) = fault else { panic!("a failure, not {fault:?}") };
    assert!(why.contains("crashed before answering 'uci'") && why.contains("exit status: 3"), "{why}");
}

#[test]
fn an_illegal_or_unreadable_bestmove_is_a_fault() {
    let (answer, fault, _) = first_move(&format!("uci(cmd={},movetime=20)", fake("illegal")));
    assert_eq!((answer, fault), (None, Some(Fault::IllegalMove("e2e5".into()))));
    let (answer, fault, _) = first_move(&format!("uci(cmd={},movetime=20)", fake("nonsense")));
    assert_eq!(answer, None);
    assert!(matches!(&fault, Some(Fault::Failed(why)) if why.contains("'bestmove hello'")), "{fault:?}");
}

#[test]
fn a_hung_engine_is_killed_after_its_time_and_a_grace_second() {
    let pid_file = fakes().join("hangs").join("pid");
    let (answer, fault, took) = first_move(&format!("uci(cmd={},movetime=50)", fake("hangs")));
    assert_eq!(answer, None);
    assert!(
        matches!(&fault, Some(Fault::Failed(why)) if why.contains("did not answer 'go movetime 50' within 1.050 s")),
        "{fault:?}"
    );
    assert!(took >= Duration::from_millis(1050) && took < Duration::from_millis(3000), "{took:?}");
    let pid = std::fs::read_to_string(&pid_file).expect("the fake's pid");
    assert!(!Path::new(&format!("/proc/{}", pid.trim())).exists(), "the hung engine {pid} is killed and reaped");
}

#[test]
fn a_broken_engine_stays_broken_and_dropping_the_bot_kills_an_engine_that_ignores_quit() {
    let pid_file = fakes().join("ignores-quit").join("pid");
    let mut bot = make(&format!("uci(cmd={},movetime=20)", fake("illegal"))).expect("made");
    let mut stream = Stream::new(1);
    assert_eq!(bot.choose(&Chess::default(), &Budget::UNLIMITED, &mut stream), None);
    assert_eq!(bot.fault(), Some(Fault::IllegalMove("e2e5".into())));
    assert_eq!(bot.choose(&Chess::default(), &Budget::UNLIMITED, &mut stream), None);
    assert!(matches!(bot.fault(), Some(Fault::Failed(why)) if why.contains("illegal e2e5 earlier")));

    let bot = make(&format!("uci(cmd={})", fake("ignores-quit"))).expect("made");
    let pid = std::fs::read_to_string(&pid_file).expect("the fake's pid");
    let proc = format!("/proc/{}", pid.trim());
    assert!(Path::new(&proc).exists(), "running while the bot lives");
    drop(bot);
    assert!(!Path::new(&proc).exists(), "killed and reaped when the bot is dropped");
}

#[test]
fn an_analyst_reads_the_last_chances_reported_and_turns_them_to_whites_points() {
    fakes();
    let mut judge = Analyst::start(&fake("judge")).expect("the judge starts");
    let white: hamle_chess::Board = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().expect("a FEN");
    let black: hamle_chess::Board = "4k3/8/8/8/8/8/8/4K2R b K - 0 1".parse().expect("a FEN");
    // (600 + 300 / 2) / 1000 for the side to move, from the depth-2 line, not the depth-1 one.
    assert_eq!(judge.expectation(&white, 2), Ok(0.75));
    assert_eq!(judge.expectation(&black, 2), Ok(0.25), "black's chances are white's complement");
    // A finished game is judged by its result, without asking (the judge would say 0.75 or 0.25).
    let mated: hamle_chess::Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().expect("a FEN");
    let stalemate: hamle_chess::Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().expect("a FEN");
    assert_eq!(judge.expectation(&mated, 2), Ok(1.0), "black is mated");
    assert_eq!(judge.expectation(&stalemate, 2), Ok(0.5));
}

#[test]
fn an_analyst_needs_an_engine_that_reports_its_chances() {
    fakes();
    // The `illegal` fake offers no options (and, unlike the recorder, keeps no log another test reads).
    let refused = Analyst::start(&fake("illegal")).err().expect("an engine without UCI_ShowWDL");
    assert!(refused.contains("no UCI_ShowWDL option"), "{refused}");
    let refused = Analyst::start(&fake("exits")).err().expect("an engine that exits");
    assert!(refused.contains("crashed before answering 'uci'"), "{refused}");
}

#[test]
fn stockfish_judges_a_piece_up_as_winning_for_the_side_with_it() {
    fakes(); // which lets this process run programs
    let mut judge = Analyst::start(stockfish()).expect("stockfish starts");
    let start = judge.expectation(&hamle_chess::Board::default(), 6).expect("the start judged");
    assert!((0.3..0.7).contains(&start), "the start is about even: {start}");
    let white_short: hamle_chess::Board =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1".parse().expect("a FEN");
    let black_short: hamle_chess::Board =
        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1".parse().expect("a FEN");
    assert!(judge.expectation(&white_short, 6).expect("judged") < 0.2, "white without a knight");
    assert!(judge.expectation(&black_short, 6).expect("judged") > 0.8, "black without a knight, to move");
}
