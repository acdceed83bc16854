//! `hamle hapis …`: tools on positions that outside programs can call — the legal plays for a roll, hints,
//! perft. Declared here and run by the terminal, which builds their flags from these declarations.

use std::time::Instant;

use anyhow::{Context, Result};
use hamle_core::command::{Arg, Call, Command};
use serde_json::json;

use crate::bots::{Level, hints};
use crate::{Dice, Hapis, Position, Settings};

const POSITION: &str =
    "The position as JSON: {\"turn\":\"white\",\"points\":[24 strings],\"off\":{\"white\":0,\"black\":0}}.";

/// The commands of Hapis's own crate, `hamle hapis legal|hint|perft` (its training is the arena's, which plays
/// the measuring matches).
pub const COMMANDS: &[Command] = &[LEGAL, HINT, PERFT];

/// `hamle hapis legal`.
pub const LEGAL: Command = Command {
    verb: "legal",
    about: "Print every distinct legal play for a roll as JSON: `[{\"play\": \"1/4 1/6\", \"position\": {…}}, …]`.",
    args: &[Arg::value("position", "JSON", POSITION), Arg::value("dice", "ROLL", "The roll, e.g. 3,5.")],
    top: false,
    merge: None,
    run: |call| legal(call),
};

/// `hamle hapis hint`.
pub const HINT: Command = Command {
    verb: "hint",
    about: "List the best plays for a roll with their equities and win/mars chances, as a level searches them.",
    args: &[
        Arg::value("position", "JSON", "The position as JSON, the side to play on turn (as for `legal`)."),
        Arg::value("dice", "ROLL", "The roll, e.g. 3,5."),
        Arg::value("level", "LEVEL", "How deep: beginner…advanced search 1 ply, expert 2 (noise never enters a hint).")
            .or("expert"),
        Arg::value("count", "N", "How many plays to list.").or("5"),
        Arg::switch("mother", "Under Plakoto's mother rule."),
        Arg::switch(
            "json",
            "Print JSON: `[{\"play\", \"equity\", \"win\", \"win_mars\", \"lose_mars\", \"plies\"}, …]`, best first.",
        ),
    ],
    top: false,
    merge: None,
    run: |call| hint(call),
};

/// `hamle hapis perft`.
pub const PERFT: Command = Command {
    verb: "perft",
    about: "Count the distinct positions reachable in D plays, over the 21 distinct rolls at each turn.",
    args: &[
        Arg::value("depth", "D", "Plays deep."),
        Arg::value("position", "JSON", "The position as JSON (default: the start, White to move)."),
    ],
    top: false,
    merge: None,
    run: |call| perft(call),
};

/// The position and the roll of `legal` and `hint`.
fn position_and_dice(call: &Call<'_>) -> Result<(Position, Dice)> {
    let position =
        Position::from_json_str(call.text("position").context("--position is missing")?).context("--position")?;
    let dice = Dice::parse(call.text("dice").context("--dice is missing")?).context("--dice")?;
    Ok((position, dice))
}

fn legal(call: &mut Call<'_>) -> Result<()> {
    let (position, dice) = position_and_dice(call)?;
    anyhow::ensure!(position.winner().is_none(), "--position: the game is over, nothing is to be played");
    anyhow::ensure!(
        !position.mothers_pinned(),
        "--position: the game is over (both mothers are pinned: a tie), nothing is to be played"
    );
    let plays: Vec<_> = position
        .plays(dice)
        .into_iter()
        .map(|(play, result)| json!({ "play": play.to_string(), "position": result.to_json() }))
        .collect();
    call.print_json(&json!(plays))
}

fn hint(call: &mut Call<'_>) -> Result<()> {
    let (position, dice) = position_and_dice(call)?;
    let level = call.required::<String>("level")?;
    let level = Level::parse(&level).with_context(|| {
        let known: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("--level: no level is called '{level}' (known: {})", known.join(", "))
    })?;
    let count = call.number_in::<u16>("count", 1..=u16::MAX)?.unwrap_or(5);
    let settings = Settings { mother: call.switch("mother"), ..Settings::default() };
    anyhow::ensure!(
        Hapis::result(&position, settings).is_none(),
        "--position: the game is over, nothing is to be played"
    );
    let ranked = hints(&position, dice, settings, level, &hamle_core::Budget::UNLIMITED);
    let best: Vec<_> = ranked.iter().take(usize::from(count)).collect();
    if call.switch("json") {
        let rows: Vec<_> = best.iter().map(|r| r.to_json()).collect();
        return call.print_json(&json!(rows));
    }
    let mut text = format!(
        "{:>2}  {:<20} {:>7} {:>7} {:>9} {:>10} {:>5}\n",
        "#", "play", "equity", "win", "win mars", "lose mars", "plies"
    );
    for (n, r) in best.iter().enumerate() {
        let play = if r.play.is_empty() { "(no move to play)".to_owned() } else { r.play.to_string() };
        text += &format!(
            "{:>2}  {:<20} {:>+7.3} {:>6.1}% {:>8.1}% {:>9.1}% {:>5}\n",
            n + 1,
            play,
            r.value.equity(),
            100.0 * r.value.win,
            100.0 * r.value.win_mars,
            100.0 * r.value.lose_mars,
            r.depth
        );
    }
    call.print(&text)
}

fn perft(call: &mut Call<'_>) -> Result<()> {
    let depth = call.required::<u32>("depth")?;
    let position = match call.text("position") {
        Some(text) => Position::from_json_str(text).context("--position")?,
        None => Position::start(),
    };
    let clock = Instant::now();
    let count = position.perft(depth);
    call.host.note(&format!("perft {depth}: {count} in {:.3} s", clock.elapsed().as_secs_f64()));
    call.print(&format!("{count}\n"))
}
