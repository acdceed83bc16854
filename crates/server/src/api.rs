//! The JSON API: players, games with seats, invites, actions, hints, records and pushed updates. Every action is
//! checked by the game's rules and committed to the store before the answer; a refused request changes nothing
//! and gets `{error, detail}`.
//!
//! Bots think on the app's thinkers ([`crate::think`]), never on a request's thread: a game owed a bot's move
//! hands the thought out and is marked thinking, and the move is stored when the thought comes back, by a task
//! of its own, so that a client that leaves never strands a game half-way.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use hamle_arena::play::{BotTurn, Thinking, Thought};
use hamle_arena::{Action, Control, Live, Record, Seat, Spec};
use hamle_core::{Budget, Msg};
use hamle_l10n::Lang;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;

pub(crate) use crate::answer::{Answer, ApiError, blocking, lock, typed_body};
use crate::ratings::{self, Rating};
use crate::store::{FORMAT, Failure, GameRow, JoinError, RatingChange, Standing, now_ms};
use crate::stored::{StoredSeat, StoredSetup};
use crate::think::Failed;
use crate::{App, Over, fair};

/// A game loaded in memory: its row, its match, who sits where, and how many of its actions the store holds.
pub(crate) struct Loaded {
    row: GameRow,
    live: Box<dyn Live>,
    /// Each seat's person (the hash of the token), `None` for a bot's seat or an open one.
    people: Vec<Option<String>>,
    stored: usize,
    /// Set when a write failed: memory may be ahead of the store, so this copy must not be used again.
    stale: bool,
    /// The thought out for a bot (or the helper) of this game, 0 for none: one at a time, and no person acts
    /// meanwhile. An atomic, so that the guard that lowers it never waits for the game's lock.
    thinking: Arc<AtomicU64>,
    /// Set while a hint is worked out away from the lock: one at a time per game.
    hinting: Arc<AtomicBool>,
    /// Why a bot's move is owed and nobody is thinking it (the thinkers were busy, or the thought failed):
    /// the next request that reads the game asks again.
    owed: Option<Msg>,
    /// The version last pushed to the followers, so that a change heard from another server is pushed once.
    pushed: AtomicI64,
    /// How the game is rated, if it is.
    rating: Option<Rating>,
    /// What the game did to its people's ratings, once it was rated.
    changes: Vec<RatingChange>,
}

/// Numbers thoughts, so that a guard lowers only its own thought's flag.
static THOUGHTS: AtomicU64 = AtomicU64::new(1);

/// Lowers a game's thinking flag when dropped, if the flag is still its thought's: however a thought ends
/// (answered, failed, dropped unrun), the game never stays "thinking".
struct Flag {
    thinking: Arc<AtomicU64>,
    thought: u64,
}

impl Flag {
    /// Raises the game's flag for a new thought.
    fn raise(game: &Loaded) -> Flag {
        let thought = THOUGHTS.fetch_add(1, Ordering::Relaxed);
        game.thinking.store(thought, Ordering::SeqCst);
        Flag { thinking: Arc::clone(&game.thinking), thought }
    }
}

