//! The JSON API: players, games, actions, hints, records. Every action is checked by the game's rules and
//! committed to the store before the answer; a refused request changes nothing and gets `{error, detail}`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::live::{Live, Refusal, board, hapis, solo};
use crate::store::{GameRow, StoreError};
use crate::{App, MAX_BODY, fair, web};

/// A game loaded in memory: its row, its state, and how many of its actions the store holds.
pub(crate) struct Loaded {
    row: GameRow,
    live: Box<dyn Live>,
    stored: usize,
    /// Set when a write failed: memory may be ahead of the store, so this copy must not be used again.
    stale: bool,
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
            Refusal::Malformed(why) => ApiError::new(StatusCode::BAD_REQUEST, "bad_request", why),
            Refusal::NotAllowed(why) => ApiError::new(StatusCode::CONFLICT, "not_allowed", why),
        }
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(e: getrandom::Error) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "randomness", e.to_string())
    }
}

type Answer = Result<Response, ApiError>;

/// The app's routes: the API under `/api`, the pages and their files elsewhere.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/players", post(new_player))
        .route("/api/catalog", get(catalog))
        .route("/api/games", post(new_game).get(list_games))
        .route("/api/games/{id}", get(read_game))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api", any(no_route))
        .route("/api/{*rest}", any(no_route))
        .method_not_allowed_fallback(wrong_method)
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

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The JSON object of a request body.
fn json_body(body: Result<Bytes, BytesRejection>) -> Result<Value, ApiError> {
    let bytes = body.map_err(|e| {
        let status = e.status();
        let error = if status == StatusCode::PAYLOAD_TOO_LARGE { "too_large" } else { "bad_request" };
        ApiError::new(status, error, format!("{} (at most {MAX_BODY} bytes)", e.body_text()))
    })?;
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "malformed_json", format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "bad_request", "the body must be a JSON object"));
    }
    Ok(value)
}

/// The hash of the bearer token, checked to be a known player's.
fn player(app: &App, headers: &HeaderMap) -> Result<String, ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "send your player token as 'Authorization: Bearer <token>' (POST /api/players gives one)",
            )
        })?;
    let hash = fair::sha256_hex(token);
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

/// The game of `row`'s kind and setup, before any action.
fn make_live(kind: &str, setup: &Value, seed: u64) -> Result<Box<dyn Live>, Refusal> {
    if kind == "hapis" {
        Ok(Box::new(hapis::HapisMatch::new(hapis::Setup::from_json(setup)?, seed)))
    } else if kind == "2048" {
        Ok(Box::new(solo::Solo::new(solo::Setup::from_json(setup)?, seed)))
    } else {
        Ok(Box::new(board::BoardGame::new(board::Setup::from_json(kind, setup)?, seed)?))
    }
}

/// Lets the bots act while it is their turn, committing each action.
fn run_bots(app: &App, game: &mut Loaded) -> Result<(), ApiError> {
    while let Some(action) = game.live.bot_act() {
        commit(app, game, action)?;
    }
    Ok(())
}

/// Stores an action already applied in memory; if the store fails, the game is dropped from memory so that
/// it is read again from the store, which stays the truth.
fn commit(app: &App, game: &mut Loaded, action: Value) -> Result<(), ApiError> {
    let status = if game.live.over() { "over" } else { "playing" };
    if let Err(e) = app.inner.store.append(&game.row.id, game.stored, &[action.to_string()], status) {
        game.stale = true;
        lock(&app.inner.games).remove(&game.row.id);
        return Err(e.into());
    }
    game.stored += 1;
    Ok(())
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

/// The game with this id, loaded from the store (its actions replayed) on first use.
fn load(app: &App, id: &str) -> Result<Arc<Mutex<Loaded>>, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found());
    }
    if let Some(game) = lock(&app.inner.games).get(id) {
        return Ok(Arc::clone(game));
    }
    let row = app.inner.store.game(id)?.ok_or_else(ApiError::not_found)?;
    let damaged = |why: String| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "damaged", why);
    let setup: Value = serde_json::from_str(&row.setup).map_err(|e| damaged(e.to_string()))?;
    let mut live = make_live(&row.kind, &setup, row.seed).map_err(|e| damaged(e.to_string()))?;
    let actions = app.inner.store.actions(id)?;
    for (i, text) in actions.iter().enumerate() {
        let action: Value = serde_json::from_str(text).map_err(|e| damaged(format!("action {i}: {e}")))?;
        live.replay(&action).map_err(|e| damaged(format!("action {i} ({text}): {e}")))?;
    }
    let loaded = Arc::new(Mutex::new(Loaded { row, live, stored: actions.len(), stale: false }));
    let game = Arc::clone(lock(&app.inner.games).entry(id.to_owned()).or_insert(loaded));
    // A bot owed a move (the server stopped, or a write failed, between the person's action and the bot's)
    // moves now, so that no later request, refused or not, is what makes it move.
    run_bots(app, &mut *guard(&game)?)?;
    Ok(game)
}

