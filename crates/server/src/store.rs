//! The SQLite store: players (by a hash of their token), games (what they are and their secret seed) and
//! each game's actions in order. A game's state is never stored: it is its actions replayed from its seed.

use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

/// The schema, one migration per entry; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    "
    CREATE TABLE players (
        token_hash TEXT PRIMARY KEY,
        created    INTEGER NOT NULL
    );
    CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        player   TEXT NOT NULL REFERENCES players(token_hash),
        kind     TEXT NOT NULL,
        setup    TEXT NOT NULL,
        seed     INTEGER NOT NULL,
        salt     TEXT NOT NULL,
        status   TEXT NOT NULL,
        created  INTEGER NOT NULL,
        updated  INTEGER NOT NULL
    );
    CREATE INDEX games_by_player ON games(player, updated);
    CREATE TABLE actions (
        game    TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        at      INTEGER NOT NULL,
        PRIMARY KEY (game, seq)
    );
",
    "
    ALTER TABLE games ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN invite TEXT;
    ALTER TABLE games ADD COLUMN invite_expires INTEGER;
    CREATE TABLE seats (
        game    TEXT NOT NULL REFERENCES games(id),
        seat    INTEGER NOT NULL,
        player  TEXT NOT NULL REFERENCES players(token_hash),
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX seats_by_player ON seats(player);
",
];

/// The format of the actions of games created now: typed records of the arena's play layer. Games of format 1
/// (stored before seats and matches were one path) are kept but cannot be replayed.
pub const FORMAT: i64 = 2;

/// A failure of the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("the store failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The database was written by a newer hamle, whose schema this one does not know.
    #[error(
        "the database's schema is version {found}, newer than this hamle knows ({known}): run the hamle that wrote \
         it, or give another --db"
    )]
    Newer {
        /// The schema version of the file.
        found: usize,
        /// The newest version this binary knows.
        known: usize,
    },
}

/// What kind of failure a [`StoreError`] is, for the answer a client gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The disk (or the database's size limit) is full: nothing was written.
    Full,
    /// Another process holds the database's write lock: nothing was written, and a retry may succeed.
    Busy,
    /// Anything else.
    Other,
}

impl StoreError {
    /// What kind of failure this is.
    pub fn failure(&self) -> Failure {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => match e.code {
                rusqlite::ErrorCode::DiskFull => Failure::Full,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked => Failure::Busy,
                _ => Failure::Other,
            },
            _ => Failure::Other,
        }
    }
}

/// A game as stored: what it is and its secret; its actions are read apart.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The hash of the owner's token.
    pub player: String,
    /// The kind of game (`hapis`, `tictactoe`).
    pub kind: String,
    /// The options it was created with, as JSON.
    pub setup: String,
    /// The seed of its dice and its bots' tie-breaks.
    pub seed: u64,
    /// The salt hashed with the seed into the commitment.
    pub salt: String,
    /// `playing` or `over`.
    pub status: String,
    /// Last change, in seconds since 1970.
    pub updated: i64,
    /// How its actions are written ([`FORMAT`] for games made now).
    pub format: i64,
    /// The code that lets a second person take the open seat, while one is open.
    pub invite: Option<String>,
    /// When the invite stops working, in seconds since 1970.
    pub invite_expires: Option<i64>,
}

/// Why a seat could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The invite is not this game's (or the game has none).
    #[error("this invite is not known")]
    Unknown,
    /// The invite is too old.
    #[error("this invite has expired")]
    Expired,
    /// Every seat is taken.
    #[error("every seat of this game is taken")]
    Full,
    /// The person already sits at the game.
    #[error("you already sit at this game")]
    Seated,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The store: one SQLite connection that writes, behind a lock (SQLite writes one transaction at a time anyway),
/// and a few that only read, so that reads never wait for a write (WAL lets them read beside it).
pub struct Store {
    db: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    /// Where the next read starts looking for a free reader.
    next: std::sync::atomic::AtomicUsize,
}

