//! `hamle play hapis`: a match of Hapis Tavlası in the terminal, as the thesis's screen (§4.7) has it:
//! the board in both numberings, the dice thrown and those left, the move log, the trays and the score.
//! A play is typed whole (`1/4 1/6`) or a step at a time (`1/4`, or a point and a die: `1 3`).

use std::io::{BufRead, Write};

use anyhow::Result;
use hamle_arena::Spec;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
use hamle_hapis::bots::{Level, hints};
use hamle_hapis::{Dice, Entry, Hapis, Phase, Position, Settings, Side, side_name};

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
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextStart {
    /// The winner of the previous game throws first.
    Winner,
    /// An opening throw decides, as in the first game.
    Throw,
}

/// How the match is set up.
pub struct MatchSetup {
    /// The bot's spec (`random`, later `thesis`).
    pub bot: Spec,
    /// The person plays White (who travels 1 → 24 in White's numbering) or Black.
    pub human: Side,
    /// Points to win the match.
    pub length: u32,
    /// Seed of the dice and the bot's choices.
    pub seed: u64,
    /// Who starts the games after the first.
    pub next: NextStart,
    /// The table's rules.
    pub settings: Settings,
}

/// The match score, shown at every prompt.
struct Table {
    score: [u32; 2],
    length: u32,
}

/// How a game ended.
enum Ending {
    /// Points gained by each side.
    Points([u32; 2]),
    /// The person left the match.
    Quit,
}

/// Plays a match against the bot, reading the person's input from `input`.
pub fn run(setup: &MatchSetup, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let def = hamle_arena::games::hapis();
    let mut bot = def.bot(&setup.bot, &Hapis::new(setup.settings))?;
    let master = Stream::new(setup.seed);
    let mut score = [0u32; 2];
    let mut starter: Option<Side> = None;
    let points = if setup.length == 1 { "1 point" } else { "points" };
    let points = if setup.length == 1 { points.to_owned() } else { format!("{} {points}", setup.length) };
    writeln!(out, "Hapis Tavlası, a match to {points}. You play {}.\n{HELP}", side_name(setup.human))?;
    for game_index in 0u64.. {
        let mut game = match starter {
            None => Hapis::new(setup.settings),
            Some(side) => Hapis::at(Position { turn: side, ..Position::start() }, Phase::Roll, setup.settings),
        };
        let streams = master.derive(game_index);
        // Stream 0 throws the dice, stream 1 breaks the bot's ties: the bot never touches the dice.
        let mut streams = [streams.derive(0), streams.derive(1)];
        writeln!(out, "\n=== Game {} — score: white {}, black {} ===", game_index + 1, score[0], score[1])?;
        let table = Table { score, length: setup.length };
        let ending = play_game(&mut game, setup, &table, bot.as_mut(), &mut streams, input, out)?;
        let Ending::Points(gained) = ending else {
            writeln!(out, "Bye: the match is left unfinished at white {}, black {}.", score[0], score[1])?;
            return Ok(());
        };
        score[0] += gained[0];
        score[1] += gained[1];
        writeln!(out, "Score: white {}, black {} (match to {}).", score[0], score[1], setup.length)?;
        if let Some(side) = [Side::White, Side::Black].into_iter().find(|s| score[s.index()] >= setup.length) {
            let verdict = if side == setup.human { "You win the match" } else { "The bot wins the match" };
            writeln!(out, "Match over: {verdict}, {} to {}.", score[side.index()], score[side.other().index()])?;
            return Ok(());
        }
        starter = match setup.next {
            NextStart::Throw => None,
            NextStart::Winner if gained[0] > gained[1] => Some(Side::White),
            NextStart::Winner if gained[1] > gained[0] => Some(Side::Black),
            NextStart::Winner => None,
        };
    }
    Ok(())
}

