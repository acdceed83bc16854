//! The API's answers that are refusals: [`ApiError`] (a status, a code, a sentence, when to try again) and what
//! every handler module shares to make them: blocking work off the async threads, locks that survive a panic, and
//! request bodies read as types.

use std::sync::{Mutex, MutexGuard, PoisonError};

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hamle_arena::Refusal;
use hamle_core::Msg;
use hamle_l10n::Lang;
use serde_json::{Value, json};

use crate::store::{Failure, JoinError, StoreError};
use crate::think::Busy;
use crate::{App, MAX_BODY};

/// An error answer: a status, a short machine-readable code (the same in every language), a sentence for people
/// (in English, and as the message the answer's language renders), and when to try again.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) error: &'static str,
    pub(crate) detail: String,
    msg: Msg,
    retry_after: Option<u64>,
}

/// A refusal's words: a message of the catalogs, or English from outside them (a parser's own error) shown as it is.
pub(crate) trait Detail {
    fn into_msg(self) -> Msg;
}

impl Detail for Msg {
    fn into_msg(self) -> Msg {
        self
    }
}

impl Detail for String {
    fn into_msg(self) -> Msg {
        Msg::verbatim(self)
    }
}

impl Detail for &str {
    fn into_msg(self) -> Msg {
        Msg::verbatim(self)
    }
}

/// The error of an answer, kept on it for [`in_language`] to say again in the request's language.
#[derive(Clone)]
struct Said {
    error: &'static str,
    msg: Msg,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, error: &'static str, detail: impl Detail) -> ApiError {
        let msg = detail.into_msg();
        ApiError { status, error, detail: hamle_l10n::render(Lang::En, &msg), msg, retry_after: None }
    }

    pub(crate) fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", Msg::new("error-no-game"))
    }

    pub(crate) fn bad(detail: impl Detail) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", detail)
    }

    pub(crate) fn damaged(detail: impl Detail) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "damaged", detail)
    }

    pub(crate) fn internal(detail: impl Detail) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", detail)
    }

    pub(crate) fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }

    /// The thinkers cannot take a thought now.
    pub(crate) fn busy(busy: Busy, app: &App) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", Msg::new("error-busy").arg("why", busy.msg()))
            .retry_after(app.inner.limits.bot_time.as_secs().max(1))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": self.error, "detail": self.detail, "msg": self.msg });
        let mut response = (self.status, Json(body)).into_response();
        response.extensions_mut().insert(Said { error: self.error, msg: self.msg });
        if let Some(value) = self.retry_after.and_then(|s| HeaderValue::from_str(&s.to_string()).ok()) {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e.failure() {
            Failure::Full => ApiError::new(
                StatusCode::INSUFFICIENT_STORAGE,
                "store_full",
                format!("the store is full, so nothing was changed ({e})"),
            ),
            Failure::Busy => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "store_busy",
                format!("the store is held by another program or out of reach, so nothing was changed ({e})"),
            )
            .retry_after(1),
            Failure::Conflict => ApiError::new(StatusCode::CONFLICT, "conflict", Msg::new("error-conflict")),
            Failure::Other => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "store", e.to_string()),
        }
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
        match e {
            JoinError::Unknown => {
                ApiError::new(StatusCode::NOT_FOUND, "unknown_invite", Msg::new("error-invite-unknown"))
            }
            JoinError::Expired => ApiError::new(StatusCode::GONE, "expired_invite", Msg::new("error-invite-expired")),
            JoinError::Full => ApiError::new(StatusCode::CONFLICT, "full", Msg::new("error-invite-full")),
            JoinError::Seated => ApiError::new(StatusCode::CONFLICT, "seated", Msg::new("error-invite-seated")),
            JoinError::Store(e) => e.into(),
        }
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(e: getrandom::Error) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "randomness", e.to_string())
    }
}

pub(crate) type Answer = Result<Response, ApiError>;

/// Runs `work` on a blocking thread: the store never holds up the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| ApiError::internal(e.to_string()))?
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A request body read as `T`: a body that is not JSON, or not of `T`'s shape, is refused with the reason.
pub(crate) fn typed_body<T: serde::de::DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
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

/// Says an error answer's detail again in the request's language (`Accept-Language`; English when it names none
/// of hamle's), keeping its code: every error answer passes through here.
pub(crate) async fn in_language(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let lang = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .map_or(Lang::En, Lang::from_accept_language);
    let mut response = next.run(request).await;
    if lang == Lang::En {
        return response;
    }
    if let Some(said) = response.extensions_mut().remove::<Said>() {
        let body = json!({ "error": said.error, "detail": hamle_l10n::render(lang, &said.msg), "msg": said.msg });
        let (mut parts, _) = response.into_parts();
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
        response = Response::from_parts(parts, axum::body::Body::from(body.to_string()));
    }
    response
}
