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
use serde_json::{Value, json};

use crate::store::{Failure, JoinError, StoreError};
use crate::think::Busy;
use crate::{App, MAX_BODY};

/// An error answer: a status, a short machine-readable code, a sentence for people, and when to try again.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) error: &'static str,
    pub(crate) detail: String,
    retry_after: Option<u64>,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, error: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError { status, error, detail: detail.into(), retry_after: None }
    }

    pub(crate) fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no game has this id")
    }

    pub(crate) fn bad(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", detail)
    }

    pub(crate) fn damaged(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "damaged", detail)
    }

    pub(crate) fn internal(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", detail)
    }

    pub(crate) fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }

    /// The thinkers cannot take a thought now.
    pub(crate) fn busy(busy: Busy, app: &App) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", format!("{busy}: try again shortly"))
            .retry_after(app.inner.limits.bot_time.as_secs().max(1))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.error, "detail": self.detail }))).into_response();
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
            Failure::Conflict => ApiError::new(
                StatusCode::CONFLICT,
                "conflict",
                "the game changed meanwhile (another of your requests, or a bot, got there first): nothing was \
                 done; read the game and try again",
            ),
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
