//! The pages of the thesis's worked examples end to end in headless Chromium (Debian's `chromium` and
//! `chromium-driver`, which `scripts/test` installs): a knight's tour begun by clicking with Warnsdorff's counts shown
//! and finished by the watched player, queens placed by clicking and finished by backtracking, and whole games of
//! Grundy's game, Sim and Dots and Boxes by clicking against bots. Screenshots go to `target/tmp/screenshots/`.

mod chromedriver;
mod common;
mod page;

use std::time::{Duration, Instant};

use chromedriver::Driver;
use common::Server;
use fantoccini::{Client, Locator};
use page::{click, eval, game_id, session, settled, shot, text};
use serde_json::{Value, json};

async fn browser(driver: &Driver) -> Client {
    session(driver, 800, 1100, |_, _| {}).await
}

/// Chooses the `<option>` that `css` names.
async fn pick(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.expect("chosen");
}

fn state(server: &Server, id: &str) -> Value {
    server.client().state(id)
}

/// Fails if the page's message line shows an error.
async fn no_error(client: &Client) {
    let message = client.find(Locator::Css("#message")).await.expect("a message");
    let kind = message.attr("data-kind").await.expect("kind");
    assert_ne!(kind.as_deref(), Some("error"), "{}", message.text().await.expect("text"));
}

