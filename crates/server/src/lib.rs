//! The hamle web app: a JSON API over every game in the arena's registry, a store (SQLite, or PostgreSQL shared
//! by several servers) that keeps each game as its setup, its seats, its seed and its actions, pushed updates
//! for the people and watchers of a game, and the browser UI (static files embedded in the binary).
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

mod analysis;
mod answer;
mod api;
pub mod caps;
pub mod client;
pub mod fair;
mod held;
mod known;
mod lab;
mod metrics;
mod openapi;
mod people;
mod ratings;
mod routes;
mod schema;
pub mod store;
mod stored;
pub mod think;
mod web;

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use client::Proxies;
pub use routes::router;
use store::{Changed, Store, StoreError};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// A rate: `burst` at once, then one more every `every` (an `every` of zero sets no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests allowed at once.
    pub burst: u32,
    /// Then one more every this long.
    pub every: Duration,
}

/// What the server grants and holds: defaults a person never meets, each a flag of `hamle serve`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// How long a bot may think about one move: a hard stop, whatever depth its parameters ask for. By default
    /// 1 s, what the chess engine's full strength takes (docs/rules/chess.md), so that no spec a request sends
    /// keeps a core busy longer.
    pub bot_time: Duration,
    /// Games held in memory; the least recently used leave (and are read again from the store when asked for).
    pub games_in_memory: NonZeroUsize,
    /// The bytes the games held in memory may take together (as each estimates its own, bots' tables
    /// included); past it the least recently used leave too.
    pub games_memory: usize,
    /// New players and new games one address may make at once.
    pub burst: u32,
    /// Then one more every this often.
    pub refill: Duration,
    /// Actions and joins, per address and per player.
    pub actions: Rate,
    /// Hints, per address and per player.
    pub hints: Rate,
    /// Event streams opened, per address.
    pub streams_opened: Rate,
    /// Name changes, identity transfers and their claims, per address: each writes to the store, and a claim's
    /// code must not be guessed by trying many.
    pub people: Rate,
    /// How long an invite to a game works.
    pub invite_ttl: Duration,
    /// Threads that think for bots and hints (by default one a core).
    pub thinkers: usize,
    /// Thoughts that may wait for a thinker, all players together.
    pub think_queue: usize,
    /// Thoughts one client (an address) may have waiting or thinking.
    pub think_per_client: usize,
    /// Thinkers one client (an address) may use at once: by default half of them, so that a bystander always
    /// finds one free.
    pub think_share: usize,
    /// How long an action waits for the bots' replies before it answers with the bot still thinking (the
    /// reply is then pushed to the game's followers).
    pub think_wait: Duration,
    /// Open connections, in all.
    pub connections: usize,
    /// Open connections from one address (not counted for a trusted proxy).
    pub connections_per_address: usize,
    /// Open event streams, in all.
    pub streams: usize,
    /// Open event streams from one address.
    pub streams_per_address: usize,
    /// How long a client has to send a request's headers (and an idle connection stays open).
    pub header_timeout: Duration,
    /// How long a request may take, from its headers to its answer's (an event stream's events excepted).
    pub request_timeout: Duration,
    /// How long a write to a client may stall before the connection is dropped (a reader too slow).
    pub write_timeout: Duration,
    /// The most bytes the database may grow to (SQLite); `None`: as the disk allows.
    pub db_max_bytes: Option<u64>,
    /// How long a server's lease on a game it thinks for holds (on a store shared by several servers): when
    /// the server dies mid-thought, another finishes the bot's move once it lapses.
    pub lease: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        Limits {
            bot_time: Duration::from_secs(1),
            games_in_memory: NonZeroUsize::new(1000).unwrap_or(NonZeroUsize::MIN),
            games_memory: 512 << 20,
            burst: 60,
            refill: Duration::from_secs(1),
            actions: Rate { burst: 60, every: Duration::from_millis(100) },
            hints: Rate { burst: 20, every: Duration::from_secs(2) },
            streams_opened: Rate { burst: 30, every: Duration::from_secs(1) },
            people: Rate { burst: 10, every: Duration::from_secs(6) },
            invite_ttl: Duration::from_secs(7 * 24 * 3600),
            thinkers: cores,
            think_queue: 64,
            think_per_client: 8,
            think_share: (cores / 2).max(1),
            think_wait: Duration::from_secs(10),
            connections: 1000,
            connections_per_address: 100,
            streams: 500,
            streams_per_address: 20,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
            db_max_bytes: None,
            lease: Duration::from_secs(15),
        }
    }
}

