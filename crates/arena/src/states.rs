//! A game's state with its type forgotten and its moves as integers, in OpenSpiel's shape: what the Python
//! package calls. Every rule comes from the game's crate through its definition: legal moves, notation, the
//! encoding of moves as actions ([`hamle_core::Encoding`]); this module only names them by number.

use std::any::Any;
use std::fmt::Display;
use std::time::Duration;

use hamle_core::encoding::observation;
use hamle_core::{Bot, Budget, Decision, Game, GameDef, Notation, Player, Spec, SpecError, Stream, Turn};
use serde::{Deserialize, Serialize};

/// Why a state or a bot refused a request; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The action is not one of the state's legal actions (or chance outcomes, at a chance node).
    #[error("action {action} is not legal here{}", hint(.legal))]
    IllegalAction {
        /// The action asked for.
        action: u32,
        /// A few legal actions, to say what would have been.
        legal: Vec<u32>,
    },
    /// The game is over: no action applies.
    #[error("the game is over")]
    Over,
    /// A move in the game's notation that does not read, in the game's own words.
    #[error("{why}")]
    Notation {
        /// The text given.
        text: String,
        /// The game's reason.
        why: String,
    },
    /// A seat the game does not have.
    #[error("player {player} does not sit in {game} (players: 0..{players})")]
    NoSuchPlayer {
        /// The seat asked for.
        player: i64,
        /// The game.
        game: String,
        /// How many seats it has.
        players: u8,
    },
    /// A game or bot named wrongly.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A serialized state or a position that does not read or does not replay.
    #[error("{0}")]
    Unreadable(String),
    /// A bot asked to move for another game, or at a state where no player moves.
    #[error("{0}")]
    Unsuitable(String),
}

