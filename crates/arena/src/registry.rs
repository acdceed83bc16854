//! Every game and bot by short name, for the CLI, the server and matches alike.

use std::fmt::Display;

use hamle_core::{Bot, Budget, Notation, Player, Turn};

use crate::matches::{MatchOptions, MatchReport, run_match};
use crate::spec::{ParamDoc, Params, Spec};
use crate::{ArenaError, session::Session, session::Table};

/// Makes a game's start position from its parameters.
pub type MakeGame<G> = fn(&mut Params) -> Result<G, ArenaError>;

/// Makes a bot for a game from its parameters.
pub type MakeBot<G> = fn(&mut Params, &G) -> Result<Box<dyn Bot<G>>, ArenaError>;

/// A bot as the registry knows it.
pub struct BotDef<G> {
    /// Short name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// The parameters it takes.
    pub params: &'static [ParamDoc],
    /// Its constructor.
    pub make: MakeBot<G>,
}

/// A game as the registry knows it.
pub struct GameDef<G> {
    /// Short name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// The parameters it takes.
    pub params: &'static [ParamDoc],
    /// Its constructor.
    pub make: MakeGame<G>,
    /// Its bots, the strongest first.
    pub bots: Vec<BotDef<G>>,
}

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

    /// Its bots' names, descriptions and parameters.
    fn bots(&self) -> Vec<Listing>;

    /// Plays a match between bots `a` and `b` of the game `game`.
    ///
    /// # Errors
    /// When a spec names an unknown bot or parameter, or a value is out of range.
    fn run_match(&self, game: &Spec, a: &Spec, b: &Spec, options: &MatchOptions) -> Result<MatchReport, ArenaError>;

    /// Starts a game where each seat is a bot (by spec) or a person (`None`); chance draws come from `seed`.
    ///
    /// # Errors
    /// When a spec names an unknown bot or parameter, or a value is out of range.
    fn start(
        &self,
        game: &Spec,
        seats: [Option<Spec>; 2],
        seed: u64,
        budget: Budget,
    ) -> Result<Box<dyn Session>, ArenaError>;
}

impl<G: Notation + Display> GameDef<G> {
    /// The start position that `spec` (this game's name with parameters) describes.
    ///
    /// # Errors
    /// When the spec names another game, an unknown parameter or a bad value.
    pub fn game(&self, spec: &Spec) -> Result<G, ArenaError> {
        if spec.name != self.name {
            return Err(ArenaError::UnknownGame { name: spec.name.clone(), known: self.name.to_owned() });
        }
        let mut params = Params::new(spec, self.params)?;
        (self.make)(&mut params)
    }

    /// The bot that `spec` names, for the game `game`.
    ///
    /// # Errors
    /// When the spec names an unknown bot or parameter, or a bad value.
    pub fn bot(&self, spec: &Spec, game: &G) -> Result<Box<dyn Bot<G>>, ArenaError> {
        let def = self.bots.iter().find(|b| b.name == spec.name).ok_or_else(|| ArenaError::UnknownBot {
            game: self.name.to_owned(),
            name: spec.name.clone(),
            known: self.bots.iter().map(|b| b.name).collect::<Vec<_>>().join(", "),
        })?;
        let mut params = Params::new(spec, def.params)?;
        (def.make)(&mut params, game)
    }
}

impl<G: Notation + Display> GameKind for GameDef<G> {
    fn listing(&self) -> Listing {
        Listing { name: self.name, about: self.about, params: self.params }
    }

    fn bots(&self) -> Vec<Listing> {
        self.bots.iter().map(|b| Listing { name: b.name, about: b.about, params: b.params }).collect()
    }

    fn run_match(&self, game: &Spec, a: &Spec, b: &Spec, options: &MatchOptions) -> Result<MatchReport, ArenaError> {
        let start = self.game(game)?;
        if start.info().players != 2 {
            return Err(ArenaError::Unsupported(format!(
                "{} is a one-player game: matches need two (`hamle bench {}` measures its bots)",
                self.name, self.name
            )));
        }
        // Build each bot once up front so that a bad spec is an error, not a panic in a worker.
        self.bot(a, &start)?;
        self.bot(b, &start)?;
        let make = |spec: &Spec| {
            let spec = spec.clone();
            let start = start.clone();
            move || self.bot(&spec, &start).unwrap_or_else(|_| Box::new(hamle_core::bot::RandomBot))
        };
        let (make_a, make_b) = (make(a), make(b));
        Ok(run_match(&game.to_string(), &start, &make_a, &make_b, options))
    }

    fn start(
        &self,
        game: &Spec,
        seats: [Option<Spec>; 2],
        seed: u64,
        budget: Budget,
    ) -> Result<Box<dyn Session>, ArenaError> {
        let start = self.game(game)?;
        let [s0, s1] = seats;
        let bot0 = s0.map(|s| self.bot(&s, &start)).transpose()?;
        let bot1 = s1.map(|s| self.bot(&s, &start)).transpose()?;
        Ok(Box::new(Table::new(start, [bot0, bot1], seed, budget)))
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
    /// [`ArenaError::UnknownGame`], listing the known names.
    pub fn game(&self, name: &str) -> Result<&dyn GameKind, ArenaError> {
        self.games().find(|g| g.listing().name == name).ok_or_else(|| ArenaError::UnknownGame {
            name: name.to_owned(),
            known: self.games().map(|g| g.listing().name).collect::<Vec<_>>().join(", "),
        })
    }
}

/// The seat whose turn it is, if a player's.
pub fn seat(turn: Turn) -> Option<Player> {
    match turn {
        Turn::Player(p) => Some(p),
        _ => None,
    }
}