impl Drop for Flag {
    fn drop(&mut self) {
        let _ = self.thinking.compare_exchange(self.thought, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// Lowers a game's `hinting` flag when dropped.
struct Lower(Arc<AtomicBool>);

impl Drop for Lower {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// The player the bearer token acts as (its id): a token no player has, or one revoked, is refused.
fn player(app: &App, headers: &HeaderMap) -> Result<String, ApiError> {
    crate::people::caller(app, headers).map(|caller| caller.player)
}

/// The game id of the path; a path that does not read (not UTF-8) names no game.
pub(crate) fn game_path(id: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    id.map(|Path(id)| id).map_err(|_| ApiError::not_found())
}

fn valid_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// Who plays the other seat of a new game.
const FRIEND: &str = "friend";

/// A request for a new game.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    /// The game's name (`GET /api/catalog` lists them).
    kind: String,
    /// The game's parameters (`{"variant": "two-phase"}`).
    #[serde(default)]
    params: BTreeMap<String, String>,
    /// The other seat: a bot spec, or `friend` for a second person who joins by the invite.
    #[serde(default)]
    opponent: Option<String>,
    /// The creator's seat: 0 (moves first, or white) or 1.
    #[serde(default)]
    seat: u8,
    /// Points that win the match (Hapis); none: one game.
    #[serde(default)]
    length: Option<u32>,
    /// The bot that moves for the person who asks (one-player games; the game's first bot if not given).
    #[serde(default)]
    helper: Option<String>,
    /// A time control for a game with a friend: `MINUTES+SECONDS` (`5+3`, `10+0`, `15+10`) or `DAYSd`
    /// (correspondence, days a move: `3d`); none: no clock.
    #[serde(default)]
    clock: Option<String>,
    /// Whether the game is rated (between two people, or against a bot the catalog lists as rated): its result
    /// moves the people's ratings, and it takes no hints or take-backs. Not rated if not given.
    #[serde(default)]
    rated: bool,
}

/// The longest match a request may ask for.
const MAX_LENGTH: u32 = 25;

/// Who a request comes from, for the thinkers' fair order and shares: its client's address (IPv6 by its /64,
/// through trusted proxies), so that one client's many players and games share one turn.
pub(crate) struct Client(pub(crate) String);

impl axum::extract::FromRequestParts<App> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, app: &App) -> Result<Client, Infallible> {
        let peer = parts.extensions.get::<ConnectInfo<std::net::SocketAddr>>().map(|c| c.0.ip());
        // A router served without its clients' addresses (not through `serve`) counts them all as one.
        let ip = peer.map_or_else(|| "unknown".to_owned(), |ip| app.proxies().client(ip, &parts.headers).to_string());
        Ok(Client(ip))
    }
}

/// Where a game stands for the one who asked: a bot's thought to hand out, or the state to answer.
enum Step {
    /// A bot must think: the thought, the flag that marks the game thinking.
    Think(Thinking, Flag),
    /// No bot is to act now (or one thinks already): the state, as the asker sees it.
    Done(Value),
}

/// Under the game's lock: acts the bots take at once (a throw) are stored; a bot that must think gets its
/// thought handed out and the game is marked thinking; otherwise the state for `viewer`.
fn next_step(app: &App, id: &str, game: &mut Loaded, viewer: Option<&str>) -> Result<Step, ApiError> {
    call_time(app, id, game)?;
    loop {
        if game.thinking.load(Ordering::SeqCst) != 0 || leased_elsewhere(app, game) {
            return Ok(Step::Done(view(app, game, viewer)));
        }
        match game.live.bot_turn() {
            None => return Ok(Step::Done(view(app, game, viewer))),
            // A throw needs no lease: of two servers throwing for one version, the store keeps one.
            Some(BotTurn::Acted(record)) => {
                commit(app, game, &record)?;
                publish(app, id, game);
            }
            Some(BotTurn::Think(thinking)) => {
                if !lease(app, game)? {
                    // Another server thinks for this game (its move reaches this one through the store), or
                    // this copy is behind: the thought is dropped (the bot is built again when next due) and the
                    // copy brought up to date.
                    drop(thinking);
                    sync(app, game)?;
                    return Ok(Step::Done(view(app, game, viewer)));
                }
                game.owed = None;
                let flag = Flag::raise(game);
                return Ok(Step::Think(thinking, flag));
            }
        }
    }
}

/// Ends the game on time when the clock of the seat to act has run out (stored and pushed like any action);
/// true when it did.
pub(crate) fn call_time(app: &App, id: &str, game: &mut Loaded) -> Result<bool, ApiError> {
    let Some(record) = game.live.flag(now_ms()) else { return Ok(false) };
    commit(app, game, &record)?;
    publish(app, id, game);
    Ok(true)
}

/// When the flag of a clocked game's seat to act falls, from its state (milliseconds since 1970); `None` when
/// no clock runs.
fn flag_falls(state: &Value) -> Option<i64> {
    let clock = &state["clock"];
    let running = usize::try_from(clock["running"].as_u64()?).ok()?;
    Some(clock["since"].as_i64()? + clock["left_ms"][running].as_i64()?)
}

/// Whether another server holds the lease to think for this game (on a shared store).
fn leased_elsewhere(app: &App, game: &Loaded) -> bool {
    app.inner.store.shared() && game.row.leased_elsewhere(app.inner.store.server(), now_ms())
}

/// On a shared store, takes the lease to think for the game's bot at the game's version: false when another
/// server holds it or the game moved on. One server alone needs no lease: the game's own flag says who thinks.
fn lease(app: &App, game: &mut Loaded) -> Result<bool, ApiError> {
    let store = &app.inner.store;
    if !store.shared() {
        return Ok(true);
    }
    let now = now_ms();
    let until = now.saturating_add(i64::try_from(app.inner.limits.lease.as_millis()).unwrap_or(i64::MAX));
    let taken = store.lease(&game.row.id, game.row.version, now, until)?;
    if taken {
        game.row.lease_owner = Some(store.server().to_owned());
        game.row.lease_until = Some(until);
    }
    Ok(taken)
}

/// Gives up this server's lease on the game (on a shared store), so that another server may take the bot's
/// move owed at once; a failure to say so only makes the others wait for the lease to lapse.
fn release(app: &App, game: &mut Loaded) {
    if app.inner.store.shared() && game.row.lease_owner.as_deref() == Some(app.inner.store.server()) {
        if let Err(e) = app.inner.store.release(&game.row.id) {
            tracing::warn!(game = %game.row.id, "the lease could not be given up ({e}): it lapses by itself");
        }
        game.row.lease_owner = None;
        game.row.lease_until = None;
    }
}

/// Brings a game held in memory up to the store's version (on a shared store, where another server may have
/// moved it on): replays the actions it lacks and reads its seats and invite again. A copy that cannot catch up
/// is dropped from memory, to be read afresh.
fn sync(app: &App, game: &mut Loaded) -> Result<(), ApiError> {
    let store = &app.inner.store;
    let row = store.game(&game.row.id)?.ok_or_else(ApiError::not_found)?;
    if row.version == game.row.version {
        game.row.lease_owner = row.lease_owner;
        game.row.lease_until = row.lease_until;
        return Ok(());
    }
    let caught_up = (|| -> Result<usize, ApiError> {
        let actions = store.actions(&row.id, game.stored)?;
        for (i, text) in actions.iter().enumerate() {
            let record: Record = serde_json::from_str(text)
                .map_err(|e| ApiError::damaged(format!("action {}: {e}", game.stored + i)))?;
            game.live.replay(&record).map_err(|e| ApiError::damaged(format!("action {}: {e}", game.stored + i)))?;
        }
        Ok(actions.len())
    })();
    match caught_up {
        Ok(added) => {
            game.stored += added;
            game.people = people(store.seats(&row.id)?, game.people.len());
            game.row = row;
            let bytes = game.live.footprint();
            lock(&app.inner.games).resize(&game.row.id, bytes);
            // Another server may have ended the game: its rating is read (or, if that server stopped first, made).
            rate(app, game);
            Ok(())
        }
        Err(e) => {
            game.stale = true;
            lock(&app.inner.games).forget(&game.row.id);
            Err(e)
        }
    }
}

/// Each seat's person from the store's seats.
fn people(seats: Vec<(u8, String)>, count: usize) -> Vec<Option<String>> {
    let mut people = vec![None; count];
    for (seat, player) in seats {
        if let Some(place) = people.get_mut(usize::from(seat)) {
            *place = Some(player);
        }
    }
    people
}

/// Plays a thought that came back (or says why none did), stores the move and pushes it, then takes the next
/// step; a failed thought leaves the bot's move owed, asked again on the next request.
fn finish_thought(
    app: &App,
    id: &str,
    game: &mut Loaded,
    flag: Flag,
    result: Result<Thought, Failed>,
    viewer: Option<&str>,
) -> Result<Step, ApiError> {
    game.thinking.store(0, Ordering::SeqCst);
    drop(flag);
    if game.stale {
        return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", Msg::new("error-reread")));
    }
    match result {
        Ok(thought) => {
            if let Some(record) = game.live.finish(thought) {
                commit(app, game, &record)?;
                publish(app, id, game);
            }
            next_step(app, id, game, viewer)
        }
        Err(Failed(why)) => {
            tracing::warn!(game = id, "a bot's thought failed ({why}): the next request asks it again");
            game.owed = Some(Msg::new("owed-failed").arg("why", why));
            release(app, game);
            publish(app, id, game);
            Ok(Step::Done(view(app, game, viewer)))
        }
    }
}

/// Lets the bots act from `step` on, each thought on the thinkers, until no bot is to act; the state for
/// `viewer` at the end. When the thinkers are busy the bot's move stays owed (the state says so) and the next
/// request asks again.
async fn drive(
    app: App,
    id: String,
    slot: Arc<Mutex<Loaded>>,
    client: String,
    mut step: Step,
    viewer: Option<String>,
) -> Result<Value, ApiError> {
    loop {
        let (thinking, flag) = match step {
            Step::Done(state) => return Ok(state),
            Step::Think(thinking, flag) => (thinking, flag),
        };
        let (a, i, s, v) = (app.clone(), id.clone(), Arc::clone(&slot), viewer.clone());
        let timed = app.clone();
        step = match app.inner.thinkers.submit(&client, move || timed.think(|| thinking.run())) {
            Err(busy) => {
                return blocking(move || {
                    let mut game = lock(&s);
                    game.thinking.store(0, Ordering::SeqCst);
                    drop(flag);
                    game.owed = Some(Msg::new("owed-busy").arg("why", busy.msg()));
                    release(&a, &mut game);
                    publish(&a, &i, &game);
                    Ok(view(&a, &game, v.as_deref()))
                })
                .await;
            }
            Ok(answer) => {
                let result = answer.await.unwrap_or_else(|_| Err(Failed("the thinkers stopped".to_owned())));
                blocking(move || finish_thought(&a, &i, &mut lock(&s), flag, result, v.as_deref())).await?
            }
        };
    }
}

/// Drives the bots from `step` on a task of their own and waits for them, at most the server's `think_wait`: a
/// client that leaves or a wait that ends never stops them half-way. The state for `viewer`: at the end, or as
/// it stands when the wait ends (the bot still thinking).
async fn bots(
    app: &App,
    client: &Client,
    id: &str,
    slot: &Arc<Mutex<Loaded>>,
    step: Step,
    viewer: Option<String>,
) -> Result<Value, ApiError> {
    if let Step::Done(state) = step {
        return Ok(state);
    }
    let task = drive(app.clone(), id.to_owned(), Arc::clone(slot), client.0.clone(), step, viewer.clone());
    // The wait ends well before the request's own timeout, so that an action that stood is never answered 503.
    let limits = app.inner.limits;
    let wait = limits.think_wait.min(limits.request_timeout / 2);
    match tokio::time::timeout(wait, app.inner.drives.spawn(task)).await {
        Ok(Ok(result)) => result,
        Ok(Err(e)) => Err(ApiError::internal(e.to_string())),
        Err(_) => {
            let (a, slot) = (app.clone(), Arc::clone(slot));
            blocking(move || Ok(view(&a, &*guard(&slot)?, viewer.as_deref()))).await
        }
    }
}

/// Stores an action already applied in memory, made from the game's version; if the store fails (or another
/// server changed the game first), the game is dropped from memory so that it is read again from the store,
/// which stays the truth.
fn commit(app: &App, game: &mut Loaded, record: &Record) -> Result<(), ApiError> {
    let over = game.live.over();
    let status = if over { "over" } else { "playing" };
    let text = serde_json::to_string(record).map_err(|e| ApiError::internal(e.to_string()))?;
    // The result is kept once the match is over, so that lists of games show it without replaying each.
    let result = over.then(|| result_of(&game.live.view()).to_string());
    let stored =
        app.inner.store.append(&game.row.id, game.row.version, game.stored, &[text], status, result.as_deref());
    if let Err(e) = stored {
        if e.failure() == Failure::Conflict {
            app.inner.metrics.conflict();
        }
        game.stale = true;
        lock(&app.inner.games).forget(&game.row.id);
        return Err(e.into());
    }
    game.stored += 1;
    game.row.version += 1;
    game.row.result = result;
    // Storing the move ended any lease on the game.
    game.row.lease_owner = None;
    game.row.lease_until = None;
    rate(app, game);
    let bytes = game.live.footprint();
    lock(&app.inner.games).resize(&game.row.id, bytes);
    Ok(())
}

/// Rates a rated game once it is over, and keeps what it did to its people's ratings. The store rates a game
/// once whichever server asks, and gives the changes back to any that asks again; a failure is logged and tried
/// again when the game is next read.
fn rate(app: &App, game: &mut Loaded) {
    let Some(rating) = &game.rating else { return };
    // A result is kept only once the match is over: a game in play has none, and is not rated.
    if !game.changes.is_empty() {
        return;
    }
    let result: Option<Value> = game.row.result.as_deref().and_then(|r| serde_json::from_str(r).ok());
    let Some(score) = result.as_ref().and_then(ratings::score_of) else { return };
    let people: Vec<(u8, String)> = rating
        .people()
        .into_iter()
        .filter_map(|s| game.people.get(usize::from(s)).cloned().flatten().map(|p| (s, p)))
        .collect();
    if people.len() != rating.people().len() {
        return;
    }
    // Most reads of a game over find it rated already: read, without taking the store's write lock.
    match app.inner.store.rating_changes(&game.row.id) {
        Ok(changes) if !changes.is_empty() => {
            game.changes = changes;
            return;
        }
        Ok(_) => {}
        Err(e) => {
            tracing::warn!(game = game.row.id, "the game's rating could not be read now ({e}): it is when next read");
            return;
        }
    }
    let rater = |now: &[Standing]| rating.rate(score, now);
    match app.inner.store.rate(&game.row.id, &rating.pool, &people, crate::store::now(), &rater) {
        Ok(changes) => {
            for change in &changes {
                ratings::remember(app, &change.player, &change.pool, Some(change.after));
            }
            game.changes = changes;
        }
        Err(e) => tracing::warn!(game = game.row.id, "the game could not be rated now ({e}): it is when next read"),
    }
}

/// A finished match's result as lists show it, from its state: each seat's points in the match and the sentence
/// that ended its last game.
fn result_of(state: &Value) -> Value {
    json!({ "points": state["match"]["score"], "text": state["ending"]["text"], "msg": state["ending"]["msg"] })
}

/// Pushes the game's public view to everyone following it.
fn publish(app: &App, id: &str, game: &Loaded) {
    let falls = flag_falls(&game.live.view());
    let mut flags = lock(&app.inner.flags);
    match falls {
        Some(at) => flags.insert(id.to_owned(), at),
        None => flags.remove(id),
    };
    drop(flags);
    let mut channels = lock(&app.inner.channels);
    if let Some(sender) = channels.get(id) {
        if sender.receiver_count() == 0 {
            channels.remove(id);
        } else {
            let text: Arc<str> = view(app, game, None).to_string().into();
            game.pushed.store(game.row.version, Ordering::SeqCst);
            // A send fails only when every follower left meanwhile.
            let _ = sender.send(text);
        }
    }
}

/// Locks a loaded game, refusing a copy that a failed write left ahead of the store (requests that waited for it
/// while it failed); the next request reads the game again from the store.
fn guard(game: &Mutex<Loaded>) -> Result<MutexGuard<'_, Loaded>, ApiError> {
    let game = lock(game);
    if game.stale {
        return Err(
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", Msg::new("error-reread-again")).retry_after(1)
        );
    }
    Ok(game)
}

