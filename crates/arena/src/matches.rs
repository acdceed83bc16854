//! Matches between two bots: N seeded games in parallel, starts alternated, with a report; under a time
//! control each side keeps a clock, and a bot that runs out of time, gives no move or an illegal one loses
//! that game (a forfeit, with its reason), and the match goes on.

use std::collections::BTreeMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::str::FromStr;
use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Clock, Fault, Game, Player, Stream, Termination, Transcribe, Transcript, Turn};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::elo::{Rating, mean_interval, rate, wilson};
use crate::progress::{Progress, Watcher};
use crate::shard::{Shard, ShardError, ShardPart, fit};

/// Longest game, in plies and chance events, before it is scored a draw.
const MAX_PLIES: usize = 10_000;

/// How a match is run.
#[derive(Clone, Debug, Default)]
pub struct MatchOptions {
    /// Number of games.
    pub games: usize,
    /// The master seed: game `i` uses streams derived from it.
    pub seed: u64,
    /// Each bot's budget per move.
    pub budget: Budget,
    /// Who hears how far the match has gone, game by game (the CLI draws a bar from it).
    pub progress: Option<Watcher>,
    /// Each side's clock, when the match is played under a time control.
    pub clock: Option<TimeControl>,
    /// Write every game down in the game's record format ([`GameRecord::transcript`]; chess: PGN).
    pub transcripts: bool,
    /// The index of the first game: a run of `games` from `first` plays exactly those games of a longer
    /// match with the same seed (how a sequential test plays on in batches).
    pub first: usize,
}

/// A time control: each side's clock starts at `base` and gains `increment` after each of its moves.
///
/// ```
/// use hamle_arena::matches::TimeControl;
/// use std::time::Duration;
/// let tc: TimeControl = "10+0.1".parse()?;
/// assert_eq!((tc.base, tc.increment), (Duration::from_secs(10), Duration::from_millis(100)));
/// assert_eq!(tc.to_string(), "10+0.1", "as PGN's TimeControl tag writes it");
/// assert_eq!("60".parse::<TimeControl>()?.to_string(), "60");
/// assert!("ten".parse::<TimeControl>().is_err());
/// # Ok::<(), hamle_arena::matches::TimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time for the whole game.
    pub base: Duration,
    /// Time added to a side's clock after each of its moves.
    pub increment: Duration,
}

/// A time control that does not read: it names the text and says how one is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a time control: write BASE+INCREMENT in seconds, as 10+0.1, 60 or 0.5+0.01 (the base above 0)")]
pub struct TimeControlError(pub String);

/// Seconds with at most nine decimals (`0.25`), read exactly: a float would turn `0.1` into 0.1000000000000000055 s.
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
        return None;
    }
    let secs = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let nanos = if fraction.is_empty() { 0 } else { format!("{fraction:0<9}").parse().ok()? };
    Some(Duration::new(secs, nanos))
}

/// Seconds as the shortest decimal: `10`, `0.1`, `0.01`.
fn write_seconds(d: Duration) -> String {
    let fraction = format!("{:09}", d.subsec_nanos());
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() { d.as_secs().to_string() } else { format!("{}.{fraction}", d.as_secs()) }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, TimeControlError> {
        let bad = || TimeControlError(text.to_owned());
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let (base, increment) = (seconds(base.trim()).ok_or_else(bad)?, seconds(increment.trim()).ok_or_else(bad)?);
        // A day is far beyond any match, and keeps clock sums far from overflowing.
        if base.is_zero() || base > Duration::from_secs(86_400) || increment > Duration::from_secs(86_400) {
            return Err(bad());
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    /// As PGN's `TimeControl` tag: seconds, then `+` and the increment when there is one (`10+0.1`, `60`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_seconds(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", write_seconds(self.increment))?;
        }
        Ok(())
    }
}

/// What kind of forfeit lost a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitKind {
    /// The bot's clock ran out: it thought longer than it had left.
    Time,
    /// The bot chose a move the rules do not allow.
    IllegalMove,
    /// The bot failed to choose: its program crashed, hung or answered nonsense ([`Fault::Failed`]).
    Fault,
    /// The bot gave no move on its turn and did not say why.
    NoMove,
}

impl ForfeitKind {
    /// In words, for the table and the game's ending: `time forfeit`, `illegal move`, `fault`, `no move`.
    pub fn words(self) -> &'static str {
        match self {
            ForfeitKind::Time => "time forfeit",
            ForfeitKind::IllegalMove => "illegal move",
            ForfeitKind::Fault => "fault",
            ForfeitKind::NoMove => "no move",
        }
    }

    /// How a game lost this way ended, in PGN's words.
    pub fn termination(self) -> Termination {
        match self {
            ForfeitKind::Time => Termination::TimeForfeit,
            ForfeitKind::IllegalMove => Termination::RulesInfraction,
            ForfeitKind::Fault | ForfeitKind::NoMove => Termination::Abandoned,
        }
    }
}

/// A game lost off the board: how, and the details (the time used, the move, the engine's failure).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// What kind of forfeit.
    pub kind: ForfeitKind,
    /// The details in words.
    pub detail: String,
}

impl Forfeit {
    /// The sentence for a game's ending, naming who forfeited: `time forfeit by B: 0.312 s used with 0.200 s left`.
    pub fn sentence(&self, who: &str) -> String {
        format!("{} by {who}: {}", self.kind.words(), self.detail)
    }
}

