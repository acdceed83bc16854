//! `hamle`: the web app (with no command), and the games of the seed documents in the terminal: play,
//! solve, match, train. It names no game: the games and their commands come from the registry.

mod analyse;
mod commands;
mod keys;
mod lab;
mod merge;
mod play;
mod progress;
mod report;
mod sprt;
mod store;
mod tournament;
mod tune;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use hamle_arena::matches::{MatchPart, TimeControl};
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;
use hamle_arena::{GameKind, MatchOptions, Seat, Setup, Spec, games};
use hamle_core::Budget;
use hamle_l10n::Lang;
use hamle_lab::report::Report;

/// hamle ("move" in Turkish): a game-AI engine and arcade.
#[derive(Parser, Debug)]
#[command(name = "hamle", version, about, long_about = None)]
struct Cli {
    /// The language of the words for people, `en` or `tr` (default: the locale, `LANG`); taken anywhere on the
    /// command line. `--json`, notation and PGN never change with it.
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Search limits that every command with bots takes.
#[derive(clap::Args, Debug, Clone, Copy)]
struct BudgetArgs {
    /// Deepest search, in plies (each bot has its own default).
    #[arg(long)]
    depth: Option<u32>,
    /// Most nodes a bot may visit per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Most milliseconds a bot may think per move.
    #[arg(long)]
    ms: Option<u64>,
}

impl BudgetArgs {
    fn budget(self) -> Budget {
        Budget { depth: self.depth, nodes: self.nodes, time: self.ms.map(Duration::from_millis), clock: None }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the web app (what `hamle` with no command does).
    Serve(ServeArgs),
    /// Back up the games, or fill an empty store from a backup (which also moves an arcade between SQLite and
    /// PostgreSQL).
    Store {
        #[command(subcommand)]
        command: store::StoreCommand,
    },
    /// Play a game in the terminal against a bot.
    Play {
        /// The game, optionally with parameters: `tictactoe`, `tictactoe(variant=two-phase)`.
        game: String,
        /// The game's variant (the same as the parameter `variant=`).
        #[arg(long)]
        variant: Option<String>,
        /// The bot to play against, optionally with parameters: `perfect`, `thesis(depth=3)`
        /// (default: the game's strongest).
        #[arg(long)]
        bot: Option<String>,
        /// Who moves first, `human` (the default) or `bot`.
        #[arg(long, value_enum)]
        first: Option<First>,
        /// Chess: the side you play, `white` or `black` (the same as `--first human` or `--first bot`).
        #[arg(long, value_enum)]
        color: Option<ChessColor>,
        /// Chess: the position to start from, in FEN (the game's parameter `fen=`, there written with `.` for
        /// `/` and `_` for spaces).
        #[arg(long)]
        fen: Option<String>,
        /// Games played by the arrow keys (2048): let this bot play while you watch (`expectimax`, `seed`).
        #[arg(long)]
        auto: Option<String>,
        /// Games played by the arrow keys: milliseconds between a watched bot's moves.
        #[arg(long, default_value_t = 150)]
        delay: u64,
        /// Domineering: rows (the same as the parameter `rows=`).
        #[arg(long)]
        rows: Option<usize>,
        /// Domineering: columns (the same as the parameter `cols=`).
        #[arg(long)]
        cols: Option<usize>,
        /// Domineering: the side you play, `vertical` or `horizontal` (default: the side `--first` gives you).
        #[arg(long)]
        human: Option<String>,
        /// Seed of the game's random stream (chance and the bot's tie-breaks).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Benchmark a bot: 2048 over many seeded games (tiles reached, scores, moves per second); chess over the
    /// opening suite's positions (time and nodes per move). `hamle bench GAME --help` lists what each takes.
    #[command(disable_help_flag = true)]
    Bench {
        /// The game, optionally with parameters: `2048`, `2048(spawn=report)`, `chess`.
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// What the game's benchmark takes (`hamle bench GAME --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Solve a game completely and print its value and best first moves; or a puzzle (`queens N`,
    /// `knights-tour N`). `hamle solve GAME --help` lists what the game's solver takes.
    #[command(disable_help_flag = true)]
    Solve {
        /// The game, optionally with parameters: `tictactoe`, `domineering`, `grundy`, `sim`, `dots`, `queens`,
        /// `knights-tour`.
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// What the game's solver takes (`hamle solve GAME --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Play a match of N seeded games between two bots, starts alternated.
    Match {
        /// The game, optionally with parameters.
        game: String,
        /// Bot A, optionally with parameters.
        bot_a: String,
        /// Bot B, optionally with parameters.
        bot_b: String,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Master seed; every game's streams derive from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's variant (the same as the parameter `variant=`).
        #[arg(long)]
        variant: Option<String>,
        /// A time control, BASE+INCREMENT in seconds (`10+0.1`, `60`): each bot keeps a clock, and one that
        /// runs out of time loses the game.
        #[arg(long, value_name = "BASE+INC", value_parser = clap::value_parser!(TimeControl))]
        tc: Option<TimeControl>,
        /// Write every game, in order, to this file in the game's record format (chess: PGN).
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
        /// Play only shard I of N (from 0) of the match's games and write its part to `--out`, for
        /// `hamle merge` to combine with the others (see docs/lab.md).
        #[arg(long, value_name = "I/N", value_parser = clap::value_parser!(Shard), requires = "out")]
        shard: Option<Shard>,
        #[command(flatten)]
        report: ReportArgs,
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Combine the parts of a sharded match (`hamle match … --shard I/N --out PART`) into the report the whole
    /// match gives.
    Merge(merge::MergeArgs),
    /// Test whether bot A is stronger than bot B: pairs of games until a sequential probability ratio test
    /// decides (H0: Elo `--elo0`, H1: Elo `--elo1`).
    Sprt(sprt::SprtArgs),
    /// A round robin (or a gauntlet) between several bots: ratings by maximum likelihood with 95 % intervals,
    /// anchored on one bot, and a crosstable.
    Tournament(tournament::TournamentArgs),
    /// Tune a bot's weights by games against a fixed opponent with the thesis's swarms (firefly, glowworm, particle
    /// swarm, fish swarm, bee colony), SPSA, CMA-ES or random search; resumable, sharded with `--shard` and `merge`.
    Tune(tune::TuneArgs),
    /// Write JSON reports (`hamle tournament`, `hamle sprt`, `hamle bench 2048`, each with `--out`) up as Markdown
    /// with SVG charts.
    Report(report::Args),
    /// The lab: `hamle lab reproduce 000..004` runs a seed document's experiment again at ten times its games and
    /// writes a report with the seed's figures beside ours.
    Lab {
        #[command(subcommand)]
        command: lab::LabCommand,
    },
    /// Analyse a finished game: each decision against the best by the game's strongest judge, what it cost, and
    /// each side's summary (Hapis: error rate and luck; chess: accuracy; solved games: results thrown away).
    Analyse(analyse::AnalyseArgs),
    /// List a game's bots and their parameters.
    Bots {
        /// The game.
        game: String,
    },
    /// List the games and their parameters.
    Games,
    /// Train a game's bot by self-play (`hapis`, `2048`, `chess`): `hamle train hapis --games N --out FILE`.
    /// `hamle train GAME --help` lists what each takes.
    #[command(disable_help_flag = true)]
    Train {
        /// The game.
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// What the game's training takes (`hamle train GAME --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

/// How a long job of many games runs and reports: `hamle match` and `hamle bench`.
#[derive(clap::Args, Debug, Clone)]
struct ReportArgs {
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the full JSON report, every game included, to this file.
    #[arg(long)]
    out: Option<PathBuf>,
}

impl ReportArgs {
    /// Sizes rayon's pool as `--threads` asks.
    fn start_threads(&self) -> Result<()> {
        if let Some(t) = self.threads {
            rayon::ThreadPoolBuilder::new().num_threads(t.max(1)).build_global().context("starting threads")?;
        }
        Ok(())
    }

    /// Writes the full report to `--out`, if given, and says where it went.
    fn write_out(&self, report: &serde_json::Value) -> Result<()> {
        if let Some(path) = &self.out {
            std::fs::write(path, serde_json::to_string_pretty(report)?)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("full report with every game written to {}", path.display());
        }
        Ok(())
    }
}

/// Where the web app listens and keeps its games, and what it grants one client. The defaults are
/// [`hamle_server::Limits::default`]'s (a test keeps them the same).
#[derive(clap::Args, Debug, Clone)]
struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// Where the games are kept: an SQLite file (created on first run), or a PostgreSQL database that several
    /// servers share, `postgres://user:password@host:port/db` (docs/deploy.md).
    #[arg(long, default_value = "hamle.db", env = "HAMLE_DB", hide_env_values = true)]
    db: String,
    /// The most MiB the SQLite file may grow to (a write past it is refused with 507 and changes nothing).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    db_max_mib: Option<u64>,
    /// On a shared PostgreSQL store: how many seconds a server's lease on a game it thinks for holds; a server
    /// that dies mid-thought leaves the bot's move to another once it lapses.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=3600))]
    lease_secs: u64,
    /// How the server logs (to standard error): `text` for people, `json` for a log collector. `RUST_LOG`
    /// chooses what (default `info`: one line per request, with its id).
    #[arg(long, value_enum, default_value = "text")]
    log_format: LogFormat,
    /// Most milliseconds a bot may think about one move (a hard stop, whatever depth its parameters ask for).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=60_000))]
    bot_ms: u64,
    /// Threads that think for bots and hints [default: one a core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    thinkers: Option<u64>,
    /// Thoughts that may wait for a thinker, all players together (beyond: 503 busy, or the bot's move owed).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    think_queue: u64,
    /// Thoughts one client address may have waiting or thinking (it thinks on at most half the thinkers).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    think_per_client: u64,
    /// Thinkers one client address may use at once [default: half of them, at least one].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    think_share: Option<u64>,
    /// Games held in memory; the least recently used leave and are read again from the store when asked for.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games_in_memory: u64,
    /// The MiB the games held in memory may take together (bots' tables included); past it the least recently
    /// used leave too.
    #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    games_memory_mib: u64,
    /// New players and games one client address may make at once.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..))]
    burst: u32,
    /// Then one more every this many milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    refill_ms: u64,
    /// Actions and joins one player, and one address, may send at once.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..))]
    action_burst: u32,
    /// Then one more every this many milliseconds.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    action_refill_ms: u64,
    /// Hints one player, and one address, may ask at once.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    hint_burst: u32,
    /// Then one more every this many milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    hint_refill_ms: u64,
    /// Event streams one address may open at once.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    stream_burst: u32,
    /// Then one more every this many milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    stream_refill_ms: u64,
    /// Name changes, identity transfers and their claims one address may make at once.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    people_burst: u32,
    /// Then one more every this many milliseconds.
    #[arg(long, default_value_t = 6000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    people_refill_ms: u64,
    /// Open connections, in all (one over is closed at once; keep it under the process's file descriptors).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// Open connections from one address (a trusted proxy's are not counted).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections_per_address: u64,
    /// Open event streams (games followed), in all.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_streams: u64,
    /// Open event streams from one address.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_streams_per_address: u64,
    /// A reverse proxy in front of the server, as an address or a network (`10.0.0.0/8`): its `X-Forwarded-For`
    /// names the client. Without it the header is ignored. May be given more than once.
    #[arg(long, value_name = "CIDR", value_parser = proxy)]
    trusted_proxy: Vec<ipnet::IpNet>,
    /// How long an invite to play a friend works, in hours.
    #[arg(long, default_value_t = 168, value_parser = clap::value_parser!(u64).range(1..=8760))]
    invite_hours: u64,
    /// A folder of reports (as `hamle lab reproduce` and `hamle report` write them) to publish, read-only, at
    /// `/lab`; this repository's are in `docs/lab`.
    #[arg(long)]
    lab: Option<PathBuf>,
}

/// A network (`10.0.0.0/8`) or one address (`10.0.0.1`, standing for `/32` or `/128`).
fn proxy(text: &str) -> std::result::Result<ipnet::IpNet, String> {
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("'{text}' is neither an address nor a network such as 10.0.0.0/8"))
}

/// `hamle serve`'s flags alone, for their defaults.
#[derive(clap::Parser)]
struct ServeDefaults {
    #[command(flatten)]
    serve: ServeArgs,
}

impl Default for ServeArgs {
    fn default() -> Self {
        use clap::Parser as _;
        ServeDefaults::parse_from(["hamle"]).serve
    }
}

impl ServeArgs {
    /// The server's limits from the flags.
    fn limits(&self) -> Result<hamle_server::Limits> {
        let size = |n: u64, flag: &str| usize::try_from(n).with_context(|| format!("{flag} is too large"));
        let games = size(self.games_in_memory, "--games-in-memory")?;
        let rate = |burst, ms| hamle_server::Rate { burst, every: Duration::from_millis(ms) };
        let defaults = hamle_server::Limits::default();
        Ok(hamle_server::Limits {
            bot_time: Duration::from_millis(self.bot_ms),
            games_in_memory: std::num::NonZeroUsize::new(games).context("--games-in-memory is at least 1")?,
            games_memory: size(self.games_memory_mib, "--games-memory-mib")?.saturating_mul(1 << 20),
            burst: self.burst,
            refill: Duration::from_millis(self.refill_ms),
            actions: rate(self.action_burst, self.action_refill_ms),
            hints: rate(self.hint_burst, self.hint_refill_ms),
            streams_opened: rate(self.stream_burst, self.stream_refill_ms),
            people: rate(self.people_burst, self.people_refill_ms),
            invite_ttl: Duration::from_secs(self.invite_hours * 3600),
            thinkers: self.thinkers.map_or(Ok(defaults.thinkers), |n| size(n, "--thinkers"))?,
            think_queue: size(self.think_queue, "--think-queue")?,
            think_per_client: size(self.think_per_client, "--think-per-client")?,
            think_share: self.think_share.map_or(Ok(defaults.think_share), |n| size(n, "--think-share"))?,
            connections: size(self.max_connections, "--max-connections")?,
            connections_per_address: size(self.max_connections_per_address, "--max-connections-per-address")?,
            streams: size(self.max_streams, "--max-streams")?,
            streams_per_address: size(self.max_streams_per_address, "--max-streams-per-address")?,
            db_max_bytes: self.db_max_mib.map(|m| m << 20),
            lease: Duration::from_secs(self.lease_secs),
            ..defaults
        })
    }
}

/// How the server's log lines are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LogFormat {
    /// A line of text each.
    Text,
    /// A JSON object each.
    Json,
}

/// The store's name for people: a PostgreSQL URL with its password hidden, or the SQLite file.
fn shown(db: &str) -> String {
    let Some((scheme, rest)) = db.split_once("://") else { return db.to_owned() };
    let Some((user, host)) = rest.split_once('@') else { return db.to_owned() };
    match user.split_once(':') {
        Some((name, _)) => format!("{scheme}://{name}:…@{host}"),
        None => db.to_owned(),
    }
}

/// Serves the web app until Ctrl-C or SIGTERM.
fn serve(args: &ServeArgs) -> Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // A second subscriber (a test that serves twice) is not an error: the first stays.
    let _ = match args.log_format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs.json().try_init(),
    };
    if args.db_max_mib.is_some() && hamle_server::store::is_postgres(&args.db) {
        anyhow::bail!("--db-max-mib limits an SQLite file: a PostgreSQL database's size is its operator's to limit");
    }
    let app =
        hamle_server::App::connect(&args.db, args.limits()?).with_context(|| format!("opening {}", shown(&args.db)))?;
    if let Some(dir) = &args.lab {
        anyhow::ensure!(
            dir.is_dir(),
            "--lab {}: no such folder (give a folder of reports, such as docs/lab)",
            dir.display()
        );
        app.publish_lab(dir.clone());
    }
    if !args.trusted_proxy.is_empty() {
        app.trust_proxies(hamle_server::Proxies::new(args.trusted_proxy.clone()));
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the server's threads")?;
    runtime.block_on(async {
        let listener =
            tokio::net::TcpListener::bind(args.addr).await.with_context(|| format!("listening on {}", args.addr))?;
        let addr = listener.local_addr().unwrap_or(args.addr);
        println!("hamle: the web app is at http://{addr}/ (games kept in {}); Ctrl-C stops it", shown(&args.db));
        if let Some(dir) = &args.lab {
            println!("hamle: the reports in {} are at http://{addr}/lab", dir.display());
        }
        hamle_server::serve(listener, app).await.context("serving")
    })
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum First {
    Human,
    Bot,
}

/// The side a person plays in chess.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ChessColor {
    White,
    Black,
}

/// Who moves first from `--first` and, for games whose sides are white and black, `--color` (white moves first,
/// so black is `--first bot`).
fn first_mover(game: &Spec, kind: &dyn GameKind, first: Option<First>, color: Option<ChessColor>) -> Result<First> {
    let Some(color) = color else { return Ok(first.unwrap_or(First::Human)) };
    if kind.sides(game)? != ["white", "black"] {
        let mut colored: Vec<&str> = games::registry()
            .games()
            .filter(|g| g.sides(&Spec::named(g.listing().name)).is_ok_and(|s| s == ["white", "black"]))
            .map(|g| g.listing().name)
            .collect();
        colored.sort_unstable();
        anyhow::bail!("--color is for {} (the other games take --first)", colored.join(" and "));
    }
    let wanted = if color == ChessColor::White { First::Human } else { First::Bot };
    if let Some(first) = first {
        anyhow::ensure!(first == wanted, "--color and --first disagree: give one of them");
    }
    Ok(wanted)
}

/// Refuses `--KEY` for a game that has no parameter `KEY`, naming the games that have one.
fn ensure_param(game: &Spec, kind: &dyn GameKind, key: &str) -> Result<()> {
    if kind.listing().params.iter().any(|p| p.key == key) {
        return Ok(());
    }
    let mut having: Vec<&str> = games::registry()
        .games()
        .filter(|g| g.listing().params.iter().any(|p| p.key == key))
        .map(|g| g.listing().name)
        .collect();
    having.sort_unstable();
    anyhow::bail!("--{key} is for {} (a parameter {} does not have)", having.join(" and "), game.name)
}

/// Prints a match's report: its table, or its JSON without the games (which `--out` keeps).
fn print_match(report: &hamle_arena::MatchReport, json: bool) -> Result<()> {
    if json {
        let mut summary = serde_json::to_value(report)?;
        if let Some(map) = summary.as_object_mut() {
            map.remove("records");
        }
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", report.table());
    }
    Ok(())
}

/// Reads a game spec and applies `--variant`.
fn game_spec(text: &str, variant: Option<&str>) -> Result<Spec> {
    let mut spec: Spec = text.parse()?;
    if let Some(v) = variant {
        spec = spec.with("variant", v);
    }
    Ok(spec)
}

/// `hamle VERB GAME ARGS…` for a verb the games answer themselves; `hamle VERB --help` is the verb's help
/// (`hamle VERB GAME --help`, the game's).
fn shared(verb: &str, game: &str, args: &[String]) -> Result<()> {
    use clap::CommandFactory;
    if game == "--help" || game == "-h" {
        let mut cli = Cli::command();
        cli.build();
        if let Some(command) = cli.find_subcommand_mut(verb) {
            command.print_help()?;
        }
        return Ok(());
    }
    let spec: Spec = game.parse()?;
    commands::run(&spec, games::registry().game(&spec.name)?, verb, args)
}

fn run(cli: Cli) -> Result<()> {
    let registry = games::registry();
    let command = cli.command.unwrap_or(Command::Serve(ServeArgs::default()));
    if !matches!(command, Command::Serve(_)) {
        // A person at the terminal may name a trained network's file; the web app never reads one.
        hamle_core::weights::allow_files();
        hamle_core::programs::allow_programs();
    }
    match command {
        Command::Serve(args) => serve(&args),
        Command::Store { command } => store::run(&command),
        Command::Play { game, variant, bot, first, color, fen, seed, budget, auto, delay, rows, cols, human } => {
            let mut spec = game_spec(&game, variant.as_deref())?;
            let kind = registry.game(&spec.name)?;
            let first = first_mover(&spec, kind, first, color)?;
            // A spec's values hold neither `/` nor spaces: the game reads a FEN back from `.` and `_`.
            let fen = fen.map(|f| f.trim().replace('/', ".").replace(' ', "_"));
            let rows = rows.map(|n| n.to_string());
            let cols = cols.map(|n| n.to_string());
            for (key, value) in [("fen", fen), ("rows", rows), ("cols", cols)] {
                if let Some(value) = value {
                    ensure_param(&spec, kind, key)?;
                    spec = spec.with(key, &value);
                }
            }
            let first = match human {
                Some(side) => {
                    let sides = kind.sides(&spec)?;
                    let seat = sides.iter().position(|s| *s == side).with_context(|| {
                        format!("--human: '{side}' is not a side of {}: {} or {}", spec.name, sides[0], sides[1])
                    })?;
                    if seat == 0 { First::Human } else { First::Bot }
                }
                None => first,
            };
            if let Some(arrows) = kind.arrows() {
                anyhow::ensure!(bot.is_none(), "{} has one player: --auto BOT lets a bot play it", spec.name);
                let auto = auto.as_deref().map(str::parse).transpose()?;
                let delay = Duration::from_millis(delay);
                let setup = keys::Setup { game: spec, auto, seed, delay, budget: budget.budget() };
                return keys::run(kind, arrows, &setup);
            }
            if auto.is_some() {
                let keyed: Vec<&str> =
                    registry.games().filter(|g| g.arrows().is_some()).map(|g| g.listing().name).collect();
                anyhow::bail!("--auto is for {}, where a bot plays alone", keyed.join(" and "));
            }
            let strongest = kind.bots().first().map_or("random", |b| b.name);
            let bot: Spec = bot.as_deref().unwrap_or(strongest).parse()?;
            let setup = if kind.players(&spec)? == 1 {
                // One person at the board; the bot helps ('bot' in the terminal makes a move for them).
                Setup { game: spec, seats: vec![Seat::Person], helper: Some(bot), length: None }
            } else {
                let mut seats = vec![Seat::Bot(bot.clone()), Seat::Bot(bot)];
                seats[usize::from(first == First::Bot)] = Seat::Person;
                Setup { game: spec, seats, helper: None, length: None }
            };
            let live = kind.start(setup, seed, budget.budget())?;
            let stdin = std::io::stdin();
            play::run(live, &mut stdin.lock(), &mut std::io::stdout())
        }
        Command::Solve { game, args } => shared("solve", &game, &args),
        Command::Match { game, bot_a, bot_b, games, seed, variant, tc, pgn, shard, report: run_args, budget } => {
            run_args.start_threads()?;
            let json = run_args.json;
            let spec = game_spec(&game, variant.as_deref())?;
            let (a, b): (Spec, Spec) = (bot_a.parse()?, bot_b.parse()?);
            anyhow::ensure!(games > 0, "--games must be at least 1");
            let range = shard.map_or(0..games, |s| s.games(games));
            let options = MatchOptions {
                games: range.len(),
                seed,
                budget: budget.budget(),
                progress: (!json).then(progress::match_bar),
                clock: tc,
                transcripts: pgn.is_some(),
                first: range.start,
            };
            let mut report = registry.game(&spec.name)?.run_match(&spec, &a, &b, &options)?;
            if let (Some(shard), Some(path)) = (shard, &run_args.out) {
                if !json {
                    print!("{}", report.table());
                }
                // The part keeps the games' records too, for `hamle merge --pgn`.
                if let Some(pgn) = &pgn {
                    let games: Vec<&str> = report.records.iter().filter_map(|r| r.transcript.as_deref()).collect();
                    std::fs::write(pgn, games.join("\n")).with_context(|| format!("writing {}", pgn.display()))?;
                    eprintln!("{} games written to {}", games.len(), pgn.display());
                }
                let part = Part::Match(MatchPart::new(shard, games, report));
                std::fs::write(path, serde_json::to_string(&part)?)
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!(
                    "shard {shard}: games {}..{} of {games} written to {}",
                    range.start,
                    range.end,
                    path.display()
                );
                return Ok(());
            }
            if let Some(path) = &pgn {
                let games: Vec<String> = report.records.iter_mut().filter_map(|r| r.transcript.take()).collect();
                std::fs::write(path, games.join("\n")).with_context(|| format!("writing {}", path.display()))?;
                eprintln!("{} games written to {}", games.len(), path.display());
            }
            print_match(&report, json)?;
            run_args.write_out(&serde_json::to_value(Report::Match(report))?)
        }
        Command::Bots { game } => {
            let kind = registry.game(&game)?;
            for bot in kind.bots() {
                println!("{:<10} {}", bot.name, bot.about);
                for p in bot.params {
                    println!("{:<10}   {}={} (default {}): {}", "", p.key, p.values, p.default, p.about);
                }
            }
            Ok(())
        }
        Command::Bench { game, args } => shared("bench", &game, &args),
        Command::Sprt(args) => sprt::run(args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Lab { command } => lab::run(command),
        Command::Tournament(args) => tournament::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Train { game, args } => shared("train", &game, &args),
        Command::Games => {
            for game in registry.games() {
                let listing = game.listing();
                println!("{:<10} {}", listing.name, listing.about);
                for p in listing.params {
                    println!("{:<10}   {}={} (default {}): {}", "", p.key, p.values, p.default, p.about);
                }
                if let Some(about) = game.analyst() {
                    let effort = about.effort;
                    println!(
                        "{:<10}   analysed by {}: --effort {}..={} {} (default {})",
                        "", about.judge, effort.min, effort.max, effort.means, effort.default
                    );
                }
            }
            Ok(())
        }
    }
}

/// The language the person at the terminal reads, set once at the start: `--lang tr|en` anywhere on the command
/// line, or else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`). Machine-readable output never follows it.
static LANGUAGE: OnceLock<Lang> = OnceLock::new();

/// The terminal's language.
pub(crate) fn lang() -> Lang {
    *LANGUAGE.get_or_init(|| Lang::from_env(|name| std::env::var(name).ok()))
}

/// The command line without its `--lang` (every command takes it, so no command's own parser sees it), and the
/// language it names.
fn take_lang(words: Vec<String>) -> anyhow::Result<(Vec<String>, Option<Lang>)> {
    let mut kept = Vec::with_capacity(words.len());
    let mut chosen = None;
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        if word == "--" {
            kept.push(word);
            kept.extend(words.by_ref());
            break;
        }
        let value = match word.strip_prefix("--lang") {
            Some("") => words.next().ok_or_else(|| anyhow::anyhow!("--lang needs a language: en or tr"))?,
            Some(rest) if rest.starts_with('=') => rest[1..].to_owned(),
            _ => {
                kept.push(word);
                continue;
            }
        };
        let lang =
            Lang::parse(&value).ok_or_else(|| anyhow::anyhow!("--lang: hamle speaks en and tr, not '{value}'"))?;
        chosen = Some(lang);
    }
    Ok((kept, chosen))
}

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let answer = take_lang(words).and_then(|(words, chosen)| {
        if let Some(lang) = chosen {
            let _ = LANGUAGE.set(lang);
        }
        commands::own(&words).unwrap_or_else(|| {
            use clap::{CommandFactory, FromArgMatches};
            let matches =
                commands::listed(Cli::command()).get_matches_from(std::iter::once("hamle".to_owned()).chain(words));
            Cli::from_arg_matches(&matches).map_err(|e| e.exit()).and_then(run)
        })
    });
    match answer {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hamle: {e:#}");
            // As clap answers a command line it cannot read.
            if e.downcast_ref::<hamle_core::command::Usage>().is_some() { ExitCode::from(2) } else { ExitCode::FAILURE }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_for_a_parameter_is_refused_by_a_game_without_it_naming_those_with_it() {
        let registry = games::registry();
        let domineering = registry.game("domineering").expect("domineering");
        assert!(ensure_param(&Spec::named("domineering"), domineering, "rows").is_ok());
        let tictactoe = registry.game("tictactoe").expect("tictactoe");
        let refused = ensure_param(&Spec::named("tictactoe"), tictactoe, "fen").expect_err("no fen");
        assert_eq!(refused.to_string(), "--fen is for chess (a parameter tictactoe does not have)");
    }

    #[test]
    fn color_is_for_games_whose_sides_are_white_and_black_and_agrees_with_first() {
        let registry = games::registry();
        let chess = registry.game("chess").expect("chess");
        let spec = Spec::named("chess");
        assert_eq!(first_mover(&spec, chess, None, Some(ChessColor::Black)).ok(), Some(First::Bot));
        assert_eq!(first_mover(&spec, chess, None, Some(ChessColor::White)).ok(), Some(First::Human));
        assert_eq!(first_mover(&spec, chess, Some(First::Bot), None).ok(), Some(First::Bot));
        assert_eq!(first_mover(&spec, chess, None, None).ok(), Some(First::Human));
        assert!(first_mover(&spec, chess, Some(First::Human), Some(ChessColor::Black)).is_err(), "they disagree");
        let domineering = registry.game("domineering").expect("domineering");
        let refused = first_mover(&Spec::named("domineering"), domineering, None, Some(ChessColor::White));
        assert_eq!(
            refused.expect_err("no colours").to_string(),
            "--color is for chess and hapis (the other games take --first)"
        );
    }

    #[test]
    fn the_serve_flags_defaults_are_the_server_s_default_limits() {
        let limits = ServeArgs::default().limits().expect("the default flags give limits");
        assert_eq!(limits, hamle_server::Limits::default());
    }
}
