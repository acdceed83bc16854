//! One path for every game in play: a match of one or more games between seats (people or bots), driven by
//! typed actions, with chance drawn from the match's seed and stored with the action that caused it. The
//! server and the terminal both play through [`Match`]; a match's state is always the replay of its records.
//!
//! Streams: game `k` of a match draws chance from `Stream::new(seed).derive(k).derive(0)`, and the bot (or
//! the helper bot) deciding at the game's `n`-th decision breaks ties from `…derive(k).derive(1).derive(n)`,
//! so a replay, a restart or a bot's thinking time never changes what comes next.

use std::any::Any;
use std::time::Duration;

use hamle_core::{
    Arg, Bot, Budget, Decision, Game, GameDef, Msg, Notation, Player, Refused, Roller, Spec, Stream, Turn,
};
use hamle_l10n::Lang;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// What a seat may ask for. The web API takes these as JSON: `{"action": "move", "move": "b2"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Plays a whole move in the game's notation.
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Adds one step to a move entered a step at a time (Hapis: `1/4`).
    Step {
        /// The step.
        step: String,
    },
    /// Takes back the last step entered.
    Undo,
    /// Takes back this seat's last move and the bot's reply (games without chance, against a bot).
    Takeback,
    /// Offers a draw: a bot answers at once (the game's `accept_draw`); a person accepts by offering too,
    /// before either side moves.
    OfferDraw,
    /// Throws the dice when it is this seat's throw.
    Roll,
    /// Lets the match's helper bot choose this seat's move (2048's "let the bot play").
    Bot,
    /// Gives up the game in play.
    Resign,
    /// Starts the next game of the match (or plays again).
    Next,
    /// The seat's time ran out (a clocked game): the server calls it, never a person.
    Timeout,
}

/// An action as stored: who made it, whether a bot chose it, and what chance drew after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The seat that acted.
    pub seat: u8,
    /// The action, with a helper bot's choice written as the move it chose.
    #[serde(flatten)]
    pub action: Action,
    /// Whether a bot chose it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// The chance events drawn after it, in words (dice, tiles), checked again on replay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chance: Vec<String>,
    /// When it was made, in milliseconds since 1970, as the server's clock read it: kept in clocked games
    /// alone, whose clocks are replayed from these times.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
}

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person (who, is the caller's business: the server keeps tokens).
    Person,
    /// A bot, by spec.
    Bot(Spec),
}

/// What a match is: the game, who sits where, and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game with its parameters.
    pub game: Spec,
    /// One seat per player (one for one-player games, two otherwise).
    pub seats: Vec<Seat>,
    /// The bot that moves for a person who asks (the [`Action::Bot`] action), if any.
    pub helper: Option<Spec>,
    /// Points that win the match; `None`: one game (playing again is a new match, with a new seed to commit to).
    pub length: Option<u32>,
}

/// A time control for a game between people: each side's clock, kept from the times the server stamps on the
/// actions (never from a client's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A base time and an increment after each move (`5+3`: 5 minutes, 3 seconds a move).
    Fischer {
        /// The time each side starts with, in milliseconds.
        base_ms: i64,
        /// The time added after each of one's moves, in milliseconds.
        increment_ms: i64,
    },
    /// Correspondence: so many days for each move, the time left never carried over (`3d`).
    Days(u32),
}

/// The bases a control may have, in minutes: a quarter of a minute to three hours.
const BASE_MINUTES: std::ops::RangeInclusive<f64> = 0.25..=180.0;

impl std::str::FromStr for Control {
    type Err = String;

    /// Reads `MINUTES+SECONDS` (`5+3`, `0.5+0`) or `DAYSd` (`3d`, 1 to 14 days a move).
    fn from_str(text: &str) -> Result<Control, String> {
        let bad = || {
            format!(
                "'{text}' is not a time control: write MINUTES+SECONDS (5+3, 10+0, 15+10; minutes from 0.25 to 180, \
                 seconds from 0 to 60) or DAYSd (1d to 14d a move)"
            )
        };
        if let Some(days) = text.strip_suffix('d') {
            let days: u32 = days.parse().map_err(|_| bad())?;
            return if (1..=14).contains(&days) { Ok(Control::Days(days)) } else { Err(bad()) };
        }
        let (base, increment) = text.split_once('+').ok_or_else(bad)?;
        let minutes: f64 = base.parse().map_err(|_| bad())?;
        let seconds: u32 = increment.parse().map_err(|_| bad())?;
        if !BASE_MINUTES.contains(&minutes) || seconds > 60 {
            return Err(bad());
        }
        Ok(Control::Fischer { base_ms: (minutes * 60_000.0).round() as i64, increment_ms: i64::from(seconds) * 1000 })
    }
}

impl std::fmt::Display for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Control::Fischer { base_ms, increment_ms } => {
                write!(f, "{}+{}", base_ms as f64 / 60_000.0, increment_ms / 1000)
            }
            Control::Days(days) => write!(f, "{days}d"),
        }
    }
}

impl Control {
    /// The time a side has at the start (and, in correspondence, at the start of each of its turns).
    fn start_ms(self) -> i64 {
        match self {
            Control::Fischer { base_ms, .. } => base_ms,
            Control::Days(days) => i64::from(days) * 86_400_000,
        }
    }
}

/// The clocks of a clocked game: what each seat has left, and since when the seat to act has been thinking.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Clocks {
    control: Control,
    /// Milliseconds left, by seat, at `since`.
    left: [i64; 2],
    /// When the clock of the seat due to act began to run; `None` before the first action (the clocks start
    /// with the first move, as on lichess) and once the game is over.
    since: Option<i64>,
}

/// Why an action is refused; the match is unchanged.
#[derive(Clone, Debug, thiserror::Error)]
pub enum Refusal {
    /// The action is not one of this game's, or does not read (a move not in the notation).
    #[error("{}", hamle_l10n::render(Lang::En, .0))]
    Malformed(Msg),
    /// A well-formed action that the rules or the moment do not allow.
    #[error("{}", hamle_l10n::render(Lang::En, .0))]
    NotAllowed(Msg),
}

/// Two refusals are the same when they are of one kind and say the same in English, whether by one message or
/// by words kept as they are.
impl PartialEq for Refusal {
    fn eq(&self, other: &Refusal) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other) && self.to_string() == other.to_string()
    }
}

impl Refusal {
    /// Why, as a message of the catalogs.
    pub fn msg(&self) -> &Msg {
        match self {
            Refusal::Malformed(why) | Refusal::NotAllowed(why) => why,
        }
    }
}

/// How a game of the match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Points gained by each seat.
    pub points: [f64; 2],
    /// The seat that resigned, if one did.
    pub resigned: Option<u8>,
    /// The sentence that says so, in English.
    pub text: String,
    /// The sentence as a message, for the reader's language.
    pub msg: Msg,
}

