//! The player's own page (`/me`) in headless Chromium (as `browser.rs`): a name chosen through its form, and a
//! finished game listed with its result and its review link; a rated game started by a game's form, its rating
//! change on the game's page and on `/me`, and the leaderboard. Screenshots go to `target/tmp/screenshots/`.

mod chromedriver;
mod common;
mod page;

use chromedriver::Driver;
use common::{Client, Server, id_of};
use fantoccini::Locator;
use page::{click, eval, game_id, session, settled, shot, text, until};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_me_page_takes_a_name_and_lists_a_finished_game_with_its_result_and_review() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let browser = session(&driver, 1000, 900, |_, _| {}).await;
    let base = format!("http://{}", server.addr);
    browser.goto(&format!("{base}/me")).await.expect("the page");
    settled(&browser).await;
    // The page made this browser a player; the test plays through the API with the same token.
    let token = eval(&browser, "return localStorage.getItem('hamle.token')").await;
    let mut player = Client::at(server.addr);
    player.token = Some(token.as_str().expect("a token in the browser").to_owned());
    browser.find(Locator::Css("#name")).await.expect("the name field").send_keys("Ada").await.expect("typed");
    click(&browser, "#save-name").await;
    until(&browser, "return document.getElementById('summary').textContent.startsWith('You are Ada')", &json!(true))
        .await;
    assert_eq!(player.get("/api/me").1["name"], "Ada", "the server has the name");
    let id = id_of(&player.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    assert_eq!(player.act(&id, &json!({ "action": "resign" }))["status"], "over");
    browser.refresh().await.expect("read again");
    settled(&browser).await;
    let item = format!("#finished li[data-game='{id}']");
    let line = text(&browser, &item).await;
    assert!(line.starts_with("Tic-tac-toe against perfect — lost 0–1"), "{line}");
    let review = browser.find(Locator::Css(&format!("{item} a.review"))).await.expect("a review link");
    assert_eq!(
        review.attr("href").await.expect("an address").as_deref(),
        Some(format!("/tictactoe?game={id}").as_str())
    );
    assert_eq!(text(&browser, "#playing").await, "None yet.", "the game is not listed in play");
    assert_eq!(eval(&browser, "return document.getElementById('name').value").await, "Ada");
    shot(&browser, "me-page").await;
    click(&browser, &format!("{item} a.review")).await;
    until(&browser, "return location.pathname + location.search", &json!(format!("/tictactoe?game={id}"))).await;
    browser.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_from_the_form_shows_the_rating_change_on_its_page_on_me_and_the_leaderboard_its_bots() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let browser = session(&driver, 1000, 900, |_, _| {}).await;
    let base = format!("http://{}", server.addr);
    // Domineering on a board whose bots have no rating: the box is closed, and says why.
    browser.goto(&format!("{base}/domineering")).await.expect("the page");
    browser.wait().for_element(Locator::Css("#rated")).await.expect("the rated box");
    until(&browser, "return document.getElementById('rated').disabled", &json!(false)).await;
    click(&browser, "#rows option[value='7']").await;
    until(&browser, "return document.getElementById('rated').disabled", &json!(true)).await;
    assert!(text(&browser, "#rated-note").await.contains("not rated"), "{}", text(&browser, "#rated-note").await);
    click(&browser, "#opponent option[value='friend']").await;
    until(&browser, "return document.getElementById('rated').disabled", &json!(false)).await;
    // Tic-tac-toe against `perfect`: rated by default.
    browser.goto(&format!("{base}/tictactoe")).await.expect("the page");
    browser.wait().for_element(Locator::Css("#rated")).await.expect("the rated box");
    until(
        &browser,
        "return document.getElementById('rated').checked && !document.getElementById('rated').disabled",
        &json!(true),
    )
    .await;
    click(&browser, "#start").await;
    settled(&browser).await;
    let id = game_id(&browser).await;
    let token = eval(&browser, "return localStorage.getItem('hamle.token')").await;
    let mut player = Client::at(server.addr);
    player.token = Some(token.as_str().expect("a token in the browser").to_owned());
    let playing = player.state(&id);
    assert_eq!(playing["rated"]["pool"], "tictactoe", "the form asked for a rated game: {}", playing["rated"]);
    let line = text(&browser, "#rated-line").await;
    assert!(line.starts_with("Rated game: you 1500? against the bot (perfect) "), "{line}");
    let over = player.act(&id, &json!({ "action": "resign" }));
    let after = over["rated"]["changes"][0]["after"]["rating"].as_f64().expect("rated");
    let change = over["rated"]["changes"][0]["change"].as_f64().expect("a change");
    assert!(change < 0.0);
    // The page hears the end pushed, and says what the game did.
    let want = format!("Rated game. Your rating: 1500 → {after}? (−{}).", -change);
    until(&browser, "return document.getElementById('rated-line').textContent", &json!(want)).await;
    shot(&browser, "rated-game").await;
    browser.goto(&format!("{base}/me")).await.expect("the page");
    settled(&browser).await;
    let row = text(&browser, ".ratings-table tbody tr").await;
    assert!(row.starts_with(&format!("tictactoe {after}?")), "{row}");
    let last = text(&browser, "li.rated-game").await;
    assert!(last.starts_with(&format!("tictactoe: 1500 → {after}? (−{})", -change)), "{last}");
    click(&browser, ".ratings-table a").await;
    until(&browser, "return location.pathname + location.search", &json!("/leaderboard?pool=tictactoe")).await;
    settled(&browser).await;
    until(&browser, "return document.querySelector('#bots tbody tr td')?.textContent ?? ''", &json!("perfect")).await;
    assert_eq!(text(&browser, "#people tbody").await, "Nobody yet.", "a provisional rating is not listed");
    shot(&browser, "leaderboard").await;
    browser.close().await.expect("closed");
}
