//! `hamle chess …` and `hamle uci`: tools on positions that outside programs can call — the legal moves with the
//! position after each, perft with an optional divide, a position's status, a bot's score on an EPD test suite
//! — a bot's pace over the opening suite, and the engine behind UCI. Declared here and run by the terminal,
//! which builds their flags.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use hamle_core::command::{Arg, Call, Command, Host, Merge};
use hamle_core::items::ItemsPart;
use hamle_core::shard::Shard;
use hamle_core::{Budget, Game, Notation, Spec, Stream};
use serde_json::{Value, json};

use crate::bots::engine::Eval;
use crate::bots::engine::eval::Weights;
use crate::bots::engine::nnue;
use crate::epd::{self, EpdPosition};
use crate::openings::SUITE;
use crate::train::{
    self, Labelled, NET_EPOCHS, NetEpoch, NetTraining, Scope, TUNER_EPOCHS, TrainError, Tuning, self_play_games,
};
use crate::uci_engine::{self, BENCH_DEPTH, parse_eval};
use crate::{Board, Chess, Ending, Move, color_name, legal_moves, perft, san, uci};

const FEN: Arg = Arg::value("fen", "FEN", "The position in FEN (default: the standard start).");

/// The commands `hamle chess legal|perft|status|suite` and `hamle uci`.
pub const COMMANDS: &[Command] = &[
    Command {
        verb: "legal",
        about: "Print every legal move as JSON, `[{\"uci\": \"g1f3\", \"san\": \"Nf3\", \"fen\": <the position after it>}, …]`, \
                sorted by UCI; empty when the game is over (mate, stalemate, a dead position, the 75-move rule).",
        args: &[FEN],
        top: false,
        merge: None,
        run: |call| {
            let game = game_from(call.text("fen"))?;
            call.print_json(&json!(legal_rows(&game)))
        },
    },
    Command {
        verb: "perft",
        about: "Count the move sequences of D plies (the move generator's standard check). Prints the count; with \
                `--divide`, one line `uci: count` per move then `Nodes searched: N`, as Stockfish's `go perft`. The \
                time and the nodes per second go to stderr.",
        args: &[
            FEN,
            Arg::value("depth", "D", "Plies deep, 1 to 12."),
            Arg::switch("divide", "One line per legal move with the count below it, sorted by UCI."),
        ],
        top: false,
        merge: None,
        run: |call| perft_command(call),
    },
    Command {
        verb: "status",
        about: "Print the position's status as JSON: `{\"check\": bool, \"outcome\": null|\"checkmate\"|\"stalemate\"|\
                \"insufficient\"|\"seventy-five\", \"winner\": null|\"white\"|\"black\", \"claim\": null|\"fifty\"}`.",
        args: &[FEN],
        top: false,
        merge: None,
        run: |call| {
            let game = game_from(call.text("fen"))?;
            let text = serde_json::to_string(&status_of(&game))? + "\n";
            call.print(&text)
        },
    },
    Command {
        verb: "suite",
        about: "Run a bot over an EPD test suite (Win At Chess: `crates/chess/tests/data/wac.epd`): in each position, \
                in order on one thread, the bot chooses a move in the time (or nodes) given; the position is solved \
                when the move is one of its `bm` moves and none of its `am` moves. Prints a line per position, then \
                `solved N / M` and the failed ids; `--json` prints `{\"solved\", \"total\", \"ms\", \"nodes\", \"bot\", \
                \"failed\": [ids], \"positions\": [{\"id\", \"played\", \"ok\", \"seconds\", \"depth\", \"nodes\"}, …]}`.",
        args: &[
            Arg::place(
                "file",
                "The EPD file: one position a line, `FEN bm MOVES; id \"NAME\";` (blank and `#` lines skipped).",
            ),
            Arg::value("ms", "MS", "Milliseconds the bot may think in each position.").or("1000"),
            Arg::value(
                "nodes",
                "N",
                "Nodes the bot may search in each position, in place of the time (`--ms` is then not used): the \
                 results then depend on neither the machine nor its load (for comparing versions of a search).",
            ),
            Arg::value(
                "bot",
                "SPEC",
                "The bot, optionally with parameters: `engine`, `engine(hash=64)`, `thesis(depth=4)`.",
            )
            .or("engine"),
            Arg::switch("json", "Print JSON instead of text."),
        ],
        top: false,
        merge: None,
        run: |call| suite(call),
    },
    Command {
        verb: "uci",
        about: "Chess: speak UCI (the Universal Chess Interface) on stdin and stdout, for a chess GUI or a match \
                runner (see docs/uci.md); `--bench` searches a fixed set of positions instead and prints the node \
                signature and the speed",
        args: &[
            Arg::switch(
                "bench",
                "Run the bench (fixed positions to a fixed depth) once, print its node count and speed, and exit.",
            ),
            Arg::value("depth", "PLIES", "The bench's depth, in plies (default 13)."),
            Arg::value(
                "eval",
                "EVAL",
                "The evaluation to search with (as the `Eval` option): `net` (the default) or `hand`.",
            )
            .or("net"),
        ],
        top: true,
        merge: None,
        run: |call| uci_command(call),
    },
    Command {
        verb: "bench",
        about: "Benchmark a bot: it chooses one move in each position of the opening suite, one after another on \
                one thread, without limits of time or nodes (set its depth as its parameter: thesis(depth=5)); \
                prints the time and nodes per move.",
        args: &[
            Arg::value(
                "bot",
                "SPEC",
                "The bot, optionally with parameters: `engine`, `thesis(depth=5,search=alphabeta)`.",
            ),
            Arg::value(
                "positions",
                "N",
                "How many lines of the opening suite, from the first; each gives the position after its 8 plies \
                 (default: all 40).",
            ),
            Arg::value("seed", "SEED", "The seed of the bot's tie-breaks.").or("1"),
            Arg::switch("json", "Print the report as JSON (without the positions)."),
            Arg::value("out", "FILE", "Also write the full report, every position, to this file."),
        ],
        top: false,
        run: |call| bench(call),
        merge: None,
    },
    TRAIN,
];

