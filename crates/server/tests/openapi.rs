//! The OpenAPI document against `docs/api.md` and against the server's real answers: it is served as OpenAPI
//! 3.1, lists exactly the routes the API's documentation names (so the two cannot drift apart), and real
//! answers (states of every kind of moment, errors, the catalog, lists, tokens, hints) fit its schemas, with no
//! field undocumented and none documented that the answers lack.

mod common;

use std::collections::BTreeSet;

use common::{Answer, Client, Server, first_step, id_of};
use serde_json::{Value, json};

fn document(server: &Server) -> Value {
    let answer = server.client().get_full("/api/openapi.json");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    answer.body
}

/// The schema a `$ref` points at (`#/components/schemas/State`), or the schema itself.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let pointer = reference.strip_prefix('#').expect("a local reference");
            doc.pointer(pointer).unwrap_or_else(|| panic!("{reference} is in the document"))
        }
        None => schema,
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// What in `value` does not fit `schema` (the JSON Schema the document uses: references, `oneOf`, types,
/// enums, required and additional properties, items and their counts), each with where it is.
fn misfits(doc: &Value, schema: &Value, value: &Value, at: &str) -> Vec<String> {
    let schema = resolve(doc, schema);
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let fitting = options.iter().filter(|o| misfits(doc, o, value, at).is_empty()).count();
        return if fitting == 1 { vec![] } else { vec![format!("{at}: {fitting} of oneOf fit {value}")] };
    }
    let mut wrong = Vec::new();
    let kind = kind_of(value);
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    if !types.is_empty() && !types.iter().any(|t| *t == kind || (*t == "number" && kind == "integer")) {
        return vec![format!("{at}: {value} is {kind}, not {types:?}")];
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        wrong.push(format!("{at}: {value} is not one of {allowed:?}"));
    }
    match value {
        Value::Object(fields) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            for key in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
                let key = key.as_str().expect("a key");
                if !fields.contains_key(key) {
                    wrong.push(format!("{at}: the required \"{key}\" is missing"));
                }
            }
            for (key, field) in fields {
                let here = format!("{at}.{key}");
                match properties.and_then(|p| p.get(key)) {
                    Some(property) => wrong.extend(misfits(doc, property, field, &here)),
                    None => match schema.get("additionalProperties") {
                        Some(Value::Bool(false)) => wrong.push(format!("{here} is not in the document")),
                        Some(extra @ Value::Object(_)) => wrong.extend(misfits(doc, extra, field, &here)),
                        _ => {}
                    },
                }
            }
        }
        Value::Array(items) => {
            let count = items.len() as u64;
            if schema.get("minItems").and_then(Value::as_u64).is_some_and(|n| count < n)
                || schema.get("maxItems").and_then(Value::as_u64).is_some_and(|n| count > n)
            {
                wrong.push(format!("{at}: {count} items, against the bounds of {schema}"));
            }
            if let Some(item) = schema.get("items") {
                for (i, value) in items.iter().enumerate() {
                    wrong.extend(misfits(doc, item, value, &format!("{at}[{i}]")));
                }
            }
        }
        _ => {}
    }
    wrong
}

/// The document's path of a concrete one (`/api/games/<id>/hint?level=…` → `/api/games/{id}/hint`).
fn template(path: &str) -> String {
    let path = path.split('?').next().unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| match (i, parts[2]) {
            (3, "games") => "{id}",
            (3, "people") => "{name}",
            _ => p,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Asserts that a real answer to `method path` is one of the operation's documented answers and fits its schema.
fn assert_fits(doc: &Value, method: &str, path: &str, answer: &Answer) {
    let route = template(path);
    let operation = &doc["paths"][&route][method];
    assert!(operation.is_object(), "{method} {route} is in the document");
    let status = answer.status.to_string();
    let response = operation["responses"].get(&status);
    let response = response.unwrap_or_else(|| panic!("{method} {route} documents its answer {status}"));
    let response = resolve(doc, response);
    let content_type = answer.header("content-type").unwrap_or_default();
    let content = response["content"].as_object().expect("the answer has content");
    // An answer may have several documented types (a record as text, or as JSON): the answer's must be one.
    let types: Vec<&String> = content.keys().collect();
    let (documented, media) = content
        .iter()
        .find(|(documented, _)| content_type.starts_with(documented.as_str()))
        .unwrap_or_else(|| panic!("{method} {route} {status}: {content_type} is one of {types:?}"));
    if documented == "application/json" {
        let wrong = misfits(doc, &media["schema"], &answer.body, &format!("{method} {route} {status}"));
        assert!(wrong.is_empty(), "{wrong:#?}\nin {:#}", answer.body);
    }
    for (name, _) in response.get("headers").and_then(Value::as_object).into_iter().flatten() {
        assert!(answer.header(name).is_some(), "{method} {route} {status}: the header {name}");
    }
}

fn get(doc: &Value, client: &Client, path: &str) -> Answer {
    let answer = client.get_full(path);
    assert_fits(doc, "get", path, &answer);
    answer
}

fn post(doc: &Value, client: &Client, path: &str, body: &Value) -> Answer {
    let answer = client.post_full(path, &body.to_string());
    assert_fits(doc, "post", path, &answer);
    answer
}

#[test]
fn the_document_is_served_as_openapi_3_1() {
    let server = Server::in_memory();
    let doc = document(&server);
    let version = doc["openapi"].as_str().expect("a version");
    assert!(version.starts_with("3.1."), "{version}");
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"],
        json!({ "type": "http", "scheme": "bearer", "description": "a player's token, from `POST /api/players`" })
    );
    // The document is an answer of its own route.
    let answer = server.client().get_full("/api/openapi.json");
    assert_fits(&doc, "get", "/api/openapi.json", &answer);
}

/// Each route `docs/api.md` names, as `` `POST /api/games` ``, with its method.
fn documented_routes() -> BTreeSet<(String, String)> {
    let text = include_str!("../../../docs/api.md");
    let mut routes = BTreeSet::new();
    for piece in text.split('`').skip(1).step_by(2) {
        let Some((method, path)) = piece.split_once(' ') else { continue };
        if ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method) && path.starts_with("/api") {
            let path = path.split(['?', ' ', '[']).next().unwrap_or(path);
            routes.insert((method.to_lowercase(), path.to_owned()));
        }
    }
    routes
}

