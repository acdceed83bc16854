//! `hamle hapis`: tools on Hapis Tavlası positions that outside programs can call: legal plays, hints, perft.

use std::time::Instant;

use anyhow::{Context, Result};
use clap::Subcommand;
use hamle_hapis::bots::{Level, hints};
use hamle_hapis::{Dice, Hapis, Position, Settings};
use serde_json::json;

/// What `hamle hapis` can do.
#[derive(Subcommand, Debug)]
pub enum HapisCommand {
    /// Print every distinct legal play for a roll as JSON: `[{"play": "1/4 1/6", "position": {…}}, …]`.
    Legal {
        /// The position as JSON: {"turn":"white","points":[24 strings],"off":{"white":0,"black":0}}.
        #[arg(long)]
        position: String,
        /// The roll, e.g. 3,5.
        #[arg(long)]
        dice: String,
    },
    /// List the best plays for a roll with their equities and win/mars chances, as a level searches them.
    Hint {
        /// The position as JSON, the side to play on turn (as for `legal`).
        #[arg(long)]
        position: String,
        /// The roll, e.g. 3,5.
        #[arg(long)]
        dice: String,
        /// How deep: beginner…advanced search 1 ply, expert 2 (noise never enters a hint).
        #[arg(long, default_value = "expert")]
        level: String,
        /// How many plays to list.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
        count: u16,
        /// Under Plakoto's mother rule.
        #[arg(long)]
        mother: bool,
        /// Print JSON: `[{"play", "equity", "win", "win_mars", "lose_mars", "plies"}, …]`, best first.
        #[arg(long)]
        json: bool,
    },
    /// Count the distinct positions reachable in D plays, over the 21 distinct rolls at each turn.
    Perft {
        /// Plays deep.
        #[arg(long)]
        depth: u32,
        /// The position as JSON (default: the start, White to move).
        #[arg(long)]
        position: Option<String>,
    },
}

/// Runs a `hamle hapis` command.
pub fn run(command: HapisCommand) -> Result<()> {
    match command {
        HapisCommand::Legal { position, dice } => {
            let position = Position::from_json_str(&position).context("--position")?;
            let dice = Dice::parse(&dice).context("--dice")?;
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
            println!("{}", serde_json::to_string_pretty(&plays)?);
        }
        HapisCommand::Hint { position, dice, level, count, mother, json } => {
            let position = Position::from_json_str(&position).context("--position")?;
            let dice = Dice::parse(&dice).context("--dice")?;
            let level = Level::parse(&level).with_context(|| {
                let known: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                format!("--level: no level is called '{level}' (known: {})", known.join(", "))
            })?;
            let settings = Settings { mother, ..Settings::default() };
            anyhow::ensure!(
                Hapis::result(&position, settings).is_none(),
                "--position: the game is over, nothing is to be played"
            );
            let ranked = hints(&position, dice, settings, level, &hamle_core::Budget::UNLIMITED);
            let best: Vec<_> = ranked.iter().take(usize::from(count)).collect();
            if json {
                let rows: Vec<_> = best.iter().map(|r| r.to_json()).collect();
                println!("{}", serde_json::to_string_pretty(&rows)?);
            } else {
                println!(
                    "{:>2}  {:<20} {:>7} {:>7} {:>9} {:>10} {:>5}",
                    "#", "play", "equity", "win", "win mars", "lose mars", "plies"
                );
                for (n, r) in best.iter().enumerate() {
                    let play = if r.play.is_empty() { "(no move to play)".to_owned() } else { r.play.to_string() };
                    println!(
                        "{:>2}  {:<20} {:>+7.3} {:>6.1}% {:>8.1}% {:>9.1}% {:>5}",
                        n + 1,
                        play,
                        r.value.equity(),
                        100.0 * r.value.win,
                        100.0 * r.value.win_mars,
                        100.0 * r.value.lose_mars,
                        r.depth
                    );
                }
            }
        }
        HapisCommand::Perft { depth, position } => {
            let position = match position {
                Some(text) => Position::from_json_str(&text).context("--position")?,
                None => Position::start(),
            };
            let clock = Instant::now();
            let count = position.perft(depth);
            eprintln!("perft {depth}: {count} in {:.3} s", clock.elapsed().as_secs_f64());
            println!("{count}");
        }
    }
    Ok(())
}
