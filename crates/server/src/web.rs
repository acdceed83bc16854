//! The browser UI: static HTML, CSS and JavaScript modules from `web/`, embedded in the binary. A game's page
//! is `web/<page>.html`, served at `/<page>`: adding a page needs no change here.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hamle_l10n::Lang;
use rust_embed::Embed;

use crate::App;

/// Every file of `web/`.
#[derive(Embed)]
#[folder = "../../web/"]
struct Files;

/// The home page (`/`), each game's page (`/hapis`, `/tictactoe`, …) and their files (`/static/…`).
pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/static/{name}", get(|Path(name): Path<String>| async move { file(&name) }))
        .route("/locales/{name}", get(|Path(name): Path<String>| async move { catalog(&name) }))
        .route("/{page}", get(|Path(page): Path<String>| async move { file(&format!("{page}.html")) }))
}

/// A language's catalog (`/locales/tr.ftl`): only the languages hamle speaks.
fn catalog(name: &str) -> Response {
    let known = name.strip_suffix(".ftl").and_then(Lang::parse).filter(|lang| format!("{}.ftl", lang.tag()) == name);
    match known {
        Some(lang) => {
            ([(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], lang.source())
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "no such language")
            .into_response(),
    }
}

fn file(name: &str) -> Response {
    let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    };
    // Only plain names: no folders, nothing hidden.
    let plain = !name.contains('/') && !name.starts_with('.');
    match Files::get(name).filter(|_| plain) {
        Some(found) => (
            // The security headers (the policy, no framing, no sniffing) are set on every answer by the router.
            [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")],
            found.data.into_owned(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "no such page")
            .into_response(),
    }
}