#[test]
fn the_document_and_the_api_docs_list_the_same_routes() {
    let server = Server::in_memory();
    let doc = document(&server);
    let mut listed = BTreeSet::new();
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for method in operations.as_object().expect("operations").keys() {
            listed.insert((method.clone(), path.clone()));
        }
    }
    let documented = documented_routes();
    assert!(documented.len() >= 11, "{documented:?}");
    assert_eq!(listed, documented, "the OpenAPI document's routes, then docs/api.md's");
}

#[test]
fn every_route_of_the_document_is_served() {
    // No route of the document falls to the catch-all "no such API route".
    let server = Server::in_memory();
    let doc = document(&server);
    let client = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        if path.ends_with("/events") {
            continue;
        }
        let path = path.replace("{id}", &id).replace("{name}", "nobody");
        for method in operations.as_object().expect("operations").keys() {
            // A player of its own for each of the player's own routes, so that a revocation leaves the next
            // routes their player.
            let client = if path.starts_with("/api/me") { Client::player(&server) } else { client.same() };
            let answer = match method.as_str() {
                "get" => client.get_full(&path),
                "put" => client.put_full(&path, "{}"),
                "delete" => client.delete_full(&path),
                _ => client.post_full(&path, "{}"),
            };
            assert_fits(&doc, method, &path, &answer);
            assert_ne!(answer.body["detail"], "no such API route (see docs/api.md)", "{method} {path}");
        }
    }
    let events = server.events(&id).next(std::time::Duration::from_secs(10)).expect("a pushed state");
    let wrong = misfits(&doc, &json!({ "$ref": "#/components/schemas/State" }), &events, "events");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_real_state_has_exactly_the_documented_fields() {
    let server = Server::in_memory();
    let doc = document(&server);
    let schema = &doc["components"]["schemas"]["State"];
    let properties: BTreeSet<&String> = schema["properties"].as_object().expect("properties").keys().collect();
    let required: BTreeSet<&str> =
        schema["required"].as_array().expect("required").iter().filter_map(Value::as_str).collect();
    assert_eq!(required, properties.iter().map(|p| p.as_str()).collect(), "every field is always there (maybe null)");
    for field in ["thinking", "pending", "log", "log_start", "version", "board", "fair", "match"] {
        assert!(properties.contains(&field.to_owned()), "{field} is documented");
    }
    let client = Client::player(&server);
    let state = client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" }));
    let fields: BTreeSet<&String> = state.as_object().expect("a state").keys().collect();
    assert_eq!(fields, properties, "a real state's fields, then the document's");
}

