//! The SQLite store: one file, one server (the default). One connection writes, behind a lock (SQLite writes
//! one transaction at a time anyway), and a few only read, so that reads never wait for a write (WAL lets them
//! read beside it).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    ClaimError, GameDump, GameRow, JoinError, ListedGame, Listener, MIGRATIONS, NameError, Person, PlayerDump, Ranked,
    Rater, RatingChange, Seated, Standing, StandingDump, Store, StoreError, TokenDump, TokenRow, TransferDump,
    name_key, now, server_name,
};

/// The SQLite store.
pub struct Sqlite {
    db: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    /// Where the next read starts looking for a free reader.
    next: AtomicUsize,
    server: String,
}

/// How the SQLite store is opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The most bytes the database may grow to (SQLite's `max_page_count`); a write past it fails with
    /// [`super::Failure::Full`] and changes nothing. `None`: as large as the disk allows.
    pub max_bytes: Option<u64>,
}

/// Connections that only read, beside the one that writes.
const READERS: usize = 4;

/// How long a write waits for another process's lock on the database before it fails with
/// [`super::Failure::Busy`].
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The columns of a game row, in the order [`row_to_game`] reads them.
const GAME_COLUMNS: &str = "id, player, kind, setup, seed, salt, status, created, updated, format, invite, invite_expires, version, \
     lease_owner, lease_until, result";

/// A person's columns, in the order [`row_to_person`] reads them.
const PERSON_COLUMNS: &str = "token_hash, name, created, list_games, \
     (SELECT COUNT(*) FROM tokens t WHERE t.player = players.token_hash AND t.revoked IS NULL)";

/// A rating change's columns, in the order [`row_to_change`] reads them.
const CHANGE_COLUMNS: &str = "game, seat, player, pool, rating_before, deviation_before, volatility_before, games_before, \
     rating_after, deviation_after, volatility_after, games_after, at";

/// The games a player made or sits at (`?1`), only those over when `?2` is true.
const GAMES_OF: &str = "FROM games WHERE (player = ?1 OR id IN (SELECT game FROM seats WHERE player = ?1)) \
     AND (?2 = 0 OR status = 'over')";

impl Sqlite {
    /// Opens (creating it if need be) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        Self::open_with(path, Options::default())
    }

    /// Opens the database at `path` with `options`.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated, or its schema is newer than this binary knows.
    pub fn open_with(path: &Path, options: Options) -> Result<Sqlite, StoreError> {
        let mut store = Self::setup(Connection::open(path)?, options)?;
        for _ in 0..READERS {
            let reader = Connection::open_with_flags(
                path,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )?;
            reader.busy_timeout(BUSY_WAIT)?;
            store.readers.push(Mutex::new(reader));
        }
        Ok(store)
    }

    /// A store in memory, for tests (it reads through its one connection).
    ///
    /// # Errors
    /// When SQLite cannot start.
    pub fn in_memory() -> Result<Sqlite, StoreError> {
        Self::setup(Connection::open_in_memory()?, Options::default())
    }

    fn setup(mut db: Connection, options: Options) -> Result<Sqlite, StoreError> {
        // A newer hamle's file is refused before anything here writes to it (even its journal mode).
        let applied: usize = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if applied > MIGRATIONS.len() {
            return Err(StoreError::Newer { found: applied, known: MIGRATIONS.len() });
        }
        // WAL with NORMAL sync survives a killed process (not a power cut) and lets readers run beside a writer.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.pragma_update(None, "foreign_keys", "ON")?;
        db.busy_timeout(BUSY_WAIT)?;
        for (version, sql) in MIGRATIONS.iter().enumerate().skip(applied) {
            let tx = db.transaction()?;
            tx.execute_batch(sql)?;
            if version + 1 == super::REKEY {
                let named: Vec<(String, String)> = {
                    let mut query = tx.prepare(
                        "SELECT token_hash, name FROM players WHERE name IS NOT NULL ORDER BY created, token_hash",
                    )?;
                    let rows = query.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
                    rows.collect::<Result<_, _>>()?
                };
                for (id, key) in super::rekey(&named) {
                    tx.execute("UPDATE players SET name_key = ?2 WHERE token_hash = ?1", params![id, key])?;
                }
            }
            tx.pragma_update(None, "user_version", version + 1)?;
            tx.commit()?;
        }
        if let Some(bytes) = options.max_bytes {
            let page: u64 = db.query_row("PRAGMA page_size", [], |r| r.get(0))?;
            db.pragma_update(None, "max_page_count", (bytes / page.max(1)).max(1))?;
        }
        Ok(Sqlite { db: Mutex::new(db), readers: Vec::new(), next: AtomicUsize::new(0), server: server_name() })
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent (transactions roll back), so go on.
        self.db.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A connection to read with: a free reader if one is, else the next in turn (the writer without readers).
    fn reader(&self) -> MutexGuard<'_, Connection> {
        if self.readers.is_empty() {
            return self.db();
        }
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.readers.len() {
            if let Ok(reader) = self.readers[(start + i) % self.readers.len()].try_lock() {
                return reader;
            }
        }
        self.readers[start % self.readers.len()].lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Inserts a game's row, seats and actions (each with when it was made) in `tx`.
fn insert_game(
    tx: &rusqlite::Transaction<'_>,
    game: &GameRow,
    seats: &[(u8, String)],
    actions: &[(&str, i64)],
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO games (id, player, kind, setup, seed, salt, status, created, updated, format, invite,
                            invite_expires, version, result)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            game.id,
            game.player,
            game.kind,
            game.setup,
            i64::from_ne_bytes(game.seed.to_ne_bytes()),
            game.salt,
            game.status,
            game.created,
            game.updated,
            game.format,
            game.invite,
            game.invite_expires,
            game.version,
            game.result
        ],
    )?;
    for (seat, player) in seats {
        tx.execute("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)", params![game.id, seat, player])?;
    }
    for (seq, (action, at)) in actions.iter().enumerate() {
        tx.execute(
            "INSERT INTO actions (game, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
            params![game.id, seq, action, at],
        )?;
    }
    Ok(())
}

