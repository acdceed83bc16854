//! The terminal commands a game brings with it (`hamle solve domineering 8x8`, `hamle chess perft --depth 5`):
//! what each takes, declared once, and the function that answers it. The terminal builds its flags, help and
//! progress bars from these declarations, so the game's crate never parses a flag and the terminal never names
//! a game.

use std::io::{BufRead, Write};
use std::path::Path;
use std::str::FromStr;

use crate::curve::Curve;
use crate::items::ItemsPart;
use crate::spec::Spec;

/// Why a command failed: a message for the person at the terminal, with its causes.
pub type Failure = anyhow::Error;

/// A command line the command cannot take (a value of the wrong kind or out of range, an argument missing):
/// the terminal answers it as it answers a flag it does not know, with the usage error's exit status.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

/// A usage error saying `why`.
fn usage(why: String) -> Failure {
    Failure::new(Usage(why))
}

/// A command of a game: `hamle VERB GAME …` for the verbs every game may answer (`solve`, `bench`, `train`),
/// or `hamle GAME VERB …` for the game's own (`hamle chess perft`).
pub struct Command {
    /// Its name: `solve`, `perft`.
    pub verb: &'static str,
    /// One line on what it does, for `--help`.
    pub about: &'static str,
    /// What it takes.
    pub args: &'static [Arg],
    /// Also a command of its own at the top (`hamle uci` for `hamle chess uci`): for names outside programs
    /// already call.
    pub top: bool,
    /// Answers it.
    pub run: fn(&mut Call<'_>) -> Result<(), Failure>,
    /// The run of items it shards, if it shards one (`--shard I/N --out PART`), for `hamle merge`.
    pub merge: Option<Merge>,
}

/// A run of independent items a command shards (a solver's table): the name its parts carry, and what the
/// merged run gives out, as the whole run would have.
pub struct Merge {
    /// The run's name in its parts: `domineering table`.
    pub run: &'static str,
    /// Gives out the merged run (every item, in order); the call carries `--json` and `--out` as `hamle merge`
    /// was given them.
    pub finish: fn(&ItemsPart, &mut Call<'_>) -> Result<(), Failure>,
}

/// How an argument is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// `--name`, on or off.
    Switch,
    /// `--name VALUE`; the text names the value in help (`N`, `FEN`).
    Value(&'static str),
    /// A value by its place after the game's name, in the order declared.
    Place,
}

/// One argument of a command, declared once: its name, how it is given, its default and its help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The flag without its dashes (`depth` for `--depth`), or the placed value's name.
    pub name: &'static str,
    /// How it is given.
    pub takes: Takes,
    /// The value when it is not given.
    pub default: Option<&'static str>,
    /// One or two lines for `--help`.
    pub about: &'static str,
}

impl Arg {
    /// The switch `--json`: the answer as JSON, for programs.
    pub const JSON: Arg = Arg::switch("json", "Print JSON instead of text.");

    /// A switch, `--name`.
    pub const fn switch(name: &'static str, about: &'static str) -> Arg {
        Arg { name, takes: Takes::Switch, default: None, about }
    }

    /// A flag with a value, `--name VALUE`.
    pub const fn value(name: &'static str, value: &'static str, about: &'static str) -> Arg {
        Arg { name, takes: Takes::Value(value), default: None, about }
    }

    /// A value given by its place.
    pub const fn place(name: &'static str, about: &'static str) -> Arg {
        Arg { name, takes: Takes::Place, default: None, about }
    }

    /// The same argument with a default value.
    pub const fn or(self, default: &'static str) -> Arg {
        Arg { default: Some(default), ..self }
    }