#[test]
fn real_states_of_every_moment_fit_the_document() {
    let server = Server::in_memory();
    let doc = document(&server);
    let client = Client::player(&server);
    let friend = Client::player(&server);
    let watcher = client.watcher();
    let token = post(&doc, &server.client(), "/api/players", &json!({}));
    assert!(token.body["token"].as_str().is_some_and(|t| t.len() == 48), "{}", token.body);
    get(&doc, &watcher, "/api/catalog");
    for setup in [
        json!({ "kind": "tictactoe", "opponent": "perfect", "seat": 1 }),
        json!({ "kind": "2048" }),
        json!({ "kind": "chess", "opponent": "engine(level=1)" }),
        json!({ "kind": "domineering" }),
        json!({ "kind": "knights-tour" }),
        json!({ "kind": "queens" }),
        json!({ "kind": "grundy" }),
        json!({ "kind": "sim" }),
        json!({ "kind": "dots" }),
    ] {
        let created = post(&doc, &client, "/api/games", &setup);
        assert_eq!(created.status, 201, "{setup}: {}", created.body);
        let id = id_of(&created.body);
        get(&doc, &watcher, &format!("/api/games/{id}"));
        get(&doc, &client, &format!("/api/games/{id}/hint"));
        get(&doc, &client, &format!("/api/games/{id}/record"));
        // The end of a game: its ending, the seed revealed.
        let over = post(&doc, &client, &format!("/api/games/{id}/actions"), &json!({ "action": "resign" }));
        assert_eq!(over.body["status"], "over", "{setup}: {}", over.body);
    }
    // Hapis: steps entered and to come, dice, a log.
    let hapis = post(&doc, &client, "/api/games", &json!({ "kind": "hapis", "opponent": "thesis", "length": 3 })).body;
    let id = id_of(&hapis);
    let mut state = hapis;
    while state["steps"].is_null() && state["to_do"] != "nothing" {
        let action = first_step(&state).expect("the match goes on");
        state = post(&doc, &client, &format!("/api/games/{id}/actions"), &action).body;
    }
    get(&doc, &client, &format!("/api/games/{id}/hint?level=expert"));
    let action = first_step(&state).expect("a step");
    post(&doc, &client, &format!("/api/games/{id}/actions"), &action);
    // A friend's game: the invite, an open seat, then joined.
    let shared = post(&doc, &client, "/api/games", &json!({ "kind": "tictactoe", "opponent": "friend" })).body;
    let id = id_of(&shared);
    assert!(shared["invite"].is_object(), "{shared}");
    let code = shared["invite"]["code"].as_str().expect("a code");
    let joined = post(&doc, &friend, &format!("/api/games/{id}/join"), &json!({ "invite": code }));
    assert_eq!(joined.status, 200, "{}", joined.body);
    post(&doc, &client, &format!("/api/games/{id}/actions"), &json!({ "action": "offer_draw" }));
    get(&doc, &client, "/api/games");
}

#[test]
fn errors_are_exactly_error_detail_and_msg() {
    let server = Server::in_memory();
    let doc = document(&server);
    let client = Client::player(&server);
    let stranger = Client::player(&server);
    let id = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "perfect" })));
    let shared = id_of(&client.create(&json!({ "kind": "tictactoe", "opponent": "friend" })));
    let mut wrong_token = server.client();
    wrong_token.token = Some("0".repeat(48));
    let answers = [
        (404, get(&doc, &client, "/api/games/0123456789abcdef0123456789abcdef")),
        (404, get(&doc, &client, "/api/games/not-an-id/record")),
        (401, get(&doc, &server.client(), "/api/games")),
        (403, get(&doc, &wrong_token, "/api/games")),
        (400, post(&doc, &client, "/api/games", &json!({ "kind": "tictactoe", "colour": "red" }))),
        (400, post(&doc, &client, &format!("/api/games/{id}/actions"), &json!({ "action": "undo", "extra": 1 }))),
        (403, post(&doc, &stranger, &format!("/api/games/{id}/actions"), &json!({ "action": "resign" }))),
        (200, get(&doc, &client, &format!("/api/games/{id}/hint?level=grandmaster"))),
        (200, post(&doc, &client, &format!("/api/games/{id}/actions"), &json!({ "action": "resign" }))),
        (409, post(&doc, &client, &format!("/api/games/{id}/actions"), &json!({ "action": "resign" }))),
        (409, post(&doc, &client, &format!("/api/games/{id}/join"), &json!({ "invite": "nothing" }))),
        (404, post(&doc, &stranger, &format!("/api/games/{shared}/join"), &json!({ "invite": "nothing" }))),
    ];
    let schema = &doc["components"]["schemas"]["ErrorBody"];
    let properties: BTreeSet<&str> =
        schema["properties"].as_object().expect("properties").keys().map(String::as_str).collect();
    assert_eq!(properties, BTreeSet::from(["error", "detail", "msg"]));
    for (status, answer) in answers {
        assert_eq!(answer.status, status, "{}", answer.body);
        if status == 200 {
            continue;
        }
        let fields: BTreeSet<&str> = answer.body.as_object().expect("an object").keys().map(String::as_str).collect();
        assert_eq!(fields, properties, "{}", answer.body);
        let id = answer.body["msg"]["id"].as_str().expect("a message's id");
        assert!(hamle_l10n::ids(hamle_l10n::Lang::Tr).iter().any(|known| known == id), "{id} is in the catalogs");
    }
}