/// A forfeit in a match's record: the side that lost by it, and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideForfeit {
    /// The side that forfeited.
    pub by: Side,
    /// How.
    #[serde(flatten)]
    pub forfeit: Forfeit,
}

/// A side of a match: bot A or bot B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first bot named.
    A,
    /// The second bot named.
    B,
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index in the match.
    pub index: usize,
    /// Whether bot A moved first.
    pub a_first: bool,
    /// Bot A's points.
    pub a_points: f64,
    /// Bot B's points.
    pub b_points: f64,
    /// Plies played.
    pub plies: usize,
    /// Whether the game hit the ply limit and was scored a draw.
    pub truncated: bool,
    /// How the game ended when not by the rules: `time forfeit by B: …`, `illegal move by A: e2e5`.
    pub end: Option<String>,
    /// The side that forfeited, and how.
    pub forfeit: Option<SideForfeit>,
    /// The game written down in its record format (chess: PGN), when the match asked for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
}

/// One side's totals in a match report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideReport {
    /// The bot as the match was asked for it: its spec, parameters included (`engine(level=3)`), with the
    /// settings the bot names itself with added (`registry::named`).
    pub bot: String,
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
    /// Total points.
    pub points: f64,
    /// Points per game.
    pub points_per_game: f64,
    /// 95 % interval of the share of games won (Wilson).
    pub won_ci95: [f64; 2],
    /// 95 % interval of the points per game; `null` in JSON with fewer than two games.
    pub points_per_game_ci95: [Option<f64>; 2],
    /// Games this side lost by forfeit, by kind (`time`, `illegal_move`, `fault`, `no_move`); none are left out.
    pub forfeits: BTreeMap<ForfeitKind, usize>,
}

/// The Elo difference of A over B with its 95 % interval; `null` in JSON where infinite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloReport {
    /// Elo of A minus Elo of B.
    pub diff: Option<f64>,
    /// 95 % confidence interval.
    pub ci95: [Option<f64>; 2],
}

/// What a match found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchReport {
    /// The game as named in the registry.
    pub game: String,
    /// Games played.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Bot A's totals.
    pub a: SideReport,
    /// Bot B's totals.
    pub b: SideReport,
    /// A's mean score per game (win 1, draw ½).
    pub mean_score: f64,
    /// Elo difference of A over B.
    pub elo: EloReport,
    /// Wall time of the whole match, in seconds.
    pub seconds: f64,
    /// Every game, in order.
    pub records: Vec<GameRecord>,
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some((x * 10.0).round() / 10.0)
}

impl MatchReport {
    /// Totals a match's game records.
    pub fn new(game: String, seed: u64, names: [String; 2], records: Vec<GameRecord>, seconds: f64) -> Self {
        let scores: Vec<f64> = records.iter().map(|r| score(r.a_points, r.b_points)).collect();
        let side = |bot: String, me: Side, mine: fn(&GameRecord) -> f64, theirs: fn(&GameRecord) -> f64| {
            let count = |want: f64| records.iter().filter(|r| score(mine(r), theirs(r)) == want).count();
            let points: f64 = records.iter().map(mine).sum();
            let wins = count(1.0);
            let (lo, hi) = wilson(wins, records.len());
            let per_game: Vec<f64> = records.iter().map(mine).collect();
            let (p_lo, p_hi) = mean_interval(&per_game);
            let bounded = |x: f64| x.is_finite().then_some(x);
            let mut forfeits = BTreeMap::new();
            for lost in records.iter().filter_map(|r| r.forfeit.as_ref()).filter(|lost| lost.by == me) {
                *forfeits.entry(lost.forfeit.kind).or_insert(0) += 1;
            }
            SideReport {
                bot,
                wins,
                draws: count(0.5),
                losses: count(0.0),
                points,
                points_per_game: points / records.len().max(1) as f64,
                won_ci95: [lo, hi],
                points_per_game_ci95: [bounded(p_lo), bounded(p_hi)],
                forfeits,
            }
        };
        let [a_name, b_name] = names;
        let a = side(a_name, Side::A, |r| r.a_points, |r| r.b_points);
        let b = side(b_name, Side::B, |r| r.b_points, |r| r.a_points);
        let Rating { score: mean_score, elo, ci95, .. } = rate(&scores);
        MatchReport {
            game,
            games: records.len(),
            seed,
            a,
            b,
            mean_score,
            elo: EloReport { diff: finite(elo), ci95: [finite(ci95.0), finite(ci95.1)] },
            seconds,
            records,
        }
    }

