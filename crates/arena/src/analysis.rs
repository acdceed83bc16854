//! Analysis of finished games: a match replayed from its record (or a game read in its own format, chess's
//! PGN), each decision that had a choice judged by the game's analyst, each throw's luck measured, and each
//! seat summed up. The work is a [`Job`] done a decision at a time, so that a terminal draws its progress and a
//! server shares its thinkers out between the job and everyone else.
//!
//! The report's JSON is documented in `docs/api.md` ("Analysis").

use std::collections::BTreeMap;

use hamle_core::analysis::{Analyst, Effort, Judgement};
use hamle_core::{Game, GameDef, Msg, Notation, Player, Spec, Turn};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::play::{Live, Match, Record, Refusal, Seat, Setup, Traced};

/// A finished match written down whole, as the web app exports it (`GET /api/games/{id}/record?format=json`)
/// and `hamle analyse` reads it: its setup, its seed (revealed once the match is over) and its actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Export {
    /// `hamle-record`, so that a reader knows the file.
    pub format: String,
    /// The game with its parameters (`tictactoe(variant=two-phase)`).
    pub game: String,
    /// Who sat where: `person`, or a bot's spec.
    pub seats: Vec<String>,
    /// The helper bot, if the match had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helper: Option<String>,
    /// Points that win the match, if it was a match to points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<u32>,
    /// Its time control, when it was played on a clock (`5+3`, `3d`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// The seed of its chance; `None` while the match is in play (it is revealed at the end).
    pub seed: Option<u64>,
    /// Every action, as the store keeps it.
    #[schema(value_type = Vec<Object>)]
    pub actions: Vec<Record>,
}

/// The `format` an [`Export`] carries.
pub const EXPORT_FORMAT: &str = "hamle-record";

impl Export {
    /// The setup the record describes.
    ///
    /// # Errors
    /// When its game or a bot is not a spec.
    pub fn setup(&self) -> Result<Setup, Refusal> {
        let spec = |text: &str| text.parse::<Spec>().map_err(|e| Refusal::Malformed(Msg::verbatim(e.to_string())));
        let seats = self
            .seats
            .iter()
            .map(|s| if s == "person" { Ok(Seat::Person) } else { spec(s).map(Seat::Bot) })
            .collect::<Result<Vec<_>, _>>()?;
        let helper = self.helper.as_deref().map(spec).transpose()?;
        Ok(Setup { game: spec(&self.game)?, seats, helper, length: self.length })
    }
}

/// What an analysis reads: a hamle record, or a game in the game's own record format.
#[derive(Clone, Debug)]
pub enum Source {
    /// A match as hamle records it.
    Record(Export),
    /// A game in its own format (chess: PGN).
    Text(String),
}

/// An analysis under way: judged a decision at a time by [`Job::step`], reported at any moment.
pub trait Job: Send {
    /// The decisions and throws to look at.
    fn total(&self) -> usize;
    /// Those looked at so far.
    fn done(&self) -> usize;
    /// Looks at the next one; false once all are done.
    fn step(&mut self) -> bool;
    /// The report so far (every decision once [`Job::done`] reaches [`Job::total`]).
    fn report(&self) -> Value;
}

/// What an analyst is, as a game's kind tells it without its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// Who judges.
    pub judge: &'static str,
    /// The units of loss.
    pub units: &'static str,
    /// How hard it looks.
    pub effort: Effort,
    /// The marks, mildest first.
    pub marks: &'static [&'static str],
}

/// The most decisions and throws one analysis looks at: a longer match is analysed a game at a time.
pub const MAX_ITEMS: usize = 2_000;

/// A judged move, with where it stood.
struct Judged<G: Notation> {
    game: u64,
    ply: usize,
    seat: u8,
    player: Player,
    state: G,
    played: G::Move,
    verdict: Option<Judgement<G::Move>>,
}

/// A throw's luck.
struct Lucky {
    game: u64,
    seat: u8,
    throw: String,
    luck: f64,
}

/// An analysis of one match of game `G`.
pub(crate) struct Analysis<G: Notation> {
    def: &'static GameDef<G>,
    analyst: &'static Analyst<G>,
    effort: u64,
    game: String,
    seats: Vec<String>,
    items: Vec<Traced<G>>,
    next: usize,
    judged: Vec<Judged<G>>,
    luck: Vec<Lucky>,
}

