//! `hamle play hapis`: a match of Hapis Tavlası in the terminal, as the thesis's screen (§4.7) has it:
//! the board in both numberings, the dice thrown and those left, the move log, the trays and the score.
//! A play is typed whole (`1/4 1/6`) or a step at a time (`1/4`, or a point and a die: `1 3`). The command is
//! the arena's, joined to Hapis's own commands on its registry line, since a match is played by the arena's
//! play layer.

use std::io::{BufRead, Write};

use std::sync::LazyLock;

use anyhow::Result;
use hamle_core::command::{Arg, Call, Command, Failure};

use crate::play::BotTurn;
use crate::{Action, Live, Match, Seat, Setup, Spec};
use hamle_core::{Budget, GameDef};
use hamle_hapis::{Entry, Hapis, Phase, Play, Side, side_name};

const HELP: &str = "\
Type a whole play in your own numbering (your start is point 1, your home 19-24): 1/4 1/6, 19/off.
Or a step at a time: 1/4, or a point and a die: 1 3.
  moves   the legal plays, numbered (#2 plays the second)
  hint    the three best plays for this roll by the expert, with their chances
  undo    take back the last step of this turn
  log     the plays so far        board   the board again
  resign  give up this game       quit    leave the match
  help    this text";

/// Who starts the games after the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextStart {
    /// The winner of the previous game throws first.
    Winner,
    /// An opening throw decides, as in the first game.
    Throw,
}

/// `hamle play hapis`.
pub const PLAY: Command = Command {
    verb: "play",
    about: "Play a match of Hapis Tavlası against a bot in the terminal, as the thesis's screen has it.",
    args: &[
        Arg::value("bot", "SPEC", "The bot to play against, optionally with parameters (default: expert)."),
        Arg::value(
            "first",
            "WHO",
            "`human` (the default: you play White) or `bot` (you play Black); the opening throw decides who starts.",
        ),
        Arg::value(
            "color",
            "SIDE",
            "The side you play, `white` or `black` (the same as `--first human` or `--first bot`).",
        ),
        Arg::value("match", "POINTS", "Points to win the match, 1 to 99.").or("5"),
        Arg::value(
            "next",
            "WHO",
            "Who throws first in the games after the first: `winner` or `throw` (the game's parameter `next=`; \
             default: the winner).",
        ),
        Arg::value("variant", "VARIANT", "The game's variant (the same as the parameter `variant=`)."),
        Arg::value("seed", "SEED", "Seed of the dice and the bot's choices.").or("1"),
        Arg::value("depth", "PLIES", "Deepest search, in plies (each bot has its own default)."),
        Arg::value("nodes", "N", "Most nodes a bot may visit per move."),
        Arg::value("ms", "MS", "Most milliseconds a bot may think per move."),
    ],
    top: false,
    run: |call| play(call),
    merge: None,
};

/// Reads `hamle play hapis`'s arguments and plays the match on the call's input and output.
fn play(call: &mut Call<'_>) -> Result<(), Failure> {
    let mut game = call.game.clone();
    if let Some(variant) = call.text("variant") {
        game = game.with("variant", variant);
    }
    let human = match (call.text("first"), call.text("color")) {
        (first, Some(color)) => {
            let side = match color {
                "white" => Side::White,
                "black" => Side::Black,
                other => anyhow::bail!("invalid value '{other}' for '--color': write white or black"),
            };
            let wanted = if side == Side::White { "human" } else { "bot" };
            anyhow::ensure!(first.is_none_or(|f| f == wanted), "--color and --first disagree: give one of them");
            side
        }
        (None | Some("human"), None) => Side::White,
        (Some("bot"), None) => Side::Black,
        (Some(other), None) => anyhow::bail!("invalid value '{other}' for '--first': write human or bot"),
    };
    let next = match call.text("next") {
        None => None,
        Some("winner") => Some(NextStart::Winner),
        Some("throw") => Some(NextStart::Throw),
        Some(other) => anyhow::bail!("invalid value '{other}' for '--next': write winner or throw"),
    };
    let strongest = DEF.bots.first().map_or("random", |b| b.name);
    let setup = MatchSetup {
        game,
        bot: call.text("bot").unwrap_or(strongest).parse()?,
        human,
        length: call.number_in("match", 1..=99)?.unwrap_or(5),
        seed: call.required("seed")?,
        next,
        budget: Budget {
            depth: call.get("depth")?,
            nodes: call.number_in("nodes", 1..=u64::MAX)?,
            time: call.number_in("ms", 1..=u64::MAX)?.map(std::time::Duration::from_millis),
            clock: None,
        },
    };
    run(&setup, &mut *call.input, &mut *call.out)
}

