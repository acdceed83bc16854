//! The API's OpenAPI 3.1 document, served at `GET /api/openapi.json`: the operations come from the handlers'
//! `#[utoipa::path]` annotations in [`crate::api`], the request bodies from the request types themselves
//! (`NewGame`, `Join`, the arena's `Action`), and the answers built as JSON (a game's state, the catalog, errors)
//! from the types in [`crate::schema`], which describe them field by field. The tests check the document against `docs/api.md`
//! and against real answers; `scripts/schemathesis` checks the server against it.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AdditionalProperties, Schema};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::schema::{
    Analysis, AnalysisUnderWay, Catalog, ErrorBody, Games, Hint, Leaderboard, Me, Profile, Revoked, State, StateEvent,
    Token, Transfer, Unavailable,
};

/// The document.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "hamle",
        description = "The JSON API of hamle's web app (docs/api.md): players, games with seats, invites, actions, \
                       hints, records, analyses, ratings and pushed updates."
    ),
    paths(
        crate::api::new_player,
        crate::api::catalog,
        crate::api::list_games,
        crate::api::new_game,
        crate::api::read_game,
        crate::api::join,
        crate::api::act,
        crate::api::events,
        crate::api::hint,
        crate::api::record,
        crate::analysis::analysis,
        crate::people::me,
        crate::people::set_name,
        crate::people::set_listing,
        crate::people::transfer,
        crate::people::claim,
        crate::people::revoke_current,
        crate::people::revoke_others,
        crate::people::profile,
        crate::ratings::leaderboard,
        document,
    ),
    components(schemas(
        ErrorBody, State, StateEvent, Token, Catalog, Games, Hint, Analysis, AnalysisUnderWay, Me, Transfer, Revoked,
        Profile, Leaderboard
    )),
    modifiers(&Details),
    tags(
        (name = "players", description = "Players: their tokens, names, profiles and identity moved or revoked"),
        (name = "games", description = "Games: made, read, joined, played, followed"),
        (name = "document", description = "This document"),
    )
)]
pub(crate) struct Document;

/// What the derives cannot say: the bearer token scheme that the routes needing a player name, the games a new
/// game's `kind` may name (the registry's, as `GET /api/catalog` lists them), and that an action takes no field
/// beyond its own (the handler refuses them; the arena's `Action` itself ignores them, as stored records hold more).
struct Details;

impl Modify for Details {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let scheme = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some("a player's token, from `POST /api/players`"))
            .build();
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
        if let Some(RefOr::T(Schema::Object(new_game))) = components.schemas.get_mut("NewGame")
            && let Some(RefOr::T(Schema::Object(kind))) = new_game.properties.get_mut("kind")
        {
            let names = hamle_arena::games::registry().games().map(|g| Value::from(g.listing().name)).collect();
            kind.enum_values = Some(names);
        }
        if let Some(RefOr::T(Schema::OneOf(action))) = components.schemas.get_mut("Action") {
            for variant in &mut action.items {
                if let RefOr::T(Schema::Object(variant)) = variant {
                    variant.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
                }
            }
        }
    }
}

/// The document as JSON, made once.
pub(crate) fn json() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| Document::openapi().to_json().unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")))
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "document",
    responses(
        (status = 200, description = "This document (OpenAPI 3.1)", content_type = "application/json", body = Object),
        Unavailable,
    )
)]
pub(crate) async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json())
}
