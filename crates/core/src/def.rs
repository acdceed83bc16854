//! A game's definition, as its own crate exports it: its name and parameters, its bots, and how people play
//! it (the page that draws it, who throws the dice, moves entered a step at a time, hints). The registry
//! lists definitions; the play layer, the terminal and the web app read everything they need from here.

use serde_json::Value;

use crate::analysis::Analyst;
use crate::bot::Bot;
use crate::command::Command;
use crate::encoding::Encoding;
use crate::game::{Game, Notation, Player};
use crate::msg::Msg;
use crate::spec::{ParamDoc, Params, Spec, SpecError};
use crate::stream::Stream;

/// Makes a game's start position from its parameters.
pub type MakeGame<G> = fn(&mut Params) -> Result<G, SpecError>;

/// Makes a bot for a game from its parameters.
pub type MakeBot<G> = fn(&mut Params, &G) -> Result<Box<dyn Bot<G>>, SpecError>;

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

/// The values a parameter may take on a server, where the command line takes more.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allowed {
    /// Whole numbers from `min` to `max` (in `unit`), and the words in `or` (such as `auto`).
    Whole {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
        /// What the number counts (`MiB`), or empty.
        unit: &'static str,
        /// Words also taken, as the command line takes them.
        or: &'static [&'static str],
    },
    /// Decimal numbers from `min` to `max`.
    Decimal {
        /// The least.
        min: f64,
        /// The most.
        max: f64,
    },
    /// These words alone; none: the parameter is the command line's only.
    Words(&'static [&'static str]),
}

/// A narrower range of one parameter for a server, with the reason: a value that costs memory one client
/// should not ask for, or that a server never grants (a program to run, a file to read). The game's crate knows
/// what its bots cost, so it declares these; the server enforces them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cap {
    /// The bot whose parameter it is, or `None` for the game's own.
    pub bot: Option<&'static str>,
    /// The parameter's key.
    pub key: &'static str,
    /// What a server takes.
    pub allowed: Allowed,
    /// Why, in one line.
    pub why: &'static str,
}

/// A game as the registry knows it: one value per game, exported by the game's crate.
pub struct GameDef<G: Game> {
    /// Short name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// The parameters it takes.
    pub params: &'static [ParamDoc],
    /// Its constructor.
    pub make: MakeGame<G>,
    /// Its bots, the strongest first (the first is the default opponent and gives hints).
    pub bots: Vec<BotDef<G>>,
    /// What a server allows of its and its bots' parameters where the command line allows more.
    pub caps: &'static [Cap],
    /// Its commands in the terminal (`hamle solve`, `hamle chess perft`), beyond playing it.
    pub commands: &'static [Command],
    /// How people play it.
    pub face: Face<G>,
    /// Its moves, chance events and positions as integers and tensors, for learners.
    pub encoding: Encoding<G>,
}

/// Who throws when chance is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roller {
    /// Chance is drawn at once, with nobody's say (2048's tiles).
    Auto,
    /// Any seated person throws (an opening throw); bots throw only when no person sits.
    Anyone,
    /// This player throws (Hapis: the side to move throws its dice).
    Player(Player),
}

/// A move entered so far a step at a time: what the page draws and what may come next.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial<M> {
    /// The board after the steps, as [`Face::view`] draws a board.
    pub view: Value,
    /// The steps that may come next, for the page to offer.
    pub next: Value,
    /// The whole move, once the steps make one.
    pub complete: Option<M>,
}

/// Why a hook refuses: the request does not read, or it reads but the moment does not allow it.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The text is not what the game reads (a step that is not one step, an unknown hint level).
    #[error("{}", .0.id)]
    Malformed(Msg),
    /// It reads, but the rules or the moment do not allow it (a step no legal move begins with).
    #[error("{}", .0.id)]
    NotAllowed(Msg),
}

/// Reads steps entered so far into a [`Partial`], or says why they are not the start of a legal move.
pub type Steps<G> = fn(&G, &[String]) -> Result<Partial<<G as Game>::Move>, Refused>;

/// Hints for the player to move: a level (the game's own words, `None` for its best) to ranked moves as JSON.
pub type Hints<G> = fn(&G, Option<&str>) -> Result<Value, Refused>;

/// How a finished game of a bot match ended, in the words of PGN's `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game (mate, a draw, the last move).
    Normal,
    /// A player's clock ran out.
    TimeForfeit,
    /// A player chose a move the rules do not allow.
    RulesInfraction,
    /// A player gave no move: its program crashed, hung or answered nonsense.
    Abandoned,
    /// Stopped unfinished (the arena's ply limit).
    Unterminated,
}

