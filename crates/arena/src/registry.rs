//! Every game and bot by short name, for the CLI, the server and matches alike.

use std::fmt::Display;

use hamle_core::command::Command;
use hamle_core::{Bot, Budget, Cap, Decision, Fault, Game, GameDef, Notation, ParamDoc, Spec, Stream};
use rayon::prelude::*;

use crate::ArenaError;
use crate::analysis::{About, Analysis, Job, Source};
use crate::matches::{MatchOptions, MatchReport, run_match_with};
use crate::play::{Live, Match, Refusal, Setup};
use crate::states::{AnyBot, AnyState, BotOf, Playout, Seated, State, StateError, Written};

/// A short description of a game or bot, for listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Short name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Its parameters.
    pub params: &'static [ParamDoc],
}

/// A registered game with its type forgotten, so that games of every kind sit in one list.
pub trait GameKind: Send + Sync {
    /// The game's name, description and parameters.
    fn listing(&self) -> Listing;

    /// Its bots' names, descriptions and parameters, the strongest first.
    fn bots(&self) -> Vec<Listing>;

    /// The web page that draws it (`web/<page>.html`).
    fn page(&self) -> &'static str;

    /// What a server allows of its and its bots' parameters where the command line allows more.
    fn caps(&self) -> &'static [Cap];

    /// Its commands in the terminal beyond playing it (`hamle solve`, `hamle chess perft`).
    fn commands(&self) -> &'static [Command];

    /// How many players it has (1 or 2) with `game`'s parameters.
    ///
    /// # Errors
    /// When the spec names an unknown parameter or a bad value.
    fn players(&self, game: &Spec) -> Result<u8, ArenaError>;

