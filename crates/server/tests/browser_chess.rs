//! The chess page end to end in headless Chromium (Debian's `chromium` and `chromium-driver`, which `scripts/test`
//! installs): two friends play a whole game through the invite link, White at a desk, Black at phone width (one
//! move by touch), every move by a click, a drag, the keyboard or typed, with both castlings, an en-passant
//! capture, an illegal drop put back with its reason, a promotion cancelled and then chosen in its dialog by
//! keyboard, and a mate, while a third browser only watches; the record is checked through the API. Then a game
//! against a bot: its hint, take-back, the sound switch, flipping, resigning and playing again. The setup form
//! offers the engine first with its levels in words, and its analysis shows an evaluation and a line with the
//! best move's arrow. Screenshots go to `target/tmp/screenshots/chess-*.png`.

mod chromedriver;
mod common;
mod page;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chromedriver::Driver;
use common::Server;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use page::{click, eval, game_id, session, settled, text, until};
use serde_json::{Value, json};

/// A browser session of its own profile (so its own player token): a desk window, or a phone's screen (390 px
/// wide, touch) by Chromium's mobile emulation, since a headless window does not get narrower than about 500 px.
/// Answers the session and the folder its downloads go to.
async fn browser(driver: &Driver, width: u32, height: u32, phone: bool) -> (Client, PathBuf) {
    let mut downloads = PathBuf::new();
    let client = session(driver, width, height, |options, profile| {
        // Downloads (the PGN) land in the profile's own folder, without asking.
        downloads = profile.join("downloads");
        options["prefs"] = json!({ "download.default_directory": downloads, "download.prompt_for_download": false });
        if phone {
            options["mobileEmulation"] =
                json!({ "deviceMetrics": { "width": width, "height": height, "pixelRatio": 2.0, "touch": true } });
        }
    })
    .await;
    (client, downloads)
}

async fn shot(client: &Client, name: &str) {
    page::shot(client, &format!("chess-{name}")).await;
}

fn square(name: &str) -> String {
    format!("#board [data-square='{name}']")
}

/// Presses on square `from`, moves to square `to` and lets go there: with the mouse, or a finger.
async fn drag(client: &Client, from: &str, to: &str, touch: bool) {
    let source = client.find(Locator::Css(&square(from))).await.expect("a source square");
    let target = client.find(Locator::Css(&square(to))).await.expect("a target square");
    let steps = [
        PointerAction::MoveToElement { element: source, duration: None, x: 0.0, y: 0.0 },
        PointerAction::Down { button: MOUSE_BUTTON_LEFT },
        PointerAction::MoveToElement { element: target, duration: Some(Duration::from_millis(150)), x: 0.0, y: 0.0 },
        PointerAction::Up { button: MOUSE_BUTTON_LEFT },
    ];
    if touch {
        let mut finger = TouchActions::new("finger".into());
        for step in steps {
            finger = finger.then(step);
        }
        client.perform_actions(finger).await.expect("a touch drag");
    } else {
        let mut mouse = MouseActions::new("mouse".into());
        for step in steps {
            mouse = mouse.then(step);
        }
        client.perform_actions(mouse).await.expect("a drag");
    }
}

/// Keys sent to the element `css` (WebDriver's codes: Enter `\u{E007}`, Escape `\u{E00C}`, arrows `\u{E012}`…).
async fn keys(client: &Client, css: &str, text: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).send_keys(text).await.expect("keys");
}

const ENTER: &str = "\u{E007}";
const ESCAPE: &str = "\u{E00C}";
const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";

fn state(server: &Server, id: &str) -> Value {
    server.client().state(id)
}

/// The piece letter a page draws on `name` ("" for an empty square).
async fn piece_on(client: &Client, name: &str) -> Value {
    eval(client, &format!("return document.querySelector(\"{}\").dataset.piece", square(name))).await
}

/// The plies the page's move list shows.
const PLIES: &str = "return [...document.querySelectorAll('#moves .ply:not(.empty)')].map(p => p.textContent)";
/// The sounds the page played (each legal move one, the end one more), and the last one's kind.
const SOUNDS: &str = "return [Number(document.body.dataset.sounds ?? 0), document.body.dataset.sound ?? null]";
/// Whether the 3-second warning over the board shows, and its words.
const TOAST: &str = "const t = document.getElementById('toast'); return [!t.hidden, t.textContent]";

