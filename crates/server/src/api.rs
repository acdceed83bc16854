//! The JSON API: players, games with seats, invites, actions, hints, records and pushed updates. Every action is
//! checked by the game's rules and committed to the store before the answer; a refused request changes nothing
//! and gets `{error, detail}`.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use hamle_arena::play::BotTurn;
use hamle_arena::{Action, Live, Record, Refusal, Seat, Setup, Spec};
use hamle_core::Budget;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::PeerIpKeyExtractor;

use crate::store::{FORMAT, GameRow, JoinError, StoreError};
use crate::{App, MAX_BODY, fair, web};

/// A game loaded in memory: its row, its match, who sits where, and how many of its actions the store holds.
pub(crate) struct Loaded {
    row: GameRow,
    live: Box<dyn Live>,
    /// Each seat's person (the hash of the token), `None` for a bot's seat or an open one.
    people: Vec<Option<String>>,
    stored: usize,
    /// Set when a write failed: memory may be ahead of the store, so this copy must not be used again.
    stale: bool,
    /// Set while a bot thinks away from the lock, so that no second request starts it again.
    thinking: bool,
    /// Set while a hint is worked out away from the lock: one at a time per game, as when it held the lock.
    hinting: bool,
}

/// An error answer: a status, a short machine-readable code and a sentence for people.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    error: &'static str,
    detail: String,
}

impl ApiError {
    fn new(status: StatusCode, error: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError { status, error, detail: detail.into() }
    }

    fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no game has this id")
    }

    fn bad(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", detail)
    }

    fn damaged(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "damaged", detail)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.error, "detail": self.detail }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "store", e.to_string())
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        match r {
            Refusal::Malformed(why) => ApiError::bad(why),
            Refusal::NotAllowed(why) => ApiError::new(StatusCode::CONFLICT, "not_allowed", why),
        }
    }
}

impl From<JoinError> for ApiError {
    fn from(e: JoinError) -> ApiError {
        let detail = e.to_string();
        match e {
            JoinError::Unknown => ApiError::new(StatusCode::NOT_FOUND, "unknown_invite", detail),
            JoinError::Expired => ApiError::new(StatusCode::GONE, "expired_invite", detail),
            JoinError::Full => ApiError::new(StatusCode::CONFLICT, "full", detail),
            JoinError::Seated => ApiError::new(StatusCode::CONFLICT, "seated", detail),
            JoinError::Store(e) => e.into(),
        }
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(e: getrandom::Error) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "randomness", e.to_string())
    }
}

type Answer = Result<Response, ApiError>;

/// The app's routes: the API under `/api`, the pages and their files elsewhere. Making players and games is
/// rate-limited per client address (answered with 429 and `Retry-After`).
pub fn router(app: App) -> Router {
    let limits = app.inner.limits;
    let mut config = GovernorConfigBuilder::default().key_extractor(PeerIpKeyExtractor);
    config.period(limits.refill).burst_size(limits.burst.max(1));
    let creating = config.finish().map(|config| {
        GovernorLayer::new(config).error_handler(|e| {
            let tower_governor::GovernorError::TooManyRequests { wait_time, .. } = e else {
                // Only a server started without its clients' addresses (not through `serve`) gets here.
                return ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the client's address is unknown")
                    .into_response();
            };
            let wait = wait_time.max(1);
            let mut response = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many",
                format!("too many new players or games from your address: try again in {wait} s"),
            )
            .into_response();
            if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            response
        })
    });
    let mut create = Router::new().route("/api/players", post(new_player)).route("/api/games", post(new_game));
    if let Some(layer) = creating {
        create = create.layer(layer);
    }
    Router::new()
        .merge(create)
        .route("/api/catalog", get(catalog))
        .route("/api/games", get(list_games))
        .route("/api/games/{id}", get(read_game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api", any(no_route))
        .route("/api/{*rest}", any(no_route))
        .method_not_allowed_fallback(wrong_method)
        .merge(crate::lab::routes())
        .merge(web::routes())
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

async fn no_route() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API route (see docs/api.md)")
}

async fn wrong_method() -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "this route does not take that method")
}

/// Runs `work` on a blocking thread: the store and the bots never hold up the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A request body read as `T`: a body that is not JSON, or not of `T`'s shape, is refused with the reason.
fn typed_body<T: serde::de::DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        let status = e.status();
        let error = if status == StatusCode::PAYLOAD_TOO_LARGE { "too_large" } else { "bad_request" };
        ApiError::new(status, error, format!("{} (at most {MAX_BODY} bytes)", e.body_text()))
    })?;
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "malformed_json", format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::bad("the body must be a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| ApiError::bad(format!("the body does not fit: {e}")))
}

