//! `hamle tune`: a bot's weights tuned by games against a fixed opponent, by one of `hamle_tune`'s methods;
//! the run's history written after every evaluation and taken up again when the command is run again.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use hamle_arena::parts::Part;
use hamle_arena::shard::Shard;
use hamle_arena::tune::{History, TuneSettings, tune, tune_shard};
use hamle_arena::{Spec, games};
use hamle_tune::Method;

use crate::progress;

/// Tune a bot's weights by games: each weight vector a method asks for plays the same seeded games against one
/// opponent (common random numbers), and the method goes on from the scores.
#[derive(clap::Args, Debug)]
#[command(after_help = after_help())]
pub struct TuneArgs {
    /// The game, optionally with parameters (`domineering(rows=8,cols=8)`).
    game: String,
    /// The bot tuned, optionally with parameters it keeps fixed (`seed(depth=2)`).
    bot: String,
    /// The weights tuned: NAME=LO..HI, or NAME alone for the range the bot declares, comma-separated
    /// (`k1=0..10,k2=0..10`).
    #[arg(long, allow_hyphen_values = true)]
    params: String,
    /// The method, optionally with parameters: firefly, glowworm, pso, fish, bees, spsa, cmaes or random (see below).
    #[arg(long)]
    method: String,
    /// Games in the whole run.
    #[arg(long)]
    budget: usize,
    /// Games of each evaluation, an even number (pairs from one opening, colours swapped).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The opponent every evaluation plays (default: the bot as given, its weights the defaults).
    #[arg(long)]
    opponent: Option<String>,
    /// The seed of the method's choices and of the games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Play only this shard's games of the method's next batch, I/N; `hamle merge` puts the parts together into
    /// the history, and the next round shards the batch after it.
    #[arg(long, value_name = "I/N", requires = "out")]
    shard: Option<Shard>,
    /// With --shard: the history the batch follows (none: the run's start).
    #[arg(long, value_name = "FILE", requires = "shard")]
    history: Option<PathBuf>,
    /// The history (taken up again when it exists and holds this run), or with --shard the part.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the history as JSON at the end.
    #[arg(long)]
    json: bool,
}

/// Every method with its parameters, for `hamle tune --help`.
fn after_help() -> String {
    let mut text = String::from("Methods:\n");
    for name in Method::NAMES {
        text.push_str(&format!("  {name:<8} {}\n", Method::about(name).unwrap_or_default()));
        for p in Method::docs(name).unwrap_or_default() {
            text.push_str(&format!("  {:<8}   {}={} (default {}): {}\n", "", p.key, p.values, p.default, p.about));
        }
    }
    text
}

/// Reads a history file.
fn read_history(path: &Path) -> Result<History> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a history written by `hamle tune`", path.display()))
}

/// Writes a history file whole (a run stopped mid-write keeps the last one it wrote).
pub fn write_history(path: &Path, history: &History) -> Result<()> {
    let temporary = path.with_extension("json.partial");
    std::fs::write(&temporary, serde_json::to_string_pretty(history)?)
        .with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("writing {}", path.display()))
}

/// Runs the command.
pub fn run(args: TuneArgs) -> Result<()> {
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new().num_threads(t.max(1)).build_global().context("starting threads")?;
    }
    if args.budget == 0 {
        bail!("--budget must be at least one evaluation's games (--games, {})", args.games);
    }
    let registry = games::registry();
    let game = crate::game_spec(&args.game, None)?;
    let kind = registry.game(&game.name)?;
    let bot: Spec = args.bot.parse()?;
    let opponent: Spec = args.opponent.as_deref().unwrap_or(&args.bot).parse()?;
    let settings = TuneSettings::new(
        kind,
        &game,
        &bot,
        &args.params,
        &opponent,
        &args.method,
        args.seed,
        args.games,
        args.budget,
    )?;
    if let Some(shard) = args.shard {
        let history = match &args.history {
            Some(path) => same_run(read_history(path)?, &settings, path)?,
            None => History::new(settings),
        };
        let part = tune_shard(kind, history, shard)?;
        let path = args.out.as_deref().context("--shard writes its part to --out")?;
        std::fs::write(path, serde_json::to_string(&Part::Tune(part.clone()))?)
            .with_context(|| format!("writing {}", path.display()))?;
        let games = shard.games(part.settings.games);
        eprintln!(
            "shard {shard}: games {}..{} of each of {} points (after {} evaluations) written to {}",
            games.start,
            games.end,
            part.batch.len(),
            part.base.len(),
            path.display()
        );
        return Ok(());
    }
    let path = args.out.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "tune-{}-{}-{}-seed{}.json",
            game.name,
            bot.name,
            Method::parse(&args.method).map_or("run", |m| m.name()),
            args.seed
        ))
    });
    let history = if path.exists() {
        let found = same_run(read_history(&path)?, &settings, &path)?;
        eprintln!("taking up the run in {} after {} evaluations", path.display(), found.evaluations.len());
        found
    } else {
        History::new(settings)
    };
    let watcher = (!args.json).then(progress::match_bar);
    let mut save_error = None;
    let mut save = |h: &History| {
        if let Err(error) = write_history(&path, h) {
            save_error.get_or_insert(error);
        }
    };
    let history = tune(kind, history, watcher, &mut save)?;
    if let Some(error) = save_error {
        return Err(error);
    }
    write_history(&path, &history)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&history)?);
    } else {
        print!("{}", summary(&history)?);
    }
    eprintln!("history of {} evaluations written to {}", history.evaluations.len(), path.display());
    Ok(())
}

/// `found` when it is a history of the run `settings` describe; refused otherwise.
fn same_run(found: History, settings: &TuneSettings, path: &Path) -> Result<History> {
    if found.settings != *settings {
        bail!(
            "{} holds another run ({}; {} games of {} each): give another --out, or the same settings to take it up",
            path.display(),
            found.settings.describe(),
            found.settings.budget,
            found.settings.games
        );
    }
    Ok(found)
}

/// The run in a few lines: the best weights found, their score and the bot that plays them.
pub fn summary(history: &History) -> Result<String> {
    let settings = &history.settings;
    let mut text =
        format!("{}: {} evaluations, {} games\n", settings.describe(), history.evaluations.len(), history.played());
    if let Some(best) = history.best() {
        let spec = settings.spec(&best.weights)?;
        text.push_str(&format!(
            "best: {:.1} % ({} of {} points) as {spec}\n",
            100.0 * best.score,
            best.points,
            best.games
        ));
        if let Some((games, _)) = history.curve().into_iter().find(|(_, s)| *s >= best.score) {
            text.push_str(&format!("found after {games} games\n"));
        }
    }
    Ok(text)
}
