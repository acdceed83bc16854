//! The store: players (each known by the hash of their first token, its id, with a chosen name and their
//! tokens: the first and any claimed by a transfer, each revocable), games (what they are, their secret seed, a
//! version and a lease, and their result once over) and each game's actions in order. A game's state is never
//! stored: it is its actions replayed from its seed.
//!
//! One trait, [`Store`], two implementations: [`Sqlite`] (a file, one server: the default) and [`Postgres`]
//! (several servers on one database). Both take their schema from the one list of migrations here, and the same
//! suite of tests runs against both (`crates/server/tests/store.rs`).
//!
//! Several servers may act on one game: each change bumps the game's version, and a write names the version it
//! was made from, so that of two writers only the first succeeds ([`StoreError::Conflict`]); the other changes
//! nothing. A bot's thought is taken under a lease in the database, so that one server thinks at a time and,
//! when it dies, another takes the game over once the lease lapses.

pub mod dump;
mod postgres;
mod sqlite;

use std::time::{SystemTime, UNIX_EPOCH};

pub use self::dump::{DumpError, Summary, export, import};
pub use self::postgres::Postgres;
pub use self::sqlite::{Options, Sqlite};

/// The schema, one migration per entry, written for SQLite; PostgreSQL reads `INTEGER` as `BIGINT` (SQLite's
/// integers are 64-bit, PostgreSQL's `INTEGER` is not). The store counts the migrations applied.
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
    "
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN lease_owner TEXT;
    ALTER TABLE games ADD COLUMN lease_until INTEGER;
    CREATE INDEX games_by_lease ON games(lease_until) WHERE lease_owner IS NOT NULL;
",
    // People: a player's id stays the hash of its first token (every game and seat names it), and the tokens
    // that act as the player move to a table of their own, the first among them, so that a transfer can add one
    // and a revocation end one without touching the games.
    "
    ALTER TABLE players ADD COLUMN name TEXT;
    ALTER TABLE players ADD COLUMN name_key TEXT;
    ALTER TABLE players ADD COLUMN list_games INTEGER NOT NULL DEFAULT 0;
    CREATE UNIQUE INDEX players_by_name ON players(name_key);
    CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        player     TEXT NOT NULL REFERENCES players(token_hash),
        created    INTEGER NOT NULL,
        revoked    INTEGER
    );
    CREATE INDEX tokens_by_player ON tokens(player);
    INSERT INTO tokens (token_hash, player, created) SELECT token_hash, token_hash, created FROM players;
    CREATE TABLE transfers (
        code_hash TEXT PRIMARY KEY,
        player    TEXT NOT NULL REFERENCES players(token_hash),
        expires   INTEGER NOT NULL,
        used      INTEGER
    );
    CREATE INDEX transfers_by_player ON transfers(player);
    ALTER TABLE games ADD COLUMN result TEXT;
",
    // Ratings: a player's Glicko-2 standing in each pool (a game with its parameters) it played rated games in,
    // and each rated game's change to each person's, so that a game is rated once and its change is shown.
    "
    CREATE TABLE ratings (
        player     TEXT NOT NULL REFERENCES players(token_hash),
        pool       TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      INTEGER NOT NULL,
        updated    INTEGER NOT NULL,
        PRIMARY KEY (player, pool)
    );
    CREATE INDEX ratings_by_pool ON ratings(pool, rating);
    CREATE TABLE rating_changes (
        game              TEXT NOT NULL REFERENCES games(id),
        seat              INTEGER NOT NULL,
        player            TEXT NOT NULL REFERENCES players(token_hash),
        pool              TEXT NOT NULL,
        rating_before     DOUBLE PRECISION NOT NULL,
        deviation_before  DOUBLE PRECISION NOT NULL,
        volatility_before DOUBLE PRECISION NOT NULL,
        games_before      INTEGER NOT NULL,
        rating_after      DOUBLE PRECISION NOT NULL,
        deviation_after   DOUBLE PRECISION NOT NULL,
        volatility_after  DOUBLE PRECISION NOT NULL,
        games_after       INTEGER NOT NULL,
        at                INTEGER NOT NULL,
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes(player, at);
",
    // Names' keys take in look-alike letters: the store computes each again in Rust after this one (`REKEY`).
    "
    UPDATE players SET name_key = NULL;
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
    /// PostgreSQL failed.
    #[error("the store failed: {0}")]
    Postgres(#[from] ::postgres::Error),
    /// No connection to PostgreSQL could be made (it is down, out of reach, or refuses this database): nothing
    /// was done, and a retry may succeed.
    #[error("the store is out of reach: {0}")]
    Unreachable(::postgres::Error),
    /// The database was written by a newer hamle, whose schema this one does not know.
    #[error(
        "the database's schema is version {found}, newer than this hamle knows ({known}): run the hamle that wrote \
         it, or give another --db"
    )]
    Newer {
        /// The schema version of the database.
        found: usize,
        /// The newest version this binary knows.
        known: usize,
    },
    /// A thread of the store could not start.
    #[error("the store could not start a thread: {0}")]
    Io(#[from] std::io::Error),
    /// The game changed since the version the write was made from (another server or request wrote first):
    /// nothing was written.
    #[error("the game changed meanwhile: nothing was written")]
    Conflict,
}

