//! Every game and bot by short name, for the CLI, the server and matches alike.

use std::fmt::Display;

use hamle_core::command::Command;
use hamle_core::{Bot, Budget, Cap, Decision, Fault, Game, GameDef, Notation, ParamDoc, Spec, Stream};

use crate::ArenaError;
use crate::analysis::{About, Analysis, Job, Source};
use crate::matches::{MatchOptions, MatchReport, run_match_with};
use crate::play::{Live, Match, Refusal, Setup};

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
        if start.info().players != 2 {
            return Err(ArenaError::Unsupported(format!(
                "{} is a one-player game: matches need two (`hamle bench {}` measures its bots)",
                self.name, self.name
            )));
        }
        if options.transcripts && self.face.transcript.is_none() {
            return Err(ArenaError::Unsupported(format!(
                "{} games have no record format to be written in (--pgn is for chess)",
                self.name
            )));
        }
        // Build each bot once up front so that a bad spec is an error, not a panic in a worker.
        self.bot(a, &start)?;
        self.bot(b, &start)?;
        let make = |spec: &Spec| {
            let spec = spec.clone();
            let start = start.clone();
            // A bot that built once may still fail to build for a later game (an engine's program removed
            // meanwhile): it then forfeits that game with the reason, rather than being replaced unseen.
            move || {
                self.bot(&spec, &start).unwrap_or_else(|e| {
                    Box::new(Unmade { name: spec.to_string(), why: Some(format!("could not be made: {e}")) })
                })
            }
        };
        let (make_a, make_b) = (make(a), make(b));
        let opening = |pair: usize| (self.face.openings)(&start, pair);
        let mut report = run_match_with(&game.to_string(), &opening, &make_a, &make_b, options, self.face.transcript);
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
