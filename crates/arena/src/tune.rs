//! Tuning a bot's weights by games (`hamle tune`): a [`hamle_tune::Method`] asks for weight vectors and each is
//! scored by a match against a fixed opponent: its share of the games (a win 1, a draw ½, whatever a game's stake). Every evaluation plays the same games — the same seed, so the
//! same openings, dice and tiles (common random numbers) — so two weight vectors differ only by how they play.
//!
//! A run is its [`History`]: the settings and each evaluation's weights and score, written after every
//! evaluation. Taking a run up again replays the method from its seed against the history (the same answers
//! ask the same points), checking each point it asks against the one recorded, and goes on where the history
//! ends. Sharded, each shard plays its share of the games of every point of the next batch the method asks
//! ([`TunePart`]); [`merge_tune`] adds the parts' points up into the history that one machine would have
//! written.

use hamle_core::shard::{Shard, ShardError, ShardPart, fit};
use hamle_core::stream::derive_seed;
use hamle_tune::{Method, MethodError, Oracle, Stop};
use serde::{Deserialize, Serialize};

use crate::matches::score;
use crate::progress::{Progress, Watcher};
use crate::{ArenaError, GameKind, MatchOptions, Spec};

/// A tuning run that cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A game, bot or parameter named wrongly.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// The method does not read.
    #[error(transparent)]
    Method(#[from] MethodError),
    /// The settings do not make a run.
    #[error("{0}")]
    Settings(String),
    /// A history that this run did not write.
    #[error("{0}")]
    History(String),
}

/// One weight tuned: a parameter of the bot and the range searched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Knob {
    /// The bot's parameter.
    pub name: String,
    /// The least value tried.
    pub lo: f64,
    /// The greatest value tried.
    pub hi: f64,
    /// Whether the parameter takes whole numbers only (values are rounded).
    pub whole: bool,
    /// The bot's default: where SPSA and CMA-ES start.
    pub default: f64,
}

/// What a run is: everything that decides which games it plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneSettings {
    /// The game, with its parameters (`domineering(rows=8,cols=8)`).
    pub game: String,
    /// The bot tuned, with the parameters it keeps fixed.
    pub bot: String,
    /// The fixed opponent every evaluation plays.
    pub opponent: String,
    /// The weights tuned.
    pub knobs: Vec<Knob>,
    /// The method with its parameters (`pso`, `firefly(n=30)`).
    pub method: String,
    /// The seed of the method's choices and of the games.
    pub seed: u64,
    /// Games in one evaluation (pairs from one opening, colours swapped).
    pub games: usize,
    /// Games in the whole run.
    pub budget: usize,
}

