//! Ratings: which games are rated, the bots' fixed ratings, and Glicko-2's update of a person's rating after each
//! rated game (from the `skillratings` crate). A pool is a game with its parameters (`hapis`,
//! `domineering(cols=6,rows=6)`): a rating holds within one pool. Bots carry the fixed ratings their matches
//! measured (`data/bot-ratings.json`, written by `scripts/calibrate-bots`; docs/ratings.md).

use hamle_core::Msg;
use std::sync::LazyLock;

use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use hamle_arena::{GameKind, Spec};
use serde::Deserialize;
use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use crate::App;
use crate::answer::{Answer, ApiError, blocking, lock};
use crate::known::{Known, fresh};
use crate::store::{RatingChange, Standing, StandingDump};
use crate::stored::{StoredSeat, StoredSetup};

/// A rating whose deviation is above this is provisional: shown with a `?`, and kept off the leaderboards.
pub(crate) const PROVISIONAL: f64 = 110.0;

/// The most people a leaderboard lists.
pub(crate) const LEADERBOARD: usize = 100;

/// A bot's fixed rating in one pool, as its matches measured it.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotRating {
    /// The bot, its parameters other than their defaults.
    pub(crate) bot: String,
    /// Its rating.
    pub(crate) rating: f64,
    /// The standard error of its rating.
    pub(crate) deviation: f64,
    /// The games its rating was measured over.
    pub(crate) games: u64,
}

/// The bots rated in one pool, and where their ratings come from.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BotPool {
    /// The pool.
    pub(crate) game: String,
    /// The command (or the document) that measured the ratings.
    pub(crate) source: String,
    /// The bots, best first.
    pub(crate) bots: Vec<BotRating>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    /// What the ratings are anchored on.
    anchor: String,
    pools: Vec<BotPool>,
}

/// The bots' ratings, read once from the file built into the binary (a test reads it too: it cannot fail here).
static TABLE: LazyLock<Table> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/bot-ratings.json")).unwrap_or_else(|e| {
        tracing::error!("the bots' ratings cannot be read ({e}): no game against a bot is rated");
        Table::default()
    })
});

/// What the bots' ratings are anchored on, in words.
pub(crate) fn anchor() -> &'static str {
    &TABLE.anchor
}

/// `spec` as a pool or a bot is named: without the parameters given at their default value (a parameter's
/// default is the same rating), the others sorted.
fn canonical(spec: &Spec, params: &[hamle_core::ParamDoc]) -> String {
    let mut canonical = Spec::named(&spec.name);
    for (key, value) in &spec.params {
        if params.iter().any(|p| p.key == key && p.default == value) {
            continue;
        }
        canonical = canonical.with(key, value);
    }
    canonical.to_string()
}

/// The pool a game of `kind` with parameters `game` is rated in.
pub(crate) fn pool_of(kind: &dyn GameKind, game: &Spec) -> String {
    canonical(game, kind.listing().params)
}

/// A bot's name as the table of ratings names it.
fn bot_name(kind: &dyn GameKind, bot: &Spec) -> String {
    match kind.bots().iter().find(|b| b.name == bot.name) {
        Some(listing) => canonical(bot, listing.params),
        None => bot.to_string(),
    }
}

/// The fixed rating of `bot` in `pool`, if its matches measured one.
pub(crate) fn bot_rating(kind: &dyn GameKind, pool: &str, bot: &Spec) -> Option<Standing> {
    let name = bot_name(kind, bot);
    let rated = TABLE.pools.iter().find(|p| p.game == pool)?.bots.iter().find(|b| b.bot == name)?;
    Some(Standing { rating: rated.rating, deviation: rated.deviation, volatility: 0.06, games: 0 })
}

/// Who sits at a rated game's seat.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RatedSeat {
    /// A person, whose standing the store keeps.
    Person,
    /// A bot, with its fixed rating.
    Bot(Standing),
}