/// One line of the match's log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The game of the match, from 1.
    pub game: u64,
    /// The seat it concerns, if one.
    pub seat: Option<u8>,
    /// What happened, in English.
    pub text: String,
    /// What happened as a message, for the reader's language.
    pub msg: Msg,
}

/// A match in play, of any game.
pub struct Match<G: Notation> {
    def: &'static GameDef<G>,
    setup: Setup,
    seed: u64,
    budget: Budget,
    start: G,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    helper: Option<Box<dyn Bot<G>>>,
    number: u64,
    state: G,
    chance: Stream,
    decisions: u64,
    pending: Vec<String>,
    ending: Option<Ending>,
    score: [f64; 2],
    history: Vec<String>,
    /// The game in play as it started (after what was settled at once), and its moves since with their seats:
    /// a take-back replays them.
    game_start: G,
    moves: Vec<(u8, G::Move)>,
    /// The seat whose draw offer stands (until the next move).
    draw_offer: Option<u8>,
    log: Vec<Line>,
    records: usize,
    /// Take-backs in the game in play, and undos since the last move: both bounded, so that a loop of them
    /// cannot grow a match without end.
    takebacks: u32,
    undos: u32,
    /// Every decision and draw since the match began, kept only when an analysis replays it.
    trace: Option<Vec<Traced<G>>>,
    /// The clocks, in a clocked game.
    clock: Option<Clocks>,
}

/// A moment of a match that an analysis looks at again: a move chosen, or a chance event drawn.
pub(crate) enum Traced<G: Game> {
    /// A move, with the position it was chosen in.
    Move {
        /// The game of the match, from 0.
        game: u64,
        /// The move's index among its game's moves, from 0.
        ply: usize,
        /// The seat that chose it.
        seat: u8,
        /// The position before it.
        state: G,
        /// The move.
        mv: G::Move,
    },
    /// A chance event, with the position it was drawn in and the seat each player sat at.
    Draw {
        /// The game of the match, from 0.
        game: u64,
        /// The position before it.
        state: G,
        /// What chance drew.
        event: G::Chance,
        /// The seat of player 0 and of player 1 in this game.
        seats: [u8; 2],
    },
}

/// A bot's decision being made away from the match (and from any lock on it).
pub struct Thinking {
    version: usize,
    seat: u8,
    /// The match's helper bot thinks for a person's seat (the [`Action::Bot`] action), not the seat's own bot.
    helper: bool,
    work: Box<dyn FnOnce() -> Box<dyn Any + Send> + Send>,
}

/// A bot's finished decision, to hand back to the match it came from.
pub struct Thought {
    version: usize,
    seat: u8,
    helper: bool,
    answer: Box<dyn Any + Send>,
}

impl Thinking {
    /// Thinks (within the bot's budget); the answer goes back to [`Live::finish`].
    pub fn run(self) -> Thought {
        Thought { version: self.version, seat: self.seat, helper: self.helper, answer: (self.work)() }
    }
}

/// The most records a match holds: past it every action but resigning is refused, so that no loop of actions
/// grows a stored game without end. A match of Hapis to 25 points takes about 12,000.
pub const MAX_RECORDS: usize = 20_000;

/// The most take-backs in one game of a match.
pub const MAX_TAKEBACKS: u32 = 100;

/// The most steps undone between two moves.
pub const MAX_UNDOS: u32 = 50;

/// The lines of the log the state shows: the newest ones (the record has them all).
pub const LOG_SHOWN: usize = 200;

/// A hint being worked out away from the match (and from any lock on it): a bot asked for one thinks up to
/// [`HINT_TIME`], and the game is not held up meanwhile.
pub struct Hinting {
    work: Box<dyn FnOnce() -> Result<Value, Refusal> + Send>,
}

impl Hinting {
    /// Works the hint out.
    ///
    /// # Errors
    /// [`Refusal::Malformed`] for a level the game does not know; [`Refusal::NotAllowed`] when the bot has no
    /// move to hint.
    pub fn run(self) -> Result<Value, Refusal> {
        (self.work)()
    }
}

/// The plain hint: the game's first (strongest) bot's choice within [`HINT_TIME`], with its expected line.
fn plain_hint<G: Notation>(def: &'static GameDef<G>, start: &G, state: &G, mut ties: Stream) -> Result<Value, Refusal> {
    let first = def.bots.first().ok_or_else(|| refuse(Msg::new("refusal-no-bot-to-ask")))?;
    let mut bot = def.bot(&Spec::named(first.name), start).map_err(|e| refuse(Msg::verbatim(e.to_string())))?;
    let decision = bot
        .choose(state, &Budget::time(HINT_TIME), &mut ties)
        .ok_or_else(|| refuse(Msg::new("refusal-no-move-to-hint")))?;
    Ok(json!({
        "bot": first.name,
        // JSON has no infinity: a proven result is written in words.
        "moves": [{ "move": state.format_move(decision.mv), "value": match decision.score {
            v if v == f64::INFINITY => json!("won"),
            v if v == f64::NEG_INFINITY => json!("lost"),
            v => json!(v),
        } }],
        "depth": decision.depth,
        "nodes": decision.nodes,
        "line": line(state, &decision),
    }))
}

/// The bot's expected line from `state`, each move written in the notation of the position it is played from
/// (SAN needs the position: a check, a capture, which knight). It starts with the chosen move, and stops where
/// no player is to move (the line cannot foresee chance) or at a move the position does not allow, so that a
/// search's stale line never shows an impossible move.
pub(crate) fn line<G: Notation>(state: &G, decision: &Decision<G::Move>) -> Vec<String> {
    let moves =
        if decision.pv.first() == Some(&decision.mv) { &decision.pv[..] } else { std::slice::from_ref(&decision.mv) };
    let mut board = state.clone();
    let mut written = Vec::with_capacity(moves.len());
    for &mv in moves {
        if !matches!(board.turn(), Turn::Player(_)) {
            break;
        }
        let text = board.format_move(mv);
        if board.try_play(mv).is_err() {
            break;
        }
        written.push(text);
    }
    written
}

/// What a bot does when it is a bot's turn.
pub enum BotTurn {
    /// It acted at once (a throw of the dice): the record to store.
    Acted(Record),
    /// It must think: run this, then hand the thought back.
    Think(Thinking),
}

/// A match with its game's type forgotten, as the server and the terminal hold it.
pub trait Live: Send {
    /// Applies a person's action for `seat`; returns the record to store. A clocked game needs
    /// [`Live::act_at`].
    ///
    /// # Errors
    /// A [`Refusal`] when the action is malformed or not allowed now; nothing changes.
    fn act(&mut self, seat: u8, action: Action) -> Result<Record, Refusal> {
        self.act_at(seat, action, None)
    }