impl TuneSettings {
    /// The settings of a run of `bot` in `game` with the weights `params` (`k1=0..10,k3`: a name alone takes
    /// the range the bot declares), checked against the game's bots.
    ///
    /// # Errors
    /// An unknown parameter or method, an empty or open range, a parameter given twice or fixed in the bot's
    /// spec, a budget that pays for no evaluation, or an odd number of games per evaluation.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        kind: &dyn GameKind,
        game: &Spec,
        bot: &Spec,
        params: &str,
        opponent: &Spec,
        method: &str,
        seed: u64,
        games: usize,
        budget: usize,
    ) -> Result<TuneSettings, TuneError> {
        let bad = |why: String| Err(TuneError::Settings(why));
        Method::parse(method)?;
        kind.check(game, Some(bot))?;
        kind.check(game, Some(opponent))?;
        if games == 0 || games % 2 == 1 {
            return bad(format!("--games must be even and at least 2 (pairs of games from one opening), not {games}"));
        }
        if budget < games {
            return bad(format!(
                "--budget {budget} pays for no evaluation: each plays {games} games (--games); give at least {games}"
            ));
        }
        let listing = kind.bots().into_iter().find(|b| b.name == bot.name);
        let docs = listing.map(|l| l.params).unwrap_or_default();
        let mut knobs: Vec<Knob> = Vec::new();
        for word in params.split(',').map(str::trim) {
            let (name, range) = match word.split_once('=') {
                Some((name, range)) => (name.trim(), Some(range.trim())),
                None => (word, None),
            };
            let Some(doc) = docs.iter().find(|d| d.key == name) else {
                let known: Vec<&str> = docs.iter().map(|d| d.key).collect();
                return bad(format!(
                    "'{name}' is not a parameter of {}: it takes {}",
                    bot.name,
                    if known.is_empty() { "none".to_owned() } else { known.join(", ") }
                ));
            };
            if knobs.iter().any(|k| k.name == name) || bot.params.contains_key(name) {
                return bad(format!("'{name}' is given twice (in --params, or fixed in the bot's spec {bot})"));
            }
            let declared = doc.range::<f64>();
            let (lo, hi) = match range {
                Some(range) => {
                    let read = range.split_once("..").and_then(|(lo, hi)| Some((lo.parse().ok()?, hi.parse().ok()?)));
                    read.ok_or_else(|| {
                        TuneError::Settings(format!("'{word}': write a range as NAME=LO..HI (as k1=0..10)"))
                    })?
                }
                None => match declared {
                    Some((lo, Some(hi))) => (lo, hi),
                    _ => {
                        return bad(format!("{name} has no bounded range ({}): give one as {name}=LO..HI", doc.values));
                    }
                },
            };
            if lo >= hi || !lo.is_finite() || !hi.is_finite() {
                return bad(format!("{name}={lo}..{hi} is an empty range: LO must be below HI"));
            }
            if let Some((least, most)) = declared
                && (lo < least || most.is_some_and(|most| hi > most))
            {
                return bad(format!("{name}={lo}..{hi} leaves what {} takes ({})", bot.name, doc.values));
            }
            let default: f64 = doc.default.parse().unwrap_or((lo + hi) / 2.0);
            let fraction = bot.clone().with(name, &((lo + hi) / 2.0 + 0.25).to_string());
            let whole = kind.check(game, Some(&fraction)).is_err();
            let knob = Knob { name: name.to_owned(), lo, hi, whole, default };
            kind.check(game, Some(&bot.clone().with(name, &knob.value(0.5))))?;
            knobs.push(knob);
        }
        if knobs.is_empty() {
            return bad("--params names no weight to tune".to_owned());
        }
        Ok(TuneSettings {
            game: game.to_string(),
            bot: bot.to_string(),
            opponent: opponent.to_string(),
            knobs,
            method: method.to_owned(),
            seed,
            games,
            budget,
        })
    }

    /// Evaluations the budget pays for.
    pub fn evaluations(&self) -> usize {
        self.budget / self.games
    }

    /// The weights of the point `x` of the unit cube.
    pub fn weights(&self, x: &[f64]) -> Vec<f64> {
        self.knobs.iter().zip(x).map(|(k, u)| k.at(*u)).collect()
    }

    /// The bot with the weights `weights`.
    ///
    /// # Errors
    /// When the bot's spec in the settings does not read (a hand-edited history).
    pub fn spec(&self, weights: &[f64]) -> Result<Spec, TuneError> {
        let mut spec: Spec = self.bot.parse().map_err(ArenaError::from)?;
        for (knob, w) in self.knobs.iter().zip(weights) {
            spec = spec.with(&knob.name, &knob.text(*w));
        }
        Ok(spec)
    }

    /// The bot's defaults as a point of the unit cube.
    pub fn start(&self) -> Vec<f64> {
        self.knobs.iter().map(|k| ((k.default - k.lo) / (k.hi - k.lo)).clamp(0.0, 1.0)).collect()
    }

    /// The run in words.
    pub fn describe(&self) -> String {
        format!("{} by {} on {} against {}, seed {}", self.bot, self.method, self.game, self.opponent, self.seed)
    }
}

impl Knob {
    /// The weight at `u` of the way from `lo` to `hi`.
    fn at(&self, u: f64) -> f64 {
        let w = self.lo + u.clamp(0.0, 1.0) * (self.hi - self.lo);
        if self.whole { w.round() } else { w }
    }

    /// The value at `u` as the bot's spec writes it.
    fn value(&self, u: f64) -> String {
        self.text(self.at(u))
    }

    /// A weight as the bot's spec writes it.
    fn text(&self, w: f64) -> String {
        if self.whole { format!("{}", w.round()) } else { format!("{w}") }
    }
}

/// One weight vector scored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The point of the unit cube the method asked for.
    pub x: Vec<f64>,
    /// The weights, in the order of the settings' knobs.
    pub weights: Vec<f64>,
    /// Games the tuned bot won, and half the games drawn: a game counts 1 however many points it was worth.
    pub points: f64,
    /// Games played.
    pub games: usize,
    /// Its share of the games' points: `points / games`, the score Elo reads.
    pub score: f64,
}

/// A run so far: its settings and every evaluation in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// What the run is.
    pub settings: TuneSettings,
    /// Each weight vector scored, in the order asked.
    pub evaluations: Vec<Evaluation>,
}

impl History {
    /// A run not yet started.
    pub fn new(settings: TuneSettings) -> History {
        History { settings, evaluations: Vec::new() }
    }

    /// The best evaluation (the first of equals); `None` before any.
    pub fn best(&self) -> Option<&Evaluation> {
        self.evaluations.iter().fold(None, |best: Option<&Evaluation>, e| match best {
            Some(b) if b.score >= e.score => Some(b),
            _ => Some(e),
        })
    }

    /// Games played so far.
    pub fn played(&self) -> usize {
        self.evaluations.iter().map(|e| e.games).sum()
    }