/// How the store is opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The most bytes the database may grow to (SQLite's `max_page_count`); a write past it fails with
    /// [`Failure::Full`] and changes nothing. `None`: as large as the disk allows.
    pub max_bytes: Option<u64>,
}

/// Connections that only read, beside the one that writes.
const READERS: usize = 4;

/// How long a write waits for another process's lock on the database before it fails with [`Failure::Busy`].
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Seconds since 1970.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (creating it if need be) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_with(path, Options::default())
    }

    /// Opens the database at `path` with `options`.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated, or its schema is newer than this binary knows.
    pub fn open_with(path: &Path, options: Options) -> Result<Store, StoreError> {
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
    pub fn in_memory() -> Result<Store, StoreError> {
        Self::setup(Connection::open_in_memory()?, Options::default())
    }

    fn setup(mut db: Connection, options: Options) -> Result<Store, StoreError> {
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
            tx.pragma_update(None, "user_version", version + 1)?;
            tx.commit()?;
        }
        if let Some(bytes) = options.max_bytes {
            let page: u64 = db.query_row("PRAGMA page_size", [], |r| r.get(0))?;
            db.pragma_update(None, "max_page_count", (bytes / page.max(1)).max(1))?;
        }
        Ok(Store { db: Mutex::new(db), readers: Vec::new(), next: std::sync::atomic::AtomicUsize::new(0) })
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent (transactions roll back), so go on.
        self.db.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A connection to read with: a free reader if one is, else the next in turn (the writer without readers).
    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        if self.readers.is_empty() {
            return self.db();
        }
        let start = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        for i in 0..self.readers.len() {
            if let Ok(reader) = self.readers[(start + i) % self.readers.len()].try_lock() {
                return reader;
            }
        }
        self.readers[start % self.readers.len()].lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The schema version.
    ///
    /// # Errors
    /// When the store fails.
    pub fn version(&self) -> Result<usize, StoreError> {
        Ok(self.reader().query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Adds a player by the hash of its token.
    ///
    /// # Errors
    /// When the store fails.
    pub fn add_player(&self, token_hash: &str) -> Result<(), StoreError> {
        self.db().execute("INSERT INTO players (token_hash, created) VALUES (?1, ?2)", params![token_hash, now()])?;
        Ok(())
    }

    /// Whether a player with this token hash exists.
    ///
    /// # Errors
    /// When the store fails.
    pub fn has_player(&self, token_hash: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = self
            .reader()
            .query_row("SELECT 1 FROM players WHERE token_hash = ?1", [token_hash], |r| r.get(0))
            .optional()?;
        Ok(found.is_some())
    }

    /// Adds a game with its first actions, in one transaction.
    ///
    /// # Errors
    /// When the store fails; then nothing is added.
    pub fn add_game(&self, game: &GameRow, seats: &[(u8, String)], actions: &[String]) -> Result<(), StoreError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        let at = now();
        tx.execute(
            "INSERT INTO games (id, player, kind, setup, seed, salt, status, created, updated, format, invite,
                                invite_expires)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11)",
            params![
                game.id,
                game.player,
                game.kind,
                game.setup,
                i64::from_ne_bytes(game.seed.to_ne_bytes()),
                game.salt,
                game.status,
                at,
                game.format,
                game.invite,
                game.invite_expires
            ],
        )?;
        for (seat, player) in seats {
            tx.execute("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)", params![game.id, seat, player])?;
        }
        for (seq, action) in actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
                params![game.id, seq, action, at],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Appends actions to a game from position `first` on and sets its status, in one transaction.
    ///
    /// # Errors
    /// When the store fails (a clash on `first` included: another writer got there first); then nothing changes.
    pub fn append(&self, id: &str, first: usize, actions: &[String], status: &str) -> Result<(), StoreError> {
        let mut db = self.db();
        let tx = db.transaction()?;
        let at = now();
        for (i, action) in actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
                params![id, first + i, action, at],
            )?;
        }
        tx.execute("UPDATE games SET status = ?2, updated = ?3 WHERE id = ?1", params![id, status, at])?;
        tx.commit()?;
        Ok(())
    }

    /// The people seated at a game: each seat with the hash of its person's token.
    ///
    /// # Errors
    /// When the store fails.
    pub fn seats(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT seat, player FROM seats WHERE game = ?1 ORDER BY seat")?;
        let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Seats `player` at `seat` of game `id` by its invite, in one transaction; the invite is used up.
    ///
    /// # Errors
    /// [`JoinError`] when the invite is unknown or expired, the seat is taken, or the person already sits.
    pub fn join(&self, id: &str, invite: &str, seat: u8, player: &str) -> Result<(), JoinError> {
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
        if seated.iter().any(|(_, p)| p == player) {
            return Err(JoinError::Seated);
        }
        if code.as_deref() != Some(invite) {
            return Err(JoinError::Unknown);
        }
        if expires.is_some_and(|t| t < now()) {
            return Err(JoinError::Expired);
        }
        if seated.iter().any(|(s, _)| *s == seat) {
            return Err(JoinError::Full);
        }
        tx.execute("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)", params![id, seat, player])
            .map_err(StoreError::from)?;
        tx.execute("UPDATE games SET invite = NULL, invite_expires = NULL WHERE id = ?1", [id])
            .map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(())
    }

    /// The game with this id, if any.
    ///
    /// # Errors
    /// When the store fails.
    pub fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .reader()
            .query_row(
                "SELECT id, player, kind, setup, seed, salt, status, updated, format, invite, invite_expires
                 FROM games WHERE id = ?1",
                [id],
                row_to_game,
            )
            .optional()?)
    }

    /// A game's actions, in order.
    ///
    /// # Errors
    /// When the store fails.
    pub fn actions(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare("SELECT action FROM actions WHERE game = ?1 ORDER BY seq")?;
        let rows = query.query_map([id], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// A player's games, the most recently changed first.
    ///
    /// # Errors
    /// When the store fails.
    pub fn games_of(&self, token_hash: &str) -> Result<Vec<GameRow>, StoreError> {
        let db = self.reader();
        let mut query = db.prepare(
            "SELECT id, player, kind, setup, seed, salt, status, updated, format, invite, invite_expires FROM games
             WHERE player = ?1 OR id IN (SELECT game FROM seats WHERE player = ?1)
             ORDER BY updated DESC, rowid DESC LIMIT 200",
        )?;
        let rows = query.query_map([token_hash], row_to_game)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
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
        updated: r.get(7)?,
        format: r.get(8)?,
        invite: r.get(9)?,
        invite_expires: r.get(10)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_run_once_and_are_counted() {
        let path = std::env::temp_dir().join(format!("hamle-store-{}.db", std::process::id()));
        std::fs::remove_file(&path).ok();
        let first = Store::open(&path).expect("created");
        assert_eq!(first.version().expect("a version"), MIGRATIONS.len());
        first.add_player("abc").expect("a player");
        drop(first);
        let again = Store::open(&path).expect("opened again");
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
            updated: 0,
            format: FORMAT,
            invite: None,
            invite_expires: None,
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
        let Err(error) = Store::open(&path) else { panic!("a newer schema is refused") };
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
            let store = Store::open(&path).expect("created");
            let db = store.db();
            let pages = db.query_row("PRAGMA page_count", [], |r| r.get(0)).expect("pages");
            (pages, db.query_row("PRAGMA page_size", [], |r| r.get(0)).expect("a page size"))
        };
        // Room for a few pages past the schema; each player (its long hash twice: the row and the key's index)
        // takes about half a page.
        let store = Store::open_with(&path, Options { max_bytes: Some((pages + 4) * page) }).expect("opened");
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
        let store = Store::open(&path).expect("opened without a limit");
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
        let store = Store::open(&path).expect("created");
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
            assert_eq!(store.actions("g1").expect("read"), ["a"]);
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
        let store = Store::open(&path).expect("created");
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
