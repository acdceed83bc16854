//! The hamle web app: a JSON API over every game in the arena's registry, an SQLite store that keeps each
//! game as its setup, its seats, its seed and its actions, pushed updates for the people and watchers of a
//! game, and the browser UI (static files embedded in the binary).
//!
//! It holds no rules and no bots: every game is played through the arena's one play layer
//! ([`hamle_arena::play`]). The API is documented in `docs/api.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let app = hamle_server::App::open(std::path::Path::new("hamle.db"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! hamle_server::serve(listener, app).await?;
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

mod api;
pub mod fair;
mod lab;
pub mod store;
mod web;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use api::router;
use store::{Store, StoreError};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// What the server grants and holds: defaults a person never meets, each a flag of `hamle serve`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// How long a bot may think about one move: a hard stop, whatever depth its parameters ask for. By default
    /// 1 s, what the chess engine's full strength takes (docs/rules/chess.md), so that no spec a request sends
    /// keeps a core busy longer.
    pub bot_time: Duration,
    /// Games held in memory; the least recently used leave (and are read again from the store when asked for).
    pub games_in_memory: NonZeroUsize,
    /// New players and new games one address may make at once.
    pub burst: u32,
    /// Then one more every this often.
    pub refill: Duration,
    /// How long an invite to a game works.
    pub invite_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            bot_time: Duration::from_secs(1),
            games_in_memory: NonZeroUsize::new(1000).unwrap_or(NonZeroUsize::MIN),
            burst: 60,
            refill: Duration::from_secs(1),
            invite_ttl: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// The app's shared state: the store, the games in play (the most recently used, loaded on first use) and
/// the channels that push each game's changes.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    limits: Limits,
    games: Mutex<lru::LruCache<String, Arc<Mutex<api::Loaded>>>>,
    channels: Mutex<HashMap<String, tokio::sync::broadcast::Sender<Arc<str>>>>,
    /// The folder of reports published at `/lab`, read-only.
    lab: std::sync::OnceLock<PathBuf>,
}

impl App {
    /// The app over the SQLite file at `path`, created on first run.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema migrated.
    pub fn open(path: &Path) -> Result<App, StoreError> {
        Ok(App::with_store(Store::open(path)?, Limits::default()))
    }

    /// The app over the SQLite file at `path` with the given limits.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema migrated.
    pub fn open_with(path: &Path, limits: Limits) -> Result<App, StoreError> {
        Ok(App::with_store(Store::open(path)?, limits))
    }

    /// The app over a store in memory, for tests.
    ///
    /// # Errors
    /// When SQLite cannot start.
    pub fn in_memory() -> Result<App, StoreError> {
        App::in_memory_with(Limits::default())
    }

    /// The app over a store in memory with the given limits, for tests.
    ///
    /// # Errors
    /// When SQLite cannot start.
    pub fn in_memory_with(limits: Limits) -> Result<App, StoreError> {
        Ok(App::with_store(Store::in_memory()?, limits))
    }

    fn with_store(store: Store, limits: Limits) -> App {
        let games = Mutex::new(lru::LruCache::new(limits.games_in_memory));
        let lab = std::sync::OnceLock::new();
        App { inner: Arc::new(Inner { store, limits, games, channels: Mutex::new(HashMap::new()), lab }) }
    }

    /// Publishes the report folders in `dir` at `/lab`, read-only; false (and nothing changed) when a folder is
    /// published already.
    pub fn publish_lab(&self, dir: PathBuf) -> bool {
        self.inner.lab.set(dir).is_ok()
    }

    /// How many games are held in memory now.
    pub fn games_in_memory(&self) -> usize {
        api::lock(&self.inner.games).len()
    }
}

/// Serves the app on `listener` until Ctrl-C (each client's address is known to the rate limit).
///
/// # Errors
/// When the server fails.
pub async fn serve(listener: tokio::net::TcpListener, app: App) -> std::io::Result<()> {
    serve_until(listener, app, async {
        // Without a signal handler the server runs until killed, which loses nothing either.
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves the app on `listener` until `stop` completes.
///
/// # Errors
/// When the server fails.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: App,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(app).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(stop)
        .await
}
