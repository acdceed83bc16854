//! A game in progress between people and bots, with its type forgotten: what the terminal game
//! (and later the server) drives.

use std::fmt::Display;
use std::time::Duration;

use hamle_core::{Bot, Budget, Game, Notation, Player, Stream, Turn};

use crate::ArenaError;

/// A bot's move in a session, written in the game's notation.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The move.
    pub mv: String,
    /// Its value for the bot.
    pub score: f64,
    /// The expected line, starting with the move.
    pub pv: Vec<String>,
    /// Depth searched.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A game in progress.
pub trait Session: Send {
    /// The board drawn for a terminal.
    fn board(&self) -> String;
    /// The position in the game's notation.
    fn position(&self) -> String;
    /// Whose turn it is (chance is resolved at once, so never [`Turn::Chance`]).
    fn turn(&self) -> Turn;
    /// Whether a bot sits at `player`'s seat.
    fn is_bot(&self, player: Player) -> bool;
    /// The legal moves, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a person's move given in notation.
    ///
    /// # Errors
    /// [`ArenaError::BadMove`] when the text is not a move, [`ArenaError::IllegalMove`] when it is
    /// not legal here; the game is unchanged in both cases.
    fn play(&mut self, text: &str) -> Result<String, ArenaError>;
    /// Lets the bot whose turn it is move.
    ///
    /// # Errors
    /// [`ArenaError::NotBotsTurn`] when no bot is to move.
    fn bot_move(&mut self) -> Result<Played, ArenaError>;
    /// Lets the bot whose turn it is move, breaking its ties from `stream` rather than the session's own:
    /// for callers that replay a game and must give each move the same stream whether or not they restarted.
    ///
    /// # Errors
    /// [`ArenaError::NotBotsTurn`] when no bot is to move.
    fn bot_move_with(&mut self, stream: &mut Stream) -> Result<Played, ArenaError>;
    /// Each player's points once the game is over.
    fn points(&self) -> Option<[f64; 2]>;
    /// The moves so far, in notation.
    fn history(&self) -> &[String];
}

/// A [`Session`] over a concrete game.
pub struct Table<G: Game> {
    state: G,
    bots: [Option<Box<dyn Bot<G>>>; 2],
    bot_streams: [Stream; 2],
    dice: Stream,
    budget: Budget,
    history: Vec<String>,
}

impl<G: Notation + Display> Table<G> {
    /// A session from `start`; chance draws and bot tie-breaks come from streams derived from `seed`.
    pub fn new(start: G, bots: [Option<Box<dyn Bot<G>>>; 2], seed: u64, budget: Budget) -> Self {
        let master = Stream::new(seed);
        let mut table = Table {
            state: start,
            bots,
            bot_streams: [master.derive(1), master.derive(2)],
            dice: master.derive(0),
            budget,
            history: Vec::new(),
        };
        table.resolve_chance();
        table
    }

    fn resolve_chance(&mut self) {
        while self.state.turn() == Turn::Chance {
            match self.state.sample_chance(&mut self.dice) {
                Some(event) => self.state.apply_chance(event),
                None => break,
            }
        }
    }
}

impl<G: Notation + Display> Session for Table<G> {
    fn board(&self) -> String {
        self.state.to_string()
    }

    fn position(&self) -> String {
        self.state.format_position()
    }

    fn turn(&self) -> Turn {
        self.state.turn()
    }

    fn is_bot(&self, player: Player) -> bool {
        self.bots.get(usize::from(player)).is_some_and(Option::is_some)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.state.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.state.format_move(m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<String, ArenaError> {
        let mv = self
            .state
            .parse_move(text.trim())
            .map_err(|e| ArenaError::BadMove { text: text.trim().to_owned(), why: e.to_string() })?;
        let written = self.state.format_move(mv);
        self.state.try_play(mv).map_err(|_| ArenaError::IllegalMove(written.clone()))?;
        self.history.push(written.clone());
        self.resolve_chance();
        Ok(written)
    }

    fn bot_move(&mut self) -> Result<Played, ArenaError> {
        let Turn::Player(p) = self.state.turn() else { return Err(ArenaError::NotBotsTurn) };
        let seat = usize::from(p.min(1));
        let mut stream = self.bot_streams[seat].clone();
        let played = self.bot_move_with(&mut stream);
        self.bot_streams[seat] = stream;
        played
    }

    fn bot_move_with(&mut self, stream: &mut Stream) -> Result<Played, ArenaError> {
        let Turn::Player(p) = self.state.turn() else { return Err(ArenaError::NotBotsTurn) };
        let seat = usize::from(p.min(1));
        let Some(bot) = self.bots[seat].as_mut() else { return Err(ArenaError::NotBotsTurn) };
        let decision = bot.choose(&self.state, &self.budget, stream).ok_or(ArenaError::NotBotsTurn)?;
        let mut line = self.state.clone();
        let mut pv = Vec::new();
        for &mv in &decision.pv {
            let mut legal = Vec::new();
            line.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            pv.push(line.format_move(mv));
            line.play(mv);
        }
        let written = self.state.format_move(decision.mv);
        self.state.try_play(decision.mv).map_err(|_| ArenaError::IllegalMove(written.clone()))?;
        self.history.push(written.clone());
        self.resolve_chance();
        Ok(Played {
            mv: written,
            score: decision.score,
            pv,
            depth: decision.depth,
            nodes: decision.nodes,
            elapsed: decision.elapsed,
        })
    }

    fn points(&self) -> Option<[f64; 2]> {
        self.state.points()
    }

    fn history(&self) -> &[String] {
        &self.history
    }
}
