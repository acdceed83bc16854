//! Backups: a store written out as one file and read back into an empty store, SQLite or PostgreSQL alike, so
//! that a backup also moves an arcade from one to the other.
//!
//! The file is JSON Lines (`docs/deploy.md`, "Backups"): a header `{"hamle_store":1,"schema":N,"players":P,
//! "games":G}`, then a line `{"player":{"token_hash":…,"created":…}}` per player, then a line `{"game":{…}}` per
//! game with its row, its seats and its actions. A reader refuses a file of another `hamle_store` format.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{GameDump, Store, StoreError};

/// The format of a backup this hamle writes and reads.
pub const FORMAT: u32 = 1;

/// A backup's first line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    hamle_store: u32,
    schema: usize,
    players: usize,
    games: usize,
}

/// Every line after the header.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum Line {
    Player { token_hash: String, created: i64 },
    Game(Box<GameDump>),
}

/// What a backup held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Players.
    pub players: usize,
    /// Games.
    pub games: usize,
    /// Actions of all games.
    pub actions: usize,
}

/// Why a backup could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The file is not a backup this hamle reads.
    #[error("line {line}: {why}")]
    Format {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The store to import into holds players or games already.
    #[error("the store to import into is not empty: import into a new database")]
    NotEmpty,
}

/// Writes every player and game of `store` to `out`.
///
/// # Errors
/// When the store fails or `out` cannot be written.
pub fn export(store: &dyn Store, out: &mut dyn Write) -> Result<Summary, DumpError> {
    let players = store.players()?;
    let ids = store.game_ids()?;
    let header = Header { hamle_store: FORMAT, schema: store.version()?, players: players.len(), games: ids.len() };
    let mut summary = Summary { players: players.len(), games: 0, actions: 0 };
    writeln!(out, "{}", json(&header)?)?;
    for (token_hash, created) in players {
        writeln!(out, "{}", json(&Line::Player { token_hash, created })?)?;
    }
    for id in ids {
        // Games are never deleted: one listed is there.
        if let Some(game) = store.dump_game(&id)? {
            summary.games += 1;
            summary.actions += game.actions.len();
            writeln!(out, "{}", json(&Line::Game(Box::new(game)))?)?;
        }
    }
    out.flush()?;
    Ok(summary)
}

fn json<T: Serialize>(value: &T) -> Result<String, DumpError> {
    serde_json::to_string(value).map_err(|e| DumpError::Io(e.into()))
}

/// Reads the backup at `path` into `store`, which must be empty. The whole file is checked before anything is
/// written, so that a malformed or truncated backup changes nothing.
///
/// # Errors
/// When the file is not a backup of [`FORMAT`], is incomplete, names a player it does not hold, or the store is
/// not empty or fails.
pub fn import(store: &dyn Store, path: &Path) -> Result<Summary, DumpError> {
    if !store.is_empty()? {
        return Err(DumpError::NotEmpty);
    }
    let checked = read(path, &mut |_| Ok(()))?;
    read(path, &mut |line| {
        match line {
            Line::Player { token_hash, created } => store.restore_player(&token_hash, created)?,
            Line::Game(game) => store.restore_game(&game)?,
        }
        Ok(())
    })?;
    Ok(checked)
}

/// Reads a backup, checking each line and the whole, and hands each line to `each`.
fn read(path: &Path, each: &mut dyn FnMut(Line) -> Result<(), DumpError>) -> Result<Summary, DumpError> {
    let bad = |line: usize, why: String| DumpError::Format { line, why };
    let mut lines = BufReader::new(std::fs::File::open(path)?).lines();
    let first = lines.next().transpose()?.ok_or_else(|| bad(1, "the file is empty".to_owned()))?;
    let header: Header = serde_json::from_str(&first).map_err(|e| bad(1, format!("not a hamle backup ({e})")))?;
    if header.hamle_store != FORMAT {
        return Err(bad(1, format!("a backup of format {}: this hamle reads format {FORMAT}", header.hamle_store)));
    }
    let mut players = HashSet::new();
    let mut games = HashSet::new();
    let mut summary = Summary::default();
    let mut n = 1;
    for text in lines {
        n += 1;
        let line: Line = serde_json::from_str(&text?).map_err(|e| bad(n, e.to_string()))?;
        match &line {
            Line::Player { token_hash, .. } => {
                if !games.is_empty() {
                    return Err(bad(n, "a player after the games".to_owned()));
                }
                if !players.insert(token_hash.clone()) {
                    return Err(bad(n, "a player given twice".to_owned()));
                }
                summary.players += 1;
            }
            Line::Game(game) => {
                if !games.insert(game.row.id.clone()) {
                    return Err(bad(n, format!("game {} given twice", game.row.id)));
                }
                let people = std::iter::once(&game.row.player).chain(game.seats.iter().map(|(_, p)| p));
                if let Some(stranger) = people.into_iter().find(|p| !players.contains(*p)) {
                    return Err(bad(
                        n,
                        format!("game {} names a player the backup does not hold ({stranger})", game.row.id),
                    ));
                }
                summary.games += 1;
                summary.actions += game.actions.len();
            }
        }
        each(line)?;
    }
    if (summary.players, summary.games) != (header.players, header.games) {
        return Err(bad(
            n,
            format!(
                "the header promises {} players and {} games, the file holds {} and {}: it is incomplete",
                header.players, header.games, summary.players, summary.games
            ),
        ));
    }
    Ok(summary)
}