    /// Applies a person's action for `seat` made at `at` (milliseconds since 1970, the server's clock; a clocked
    /// game charges the time since the last action to the seat that was to act); returns the record to store.
    ///
    /// # Errors
    /// A [`Refusal`] when the action is malformed or not allowed now, or the time of the seat to act has run
    /// out (then [`Live::flag`] ends the game); nothing changes.
    fn act_at(&mut self, seat: u8, action: Action, at: Option<i64>) -> Result<Record, Refusal>;

    /// Puts the game on a clock, before its first action.
    ///
    /// # Errors
    /// When actions were made already, or a seat is not a person's (clocks are for games between people).
    fn set_clock(&mut self, control: Control) -> Result<(), Refusal>;

    /// Ends the game on time when the clock of the seat to act has run out by `at`: the record to store, or
    /// `None` when no flag has fallen (or the game has no clock).
    fn flag(&mut self, at: i64) -> Option<Record>;

    /// Applies a stored record again (when a match is loaded), checking the chance it drew.
    ///
    /// # Errors
    /// When the record no longer fits the match (a damaged store); the match may then be left part-way and is
    /// to be dropped, as a damaged store is not played on.
    fn replay(&mut self, record: &Record) -> Result<(), Refusal>;

    /// The bot's turn, when a bot is to act now (in a match of bots alone, going on to the next game too);
    /// `None` when a person is to act or nothing is.
    fn bot_turn(&mut self) -> Option<BotTurn>;

    /// Whether a bot is to act now: what [`Live::bot_turn`] would do something for, without doing it.
    fn bot_due(&self) -> bool;

    /// The helper bot's thought on `seat`'s move, for a caller that runs it away from any lock (the
    /// [`Action::Bot`] action, which [`Live::act`] instead works out at once); [`Live::finish`] plays it.
    ///
    /// # Errors
    /// A [`Refusal`] when the seat may not ask now or the match has no helper; nothing changes.
    fn helping(&mut self, seat: u8) -> Result<Thinking, Refusal>;

    /// Plays a bot's thought; `None` when the match moved on meanwhile and the thought is stale.
    fn finish(&mut self, thought: Thought) -> Option<Record>;

    /// About how many bytes the match holds in memory, its bots' tables included.
    fn footprint(&self) -> usize;

    /// The state a page shows, the same for everyone who looks (seats' secrets: none).
    fn view(&self) -> Value;

    /// The seat that a person must act from now, if one; `None` when bots act, anyone may throw, or it is over.
    fn waiting_for(&self) -> Option<u8>;

    /// The seats, as set up.
    fn seats(&self) -> &[Seat];

    /// Hints for `seat`'s move now, at `level` (the game's own words): checked now, worked out by
    /// [`Hinting::run`], so that a caller holding a lock on the match lets it go while the bot thinks.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] when the seat has nothing to choose now.
    fn hinting(&self, seat: u8, level: Option<&str>) -> Result<Hinting, Refusal>;

    /// Hints for `seat`'s move now, at `level`, worked out at once ([`Live::hinting`], then [`Hinting::run`]).
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] when the seat has nothing to choose now; [`Refusal::Malformed`] for a level the
    /// game does not know.
    fn hint(&self, seat: u8, level: Option<&str>) -> Result<Value, Refusal> {
        self.hinting(seat, level)?.run()
    }

    /// The match as a text record: tags, then the log.
    fn record(&self) -> String;

    /// A line for lists of games.
    fn summary(&self) -> String;

    /// Whether the match is over (its seed may be revealed).
    fn over(&self) -> bool;

    /// The board of the game in play drawn as text for the terminal, as the person at `seat` sees it, its words
    /// in `lang`.
    fn board(&self, seat: u8, lang: Lang) -> String;

    /// How many records the match holds.
    fn version(&self) -> usize;
}

/// A side's name (`white`, `X`) as its message in the catalogs (`side-white`, `side-x`).
fn side(name: &str) -> Msg {
    Msg::new(format!("side-{}", name.to_lowercase()))
}

/// A game hook's refusal as the play layer's.
fn refusal(refused: Refused) -> Refusal {
    match refused {
        Refused::Malformed(why) => Refusal::Malformed(why),
        Refused::NotAllowed(why) => Refusal::NotAllowed(why),
    }
}

fn malformed(why: Msg) -> Refusal {
    Refusal::Malformed(why)
}

fn refuse(why: Msg) -> Refusal {
    Refusal::NotAllowed(why)
}

impl<G: Notation + std::fmt::Display> Match<G> {
    /// A new match from `seed`, each bot thinking within `budget`; chance that needs nobody is drawn at once.
    ///
    /// # Errors
    /// When the setup names an unknown game, bot or parameter, or has the wrong number of seats.
    pub fn new(def: &'static GameDef<G>, setup: Setup, seed: u64, budget: Budget) -> Result<Match<G>, Refusal> {
        let start = def.game(&setup.game).map_err(|e| malformed(Msg::verbatim(e.to_string())))?;
        let players = usize::from(start.info().players);
        if setup.seats.len() != players {
            return Err(malformed(
                Msg::new("refusal-seat-count")
                    .arg("game", def.name)
                    .arg("players", players)
                    .arg("seats", setup.seats.len()),
            ));
        }
        let mut bots = Vec::new();
        for seat in &setup.seats {
            bots.push(match seat {
                Seat::Person => None,
                Seat::Bot(spec) => Some(def.bot(spec, &start).map_err(|e| malformed(Msg::verbatim(e.to_string())))?),
            });
        }
        let helper = setup
            .helper
            .as_ref()
            .map(|s| def.bot(s, &start))
            .transpose()
            .map_err(|e| malformed(Msg::verbatim(e.to_string())))?;
        if setup.length == Some(0) {
            return Err(malformed(Msg::new("refusal-match-length")));
        }
        let mut live = Match {
            def,
            game_start: start.clone(),
            moves: Vec::new(),
            draw_offer: None,
            state: start.clone(),
            start,
            setup,
            seed,
            budget,
            bots,
            helper,
            number: 0,
            chance: Stream::new(seed).derive(0).derive(0),
            decisions: 0,
            pending: Vec::new(),
            ending: None,
            score: [0.0; 2],
            history: Vec::new(),
            log: Vec::new(),
            records: 0,
            takebacks: 0,
            undos: 0,
            trace: None,
            clock: None,
        };
        let mut drawn = Vec::new();
        live.settle(&mut drawn);
        live.game_start = live.state.clone();
        Ok(live)
    }

    /// A match that keeps every decision and draw from its start, for an analysis to replay.
    pub(crate) fn traced(def: &'static GameDef<G>, setup: Setup, seed: u64) -> Result<Match<G>, Refusal> {
        let mut live = Match::new(def, setup, seed, Budget::UNLIMITED)?;
        // What was settled at once (2048's first tiles) came before the trace: those draws are nobody's choice.
        live.trace = Some(Vec::new());
        Ok(live)
    }