/// What makes a game rated: its pool and who sits at each of its two seats.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rating {
    /// The pool.
    pub(crate) pool: String,
    /// Each seat.
    pub(crate) seats: [RatedSeat; 2],
}

/// How `stored`, a game of `kind`, is rated; why it cannot be, said to the person who asked for a rated game.
pub(crate) fn rating_of(kind: &dyn GameKind, stored: &StoredSetup) -> Result<Rating, String> {
    let game: Spec = stored.game.parse().map_err(|e: hamle_core::SpecError| e.to_string())?;
    let pool = pool_of(kind, &game);
    let [a, b] = stored.seats.as_slice() else {
        return Err(format!("{} is played alone: only games between two sides are rated", kind.listing().name));
    };
    let seat = |s: &StoredSeat| -> Result<RatedSeat, String> {
        match s {
            StoredSeat::Person => Ok(RatedSeat::Person),
            StoredSeat::Bot { bot } => {
                let spec: Spec = bot.parse().map_err(|e: hamle_core::SpecError| e.to_string())?;
                bot_rating(kind, &pool, &spec).map(RatedSeat::Bot).ok_or_else(|| {
                    let rated: Vec<&str> = TABLE
                        .pools
                        .iter()
                        .find(|p| p.game == pool)
                        .map(|p| p.bots.iter().map(|b| b.bot.as_str()).collect())
                        .unwrap_or_default();
                    if rated.is_empty() {
                        format!("no bot has a rating in {pool}: play a friend to play it rated")
                    } else {
                        format!(
                            "{} has no rating in {pool}: the bots rated there are {}",
                            bot_name(kind, &spec),
                            rated.join(", ")
                        )
                    }
                })
            }
        }
    };
    let seats = [seat(a)?, seat(b)?];
    if seats.iter().all(|s| matches!(s, RatedSeat::Bot(_))) {
        return Err("a game between two bots is not rated".to_owned());
    }
    Ok(Rating { pool, seats })
}

/// Seat 0's score in a finished match from its result's points: 1 for more points, ½ for as many, 0 for fewer.
pub(crate) fn score_of(result: &serde_json::Value) -> Option<f64> {
    let points = |s: usize| result["points"].get(s).and_then(serde_json::Value::as_f64);
    let (a, b) = (points(0)?, points(1)?);
    Some(if a > b {
        1.0
    } else if a < b {
        0.0
    } else {
        0.5
    })
}

/// The Glicko-2 constants: the crate's (τ = 0.5, within Glickman's "reasonable choices between 0.3 and 1.2").
const CONFIG: Glicko2Config = Glicko2Config::new();