    /// Whether the budget is spent.
    pub fn done(&self) -> bool {
        self.evaluations.len() >= self.settings.evaluations()
    }

    /// The best score after each evaluation, as (games played, best score so far): the run's curve.
    pub fn curve(&self) -> Vec<(usize, f64)> {
        let (mut games, mut best) = (0, f64::MIN);
        self.evaluations
            .iter()
            .map(|e| {
                games += e.games;
                best = best.max(e.score);
                (games, best)
            })
            .collect()
    }
}

/// How the oracle scores new points: by playing them whole, or a shard's share of the next batch.
enum Play<'a> {
    Whole { progress: Option<Watcher>, save: &'a mut dyn FnMut(&History) },
    Shard { shard: Shard, batch: Option<Vec<PartPoint>> },
}

/// The oracle of a run: answers from the history while it lasts, then plays.
struct Games<'a> {
    kind: &'a dyn GameKind,
    game: Spec,
    opponent: Spec,
    history: History,
    /// How many of the history's evaluations the method has asked for again.
    replayed: usize,
    play: Play<'a>,
    error: Option<TuneError>,
}

impl Games<'_> {
    /// Plays games `range` of the point's evaluation: the tuned bot's points.
    fn points(
        &self,
        weights: &[f64],
        range: std::ops::Range<usize>,
        progress: Option<Watcher>,
    ) -> Result<f64, TuneError> {
        let settings = &self.history.settings;
        let options = MatchOptions {
            games: range.len(),
            first: range.start,
            seed: derive_seed(settings.seed, 1),
            progress,
            ..MatchOptions::default()
        };
        let report = self.kind.run_match(&self.game, &settings.spec(weights)?, &self.opponent, &options)?;
        // A game counts 1, ½ or 0 whatever its stake (a Hapis gammon too): the score is the share Elo reads.
        Ok(report.records.iter().map(|r| score(r.a_points, r.b_points)).sum())
    }

    /// The scores of `points`: the history's while it lasts, then games played; fewer than asked when the budget
    /// ends within them or a shard's batch was played.
    fn score_all(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, TuneError> {
        let settings = self.history.settings.clone();
        let mut scores = Vec::with_capacity(points.len());
        let mut fresh: Vec<(Vec<f64>, Vec<f64>)> = Vec::new();
        for x in points {
            match self.history.evaluations.get(self.replayed) {
                Some(recorded) if fresh.is_empty() => {
                    if recorded.x != *x {
                        return Err(TuneError::History(format!(
                            "evaluation {} of the history is not what this run asks ({:?}, not {:?}): the history \
                             was written by another run or edited",
                            self.replayed + 1,
                            recorded.weights,
                            settings.weights(x)
                        )));
                    }
                    scores.push(recorded.score);
                    self.replayed += 1;
                }
                _ => fresh.push((x.clone(), settings.weights(x))),
            }
        }
        // Every point asked is an evaluation, a repeat too: a method that asks again pays again, so that a run
        // always ends within its budget (whole-number weights repeat often).
        let room = settings.evaluations().saturating_sub(self.history.evaluations.len());
        let complete = fresh.len() <= room;
        fresh.truncate(room);
        if let Play::Shard { shard, .. } = &self.play
            && !fresh.is_empty()
        {
            let range = shard.games(settings.games);
            let mut batch = Vec::new();
            for (x, weights) in fresh {
                let points = self.points(&weights, range.clone(), None)?;
                batch.push(PartPoint { x, weights, points, games: range.len() });
            }
            if let Play::Shard { batch: slot, .. } = &mut self.play {
                *slot = Some(batch);
            }
            return Ok(Vec::new());
        }
        // The run's bar counts games; each evaluation's match would otherwise draw a bar of its own.
        let forward = match &self.play {
            Play::Whole { progress: Some(outer), .. } => {
                let outer = outer.clone();
                Some(Watcher::new(move |step| {
                    if step == Progress::Played {
                        outer.tell(step);
                    }
                }))
            }
            _ => None,
        };
        for (x, weights) in fresh {
            let points = self.points(&weights, 0..settings.games, forward.clone())?;
            let score = points / settings.games as f64;
            scores.push(score);
            self.history.evaluations.push(Evaluation { x, weights, points, games: settings.games, score });
            self.replayed = self.history.evaluations.len();
            if let Play::Whole { save, .. } = &mut self.play {
                save(&self.history);
            }
        }
        if !complete {
            scores.clear();
        }
        Ok(scores)
    }
}

impl Oracle for Games<'_> {
    fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
        match self.score_all(points) {
            Ok(scores) if scores.len() == points.len() => Ok(scores),
            Ok(_) => Err(Stop),
            Err(error) => {
                self.error = Some(error);
                Err(Stop)
            }
        }
    }
}