impl Store for Sqlite {
    fn server(&self) -> &str {
        &self.server
    }

    fn shared(&self) -> bool {
        // One server alone uses an SQLite file.
        false
    }

    fn version(&self) -> Result<usize, StoreError> {
        Ok(self.reader().query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.reader().query_row("SELECT 1", [], |r| r.get::<_, i64>(0))?;
        Ok(())
    }

    fn add_player(&self, token_hash: &str) -> Result<(), StoreError> {
        self.restore_player(&PlayerDump::plain(token_hash, now()))
    }

    fn has_player(&self, token_hash: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = self
            .reader()
            .query_row("SELECT 1 FROM players WHERE token_hash = ?1", [token_hash], |r| r.get(0))
            .optional()?;
        Ok(found.is_some())
    }

    fn add_game(&self, game: &GameRow, seats: &[(u8, String)], actions: &[String]) -> Result<(), StoreError> {
        let at = now();
        let row = GameRow { created: at, updated: at, version: 0, ..game.clone() };
        let actions: Vec<(&str, i64)> = actions.iter().map(|a| (a.as_str(), at)).collect();
        let mut db = self.db();
        let tx = db.transaction()?;
        insert_game(&tx, &row, seats, &actions)?;
        tx.commit()?;
        Ok(())
    }

    fn append(
        &self,
        id: &str,
        version: i64,
        first: usize,
        actions: &[String],
        status: &str,
        result: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        let at = now();
        let changed = tx.execute(
            "UPDATE games SET status = ?2, updated = ?3, version = version + 1, lease_owner = NULL,
                              lease_until = NULL, result = ?5
             WHERE id = ?1 AND version = ?4",
            params![id, status, at, version, result],
        )?;
        if changed == 0 {
            return Err(StoreError::Conflict);
        }
        for (i, action) in actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
                params![id, first + i, action, at],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn seats(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT seat, player FROM seats WHERE game = ?1 ORDER BY seat")?;
        let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn join(&self, id: &str, invite: &str, seat: u8, player: &str) -> Result<(), JoinError> {
        let mut db = self.db();
        let tx = db.transaction().map_err(StoreError::from)?;
        let row: Option<(Option<String>, Option<i64>)> = tx
            .query_row("SELECT invite, invite_expires FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(StoreError::from)?;
        let Some((code, expires)) = row else { return Err(JoinError::Unknown) };
        let seated: Vec<(u8, String)> = {
            let mut query = tx.prepare("SELECT seat, player FROM seats WHERE game = ?1").map_err(StoreError::from)?;
            let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?))).map_err(StoreError::from)?;
            rows.collect::<Result<_, _>>().map_err(StoreError::from)?
        };
        super::check_join(now(), &seated, code.as_deref(), expires, invite, seat, player)?;
        tx.execute("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)", params![id, seat, player])
            .map_err(StoreError::from)?;
        tx.execute(
            "UPDATE games SET invite = NULL, invite_expires = NULL, version = version + 1, updated = ?2 WHERE id = ?1",
            params![id, now()],
        )
        .map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(())
    }

    fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        Ok(self.reader().query_row(&sql, [id], row_to_game).optional()?)
    }

