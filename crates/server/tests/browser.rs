//! End to end in headless Chromium (Debian's `chromium` and `chromium-driver`, which `scripts/test` installs):
//! a whole Hapis game against `thesis` played by clicking (and once by keyboard) while a second browser watches
//! it, a step by drag and its undo, a drawn tic-tac-toe game and a won two-phase one (slides by clicking), two
//! browsers playing tic-tac-toe as friends through the invite link while a third one watches, the board at phone
//! width, a whole 2048 game by swipes and keys with the bot watched, a Domineering game with its domino preview.
//! Screenshots go to `target/tmp/screenshots/`.

mod chromedriver;
mod common;
mod page;

use std::time::{Duration, Instant};

use chromedriver::Driver;
use common::Server;
use fantoccini::{Client, Locator};
use hamle_core::{Bot, Budget, Notation, Stream};
use page::{click, eval, game_id, session, settled, shot, text, until};
use serde_json::{Value, json};

/// chromedriver, its process group ended and its profiles removed when dropped (see `chromedriver/mod.rs`).
/// A browser session of its own profile in a window of `width` × `height`.
async fn browser(driver: &Driver, width: u32, height: u32) -> Client {
    session(driver, width, height, |_, _| {}).await
}

fn driver() -> Driver {
    Driver::start()
}