/// Pushes a game another server changed to this server's followers, as the store has it now.
pub(crate) fn refresh(app: &App, id: &str) {
    let pushed = load(app, id).and_then(|slot| {
        let game = guard(&slot)?;
        // Several notices of one change (or of changes this server has pushed already) push it once.
        if game.pushed.load(Ordering::SeqCst) != game.row.version {
            publish(app, id, &game);
        }
        Ok(())
    });
    if let Err(e) = pushed {
        tracing::warn!(game = id, "a change from another server could not be pushed ({})", e.detail);
    }
}

/// Finishes the bots' moves of the games whose thinking server died or stalled (on a shared store: their
/// lease lapsed), a few at a time.
pub(crate) async fn sweep(app: &App) {
    let a = app.clone();
    let lapsed = tokio::task::spawn_blocking(move || a.inner.store.lapsed(now_ms(), 16)).await;
    let ids = match lapsed {
        Ok(Ok(ids)) => ids,
        Ok(Err(e)) => {
            tracing::warn!("the games whose thinking server died could not be read: {e}");
            return;
        }
        Err(_) => return,
    };
    let client = Client("sweep".to_owned());
    for id in ids {
        tracing::info!(game = %id, "another server's lease lapsed: this one finishes the bot's move");
        if let Err(e) = open(app, &client, &id, None).await {
            tracing::warn!(game = %id, "the bot's move of a lapsed lease could not be finished ({})", e.detail);
            if e.error != "damaged" {
                continue;
            }
            // A game that no longer replays is leased here for an hour, so that it does not take a place of the
            // sweep's every second.
            let a = app.clone();
            let _ = tokio::task::spawn_blocking(move || {
                let store = &a.inner.store;
                let Some(row) = store.game(&id)? else { return Ok(false) };
                store.lease(&id, row.version, now_ms(), now_ms().saturating_add(3_600_000))
            })
            .await;
        }
    }
}

