//! People: who a token acts as, a display name a person may choose, their games with results, a public profile
//! of the finished games they let be listed, and their identity moved to another browser by a one-time code or
//! ended in one by revoking its token. No passwords: a token is the identity, and a player may hold several.
//!
//! A player's id stays the hash of its first token, which its games and seats name; the tokens that act as it
//! are in the store's `tokens` table (the first among them), each revocable on its own.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use hamle_core::Msg;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::answer::{Answer, ApiError, blocking, lock, typed_body};
use crate::client::bearer;
use crate::known::{Known, fresh};
use crate::store::{ClaimError, ListedGame, NameError, Person, TokenRow, now};
use crate::stored::{StoredSeat, StoredSetup};
use crate::{App, fair};

/// How long a transfer's code works.
const TRANSFER_TTL: i64 = 10 * 60;

/// Who a request's token is: the token's hash and the player it acts as.
pub(crate) struct Caller {
    /// The token's hash.
    pub(crate) token: String,
    /// The player's id.
    pub(crate) player: String,
}

/// The request's bearer token (its hash): `401` without one, before anything else of the request is read.
fn token_of(headers: &HeaderMap) -> Result<String, ApiError> {
    bearer(headers).ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", Msg::new("error-no-token")))
}

/// The player the request's bearer token acts as: `401` without one, `403` for a token that is no player's or
/// was revoked.
pub(crate) fn caller(app: &App, headers: &HeaderMap) -> Result<Caller, ApiError> {
    let token = token_of(headers)?;
    if let Some(known) = lock(&app.inner.players).get(&token)
        && fresh(app, known)
    {
        return Ok(Caller { player: known.value().clone(), token });
    }
    match app.inner.store.token(&token)? {
        None => Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::new("error-unknown-token"))),
        Some(TokenRow { revoked: Some(_), .. }) => {
            lock(&app.inner.players).pop(&token);
            Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::new("error-revoked")))
        }
        Some(TokenRow { player, revoked: None }) => {
            lock(&app.inner.players).put(token.clone(), Known::now(player.clone()));
            Ok(Caller { token, player })
        }
    }
}

/// The player a reader's token acts as, if it carries a working one: a reader without one (or with a token
/// revoked or unknown) watches.
pub(crate) fn viewer(app: &App, headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    match caller(app, headers) {
        Ok(caller) => Ok(Some(caller.player)),
        Err(e) if e.status == StatusCode::UNAUTHORIZED || e.status == StatusCode::FORBIDDEN => Ok(None),
        Err(e) => Err(e),
    }
}

/// A player's display name, for the seats of a game's state; `None` when none is chosen, or when the store
/// cannot say now (a state is still answered, the name left out, and asked again next time).
pub(crate) fn name_of(app: &App, player: &str) -> Option<String> {
    if let Some(known) = lock(&app.inner.names).get(player)
        && fresh(app, known)
    {
        return known.value().clone();
    }
    match app.inner.store.person(player) {
        Ok(person) => {
            let name = person.and_then(|p| p.name);
            lock(&app.inner.names).put(player.to_owned(), Known::now(name.clone()));
            name
        }
        Err(e) => {
            tracing::warn!("a player's name could not be read ({e}): the state shows none");
            None
        }
    }
}

/// Whether `name` keeps the rule (3 to 20 characters: letters of any alphabet, digits 0-9, `-` and `_`, starting
/// with a letter); the refusal says the rule and what is wrong (the catalogs' `error-name-*`).
pub(crate) fn check_name(name: &str) -> Result<(), ApiError> {
    let count = name.chars().count();
    if !(3..=20).contains(&count) {
        return Err(ApiError::bad(Msg::new("error-name-length").arg("count", count)));
    }
    if !name.chars().next().is_some_and(char::is_alphabetic) {
        return Err(ApiError::bad(Msg::new("error-name-start")));
    }
    if let Some(other) = name.chars().find(|&c| !(c.is_alphabetic() || c.is_ascii_digit() || c == '-' || c == '_')) {
        return Err(ApiError::bad(Msg::new("error-name-letter").arg("letter", format!("{other:?}"))));
    }
    Ok(())
}

