//! The PostgreSQL store: several servers on one database. Each server keeps a few connections (made again when
//! one is lost), takes the schema from the same migrations as SQLite, and hears the games other servers change
//! by `LISTEN`/`NOTIFY` on one channel.
//!
//! The driver is `postgres`, the blocking face of `tokio-postgres`: the store's callers run on blocking threads
//! (as SQLite's do), and each connection drives itself only while a call waits on it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ::postgres::error::SqlState;
use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::{Client, Config, GenericClient, IsolationLevel, NoTls, Row};

use super::{
    Changed, Failure, GameDump, GameRow, JoinError, Listener, MIGRATIONS, Store, StoreError, check_join, now,
    server_name,
};

/// The channel the servers tell each other of changed games on; a payload is `SERVER GAME`.
const CHANNEL: &str = "hamle_games";

/// Connections each server keeps (besides the one that listens).
const POOL: usize = 8;

/// The advisory lock two servers starting at once take, so that one migrates and the other waits.
const MIGRATION_LOCK: i64 = 0x0068_616d_6c65; // "hamle"

/// How long a statement may wait for a lock, and run, before it fails (as `Busy`): no request hangs on the
/// database.
const SESSION: &str = "-c lock_timeout=2000 -c statement_timeout=10000";

/// The columns of a game row, in the order [`row_to_game`] reads them.
const GAME_COLUMNS: &str = "id, player, kind, setup, seed, salt, status, created, updated, format, invite, invite_expires, version, \
     lease_owner, lease_until";