/// Calls time in the clocked games whose flag has fallen, so that both sides and the watchers are told at once,
/// not only at the next request.
pub(crate) async fn watch_flags(app: &App) {
    let now = now_ms();
    let due: Vec<String> =
        lock(&app.inner.flags).iter().filter(|(_, at)| **at <= now).map(|(id, _)| id.clone()).collect();
    for id in due {
        let a = app.clone();
        let called = blocking(move || {
            let slot = load(&a, &id)?;
            let mut game = guard(&slot)?;
            if !call_time(&a, &id, &mut game)? && flag_falls(&game.live.view()).is_none() {
                lock(&a.inner.flags).remove(&id);
            }
            Ok(())
        })
        .await;
        if let Err(e) = called {
            tracing::warn!("a flag could not be called ({})", e.detail);
        }
    }
}

/// The game with this id, loaded from the store (its records replayed) on first use; on a shared store, a
/// copy held in memory is first brought up to the store's version.
fn load(app: &App, id: &str) -> Result<Arc<Mutex<Loaded>>, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found());
    }
    let held = lock(&app.inner.games).get(id);
    if let Some(game) = held {
        if app.inner.store.shared() {
            let mut copy = guard(&game)?;
            // A thought under way on this server keeps the copy: its version moves only with its own writes.
            if copy.thinking.load(Ordering::SeqCst) == 0 {
                sync(app, &mut copy)?;
            }
        }
        return Ok(game);
    }
    let row = app.inner.store.game(id)?.ok_or_else(ApiError::not_found)?;
    if row.format != FORMAT {
        return Err(ApiError::new(StatusCode::GONE, "old_format", Msg::new("error-old-format")));
    }
    let stored: StoredSetup = serde_json::from_str(&row.setup).map_err(|e| ApiError::damaged(e.to_string()))?;
    let setup = stored.to_setup().map_err(ApiError::damaged)?;
    let kind = hamle_arena::games::registry().game(&setup.game.name).map_err(|e| ApiError::damaged(e.to_string()))?;
    let seats = setup.seats.len();
    let mut live = kind
        .start(setup, row.seed, Budget::time(app.inner.limits.bot_time))
        .map_err(|e| ApiError::damaged(e.to_string()))?;
    if let Some(control) = &stored.clock {
        let control: Control = control.parse().map_err(ApiError::damaged)?;
        live.set_clock(control).map_err(|e| ApiError::damaged(e.to_string()))?;
    }
    let actions = app.inner.store.actions(id, 0)?;
    for (i, text) in actions.iter().enumerate() {
        let record: Record = serde_json::from_str(text).map_err(|e| ApiError::damaged(format!("action {i}: {e}")))?;
        live.replay(&record).map_err(|e| ApiError::damaged(format!("action {i} ({text}): {e}")))?;
    }
    let people = people(app.inner.store.seats(id)?, seats);
    if let Some(at) = flag_falls(&live.view()) {
        // A clock that runs in a game read again (after a restart): the watch calls its time when it falls.
        lock(&app.inner.flags).insert(id.to_owned(), at);
    }
    let bytes = live.footprint();
    // A game rated when made stays rated while its bot keeps a rating (a later calibration may drop one).
    let rating = stored.rated.then(|| ratings::rating_of(kind, &stored).ok()).flatten();
    let mut loaded = Loaded {
        row,
        live,
        people,
        stored: actions.len(),
        stale: false,
        thinking: Arc::new(AtomicU64::new(0)),
        hinting: Arc::new(AtomicBool::new(false)),
        owed: None,
        pushed: AtomicI64::new(-1),
        rating,
        changes: Vec::new(),
    };
    // A rated game over is rated now if it was not (its server stopped between its last move and its rating);
    // one rated already gives its changes back.
    rate(app, &mut loaded);
    Ok(lock(&app.inner.games).hold(id, Arc::new(Mutex::new(loaded)), bytes))
}

/// The game with this id and its state for `viewer`, with any bot owed a move (after a restart, a busy moment or
/// a failed thought) asked to move now and waited for, so that a read shows where the game stands and no later
/// action, refused or not, is what makes it move.
async fn open(
    app: &App,
    client: &Client,
    id: &str,
    viewer: Option<String>,
) -> Result<(Arc<Mutex<Loaded>>, Value), ApiError> {
    let (a, i, v) = (app.clone(), id.to_owned(), viewer.clone());
    let (slot, step) = blocking(move || {
        let slot = load(&a, &i)?;
        let step = next_step(&a, &i, &mut *guard(&slot)?, v.as_deref())?;
        Ok((slot, step))
    })
    .await?;
    match bots(app, client, id, &slot, step, viewer.clone()).await {
        Ok(state) => Ok((slot, state)),
        Err(e) => {
            // A bot's move that could not be stored leaves the game as the store has it, the move owed: the read
            // still answers, and the next one asks the bot again.
            let owed = unstored(id, &e, "owed-unstored-move");
            as_stored(app, id, viewer, owed).await
        }
    }
}

/// Why a bot's move is owed after `e` kept it from the store (logged), or `None` for a conflict: another server
/// stored the move first, and nothing is owed.
fn unstored(id: &str, e: &ApiError, owed: &str) -> Option<Msg> {
    if e.error == "conflict" {
        return None;
    }
    let owed = Msg::new(owed).arg("why", e.detail.clone());
    tracing::warn!(game = id, "{}", hamle_l10n::render(Lang::En, &owed));
    Some(owed)
}

/// The game as the store has it (read again), for `viewer`, with the bot's move `owed` when one is.
async fn as_stored(
    app: &App,
    id: &str,
    viewer: Option<String>,
    owed: Option<Msg>,
) -> Result<(Arc<Mutex<Loaded>>, Value), ApiError> {
    let (a, i) = (app.clone(), id.to_owned());
    blocking(move || {
        let slot = load(&a, &i)?;
        let state = {
            let mut game = guard(&slot)?;
            if owed.is_some() {
                game.owed = owed;
            }
            view(&a, &game, viewer.as_deref())
        };
        Ok((slot, state))
    })
    .await
}

/// The seat of `player` at this game, if the player sits at it.
fn seat_of(game: &Loaded, player: &str) -> Option<u8> {
    game.people.iter().position(|p| p.as_deref() == Some(player)).and_then(|s| u8::try_from(s).ok())
}