    fn actions(&self, id: &str, from: usize) -> Result<Vec<String>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT action FROM actions WHERE game = ?1 AND seq >= ?2 ORDER BY seq")?;
        let rows = query.query_map(params![id, from], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn games_of(&self, token_hash: &str) -> Result<Vec<GameRow>, StoreError> {
        let db = self.reader();
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE player = ?1 OR id IN (SELECT game FROM seats WHERE player = ?1)
             ORDER BY updated DESC, created DESC, id DESC LIMIT 200"
        );
        let mut query = db.prepare(&sql)?;
        let rows = query.query_map([token_hash], row_to_game)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn lease(&self, id: &str, version: i64, now_ms: i64, until_ms: i64) -> Result<bool, StoreError> {
        let changed = self.db().execute(
            "UPDATE games SET lease_owner = ?3, lease_until = ?5
             WHERE id = ?1 AND version = ?2 AND (lease_owner IS NULL OR lease_owner = ?3 OR lease_until < ?4)",
            params![id, version, self.server, now_ms, until_ms],
        )?;
        Ok(changed == 1)
    }

    fn release(&self, id: &str) -> Result<(), StoreError> {
        self.db().execute(
            "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = ?1 AND lease_owner = ?2",
            params![id, self.server],
        )?;
        Ok(())
    }

    fn lapsed(&self, now_ms: i64, most: usize) -> Result<Vec<String>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare(
            "SELECT id FROM games WHERE lease_owner IS NOT NULL AND lease_until < ?1 ORDER BY lease_until LIMIT ?2",
        )?;
        let rows = query.query_map(params![now_ms, most], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn listen(&self, _listener: Listener) -> Result<bool, StoreError> {
        // Nobody else writes to the file: this server's own changes are pushed in-process.
        Ok(false)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        let db = self.reader();
        let players: i64 = db.query_row("SELECT COUNT(*) FROM players", [], |r| r.get(0))?;
        let games: i64 = db.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(players == 0 && games == 0)
    }

    fn players(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT token_hash, created FROM players ORDER BY created, token_hash")?;
        let rows = query.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT id FROM games ORDER BY created, id")?;
        let rows = query.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn dump_game(&self, id: &str) -> Result<Option<GameDump>, StoreError> {
        // One read transaction, so that the row, seats and actions are of one moment.
        let mut db = self.reader();
        let tx = db.transaction()?;
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        let Some(mut row) = tx.query_row(&sql, [id], row_to_game).optional()? else { return Ok(None) };
        row.lease_owner = None;
        row.lease_until = None;
        let seats = {
            let mut query = tx.prepare("SELECT seat, player FROM seats WHERE game = ?1 ORDER BY seat")?;
            let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect::<Result<_, _>>()?
        };
        let actions = {
            let mut query = tx.prepare("SELECT action, at FROM actions WHERE game = ?1 ORDER BY seq")?;
            let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect::<Result<_, _>>()?
        };
        let ratings = changes_of(&tx, id)?;
        tx.finish()?;
        Ok(Some(GameDump { row, seats, actions, ratings }))
    }

    fn dump_player(&self, id: &str) -> Result<Option<PlayerDump>, StoreError> {
        // One read transaction, so that the row, tokens and codes are of one moment.
        let mut db = self.reader();
        let tx = db.transaction()?;
        let Some(person) = tx
            .query_row(&format!("SELECT {PERSON_COLUMNS} FROM players WHERE token_hash = ?1"), [id], row_to_person)
            .optional()?
        else {
            return Ok(None);
        };
        let tokens = {
            let mut query = tx.prepare(
                "SELECT token_hash, created, revoked FROM tokens WHERE player = ?1 ORDER BY created, token_hash",
            )?;
            let rows = query
                .query_map([id], |r| Ok(TokenDump { token_hash: r.get(0)?, created: r.get(1)?, revoked: r.get(2)? }))?;
            rows.collect::<Result<_, _>>()?
        };
        let transfers = {
            let mut query = tx.prepare(
                "SELECT code_hash, expires, used FROM transfers WHERE player = ?1 ORDER BY expires, code_hash",
            )?;
            let rows = query
                .query_map([id], |r| Ok(TransferDump { code_hash: r.get(0)?, expires: r.get(1)?, used: r.get(2)? }))?;
            rows.collect::<Result<_, _>>()?
        };
        let ratings = standings_of(&tx, id)?;
        tx.finish()?;
        Ok(Some(PlayerDump {
            token_hash: person.id,
            created: person.created,
            name: person.name,
            list_games: person.list_games,
            tokens: Some(tokens),
            transfers,
            ratings,
        }))
    }

    fn restore_player(&self, player: &PlayerDump) -> Result<(), StoreError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        tx.execute(
            "INSERT INTO players (token_hash, created, name, name_key, list_games) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                player.token_hash,
                player.created,
                player.name,
                player.name.as_deref().map(name_key),
                player.list_games
            ],
        )?;
        for token in player.all_tokens() {
            tx.execute(
                "INSERT INTO tokens (token_hash, player, created, revoked) VALUES (?1, ?2, ?3, ?4)",
                params![token.token_hash, player.token_hash, token.created, token.revoked],
            )?;
        }
        for transfer in &player.transfers {
            tx.execute(
                "INSERT INTO transfers (code_hash, player, expires, used) VALUES (?1, ?2, ?3, ?4)",
                params![transfer.code_hash, player.token_hash, transfer.expires, transfer.used],
            )?;
        }
        for rating in &player.ratings {
            upsert_standing(&tx, &player.token_hash, &rating.pool, &rating.standing, rating.updated)?;
        }
        tx.commit()?;
        Ok(())
    }

    fn token(&self, token_hash: &str) -> Result<Option<TokenRow>, StoreError> {
        Ok(self
            .reader()
            .query_row("SELECT player, revoked FROM tokens WHERE token_hash = ?1", [token_hash], |r| {
                Ok(TokenRow { player: r.get(0)?, revoked: r.get(1)? })
            })
            .optional()?)
    }

    fn person(&self, id: &str) -> Result<Option<Person>, StoreError> {
        let sql = format!("SELECT {PERSON_COLUMNS} FROM players WHERE token_hash = ?1");
        Ok(self.reader().query_row(&sql, [id], row_to_person).optional()?)
    }

    fn person_named(&self, name: &str) -> Result<Option<Person>, StoreError> {
        let sql = format!("SELECT {PERSON_COLUMNS} FROM players WHERE name_key = ?1");
        Ok(self.reader().query_row(&sql, [name_key(name)], row_to_person).optional()?)
    }

    fn set_name(&self, id: &str, name: &str) -> Result<(), NameError> {
        let changed = self.db().execute(
            "UPDATE players SET name = ?2, name_key = ?3 WHERE token_hash = ?1",
            params![id, name, name_key(name)],
        );
        match changed {
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE => {
                Err(NameError::Taken)
            }
            Err(e) => Err(StoreError::from(e).into()),
            Ok(_) => Ok(()),
        }
    }

    fn set_listing(&self, id: &str, list: bool) -> Result<(), StoreError> {
        self.db().execute("UPDATE players SET list_games = ?2 WHERE token_hash = ?1", params![id, list])?;
        Ok(())
    }

    fn game_counts(&self, id: &str) -> Result<(usize, usize), StoreError> {
        let sql = format!(
            "SELECT COALESCE(SUM(CASE WHEN status = 'over' THEN 0 ELSE 1 END), 0),
                    COALESCE(SUM(CASE WHEN status = 'over' THEN 1 ELSE 0 END), 0) {GAMES_OF}"
        );
        let (playing, over): (i64, i64) =
            self.reader().query_row(&sql, params![id, false], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok((usize::try_from(playing).unwrap_or(0), usize::try_from(over).unwrap_or(0)))
    }

    fn listing(&self, id: &str, over_only: bool) -> Result<Vec<ListedGame>, StoreError> {
        let mut db = self.reader();
        let tx = db.transaction()?;
        let rows: Vec<GameRow> = {
            let sql =
                format!("SELECT {GAME_COLUMNS} {GAMES_OF} ORDER BY updated DESC, created DESC, id DESC LIMIT 200");
            let mut query = tx.prepare(&sql)?;
            let rows = query.query_map(params![id, over_only], row_to_game)?;
            rows.collect::<Result<_, _>>()?
        };
        let mut listed = Vec::with_capacity(rows.len());
        {
            let mut seats = tx.prepare(
                "SELECT s.seat, s.player, p.name FROM seats s JOIN players p ON p.token_hash = s.player
                 WHERE s.game = ?1 ORDER BY s.seat",
            )?;
            for row in rows {
                let people = seats
                    .query_map([&row.id], |r| Ok(Seated { seat: r.get(0)?, player: r.get(1)?, name: r.get(2)? }))?
                    .collect::<Result<_, _>>()?;
                listed.push(ListedGame { row, people });
            }
        }
        tx.finish()?;
        Ok(listed)
    }

    fn add_transfer(&self, id: &str, code_hash: &str, expires: i64) -> Result<(), StoreError> {
        self.db().execute(
            "INSERT INTO transfers (code_hash, player, expires) VALUES (?1, ?2, ?3)",
            params![code_hash, id, expires],
        )?;
        Ok(())
    }

    fn claim(&self, code_hash: &str, token_hash: &str, now: i64) -> Result<String, ClaimError> {
        let mut db = self.db();
        let tx = db.transaction().map_err(StoreError::from)?;
        let found: Option<(String, i64, Option<i64>)> = tx
            .query_row("SELECT player, expires, used FROM transfers WHERE code_hash = ?1", [code_hash], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()
            .map_err(StoreError::from)?;
        let player = super::check_claim(found, now)?;
        tx.execute("UPDATE transfers SET used = ?2 WHERE code_hash = ?1", params![code_hash, now])
            .map_err(StoreError::from)?;
        tx.execute(
            "INSERT INTO tokens (token_hash, player, created) VALUES (?1, ?2, ?3)",
            params![token_hash, player, now],
        )
        .map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(player)
    }

    fn revoke(&self, token_hash: &str, now: i64) -> Result<bool, StoreError> {
        let changed = self.db().execute(
            "UPDATE tokens SET revoked = ?2 WHERE token_hash = ?1 AND revoked IS NULL",
            params![token_hash, now],
        )?;
        Ok(changed == 1)
    }

    fn revoke_others(&self, id: &str, keep: &str, now: i64) -> Result<usize, StoreError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        let revoked = tx.execute(
            "UPDATE tokens SET revoked = ?3 WHERE player = ?1 AND token_hash <> ?2 AND revoked IS NULL",
            params![id, keep, now],
        )?;
        tx.execute("DELETE FROM transfers WHERE player = ?1 AND used IS NULL", [id])?;
        tx.commit()?;
        Ok(revoked)
    }

    fn rate(
        &self,
        id: &str,
        pool: &str,
        people: &[(u8, String)],
        now: i64,
        rater: Rater<'_>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut db = self.db();
        // The write lock is taken before the standings are read: another process rating a game of the same
        // people waits, rather than reading standings this one is about to change.
        let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let done = changes_of(&tx, id)?;
        if !done.is_empty() {
            return Ok(done);
        }
        let mut before = Vec::with_capacity(people.len());
        for (_, player) in people {
            let standing = tx
                .query_row(
                    "SELECT rating, deviation, volatility, games FROM ratings WHERE player = ?1 AND pool = ?2",
                    params![player, pool],
                    |r| standing_at(r, 0),
                )
                .optional()?;
            before.push(standing.unwrap_or(Standing::NEW));
        }
        let after = rater(&before);
        let mut changes = Vec::with_capacity(people.len());
        for (((seat, player), before), after) in people.iter().zip(before).zip(after) {
            upsert_standing(&tx, player, pool, &after, now)?;
            let change = RatingChange {
                game: id.to_owned(),
                seat: *seat,
                player: player.clone(),
                pool: pool.to_owned(),
                before,
                after,
                at: now,
            };
            insert_change(&tx, &change)?;
            changes.push(change);
        }
        tx.commit()?;
        Ok(changes)
    }

    fn rating_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError> {
        changes_of(&self.reader(), id)
    }

    fn standings(&self, id: &str) -> Result<Vec<StandingDump>, StoreError> {
        standings_of(&self.reader(), id)
    }

    fn rating_history(&self, id: &str, most: usize) -> Result<Vec<RatingChange>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare(&format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player = ?1 ORDER BY at DESC, game DESC LIMIT ?2"
        ))?;
        let rows = query.query_map(params![id, i64::try_from(most).unwrap_or(i64::MAX)], row_to_change)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn leaderboard(&self, pool: &str, deviation: f64, most: usize) -> Result<Vec<Ranked>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare(
            "SELECT r.player, p.name, r.rating, r.deviation, r.volatility, r.games, r.updated
             FROM ratings r JOIN players p ON p.token_hash = r.player
             WHERE r.pool = ?1 AND r.deviation <= ?2 AND p.name IS NOT NULL
             ORDER BY r.rating DESC, p.name_key LIMIT ?3",
        )?;
        let rows = query.query_map(params![pool, deviation, i64::try_from(most).unwrap_or(i64::MAX)], |r| {
            Ok(Ranked { player: r.get(0)?, name: r.get(1)?, standing: standing_at(r, 2)?, updated: r.get(6)? })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn restore_game(&self, game: &GameDump) -> Result<(), StoreError> {
        let actions: Vec<(&str, i64)> = game.actions.iter().map(|(a, at)| (a.as_str(), *at)).collect();
        let mut db = self.db();
        let tx = db.transaction()?;
        insert_game(&tx, &game.row, &game.seats, &actions)?;
        for change in &game.ratings {
            insert_change(&tx, change)?;
        }
        tx.commit()?;
        Ok(())
    }
}

/// Adds a rated game's change to one person's standing in `tx`.
fn insert_change(tx: &rusqlite::Transaction<'_>, change: &RatingChange) -> Result<(), StoreError> {
    let (b, a) = (&change.before, &change.after);
    tx.execute(
        &format!(
            "INSERT INTO rating_changes ({CHANGE_COLUMNS})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
        ),
        params![
            change.game,
            change.seat,
            change.player,
            change.pool,
            b.rating,
            b.deviation,
            b.volatility,
            b.games,
            a.rating,
            a.deviation,
            a.volatility,
            a.games,
            change.at
        ],
    )?;
    Ok(())
}

/// Sets a player's standing in a pool in `tx`.
fn upsert_standing(
    tx: &rusqlite::Transaction<'_>,
    player: &str,
    pool: &str,
    s: &Standing,
    updated: i64,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO ratings (player, pool, rating, deviation, volatility, games, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (player, pool) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, games = excluded.games, updated = excluded.updated",
        params![player, pool, s.rating, s.deviation, s.volatility, s.games, updated],
    )?;
    Ok(())
}

/// A player's standings, by pool.
fn standings_of(db: &Connection, id: &str) -> Result<Vec<StandingDump>, StoreError> {
    let mut query = db.prepare(
        "SELECT pool, rating, deviation, volatility, games, updated FROM ratings WHERE player = ?1 ORDER BY pool",
    )?;
    let rows = query
        .query_map([id], |r| Ok(StandingDump { pool: r.get(0)?, standing: standing_at(r, 1)?, updated: r.get(5)? }))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A game's rating changes, by seat.
fn changes_of(db: &Connection, id: &str) -> Result<Vec<RatingChange>, StoreError> {
    let mut query =
        db.prepare(&format!("SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game = ?1 ORDER BY seat"))?;
    let rows = query.query_map([id], row_to_change)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The standing in the four columns from `first` on: rating, deviation, volatility, games.
fn standing_at(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Standing> {
    Ok(Standing {
        rating: r.get(first)?,
        deviation: r.get(first + 1)?,
        volatility: r.get(first + 2)?,
        games: r.get(first + 3)?,
    })
}

fn row_to_change(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingChange> {
    Ok(RatingChange {
        game: r.get(0)?,
        seat: r.get(1)?,
        player: r.get(2)?,
        pool: r.get(3)?,
        before: standing_at(r, 4)?,
        after: standing_at(r, 8)?,
        at: r.get(12)?,
    })
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        player: r.get(1)?,
        kind: r.get(2)?,
        setup: r.get(3)?,
        seed: u64::from_ne_bytes(r.get::<_, i64>(4)?.to_ne_bytes()),
        salt: r.get(5)?,
        status: r.get(6)?,
        created: r.get(7)?,
        updated: r.get(8)?,
        format: r.get(9)?,
        invite: r.get(10)?,
        invite_expires: r.get(11)?,
        version: r.get(12)?,
        lease_owner: r.get(13)?,
        lease_until: r.get(14)?,
        result: r.get(15)?,
    })
}

fn row_to_person(r: &rusqlite::Row<'_>) -> rusqlite::Result<Person> {
    Ok(Person {
        id: r.get(0)?,
        name: r.get(1)?,
        created: r.get(2)?,
        list_games: r.get(3)?,
        tokens: usize::try_from(r.get::<_, i64>(4)?).unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{FORMAT, Failure};

    #[test]
    fn migrations_run_once_and_are_counted() {
        let path = std::env::temp_dir().join(format!("hamle-store-{}.db", std::process::id()));
        std::fs::remove_file(&path).ok();
        let first = Sqlite::open(&path).expect("created");
        assert_eq!(first.version().expect("a version"), MIGRATIONS.len());
        first.add_player("abc").expect("a player");
        drop(first);
        let again = Sqlite::open(&path).expect("opened again");
        assert_eq!(again.version().expect("a version"), MIGRATIONS.len());
        assert!(again.has_player("abc").expect("read"), "reopening keeps the data");
        drop(again);
        for suffix in ["", "-wal", "-shm"] {
            std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
        }
    }

    use std::path::PathBuf;
    use std::time::{Duration, Instant};

    /// A fresh database file for one test.
    fn temp_db(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("hamle-store-{}-{name}.db", std::process::id()));
        remove_db(&path);
        path
    }

    fn remove_db(path: &Path) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
        }
    }

    fn game_row(id: &str, player: &str) -> GameRow {
        GameRow {
            id: id.to_owned(),
            player: player.to_owned(),
            kind: "tictactoe".to_owned(),
            setup: "{}".to_owned(),
            seed: 7,
            salt: "salt".to_owned(),
            status: "playing".to_owned(),
            created: 0,
            updated: 0,
            format: FORMAT,
            invite: None,
            invite_expires: None,
            version: 0,
            lease_owner: None,
            lease_until: None,
            result: None,
        }
    }

    #[test]
    fn a_database_of_a_newer_schema_is_refused_and_its_schema_left_alone() {
        let path = temp_db("newer");
        let newer = MIGRATIONS.len() + 1;
        {
            let db = Connection::open(&path).expect("a plain connection");
            db.execute_batch("CREATE TABLE future (x INTEGER)").expect("a table of the future");
            db.pragma_update(None, "user_version", newer).expect("a newer version");
        }
        let Err(error) = Sqlite::open(&path) else { panic!("a newer schema is refused") };
        assert!(
            matches!(error, StoreError::Newer { found, known } if found == newer && known == MIGRATIONS.len()),
            "{error:?}"
        );
        let text = error.to_string();
        assert!(text.contains(&format!("version {newer}")), "{text}");
        assert!(text.contains(&format!("knows ({})", MIGRATIONS.len())), "{text}");
        assert_eq!(error.failure(), Failure::Other);
        let db = Connection::open(&path).expect("opened again");
        let version: usize = db.query_row("PRAGMA user_version", [], |r| r.get(0)).expect("a version");
        assert_eq!(version, newer, "the file keeps its newer version");
        let mut query = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").expect("sql");
        let tables: Vec<String> =
            query.query_map([], |r| r.get(0)).expect("tables").collect::<Result<_, _>>().expect("names");
        assert_eq!(tables, ["future"], "no migration ran on it");
        drop(query);
        drop(db);
        remove_db(&path);
    }

    #[test]
    fn a_store_at_its_size_limit_fails_as_full_and_keeps_what_it_had() {
        let path = temp_db("full");
        let (pages, page): (u64, u64) = {
            let store = Sqlite::open(&path).expect("created");
            let db = store.db();
            let pages = db.query_row("PRAGMA page_count", [], |r| r.get(0)).expect("pages");
            (pages, db.query_row("PRAGMA page_size", [], |r| r.get(0)).expect("a page size"))
        };
        // Room for a few pages past the schema; each player (its long hash twice: the row and the key's index)
        // takes about half a page.
        let store = Sqlite::open_with(&path, Options { max_bytes: Some((pages + 4) * page) }).expect("opened");
        let hash = |n: usize| format!("{n:04}{}", "x".repeat(1000));
        let mut added = 0;
        let error = loop {
            match store.add_player(&hash(added)) {
                Ok(()) => added += 1,
                Err(e) => break e,
            }
            assert!(added < 200, "the limit never bit");
        };
        assert_eq!(error.failure(), Failure::Full, "{error}");
        assert!(added > 0, "players fitted before the limit");
        for n in 0..added {
            assert!(store.has_player(&hash(n)).expect("read"), "player {n} was kept");
        }
        assert!(!store.has_player(&hash(added)).expect("read"), "the failed insert left nothing");
        drop(store);
        let store = Sqlite::open(&path).expect("opened without a limit");
        store.add_player(&hash(added)).expect("room without the limit");
        store.add_player(&hash(added + 1)).expect("and more");
        for n in 0..added + 2 {
            assert!(store.has_player(&hash(n)).expect("read"), "player {n}");
        }
        drop(store);
        remove_db(&path);
    }

    #[test]
    fn reads_answer_while_the_writer_is_held_in_a_long_write() {
        let path = temp_db("readers");
        let store = Sqlite::open(&path).expect("created");
        store.add_player("owner").expect("a player");
        store.add_game(&game_row("g1", "owner"), &[(0, "owner".to_owned())], &["a".to_owned()]).expect("a game");
        let hold = Duration::from_secs(1);
        let store = &store;
        std::thread::scope(|s| {
            let (started, wait) = std::sync::mpsc::channel();
            let writer = s.spawn(move || {
                let mut db = store.db();
                let tx = db.transaction().expect("a transaction");
                tx.execute("INSERT INTO players (token_hash, created) VALUES ('pending', 0)", []).expect("a write");
                started.send(()).expect("the reader waits");
                std::thread::sleep(hold);
                tx.commit().expect("committed");
            });
            wait.recv().expect("the write started");
            let start = Instant::now();
            let game = store.game("g1").expect("read").expect("the game");
            assert_eq!((game.id.as_str(), game.player.as_str()), ("g1", "owner"));
            assert!(store.has_player("owner").expect("read"));
            assert!(!store.has_player("pending").expect("read"), "the write in progress is not seen yet");
            assert_eq!(store.actions("g1", 0).expect("read"), ["a"]);
            let took = start.elapsed();
            assert!(took < hold / 5, "the reads took {took:?} while the writer was held for {hold:?}");
            writer.join().expect("the writer finished");
        });
        assert!(store.has_player("pending").expect("read"), "committed");
        remove_db(&path);
    }

    #[test]
    fn another_process_holding_the_write_lock_makes_writes_busy_but_not_reads() {
        let path = temp_db("busy");
        let store = Sqlite::open(&path).expect("created");
        store.add_player("before").expect("a player");
        let other = Connection::open(&path).expect("another connection");
        other
            .execute_batch("BEGIN IMMEDIATE; INSERT INTO players (token_hash, created) VALUES ('other', 0);")
            .expect("the other holds the write lock");
        let start = Instant::now();
        assert!(store.has_player("before").expect("a read beside the lock"));
        assert!(!store.has_player("other").expect("read"), "not committed");
        let read = start.elapsed();
        assert!(read < Duration::from_millis(300), "reads took {read:?}");
        let start = Instant::now();
        let error = store.add_player("after").expect_err("the write lock is taken");
        let waited = start.elapsed();
        assert_eq!(error.failure(), Failure::Busy, "{error}");
        assert!(waited >= BUSY_WAIT * 9 / 10, "it failed after {waited:?}, before the busy wait");
        assert!(!store.has_player("after").expect("read"), "nothing was written");
        other.execute_batch("ROLLBACK").expect("the lock let go");
        store.add_player("after").expect("the write goes through now");
        assert!(store.has_player("after").expect("read"));
        drop(other);
        drop(store);
        remove_db(&path);
    }
}
