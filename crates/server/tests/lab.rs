//! The lab's reports on a real server: listed, rendered and served read-only from the folder given, and nothing
//! outside it reachable.

mod common;

use std::path::PathBuf;

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
    write("003/results.json", r#"{"findings": [{"reproduces": true}, {"reproduces": false}, {"reproduces": false}]}"#);
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
