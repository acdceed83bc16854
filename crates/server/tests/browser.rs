//! End to end in headless Chromium (Debian's `chromium` and `chromium-driver`, which `scripts/test` installs):
//! a whole Hapis game against `thesis` played by clicking (and once by keyboard), a step by drag and its undo, a drawn tic-tac-toe game
//! and a won two-phase one (slides by clicking), the board at phone width, a whole 2048 game by swipes and keys
//! with the bot watched, a Domineering game with its domino preview. Screenshots go to `target/tmp/screenshots/`.

mod common;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::Server;
use fantoccini::{Client, ClientBuilder, Locator};
use hamle_core::{Bot, Budget, Notation, Stream};
use serde_json::{Value, json};

/// Chromium's flags for this closed network (as the machine's notes advise) and a phone-or-desk window.
const FLAGS: &[&str] = &[
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

fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("a folder for screenshots");
    dir
}

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn driver() -> Driver {
    let path = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let child = Command::new(&path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start {path} ({e}): install Debian's chromium and chromium-driver (scripts/test does)")
        });
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver { child, port }
}

async fn browser(driver: &Driver, width: u32, height: u32) -> Client {
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    // Each session its own profile: a shared one would share the player token across servers.
    static SESSIONS: AtomicUsize = AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let profile = std::env::temp_dir().join(format!("hamle-chromium-{}-{n}", std::process::id()));
    std::fs::remove_dir_all(&profile).ok();
    let mut args: Vec<String> = FLAGS.iter().map(|f| (*f).to_owned()).collect();
    args.push(format!("--window-size={width},{height}"));
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), json!({ "binary": binary, "args": args }));
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

async fn shot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    let path = screenshots().join(format!("{name}.png"));
    std::fs::write(&path, png).expect("the screenshot is written");
    println!("screenshot: {}", path.display());
}

/// Chooses the `<option>` that `css` names.
async fn pick(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.expect("chosen");
}

async fn click(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.expect("a click");
}

/// Presses the mouse on `from`, moves to `to` and releases there.
async fn drag(client: &Client, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
    let source = client.find(Locator::Css(from)).await.expect("a source");
    let target = client.find(Locator::Css(to)).await.expect("a target");
    let moves = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement { element: source, duration: None, x: 0.0, y: 0.0 })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveToElement {
            element: target,
            duration: Some(Duration::from_millis(200)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    client.perform_actions(moves).await.expect("a drag");
}

/// Waits until the page has drawn the answer to the last action.
async fn settled(client: &Client) {
    client
        .wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("body[data-busy='false']"))
        .await
        .expect("the page settles");
}

async fn text(client: &Client, css: &str) -> String {
    client.find(Locator::Css(css)).await.expect(css).text().await.expect("text")
}

/// The id in the page's address, once the game is made.
async fn game_id(client: &Client) -> String {
    let url = client.current_url().await.expect("an address");
    url.query_pairs().find(|(k, _)| k == "id").map(|(_, v)| v.into_owned()).expect("the game's id in the address")
}

fn state(server: &Server, id: &str) -> Value {
    server.client().state(id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_hapis_game_against_thesis_by_clicking() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 1200, 1000).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/hapis")).await.expect("the page");
    pick(&client, "#opponent option[value='thesis']").await;
    pick(&client, "#length option[value='1']").await;
    shot(&client, "hapis-new").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let mut turns = 0;
    let mut used_keyboard = false;
    let mut selected_shot = false;
    loop {
        let game = state(&server, &id);
        match game["phase"].as_str().expect("a phase") {
            "opening" | "roll" => {
                click(&client, "#roll").await;
                turns += 1;
                if turns == 12 {
                    shot(&client, "hapis-midgame").await;
                }
            }
            "move" => {
                let step = &game["legal"]["steps"][0];
                let from = step["from"].as_u64().expect("from");
                let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
                if used_keyboard {
                    click(&client, &format!("#board [data-point='{from}']")).await;
                    shot_once(&client, &mut selected_shot, "hapis-selected").await;
                    click(&client, &format!("#board [data-point='{to}']")).await;
                } else {
                    // Once by keyboard: Enter on the checker's point, then on the target.
                    let point =
                        client.find(Locator::Css(&format!("#board [data-point='{from}']"))).await.expect("a point");
                    point.send_keys("\u{E007}").await.expect("Enter");
                    let target =
                        client.find(Locator::Css(&format!("#board [data-point='{to}']"))).await.expect("a target");
                    target.send_keys("\u{E007}").await.expect("Enter");
                    used_keyboard = true;
                }
            }
            "match_over" => break,
            other => panic!("unexpected phase {other}"),
        }
        settled(&client).await;
        assert!(turns < 400, "the game ends");
        let message = client.find(Locator::Css("#message")).await.expect("a message");
        assert_ne!(
            message.attr("data-kind").await.expect("kind").as_deref(),
            Some("error"),
            "{}",
            message.text().await.expect("text")
        );
    }
    let end = state(&server, &id);
    let log = end["log"].as_array().expect("a log");
    assert!(log.len() > 20, "a whole game: {} lines", log.len());
    let message = text(&client, "#message").await;
    assert!(message.contains("wins"), "{message}");
    assert!(text(&client, "#reveal-line").await.contains("revealed") || end["fair"]["reveal"].is_string());
    shot(&client, "hapis-over").await;
    client.close().await.expect("closed");
}

