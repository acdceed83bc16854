//! Backups: a store written out as one file and read back into an empty store, SQLite or PostgreSQL alike, so
//! that a backup also moves an arcade from one to the other.
//!
//! The file is JSON Lines (`docs/deploy.md`, "Backups"): a header `{"hamle_store":3,"schema":N,"players":P,
//! "games":G}`, then a line `{"player":{"token_hash":…,"created":…,"name":…,"list_games":…,"tokens":[…],
//! "transfers":[…]}}` per player, then a line `{"game":{…}}` per game with its row (its result included), its seats
//! and its actions. Format 3 adds each player's `ratings` (a standing per pool) and each rated game's `ratings`
//! (what it did to each person's). Formats 1 (before people had names and several tokens) and 2 (before ratings)
//! are read too: a player of format 1 holds only `token_hash` and `created`, and gets its first token alone. A
//! reader refuses any other format.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{GameDump, PlayerDump, Store, StoreError};

/// The format of a backup this hamle writes.
pub const FORMAT: u32 = 3;

/// The formats of a backup this hamle reads.
const READS: [u32; 3] = [1, 2, 3];

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
    Player(Box<PlayerDump>),
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
    for (id, _) in players {
        // Players are never deleted: one listed is there.
        if let Some(player) = store.dump_player(&id)? {
            writeln!(out, "{}", json(&Line::Player(Box::new(player)))?)?;
        }
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
/// When the file is not a backup of a format this hamle reads, is incomplete, names a player it does not hold,
/// gives a token or a code twice, or the store is not empty or fails.
pub fn import(store: &dyn Store, path: &Path) -> Result<Summary, DumpError> {
    if !store.is_empty()? {
        return Err(DumpError::NotEmpty);
    }
    let checked = read(path, &mut |_| Ok(()))?;
    read(path, &mut |line| {
        match line {
            Line::Player(player) => store.restore_player(&player)?,
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
    if !READS.contains(&header.hamle_store) {
        return Err(bad(1, format!("a backup of format {}: this hamle reads formats {READS:?}", header.hamle_store)));
    }
    let mut players = HashSet::new();
    // Tokens and codes are keys of their own tables: one given twice (by two players, or one) would fail
    // half-way through the import.
    let mut tokens = HashSet::new();
    let mut codes = HashSet::new();
    let mut names = HashSet::new();
    let mut games = HashSet::new();
    let mut summary = Summary::default();
    let mut n = 1;
    for text in lines {
        n += 1;
        let line: Line = serde_json::from_str(&text?).map_err(|e| bad(n, e.to_string()))?;
        match &line {
            Line::Player(player) => {
                if !games.is_empty() {
                    return Err(bad(n, "a player after the games".to_owned()));
                }
                if !players.insert(player.token_hash.clone()) {
                    return Err(bad(n, "a player given twice".to_owned()));
                }
                if let Some(name) = &player.name
                    && !names.insert(super::name_key(name))
                {
                    return Err(bad(n, format!("the name {name} given twice")));
                }
                if player.all_tokens().iter().any(|t| !tokens.insert(t.token_hash.clone())) {
                    return Err(bad(n, "a token given twice".to_owned()));
                }
                if player.transfers.iter().any(|t| !codes.insert(t.code_hash.clone())) {
                    return Err(bad(n, "a transfer's code given twice".to_owned()));
                }
                summary.players += 1;
            }
            Line::Game(game) => {
                if !games.insert(game.row.id.clone()) {
                    return Err(bad(n, format!("game {} given twice", game.row.id)));
                }
                let people = std::iter::once(&game.row.player)
                    .chain(game.seats.iter().map(|(_, p)| p))
                    .chain(game.ratings.iter().map(|r| &r.player));
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
