//! The lab's published reports, read-only: `/lab` lists the report folders of the directory given to `hamle serve
//! --lab DIR` (each with the `report.md` that `hamle lab reproduce` or `hamle report` wrote), `/lab/NAME` shows one
//! as HTML, and `/lab/NAME/FILE` serves its charts and figures (SVG, JSON and Markdown only). Nothing here writes.
//!
//! Nothing outside the directory is reached: names are plain words, and every folder and file is resolved to its
//! real path (symbolic links followed) and served only when that path lies inside the directory's real path, so a
//! link may point elsewhere in the directory but a link leading out is treated as missing, and a report folder that
//! leads out is neither listed nor served. Only regular files are read, and at most [`MAX_FILE`] bytes of them: a
//! device or a pipe is refused before it is opened (opening a pipe would wait for a writer), the opened file is
//! checked again, and the read itself stops one byte past the limit whatever size the file system reports.
//!
//! A report's Markdown is rendered with its raw HTML shown as text, then passed through an HTML sanitiser (ammonia)
//! that keeps only the markup reports need (headings, lists, tables, code, links, images with `http`, `https` or
//! relative addresses) and drops everything else (scripts, styles, event attributes, `javascript:` addresses). The
//! pages and files are sent with `Content-Security-Policy: default-src 'self'`, which also keeps an SVG's own
//! script from running.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Path as FsPath, PathBuf};
use std::sync::LazyLock;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hamle_lab::results::Results;
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

/// The real path of `root/parts…` when it and every folder on the way lie inside `root`, itself a real path
/// (canonicalised): symbolic links are followed, but none may lead out. `None` when missing or outside.
fn inside(root: &FsPath, parts: &[&str]) -> Option<PathBuf> {
    let mut real = root.to_path_buf();
    for part in parts {
        real = std::fs::canonicalize(real.join(part)).ok()?;
        if !real.starts_with(root) {
            return None;
        }
    }
    Some(real)
}

/// The bytes of the regular file at `path` when it holds at most `limit` of them; `None` when it is missing, not a
/// regular file (a device, a pipe, a folder), larger or unreadable. A pipe is never opened (that would wait for a
/// writer); the opened file is checked again, in case the path changed in between; and the read stops at `limit + 1`
/// bytes whatever size the file system reports.
fn read_bounded(path: &FsPath, limit: u64) -> Option<Vec<u8>> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    let opened = file.metadata().ok()?;
    if !opened.is_file() || opened.len() > limit {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).ok()?;
    (u64::try_from(bytes.len()).ok()? <= limit).then_some(bytes)
}

/// The file `dir/parts…` when it lies inside `dir` (see [`inside`]) and is a regular file of at most [`MAX_FILE`]
/// bytes.
fn small_file(dir: &FsPath, parts: &[&str]) -> Option<Vec<u8>> {
    let root = std::fs::canonicalize(dir).ok()?;
    read_bounded(&inside(&root, parts)?, MAX_FILE)
}

/// [`small_file`] on a blocking thread.
async fn read(dir: PathBuf, parts: [String; 2]) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || small_file(&dir, &[&parts[0], &parts[1]])).await.ok().flatten()
}

/// A report folder as the index lists it: its name, its title and how many of its findings reproduce (of how many).
type Listed = (String, String, Option<(usize, usize)>);

/// A file of at most [`MAX_FILE`] bytes inside `root` (a real path; see [`inside`]) as text.
fn small_text(root: &FsPath, parts: &[&str]) -> Option<String> {
    String::from_utf8(read_bounded(&inside(root, parts)?, MAX_FILE)?).ok()
}