/// What kind of failure a [`StoreError`] is, for the answer a client gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The disk (or the database's size limit) is full: nothing was written.
    Full,
    /// The database is locked or out of reach for now: nothing was written, and a retry may succeed.
    Busy,
    /// Another writer changed the game first: nothing was written.
    Conflict,
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
            StoreError::Postgres(e) => postgres::failure(e),
            StoreError::Unreachable(_) => Failure::Busy,
            StoreError::Conflict => Failure::Conflict,
            _ => Failure::Other,
        }
    }
}

/// A game as stored: what it is and its secret; its actions are read apart.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// When it was made, in seconds since 1970.
    pub created: i64,
    /// Last change, in seconds since 1970.
    pub updated: i64,
    /// How its actions are written ([`FORMAT`] for games made now).
    pub format: i64,
    /// The code that lets a second person take the open seat, while one is open.
    pub invite: Option<String>,
    /// When the invite stops working, in seconds since 1970.
    pub invite_expires: Option<i64>,
    /// How many changes (actions appended, seats taken) the game has had: a write names the version it was
    /// made from.
    pub version: i64,
    /// The server thinking for the game's bot, while one is.
    #[serde(skip)]
    pub lease_owner: Option<String>,
    /// Until when that server's lease holds, in milliseconds since 1970.
    #[serde(skip)]
    pub lease_until: Option<i64>,
    /// Once the match is over, its result as JSON (`{"points": [seat 0, seat 1], "text"}`); `None` while it is
    /// played, and for games finished before results were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl GameRow {
    /// Whether a server other than `me` holds the game's lease at `now_ms`.
    pub fn leased_elsewhere(&self, me: &str, now_ms: i64) -> bool {
        self.lease_owner.as_deref().is_some_and(|owner| owner != me) && self.lease_until.is_some_and(|t| t >= now_ms)
    }
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

/// A person as the store keeps them: who they are to others, and what they chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    /// The player's id: the hash of its first token, which its games and seats name.
    pub id: String,
    /// The display name chosen, if any.
    pub name: Option<String>,
    /// When the player was made, in seconds since 1970.
    pub created: i64,
    /// Whether the player's finished games are listed on their public profile.
    pub list_games: bool,
    /// How many of the player's tokens are not revoked.
    pub tokens: usize,
}

/// What a token is: whose, and whether it was revoked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// The player it acts as.
    pub player: String,
    /// When it was revoked, in seconds since 1970; `None` while it works.
    pub revoked: Option<i64>,
}

/// A person seated at a game, with their display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The seat.
    pub seat: u8,
    /// The player's id.
    pub player: String,
    /// The player's display name, if chosen.
    pub name: Option<String>,
}

/// A game as a list of games shows it: its row and its people with their names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    /// The game's row.
    pub row: GameRow,
    /// The people seated, by seat.
    pub people: Vec<Seated>,
}

