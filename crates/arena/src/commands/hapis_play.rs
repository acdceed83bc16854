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
use hamle_core::{Budget, GameDef, Msg};
use hamle_hapis::{Entry, Hapis, Phase, Play, Side, side_name};
use hamle_l10n::{Lang, decimal, render, sentence};

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
        lang: Lang::parse(call.host.language()).unwrap_or(Lang::En),
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
    /// The language of the words for the person (the board's and the log's too; plays are notation).
    pub lang: Lang,
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
    let lang = setup.lang;
    let say = |msg: Msg| render(lang, &msg);
    let side = Msg::new(format!("side-{}", side_name(setup.human)));
    writeln!(out, "{}", say(Msg::new("hplay-start").arg("n", setup.length).arg("side", side)))?;
    writeln!(out, "{}", say(Msg::new("hplay-help")))?;
    let mut shown = 0;
    let mut number = u64::MAX;
    loop {
        if game.number() != number {
            number = game.number();
            let score = game.score();
            let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
            let header = Msg::new("hplay-game").arg("n", number + 1).arg("white", white).arg("black", black);
            writeln!(out, "\n{}", say(header))?;
        }
        shown = print_log(&game, shown, lang, out)?;
        if game.over() {
            writeln!(out, "\n{}", game.state().board_text(lang))?;
            let score = game.score();
            let winner = if score[usize::from(me)] > score[usize::from(1 - me)] { "you" } else { "bot" };
            let (mine, theirs) = (score[usize::from(me)], score[usize::from(1 - me)]);
            let over = Msg::new("hplay-match-over")
                .arg("winner", winner)
                .arg("won", mine.max(theirs))
                .arg("lost", mine.min(theirs));
            writeln!(out, "{}", say(over))?;
            return Ok(());
        }
        if game.ending().is_some() {
            writeln!(out, "\n{}", game.state().board_text(lang))?;
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
        if human_turn(&mut game, me, lang, input, out)? == HumanTurn::Quit {
            let score = game.score();
            let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
            writeln!(out, "{}", say(Msg::new("hplay-bye").arg("white", white).arg("black", black)))?;
            return Ok(());
        }
    }
}