/// A player's own view of themselves.
fn me_of(person: &Person, (playing, over): (usize, usize), ratings: Value) -> Value {
    json!({
        "name": person.name,
        "created": person.created,
        "list_games": person.list_games,
        "tokens": person.tokens,
        "games": { "playing": playing, "over": over },
        "ratings": ratings["ratings"],
        "history": ratings["history"],
    })
}

/// The caller's own view, read from the store.
fn me_now(app: &App, player: &str) -> Result<Value, ApiError> {
    let person = app
        .inner
        .store
        .person(player)?
        .ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "forbidden", Msg::new("error-unknown-token")))?;
    Ok(me_of(&person, app.inner.store.game_counts(player)?, ratings_of(app, player, true)?))
}

/// A person's ratings and last rated games, as their own page or their profile shows them.
fn ratings_of(app: &App, player: &str, games: bool) -> Result<Value, ApiError> {
    let store = &app.inner.store;
    Ok(crate::ratings::profile_view(
        &store.standings(player)?,
        &store.rating_history(player, crate::ratings::HISTORY)?,
        games,
    ))
}

/// A game as a list shows it to `me` (the player whose list it is): its page, its analysis once over, the
/// opponent (a bot's spec, or the other person's name), and the result once over, with `me`'s outcome.
pub(crate) fn listed(game: &ListedGame, me: &str) -> Value {
    let row = &game.row;
    let setup: Value = serde_json::from_str(&row.setup).unwrap_or(Value::Null);
    let stored: Option<StoredSetup> = serde_json::from_str(&row.setup).ok();
    let seat = game.people.iter().find(|p| p.player == me).map(|p| p.seat);
    let kind = hamle_arena::games::registry().game(&row.kind).ok();
    let page = kind.map_or(row.kind.as_str(), |k| k.page());
    let over = row.status == "over";
    let analysis =
        (over && kind.is_some_and(|k| k.analyst().is_some())).then(|| format!("/api/games/{}/analysis", row.id));
    let other = seat.and_then(|s| stored.as_ref().filter(|st| st.seats.len() == 2).map(|st| (st, 1 - usize::from(s))));
    let opponent = other.map(|(stored, other)| match &stored.seats[other] {
        StoredSeat::Bot { bot } => json!({ "who": "bot", "bot": bot, "name": null }),
        StoredSeat::Person => match game.people.iter().find(|p| usize::from(p.seat) == other) {
            Some(person) => json!({ "who": "person", "bot": null, "name": person.name }),
            None => json!({ "who": "open", "bot": null, "name": null }),
        },
    });
    let result: Option<Value> = row.result.as_deref().and_then(|r| serde_json::from_str(r).ok());
    let outcome = match (&result, seat, &other) {
        (Some(result), Some(mine), Some((_, theirs))) => {
            let points = |s: usize| result["points"].get(s).and_then(Value::as_f64);
            match (points(usize::from(mine)), points(*theirs)) {
                (Some(a), Some(b)) if a > b => json!("won"),
                (Some(a), Some(b)) if a < b => json!("lost"),
                (Some(_), Some(_)) => json!("drawn"),
                _ => Value::Null,
            }
        }
        _ => Value::Null,
    };
    json!({
        "id": row.id,
        "kind": row.kind,
        "status": row.status,
        "setup": setup,
        "created": row.created,
        "updated": row.updated,
        "seat": seat,
        "link": format!("/{page}?game={}", row.id),
        "analysis": analysis,
        "opponent": opponent,
        "result": result,
        "outcome": outcome,
    })
}

#[utoipa::path(
    get, path = "/api/me", tag = "players", security(("bearer" = [])),
    responses(
        (status = 200, body = crate::schema::Me, description = "The player: name, settings, tokens, games counted"),
        crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::Failed, crate::schema::Unavailable,
    )
)]
pub(crate) async fn me(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let caller = caller(&app, &headers)?;
        Ok(Json(me_now(&app, &caller.player)?).into_response())
    })
    .await
}

