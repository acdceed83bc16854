//! The games' own commands in the terminal: their flags and help built from what each declares
//! ([`hamle_core::command`]), and the bars, notes and files they ask for. This file knows no game: it finds
//! commands in the registry.

use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::ArgAction;
use hamle_arena::parts::Part;
use hamle_arena::{GameKind, Spec, games};
use hamle_core::command::{self, Bar, Call, Command, Failure, Host, Takes};
use hamle_core::curve::Curve;
use hamle_core::items::ItemsPart;
use indicatif::{ProgressBar, ProgressStyle};

/// The verbs any game may answer, as `hamle VERB GAME …`; every other verb of a game is `hamle GAME VERB …`.
pub const SHARED: [&str; 4] = ["solve", "bench", "train", "play"];

/// The flags and help of `command`, as clap reads them.
pub fn clap_command(name: &'static str, command: &Command) -> clap::Command {
    let mut built = clap::Command::new(name).about(command.about);
    let mut places = 0;
    for arg in command.args {
        let mut flag = clap::Arg::new(arg.name).help(arg.about);
        flag = match arg.takes {
            Takes::Switch => flag.long(arg.name).action(ArgAction::SetTrue),
            Takes::Value(value) => flag.long(arg.name).value_name(value).action(ArgAction::Set),
            Takes::Place => {
                places += 1;
                flag.index(places)
            }
        };
        if let Some(default) = arg.default {
            flag = flag.default_value(default);
        }
        built = built.arg(flag);
    }
    built
}

/// `a`, `a and b`, `a, b and c`.
fn listed_and<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// The games that answer `verb` with a command that takes `--flag`.
fn owners(verb: &str, flag: &str) -> Vec<&'static str> {
    games::registry()
        .games()
        .filter(|g| {
            command::find(g.commands(), verb)
                .is_some_and(|c| c.args.iter().any(|a| a.takes != Takes::Place && a.name == flag))
        })
        .map(|g| g.listing().name)
        .collect()
}

/// The flag a refused command line gave that its command does not take (`--hash` from `--hash=4`, `--hash 4`).
fn unknown_flag(args: &[String], command: &Command) -> Option<String> {
    args.iter()
        .filter_map(|a| a.strip_prefix("--"))
        .map(|a| a.split('=').next().unwrap_or(a))
        .find(|name| !name.is_empty() && *name != "help" && !command.args.iter().any(|c| c.name == *name))
        .map(str::to_owned)
}

/// Runs the command `verb` of `game` on `args` (the words after the game's name, or after the verb).
pub fn run(game: &Spec, kind: &dyn GameKind, verb: &str, args: &[String]) -> Result<()> {
    let name = kind.listing().name;
    let Some(command) = command::find(kind.commands(), verb) else {
        let able: Vec<&str> = games::registry()
            .games()
            .filter(|g| command::find(g.commands(), verb).is_some())
            .map(|g| g.listing().name)
            .collect();
        anyhow::bail!("hamle cannot {verb} {name}: it can {verb} {}", listed_and(&able));
    };
    let shown = if SHARED.contains(&verb) { format!("hamle {verb} {name}") } else { format!("hamle {name} {verb}") };
    let words = std::iter::once(shown.clone()).chain(args.iter().cloned());
    let matches = match clap_command(command.verb, command).bin_name(&shown).try_get_matches_from(words) {
        Ok(matches) => matches,
        Err(e) => {
            // A flag this command does not take, but another game's does: say whose it is.
            if let Some(flag) = unknown_flag(args, command) {
                let others = owners(verb, &flag);
                if !others.is_empty() {
                    let takes: Vec<String> = command.args.iter().map(|a| a.shown()).collect();
                    anyhow::bail!(
                        "{shown} takes {}, not --{flag}: --{flag} is for {}. {}",
                        listed_and(&takes),
                        listed_and(&others),
                        command.about
                    );
                }
            }
            e.exit()
        }
    };
    let given = command
        .args
        .iter()
        .filter_map(|arg| {
            let value = match arg.takes {
                Takes::Switch => matches.get_flag(arg.name).then(|| "true".to_owned()),
                _ => matches.get_one::<String>(arg.name).cloned(),
            };
            value.map(|v| (arg.name, v))
        })
        .collect();
    let (stdin, mut stdout) = (std::io::stdin(), std::io::stdout());
    let mut call = Call { game: game.clone(), given, out: &mut stdout, input: &mut stdin.lock(), host: &Terminal };
    (command.run)(&mut call)
}