    /// How the person writes it: `--depth` or `SIZE`.
    pub fn shown(&self) -> String {
        match self.takes {
            Takes::Place => self.name.to_uppercase(),
            _ => format!("--{}", self.name),
        }
    }
}

/// A progress bar the terminal draws (or not, when its output is not a terminal).
pub trait Bar: Send + Sync {
    /// Sets how many steps make the whole.
    fn set_length(&self, length: u64);
    /// Sets how many steps are done.
    fn set_position(&self, done: u64);
    /// Adds steps done.
    fn inc(&self, steps: u64);
    /// The words beside the bar.
    fn set_message(&self, message: String);
    /// Runs `write` with the bar out of the way, so that lines printed meanwhile stay whole.
    fn suspend(&self, write: &mut dyn FnMut());
    /// Takes the bar away.
    fn finish(&self);
}

/// A bar that draws nothing: for `--json`, where the output is for a program.
pub struct Hidden;

impl Bar for Hidden {
    fn set_length(&self, _: u64) {}
    fn set_position(&self, _: u64) {}
    fn inc(&self, _: u64) {}
    fn set_message(&self, _: String) {}
    fn suspend(&self, write: &mut dyn FnMut()) {
        write();
    }
    fn finish(&self) {}
}

/// What the terminal gives a command besides its arguments: bars, notes on stderr, files written.
pub trait Host {
    /// A progress bar of `length` steps (or a spinner, for `None`), labelled `what`.
    fn bar(&self, length: Option<u64>, what: &str) -> Box<dyn Bar>;
    /// A line for the person, not part of the answer (stderr): times, where files went.
    fn note(&self, line: &str);
    /// Writes a file whole, through a temporary file and a rename, so that a stopped run never leaves half a
    /// file (a checkpoint stays intact).
    ///
    /// # Errors
    /// When the file cannot be written; the message names it.
    fn write_file(&self, path: &Path, bytes: &[u8]) -> Result<(), Failure>;

    /// Whether a file is there to be read.
    fn exists(&self, path: &Path) -> bool;

    /// Reads a whole file.
    ///
    /// # Errors
    /// When it cannot be read; the message names it.
    fn read_file(&self, path: &Path) -> Result<Vec<u8>, Failure>;

    /// Writes a training curve as CSV and drawn as SVG, each whole.
    ///
    /// # Errors
    /// When a file cannot be written or the chart drawn.
    fn write_curve(&self, curve: &Curve, csv: &Path, svg: &Path) -> Result<(), Failure>;

    /// Writes one shard's items as a part file for `hamle merge`, and says where it went.
    ///
    /// # Errors
    /// When the file cannot be written.
    fn write_items(&self, path: &Path, part: ItemsPart) -> Result<(), Failure>;

    /// The tag of the language the person reads (`en`, `tr`): a command's words for people are said in it, its
    /// machine-readable output (JSON, notation, PGN) never.
    fn language(&self) -> &'static str {
        "en"
    }
}

/// A command as the terminal called it: its arguments, the answer's output, the person's input, the host.
pub struct Call<'a> {
    /// The game with the parameters it was given (`tictactoe(variant=two-phase)`).
    pub game: Spec,
    /// The arguments given, by name (switches given have the value `true`); defaults filled in.
    pub given: Vec<(&'static str, String)>,
    /// Where the answer goes (stdout).
    pub out: &'a mut dyn Write,
    /// What the person types (stdin), for commands that hold a dialogue.
    pub input: &'a mut dyn BufRead,
    /// Bars, notes and files.
    pub host: &'a dyn Host,
}