/// The analyst of a game, or why it has none.
pub(crate) fn analyst_of<G: Notation>(def: &'static GameDef<G>) -> Result<&'static Analyst<G>, Refusal> {
    def.face.analyst.as_ref().ok_or_else(|| Refusal::Malformed(Msg::new("analysis-no-analyst").arg("game", def.name)))
}

impl<G: Notation + std::fmt::Display> Analysis<G> {
    /// The analysis of `source` at `effort` (the analyst's default when `None`), of game `only` of the match
    /// (from 1) or of all of it.
    pub(crate) fn new(
        def: &'static GameDef<G>,
        source: Source,
        effort: Option<u64>,
        only: Option<u64>,
    ) -> Result<Analysis<G>, Refusal> {
        let analyst = analyst_of(def)?;
        let effort = effort.unwrap_or(analyst.effort.default);
        if !(analyst.effort.min..=analyst.effort.max).contains(&effort) {
            return Err(Refusal::Malformed(
                Msg::new("analysis-effort")
                    .arg("game", def.name)
                    .arg("min", analyst.effort.min)
                    .arg("max", analyst.effort.max)
                    .arg("means", analyst.effort.means)
                    .arg("effort", effort),
            ));
        }
        let (game, seats, trace) = match source {
            Source::Record(export) => {
                if export.format != EXPORT_FORMAT {
                    return Err(Refusal::Malformed(
                        Msg::new("analysis-format").arg("want", EXPORT_FORMAT).arg("got", export.format.clone()),
                    ));
                }
                let seed = export.seed.ok_or_else(|| Refusal::NotAllowed(Msg::new("analysis-no-seed")))?;
                let setup = export.setup()?;
                let mut live = Match::traced(def, setup.clone(), seed)?;
                if let Some(control) = &export.clock {
                    live.set_clock(control.parse().map_err(|e: String| Refusal::Malformed(Msg::verbatim(e)))?)?;
                }
                for (i, record) in export.actions.iter().enumerate() {
                    live.replay(record).map_err(|e| {
                        Refusal::Malformed(Msg::new("analysis-action").arg("n", i + 1).arg("why", e.msg().clone()))
                    })?;
                }
                if live.ending().is_none() {
                    return Err(Refusal::NotAllowed(Msg::new("analysis-not-over")));
                }
                (setup.game.to_string(), export.seats, live.take_trace())
            }
            Source::Text(text) => {
                let read = analyst
                    .read
                    .ok_or_else(|| Refusal::Malformed(Msg::new("analysis-records-only").arg("game", def.name)))?;
                let (start, moves) = read(&text).map_err(|e| Refusal::Malformed(Msg::verbatim(e)))?;
                let mut state = start;
                let mut trace = Vec::with_capacity(moves.len());
                for (ply, mv) in moves.into_iter().enumerate() {
                    let Turn::Player(player) = state.turn() else {
                        return Err(Refusal::Malformed(Msg::new("analysis-after-end").arg("n", ply + 1)));
                    };
                    let before = state.clone();
                    state
                        .try_play(mv)
                        .map_err(|_| Refusal::Malformed(Msg::new("analysis-illegal").arg("n", ply + 1)))?;
                    trace.push(Traced::Move { game: 0, ply, seat: player, state: before, mv });
                }
                let names = (def.face.players)(&state);
                (def.name.to_owned(), names.iter().map(|n| (*n).to_owned()).collect(), trace)
            }
        };
        let items: Vec<Traced<G>> = trace
            .into_iter()
            .filter(|item| only.is_none_or(|k| game_of(item) + 1 == k))
            .filter(|item| match item {
                // A move that was the only one is no decision.
                Traced::Move { state, .. } => {
                    let mut moves = Vec::new();
                    state.legal_moves(&mut moves);
                    moves.len() > 1
                }
                Traced::Draw { .. } => analyst.luck.is_some(),
            })
            .collect();
        if items.len() > MAX_ITEMS {
            return Err(Refusal::NotAllowed(
                Msg::new("analysis-too-long").arg("items", items.len()).arg("max", MAX_ITEMS),
            ));
        }
        Ok(Analysis { def, analyst, effort, game, seats, items, next: 0, judged: Vec::new(), luck: Vec::new() })
    }
}

fn game_of<G: Game>(item: &Traced<G>) -> u64 {
    match item {
        Traced::Move { game, .. } | Traced::Draw { game, .. } => *game,
    }
}

impl<G: Notation + std::fmt::Display> Job for Analysis<G> {
    fn total(&self) -> usize {
        self.items.len()
    }

    fn done(&self) -> usize {
        self.next
    }

    fn step(&mut self) -> bool {
        let Some(item) = self.items.get(self.next) else { return false };
        match item {
            Traced::Move { game, ply, seat, state, mv } => {
                let player = match state.turn() {
                    Turn::Player(p) => p,
                    _ => 0,
                };
                let verdict = (self.analyst.judge)(state, *mv, self.effort);
                self.judged.push(Judged {
                    game: *game,
                    ply: *ply,
                    seat: *seat,
                    player,
                    state: state.clone(),
                    played: *mv,
                    verdict,
                });
            }
            Traced::Draw { game, state, event, seats } => {
                if let Some((player, luck)) = self.analyst.luck.and_then(|f| f(state, *event)) {
                    let seat = seats[usize::from(player.min(1))];
                    let throw = (self.def.face.chance)(state, *event);
                    self.luck.push(Lucky { game: *game, seat, throw, luck });
                }
            }
        }
        self.next += 1;
        true
    }

    fn report(&self) -> Value {
        let moves: Vec<Value> = self
            .judged
            .iter()
            .map(|j| {
                let names = (self.def.face.players)(&j.state);
                let verdict = j.verdict.as_ref();
                json!({
                    "game": j.game + 1,
                    "ply": j.ply + 1,
                    "seat": j.seat,
                    "player": names[usize::from(j.player.min(1))],
                    "played": j.state.format_move(j.played),
                    "best": verdict.map(|v| j.state.format_move(v.best)),
                    "loss": verdict.map(|v| v.loss),
                    "mark": verdict.and_then(|v| v.mark),
                    "value": verdict.and_then(|v| v.value),
                    "accuracy": verdict.and_then(|v| v.accuracy),
                    "position": j.state.format_position(),
                    "view": (self.def.face.view)(&j.state),
                })
            })
            .collect();
        let luck: Vec<Value> = self
            .luck
            .iter()
            .map(|l| json!({ "game": l.game + 1, "seat": l.seat, "throw": l.throw, "luck": l.luck }))
            .collect();
        let seats: Vec<Value> = (0..self.seats.len()).map(|s| self.seat_summary(s as u8)).collect();
        json!({
            "game": self.game,
            "kind": self.def.name,
            "budget": {
                "judge": self.analyst.judge_name,
                // An effort with one value (a game solved outright) is no setting: null says so.
                "effort": (self.analyst.effort.min < self.analyst.effort.max).then_some(self.effort),
                "means": self.analyst.effort.means,
            },
            "units": self.analyst.units,
            "marks": self.analyst.marks,
            "done": self.next,
            "total": self.items.len(),
            "moves": moves,
            "luck": luck,
            "seats": seats,
        })
    }
}

impl<G: Notation + std::fmt::Display> Analysis<G> {
    /// A seat's decisions judged, its loss, its marks by name (each of the analyst's, zero included), the
    /// figures of its game's tradition, and its luck.
    fn seat_summary(&self, seat: u8) -> Value {
        let mine: Vec<&Judged<G>> = self.judged.iter().filter(|j| j.seat == seat).collect();
        let verdicts: Vec<&Judgement<G::Move>> = mine.iter().filter_map(|j| j.verdict.as_ref()).collect();
        let mut marks: BTreeMap<&str, usize> = self.analyst.marks.iter().map(|m| (*m, 0)).collect();
        for mark in verdicts.iter().filter_map(|v| v.mark) {
            *marks.entry(mark).or_insert(0) += 1;
        }
        let mut summary = Map::new();
        summary.insert("seat".into(), json!(seat));
        summary.insert("who".into(), json!(self.seats.get(usize::from(seat))));
        summary.insert("decisions".into(), json!(verdicts.len()));
        summary.insert("unjudged".into(), json!(mine.len() - verdicts.len()));
        summary.insert("loss_total".into(), json!(verdicts.iter().map(|v| v.loss).sum::<f64>()));
        summary.insert("marks".into(), json!(marks));
        summary.extend((self.analyst.summary)(&verdicts));
        if self.analyst.luck.is_some() {
            let luck: f64 = self.luck.iter().filter(|l| l.seat == seat).map(|l| l.luck).sum();
            summary.insert("luck".into(), json!(luck));
        }
        Value::Object(summary)
    }
}