/// Prints the log lines not shown yet; the number shown after.
fn print_log(game: &Match<Hapis>, shown: usize, lang: Lang, out: &mut dyn Write) -> Result<usize> {
    for line in &game.log()[shown.min(game.log().len())..] {
        writeln!(out, "{}", render(lang, &line.msg))?;
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
fn human_turn(
    game: &mut Match<Hapis>,
    me: u8,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<HumanTurn> {
    let say = |msg: Msg| render(lang, &msg);
    let mut line = String::new();
    loop {
        let entry = entry_of(game)?;
        let roll = entry.dice();
        let shown = Hapis::at(entry.board(), Phase::Move(roll), game.state().settings());
        writeln!(out, "\n{}", shown.board_text(lang))?;
        let left_text: Vec<String> = entry.left().iter().map(u8::to_string).collect();
        let score = game.score();
        let (white, black) = if me == 0 { (score[0], score[1]) } else { (score[1], score[0]) };
        let status = Msg::new("hplay-status")
            .arg("length", game.view()["match"]["length"].as_u64().unwrap_or(0))
            .arg("white", white)
            .arg("black", black)
            .arg("dice", roll.to_string())
            .arg("left", left_text.join(" "));
        writeln!(out, "{}{}", say(status), steps_note(game.pending(), lang))?;
        // A catalog's message ends at its last word: the prompt's space is the terminal's.
        write!(out, "{} ", say(Msg::new("hplay-prompt")))?;
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
                writeln!(out, "{}", say(Msg::new("hplay-you-resign")))?;
                return Ok(HumanTurn::Acted);
            }
            "help" | "?" => writeln!(out, "{}", say(Msg::new("hplay-help")))?,
            "undo" => {
                if game.act(me, Action::Undo).is_err() {
                    writeln!(out, "{}", say(Msg::new("hplay-nothing-to-undo")))?;
                }
            }
            "log" => {
                let lines: Vec<String> =
                    game.log().iter().filter(|l| l.game == game.number() + 1).map(|l| render(lang, &l.msg)).collect();
                let lines = if lines.is_empty() { say(Msg::new("hplay-none")) } else { lines.join("\n") };
                writeln!(out, "{}\n{lines}", say(Msg::new("hplay-plays-so-far")))?
            }
            "hint" => match game.hint(me, None) {
                Err(e) => writeln!(out, "{}.", render(lang, e.msg()))?,
                Ok(hint) => print_hint(game.state(), &hint, lang, out)?,
            },
            "moves" => {
                for (i, (play, _)) in game.state().plays().iter().enumerate() {
                    writeln!(out, "#{}  {play}", i + 1)?;
                }
            }
            _ => match read_steps(game, me, text, lang) {
                Ok(true) => return Ok(HumanTurn::Acted),
                Ok(false) => {}
                Err(why) => writeln!(out, "{why}")?,
            },
        }
    }
}

/// The hint's best three plays, numbered as `moves` numbers them, with their chances.
fn print_hint(game: &Hapis, hint: &serde_json::Value, lang: Lang, out: &mut dyn Write) -> Result<()> {
    let plays = game.plays();
    for ranked in hint["plays"].as_array().into_iter().flatten().take(3) {
        let text = ranked["play"].as_str().unwrap_or_default();
        // The hint and the list come from the same generator, so the hinted play is among the numbered ones.
        let Some(number) = plays.iter().position(|(p, _)| p.to_string() == text) else { continue };
        let chance = |key: &str| decimal(lang, 100.0 * ranked[key].as_f64().unwrap_or(0.0), 0, false);
        let shown = if text.is_empty() { render(lang, &Msg::new("hplay-no-move")) } else { text.to_owned() };
        let line = Msg::new("hplay-hint")
            .arg("equity", decimal(lang, ranked["equity"].as_f64().unwrap_or(0.0), 3, true))
            .arg("win", chance("win"))
            .arg("mars", chance("win_mars"))
            .arg("lost", chance("lose_mars"));
        writeln!(out, "#{}  {shown:<18} {}", number + 1, render(lang, &line))?;
    }
    Ok(())
}

fn steps_note(done: &[String], lang: Lang) -> String {
    if done.is_empty() {
        return String::new();
    }
    render(lang, &Msg::new("hplay-played-so-far").arg("steps", done.join(" ")))
}

/// Reads more steps (`1/4`, `1/4 4/7`, `1 3`, `#2`) as the match's actions: all of them, or none when one
/// fails. True when they completed the play.
fn read_steps(game: &mut Match<Hapis>, me: u8, text: &str, lang: Lang) -> Result<bool, String> {
    let say = |msg: Msg| render(lang, &msg);
    let wanted: Vec<String> = if let Some(number) = text.strip_prefix('#') {
        if !game.pending().is_empty() {
            return Err(say(Msg::new("hplay-undo-first")));
        }
        let index: usize = number.parse().map_err(|_| say(Msg::new("hplay-not-number").arg("text", text)))?;
        let plays = game.state().plays();
        let (play, _) =
            plays.get(index.wrapping_sub(1)).ok_or_else(|| say(Msg::new("hplay-no-play-number").arg("n", index)))?;
        play.steps().map(|s| Play::new(&[s]).to_string()).collect()
    } else if text.contains('/') {
        let parsed = Play::parse(text).map_err(|e| say(Msg::new("hplay-unreadable").arg("why", e.to_string())))?;
        parsed.steps().map(|s| Play::new(&[s]).to_string()).collect()
    } else {
        let numbers: Vec<u8> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        match numbers.as_slice() {
            &[from, die] if (1..=24).contains(&from) && (1..=6).contains(&die) => {
                let to = from + die;
                vec![if to <= 24 { format!("{from}/{to}") } else { format!("{from}/off") }]
            }
            _ => return Err(say(Msg::new("hplay-not-play").arg("text", text))),
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
                return Err(format!("{}.", sentence(lang, e.msg())));
            }
        }
    }
    Ok(false)
}
