//! `hamle hapis`: tools on Hapis Tavlası positions that outside programs can call.

use std::time::Instant;

use anyhow::{Context, Result};
use clap::Subcommand;
use hamle_hapis::{Dice, Position};
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
            let plays: Vec<_> = position
                .plays(dice)
                .into_iter()
                .map(|(play, result)| json!({ "play": play.to_string(), "position": result.to_json() }))
                .collect();
            println!("{}", serde_json::to_string_pretty(&plays)?);
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