/// A display name to take.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NameChoice {
    /// 3 to 20 characters: letters (of any alphabet), digits 0-9, `-` and `_`, starting with a letter; unique
    /// whatever its letters' case.
    name: String,
}

#[utoipa::path(
    put, path = "/api/me/name", tag = "players", security(("bearer" = [])), request_body = NameChoice,
    responses(
        (status = 200, body = crate::schema::Me, description = "The player, with the name taken"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::Conflict,
        crate::schema::TooLarge, crate::schema::TooMany, crate::schema::Failed, crate::schema::Unavailable,
        crate::schema::StoreFull,
    )
)]
pub(crate) async fn set_name(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    // A request without a token is refused for that first, whatever its body.
    token_of(&headers)?;
    let NameChoice { name } = typed_body(body)?;
    check_name(&name)?;
    blocking(move || {
        let caller = caller(&app, &headers)?;
        match app.inner.store.set_name(&caller.player, &name) {
            Ok(()) => {}
            Err(NameError::Taken) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "name_taken",
                    Msg::new("error-name-taken").arg("name", name.as_str()),
                ));
            }
            Err(NameError::Store(e)) => return Err(e.into()),
        }
        lock(&app.inner.names).put(caller.player.clone(), Known::now(Some(name)));
        Ok(Json(me_now(&app, &caller.player)?).into_response())
    })
    .await
}

/// Whether one's finished games are listed on one's public profile.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GamesListed {
    /// True: the finished games are listed at `GET /api/people/{name}`; false (the default): none is.
    list: bool,
}

#[utoipa::path(
    put, path = "/api/me/listing", tag = "players", security(("bearer" = [])), request_body = GamesListed,
    responses(
        (status = 200, body = crate::schema::Me, description = "The player, with the setting changed"),
        crate::schema::BadRequest, crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::TooLarge,
        crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn set_listing(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    token_of(&headers)?;
    let GamesListed { list } = typed_body(body)?;
    blocking(move || {
        let caller = caller(&app, &headers)?;
        app.inner.store.set_listing(&caller.player, list)?;
        Ok(Json(me_now(&app, &caller.player)?).into_response())
    })
    .await
}

#[utoipa::path(
    post, path = "/api/me/transfer", tag = "players", security(("bearer" = [])),
    responses(
        (status = 201, body = crate::schema::Transfer,
            description = "A one-time link that gives another browser a token of this player, for 10 minutes"),
        crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::TooMany, crate::schema::Failed,
        crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn transfer(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let caller = caller(&app, &headers)?;
        // 192 random bits: never guessed, and the rate limit per address bounds the tries besides.
        let code = fair::random_hex(24)?;
        let expires = now().saturating_add(TRANSFER_TTL);
        app.inner.store.add_transfer(&caller.player, &fair::sha256_hex(&code), expires)?;
        let link = format!("/me?claim={code}");
        Ok((StatusCode::CREATED, Json(json!({ "link": link, "code": code, "expires": expires }))).into_response())
    })
    .await
}

/// A transfer's code to use.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Claim {
    /// The code, from the link (`/me?claim=<code>`).
    code: String,
}

#[utoipa::path(
    post, path = "/api/me/claim", tag = "players", request_body = Claim,
    responses(
        (status = 201, body = crate::schema::Token, description = "A new token of the player who made the code"),
        crate::schema::BadRequest, crate::schema::NotFound, crate::schema::Gone, crate::schema::TooLarge,
        crate::schema::TooMany, crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn claim(State(app): State<App>, body: Result<Bytes, BytesRejection>) -> Answer {
    let Claim { code } = typed_body(body)?;
    blocking(move || {
        let token = fair::random_hex(24)?;
        match app.inner.store.claim(&fair::sha256_hex(&code), &fair::sha256_hex(&token), now()) {
            Ok(_) => Ok((StatusCode::CREATED, Json(json!({ "token": token }))).into_response()),
            Err(ClaimError::Unknown) => {
                Err(ApiError::new(StatusCode::NOT_FOUND, "unknown_claim", Msg::new("error-claim-unknown")))
            }
            Err(ClaimError::Expired) => {
                Err(ApiError::new(StatusCode::GONE, "expired_claim", Msg::new("error-claim-expired")))
            }
            Err(ClaimError::Store(e)) => Err(e.into()),
        }
    })
    .await
}

#[utoipa::path(
    delete, path = "/api/me/tokens/current", tag = "players", security(("bearer" = [])),
    responses(
        (status = 200, body = crate::schema::Revoked, description = "The token used is revoked"),
        crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::Failed, crate::schema::Unavailable,
        crate::schema::StoreFull,
    )
)]
pub(crate) async fn revoke_current(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let caller = caller(&app, &headers)?;
        let revoked = app.inner.store.revoke(&caller.token, now())?;
        lock(&app.inner.players).pop(&caller.token);
        Ok(Json(json!({ "revoked": usize::from(revoked) })).into_response())
    })
    .await
}