/// `hamle uci`: the dialogue on stdin and stdout until `quit` or the end of input, or the bench with `--bench`.
fn uci_command(call: &mut Call<'_>) -> Result<()> {
    let eval: Eval = parse_eval(&call.required::<String>("eval")?)
        .map_err(|e| anyhow::anyhow!("invalid value for '--eval': {e}"))?;
    let depth = call.number_in::<u32>("depth", 1..=64)?;
    anyhow::ensure!(depth.is_none() || call.switch("bench"), "--depth is the bench's: give it with --bench");
    // The dialogue's answers and notes are written from the search's thread too, so they go to the process's
    // own streams.
    if call.switch("bench") {
        uci_engine::bench(depth.unwrap_or(BENCH_DEPTH), eval, std::io::stdout(), std::io::stderr());
    } else {
        uci_engine::run(eval, &mut *call.input, std::io::stdout(), std::io::stderr());
    }
    Ok(())
}

/// `hamle chess perft`: the count, or with `--divide` a line per move.
fn perft_command(call: &mut Call<'_>) -> Result<()> {
    let depth = call.number_in::<u32>("depth", 1..=12)?.context("--depth is missing")?;
    // The board's moves are counted even where the game has ended (a dead position still has moves): perft
    // checks the move generator, not the rules of ending.
    let game = game_from(call.text("fen"))?;
    let clock = Instant::now();
    let (nodes, text) = if call.switch("divide") {
        let rows = divide(game.board(), depth);
        let total: u64 = rows.iter().map(|(_, count)| count).sum();
        let lines: String = rows.iter().map(|(mv, count)| format!("{mv}: {count}\n")).collect();
        (total, format!("{lines}\nNodes searched: {total}\n"))
    } else {
        let nodes = perft(game.board(), depth);
        (nodes, format!("{nodes}\n"))
    };
    let seconds = clock.elapsed().as_secs_f64();
    call.print(&text)?;
    call.host.note(&format!("perft {depth}: {nodes} nodes in {seconds:.3} s ({:.0} nodes/s)", nodes as f64 / seconds));
    Ok(())
}