/// Why a display name could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum NameError {
    /// Another player has it (whatever its letters' case).
    #[error("this name is taken")]
    Taken,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a transfer's code gave no token.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    /// No code is this one, or it was used already.
    #[error("this code is not known, or was used already")]
    Unknown,
    /// The code is past its time.
    #[error("this code has expired")]
    Expired,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The key a display name is unique by: each character taken as the one it looks like (Unicode's confusables,
/// UTS #39's skeleton: Cyrillic `а` as Latin `a`, `rn` as `m`), in lower case, and again as it looks, so that
/// `Ada`, `ADA`, `Аda` (a Cyrillic `А`) and `Il` against `ll` are each one name.
pub fn name_key(name: &str) -> String {
    let looks: String = unicode_security::skeleton(name).collect();
    unicode_security::skeleton(&looks.to_lowercase()).collect()
}

/// The migration after which every display name's key is computed again by [`name_key`] (its rule took in
/// look-alike letters, which SQL cannot compute): [`rekey`] does it in the migration's transaction.
const REKEY: usize = 6;

/// The new keys of the display names `named` (each player's id and name, the first named first): a name whose key
/// an earlier one took keeps its letters but gets a key of its own (its key and its id), so that the migration
/// never fails on names that were two before and look alike now; its owner finds it under that key alone until
/// they choose another.
fn rekey(named: &[(String, String)]) -> Vec<(String, String)> {
    let mut taken = std::collections::HashSet::new();
    named
        .iter()
        .map(|(id, name)| {
            let key = name_key(name);
            let key = if taken.insert(key.clone()) { key } else { format!("{key}#{id}") };
            (id.clone(), key)
        })
        .collect()
}

/// A token as a backup holds it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenDump {
    /// The token's hash.
    pub token_hash: String,
    /// When it was made, in seconds since 1970.
    pub created: i64,
    /// When it was revoked, if it was.
    #[serde(default)]
    pub revoked: Option<i64>,
}

/// A transfer's code as a backup holds it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferDump {
    /// The code's hash.
    pub code_hash: String,
    /// When it stops working, in seconds since 1970.
    pub expires: i64,
    /// When it was used, if it was.
    #[serde(default)]
    pub used: Option<i64>,
}

/// A player whole, as a backup holds it: a backup of format 1 gave only the id and when it was made.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerDump {
    /// The player's id (the hash of its first token).
    pub token_hash: String,
    /// When it was made, in seconds since 1970.
    pub created: i64,
    /// The display name, if chosen.
    #[serde(default)]
    pub name: Option<String>,
    /// Whether its finished games are listed on its profile.
    #[serde(default)]
    pub list_games: bool,
    /// Its tokens; `None` (a backup of format 1): its first token alone, the one its id is the hash of.
    #[serde(default)]
    pub tokens: Option<Vec<TokenDump>>,
    /// Its transfers' codes.
    #[serde(default)]
    pub transfers: Vec<TransferDump>,
    /// Its standings, a pool each (a backup of format 1 or 2 has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ratings: Vec<StandingDump>,
}

impl PlayerDump {
    /// A player of a backup of format 1 (or a new one): its id and when it was made, its first token alone.
    pub fn plain(token_hash: &str, created: i64) -> PlayerDump {
        PlayerDump {
            token_hash: token_hash.to_owned(),
            created,
            name: None,
            list_games: false,
            tokens: None,
            transfers: Vec::new(),
            ratings: Vec::new(),
        }
    }

    /// Its tokens: those given, or its first token alone.
    pub fn all_tokens(&self) -> Vec<TokenDump> {
        self.tokens.clone().unwrap_or_else(|| {
            vec![TokenDump { token_hash: self.token_hash.clone(), created: self.created, revoked: None }]
        })
    }
}

/// A player's Glicko-2 standing in one rated pool.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation: how unsure it is (350 to start).
    pub deviation: f64,
    /// Its volatility: how erratic the player's results are (0.06 to start).
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: i64,
}

/// A player's standing in a pool, as a backup holds it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingDump {
    /// The pool: the game with its parameters, as rated.
    pub pool: String,
    /// The standing.
    pub standing: Standing,
    /// When it last changed, in seconds since 1970.
    pub updated: i64,
}