#[utoipa::path(
    post, path = "/api/me/tokens/revoke-others", tag = "players", security(("bearer" = [])),
    responses(
        (status = 200, body = crate::schema::Revoked,
            description = "Every other token of the player is revoked, and its transfer links not used yet dropped"),
        crate::schema::Unauthorized, crate::schema::Forbidden, crate::schema::Failed, crate::schema::Unavailable,
        crate::schema::StoreFull,
    )
)]
pub(crate) async fn revoke_others(State(app): State<App>, headers: HeaderMap) -> Answer {
    blocking(move || {
        let caller = caller(&app, &headers)?;
        let revoked = app.inner.store.revoke_others(&caller.player, &caller.token, now())?;
        let mut known = lock(&app.inner.players);
        let others: Vec<String> = known
            .iter()
            .filter(|(token, k)| *k.value() == caller.player && **token != caller.token)
            .map(|(token, _)| token.clone())
            .collect();
        for token in others {
            known.pop(&token);
        }
        Ok(Json(json!({ "revoked": revoked })).into_response())
    })
    .await
}

#[utoipa::path(
    get, path = "/api/people/{name}", tag = "players", params(crate::schema::PersonName),
    responses(
        (status = 200, body = crate::schema::Profile,
            description = "The person's public profile: the finished games they let be listed"),
        crate::schema::NotFound, crate::schema::Failed, crate::schema::Unavailable,
    )
)]
pub(crate) async fn profile(State(app): State<App>, name: Result<Path<String>, PathRejection>) -> Answer {
    let nobody = || ApiError::new(StatusCode::NOT_FOUND, "not_found", Msg::new("error-nobody"));
    let Path(name) = name.map_err(|_| nobody())?;
    blocking(move || {
        let person = app.inner.store.person_named(&name)?.ok_or_else(nobody)?;
        let games: Vec<Value> = if person.list_games {
            app.inner.store.listing(&person.id, true)?.iter().map(|g| listed(g, &person.id)).collect()
        } else {
            Vec::new()
        };
        let ratings = ratings_of(&app, &person.id, person.list_games)?;
        Ok(Json(json!({
            "name": person.name,
            "created": person.created,
            "listed": person.list_games,
            "games": games,
            "ratings": ratings["ratings"],
            "history": ratings["history"],
        }))
        .into_response())
    })
    .await
}

#[cfg(test)]
mod tests {
    /// The rule as English says it, at the start of every refusal of a name.
    const NAME_RULE: &str =
        "a name is 3 to 20 characters: letters (of any alphabet), digits 0-9, '-' and '_', starting with a letter";
    use super::*;

    #[test]
    fn a_name_keeps_the_rule_or_is_refused_saying_it() {
        for good in ["Ada", "ada_99", "Zoë-K", "Анна", "李小龍x", "a-b", "x".repeat(20).as_str()] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["Al", "9lives", "_ada", "ada lovelace", "ada!", "ada.", "", &"x".repeat(21), "ab\u{0}"] {
            let refused = check_name(bad).expect_err(bad);
            assert_eq!(refused.error, "bad_request", "{bad}");
            assert!(refused.detail.starts_with(NAME_RULE), "{bad}: {}", refused.detail);
        }
    }
}