    /// The report as a table for people.
    pub fn table(&self) -> String {
        let elo = |x: Option<f64>, inf: &str| x.map_or(inf.to_owned(), |v| format!("{v:+.0}"));
        // Long names (an engine's path and settings) widen the column rather than push the numbers out of line.
        let width = self.a.bot.chars().count().max(self.b.bot.chars().count()).max(28);
        let mut out = format!(
            "{} — {} games, seed {}, {:.1} s\n\n{:<width$} {:>6} {:>6} {:>6} {:>9} {:>8}\n",
            self.game, self.games, self.seed, self.seconds, "bot", "wins", "draws", "losses", "points", "per game"
        );
        for s in [&self.a, &self.b] {
            out += &format!(
                "{:<width$} {:>6} {:>6} {:>6} {:>9.1} {:>8.3}\n",
                s.bot, s.wins, s.draws, s.losses, s.points, s.points_per_game
            );
        }
        out += &format!(
            "\nA's mean score {:.3}; Elo A − B {} (95 % interval {} … {})\n",
            self.mean_score,
            elo(self.elo.diff, if self.mean_score >= 0.5 { "+∞" } else { "−∞" }),
            elo(self.elo.ci95[0], "−∞"),
            elo(self.elo.ci95[1], "+∞"),
        );
        let a = &self.a;
        let ci = |x: Option<f64>, inf: &str| x.map_or(inf.to_owned(), |v| format!("{v:+.3}"));
        out += &format!(
            "A won {:.1} % of games (95 % interval {:.1} … {:.1} %); points per game {:+.3} ({} … {})\n",
            100.0 * a.wins as f64 / self.games.max(1) as f64,
            100.0 * a.won_ci95[0],
            100.0 * a.won_ci95[1],
            a.points_per_game,
            ci(a.points_per_game_ci95[0], "−∞"),
            ci(a.points_per_game_ci95[1], "+∞"),
        );
        if !(self.a.forfeits.is_empty() && self.b.forfeits.is_empty()) {
            out += "\nforfeits (games lost off the board), with the first game's reason:\n";
            for (side, s) in [(Side::A, &self.a), (Side::B, &self.b)] {
                if s.forfeits.is_empty() {
                    out += &format!("{:<width$} none\n", s.bot);
                }
                for (kind, n) in &s.forfeits {
                    let first = self.records.iter().find_map(|r| {
                        r.forfeit.as_ref().filter(|f| f.by == side && f.forfeit.kind == *kind).map(|f| (r.index, f))
                    });
                    let why = first.map_or(String::new(), |(i, f)| format!(" (game {}: {})", i + 1, f.forfeit.detail));
                    out += &format!("{:<width$} {} {n}{why}\n", s.bot, kind.words());
                }
            }
        }
        out
    }
}

/// 1, ½ or 0 for the side with `mine` points against `theirs`.
pub fn score(mine: f64, theirs: f64) -> f64 {
    if mine > theirs {
        1.0
    } else if mine < theirs {
        0.0
    } else {
        0.5
    }
}

/// How one game of a match went: the final state, each player's points, the plies played and, when a bot
/// lost it off the board, which player and how.
#[derive(Clone, Debug)]
pub struct Played<G> {
    /// The state when the game stopped.
    pub state: G,
    /// Each player's points (a forfeit gives the other player 1); `None` when the game was stopped unfinished.
    pub points: Option<[f64; 2]>,
    /// Plies and chance events played.
    pub plies: usize,
    /// The player who forfeited, and how.
    pub forfeit: Option<(Player, Forfeit)>,
}

/// Seconds with milliseconds, for a forfeit's details.
fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// Asks a bot for its move, turning a panic into a fault: one broken bot loses its game, not the match.
fn ask<G: Game>(
    bot: &mut dyn Bot<G>,
    state: &G,
    budget: &Budget,
    stream: &mut Stream,
) -> Result<Option<hamle_core::Decision<G::Move>>, Fault> {
    catch_unwind(AssertUnwindSafe(|| bot.choose(state, budget, stream))).map_err(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_owned());
        Fault::Failed(format!("the bot panicked: {why}"))
    })
}

/// Plays one game from `start` between `first` (player 0) and `second`; chance draws come from `dice`.
///
/// Under a time control (`clock`), each player's clock starts at its base; before each move the bot's budget
/// carries its clock and, as its time, what is left on it (or the budget's own time, when shorter); the
/// wall time of its `choose` is taken off and the increment added after the move. A bot that used more than
/// it had left, gave no move ([`Bot::fault`] says why), or a move not among [`Game::legal_moves`] loses at
/// once: the other player takes 1 point.
pub fn play_game<G: Game>(
    start: &G,
    bots: [&mut dyn Bot<G>; 2],
    streams: &mut [Stream; 2],
    dice: &mut Stream,
    budget: &Budget,
    clock: Option<TimeControl>,
) -> Played<G> {
    let mut state = start.clone();
    let mut left = [clock.map_or(Duration::ZERO, |c| c.base); 2];
    let mut legal = Vec::new();
    for plies in 0..MAX_PLIES {
        let end = |state: G, points| Played { state, points, plies, forfeit: None };
        match state.turn() {
            Turn::Over => {
                let points = state.points();
                return end(state, points);
            }
            Turn::Chance => match state.sample_chance(dice) {
                Some(event) => state.apply_chance(event),
                None => return end(state, None),
            },
            Turn::Player(p) => {
                let seat = usize::from(p.min(1));
                let budget = match clock {
                    Some(tc) => Budget {
                        clock: Some(Clock { remaining: left[seat], increment: tc.increment, moves_to_go: None }),
                        time: Some(budget.time.map_or(left[seat], |t| t.min(left[seat]))),
                        ..*budget
                    },
                    None => *budget,
                };
                let started = Instant::now();
                let answer = ask(&mut *bots[seat], &state, &budget, &mut streams[seat]);
                let used = started.elapsed();
                let lost = |kind, detail| {
                    let mut points = [0.0; 2];
                    points[1 - seat] = 1.0;
                    let forfeit = Some((p.min(1), Forfeit { kind, detail }));
                    Played { state: state.clone(), points: Some(points), plies, forfeit }
                };
                if let Some(tc) = clock {
                    // The flag falls first: a late move does not count, whatever it is.
                    if used > left[seat] {
                        return lost(ForfeitKind::Time, format!("{} used with {} left", secs(used), secs(left[seat])));
                    }
                    left[seat] = left[seat] - used + tc.increment;
                }
                let decision = match answer {
                    Ok(Some(decision)) => decision,
                    Ok(None) => {
                        return match bots[seat].fault() {
                            Some(Fault::IllegalMove(text)) => lost(ForfeitKind::IllegalMove, text),
                            Some(Fault::Failed(why)) => lost(ForfeitKind::Fault, why),
                            None => lost(ForfeitKind::NoMove, "it gave no move on its turn".to_owned()),
                        };
                    }
                    Err(fault) => return lost(ForfeitKind::Fault, fault.to_string()),
                };
                state.legal_moves(&mut legal);
                if !legal.contains(&decision.mv) {
                    return lost(ForfeitKind::IllegalMove, format!("{:?}", decision.mv));
                }
                state.play(decision.mv);
            }
        }
    }
    Played { state, points: None, plies: MAX_PLIES, forfeit: None }
}

