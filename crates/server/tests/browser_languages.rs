//! The arcade in Turkish, end to end in headless Chromium: a browser whose languages are Turkish plays a whole
//! Hapis match and a chess game meeting no English word (the page's words checked against the catalogs, not
//! against sentences written here), every page opens in Turkish asking for no message its catalog lacks, and the
//! language switch survives a reload and a new page. Screenshots go to `target/tmp/screenshots/`.

mod chromedriver;
mod common;
mod page;

use chromedriver::Driver;
use common::Server;
use fantoccini::{Client, Locator};
use hamle_core::Msg;
use hamle_l10n::{Lang, render};
use page::{all_turkish, click, eval, game_id, session, settled, shot, text, turkish_session, until};
use serde_json::{Value, json};

/// Chooses the `<option>` that `css` names.
async fn pick(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.expect("chosen");
}

/// A number as the pages write it (1, not 1.0).
fn points(value: &Value) -> i64 {
    value.as_f64().expect("points") as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turkish_browser_plays_a_whole_hapis_match_in_turkish() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = turkish_session(&driver, 1200, 1000).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/hapis")).await.expect("the page");
    settled_form(&client).await;
    assert_eq!(text(&client, "#setup h1").await, render(Lang::Tr, &Msg::new("hp-new-match")));
    all_turkish(&client, &[], "the setup form").await;
    shot(&client, "tr-hapis-new").await;
    pick(&client, "#opponent option[value='thesis']").await;
    pick(&client, "#length option[value='1']").await;
    click(&client, "#start").await;
    settled(&client).await;
    let id = game_id(&client).await;
    let mut turns = 0;
    loop {
        let game = server.client().state(&id);
        match game["to_do"].as_str().expect("something to do") {
            "roll" => click(&client, "#roll").await,
            "move" => {
                let step = &game["steps"]["next"][0];
                let from = step["from"].as_u64().expect("from");
                let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
                click(&client, &format!("#board [data-point='{from}']")).await;
                click(&client, &format!("#board [data-point='{to}']")).await;
            }
            "nothing" => break,
            other => panic!("unexpected thing to do: {other}"),
        }
        settled(&client).await;
        turns += 1;
        assert!(turns < 600, "the match ends");
        if turns == 20 {
            all_turkish(&client, &["thesis"], "the match in play").await;
            shot(&client, "tr-hapis-midgame").await;
        }
    }
    let end = server.client().state(&id);
    // The bot's spec and the fair dice's hex are shown as they are.
    let reveal = end["fair"]["reveal"].as_str().expect("the seed is revealed").to_owned();
    let commitment = end["fair"]["commitment"].as_str().expect("a commitment").to_owned();
    click(&client, "#fairness summary").await;
    all_turkish(&client, &["thesis", &reveal, &commitment], "the match's end").await;
    // How the match ended, as the page's catalog says it to the person who sat at White.
    let score = &end["match"]["score"];
    let (you, bot) = (points(&score[0]), points(&score[1]));
    let (who, person, won, lost) =
        if you > bot { ("hp-you", "you", you, bot) } else { ("hp-the-bot", "other", bot, you) };
    let verdict =
        Msg::new("hp-match-won").arg("who", Msg::new(who)).arg("person", person).arg("won", won).arg("lost", lost);
    let message = text(&client, "#message").await;
    assert!(message.ends_with(&render(Lang::Tr, &verdict)), "{message}");
    // Every line of the log is the server's message said in Turkish: the throws by their numbers, a double by
    // the thesis's name, the person's own lines in the second person.
    let lines: Vec<String> = serde_json::from_value(
        eval(&client, "return [...document.querySelectorAll('#log li')].map((li) => li.textContent)").await,
    )
    .expect("the log's lines");
    let log = end["log"].as_array().expect("a log");
    assert_eq!(lines.len(), log.len());
    // The opening throw, when the log's window (its newest 200 lines) still holds it.
    if let Some(at) = log.iter().position(|l| l["msg"]["id"] == "log-throw-start") {
        let dice = &log[at]["msg"]["args"]["dice"]["args"];
        let opening = Msg::new("hp-opening-line")
            .arg("white", dice["white"].as_str().expect("white's die"))
            .arg("black", dice["black"].as_str().expect("black's die"));
        assert_eq!(lines[at], render(Lang::Tr, &opening), "the opening throw");
    }
    for (line, sent) in lines.iter().zip(log) {
        let msg: Msg = serde_json::from_value(sent["msg"].clone()).expect("a message");
        if msg.id == "log-throws" && sent["seat"] == 1 {
            let mut theirs = msg.clone();
            theirs.args.insert("who".into(), Msg::new("hp-the-bot").into());
            assert_eq!(line, &render(Lang::Tr, &theirs), "the bot's throw");
        }
        if msg.id == "log-plays" && sent["seat"] == 0 {
            assert!(line.ends_with("oynadınız."), "the person's own play: {line}");
        }
    }
    shot(&client, "tr-hapis-over").await;
    client.close().await.expect("closed");
}

