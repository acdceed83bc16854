//! The shapes of the API's answers for its OpenAPI document ([`crate::openapi`]): the answers the handlers build
//! as JSON (a game's state, the catalog, errors), described field by field, and the paths' parameters. The
//! handlers' `#[utoipa::path]` annotations in [`crate::api`] name them.
// The types below describe answers that the handlers build as JSON: they are never made, only described.
#![allow(dead_code)]

use serde_json::Value;
use utoipa::{IntoParams, IntoResponses, ToSchema};

/// A game's id, in the path.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct GameId {
    /// The game's id (32 lower-case hex digits; anything else names no game).
    id: String,
}

/// A person's display name, in the path.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct PersonName {
    /// The name, in any case of its letters (`Ada` finds `ada`).
    name: String,
}

/// A hint's level, in the query.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct Level {
    /// Hapis: `beginner` … `expert` (another is refused); the other games ignore it.
    level: Option<String>,
}

/// A record's format, in the query.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct RecordFormat {
    /// `text` (the default: tags, then the log) or `json` (the match whole, to replay or analyse).
    format: Option<String>,
}

/// What an analysis looks at, in the query.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AnalysisQuery {
    /// How hard the judge looks, in the game's own measure (the catalog's `analysis.effort` gives its range
    /// and default).
    effort: Option<u64>,
    /// Only this game of a match, from 1 (a match of more than 2,000 decisions is analysed a game at a time).
    game: Option<u64>,
}

/// A refused request's answer: it changed nothing.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ErrorBody {
    /// A short code for programs (`bad_request`, `not_found`, `too_many`, …: docs/api.md lists them).
    error: String,
    /// A sentence for people, in the request's `Accept-Language` (`tr` or `en`).
    detail: String,
    /// The sentence as a message of the catalogs, for a page to say in its own language.
    msg: Message,
}

/// A message of the catalogs (docs/l10n.md): its id and its arguments, each a number, words shown as they are, or
/// another message.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Message {
    /// The message's id in every catalog (`log-throws`).
    id: String,
    /// Its arguments by name, when it has any.
    #[schema(value_type = Option<Object>)]
    args: Option<Value>,
}

/// `malformed_json`: the body is not JSON; `bad_request`: not an object, not of the request's type (a missing or
/// unknown field, a field of the wrong kind, an unknown action), an unknown game, bot, parameter or hint level, a
/// seat out of range, a move that does not read, a display name that breaks the rule (the detail says it).
#[derive(IntoResponses)]
#[response(status = 400)]
pub(crate) struct BadRequest(ErrorBody);

/// `unauthorized`: no `Authorization: Bearer <token>` header.
#[derive(IntoResponses)]
#[response(status = 401)]
pub(crate) struct Unauthorized(ErrorBody);

/// `forbidden`: the token is no player's, or was revoked, or the player does not sit at the game (watchers only
/// read).
#[derive(IntoResponses)]
#[response(status = 403)]
pub(crate) struct Forbidden(ErrorBody);

/// `not_found`: no game has this id, nobody has this name; `unknown_invite`: an invite that is not the game's (or
/// already used); `unknown_claim`: a transfer's code not known (or already used).
#[derive(IntoResponses)]
#[response(status = 404)]
pub(crate) struct NotFound(ErrorBody);

/// `not_allowed`: the rules or the moment refuse (an illegal move, out of turn, after the end, while the bot
/// thinks, a hint already being worked out); `full`, `seated`: joining a game whose seats are taken, or one the
/// player sits at; `name_taken`: a display name another player has, whatever its letters' case.
#[derive(IntoResponses)]
#[response(status = 409)]
pub(crate) struct Conflict(ErrorBody);

/// `expired_invite`: an invite past its time; `expired_claim`: a transfer's code past its 10 minutes;
/// `old_format`: a game stored by an earlier hamle, kept but not replayed.
#[derive(IntoResponses)]
#[response(status = 410)]
pub(crate) struct Gone(ErrorBody);

/// `too_large`: a body over 16 KiB.
#[derive(IntoResponses)]
#[response(status = 413)]
pub(crate) struct TooLarge(ErrorBody);