/// Today's date as PGN writes it (`2026.11.25`), in UTC, from the system clock.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs() / 86_400).unwrap_or(0));
    let (y, m, d) = civil(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Plays a match of two-player games: game `i` starts from `start(i / 2)` (each pair of games from one
/// opening, colours swapped), takes its streams from `seed` derived by `i` (dice, then A's, then B's), and A
/// moves first in even games. Bots are made fresh for each game.
pub fn run_match<G: Game>(
    game_name: &str,
    start: &(dyn Fn(usize) -> G + Sync),
    make_a: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    options: &MatchOptions,
) -> MatchReport {
    run_match_with(game_name, start, make_a, make_b, options, None)
}

/// [`run_match`], writing each game down with `transcribe` when `options.transcripts` asks for it.
pub fn run_match_with<G: Game>(
    game_name: &str,
    start: &(dyn Fn(usize) -> G + Sync),
    make_a: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    options: &MatchOptions,
    transcribe: Option<Transcribe<G>>,
) -> MatchReport {
    let clock = std::time::Instant::now();
    let tell = |step: Progress| {
        if let Some(watcher) = &options.progress {
            watcher.tell(step);
        }
    };
    tell(Progress::Start { what: game_name.to_owned(), games: options.games });
    let master = Stream::new(options.seed);
    let (date, time_control) = (today(), options.clock.map(|c| c.to_string()));
    let played: Vec<(GameRecord, [String; 2])> = (options.first..options.first + options.games)
        .into_par_iter()
        .map(|index| {
            let game_stream = master.derive(index as u64);
            let mut dice = game_stream.derive(0);
            let (mut a, mut b) = (make_a(), make_b());
            let names = [a.name(), b.name()];
            let a_first = index % 2 == 0;
            let mut streams = if a_first {
                [game_stream.derive(1), game_stream.derive(2)]
            } else {
                [game_stream.derive(2), game_stream.derive(1)]
            };
            let bots: [&mut dyn Bot<G>; 2] = if a_first { [a.as_mut(), b.as_mut()] } else { [b.as_mut(), a.as_mut()] };
            let game = play_game(&start(index / 2), bots, &mut streams, &mut dice, &options.budget, options.clock);
            // The engines behind the bots stop before the next game starts.
            drop((a, b));
            tell(Progress::Played);
            let [p0, p1] = game.points.unwrap_or([0.0, 0.0]);
            let (a_points, b_points) = if a_first { (p0, p1) } else { (p1, p0) };
            let side = |player: Player| if (player == 0) == a_first { Side::A } else { Side::B };
            let forfeit = game.forfeit.clone().map(|(player, forfeit)| SideForfeit { by: side(player), forfeit });
            let end = forfeit.as_ref().map(|lost| lost.forfeit.sentence(if lost.by == Side::A { "A" } else { "B" }));
            let transcript = transcribe.filter(|_| options.transcripts).map(|write| {
                let seated = if a_first { [&names[0], &names[1]] } else { [&names[1], &names[0]] };
                let by_name = game.forfeit.as_ref().map(|(player, f)| f.sentence(seated[usize::from(*player)]));
                let termination = match (&game.forfeit, game.points) {
                    (Some((_, f)), _) => f.kind.termination(),
                    (None, Some(_)) => Termination::Normal,
                    (None, None) => Termination::Unterminated,
                };
                write(
                    &game.state,
                    &Transcript {
                        event: "hamle match",
                        round: index + 1,
                        date: &date,
                        names: [seated[0].as_str(), seated[1].as_str()],
                        points: game.points,
                        termination,
                        end: by_name.as_deref(),
                        time_control: time_control.as_deref(),
                    },
                )
            });
            let record = GameRecord {
                index,
                a_first,
                a_points,
                b_points,
                plies: game.plies,
                truncated: game.points.is_none(),
                end,
                forfeit,
                transcript,
            };
            (record, names)
        })
        .collect();
    tell(Progress::Finish);
    let names = match played.first() {
        Some((_, names)) => names.clone(),
        None => [make_a().name(), make_b().name()],
    };
    let records = played.into_iter().map(|(record, _)| record).collect();
    MatchReport::new(game_name.to_owned(), options.seed, names, records, clock.elapsed().as_secs_f64())
}

/// One shard's games of a match, as `hamle match --shard I/N --out PART` writes them: whole pairs of games
/// ([`Shard::games`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchPart {
    /// Which shard.
    pub shard: Shard,
    /// The game as named.
    pub game: String,
    /// The whole match's games.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Bot A's and bot B's names.
    pub bots: [String; 2],
    /// This shard's wall time, in seconds.
    pub seconds: f64,
    /// This shard's games, in order.
    pub records: Vec<GameRecord>,
}

impl MatchPart {
    /// The part of `report` (a run of `shard`'s games of a match of `games`).
    pub fn new(shard: Shard, games: usize, report: MatchReport) -> MatchPart {
        MatchPart {
            shard,
            game: report.game,
            games,
            seed: report.seed,
            bots: [report.a.bot, report.b.bot],
            seconds: report.seconds,
            records: report.records,
        }
    }
}

impl ShardPart for MatchPart {
    const RUN: &'static str = "match";
    type Key = (String, u64, [String; 2], usize, usize);

    fn shard(&self) -> Shard {
        self.shard
    }

    fn key(&self) -> Self::Key {
        (self.game.clone(), self.seed, self.bots.clone(), self.games, self.shard.count)
    }

    fn describe(&self) -> String {
        format!(
            "{} {} vs {}, {} games, seed {}, {} shards",
            self.game, self.bots[0], self.bots[1], self.games, self.seed, self.shard.count
        )
    }

    fn holds_its_share(&self) -> bool {
        self.records.iter().map(|r| r.index).eq(self.shard.games(self.games))
    }
}

/// The whole match from its parts, in any order: the report `hamle match` gives when it plays every game
/// itself, its wall time the sum of the parts'.
///
/// # Errors
/// Unless the parts are of one match (game, seed, bots, games, shard count) and hold every shard once with the
/// games that shard plays.
pub fn merge_match(parts: Vec<MatchPart>) -> Result<MatchReport, ShardError> {
    let (first, rest) = fit(parts)?;
    let seconds = first.seconds + rest.iter().map(|p| p.seconds).sum::<f64>();
    let records: Vec<GameRecord> = first.records.into_iter().chain(rest.into_iter().flat_map(|p| p.records)).collect();
    Ok(MatchReport::new(first.game, first.seed, first.bots, records, seconds))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use hamle_core::bot::RandomBot;
    use hamle_core::tree::Tree;
    use hamle_core::{Decision, Fault};

    use super::*;

    /// A chain of `n` single-move decisions, the players alternating, ending in a leaf worth 1 to player 0.
    fn chain(n: usize) -> Tree {
        Tree::parse(&format!("{}1{}", "[".repeat(n), "]".repeat(n))).expect("tree")
    }

    /// What a test bot does on its turn.
    #[derive(Clone, Copy)]
    enum Act {
        /// Thinks this long, then plays the first legal move.
        Sleep(Duration),
        /// Gives no move, saying why (or not).
        Fail(Option<&'static str>),
        /// Plays a move no node has.
        Illegal,
        /// Panics.
        Panic,
    }

    /// A test bot that acts as told and keeps every budget it is given.
    struct Actor {
        act: Act,
        budgets: Budgets,
        fault: Option<Fault>,
    }

    impl Bot<Tree> for Actor {
        fn name(&self) -> String {
            "actor".into()
        }

        fn choose(&mut self, _: &Tree, budget: &Budget, _: &mut Stream) -> Option<Decision<u32>> {
            self.budgets.lock().expect("lock").push(*budget);
            let decision = |mv| Decision { mv, score: 0.0, pv: vec![mv], depth: 0, nodes: 0, elapsed: Duration::ZERO };
            match self.act {
                Act::Sleep(d) => {
                    std::thread::sleep(d);
                    Some(decision(0))
                }
                Act::Fail(why) => {
                    self.fault =
                        why.map(|w| if w == "e2e5" { Fault::IllegalMove(w.into()) } else { Fault::Failed(w.into()) });
                    None
                }
                Act::Illegal => Some(decision(99)),
                Act::Panic => panic!("out of cheese"),
            }
        }

        fn fault(&mut self) -> Option<Fault> {
            self.fault.take()
        }
    }

    /// Every budget the test bots of one maker were given, in order.
    type Budgets = Arc<Mutex<Vec<Budget>>>;

    fn actor(act: Act) -> (impl Fn() -> Box<dyn Bot<Tree>> + Sync, Budgets) {
        let budgets = Arc::new(Mutex::new(Vec::new()));
        let kept = budgets.clone();
        (move || Box::new(Actor { act, budgets: kept.clone(), fault: None }) as Box<dyn Bot<Tree>>, budgets)
    }

    fn timed(games: usize, tc: &str) -> MatchOptions {
        MatchOptions { games, seed: 1, clock: Some(tc.parse().expect("time control")), ..MatchOptions::default() }
    }

    #[test]
    fn time_controls_read_and_write_as_pgn_does() {
        for (text, base_ms, inc_ms, written) in [
            ("10+0.1", 10_000, 100, "10+0.1"),
            ("60", 60_000, 0, "60"),
            ("0.5+0.01", 500, 10, "0.5+0.01"),
            (" 3 + 2 ", 3000, 2000, "3+2"),
            (".5+0", 500, 0, "0.5"),
            ("1.250+1.", 1250, 1000, "1.25+1"),
            ("86400", 86_400_000, 0, "86400"),
            ("1+86400", 1000, 86_400_000, "1+86400"),
        ] {
            let tc: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(tc.base, Duration::from_millis(base_ms), "{text}");
            assert_eq!(tc.increment, Duration::from_millis(inc_ms), "{text}");
            assert_eq!(tc.to_string(), written, "{text}");
        }
        assert_eq!("0.000000001".parse::<TimeControl>().map(|t| t.base), Ok(Duration::from_nanos(1)));
        for text in [
            "",
            "0",
            "0+1",
            "+1",
            "10+",
            "ten",
            "-1",
            "1+-1",
            "1e3",
            "1.2.3",
            "1+2+3",
            ".",
            "86401",
            "1+86401",
            "1.0000000001",
        ] {
            let err = text.parse::<TimeControl>().expect_err(text);
            assert!(err.to_string().contains("BASE+INCREMENT"), "{text}: {err}");
        }
    }

    #[test]
    fn a_bot_that_thinks_past_its_clock_loses_on_time_and_the_match_goes_on() {
        let (slow, _) = actor(Act::Sleep(Duration::from_millis(300)));
        let report = run_match("tree", &|_| chain(6), &slow, &random, &timed(4, "0.2+0"));
        assert_eq!(report.games, 4, "every game is played");
        assert_eq!((report.a.losses, report.b.wins), (4, 4));
        assert_eq!(report.a.forfeits.get(&ForfeitKind::Time), Some(&4));
        assert!(report.b.forfeits.is_empty());
        for r in &report.records {
            let lost = r.forfeit.as_ref().expect("a forfeit");
            assert_eq!((lost.by, lost.forfeit.kind), (Side::A, ForfeitKind::Time));
            let end = r.end.as_deref().expect("an ending");
            assert!(end.starts_with("time forfeit by A: 0.3") && end.ends_with("with 0.200 s left"), "{end}");
            assert_eq!((r.a_points, r.b_points), (0.0, 1.0));
            // A loses at its first move: before it when it starts, after B's when B starts.
            assert_eq!(r.plies, usize::from(!r.a_first));
        }
        let table = report.table();
        assert!(table.contains("forfeits") && table.contains("time forfeit 4"), "{table}");
        let json = serde_json::to_value(&report).expect("json");
        assert_eq!(json["a"]["forfeits"]["time"], 4);
        assert_eq!(json["records"][0]["forfeit"]["by"], "a");
        assert_eq!(json["records"][0]["forfeit"]["kind"], "time");
    }

    #[test]
    fn the_clock_loses_what_each_move_took_and_gains_the_increment() {
        // 80 ms a move: three moves pass 0.2 s without an increment; with 0.1 s more a move they never do.
        let (slow, budgets) = actor(Act::Sleep(Duration::from_millis(80)));
        let report = run_match("tree", &|_| chain(8), &slow, &random, &timed(1, "0.2"));
        let lost = report.records[0].forfeit.as_ref().expect("a forfeit");
        assert_eq!(lost.forfeit.kind, ForfeitKind::Time);
        assert_eq!(report.records[0].plies, 4, "two moves of A's and B's replies, then the third is late");
        let clocks: Vec<Clock> = budgets.lock().expect("lock").iter().map(|b| b.clock.expect("a clock")).collect();
        assert_eq!(clocks.len(), 3);
        assert_eq!(clocks[0].remaining, Duration::from_millis(200));
        assert!(clocks.windows(2).all(|w| w[1].remaining + Duration::from_millis(80) <= w[0].remaining), "{clocks:?}");
        assert!(clocks.iter().all(|c| c.increment.is_zero() && c.moves_to_go.is_none()));
        for b in budgets.lock().expect("lock").iter() {
            assert_eq!(b.time, b.clock.map(|c| c.remaining), "the time left is the hard stop");
        }

        let (slow, budgets) = actor(Act::Sleep(Duration::from_millis(80)));
        let report = run_match("tree", &|_| chain(8), &slow, &random, &timed(1, "0.2+0.1"));
        assert_eq!(report.records[0].forfeit, None, "{:?}", report.records[0].end);
        assert_eq!((report.a.wins, report.records[0].plies), (1, 8));
        let budgets = budgets.lock().expect("lock");
        assert_eq!(budgets.len(), 4);
        assert!(budgets.iter().skip(1).all(|b| b.clock.is_some_and(|c| c.remaining > Duration::from_millis(200))));
        assert!(budgets.iter().all(|b| b.clock.is_some_and(|c| c.increment == Duration::from_millis(100))));
    }

    #[test]
    fn a_budget_keeps_its_own_time_when_shorter_than_the_clock_and_no_clock_without_a_time_control() {
        let (quick, budgets) = actor(Act::Sleep(Duration::ZERO));
        let mut options = timed(1, "10");
        options.budget = Budget { depth: Some(3), time: Some(Duration::from_millis(50)), ..Budget::UNLIMITED };
        run_match("tree", &|_| chain(2), &quick, &random, &options);
        let got = budgets.lock().expect("lock")[0];
        assert_eq!((got.depth, got.time), (Some(3), Some(Duration::from_millis(50))));
        assert_eq!(got.clock.map(|c| c.remaining), Some(Duration::from_secs(10)));

        let (slow, budgets) = actor(Act::Sleep(Duration::from_millis(30)));
        let report = run_match("tree", &|_| chain(4), &slow, &random, &options_plain(2));
        assert!(report.records.iter().all(|r| r.forfeit.is_none() && r.end.is_none()));
        assert_eq!((report.a.wins, report.b.wins), (1, 1), "no clock, no time forfeit: the first mover wins");
        assert!(budgets.lock().expect("lock").iter().all(|b| *b == Budget::UNLIMITED));
    }

    fn options_plain(games: usize) -> MatchOptions {
        options(games, 1)
    }

    #[test]
    fn a_bot_without_a_move_an_illegal_one_or_a_panic_forfeits_with_the_reason() {
        for (act, kind, detail) in [
            (Act::Fail(Some("engine crashed: exit status 1")), ForfeitKind::Fault, "engine crashed: exit status 1"),
            (Act::Fail(Some("e2e5")), ForfeitKind::IllegalMove, "e2e5"),
            (Act::Fail(None), ForfeitKind::NoMove, "it gave no move on its turn"),
            (Act::Illegal, ForfeitKind::IllegalMove, "99"),
            (Act::Panic, ForfeitKind::Fault, "the bot panicked: out of cheese"),
        ] {
            let (bad, _) = actor(act);
            let report = run_match("tree", &|_| chain(3), &random, &bad, &options_plain(3));
            assert_eq!(report.games, 3, "the match goes on");
            assert_eq!((report.a.wins, report.b.losses), (3, 3), "{detail}");
            assert_eq!(report.b.forfeits.get(&kind), Some(&3), "{detail}");
            assert_eq!(report.b.forfeits.len(), 1);
            for r in &report.records {
                let lost = r.forfeit.as_ref().expect("a forfeit");
                assert_eq!((lost.by, lost.forfeit.kind, lost.forfeit.detail.as_str()), (Side::B, kind, detail));
                assert_eq!(r.end.as_deref(), Some(format!("{} by B: {detail}", kind.words()).as_str()));
                assert!(!r.truncated);
            }
            let line = format!("{} 3 (game 1: {detail})", kind.words());
            assert!(report.table().contains(&line), "{}", report.table());
        }
    }

    #[test]
    fn a_match_without_forfeits_lists_none() {
        let report = run_match("tree", &|_| chain(3), &random, &random, &options_plain(2));
        assert!(report.records.iter().all(|r| r.forfeit.is_none() && r.end.is_none() && r.transcript.is_none()));
        assert!(!report.table().contains("forfeits"), "{}", report.table());
    }

    #[test]
    fn transcripts_name_the_seats_the_round_the_ending_and_the_time_control() {
        fn write(tree: &Tree, t: &Transcript<'_>) -> String {
            format!(
                "{}|{}|{}|{}|{:?}|{:?}|{:?}|{:?}|{}|{}",
                t.event,
                t.round,
                t.names[0],
                t.names[1],
                t.points,
                t.termination,
                t.end,
                t.time_control,
                t.date.len(),
                tree.turn() == Turn::Over,
            )
        }
        let (bad, _) = actor(Act::Fail(Some("gone")));
        let mut options = timed(2, "10+0.5");
        options.transcripts = true;
        let report = run_match_with("tree", &|_| chain(3), &random, &bad, &options, Some(write));
        let lines: Vec<&str> = report.records.iter().map(|r| r.transcript.as_deref().expect("written")).collect();
        assert_eq!(
            lines[0],
            "hamle match|1|random|actor|Some([1.0, 0.0])|Abandoned|Some(\"fault by actor: gone\")|Some(\"10+0.5\")|10|false"
        );
        assert_eq!(
            lines[1],
            "hamle match|2|actor|random|Some([0.0, 1.0])|Abandoned|Some(\"fault by actor: gone\")|Some(\"10+0.5\")|10|false"
        );
        let report = run_match_with("tree", &|_| chain(2), &random, &random, &options, Some(write));
        assert!(
            report.records[0].transcript.as_deref().is_some_and(|t| t.contains("|Normal|None|") && t.ends_with("true"))
        );
        options.transcripts = false;
        let report = run_match_with("tree", &|_| chain(2), &random, &random, &options, Some(write));
        assert!(report.records.iter().all(|r| r.transcript.is_none()), "only when asked for");
    }

    #[test]
    fn each_kind_of_forfeit_has_its_words_and_its_pgn_termination() {
        let kinds = [ForfeitKind::Time, ForfeitKind::IllegalMove, ForfeitKind::Fault, ForfeitKind::NoMove];
        let said: Vec<(&str, &str)> = kinds.iter().map(|k| (k.words(), k.termination().pgn())).collect();
        assert_eq!(
            said,
            [
                ("time forfeit", "time forfeit"),
                ("illegal move", "rules infraction"),
                ("fault", "abandoned"),
                ("no move", "abandoned")
            ]
        );
    }

    #[test]
    fn a_panic_with_a_formatted_message_is_reported_with_it() {
        struct Formatted;
        impl Bot<Tree> for Formatted {
            fn name(&self) -> String {
                "formatted".into()
            }
            fn choose(&mut self, state: &Tree, _: &Budget, _: &mut Stream) -> Option<Decision<u32>> {
                panic!("no move among {}", state.len())
            }
        }
        let report = run_match("tree", &|_| chain(2), &random, &|| Box::new(Formatted), &options_plain(1));
        let lost = report.records[0].forfeit.as_ref().expect("a forfeit");
        assert_eq!(lost.forfeit.detail, "the bot panicked: no move among 3");
    }

    #[test]
    fn the_table_gives_each_kind_the_reason_of_its_own_first_game() {
        let record = |index: usize, by, kind, detail: &str| GameRecord {
            index,
            a_first: index.is_multiple_of(2),
            a_points: if by == Side::A { 0.0 } else { 1.0 },
            b_points: if by == Side::A { 1.0 } else { 0.0 },
            plies: 3,
            truncated: false,
            end: None,
            forfeit: Some(SideForfeit { by, forfeit: Forfeit { kind, detail: detail.into() } }),
            transcript: None,
        };
        let records = vec![
            record(0, Side::B, ForfeitKind::Fault, "crashed"),
            record(1, Side::A, ForfeitKind::Time, "slow"),
            record(2, Side::A, ForfeitKind::IllegalMove, "e2e5"),
            record(3, Side::A, ForfeitKind::Time, "slower"),
        ];
        let report = MatchReport::new("chess".into(), 1, ["a".into(), "b".into()], records, 0.0);
        let table = report.table();
        let a = format!("{:<28} time forfeit 2 (game 2: slow)\n{:<28} illegal move 1 (game 3: e2e5)\n", "a", "a");
        assert!(table.contains(&a), "{table}");
        assert!(table.contains(&format!("{:<28} fault 1 (game 1: crashed)\n", "b")), "{table}");
    }

    /// Shard `index` of `count` of a match of `total` games, A winning every game.
    fn match_part(index: usize, count: usize, total: usize) -> MatchPart {
        let shard = Shard { index, count };
        let records = shard
            .games(total)
            .map(|i| GameRecord {
                index: i,
                a_first: i % 2 == 0,
                a_points: 1.0,
                b_points: 0.0,
                plies: 5,
                truncated: false,
                end: None,
                forfeit: None,
                transcript: None,
            })
            .collect();
        MatchPart {
            shard,
            game: "tictactoe".into(),
            games: total,
            seed: 4,
            bots: ["perfect".into(), "random".into()],
            seconds: 1.5,
            records,
        }
    }

    #[test]
    fn a_match_merges_from_its_parts_in_any_order_and_refuses_what_is_not_one() {
        let merged = merge_match(vec![match_part(1, 2, 9), match_part(0, 2, 9)]).expect("merged");
        assert_eq!((merged.games, merged.a.wins, merged.seconds), (9, 9, 3.0));
        assert_eq!(merged.records.iter().map(|r| r.index).collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
        let refused = |parts: Vec<MatchPart>| merge_match(parts).expect_err("refused").to_string();
        assert!(refused(vec![match_part(1, 2, 9)]).contains("shard 0/2 is missing"));
        assert!(refused(vec![match_part(0, 2, 9)]).contains("shard 1/2 is missing"));
        assert!(refused(vec![match_part(0, 2, 9), match_part(0, 2, 9)]).contains("shard 0/2 is given twice"));
        let mut other = match_part(1, 2, 9);
        other.seed = 5;
        assert!(refused(vec![match_part(0, 2, 9), other]).contains("of another match"));
        let mut short = match_part(1, 2, 9);
        short.records.pop();
        assert!(refused(vec![match_part(0, 2, 9), short]).contains("does not hold the games that shard plays"));
        assert!(refused(vec![]).contains("no parts"));
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_088), (2024, 12, 31));
        assert_eq!(civil(-1), (1969, 12, 31));
        let today = today();
        assert_eq!((today.len(), &today[4..5], &today[7..8]), (10, ".", "."));
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("after 1970").as_secs();
        let year: u64 = today[..4].parse().expect("a year");
        assert!(year.abs_diff(1970 + secs / 31_556_952) <= 1, "{today}");
    }

    fn options(games: usize, seed: u64) -> MatchOptions {
        MatchOptions { games, seed, ..MatchOptions::default() }
    }

    fn random() -> Box<dyn Bot<Tree>> {
        Box::new(RandomBot)
    }

    #[test]
    fn starts_alternate_and_counts_add_up() {
        // The first player wins at once: whoever starts wins, so starts decide every game.
        let tree = Tree::parse("[1, 1]").expect("tree");
        let report = run_match("tree", &|_| tree.clone(), &random, &random, &options(11, 3));
        assert_eq!(report.a.wins, 6);
        assert_eq!(report.b.wins, 5);
        assert_eq!(report.a.wins + report.a.draws + report.a.losses, 11);
        assert_eq!(report.a.losses, report.b.wins);
        assert!(report.records.iter().all(|r| r.a_first == (r.index % 2 == 0)));
    }

    #[test]
    fn a_match_replays_from_its_seed() {
        let tree = Tree::parse("[[1, -1, 0], [-1, 1], [0, 1, -1, 1]]").expect("tree");
        let a = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 7));
        let b = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 7));
        assert_eq!(a.records, b.records);
        let c = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 8));
        assert_ne!(a.records, c.records, "another seed, other games");
    }

    /// Game `index` of a match, won by bot A.
    fn won_by_a(index: usize) -> GameRecord {
        GameRecord {
            index,
            a_first: index.is_multiple_of(2),
            a_points: 1.0,
            b_points: 0.0,
            plies: 5,
            truncated: false,
            end: None,
            forfeit: None,
            transcript: None,
        }
    }

    #[test]
    fn elo_is_null_in_json_when_every_game_is_won() {
        let report = MatchReport::new("tree".into(), 1, ["a".into(), "b".into()], (0..4).map(won_by_a).collect(), 0.0);
        assert_eq!((report.a.wins, report.b.losses, report.mean_score), (4, 4, 1.0));
        assert_eq!(report.elo.diff, None);
        let json = serde_json::to_value(&report).expect("json");
        assert!(json["elo"]["diff"].is_null());
        assert!(report.table().contains("+∞"));
    }

    /// 200–0: the Elo is +∞, but its interval starts where the Wilson interval of 200 of 200 does
    /// (`elo::wilson_elo`: 686.6), and the JSON holds that bound.
    #[test]
    fn a_sweep_s_elo_interval_is_bounded_below() {
        let report =
            MatchReport::new("tree".into(), 1, ["a".into(), "b".into()], (0..200).map(won_by_a).collect(), 0.0);
        assert_eq!((report.elo.diff, report.elo.ci95), (None, [Some(686.6), None]));
        assert!(report.table().contains("Elo A − B +∞ (95 % interval +687 … +∞)"), "{}", report.table());
    }
}
