//! The player's own page (`/me`) in headless Chromium (as `browser.rs`): a name chosen through its form, and a
//! finished game listed with its result and its review link. Screenshots go to `target/tmp/screenshots/`.

mod chromedriver;
mod common;
mod page;

use chromedriver::Driver;
use common::{Client, Server, id_of};
use fantoccini::Locator;
use page::{click, eval, session, settled, shot, text, until};
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