    /// The decisions and draws kept since the match began, taken out.
    pub(crate) fn take_trace(&mut self) -> Vec<Traced<G>> {
        self.trace.take().unwrap_or_default()
    }

    /// The game in play, before any steps being entered.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The steps entered so far of a move being entered a step at a time.
    pub fn pending(&self) -> &[String] {
        &self.pending
    }

    /// The game of the match, from 0.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Each seat's points so far.
    pub fn score(&self) -> [f64; 2] {
        self.score
    }

    /// How the game in play ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The match's log.
    pub fn log(&self) -> &[Line] {
        &self.log
    }

    /// The moves of the game in play, in notation.
    pub fn history(&self) -> &[String] {
        &self.history
    }

    /// The player (0 moves first) that `seat` plays in the game in play.
    pub fn player_of(&self, seat: u8) -> Player {
        if self.def.face.alternate && self.setup.seats.len() == 2 { seat ^ (self.number & 1) as u8 } else { seat }
    }

    /// The seat that plays `player` in the game in play.
    pub fn seat_of(&self, player: Player) -> u8 {
        self.player_of(player)
    }

    fn seat_name(&self, seat: u8) -> &'static str {
        let players = (self.def.face.players)(&self.state);
        players[usize::from(self.player_of(seat).min(1))]
    }

    fn is_person(&self, seat: u8) -> bool {
        matches!(self.setup.seats.get(usize::from(seat)), Some(Seat::Person))
    }

    /// A match to N points is over when a seat has N; a match of one game (no length) when its game is; and a
    /// match at its ceiling of records when its game in play has ended (no next game can be stored).
    fn match_over(&self) -> bool {
        if self.records >= MAX_RECORDS && self.ending.is_some() {
            return true;
        }
        match self.setup.length {
            Some(n) => self.score.iter().any(|&s| s >= f64::from(n)),
            None => self.ending.is_some(),
        }
    }

    fn note(&mut self, seat: Option<u8>, msg: Msg) {
        let text = hamle_l10n::render(Lang::En, &msg);
        self.log.push(Line { game: self.number + 1, seat, text, msg });
    }

    /// The side `seat` plays, as a message (`side-white`), for sentences in the reader's language.
    fn side(&self, seat: u8) -> Msg {
        side(self.seat_name(seat))
    }

    /// The stream that breaks the ties of the game's next decision.
    fn ties(&self) -> Stream {
        Stream::new(self.seed).derive(self.number).derive(1).derive(self.decisions)
    }

    /// `bot`'s decision on the position now, for `seat`, to be run away from the match: it owns the bot and
    /// copies of what it reads, and hands the bot back with its answer ([`Live::finish`]).
    fn thought(&self, mut bot: Box<dyn Bot<G>>, seat: u8, helper: bool) -> Thinking {
        let state = self.state.clone();
        let budget = self.budget;
        let mut ties = self.ties();
        let work = move || -> Box<dyn Any + Send> {
            let decision = bot.choose(&state, &budget, &mut ties);
            Box::new((bot, decision))
        };
        Thinking { version: self.records, seat, helper, work: Box::new(work) }
    }

    /// Draws chance that needs nobody, plays passes, and scores a finished game.
    fn settle(&mut self, drawn: &mut Vec<String>) {
        // Passes without chance between them would go round for ever in a game whose sides can both only pass:
        // after two, the pass is left to the players.
        let mut passes = 0;
        loop {
            match self.state.turn() {
                Turn::Chance if (self.def.face.roller)(&self.state) == Roller::Auto => {
                    if !self.draw(drawn) {
                        return;
                    }
                    passes = 0;
                }
                Turn::Player(_) => {
                    let mut moves = Vec::new();
                    self.state.legal_moves(&mut moves);
                    // A roll that cannot be played at all is passed at once (Hapis's "gele").
                    match moves.as_slice() {
                        [only] if passes < 2 && self.state.format_move(*only).is_empty() => {
                            passes += 1;
                            let seat = self.seat_of(match self.state.turn() {
                                Turn::Player(p) => p,
                                _ => 0,
                            });
                            // A throw that cannot be played has its own name where there are dice: "gele".
                            let id = if self.state.info().chance { "log-no-move-dice" } else { "log-no-move" };
                            self.note(Some(seat), Msg::new(id).arg("who", self.side(seat)));
                            self.state.play(*only);
                            self.moves.push((seat, *only));
                            self.decisions += 1;
                        }
                        _ => return,
                    }
                }
                Turn::Over => {
                    if self.ending.is_none() {
                        let points = self.state.points().unwrap_or([0.0; 2]);
                        let msg = (self.def.face.ending)(&self.state);
                        self.end_game(points, None, msg);
                    }
                    return;
                }
                Turn::Chance => return,
            }
        }
    }

    /// Draws one chance event; false when the game offers none (then nothing changes).
    fn draw(&mut self, drawn: &mut Vec<String>) -> bool {
        let Some(event) = (self.def.face.draw)(&self.state, &mut self.chance) else { return false };
        drawn.push((self.def.face.chance)(&self.state, event));
        if self.trace.is_some() {
            let (game, seats) = (self.number, [self.seat_of(0), self.seat_of(1)]);
            let state = self.state.clone();
            self.trace.get_or_insert_default().push(Traced::Draw { game, state, event, seats });
        }
        self.state.apply_chance(event);
        true
    }

    /// Scores a game by its players' points and logs how it ended. A match counts what each seat wins: a loss
    /// (Hapis's −2 for a mars) takes nothing away.
    fn end_game(&mut self, by_player: [f64; 2], resigned: Option<u8>, msg: Msg) {
        let mut points = [0.0; 2];
        for seat in 0..self.setup.seats.len().min(2) {
            points[seat] = by_player[usize::from(self.player_of(seat as u8).min(1))].max(0.0);
        }
        self.score[0] += points[0];
        self.score[1] += points[1];
        self.note(None, msg.clone());
        let text = hamle_l10n::render(Lang::En, &msg);
        self.ending = Some(Ending { points, resigned, text, msg });
        if self.match_over() && self.setup.length.is_some() {
            let winner = if self.score[0] >= self.score[1] { 0 } else { 1 };
            let msg = Msg::new("log-match-won")
                .arg("seat", winner + 1)
                .arg("label", self.seat_msg(winner))
                .arg("won", self.score[winner])
                .arg("lost", self.score[1 - winner]);
            self.note(None, msg);
        }
    }

    /// Who sits at `seat` as a message: a bot by its spec, or a person.
    fn seat_msg(&self, seat: usize) -> Msg {
        match self.setup.seats.get(seat) {
            Some(Seat::Bot(spec)) => Msg::new("seat-bot").arg("spec", spec.to_string()),
            _ => Msg::new("seat-person"),
        }
    }

    fn seat_label(&self, seat: usize) -> String {
        hamle_l10n::render(Lang::En, &self.seat_msg(seat))
    }

    /// Who must act now: the seat and whether it throws.
    fn due(&self) -> Option<(Option<u8>, bool)> {
        if self.ending.is_some() || self.match_over() {
            return None;
        }
        match self.state.turn() {
            Turn::Player(p) => Some((Some(self.seat_of(p)), false)),
            Turn::Chance => match (self.def.face.roller)(&self.state) {
                Roller::Player(p) => Some((Some(self.seat_of(p)), true)),
                Roller::Anyone => Some((None, true)),
                Roller::Auto => None,
            },
            Turn::Over => None,
        }
    }

    fn check_turn(&self, seat: u8, rolling: bool) -> Result<(), Refusal> {
        if self.match_over() {
            return Err(refuse(Msg::new("refusal-match-over")));
        }
        if self.ending.is_some() {
            return Err(refuse(Msg::new("refusal-game-over-next")));
        }
        match self.due() {
            Some((Some(s), r)) if s == seat && r == rolling => Ok(()),
            Some((None, true)) if rolling => Ok(()),
            Some((_, true)) => Err(refuse(Msg::new("refusal-throw-now"))),
            Some((Some(_), false)) if rolling => Err(refuse(Msg::new("refusal-no-throw-now"))),
            _ => Err(refuse(Msg::new("refusal-not-your-turn"))),
        }
    }

    /// Takes back moves until `seat`'s last one is undone, and replays the game's moves that remain.
    fn take_back(&mut self, seat: u8) -> Result<(), Refusal> {
        if self.state.info().chance {
            return Err(refuse(Msg::new("refusal-takeback-chance")));
        }
        let other = usize::from(1 - seat.min(1));
        if !matches!(self.setup.seats.get(other), Some(Seat::Bot(_))) {
            return Err(refuse(Msg::new("refusal-takeback-bot-only")));
        }
        if self.ending.is_some() {
            return Err(refuse(Msg::new("refusal-game-over")));
        }
        if self.takebacks >= MAX_TAKEBACKS {
            return Err(refuse(Msg::new("refusal-takeback-limit").arg("n", MAX_TAKEBACKS)));
        }
        let Some(last) = self.moves.iter().rposition(|&(s, _)| s == seat) else {
            return Err(refuse(Msg::new("refusal-takeback-none")));
        };
        self.takebacks += 1;
        let undone = self.moves.len() - last;
        self.draw_offer = None;
        self.moves.truncate(last);
        let (number, kept) = (self.number, self.moves.len());
        if let Some(trace) = self.trace.as_mut() {
            trace.retain(|t| !matches!(t, Traced::Move { game, ply, .. } if *game == number && *ply >= kept));
        }
        self.history.truncate(self.history.len().saturating_sub(undone));
        self.pending.clear();
        self.state = self.game_start.clone();
        for &(_, mv) in &self.moves {
            self.state.play(mv);
        }
        self.note(Some(seat), Msg::new("log-takes-back").arg("who", self.side(seat)).arg("n", undone));
        Ok(())
    }

    /// A draw offer: a bot seat answers at once by the game's rule, a person's offer stands until a move, and two
    /// standing offers agree.
    fn offer_draw(&mut self, seat: u8) -> Result<(), Refusal> {
        if self.setup.seats.len() != 2 {
            return Err(malformed(Msg::new("refusal-draw-no-opponent")));
        }
        if self.match_over() || self.ending.is_some() {
            return Err(refuse(Msg::new("refusal-game-over")));
        }
        if self.draw_offer == Some(seat) {
            return Err(refuse(Msg::new("refusal-draw-offer-stands")));
        }
        let other = 1 - seat.min(1);
        let agreed = match &self.setup.seats[usize::from(other)] {
            Seat::Bot(spec) => {
                if !(self.def.face.accept_draw)(&self.state, self.player_of(other)) {
                    return Err(refuse(Msg::new("refusal-bot-declines-draw").arg("bot", spec.to_string())));
                }
                true
            }
            Seat::Person => self.draw_offer == Some(other),
        };
        if agreed {
            self.draw_offer = None;
            self.note(Some(seat), Msg::new("log-agrees-draw").arg("who", self.side(seat)));
            self.end_game([0.5, 0.5], None, Msg::new("ending-draw-agreed"));
        } else {
            self.draw_offer = Some(seat);
            self.note(Some(seat), Msg::new("log-offers-draw").arg("who", self.side(seat)));
        }
        Ok(())
    }

    /// Plays `mv` (already read) for `seat` and settles what follows.
    fn play_move(&mut self, seat: u8, mv: G::Move, drawn: &mut Vec<String>) -> Result<String, Refusal> {
        let written = self.state.format_move(mv);
        let before = self.trace.is_some().then(|| self.state.clone());
        self.state.try_play(mv).map_err(|_| {
            if written.is_empty() {
                refuse(Msg::new("refusal-pass-illegal"))
            } else {
                refuse(Msg::new("refusal-illegal").arg("move", written.clone()))
            }
        })?;
        self.note(Some(seat), Msg::new("log-plays").arg("who", self.side(seat)).arg("move", written.clone()));
        self.history.push(written.clone());
        if let (Some(trace), Some(state)) = (self.trace.as_mut(), before) {
            trace.push(Traced::Move { game: self.number, ply: self.moves.len(), seat, state, mv });
        }
        self.moves.push((seat, mv));
        self.draw_offer = None;
        self.decisions += 1;
        self.pending.clear();
        self.undos = 0;
        self.settle(drawn);
        Ok(written)
    }

    fn apply(&mut self, seat: u8, action: Action, bot: bool, drawn: &mut Vec<String>) -> Result<Action, Refusal> {
        if usize::from(seat) >= self.setup.seats.len() {
            return Err(malformed(Msg::new("refusal-no-seat").arg("seat", seat)));
        }
        match action {
            // Time is called by `Live::flag`, which knows the time; a stored call replays through `time_out`.
            Action::Timeout => Err(malformed(Msg::new("refusal-time-by-server"))),
            Action::Next => {
                if self.match_over() {
                    return Err(refuse(Msg::new("refusal-match-over")));
                }
                if self.ending.is_none() {
                    return Err(refuse(Msg::new("refusal-game-not-over")));
                }
                let mut by_player = [0.0; 2];
                for seat in 0..self.setup.seats.len().min(2) {
                    let points = self.ending.as_ref().map_or(0.0, |e| e.points[seat]);
                    by_player[usize::from(self.player_of(seat as u8).min(1))] = points;
                }
                let finished = std::mem::replace(&mut self.state, self.start.clone());
                self.number += 1;
                self.state = (self.def.face.next)(&self.setup.game, &self.start, &finished, by_player);
                self.chance = Stream::new(self.seed).derive(self.number).derive(0);
                self.decisions = 0;
                self.pending.clear();
                self.history.clear();
                self.moves.clear();
                self.draw_offer = None;
                self.ending = None;
                self.takebacks = 0;
                self.undos = 0;
                self.settle(drawn);
                self.game_start = self.state.clone();
                Ok(Action::Next)
            }
            Action::Resign => {
                if self.match_over() {
                    return Err(refuse(Msg::new("refusal-match-over")));
                }
                if self.ending.is_some() {
                    return Err(refuse(Msg::new("refusal-game-over")));
                }
                if let Some(why) = (self.def.face.no_resign)(&self.state) {
                    return Err(refuse(why));
                }
                let player = self.player_of(seat);
                let points = (self.def.face.resign)(&self.state, player);
                let msg = Msg::new("log-resigns").arg("who", self.side(seat));
                self.pending.clear();
                self.end_game(points, Some(seat), msg);
                Ok(Action::Resign)
            }
            Action::Roll => {
                self.check_turn(seat, true)?;
                let anyone = (self.def.face.roller)(&self.state) == Roller::Anyone;
                if !self.draw(drawn) {
                    return Err(refuse(Msg::new("refusal-nothing-to-throw")));
                }
                let words = drawn.last().cloned().unwrap_or_default();
                let dice: Arg = match self.def.face.chance_msg {
                    Some(say) => say(&words).into(),
                    None => words.into(),
                };
                let line = if anyone {
                    Msg::new("log-throw-start").arg("dice", dice)
                } else {
                    Msg::new("log-throws").arg("who", self.side(seat)).arg("dice", dice)
                };
                self.note(Some(seat), line);
                self.settle(drawn);
                Ok(Action::Roll)
            }
            Action::Move { mv } => {
                self.check_turn(seat, false)?;
                if !self.pending.is_empty() {
                    return Err(refuse(Msg::new("refusal-undo-steps-first")));
                }
                let parsed = self.state.parse_move(mv.trim()).map_err(|e| {
                    malformed(Msg::new("refusal-unreadable-move").arg("move", mv.trim()).arg("why", e.to_string()))
                })?;
                let written = self.play_move(seat, parsed, drawn)?;
                Ok(Action::Move { mv: written })
            }
            Action::Step { step } => {
                self.check_turn(seat, false)?;
                let steps = self.def.face.steps.ok_or_else(|| malformed(Msg::new("refusal-moves-whole")))?;
                let mut entered = self.pending.clone();
                entered.push(step.trim().to_owned());
                let partial = steps(&self.state, &entered).map_err(refusal)?;
                match partial.complete {
                    Some(mv) => {
                        self.play_move(seat, mv, drawn)?;
                    }
                    None => self.pending = entered,
                }
                Ok(Action::Step { step: step.trim().to_owned() })
            }
            Action::Takeback => {
                self.take_back(seat)?;
                Ok(Action::Takeback)
            }
            Action::OfferDraw => {
                self.offer_draw(seat)?;
                Ok(Action::OfferDraw)
            }
            Action::Undo => {
                self.check_turn(seat, false)?;
                if self.pending.is_empty() {
                    return Err(refuse(Msg::new("refusal-no-step-to-undo")));
                }
                if self.undos >= MAX_UNDOS {
                    return Err(refuse(Msg::new("refusal-undo-limit").arg("n", MAX_UNDOS)));
                }
                self.pending.pop();
                self.undos += 1;
                Ok(Action::Undo)
            }
            Action::Bot if bot => Err(malformed(Msg::new("refusal-bot-choice-stored"))),
            Action::Bot => {
                self.check_turn(seat, false)?;
                if !self.pending.is_empty() {
                    return Err(refuse(Msg::new("refusal-undo-steps-before-bot")));
                }
                let mut ties = self.ties();
                if self.helper.is_none() {
                    // A helper lost to a failed or abandoned thought is built again from its spec.
                    self.helper = self.setup.helper.as_ref().and_then(|spec| self.def.bot(spec, &self.start).ok());
                }
                let helper = self.helper.as_mut().ok_or_else(|| refuse(Msg::new("refusal-no-helper")))?;
                let decision = helper
                    .choose(&self.state, &self.budget, &mut ties)
                    .ok_or_else(|| refuse(Msg::new("refusal-bot-no-move")))?;
                let written = self.play_move(seat, decision.mv, drawn)?;
                Ok(Action::Move { mv: written })
            }
        }
    }

    /// The seat whose time has run out by `at`, if one has: the seat due to act, its clock running.
    fn fallen(&self, at: i64) -> Option<u8> {
        let clock = self.clock.as_ref()?;
        let since = clock.since?;
        let (Some(seat), _) = self.due()? else { return None };
        (clock.left[usize::from(seat.min(1))] - (at - since) <= 0).then_some(seat)
    }

    /// What the clocks need to know from before an action: who was to act, and how many moves were made.
    fn clock_before(&self) -> (Option<u8>, u64, u64) {
        (self.due().and_then(|(seat, _)| seat), self.decisions, self.number)
    }

    /// Charges the time since the clock last started to the seat that was to act, adds its increment when it
    /// moved, and starts the clock of the seat to act now.
    fn clock_after(&mut self, (due, decisions, number): (Option<u8>, u64, u64), at: i64) {
        let moved = self.decisions != decisions || self.number != number;
        let next = if self.ending.is_none() { self.due().and_then(|(seat, _)| seat) } else { None };
        let Some(clock) = self.clock.as_mut() else { return };
        if let (Some(seat), Some(since)) = (due, clock.since) {
            let left = &mut clock.left[usize::from(seat.min(1))];
            *left -= at - since;
            if moved && let Control::Fischer { increment_ms, .. } = clock.control {
                *left += increment_ms;
            }
        }
        if let (Control::Days(_), Some(seat)) = (clock.control, next)
            && (moved || clock.since.is_none())
        {
            clock.left[usize::from(seat.min(1))] = clock.control.start_ms();
        }
        clock.since = next.map(|_| at);
    }

    /// Ends the game in play on `seat`'s time, as the clock says at `at`: the other side wins as if `seat`
    /// resigned, unless it has too little left to win (chess's dead position at the flag), when it is a draw.
    fn time_out(&mut self, seat: u8, at: i64) -> Result<(), Refusal> {
        if self.fallen(at) != Some(seat) {
            return Err(refuse(Msg::new("refusal-time-not-out")));
        }
        if let Some(clock) = self.clock.as_mut() {
            clock.left[usize::from(seat.min(1))] = 0;
            clock.since = None;
        }
        let other = 1 - seat.min(1);
        let (who, winner) = (self.side(seat), self.side(other));
        let (points, text) = if (self.def.face.cannot_win)(&self.state, self.player_of(other)) {
            ([0.5, 0.5], Msg::new("ending-time-draw").arg("who", who).arg("other", winner))
        } else {
            let points = (self.def.face.resign)(&self.state, self.player_of(seat));
            (points, Msg::new("ending-time-lost").arg("who", who).arg("other", winner))
        };
        self.pending.clear();
        self.end_game(points, None, text);
        Ok(())
    }

    fn view_of(&self) -> Value {
        let due = self.due();
        // Steps are offered to the person whose move it is; a bot's dice are not the page's to enter.
        let person_moves = matches!(due, Some((Some(s), false)) if self.is_person(s));
        let partial =
            self.def.face.steps.filter(|_| person_moves).and_then(|steps| steps(&self.state, &self.pending).ok());
        let legal: Vec<String> = match due {
            Some((Some(_), false)) if self.pending.is_empty() => {
                let mut moves = Vec::new();
                self.state.legal_moves(&mut moves);
                moves.into_iter().map(|m| self.state.format_move(m)).collect()
            }
            _ => Vec::new(),
        };
        let seats: Vec<Value> = (0..self.setup.seats.len())
            .map(|s| {
                let seat = s as u8;
                let (who, bot) = match &self.setup.seats[s] {
                    Seat::Person => ("person", None),
                    Seat::Bot(spec) => ("bot", Some(spec.to_string())),
                };
                json!({ "who": who, "bot": bot, "plays": self.seat_name(seat), "score": self.score[s] })
            })
            .collect();
        json!({
            "kind": self.def.name,
            "page": self.def.face.page,
            "game": self.setup.game.to_string(),
            "seats": seats,
            "helper": self.setup.helper.as_ref().map(Spec::to_string),
            "match": { "length": self.setup.length, "game": self.number + 1, "score": self.score, "over": self.match_over() },
            "turn": due.and_then(|(s, _)| s),
            "to_do": match due { Some((_, true)) => "roll", Some((_, false)) => "move", None if self.match_over() => "nothing", None => "next" },
            "board": partial.as_ref().map_or_else(|| (self.def.face.view)(&self.state), |p| p.view.clone()),
            "position": self.state.format_position(),
            "legal": legal,
            "steps": partial.map(|p| json!({ "entered": self.pending, "next": p.next })),
            "history": self.history,
            "draw_offer": self.draw_offer,
            "ending": self.ending.as_ref().map(|e| json!({ "points": e.points, "resigned": e.resigned, "text": e.text, "msg": e.msg })),
            "log": &self.log[self.log.len().saturating_sub(LOG_SHOWN)..],
            "log_start": self.log.len().saturating_sub(LOG_SHOWN),
            "summary": self.summary_text(),
            "version": self.records,
            "clock": self.clock.map(|c| json!({
                "control": c.control.to_string(),
                "left_ms": c.left,
                "running": c.since.and(due.and_then(|(seat, _)| seat)),
                "since": c.since,
            })),
        })
    }

    fn summary_text(&self) -> String {
        let seats: Vec<String> = (0..self.setup.seats.len()).map(|s| self.seat_label(s)).collect();
        let length = self.setup.length.map_or_else(|| "one game".to_owned(), |n| format!("match to {n}"));
        let score = if self.setup.seats.len() == 2 {
            format!("{} – {}", self.score[0], self.score[1])
        } else {
            format!("{}", self.score[0])
        };
        format!("{} · {} · {length}: {score} (game {})", self.setup.game, seats.join(" v "), self.number + 1)
    }
}

