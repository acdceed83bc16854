//! What the browser tests share: Chromium's flags and sessions, screenshots, and the small waits and reads every
//! page test makes.
#![allow(dead_code)] // Each browser test file uses its own part of these helpers.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::chromedriver::Driver;

/// Chromium's flags for this closed network (as the machine's notes advise).
pub const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// The folder screenshots go to (`target/tmp/screenshots/`).
pub fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("a folder for screenshots");
    dir
}

/// A browser session with a profile of its own (so a player token of its own: a shared profile would share it
/// across servers, and the friends tests need two players), in a window of `width` × `height`. `options` may add
/// to Chromium's options (download preferences, a phone's emulation); it gets the profile's folder.
pub async fn session(driver: &Driver, width: u32, height: u32, options: impl FnOnce(&mut Value, &PathBuf)) -> Client {
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let profile = driver.profile();
    let mut args: Vec<String> = FLAGS.iter().map(|f| (*f).to_owned()).collect();
    args.push(format!("--window-size={width},{height}"));
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut chrome = json!({ "binary": binary, "args": args });
    options(&mut chrome, &profile);
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), chrome);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

/// Saves a screenshot as `target/tmp/screenshots/<name>.png`.
pub async fn shot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    let path = screenshots().join(format!("{name}.png"));
    std::fs::write(&path, png).expect("the screenshot is written");
    println!("screenshot: {}", path.display());
}

/// Clicks the element `css` names. A stale reference is not the page's fault in two cases, both seen on CI:
/// the click followed a link and Chromedriver lost the element to the new page (the click happened: the address
/// changed), or the page redrew the element between finding and clicking it (the click did not: find it again).
pub async fn click(client: &Client, css: &str) {
    let before = client.current_url().await.expect("an address");
    for _ in 0..3 {
        let element = client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}"));
        match element.click().await {
            Ok(()) => return,
            Err(e) if e.is_stale_element_reference() => {
                if client.current_url().await.expect("an address") != before {
                    return;
                }
            }
            Err(e) => panic!("a click on {css}: {e}"),
        }
    }
    panic!("a click on {css}: the element went stale three times");
}

/// Waits until the page has drawn the answer to its last action.
pub async fn settled(client: &Client) {
    client
        .wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("body[data-busy='false']"))
        .await
        .expect("the page settles");
}

/// The text of the element `css` names (found again if the page redrew it between finding and reading).
pub async fn text(client: &Client, css: &str) -> String {
    for _ in 0..3 {
        match client.find(Locator::Css(css)).await.expect(css).text().await {
            Ok(text) => return text,
            Err(e) if e.is_stale_element_reference() => continue,
            Err(e) => panic!("the text of {css}: {e}"),
        }
    }
    panic!("the text of {css}: the element went stale three times");
}

/// The game's id in the page's address (`?game=…`), once the game is made.
pub async fn game_id(client: &Client) -> String {
    let url = client.current_url().await.expect("an address");
    url.query_pairs().find(|(k, _)| k == "game").map(|(_, v)| v.into_owned()).expect("the game's id in the address")
}

/// Runs `script` in the page and returns its answer.
pub async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until `script` answers `want` in the page (a pushed update arriving), failing after 20 s with what it
/// answered last.
pub async fn until(client: &Client, script: &str, want: &Value) {
    let start = Instant::now();
    loop {
        let got = eval(client, script).await;
        if &got == want {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{script} answered {got}, not {want}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A browser session whose languages are Turkish first (`navigator.languages`, `Accept-Language`), as a
/// person's in Türkiye.
pub async fn turkish_session(driver: &Driver, width: u32, height: u32) -> Client {
    session(driver, width, height, |chrome, _| {
        chrome["args"].as_array_mut().expect("args").push(json!("--accept-lang=tr-TR,tr"));
        chrome["args"].as_array_mut().expect("args").push(json!("--lang=tr-TR"));
        chrome["prefs"] = json!({ "intl.accept_languages": "tr-TR,tr" });
    })
    .await
}

/// Fails unless the page is in Turkish: it asked its catalog for no message it lacks, and no word of its text
/// (its visible text, its title and its elements' labels) is one of English's own, but for `verbatim` words (a
/// bot's spec, a person's name) that are shown as they are.
pub async fn all_turkish(client: &Client, verbatim: &[&str], what: &str) {
    assert_eq!(eval(client, "return document.documentElement.lang").await, "tr", "{what}: the page's language");
    assert_eq!(eval(client, "return globalThis.hamleMissing").await, json!([]), "{what}: messages it lacks");
    let shown = eval(
        client,
        "return [document.title, document.body.innerText, ...[...document.querySelectorAll('[aria-label],[title],[placeholder]')]\
         .filter((e) => e.checkVisibility ? e.checkVisibility() : true)\
         .map((e) => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')].join(' '))].join(' ')",
    )
    .await;
    let text = shown.as_str().unwrap_or_default();
    let found = hamle_testkit::languages::english_in(text, verbatim);
    assert!(found.is_empty(), "{what}: English on a Turkish page: {found:?}\n{text}");
}