/// Chooses the `<option>` that `css` names.
async fn pick(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.expect("chosen");
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

/// The game's public state, as a watcher reads it.
fn state(server: &Server, id: &str) -> Value {
    server.client().state(id)
}

/// Fails if the page's message line shows an error.
async fn no_error(client: &Client) {
    let message = client.find(Locator::Css("#message")).await.expect("a message");
    assert_ne!(
        message.attr("data-kind").await.expect("kind").as_deref(),
        Some("error"),
        "{}",
        message.text().await.expect("text")
    );
}

/// A line of the Hapis log as a seated page words it: the side `mine` ("White" or "Black") as "You", the verb
/// agreeing, the other side as `theirs` ("The bot", "Your friend").
fn worded(text: &str, mine: &str, theirs: &str) -> String {
    let Some((side, rest)) = text.split_once(' ') else { return text.to_owned() };
    if side == mine {
        let (verb, tail) = rest.split_at(rest.find([' ', ':', '.']).unwrap_or(rest.len()));
        let verb = match verb {
            "has" => "have",
            v => v.strip_suffix('s').unwrap_or(v),
        };
        format!("You {verb}{tail}")
    } else if side == "White" || side == "Black" {
        format!("{theirs} {rest}")
    } else {
        text.to_owned()
    }
}

/// A number as the pages write it (1, not 1.0).
fn points(value: &Value) -> String {
    value.as_f64().expect("points").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_hapis_game_against_thesis_by_clicking_while_a_second_browser_watches() {
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
    assert_eq!(eval(&client, "return document.body.dataset.watching").await, "false");
    // A second browser opens the game's address: it has no seat, so it watches, without controls.
    let watcher = browser(&driver, 1200, 1000).await;
    watcher.goto(&format!("{base}/hapis?game={id}")).await.expect("the page");
    settled(&watcher).await;
    assert_eq!(eval(&watcher, "return document.body.dataset.watching").await, "true");
    assert_eq!(
        text(&watcher, "#watching").await,
        "You have no seat at this game. You are watching it: the moves show as they are played."
    );
    let roll = watcher.find(Locator::Css("#roll")).await.expect("the throw button");
    assert!(!roll.is_displayed().await.expect("shown or not"), "a watcher has no controls");
    let mut turns = 0;
    let mut used_keyboard = false;
    let mut selected_shot = false;
    loop {
        let game = state(&server, &id);
        match game["to_do"].as_str().expect("something to do") {
            "roll" => {
                click(&client, "#roll").await;
                turns += 1;
                if turns == 12 {
                    shot(&client, "hapis-midgame").await;
                    shot(&watcher, "hapis-watcher-midgame").await;
                }
            }
            "move" => {
                assert_eq!(game["turn"], 0, "the bot moves within the person's request");
                let step = &game["steps"]["next"][0];
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
            "nothing" => break,
            other => panic!("unexpected thing to do: {other}"),
        }
        settled(&client).await;
        assert!(turns < 400, "the game ends");
        no_error(&client).await;
    }
    let end = state(&server, &id);
    let log = end["log"].as_array().expect("a log");
    assert!(log.len() > 20, "a whole game: {} lines", log.len());
    let score = &end["match"]["score"];
    let (you, bot) = (points(&score[0]), points(&score[1]));
    let won = if you > bot {
        format!("You win the match, {you} to {bot}.")
    } else {
        format!("The bot wins the match, {bot} to {you}.")
    };
    let ending = worded(end["ending"]["text"].as_str().expect("how the game ended"), "White", "The bot");
    let message = text(&client, "#message").await;
    assert!(message.ends_with(&format!("{ending} {won}")), "{message}");
    // The fair-dice box, opened, shows the server's commitment and exactly its revealed seed.
    let reveal = end["fair"]["reveal"].as_str().expect("the seed is revealed at the match's end");
    click(&client, "#fairness summary").await;
    assert_eq!(text(&client, "#commitment").await, end["fair"]["commitment"].as_str().expect("a commitment"));
    assert_eq!(
        text(&client, "#reveal-line").await,
        format!("The seed and salt, revealed: {reveal} (its SHA-256 is the commitment above).")
    );
    shot(&client, "hapis-over").await;
    // The watcher saw every line of the match come, and its end, without a reload.
    until(&watcher, "return document.querySelectorAll('#log li').length", &json!(log.len())).await;
    let winner = if you > bot {
        format!("White wins the match, {you} to {bot}.")
    } else {
        format!("Black wins the match, {bot} to {you}.")
    };
    let seen = text(&watcher, "#message").await;
    assert!(seen.ends_with(&winner), "{seen}");
    shot(&watcher, "hapis-watcher-over").await;
    watcher.close().await.expect("closed");
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
    pick(&client, "#opponent option[value='random']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    for _ in 0..40 {
        let game = state(&server, &id);
        if game["to_do"] == "move" {
            let before = game["board"]["position"].clone();
            let step = &game["steps"]["next"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            drag(&client, &format!("#board [data-point='{}']", step["from"]), &format!("#board [data-point='{to}']"))
                .await;
            settled(&client).await;
            let after = state(&server, &id);
            if after["to_do"] == "move" && after["steps"]["entered"].as_array().is_some_and(|s| s.len() == 1) {
                assert_ne!(after["board"]["position"], before, "the step moved a checker");
                let undo = client.find(Locator::Css("#undo")).await.expect("the undo button");
                assert!(undo.is_enabled().await.expect("enabled or not"), "a step can be undone");
                click(&client, "#undo").await;
                settled(&client).await;
                let undone = state(&server, &id);
                assert_eq!(undone["board"]["position"], before);
                assert_eq!(undone["steps"]["entered"], json!([]));
                return;
            }
        } else {
            click(&client, "#roll").await;
            settled(&client).await;
        }
        no_error(&client).await;
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
        if game["status"] == "over" {
            break;
        }
        assert_eq!(game["turn"], 0, "the bot has answered");
        let mv = perfect(variant, game["position"].as_str().expect("a position"));
        for cell in mv.split('-') {
            click(&client, &format!("[data-cell='{cell}']")).await;
        }
        settled(&client).await;
        no_error(&client).await;
        moves += 1;
        if moves == 2 {
            // The home page lists the game while it is on, and its link leads back.
            client.goto(&format!("{base}/")).await.expect("home");
            client.wait().for_element(Locator::Css(&format!("#unfinished a[href*='{id}']"))).await.expect("listed");
            eval(&client, "document.getElementById('unfinished').scrollIntoView(); return null").await;
            shot(&client, &format!("home-{variant}")).await;
            click(&client, &format!("#unfinished a[href*='{id}']")).await;
            settled(&client).await;
        }
        assert!(moves < 60, "the game ends");
    }
    assert_eq!(text(&client, "#message").await, verdict);
    shot(&client, &format!("tictactoe-{variant}-over")).await;
    if variant == "classic" {
        review_of_perfect_play(&client).await;
    }
    client.close().await.expect("closed");
}

/// The review a finished game's page shows: every decision listed and none of the person's (perfect) moves
/// marked, their seat's summary with nothing lost, and a click on a decision showing it.
async fn review_of_perfect_play(client: &Client) {
    client
        .wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#review-moves tbody tr"))
        .await
        .expect("the review's moves");
    let rows = eval(client, "return document.querySelectorAll('#review-moves tbody tr').length").await;
    assert!(rows.as_u64().is_some_and(|n| n >= 4), "a decision a row: {rows}");
    let marked = eval(
        client,
        "return [...document.querySelectorAll('#review-moves tbody tr td.mark')].filter(td => td.textContent).length",
    )
    .await;
    assert_eq!(marked, json!(0), "perfect play on both sides earns no mark");
    let seat = text(client, "#review-seats [data-seat='0']").await;
    assert!(seat.starts_with("X (you):") && seat.contains("0.0 results lost"), "{seat}");
    click(client, "#review-moves tbody tr[data-index='1']").await;
    let words = text(client, "#review-words").await;
    assert!(words.contains("played") && words.contains("the best move"), "{words}");
    eval(client, "document.getElementById('review').scrollIntoView(); return null").await;
    shot(client, "tictactoe-review").await;
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
async fn the_home_page_lists_every_game_of_the_catalog() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 1000, 900).await;
    client.goto(&format!("http://{}/", server.addr)).await.expect("home");
    let (status, catalog) = server.client().get("/api/catalog");
    assert_eq!(status, 200, "{catalog}");
    let pages: Vec<String> = catalog["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["page"].as_str().expect("a page").to_owned())
        .collect();
    assert!(pages.len() >= 4, "{pages:?}");
    client.wait().for_element(Locator::Css(".cards a.button")).await.expect("the games listed");
    let links =
        eval(&client, "return [...document.querySelectorAll('.cards a.button')].map(a => a.getAttribute('href'))")
            .await;
    let want: Vec<String> = pages.iter().map(|p| format!("/{p}")).collect();
    assert_eq!(links, json!(want));
    // Every card is titled alike, in a player's words: a capital first, no code markup, no seed's number, and
    // who one plays there.
    let titles = eval(&client, "return [...document.querySelectorAll('.cards h2')].map(h => h.textContent)").await;
    for title in titles.as_array().expect("titles") {
        let title = title.as_str().expect("a title");
        assert!(title.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()), "{title}");
    }
    let texts = eval(&client, "return [...document.querySelectorAll('.cards li')].map(c => c.textContent)").await;
    for card in texts.as_array().expect("cards") {
        let card = card.as_str().expect("a card");
        assert!(!card.contains('`') && !card.contains("seed 0"), "{card}");
        assert!(card.contains("For one:") || card.contains("For two:"), "{card}");
    }
    shot(&client, "home").await;
    client.close().await.expect("closed");
}

/// The tic-tac-toe marks the page shows, as `x.o/.../...` rows from 3 down to 1.
async fn marks(client: &Client) -> String {
    let script = "return [3, 2, 1].map(r => [...'abc'].map(c => \
        document.querySelector(`[data-cell='${c}${r}']`).textContent.toLowerCase() || '.').join('')).join('/')";
    eval(client, script).await.as_str().expect("the marks").to_owned()
}

/// A client of the API with the token a browser keeps.
fn token_of(value: &Value) -> String {
    value.as_str().expect("the page keeps a token").to_owned()
}

fn as_player(server: &Server, token: &str, method: &str, path: &str, body: &str) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let url = format!("http://{}{path}", server.addr);
    let auth = format!("Bearer {token}");
    let answer = match method {
        "GET" => agent.get(&url).header("Authorization", &auth).call(),
        _ => agent.post(&url).header("Authorization", &auth).header("Content-Type", "application/json").send(body),
    };
    let mut answer = answer.expect("the server answers");
    let status = answer.status().as_u16();
    let text = answer.body_mut().read_to_string().expect("a body");
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_tictactoe_through_the_invite_link_and_a_third_browser_only_watches() {
    let server = Server::in_memory();
    let driver = driver();
    let base = format!("http://{}", server.addr);
    // The host makes a game against a friend: the page shows the link to send.
    let host = browser(&driver, 800, 1000).await;
    host.goto(&format!("{base}/tictactoe")).await.expect("the page");
    pick(&host, "#opponent option[value='friend']").await;
    click(&host, "#start").await;
    settled(&host).await;
    let id = game_id(&host).await;
    let invite = host.find(Locator::Css("#invite")).await.expect("the invite box");
    assert!(invite.is_displayed().await.expect("shown or not"), "the invite is shown while the seat is open");
    let link = host.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("a value");
    let link = link.expect("the link is filled in");
    let prefix = format!("{base}/tictactoe?game={id}&invite=");
    let code = link.strip_prefix(&prefix).unwrap_or_else(|| panic!("{link} is not {prefix}…"));
    assert!(code.len() == 32 && code.bytes().all(|b| b.is_ascii_hexdigit()), "{code}");
    assert_eq!(state(&server, &id)["seats"][1]["who"], "open");
    click(&host, "#copy-invite").await;
    // The clipboard answers in its own time: the message follows it (seen late on a busy machine).
    let copied = json!("The link is copied: send it to your friend.");
    until(&host, "return document.getElementById('message').textContent", &copied).await;
    assert_eq!(text(&host, "#about").await, "Tic-tac-toe: you play X against your friend (not here yet).");
    shot(&host, "friends-host-invite").await;
    // A page that is reloaded forgets this: it shows that every update below came pushed.
    eval(&host, "window.stayed = true; return null").await;

    // The friend opens the link in another browser (another profile, so another player) and takes seat 1.
    let guest = browser(&driver, 800, 1000).await;
    guest.goto(&link).await.expect("the invite link");
    settled(&guest).await;
    eval(&guest, "window.stayed = true; return null").await;
    let host_token = token_of(&eval(&host, "return localStorage.getItem('hamle.token')").await);
    let guest_token = token_of(&eval(&guest, "return localStorage.getItem('hamle.token')").await);
    assert_ne!(host_token, guest_token, "two players");
    assert_eq!(as_player(&server, &guest_token, "GET", &format!("/api/games/{id}"), "").1["you"], 1);
    assert_eq!(state(&server, &id)["seats"][1]["who"], "person");
    assert_eq!(text(&guest, "#about").await, "Tic-tac-toe: you play O against your friend.");
    assert_eq!(text(&guest, "#message").await, "Your friend's turn: waiting for X's move.");
    assert_eq!(eval(&guest, "return document.body.dataset.watching").await, "false");
    let address = guest.current_url().await.expect("an address");
    assert_eq!(address.query(), Some(format!("game={id}").as_str()), "the used invite leaves the address");
    // The host's page hears that the seat is taken: the invite goes.
    until(&host, "return document.getElementById('invite').hidden", &json!(true)).await;
    assert_eq!(text(&host, "#about").await, "Tic-tac-toe: you play X against your friend.");
    shot(&guest, "friends-guest-joined").await;

    // They play perfectly, each click pushed to the other page; after two moves a third browser opens the link.
    let mut watcher: Option<Client> = None;
    let mut plies = 0;
    loop {
        let game = state(&server, &id);
        if game["status"] == "over" {
            break;
        }
        let seat = game["turn"].as_u64().expect("a seat to move");
        let (mover, other) = if seat == 0 { (&host, &guest) } else { (&guest, &host) };
        let waiting = if seat == 0 {
            "Your friend's turn: waiting for X's move."
        } else {
            "Your friend's turn: waiting for O's move."
        };
        assert_eq!(text(other, "#message").await, waiting);
        let disabled = "return [...document.querySelectorAll('[data-cell]')].every(c => c.disabled)";
        assert_eq!(eval(other, disabled).await, true, "no cell is playable out of turn");
        let mv = perfect("classic", game["position"].as_str().expect("a position"));
        click(mover, &format!("[data-cell='{mv}']")).await;
        settled(mover).await;
        no_error(mover).await;
        plies += 1;
        let after = state(&server, &id);
        let rows = after["position"].as_str().expect("a position").split(' ').next().expect("rows").to_owned();
        assert_eq!(marks(mover).await, rows);
        // The other page shows the move without a reload.
        let cell = format!("return document.querySelector(\"[data-cell='{mv}']\").textContent");
        until(other, &cell, &json!(if seat == 0 { "X" } else { "O" })).await;
        assert_eq!(marks(other).await, rows);
        if let Some(w) = &watcher {
            until(w, &cell, &json!(if seat == 0 { "X" } else { "O" })).await;
            assert_eq!(marks(w).await, rows);
        }
        if plies == 1 {
            shot(&guest, "friends-guest-sees-the-first-move").await;
        }
        if plies == 2 {
            // The seat is taken: the third browser is refused it and watches.
            let third = browser(&driver, 800, 1000).await;
            third.goto(&link).await.expect("the invite link");
            settled(&third).await;
            assert_eq!(eval(&third, "return document.body.dataset.watching").await, "true");
            assert_eq!(
                text(&third, "#watching").await,
                "Both seats of this game are taken, so the invite no longer works. You are watching it: the moves show as they are played."
            );
            assert_eq!(eval(&third, disabled).await, true, "a watcher cannot play");
            let resign = third.find(Locator::Css("#resign")).await.expect("the resign button");
            assert!(!resign.is_displayed().await.expect("shown or not"), "a watcher cannot resign");
            let invite = third.find(Locator::Css("#invite")).await.expect("the invite box");
            assert!(!invite.is_displayed().await.expect("shown or not"), "a watcher gets no invite");
            assert_eq!(text(&third, "#about").await, "Tic-tac-toe: X: a person · O: a person.");
            assert_eq!(marks(&third).await, rows);
            // The server agrees: its token has no seat, and its actions are refused.
            let token = token_of(&eval(&third, "return localStorage.getItem('hamle.token')").await);
            assert_eq!(as_player(&server, &token, "GET", &format!("/api/games/{id}"), "").1["you"], Value::Null);
            let (status, _) =
                as_player(&server, &token, "POST", &format!("/api/games/{id}/actions"), r#"{"action":"resign"}"#);
            assert_eq!(status, 403);
            shot(&third, "friends-watcher").await;
            watcher = Some(third);
        }
        assert!(plies <= 9, "a game of tic-tac-toe ends");
    }
    let watcher = watcher.expect("the third browser watched");
    until(&host, "return document.getElementById('message').textContent", &json!("A draw.")).await;
    until(&guest, "return document.getElementById('message').textContent", &json!("A draw.")).await;
    until(&watcher, "return document.getElementById('message').textContent", &json!("A draw.")).await;
    for page in [&host, &guest] {
        assert_eq!(eval(page, "return window.stayed === true").await, true, "the page was never reloaded");
    }
    shot(&host, "friends-host-over").await;
    shot(&guest, "friends-guest-over").await;
    shot(&watcher, "friends-watcher-over").await;
    for client in [host, guest, watcher] {
        client.close().await.expect("closed");
    }
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
    no_error(&client).await;
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

/// The moves made in a 2048 game.
fn moves_2048(server: &Server, id: &str) -> u64 {
    state(server, id)["board"]["moves"].as_u64().expect("moves")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_2048_game_by_keys_and_swipes_with_the_bot_watched() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 420, 900).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/2048")).await.expect("the page");
    pick(&client, "#helper option[value='expectimax(depth=2)']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    assert_eq!(state(&server, &id)["helper"], "expectimax(depth=2)");
    shot(&client, "2048-new").await;
    // The bot: one move, then a few while watched, then stopped.
    click(&client, "#bot-move").await;
    settled(&client).await;
    assert_eq!(moves_2048(&server, &id), 1);
    // A hint ranks the legal moves.
    click(&client, "#hint").await;
    client.wait().for_element(Locator::Css("#hints:not([hidden]) li")).await.expect("hints");
    let hinted = eval(&client, "return document.querySelectorAll('#hints li').length").await;
    let legal = state(&server, &id)["legal"].as_array().expect("legal").len();
    assert_eq!(hinted, json!(legal), "one hint a legal move");
    shot(&client, "2048-hint").await;
    click(&client, "#watch").await;
    let start = Instant::now();
    while moves_2048(&server, &id) < 6 {
        assert!(start.elapsed() < Duration::from_secs(60), "the watched bot plays");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    click(&client, "#watch").await;
    settled(&client).await;
    shot(&client, "2048-watched").await;
    let watched = moves_2048(&server, &id);
    // Then the person, by swipes and by keys, to the end.
    let keys = [("left", "\u{E012}"), ("up", "\u{E013}"), ("right", "\u{E014}"), ("down", "\u{E015}")];
    let swipes = [("left", -80.0, 0.0), ("up", 0.0, -80.0), ("right", 80.0, 0.0), ("down", 0.0, 80.0)];
    let mut turns = 0u64;
    loop {
        let game = state(&server, &id);
        if game["status"] == "over" {
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
        let now = state(&server, &id);
        assert_eq!(now["board"]["moves"].as_u64().expect("moves"), watched + turns, "each swipe or key is one move");
        assert_eq!(now["history"].as_array().and_then(|h| h.last()).expect("a move"), choice);
        if turns == 20 {
            shot(&client, "2048-midgame").await;
        }
        assert!(turns < 3000, "the game ends");
    }
    let end = state(&server, &id);
    let message = text(&client, "#message").await;
    let (score, top) = (&end["board"]["score"], &end["board"]["top"]);
    assert_eq!(message, format!("No move is left: {score} points, largest tile {top}."));
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
    let board = &state(&server, &id)["board"];
    assert_eq!((&board["rows"], &board["cols"]), (&json!(5), &json!(4)), "{board}");
    let mut placed = 0;
    loop {
        let game = state(&server, &id);
        if game["status"] == "over" {
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
        let previewed = eval(&client, "return document.querySelectorAll('#board .preview').length").await;
        assert_eq!(previewed, 2, "one domino is previewed");
        if placed == 0 {
            shot(&client, "domineering-preview").await;
        }
        cell.click().await.expect("placed");
        settled(&client).await;
        no_error(&client).await;
        placed += 1;
        let after = state(&server, &id);
        assert!(after["history"].as_array().is_some_and(|h| h.iter().any(|m| m == mv.as_str())), "{mv} was played");
        assert!(placed < 20, "a 5×4 game ends");
    }
    let end = state(&server, &id);
    let bot = format!("the bot ({})", end["seats"][1]["bot"].as_str().expect("the bot"));
    let verdict = if end["ending"]["points"][0].as_f64() > end["ending"]["points"][1].as_f64() {
        format!("You win: {bot} has no place left for a domino.")
    } else {
        format!(
            "The bot ({}) wins: you have no place left for a domino.",
            end["seats"][1]["bot"].as_str().expect("bot")
        )
    };
    assert_eq!(text(&client, "#message").await, verdict);
    shot(&client, "domineering-over").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_16_by_16_domineering_board_fits_and_plays() {
    let server = Server::in_memory();
    let driver = driver();
    let client = browser(&driver, 800, 1000).await;
    client.goto(&format!("http://{}/domineering", server.addr)).await.expect("the page");
    pick(&client, "#rows option[value='16']").await;
    pick(&client, "#cols option[value='16']").await;
    pick(&client, "#opponent option[value='random']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    assert_eq!(eval(&client, "return document.querySelectorAll('#board [data-cell]').length").await, 256);
    let fits = "const b = document.getElementById('board').getBoundingClientRect(); \
        return b.right <= window.innerWidth && document.documentElement.scrollWidth <= window.innerWidth";
    assert_eq!(eval(&client, fits).await, true, "the board fits the window");
    // The top right corner's domino stands on p15 and p16 (the last column, the top two rows).
    click(&client, "#board [data-cell='p16']").await;
    settled(&client).await;
    no_error(&client).await;
    let game = state(&server, &id);
    assert_eq!(game["history"][0], "p15-p16");
    assert_eq!(game["history"].as_array().map(Vec::len), Some(2), "the bot answered");
    shot(&client, "domineering-16x16").await;
    client.close().await.expect("closed");
}

/// The log lines a page shows.
async fn log_lines(client: &Client) -> Value {
    eval(client, "return document.querySelectorAll('#log li').length").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_hapis_each_from_their_own_side_until_black_resigns() {
    let server = Server::in_memory();
    let driver = driver();
    let base = format!("http://{}", server.addr);
    let white = browser(&driver, 1200, 1000).await;
    white.goto(&format!("{base}/hapis")).await.expect("the page");
    pick(&white, "#opponent option[value='friend']").await;
    pick(&white, "#length option[value='1']").await;
    click(&white, "#start").await;
    settled(&white).await;
    let id = game_id(&white).await;
    let link = white.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("a value");
    let black = browser(&driver, 1200, 1000).await;
    black.goto(&link.expect("the link is filled in")).await.expect("the invite link");
    settled(&black).await;
    until(&white, "return document.getElementById('invite').hidden", &json!(true)).await;
    // Each sees the board from their own side: their 15 checkers on their own point 1.
    for page in [&white, &black] {
        let label = page
            .find(Locator::Css("#board [data-point='1']"))
            .await
            .expect("point 1")
            .attr("aria-label")
            .await
            .expect("a label");
        assert_eq!(label.as_deref(), Some("Your point 1: 15 your checkers"));
    }
    assert_eq!(text(&black, "#score").await, "Match to 1 — You (Black) 0 · Your friend (White) 0 — game 1");
    let mut plays = 0;
    for _ in 0..200 {
        let game = state(&server, &id);
        let seat = game["turn"].as_u64();
        let page = if seat == Some(1) { &black } else { &white };
        let other = if seat == Some(1) { &white } else { &black };
        match game["to_do"].as_str().expect("something to do") {
            "roll" => click(page, "#roll").await,
            "move" => {
                // Each enters the steps in their own numbering, which is how the server offers them.
                let step = &game["steps"]["next"][0];
                let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
                click(page, &format!("#board [data-point='{}']", step["from"])).await;
                click(page, &format!("#board [data-point='{to}']")).await;
            }
            other => panic!("unexpected thing to do: {other}"),
        }
        settled(page).await;
        no_error(page).await;
        // The other page hears of it without a reload.
        let lines = json!(state(&server, &id)["log"].as_array().expect("a log").len());
        until(other, "return document.querySelectorAll('#log li').length", &lines).await;
        assert_eq!(log_lines(page).await, lines);
        plays = state(&server, &id)["history"].as_array().expect("history").len();
        if plays >= 6 && state(&server, &id)["turn"] == 1 {
            break;
        }
    }
    assert!(plays >= 6, "six plays made: {plays}");
    shot(&white, "hapis-friends-white").await;
    shot(&black, "hapis-friends-black").await;
    // Black gives up (the confirmation answered yes): the match of one point is over on both pages.
    eval(&black, "window.confirm = () => true; return null").await;
    click(&black, "#resign").await;
    settled(&black).await;
    let end = state(&server, &id);
    assert_eq!(end["status"], "over");
    assert_eq!(end["ending"]["resigned"], 1);
    let ending = end["ending"]["text"].as_str().expect("how it ended");
    assert_eq!(ending, "Black resigns.");
    let won = points(&end["match"]["score"][0]);
    let black_sees = text(&black, "#message").await;
    assert_eq!(black_sees, format!("You resign. Your friend wins the match, {won} to 0."));
    let wanted = format!("Your friend resigns. You win the match, {won} to 0.");
    until(&white, "return document.getElementById('message').textContent", &json!(wanted)).await;
    shot(&white, "hapis-friends-over-white").await;
    shot(&black, "hapis-friends-over-black").await;
    // The review draws a decision's position from the mover's side with the play made as arrows, a step each.
    white.wait().for_element(Locator::Css("#review-moves tbody tr")).await.expect("the review");
    click(&white, "#review-moves tbody tr[data-index='0']").await;
    let arrows = "#review-shown svg.hapis-review line.review-arrow.played";
    white.wait().for_element(Locator::Css(arrows)).await.expect("the play drawn");
    let drawn =
        eval(&white, &format!("return [...document.querySelectorAll('{arrows}')].map(l => l.dataset.move)")).await;
    let (_, analysis) = server.client().get(&format!("/api/games/{id}/analysis"));
    let played = analysis["moves"][0]["played"].as_str().expect("the first decision's play");
    let steps: Vec<String> = played.split_whitespace().map(|s| s.trim_end_matches('*').to_owned()).collect();
    assert_eq!(drawn, json!(steps), "the arrows are the steps of {played}");
    let checkers =
        eval(&white, "return document.querySelectorAll('#review-shown svg.hapis-review .checker').length").await;
    assert!(checkers.as_u64().is_some_and(|n| n >= 10), "the checkers are drawn: {checkers}");
    eval(&white, "document.getElementById('review').scrollIntoView(); return null").await;
    shot(&white, "hapis-review").await;
    white.close().await.expect("closed");
    black.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_friend_game_shows_the_clocks_and_ends_on_time() {
    let server = Server::in_memory();
    let driver = driver();
    let base = format!("http://{}", server.addr);
    let host = browser(&driver, 800, 1000).await;
    host.goto(&format!("{base}/tictactoe")).await.expect("the page");
    // The clock's choice shows once a friend is chosen; a quarter of a minute, added here, keeps the test short.
    pick(&host, "#opponent option[value='friend']").await;
    assert_eq!(eval(&host, "return document.getElementById('clock-choice').hidden").await, json!(false));
    eval(&host, "const s = document.getElementById('clock'); s.add(new Option('15 s', '0.25+0')); s.value = '0.25+0'; return null").await;
    click(&host, "#start").await;
    settled(&host).await;
    let id = game_id(&host).await;
    assert_eq!(state(&server, &id)["clock"]["control"], "0.25+0");
    let link = host.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("a value");
    let code = link.expect("a link").rsplit('=').next().expect("a code").to_owned();
    let friend = common::Client::player(&server);
    friend.join(&id, &code);
    until(&host, "return document.querySelectorAll('#clocks .clock').length", &json!(2)).await;
    assert_eq!(text(&host, "#clocks [data-seat='0']").await, "X (you) 0:15");
    click(&host, "[data-cell='b2']").await;
    settled(&host).await;
    // O's clock runs on the page between the server's updates, and the server calls its time at 15 s.
    until(&host, "return document.querySelector('#clocks .running')?.dataset.seat ?? null", &json!("1")).await;
    let start = Instant::now();
    until(
        &host,
        "return document.querySelector('#clocks .clock-ending')?.textContent ?? null",
        &json!("O's time has run out: X wins on time."),
    )
    .await;
    assert!(start.elapsed() < Duration::from_secs(20), "told when the flag fell");
    assert_eq!(text(&host, "#clocks [data-seat='1']").await, "O 0:00.0");
    assert_eq!(text(&host, "#message").await, "You win!");
    shot(&host, "clock-flag").await;
    host.close().await.expect("closed");
}
