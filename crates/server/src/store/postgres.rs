//! The PostgreSQL store: several servers on one database. Each server keeps a few connections (made again when
//! one is lost), takes the schema from the same migrations as SQLite, and hears the games other servers change
//! by `LISTEN`/`NOTIFY` on one channel.
//!
//! The driver is `postgres`, the blocking face of `tokio-postgres`: the store's callers run on blocking threads
//! (as SQLite's do), and each connection drives itself only while a call waits on it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ::postgres::error::SqlState;
use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::types::ToSql;
use ::postgres::{Client, Config, GenericClient, IsolationLevel, NoTls, Row, Statement, Transaction};

use super::{
    Changed, ClaimError, Failure, GameDump, GameRow, JoinError, ListedGame, Listener, MIGRATIONS, NameError, Person,
    PlayerDump, Ranked, Rater, RatingChange, Seated, Standing, StandingDump, Store, StoreError, TokenDump, TokenRow,
    TransferDump, check_claim, check_join, name_key, now, server_name,
};

/// The channel the servers tell each other of changed games on; a payload is `SERVER GAME`.
const CHANNEL: &str = "hamle_games";

/// Connections each server keeps (besides the one that listens).
const POOL: usize = 16;

/// The advisory lock two servers starting at once take, so that one migrates and the other waits.
const MIGRATION_LOCK: i64 = 0x0068_616d_6c65; // "hamle"

/// How long a statement may wait for a lock, and run, before it fails (as `Busy`): no request hangs on the
/// database.
const SESSION: &str = "-c lock_timeout=2000 -c statement_timeout=10000";

/// The columns of a game row, in the order [`row_to_game`] reads them.
macro_rules! game_columns {
    () => {
        "id, player, kind, setup, seed, salt, status, created, updated, format, invite, invite_expires, version, \
         lease_owner, lease_until, result"
    };
}

/// A person's columns, in the order [`row_to_person`] reads them.
macro_rules! person_columns {
    () => {
        "token_hash, name, created, list_games, \
         (SELECT COUNT(*) FROM tokens t WHERE t.player = players.token_hash AND t.revoked IS NULL)"
    };
}

/// A rating change's columns, in the order [`row_to_change`] reads them.
macro_rules! change_columns {
    () => {
        "game, seat, player, pool, rating_before, deviation_before, volatility_before, games_before, rating_after, \
         deviation_after, volatility_after, games_after, at"
    };
}