/// `too_many`: over the rate limit of this route, per address or per player; `too_many_streams`: the address
/// follows as many games as it may.
#[derive(IntoResponses)]
#[response(status = 429, headers(("Retry-After" = u64, description = "seconds to wait before trying again")))]
pub(crate) struct TooMany(ErrorBody);

/// `store`, `damaged`, `internal`, `randomness`: the store failed (nothing was answered as done), a stored game
/// no longer replays, or the server failed.
#[derive(IntoResponses)]
#[response(status = 500)]
pub(crate) struct Failed(ErrorBody);

/// `busy`: the bots' thinkers (or the event streams) are all taken; `store_busy`: the store is held by another
/// program; `retry`: a write of this game failed while the request waited for it; `timeout`: the request took
/// longer than the server's limit.
#[derive(IntoResponses)]
#[response(status = 503, headers(("Retry-After" = u64, description = "seconds to wait before trying again")))]
pub(crate) struct Unavailable(ErrorBody);

/// `store_full`: the store reached its size limit, so nothing was changed.
#[derive(IntoResponses)]
#[response(status = 507)]
pub(crate) struct StoreFull(ErrorBody);

/// A new player's token: send it as `Authorization: Bearer <token>`.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Token {
    /// 48 hex digits; the server keeps only its SHA-256.
    #[schema(pattern = "^[0-9a-f]{48}$")]
    token: String,
}

/// Whether a game (or a match) is being played or is over.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    /// Being played.
    Playing,
    /// Over (a match: its seed is revealed).
    Over,
}

/// The games a player made or sits at, the most recently changed first (at most 200).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Games {
    /// The games.
    games: Vec<Listed>,
}

/// A game in a player's list (or a profile's), as that player sees it.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Listed {
    /// The game's id.
    id: String,
    /// The game's name.
    kind: String,
    /// Playing or over.
    status: Status,
    /// The game's setup as stored: `{ "game", "seats": [{ "who": "person"|"bot", "bot" }], "helper", "length" }`.
    #[schema(value_type = Object)]
    setup: Value,
    /// When it was made, in Unix seconds.
    created: i64,
    /// When it last changed, in Unix seconds.
    updated: i64,
    /// The player's seat.
    #[schema(required = true)]
    seat: Option<u8>,
    /// The game's page: `/<page>?game=<id>` (it shows the review once the game is over).
    link: String,
    /// Once over, its analysis: `/api/games/<id>/analysis`; null while it is played, or for a game with no
    /// analyst.
    #[schema(required = true)]
    analysis: Option<String>,
    /// Two-player games: who sits at the other seat; null for a game played alone.
    #[schema(required = true)]
    opponent: Option<Opponent>,
    /// Once over, the match's result; null while it is played (and for a game finished before hamle kept
    /// results).
    #[schema(required = true)]
    result: Option<ListedResult>,
    /// Once over, the player's outcome in a two-player game: `won`, `lost` or `drawn`; else null.
    #[schema(required = true)]
    outcome: Option<String>,
}

/// Who sits at the other seat of a listed game.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Opponent {
    /// A person, a bot, or open (an invite not taken).
    who: Who,
    /// The bot's spec, or null.
    #[schema(required = true)]
    bot: Option<String>,
    /// The person's display name, or null (none chosen, or not a person).
    #[schema(required = true)]
    name: Option<String>,
}

/// A finished match's result.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListedResult {
    /// Each seat's points in the match: [seat 0, seat 1].
    points: Vec<f64>,
    /// The sentence that ended its last game, in English.
    #[schema(required = true)]
    text: Option<String>,
    /// The same as a message of the catalogs (absent from results kept before hamle spoke Turkish).
    msg: Option<Message>,
}

/// A player as they see themselves (`GET /api/me`).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Me {
    /// The display name, or null: none chosen.
    #[schema(required = true)]
    name: Option<String>,
    /// When the player was made, in Unix seconds.
    created: i64,
    /// Whether the finished games are listed on the public profile (`GET /api/people/{name}`).
    list_games: bool,
    /// How many tokens (browsers) act as the player, not revoked.
    tokens: u64,
    /// The player's games, counted.
    games: GameCounts,
    /// The player's ratings, a pool each.
    ratings: Vec<PoolRating>,
    /// The player's last rated games, the latest first (at most 30).
    history: Vec<HistoryEntry>,
}