/// The game from `--fen`, or from the standard start; the error names the fault (`white has 2 kings`).
fn game_from(fen: Option<&str>) -> Result<Chess> {
    match fen {
        None => Ok(Chess::default()),
        Some(text) => Chess::from_fen(text).context("--fen"),
    }
}

/// The legal moves with the position after each, sorted by UCI.
fn legal_rows(game: &Chess) -> Vec<Value> {
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
fn status_of(game: &Chess) -> Value {
    let board = game.board();
    let winner = match game.ending() {
        Some(Ending::Checkmate { winner }) => Some(color_name(winner)),
        _ => None,
    };
    json!({
        "check": !board.checkers().is_empty(),
        "outcome": game.ending().map(Ending::name),
        "winner": winner,
        // From a FEN alone only the fifty-move rule can be open: repetitions need the game's record.
        "claim": game.claimable().map(Ending::name),
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
fn read_suite(host: &dyn Host, path: &Path) -> Result<Vec<EpdPosition>> {
    let bytes = host.read_file(path)?;
    let text = String::from_utf8(bytes).with_context(|| format!("{} is not text", path.display()))?;
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
fn suite(call: &mut Call<'_>) -> Result<()> {
    let path = PathBuf::from(call.text("file").context("give the EPD file: hamle chess suite FILE")?);
    let path = path.as_path();
    let ms = call.number_in::<u64>("ms", 1..=u64::MAX)?.unwrap_or(1000);
    let nodes = call.number_in::<u64>("nodes", 1..=u64::MAX)?;
    let bot = call.required::<String>("bot")?;
    let json = call.switch("json");
    let positions = read_suite(call.host, path)?;
    let def = crate::def::definition();
    let spec: Spec = bot.parse()?;
    // Build the bot once up front so that a bad spec is refused before the first search.
    let bot_name = def.bot(&spec, &positions[0].game)?.name();
    let (budget, limit) = match nodes {
        Some(nodes) => (Budget { nodes: Some(nodes), ..Budget::UNLIMITED }, format!("{nodes} nodes")),
        None => (Budget::time(Duration::from_millis(ms)), format!("{ms} ms")),
    };
    let bar = call.bar(Some(positions.len() as u64), &format!("{bot_name} at {limit}"));
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
            let mut written = Ok(());
            bar.suspend(&mut || written = call.print(&line));
            written?;
        }
        solved += usize::from(row.ok);
        bar.set_message(format!("{solved} solved"));
        bar.inc(1);
        tried.push(row);
    }
    bar.finish();
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
        call.print_json(&report)
    } else {
        let mut text = format!("solved {solved} / {}\n", tried.len());
        if !failed.is_empty() {
            text += &format!("failed: {}\n", failed.join(" "));
        }
        call.print(&text)
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

/// The median of sorted values (the mean of the middle two for an even count).
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Chess: the bot chooses one move in each position of the suite, one position after another on one thread
/// (a time per move wants the core to itself), without limits of time or nodes.
fn bench(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let seed = call.required::<u64>("seed")?;
    let count = call.get::<usize>("positions")?.unwrap_or(SUITE.len());
    if !(1..=SUITE.len()).contains(&count) {
        bail!("--positions must be from 1 to {} (the lines of the opening suite)", SUITE.len());
    }
    let def = crate::def::definition();
    let start = def.game(&call.game)?;
    let spec: Spec = call.text("bot").context("--bot is missing: the bot to measure")?.parse()?;
    let mut bot = def.bot(&spec, &start)?;
    let bot_name = bot.name();
    let mut rows = Vec::with_capacity(count);
    for (index, &(eco, name, line)) in SUITE.iter().enumerate().take(count) {
        let position = after_line(line)?;
        let mut ties = Stream::new(seed).derive(index as u64);
        let clock = Instant::now();
        let decision = bot.choose(&position, &Budget::UNLIMITED, &mut ties);
        let seconds = clock.elapsed().as_secs_f64();
        let Some(decision) = decision else { bail!("{bot_name} found no move after {eco} ({name})") };
        if !json {
            call.host.note(&format!("{eco} {name}: {} in {seconds:.3} s", position.format_move(decision.mv)));
        }
        rows.push(json!({
            "eco": eco,
            "opening": name,
            "fen": position.fen(),
            "move": position.format_move(decision.mv),
            "value": decision.score,
            "nodes": decision.nodes,
            "seconds": seconds,
        }));
    }
    let report = bench_report(&bot_name, seed, rows);
    if json {
        let mut summary = report.clone();
        if let Some(map) = summary.as_object_mut() {
            map.remove("positions");
        }
        call.print_json(&summary)?;
    } else {
        call.print(&bench_table(&report))?;
    }
    if let Some(path) = call.text("out") {
        let text = serde_json::to_string_pretty(&report)?;
        call.host.write_file(Path::new(path), text.as_bytes())?;
        call.host.note(&format!("full report with every position written to {path}"));
    }
    Ok(())
}

/// The game after a line of the suite, all its moves played.
fn after_line(line: &str) -> Result<Chess> {
    let mut game = Chess::default();
    for text in line.split_whitespace() {
        let mv = game.parse_move(text)?;
        game.try_play(mv).map_err(|_| anyhow::anyhow!("{text} is not legal in the suite's line {line}"))?;
    }
    Ok(game)
}

/// The chess report: per move, the median, least and most seconds and nodes; the totals and nodes per second;
/// the moves themselves (to compare two searches that should agree).
fn bench_report(bot: &str, seed: u64, rows: Vec<Value>) -> Value {
    let column = |key: &str| -> Vec<f64> {
        let mut values: Vec<f64> = rows.iter().filter_map(|r| r[key].as_f64()).collect();
        values.sort_by(f64::total_cmp);
        values
    };
    let (seconds, nodes) = (column("seconds"), column("nodes"));
    let spread = |v: &[f64]| {
        json!({
            "median": median(v),
            "min": v.first().copied().unwrap_or(0.0),
            "max": v.last().copied().unwrap_or(0.0),
            "total": v.iter().sum::<f64>(),
        })
    };
    let total_seconds: f64 = seconds.iter().sum();
    let total_nodes: f64 = nodes.iter().sum();
    let moves: Vec<Value> = rows.iter().map(|r| r["move"].clone()).collect();
    json!({
        "game": "chess",
        "bot": bot,
        "seed": seed,
        "count": rows.len(),
        "seconds_per_move": spread(&seconds),
        "nodes_per_move": spread(&nodes),
        "nodes_per_second": if total_seconds > 0.0 { total_nodes / total_seconds } else { 0.0 },
        "moves": moves,
        "positions": rows,
    })
}

/// The chess report as a person reads it.
fn bench_table(report: &Value) -> String {
    let s = &report["seconds_per_move"];
    let n = &report["nodes_per_move"];
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    format!(
        "{} on {} positions of the opening suite\n\
         seconds per move: median {:.4} (min {:.4} … max {:.4}), total {:.3}\n\
         nodes per move:   median {:.0} (min {:.0} … max {:.0}), total {:.0}\n\
         nodes per second: {:.0}\n",
        report["bot"].as_str().unwrap_or("?"),
        report["count"],
        f(&s["median"]),
        f(&s["min"]),
        f(&s["max"]),
        f(&s["total"]),
        f(&n["median"]),
        f(&n["min"]),
        f(&n["max"]),
        f(&n["total"]),
        f(&report["nodes_per_second"]),
    )
}

/// `hamle train chess`: the engine's evaluation tuned by Texel's method, or its network trained, on positions
/// from its own games (each move searched to `--nodes` nodes, every game seeded), kept beside the weights as
/// `<out>.positions.txt` (`FEN;result`) so that a tuning can be rerun without replaying.
const TRAIN: Command = Command {
    verb: "train",
    about: "Tune the engine's evaluation by Texel's method, or train its network (--net), on positions from its own \
            games (kept as `<out>.positions.txt`) or from --positions.",
    args: &[
        Arg::value("games", "N", "Self-play games to play in this run."),
        Arg::value("out", "FILE", "Where the weights go; with `--shard`, the part."),
        Arg::value(
            "shard",
            "I/N",
            "Play only shard I of N (from 0) of the self-play games and write their positions to `--out` as a part \
             for `hamle merge` (no tuning).",
        ),
        Arg::value("resume", "FILE", "Tune from these weights (default: the shipped ones)."),
        Arg::value("seed", "SEED", "Seed of the self-play games (default 1)."),
        Arg::value("hidden", "N", "With --net: the network's hidden units (the engine reads its own size only)."),
        Arg::value("nodes", "N", "Nodes searched for each self-play move.").or("3000"),
        Arg::value("epochs", "N", "Passes over the positions (default 400 for the tuner, 10 for `--net`)."),
        Arg::value(
            "positions",
            "FILE",
            "Tune on these labelled positions (`FEN;result` lines) as well as the games played.",
        ),
        Arg::switch("tables", "Tune the piece-square tables too (by default they keep their values)."),
        Arg::value(
            "label",
            "PROGRAM",
            "Label every position with this UCI engine's expectation for white after a search `--label-depth` plies \
             deep (its win, draw and loss chances, `UCI_ShowWDL`, as Stockfish reports them) in place of its game's \
             result; the labelled positions are written as `<out>.positions.txt`.",
        ),
        Arg::value(
            "label-depth",
            "PLIES",
            "Depth of the labelling engine's search (at most 20: each position must be judged within a minute).",
        )
        .or("8"),
        Arg::switch(
            "net",
            "Train the neural evaluation (`net.bin`) in place of tuning the hand-made one; `--epochs` passes, `--rate` \
             Adam's first step, the network written to `--out`.",
        ),
        Arg::value(
            "rate",
            "STEP",
            "With --net: Adam's first step size (it falls tenfold at 70 % of the epochs and again at 90 %).",
        )
        .or("0.001"),
        Arg::switch("correct", "With --net: the network learns a correction added to the hand-made evaluation."),
    ],
    top: false,
    run: |call| train_command(call),
    merge: Some(Merge { run: SELF_PLAY_RUN, finish: |run, call| write_merged(run, call) }),
};

/// The name a sharded self-play's parts carry; `hamle merge` writes the merged games' positions to `--out`.
const SELF_PLAY_RUN: &str = "chess self-play";

/// What `hamle train chess` was asked.
struct TrainArgs {
    games: u64,
    out: PathBuf,
    shard: Option<Shard>,
    resume: Option<PathBuf>,
    seed: Option<u64>,
    hidden: Option<u32>,
    nodes: u64,
    epochs: Option<usize>,
    positions: Option<PathBuf>,
    tables: bool,
    label: Option<String>,
    label_depth: u32,
    net: bool,
    rate: f32,
    correct: bool,
}

impl TrainArgs {
    fn read(call: &Call<'_>) -> Result<TrainArgs> {
        Ok(TrainArgs {
            games: call.required("games")?,
            out: call.required("out")?,
            shard: call.get("shard")?,
            resume: call.get("resume")?,
            seed: call.get("seed")?,
            hidden: call.number_in("hidden", 1..=1024)?,
            nodes: call.number_in("nodes", 1..=u64::MAX)?.unwrap_or(3000),
            epochs: call.get("epochs")?,
            positions: call.get("positions")?,
            tables: call.switch("tables"),
            label: call.get("label")?,
            label_depth: call.number_in("label-depth", 1..=20)?.unwrap_or(8),
            net: call.switch("net"),
            rate: call.required("rate")?,
            correct: call.switch("correct"),
        })
    }
}

/// Runs `hamle train chess`.
fn train_command(call: &mut Call<'_>) -> Result<()> {
    let args = &TrainArgs::read(call)?;
    let host = call.host;
    if args.net {
        check_net_args(args)?;
    }
    if let Some(shard) = args.shard {
        anyhow::ensure!(args.label.is_none(), "--label labels the merged positions, not a shard's part");
        return self_play_shard(call, args, shard);
    }
    let positions_path = args.out.with_extension("positions.txt");
    if args.label.is_some() && args.positions.as_deref() == Some(positions_path.as_path()) {
        bail!(
            "--label would write its labels over the games' results in {}: give --out another name",
            positions_path.display()
        );
    }
    let mut positions = match &args.positions {
        Some(path) => read_positions(host, path)?,
        None => Vec::new(),
    };
    let seed = args.seed.unwrap_or(1);
    if args.games > 0 {
        let clock = Instant::now();
        let bar = call.bar(Some(args.games), "train chess self-play");
        let indices: Vec<usize> = (0..usize::try_from(args.games)?).collect();
        let games = self_play_games(seed, &indices, args.nodes, &|| bar.inc(1));
        bar.finish();
        let before = positions.len();
        positions.extend(games.into_iter().flatten());
        host.note(&format!(
            "{} games, {} positions in {:.0} s, seed {seed}, {} nodes a move",
            args.games,
            positions.len() - before,
            clock.elapsed().as_secs_f64(),
            args.nodes
        ));
        write_positions(host, &positions_path, &positions)?;
        host.note(&format!("positions written to {}", positions_path.display()));
    }
    if positions.is_empty() {
        bail!("no positions to tune on: give --games N to play some, or --positions FILE");
    }
    if let Some(program) = &args.label {
        let clock = Instant::now();
        crate::bots::uci::allow_programs();
        let bar = call.bar(Some(positions.len() as u64), "train chess label");
        train::label(program, args.label_depth, &mut positions, &|| bar.inc(1)).map_err(|e| match e {
            TrainError::Position { .. } => anyhow::anyhow!("{e}"),
            _ => anyhow::anyhow!("--label {e}"),
        })?;
        bar.finish();
        host.note(&format!(
            "{} positions labelled by {program} at depth {} in {:.0} s",
            positions.len(),
            args.label_depth,
            clock.elapsed().as_secs_f64()
        ));
        write_positions(host, &positions_path, &positions)?;
        host.note(&format!("labelled positions written to {}", positions_path.display()));
    }
    if args.net {
        return train_net(call, args, &positions, seed);
    }
    let start = match &args.resume {
        Some(path) => {
            let text =
                String::from_utf8(host.read_file(path)?).with_context(|| format!("{} is not text", path.display()))?;
            Weights::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        None => Weights::shipped().clone(),
    };
    let tuning = Tuning::new(&positions, start);
    host.note(&format!(
        "{} positions; K {:.3}; error before {:.6}",
        tuning.positions(),
        tuning.k(),
        tuning.error_before()
    ));
    let epochs = args.epochs.unwrap_or(TUNER_EPOCHS);
    let bar = call.bar(Some(epochs as u64), "train chess tune");
    let mut curve = String::from("epoch,error\n");
    let scope = if args.tables { Scope::All } else { Scope::Terms };
    let tuned = tuning.run(epochs, scope, &mut |epoch, e| {
        bar.inc(1);
        let _ = writeln!(curve, "{epoch},{e:.8}");
    });
    bar.finish();
    host.note(&format!("error after {epochs} epochs {:.6}", tuning.error(&tuned)));
    host.write_file(&args.out, tuned.write().as_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    host.write_file(&curve_path, curve.as_bytes())?;
    host.note(&format!("weights written to {}; error by epoch in {}", args.out.display(), curve_path.display()));
    Ok(())
}

/// Refuses a `--net` run's bad flags before any game is played or position read.
fn check_net_args(args: &TrainArgs) -> Result<()> {
    if !(args.rate > 0.0 && args.rate < 1.0) {
        bail!("--rate must be in (0, 1): Adam's step (0.001 is the usual)");
    }
    if let Some(hidden) = args.hidden.filter(|&h| h as usize != nnue::HIDDEN) {
        bail!("--hidden {hidden}: the engine reads networks of {} hidden units", nnue::HIDDEN);
    }
    if let Some(path) = &args.resume {
        bail!("--net does not resume ({}): a network trains from random weights", path.display());
    }
    Ok(())
}

/// Trains the neural evaluation on `positions` (the last games' held out to measure it) and writes the
/// quantised network to `--out`.
fn train_net(call: &mut Call<'_>, args: &TrainArgs, positions: &[Labelled], seed: u64) -> Result<()> {
    let host = call.host;
    let training = NetTraining::new(positions, args.correct, seed);
    host.note(&format!(
        "{} positions to train on, {} held out; error before {:.6}",
        training.training(),
        training.held_out(),
        training.held_out_error()
    ));
    let epochs = args.epochs.unwrap_or(NET_EPOCHS);
    let bar = call.bar(Some(epochs as u64), "train chess net");
    let mut curve = String::from("epoch,train,held_out\n");
    let trained = training.run(epochs, args.rate, &mut |NetEpoch { epoch, train, held_out }| {
        let _ = writeln!(curve, "{epoch},{train:.8},{held_out:.8}");
        bar.suspend(&mut || host.note(&format!("epoch {epoch}: error {train:.6} training, {held_out:.6} held out")));
        bar.inc(1);
    });
    bar.finish();
    host.note(&format!("held out, as the search reads the network: error {:.6}", trained.held_out_error));
    host.write_file(&args.out, &trained.network.to_bytes())?;
    let curve_path = args.out.with_extension("curve.csv");
    host.write_file(&curve_path, curve.as_bytes())?;
    host.note(&format!("network written to {}; error by epoch in {}", args.out.display(), curve_path.display()));
    Ok(())
}

/// Plays shard `shard`'s self-play games (every N-th) and writes their positions as a part: `hamle merge` puts
/// the parts together into the positions file the whole run writes, which `--positions` then tunes on.
fn self_play_shard(call: &mut Call<'_>, args: &TrainArgs, shard: Shard) -> Result<()> {
    let host = call.host;
    anyhow::ensure!(
        args.positions.is_none() && args.resume.is_none(),
        "a shard only plays: give --positions and --resume to the tuning run"
    );
    let seed = args.seed.unwrap_or(1);
    let total = usize::try_from(args.games)?;
    let indices = shard.items(total);
    let clock = Instant::now();
    let bar = call.bar(Some(indices.len() as u64), "train chess self-play");
    let games = self_play_games(seed, &indices, args.nodes, &|| bar.inc(1));
    let entries: Vec<(usize, serde_json::Value)> = indices
        .into_iter()
        .zip(games)
        .map(|(index, game)| {
            let lines: Vec<String> = game.iter().map(|p| format!("{};{}", p.fen, p.result)).collect();
            (index, serde_json::json!(lines))
        })
        .collect();
    bar.finish();
    let part = ItemsPart {
        shard,
        run: SELF_PLAY_RUN.into(),
        params: serde_json::json!({ "games": total, "seed": seed, "nodes": args.nodes }),
        items: total,
        seconds: clock.elapsed().as_secs_f64(),
        entries,
    };
    host.write_items(&args.out, part)?;
    Ok(())
}

/// Writes the merged self-play games' positions, in game order, to `--out`: the file the whole run writes beside
/// its weights.
fn write_merged(run: &ItemsPart, call: &mut Call<'_>) -> Result<()> {
    let host = call.host;
    let out = call.text("out").map(PathBuf::from);
    let out = out.as_deref().context("a self-play merge writes its positions: give --out FILE")?;
    let mut positions = Vec::new();
    for (_, lines) in &run.entries {
        for line in lines.as_array().context("a self-play game's positions")? {
            let line = line.as_str().context("a position")?;
            let (fen, result) = line.rsplit_once(';').context("a position as FEN;result")?;
            positions.push(Labelled { fen: fen.to_owned(), result: result.parse().context("a game's result")? });
        }
    }
    write_positions(host, out, &positions)?;
    host.note(&format!(
        "{} games, {} positions ({:.0} s in the shards) written to {}; tune with `hamle train chess --games 0 \
         --positions {} --out WEIGHTS`",
        run.entries.len(),
        positions.len(),
        run.seconds,
        out.display(),
        out.display()
    ));
    Ok(())
}

/// The positions of a positions file (`FEN;result` lines), or which line does not read.
fn read_positions(host: &dyn Host, path: &Path) -> Result<Vec<Labelled>> {
    let text = String::from_utf8(host.read_file(path)?).with_context(|| format!("{} is not text", path.display()))?;
    train::read_positions(&text).map_err(|e| anyhow::anyhow!("{} {e}", path.display()))
}

/// Writes `positions` as a positions file.
fn write_positions(host: &dyn Host, path: &Path, positions: &[Labelled]) -> Result<()> {
    host.write_file(path, train::positions_text(positions).as_bytes())
}