/// The statements the store runs, each prepared once a connection and kept (a query prepared anew each time
/// costs a second round trip to the server, and its planning).
mod sql {
    pub const VERSION: &str = "SELECT version FROM hamle_schema";
    pub const PING: &str = "SELECT 1";
    pub const HAS_PLAYER: &str = "SELECT 1 FROM players WHERE token_hash = $1";
    pub const ADD_PLAYER: &str =
        "INSERT INTO players (token_hash, created, name, name_key, list_games) VALUES ($1, $2, $3, $4, $5)";
    pub const ADD_TOKEN: &str = "INSERT INTO tokens (token_hash, player, created, revoked) VALUES ($1, $2, $3, $4)";
    pub const RESTORE_TRANSFER: &str =
        "INSERT INTO transfers (code_hash, player, expires, used) VALUES ($1, $2, $3, $4)";
    pub const ADD_GAME: &str = "INSERT INTO games (id, player, kind, setup, seed, salt, status, created, updated, \
                                format, invite, invite_expires, version, result) \
                                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";
    pub const ADD_SEAT: &str = "INSERT INTO seats (game, seat, player) VALUES ($1, $2, $3)";
    pub const ADD_ACTION: &str = "INSERT INTO actions (game, seq, action, at) VALUES ($1, $2, $3, $4)";
    pub const NOTIFY: &str = "SELECT pg_notify($1, $2)";
    // One statement, so one round trip and its own transaction: the game's row is moved to the next version only
    // if it is at $4 (the row's lock makes a second writer of the same version wait for the first, then find the
    // version moved on), the actions ($6, from position $5) are inserted only if it was, and the other servers are
    // told. No row comes back when the version had moved on.
    pub const APPEND: &str = "WITH moved AS (UPDATE games SET status = $2, updated = $3, version = version + 1, \
                              lease_owner = NULL, lease_until = NULL, result = $9 WHERE id = $1 AND version = $4 \
                              RETURNING id), \
                              added AS (INSERT INTO actions (game, seq, action, at) \
                              SELECT moved.id, $5 + t.n - 1, t.action, $3 FROM moved, \
                              unnest($6::text[]) WITH ORDINALITY AS t(action, n)) \
                              SELECT pg_notify($7, $8) FROM moved";
    pub const SEATS: &str = "SELECT seat, player FROM seats WHERE game = $1 ORDER BY seat";
    // Locks the game's row: two joins of one game take turns.
    pub const INVITE: &str = "SELECT invite, invite_expires FROM games WHERE id = $1 FOR UPDATE";
    pub const JOINED: &str =
        "UPDATE games SET invite = NULL, invite_expires = NULL, version = version + 1, updated = $2 WHERE id = $1";
    pub const GAME: &str = concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1");
    pub const ACTIONS: &str = "SELECT action FROM actions WHERE game = $1 AND seq >= $2 ORDER BY seq";
    pub const GAMES_OF: &str = concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE player = $1 OR id IN (SELECT game FROM seats WHERE player = $1) \
          ORDER BY updated DESC, created DESC, id DESC LIMIT 200"
    );
    pub const LEASE: &str = "UPDATE games SET lease_owner = $3, lease_until = $5 WHERE id = $1 AND version = $2 \
                             AND (lease_owner IS NULL OR lease_owner = $3 OR lease_until < $4)";
    pub const RELEASE: &str =
        "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2";
    pub const LAPSED: &str =
        "SELECT id FROM games WHERE lease_owner IS NOT NULL AND lease_until < $1 ORDER BY lease_until LIMIT $2";
    pub const EMPTY: &str = "SELECT (SELECT COUNT(*) FROM players) + (SELECT COUNT(*) FROM games)";
    pub const PLAYERS: &str = "SELECT token_hash, created FROM players ORDER BY created, token_hash";
    pub const GAME_IDS: &str = "SELECT id FROM games ORDER BY created, id";
    pub const ACTIONS_AT: &str = "SELECT action, at FROM actions WHERE game = $1 ORDER BY seq";
    pub const TOKEN: &str = "SELECT player, revoked FROM tokens WHERE token_hash = $1";
    pub const PERSON: &str = concat!("SELECT ", person_columns!(), " FROM players WHERE token_hash = $1");
    pub const PERSON_NAMED: &str = concat!("SELECT ", person_columns!(), " FROM players WHERE name_key = $1");
    pub const SET_NAME: &str = "UPDATE players SET name = $2, name_key = $3 WHERE token_hash = $1";
    pub const SET_LISTING: &str = "UPDATE players SET list_games = $2 WHERE token_hash = $1";
    pub const GAME_COUNTS: &str = "SELECT COALESCE(SUM(CASE WHEN status = 'over' THEN 0 ELSE 1 END), 0), \
                                   COALESCE(SUM(CASE WHEN status = 'over' THEN 1 ELSE 0 END), 0) FROM games \
                                   WHERE player = $1 OR id IN (SELECT game FROM seats WHERE player = $1)";
    pub const LISTING: &str = concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE (player = $1 OR id IN (SELECT game FROM seats WHERE player = $1)) \
          AND ($2 = false OR status = 'over') ORDER BY updated DESC, created DESC, id DESC LIMIT 200"
    );
    pub const SEATED: &str = "SELECT s.game, s.seat, s.player, p.name FROM seats s \
                              JOIN players p ON p.token_hash = s.player WHERE s.game = ANY($1) ORDER BY s.game, s.seat";
    pub const ADD_TRANSFER: &str = "INSERT INTO transfers (code_hash, player, expires) VALUES ($1, $2, $3)";
    // Locks the code's row: two claims of one code take turns, and the second finds it used.
    pub const TRANSFER: &str = "SELECT player, expires, used FROM transfers WHERE code_hash = $1 FOR UPDATE";
    pub const USE_TRANSFER: &str = "UPDATE transfers SET used = $2 WHERE code_hash = $1";
    pub const NEW_TOKEN: &str = "INSERT INTO tokens (token_hash, player, created) VALUES ($1, $2, $3)";
    pub const REVOKE: &str = "UPDATE tokens SET revoked = $2 WHERE token_hash = $1 AND revoked IS NULL";
    pub const REVOKE_OTHERS: &str =
        "UPDATE tokens SET revoked = $3 WHERE player = $1 AND token_hash <> $2 AND revoked IS NULL";
    pub const DROP_TRANSFERS: &str = "DELETE FROM transfers WHERE player = $1 AND used IS NULL";
    pub const TOKENS_OF: &str =
        "SELECT token_hash, created, revoked FROM tokens WHERE player = $1 ORDER BY created, token_hash";
    // Locks the game's row: two servers rating one game take turns, and the second finds it rated.
    pub const LOCK_GAME: &str = "SELECT 1 FROM games WHERE id = $1 FOR UPDATE";
    pub const CHANGES: &str =
        concat!("SELECT ", change_columns!(), " FROM rating_changes WHERE game = $1 ORDER BY seat");
    pub const HISTORY: &str = concat!(
        "SELECT ",
        change_columns!(),
        " FROM rating_changes WHERE player = $1 ORDER BY at DESC, game DESC LIMIT $2"
    );
    pub const ADD_CHANGE: &str = concat!(
        "INSERT INTO rating_changes (",
        change_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
    );
    // A person's first rated game in a pool makes their row, so that it can be locked like any other.
    pub const NEW_STANDING: &str = "INSERT INTO ratings (player, pool, rating, deviation, volatility, games, updated) \
                                    VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (player, pool) DO NOTHING";
    // Locks the person's row: two games of one person rated at once take turns.
    pub const STANDING: &str = "SELECT rating, deviation, volatility, games FROM ratings \
                                WHERE player = $1 AND pool = $2 FOR UPDATE";
    pub const SET_STANDING: &str = "INSERT INTO ratings (player, pool, rating, deviation, volatility, games, updated) \
                                    VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player, pool) DO UPDATE SET \
                                    rating = excluded.rating, deviation = excluded.deviation, \
                                    volatility = excluded.volatility, games = excluded.games, updated = excluded.updated";
    pub const STANDINGS: &str = "SELECT pool, rating, deviation, volatility, games, updated FROM ratings \
                                 WHERE player = $1 ORDER BY pool";
    pub const LEADERBOARD: &str = "SELECT r.player, p.name, r.rating, r.deviation, r.volatility, r.games, r.updated \
                                   FROM ratings r JOIN players p ON p.token_hash = r.player \
                                   WHERE r.pool = $1 AND r.deviation <= $2 AND p.name IS NOT NULL \
                                   ORDER BY r.rating DESC, p.name_key LIMIT $3";
    pub const TRANSFERS_OF: &str =
        "SELECT code_hash, expires, used FROM transfers WHERE player = $1 ORDER BY expires, code_hash";
}