/// A player's games, counted.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameCounts {
    /// Being played.
    playing: u64,
    /// Over.
    over: u64,
}

/// A one-time link that moves the player's identity to another browser.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Transfer {
    /// The page that claims it: `/me?claim=<code>`.
    link: String,
    /// The code (48 hex digits), for `POST /api/me/claim`.
    #[schema(pattern = "^[0-9a-f]{48}$")]
    code: String,
    /// When it stops working (10 minutes on), in Unix seconds.
    expires: i64,
}

/// How many tokens a revocation ended.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Revoked {
    /// Tokens revoked now.
    revoked: u64,
}

/// A person's public profile.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Profile {
    /// The display name, as its owner wrote it.
    name: String,
    /// When the player was made, in Unix seconds.
    created: i64,
    /// Whether the person lets their finished games be listed.
    listed: bool,
    /// Their finished games, the most recently changed first (at most 200); empty unless `listed`.
    games: Vec<Listed>,
    /// Their ratings, a pool each.
    ratings: Vec<PoolRating>,
    /// Their last rated games, the latest first (at most 30); each names its game only when `listed`.
    history: Vec<HistoryEntry>,
}

/// Every game the server plays, with its parameters and bots.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Catalog {
    /// The games, in the registry's order.
    games: Vec<Listing>,
}

/// A game of the catalog.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Listing {
    /// Its name (a new game's `kind`).
    name: String,
    /// What it is.
    about: String,
    /// Its page: `/<page>`.
    page: String,
    /// 1 or 2.
    players: u8,
    /// Its parameters.
    params: Vec<Param>,
    /// Its bots, the strongest first.
    bots: Vec<BotListing>,
    /// How its finished games are analysed (`GET /api/games/{id}/analysis`): `{ "judge", "units", "marks",
    /// "effort": { "means", "default", "min", "max" } }`; null for a game with no analyst.
    #[schema(value_type = Option<Object>)]
    analysis: Option<Value>,
    /// The pools of this game whose bots carry ratings (a rated game against one of them moves the person's).
    ratings: Vec<RatedPool>,
}

/// A pool whose bots are rated.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatedPool {
    /// The pool: the game with its parameters other than their defaults.
    pool: String,
    /// Every parameter of the game with its value in the pool (defaults included), for a page to match its form.
    params: std::collections::BTreeMap<String, String>,
    /// The bots with their fixed ratings, the best first.
    bots: Vec<BotRatingView>,
}

/// A bot of a game of the catalog.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotListing {
    /// Its name, for a spec (`seed(depth=4)`).
    name: String,
    /// What it is.
    about: String,
    /// Its parameters.
    params: Vec<Param>,
}

/// A parameter of a game or a bot.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Param {
    /// Its key.
    key: String,
    /// The values the command line takes (`classic|two-phase`, `1..=9`).
    values: String,
    /// Where it is narrower, the values this server takes.
    #[schema(required = true)]
    server: Option<String>,
    /// The value when it is not given.
    default: String,
    /// What it does.
    about: String,
}

