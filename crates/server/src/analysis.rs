//! Analyses of finished games (`GET /api/games/{id}/analysis`): the first request starts one, later ones read
//! its progress and then its report, kept once made.
//!
//! An analysis is thinking, so it runs on the thinkers and nowhere else, a slice of at most the bots' time at a
//! time: each slice is one thought in the client's turn, so a long analysis never holds a thinker for long and
//! never keeps another client waiting more than a bot's move would. Each address has at most one analysis under
//! way; the server keeps a bounded number of analyses (the least recently asked for leave first), each bounded by
//! the arena's cap on the decisions one analysis looks at.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use hamle_arena::analysis::{Job, Source};
use serde_json::json;

use crate::App;
use crate::answer::{Answer, ApiError, blocking, lock};
use crate::api::{Client, exported, game_path};

/// Analyses kept, finished or under way.
const KEPT: usize = 64;

/// Which analysis: the game, the effort, and the game of its match (all of it: `None`).
type Key = (String, u64, Option<u64>);

/// An analysis kept: under way (its job waiting, or out on a thinker), or done (its report).
struct Entry {
    /// The address that started it.
    client: String,
    /// The job between slices; empty while a thinker works on it, once done, or after it failed.
    job: Arc<Mutex<Option<Box<dyn Job>>>>,
    /// Whether a slice is out on the thinkers.
    out: bool,
    done: usize,
    total: usize,
    /// The report, once every decision is judged.
    report: Option<Arc<str>>,
    /// Why it stopped, if a slice failed (a judge that panicked).
    failed: Option<String>,
}

/// The analyses the server keeps.
pub(crate) struct Analyses {
    entries: Mutex<lru::LruCache<Key, Entry>>,
}

impl Default for Analyses {
    fn default() -> Self {
        Analyses { entries: Mutex::new(lru::LruCache::new(NonZeroUsize::new(KEPT).unwrap_or(NonZeroUsize::MIN))) }
    }
}

impl Analyses {
    /// The analyses under way that `client` started.
    fn under_way(&self, client: &str) -> usize {
        lock(&self.entries)
            .iter()
            .filter(|(_, e)| e.report.is_none() && e.failed.is_none() && e.client == client)
            .count()
    }
}

/// A whole number from the query, or why it is not one.
fn whole(query: &HashMap<String, String>, key: &str) -> Result<Option<u64>, ApiError> {
    query
        .get(key)
        .map(|text| text.parse::<u64>().map_err(|_| ApiError::bad(format!("{key} is a whole number, not '{text}'"))))
        .transpose()
}

#[utoipa::path(
    get, path = "/api/games/{id}/analysis", tag = "games", params(crate::schema::GameId, crate::schema::AnalysisQuery),
    responses(
        (status = 200, body = crate::schema::Analysis, description = "The analysis, every decision judged"),
        (status = 202, body = crate::schema::AnalysisUnderWay, description = "Under way: ask again for the rest"),
        crate::schema::BadRequest, crate::schema::NotFound, crate::schema::Conflict, crate::schema::Gone,
        crate::schema::TooMany, crate::schema::Failed, crate::schema::Unavailable, crate::schema::StoreFull,
    )
)]
pub(crate) async fn analysis(
    State(app): State<App>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let id = game_path(id)?;
    let only = whole(&query, "game")?;
    let effort = whole(&query, "effort")?;
    if let Some(unknown) = query.keys().find(|k| !matches!(k.as_str(), "game" | "effort")) {
        return Err(ApiError::bad(format!("an analysis takes effort and game, not '{unknown}'")));
    }
    let export = exported(&app, &client, &id).await?;
    let kind = hamle_arena::games::registry()
        .game(&export.game.parse::<hamle_arena::Spec>().map(|s| s.name).map_err(|e| ApiError::damaged(e.to_string()))?)
        .map_err(|e| ApiError::damaged(e.to_string()))?;
    let about = kind.analyst().ok_or_else(|| {
        ApiError::bad(format!("{} has no analyst: it has no judge to say what a move cost", export.game))
    })?;
    let key = (id, effort.unwrap_or(about.effort.default), only);
    if let Some(answer) = kept(&app, &key, &client) {
        return answer;
    }
    if export.seed.is_none() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_allowed",
            "this game is not over: it is analysed once it is",
        ));
    }
    if app.inner.analyses.under_way(&client.0) > 0 {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            "an analysis your address asked for is under way: ask for another once it is done",
        )
        .retry_after(2));
    }
    let job = blocking(move || kind.analysis(Source::Record(export), effort, only).map_err(ApiError::from)).await?;
    let (done, total) = (job.done(), job.total());
    let entry = Entry {
        client: client.0.clone(),
        job: Arc::new(Mutex::new(Some(job))),
        out: false,
        done,
        total,
        report: None,
        failed: None,
    };
    lock(&app.inner.analyses.entries).put(key.clone(), entry);
    resume(&app, &key, &client.0)?;
    Ok(under_way(done, total))
}