/// Plays one game to its end; the points it gives each side.
fn play_game(
    game: &mut Hapis,
    setup: &MatchSetup,
    table: &Table,
    bot: &mut dyn Bot<Hapis>,
    streams: &mut [Stream; 2],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Ending> {
    let [dice, bot_stream] = streams;
    let mut log: Vec<String> = Vec::new();
    loop {
        match game.turn() {
            Turn::Over => {
                let points = game.points().unwrap_or([0.0, 0.0]);
                writeln!(out, "\n{game}")?;
                let gained = points.map(|p| if p > 0.0 { p as u32 } else { 0 });
                let verdict = match game.position().winner() {
                    Some(w) if gained[w.index()] == 2 => format!("{} wins with mars: 2 points", side_name(w)),
                    Some(w) => format!("{} wins: 1 point", side_name(w)),
                    None => "both mothers are pinned: a tie".to_owned(),
                };
                writeln!(out, "Game over: {verdict}.")?;
                return Ok(Ending::Points(gained));
            }
            Turn::Chance => {
                let opening = game.phase() == Phase::Opening;
                let Some(throw) = game.sample_chance(dice) else { return Ok(Ending::Quit) };
                game.apply_chance(throw);
                if opening {
                    writeln!(
                        out,
                        "Opening throw: white {}, black {}: {} starts.",
                        throw.0,
                        throw.1,
                        side_name(game.position().turn)
                    )?;
                }
            }
            Turn::Player(_) => {
                let side = game.position().turn;
                let Some(roll) = game.dice() else { return Ok(Ending::Quit) };
                let plays = game.plays();
                if plays.len() == 1 && plays[0].0.is_empty() {
                    writeln!(out, "{} throws {roll}: no move to play.", side_name(side))?;
                    log.push(format!("{} {roll}: -", side_name(side)));
                    game.play(plays[0].0);
                    continue;
                }
                if side != setup.human {
                    let Some(decision) = bot.choose(game, &Budget::UNLIMITED, bot_stream) else {
                        return Ok(Ending::Quit);
                    };
                    let text = game.format_move(decision.mv);
                    writeln!(out, "{} (bot) throws {roll} and plays {text}.", side_name(side))?;
                    log.push(format!("{} {roll}: {text}", side_name(side)));
                    game.try_play(decision.mv).map_err(|_| anyhow::anyhow!("the bot chose an illegal play"))?;
                    continue;
                }
                match human_turn(game, roll, &log, table, input, out)? {
                    HumanTurn::Played(text) => {
                        writeln!(out, "{} (you) played {text}.", side_name(side))?;
                        log.push(format!("{} {roll}: {text}", side_name(side)));
                    }
                    HumanTurn::Resigned => {
                        let stake = if game.position().off[side.index()] == 0 { 2 } else { 1 };
                        writeln!(out, "You resign: {} gains {stake}.", side_name(side.other()))?;
                        let mut gained = [0; 2];
                        gained[side.other().index()] = stake;
                        return Ok(Ending::Points(gained));
                    }
                    HumanTurn::Quit => return Ok(Ending::Quit),
                }
            }
        }
    }
}

enum HumanTurn {
    Played(String),
    Resigned,
    Quit,
}

/// Reads the person's play for `roll`, step by step or whole, with undo.
fn human_turn(
    game: &mut Hapis,
    roll: Dice,
    log: &[String],
    table: &Table,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<HumanTurn> {
    let mut entry = Entry::new(game).ok_or_else(|| anyhow::anyhow!("no dice to play"))?;
    let mut line = String::new();
    loop {
        if let Some(play) = entry.play().filter(|_| !entry.steps().is_empty()) {
            game.try_play_steps(&play).map_err(|_| anyhow::anyhow!("a complete play was refused"))?;
            return Ok(HumanTurn::Played(play.to_string()));
        }
        let shown = Hapis::at(entry.board(), Phase::Move(roll), game.settings());
        writeln!(out, "\n{shown}")?;
        let left_text: Vec<String> = entry.left().iter().map(u8::to_string).collect();
        let done: Vec<String> = entry.steps().iter().map(|s| hamle_hapis::Play::new(&[*s]).to_string()).collect();
        writeln!(
            out,
            "Match to {}: white {}, black {}. Dice {roll}, left: {}{}",
            table.length,
            table.score[0],
            table.score[1],
            left_text.join(" "),
            steps_note(&done)
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
            "" => {}
            "quit" | "exit" => return Ok(HumanTurn::Quit),
            "resign" => return Ok(HumanTurn::Resigned),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" => {}
            "undo" => {
                if entry.undo().is_none() {
                    writeln!(out, "Nothing to undo in this turn.")?;
                }
            }
            "log" => writeln!(out, "Plays so far:\n{}", if log.is_empty() { "(none)".into() } else { log.join("\n") })?,
            "hint" if !entry.steps().is_empty() => {
                writeln!(out, "Hints are for the whole roll: undo your steps first.")?
            }
            "hint" => {
                let plays = game.plays();
                for r in hints(game.position(), roll, game.settings(), Level::Expert).iter().take(3) {
                    // Both lists come from the same generator, so the hinted play is always among the numbered ones.
                    let Some(number) = plays.iter().position(|(p, _)| *p == r.play) else { continue };
                    let o = r.value;
                    writeln!(
                        out,
                        "#{}  {:<18} equity {:+.3}, win {:.0} %, win with mars {:.0} %, lose with mars {:.0} %",
                        number + 1,
                        if r.play.is_empty() { "(no move to play)".to_owned() } else { r.play.to_string() },
                        o.equity(),
                        100.0 * o.win,
                        100.0 * o.win_mars,
                        100.0 * o.lose_mars
                    )?;
                }
            }
            "moves" => {
                for (i, (play, _)) in game.plays().iter().enumerate() {
                    writeln!(out, "#{}  {play}", i + 1)?;
                }
            }
            _ => {
                if let Err(why) = read_steps(game, &mut entry, text) {
                    writeln!(out, "{why}")?;
                }
            }
        }
    }
}

fn steps_note(done: &[String]) -> String {
    if done.is_empty() { String::new() } else { format!("; played so far: {}", done.join(" ")) }
}

/// Reads more steps (`1/4`, `1/4 4/7`, `1 3`, `#2`) into `entry`: all of them, or none when one fails.
fn read_steps(game: &Hapis, entry: &mut Entry, text: &str) -> Result<(), String> {
    let wanted: Vec<(u8, Option<u8>)> = if let Some(number) = text.strip_prefix('#') {
        if !entry.steps().is_empty() {
            return Err("Undo your steps first, or go on step by step.".into());
        }
        let index: usize = number.parse().map_err(|_| format!("'{text}' is not a play number (try 'moves')"))?;
        let plays = game.plays();
        let (play, _) = plays.get(index.wrapping_sub(1)).ok_or_else(|| format!("There is no play #{index}."))?;
        play.steps().map(|s| (s.from, s.to)).collect()
    } else if text.contains('/') {
        let parsed = hamle_hapis::Play::parse(text).map_err(|e| e.to_string())?;
        parsed.steps().map(|s| (s.from, s.to)).collect()
    } else {
        let numbers: Vec<u8> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        match numbers.as_slice() {
            &[from, die] if (1..=24).contains(&from) && (1..=6).contains(&die) => {
                let to = from + die;
                vec![(from, (to <= 24).then_some(to))]
            }
            _ => return Err(format!("'{text}' is not a play: type 'help'.")),
        }
    };
    let mut trial = entry.clone();
    for (from, to) in wanted {
        trial.push(from, to).map_err(|e| {
            let mut why = e.to_string();
            if let Some(first) = why.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            format!("{why}.")
        })?;
    }
    *entry = trial;
    Ok(())
}
