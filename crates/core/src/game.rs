//! What a game is: whose turn it is, its legal moves, chance events and the final points.

use std::fmt::Debug;
use std::hash::Hash;

/// A seat at the table: 0 moves first, 1 second. One-player games use only 0.
pub type Player = u8;

/// Whose turn it is in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player chooses a move.
    Player(Player),
    /// Chance draws an event (dice, a tile) by [`Game::chance_outcomes`].
    Chance,
    /// The game is over; [`Game::points`] gives the result.
    Over,
}

/// A game's fixed facts, which searches check before they run on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Short name, as in the registry (`tictactoe`).
    pub name: &'static str,
    /// Number of players: 1 or 2.
    pub players: u8,
    /// Whether the two players' points always sum to the same total.
    pub zero_sum: bool,
    /// Whether the game has chance nodes.
    pub chance: bool,
}

/// The rules of a game, as a small cloneable state.
///
/// Contract:
/// - `legal_moves` is empty exactly when `turn()` is not [`Turn::Player`];
/// - `chance_outcomes` is non-empty exactly when `turn()` is [`Turn::Chance`], and its
///   probabilities sum to 1;
/// - `points` is `Some` exactly when `turn()` is [`Turn::Over`];
/// - equal states have equal [`Game::key`]s.
pub trait Game: Clone + Send + Sync + 'static {
    /// A player's move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// A chance event; games without chance use [`std::convert::Infallible`].
    type Chance: Copy + Eq + Debug + Send + Sync + 'static;

    /// The game's fixed facts.
    fn info(&self) -> GameInfo;

    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// Replaces the contents of `moves` with the legal moves (none when no player is to move).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move that [`Game::legal_moves`] returned; anything else may leave a wrong state.
    /// Use [`Game::try_play`] for moves that come from outside.
    fn play(&mut self, mv: Self::Move);

    /// Replaces the contents of `outcomes` with the chance events and their probabilities.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Self::Chance, f64)>) {
        outcomes.clear();
    }

    /// Applies a chance event that [`Game::chance_outcomes`] returned.
    fn apply_chance(&mut self, _event: Self::Chance) {}

    /// Each player's points once the game is over (index 1 is unused in one-player games).
    fn points(&self) -> Option<[f64; 2]>;

    /// A 64-bit key for transposition tables: equal states give equal keys.
    fn key(&self) -> u64;

    /// Plays `mv` if it is legal, and otherwise changes nothing.
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not among the legal moves.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }

    /// Draws a chance event with the given stream, or `None` when chance is not to move.
    fn sample_chance(&self, stream: &mut crate::Stream) -> Option<Self::Chance> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        let mut x = stream.unit();
        for &(event, p) in &outcomes {
            if x < p {
                return Some(event);
            }
            x -= p;
        }
        outcomes.last().map(|&(event, _)| event)
    }
}

/// A move was not legal in the state it was offered to; the state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move")]
pub struct IllegalMove;

/// Text for positions and moves, in a game's documented notation; parsing accepts what printing produces.
pub trait Notation: Game {
    /// Why a text could not be read.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Writes a move, as played from this state.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in this state; it is checked for form, not for legality.
    ///
    /// # Errors
    /// When `text` is not a move in the notation.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;

    /// Writes the whole position.
    fn format_position(&self) -> String;

    /// Reads a position with this state's settings (variant, options).
    ///
    /// # Errors
    /// When `text` is malformed or describes an impossible position.
    fn parse_position(&self, text: &str) -> Result<Self, Self::Error>;
}