fn outcome(score: f64) -> Outcomes {
    if score > 0.5 {
        Outcomes::WIN
    } else if score < 0.5 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// `me`'s standing after one rating period of `games`, each an opponent's standing and `me`'s score against it
/// (1, ½ or 0), by Glicko-2.
pub(crate) fn after_period(me: Standing, games: &[(Standing, f64)]) -> Standing {
    let glicko = |s: &Standing| Glicko2Rating { rating: s.rating, deviation: s.deviation, volatility: s.volatility };
    let results: Vec<(Glicko2Rating, Outcomes)> = games.iter().map(|(s, score)| (glicko(s), outcome(*score))).collect();
    let new = glicko2_rating_period(&glicko(&me), &results, &CONFIG);
    let played = i64::try_from(games.len()).unwrap_or(i64::MAX);
    Standing {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        games: me.games.saturating_add(played),
    }
}

impl Rating {
    /// The people's seats, in order.
    pub(crate) fn people(&self) -> Vec<u8> {
        (0..2u8).filter(|&s| self.seats[usize::from(s)] == RatedSeat::Person).collect()
    }

    /// The people's new standings after a game where seat 0 scored `score`, from their standings now (one per
    /// person, in seat order): each game its own rating period, against the other side's standing before it.
    pub(crate) fn rate(&self, score: f64, people: &[Standing]) -> Vec<Standing> {
        let mut standing = people.iter().copied();
        let now: Vec<Standing> = self
            .seats
            .iter()
            .map(|seat| match seat {
                RatedSeat::Person => standing.next().unwrap_or(Standing::NEW),
                RatedSeat::Bot(fixed) => *fixed,
            })
            .collect();
        let scores = [score, 1.0 - score];
        self.people()
            .into_iter()
            .map(|s| {
                let s = usize::from(s);
                after_period(now[s], &[(now[1 - s], scores[s])])
            })
            .collect()
    }
}

/// The catalog's `ratings` of a game: each pool of it whose bots are rated, with every parameter's value in it.
pub(crate) fn catalog_pools(kind: &dyn GameKind) -> Vec<Value> {
    let name = kind.listing().name;
    TABLE
        .pools
        .iter()
        .filter_map(|p| p.game.parse::<Spec>().ok().filter(|g| g.name == name).map(|g| (p, g)))
        .map(|(pool, game)| {
            let params: std::collections::BTreeMap<&str, &str> = kind
                .listing()
                .params
                .iter()
                .map(|p| (p.key, game.params.get(p.key).map_or(p.default, String::as_str)))
                .collect();
            json!({ "pool": pool.game, "params": params, "bots": pool.bots })
        })
        .collect()
}

/// Players' standings in pools, by player and pool, with when the store said so.
pub(crate) type Standings = lru::LruCache<(String, String), Known<Option<Standing>>>;

/// Remembers a player's standing in a pool as the store has it now.
pub(crate) fn remember(app: &App, player: &str, pool: &str, standing: Option<Standing>) {
    lock(&app.inner.standings).put((player.to_owned(), pool.to_owned()), Known::now(standing));
}

/// A player's standing in a pool (`None` before their first rated game there), from memory while it is fresh;
/// `None` too when the store cannot say now (a state is still answered, and it is asked again next time).
fn standing_of(app: &App, player: &str, pool: &str) -> Option<Standing> {
    let key = (player.to_owned(), pool.to_owned());
    if let Some(known) = lock(&app.inner.standings).get(&key)
        && fresh(app, known)
    {
        return *known.value();
    }
    match app.inner.store.standings(player) {
        Ok(all) => {
            let standing = all.into_iter().find(|s| s.pool == pool).map(|s| s.standing);
            remember(app, player, pool, standing);
            standing
        }
        Err(e) => {
            tracing::warn!("a player's rating could not be read ({e}): the state shows none");
            None
        }
    }
}

/// A standing as the API shows it: rating and deviation rounded, and whether it is still provisional.
pub(crate) fn standing_view(s: &Standing) -> Value {
    json!({
        "rating": s.rating.round(),
        "deviation": s.deviation.round(),
        "games": s.games,
        "provisional": s.deviation > PROVISIONAL,
    })
}

/// A rating change as the API shows it: the standings before and after, and the change of the rounded ratings.
pub(crate) fn change_view(c: &RatingChange) -> Value {
    json!({
        "seat": c.seat,
        "pool": c.pool,
        "before": standing_view(&c.before),
        "after": standing_view(&c.after),
        "change": c.after.rating.round() - c.before.rating.round(),
        "at": c.at,
    })
}

/// A rated game's `rated` in its state: its pool, each seat's rating going into the game (a bot's fixed one),
/// and, once it is over, what it did to each person's.
pub(crate) fn rated_view(app: &App, rating: &Rating, people: &[Option<String>], changes: &[RatingChange]) -> Value {
    let seats: Vec<Value> = rating
        .seats
        .iter()
        .enumerate()
        .map(|(s, seat)| match seat {
            RatedSeat::Bot(fixed) => json!({ "bot": true, "standing": standing_view(fixed) }),
            RatedSeat::Person => {
                let before = changes.iter().find(|c| usize::from(c.seat) == s).map(|c| c.before);
                let now = || {
                    people
                        .get(s)
                        .cloned()
                        .flatten()
                        .map(|p| standing_of(app, &p, &rating.pool).unwrap_or(Standing::NEW))
                };
                json!({ "bot": false, "standing": before.or_else(now).as_ref().map(standing_view) })
            }
        })
        .collect();
    json!({
        "pool": rating.pool,
        "seats": seats,
        "changes": changes.iter().map(change_view).collect::<Vec<_>>(),
    })
}

/// The refusal of help in a rated game.
pub(crate) fn no_help(what: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "rated_game", Msg::new("error-rated-no-help").arg("what", Msg::new(what)))
}