/// The PostgreSQL store.
pub struct Postgres {
    config: Config,
    pool: Vec<Mutex<Option<Client>>>,
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
        self.with(|client| {
            let mut tx = client.transaction()?;
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
                tx.execute("UPDATE hamle_schema SET version = $1", &[&count(version + 1)])?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// A connection of the pool: a free one if one is, else the next in turn.
    fn slot(&self) -> MutexGuard<'_, Option<Client>> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.pool.len() {
            if let Ok(slot) = self.pool[(start + i) % self.pool.len()].try_lock() {
                return slot;
            }
        }
        self.pool[start % self.pool.len()].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` on a connection of the pool, connecting first when it has none (or lost its own).
    fn with<T>(&self, work: impl FnOnce(&mut Client) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut slot = self.slot();
        if slot.as_ref().is_none_or(Client::is_closed) {
            *slot = None;
            *slot = Some(self.config.connect(NoTls)?);
        }
        let Some(client) = slot.as_mut() else { unreachable!("a connection was just made") };
        let result = work(client);
        if client.is_closed() {
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
        let clients: Vec<Client> = self
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
    if *code == SqlState::DISK_FULL {
        Failure::Full
    } else if [
        SqlState::LOCK_NOT_AVAILABLE,
        SqlState::T_R_SERIALIZATION_FAILURE,
        SqlState::T_R_DEADLOCK_DETECTED,
        SqlState::QUERY_CANCELED,
        SqlState::TOO_MANY_CONNECTIONS,
        SqlState::CANNOT_CONNECT_NOW,
        SqlState::ADMIN_SHUTDOWN,
    ]
    .contains(code)
    {
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
fn notify(tx: &mut impl GenericClient, server: &str, id: &str) -> Result<(), StoreError> {
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("{server} {id}")])?;
    Ok(())
}

/// Inserts a game's row, seats and actions (each with when it was made).
fn insert_game(
    tx: &mut impl GenericClient,
    game: &GameRow,
    seats: &[(u8, String)],
    actions: &[(&str, i64)],
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO games (id, player, kind, setup, seed, salt, status, created, updated, format, invite,
                            invite_expires, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
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
        ],
    )?;
    for (seat, player) in seats {
        tx.execute(
            "INSERT INTO seats (game, seat, player) VALUES ($1, $2, $3)",
            &[&game.id, &i64::from(*seat), player],
        )?;
    }
    for (seq, (action, at)) in actions.iter().enumerate() {
        tx.execute(
            "INSERT INTO actions (game, seq, action, at) VALUES ($1, $2, $3, $4)",
            &[&game.id, &count(seq), action, at],
        )?;
    }
    Ok(())
}

fn seats_of(client: &mut impl GenericClient, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
    let rows = client.query("SELECT seat, player FROM seats WHERE game = $1 ORDER BY seat", &[&id])?;
    Ok(rows.iter().map(|r| (u8::try_from(r.get::<_, i64>(0)).unwrap_or(u8::MAX), r.get(1))).collect())
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
    fn kind(&self) -> &'static str {
        "postgres"
    }

    fn server(&self) -> &str {
        &self.server
    }

    fn shared(&self) -> bool {
        true
    }

    fn version(&self) -> Result<usize, StoreError> {
        self.with(|c| {
            let version: i64 = c.query_one("SELECT version FROM hamle_schema", &[])?.get(0);
            Ok(usize::try_from(version).unwrap_or(usize::MAX))
        })
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.with(|c| {
            c.query_one("SELECT 1", &[])?;
            Ok(())
        })
    }

    fn add_player(&self, token_hash: &str) -> Result<(), StoreError> {
        self.restore_player(token_hash, now())
    }

    fn has_player(&self, token_hash: &str) -> Result<bool, StoreError> {
        self.with(|c| Ok(c.query_opt("SELECT 1 FROM players WHERE token_hash = $1", &[&token_hash])?.is_some()))
    }

    fn add_game(&self, game: &GameRow, seats: &[(u8, String)], actions: &[String]) -> Result<(), StoreError> {
        let at = now();
        let row = GameRow { created: at, updated: at, version: 0, ..game.clone() };
        let actions: Vec<(&str, i64)> = actions.iter().map(|a| (a.as_str(), at)).collect();
        self.with(|c| {
            let mut tx = c.transaction()?;
            insert_game(&mut tx, &row, seats, &actions)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn append(&self, id: &str, version: i64, first: usize, actions: &[String], status: &str) -> Result<(), StoreError> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let at = now();
            // The row's lock makes a second writer of the same version wait for the first, then find the
            // version moved on.
            let changed = tx.execute(
                "UPDATE games SET status = $2, updated = $3, version = version + 1, lease_owner = NULL,
                                  lease_until = NULL
                 WHERE id = $1 AND version = $4",
                &[&id, &status, &at, &version],
            )?;
            if changed == 0 {
                return Err(StoreError::Conflict);
            }
            for (i, action) in actions.iter().enumerate() {
                tx.execute(
                    "INSERT INTO actions (game, seq, action, at) VALUES ($1, $2, $3, $4)",
                    &[&id, &count(first + i), action, &at],
                )?;
            }
            notify(&mut tx, &self.server, id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn seats(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        self.with(|c| seats_of(c, id))
    }

    fn join(&self, id: &str, invite: &str, seat: u8, player: &str) -> Result<(), JoinError> {
        let mut refused = None;
        self.with(|c| {
            let mut tx = c.transaction()?;
            // Locks the game's row: two joins of one game take turns.
            let Some(row) =
                tx.query_opt("SELECT invite, invite_expires FROM games WHERE id = $1 FOR UPDATE", &[&id])?
            else {
                refused = Some(JoinError::Unknown);
                return Ok(());
            };
            let (code, expires): (Option<String>, Option<i64>) = (row.get(0), row.get(1));
            let seated = seats_of(&mut tx, id)?;
            if let Err(e) = check_join(&seated, code.as_deref(), expires, invite, seat, player) {
                refused = Some(e);
                return Ok(());
            }
            tx.execute(
                "INSERT INTO seats (game, seat, player) VALUES ($1, $2, $3)",
                &[&id, &i64::from(seat), &player],
            )?;
            tx.execute(
                "UPDATE games SET invite = NULL, invite_expires = NULL, version = version + 1, updated = $2
                 WHERE id = $1",
                &[&id, &now()],
            )?;
            notify(&mut tx, &self.server, id)?;
            tx.commit()?;
            Ok(())
        })?;
        refused.map_or(Ok(()), Err)
    }

    fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        self.with(|c| Ok(c.query_opt(&sql, &[&id])?.as_ref().map(row_to_game).transpose()?))
    }

    fn actions(&self, id: &str, from: usize) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let rows =
                c.query("SELECT action FROM actions WHERE game = $1 AND seq >= $2 ORDER BY seq", &[&id, &count(from)])?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn games_of(&self, token_hash: &str) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE player = $1 OR id IN (SELECT game FROM seats WHERE player = $1)
             ORDER BY updated DESC, created DESC, id DESC LIMIT 200"
        );
        self.with(|c| Ok(c.query(&sql, &[&token_hash])?.iter().map(row_to_game).collect::<Result<_, _>>()?))
    }

    fn lease(&self, id: &str, version: i64, now_ms: i64, until_ms: i64) -> Result<bool, StoreError> {
        self.with(|c| {
            let changed = c.execute(
                "UPDATE games SET lease_owner = $3, lease_until = $5
                 WHERE id = $1 AND version = $2 AND (lease_owner IS NULL OR lease_owner = $3 OR lease_until < $4)",
                &[&id, &version, &self.server, &now_ms, &until_ms],
            )?;
            Ok(changed == 1)
        })
    }

    fn release(&self, id: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2",
                &[&id, &self.server],
            )?;
            Ok(())
        })
    }

    fn lapsed(&self, now_ms: i64, most: usize) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT id FROM games WHERE lease_owner IS NOT NULL AND lease_until < $1 ORDER BY lease_until
                 LIMIT $2",
                &[&now_ms, &count(most)],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn listen(&self, listener: Listener) -> Result<bool, StoreError> {
        let mut client = self.config.connect(NoTls)?;
        client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
        let (config, server, stop) = (self.config.clone(), self.server.clone(), Arc::clone(&self.stop));
        std::thread::Builder::new()
            .name("hamle-listen".to_owned())
            .spawn(move || listening(client, &config, &server, &stop, &listener))?;
        Ok(true)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.with(|c| {
            let row = c.query_one("SELECT (SELECT COUNT(*) FROM players) + (SELECT COUNT(*) FROM games)", &[])?;
            Ok(row.get::<_, i64>(0) == 0)
        })
    }

    fn players(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.with(|c| {
            let rows = c.query("SELECT token_hash, created FROM players ORDER BY created, token_hash", &[])?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        self.with(|c| Ok(c.query("SELECT id FROM games ORDER BY created, id", &[])?.iter().map(|r| r.get(0)).collect()))
    }

    fn dump_game(&self, id: &str) -> Result<Option<GameDump>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        self.with(|c| {
            // One snapshot, so that the row, seats and actions are of one moment.
            let mut tx =
                c.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()?;
            let Some(row) = tx.query_opt(&sql, &[&id])? else { return Ok(None) };
            let row = GameRow { lease_owner: None, lease_until: None, ..row_to_game(&row)? };
            let seats = seats_of(&mut tx, id)?;
            let actions = tx
                .query("SELECT action, at FROM actions WHERE game = $1 ORDER BY seq", &[&id])?
                .iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            tx.commit()?;
            Ok(Some(GameDump { row, seats, actions }))
        })
    }

    fn restore_player(&self, token_hash: &str, created: i64) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute("INSERT INTO players (token_hash, created) VALUES ($1, $2)", &[&token_hash, &created])?;
            Ok(())
        })
    }

    fn restore_game(&self, game: &GameDump) -> Result<(), StoreError> {
        let actions: Vec<(&str, i64)> = game.actions.iter().map(|(a, at)| (a.as_str(), *at)).collect();
        self.with(|c| {
            let mut tx = c.transaction()?;
            insert_game(&mut tx, &game.row, &game.seats, &actions)?;
            notify(&mut tx, &self.server, &game.row.id)?;
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
    })
}