impl<G: Notation + std::fmt::Display> Live for Match<G> {
    fn act_at(&mut self, seat: u8, action: Action, at: Option<i64>) -> Result<Record, Refusal> {
        if usize::from(seat) < self.setup.seats.len() && !self.is_person(seat) {
            return Err(refuse(Msg::new("refusal-bot-seat")));
        }
        if action == Action::Timeout {
            return Err(malformed(Msg::new("refusal-time-by-server")));
        }
        if self.records >= MAX_RECORDS && action != Action::Resign {
            if self.match_over() {
                return Err(refuse(Msg::new("refusal-match-over")));
            }
            return Err(refuse(Msg::new("refusal-record-ceiling").arg("n", MAX_RECORDS)));
        }
        let at = match (&self.clock, at) {
            (None, _) => None,
            (Some(_), None) => return Err(malformed(Msg::new("refusal-clock-needs-time"))),
            (Some(_), Some(at)) => {
                if let Some(flagged) = self.fallen(at) {
                    return Err(refuse(Msg::new("refusal-time-lost").arg("who", self.side(flagged))));
                }
                Some(at)
            }
        };
        let mut drawn = Vec::new();
        let bot = action == Action::Bot;
        let before = self.clock_before();
        let action = self.apply(seat, action, false, &mut drawn)?;
        if let Some(at) = at {
            self.clock_after(before, at);
        }
        self.records += 1;
        Ok(Record { seat, action, bot, chance: drawn, at })
    }