/// Runs `method`'s search over the settings' box against `oracle`.
fn drive(settings: &TuneSettings, oracle: &mut Games<'_>) -> Result<(), TuneError> {
    let method = Method::parse(&settings.method)?;
    let start = settings.start();
    method.run(start.len(), Some(&start), settings.evaluations(), derive_seed(settings.seed, 0), oracle);
    match oracle.error.take() {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

fn oracle<'a>(kind: &'a dyn GameKind, history: History, play: Play<'a>) -> Result<Games<'a>, TuneError> {
    let game: Spec = history.settings.game.parse().map_err(ArenaError::from)?;
    let opponent: Spec = history.settings.opponent.parse().map_err(ArenaError::from)?;
    Ok(Games { kind, game, opponent, history, replayed: 0, play, error: None })
}

/// Runs (or takes up) a tuning run until its budget is spent; `save` hears the history after each evaluation,
/// `progress` each game.
///
/// # Errors
/// When a spec does not read, or the history was not written by this run.
pub fn tune(
    kind: &dyn GameKind,
    history: History,
    progress: Option<Watcher>,
    save: &mut dyn FnMut(&History),
) -> Result<History, TuneError> {
    let settings = history.settings.clone();
    if let Some(watcher) = &progress {
        let left = settings.budget.saturating_sub(history.played()) / settings.games * settings.games;
        watcher.tell(Progress::Start { what: format!("tune {} by {}", settings.bot, settings.method), games: left });
    }
    let mut games = oracle(kind, history, Play::Whole { progress: progress.clone(), save })?;
    drive(&settings, &mut games)?;
    if let Some(watcher) = &progress {
        watcher.tell(Progress::Finish);
    }
    Ok(games.history)
}

/// A shard's share of the next batch of a run: the games `shard` plays of every point the method asks next.
///
/// # Errors
/// When a spec does not read, the history was not written by this run, or the run is already over.
pub fn tune_shard(kind: &dyn GameKind, history: History, shard: Shard) -> Result<TunePart, TuneError> {
    if history.done() {
        return Err(TuneError::Settings(format!(
            "the run is over: its {} evaluations are in the history; nothing is left to shard",
            history.evaluations.len()
        )));
    }
    let settings = history.settings.clone();
    let base = history.evaluations.clone();
    let mut games = oracle(kind, history, Play::Shard { shard, batch: None })?;
    drive(&settings, &mut games)?;
    let Play::Shard { batch: Some(batch), .. } = games.play else {
        return Err(TuneError::History("the method asked for nothing new".to_owned()));
    };
    Ok(TunePart { settings, base, shard, batch })
}

/// One point of a batch as one shard played it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartPoint {
    /// The point asked.
    pub x: Vec<f64>,
    /// Its weights.
    pub weights: Vec<f64>,
    /// The tuned bot's wins and half its draws in this shard's games.
    pub points: f64,
    /// This shard's games.
    pub games: usize,
}

/// One shard's games of the next batch of a tuning run, as `hamle tune --shard I/N --out PART` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TunePart {
    /// The run.
    pub settings: TuneSettings,
    /// The history the batch follows.
    pub base: Vec<Evaluation>,
    /// Which shard.
    pub shard: Shard,
    /// The batch's points with this shard's games.
    pub batch: Vec<PartPoint>,
}

impl ShardPart for TunePart {
    const RUN: &'static str = "tuning run";
    type Key = (TuneSettings, Vec<Evaluation>, Vec<Vec<f64>>, usize);

    fn shard(&self) -> Shard {
        self.shard
    }

    fn key(&self) -> Self::Key {
        (self.settings.clone(), self.base.clone(), self.batch.iter().map(|p| p.x.clone()).collect(), self.shard.count)
    }

    fn describe(&self) -> String {
        format!("{}, after {} evaluations, {} shards", self.settings.describe(), self.base.len(), self.shard.count)
    }

    fn holds_its_share(&self) -> bool {
        let games = self.shard.games(self.settings.games).len();
        self.batch.iter().all(|p| p.games == games)
    }
}

/// The parts of one batch put together: the history with the batch's evaluations added.
///
/// # Errors
/// When the parts are not of one batch of one run, or a shard is missing or given twice.
pub fn merge_tune(parts: Vec<TunePart>) -> Result<History, ShardError> {
    let (first, rest) = fit(parts)?;
    let mut evaluations = first.base.clone();
    for (i, point) in first.batch.iter().enumerate() {
        let points = point.points + rest.iter().map(|p| p.batch[i].points).sum::<f64>();
        let games = first.settings.games;
        evaluations.push(Evaluation {
            x: point.x.clone(),
            weights: point.weights.clone(),
            points,
            games,
            score: points / games as f64,
        });
    }
    Ok(History { settings: first.settings, evaluations })
}