impl Call<'_> {
    /// The text given for `name`, if any (or its default).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.given.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// Whether the switch `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.text(name).is_some()
    }

    /// The value given for `name`, read as a `T`, if any.
    ///
    /// # Errors
    /// When the text is not a `T`: `invalid value 'x' for '--depth': …`.
    pub fn get<T: FromStr>(&self, name: &str) -> Result<Option<T>, Failure>
    where
        T::Err: std::fmt::Display,
    {
        self.text(name)
            .map(|text| {
                text.trim().parse::<T>().map_err(|e| usage(format!("invalid value '{text}' for '--{name}': {e}")))
            })
            .transpose()
    }

    /// The number given for `name`, which must lie in `range`.
    ///
    /// # Errors
    /// When the text is not a number, or the number is out of `range`.
    pub fn number_in<T>(&self, name: &str, range: std::ops::RangeInclusive<T>) -> Result<Option<T>, Failure>
    where
        T: FromStr + PartialOrd + std::fmt::Display,
        T::Err: std::fmt::Display,
    {
        let value = self.get::<T>(name)?;
        if let Some(v) = &value
            && !range.contains(v)
        {
            return Err(usage(format!(
                "invalid value '{v}' for '--{name}': {v} is not in {}..={}",
                range.start(),
                range.end()
            )));
        }
        Ok(value)
    }

    /// The value of an argument that has a default, read as a `T`.
    ///
    /// # Errors
    /// When the text is not a `T`, or the argument has no default and was not given.
    pub fn required<T: FromStr>(&self, name: &str) -> Result<T, Failure>
    where
        T::Err: std::fmt::Display,
    {
        self.get(name)?.ok_or_else(|| usage(format!("--{name} is missing")))
    }

    /// A progress bar for the person, or none that shows when the answer is JSON.
    pub fn bar(&self, length: Option<u64>, what: &str) -> Box<dyn Bar> {
        if self.switch("json") { Box::new(Hidden) } else { self.host.bar(length, what) }
    }

    /// Writes `text` as the answer; a reader that stops early (`| head`) is not an error.
    ///
    /// # Errors
    /// When the output fails otherwise.
    pub fn print(&mut self, text: &str) -> Result<(), Failure> {
        match self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => Ok(other?),
        }
    }

    /// Writes `value` as pretty JSON and a newline.
    ///
    /// # Errors
    /// When the output fails.
    pub fn print_json(&mut self, value: &serde_json::Value) -> Result<(), Failure> {
        let text = serde_json::to_string_pretty(value)? + "\n";
        self.print(&text)
    }
}

/// A host that keeps everything in memory: no bars, notes and files collected, files read from what was written
/// (then from the disk). For running a command inside a program or a test, where no terminal is.
#[derive(Default)]
pub struct Memory {
    /// The notes, in order.
    pub notes: std::sync::Mutex<Vec<String>>,
    /// The files written, by path.
    pub files: std::sync::Mutex<std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>>,
}