/// The app's shared state: the store, the games in play (the most recently used, loaded on first use), the
/// channels that push each game's changes, and the thinkers.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    store: Box<dyn Store>,
    limits: Limits,
    games: Mutex<held::Held<Mutex<api::Loaded>>>,
    channels: Mutex<HashMap<String, tokio::sync::broadcast::Sender<Arc<str>>>>,
    thinkers: think::Thinkers,
    /// Event streams open, in all and by address.
    streams: Mutex<Counts>,
    proxies: std::sync::OnceLock<Proxies>,
    /// Forgets the rate limiters' clients that are full again (run now and then by the server).
    prune: Mutex<Vec<Box<dyn Fn() + Send + Sync>>>,
    /// The folder of reports published at `/lab`, read-only.
    lab: std::sync::OnceLock<PathBuf>,
    /// What `/metrics` gives.
    metrics: metrics::Metrics,
    /// Tokens known to be a player's and not revoked (by their hash), the most recently seen, with the player
    /// and when the store said so.
    players: Mutex<lru::LruCache<String, known::Known>>,
    /// Players' display names, the most recently shown, with when the store said so.
    names: Mutex<lru::LruCache<String, known::Known<Option<String>>>>,
    /// Players' standings in the pools of the rated games shown, by player and pool, with when the store said so.
    standings: Mutex<ratings::Standings>,
    /// Set when the server stops: `/readyz` answers 503 so that a load balancer sends no more.
    draining: std::sync::atomic::AtomicBool,
    /// The bots' moves driven by tasks of their own, which a stopping server waits for.
    drives: tokio_util::task::TaskTracker,
    /// Analyses of finished games, under way or done.
    analyses: analysis::Analyses,
    /// When each clocked game's running clock runs out (milliseconds since 1970), for the watch that calls time.
    flags: Mutex<HashMap<String, i64>>,
}

/// Things open, in all and by address.
#[derive(Default)]
pub(crate) struct Counts {
    total: usize,
    by: HashMap<IpAddr, usize>,
}

impl Counts {
    /// Counts one more for `ip` when both the total and the address stay within their caps.
    pub(crate) fn take(&mut self, ip: IpAddr, total: usize, each: usize) -> Result<(), Over> {
        let mine = self.by.get(&ip).copied().unwrap_or(0);
        if mine >= each {
            return Err(Over::Address);
        }
        if self.total >= total {
            return Err(Over::Total);
        }
        self.total += 1;
        self.by.insert(ip, mine + 1);
        Ok(())
    }

    /// How many are open in all.
    pub(crate) fn total(&self) -> usize {
        self.total
    }

    /// Counts one fewer for `ip`.
    pub(crate) fn give(&mut self, ip: IpAddr) {
        self.total = self.total.saturating_sub(1);
        if let Some(n) = self.by.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                self.by.remove(&ip);
            }
        }
    }
}

/// Which cap was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Over {
    /// The address's.
    Address,
    /// The server's.
    Total,
}

impl App {
    /// The app over the SQLite file at `path`, created on first run.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema migrated, or its schema is newer than this binary's.
    pub fn open(path: &Path) -> Result<App, StoreError> {
        App::open_with(path, Limits::default())
    }

    /// The app over the SQLite file at `path` with the given limits.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema migrated, or its schema is newer than this binary's.
    pub fn open_with(path: &Path, limits: Limits) -> Result<App, StoreError> {
        let store = store::Sqlite::open_with(path, store::Options { max_bytes: limits.db_max_bytes })?;
        Ok(App::with_store(Box::new(store), limits))
    }

    /// The app over the store `db` names: a `postgres://` URL (a database several servers may share), or the
    /// path of an SQLite file.
    ///
    /// # Errors
    /// When the database cannot be reached, opened or migrated, or its schema is newer than this binary's.
    pub fn connect(db: &str, limits: Limits) -> Result<App, StoreError> {
        let store = store::open(db, store::Options { max_bytes: limits.db_max_bytes })?;
        Ok(App::with_store(store, limits))
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
        Ok(App::with_store(Box::new(store::Sqlite::in_memory()?), limits))
    }

