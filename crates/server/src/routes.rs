//! The app's routes and what every answer passes through: the rate limits per client address and per player,
//! the request timeout, the security headers, request ids and logs, the metrics by route; and the routes for
//! operators (`/healthz`, `/readyz`, `/metrics`). The handlers themselves are in [`crate::api`].

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, State};
use axum::http::{HeaderName, HeaderValue, Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post, put};
use hamle_core::Msg;
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;
use tower_http::LatencyUnit;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::answer::{ApiError, lock};
use crate::api::{act, catalog, events, hint, join, list_games, new_game, new_player, read_game, record};
use crate::client::{ByAddress, ByPlayer};
use crate::{App, MAX_BODY, Rate, web};

/// A rate limit on `routes` per `key` (a client's address, or a player), answered with 429 and `Retry-After`
/// beyond it; its table of clients is pruned by the server now and then.
/// `what` names the message of what is limited (`rate-actions-player`).
fn limited<K>(routes: Router<App>, app: &App, key: K, rate: Rate, what: &'static str) -> Router<App>
where
    K: KeyExtractor + Send + Sync + 'static,
    K::Key: Send + Sync,
{
    let mut config = GovernorConfigBuilder::default().key_extractor(key);
    config.period(rate.every).burst_size(rate.burst.max(1));
    let Some(config) = config.finish() else { return routes };
    let limiter = Arc::clone(config.limiter());
    lock(&app.inner.prune).push(Box::new(move || limiter.retain_recent()));
    routes.layer(GovernorLayer::new(config).error_handler(move |e| {
        let tower_governor::GovernorError::TooManyRequests { wait_time, .. } = e else {
            // Only a server started without its clients' addresses (not through `serve`) gets here.
            return ApiError::internal("the client's address is unknown").into_response();
        };
        let wait = wait_time.max(1);
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            Msg::new("error-too-many").arg("what", Msg::new(what)).arg("wait", wait),
        )
        .retry_after(wait)
        .into_response()
    }))
}

/// The headers every answer carries: no framing by other sites, no sniffing, no referrer sent elsewhere, and
/// nothing loaded from other origins.
const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "same-origin"),
];

/// Answers 503 `timeout` for a request not answered within the server's request timeout (an event stream's
/// events come after its answer, so they are not cut).
async fn timeout(State(app): State<App>, request: Request<axum::body::Body>, next: Next) -> Response {
    let limit = app.inner.limits.request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            format!("the request took longer than {} s", limit.as_secs_f64()),
        )
        .retry_after(1)
        .into_response(),
    }
}

/// The app's routes: the API under `/api`, the pages and their files elsewhere. Making players and games,
/// actions and joins, hints and event streams are rate-limited per client address, and the costly ones per
/// player too (answered with 429 and `Retry-After`); every answer carries the security headers.
pub fn router(app: App) -> Router {
    let limits = app.inner.limits;
    let address = ByAddress(app.proxies());
    let player = ByPlayer(app.proxies());
    let creation = Rate { burst: limits.burst, every: limits.refill };
    let create = Router::new().route("/api/players", post(new_player)).route("/api/games", post(new_game));
    let create = limited(create, &app, address.clone(), creation, "rate-creations");
    let acting = Router::new().route("/api/games/{id}/join", post(join)).route("/api/games/{id}/actions", post(act));
    let acting = limited(acting, &app, player.clone(), limits.actions, "rate-actions-player");
    let acting = limited(acting, &app, address.clone(), limits.actions, "rate-actions-address");
    let hints = Router::new().route("/api/games/{id}/hint", get(hint));
    let hints = limited(hints, &app, player, limits.hints, "rate-hints-player");
    let hints = limited(hints, &app, address.clone(), limits.hints, "rate-hints-address");
    let streams = Router::new().route("/api/games/{id}/events", get(events));
    let streams = limited(streams, &app, address.clone(), limits.streams_opened, "rate-streams");
    // Each writes to the store, and a claim's code must not be guessed by trying many: per address, so that
    // new players' tokens do not buy more tries.
    let people = Router::new()
        .route("/api/me/name", put(crate::people::set_name))
        .route("/api/me/transfer", post(crate::people::transfer))
        .route("/api/me/claim", post(crate::people::claim));
    let people = limited(people, &app, address, limits.people, "rate-people");
    let mut routes = Router::new()
        .merge(create)
        .merge(acting)
        .merge(hints)
        .merge(streams)
        .merge(people)
        .route("/api/me", get(crate::people::me))
        .route("/api/me/listing", put(crate::people::set_listing))
        .route("/api/me/tokens/current", delete(crate::people::revoke_current))
        .route("/api/me/tokens/revoke-others", post(crate::people::revoke_others))
        .route("/api/people/{name}", get(crate::people::profile))
        .route("/api/leaderboard/{pool}", get(crate::ratings::leaderboard))
        .route("/api/catalog", get(catalog))
        .route("/api/games", get(list_games))
        .route("/api/games/{id}", get(read_game))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/analysis", get(crate::analysis::analysis))
        .route("/api/openapi.json", get(crate::openapi::document))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/api", any(no_route))
        .route("/api/{*rest}", any(no_route))
        .method_not_allowed_fallback(wrong_method)
        .merge(crate::lab::routes())
        .merge(web::routes())
        .route_layer(axum::middleware::from_fn_with_state(app.clone(), observe))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(app.clone(), timeout))
        .layer(axum::middleware::from_fn(crate::answer::in_language));
    for (name, value) in SECURITY_HEADERS {
        routes = routes.layer(SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value)));
    }
    // Each request gets an id (or keeps the one a proxy gave it), which its log lines carry and its answer
    // returns in `x-request-id`.
    let request_id = HeaderName::from_static("x-request-id");
    routes
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<axum::body::Body>| {
                    let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
                    tracing::info_span!("request", id, method = %request.method(), path = request.uri().path())
                })
                .on_request(())
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO).latency_unit(LatencyUnit::Micros))
                .on_failure(()),
        )
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .with_state(app)
}

/// Counts each request by its route (the pattern, not the path, so that game ids make no new series) and
/// times it.
async fn observe(State(app): State<App>, request: Request<axum::body::Body>, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_owned();
    let method = request.method().clone();
    let start = std::time::Instant::now();
    let response = next.run(request).await;
    app.inner.metrics.request(method.as_str(), &route, response.status().as_u16(), start.elapsed());
    response
}

/// Whether the process answers (for a liveness probe).
async fn healthz() -> &'static str {
    "ok\n"
}

/// Whether the server should be sent requests: it is not stopping and its store answers (for a readiness
/// probe and a load balancer's health check).
async fn readyz(State(app): State<App>) -> Response {
    if app.inner.draining.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping\n").into_response();
    }
    let a = app.clone();
    match tokio::task::spawn_blocking(move || a.inner.store.ping()).await {
        Ok(Ok(())) => "ready\n".into_response(),
        Ok(Err(e)) => (StatusCode::SERVICE_UNAVAILABLE, format!("the store does not answer: {e}\n")).into_response(),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the store could not be asked\n").into_response(),
    }
}

/// The server's metrics in Prometheus's text format.
async fn metrics(State(app): State<App>) -> Response {
    let streams = lock(&app.inner.streams).total();
    let (games, bytes) = {
        let held = lock(&app.inner.games);
        (held.len(), held.bytes())
    };
    let text = app.inner.metrics.text(games, bytes, streams);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response()
}

async fn no_route() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API route (see docs/api.md)")
}

async fn wrong_method() -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "this route does not take that method")
}