    fn replay(&mut self, record: &Record) -> Result<(), Refusal> {
        let at = match (&self.clock, record.at) {
            (None, _) => None,
            (Some(_), None) => return Err(refuse(Msg::new("refusal-clock-damaged"))),
            (Some(_), at) => at,
        };
        let mut drawn = Vec::new();
        let before = self.clock_before();
        if record.action == Action::Timeout {
            let at = at.ok_or_else(|| refuse(Msg::new("refusal-time-no-clock")))?;
            self.time_out(record.seat, at)?;
        } else {
            self.apply(record.seat, record.action.clone(), record.bot, &mut drawn)?;
            if let Some(at) = at {
                self.clock_after(before, at);
            }
        }
        if drawn != record.chance {
            return Err(refuse(
                Msg::new("refusal-chance-damaged")
                    .arg("stored", format!("{:?}", record.chance))
                    .arg("drawn", format!("{drawn:?}")),
            ));
        }
        self.records += 1;
        Ok(())
    }

    fn set_clock(&mut self, control: Control) -> Result<(), Refusal> {
        if self.records > 0 {
            return Err(refuse(Msg::new("refusal-clock-before-first")));
        }
        if self.setup.seats.len() != 2 || self.setup.seats.iter().any(|s| *s != Seat::Person) {
            return Err(malformed(Msg::new("refusal-clock-two-people")));
        }
        let start = control.start_ms();
        self.clock = Some(Clocks { control, left: [start; 2], since: None });
        Ok(())
    }