/// The report folders of `dir`, by name: those inside it (see [`inside`]) holding a `report.md`.
fn listing(dir: &FsPath) -> Vec<Listed> {
    let Ok(root) = std::fs::canonicalize(dir) else { return Vec::new() };
    let Ok(entries) = std::fs::read_dir(&root) else { return Vec::new() };
    let mut found: Vec<_> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok().filter(|n| plain(n))?;
            let text = small_text(&root, &[&name, "report.md"])?;
            let title = text.lines().find_map(|l| l.strip_prefix("# ")).unwrap_or(&name).to_owned();
            let counts = small_text(&root, &[&name, "results.json"])
                .and_then(|t| serde_json::from_str::<Results>(&t).ok())
                .map(|results| results.reproduced());
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

/// The sanitiser every rendered report passes through: the markup pulldown-cmark writes for a report, and nothing
/// else. Addresses must be `http`, `https`, `mailto` or relative; links get `rel="noopener noreferrer"`; a table
/// cell keeps only its `text-align`; scripts and styles are dropped with their content, other tags keep only their
/// text.
static SANITISER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let tags = "a blockquote br code em h1 h2 h3 h4 h5 h6 hr img li ol p pre strong table tbody td th thead tr ul";
    let attributes = HashMap::from([
        ("a", HashSet::from(["href", "title"])),
        ("img", HashSet::from(["src", "alt", "title"])),
        ("ol", HashSet::from(["start"])),
        ("code", HashSet::from(["class"])),
        ("th", HashSet::from(["style"])),
        ("td", HashSet::from(["style"])),
    ]);
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(tags.split(' ').collect())
        .clean_content_tags(HashSet::from(["script", "style"]))
        .tag_attributes(attributes)
        .filter_style_properties(HashSet::from(["text-align"]))
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true);
    builder
});

/// Markdown to HTML, with raw HTML shown as text (a report is data, not markup to trust) and links to files
/// beside the report pointed at `/lab/NAME/FILE`, then sanitised ([`SANITISER`]).
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
    SANITISER.clean(&html).to_string()
}