/// What one rated game did to one person's standing.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingChange {
    /// The game.
    pub game: String,
    /// The person's seat.
    pub seat: u8,
    /// The person's id.
    pub player: String,
    /// The pool the game was rated in.
    pub pool: String,
    /// The standing before the game (a new player's when it was the first).
    pub before: Standing,
    /// The standing after it.
    pub after: Standing,
    /// When the game was rated, in seconds since 1970.
    pub at: i64,
}

impl Standing {
    /// A player's standing before their first rated game in a pool: Glicko-2's start.
    pub const NEW: Standing = Standing { rating: 1500.0, deviation: 350.0, volatility: 0.06, games: 0 };
}

/// Works out the new standings of a rated game's people from their standings now, one for each, in the order the
/// people were given ([`Standing::NEW`] for a person's first rated game in the pool).
pub type Rater<'a> = &'a dyn Fn(&[Standing]) -> Vec<Standing>;

/// A person on a pool's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The person's id.
    pub player: String,
    /// Their display name.
    pub name: String,
    /// Their standing.
    pub standing: Standing,
    /// When it last changed, in seconds since 1970.
    pub updated: i64,
}

/// A game whole, as a backup holds it: its row, its seats and its actions with when each was made.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameDump {
    /// The game's row (its lease, which lives only while a server thinks, is not kept).
    #[serde(flatten)]
    pub row: GameRow,
    /// Each seat with the hash of its person's token.
    pub seats: Vec<(u8, String)>,
    /// Each action with when it was made (seconds since 1970).
    pub actions: Vec<(String, i64)>,
    /// What the game did to its people's ratings, if it was rated (a backup of format 1 or 2 has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ratings: Vec<RatingChange>,
}

/// A change another server made, as it reaches this one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The game with this id changed.
    Game(String),
    /// Changes may have been missed (the connection that listens was lost): every game may have changed.
    All,
}

/// What is told of the changes other servers make.
pub type Listener = Box<dyn Fn(Changed) + Send + Sync>;

/// A store of players, games and actions. Its methods block: call them away from an async task's thread.
pub trait Store: Send + Sync {
    /// This store's name for the server holding it, as leases record it: unique to each opening.
    fn server(&self) -> &str;

    /// Whether other servers may write to the store beside this one (then a game held in memory is checked
    /// against the store's version before use, and a bot thinks under a lease).
    fn shared(&self) -> bool;

    /// The schema version (the migrations applied).
    ///
    /// # Errors
    /// When the store fails.
    fn version(&self) -> Result<usize, StoreError>;

    /// Whether the database answers now.
    ///
    /// # Errors
    /// When it does not.
    fn ping(&self) -> Result<(), StoreError>;