    fn flag(&mut self, at: i64) -> Option<Record> {
        let seat = self.fallen(at)?;
        self.time_out(seat, at).ok()?;
        self.records += 1;
        Some(Record { seat, action: Action::Timeout, bot: false, chance: Vec::new(), at: Some(at) })
    }

    fn bot_turn(&mut self) -> Option<BotTurn> {
        if !self.bot_due() {
            return None;
        }
        let nobody = self.setup.seats.iter().all(|s| *s != Seat::Person);
        if nobody && self.ending.is_some() && !self.match_over() {
            // Bots alone go on to the next game of their match themselves.
            let mut drawn = Vec::new();
            self.apply(0, Action::Next, true, &mut drawn).ok()?;
            self.records += 1;
            return Some(BotTurn::Acted(Record { seat: 0, action: Action::Next, bot: true, chance: drawn, at: None }));
        }
        let (seat, rolling) = self.due()?;
        let seat = match seat {
            Some(s) if !self.is_person(s) => s,
            // Anyone may throw, and no person sits: the first bot throws.
            None if nobody => 0,
            _ => return None,
        };
        if rolling {
            let mut drawn = Vec::new();
            self.apply(seat, Action::Roll, true, &mut drawn).ok()?;
            self.records += 1;
            return Some(BotTurn::Acted(Record { seat, action: Action::Roll, bot: true, chance: drawn, at: None }));
        }
        let index = usize::from(seat);
        if self.bots[index].is_none() {
            // A bot lost to a failed thought is built again from its spec.
            let Seat::Bot(spec) = &self.setup.seats[index] else { return None };
            self.bots[index] = self.def.bot(spec, &self.start).ok();
        }
        let bot = self.bots[index].take()?;
        Some(BotTurn::Think(self.thought(bot, seat, false)))
    }