/// Waits for the setup form to be shown (the page has read its catalog and the server's list).
async fn settled_form(client: &Client) {
    until(client, "return document.getElementById('setup').hidden", &json!(false)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_language_switch_is_remembered_across_a_reload_and_pages() {
    let server = Server::in_memory();
    let driver = Driver::start();
    // An English browser: the pages start in English.
    let client = session(&driver, 1000, 800, |_, _| {}).await;
    let base = format!("http://{}", server.addr);
    client.goto(&format!("{base}/hapis")).await.expect("the page");
    settled_form(&client).await;
    assert_eq!(eval(&client, "return document.documentElement.lang").await, "en");
    assert_eq!(text(&client, "#setup h1").await, render(Lang::En, &Msg::new("hp-new-match")));
    pick(&client, "#lang option[value='tr']").await;
    // The switch reads the page again in the language chosen.
    until(&client, "return document.documentElement.lang", &json!("tr")).await;
    settled_form(&client).await;
    assert_eq!(text(&client, "#setup h1").await, render(Lang::Tr, &Msg::new("hp-new-match")));
    client.refresh().await.expect("a reload");
    settled_form(&client).await;
    assert_eq!(eval(&client, "return document.documentElement.lang").await, "tr", "kept across a reload");
    all_turkish(&client, &[], "the setup form after a reload").await;
    client.goto(&format!("{base}/chess")).await.expect("another page");
    settled_form(&client).await;
    assert_eq!(eval(&client, "return document.documentElement.lang").await, "tr", "kept on another page");
    assert_eq!(eval(&client, "return document.getElementById('lang').value").await, "tr");
    // The server's refusals follow the page's language too: a game that is not there.
    client.goto(&format!("{base}/chess?game=nosuchgame")).await.expect("a page");
    until(&client, "return document.getElementById('message').dataset.kind", &json!("error")).await;
    assert_eq!(text(&client, "#message").await, render(Lang::Tr, &Msg::new("error-no-game")));
    pick(&client, "#lang option[value='en']").await;
    until(&client, "return document.documentElement.lang", &json!("en")).await;
    client.refresh().await.expect("a reload");
    settled_form(&client).await;
    assert_eq!(eval(&client, "return document.documentElement.lang").await, "en", "and back");
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_opens_in_turkish_with_every_word_from_the_catalog() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let client = turkish_session(&driver, 1200, 1000).await;
    let base = format!("http://{}", server.addr);
    // Games, bots and their parameters are named in the notation (`domineering(cols=6,rows=6)`, `perfect`), as
    // the catalog of the API lists them: shown as they are in every language.
    let catalog = server.client().get("/api/catalog").1;
    let mut notation: Vec<String> = Vec::new();
    for game in catalog["games"].as_array().expect("games") {
        notation.push(game["name"].as_str().unwrap_or_default().to_owned());
        let bots = game["bots"].as_array().into_iter().flatten();
        let params = game["params"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(bots.clone().flat_map(|bot| bot["params"].as_array().into_iter().flatten()));
        notation.extend(bots.map(|bot| bot["name"].as_str().unwrap_or_default().to_owned()));
        for param in params {
            notation.push(param["key"].as_str().unwrap_or_default().to_owned());
            notation.extend(param["values"].as_str().unwrap_or_default().split('|').map(str::to_owned));
        }
    }
    // The leaderboard quotes the command that measured the bots' ratings, flags and all.
    notation.push("--games-per-pair".to_owned());
    notation.retain(|word| !word.is_empty());
    // Longer names first, so that `two-phase` goes before a `phase` inside it.
    notation.sort_by_key(|word| std::cmp::Reverse(word.len()));
    let notation: Vec<&str> = notation.iter().map(String::as_str).collect();
    let pages = [
        "",
        "hapis",
        "chess",
        "tictactoe",
        "domineering",
        "2048",
        "grundy",
        "sim",
        "dots",
        "knights-tour",
        "queens",
        "leaderboard",
        "me",
    ];
    for page in pages {
        client.goto(&format!("{base}/{page}")).await.expect("the page");
        until(&client, "return document.readyState", &json!("complete")).await;
        // The page has read its catalog, filled its words and asked the server what it needs.
        tokio::time::sleep(std::time::Duration::from_millis(700)).await;
        all_turkish(&client, &notation, &format!("/{page}")).await;
        shot(&client, &format!("tr-page-{}", if page.is_empty() { "home" } else { page })).await;
    }
    client.close().await.expect("closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_turkish_browsers_play_a_chess_game_to_mate_in_turkish() {
    let server = Server::in_memory();
    let driver = Driver::start();
    let base = format!("http://{}", server.addr);
    let white = turkish_session(&driver, 1200, 1000).await;
    white.goto(&format!("{base}/chess")).await.expect("the page");
    white.wait().for_element(Locator::Css("#opponent option[value='friend']")).await.expect("the bots listed");
    all_turkish(&white, &[], "the chess setup").await;
    click(&white, "#opponent option[value='friend']").await;
    click(&white, "#start").await;
    settled(&white).await;
    let id = game_id(&white).await;
    let link = white.find(Locator::Css("#invite-link")).await.expect("the link").prop("value").await.expect("a value");
    all_turkish(&white, &[], "the invite").await;
    let black = turkish_session(&driver, 1000, 900).await;
    black.goto(&link.expect("the invite link")).await.expect("the invite link");
    settled(&black).await;
    // The fool's mate: f3 e5 g4 Qh4#, each move by clicking its square and then its target.
    let moves = [(&white, "f2", "f3"), (&black, "e7", "e5"), (&white, "g2", "g4"), (&black, "d8", "h4")];
    let mut last = None;
    for (i, (page, from, to)) in moves.into_iter().enumerate() {
        let version = json!(i + 1);
        // The page has been told of the other side's move before it moves.
        if let Some(square) = last {
            let piece = format!("return !!document.querySelector(\"#board [data-square='{square}']\")?.dataset.piece");
            until(page, &piece, &json!(true)).await;
        }
        last = Some(to);
        click(page, &format!("#board [data-square='{from}']")).await;
        click(page, &format!("#board [data-square='{to}']")).await;
        settled(page).await;
        assert_eq!(server.client().state(&id)["version"], version, "move {} was played", i + 1);
        if i == 1 {
            all_turkish(&white, &[], "the game in play").await;
        }
    }
    let end = server.client().state(&id);
    let ending: Msg = serde_json::from_value(end["ending"]["msg"].clone()).expect("how it ended");
    assert_eq!(ending.id, "chess-checkmate");
    for (page, what) in [(&white, "the loser's page"), (&black, "the winner's page")] {
        until(page, "return document.body.dataset.watching", &json!("false")).await;
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        all_turkish(page, &[], what).await;
    }
    // SAN keeps its letters in Turkish: the mate is Qh4#.
    assert_eq!(end["board"]["san"].as_array().and_then(|s| s.last()).and_then(Value::as_str), Some("Qh4#"));
    let shown = eval(&black, "return document.body.innerText").await;
    assert!(shown.as_str().is_some_and(|t| t.contains("Qh4#")), "{shown}");
    shot(&white, "tr-chess-mated").await;
    shot(&black, "tr-chess-mate").await;
    white.close().await.expect("closed");
    black.close().await.expect("closed");
}