/// The answer for an analysis kept, resumed when it waits for a slice; `None` when none is kept.
fn kept(app: &App, key: &Key, client: &Client) -> Option<Answer> {
    let (report, failed, done, total) = {
        let mut entries = lock(&app.inner.analyses.entries);
        let entry = entries.get(key)?;
        (entry.report.clone(), entry.failed.clone(), entry.done, entry.total)
    };
    if let Some(report) = report {
        let json = [(axum::http::header::CONTENT_TYPE, "application/json")];
        return Some(Ok((json, report.to_string()).into_response()));
    }
    if let Some(why) = failed {
        return Some(Err(ApiError::internal(format!("the analysis failed ({why})"))));
    }
    Some(resume(app, key, &client.0).map(|()| under_way(done, total)))
}

fn under_way(done: usize, total: usize) -> axum::response::Response {
    (StatusCode::ACCEPTED, Json(json!({ "status": "under_way", "done": done, "total": total }))).into_response()
}

/// Marks a slice back from the thinkers however it ends: a job not handed back (its judge panicked) fails the
/// analysis, rather than leaving it under way for ever.
struct Back {
    app: App,
    key: Key,
    job: Arc<Mutex<Option<Box<dyn Job>>>>,
}

impl Drop for Back {
    fn drop(&mut self) {
        let lost = lock(&self.job).is_none();
        let mut entries = lock(&self.app.inner.analyses.entries);
        if let Some(entry) = entries.get_mut(&self.key) {
            entry.out = false;
            if lost && entry.report.is_none() {
                entry.failed = Some("a judge failed; ask for it again later".to_owned());
            }
        }
    }
}

/// Hands the analysis's next slice to the thinkers, in `client`'s turn, unless one is out already.
///
/// # Errors
/// `busy` when the thinkers are full: the job stays, and the next request for it resumes it.
fn resume(app: &App, key: &Key, client: &str) -> Result<(), ApiError> {
    let job = {
        let mut entries = lock(&app.inner.analyses.entries);
        let Some(entry) = entries.get_mut(key) else { return Ok(()) };
        if entry.out || entry.report.is_some() || entry.failed.is_some() {
            return Ok(());
        }
        entry.out = true;
        Arc::clone(&entry.job)
    };
    let back = Back { app: app.clone(), key: key.clone(), job: Arc::clone(&job) };
    let (a, k, c) = (app.clone(), key.clone(), client.to_owned());
    let slice = app.inner.limits.bot_time;
    let submitted = app.inner.thinkers.submit(client, move || {
        let _back = back;
        let Some(mut taken) = lock(&job).take() else { return };
        a.think(|| {
            let start = Instant::now();
            while start.elapsed() < slice && taken.step() {}
        });
        let (done, total) = (taken.done(), taken.total());
        let report = (done >= total).then(|| {
            let mut report = taken.report();
            report["status"] = json!("done");
            Arc::<str>::from(report.to_string())
        });
        let finished = report.is_some();
        if let Some(entry) = lock(&a.inner.analyses.entries).get_mut(&k) {
            entry.done = done;
            entry.total = total;
            entry.report = report;
        }
        if !finished {
            *lock(&job) = Some(taken);
        }
        drop(_back);
        if !finished {
            // Busy now: the job waits in its entry for the next request to resume it.
            let _ = resume(&a, &k, &c);
        }
    });
    match submitted {
        Ok(_) => Ok(()),
        Err(busy) => {
            if let Some(entry) = lock(&app.inner.analyses.entries).get_mut(key) {
                entry.out = false;
            }
            Err(ApiError::busy(busy, app))
        }
    }
}