/// The seat open for a second person, if one is.
fn open_seat(game: &Loaded) -> Option<u8> {
    let seats = game.live.seats();
    (0..seats.len()).find(|&s| seats[s] == Seat::Person && game.people[s].is_none()).and_then(|s| u8::try_from(s).ok())
}

/// What anyone sees of a game, and, for a seated `viewer`, the seat and the invite.
fn view(app: &App, game: &Loaded, viewer: Option<&str>) -> Value {
    let mut state = game.live.view();
    let over = game.live.over();
    let you = viewer.and_then(|v| seat_of(game, v));
    state["id"] = json!(game.row.id);
    state["status"] = json!(if over { "over" } else { "playing" });
    state["you"] = json!(you);
    state["thinking"] = json!(game.thinking.load(Ordering::SeqCst) != 0 || leased_elsewhere(app, game));
    state["pending"] = json!(game.owed.as_ref().map(|owed| hamle_l10n::render(Lang::En, owed)));
    state["pending_msg"] = json!(game.owed);
    if let Some(clock) = state.get_mut("clock").and_then(Value::as_object_mut) {
        // The page counts the running clock down from the server's time, not its own.
        clock.insert("now".into(), json!(now_ms()));
    }
    if let Some(seats) = state.get_mut("seats").and_then(Value::as_array_mut) {
        for (s, seat) in seats.iter_mut().enumerate() {
            let person = game.people.get(s).and_then(Option::as_deref);
            if seat["who"] == "person" && person.is_none() {
                seat["who"] = json!("open");
            }
            seat["name"] = json!(person.and_then(|p| crate::people::name_of(app, p)));
        }
    }
    let open = open_seat(game);
    state["invite"] = match (you, open, &game.row.invite) {
        (Some(_), Some(_), Some(code)) => json!({
            "code": code,
            "link": format!("/{}?game={}&invite={code}", state["page"].as_str().unwrap_or(""), game.row.id),
            "expires": game.row.invite_expires,
        }),
        _ => Value::Null,
    };
    state["rated"] =
        game.rating.as_ref().map_or(Value::Null, |r| ratings::rated_view(app, r, &game.people, &game.changes));
    state["fair"] = json!({
        "commitment": fair::commitment(game.row.seed, &game.row.salt),
        "reveal": over.then(|| fair::reveal(game.row.seed, &game.row.salt)),
    });
    state
}

#[utoipa::path(
    post, path = "/api/players", tag = "players",
    responses(
        (status = 201, body = crate::schema::Token, description = "A new player's token"),
        crate::schema::TooMany, crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn new_player(State(app): State<App>) -> Answer {
    blocking(move || {
        let token = fair::random_hex(24)?;
        app.inner.store.add_player(&fair::sha256_hex(&token))?;
        Ok((StatusCode::CREATED, Json(json!({ "token": token }))).into_response())
    })
    .await
}

#[utoipa::path(
    get, path = "/api/catalog", tag = "games",
    responses(
        (status = 200, body = crate::schema::Catalog, description = "Every game with its parameters and bots"),
        crate::schema::Unavailable,
    )
)]
pub(crate) async fn catalog() -> Json<Value> {
    let registry = hamle_arena::games::registry();
    // Each parameter with what the command line takes and, where it is narrower, what this server takes.
    let params = |game: &str, bot: Option<&str>, docs: &[hamle_arena::ParamDoc]| {
        docs.iter()
            .map(|p| {
                json!({
                    "key": p.key,
                    "values": p.values,
                    "server": crate::caps::ranges(game, bot, p.key),
                    "default": p.default,
                    "about": p.about,
                })
            })
            .collect::<Vec<_>>()
    };
    let games: Vec<Value> = registry
        .games()
        .map(|g| {
            let l = g.listing();
            json!({
                "name": l.name,
                "about": l.about,
                "page": g.page(),
                "players": g.players(&Spec::named(l.name)).unwrap_or(2),
                "params": params(l.name, None, l.params),
                "bots": g.bots().iter().map(|b| json!({
                    "name": b.name,
                    "about": b.about,
                    "params": params(l.name, Some(b.name), b.params),
                })).collect::<Vec<_>>(),
                "ratings": crate::ratings::catalog_pools(g),
                "analysis": g.analyst().map(|a| json!({
                    "judge": a.judge,
                    "units": a.units,
                    "marks": a.marks,
                    "effort": { "means": a.effort.means, "default": a.effort.default, "min": a.effort.min, "max": a.effort.max },
                })),
            })
        })
        .collect();
    Json(json!({ "games": games }))
}