    /// The moves the arrow keys make (up, right, down, left) when the terminal plays it by keys.
    fn arrows(&self) -> Option<[&'static str; 4]>;

    /// The sides' names with `game`'s parameters, first mover first (`["vertical", "horizontal"]`).
    fn sides(&self, game: &Spec) -> Result<[&'static str; 2], ArenaError>;

    /// Makes the start position `game` describes and, when given, the bot `bot` for it, to check both specs.
    ///
    /// # Errors
    /// When a spec names an unknown bot or parameter, or a value its parameter does not take.
    fn check(&self, game: &Spec, bot: Option<&Spec>) -> Result<(), ArenaError>;

    /// Plays a match between bots `a` and `b` of the game `game`; the report names each bot by its spec as
    /// given, parameters included, with the settings the bot spells out in its own name ([`named`]).
    ///
    /// # Errors
    /// When a spec names an unknown bot or parameter, or a value is out of range.
    fn run_match(&self, game: &Spec, a: &Spec, b: &Spec, options: &MatchOptions) -> Result<MatchReport, ArenaError>;

    /// Starts a match of this game (its seats people or bots), its chance and ties drawn from `seed`.
    ///
    /// # Errors
    /// A [`Refusal`] when the setup names an unknown game, bot or parameter.
    fn start(&'static self, setup: Setup, seed: u64, budget: Budget) -> Result<Box<dyn Live>, Refusal>;

    /// Its analyst, described: who judges, in what units, how hard; `None` when it has none.
    fn analyst(&self) -> Option<About>;

    /// An analysis of a finished match of this game (or of its game `only`, from 1), at `effort` (the
    /// analyst's default when `None`), to be run a step at a time.
    ///
    /// # Errors
    /// A [`Refusal`] when the game has no analyst, the effort is out of range, or the record does not replay
    /// or its match is not over.
    fn analysis(&'static self, source: Source, effort: Option<u64>, only: Option<u64>)
    -> Result<Box<dyn Job>, Refusal>;

    /// A state of the game `game` (at its start, or at `position` in the game's notation), its moves named by
    /// integers: what the Python package plays through.
    ///
    /// # Errors
    /// When the spec or the position does not read.
    fn new_state(&'static self, game: &Spec, position: Option<&str>) -> Result<Box<dyn AnyState>, StateError>;

    /// The bot `bot` of the game `game`, choosing actions of its states, its randomness drawn from `seed`.
    ///
    /// # Errors
    /// When a spec does not read.
    fn new_bot(&'static self, game: &Spec, bot: &Spec, seed: u64) -> Result<Box<dyn AnyBot>, StateError>;

    /// `count` random games from the start of `game`, game `i` drawn from `Stream::new(seed).derive(i)` as
    /// [`crate::states`] says, played in parallel; with `positions`, each final position is kept.
    ///
    /// # Errors
    /// When the spec does not read.
    fn random_games(&self, game: &Spec, count: usize, seed: u64, positions: bool) -> Result<Vec<Playout>, StateError>;

    /// [`GameKind::run_match`] with bots that may come from outside hamle (a Python object) beside registered ones.
    ///
    /// # Errors
    /// As [`GameKind::run_match`].
    fn run_match_of(
        &'static self,
        game: &Spec,
        a: &Entrant<'_>,
        b: &Entrant<'_>,
        options: &MatchOptions,
    ) -> Result<MatchReport, ArenaError>;
}

/// A bot in a match: a registered one by its spec, or one from outside hamle, made afresh for every game.
pub enum Entrant<'a> {
    /// A registered bot: `expert`, `thesis(depth=3)`.
    Spec(Spec),
    /// A bot from outside, by the name the report gives it.
    Outside {
        /// Its name in the report.
        name: String,
        /// Makes one for a game.
        make: &'a (dyn Fn() -> Box<dyn AnyBot> + Sync),
    },
}

impl<G: Notation + Display> GameKind for GameDef<G> {
    fn listing(&self) -> Listing {
        Listing { name: self.name, about: self.about, params: self.params }
    }

    fn bots(&self) -> Vec<Listing> {
        self.bots.iter().map(|b| Listing { name: b.name, about: b.about, params: b.params }).collect()
    }

    fn page(&self) -> &'static str {
        self.face.page
    }

    fn caps(&self) -> &'static [Cap] {
        self.caps
    }

    fn commands(&self) -> &'static [Command] {
        self.commands
    }

    fn players(&self, game: &Spec) -> Result<u8, ArenaError> {
        Ok(self.game(game)?.info().players)
    }

    fn arrows(&self) -> Option<[&'static str; 4]> {
        self.face.arrows
    }

    fn sides(&self, game: &Spec) -> Result<[&'static str; 2], ArenaError> {
        Ok((self.face.players)(&self.game(game)?))
    }

    fn check(&self, game: &Spec, bot: Option<&Spec>) -> Result<(), ArenaError> {
        let start = self.game(game)?;
        if let Some(bot) = bot {
            self.bot(bot, &start)?;
        }
        Ok(())
    }

    fn run_match(&self, game: &Spec, a: &Spec, b: &Spec, options: &MatchOptions) -> Result<MatchReport, ArenaError> {
        let start = self.game(game)?;
        let (make_a, make_b) = (registered(self, a, &start), registered(self, b, &start));
        let mut report = contest(self, game, &start, &[a, b], &make_a, &make_b, options)?;
        report.a.bot = named(a, &report.a.bot);
        report.b.bot = named(b, &report.b.bot);
        Ok(report)
    }

    fn start(&'static self, setup: Setup, seed: u64, budget: Budget) -> Result<Box<dyn Live>, Refusal> {
        Ok(Box::new(Match::new(self, setup, seed, budget)?))
    }

    fn analyst(&self) -> Option<About> {
        self.face.analyst.as_ref().map(|a| About {
            judge: a.judge_name,
            units: a.units,
            effort: a.effort,
            marks: a.marks,
        })
    }

    fn analysis(
        &'static self,
        source: Source,
        effort: Option<u64>,
        only: Option<u64>,
    ) -> Result<Box<dyn Job>, Refusal> {
        Ok(Box::new(Analysis::new(self, source, effort, only)?))
    }

    fn new_state(&'static self, game: &Spec, position: Option<&str>) -> Result<Box<dyn AnyState>, StateError> {
        Ok(Box::new(State::new(self, game, position)?))
    }

    fn new_bot(&'static self, game: &Spec, bot: &Spec, seed: u64) -> Result<Box<dyn AnyBot>, StateError> {
        Ok(Box::new(BotOf::new(self, game, bot, seed)?))
    }

    fn random_games(&self, game: &Spec, count: usize, seed: u64, positions: bool) -> Result<Vec<Playout>, StateError> {
        let start = self.game(game)?;
        let master = Stream::new(seed);
        Ok((0..count)
            .into_par_iter()
            .map(|i| crate::states::playout(self, &start, &mut master.derive(i as u64), positions))
            .collect())
    }

    fn run_match_of(
        &'static self,
        game: &Spec,
        a: &Entrant<'_>,
        b: &Entrant<'_>,
        options: &MatchOptions,
    ) -> Result<MatchReport, ArenaError> {
        let start = self.game(game)?;
        let registered: Vec<&Spec> = [a, b]
            .into_iter()
            .filter_map(|e| match e {
                Entrant::Spec(spec) => Some(spec),
                Entrant::Outside { .. } => None,
            })
            .collect();
        let (make_a, make_b) = (seat(self, game, &start, a), seat(self, game, &start, b));
        let mut report = contest(self, game, &start, &registered, &make_a, &make_b, options)?;
        for (entrant, named_as) in [(a, &mut report.a.bot), (b, &mut report.b.bot)] {
            *named_as = match entrant {
                Entrant::Spec(spec) => named(spec, named_as.as_str()),
                Entrant::Outside { name, .. } => name.clone(),
            };
        }
        Ok(report)
    }
}

/// Makes the registered bot `spec` for each game of a match. A bot that built once may still fail to build for
/// a later game (an engine's program removed meanwhile): it then forfeits that game with the reason, rather
/// than being replaced unseen.
fn registered<'a, G: Notation + Display>(
    def: &'a GameDef<G>,
    spec: &Spec,
    start: &G,
) -> impl Fn() -> Box<dyn Bot<G>> + Sync + 'a {
    let (spec, start) = (spec.clone(), start.clone());
    move || {
        def.bot(&spec, &start).unwrap_or_else(|e| {
            Box::new(Unmade { name: spec.to_string(), why: Some(format!("could not be made: {e}")) })
        })
    }
}