/// How a ply is entered on the page.
#[derive(Clone, Copy, Debug)]
enum How {
    /// Click the piece, then its square.
    Click,
    /// Drag with the mouse.
    Drag,
    /// Drag with a finger.
    Touch,
    /// The board's keyboard: the keys sent to `#board`, then the move is checked.
    Keys(&'static str),
    /// Typed in the move box.
    Typed(&'static str),
}

/// The scripted game: each ply's squares, how it is entered, and its SAN as the server must record it. It has
/// both castlings (White's by putting the king on its rook), an en-passant capture (exd6), and a promotion that
/// mates (the bishop on a3 guards f8; the king's own pawns wall it in).
const GAME: &[(&str, &str, How, &str)] = &[
    ("e2", "e4", How::Click, "e4"),
    ("e7", "e6", How::Touch, "e6"),
    ("e4", "e5", How::Drag, "e5"),
    ("d7", "d5", How::Click, "d5"),
    ("e5", "d6", How::Drag, "exd6"),
    ("g8", "f6", How::Click, "Nf6"),
    ("g1", "f3", How::Click, "Nf3"),
    ("f8", "e7", How::Touch, "Be7"),
    ("f1", "c4", How::Click, "Bc4"),
    ("e8", "g8", How::Touch, "O-O"),
    ("e1", "h1", How::Click, "O-O"),
    // Black's keyboard starts on e2; with Black at the bottom, Down goes up the ranks and Right down the files.
    // (Down ×6, Right, Enter; Up, Enter.)
    ("d8", "d7", How::Keys("\u{E015}\u{E015}\u{E015}\u{E015}\u{E015}\u{E015}\u{E014}\u{E007}\u{E013}\u{E007}"), "Qd7"),
    ("b2", "b3", How::Drag, "b3"),
    ("a7", "a6", How::Click, "a6"),
    ("c1", "a3", How::Drag, "Ba3"),
    ("a6", "a5", How::Touch, "a5"),
    ("d6", "e7", How::Click, "dxe7"),
    ("b8", "c6", How::Typed("Nc6"), "Nc6"),
];

/// The position after the game's last move, exf8=Q#.
const FINAL_FEN: &str = "r1b2Qk1/1ppq1ppp/2n1pn2/p7/2B5/BP3N2/P1PP1PPP/RN1Q1RK1 b - - 0 10";

async fn enter(page: &Client, from: &str, to: &str, how: How) {
    match how {
        How::Click => {
            click(page, &square(from)).await;
            click(page, &square(to)).await;
        }
        How::Drag => drag(page, from, to, false).await,
        How::Touch => drag(page, from, to, true).await,
        How::Keys(k) => keys(page, "#board", k).await,
        How::Typed(t) => {
            keys(page, "#typed-move", t).await;
            click(page, "#typed button[type='submit']").await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_whole_game_with_castling_en_passant_and_a_promotion_to_mate() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let base = format!("http://{}", server.addr);
    let (white, white_downloads) = browser(&driver, 1200, 1000, false).await;
    white.goto(&format!("{base}/chess")).await.expect("the page");
    white.wait().for_element(Locator::Css("#opponent option[value='thesis']")).await.expect("the bots listed");
    click(&white, "#opponent option[value='friend']").await;
    shot(&white, "setup").await;
    click(&white, "#start").await;
    settled(&white).await;
    let id = game_id(&white).await;
    let link = white.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("a value");
    let link = link.expect("the invite link is filled in");
    assert!(link.starts_with(&format!("{base}/chess?game={id}&invite=")), "{link}");
    assert_eq!(text(&white, "#message").await, "Your move. Your friend has not joined yet: send them the link.");

    // Black opens the link on a phone: the board fits its width, and Black is at the bottom.
    let (black, _) = browser(&driver, 390, 844, true).await;
    black.goto(&link).await.expect("the invite link");
    settled(&black).await;
    until(&white, "return document.getElementById('invite').hidden", &json!(true)).await;
    let widths = eval(&black, "return [document.documentElement.scrollWidth, window.innerWidth]").await;
    assert_eq!(widths[1], 390, "a phone's width: {widths}");
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "no sideways scrolling: {widths}");
    let rows = "return ['a1', 'a8'].map(s => document.querySelector(`#board [data-square='${s}']`).getBoundingClientRect().top)";
    let black_rows = eval(&black, rows).await;
    assert!(black_rows[0].as_f64() < black_rows[1].as_f64(), "Black sees rank 1 at the top: {black_rows}");
    let white_rows = eval(&white, rows).await;
    assert!(white_rows[0].as_f64() > white_rows[1].as_f64(), "White sees rank 1 at the bottom: {white_rows}");
    assert_eq!(text(&black, "#message").await, "Your friend's move: waiting for White.");

    // A third browser with the game's address only watches: no controls, and its clicks pick nothing up.
    let (watcher, _) = browser(&driver, 1000, 900, false).await;
    watcher.goto(&format!("{base}/chess?game={id}")).await.expect("the page");
    settled(&watcher).await;
    assert_eq!(eval(&watcher, "return document.body.dataset.watching").await, "true");
    assert!(!watcher.find(Locator::Css("#resign")).await.expect("resign").is_displayed().await.expect("shown?"));
    click(&watcher, &square("e2")).await;
    assert_eq!(eval(&watcher, "return document.querySelectorAll('#board .picked, #board .dot').length").await, 0);

    let mut san: Vec<&str> = Vec::new();
    for (ply, &(from, to, how, written)) in GAME.iter().enumerate() {
        let (page, other) = if ply % 2 == 0 { (&white, &black) } else { (&black, &white) };
        if ply == 6 {
            illegal_drop_is_put_back(&white, &server, &id).await;
        }
        if ply == 1 {
            // Picking a piece up frames its square and dots its moves.
            click(&black, &square("e7")).await;
            let marks = "return [document.querySelector('#board .picked')?.dataset.mark, \
                [...document.querySelectorAll('#board .dot')].map(d => d.dataset.target).sort()]";
            assert_eq!(eval(&black, marks).await, json!(["e7", ["e5", "e6"]]));
            shot(&black, "phone-picked").await;
            click(&black, &square("e7")).await;
            assert_eq!(eval(&black, "return document.querySelectorAll('#board .picked').length").await, 0);
        }
        enter(page, from, to, how).await;
        settled(page).await;
        san.push(written);
        let game = state(&server, &id);
        assert_eq!(game["board"]["san"], json!(san), "ply {ply} ({from}-{to} by {how:?})");
        // Both players' pages (and the watcher's) show it, each having heard it once.
        for p in [page, other, &watcher] {
            until(p, PLIES, &json!(san)).await;
        }
        for p in [page, other] {
            let kind = if written.contains('x') { "capture" } else { "move" };
            assert_eq!(eval(p, SOUNDS).await, json!([san.len(), kind]), "the sound of {written}");
        }
        match written {
            "exd6" => {
                // En passant: the pawn beside is taken, on both boards.
                for p in [&white, &black] {
                    assert_eq!(piece_on(p, "d5").await, "", "the pawn taken en passant is gone");
                    assert_eq!(piece_on(p, "d6").await, "P");
                }
                shot(&black, "phone-en-passant").await;
            }
            "O-O" if ply == 10 => {
                for p in [&white, &black] {
                    assert_eq!(piece_on(p, "g1").await, "K");
                    assert_eq!(piece_on(p, "f1").await, "R");
                    assert_eq!(piece_on(p, "h1").await, "");
                }
                let last = "return [...document.querySelectorAll('#board .last')].map(m => m.dataset.mark).sort()";
                assert_eq!(eval(&black, last).await, json!(["e1", "g1"]), "the last move is marked");
                shot(&white, "castled").await;
                shot(&black, "phone-castled").await;
            }
            _ => {}
        }
    }

    // The promotion: dragged to f8, the dialog asks; Escape puts the pawn back; then click, click, and the queen
    // chosen by keyboard (Right to the rook, Left back to the queen, Enter).
    drag(&white, "e7", "f8", false).await;
    white.wait().for_element(Locator::Css("#promotion:not([hidden]) [data-promotion='q']")).await.expect("the dialog");
    let offered = "return [...document.querySelectorAll('#promotion [data-promotion]')].map(b => b.dataset.promotion)";
    assert_eq!(eval(&white, offered).await, json!(["q", "r", "b", "n"]));
    assert_eq!(eval(&white, "return document.activeElement.dataset.promotion").await, "q", "the queen has the focus");
    assert_eq!(piece_on(&white, "f8").await, "P", "the pawn waits on f8");
    shot(&white, "promotion").await;
    keys(&white, "#promotion [data-promotion='q']", ESCAPE).await;
    assert_eq!(eval(&white, "return document.getElementById('promotion').hidden").await, true);
    assert_eq!(piece_on(&white, "e7").await, "P", "cancelled: the pawn is back");
    assert_eq!(piece_on(&white, "f8").await, "r");
    assert_eq!(state(&server, &id)["board"]["san"].as_array().map(Vec::len), Some(GAME.len()), "nothing was played");
    click(&white, &square("e7")).await;
    click(&white, &square("f8")).await;
    white.wait().for_element(Locator::Css("#promotion:not([hidden])")).await.expect("the dialog again");
    keys(&white, "#promotion [data-promotion='q']", RIGHT).await;
    assert_eq!(eval(&white, "return document.activeElement.dataset.promotion").await, "r");
    keys(&white, "#promotion [data-promotion='r']", &format!("{LEFT}{ENTER}")).await;
    settled(&white).await;
    san.push("exf8=Q#");

    // The record, exactly.
    let end = state(&server, &id);
    assert_eq!(end["status"], "over");
    assert_eq!(end["board"]["fen"], FINAL_FEN);
    assert_eq!(end["board"]["san"], json!(san));
    assert_eq!(end["board"]["outcome"], json!({ "result": "1-0", "reason": "checkmate" }));
    assert_eq!(end["board"]["check"], "g8");
    assert_eq!(end["board"]["moves"], json!([]));
    assert_eq!(end["ending"]["points"], json!([1.0, 0.0]));
    let pgn = end["board"]["pgn"].as_str().expect("a PGN");
    assert!(pgn.contains("1. e4 e6 2. e5 d5 3. exd6 Nf6 4. Nf3 Be7 5. Bc4 O-O 6. O-O Qd7"), "{pgn}");
    assert!(pgn.trim_end().ends_with("10. exf8=Q# {checkmate} 1-0"), "{pgn}");

    // Every page shows the end: the warning for 3 s, the verdict in the message line, the king in check marked.
    let words = [
        (&white, "Checkmate: you win (1-0)."),
        (&black, "Checkmate: your friend wins (1-0)."),
        (&watcher, "Checkmate: White wins (1-0)."),
    ];
    for (p, verdict) in words {
        until(p, "return document.getElementById('message').textContent", &json!(verdict)).await;
        assert_eq!(eval(p, TOAST).await, json!([true, verdict]));
        assert_eq!(eval(p, "return document.querySelectorAll(\"#board .check[data-mark='g8']\").length").await, 1);
        assert_eq!(text(p, "#moves .result").await, "1-0");
        assert_eq!(piece_on(p, "f8").await, "Q");
    }
    for p in [&white, &black] {
        assert_eq!(eval(p, SOUNDS).await, json!([san.len() + 1, "end"]), "each move heard once, then the end");
        assert!(p.find(Locator::Css("#new-game")).await.expect("a link").is_displayed().await.expect("shown?"));
    }
    shot(&white, "mate").await;
    shot(&black, "phone-mate").await;
    shot(&watcher, "watcher-mate").await;
    // The warning goes after 3 s; the verdict stays.
    tokio::time::sleep(Duration::from_millis(3300)).await;
    assert_eq!(eval(&white, TOAST).await[0], false);
    assert_eq!(text(&white, "#message").await, "Checkmate: you win (1-0).");

    // The PGN download is the server's PGN, as a file.
    click(&white, "#pgn").await;
    let href = eval(&white, "return document.getElementById('pgn').href").await;
    assert!(href.as_str().is_some_and(|h| h.starts_with("blob:")), "a file made in the page: {href}");
    let file = format!("hamle-chess-{}.pgn", &id[..8]);
    assert_eq!(eval(&white, "return document.getElementById('pgn').download").await, file.as_str());
    let saved = downloaded(&white_downloads, &file).await;
    assert_eq!(saved, pgn);
    for client in [white, black, watcher] {
        client.close().await.expect("closed");
    }
}

/// A knight dropped where it cannot go returns, with the reason for 3 s; nothing is sent.
async fn illegal_drop_is_put_back(white: &Client, server: &Server, id: &str) {
    let before = state(server, id)["version"].clone();
    drag(white, "g1", "g3", false).await;
    let why = "Illegal move: a knight cannot go from g1 to g3.";
    assert_eq!(eval(white, TOAST).await, json!([true, why]));
    assert_eq!(text(white, "#message").await, why);
    assert_eq!(piece_on(white, "g1").await, "N", "the knight is back");
    assert_eq!(piece_on(white, "g3").await, "");
    shot(white, "illegal").await;
    assert_eq!(state(server, id)["version"], before, "nothing was sent");
    tokio::time::sleep(Duration::from_millis(3300)).await;
    assert_eq!(eval(white, TOAST).await[0], false, "the warning goes after 3 s");
}

/// The text of the file `name` once it is saved in `folder`.
async fn downloaded(folder: &std::path::Path, name: &str) -> String {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(folder.join(name)) {
            return text;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{name} was not downloaded into {}", folder.display());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The pieces a page draws, as `{square: letter}`.
async fn pieces_shown(client: &Client) -> Value {
    eval(
        client,
        "return Object.fromEntries([...document.querySelectorAll('#board [data-square]')]\
            .filter(s => s.dataset.piece).map(s => [s.dataset.square, s.dataset.piece]))",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_a_bot_a_hint_a_take_back_the_sound_switch_resigning_and_playing_again() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let base = format!("http://{}", server.addr);
    let (client, _) = browser(&driver, 1200, 1000, false).await;
    client.goto(&format!("{base}/chess")).await.expect("the page");
    client.wait().for_element(Locator::Css("#opponent option[value='random']")).await.expect("the bots listed");
    click(&client, "#opponent option[value='random']").await;
    click(&client, "input[name='colour'][value='black']").await;
    // Hints and take-backs are for unrated games: the box, ticked by default, is unticked.
    until(&client, "return document.getElementById('rated')?.disabled === false", &json!(true)).await;
    click(&client, "#rated").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let game = state(&server, &id);
    assert_eq!(game["seats"][0]["bot"], "random");
    assert_eq!(game["seats"][1]["plays"], "black");
    assert_eq!(game["board"]["san"].as_array().map(Vec::len), Some(1), "the bot, White, has moved");
    assert_eq!(eval(&client, "return document.querySelector('#player-bottom').dataset.colour").await, "black");
    assert_eq!(text(&client, "#about").await, "You play Black against the bot (random).");
    assert_eq!(text(&client, "#message").await, "Your move.");
    assert_eq!(pieces_shown(&client).await, game["board"]["pieces"]);
    let takeback = client.find(Locator::Css("#takeback")).await.expect("the button");
    assert!(!takeback.is_enabled().await.expect("enabled?"), "no move of ours to take back yet");

    // A hint: an arrow from the suggested piece to its square, and the move named.
    click(&client, "#hint").await;
    client.wait().for_element(Locator::Css("#board .arrow")).await.expect("the hint's arrow");
    let arrow =
        eval(&client, "const a = document.querySelector('#board .arrow'); return [a.dataset.from, a.dataset.to]").await;
    let (from, to) = (arrow[0].as_str().expect("from").to_owned(), arrow[1].as_str().expect("to").to_owned());
    let hinted = game["board"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["from"] == from.as_str() && m["to"] == to.as_str())
        .unwrap_or_else(|| panic!("the hint {from}-{to} is a legal move"))
        .clone();
    let message = text(&client, "#message").await;
    assert!(message.starts_with(&format!("Hint: {} (engine", hinted["san"].as_str().expect("san"))), "{message}");
    shot(&client, "hint").await;

    // Played by drag; the bot answers; each move heard once.
    drag(&client, &from, &to, false).await;
    settled(&client).await;
    let after = state(&server, &id);
    assert_eq!(after["board"]["san"].as_array().map(Vec::len), Some(3), "our move and the bot's reply");
    assert_eq!(after["board"]["san"][1], hinted["san"]);
    until(&client, "return Number(document.body.dataset.sounds)", &json!(2)).await;
    assert_eq!(pieces_shown(&client).await, after["board"]["pieces"]);

    // Take back: our move and the bot's reply are undone.
    click(&client, "#takeback").await;
    settled(&client).await;
    let back = state(&server, &id);
    assert_eq!(back["board"]["san"], json!([game["board"]["san"][0]]));
    assert_eq!(back["board"]["fen"], game["board"]["fen"]);
    until(&client, PLIES, &back["board"]["san"]).await;
    assert_eq!(pieces_shown(&client).await, game["board"]["pieces"]);
    assert_eq!(text(&client, "#message").await, "Your move.");
    shot(&client, "taken-back").await;
    // Asked again with nothing to take back, the server's refusal is shown as it is (the button is off: forced here).
    eval(&client, "document.getElementById('takeback').disabled = false; return null").await;
    click(&client, "#takeback").await;
    settled(&client).await;
    let refusal = text(&client, "#message").await;
    assert_eq!(refusal, "there is no move of yours to take back");
    assert_eq!(eval(&client, TOAST).await, json!([true, refusal]));
    assert_eq!(eval(&client, "return document.getElementById('message').dataset.kind").await, "error");

    // Sound off: remembered, and a move makes none.
    click(&client, "#sound").await;
    assert_eq!(text(&client, "#sound").await, "Sound off");
    assert_eq!(eval(&client, "return localStorage.getItem('hamle.chess.sound')").await, "off");
    let heard = eval(&client, SOUNDS).await;
    let typed = back["board"]["moves"][0]["san"].as_str().expect("a move").to_owned();
    keys(&client, "#typed-move", &typed).await;
    click(&client, "#typed button[type='submit']").await;
    settled(&client).await;
    assert_eq!(state(&server, &id)["board"]["san"][1], typed.as_str());
    assert_eq!(eval(&client, SOUNDS).await, heard, "no sound while it is off");
    client.refresh().await.expect("reloaded");
    settled(&client).await;
    assert_eq!(text(&client, "#sound").await, "Sound off");
    click(&client, "#sound").await;
    assert_eq!(eval(&client, "return localStorage.getItem('hamle.chess.sound')").await, "on");

    // The board turns round and back.
    click(&client, "#flip").await;
    assert_eq!(eval(&client, "return document.querySelector('#player-bottom').dataset.colour").await, "white");
    click(&client, "#flip").await;
    assert_eq!(eval(&client, "return document.querySelector('#player-bottom').dataset.colour").await, "black");

    // Resigning (the question answered yes) ends it; playing again makes a new game against the same bot.
    eval(&client, "window.confirm = () => true; return null").await;
    click(&client, "#resign").await;
    settled(&client).await;
    let end = state(&server, &id);
    assert_eq!(end["status"], "over");
    assert_eq!(end["ending"]["resigned"], 1);
    let verdict = "You resigned: the bot wins (1-0).";
    assert_eq!(text(&client, "#message").await, verdict);
    assert_eq!(eval(&client, TOAST).await, json!([true, verdict]));
    assert_eq!(text(&client, "#moves .result").await, "1-0");
    assert!(!client.find(Locator::Css("#takeback")).await.expect("button").is_enabled().await.expect("enabled?"));
    shot(&client, "resigned").await;
    click(&client, "#again").await;
    let start = Instant::now();
    let again = loop {
        let now = client.current_url().await.expect("an address");
        let new = now.query_pairs().find(|(k, _)| k == "game").map(|(_, v)| v.into_owned());
        if let Some(new) = new.filter(|n| *n != id) {
            break new;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "a new game");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    settled(&client).await;
    let next = state(&server, &again);
    assert_eq!(next["status"], "playing");
    assert_eq!(next["seats"][0]["bot"], "random");
    assert_eq!(next["seats"][1]["plays"], "black");
    assert_eq!(next["board"]["san"].as_array().map(Vec::len), Some(1));
    client.wait().for_element(Locator::Css("#moves .ply")).await.expect("the bot's first move listed");
    assert_eq!(text(&client, "#message").await, "Your move.");
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_by_threefold_repetition_is_claimed_with_its_button() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let base = format!("http://{}", server.addr);
    let (client, _) = browser(&driver, 1000, 1000, false).await;
    client.goto(&format!("{base}/chess")).await.expect("the page");
    click(&client, "#opponent option[value='friend']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let link = client.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("value");
    let code = link.expect("a link").rsplit_once("invite=").expect("a code").1.to_owned();
    let friend = common::Client::player(&server);
    friend.join(&id, &code);
    let mut plies = 0;
    // The knights go out and back twice: the start comes a third time with White to move.
    for (ours, theirs) in [("g1f3", "g8f6"), ("f3g1", "f6g8"), ("g1f3", "g8f6"), ("f3g1", "f6g8")] {
        let draw = client.find(Locator::Css("#draw")).await.expect("the claim button");
        assert!(!draw.is_enabled().await.expect("enabled?"), "no draw to claim yet");
        click(&client, &square(&ours[..2])).await;
        click(&client, &square(&ours[2..])).await;
        settled(&client).await;
        friend.act(&id, &json!({ "action": "move", "move": theirs }));
        plies += 2;
        until(&client, &format!("{PLIES}.length"), &json!(plies)).await;
    }
    let game = state(&server, &id);
    assert_eq!(game["board"]["claim"], "threefold");
    assert!(game["legal"].as_array().is_some_and(|l| l.contains(&json!("draw"))), "{}", game["legal"]);
    let rows = "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)";
    assert_eq!(eval(&client, rows).await, json!(["1.Nf3Nf6", "2.Ng1Ng8", "3.Nf3Nf6", "4.Ng1Ng8"]));
    until(&client, "return document.getElementById('draw').disabled", &json!(false)).await;
    assert_eq!(text(&client, "#draw").await, "Claim draw (threefold repetition)");
    assert_eq!(text(&client, "#message").await, "Your move. You may claim a draw (threefold repetition).");
    shot(&client, "claim").await;
    click(&client, "#draw").await;
    settled(&client).await;
    let end = state(&server, &id);
    assert_eq!(end["board"]["outcome"], json!({ "result": "1/2-1/2", "reason": "threefold repetition" }));
    assert_eq!(end["status"], "over");
    let verdict = "A draw by threefold repetition (1/2-1/2).";
    assert_eq!(text(&client, "#message").await, verdict);
    assert_eq!(eval(&client, TOAST).await, json!([true, verdict]));
    assert_eq!(text(&client, "#moves .result").await, "1/2-1/2");
    shot(&client, "claimed").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_is_offered_first_with_its_levels_in_words_and_analyses_the_position() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let base = format!("http://{}", server.addr);
    let (client, _) = browser(&driver, 1200, 1000, false).await;
    client.goto(&format!("{base}/chess")).await.expect("the page");
    client.wait().for_element(Locator::Css("#bot-level option")).await.expect("the engine's levels");
    // The engine is the default opponent; the thesis's player and random stay; an outside engine is not offered.
    assert_eq!(eval(&client, "return document.getElementById('opponent').value").await, "engine");
    let offered = eval(&client, "return [...document.querySelectorAll('#opponent option')].map(o => o.value)").await;
    assert_eq!(offered, json!(["engine", "thesis", "random", "friend"]));
    let levels =
        eval(&client, "return [...document.querySelectorAll('#bot-level option')].map(o => [o.value, o.textContent])")
            .await;
    let levels = levels.as_array().expect("levels");
    assert_eq!(levels.len(), 8, "{levels:?}");
    assert_eq!(levels[0], json!(["1", "1 — first steps"]));
    assert_eq!(levels[5], json!(["6", "6 — expert (about 1950)"]), "the calibrated level's rating");
    assert!(levels[7][1].as_str().is_some_and(|t| t.starts_with("8 — full strength")), "{levels:?}");
    assert_eq!(eval(&client, "return document.getElementById('bot-level').value").await, "8", "full strength first");
    assert!(text(&client, "#bot-params label").await.starts_with("Strength"));
    shot(&client, "setup-engine").await;

    click(&client, "#bot-level option[value='1']").await;
    click(&client, "input[name='colour'][value='white']").await;
    // The analysis is for unrated games: the box, ticked by default, is unticked.
    until(&client, "return document.getElementById('rated')?.disabled === false", &json!(true)).await;
    click(&client, "#rated").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let game = state(&server, &id);
    assert_eq!(game["seats"][1]["bot"], "engine(level=1)");
    assert_eq!(text(&client, "#about").await, "You play White against the bot (engine(level=1)).");
    let analysis = client.find(Locator::Css("#analysis")).await.expect("the panel");
    assert!(!analysis.is_displayed().await.expect("shown?"), "no analysis before it is asked for");

    // Analyse: an evaluation from White's side, the line in SAN from move 1, and the best move's arrow.
    click(&client, "#analyse").await;
    client
        .wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::Css("#analysis:not([hidden]) #analysis-line .best"))
        .await
        .expect("the analysis");
    let score = text(&client, "#analysis-score").await;
    let number = score.trim_start_matches(['+', '−']);
    assert!(number.split_once('.').is_some_and(|(a, b)| !a.is_empty() && b.len() == 2), "a score like +0.35: {score}");
    let side = eval(&client, "return document.getElementById('analysis-score').dataset.side").await;
    assert!(["white", "black", "even"].contains(&side.as_str().expect("a side")), "{side}");
    let plies = eval(
        &client,
        "return [...document.querySelectorAll('#analysis-line .best, #analysis-line .ply')].map(p => p.textContent)",
    )
    .await;
    let plies: Vec<&str> = plies.as_array().expect("plies").iter().filter_map(Value::as_str).collect();
    assert!(!plies.is_empty());
    assert!(text(&client, "#analysis-line").await.starts_with(&format!("1. {}", plies[0])), "numbered from move 1");
    let about = text(&client, "#analysis-about").await;
    assert!(about.starts_with("engine, depth "), "{about}");
    let arrow =
        eval(&client, "const a = document.querySelector('#board .arrow'); return [a.dataset.from, a.dataset.to]").await;
    let best = game["board"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["san"] == plies[0])
        .unwrap_or_else(|| panic!("the line's first move {} is legal", plies[0]))
        .clone();
    assert_eq!(arrow, json!([best["from"], best["to"]]), "the arrow draws the best move");
    shot(&client, "analysis").await;

    // Playing the best move: the engine replies, and the analysis of the old position goes.
    click(&client, &square(best["from"].as_str().expect("from"))).await;
    click(&client, &square(best["to"].as_str().expect("to"))).await;
    settled(&client).await;
    let after = state(&server, &id);
    assert_eq!(after["board"]["san"][0], best["san"]);
    assert_eq!(after["board"]["san"].as_array().map(Vec::len), Some(2), "the engine replied");
    until(&client, "return document.getElementById('analysis').hidden", &json!(true)).await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_and_a_move_shown_with_its_arrows() {
    let server = Server::in_memory();
    let person = common::Client::player(&server);
    let made = person.create(&json!({ "kind": "chess", "opponent": "random", "seat": 0 }));
    let id = made["id"].as_str().expect("an id").to_owned();
    // 1.e4, then 2.Qh5 and resign: the review has White's two decisions and Black's reply.
    person.act(&id, &json!({ "action": "move", "move": "e4" }));
    let after = person.act(&id, &json!({ "action": "move", "move": "Qh5" }));
    // Its SAN as the record writes it: `Qxh5` when the random reply was 1...h5.
    let qh5 = after["board"]["san"][2].as_str().expect("White's second move").to_owned();
    assert!(qh5.starts_with("Qh5") || qh5.starts_with("Qxh5"), "{qh5}");
    person.act(&id, &json!({ "action": "resign" }));
    let driver = Driver::start();
    let (client, _) = browser(&driver, 1200, 1000, false).await;
    let base = format!("http://{}", server.addr);
    // The token is set on a page of the site that makes no player of its own (the home page would, racing us).
    client.goto(&format!("{base}/static/style.css")).await.expect("a page of the site");
    let token = person.token.clone().expect("a token");
    eval(&client, &format!("localStorage.setItem('hamle.token', '{token}'); return null")).await;
    client.goto(&format!("{base}/chess?game={id}")).await.expect("the game");
    client
        .wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#review-moves tbody tr"))
        .await
        .expect("the review's moves");
    let seat = text(&client, "#review-seats [data-seat='0']").await;
    assert!(seat.starts_with("white (you):") && seat.contains("accuracy"), "{seat}");
    // White's second move: the board before it, Qh5 as the red arrow (and the engine's best as the green one).
    // The rows come as the decisions are judged: Qh5's may follow the first.
    let find = format!(
        "return [...document.querySelectorAll('#review-moves tbody tr')].findIndex(r => r.children[2].textContent === '{qh5}')"
    );
    until(&client, &find.replace("findIndex(", "some("), &json!(true)).await;
    let row = eval(&client, &find).await;
    let row = row.as_i64().expect("Qh5's row");
    assert!(row >= 0, "Qh5 is listed");
    click(&client, &format!("#review-moves tbody tr[data-index='{row}']")).await;
    client.wait().for_element(Locator::Css("#review-shown .review-board")).await.expect("the board");
    let played =
        eval(&client, "return document.querySelector('#review-shown .review-arrow.played')?.dataset.move ?? null")
            .await;
    assert_eq!(played, json!(qh5));
    let best =
        eval(&client, "return document.querySelector('#review-shown .review-arrow.best')?.dataset.move ?? null").await;
    let listed = eval(
        &client,
        &format!("return document.querySelectorAll('#review-moves tbody tr')[{row}].children[3].textContent"),
    )
    .await;
    if listed == json!("=") {
        assert_eq!(best, Value::Null, "no second arrow when {qh5} was the best");
    } else {
        assert_eq!(best, listed, "the green arrow is the best move listed");
    }
    eval(&client, "document.getElementById('review').scrollIntoView(); return null").await;
    shot(&client, "review").await;
    client.close().await.expect("closed");
}