/// Runs `hamle GAME VERB …` or a top command (`hamle uci …`) when `words` (the command line after `hamle`) is
/// one; `None` when it is a command of the binary's own.
pub fn own(words: &[String]) -> Option<Result<()>> {
    let first = words.first()?;
    let registry = games::registry();
    // `hamle play GAME …` is the game's own when it brings a face of its own (a match to points with dice).
    if first == "play"
        && let Some(spec) = words.get(1).and_then(|g| g.parse::<Spec>().ok())
        && let Ok(kind) = registry.game(&spec.name)
        && command::find(kind.commands(), "play").is_some()
    {
        return Some(run(&spec, kind, "play", &words[2..]));
    }
    if let Some((kind, command)) =
        registry.games().find_map(|g| g.commands().iter().find(|c| c.top && c.verb == first).map(|c| (g, c)))
    {
        return Some(run(&Spec::named(kind.listing().name), kind, command.verb, &words[1..]));
    }
    let kind = registry.game(first).ok()?;
    let own: Vec<&Command> = kind.commands().iter().filter(|c| !SHARED.contains(&c.verb)).collect();
    if own.is_empty() {
        return None;
    }
    let name = kind.listing().name;
    let verb = words.get(1).filter(|v| !v.starts_with('-') && own.iter().any(|c| c.verb == v.as_str()));
    let Some(verb) = verb else {
        let mut help = clap::Command::new(name).bin_name(format!("hamle {name}")).subcommand_required(true);
        for c in own {
            help = help.subcommand(clap_command(c.verb, c));
        }
        let words = std::iter::once(name.to_owned()).chain(words[1..].iter().cloned());
        return Some(help.try_get_matches_from(words).map(|_| ()).map_err(|e| e.exit()));
    };
    Some(run(&Spec::named(name), kind, verb, &words[2..]))
}

/// Gives out a merged run of items as the game's command that sharded it would have (`hamle merge`), or `None`
/// when no game's command shards runs of that name.
pub fn finish_merged(run: &ItemsPart, json: bool, out: Option<&Path>) -> Option<Result<()>> {
    let registry = games::registry();
    let (kind, merge) = registry.games().find_map(|g| {
        g.commands().iter().filter_map(|c| c.merge.as_ref()).find(|m| m.run == run.run).map(|m| (g, m))
    })?;
    let mut given = Vec::new();
    if json {
        given.push(("json", "true".to_owned()));
    }
    if let Some(path) = out {
        given.push(("out", path.display().to_string()));
    }
    let (stdin, mut stdout) = (std::io::stdin(), std::io::stdout());
    let game = Spec::named(kind.listing().name);
    let mut call = Call { game, given, out: &mut stdout, input: &mut stdin.lock(), host: &Terminal };
    Some((merge.finish)(run, &mut call))
}

/// The names of the runs the games' commands shard.
pub fn merged_runs() -> Vec<&'static str> {
    games::registry()
        .games()
        .flat_map(|g| g.commands().iter().filter_map(|c| c.merge.as_ref().map(|m| m.run)))
        .collect()
}

/// The games' own commands for `hamle --help`.
pub fn listed(mut cli: clap::Command) -> clap::Command {
    for kind in games::registry().games() {
        let name = kind.listing().name;
        for c in kind.commands() {
            if c.top {
                cli = cli.subcommand(clap_command(c.verb, c));
            }
        }
        let own: Vec<&Command> = kind.commands().iter().filter(|c| !SHARED.contains(&c.verb)).collect();
        if !own.is_empty() {
            let verbs: Vec<&str> = own.iter().map(|c| c.verb).collect();
            let about = format!("{name} tools: {}", verbs.join(", "));
            cli = cli.subcommand(clap::Command::new(name).about(about));
        }
    }
    cli
}

/// Bars on stderr when it is a terminal, notes on stderr, files written whole.
struct Terminal;

impl Host for Terminal {
    fn language(&self) -> &'static str {
        crate::lang().tag()
    }

    fn bar(&self, length: Option<u64>, what: &str) -> Box<dyn Bar> {
        if !std::io::stderr().is_terminal() {
            return Box::new(command::Hidden);
        }
        let bar = match length {
            Some(n) => ProgressBar::new(n),
            None => ProgressBar::new_spinner(),
        };
        let template = if length.is_some() {
            "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, {eta} left)"
        } else {
            "{spinner} {prefix} {msg} ({elapsed})"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(what.to_owned());
        bar.enable_steady_tick(Duration::from_millis(200));
        Box::new(Drawn(bar))
    }

    fn note(&self, line: &str) {
        eprintln!("{line}");
    }

    fn write_items(&self, path: &Path, part: ItemsPart) -> Result<(), Failure> {
        let (shard, items, total) = (part.shard, part.entries.len(), part.items);
        let text = serde_json::to_string(&Part::Items(part))?;
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("shard {shard}: {items} of {total} items written to {}", path.display());
        Ok(())
    }

    fn write_file(&self, path: &Path, bytes: &[u8]) -> Result<(), Failure> {
        write_atomically(path, bytes)
    }

    fn exists(&self, path: &Path) -> bool {
        path.exists()
    }

    fn read_file(&self, path: &Path) -> Result<Vec<u8>, Failure> {
        std::fs::read(path).with_context(|| format!("reading {}", path.display()))
    }

    fn write_curve(&self, curve: &Curve, csv: &Path, svg: &Path) -> Result<(), Failure> {
        write_atomically(csv, curve.csv().as_bytes())?;
        write_atomically(svg, hamle_lab::curve::svg(curve)?.as_bytes())
    }
}

