//! The browser UI: static HTML, CSS and JavaScript modules from `web/`, embedded in the binary.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::App;

/// Each file: its address, its type and its text.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../../../web/index.html")),
    ("hapis.html", "text/html; charset=utf-8", include_str!("../../../web/hapis.html")),
    ("tictactoe.html", "text/html; charset=utf-8", include_str!("../../../web/tictactoe.html")),
    ("2048.html", "text/html; charset=utf-8", include_str!("../../../web/2048.html")),
    ("domineering.html", "text/html; charset=utf-8", include_str!("../../../web/domineering.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../../../web/style.css")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../../../web/api.js")),
    ("home.js", "text/javascript; charset=utf-8", include_str!("../../../web/home.js")),
    ("hapis.js", "text/javascript; charset=utf-8", include_str!("../../../web/hapis.js")),
    ("tictactoe.js", "text/javascript; charset=utf-8", include_str!("../../../web/tictactoe.js")),
    ("2048.js", "text/javascript; charset=utf-8", include_str!("../../../web/2048.js")),
    ("domineering.js", "text/javascript; charset=utf-8", include_str!("../../../web/domineering.js")),
];

/// The pages (`/`, `/hapis`, `/tictactoe`, `/2048`, `/domineering`) and their files (`/static/…`).
pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/hapis", get(|| async { file("hapis.html") }))
        .route("/tictactoe", get(|| async { file("tictactoe.html") }))
        .route("/2048", get(|| async { file("2048.html") }))
        .route("/domineering", get(|| async { file("domineering.html") }))
        .route("/static/{name}", get(|Path(name): Path<String>| async move { file(&name) }))
}

fn file(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CONTENT_SECURITY_POLICY, "default-src 'self'; img-src 'self' data:"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *text,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "no such page")
            .into_response(),
    }
}