/// A game's state, as `GET /api/games/{id}` and the actions answer it and its event stream pushes it.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct State {
    /// The game's id.
    id: String,
    /// The game's name.
    kind: String,
    /// The game's page (`/<page>`).
    page: String,
    /// The game's spec (`tictactoe(variant=two-phase)`).
    game: String,
    /// `playing`, or `over` (the match is over: its seed is revealed).
    status: Status,
    /// The reader's seat, or null for a watcher (and in pushed events).
    #[schema(required = true)]
    you: Option<u8>,
    /// Per seat, who sits there.
    seats: Vec<SeatView>,
    /// One-player games: the bot that moves when the person asks (`{"action": "bot"}`).
    #[schema(required = true)]
    helper: Option<String>,
    /// For a seated person while a seat is open: the invite for it.
    #[schema(required = true)]
    invite: Option<Invite>,
    /// The match.
    #[serde(rename = "match")]
    match_: MatchView,
    /// The seat to act (null: anyone may throw, or nobody).
    #[schema(required = true)]
    turn: Option<u8>,
    /// What the seat to act does.
    to_do: ToDo,
    /// A bot is thinking now.
    thinking: bool,
    /// Why a bot's move is owed while nobody thinks it (it is asked again on the next request), or null.
    #[schema(required = true)]
    pending: Option<String>,
    /// The same as a message of the catalogs, or null.
    #[schema(required = true)]
    pending_msg: Option<Message>,
    /// The game's own view (docs/api.md), with the steps entered so far applied.
    #[schema(value_type = Object)]
    board: Value,
    /// The game's notation of the position (before any step entered).
    position: String,
    /// The moves of the seat to move, in notation (empty while steps are entered).
    legal: Vec<String>,
    /// Hapis, while the person moves: the steps entered and the next steps that keep a legal play in reach.
    #[schema(required = true)]
    steps: Option<Steps>,
    /// The moves of the game in play, in notation.
    history: Vec<String>,
    /// Once the game in play is over: how.
    #[schema(required = true)]
    ending: Option<Ending>,
    /// The newest lines of the match's log, at most 200.
    log: Vec<LogLine>,
    /// The index in the match's log of the first line shown.
    log_start: u64,
    /// The seat whose draw offer stands, or null.
    #[schema(required = true)]
    draw_offer: Option<u8>,
    /// A line for lists.
    summary: String,
    /// The dice's commitment and, at the end, its reveal.
    fair: Fair,
    /// How many actions the match holds: it grows with each stored action.
    version: u64,
    /// The clocks of a game between people on a clock; null for the others.
    #[schema(required = true)]
    clock: Option<ClockView>,
    /// How a rated game is rated; null for an unrated one.
    #[schema(required = true)]
    rated: Option<RatedView>,
}

/// How a rated game is rated (docs/api.md, "Ratings").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatedView {
    /// The pool: the game with its parameters other than their defaults (`domineering(cols=6,rows=6)`).
    pool: String,
    /// Per seat, its rating going into the game.
    seats: Vec<RatedSeatView>,
    /// Once the game is over and rated, what it did to each person's rating.
    changes: Vec<RatingChangeView>,
}

/// A rated game's seat.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatedSeatView {
    /// A bot, with its fixed rating.
    bot: bool,
    /// The rating going into the game; null for a seat still open.
    #[schema(required = true)]
    standing: Option<StandingView>,
}

/// A Glicko-2 rating.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct StandingView {
    /// The rating, rounded.
    rating: f64,
    /// Its deviation (how unsure it is), rounded.
    deviation: f64,
    /// Rated games played in the pool (0 for a bot).
    games: u64,
    /// Whether the deviation is above 110: the rating is shown with a `?` and kept off the leaderboard.
    provisional: bool,
}

/// What one rated game did to one person's rating.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatingChangeView {
    /// The person's seat.
    seat: u8,
    /// The pool.
    pool: String,
    /// The rating before the game.
    before: StandingView,
    /// The rating after it.
    after: StandingView,
    /// After's rounded rating less before's.
    change: f64,
    /// When the game was rated, in Unix seconds.
    at: i64,
}

/// A person's rating in one pool, on their profile.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PoolRating {
    /// The pool.
    pool: String,
    /// The rating, rounded.
    rating: f64,
    /// Its deviation, rounded.
    deviation: f64,
    /// Rated games played in the pool.
    games: u64,
    /// Whether the rating is provisional (deviation above 110).
    provisional: bool,
    /// When it last changed, in Unix seconds.
    updated: i64,
}

/// A rated game in a person's history.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HistoryEntry {
    /// The game's id; null on a profile whose owner does not list their games.
    #[schema(required = true)]
    game: Option<String>,
    /// The pool.
    pool: String,
    /// The rating before the game.
    before: StandingView,
    /// The rating after it.
    after: StandingView,
    /// After's rounded rating less before's.
    change: f64,
    /// When the game was rated, in Unix seconds.
    at: i64,
}

