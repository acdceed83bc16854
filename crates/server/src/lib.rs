//! The hamle web app: a JSON API over every game in the arena's registry, an SQLite store that keeps each
//! game as its seed and its actions, and the browser UI (static files embedded in the binary).
//!
//! It holds no rules and no bots: those come from the game crates through `hamle-arena`. The API is
//! documented in `docs/api.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let app = hamle_server::App::open(std::path::Path::new("hamle.db"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, hamle_server::router(app)).await?;
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

mod api;
pub mod fair;
pub mod live;
pub mod store;
mod web;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

pub use api::router;
use store::{Store, StoreError};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// The app's shared state: the store and the games in play, loaded on first use.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: Mutex<HashMap<String, Arc<Mutex<api::Loaded>>>>,
}

impl App {
    /// The app over the SQLite file at `path`, created on first run.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema migrated.
    pub fn open(path: &Path) -> Result<App, StoreError> {
        Ok(App::with_store(Store::open(path)?))
    }

    /// The app over a store in memory, for tests.
    ///
    /// # Errors
    /// When SQLite cannot start.
    pub fn in_memory() -> Result<App, StoreError> {
        Ok(App::with_store(Store::in_memory()?))
    }

    fn with_store(store: Store) -> App {
        App { inner: Arc::new(Inner { store, games: Mutex::new(HashMap::new()) }) }
    }
}

/// Serves the app on `listener` until Ctrl-C.
///
/// # Errors
/// When the server fails.
pub async fn serve(listener: tokio::net::TcpListener, app: App) -> std::io::Result<()> {
    axum::serve(listener, router(app))
        .with_graceful_shutdown(async {
            // Without a signal handler the server runs until killed, which loses nothing either.
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