/// Takes one screenshot of a selected checker, the first time only.
async fn shot_once(client: &Client, done: &mut bool, name: &str) {
    if !*done {
        shot(client, name).await;
        *done = true;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_dragged_and_undone() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 1200, 1000).await;
    client.goto(&format!("http://{}/hapis", server.addr)).await.expect("the page");
    client.find(Locator::Css("#opponent option[value='random']")).await.expect("random").click().await.expect("chosen");
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    for _ in 0..40 {
        let game = state(&server, &id);
        if game["phase"] == "move" {
            let before = game["position"].clone();
            let step = &game["legal"]["steps"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            drag(&client, &format!("#board [data-point='{}']", step["from"]), &format!("#board [data-point='{to}']"))
                .await;
            settled(&client).await;
            let after = state(&server, &id);
            if after["phase"] == "move" && after["steps"].as_array().is_some_and(|s| s.len() == 1) {
                click(&client, "#undo").await;
                settled(&client).await;
                assert_eq!(state(&server, &id)["position"], before);
                return;
            }
        } else {
            click(&client, "#roll").await;
            settled(&client).await;
        }
    }
    panic!("no turn with a step to undo in 40 actions");
}

/// The perfect player's move in the tic-tac-toe position `position`.
fn perfect(variant: &str, position: &str) -> String {
    use hamle_classics::tictactoe::{TicTacToe, Variant, bots::Perfect};
    let start = TicTacToe::new(if variant == "two-phase" { Variant::TwoPhase } else { Variant::Classic });
    let game = start.parse_position(position).expect("a position");
    let decision = Perfect::default().choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    game.format_move(decision.mv)
}

/// Plays X with the perfect player's moves by clicking; the page must end with `verdict`.
async fn perfect_tictactoe(variant: &str, verdict: &str) {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 390, 844).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/tictactoe")).await.expect("the page");
    pick(&client, &format!("#variant option[value='{variant}']")).await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let mut moves = 0;
    loop {
        let game = state(&server, &id);
        if game["phase"] == "over" {
            break;
        }
        let mv = perfect(variant, game["position"].as_str().expect("a position"));
        for cell in mv.split('-') {
            click(&client, &format!("[data-cell='{cell}']")).await;
        }
        settled(&client).await;
        moves += 1;
        if moves == 2 {
            // The home page lists the game while it is on, and its link leads back.
            client.goto(&format!("{base}/")).await.expect("home");
            client.wait().for_element(Locator::Css(&format!("#unfinished a[href*='{id}']"))).await.expect("listed");
            shot(&client, &format!("home-{variant}")).await;
            click(&client, &format!("#unfinished a[href*='{id}']")).await;
            settled(&client).await;
        }
        assert!(moves < 60, "the game ends");
    }
    assert_eq!(text(&client, "#message").await, verdict);
    shot(&client, &format!("tictactoe-{variant}-over")).await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drawn_classic_tictactoe_game_by_clicking_at_phone_width() {
    // Perfect against perfect: a draw.
    perfect_tictactoe("classic", "A draw.").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_won_two_phase_tictactoe_game_with_slides_by_clicking() {
    // The two-phase game is a first-player win (docs/rules/tictactoe.md): X played perfectly wins.
    perfect_tictactoe("two-phase", "You win!").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hapis_board_fits_a_phone() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 390, 844).await;
    client.goto(&format!("http://{}/hapis", server.addr)).await.expect("the page");
    click(&client, "#start").await;
    settled(&client).await;
    click(&client, "#roll").await;
    settled(&client).await;
    // Chromium keeps a window no narrower than about 500 px: what matters is that nothing is wider than it.
    let widths = client
        .execute("return [document.documentElement.scrollWidth, window.innerWidth]", vec![])
        .await
        .expect("the widths");
    let (page, window) = (widths[0].as_f64().expect("a width"), widths[1].as_f64().expect("a width"));
    shot(&client, "hapis-phone").await;
    assert!(window < 600.0, "a narrow window: {window}");
    assert!(page <= window, "no sideways scrolling: the page is {page} px in a {window} px window");
    client.close().await.expect("closed");
}

/// Sends a swipe on `css` as a phone does: a touch that starts at the centre and ends `dx`, `dy` away.
async fn swipe(client: &Client, css: &str, dx: f64, dy: f64) {
    let script = r#"
        const [css, dx, dy] = arguments;
        const area = document.querySelector(css);
        const box = area.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const touch = (cx, cy) => new Touch({ identifier: 1, target: area, clientX: cx, clientY: cy });
        area.dispatchEvent(new TouchEvent("touchstart", { changedTouches: [touch(x, y)], touches: [touch(x, y)], bubbles: true }));
        area.dispatchEvent(new TouchEvent("touchend", { changedTouches: [touch(x + dx, y + dy)], bubbles: true }));
    "#;
    client.execute(script, vec![json!(css), json!(dx), json!(dy)]).await.expect("a swipe");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_2048_game_by_keys_and_swipes_with_the_bot_watched() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 420, 900).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/2048")).await.expect("the page");
    pick(&client, "#bot option[value='expectimax(depth=2)']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    shot(&client, "2048-new").await;
    // The bot: one move, then a few while watched, then stopped.
    click(&client, "#bot-move").await;
    settled(&client).await;
    assert_eq!(state(&server, &id)["moves"], 1);
    click(&client, "#watch").await;
    let start = Instant::now();
    while state(&server, &id)["moves"].as_u64().unwrap_or(0) < 6 {
        assert!(start.elapsed() < Duration::from_secs(60), "the watched bot plays");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    click(&client, "#watch").await;
    settled(&client).await;
    shot(&client, "2048-watched").await;
    let watched = state(&server, &id)["moves"].as_u64().expect("moves");
    // Then the person, by swipes and by keys, to the end.
    let keys = [("left", "\u{E012}"), ("up", "\u{E013}"), ("right", "\u{E014}"), ("down", "\u{E015}")];
    let swipes = [("left", -80.0, 0.0), ("up", 0.0, -80.0), ("right", 80.0, 0.0), ("down", 0.0, 80.0)];
    let mut turns = 0u64;
    loop {
        let game = state(&server, &id);
        if game["phase"] == "over" {
            break;
        }
        let legal: Vec<String> =
            game["legal"].as_array().expect("legal").iter().filter_map(|m| m.as_str().map(str::to_owned)).collect();
        // Prefer down and left, as people do, so that the game lasts a while.
        let choice =
            ["down", "left", "right", "up"].into_iter().find(|d| legal.iter().any(|m| m == d)).expect("a legal move");
        if turns < 4 {
            let &(_, dx, dy) = swipes.iter().find(|(d, _, _)| *d == choice).expect("a swipe");
            swipe(&client, "#tiles", dx, dy).await;
        } else {
            let &(_, key) = keys.iter().find(|(d, _)| *d == choice).expect("a key");
            client.find(Locator::Css("#tiles")).await.expect("the board").send_keys(key).await.expect("a key");
        }
        settled(&client).await;
        turns += 1;
        let now = state(&server, &id)["moves"].as_u64().expect("moves");
        assert_eq!(now, watched + turns, "each swipe or key is one move");
        if turns == 20 {
            shot(&client, "2048-midgame").await;
        }
        assert!(turns < 3000, "the game ends");
    }
    let message = text(&client, "#message").await;
    assert!(message.contains("No move is left"), "{message}");
    let again = client.find(Locator::Css("#again")).await.expect("a link");
    assert!(again.is_displayed().await.expect("shown or not"), "a new game is offered at the end");
    shot(&client, "2048-over").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_domineering_game_with_the_domino_previewed_under_the_pointer() {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction};
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 800, 1000).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/domineering")).await.expect("the page");
    pick(&client, "#rows option[value='5']").await;
    pick(&client, "#cols option[value='4']").await;
    pick(&client, "#opponent option[value='seed(depth=2)']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let mut placed = 0;
    loop {
        let game = state(&server, &id);
        if game["phase"] == "over" {
            break;
        }
        let mv = game["legal"][0].as_str().expect("a legal move").to_owned();
        let (a, b) = mv.split_once('-').expect("two cells");
        // Pointing at the move's first cell previews the domino on both its cells.
        let cell = client.find(Locator::Css(&format!("#board [data-cell='{a}']"))).await.expect("a cell");
        let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
            element: cell.clone(),
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        client.perform_actions(hover).await.expect("pointed at");
        for name in [a, b] {
            let class = client
                .find(Locator::Css(&format!("#board [data-cell='{name}']")))
                .await
                .expect("a cell")
                .attr("class")
                .await
                .expect("a class");
            assert!(class.is_some_and(|c| c.contains("preview")), "{name} of {mv} is previewed");
        }
        if placed == 0 {
            shot(&client, "domineering-preview").await;
        }
        cell.click().await.expect("placed");
        settled(&client).await;
        placed += 1;
        let after = state(&server, &id);
        assert!(after["history"].as_array().is_some_and(|h| h.iter().any(|m| m == mv.as_str())), "{mv} was played");
        assert!(placed < 20, "a 5×4 game ends");
    }
    let message = text(&client, "#message").await;
    assert!(message.contains("wins"), "{message}");
    shot(&client, "domineering-over").await;
    client.close().await.expect("closed");
}