/// Makes the bot of a seat for each game of a match: a registered one, or one from outside, seated.
fn seat<'a, G: Notation + Display>(
    def: &'static GameDef<G>,
    game: &'a Spec,
    start: &G,
    entrant: &'a Entrant<'_>,
) -> Box<dyn Fn() -> Box<dyn Bot<G>> + Sync + 'a> {
    match entrant {
        Entrant::Spec(spec) => Box::new(registered(def, spec, start)),
        Entrant::Outside { make, .. } => {
            Box::new(move || Box::new(Seated { def, spec: game.clone(), bot: make(), fault: None }) as Box<dyn Bot<G>>)
        }
    }
}

/// A match between the bots `make_a` and `make_b` make, the `registered` ones among them checked up front.
fn contest<G: Notation + Display>(
    def: &GameDef<G>,
    game: &Spec,
    start: &G,
    registered: &[&Spec],
    make_a: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    options: &MatchOptions,
) -> Result<MatchReport, ArenaError> {
    if start.info().players != 2 {
        return Err(ArenaError::Unsupported(format!(
            "{} is a one-player game: matches need two (`hamle bench {}` measures its bots)",
            def.name, def.name
        )));
    }
    if options.transcripts && def.face.transcript.is_none() {
        return Err(ArenaError::Unsupported(format!(
            "{} games have no record format to be written in (--pgn is for chess)",
            def.name
        )));
    }
    // Build each registered bot once up front so that a bad spec is an error, not a panic in a worker.
    for spec in registered {
        def.bot(spec, start)?;
    }
    let opening = |pair: usize| (def.face.openings)(start, pair);
    Ok(run_match_with(&game.to_string(), &opening, make_a, make_b, options, def.face.transcript))
}