/// The bearer token's hash, if the request carries one.
fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(fair::sha256_hex)
}

/// The hash of the bearer token, checked to be a known player's.
fn player(app: &App, headers: &HeaderMap) -> Result<String, ApiError> {
    let hash = bearer(headers).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "send your player token as 'Authorization: Bearer <token>' (POST /api/players gives one)",
        )
    })?;
    if !app.inner.store.has_player(&hash)? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "this token is not a player's"));
    }
    Ok(hash)
}

/// The game id of the path; a path that does not read (not UTF-8) names no game.
fn game_path(id: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    id.map(|Path(id)| id).map_err(|_| ApiError::not_found())
}

fn valid_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// A seat as stored with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "who", rename_all = "snake_case")]
enum StoredSeat {
    /// A person: the seat's token is in the seats table (or the seat is open).
    Person,
    /// A bot, by spec.
    Bot {
        /// The bot's spec.
        bot: String,
    },
}

/// A game's setup as stored (the `setup` column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct StoredSetup {
    game: String,
    seats: Vec<StoredSeat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    helper: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    length: Option<u32>,
}

impl StoredSetup {
    fn to_setup(&self) -> Result<Setup, String> {
        let spec = |text: &str| text.parse::<Spec>().map_err(|e| e.to_string());
        let seats = self
            .seats
            .iter()
            .map(|s| match s {
                StoredSeat::Person => Ok(Seat::Person),
                StoredSeat::Bot { bot } => spec(bot).map(Seat::Bot),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let helper = self.helper.as_deref().map(spec).transpose()?;
        Ok(Setup { game: spec(&self.game)?, seats, helper, length: self.length })
    }
}

/// Who plays the other seat of a new game.
const FRIEND: &str = "friend";

/// A request for a new game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
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
}

/// The longest match a request may ask for.
const MAX_LENGTH: u32 = 25;

/// Lets the bots act while it is their turn, each thinking away from the game's lock and committing its action.
fn run_bots(app: &App, id: &str, slot: &Mutex<Loaded>) -> Result<(), ApiError> {
    loop {
        let thinking = {
            let mut game = guard(slot)?;
            if game.thinking {
                return Ok(());
            }
            match game.live.bot_turn() {
                None => return Ok(()),
                Some(BotTurn::Acted(record)) => {
                    commit(app, &mut game, &record)?;
                    publish(app, id, &game);
                    continue;
                }
                Some(BotTurn::Think(thinking)) => {
                    game.thinking = true;
                    thinking
                }
            }
        };
        // The bot thinks with the game unlocked: others may read it (and watchers see "the bot is thinking").
        let thought = thinking.run();
        let mut game = lock(slot);
        game.thinking = false;
        if game.stale {
            return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", "the game is being read again"));
        }
        if let Some(record) = game.live.finish(thought) {
            commit(app, &mut game, &record)?;
            publish(app, id, &game);
        }
    }
}

/// Stores an action already applied in memory; if the store fails, the game is dropped from memory so that
/// it is read again from the store, which stays the truth.
fn commit(app: &App, game: &mut Loaded, record: &Record) -> Result<(), ApiError> {
    let status = if game.live.over() { "over" } else { "playing" };
    let text = serde_json::to_string(record)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    if let Err(e) = app.inner.store.append(&game.row.id, game.stored, &[text], status) {
        game.stale = true;
        lock(&app.inner.games).pop(&game.row.id);
        return Err(e.into());
    }
    game.stored += 1;
    Ok(())
}

/// Pushes the game's public view to everyone following it.
fn publish(app: &App, id: &str, game: &Loaded) {
    let mut channels = lock(&app.inner.channels);
    if let Some(sender) = channels.get(id) {
        if sender.receiver_count() == 0 {
            channels.remove(id);
        } else {
            let text: Arc<str> = view(game, None).to_string().into();
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
        return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", "the game is being read again: try again"));
    }
    Ok(game)
}

/// The game with this id, loaded from the store (its records replayed) on first use.
fn load(app: &App, id: &str) -> Result<Arc<Mutex<Loaded>>, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found());
    }
    if let Some(game) = lock(&app.inner.games).get(id) {
        return Ok(Arc::clone(game));
    }
    let row = app.inner.store.game(id)?.ok_or_else(ApiError::not_found)?;
    if row.format != FORMAT {
        return Err(ApiError::new(
            StatusCode::GONE,
            "old_format",
            "this game was stored by an earlier hamle whose records this one does not replay",
        ));
    }
    let stored: StoredSetup = serde_json::from_str(&row.setup).map_err(|e| ApiError::damaged(e.to_string()))?;
    let setup = stored.to_setup().map_err(ApiError::damaged)?;
    let kind = hamle_arena::games::registry().game(&setup.game.name).map_err(|e| ApiError::damaged(e.to_string()))?;
    let seats = setup.seats.len();
    let mut live = kind
        .start(setup, row.seed, Budget::time(app.inner.limits.bot_time))
        .map_err(|e| ApiError::damaged(e.to_string()))?;
    let actions = app.inner.store.actions(id)?;
    for (i, text) in actions.iter().enumerate() {
        let record: Record = serde_json::from_str(text).map_err(|e| ApiError::damaged(format!("action {i}: {e}")))?;
        live.replay(&record).map_err(|e| ApiError::damaged(format!("action {i} ({text}): {e}")))?;
    }
    let mut people = vec![None; seats];
    for (seat, player) in app.inner.store.seats(id)? {
        if let Some(place) = people.get_mut(usize::from(seat)) {
            *place = Some(player);
        }
    }
    let loaded = Loaded { row, live, people, stored: actions.len(), stale: false, thinking: false, hinting: false };
    let game = {
        let mut games = lock(&app.inner.games);
        match games.get(id) {
            Some(game) => Arc::clone(game),
            None => {
                let game = Arc::new(Mutex::new(loaded));
                games.put(id.to_owned(), Arc::clone(&game));
                game
            }
        }
    };
    // A bot owed a move (the server stopped, or a write failed, between the person's action and the bot's)
    // moves now, so that no later request, refused or not, is what makes it move.
    run_bots(app, id, &game)?;
    Ok(game)
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
fn view(game: &Loaded, viewer: Option<&str>) -> Value {
    let mut state = game.live.view();
    let over = game.live.over();
    let you = viewer.and_then(|v| seat_of(game, v));
    state["id"] = json!(game.row.id);
    state["status"] = json!(if over { "over" } else { "playing" });
    state["you"] = json!(you);
    state["thinking"] = json!(game.thinking);
    if let Some(seats) = state.get_mut("seats").and_then(Value::as_array_mut) {
        for (s, seat) in seats.iter_mut().enumerate() {
            if seat["who"] == "person" && game.people.get(s).is_some_and(Option::is_none) {
                seat["who"] = json!("open");
            }
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
    state["fair"] = json!({
        "commitment": fair::commitment(game.row.seed, &game.row.salt),
        "reveal": over.then(|| fair::reveal(game.row.seed, &game.row.salt)),
    });
    state
}

async fn new_player(State(app): State<App>) -> Answer {
    blocking(move || {
        let token = fair::random_hex(24)?;
        app.inner.store.add_player(&fair::sha256_hex(&token))?;
        Ok((StatusCode::CREATED, Json(json!({ "token": token }))).into_response())
    })
    .await
}

async fn catalog() -> Json<Value> {
    let registry = hamle_arena::games::registry();
    let params = |docs: &[hamle_arena::ParamDoc]| {
        docs.iter()
            .map(|p| json!({ "key": p.key, "values": p.values, "default": p.default, "about": p.about }))
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
                "params": params(l.params),
                "bots": g.bots().iter().map(|b| json!({ "name": b.name, "about": b.about, "params": params(b.params) })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(json!({ "games": games }))
}

async fn new_game(State(app): State<App>, headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> Answer {
    let request: NewGame = typed_body(body)?;
    blocking(move || {
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
        let stored = StoredSetup { game: game.to_string(), seats: seats.clone(), helper, length: request.length };
        // Start the match once, so that an unknown bot or parameter is refused now and never mid-game.
        let setup = stored.to_setup().map_err(ApiError::bad)?;
        kind.start(setup, 0, Budget::time(app.inner.limits.bot_time))?;
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
            updated: 0,
            format: FORMAT,
            invite_expires: invite.as_ref().map(|_| crate::store::now().saturating_add(ttl)),
            invite,
        };
        app.inner.store.add_game(&row, &[(request.seat, player.clone())], &[])?;
        let game = load(&app, &row.id)?;
        let game = guard(&game)?;
        Ok((StatusCode::CREATED, Json(view(&game, Some(&player)))).into_response())
    })
    .await
}

async fn list_games(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let player = player(&app, &headers)?;
        let games: Vec<Value> = app
            .inner
            .store
            .games_of(&player)?
            .into_iter()
            .map(|g| {
                let setup: Value = serde_json::from_str(&g.setup).unwrap_or(Value::Null);
                json!({ "id": g.id, "kind": g.kind, "status": g.status, "setup": setup, "updated": g.updated })
            })
            .collect();
        Ok(Json(json!({ "games": games })).into_response())
    })
    .await
}

async fn read_game(State(app): State<App>, id: Result<Path<String>, PathRejection>, headers: HeaderMap) -> Answer {
    let id = game_path(id)?;
    blocking(move || {
        let viewer = bearer(&headers);
        let game = load(&app, &id)?;
        let game = guard(&game)?;
        Ok(Json(view(&game, viewer.as_deref())).into_response())
    })
    .await
}

/// A request to take a game's open seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    /// The invite's code, from the link.
    invite: String,
}

async fn join(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let request: Join = typed_body(body)?;
    let id = game_path(id)?;
    blocking(move || {
        let player = player(&app, &headers)?;
        let slot = load(&app, &id)?;
        {
            let mut game = guard(&slot)?;
            if seat_of(&game, &player).is_some() {
                return Err(JoinError::Seated.into());
            }
            let seat = open_seat(&game).ok_or(JoinError::Full)?;
            app.inner.store.join(&id, &request.invite, seat, &player)?;
            game.people[usize::from(seat)] = Some(player.clone());
            game.row.invite = None;
            game.row.invite_expires = None;
            publish(&app, &id, &game);
        }
        let game = guard(&slot)?;
        Ok(Json(view(&game, Some(&player))).into_response())
    })
    .await
}

async fn act(
    State(app): State<App>,
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
    blocking(move || {
        let player = player(&app, &headers)?;
        let slot = load(&app, &id)?;
        {
            let mut game = guard(&slot)?;
            let seat = seat_of(&game, &player).ok_or_else(|| {
                ApiError::new(StatusCode::FORBIDDEN, "forbidden", "you do not sit at this game: you may only watch it")
            })?;
            if game.thinking {
                return Err(ApiError::new(StatusCode::CONFLICT, "not_allowed", "the bot is thinking"));
            }
            let record = game.live.act(seat, action)?;
            commit(&app, &mut game, &record)?;
            publish(&app, &id, &game);
        }
        run_bots(&app, &id, &slot)?;
        let game = guard(&slot)?;
        Ok(Json(view(&game, Some(&player))).into_response())
    })
    .await
}

async fn events(State(app): State<App>, id: Result<Path<String>, PathRejection>) -> Answer {
    let id = game_path(id)?;
    let (first, receiver) = blocking(move || {
        let slot = load(&app, &id)?;
        let game = guard(&slot)?;
        let receiver = {
            let mut channels = lock(&app.inner.channels);
            channels.entry(id.clone()).or_insert_with(|| tokio::sync::broadcast::channel(64).0).subscribe()
        };
        Ok((view(&game, None).to_string(), receiver))
    })
    .await?;
    let first = tokio_stream::once(Arc::<str>::from(first));
    // A follower too slow to keep up skips to the newest state: each event is the whole state.
    let updates = BroadcastStream::new(receiver).filter_map(Result::ok);
    let stream = first.chain(updates).map(|text| Ok::<Event, Infallible>(Event::default().event("state").data(&*text)));
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

async fn hint(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let id = game_path(id)?;
    blocking(move || {
        let player = player(&app, &headers)?;
        let slot = load(&app, &id)?;
        let work = {
            let mut game = guard(&slot)?;
            let seat = seat_of(&game, &player).ok_or_else(|| {
                ApiError::new(StatusCode::FORBIDDEN, "forbidden", "hints are for the people at this game")
            })?;
            let work = game.live.hinting(seat, query.get("level").map(String::as_str))?;
            // Checked after the hint's own rules, so that a refused hint is refused for its reason.
            if game.hinting {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "not_allowed",
                    "a hint for this game is being worked out: ask again once it is given",
                ));
            }
            game.hinting = true;
            work
        };
        // The bot thinks with the game unlocked (moves, reads and pushed updates go on); the flag is lowered
        // however the thinking ends, a panic included, or the game would refuse hints for ever.
        let _lowered = Lower(&slot);
        Ok(Json(work.run()?).into_response())
    })
    .await
}

/// Lowers a game's `hinting` flag when dropped.
struct Lower<'a>(&'a Mutex<Loaded>);

impl Drop for Lower<'_> {
    fn drop(&mut self) {
        lock(self.0).hinting = false;
    }
}

async fn record(State(app): State<App>, id: Result<Path<String>, PathRejection>) -> Answer {
    let id = game_path(id)?;
    blocking(move || {
        let game = load(&app, &id)?;
        let game = guard(&game)?;
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