/// How the match is set up.
pub struct MatchSetup {
    /// The game with its table's rules (`hapis(mother=on)`).
    pub game: Spec,
    /// The bot's spec (`random`, `thesis`, `expert`).
    pub bot: Spec,
    /// The person plays White (who travels 1 → 24 in White's numbering) or Black.
    pub human: Side,
    /// Points to win the match.
    pub length: u32,
    /// Seed of the dice and the bot's choices.
    pub seed: u64,
    /// Who starts the games after the first, when not the game spec's `next=`.
    pub next: Option<NextStart>,
    /// The bot's search limits.
    pub budget: Budget,
}

/// Hapis's definition, for the play layer (which keeps a reference to it for the whole match).
static DEF: LazyLock<GameDef<Hapis>> = LazyLock::new(hamle_hapis::definition);

/// Plays a match against the bot, reading the person's input from `input`: the match's rules (scores, resign
/// stakes, the mother rule, who starts next) are the play layer's, the same as the web app's.
pub fn run(setup: &MatchSetup, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let mut game = setup.game.clone();
    match setup.next {
        Some(NextStart::Winner) => game = game.with("next", "winner"),
        Some(NextStart::Throw) => game = game.with("next", "throw"),
        None => {}
    }
    let mut seats = vec![Seat::Bot(setup.bot.clone()), Seat::Bot(setup.bot.clone())];
    let me = u8::try_from(setup.human.index()).unwrap_or(0);
    seats[usize::from(me)] = Seat::Person;
    let play = Setup { game, seats, helper: None, length: Some(setup.length) };
    let mut game = Match::new(&DEF, play, setup.seed, setup.budget)?;
    let points = if setup.length == 1 { "1 point".to_owned() } else { format!("{} points", setup.length) };
    writeln!(out, "Hapis Tavlası, a match to {points}. You play {}.\n{HELP}", side_name(setup.human))?;
    let mut shown = 0;
    let mut number = u64::MAX;
    loop {
        if game.number() != number {
            number = game.number();
            let score = game.score();
            let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
            writeln!(out, "\n=== Game {} — score: white {white}, black {black} ===", number + 1)?;
        }
        shown = print_log(&game, shown, out)?;
        if game.over() {
            writeln!(out, "\n{}", game.state())?;
            let score = game.score();
            let verdict = if score[usize::from(me)] > score[usize::from(1 - me)] {
                "You win the match"
            } else {
                "The bot wins the match"
            };
            let (mine, theirs) = (score[usize::from(me)], score[usize::from(1 - me)]);
            writeln!(out, "Match over: {verdict}, {} to {}.", mine.max(theirs), mine.min(theirs))?;
            return Ok(());
        }
        if game.ending().is_some() {
            writeln!(out, "\n{}", game.state())?;
            game.act(me, Action::Next)?;
            continue;
        }
        match game.bot_turn() {
            Some(BotTurn::Acted(_)) => continue,
            Some(BotTurn::Think(thinking)) => {
                let thought = thinking.run();
                game.finish(thought).ok_or_else(|| anyhow::anyhow!("the bot found no play"))?;
                continue;
            }
            None => {}
        }
        if game.view()["to_do"] == "roll" {
            // The person's dice are thrown for them: the terminal has no button to press.
            game.act(me, Action::Roll)?;
            continue;
        }
        if human_turn(&mut game, me, input, out)? == HumanTurn::Quit {
            let score = game.score();
            let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
            writeln!(out, "Bye: the match is left unfinished at white {white}, black {black}.")?;
            return Ok(());
        }
    }
}

/// Prints the log lines not shown yet; the number shown after.
fn print_log(game: &Match<Hapis>, shown: usize, out: &mut dyn Write) -> Result<usize> {
    for line in &game.log()[shown.min(game.log().len())..] {
        writeln!(out, "{}", line.text)?;
    }
    Ok(game.log().len())
}

#[derive(PartialEq, Eq)]
enum HumanTurn {
    Acted,
    Quit,
}

/// The entry of the steps the person has made so far this turn.
fn entry_of(game: &Match<Hapis>) -> Result<Entry> {
    let mut entry = Entry::new(game.state()).ok_or_else(|| anyhow::anyhow!("no dice to play"))?;
    for text in game.pending() {
        let step = hamle_hapis::Play::parse(text)?.steps().next().ok_or_else(|| anyhow::anyhow!("an empty step"))?;
        entry.push(step.from, step.to)?;
    }
    Ok(entry)
}