/// What the browser sees of a game: its state, its id and status, and the dice commitment.
fn view(game: &Loaded) -> Value {
    let mut state = game.live.state();
    let over = game.live.over();
    state["id"] = json!(game.row.id);
    state["status"] = json!(if over { "over" } else { "playing" });
    state["summary"] = json!(game.live.summary());
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
                "params": params(l.params),
                "bots": g.bots().iter().map(|b| json!({ "name": b.name, "about": b.about, "params": params(b.params) })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(json!({ "games": games }))
}

async fn new_game(State(app): State<App>, headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> Answer {
    let request = json_body(body)?;
    blocking(move || {
        let player = player(&app, &headers)?;
        let kind = request.get("kind").and_then(Value::as_str).ok_or_else(|| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "\"kind\" names the game (GET /api/catalog lists them)",
            )
        })?;
        let (kind, setup) = if kind == "hapis" {
            ("hapis".to_owned(), hapis::Setup::from_json(&request)?.to_json())
        } else if kind == "2048" {
            ("2048".to_owned(), solo::Setup::from_json(&request)?.to_json())
        } else {
            let setup = board::Setup::from_json(kind, &request)?;
            (setup.game.name.clone(), setup.to_json())
        };
        let row = GameRow {
            id: fair::random_hex(16)?,
            player,
            kind,
            setup: setup.to_string(),
            seed: fair::random_seed()?,
            salt: fair::random_hex(16)?,
            status: "playing".to_owned(),
            updated: 0,
        };
        app.inner.store.add_game(&row, &[])?;
        let game = load(&app, &row.id)?;
        let game = guard(&game)?;
        Ok((StatusCode::CREATED, Json(view(&game))).into_response())
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

async fn read_game(State(app): State<App>, id: Result<Path<String>, PathRejection>) -> Answer {
    let id = game_path(id)?;
    blocking(move || {
        let game = load(&app, &id)?;
        let game = guard(&game)?;
        Ok(Json(view(&game)).into_response())
    })
    .await
}

/// The game, locked, after checking that `player` owns it.
fn owned(app: &App, id: &str, headers: &HeaderMap) -> Result<Arc<Mutex<Loaded>>, ApiError> {
    let player = player(app, headers)?;
    let game = load(app, id)?;
    if lock(&game).row.player != player {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "only the player who made this game may act in it",
        ));
    }
    Ok(game)
}

async fn act(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let action = json_body(body)?;
    let id = game_path(id)?;
    blocking(move || {
        let game = owned(&app, &id, &headers)?;
        let mut game = guard(&game)?;
        let stored = game.live.act(&action)?;
        commit(&app, &mut game, stored)?;
        run_bots(&app, &mut game)?;
        Ok(Json(view(&game)).into_response())
    })
    .await
}

async fn hint(
    State(app): State<App>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let id = game_path(id)?;
    blocking(move || {
        let game = owned(&app, &id, &headers)?;
        let game = guard(&game)?;
        Ok(Json(game.live.hint(query.get("level").map(String::as_str))?).into_response())
    })
    .await
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