/// Writes `bytes` to `path` through `path` + `.tmp` and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}

/// An indicatif bar.
struct Drawn(ProgressBar);

impl Bar for Drawn {
    fn set_length(&self, length: u64) {
        self.0.set_length(length);
    }
    fn set_position(&self, done: u64) {
        self.0.set_position(done);
    }
    fn inc(&self, steps: u64) {
        self.0.inc(steps);
    }
    fn set_message(&self, message: String) {
        self.0.set_message(message);
    }
    fn suspend(&self, write: &mut dyn FnMut()) {
        self.0.suspend(write);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::command::Arg;

    use super::*;

    const ARGS: &[Arg] = &[
        Arg::place("size", "a size"),
        Arg::value("depth", "D", "plies").or("3"),
        Arg::switch("json", "JSON"),
        Arg::place("second", "a second place"),
    ];

    const COMMAND: Command =
        Command { verb: "try", about: "a test command", args: ARGS, top: false, run: |_| Ok(()), merge: None };

    #[test]
    fn flags_are_built_from_the_declaration_places_in_order_and_defaults_filled() {
        let matches = clap_command("try", &COMMAND)
            .try_get_matches_from(["try", "8x8", "--json", "more"])
            .expect("a command line the declaration takes");
        assert_eq!(matches.get_one::<String>("size").map(String::as_str), Some("8x8"));
        assert_eq!(matches.get_one::<String>("second").map(String::as_str), Some("more"));
        assert_eq!(matches.get_one::<String>("depth").map(String::as_str), Some("3"), "the default");
        assert!(matches.get_flag("json"));
        let refused = clap_command("try", &COMMAND).try_get_matches_from(["try", "--hash", "4"]);
        assert_eq!(refused.map(|_| ()).map_err(|e| e.kind()), Err(clap::error::ErrorKind::UnknownArgument));
    }

    #[test]
    fn the_flag_a_command_does_not_take_is_found_in_either_spelling() {
        let words = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(unknown_flag(&words(&["8x8", "--depth", "2", "--hash=4"]), &COMMAND).as_deref(), Some("hash"));
        assert_eq!(unknown_flag(&words(&["--bounds", "off", "--hash", "4"]), &COMMAND).as_deref(), Some("bounds"));
        assert_eq!(unknown_flag(&words(&["--depth=2", "--json", "--help"]), &COMMAND), None);
    }

    #[test]
    fn an_option_is_traced_to_the_games_whose_command_takes_it() {
        assert_eq!(owners("solve", "hash"), ["domineering"]);
        assert_eq!(owners("bench", "positions"), ["chess"]);
        assert_eq!(owners("solve", "size"), Vec::<&str>::new(), "a placed value is no option");
        assert!(owners("solve", "no-such-flag").is_empty());
    }

    #[test]
    fn lists_read_as_a_sentence() {
        assert_eq!(listed_and::<&str>(&[]), "");
        assert_eq!(listed_and(&["chess"]), "chess");
        assert_eq!(listed_and(&["hapis", "chess"]), "hapis and chess");
        assert_eq!(listed_and(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn the_runs_games_shard_are_known_to_merge_and_others_are_not() {
        assert_eq!(merged_runs(), ["domineering table", "chess self-play"]);
        let part = ItemsPart {
            shard: hamle_core::shard::Shard { index: 0, count: 1 },
            run: "hex table".into(),
            params: serde_json::json!({}),
            items: 0,
            seconds: 0.0,
            entries: Vec::new(),
        };
        assert!(finish_merged(&part, false, None).is_none());
    }

    #[test]
    fn the_help_lists_each_game_with_its_own_commands_and_the_top_ones() {
        let help = listed(clap::Command::new("hamle"));
        let names: Vec<&str> = help.get_subcommands().map(clap::Command::get_name).collect();
        assert_eq!(names, ["hapis", "uci", "chess"]);
        let chess = help.find_subcommand("chess").and_then(|c| c.get_about()).map(ToString::to_string);
        assert_eq!(chess.as_deref(), Some("chess tools: legal, perft, status, suite, uci"));
    }

    #[test]
    fn a_file_is_written_whole_through_a_temporary_one() {
        let dir = std::env::temp_dir().join(format!("hamle-commands-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("w.txt");
        write_atomically(&path, b"weights").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"weights");
        assert!(!dir.join("w.txt.tmp").exists(), "the temporary file is renamed away");
        assert!(Terminal.read_file(&dir.join("missing")).is_err());
        assert!(Terminal.exists(&path) && !Terminal.exists(&dir.join("missing")));
        std::fs::remove_dir_all(&dir).ok();
    }
}