/// A pool's leaderboard (`GET /api/leaderboard/{pool}`).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Leaderboard {
    /// The pool, named as rated.
    pool: String,
    /// The game's name.
    game: String,
    /// What the bots' ratings are anchored on.
    scale: String,
    /// The command (or document) that measured the bots' ratings; null in a pool with no rated bot.
    #[schema(required = true)]
    source: Option<String>,
    /// The pool's bots with their fixed ratings, the best first.
    bots: Vec<BotRatingView>,
    /// The people with a chosen name and a rating no longer provisional, the best first (at most 100).
    people: Vec<RankedView>,
}

/// A bot's fixed rating.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotRatingView {
    /// The bot, for an opponent's spec.
    bot: String,
    /// Its rating.
    rating: f64,
    /// The standard error of its rating.
    deviation: f64,
    /// The games it was measured over.
    games: u64,
}

/// A person on a leaderboard.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RankedView {
    /// Their display name.
    name: String,
    /// The rating, rounded.
    rating: f64,
    /// Its deviation, rounded.
    deviation: f64,
    /// Rated games played in the pool.
    games: u64,
    /// Always false here: provisional ratings are not listed.
    provisional: bool,
    /// When it last changed, in Unix seconds.
    updated: i64,
}

/// The clocks of a clocked game (docs/api.md, "Clocks"): what each seat had left when the running clock started,
/// which runs, since when, and the server's time now, to count down from.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockView {
    /// The time control (`5+3`, `3d`).
    control: String,
    /// Milliseconds left by seat, at `since` for the running one.
    left_ms: Vec<i64>,
    /// The seat whose clock runs, or null (before the first move and once over).
    #[schema(required = true)]
    running: Option<u8>,
    /// When the running clock started, in milliseconds since 1970, or null.
    #[schema(required = true)]
    since: Option<i64>,
    /// The server's time as it answered, in milliseconds since 1970.
    now: i64,
}

/// Who sits at a seat.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatView {
    /// A person, a bot, or open (for a friend who joins by the invite).
    who: Who,
    /// The bot's spec, or null.
    #[schema(required = true)]
    bot: Option<String>,
    /// The player the seat is in this game (`X`, `white`, `vertical`).
    plays: String,
    /// The seat's points in the match.
    score: f64,
    /// The display name of the person seated, or null (none chosen, a bot, or open).
    #[schema(required = true)]
    name: Option<String>,
}

/// Who sits at a seat.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Who {
    /// A person.
    Person,
    /// A bot.
    Bot,
    /// Nobody yet.
    Open,
}

/// An invite to a game's open seat.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Invite {
    /// The code, for `POST /api/games/{id}/join`.
    code: String,
    /// The page's link: `/<page>?game=<id>&invite=<code>`.
    link: String,
    /// When it stops working, in Unix seconds.
    #[schema(required = true)]
    expires: Option<i64>,
}

/// A match: one game, or games until a seat has `length` points.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchView {
    /// The points that win it, or null: one game.
    #[schema(required = true)]
    length: Option<u32>,
    /// The game's number in the match, from 1.
    game: u64,
    /// Each seat's points: [seat 0, seat 1].
    #[schema(min_items = 2, max_items = 2)]
    score: Vec<f64>,
    /// Whether the match is over.
    over: bool,
}

/// What the seat to act does.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ToDo {
    /// Moves.
    Move,
    /// Throws the dice.
    Roll,
    /// Starts the next game of the match.
    Next,
    /// Nothing: the match is over.
    Nothing,
}

/// Hapis's steps: those entered, and those that may come next.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Steps {
    /// The steps entered so far (`1/4`).
    entered: Vec<String>,
    /// The next steps that keep a legal play within reach.
    next: Vec<NextStep>,
}

/// A step that may come next.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NextStep {
    /// The point it leaves.
    from: u8,
    /// The point it reaches, or null: off.
    #[schema(required = true)]
    to: Option<u8>,
    /// The die it uses.
    die: u8,
    /// Whether it pins a checker.
    pins: bool,
}