/// A person's standings and last changes, for their profile: the changes name their games only when `games`
/// (the person lets their games be listed).
pub(crate) fn profile_view(standings: &[StandingDump], history: &[RatingChange], games: bool) -> Value {
    json!({
        "ratings": standings.iter().map(|s| {
            let mut view = standing_view(&s.standing);
            view["pool"] = json!(s.pool);
            view["updated"] = json!(s.updated);
            view
        }).collect::<Vec<_>>(),
        "history": history.iter().map(|c| {
            let mut view = change_view(c);
            if let Some(o) = view.as_object_mut() {
                o.remove("seat");
                o.insert("game".into(), if games { json!(c.game) } else { Value::Null });
            }
            view
        }).collect::<Vec<_>>(),
    })
}

/// The most rating changes a profile shows.
pub(crate) const HISTORY: usize = 30;

#[utoipa::path(
    get, path = "/api/leaderboard/{pool}", tag = "players",
    params(("pool" = String, Path, description = "A game with its parameters, as rated: `hapis`, `domineering(rows=6,cols=6)`")),
    responses(
        (status = 200, body = crate::schema::Leaderboard,
            description = "The pool's bots with their fixed ratings, and its people who chose a name, the best first"),
        crate::schema::BadRequest, crate::schema::Failed, crate::schema::Unavailable,
    )
)]
pub(crate) async fn leaderboard(State(app): State<App>, pool: Result<Path<String>, PathRejection>) -> Answer {
    let Path(pool) = pool.map_err(|e| ApiError::bad(e.body_text()))?;
    let game: Spec = pool.parse().map_err(|e: hamle_core::SpecError| ApiError::bad(e.to_string()))?;
    let registry = hamle_arena::games::registry();
    let kind = registry.game(&game.name).map_err(|e| ApiError::bad(e.to_string()))?;
    kind.check(&game, None).map_err(|e| ApiError::bad(e.to_string()))?;
    if kind.players(&game).map_err(|e| ApiError::bad(e.to_string()))? != 2 {
        return Err(ApiError::bad(format!("{} is played alone: it has no ratings", game.name)));
    }
    let pool = pool_of(kind, &game);
    blocking(move || {
        let people = app.inner.store.leaderboard(&pool, PROVISIONAL, LEADERBOARD)?;
        let bots = TABLE.pools.iter().find(|p| p.game == pool);
        Ok(Json(json!({
            "pool": pool,
            "game": game.name,
            "scale": anchor(),
            "source": bots.map(|b| b.source.as_str()),
            "bots": bots.map_or(&[][..], |b| &b.bots[..]),
            "people": people.iter().map(|r| {
                let mut view = standing_view(&r.standing);
                view["name"] = json!(r.name);
                view["updated"] = json!(r.updated);
                view
            }).collect::<Vec<_>>(),
        }))
        .into_response())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use hamle_arena::games::registry;

    fn standing(rating: f64, deviation: f64) -> Standing {
        Standing { rating, deviation, volatility: 0.06, games: 0 }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf, τ = 0.5): a
    /// player at 1500 (deviation 200) beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300) in one
    /// period, and ends at 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn glicko2_agrees_with_glickmans_worked_example() {
        let me = Standing { rating: 1500.0, deviation: 200.0, volatility: 0.06, games: 4 };
        let games = [(standing(1400.0, 30.0), 1.0), (standing(1550.0, 100.0), 0.0), (standing(1700.0, 300.0), 0.0)];
        let after = after_period(me, &games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert_eq!(after.games, 7, "three games more");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_draw_between_equals_keeps_the_rating() {
        let me = Standing::NEW;
        assert!(after_period(me, &[(Standing::NEW, 1.0)]).rating > 1500.0);
        assert!(after_period(me, &[(Standing::NEW, 0.0)]).rating < 1500.0);
        let drawn = after_period(me, &[(Standing::NEW, 0.5)]);
        assert!((drawn.rating - 1500.0).abs() < 1e-9, "{drawn:?}");
        assert!(drawn.deviation < 350.0, "a game makes the rating surer");
    }

    #[test]
    fn a_score_is_read_from_the_points() {
        assert_eq!(score_of(&serde_json::json!({ "points": [3, 1] })), Some(1.0));
        assert_eq!(score_of(&serde_json::json!({ "points": [0, 1] })), Some(0.0));
        assert_eq!(score_of(&serde_json::json!({ "points": [1, 1] })), Some(0.5));
        assert_eq!(score_of(&serde_json::json!({ "points": [1] })), None);
        assert_eq!(score_of(&serde_json::json!({ "text": "over" })), None);
    }

    #[test]
    fn a_pool_leaves_out_parameters_at_their_default() {
        let registry = registry();
        let kind = registry.game("domineering").expect("domineering");
        let given: Spec = "domineering(rows=6,cols=6,first=vertical)".parse().expect("a spec");
        assert_eq!(pool_of(kind, &given), "domineering(cols=6,rows=6)");
        assert_eq!(pool_of(kind, &Spec::named("domineering")), "domineering");
        let hapis = registry.game("hapis").expect("hapis");
        assert_eq!(pool_of(hapis, &"hapis(mother=on)".parse().expect("a spec")), "hapis(mother=on)");
    }

    #[test]
    fn a_bot_at_its_default_parameters_is_the_bot_rated() {
        let registry = registry();
        let chess = registry.game("chess").expect("chess");
        let full: Spec = "engine(level=8,hash=auto,eval=net)".parse().expect("a spec");
        let plain = bot_rating(chess, "chess", &Spec::named("engine")).expect("the engine is rated");
        assert_eq!(bot_rating(chess, "chess", &full), Some(plain));
        let level5 = bot_rating(chess, "chess", &"engine(level=5,hash=auto)".parse().expect("a spec"));
        assert!(level5.is_some_and(|l| l.rating < plain.rating), "level 5 below full strength");
        assert_eq!(bot_rating(chess, "chess", &"engine(eval=hand)".parse().expect("a spec")), None);
        assert_eq!(bot_rating(chess, "chess(openings=none)", &Spec::named("engine")), None, "another pool");
    }

    /// Every bot the table rates is a bot of its game, named as [`bot_rating`] names it, in a pool as
    /// [`pool_of`] names it; the file is read whole.
    #[test]
    fn the_table_of_bot_ratings_names_real_bots_in_real_pools() {
        let registry = registry();
        let table: Table = serde_json::from_str(include_str!("../data/bot-ratings.json")).expect("the table reads");
        assert!(table.pools.len() >= 8, "every rated game");
        for pool in &table.pools {
            let game: Spec = pool.game.parse().expect("a pool is a spec");
            let kind = registry.game(&game.name).expect("a game");
            assert_eq!(pool_of(kind, &game), pool.game, "the pool is named canonically");
            assert!(pool.bots.len() >= 2, "{}", pool.game);
            assert!(pool.bots.windows(2).all(|w| w[0].rating >= w[1].rating), "{}: the best first", pool.game);
            for bot in &pool.bots {
                let spec: Spec = bot.bot.parse().expect("a bot is a spec");
                kind.check(&game, Some(&spec)).expect("a bot of its game");
                assert_eq!(bot_name(kind, &spec), bot.bot, "the bot is named canonically");
                assert!(bot.deviation >= 30.0 && bot.games > 0, "{bot:?}");
            }
        }
    }

    fn friendly(seats: Vec<StoredSeat>, game: &str) -> StoredSetup {
        StoredSetup { game: game.to_owned(), seats, helper: None, length: None, clock: None, rated: true }
    }

    #[test]
    fn a_game_is_rated_between_two_people_or_against_a_rated_bot_and_not_otherwise() {
        let registry = registry();
        let kind = registry.game("tictactoe").expect("tic-tac-toe");
        let people = rating_of(kind, &friendly(vec![StoredSeat::Person, StoredSeat::Person], "tictactoe"));
        assert_eq!(people.map(|r| r.people()), Ok(vec![0, 1]));
        let bot = StoredSeat::Bot { bot: "perfect".to_owned() };
        let against = rating_of(kind, &friendly(vec![bot.clone(), StoredSeat::Person], "tictactoe"));
        assert_eq!(against.map(|r| r.people()), Ok(vec![1]));
        let unrated = StoredSeat::Bot { bot: "blog".to_owned() };
        let why = rating_of(kind, &friendly(vec![StoredSeat::Person, unrated], "tictactoe")).expect_err("unrated");
        assert!(why.contains("blog has no rating in tictactoe") && why.contains("perfect"), "{why}");
        let why = rating_of(kind, &friendly(vec![bot.clone(), bot], "tictactoe")).expect_err("bots alone");
        assert!(why.contains("two bots"), "{why}");
        let alone = registry.game("2048").expect("2048");
        let why = rating_of(alone, &friendly(vec![StoredSeat::Person], "2048")).expect_err("alone");
        assert!(why.contains("alone"), "{why}");
        let perfect = StoredSeat::Bot { bot: "perfect".into() };
        let two_phase = friendly(vec![StoredSeat::Person, perfect], "tictactoe(variant=two-phase)");
        assert_eq!(rating_of(kind, &two_phase).map(|r| r.pool), Ok("tictactoe(variant=two-phase)".to_owned()));
    }

    #[test]
    fn against_a_bot_only_the_person_is_rated_and_the_bot_keeps_its_rating() {
        let bot = standing(1800.0, 40.0);
        let rating = Rating { pool: "sim".into(), seats: [RatedSeat::Bot(bot), RatedSeat::Person] };
        let me = standing(1500.0, 100.0);
        let won = rating.rate(0.0, &[me]);
        assert_eq!(won.len(), 1);
        assert_eq!(won[0], after_period(me, &[(bot, 1.0)]), "seat 1 scored 1 when seat 0 scored 0");
        assert!(won[0].rating > 1500.0);
        let lost = rating.rate(1.0, &[me]);
        assert_eq!(lost, vec![after_period(me, &[(bot, 0.0)])], "seat 1 scored 0 when seat 0 scored 1");
        let drawn = rating.rate(0.5, &[me]);
        assert_eq!(drawn, vec![after_period(me, &[(bot, 0.5)])]);
    }

    #[test]
    fn between_two_people_each_is_rated_against_the_others_standing_before_the_game() {
        let rating = Rating { pool: "sim".into(), seats: [RatedSeat::Person, RatedSeat::Person] };
        let (a, b) = (standing(1600.0, 80.0), standing(1400.0, 200.0));
        let after = rating.rate(0.0, &[a, b]);
        assert_eq!(after, vec![after_period(a, &[(b, 0.0)]), after_period(b, &[(a, 1.0)])]);
        assert!(after[0].rating < 1600.0 && after[1].rating > 1400.0);
        assert!(1600.0 - after[0].rating < after[1].rating - 1400.0, "the surer rating moves less");
    }
}