/// How a match report names a bot: its spec as given, parameters included, with the settings the bot spells
/// out in its own name added (a UCI engine's `movetime`, `engine`'s `level`). A bot's own name may leave out
/// what was asked (`heuristic(plies=2)` calls itself `heuristic`), so the spec comes first and wins where the
/// two differ.
///
/// ```
/// use hamle_arena::registry::named;
/// let spec = "uci(cmd=/usr/games/stockfish)".parse()?;
/// assert_eq!(named(&spec, "uci(cmd=/usr/games/stockfish,movetime=1000)"), "uci(cmd=/usr/games/stockfish,movetime=1000)");
/// assert_eq!(named(&"heuristic(plies=2)".parse()?, "heuristic"), "heuristic(plies=2)");
/// assert_eq!(named(&"engine".parse()?, "engine(level=8)"), "engine(level=8)");
/// assert_eq!(named(&"random".parse()?, "a random mover"), "random", "a name that is no spec adds nothing");
/// # Ok::<(), hamle_core::SpecError>(())
/// ```
pub fn named(spec: &Spec, own: &str) -> String {
    let mut named = spec.clone();
    if let Ok(own) = own.parse::<Spec>()
        && own.name == spec.name
    {
        for (key, value) in own.params {
            named.params.entry(key).or_insert(value);
        }
    }
    named.to_string()
}

/// A bot whose spec did not build for one game of a match: it gives no move and says why.
struct Unmade {
    name: String,
    why: Option<String>,
}

impl<G: Game> Bot<G> for Unmade {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _: &G, _: &Budget, _: &mut Stream) -> Option<Decision<G::Move>> {
        None
    }

    fn fault(&mut self) -> Option<Fault> {
        self.why.take().map(Fault::Failed)
    }
}

/// All games and their bots.
pub struct Registry {
    games: Vec<Box<dyn GameKind>>,
}

impl Registry {
    /// A registry of the given games.
    pub fn new(games: Vec<Box<dyn GameKind>>) -> Self {
        Registry { games }
    }

    /// Every game.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameKind> {
        self.games.iter().map(Box::as_ref)
    }

    /// A state of the game `spec` names (`hapis(mother=on)`), at its start or at `position` in its notation.
    ///
    /// # Errors
    /// An unknown game or parameter, or a position that does not read.
    pub fn state(&'static self, spec: &str, position: Option<&str>) -> Result<Box<dyn AnyState>, StateError> {
        let spec: Spec = spec.parse()?;
        self.kind(&spec.name)?.new_state(&spec, position)
    }

    /// The state that [`AnyState::serialize`] wrote, replayed from its start.
    ///
    /// # Errors
    /// When the text is not a written state, names an unknown game, or an action does not replay.
    pub fn deserialize(&'static self, text: &str) -> Result<Box<dyn AnyState>, StateError> {
        let written: Written = serde_json::from_str(text)
            .map_err(|e| StateError::Unreadable(format!("not a serialized hamle state: {e}")))?;
        let mut state = self.state(&written.game, written.position.as_deref())?;
        for (i, &action) in written.actions.iter().enumerate() {
            state
                .apply_action(action)
                .map_err(|e| StateError::Unreadable(format!("action {} of the record ({action}): {e}", i + 1)))?;
        }
        Ok(state)
    }

    /// The game named `name`, for [`StateError`]s.
    fn kind(&self, name: &str) -> Result<&dyn GameKind, StateError> {
        self.game(name).map_err(|e| match e {
            ArenaError::Spec(e) => StateError::Spec(e),
            ArenaError::Unsupported(why) => StateError::Unsuitable(why),
        })
    }

    /// The game named `name`.
    ///
    /// # Errors
    /// An unknown game, listing the known names.
    pub fn game(&self, name: &str) -> Result<&dyn GameKind, ArenaError> {
        self.games().find(|g| g.listing().name == name).ok_or_else(|| {
            ArenaError::Spec(hamle_core::SpecError::UnknownGame {
                name: name.to_owned(),
                known: self.games().map(|g| g.listing().name).collect::<Vec<_>>().join(", "),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::tree::Tree;

    use super::*;

    #[test]
    fn a_bot_that_could_not_be_made_gives_no_move_and_says_why_once() {
        let mut bot = Unmade { name: "uci(cmd=/gone)".into(), why: Some("could not be made: gone".into()) };
        let tree = Tree::parse("[1, 2]").expect("tree");
        assert_eq!(Bot::<Tree>::name(&bot), "uci(cmd=/gone)");
        assert!(Bot::<Tree>::choose(&mut bot, &tree, &Budget::UNLIMITED, &mut Stream::new(1)).is_none());
        assert_eq!(Bot::<Tree>::fault(&mut bot), Some(Fault::Failed("could not be made: gone".into())));
        assert_eq!(Bot::<Tree>::fault(&mut bot), None, "taken once");
    }
}
