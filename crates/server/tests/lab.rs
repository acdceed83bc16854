//! The lab's reports on a real server: listed, rendered and served read-only from the folder given, and nothing
//! outside it reachable.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::Server;
use hamle_server::App;

/// A folder of reports for one test (each its own: the tests run at once).
fn reports(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-lab-pages-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder made");
        std::fs::write(path, text).expect("written");
    };
    write(
        "003/report.md",
        "# Seed 003: 2048\n\nLead <b>bold</b>.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![chart](reach.svg)\n",
    );
    write("003/reach.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>");
    let finding = |reproduces: bool| {
        format!(r#"{{"what": "w", "seed": "s", "ours": "o", "reproduces": {reproduces}, "why": "y"}}"#)
    };
    let findings = [finding(true), finding(false), finding(false)].join(", ");
    write(
        "003/results.json",
        &format!(
            r#"{{"kind": "2048", "command": "c", "scale": 1.0, "seed": 1, "runs": [], "findings": [{findings}]}}"#
        ),
    );
    write("003/notes.txt", "not served");
    write("004/report.md", "# Seed 004: tic-tac-toe\n");
    write("empty/readme.txt", "a folder without a report is not listed");
    write(".hidden/report.md", "# Hidden\n");
    write("secret.md", "outside every report folder");
    dir
}

fn server_with(dir: Option<PathBuf>) -> Server {
    let app = App::in_memory().expect("an app");
    if let Some(dir) = dir {
        assert!(app.publish_lab(dir.clone()));
        assert!(!app.publish_lab(dir), "published once");
    }
    Server::start(app)
}

#[test]
fn the_index_lists_each_report_folder_with_its_title_and_findings() {
    let server = server_with(Some(reports("index")));
    let answer = server.client().get_full("/lab");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("text/html; charset=utf-8"));
    let page = answer.body.as_str().expect("html").to_owned();
    assert!(page.contains("<a href=\"/lab/003\">Seed 003: 2048</a>"), "{page}");
    assert!(page.contains("1 of 3 findings reproduce"), "{page}");
    assert!(page.contains("<a href=\"/lab/004\">Seed 004: tic-tac-toe</a>"), "{page}");
    assert!(page.find("/lab/003").expect("003") < page.find("/lab/004").expect("004"), "sorted by name");
    assert!(!page.contains("Hidden") && !page.contains("/lab/empty"), "{page}");
}

#[test]
fn a_report_is_rendered_with_its_charts_pointed_at_its_folder_and_raw_html_as_text() {
    let server = server_with(Some(reports("render")));
    let page = server.client().get_full("/lab/003").body.as_str().expect("html").to_owned();
    assert!(page.contains("<title>Seed 003: 2048 — hamle lab</title>"), "{page}");
    assert!(page.contains("<img src=\"/lab/003/reach.svg\" alt=\"chart\""), "{page}");
    assert!(page.contains("<table>") && page.contains("<td>2</td>"), "{page}");
    assert!(page.contains("&lt;b&gt;bold&lt;/b&gt;"), "{page}");
    let chart = server.client().get_full("/lab/003/reach.svg");
    assert_eq!((chart.status, chart.header("content-type")), (200, Some("image/svg+xml")));
    let results = server.client().get_full("/lab/003/results.json");
    assert_eq!((results.status, results.header("content-type")), (200, Some("application/json")));
}

#[test]
fn nothing_outside_the_report_folders_and_no_other_kind_of_file_is_served() {
    let server = server_with(Some(reports("outside")));
    let client = server.client();
    for path in [
        "/lab/nope",
        "/lab/.hidden",
        "/lab/003/notes.txt",
        "/lab/003/..%2Fsecret.md",
        "/lab/..%2F003/report.md",
        "/lab/003/missing.svg",
        "/lab/%2E%2E/secret.md",
    ] {
        assert_eq!(client.get_full(path).status, 404, "{path}");
    }
}

#[test]
fn without_a_folder_the_lab_says_how_to_publish_one() {
    let server = server_with(None);
    let answer = server.client().get_full("/lab");
    assert_eq!(answer.status, 200);
    assert!(answer.body.as_str().expect("html").contains("<code>hamle serve --lab DIR</code>"));
    assert_eq!(server.client().get_full("/lab/003").status, 404);
}