/// Waits until the game is over on the server, failing after `secs` seconds.
async fn until_over(server: &Server, id: &str, secs: u64) -> Value {
    let start = Instant::now();
    loop {
        let game = state(server, id);
        if game["status"] == "over" {
            return game;
        }
        assert!(start.elapsed() < Duration::from_secs(secs), "the game is not over: {game}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Opens `page`, chooses each `<option>` that `choices` names, starts the game and answers its id.
async fn start(client: &Client, server: &Server, page: &str, choices: &[&str]) -> String {
    client.goto(&format!("http://{}/{page}", server.addr)).await.expect("the page");
    for choice in choices {
        pick(client, choice).await;
    }
    click(client, "#start").await;
    settled(client).await;
    game_id(client).await
}

/// Plays the person's turns by clicking the first element `css` names (or, with `script`, by running it: for
/// elements that cross one another) until the game is over, and answers the final state.
async fn play_out(client: &Client, server: &Server, id: &str, css: &str, script: bool) -> Value {
    for _ in 0..40 {
        if state(server, id)["status"] == "over" {
            break;
        }
        if script {
            let run = format!(
                "document.querySelector(\"{css}\").dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true"
            );
            eval(client, &run).await;
        } else {
            click(client, css).await;
        }
        settled(client).await;
        no_error(client).await;
    }
    let end = until_over(server, id, 10).await;
    settled(client).await;
    end
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knight_s_tour_begun_by_clicking_with_warnsdorff_s_counts_and_finished_by_the_watched_player() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = browser(&driver).await;
    let id =
        start(&client, &server, "knights-tour", &["#size option[value='8']", "#helper option[value='warnsdorff']"])
            .await;
    assert_eq!(eval(&client, "return document.querySelectorAll('#board [data-square]').length").await, 64);
    // The thesis's square 11 is c7: the knight starts there.
    click(&client, "#board [data-square='c7']").await;
    settled(&client).await;
    no_error(&client).await;
    click(&client, "#counts").await;
    // Şekil-12-b: from c7 the knight reaches a8 (1 onward move), e8 (3), a6 (3), e6 (7), b5 (5), d5 (7).
    let counts = eval(
        &client,
        "return Object.fromEntries([...document.querySelectorAll('#board .playable')].map(g => [g.dataset.square, g.textContent]))",
    )
    .await;
    assert_eq!(counts, json!({"a8": "1", "e8": "3", "a6": "3", "e6": "7", "b5": "5", "d5": "7"}));
    shot(&client, "knights-tour-counts").await;
    click(&client, "#board [data-square='a8']").await;
    settled(&client).await;
    assert_eq!(state(&server, &id)["history"], json!(["c7", "a8"]));
    click(&client, "#hint").await;
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#hints:not([hidden])"))
        .await
        .expect("a hint");
    assert!(text(&client, "#hints").await.starts_with("warnsdorff goes to b6"), "{}", text(&client, "#hints").await);
    click(&client, "#watch").await;
    let end = until_over(&server, &id, 60).await;
    settled(&client).await;
    assert_eq!(end["history"].as_array().map(Vec::len), Some(64), "every square");
    assert_eq!(text(&client, "#message").await, "A full tour: all 64 squares visited.");
    assert_eq!(
        eval(&client, "return document.querySelector('#board polyline').getAttribute('points').split(' ').length")
            .await,
        64
    );
    shot(&client, "knights-tour-done").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queens_placed_by_clicking_and_finished_by_backtracking() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = browser(&driver).await;
    let id = start(&client, &server, "queens", &["#size option[value='8']"]).await;
    click(&client, "#board [data-square='a8']").await;
    settled(&client).await;
    no_error(&client).await;
    // A queen on a8 attacks its rank, its file and its diagonal: 7 + 7 + 7 squares.
    assert_eq!(eval(&client, "return document.querySelectorAll('#board .attacked').length").await, 21);
    assert_eq!(
        eval(&client, "return document.querySelector(\"#board [data-square='b7']\").classList.contains('playable')")
            .await,
        false
    );
    click(&client, "#hint").await;
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#hints:not([hidden])"))
        .await
        .expect("a hint");
    assert_eq!(text(&client, "#hints").await, "Backtracking keeps your queens and finishes with e7 h6 f5 c4 g3 b2 d1.");
    click(&client, "#watch").await;
    let end = until_over(&server, &id, 30).await;
    settled(&client).await;
    assert_eq!(end["history"], json!(["a8", "e7", "h6", "f5", "c4", "g3", "b2", "d1"]));
    assert_eq!(text(&client, "#message").await, "Solved: 8 queens, none attacking another.");
    shot(&client, "queens-solved").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_grundy_s_game_by_clicking_is_lost_to_perfect_from_the_heap_of_7() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = browser(&driver).await;
    let id =
        start(&client, &server, "grundy", &["#heaps option[value='7']", "#opponent option[value='perfect']"]).await;
    assert_eq!(
        eval(&client, "return document.querySelectorAll('#heaps-board .gap.playable').length").await,
        6,
        "each of 7's three splits shows at two gaps"
    );
    shot(&client, "grundy-start").await;
    let end = play_out(&client, &server, &id, "#heaps-board .gap.playable", false).await;
    // The heap of 7 has the value 0: whoever starts loses against perfect play.
    assert_eq!(end["ending"]["points"], json!([0.0, 1.0]));
    assert_eq!(text(&client, "#message").await, "The bot (perfect) wins: you have no heap left to split.");
    shot(&client, "grundy-over").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_sim_by_clicking_edges_is_lost_to_perfect_as_the_first_player() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = browser(&driver).await;
    let id = start(&client, &server, "sim", &["#opponent option[value='perfect']"]).await;
    assert_eq!(eval(&client, "return document.querySelectorAll('#board .edge.playable').length").await, 15);
    shot(&client, "sim-start").await;
    // Edges cross inside the hexagon, so the click goes to the edge's own listener rather than to a point.
    let end = play_out(&client, &server, &id, "#board .edge.playable", true).await;
    assert_eq!(end["ending"]["points"], json!([0.0, 1.0]), "the second player wins Sim");
    assert_eq!(text(&client, "#message").await, "The bot (perfect) wins: you completed a triangle of your colour.");
    shot(&client, "sim-over").await;
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_dots_and_boxes_by_clicking_lines() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = browser(&driver).await;
    let choices = ["#rows option[value='2']", "#cols option[value='3']", "#opponent option[value='random']"];
    let id = start(&client, &server, "dots", &choices).await;
    assert_eq!(eval(&client, "return document.querySelectorAll('#board .line').length").await, 17);
    assert_eq!(eval(&client, "return document.querySelectorAll('#board .dot').length").await, 12);
    let end = play_out(&client, &server, &id, "#board .line.playable", false).await;
    assert_eq!(eval(&client, "return document.querySelectorAll('#board .line.drawn').length").await, 17);
    assert_eq!(
        eval(&client, "return document.querySelectorAll('#board .owned').length").await,
        6,
        "every box has its owner's colour"
    );
    let score = &end["board"]["score"];
    assert_eq!(score[0].as_u64().unwrap_or(0) + score[1].as_u64().unwrap_or(0), 6);
    assert!(text(&client, "#about").await.starts_with(&format!("Red {} · blue {}", score[0], score[1])));
    shot(&client, "dots-over").await;
    client.close().await.expect("closed");
}