#[utoipa::path(
    post, path = "/api/games", tag = "games", security(("bearer" = [])), request_body = NewGame,
    responses(
        (status = 201, body = crate::schema::State, description = "The new game's state (a bot due first has moved)"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::TooLarge,
        crate::schema::TooMany, crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn new_game(
    State(app): State<App>,
    client: Client,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let request: NewGame = typed_body(body)?;
    let a = app.clone();
    let (id, player) = blocking(move || {
        let app = a;
        let player = player(&app, &headers)?;
        let registry = hamle_arena::games::registry();
        let kind = registry.game(&request.kind).map_err(|e| ApiError::bad(e.to_string()))?;
        let mut game = Spec::named(&request.kind);
        for (key, value) in &request.params {
            game = game.with(key, value);
        }
        let players = kind.players(&game).map_err(|e| ApiError::bad(e.to_string()))?;
        if request.seat >= players {
            return Err(ApiError::bad(format!("\"seat\" is 0 to {} in {}", players - 1, request.kind)));
        }
        if request.length.is_some_and(|n| !(1..=MAX_LENGTH).contains(&n)) {
            return Err(ApiError::bad(format!("\"length\" is the points to win the match, 1 to {MAX_LENGTH}")));
        }
        let strongest = kind.bots().first().map_or("random", |b| b.name).to_owned();
        let mut seats = vec![StoredSeat::Person; usize::from(players)];
        let mut helper = None;
        if players == 2 {
            let other = request.opponent.clone().unwrap_or_else(|| strongest.clone());
            if other != FRIEND {
                seats[usize::from(1 - request.seat)] = StoredSeat::Bot { bot: other };
            }
        } else {
            if request.opponent.is_some() {
                return Err(ApiError::bad(format!("{} is played alone: it takes no \"opponent\"", request.kind)));
            }
            helper = Some(request.helper.clone().unwrap_or(strongest));
        }
        let control = request.clock.as_deref().map(str::parse::<Control>).transpose().map_err(ApiError::bad)?;
        if control.is_some() && seats.iter().any(|s| *s != StoredSeat::Person) {
            return Err(ApiError::bad("a clock is for a game between two people: choose \"opponent\": \"friend\""));
        }
        let clock = control.map(|c| c.to_string());
        let stored = StoredSetup {
            game: game.to_string(),
            seats: seats.clone(),
            helper,
            length: request.length,
            clock,
            rated: request.rated,
        };
        if request.rated {
            ratings::rating_of(kind, &stored)
                .map_err(|why| ApiError::bad(format!("this game cannot be rated: {why}")))?;
        }
        let setup = stored.to_setup().map_err(ApiError::bad)?;
        // What the server allows a spec from the network to ask for is checked before the game's own rules.
        let bots: Vec<&Spec> = setup
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Bot(spec) => Some(spec),
                Seat::Person => None,
            })
            .chain(setup.helper.as_ref())
            .collect();
        crate::caps::check(&setup.game, &bots).map_err(|e| ApiError::bad(e.to_string()))?;
        // Start the match once, so that an unknown bot or parameter is refused now and never mid-game.
        let mut live = kind.start(setup, 0, Budget::time(app.inner.limits.bot_time))?;
        if let Some(control) = control {
            live.set_clock(control)?;
        }
        let friend = seats.iter().filter(|s| **s == StoredSeat::Person).count() > 1;
        let invite = if friend { Some(fair::random_hex(16)?) } else { None };
        let ttl = i64::try_from(app.inner.limits.invite_ttl.as_secs()).unwrap_or(i64::MAX);
        let setup_text = serde_json::to_string(&stored).map_err(|e| ApiError::bad(e.to_string()))?;
        let row = GameRow {
            id: fair::random_hex(16)?,
            player: player.clone(),
            kind: request.kind.clone(),
            setup: setup_text,
            seed: fair::random_seed()?,
            salt: fair::random_hex(16)?,
            status: "playing".to_owned(),
            created: 0,
            updated: 0,
            format: FORMAT,
            invite_expires: invite.as_ref().map(|_| crate::store::now().saturating_add(ttl)),
            invite,
            version: 0,
            lease_owner: None,
            lease_until: None,
            result: None,
        };
        app.inner.store.add_game(&row, &[(request.seat, player.clone())], &[])?;
        Ok((row.id, player))
    })
    .await?;
    // A bot that moves first has moved (or is owed its move, said in the state) in the answer.
    let (_, state) = open(&app, &client, &id, Some(player)).await?;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

#[utoipa::path(
    get, path = "/api/games", tag = "games", security(("bearer" = [])),
    responses(
        (status = 200, body = crate::schema::Games, description = "The player's games, the latest changed first"),
        crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::Failed, crate::schema::Unavailable,
    )
)]
pub(crate) async fn list_games(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let player = player(&app, &headers)?;
        let games: Vec<Value> =
            app.inner.store.listing(&player, false)?.iter().map(|g| crate::people::listed(g, &player)).collect();
        Ok(Json(json!({ "games": games })).into_response())
    })
    .await
}

#[utoipa::path(
    get, path = "/api/games/{id}", tag = "games", security((), ("bearer" = [])), params(crate::schema::GameId),
    responses(
        (status = 200, body = crate::schema::State, description = "The state; `you` is the token's player's seat"),
        crate::schema::NotFound, crate::schema::Gone, crate::schema::Failed, crate::schema::Unavailable,
        crate::schema::StoreFull,
    )
)]
pub(crate) async fn read_game(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Answer {
    let id = game_path(id)?;
    let a = app.clone();
    let viewer = blocking(move || crate::people::viewer(&a, &headers)).await?;
    let (_, state) = open(&app, &client, &id, viewer).await?;
    Ok(Json(state).into_response())
}

/// A request to take a game's open seat.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Join {
    /// The invite's code, from the link.
    invite: String,
}