    fn bot_due(&self) -> bool {
        if self.records >= MAX_RECORDS {
            return false;
        }
        let nobody = self.setup.seats.iter().all(|s| *s != Seat::Person);
        if nobody && self.ending.is_some() && !self.match_over() {
            return true;
        }
        match self.due() {
            Some((Some(s), _)) => !self.is_person(s),
            Some((None, _)) => nobody,
            None => false,
        }
    }

    fn helping(&mut self, seat: u8) -> Result<Thinking, Refusal> {
        if usize::from(seat) >= self.setup.seats.len() || !self.is_person(seat) {
            return Err(refuse(Msg::new("refusal-bot-seat")));
        }
        if self.records >= MAX_RECORDS {
            return Err(refuse(Msg::new("refusal-record-ceiling").arg("n", MAX_RECORDS)));
        }
        self.check_turn(seat, false)?;
        if !self.pending.is_empty() {
            return Err(refuse(Msg::new("refusal-undo-steps-before-bot")));
        }
        if self.setup.helper.is_none() {
            return Err(refuse(Msg::new("refusal-no-helper")));
        }
        if self.helper.is_none() {
            // A helper lost to a failed thought is built again from its spec.
            self.helper = self.setup.helper.as_ref().and_then(|spec| self.def.bot(spec, &self.start).ok());
        }
        let bot = self.helper.take().ok_or_else(|| refuse(Msg::new("refusal-helper-unbuilt")))?;
        Ok(self.thought(bot, seat, true))
    }

    fn finish(&mut self, thought: Thought) -> Option<Record> {
        type Answer<G> = (Box<dyn Bot<G>>, Option<Decision<<G as Game>::Move>>);
        let (bot, decision) = *thought.answer.downcast::<Answer<G>>().ok()?;
        if thought.helper {
            self.helper = Some(bot);
        } else {
            self.bots[usize::from(thought.seat)] = Some(bot);
        }
        if thought.version != self.records {
            return None;
        }
        let decision = decision?;
        let mut drawn = Vec::new();
        let written = self.play_move(thought.seat, decision.mv, &mut drawn).ok()?;
        self.records += 1;
        Some(Record { seat: thought.seat, action: Action::Move { mv: written }, bot: true, chance: drawn, at: None })
    }

    fn view(&self) -> Value {
        self.view_of()
    }

    fn waiting_for(&self) -> Option<u8> {
        match self.due()? {
            (Some(s), _) if self.is_person(s) => Some(s),
            _ => None,
        }
    }

    fn seats(&self) -> &[Seat] {
        &self.setup.seats
    }

    fn hinting(&self, seat: u8, level: Option<&str>) -> Result<Hinting, Refusal> {
        self.check_turn(seat, false)?;
        if !self.pending.is_empty() {
            return Err(refuse(Msg::new("refusal-hint-whole-move")));
        }
        // The work gets copies: the match may move on while it thinks, and the hint stays about this position.
        let state = self.state.clone();
        if let Some(hints) = self.def.face.hints {
            let level = level.map(str::to_owned);
            return Ok(Hinting { work: Box::new(move || hints(&state, level.as_deref()).map_err(refusal)) });
        }
        let (def, start, ties) = (self.def, self.start.clone(), self.ties());
        Ok(Hinting { work: Box::new(move || plain_hint(def, &start, &state, ties)) })
    }

    fn record(&self) -> String {
        let mut out = format!("[Game \"{}\"]\n", self.setup.game);
        for s in 0..self.setup.seats.len() {
            out.push_str(&format!("[Seat{} \"{}\"]\n", s + 1, self.seat_label(s)));
        }
        if let Some(n) = self.setup.length {
            out.push_str(&format!("[Match \"{n}\"]\n"));
        }
        let score: Vec<String> = self.score[..self.setup.seats.len().min(2)].iter().map(f64::to_string).collect();
        out.push_str(&format!("[Score \"{}\"]\n\n", score.join(" ")));
        for line in &self.log {
            out.push_str(&format!("{}. {}\n", line.game, line.text));
        }
        out
    }

    fn summary(&self) -> String {
        self.summary_text()
    }

    fn over(&self) -> bool {
        self.match_over()
    }

    fn board(&self, seat: u8, lang: Lang) -> String {
        match self.def.face.text {
            Some(text) => text(&self.state, self.player_of(seat), lang.tag()),
            None => self.state.to_string(),
        }
    }

    fn version(&self) -> usize {
        self.records
    }

    fn footprint(&self) -> usize {
        // Each line and move with what its allocation carries; positions by their size (their own heap, if any,
        // is small beside a long log).
        let text = |t: &str| t.len() + 3 * std::mem::size_of::<usize>();
        let log: usize = self.log.iter().map(|l| text(&l.text) + std::mem::size_of::<Line>()).sum();
        let history: usize = self.history.iter().chain(&self.pending).map(|h| text(h)).sum();
        let moves = self.moves.capacity() * std::mem::size_of::<(u8, G::Move)>();
        let bots: usize = self.bots.iter().chain(std::iter::once(&self.helper)).flatten().map(|b| b.memory()).sum();
        std::mem::size_of::<Self>() + 4 * std::mem::size_of::<G>() + log + history + moves + bots
    }
}

/// How long the plain hint (the game's strongest bot) may think.
pub const HINT_TIME: Duration = Duration::from_secs(1);