async fn report(State(app): State<App>, Path(name): Path<String>) -> Response {
    let Some(dir) = app.inner.lab.get().cloned() else { return missing("report") };
    if !plain(&name) {
        return missing("report");
    }
    let parts = [name.clone(), "report.md".to_owned()];
    let Some(text) = read(dir, parts).await.and_then(|b| String::from_utf8(b).ok()) else {
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
    match read(dir, [name, file]).await {
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
        assert!(html.contains("<a href=\"/lab/003/results.json\" rel=\"noopener noreferrer\">f</a>"), "{html}");
        assert!(html.contains("<a href=\"https://example.org/\" rel=\"noopener noreferrer\">w</a>"), "{html}");
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt;") && !html.contains("<script>"), "{html}");
    }

    /// The tags in `html`: since text's `<` is escaped, each `<` opens one.
    fn tags(html: &str) -> Vec<&str> {
        html.split('<').skip(1).map(|rest| rest.split('>').next().unwrap_or(rest)).collect()
    }

    const ATTACKS: &str = "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) \
                           ![y](javascript:alert(2)) [z](<javascript:alert(3)> \"t\")\n";

    const NEEDED: &str = "# Title\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n```rust\nlet x = 1 < 2;\n```\n\n![c](c.svg) \
                          [w](https://example.org/)\n";

    #[test]
    fn rendering_leaves_no_script_event_attribute_or_javascript_address_and_keeps_what_reports_need() {
        let html = render(&format!("{ATTACKS}\n{NEEDED}"), "003");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        for tag in tags(&html) {
            assert!(!tag.contains("onerror"), "<{tag}> in {html}");
            assert!(!tag.starts_with("img src=\"x\""), "<{tag}> in {html}");
        }
        assert!(html.contains("onerror=alert(1)&gt;"), "raw HTML still shown as text: {html}");
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(html.contains("<th style=\"text-align:left\">a</th>"), "{html}");
        assert!(html.contains("<td style=\"text-align:right\">2</td>"), "{html}");
        assert!(html.contains("<pre><code class=\"language-rust\">let x = 1 &lt; 2;\n</code></pre>"), "{html}");
        assert!(html.contains("<img src=\"/lab/003/c.svg\" alt=\"c\">"), "{html}");
        assert!(html.contains("<a href=\"https://example.org/\" rel=\"noopener noreferrer\">w</a>"), "{html}");
    }

    #[test]
    fn the_sanitiser_alone_drops_scripts_styles_event_attributes_and_javascript_addresses() {
        // As if the Markdown step had let raw HTML through: the sanitiser is the second wall.
        let html = SANITISER
            .clean(
                "<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)><a href=\"javascript:alert(2)\" \
                 onclick=\"alert(3)\">a</a><img src=\"javascript:alert(4)\"><iframe src=\"https://example.org/\"></iframe>\
                 <p style=\"color:red\">p</p><table><tr><td>1</td></tr></table><a href=\"/lab/003/r.json\">r</a>",
            )
            .to_string();
        for gone in ["<script", "alert(1)", "<style", "onerror", "onclick", "javascript:", "<iframe", "color"] {
            assert!(!html.contains(gone), "{gone} in {html}");
        }
        assert!(html.contains("<img src=\"x\">"), "{html}");
        assert!(html.contains("<table><tbody><tr><td>1</td></tr></tbody></table>"), "{html}");
        assert!(html.contains("<a href=\"/lab/003/r.json\" rel=\"noopener noreferrer\">r</a>"), "{html}");
    }

    /// A fresh folder for one test.
    fn folder(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hamle-lab-unit-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    #[test]
    fn a_file_of_the_limit_is_read_and_one_byte_more_is_refused() {
        let dir = folder("limit");
        std::fs::write(dir.join("at"), [b'a'; 16]).expect("written");
        std::fs::write(dir.join("over"), [b'a'; 17]).expect("written");
        assert_eq!(read_bounded(&dir.join("at"), 16).as_deref(), Some(&[b'a'; 16][..]));
        assert_eq!(read_bounded(&dir.join("over"), 16), None);
        assert_eq!(read_bounded(&dir.join("missing"), 16), None);
        assert_eq!(read_bounded(&dir, 16), None, "a folder");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_read_is_bounded_even_when_the_file_system_reports_no_size() {
        // /proc's files are regular files of size 0 that hold more than that.
        let status = FsPath::new("/proc/self/status");
        let metadata = std::fs::metadata(status).expect("/proc is mounted");
        assert!(metadata.is_file() && metadata.len() == 0, "{metadata:?}");
        assert!(read_bounded(status, MAX_FILE).is_some_and(|bytes| bytes.len() > 16));
        assert_eq!(read_bounded(status, 16), None);
    }

    /// `read_bounded(path, 16)` on another thread: its answer, or `Err` when none came within five seconds.
    #[cfg(unix)]
    fn read_within_seconds(path: PathBuf) -> Result<Option<Vec<u8>>, String> {
        let (send, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || send.send(read_bounded(&path, 16)).ok());
        answer.recv_timeout(std::time::Duration::from_secs(5)).map_err(|e| e.to_string())
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_a_pipe_is_refused_at_once() {
        assert_eq!(read_within_seconds(PathBuf::from("/dev/zero")), Ok(None), "/dev/zero");
        let dir = folder("pipe");
        let pipe = dir.join("pipe");
        match std::process::Command::new("mkfifo").arg(&pipe).status() {
            Ok(status) if status.success() => {
                let start = std::time::Instant::now();
                assert_eq!(read_within_seconds(pipe), Ok(None), "the pipe");
                assert!(start.elapsed() < std::time::Duration::from_secs(2), "{:?}", start.elapsed());
            }
            _ => eprintln!("no mkfifo here: the pipe is not tried"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_path_is_inside_when_its_links_stay_in_the_folder_and_not_when_one_leads_out() {
        use std::os::unix::fs::symlink;
        let dir = folder("inside");
        let outside = folder("inside-out");
        std::fs::create_dir_all(dir.join("003")).expect("a folder");
        std::fs::write(dir.join("003/a.json"), "{}").expect("written");
        std::fs::write(outside.join("secret.json"), "secret").expect("written");
        symlink("a.json", dir.join("003/b.json")).expect("a link");
        symlink(outside.join("secret.json"), dir.join("003/c.json")).expect("a link");
        symlink("003", dir.join("latest")).expect("a link");
        symlink(&outside, dir.join("away")).expect("a link");
        let root = std::fs::canonicalize(&dir).expect("a real path");
        assert_eq!(inside(&root, &["003", "b.json"]), Some(root.join("003/a.json")));
        assert_eq!(inside(&root, &["latest", "a.json"]), Some(root.join("003/a.json")));
        assert_eq!(inside(&root, &["003", "c.json"]), None);
        assert_eq!(inside(&root, &["away"]), None);
        assert_eq!(inside(&root, &["away", "secret.json"]), None);
        // A link back in from a folder that leads out is still refused: every step must stay inside.
        symlink(dir.join("003/a.json"), outside.join("back.json")).expect("a link");
        assert_eq!(inside(&root, &["away", "back.json"]), None);
        assert_eq!(small_file(&dir, &["003", "c.json"]), None);
        assert_eq!(small_file(&dir, &["003", "b.json"]).as_deref(), Some(&b"{}"[..]));
        let _ = (std::fs::remove_dir_all(&dir), std::fs::remove_dir_all(&outside));
    }
}