fn hint(legal: &[u32]) -> String {
    match legal {
        [] => String::new(),
        [a, b, c, d, _, ..] => format!(" (legal: {a}, {b}, {c}, {d}, … {} in all)", legal.len()),
        few => format!(" (legal: {})", few.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// A state of some game: its moves and chance events numbered by the game's [`hamle_core::Encoding`].
pub trait AnyState: Send + Sync {
    /// The game's spec, parameters included (`tictactoe(variant=two-phase)`).
    fn game(&self) -> String;
    /// Whose turn it is.
    fn turn(&self) -> Turn;
    /// How many seats the game has (1 or 2).
    fn players(&self) -> u8;
    /// Every move's action is below this.
    fn num_actions(&self) -> u32;
    /// Every chance event's action is below this (0 for a game without chance).
    fn num_chance_actions(&self) -> u32;
    /// The legal actions, smallest first: the moves of the player to move, or the chance events at a chance
    /// node (as OpenSpiel lists them), none once the game is over.
    fn legal_actions(&self) -> Vec<u32>;
    /// The chance events with their probabilities, smallest action first; empty where chance is not to move.
    fn chance_outcomes(&self) -> Vec<(u32, f64)>;
    /// Plays a legal action (a move, or at a chance node a chance event).
    ///
    /// # Errors
    /// When the game is over or the action is not legal: nothing changes.
    fn apply_action(&mut self, action: u32) -> Result<(), StateError>;
    /// A legal action in the game's notation (`e4`, `b2`, `6-5`).
    ///
    /// # Errors
    /// When the action is not legal here.
    fn action_to_string(&self, action: u32) -> Result<String, StateError>;
    /// The legal action that a text in the game's notation names.
    ///
    /// # Errors
    /// When the text does not read as a move, or names no legal one.
    fn string_to_action(&self, text: &str) -> Result<u32, StateError>;
    /// A chance event drawn from `stream` as the game draws it, or `None` when chance is not to move.
    fn sample_chance(&self, stream: &mut Stream) -> Option<u32>;
    /// Each seat's points once the game is over, in the game's own units.
    fn points(&self) -> Option<[f64; 2]>;
    /// OpenSpiel's returns: for two players zero-sum (a win +1, a loss −1, a draw 0; Hapis ±1 or ±2 with
    /// mars), for one player its score; zeros until the game is over.
    fn returns(&self) -> [f64; 2];
    /// Each seat's points so far, for a game that scores as it goes (2048); `None` for the others.
    fn score(&self) -> Option<[f64; 2]>;
    /// The actions applied since the start.
    fn history(&self) -> &[u32];
    /// The observation tensor's shape.
    fn shape(&self) -> Vec<usize>;
    /// The observation of `player`, row-major, of the shape's product length.
    ///
    /// # Errors
    /// When the game has no such seat.
    fn observation(&self, player: i64) -> Result<Vec<f32>, StateError>;
    /// The board as text, as the terminal draws it.
    fn text(&self) -> String;
    /// The position in the game's notation (chess: FEN; Hapis: its JSON).
    fn position(&self) -> String;
    /// The state written down: the game, the position it started from when not the start, and its actions;
    /// [`crate::Registry::deserialize`] reads it back.
    fn serialize(&self) -> String;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn AnyState>;
    /// The state itself, for a bot of the same game to read.
    fn as_any(&self) -> &dyn Any;
}

/// A state written down, as [`AnyState::serialize`] writes it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Written {
    pub(crate) game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) position: Option<String>,
    pub(crate) actions: Vec<u32>,
}

/// A state of the game `G`: the definition it was made by, where it started, and what was played since.
pub struct State<G: Notation + Display> {
    def: &'static GameDef<G>,
    spec: Spec,
    start: Option<String>,
    state: G,
    history: Vec<u32>,
}

impl<G: Notation + Display> Clone for State<G> {
    fn clone(&self) -> Self {
        State {
            def: self.def,
            spec: self.spec.clone(),
            start: self.start.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
        }
    }
}

impl<G: Notation + Display> State<G> {
    /// The start that `spec` describes, or the position `position` (in the game's notation) of that game.
    ///
    /// # Errors
    /// When the spec or the position does not read.
    pub fn new(def: &'static GameDef<G>, spec: &Spec, position: Option<&str>) -> Result<Self, StateError> {
        let start = def.game(spec)?;
        let state = match position {
            Some(text) => start.parse_position(text).map_err(|e| StateError::Unreadable(e.to_string()))?,
            None => start,
        };
        Ok(State { def, spec: spec.clone(), start: position.map(str::to_owned), state, history: Vec::new() })
    }

    /// The game's own state.
    pub fn inner(&self) -> &G {
        &self.state
    }

    /// The legal moves with their actions, smallest action first.
    pub fn moves(&self) -> Vec<(u32, G::Move)> {
        let mut moves = Vec::new();
        self.state.legal_moves(&mut moves);
        let mut named: Vec<(u32, G::Move)> =
            moves.into_iter().map(|mv| ((self.def.encoding.action)(&self.state, mv), mv)).collect();
        named.sort_unstable_by_key(|&(action, _)| action);
        named
    }

    fn events(&self) -> Vec<(u32, G::Chance, f64)> {
        let mut outcomes = Vec::new();
        self.state.chance_outcomes(&mut outcomes);
        let mut named: Vec<(u32, G::Chance, f64)> =
            outcomes.into_iter().map(|(event, p)| ((self.def.encoding.chance)(&self.state, event), event, p)).collect();
        named.sort_unstable_by_key(|&(action, _, _)| action);
        named
    }

    fn illegal(&self, action: u32) -> StateError {
        StateError::IllegalAction { action, legal: self.legal_actions() }
    }

    fn seat(&self, player: i64) -> Result<Player, StateError> {
        let players = self.state.info().players;
        Player::try_from(player).ok().filter(|&p| p < players).ok_or_else(|| StateError::NoSuchPlayer {
            player,
            game: self.spec.to_string(),
            players,
        })
    }
}

impl<G: Notation + Display> AnyState for State<G> {
    fn game(&self) -> String {
        self.spec.to_string()
    }

    fn turn(&self) -> Turn {
        self.state.turn()
    }

    fn players(&self) -> u8 {
        self.state.info().players
    }

    fn num_actions(&self) -> u32 {
        (self.def.encoding.actions)(&self.state)
    }

    fn num_chance_actions(&self) -> u32 {
        (self.def.encoding.chance_actions)(&self.state)
    }

    fn legal_actions(&self) -> Vec<u32> {
        match self.state.turn() {
            Turn::Player(_) => self.moves().into_iter().map(|(action, _)| action).collect(),
            Turn::Chance => self.events().into_iter().map(|(action, _, _)| action).collect(),
            Turn::Over => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        self.events().into_iter().map(|(action, _, p)| (action, p)).collect()
    }

    fn apply_action(&mut self, action: u32) -> Result<(), StateError> {
        match self.state.turn() {
            Turn::Player(_) => {
                let (_, mv) =
                    self.moves().into_iter().find(|&(a, _)| a == action).ok_or_else(|| self.illegal(action))?;
                self.state.play(mv);
            }
            Turn::Chance => {
                let (_, event, _) =
                    self.events().into_iter().find(|&(a, _, _)| a == action).ok_or_else(|| self.illegal(action))?;
                self.state.apply_chance(event);
            }
            Turn::Over => return Err(StateError::Over),
        }
        self.history.push(action);
        Ok(())
    }

    fn action_to_string(&self, action: u32) -> Result<String, StateError> {
        match self.state.turn() {
            Turn::Player(_) => self
                .moves()
                .into_iter()
                .find(|&(a, _)| a == action)
                .map(|(_, mv)| self.state.format_move(mv))
                .ok_or_else(|| self.illegal(action)),
            Turn::Chance => self
                .events()
                .into_iter()
                .find(|&(a, _, _)| a == action)
                .map(|(_, event, _)| (self.def.face.chance)(&self.state, event))
                .ok_or_else(|| self.illegal(action)),
            Turn::Over => Err(StateError::Over),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<u32, StateError> {
        let notation = |why: String| StateError::Notation { text: text.to_owned(), why };
        match self.state.turn() {
            Turn::Player(_) => {
                let mv = self.state.parse_move(text.trim()).map_err(|e| notation(e.to_string()))?;
                self.moves()
                    .into_iter()
                    .find(|&(_, m)| m == mv)
                    .map(|(action, _)| action)
                    .ok_or_else(|| notation(format!("'{}' is not a legal move in this position", text.trim())))
            }
            Turn::Chance => self
                .events()
                .into_iter()
                .find(|&(_, event, _)| (self.def.face.chance)(&self.state, event) == text.trim())
                .map(|(action, _, _)| action)
                .ok_or_else(|| {
                    let events = self.events();
                    let some: Vec<String> =
                        events.iter().take(3).map(|&(_, e, _)| (self.def.face.chance)(&self.state, e)).collect();
                    notation(format!(
                        "'{}' is not a chance event here: chance is to move, and its events read like {}",
                        text.trim(),
                        some.join(", ")
                    ))
                }),
            Turn::Over => Err(StateError::Over),
        }
    }

    fn sample_chance(&self, stream: &mut Stream) -> Option<u32> {
        if self.state.turn() != Turn::Chance {
            return None;
        }
        (self.def.face.draw)(&self.state, stream).map(|event| (self.def.encoding.chance)(&self.state, event))
    }

    fn points(&self) -> Option<[f64; 2]> {
        self.state.points()
    }

    fn returns(&self) -> [f64; 2] {
        returns(&self.state)
    }

    fn score(&self) -> Option<[f64; 2]> {
        self.def.encoding.score.map(|score| score(&self.state))
    }

    fn history(&self) -> &[u32] {
        &self.history
    }

    fn shape(&self) -> Vec<usize> {
        (self.def.encoding.shape)(&self.state)
    }

    fn observation(&self, player: i64) -> Result<Vec<f32>, StateError> {
        let seat = self.seat(player)?;
        Ok(observation(&self.def.encoding, &self.state, seat))
    }

    fn text(&self) -> String {
        self.state.to_string()
    }

    fn position(&self) -> String {
        self.state.format_position()
    }

    fn serialize(&self) -> String {
        let written =
            Written { game: self.spec.to_string(), position: self.start.clone(), actions: self.history.clone() };
        serde_json::to_string(&written).unwrap_or_default()
    }

    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// OpenSpiel's returns of a state: see [`AnyState::returns`]. Games whose points already sum to zero (Hapis)
/// keep them; the others score a win 1 and a loss 0, which becomes +1 and −1.
fn returns<G: Game>(state: &G) -> [f64; 2] {
    match state.points() {
        None => [0.0; 2],
        Some([score, _]) if state.info().players == 1 => [score, 0.0],
        Some([a, b]) if a + b == 0.0 => [a, b],
        Some([a, b]) => [a - b, b - a],
    }
}

/// A bot's choice, explained: the action, what the bot thinks of it, and the line it expects.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The action chosen.
    pub action: u32,
    /// Its value for the bot, in the bot's evaluation's units.
    pub value: f64,
    /// The line it expects, in the game's notation, starting with the move chosen.
    pub line: Vec<String>,
    /// Depth reached, in plies.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A bot of some game that chooses actions of an [`AnyState`].
pub trait AnyBot: Send {
    /// The bot's name with its settings.
    fn name(&self) -> String;
    /// Chooses an action for the player to move within `budget`.
    ///
    /// # Errors
    /// When the state is of another game, nobody is to move, or the bot failed (its reason).
    fn choose(&mut self, state: &dyn AnyState, budget: &Budget) -> Result<Choice, StateError>;
}

/// A registered bot of the game `G`, with the stream its randomness comes from.
pub struct BotOf<G: Notation + Display> {
    spec: Spec,
    bot: Box<dyn Bot<G>>,
    stream: Stream,
}

impl<G: Notation + Display> BotOf<G> {
    /// The bot `bot` for the game `game`, its ties and noise drawn from `seed`.
    ///
    /// # Errors
    /// When either spec does not read.
    pub fn new(def: &GameDef<G>, game: &Spec, bot: &Spec, seed: u64) -> Result<Self, StateError> {
        let start = def.game(game)?;
        let made = def.bot(bot, &start)?;
        Ok(BotOf { spec: game.clone(), bot: made, stream: Stream::new(seed) })
    }
}

impl<G: Notation + Display> AnyBot for BotOf<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(&mut self, state: &dyn AnyState, budget: &Budget) -> Result<Choice, StateError> {
        let state = state
            .as_any()
            .downcast_ref::<State<G>>()
            .filter(|s| s.spec == self.spec)
            .ok_or_else(|| StateError::Unsuitable(format!("this bot plays {}, not {}", self.spec, state.game())))?;
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(StateError::Unsuitable("no player is to move".into()));
        }
        let decision = self.bot.choose(&state.state, budget, &mut self.stream).ok_or_else(|| {
            let why = self.bot.fault().map_or_else(|| "it gave no move".to_owned(), |f| f.to_string());
            StateError::Unsuitable(format!("{} failed: {why}", self.bot.name()))
        })?;
        let action = state.moves().into_iter().find(|&(_, m)| m == decision.mv).map(|(a, _)| a).ok_or_else(|| {
            StateError::Unsuitable(format!(
                "{} chose an illegal move: {}",
                self.bot.name(),
                state.state.format_move(decision.mv)
            ))
        })?;
        Ok(Choice {
            action,
            value: decision.score,
            line: crate::play::line(&state.state, &decision),
            depth: decision.depth,
            nodes: decision.nodes,
            elapsed: decision.elapsed,
        })
    }
}

/// An [`AnyBot`] seated in a match of the game `G`: the arena hands it each state, wrapped.
pub(crate) struct Seated<G: Notation + Display> {
    pub(crate) def: &'static GameDef<G>,
    pub(crate) spec: Spec,
    pub(crate) bot: Box<dyn AnyBot>,
    pub(crate) fault: Option<hamle_core::Fault>,
}

impl<G: Notation + Display> Bot<G> for Seated<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(&mut self, state: &G, budget: &Budget, _: &mut Stream) -> Option<Decision<G::Move>> {
        let wrapped = State {
            def: self.def,
            spec: self.spec.clone(),
            start: Some(state.format_position()),
            state: state.clone(),
            history: Vec::new(),
        };
        let choice = match self.bot.choose(&wrapped, budget) {
            Ok(choice) => choice,
            Err(e) => {
                self.fault = Some(hamle_core::Fault::Failed(e.to_string()));
                return None;
            }
        };
        match wrapped.moves().into_iter().find(|&(a, _)| a == choice.action) {
            Some((_, mv)) => Some(Decision {
                mv,
                score: choice.value,
                pv: vec![mv],
                depth: choice.depth,
                nodes: choice.nodes,
                elapsed: choice.elapsed,
            }),
            None => {
                self.fault = Some(hamle_core::Fault::IllegalMove(choice.action.to_string()));
                None
            }
        }
    }

    fn fault(&mut self) -> Option<hamle_core::Fault> {
        self.fault.take()
    }
}

/// One random game's end, as [`crate::GameKind::random_games`] plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Playout {
    /// OpenSpiel's returns at the end ([`AnyState::returns`]).
    pub returns: [f64; 2],
    /// Moves and chance events played.
    pub length: usize,
    /// The final position in the game's notation, when asked for.
    pub position: Option<String>,
}

/// A random game of `G` from `start`: at a chance node the game's own draw, else a move picked from the legal
/// ones in the order of their actions, all from `stream`; on the game's type, not through [`State`], so that the
/// two can be checked against each other.
pub(crate) fn playout<G: Notation + Display>(
    def: &GameDef<G>,
    start: &G,
    stream: &mut Stream,
    keep_position: bool,
) -> Playout {
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut length = 0;
    loop {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => match (def.face.draw)(&state, stream) {
                Some(event) => state.apply_chance(event),
                None => break,
            },
            Turn::Player(_) => {
                state.legal_moves(&mut moves);
                moves.sort_unstable_by_key(|&mv| (def.encoding.action)(&state, mv));
                match stream.pick(&moves) {
                    Some(&mv) => state.play(mv),
                    None => break,
                }
            }
        }
        length += 1;
    }
    Playout { returns: returns(&state), length, position: keep_position.then(|| state.format_position()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry;
    use crate::{Entrant, MatchOptions};

    fn state(spec: &str) -> Box<dyn AnyState> {
        registry().state(spec, None).expect("a game")
    }

    fn play(state: &mut dyn AnyState, moves: &[&str]) {
        for word in moves {
            let action = state.string_to_action(word).expect("a legal move");
            state.apply_action(action).expect("played");
        }
    }

    /// The encoding's contract, through the erased state, for every registered game with its defaults.
    #[test]
    fn every_game_names_its_actions_apart_below_its_bounds_in_one_shape() {
        for kind in registry().games() {
            let name = kind.listing().name;
            for seed in 0..3 {
                let mut state = state(name);
                let (shape, mut stream) = (state.shape(), Stream::new(seed));
                while state.turn() != Turn::Over && state.history().len() < 300 {
                    let legal = state.legal_actions();
                    let bound =
                        if state.turn() == Turn::Chance { state.num_chance_actions() } else { state.num_actions() };
                    assert!(legal.windows(2).all(|w| w[0] < w[1]), "{name}: sorted and distinct");
                    assert!(legal.iter().all(|&a| a < bound), "{name}: below {bound}");
                    assert_eq!(state.shape(), shape, "{name}");
                    let seen = state.observation(0).expect("seat 0");
                    assert_eq!(seen.len(), shape.iter().product::<usize>(), "{name}");
                    let action = match state.sample_chance(&mut stream) {
                        Some(event) => event,
                        None => legal[stream.below(legal.len())],
                    };
                    state.apply_action(action).expect("a legal action");
                }
            }
        }
    }

    /// OpenSpiel's returns, worked by hand: a tic-tac-toe win is +1/−1 and a draw 0/0; 2048 keeps its score.
    #[test]
    fn returns_are_zero_sum_for_two_players_and_the_score_for_one() {
        let mut won = state("tictactoe");
        assert_eq!(won.returns(), [0.0, 0.0]);
        play(won.as_mut(), &["a1", "a2", "b1", "b2", "c1"]);
        assert_eq!((won.points(), won.returns()), (Some([1.0, 0.0]), [1.0, -1.0]));
        let mut drawn = state("tictactoe");
        play(drawn.as_mut(), &["b2", "a1", "c3", "c1", "b1", "b3", "a2", "c2", "a3"]);
        assert_eq!((drawn.points(), drawn.returns()), (Some([0.5, 0.5]), [0.0, 0.0]));
        let mut lost = state("tictactoe");
        play(lost.as_mut(), &["a1", "a2", "b1", "b2", "c3", "c2"]);
        assert_eq!(lost.returns(), [-1.0, 1.0]);
        let full = registry()
            .game("2048")
            .expect("2048")
            .random_games(&"2048".parse().expect("spec"), 1, 3, false)
            .expect("games");
        let score = registry().state("2048", None).expect("2048");
        assert_eq!(score.score(), Some([0.0, 0.0]), "a score before the first merge");
        assert!(full[0].returns[0] > 0.0 && full[0].returns[1] == 0.0);
    }

    #[test]
    fn a_written_state_replays_to_the_same_state() {
        let mut chess = state("chess");
        play(chess.as_mut(), &["e4", "e5", "Nf3"]);
        let text = chess.serialize();
        assert_eq!(
            text, r#"{"game":"chess","actions":[3980,16820,2025]}"#,
            "e2e4, e7e5, g1f3 by hand: (6·64 + 21)·5 = 2025"
        );
        let back = registry().deserialize(&text).expect("replayed");
        assert_eq!((back.position(), back.history()), (chess.position(), chess.history()));
        let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
        let mut from = registry().state("chess", Some(fen)).expect("a position");
        play(from.as_mut(), &["Ra8#"]);
        let back = registry().deserialize(&from.serialize()).expect("replayed from its position");
        assert_eq!((back.position(), back.turn()), (from.position(), Turn::Over));
    }

    #[test]
    fn an_illegal_action_changes_nothing_and_says_what_is_legal() {
        let mut game = state("tictactoe");
        play(game.as_mut(), &["b2"]);
        let before = game.position();
        let refused = game.apply_action(4).expect_err("taken");
        assert_eq!(refused.to_string(), "action 4 is not legal here (legal: 0, 1, 2, 3, … 8 in all)");
        assert_eq!((game.position(), game.history()), (before, &[4][..]));
        let mut sim = state("sim");
        let few = StateError::IllegalAction { action: 99, legal: vec![1, 2] };
        assert_eq!(few.to_string(), "action 99 is not legal here (legal: 1, 2)");
        assert!(sim.apply_action(15).is_err() && sim.history().is_empty());
    }

    /// Every legal action reads back from its words, at chance nodes (the throws) and at the player's (the
    /// plays), and the chance outcomes are the legal actions with their probabilities.
    #[test]
    fn actions_read_back_from_their_words_and_chance_lists_its_throws() {
        let mut hapis = state("hapis");
        let mut stream = Stream::new(4);
        while hapis.history().len() < 40 {
            let legal = hapis.legal_actions();
            for &action in &legal {
                let words = hapis.action_to_string(action).expect("a legal action has words");
                assert_eq!(hapis.string_to_action(&words), Ok(action), "{words}");
            }
            let outcomes = hapis.chance_outcomes();
            if hapis.turn() == Turn::Chance {
                assert_eq!(outcomes.iter().map(|&(a, _)| a).collect::<Vec<_>>(), legal);
                assert!((outcomes.iter().map(|&(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
            } else {
                assert!(outcomes.is_empty());
            }
            let unused = (0..hapis.num_actions().max(36)).find(|a| !legal.contains(a)).expect("an unused action");
            assert!(matches!(hapis.action_to_string(unused), Err(StateError::IllegalAction { .. })));
            let action = hapis.sample_chance(&mut stream).unwrap_or(legal[0]);
            hapis.apply_action(action).expect("legal");
        }
        let opening = state("hapis");
        assert_eq!(opening.action_to_string(34), Ok("white 6, black 5".to_owned()), "(6 − 1)·6 + (5 − 1)");
        assert_eq!(opening.chance_outcomes().len(), 30);
    }

    /// What a state says of itself: its game, seats, board as text, and refusals of a seat it does not have.
    #[test]
    fn a_state_names_its_game_and_seats_and_draws_its_board() {
        let chess = state("chess");
        assert_eq!((chess.game(), chess.players(), chess.num_actions()), ("chess".to_owned(), 2, 20481));
        assert!(chess.text().starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n7  ♟"), "{}", chess.text());
        let domineering = state("domineering(rows=3,cols=4)");
        assert_eq!(domineering.game(), "domineering(cols=4,rows=3)");
        let queens = state("queens(size=5)");
        assert_eq!(queens.players(), 1);
        assert!(queens.observation(0).is_ok());
        let refused = queens.observation(1).expect_err("one seat");
        assert_eq!(refused.to_string(), "player 1 does not sit in queens(size=5) (players: 0..1)");
        assert!(chess.observation(1).is_ok() && chess.observation(2).is_err() && chess.observation(-1).is_err());
        assert_eq!(chess.score(), None, "chess scores only at the end");
    }

    /// A finished game refuses every action as over; Hapis's points already sum to zero, so a mars is +2/−2.
    #[test]
    fn a_finished_game_is_over_and_a_mars_returns_two() {
        // White's last checker on its point 23 with 2-1 to play, Black with none borne off: bearing off wins a mars.
        let position = r#"{"turn":"white","points":["","","","","","","","","","","","","","","","","","","","","","w1","b15",""],"off":{"white":14,"black":0},"dice":[2,1]}"#;
        let mut hapis = registry().state("hapis", Some(position)).expect("a position");
        let legal = hapis.legal_actions();
        let bear_off =
            *legal.iter().find(|&&a| hapis.action_to_string(a).is_ok_and(|w| w.contains("off"))).expect("off");
        hapis.apply_action(bear_off).expect("legal");
        assert_eq!((hapis.points(), hapis.returns()), (Some([2.0, -2.0]), [2.0, -2.0]));
        assert_eq!(hapis.apply_action(0), Err(StateError::Over));
        assert_eq!(hapis.action_to_string(0), Err(StateError::Over));
        assert_eq!(hapis.string_to_action("6-5"), Err(StateError::Over));
        assert!(hapis.legal_actions().is_empty());
    }

    /// 2048 scores as it goes: the score after a merge is the merged tile.
    #[test]
    fn a_2048_merge_scores_its_tile() {
        let mut game = registry().state("2048", Some("2,2,.,./.,.,.,./.,.,.,./.,.,.,. 0 0")).expect("a position");
        assert_eq!(game.score(), Some([0.0, 0.0]));
        let left = game.string_to_action("left").expect("left reads");
        game.apply_action(left).expect("legal");
        assert_eq!(game.score(), Some([4.0, 0.0]));
    }

    /// A bot from outside hamle sits in a match through the integer actions: here hamle's own random bot,
    /// wrapped as the Python package wraps a Python object.
    #[test]
    fn a_bot_from_outside_plays_a_registered_one_through_the_actions() {
        let spec: Spec = "tictactoe".parse().expect("spec");
        let kind = registry().game("tictactoe").expect("tictactoe");
        let make = || kind.new_bot(&spec, &Spec::named("random"), 5).expect("random");
        let outside = Entrant::Outside { name: "outsider".into(), make: &make };
        let options = MatchOptions { games: 8, seed: 2, ..MatchOptions::default() };
        let report =
            kind.run_match_of(&spec, &outside, &Entrant::Spec(Spec::named("perfect")), &options).expect("a match");
        assert_eq!((report.a.bot.as_str(), report.b.bot.as_str()), ("outsider", "perfect"));
        assert_eq!(report.a.wins, 0, "nobody beats the perfect player");
        assert!(report.records.iter().all(|r| r.forfeit.is_none() && r.plies >= 5));
    }

    /// A registered bot answers a centre opening in a corner (an edge loses: worked by hand), and explains the
    /// choice with its line in the game's notation, starting with the move chosen.
    #[test]
    fn a_registered_bot_chooses_an_action_and_explains_it_in_words() {
        let spec: Spec = "tictactoe".parse().expect("spec");
        let kind = registry().game("tictactoe").expect("tictactoe");
        let mut bot = kind.new_bot(&spec, &Spec::named("perfect"), 1).expect("perfect");
        assert_eq!(bot.name(), "perfect");
        let mut game = state("tictactoe");
        play(game.as_mut(), &["b2"]);
        let choice = bot.choose(game.as_ref(), &Budget::UNLIMITED).expect("a choice");
        let words = game.action_to_string(choice.action).expect("legal");
        assert!(["a1", "c1", "a3", "c3"].contains(&words.as_str()), "{words}");
        assert!(choice.line.len() >= 2 && choice.line[0] == words, "{:?}", choice.line);
        let other = state("tictactoe(variant=two-phase)");
        let refused = bot.choose(other.as_ref(), &Budget::UNLIMITED).expect_err("another game");
        assert_eq!(refused.to_string(), "this bot plays tictactoe, not tictactoe(variant=two-phase)");
    }

    /// The action a bot from outside chooses is the move played: two bots that take the smallest legal cell
    /// play a1, b1, c1, a2, b2, c2, a3, and X wins on the diagonal c1–b2–a3 at the seventh ply (worked by hand).
    #[test]
    fn the_action_a_bot_from_outside_chooses_is_the_move_played() {
        struct Smallest;
        impl AnyBot for Smallest {
            fn name(&self) -> String {
                "smallest".into()
            }
            fn choose(&mut self, state: &dyn AnyState, _: &Budget) -> Result<Choice, StateError> {
                let action = state.legal_actions()[0];
                Ok(Choice { action, value: 0.0, line: Vec::new(), depth: 0, nodes: 0, elapsed: Duration::ZERO })
            }
        }
        let spec: Spec = "tictactoe".parse().expect("spec");
        let kind = registry().game("tictactoe").expect("tictactoe");
        let make = || Box::new(Smallest) as Box<dyn AnyBot>;
        let (a, b) =
            (Entrant::Outside { name: "a".into(), make: &make }, Entrant::Outside { name: "b".into(), make: &make });
        let options = MatchOptions { games: 2, seed: 1, ..MatchOptions::default() };
        let report = kind.run_match_of(&spec, &a, &b, &options).expect("a match");
        for record in &report.records {
            assert_eq!(record.plies, 7);
            let first = if record.a_first { record.a_points } else { record.b_points };
            assert_eq!(first, 1.0, "the first mover wins");
        }
    }

    /// A bot from outside that fails forfeits its game, with its reason in the record.
    #[test]
    fn a_bot_from_outside_that_fails_forfeits_with_its_reason() {
        struct Broken;
        impl AnyBot for Broken {
            fn name(&self) -> String {
                "broken".into()
            }
            fn choose(&mut self, _: &dyn AnyState, _: &Budget) -> Result<Choice, StateError> {
                Err(StateError::Unsuitable("no idea".into()))
            }
        }
        let spec: Spec = "sim".parse().expect("spec");
        let kind = registry().game("sim").expect("sim");
        let make = || Box::new(Broken) as Box<dyn AnyBot>;
        let outside = Entrant::Outside { name: "broken".into(), make: &make };
        let options = MatchOptions { games: 2, seed: 1, ..MatchOptions::default() };
        let report =
            kind.run_match_of(&spec, &outside, &Entrant::Spec(Spec::named("random")), &options).expect("a match");
        assert_eq!(report.b.wins, 2);
        let end = report.records[0].end.as_deref().expect("a forfeit");
        assert!(end.contains("no idea"), "{end}");
    }

    /// The typed playout and a playout through the actions, drawing from one stream, end in one position.
    #[test]
    fn random_games_agree_with_a_playout_through_the_actions() {
        for name in ["hapis", "2048", "domineering(rows=4,cols=5)", "chess"] {
            let spec: Spec = name.parse().expect("spec");
            let kind = registry().game(&spec.name).expect("a game");
            let typed = kind.random_games(&spec, 2, 7, true).expect("games");
            for (i, game) in typed.iter().enumerate() {
                let mut stream = Stream::new(7).derive(i as u64);
                let mut state = state(name);
                while state.turn() != Turn::Over {
                    let action = match state.sample_chance(&mut stream) {
                        Some(event) => event,
                        None => *stream.pick(&state.legal_actions()).expect("a move"),
                    };
                    state.apply_action(action).expect("legal");
                }
                assert_eq!(game.position.as_deref(), Some(state.position().as_str()), "{name}");
                assert_eq!((game.length, game.returns), (state.history().len(), state.returns()), "{name}");
            }
        }
    }
}