/// A connection of the pool and the statements prepared on it.
struct Conn {
    client: Client,
    prepared: HashMap<&'static str, Statement>,
}

impl Conn {
    /// The statement `sql`, prepared on this connection the first time.
    fn st(&mut self, sql: &'static str) -> Result<Statement, ::postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }

    fn query(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, ::postgres::Error> {
        let statement = self.st(sql)?;
        self.client.query(&statement, params)
    }

    fn query_opt(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, ::postgres::Error> {
        let statement = self.st(sql)?;
        self.client.query_opt(&statement, params)
    }

    fn query_one(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<Row, ::postgres::Error> {
        let statement = self.st(sql)?;
        self.client.query_one(&statement, params)
    }

    fn execute(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, ::postgres::Error> {
        let statement = self.st(sql)?;
        self.client.execute(&statement, params)
    }
}

/// The statements that add a game, prepared before its transaction begins.
struct Inserts {
    game: Statement,
    seat: Statement,
    action: Statement,
}

impl Inserts {
    fn prepare(c: &mut Conn) -> Result<Inserts, ::postgres::Error> {
        Ok(Inserts { game: c.st(sql::ADD_GAME)?, seat: c.st(sql::ADD_SEAT)?, action: c.st(sql::ADD_ACTION)? })
    }
}

/// The PostgreSQL store.
pub struct Postgres {
    config: Config,
    pool: Vec<Mutex<Option<Conn>>>,
    /// Where the next call starts looking for a free connection.
    next: AtomicUsize,
    server: String,
    /// Tells the listening thread to end.
    stop: Arc<AtomicBool>,
}

impl Postgres {
    /// Connects to the database at `url` (`postgres://user:password@host:port/db`) and brings its schema up to
    /// date.
    ///
    /// # Errors
    /// When the URL is malformed, the database cannot be reached or migrated, or its schema is newer than this
    /// binary knows.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let mut config: Config = url.parse()?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        let options = match config.get_options() {
            Some(theirs) => format!("{theirs} {SESSION}"),
            None => SESSION.to_owned(),
        };
        config.options(&options);
        if config.get_application_name().is_none() {
            config.application_name("hamle");
        }
        let store = Postgres {
            config,
            pool: (0..POOL).map(|_| Mutex::new(None)).collect(),
            next: AtomicUsize::new(0),
            server: server_name(),
            stop: Arc::new(AtomicBool::new(false)),
        };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&self) -> Result<(), StoreError> {
        self.with(|conn| {
            let mut tx = conn.client.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
            tx.batch_execute("CREATE TABLE IF NOT EXISTS hamle_schema (version BIGINT NOT NULL)")?;
            let applied = match tx.query_opt("SELECT version FROM hamle_schema", &[])? {
                Some(row) => usize::try_from(row.get::<_, i64>(0)).unwrap_or(usize::MAX),
                None => {
                    tx.execute("INSERT INTO hamle_schema (version) VALUES (0)", &[])?;
                    0
                }
            };
            if applied > MIGRATIONS.len() {
                return Err(StoreError::Newer { found: applied, known: MIGRATIONS.len() });
            }
            for (version, sql) in MIGRATIONS.iter().enumerate().skip(applied) {
                tx.batch_execute(&sql.replace("INTEGER", "BIGINT"))?;
                if version + 1 == super::REKEY {
                    let named: Vec<(String, String)> = tx
                        .query(
                            "SELECT token_hash, name FROM players WHERE name IS NOT NULL ORDER BY created, token_hash",
                            &[],
                        )?
                        .iter()
                        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
                        .collect::<Result<_, ::postgres::Error>>()?;
                    for (id, key) in super::rekey(&named) {
                        tx.execute("UPDATE players SET name_key = $2 WHERE token_hash = $1", &[&id, &key])?;
                    }
                }
                tx.execute("UPDATE hamle_schema SET version = $1", &[&count(version + 1)])?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// A connection of the pool: a free one if one is, else the next in turn.
    fn slot(&self) -> MutexGuard<'_, Option<Conn>> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.pool.len() {
            if let Ok(slot) = self.pool[(start + i) % self.pool.len()].try_lock() {
                return slot;
            }
        }
        self.pool[start % self.pool.len()].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` on a connection of the pool, connecting first when it has none (or lost its own).
    fn with<T>(&self, work: impl FnOnce(&mut Conn) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut slot = self.slot();
        if slot.as_ref().is_some_and(|c| c.client.is_closed()) {
            *slot = None;
        }
        let conn = match slot.take() {
            Some(conn) => conn,
            None => {
                Conn { client: self.config.connect(NoTls).map_err(StoreError::Unreachable)?, prepared: HashMap::new() }
            }
        };
        let conn = slot.insert(conn);
        let result = work(conn);
        if conn.client.is_closed() {
            // Made again on the next call.
            *slot = None;
        }
        result
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // A connection closes by running its own little runtime, which may not start on an async task's thread:
        // they close on a thread of their own.
        let clients: Vec<Conn> = self
            .pool
            .iter_mut()
            .filter_map(|slot| slot.get_mut().unwrap_or_else(PoisonError::into_inner).take())
            .collect();
        if !clients.is_empty() {
            let closing = std::thread::spawn(move || drop(clients));
            let _ = closing.join();
        }
    }
}

/// What kind of failure a PostgreSQL error is.
pub(super) fn failure(e: &::postgres::Error) -> Failure {
    let Some(code) = e.code() else {
        // No SQL state: the connection failed or was lost.
        return Failure::Busy;
    };
    // Classes 08 (the connection), 53 (resources) and 57 (an operator's intervention: a server shutting down, a
    // connection ended) are passing, except a full disk; so are a lock not had in time, and a transaction
    // that lost to another.
    let class = code.code().get(..2).unwrap_or("");
    let waits = [SqlState::LOCK_NOT_AVAILABLE, SqlState::T_R_SERIALIZATION_FAILURE, SqlState::T_R_DEADLOCK_DETECTED];
    if *code == SqlState::DISK_FULL {
        Failure::Full
    } else if ["08", "53", "57"].contains(&class) || waits.contains(code) {
        Failure::Busy
    } else {
        Failure::Other
    }
}

/// A count or position as PostgreSQL's `BIGINT`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Tells the other servers that game `id` changed; sent when the transaction commits, not before.
fn notify(tx: &mut Transaction<'_>, statement: &Statement, server: &str, id: &str) -> Result<(), StoreError> {
    tx.execute(statement, &[&CHANNEL, &format!("{server} {id}")])?;
    Ok(())
}

/// Inserts a game's row, seats and actions (each with when it was made).
fn insert_game(
    tx: &mut Transaction<'_>,
    st: &Inserts,
    game: &GameRow,
    seats: &[(u8, String)],
    actions: &[(&str, i64)],
) -> Result<(), StoreError> {
    tx.execute(
        &st.game,
        &[
            &game.id,
            &game.player,
            &game.kind,
            &game.setup,
            &i64::from_ne_bytes(game.seed.to_ne_bytes()),
            &game.salt,
            &game.status,
            &game.created,
            &game.updated,
            &game.format,
            &game.invite,
            &game.invite_expires,
            &game.version,
            &game.result,
        ],
    )?;
    for (seat, player) in seats {
        tx.execute(&st.seat, &[&game.id, &i64::from(*seat), player])?;
    }
    for (seq, (action, at)) in actions.iter().enumerate() {
        tx.execute(&st.action, &[&game.id, &count(seq), action, at])?;
    }
    Ok(())
}

fn seats_of(client: &mut impl GenericClient, statement: &Statement, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
    let rows = client.query(statement, &[&id])?;
    rows.iter().map(|r| Ok((u8::try_from(r.try_get::<_, i64>(0)?).unwrap_or(u8::MAX), r.try_get(1)?))).collect()
}

/// Reads the games of a listening connection's notifications until the connection is lost or `stop` is set.
fn hear(client: &mut Client, server: &str, stop: &AtomicBool, listener: &Listener) {
    while !stop.load(Ordering::SeqCst) {
        let heard = client.notifications().timeout_iter(Duration::from_millis(500)).next();
        match heard {
            Ok(Some(note)) => {
                if let Some((from, id)) = note.payload().split_once(' ')
                    && from != server
                {
                    listener(Changed::Game(id.to_owned()));
                }
            }
            Ok(None) if !client.is_closed() => {}
            Ok(None) | Err(_) => return,
        }
    }
}

/// The listening thread: hears notifications, and when its connection is lost connects again (every second
/// until it can) and says that every game may have changed meanwhile.
fn listening(mut client: Client, config: &Config, server: &str, stop: &AtomicBool, listener: &Listener) {
    loop {
        hear(&mut client, server, stop, listener);
        if stop.load(Ordering::SeqCst) {
            return;
        }
        tracing::warn!("the connection that hears other servers' changes was lost: connecting again");
        client = loop {
            std::thread::sleep(Duration::from_secs(1));
            if stop.load(Ordering::SeqCst) {
                return;
            }
            if let Ok(mut again) = config.connect(NoTls)
                && again.batch_execute(&format!("LISTEN {CHANNEL}")).is_ok()
            {
                break again;
            }
        };
        listener(Changed::All);
    }
}

impl Store for Postgres {
    fn server(&self) -> &str {
        &self.server
    }

    fn shared(&self) -> bool {
        true
    }

    fn version(&self) -> Result<usize, StoreError> {
        self.with(|c| {
            let version: i64 = c.query_one(sql::VERSION, &[])?.try_get(0)?;
            Ok(usize::try_from(version).unwrap_or(usize::MAX))
        })
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.with(|c| {
            c.query_one(sql::PING, &[])?;
            Ok(())
        })
    }

    fn add_player(&self, token_hash: &str) -> Result<(), StoreError> {
        self.restore_player(&PlayerDump::plain(token_hash, now()))
    }

    fn has_player(&self, token_hash: &str) -> Result<bool, StoreError> {
        self.with(|c| Ok(c.query_opt(sql::HAS_PLAYER, &[&token_hash])?.is_some()))
    }

    fn add_game(&self, game: &GameRow, seats: &[(u8, String)], actions: &[String]) -> Result<(), StoreError> {
        let at = now();
        let row = GameRow { created: at, updated: at, version: 0, ..game.clone() };
        let actions: Vec<(&str, i64)> = actions.iter().map(|a| (a.as_str(), at)).collect();
        self.with(|c| {
            let st = Inserts::prepare(c)?;
            let mut tx = c.client.transaction()?;
            insert_game(&mut tx, &st, &row, seats, &actions)?;
            tx.commit()?;
            Ok(())
        })
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
        let told = format!("{} {id}", self.server);
        self.with(|c| {
            let params: [&(dyn ToSql + Sync); 9] =
                [&id, &status, &now(), &version, &count(first), &actions, &CHANNEL, &told, &result];
            if c.query(sql::APPEND, &params)?.is_empty() {
                return Err(StoreError::Conflict);
            }
            Ok(())
        })
    }

    fn seats(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        self.with(|c| {
            let statement = c.st(sql::SEATS)?;
            seats_of(&mut c.client, &statement, id)
        })
    }

    fn join(&self, id: &str, invite: &str, seat: u8, player: &str) -> Result<(), JoinError> {
        let mut refused = None;
        self.with(|c| {
            let (lock, seats, add, joined, tell) =
                (c.st(sql::INVITE)?, c.st(sql::SEATS)?, c.st(sql::ADD_SEAT)?, c.st(sql::JOINED)?, c.st(sql::NOTIFY)?);
            let mut tx = c.client.transaction()?;
            let Some(row) = tx.query_opt(&lock, &[&id])? else {
                refused = Some(JoinError::Unknown);
                return Ok(());
            };
            let (code, expires): (Option<String>, Option<i64>) = (row.try_get(0)?, row.try_get(1)?);
            let seated = seats_of(&mut tx, &seats, id)?;
            if let Err(e) = check_join(now(), &seated, code.as_deref(), expires, invite, seat, player) {
                refused = Some(e);
                return Ok(());
            }
            tx.execute(&add, &[&id, &i64::from(seat), &player])?;
            tx.execute(&joined, &[&id, &now()])?;
            notify(&mut tx, &tell, &self.server, id)?;
            tx.commit()?;
            Ok(())
        })?;
        refused.map_or(Ok(()), Err)
    }

    fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.with(|c| Ok(c.query_opt(sql::GAME, &[&id])?.as_ref().map(row_to_game).transpose()?))
    }

    fn actions(&self, id: &str, from: usize) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let rows = c.query(sql::ACTIONS, &[&id, &count(from)])?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn games_of(&self, token_hash: &str) -> Result<Vec<GameRow>, StoreError> {
        self.with(|c| {
            let rows = c.query(sql::GAMES_OF, &[&token_hash])?;
            Ok(rows.iter().map(row_to_game).collect::<Result<_, _>>()?)
        })
    }

    fn lease(&self, id: &str, version: i64, now_ms: i64, until_ms: i64) -> Result<bool, StoreError> {
        self.with(|c| {
            let changed = c.execute(sql::LEASE, &[&id, &version, &self.server, &now_ms, &until_ms])?;
            Ok(changed == 1)
        })
    }

    fn release(&self, id: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(sql::RELEASE, &[&id, &self.server])?;
            Ok(())
        })
    }

    fn lapsed(&self, now_ms: i64, most: usize) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let rows = c.query(sql::LAPSED, &[&now_ms, &count(most)])?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn listen(&self, listener: Listener) -> Result<bool, StoreError> {
        let mut client = self.config.connect(NoTls).map_err(StoreError::Unreachable)?;
        client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
        let (config, server, stop) = (self.config.clone(), self.server.clone(), Arc::clone(&self.stop));
        std::thread::Builder::new()
            .name("hamle-listen".to_owned())
            .spawn(move || listening(client, &config, &server, &stop, &listener))?;
        Ok(true)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.with(|c| Ok(c.query_one(sql::EMPTY, &[])?.try_get::<_, i64>(0)? == 0))
    }

    fn players(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.with(|c| {
            let rows = c.query(sql::PLAYERS, &[])?;
            Ok(rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect::<Result<_, ::postgres::Error>>()?)
        })
    }

    fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let rows = c.query(sql::GAME_IDS, &[])?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    fn dump_game(&self, id: &str) -> Result<Option<GameDump>, StoreError> {
        self.with(|c| {
            let (game, seats, actions) = (c.st(sql::GAME)?, c.st(sql::SEATS)?, c.st(sql::ACTIONS_AT)?);
            let changes = c.st(sql::CHANGES)?;
            // One snapshot, so that the row, seats and actions are of one moment.
            let mut tx =
                c.client.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()?;
            let Some(row) = tx.query_opt(&game, &[&id])? else { return Ok(None) };
            let row = GameRow { lease_owner: None, lease_until: None, ..row_to_game(&row)? };
            let seats = seats_of(&mut tx, &seats, id)?;
            let actions = tx
                .query(&actions, &[&id])?
                .iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
                .collect::<Result<_, ::postgres::Error>>()?;
            let ratings = tx.query(&changes, &[&id])?.iter().map(row_to_change).collect::<Result<_, _>>()?;
            tx.commit()?;
            Ok(Some(GameDump { row, seats, actions, ratings }))
        })
    }

    fn dump_player(&self, id: &str) -> Result<Option<PlayerDump>, StoreError> {
        self.with(|c| {
            let (person, tokens, transfers) = (c.st(sql::PERSON)?, c.st(sql::TOKENS_OF)?, c.st(sql::TRANSFERS_OF)?);
            let standings = c.st(sql::STANDINGS)?;
            // One snapshot, so that the row, tokens and codes are of one moment.
            let mut tx =
                c.client.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()?;
            let Some(row) = tx.query_opt(&person, &[&id])? else { return Ok(None) };
            let person = row_to_person(&row)?;
            let tokens = tx
                .query(&tokens, &[&id])?
                .iter()
                .map(|r| Ok(TokenDump { token_hash: r.try_get(0)?, created: r.try_get(1)?, revoked: r.try_get(2)? }))
                .collect::<Result<_, ::postgres::Error>>()?;
            let transfers = tx
                .query(&transfers, &[&id])?
                .iter()
                .map(|r| Ok(TransferDump { code_hash: r.try_get(0)?, expires: r.try_get(1)?, used: r.try_get(2)? }))
                .collect::<Result<_, ::postgres::Error>>()?;
            let ratings = tx.query(&standings, &[&id])?.iter().map(row_to_standing).collect::<Result<_, _>>()?;
            tx.commit()?;
            Ok(Some(PlayerDump {
                token_hash: person.id,
                created: person.created,
                name: person.name,
                list_games: person.list_games,
                tokens: Some(tokens),
                transfers,
                ratings,
            }))
        })
    }

    fn restore_player(&self, player: &PlayerDump) -> Result<(), StoreError> {
        self.with(|c| {
            let (add, token, transfer) = (c.st(sql::ADD_PLAYER)?, c.st(sql::ADD_TOKEN)?, c.st(sql::RESTORE_TRANSFER)?);
            let standing = c.st(sql::SET_STANDING)?;
            let mut tx = c.client.transaction()?;
            let key = player.name.as_deref().map(name_key);
            tx.execute(
                &add,
                &[&player.token_hash, &player.created, &player.name, &key, &i64::from(player.list_games)],
            )?;
            for t in player.all_tokens() {
                tx.execute(&token, &[&t.token_hash, &player.token_hash, &t.created, &t.revoked])?;
            }
            for t in &player.transfers {
                tx.execute(&transfer, &[&t.code_hash, &player.token_hash, &t.expires, &t.used])?;
            }
            for r in &player.ratings {
                let p = &r.standing;
                tx.execute(
                    &standing,
                    &[&player.token_hash, &r.pool, &p.rating, &p.deviation, &p.volatility, &p.games, &r.updated],
                )?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn token(&self, token_hash: &str) -> Result<Option<TokenRow>, StoreError> {
        self.with(|c| {
            let Some(row) = c.query_opt(sql::TOKEN, &[&token_hash])? else { return Ok(None) };
            Ok(Some(TokenRow { player: row.try_get(0)?, revoked: row.try_get(1)? }))
        })
    }

    fn person(&self, id: &str) -> Result<Option<Person>, StoreError> {
        self.with(|c| Ok(c.query_opt(sql::PERSON, &[&id])?.as_ref().map(row_to_person).transpose()?))
    }

    fn person_named(&self, name: &str) -> Result<Option<Person>, StoreError> {
        let key = name_key(name);
        self.with(|c| Ok(c.query_opt(sql::PERSON_NAMED, &[&key])?.as_ref().map(row_to_person).transpose()?))
    }

    fn set_name(&self, id: &str, name: &str) -> Result<(), NameError> {
        let key = name_key(name);
        let changed = self.with(|c| Ok(c.execute(sql::SET_NAME, &[&id, &name, &key])?));
        match changed {
            Err(StoreError::Postgres(e)) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Err(NameError::Taken),
            Err(e) => Err(e.into()),
            Ok(_) => Ok(()),
        }
    }

    fn set_listing(&self, id: &str, list: bool) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(sql::SET_LISTING, &[&id, &i64::from(list)])?;
            Ok(())
        })
    }

    fn game_counts(&self, id: &str) -> Result<(usize, usize), StoreError> {
        self.with(|c| {
            let row = c.query_one(sql::GAME_COUNTS, &[&id])?;
            let (playing, over): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
            Ok((usize::try_from(playing).unwrap_or(0), usize::try_from(over).unwrap_or(0)))
        })
    }

    fn listing(&self, id: &str, over_only: bool) -> Result<Vec<ListedGame>, StoreError> {
        self.with(|c| {
            let (games, seated) = (c.st(sql::LISTING)?, c.st(sql::SEATED)?);
            // One snapshot, so that the games and their people are of one moment.
            let mut tx =
                c.client.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()?;
            let rows = tx.query(&games, &[&id, &over_only])?.iter().map(row_to_game).collect::<Result<Vec<_>, _>>()?;
            let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
            let mut people: HashMap<String, Vec<Seated>> = HashMap::new();
            for r in tx.query(&seated, &[&ids])? {
                let seat = u8::try_from(r.try_get::<_, i64>(1)?).unwrap_or(u8::MAX);
                let person = Seated { seat, player: r.try_get(2)?, name: r.try_get(3)? };
                people.entry(r.try_get(0)?).or_default().push(person);
            }
            tx.commit()?;
            Ok(rows
                .into_iter()
                .map(|row| {
                    let people = people.remove(&row.id).unwrap_or_default();
                    ListedGame { row, people }
                })
                .collect())
        })
    }

    fn add_transfer(&self, id: &str, code_hash: &str, expires: i64) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(sql::ADD_TRANSFER, &[&code_hash, &id, &expires])?;
            Ok(())
        })
    }

    fn claim(&self, code_hash: &str, token_hash: &str, now: i64) -> Result<String, ClaimError> {
        let mut refused = None;
        let player = self.with(|c| {
            let (lock, used, token) = (c.st(sql::TRANSFER)?, c.st(sql::USE_TRANSFER)?, c.st(sql::NEW_TOKEN)?);
            let mut tx = c.client.transaction()?;
            let found = match tx.query_opt(&lock, &[&code_hash])? {
                Some(row) => Some((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)),
                None => None,
            };
            let player = match check_claim(found, now) {
                Ok(player) => player,
                Err(e) => {
                    refused = Some(e);
                    return Ok(String::new());
                }
            };
            tx.execute(&used, &[&code_hash, &now])?;
            tx.execute(&token, &[&token_hash, &player, &now])?;
            tx.commit()?;
            Ok(player)
        })?;
        refused.map_or(Ok(player), Err)
    }

    fn revoke(&self, token_hash: &str, now: i64) -> Result<bool, StoreError> {
        self.with(|c| Ok(c.execute(sql::REVOKE, &[&token_hash, &now])? == 1))
    }

    fn revoke_others(&self, id: &str, keep: &str, now: i64) -> Result<usize, StoreError> {
        self.with(|c| {
            let (revoke, drop) = (c.st(sql::REVOKE_OTHERS)?, c.st(sql::DROP_TRANSFERS)?);
            let mut tx = c.client.transaction()?;
            let revoked = tx.execute(&revoke, &[&id, &keep, &now])?;
            tx.execute(&drop, &[&id])?;
            tx.commit()?;
            Ok(usize::try_from(revoked).unwrap_or(usize::MAX))
        })
    }

    fn rate(
        &self,
        id: &str,
        pool: &str,
        people: &[(u8, String)],
        now: i64,
        rater: Rater<'_>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        self.with(|c| {
            let (lock, changes) = (c.st(sql::LOCK_GAME)?, c.st(sql::CHANGES)?);
            let (new, standing, set, add) =
                (c.st(sql::NEW_STANDING)?, c.st(sql::STANDING)?, c.st(sql::SET_STANDING)?, c.st(sql::ADD_CHANGE)?);
            let mut tx = c.client.transaction()?;
            tx.query_opt(&lock, &[&id])?;
            let done: Vec<RatingChange> =
                tx.query(&changes, &[&id])?.iter().map(row_to_change).collect::<Result<_, _>>()?;
            if !done.is_empty() {
                tx.commit()?;
                return Ok(done);
            }
            // The people's rows are locked in one order, so that two games locking the same two never wait on
            // each other.
            let mut order: Vec<&String> = people.iter().map(|(_, p)| p).collect();
            order.sort();
            let fresh = Standing::NEW;
            for player in order {
                tx.execute(&new, &[player, &pool, &fresh.rating, &fresh.deviation, &fresh.volatility, &now])?;
            }
            let mut before = Vec::with_capacity(people.len());
            for (_, player) in people {
                let row = tx.query_one(&standing, &[player, &pool])?;
                before.push(standing_at(&row, 0)?);
            }
            let after = rater(&before);
            let mut made = Vec::with_capacity(people.len());
            for (((seat, player), before), after) in people.iter().zip(before).zip(after) {
                let a = &after;
                tx.execute(&set, &[player, &pool, &a.rating, &a.deviation, &a.volatility, &a.games, &now])?;
                let change = RatingChange {
                    game: id.to_owned(),
                    seat: *seat,
                    player: player.clone(),
                    pool: pool.to_owned(),
                    before,
                    after,
                    at: now,
                };
                insert_change(&mut tx, &add, &change)?;
                made.push(change);
            }
            tx.commit()?;
            Ok(made)
        })
    }

    fn rating_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError> {
        self.with(|c| Ok(c.query(sql::CHANGES, &[&id])?.iter().map(row_to_change).collect::<Result<_, _>>()?))
    }

    fn standings(&self, id: &str) -> Result<Vec<StandingDump>, StoreError> {
        self.with(|c| Ok(c.query(sql::STANDINGS, &[&id])?.iter().map(row_to_standing).collect::<Result<_, _>>()?))
    }

    fn rating_history(&self, id: &str, most: usize) -> Result<Vec<RatingChange>, StoreError> {
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        self.with(|c| Ok(c.query(sql::HISTORY, &[&id, &most])?.iter().map(row_to_change).collect::<Result<_, _>>()?))
    }

    fn leaderboard(&self, pool: &str, deviation: f64, most: usize) -> Result<Vec<Ranked>, StoreError> {
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        self.with(|c| {
            let rows = c.query(sql::LEADERBOARD, &[&pool, &deviation, &most])?;
            Ok(rows
                .iter()
                .map(|r| {
                    Ok(Ranked {
                        player: r.try_get(0)?,
                        name: r.try_get(1)?,
                        standing: standing_at(r, 2)?,
                        updated: r.try_get(6)?,
                    })
                })
                .collect::<Result<_, ::postgres::Error>>()?)
        })
    }

    fn restore_game(&self, game: &GameDump) -> Result<(), StoreError> {
        let actions: Vec<(&str, i64)> = game.actions.iter().map(|(a, at)| (a.as_str(), *at)).collect();
        self.with(|c| {
            let (st, tell, add) = (Inserts::prepare(c)?, c.st(sql::NOTIFY)?, c.st(sql::ADD_CHANGE)?);
            let mut tx = c.client.transaction()?;
            insert_game(&mut tx, &st, &game.row, &game.seats, &actions)?;
            for change in &game.ratings {
                insert_change(&mut tx, &add, change)?;
            }
            notify(&mut tx, &tell, &self.server, &game.row.id)?;
            tx.commit()?;
            Ok(())
        })
    }
}

fn row_to_game(r: &Row) -> Result<GameRow, ::postgres::Error> {
    Ok(GameRow {
        id: r.try_get(0)?,
        player: r.try_get(1)?,
        kind: r.try_get(2)?,
        setup: r.try_get(3)?,
        seed: u64::from_ne_bytes(r.try_get::<_, i64>(4)?.to_ne_bytes()),
        salt: r.try_get(5)?,
        status: r.try_get(6)?,
        created: r.try_get(7)?,
        updated: r.try_get(8)?,
        format: r.try_get(9)?,
        invite: r.try_get(10)?,
        invite_expires: r.try_get(11)?,
        version: r.try_get(12)?,
        lease_owner: r.try_get(13)?,
        lease_until: r.try_get(14)?,
        result: r.try_get(15)?,
    })
}

/// Adds a rated game's change to one person's standing in `tx`.
fn insert_change(tx: &mut Transaction<'_>, add: &Statement, change: &RatingChange) -> Result<(), ::postgres::Error> {
    let (b, a) = (&change.before, &change.after);
    tx.execute(
        add,
        &[
            &change.game,
            &i64::from(change.seat),
            &change.player,
            &change.pool,
            &b.rating,
            &b.deviation,
            &b.volatility,
            &b.games,
            &a.rating,
            &a.deviation,
            &a.volatility,
            &a.games,
            &change.at,
        ],
    )?;
    Ok(())
}

/// The standing in the four columns from `first` on: rating, deviation, volatility, games.
fn standing_at(r: &Row, first: usize) -> Result<Standing, ::postgres::Error> {
    Ok(Standing {
        rating: r.try_get(first)?,
        deviation: r.try_get(first + 1)?,
        volatility: r.try_get(first + 2)?,
        games: r.try_get(first + 3)?,
    })
}

fn row_to_change(r: &Row) -> Result<RatingChange, ::postgres::Error> {
    Ok(RatingChange {
        game: r.try_get(0)?,
        seat: u8::try_from(r.try_get::<_, i64>(1)?).unwrap_or(u8::MAX),
        player: r.try_get(2)?,
        pool: r.try_get(3)?,
        before: standing_at(r, 4)?,
        after: standing_at(r, 8)?,
        at: r.try_get(12)?,
    })
}

fn row_to_standing(r: &Row) -> Result<StandingDump, ::postgres::Error> {
    Ok(StandingDump { pool: r.try_get(0)?, standing: standing_at(r, 1)?, updated: r.try_get(5)? })
}

fn row_to_person(r: &Row) -> Result<Person, ::postgres::Error> {
    Ok(Person {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        created: r.try_get(2)?,
        list_games: r.try_get::<_, i64>(3)? != 0,
        tokens: usize::try_from(r.try_get::<_, i64>(4)?).unwrap_or(0),
    })
}
