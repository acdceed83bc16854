//! A game as learners see it: moves and chance events as stable integers (actions), positions as tensors of
//! a fixed shape. OpenSpiel, Gymnasium and PettingZoo speak in these; each game's crate says how its moves and
//! boards map to them, and the Python package reads nothing else.

use std::convert::Infallible;

use crate::game::{Game, Player};

/// How a game's moves, chance events and positions become integers and tensors.
///
/// Contract, checked for every game by the arena's tests:
/// - the legal moves of a state have distinct actions, each below [`Encoding::actions`];
/// - the chance events of a state have distinct actions, each below [`Encoding::chance_actions`];
/// - [`Encoding::shape`] is the same for every state of one game (one set of parameters), and
///   [`Encoding::observe`] fills exactly that many numbers.
///
/// An action names a move only in the state it is played from (Hapis's action names the points moved from,
/// the dice say how far), as OpenSpiel's do; decoding is done against the legal moves, so it needs no table.
pub struct Encoding<G: Game> {
    /// How many distinct actions a game with these parameters has: every move's action is below it.
    pub actions: fn(&G) -> u32,
    /// A legal move's action, in the state it is played from.
    pub action: fn(&G, G::Move) -> u32,
    /// How many distinct chance actions a game with these parameters has (0 for a game without chance).
    pub chance_actions: fn(&G) -> u32,
    /// A chance event's action, in the state it happens in.
    pub chance: fn(&G, G::Chance) -> u32,
    /// The observation tensor's shape, the same for every state of the game.
    pub shape: fn(&G) -> Vec<usize>,
    /// Fills the observation of `player` (seat 0 or 1) into `out`, which holds the shape's product of zeros,
    /// laid out row-major.
    pub observe: fn(&G, Player, &mut [f32]),
    /// Each seat's points so far, for a game that scores as it goes (2048: the merges), whose points at the
    /// end are this score; `None` for games scored only at the end.
    pub score: Option<fn(&G) -> [f64; 2]>,
}

/// The chance encoding of a game without chance: no chance actions at all.
pub fn no_chance_actions<G: Game>(_: &G) -> u32 {
    0
}

/// The chance action of a game without chance events, which cannot be called.
pub fn no_chance<G: Game<Chance = Infallible>>(_: &G, event: Infallible) -> u32 {
    match event {}
}

/// The observation of a game with these parameters, as a vector of the shape's product length.
///
/// ```
/// # use hamle_core::encoding::{observation, Encoding, no_chance_actions};
/// # use hamle_core::tree::Tree;
/// let encoding: Encoding<Tree> = Encoding {
///     actions: |_| 2,
///     action: |_, mv| mv,
///     chance_actions: no_chance_actions,
///     chance: |_, event| event,
///     shape: |_| vec![2, 3],
///     observe: |_, player, out| out[usize::from(player)] = 1.0,
///     score: None,
/// };
/// let tree = Tree::parse("[1, 2]")?;
/// assert_eq!(observation(&encoding, &tree, 1), [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
/// # Ok::<(), hamle_core::tree::ParseTreeError>(())
/// ```
pub fn observation<G: Game>(encoding: &Encoding<G>, state: &G, player: Player) -> Vec<f32> {
    let mut out = vec![0.0; (encoding.shape)(state).iter().product()];
    (encoding.observe)(state, player, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Tree;

    fn encoding() -> Encoding<Tree> {
        Encoding {
            actions: |_| 2,
            action: |_, mv| mv,
            chance_actions: no_chance_actions,
            chance: |_, event| event,
            shape: |_| vec![3, 2],
            observe: |_, player, out| out[5 - usize::from(player)] = 0.5,
            score: None,
        }
    }

    /// The vector has the shape's product of zeros before the game fills its entries.
    #[test]
    fn an_observation_is_the_shapes_length_of_zeros_filled_by_the_game() {
        let tree = Tree::parse("[1, 2]").expect("a tree");
        assert_eq!(observation(&encoding(), &tree, 0), [0.0, 0.0, 0.0, 0.0, 0.0, 0.5]);
        assert_eq!(observation(&encoding(), &tree, 1), [0.0, 0.0, 0.0, 0.0, 0.5, 0.0]);
    }

    #[test]
    fn a_game_without_chance_has_no_chance_actions() {
        let tree = Tree::parse("[1, 2]").expect("a tree");
        assert_eq!((encoding().chance_actions)(&tree), 0);
    }
}