    /// Adds a player by the hash of its token (its id, and its first token).
    ///
    /// # Errors
    /// When the store fails (the player exists already included).
    fn add_player(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Whether a player with this id (the hash of its first token) exists.
    ///
    /// # Errors
    /// When the store fails.
    fn has_player(&self, token_hash: &str) -> Result<bool, StoreError>;

    /// Adds a game at version 0 with its seats and first actions, in one transaction.
    ///
    /// # Errors
    /// When the store fails; then nothing is added.
    fn add_game(&self, game: &GameRow, seats: &[(u8, String)], actions: &[String]) -> Result<(), StoreError>;

    /// Appends actions to a game made from its `version`, from position `first` on, sets its status and its
    /// result (JSON, once over; else `None`), bumps its version and ends any lease on it, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game is no longer at `version`; any failure of the store. Then nothing
    /// changes.
    fn append(
        &self,
        id: &str,
        version: i64,
        first: usize,
        actions: &[String],
        status: &str,
        result: Option<&str>,
    ) -> Result<(), StoreError>;

    /// The people seated at a game: each seat with the hash of its person's token.
    ///
    /// # Errors
    /// When the store fails.
    fn seats(&self, id: &str) -> Result<Vec<(u8, String)>, StoreError>;

    /// Seats `player` at `seat` of game `id` by its invite and bumps the game's version, in one transaction;
    /// the invite is used up.
    ///
    /// # Errors
    /// [`JoinError`] when the invite is unknown or expired, the seat is taken, or the person already sits.
    fn join(&self, id: &str, invite: &str, seat: u8, player: &str) -> Result<(), JoinError>;

    /// The game with this id, if any.
    ///
    /// # Errors
    /// When the store fails.
    fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError>;

    /// A game's actions from position `from` on, in order.
    ///
    /// # Errors
    /// When the store fails.
    fn actions(&self, id: &str, from: usize) -> Result<Vec<String>, StoreError>;

    /// A player's games (owned or seated at), the most recently changed first, at most 200.
    ///
    /// # Errors
    /// When the store fails.
    fn games_of(&self, token_hash: &str) -> Result<Vec<GameRow>, StoreError>;

    /// Takes the lease to think for game `id` at `version` until `until_ms`, for [`Store::server`]; false when
    /// another server holds an unlapsed lease or the game is no longer at `version`.
    ///
    /// # Errors
    /// When the store fails.
    fn lease(&self, id: &str, version: i64, now_ms: i64, until_ms: i64) -> Result<bool, StoreError>;

    /// Gives up this server's lease on a game, if it holds one.
    ///
    /// # Errors
    /// When the store fails.
    fn release(&self, id: &str) -> Result<(), StoreError>;

    /// Games whose lease lapsed before `now_ms` (their server died or stalled mid-thought), at most `most`.
    ///
    /// # Errors
    /// When the store fails.
    fn lapsed(&self, now_ms: i64, most: usize) -> Result<Vec<String>, StoreError>;

    /// Tells `listener` of the games other servers change, from now on; false when no other server can (one
    /// server alone on the store).
    ///
    /// # Errors
    /// When listening cannot start.
    fn listen(&self, listener: Listener) -> Result<bool, StoreError>;

    /// Whether the store holds no player and no game.
    ///
    /// # Errors
    /// When the store fails.
    fn is_empty(&self) -> Result<bool, StoreError>;

    /// Every player, with when each was made, in the order made.
    ///
    /// # Errors
    /// When the store fails.
    fn players(&self) -> Result<Vec<(String, i64)>, StoreError>;

    /// Every game's id, in the order made.
    ///
    /// # Errors
    /// When the store fails.
    fn game_ids(&self) -> Result<Vec<String>, StoreError>;

    /// A game whole, for a backup.
    ///
    /// # Errors
    /// When the store fails.
    fn dump_game(&self, id: &str) -> Result<Option<GameDump>, StoreError>;

    /// A player whole (name, tokens, transfers' codes), for a backup.
    ///
    /// # Errors
    /// When the store fails.
    fn dump_player(&self, id: &str) -> Result<Option<PlayerDump>, StoreError>;

    /// Adds a player from a backup, exactly as it was (its first token alone when the backup gives none), in one
    /// transaction.
    ///
    /// # Errors
    /// When the store fails (the player, a token or a code exists already included); then nothing is added.
    fn restore_player(&self, player: &PlayerDump) -> Result<(), StoreError>;

    /// What the token with this hash is: whose, and whether it was revoked; `None` for a token no player has.
    ///
    /// # Errors
    /// When the store fails.
    fn token(&self, token_hash: &str) -> Result<Option<TokenRow>, StoreError>;

    /// The player with this id, as others know them.
    ///
    /// # Errors
    /// When the store fails.
    fn person(&self, id: &str) -> Result<Option<Person>, StoreError>;

    /// The player whose display name is `name`, whatever its letters' case.
    ///
    /// # Errors
    /// When the store fails.
    fn person_named(&self, name: &str) -> Result<Option<Person>, StoreError>;

    /// Gives player `id` the display name `name` (checked by the caller), in place of any it had.
    ///
    /// # Errors
    /// [`NameError::Taken`] when another player has it, in any case of its letters (the store's unique index
    /// decides, so of two players asking at once one gets it); any failure of the store. Then nothing changes.
    fn set_name(&self, id: &str, name: &str) -> Result<(), NameError>;

    /// Whether player `id`'s finished games are listed on its public profile.
    ///
    /// # Errors
    /// When the store fails.
    fn set_listing(&self, id: &str, list: bool) -> Result<(), StoreError>;

    /// How many games player `id` made or sits at: those being played, and those over.
    ///
    /// # Errors
    /// When the store fails.
    fn game_counts(&self, id: &str) -> Result<(usize, usize), StoreError>;

    /// Player `id`'s games (made or seated at), the most recently changed first, at most 200, each with its
    /// people and their names; only those over when `over_only`.
    ///
    /// # Errors
    /// When the store fails.
    fn listing(&self, id: &str, over_only: bool) -> Result<Vec<ListedGame>, StoreError>;

    /// Adds a transfer's code (by its hash) for player `id`, working through the second `expires`.
    ///
    /// # Errors
    /// When the store fails.
    fn add_transfer(&self, id: &str, code_hash: &str, expires: i64) -> Result<(), StoreError>;

    /// Uses the transfer's code with this hash at `now`: gives its player the new token `token_hash`, and the
    /// code is used up, in one transaction. The player's id.
    ///
    /// # Errors
    /// [`ClaimError::Unknown`] for a code no transfer has or one used already (of two claims at once, one gets
    /// it), [`ClaimError::Expired`] past its time; any failure of the store. Then nothing changes.
    fn claim(&self, code_hash: &str, token_hash: &str, now: i64) -> Result<String, ClaimError>;

    /// Revokes the token with this hash at `now`; false when it was revoked already (or is no player's).
    ///
    /// # Errors
    /// When the store fails.
    fn revoke(&self, token_hash: &str, now: i64) -> Result<bool, StoreError>;

    /// Revokes every token of player `id` but `keep` at `now`, and drops its transfers' codes not used yet (so
    /// that a token revoked cannot come back through a code it made), in one transaction; how many tokens it
    /// revoked.
    ///
    /// # Errors
    /// When the store fails.
    fn revoke_others(&self, id: &str, keep: &str, now: i64) -> Result<usize, StoreError>;

    /// Rates finished game `id` in `pool` once, in one transaction: reads its `people`'s standings (seat and
    /// player), has `rater` work out the new ones, stores them and the changes at `now`. A game rated already
    /// (by this server or another) is not rated again: its changes as stored come back.
    ///
    /// # Errors
    /// When the store fails; then nothing changes.
    fn rate(
        &self,
        id: &str,
        pool: &str,
        people: &[(u8, String)],
        now: i64,
        rater: Rater<'_>,
    ) -> Result<Vec<RatingChange>, StoreError>;

    /// What game `id` did to its people's ratings, by seat; empty when it was not rated (or not yet).
    ///
    /// # Errors
    /// When the store fails.
    fn rating_changes(&self, id: &str) -> Result<Vec<RatingChange>, StoreError>;

    /// Player `id`'s standings, a pool each, with when each last changed, by pool.
    ///
    /// # Errors
    /// When the store fails.
    fn standings(&self, id: &str) -> Result<Vec<StandingDump>, StoreError>;

    /// Player `id`'s last rating changes in every pool, the latest first, at most `most`.
    ///
    /// # Errors
    /// When the store fails.
    fn rating_history(&self, id: &str, most: usize) -> Result<Vec<RatingChange>, StoreError>;

    /// The named people of `pool` with a deviation at most `deviation`, the highest rated first, at most `most`.
    ///
    /// # Errors
    /// When the store fails.
    fn leaderboard(&self, pool: &str, deviation: f64, most: usize) -> Result<Vec<Ranked>, StoreError>;

    /// Adds a game from a backup, exactly as it was, in one transaction.
    ///
    /// # Errors
    /// When the store fails; then nothing is added.
    fn restore_game(&self, game: &GameDump) -> Result<(), StoreError>;
}

/// Opens the store `db` names: a `postgres://` (or `postgresql://`) URL, else the path of an SQLite file
/// (created on first run).
///
/// # Errors
/// When the database cannot be reached, opened or migrated, or its schema is newer than this binary knows.
pub fn open(db: &str, options: Options) -> Result<Box<dyn Store>, StoreError> {
    if is_postgres(db) {
        Ok(Box::new(Postgres::connect(db)?))
    } else {
        Ok(Box::new(Sqlite::open_with(std::path::Path::new(db), options)?))
    }
}

/// Whether `db` names a PostgreSQL database rather than an SQLite file.
pub fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// The rules of taking a seat by its invite at `now`, the same in every store: `seated` are the seats taken,
/// `code` and `expires` the game's invite (which works through its last second).
fn check_join(
    now: i64,
    seated: &[(u8, String)],
    code: Option<&str>,
    expires: Option<i64>,
    invite: &str,
    seat: u8,
    player: &str,
) -> Result<(), JoinError> {
    if seated.iter().any(|(_, p)| p == player) {
        return Err(JoinError::Seated);
    }
    if code != Some(invite) {
        return Err(JoinError::Unknown);
    }
    if expires.is_some_and(|t| t < now) {
        return Err(JoinError::Expired);
    }
    if seated.iter().any(|(s, _)| *s == seat) {
        return Err(JoinError::Full);
    }
    Ok(())
}

/// The rules of using a transfer's code at `now`, the same in every store: `found` is the code's player, when it
/// stops working (it works through its last second) and when it was used, if the code is known.
fn check_claim(found: Option<(String, i64, Option<i64>)>, now: i64) -> Result<String, ClaimError> {
    let Some((player, expires, used)) = found else { return Err(ClaimError::Unknown) };
    if used.is_some() {
        return Err(ClaimError::Unknown);
    }
    if expires < now {
        return Err(ClaimError::Expired);
    }
    Ok(player)
}

/// Seconds since 1970.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A new server name: random, so that a restarted server never mistakes a lease of its former self for its own.
fn server_name() -> String {
    crate::fair::random_hex(8).unwrap_or_else(|_| format!("{:x}-{}", std::process::id(), now_ms()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_url_names_postgres_and_anything_else_an_sqlite_file() {
        assert!(is_postgres("postgres://hamle@db/hamle"));
        assert!(is_postgres("postgresql://hamle@db/hamle"));
        assert!(!is_postgres("hamle.db"));
        assert!(!is_postgres("./postgres.db"));
        assert!(!is_postgres("/var/lib/postgres://odd"));
    }

    #[test]
    fn names_that_look_alike_share_a_key_and_others_do_not() {
        let ada = name_key("Ada");
        for alike in ["ada", "ADA", "\u{410}da", "Ad\u{430}", "\u{410}D\u{410}"] {
            assert_eq!(name_key(alike), ada, "{alike}");
        }
        assert_eq!(name_key("Il"), name_key("ll"), "a capital I looks like a small l");
        assert_eq!(name_key("Sam"), name_key("Sarn"), "rn looks like m");
        for other in ["Adam", "Eda", "Ada1", "Ada_"] {
            assert_ne!(name_key(other), ada, "{other}");
        }
        assert_ne!(name_key("Анна"), name_key("Анка"), "names of any alphabet stay apart when they differ");
    }

    #[test]
    fn a_rekeyed_name_that_looks_like_an_earlier_one_gets_a_key_of_its_own() {
        let named = [
            ("p1".to_owned(), "Ada".to_owned()),
            ("p2".to_owned(), "\u{410}da".to_owned()),
            ("p3".to_owned(), "Bob".to_owned()),
        ];
        let keys = rekey(&named);
        assert_eq!(keys[0], ("p1".to_owned(), name_key("Ada")), "the first keeps the key");
        assert_eq!(keys[1], ("p2".to_owned(), format!("{}#p2", name_key("Ada"))), "the second one of its own");
        assert_eq!(keys[2], ("p3".to_owned(), name_key("Bob")));
    }

    #[test]
    fn an_invite_works_through_its_last_second_and_not_after() {
        let seated = [(0, "owner".to_owned())];
        let join = |now, expires| check_join(now, &seated, Some("code"), Some(expires), "code", 1, "friend");
        assert!(join(100, 100).is_ok(), "its last second");
        assert!(matches!(join(101, 100), Err(JoinError::Expired)));
        assert!(join(99, 100).is_ok());
    }

    #[test]
    fn now_and_now_ms_are_the_clock_in_seconds_and_milliseconds() {
        let clock = SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_secs();
        let (seconds, millis) = (now(), now_ms());
        let clock = i64::try_from(clock).expect("fits");
        assert!((seconds - clock).abs() <= 1, "{seconds} against {clock}");
        assert!((millis / 1000 - seconds).abs() <= 1, "{millis} against {seconds}");
    }
}