impl Termination {
    /// The PGN tag's value: `normal`, `time forfeit`, `rules infraction`, `abandoned`, `unterminated`.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Unterminated => "unterminated",
        }
    }
}

/// What a match knows of one of its finished games beyond the final state, for a [`Transcribe`] hook.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transcript<'a> {
    /// What the games were played for (`hamle match`).
    pub event: &'a str,
    /// The game's number in the match, from 1.
    pub round: usize,
    /// The day the match was played, `YYYY.MM.DD`.
    pub date: &'a str,
    /// The players' names (the bots' specs), first mover first.
    pub names: [&'a str; 2],
    /// Each player's points, first mover first; `None` when the game was stopped unfinished.
    pub points: Option<[f64; 2]>,
    /// How it ended.
    pub termination: Termination,
    /// How it ended off the board, in words (`time forfeit by random: …`); `None` when the rules ended it.
    pub end: Option<&'a str>,
    /// The time control as PGN writes it (`10+0.1`: seconds, then the increment), when there was one.
    pub time_control: Option<&'a str>,
}

/// Writes a finished game down in the game's own record format (chess: PGN).
pub type Transcribe<G> = fn(&G, &Transcript<'_>) -> String;

/// How people play a game: the page, the seats' names, and the hooks of the play layer.
/// [`Face::new`] fills every hook with the plain choice; a game overrides what it does otherwise.
pub struct Face<G: Game> {
    /// The web page that draws it: `web/<page>.html`.
    pub page: &'static str,
    /// The players' names, mover first (`["X", "O"]`, `["white", "black"]`); one-player games use the first.
    pub players: fn(&G) -> [&'static str; 2],
    /// The board as the page draws it (JSON of the game's own shape).
    pub view: fn(&G) -> Value,
    /// The board drawn as text for the terminal's person playing `player`, in the language whose tag is given
    /// (`en`, `tr`), when it is not the game's plain text (chess: black's side at the bottom for black; Hapis:
    /// its words in Turkish).
    pub text: Option<fn(&G, Player, &str) -> String>,
    /// Who throws at a chance node.
    pub roller: fn(&G) -> Roller,
    /// Moves entered a step at a time, when the game has them.
    pub steps: Option<Steps<G>>,
    /// Each player's points when `player` resigns (the plain choice: the other wins 1, or a one-player game
    /// keeps its score).
    pub resign: fn(&G, Player) -> [f64; 2],
    /// Why a resignation is refused now, if it is (the plain choice: never; Hapis: before the opening throw).
    pub no_resign: fn(&G) -> Option<Msg>,
    /// A sentence on how a finished game ended, for logs and records, as a message of the catalogs.
    pub ending: fn(&G) -> Msg,
    /// Hints, when the game has its own (otherwise the first bot's choice is the hint).
    pub hints: Option<Hints<G>>,
    /// The next game of a match, from the game's spec (its match rules are parameters too), the first game's
    /// start, the game just finished and the points each player took from it (a resignation included).
    pub next: fn(&Spec, &G, &G, [f64; 2]) -> G,
    /// Whether the two seats swap players every game (tic-tac-toe's "play again" lets the other start).
    pub alternate: bool,
    /// A chance event in words (`6-5`, `4 at c2`), as records store it in every language.
    pub chance: fn(&G, G::Chance) -> String,
    /// A chance event's words as a person reads them, when the game names its events (Hapis: `6-6 (düşeş)`).
    /// The plain choice: none, the words as they are.
    pub chance_msg: Option<fn(&str) -> Msg>,
    /// Draws a chance event from a stream (the plain choice: [`Game::sample_chance`]).
    pub draw: fn(&G, &mut Stream) -> Option<G::Chance>,
    /// The start of game pair `i` of a bot match, from the match's start (the plain choice: the start
    /// itself; chess: a line of its opening suite, so that deterministic bots play different games).
    pub openings: fn(&G, usize) -> G,
    /// Whether a bot playing `player` accepts a draw offered now (the plain choice: never; chess: when its
    /// evaluation gives it no advantage).
    pub accept_draw: fn(&G, Player) -> bool,
    /// A finished game of a bot match written down in the game's record format, when it has one (chess: PGN;
    /// `hamle match --pgn` needs it). The plain choice: none.
    pub transcript: Option<Transcribe<G>>,
    /// The moves the arrow keys make, up, right, down and left, for a one-player game the terminal plays by keys
    /// with its view's `board` drawn as tiles (rows of numbers, 0 for an empty cell; 2048). The plain choice:
    /// none, the game is played by typing moves.
    pub arrows: Option<[&'static str; 4]>,
    /// Whether `player` has too little left to win by any sequence of moves (chess: a lone king, or a king with
    /// one minor piece), so that the other side's time running out is a draw. The plain choice: never.
    pub cannot_win: fn(&G, Player) -> bool,
    /// How a finished game's moves are judged, when the game has a judge strong enough to say (the plain
    /// choice: none; the knight's tour and N queens, played alone to a known end, have none).
    pub analyst: Option<Analyst<G>>,
}

impl<G: Notation> Face<G> {
    /// A face with the plain hooks: chance drawn at once, moves whole, the resigner loses 1, the next game
    /// starts as the first did, seats alternate in two-player games.
    pub fn new(page: &'static str, players: fn(&G) -> [&'static str; 2], view: fn(&G) -> Value) -> Face<G> {
        Face {
            page,
            players,
            view,
            text: None,
            roller: |_| Roller::Auto,
            steps: None,
            resign: plain_resign,
            no_resign: |_| None,
            ending: plain_ending,
            hints: None,
            next: |_, start, _, _| start.clone(),
            alternate: true,
            chance: |_, event| format!("{event:?}"),
            chance_msg: None,
            draw: |game, stream| game.sample_chance(stream),
            openings: |start, _| start.clone(),
            accept_draw: |_, _| false,
            transcript: None,
            arrows: None,
            cannot_win: |_, _| false,
            analyst: None,
        }
    }
}

fn plain_resign<G: Game>(game: &G, player: Player) -> [f64; 2] {
    if game.info().players == 1 {
        return game.points().unwrap_or([0.0; 2]);
    }
    let mut points = [0.0; 2];
    points[usize::from(1 - player.min(1))] = 1.0;
    points
}

fn plain_ending<G: Game>(game: &G) -> Msg {
    match game.points() {
        None => Msg::new("ending-goes-on"),
        Some(p) if game.info().players == 1 => Msg::new("ending-solo").arg("points", p[0]),
        Some([a, b]) if a > b => Msg::new("ending-first-wins"),
        Some([a, b]) if b > a => Msg::new("ending-second-wins"),
        Some(_) => Msg::new("ending-draw"),
    }
}

impl<G: Notation> GameDef<G> {
    /// The start position that `spec` (this game's name with parameters) describes.
    ///
    /// # Errors
    /// When the spec names another game, an unknown parameter or a bad value.
    pub fn game(&self, spec: &Spec) -> Result<G, SpecError> {
        if spec.name != self.name {
            return Err(SpecError::UnknownGame { name: spec.name.clone(), known: self.name.to_owned() });
        }
        let mut params = Params::new(spec, self.params)?;
        (self.make)(&mut params)
    }

    /// The bot that `spec` names, for the game `game`.
    ///
    /// # Errors
    /// When the spec names an unknown bot or parameter, or a bad value.
    pub fn bot(&self, spec: &Spec, game: &G) -> Result<Box<dyn Bot<G>>, SpecError> {
        let def = self.bots.iter().find(|b| b.name == spec.name).ok_or_else(|| SpecError::UnknownBot {
            game: self.name.to_owned(),
            name: spec.name.clone(),
            known: self.bots.iter().map(|b| b.name).collect::<Vec<_>>().join(", "),
        })?;
        let mut params = Params::new(spec, def.params)?;
        (def.make)(&mut params, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg::Arg;
    use crate::tree::{Shape, Tree};

    /// The leaf reached by always choosing the first move (and the first chance outcome).
    fn played_out(mut tree: Tree) -> Tree {
        while tree.turn() != crate::Turn::Over {
            match tree.turn() {
                crate::Turn::Chance => tree.apply_chance(0),
                _ => tree.play(0),
            }
        }
        tree
    }

    #[test]
    fn the_plain_ending_names_the_winner_a_draw_or_a_game_going_on() {
        let ending = |text: &str| plain_ending(&played_out(Tree::parse(text).expect("a tree"))).id;
        assert_eq!(ending("[5]"), "ending-first-wins");
        assert_eq!(ending("[-5]"), "ending-second-wins");
        assert_eq!(ending("[0]"), "ending-draw");
        assert_eq!(plain_ending(&Tree::parse("[5]").expect("a tree")).id, "ending-goes-on");
    }

    #[test]
    fn the_plain_ending_of_a_game_played_alone_says_its_points() {
        let shape = Shape { depth: 2, max_branching: 2, chance: false, players: 1, range: 100, early_leaf_percent: 0 };
        let tree = played_out(Tree::random(shape, &mut Stream::new(3)));
        let points = tree.points().expect("over")[0];
        let ending = plain_ending(&tree);
        assert_eq!(ending.id, "ending-solo");
        assert_eq!(ending.args.get("points"), Some(&Arg::from(points)));
    }
}