/// How the game in play ended.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Ending {
    /// The points each seat gained: [seat 0, seat 1].
    #[schema(min_items = 2, max_items = 2)]
    points: Vec<f64>,
    /// The seat that resigned, or null.
    #[schema(required = true)]
    resigned: Option<u8>,
    /// The sentence that says so, in English.
    text: String,
    /// The sentence as a message of the catalogs.
    msg: Message,
}

/// A line of the match's log.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LogLine {
    /// The game of the match, from 1.
    game: u64,
    /// The seat it concerns, or null.
    #[schema(required = true)]
    seat: Option<u8>,
    /// What happened, in English ("White throws 5-3.").
    text: String,
    /// What happened as a message of the catalogs.
    msg: Message,
}

/// The dice's commitment.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Fair {
    /// The SHA-256 of `"<seed>:<salt>"`, in hex.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    commitment: String,
    /// `"<seed>:<salt>"` once the match is over, else null.
    #[schema(required = true)]
    reveal: Option<String>,
}

/// One event of a game's stream (OpenAPI 3.1 describes each event of a `text/event-stream` with its schema).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateEvent {
    /// Always `state`.
    event: EventName,
    /// The whole state as JSON (the `State` schema), with `you` null.
    #[schema(content_media_type = "application/json")]
    data: String,
}

/// The events a game's stream sends.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum EventName {
    /// The game's state.
    State,
}

/// A hint, as the game gives it (docs/api.md): Hapis `{ "dice", "level", "plays" }`; 2048 `{ "bot", "moves" }`;
/// the others `{ "bot", "moves", "depth", "nodes", "line" }`.
#[derive(ToSchema)]
pub(crate) struct Hint {
    /// Hapis: the dice.
    dice: Option<Vec<u8>>,
    /// Hapis: the level asked.
    level: Option<String>,
    /// Hapis: the best five plays.
    #[schema(value_type = Option<Vec<Object>>)]
    plays: Option<Vec<Value>>,
    /// The bot that chose.
    bot: Option<String>,
    /// The moves, best first, with the bot's value for the side to move (a number, or `won` or `lost`).
    #[schema(value_type = Option<Vec<Object>>)]
    moves: Option<Vec<Value>>,
    /// The depth searched.
    depth: Option<u64>,
    /// The positions searched.
    nodes: Option<u64>,
    /// The bot's expected line, from the hinted move.
    line: Option<Vec<String>>,
}

/// An analysis under way: how many of its decisions and throws are judged.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisUnderWay {
    /// `under_way`.
    status: String,
    /// Decisions and throws judged so far.
    done: u64,
    /// Decisions and throws to judge.
    total: u64,
}

/// A finished game's analysis (docs/api.md, "Analysis"): each decision with a choice judged by the game's
/// analyst, each throw's luck (games of chance), and each seat summed up.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Analysis {
    /// `done`.
    status: String,
    /// The game with its parameters.
    game: String,
    /// The game's name.
    kind: String,
    /// Who judged and how hard: `{ "judge", "effort", "means" }`.
    #[schema(value_type = Object)]
    budget: Value,
    /// The units of loss (`points`, `centipawns`, `results`).
    units: String,
    /// The marks a move may earn, mildest first.
    marks: Vec<String>,
    /// Decisions and throws judged.
    done: u64,
    /// Decisions and throws there were.
    total: u64,
    /// Each decision: `{ "game", "ply", "seat", "player", "played", "best", "loss", "mark", "value", "accuracy",
    /// "position", "view" }` (`best` and `loss` null where the judge could not reach).
    #[schema(value_type = Vec<Object>)]
    moves: Vec<Value>,
    /// Each throw's luck for its seat: `{ "game", "seat", "throw", "luck" }`.
    #[schema(value_type = Vec<Object>)]
    luck: Vec<Value>,
    /// Each seat: `{ "seat", "who", "decisions", "unjudged", "loss_total", "error_rate", "mean_loss", "marks",
    /// … }` with the game's own figures (Hapis: `luck`; chess: `accuracy`, `acpl`).
    #[schema(value_type = Vec<Object>)]
    seats: Vec<Value>,
}