/// A folder outside every published one, for what links lead to (each test its own).
fn outside(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-lab-outside-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

/// `path`'s status and body, asked on another thread: `None` when no answer came within five seconds.
fn within_seconds(server: &Server, path: &'static str) -> Option<(u16, String)> {
    let (send, answer) = std::sync::mpsc::channel();
    let client = server.client();
    std::thread::spawn(move || {
        let a = client.get_full(path);
        send.send((a.status, a.body.to_string())).ok();
    });
    answer.recv_timeout(Duration::from_secs(5)).ok()
}

#[cfg(unix)]
#[test]
fn a_link_to_a_file_outside_the_folder_is_not_served() {
    use std::os::unix::fs::symlink;
    let dir = reports("link-out");
    let away = outside("link-out");
    std::fs::write(away.join("secret.json"), "secret").expect("written");
    std::fs::write(away.join("report.md"), "# secret report\n").expect("written");
    symlink(away.join("secret.json"), dir.join("003/leak.json")).expect("a link");
    std::fs::create_dir_all(dir.join("005")).expect("a folder");
    symlink(away.join("report.md"), dir.join("005/report.md")).expect("a link");
    let server = server_with(Some(dir));
    let client = server.client();
    for path in ["/lab/003/leak.json", "/lab/005", "/lab/005/report.md"] {
        let answer = client.get_full(path);
        assert_eq!(answer.status, 404, "{path}");
        assert!(!answer.body.to_string().contains("secret"), "{path}: {}", answer.body);
    }
    let index = client.get_full("/lab").body.as_str().expect("html").to_owned();
    assert!(!index.contains("secret") && !index.contains("/lab/005"), "{index}");
}

#[cfg(unix)]
#[test]
fn a_report_folder_linking_outside_is_neither_listed_nor_served() {
    use std::os::unix::fs::symlink;
    let dir = reports("folder-out");
    let away = outside("folder-out");
    std::fs::write(away.join("report.md"), "# secret report\n").expect("written");
    std::fs::write(away.join("chart.svg"), "<svg>secret</svg>").expect("written");
    symlink(&away, dir.join("elsewhere")).expect("a link");
    let server = server_with(Some(dir));
    let client = server.client();
    let index = client.get_full("/lab").body.as_str().expect("html").to_owned();
    assert!(index.contains("/lab/003"), "{index}");
    assert!(!index.contains("elsewhere") && !index.contains("secret"), "{index}");
    for path in ["/lab/elsewhere", "/lab/elsewhere/chart.svg", "/lab/elsewhere/report.md"] {
        let answer = client.get_full(path);
        assert_eq!(answer.status, 404, "{path}");
        assert!(!answer.body.to_string().contains("secret"), "{path}: {}", answer.body);
    }
}

#[cfg(unix)]
#[test]
fn links_that_stay_inside_the_folder_are_served() {
    use std::os::unix::fs::symlink;
    let dir = reports("link-in");
    symlink("reach.svg", dir.join("003/again.svg")).expect("a link");
    symlink("003", dir.join("latest")).expect("a link");
    let server = server_with(Some(dir));
    let client = server.client();
    let again = client.get_full("/lab/003/again.svg");
    assert_eq!((again.status, again.header("content-type")), (200, Some("image/svg+xml")));
    assert_eq!(again.body.as_str(), Some("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"));
    let latest = client.get_full("/lab/latest");
    assert_eq!(latest.status, 200);
    assert!(latest.body.as_str().expect("html").contains("<title>Seed 003: 2048 — hamle lab</title>"));
    assert_eq!(client.get_full("/lab/latest/reach.svg").status, 200);
    let index = client.get_full("/lab").body.as_str().expect("html").to_owned();
    assert!(index.contains("<a href=\"/lab/latest\">Seed 003: 2048</a>"), "{index}");
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_or_a_pipe_is_refused_promptly() {
    let dir = reports("device");
    std::os::unix::fs::symlink("/dev/zero", dir.join("003/zero.svg")).expect("a link");
    let piped = std::process::Command::new("mkfifo").arg(dir.join("003/pipe.json")).status().is_ok_and(|s| s.success());
    let server = server_with(Some(dir));
    let zero = within_seconds(&server, "/lab/003/zero.svg").expect("an answer within five seconds");
    assert_eq!(zero.0, 404, "{}", zero.1);
    if piped {
        let start = Instant::now();
        let pipe = within_seconds(&server, "/lab/003/pipe.json").expect("an answer within five seconds");
        assert_eq!(pipe.0, 404, "{}", pipe.1);
        assert!(start.elapsed() < Duration::from_secs(3), "{:?}", start.elapsed());
    } else {
        eprintln!("no mkfifo here: the pipe is not tried");
    }
}

#[test]
fn a_file_over_the_size_limit_is_refused_and_one_at_it_served() {
    const MAX_FILE: usize = 8 * 1024 * 1024;
    let dir = reports("size");
    std::fs::write(dir.join("003/at.json"), vec![b' '; MAX_FILE]).expect("written");
    std::fs::write(dir.join("003/over.json"), vec![b' '; MAX_FILE + 1]).expect("written");
    let server = server_with(Some(dir.clone()));
    let client = server.client();
    let at = client.get_full("/lab/003/at.json");
    assert_eq!(at.status, 200);
    assert_eq!(at.body.as_str().map(str::len), Some(MAX_FILE));
    assert_eq!(client.get_full("/lab/003/over.json").status, 404);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