impl Memory {
    /// Runs `command` for `game` with the arguments `given` (defaults filled in as the terminal fills them) and
    /// `input` as what the person types; gives back its result and its answer.
    pub fn run(
        &self,
        command: &Command,
        game: &str,
        given: &[(&'static str, &str)],
        input: &str,
    ) -> (Result<(), Failure>, String) {
        let mut given: Vec<(&'static str, String)> = given.iter().map(|&(n, v)| (n, v.to_owned())).collect();
        for arg in command.args {
            if let Some(default) = arg.default
                && !given.iter().any(|(n, _)| *n == arg.name)
            {
                given.push((arg.name, default.to_owned()));
            }
        }
        let (mut out, mut input) = (Vec::new(), input.as_bytes());
        let game = game.parse().unwrap_or_else(|_| Spec::named(game));
        let mut call = Call { game, given, out: &mut out, input: &mut input, host: self };
        let result = (command.run)(&mut call);
        (result, String::from_utf8_lossy(&out).into_owned())
    }

    /// The notes so far, joined by newlines.
    pub fn notes(&self) -> String {
        self.notes.lock().map(|n| n.join("\n")).unwrap_or_default()
    }

    /// The file written at `path`, if any.
    pub fn file(&self, path: &Path) -> Option<Vec<u8>> {
        self.files.lock().ok()?.get(path).cloned()
    }
}

impl Host for Memory {
    fn bar(&self, _: Option<u64>, _: &str) -> Box<dyn Bar> {
        Box::new(Hidden)
    }
    fn note(&self, line: &str) {
        if let Ok(mut notes) = self.notes.lock() {
            notes.push(line.to_owned());
        }
    }
    fn write_file(&self, path: &Path, bytes: &[u8]) -> Result<(), Failure> {
        let mut files = self.files.lock().map_err(|_| anyhow::anyhow!("the files were poisoned"))?;
        files.insert(path.to_owned(), bytes.to_vec());
        Ok(())
    }
    fn exists(&self, path: &Path) -> bool {
        self.file(path).is_some() || path.exists()
    }
    fn read_file(&self, path: &Path) -> Result<Vec<u8>, Failure> {
        if let Some(bytes) = self.file(path) {
            return Ok(bytes);
        }
        std::fs::read(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))
    }
    fn write_curve(&self, curve: &Curve, csv: &Path, _svg: &Path) -> Result<(), Failure> {
        self.write_file(csv, curve.csv().as_bytes())
    }
    fn write_items(&self, path: &Path, part: ItemsPart) -> Result<(), Failure> {
        self.write_file(path, &serde_json::to_vec(&part)?)
    }
}

/// Writes a line of a command's answer, formatted as `format!` does: `outln!(call, "{n} queens")`, in a
/// function returning a `Result` (a failed write is returned with `?`).
#[macro_export]
macro_rules! outln {
    ($call:expr, $($arg:tt)*) => { $call.print(&(::std::format!($($arg)*) + "\n"))? };
}

/// Writes part of a line of a command's answer, as [`outln!`] without the newline.
#[macro_export]
macro_rules! out {
    ($call:expr, $($arg:tt)*) => { $call.print(&::std::format!($($arg)*))? };
}

/// Finds a command by verb among a game's commands.
pub fn find<'c>(commands: &'c [Command], verb: &str) -> Option<&'c Command> {
    commands.iter().find(|c| c.verb == verb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with<R>(given: &[(&'static str, &str)], f: impl FnOnce(&mut Call<'_>) -> R) -> (R, String) {
        let mut out = Vec::new();
        let mut input = std::io::empty();
        let mut call = Call {
            game: Spec::named("g"),
            given: given.iter().map(|&(n, v)| (n, v.to_owned())).collect(),
            out: &mut out,
            input: &mut input,
            host: &Memory::default(),
        };
        let answer = f(&mut call);
        (answer, String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn a_value_is_read_as_its_type_and_a_bad_one_names_its_flag() {
        let (depth, _) = with(&[("depth", " 5 ")], |c| c.get::<u32>("depth").expect("a number"));
        assert_eq!(depth, Some(5));
        let (missing, _) = with(&[], |c| c.get::<u32>("depth").expect("nothing given"));
        assert_eq!(missing, None);
        let (bad, _) = with(&[("depth", "five")], |c| c.get::<u32>("depth").map(|_| ()));
        let why = bad.expect_err("not a number");
        assert!(why.to_string().starts_with("invalid value 'five' for '--depth': "), "{why}");
        assert!(why.downcast_ref::<Usage>().is_some(), "a usage error: {why}");
    }

    #[test]
    fn a_number_out_of_its_range_is_refused_with_the_range_and_its_ends_are_taken() {
        for (text, ok) in [("0", false), ("1", true), ("12", true), ("13", false)] {
            let (answer, _) = with(&[("depth", text)], |c| c.number_in::<u32>("depth", 1..=12));
            match answer {
                Ok(v) => assert!(ok && v == text.parse().ok(), "{text}"),
                Err(e) => {
                    assert!(!ok, "{text}: {e}");
                    assert_eq!(e.to_string(), format!("invalid value '{text}' for '--depth': {text} is not in 1..=12"));
                }
            }
        }
    }

    #[test]
    fn switches_are_on_only_when_given_and_required_values_say_which_is_missing() {
        let (on, _) = with(&[("json", "true")], |c| (c.switch("json"), c.switch("divide")));
        assert_eq!(on, (true, false));
        let (missing, _) = with(&[], |c| c.required::<u32>("depth").map(|_| ()));
        assert_eq!(missing.expect_err("missing").to_string(), "--depth is missing");
    }

    #[test]
    fn the_answer_goes_to_the_output_as_written() {
        let (_, out) = with(&[], |c| {
            c.print("a\n").expect("written");
            c.print_json(&serde_json::json!({"n": 1})).expect("written");
        });
        assert_eq!(out, "a\n{\n  \"n\": 1\n}\n");
        let (written, out) = with(&[], |c| -> Result<(), Failure> {
            crate::out!(c, "{} queens", 8);
            crate::outln!(c, ", {} ways", 92);
            Ok(())
        });
        assert!(written.is_ok());
        assert_eq!(out, "8 queens, 92 ways\n");
    }

    #[test]
    fn a_training_run_reads_its_arguments_and_refuses_a_zero_checkpoint() {
        use crate::training::Training;
        let given = [("games", "10"), ("out", "w.net"), ("seed", "7"), ("checkpoint", "5"), ("eval-every", "0")];
        let (run, _) = with(&given, |c| Training::read(c).expect("read"));
        let expected =
            Training { games: 10, out: "w.net".into(), resume: None, seed: Some(7), checkpoint: 5, eval_every: 0 };
        assert_eq!(run, expected);
        let (zero, _) = with(&[("games", "1"), ("out", "w"), ("checkpoint", "0"), ("eval-every", "1")], |c| {
            Training::read(c).map(|_| ())
        });
        assert!(zero.expect_err("refused").to_string().contains("0 is not in 1..="));
        let (missing, _) = with(&[("out", "w"), ("eval-every", "1")], |c| Training::read(c).map(|_| ()));
        assert_eq!(missing.expect_err("refused").to_string(), "--games is missing");
    }

    /// A reader that stopped reading (`| head`), or a disk that is full.
    struct Closed(std::io::ErrorKind);

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_reader_that_stopped_early_is_no_error_but_another_failure_is() {
        for (kind, fails) in [(std::io::ErrorKind::BrokenPipe, false), (std::io::ErrorKind::StorageFull, true)] {
            let mut out = Closed(kind);
            let mut input = std::io::empty();
            let mut call = Call {
                game: Spec::named("g"),
                given: Vec::new(),
                out: &mut out,
                input: &mut input,
                host: &Memory::default(),
            };
            assert_eq!(call.print("x").is_err(), fails, "{kind:?}");
        }
    }

    #[test]
    fn a_hidden_bar_still_runs_what_it_suspends_for() {
        let mut ran = false;
        Hidden.suspend(&mut || ran = true);
        assert!(ran);
    }

    #[test]
    fn a_command_runs_in_memory_with_its_defaults_and_keeps_its_notes_and_files() {
        const ECHO: Command = Command {
            verb: "echo",
            about: "",
            args: &[Arg::value("word", "W", "").or("hi"), Arg::value("to", "FILE", "")],
            top: false,
            run: |call| {
                let word = call.required::<String>("word")?;
                call.host.note("noted");
                if let Some(to) = call.text("to") {
                    call.host.write_file(Path::new(to), word.as_bytes())?;
                }
                call.print(&word)
            },
            merge: None,
        };
        let memory = Memory::default();
        assert_eq!(memory.run(&ECHO, "g", &[], "").1, "hi");
        let (done, out) = memory.run(&ECHO, "g", &[("word", "ho"), ("to", "f.txt")], "");
        assert!(done.is_ok());
        assert_eq!(out, "ho");
        assert_eq!(memory.file(Path::new("f.txt")).as_deref(), Some(&b"ho"[..]));
        assert_eq!(memory.read_file(Path::new("f.txt")).expect("kept"), b"ho");
        assert_eq!(memory.notes(), "noted\nnoted");
        assert!(memory.read_file(Path::new("/no/such/file")).is_err());
    }

    #[test]
    fn a_command_is_found_by_its_verb() {
        const ONE: Command = Command { verb: "one", about: "", args: &[], top: false, run: |_| Ok(()), merge: None };
        const TWO: Command = Command { verb: "two", about: "", args: &[], top: false, run: |_| Ok(()), merge: None };
        let commands = [ONE, TWO];
        assert_eq!(find(&commands, "two").map(|c| c.verb), Some("two"));
        assert_eq!(find(&commands, "one").map(|c| c.verb), Some("one"));
        assert!(find(&commands, "three").is_none());
    }

    #[test]
    fn an_argument_is_shown_as_the_person_writes_it() {
        assert_eq!(Arg::value("depth", "N", "").shown(), "--depth");
        assert_eq!(Arg::place("size", "").shown(), "SIZE");
        assert_eq!(Arg::switch("json", "").or("x").default, Some("x"));
    }
}