/// Reads the person's input until it is an action the match takes (or the person leaves).
fn human_turn(game: &mut Match<Hapis>, me: u8, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<HumanTurn> {
    let mut line = String::new();
    loop {
        let entry = entry_of(game)?;
        let roll = entry.dice();
        let shown = Hapis::at(entry.board(), Phase::Move(roll), game.state().settings());
        writeln!(out, "\n{shown}")?;
        let left_text: Vec<String> = entry.left().iter().map(u8::to_string).collect();
        let score = game.score();
        let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
        writeln!(
            out,
            "Match to {}: white {white}, black {black}. Dice {roll}, left: {}{}",
            game.view()["match"]["length"],
            left_text.join(" "),
            steps_note(game.pending())
        )?;
        write!(out, "Your play: ")?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(HumanTurn::Quit);
        }
        let text = line.trim();
        match text {
            "" | "board" => {}
            "quit" | "exit" => return Ok(HumanTurn::Quit),
            "resign" => {
                game.act(me, Action::Resign)?;
                writeln!(out, "You resign.")?;
                return Ok(HumanTurn::Acted);
            }
            "help" | "?" => writeln!(out, "{HELP}")?,
            "undo" => {
                if game.act(me, Action::Undo).is_err() {
                    writeln!(out, "Nothing to undo in this turn.")?;
                }
            }
            "log" => {
                let lines: Vec<&str> =
                    game.log().iter().filter(|l| l.game == game.number() + 1).map(|l| l.text.as_str()).collect();
                writeln!(out, "Plays so far:\n{}", if lines.is_empty() { "(none)".into() } else { lines.join("\n") })?
            }
            "hint" => match game.hint(me, None) {
                Err(e) => writeln!(out, "{e}.")?,
                Ok(hint) => print_hint(game.state(), &hint, out)?,
            },
            "moves" => {
                for (i, (play, _)) in game.state().plays().iter().enumerate() {
                    writeln!(out, "#{}  {play}", i + 1)?;
                }
            }
            _ => match read_steps(game, me, text) {
                Ok(true) => return Ok(HumanTurn::Acted),
                Ok(false) => {}
                Err(why) => writeln!(out, "{why}")?,
            },
        }
    }
}

/// The hint's best three plays, numbered as `moves` numbers them, with their chances.
fn print_hint(game: &Hapis, hint: &serde_json::Value, out: &mut dyn Write) -> Result<()> {
    let plays = game.plays();
    for ranked in hint["plays"].as_array().into_iter().flatten().take(3) {
        let text = ranked["play"].as_str().unwrap_or_default();
        // The hint and the list come from the same generator, so the hinted play is among the numbered ones.
        let Some(number) = plays.iter().position(|(p, _)| p.to_string() == text) else { continue };
        let chance = |key: &str| 100.0 * ranked[key].as_f64().unwrap_or(0.0);
        writeln!(
            out,
            "#{}  {:<18} equity {:+.3}, win {:.0} %, win with mars {:.0} %, lose with mars {:.0} %",
            number + 1,
            if text.is_empty() { "(no move to play)" } else { text },
            ranked["equity"].as_f64().unwrap_or(0.0),
            chance("win"),
            chance("win_mars"),
            chance("lose_mars")
        )?;
    }
    Ok(())
}

fn steps_note(done: &[String]) -> String {
    if done.is_empty() { String::new() } else { format!("; played so far: {}", done.join(" ")) }
}

/// Reads more steps (`1/4`, `1/4 4/7`, `1 3`, `#2`) as the match's actions: all of them, or none when one
/// fails. True when they completed the play.
fn read_steps(game: &mut Match<Hapis>, me: u8, text: &str) -> Result<bool, String> {
    let wanted: Vec<String> = if let Some(number) = text.strip_prefix('#') {
        if !game.pending().is_empty() {
            return Err("Undo your steps first, or go on step by step.".into());
        }
        let index: usize = number.parse().map_err(|_| format!("'{text}' is not a play number (try 'moves')"))?;
        let plays = game.state().plays();
        let (play, _) = plays.get(index.wrapping_sub(1)).ok_or_else(|| format!("There is no play #{index}."))?;
        play.steps().map(|s| Play::new(&[s]).to_string()).collect()
    } else if text.contains('/') {
        let parsed = Play::parse(text).map_err(|e| e.to_string())?;
        parsed.steps().map(|s| Play::new(&[s]).to_string()).collect()
    } else {
        let numbers: Vec<u8> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        match numbers.as_slice() {
            &[from, die] if (1..=24).contains(&from) && (1..=6).contains(&die) => {
                let to = from + die;
                vec![if to <= 24 { format!("{from}/{to}") } else { format!("{from}/off") }]
            }
            _ => return Err(format!("'{text}' is not a play: type 'help'.")),
        }
    };
    let number = game.number();
    let before = game.pending().len();
    for (i, step) in wanted.iter().enumerate() {
        match game.act(me, Action::Step { step: step.clone() }) {
            Ok(_) if game.pending().is_empty() || game.number() != number || i + 1 == wanted.len() => {
                return Ok(game.pending().is_empty());
            }
            Ok(_) => {}
            Err(e) => {
                while game.pending().len() > before {
                    game.act(me, Action::Undo).map_err(|e| e.to_string())?;
                }
                let mut why = e.to_string();
                if let Some(first) = why.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                return Err(format!("{why}."));
            }
        }
    }
    Ok(false)
}