    /// The app over `store`.
    pub fn with_store(store: Box<dyn Store>, limits: Limits) -> App {
        let games = Mutex::new(held::Held::new(limits.games_in_memory, limits.games_memory));
        let thinkers = think::Thinkers::new(think::Sizes {
            workers: limits.thinkers,
            queue: limits.think_queue,
            per_client: limits.think_per_client,
            share: limits.think_share,
        });
        App {
            inner: Arc::new(Inner {
                store,
                limits,
                games,
                channels: Mutex::new(HashMap::new()),
                thinkers,
                streams: Mutex::new(Counts::default()),
                proxies: std::sync::OnceLock::new(),
                prune: Mutex::new(Vec::new()),
                lab: std::sync::OnceLock::new(),
                metrics: metrics::Metrics::new(),
                players: Mutex::new(lru::LruCache::new(KNOWN_PLAYERS)),
                names: Mutex::new(lru::LruCache::new(KNOWN_PLAYERS)),
                standings: Mutex::new(lru::LruCache::new(KNOWN_PLAYERS)),
                draining: std::sync::atomic::AtomicBool::new(false),
                drives: tokio_util::task::TaskTracker::new(),
                analyses: analysis::Analyses::default(),
                flags: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Publishes the report folders in `dir` at `/lab`, read-only; false (and nothing changed) when a folder is
    /// published already.
    pub fn publish_lab(&self, dir: PathBuf) -> bool {
        self.inner.lab.set(dir).is_ok()
    }

    /// Believes `X-Forwarded-For` from these proxies (a reverse proxy in front of the server); false (and nothing
    /// changed) when proxies were set already. Without it the header is ignored. Call it before [`router`] or
    /// [`serve`]: they read the proxies once, when they are made.
    pub fn trust_proxies(&self, proxies: Proxies) -> bool {
        self.inner.proxies.set(proxies).is_ok()
    }

    pub(crate) fn proxies(&self) -> Proxies {
        self.inner.proxies.get().cloned().unwrap_or_default()
    }

    /// How many games are held in memory now.
    pub fn games_in_memory(&self) -> usize {
        answer::lock(&self.inner.games).len()
    }

    /// About how many bytes the games held in memory take, as they estimate it.
    pub fn games_bytes(&self) -> usize {
        answer::lock(&self.inner.games).bytes()
    }

    /// The limits the app was made with.
    pub fn limits(&self) -> Limits {
        self.inner.limits
    }

    /// Runs a bot's or a hint's thought, timing it for the metrics.
    pub(crate) fn think<T>(&self, work: impl FnOnce() -> T) -> T {
        let start = std::time::Instant::now();
        let result = work();
        self.inner.metrics.thought(start.elapsed());
        result
    }

    /// The store the app keeps its games in.
    pub fn store(&self) -> &dyn Store {
        &*self.inner.store
    }

    /// Starts hearing the games other servers change (on a shared store), to push them to this server's
    /// followers; the listener holds the app weakly, so it ends with it.
    fn listen(&self, runtime: tokio::runtime::Handle) -> Result<bool, StoreError> {
        let app = Arc::downgrade(&self.inner);
        self.inner.store.listen(Box::new(move |changed| {
            let Some(inner) = app.upgrade() else { return };
            let app = App { inner };
            let ids: Vec<String> = match changed {
                Changed::Game(id) => vec![id],
                Changed::All => answer::lock(&app.inner.channels).keys().cloned().collect(),
            };
            for id in ids {
                let followed = answer::lock(&app.inner.channels).get(&id).is_some_and(|s| s.receiver_count() > 0);
                if followed {
                    let app = app.clone();
                    runtime.spawn_blocking(move || api::refresh(&app, &id));
                }
            }
        }))
    }
}

/// Players whose tokens (and names) a server remembers as known.
const KNOWN_PLAYERS: NonZeroUsize = NonZeroUsize::new(10_000).expect("not zero");

/// How often a server on a shared store looks for games whose thinking server died (their lease lapsed).
const SWEEP: Duration = Duration::from_secs(1);

/// Serves the app on `listener` until Ctrl-C or SIGTERM (each client's address is known to the rate limit).
///
/// # Errors
/// When the server fails.
pub async fn serve(listener: tokio::net::TcpListener, app: App) -> std::io::Result<()> {
    serve_until(listener, app, async {
        // Without a signal handler the server runs until killed, which loses nothing either.
        let interrupt = tokio::signal::ctrl_c();
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    })
    .await
}

/// Serves the app on `listener` until `stop` completes, then waits for the requests open to end and the bots'
/// moves under way to be stored.
///
/// Each connection is counted against the caps in [`Limits`] (one over them is closed at once), reads its
/// headers within `header_timeout` (an idle one is closed after as long), and is dropped when a write to it
/// stalls for `write_timeout`.
///
/// # Errors
/// When the server fails.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: App,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt as _;

    let limits = app.inner.limits;
    let proxies = app.proxies();
    let router = router(app.clone());
    let connections = Arc::new(Mutex::new(Counts::default()));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    // HTTP/1.1 alone: browsers speak HTTP/2 only over TLS, which a reverse proxy in front ends, and the header
    // timeout then covers a connection from its first byte (the auto builder's version sniffing is not timed).
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    // The store connects by blocking, which an async task's thread may not do.
    let (listening, runtime) = (app.clone(), tokio::runtime::Handle::current());
    let heard = tokio::task::spawn_blocking(move || listening.listen(runtime)).await.map_err(std::io::Error::other)?;
    if heard.map_err(std::io::Error::other)? {
        tracing::info!("hearing the changes of other servers on the shared store");
    }
    let sweeping = app.inner.store.shared().then(|| {
        let app = app.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP);
            loop {
                every.tick().await;
                api::sweep(&app).await;
            }
        })
    });
    let watching = tokio::spawn({
        let app = app.clone();
        async move {
            let mut every = tokio::time::interval(Duration::from_millis(200));
            loop {
                every.tick().await;
                api::watch_flags(&app).await;
            }
        }
    });
    let pruning = tokio::spawn({
        let app = app.clone();
        async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                for prune in answer::lock(&app.inner.prune).iter() {
                    prune();
                }
                // A game followed once and never changed since keeps its channel until now: without this, a
                // client following many games would leave one behind each.
                answer::lock(&app.inner.channels).retain(|_, sender| sender.receiver_count() > 0);
            }
        }
    });
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it was taken: wait a little, go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let ip = client::key(peer.ip());
        let each = if proxies.trusts(peer.ip()) { usize::MAX } else { limits.connections_per_address };
        if answer::lock(&connections).take(ip, limits.connections, each).is_err() {
            // Over a cap: closed at once, so it holds nothing.
            drop(stream);
            continue;
        }
        // Nagle's algorithm stays on, as axum's own server leaves it: with it off the load test's latency rose by
        // a third (docs/benchmarks.md, "Server under attack").
        let mut timed = tokio_io_timeout::TimeoutStream::new(stream);
        timed.set_write_timeout(Some(limits.write_timeout));
        let io = TokioIo::new(Box::pin(timed));
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let connection = graceful.watch(builder.serve_connection(io, service));
        let connections = Arc::clone(&connections);
        tokio::spawn(async move {
            // A connection that fails (reset, timed out) just ends.
            let _ = connection.await;
            answer::lock(&connections).give(ip);
        });
    }
    app.inner.draining.store(true, std::sync::atomic::Ordering::SeqCst);
    pruning.abort();
    watching.abort();
    if let Some(sweeping) = sweeping {
        sweeping.abort();
    }
    drop(listener);
    // Event streams never end by themselves: they get a moment to, with the requests in flight.
    let _ = tokio::time::timeout(Duration::from_secs(5), graceful.shutdown()).await;
    // A bot's move under way is stored before the server goes (its thought ends within the bot's time).
    app.inner.drives.close();
    let wait = limits.bot_time + Duration::from_secs(5);
    if tokio::time::timeout(wait, app.inner.drives.wait()).await.is_err() {
        tracing::warn!("stopped with bots' moves still under way: they are played again on the next read");
    }
    Ok(())
}
