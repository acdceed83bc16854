//! The lab's published reports, read-only: `/lab` lists the report folders of the directory given to `hamle serve
//! --lab DIR` (each with the `report.md` that `hamle lab reproduce` or `hamle report` wrote), `/lab/NAME` shows one
//! as HTML, and `/lab/NAME/FILE` serves its charts and figures. Nothing here writes; names are plain words, so no
//! request reaches outside the directory.

use std::fmt::Write as _;
use std::path::{Path as FsPath, PathBuf};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};

use crate::App;

/// The largest file served or rendered, in bytes.
const MAX_FILE: u64 = 8 * 1024 * 1024;

/// `/lab`, `/lab/NAME` and `/lab/NAME/FILE`.
pub fn routes() -> Router<App> {
    Router::new().route("/lab", get(index)).route("/lab/{name}", get(report)).route("/lab/{name}/{file}", get(asset))
}

/// A name the lab serves: letters, digits, `-`, `_` and `.`, not starting with a dot, at most 100 bytes.
fn plain(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn headers(kind: &'static str) -> [(header::HeaderName, &'static str); 4] {
    [
        (header::CONTENT_TYPE, kind),
        (header::CONTENT_SECURITY_POLICY, "default-src 'self'; img-src 'self' data:"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-cache"),
    ]
}

fn page(title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\">\n<title>{} — hamle lab</title>\n<link rel=\"stylesheet\" \
         href=\"/static/style.css\">\n</head>\n<body>\n<header><a href=\"/\" class=\"brand\">hamle</a><a \
         href=\"/lab\" class=\"tagline\">the lab</a></header>\n<main class=\"lab\">\n{body}</main>\n</body>\n</html>\n",
        escape(title)
    );
    (headers("text/html; charset=utf-8"), html).into_response()
}

fn missing(what: &str) -> Response {
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], format!("no such {what}"))
        .into_response()
}

/// A file of at most [`MAX_FILE`] bytes; `None` when it is missing, too large or unreadable.
fn small_file(path: &FsPath) -> Option<Vec<u8>> {
    let size = std::fs::metadata(path).ok()?.len();
    (size <= MAX_FILE).then(|| std::fs::read(path).ok()).flatten()
}

/// [`small_file`] on a blocking thread.
async fn read(path: PathBuf) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || small_file(&path)).await.ok().flatten()
}

/// A report folder as the index lists it: its name, its title and how many of its findings reproduce (of how many).
type Listed = (String, String, Option<(usize, usize)>);

/// A file of at most [`MAX_FILE`] bytes as text.
fn small_text(path: &FsPath) -> Option<String> {
    String::from_utf8(small_file(path)?).ok()
}

/// The report folders of `dir`, by name.
fn listing(dir: &FsPath) -> Vec<Listed> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<_> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok().filter(|n| plain(n))?;
            let text = small_text(&entry.path().join("report.md"))?;
            let title = text.lines().find_map(|l| l.strip_prefix("# ")).unwrap_or(&name).to_owned();
            let counts = small_text(&entry.path().join("results.json"))
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .and_then(|v| {
                    let findings = v["findings"].as_array()?.clone();
                    let reproduced = findings.iter().filter(|f| f["reproduces"] == true).count();
                    Some((reproduced, findings.len()))
                });
            Some((name, title, counts))
        })
        .collect();
    found.sort();
    found
}

async fn index(State(app): State<App>) -> Response {
    let Some(dir) = app.inner.lab.get().cloned() else {
        return page(
            "The lab",
            "<h1>The lab</h1>\n<p>No reports are published on this server. Reports are written by <code>hamle lab \
             reproduce</code> and <code>hamle report</code>; <code>hamle serve --lab DIR</code> publishes the report \
             folders in <code>DIR</code> here.</p>\n",
        );
    };
    let reports = tokio::task::spawn_blocking(move || listing(&dir)).await.unwrap_or_default();
    let mut body = String::from(
        "<h1>The lab</h1>\n<p>Reports of experiments: each seed document's published results run again, and \
         tournaments, sequential tests and benchmarks. Each names the command that made it.</p>\n",
    );
    if reports.is_empty() {
        body.push_str("<p>The folder published here holds no reports yet.</p>\n");
    } else {
        body.push_str("<ul class=\"reports\">\n");
        for (name, title, counts) in &reports {
            let _ = write!(body, "<li><a href=\"/lab/{name}\">{}</a>", escape(title));
            if let Some((reproduced, total)) = counts {
                let _ = write!(body, " <span class=\"findings\">{reproduced} of {total} findings reproduce</span>");
            }
            body.push_str("</li>\n");
        }
        body.push_str("</ul>\n");
    }
    page("The lab", &body)
}

/// Markdown to HTML, with raw HTML shown as text (a report is data, not markup to trust) and links to files
/// beside the report pointed at `/lab/NAME/FILE`.
fn render(markdown: &str, name: &str) -> String {
    let local = |dest: CowStr<'_>| -> CowStr<'static> {
        if plain(&dest) { CowStr::from(format!("/lab/{name}/{dest}")) } else { CowStr::from(dest.into_string()) }
    };
    let events = Parser::new_ext(markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Image { link_type, dest_url: local(dest_url), title, id })
        }
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Link { link_type, dest_url: local(dest_url), title, id })
        }
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

async fn report(State(app): State<App>, Path(name): Path<String>) -> Response {
    let Some(dir) = app.inner.lab.get().cloned() else { return missing("report") };
    if !plain(&name) {
        return missing("report");
    }
    let Some(text) = read(dir.join(&name).join("report.md")).await.and_then(|b| String::from_utf8(b).ok()) else {
        return missing("report");
    };
    let title = text.lines().find_map(|l| l.strip_prefix("# ")).unwrap_or(&name).to_owned();
    page(&title, &render(&text, &name))
}

async fn asset(State(app): State<App>, Path((name, file)): Path<(String, String)>) -> Response {
    let Some(dir) = app.inner.lab.get().cloned() else { return missing("file") };
    let kind = match file.rsplit_once('.').map(|(_, ext)| ext) {
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("md") => "text/markdown; charset=utf-8",
        _ => return missing("file"),
    };
    if !plain(&name) || !plain(&file) {
        return missing("file");
    }
    match read(dir.join(&name).join(&file)).await {
        Some(bytes) => (headers(kind), bytes).into_response(),
        None => missing("file"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_served() {
        for ok in ["003", "reach-2048.svg", "results.json", "a_b.c"] {
            assert!(plain(ok), "{ok}");
        }
        for bad in ["", ".", "..", ".hidden", "a/b", "a\\b", "%2e%2e", "a b", &"x".repeat(101)] {
            assert!(!plain(bad), "{bad}");
        }
    }

    #[test]
    fn rendering_points_local_files_at_the_report_and_shows_raw_html_as_text() {
        let html =
            render("# T\n\n![c](c.svg) [f](results.json) [w](https://example.org/)\n\n<script>x</script>\n", "003");
        assert!(html.contains("<img src=\"/lab/003/c.svg\" alt=\"c\""), "{html}");
        assert!(html.contains("<a href=\"/lab/003/results.json\">f</a>"), "{html}");
        assert!(html.contains("<a href=\"https://example.org/\">w</a>"), "{html}");
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt;") && !html.contains("<script>"), "{html}");
    }
}