#[utoipa::path(
    post, path = "/api/games/{id}/join", tag = "games", security(("bearer" = [])), params(crate::schema::GameId),
    request_body = Join,
    responses(
        (status = 200, body = crate::schema::State, description = "The state, with the player seated"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::NotFound,
        crate::schema::Conflict, crate::schema::Gone, crate::schema::TooLarge, crate::schema::TooMany,
        crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn join(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let request: Join = typed_body(body)?;
    let id = game_path(id)?;
    let (slot, _) = open(&app, &client, &id, None).await?;
    blocking(move || {
        let player = player(&app, &headers)?;
        let mut game = guard(&slot)?;
        if seat_of(&game, &player).is_some() {
            return Err(JoinError::Seated.into());
        }
        let seat = open_seat(&game).ok_or(JoinError::Full)?;
        app.inner.store.join(&id, &request.invite, seat, &player)?;
        game.people[usize::from(seat)] = Some(player.clone());
        game.row.invite = None;
        game.row.invite_expires = None;
        game.row.version += 1;
        publish(&app, &id, &game);
        Ok(Json(view(&app, &game, Some(&player))).into_response())
    })
    .await
}

/// What an action came to under the game's lock.
enum Acted {
    /// A bot is owed a move from before (a busy moment, a failed thought): it moves first.
    Owed,
    /// The action is stored: the bots' next step.
    Stored(Step),
    /// The helper bot is to think for the person's move.
    Helping(Thinking, Flag),
}

/// Applies a person's action to the game, in one trip to the store: loads the game, checks the seat, stores the
/// action and takes the bots' next step.
fn act_now(
    app: &App,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<(Arc<Mutex<Loaded>>, String, Acted), ApiError> {
    let player = player(app, headers)?;
    let slot = load(app, id)?;
    let acted = {
        let mut game = guard(&slot)?;
        let seat = seat_of(&game, &player)
            .ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::new("error-not-seated")))?;
        if game.thinking.load(Ordering::SeqCst) != 0 || leased_elsewhere(app, &game) {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", Msg::new("error-bot-thinking")));
        }
        if game.live.bot_due() {
            Acted::Owed
        } else if action == Action::Bot {
            // The helper thinks on the thinkers, like any bot; the person's request waits for it.
            let thinking = game.live.helping(seat)?;
            Acted::Helping(thinking, Flag::raise(&game))
        } else if game.rating.is_some() && action == Action::Takeback {
            return Err(ratings::no_help("help-takebacks"));
        } else if call_time(app, id, &mut game)? {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", Msg::new("error-time-ran-out")));
        } else {
            let record = game.live.act_at(seat, action, Some(now_ms()))?;
            commit(app, &mut game, &record)?;
            publish(app, id, &game);
            Acted::Stored(next_step(app, id, &mut game, Some(&player))?)
        }
    };
    Ok((slot, player, acted))
}

#[utoipa::path(
    post, path = "/api/games/{id}/actions", tag = "games", security(("bearer" = [])), params(crate::schema::GameId),
    request_body = Action,
    responses(
        (status = 200, body = crate::schema::State, description = "The new state, after the action and bot replies"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::NotFound,
        crate::schema::Conflict, crate::schema::Gone, crate::schema::TooLarge, crate::schema::TooMany,
        crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn act(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let body: Value = typed_body(body)?;
    let action: Action =
        serde_json::from_value(body.clone()).map_err(|e| ApiError::bad(format!("the body does not fit: {e}")))?;
    // Fields the action does not take are refused, not ignored: the action written back holds exactly its own.
    let known = serde_json::to_value(&action).unwrap_or(Value::Null);
    if let Some(extra) = body.as_object().and_then(|o| o.keys().find(|k| known.get(k.as_str()).is_none())) {
        return Err(ApiError::bad(format!("the action takes no field \"{extra}\"")));
    }
    let id = game_path(id)?;
    let (a, i, h, act) = (app.clone(), id.clone(), headers.clone(), action.clone());
    let (slot, player, acted) = match blocking(move || act_now(&a, &i, &h, act)).await? {
        (_, _, Acted::Owed) => {
            // The bot owed a move from before moves first; then the person's action meets the game as it is.
            open(&app, &client, &id, None).await?;
            let (a, i, h) = (app.clone(), id.clone(), headers.clone());
            blocking(move || act_now(&a, &i, &h, action)).await?
        }
        acted => acted,
    };
    let step = match acted {
        Acted::Stored(step) => step,
        Acted::Owed => {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", Msg::new("error-bot-to-move")));
        }
        Acted::Helping(thinking, flag) => {
            let timed = app.clone();
            let answer = app.inner.thinkers.submit(&client.0, move || timed.think(|| thinking.run()));
            // Refused, nothing was played, and the flag comes down as it drops.
            let answer = answer.map_err(|busy| ApiError::busy(busy, &app))?;
            let result = answer.await.unwrap_or_else(|_| Err(Failed("the thinkers stopped".to_owned())));
            if let Err(Failed(why)) = result {
                // A failed helper leaves the game as it was, owing nothing: the person may ask again.
                tracing::warn!(game = id, "the helper bot's thought failed ({why})");
                return Err(ApiError::internal(format!("the helper bot failed to move ({why}): ask again")));
            }
            let (a, i, s, p) = (app.clone(), id.clone(), Arc::clone(&slot), player.clone());
            blocking(move || finish_thought(&a, &i, &mut *guard(&s)?, flag, result, Some(&p))).await?
        }
    };
    // The person's action stood: whatever happens to the bots' replies now, the answer is the game as it is.
    match bots(&app, &client, &id, &slot, step, Some(player.clone())).await {
        Ok(state) => Ok(Json(state).into_response()),
        Err(e) => {
            // The answer shows the game as the store has it (the person's action, not the reply it lost).
            let owed = unstored(&id, &e, "owed-unstored-reply");
            drop(slot);
            let (_, state) = as_stored(&app, &id, Some(player), owed).await?;
            Ok(Json(state).into_response())
        }
    }
}

/// An event stream counted against the caps; dropped with the stream.
struct Following {
    app: App,
    ip: std::net::IpAddr,
}

impl Drop for Following {
    fn drop(&mut self) {
        lock(&self.app.inner.streams).give(self.ip);
    }
}

#[utoipa::path(
    get, path = "/api/games/{id}/events", tag = "games", params(crate::schema::GameId),
    responses(
        (status = 200, content_type = "text/event-stream", body = crate::schema::StateEvent,
            description = "Server-sent events `state`, each the state as JSON: at once, then after every change"),
        crate::schema::NotFound, crate::schema::Gone, crate::schema::TooMany, crate::schema::Failed,
        crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn events(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
) -> Answer {
    let id = game_path(id)?;
    let ip = app.proxies().client(peer.ip(), &headers);
    let limits = app.inner.limits;
    let taken = lock(&app.inner.streams).take(ip, limits.streams, limits.streams_per_address);
    match taken {
        Ok(()) => {}
        Err(Over::Address) => {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_streams",
                Msg::new("error-streams").arg("n", limits.streams_per_address),
            )
            .retry_after(5));
        }
        Err(Over::Total) => {
            return Err(
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", Msg::new("error-streams-full")).retry_after(5)
            );
        }
    }
    let following = Following { app: app.clone(), ip };
    let (slot, _) = open(&app, &client, &id, None).await?;
    let a = app.clone();
    let (first, receiver) = blocking(move || {
        let game = guard(&slot)?;
        let receiver = {
            let mut channels = lock(&a.inner.channels);
            channels.entry(id.clone()).or_insert_with(|| tokio::sync::broadcast::channel(64).0).subscribe()
        };
        Ok((view(&a, &game, None).to_string(), receiver))
    })
    .await?;
    let first = tokio_stream::once(Arc::<str>::from(first));
    // Each event is the whole state. A follower that falls a whole channel behind is dropped (its browser
    // reconnects and reads the state afresh), so no reader too slow holds the server's memory.
    let updates = BroadcastStream::new(receiver).map_while(Result::ok);
    let stream = first.chain(updates).map(move |text| {
        let _counted = &following;
        Ok::<Event, Infallible>(Event::default().event("state").data(&*text))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

#[utoipa::path(
    get, path = "/api/games/{id}/hint", tag = "games", security(("bearer" = [])),
    params(crate::schema::GameId, crate::schema::Level),
    responses(
        (status = 200, body = crate::schema::Hint, description = "The hint, as the game gives it"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::NotFound,
        crate::schema::Conflict, crate::schema::Gone, crate::schema::TooMany, crate::schema::Failed,
        crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn hint(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let id = game_path(id)?;
    let (slot, _) = open(&app, &client, &id, None).await?;
    let a = app.clone();
    let (work, lower) = blocking(move || {
        let player = player(&a, &headers)?;
        let game = guard(&slot)?;
        let seat = seat_of(&game, &player)
            .ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::new("error-hints-seated")))?;
        if game.thinking.load(Ordering::SeqCst) != 0 {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", Msg::new("error-bot-thinking")));
        }
        if game.rating.is_some() && !game.live.over() {
            return Err(ratings::no_help("help-hints"));
        }
        let work = game.live.hinting(seat, query.get("level").map(String::as_str))?;
        // Checked after the hint's own rules, so that a refused hint is refused for its reason.
        if game.hinting.swap(true, Ordering::SeqCst) {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", Msg::new("error-hint-working")));
        }
        Ok((work, Lower(Arc::clone(&game.hinting))))
    })
    .await?;
    // The hint is worked out on the thinkers with the game unlocked (moves, reads and pushed updates go on);
    // the flag comes down however it ends, unrun included.
    let timed = app.clone();
    let answer = app
        .inner
        .thinkers
        .submit(&client.0, move || {
            let _lower = lower;
            timed.think(|| work.run())
        })
        .map_err(|busy| ApiError::busy(busy, &app))?;
    match tokio::time::timeout(app.inner.limits.think_wait, answer).await {
        Ok(Ok(Ok(hint))) => Ok(Json(hint?).into_response()),
        Ok(Ok(Err(Failed(why)))) => {
            tracing::warn!(game = id, "a hint failed ({why})");
            Err(ApiError::internal(format!("the hint failed ({why}): ask again")))
        }
        Ok(Err(_)) | Err(_) => {
            Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", Msg::new("error-hint-late")).retry_after(1))
        }
    }
}

#[utoipa::path(
    get, path = "/api/games/{id}/record", tag = "games", params(crate::schema::GameId, crate::schema::RecordFormat),
    responses(
        (status = 200, description = "The record: tagged header lines, then one line per event; with `format=json`, the \
            match whole, to replay or analyse (`hamle analyse`), its seed once it is over",
            content((String = "text/plain"), (hamle_arena::analysis::Export = "application/json"))),
        crate::schema::BadRequest, crate::schema::NotFound, crate::schema::Gone, crate::schema::Failed,
        crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn record(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let id = game_path(id)?;
    match query.get("format").map(String::as_str) {
        None | Some("text") => {}
        Some("json") => return Ok(Json(exported(&app, &client, &id).await?).into_response()),
        Some(other) => return Err(ApiError::bad(format!("a record's format is text or json, not '{other}'"))),
    }
    let (slot, _) = open(&app, &client, &id, None).await?;
    blocking(move || {
        let game = guard(&slot)?;
        let mut text = game.live.record();
        let fair_lines = format!(
            "[Id \"{}\"]\n[Commitment \"{}\"]\n[Reveal \"{}\"]\n",
            game.row.id,
            fair::commitment(game.row.seed, &game.row.salt),
            if game.live.over() { fair::reveal(game.row.seed, &game.row.salt) } else { "at the end".to_owned() }
        );
        text.insert_str(0, &fair_lines);
        Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
    })
    .await
}

/// A game's match written down whole: its setup, its actions as the store holds them, and its seed once the
/// match is over (before, it would tell the dice to come).
pub(crate) async fn exported(app: &App, client: &Client, id: &str) -> Result<hamle_arena::analysis::Export, ApiError> {
    let (slot, _) = open(app, client, id, None).await?;
    let a = app.clone();
    blocking(move || {
        let game = guard(&slot)?;
        let stored: StoredSetup =
            serde_json::from_str(&game.row.setup).map_err(|e| ApiError::damaged(e.to_string()))?;
        let actions = a.inner.store.actions(&game.row.id, 0)?;
        let actions = actions
            .iter()
            .enumerate()
            .map(|(i, text)| serde_json::from_str(text).map_err(|e| ApiError::damaged(format!("action {i}: {e}"))))
            .collect::<Result<Vec<Record>, ApiError>>()?;
        let seats = stored
            .seats
            .iter()
            .map(|s| match s {
                StoredSeat::Person => "person".to_owned(),
                StoredSeat::Bot { bot } => bot.clone(),
            })
            .collect();
        Ok(hamle_arena::analysis::Export {
            format: hamle_arena::analysis::EXPORT_FORMAT.to_owned(),
            game: stored.game,
            seats,
            helper: stored.helper,
            length: stored.length,
            clock: stored.clock,
            seed: game.live.over().then_some(game.row.seed),
            actions,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use hamle_arena::Setup;
    use hamle_classics::tictactoe::{Move, TicTacToe, definition};
    use hamle_core::bot::Bot;
    use hamle_core::{BotDef, Decision, Stream};
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    /// How many thoughts the panicking bot began.
    static BEGUN: AtomicUsize = AtomicUsize::new(0);

    /// A bot whose every thought panics, as a bug in a bot would.
    struct Panics;

    impl Bot<TicTacToe> for Panics {
        fn name(&self) -> String {
            "panics".into()
        }

        fn choose(&mut self, _: &TicTacToe, _: &Budget, _: &mut Stream) -> Option<Decision<Move>> {
            BEGUN.fetch_add(1, Ordering::SeqCst);
            panic!("a bug in the bot");
        }
    }

    /// A tic-tac-toe game held by `app` whose bot (seat 0, to move first) panics.
    fn game_with_a_panicking_bot(app: &App) -> (String, Arc<Mutex<Loaded>>) {
        let mut def = definition();
        def.bots.push(BotDef { name: "panics", about: "panics", params: &[], make: |_, _| Ok(Box::new(Panics)) });
        let def: &'static _ = Box::leak(Box::new(def));
        let setup = Setup {
            game: Spec::named("tictactoe"),
            seats: vec![Seat::Bot(Spec::named("panics")), Seat::Person],
            helper: None,
            length: None,
        };
        let live = hamle_arena::Match::new(def, setup, 7, Budget::time(Duration::from_millis(100))).expect("a match");
        let id = "0123456789abcdef0123456789abcdef".to_owned();
        app.inner.store.add_player("player").expect("a player");
        let row = GameRow {
            id: id.clone(),
            player: "player".into(),
            kind: "tictactoe".into(),
            setup: "{}".into(),
            seed: 7,
            salt: "salt".into(),
            status: "playing".into(),
            created: 0,
            updated: 0,
            format: FORMAT,
            invite: None,
            invite_expires: None,
            version: 0,
            lease_owner: None,
            lease_until: None,
            result: None,
        };
        app.inner.store.add_game(&row, &[(1, "player".into())], &[]).expect("stored");
        let loaded = Loaded {
            row,
            live: Box::new(live),
            people: vec![None, Some("player".into())],
            stored: 0,
            stale: false,
            thinking: Arc::new(AtomicU64::new(0)),
            hinting: Arc::new(AtomicBool::new(false)),
            owed: None,
            pushed: AtomicI64::new(-1),
            rating: None,
            changes: Vec::new(),
        };
        let slot = lock(&app.inner.games).hold(&id, Arc::new(Mutex::new(loaded)), 0);
        (id, slot)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_bot_leaves_the_game_out_of_thinking_and_the_next_request_asks_again() {
        let app = App::in_memory().expect("an app");
        let (id, slot) = game_with_a_panicking_bot(&app);
        let client = Client("test".into());
        let before = BEGUN.load(Ordering::SeqCst);
        // Reading the game asks the bot owed a move; its thought panics on a thinker.
        open(&app, &client, &id, None).await.expect("the game is read");
        assert_eq!(BEGUN.load(Ordering::SeqCst), before + 1, "the bot was asked once");
        {
            let game = lock(&slot);
            assert_eq!(game.thinking.load(Ordering::SeqCst), 0, "the game is not left thinking");
            let owed = hamle_l10n::render(Lang::En, &game.owed.clone().expect("the bot's move is owed"));
            assert!(owed.contains("a bug in the bot") && owed.contains("next request"), "{owed}");
            let state = view(&app, &game, None);
            assert_eq!(state["thinking"], false);
            assert_eq!(state["pending"], json!(owed));
            assert_eq!(state["history"], json!([]), "nothing was played");
            assert_eq!(game.stored, 0);
        }
        // The next request asks the bot again (and the thinkers, a panic caught, still work).
        open(&app, &client, &id, None).await.expect("read again");
        assert_eq!(BEGUN.load(Ordering::SeqCst), before + 2, "the next request retried the bot");
        // A worker counts its thought done just after the answer is sent.
        let clock = std::time::Instant::now();
        while app.inner.thinkers.load() != (0, 0) && clock.elapsed() < Duration::from_secs(5) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(app.inner.thinkers.load(), (0, 0), "nothing left waiting or running");
    }
}
