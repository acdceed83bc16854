//! Random games that check the [`Encoding`] contract at every state they pass.

use std::collections::HashMap;
use std::fmt::{Debug, Display};

use hamle_core::encoding::observation;
use hamle_core::{Encoding, Game, Player, Stream, Turn};

/// Most player moves and chance events one game may take in [`check_encoding`] before it stops: enough for
/// whole random games of most games here, and a bound on the long ones (2048, chess).
const PLY_CAP: u64 = 2_000;

/// Plays `games` random games from `start` (game `i` draws chance events and moves from `Stream::new(i)`) and
/// panics, naming the game, the ply and the position, at the first state that breaks `encoding`'s contract.
///
/// At every state, until the game ends or has taken 2,000 plies, it checks that:
/// - the legal moves have distinct actions, each below [`Encoding::actions`];
/// - the chance outcomes have distinct actions, each below [`Encoding::chance_actions`];
/// - [`Encoding::shape`], [`Encoding::actions`] and [`Encoding::chance_actions`] are the start's;
/// - the observation of each seat (0 and 1) has the shape's product of entries, each finite and in [0, 1].
///
/// In the messages, a ply counts chance events as well as moves, so that it locates the state exactly.
///
/// ```
/// use hamle_core::Encoding;
/// use hamle_core::encoding::no_chance_actions;
/// # use hamle_core::{Game, GameInfo, Turn};
/// # #[derive(Clone)]
/// # struct Nim(u32, u8);
/// # impl Game for Nim {
/// #     type Move = u32;
/// #     type Chance = u32;
/// #     fn info(&self) -> GameInfo { GameInfo { name: "nim", players: 2, zero_sum: true, chance: false } }
/// #     fn turn(&self) -> Turn { if self.0 == 0 { Turn::Over } else { Turn::Player(self.1) } }
/// #     fn legal_moves(&self, moves: &mut Vec<u32>) { moves.clear(); moves.extend(1..=self.0.min(3)); }
/// #     fn play(&mut self, take: u32) { self.0 -= take; self.1 = 1 - self.1; }
/// #     fn points(&self) -> Option<[f64; 2]> {
/// #         (self.0 == 0).then(|| if self.1 == 1 { [1.0, -1.0] } else { [-1.0, 1.0] })
/// #     }
/// #     fn key(&self) -> u64 { u64::from(self.0) * 2 + u64::from(self.1) }
/// # }
/// # impl std::fmt::Display for Nim {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{} {}", self.0, self.1) }
/// # }
///
/// // Nim from 10 stones: a move takes 1 to 3, its action is that number less 1; the observation is the
/// // stones left, out of 10.
/// let encoding: Encoding<Nim> = Encoding {
///     actions: |_| 3,
///     action: |_, take| take - 1,
///     chance_actions: no_chance_actions,
///     chance: |_, event| event,
///     shape: |_| vec![1],
///     observe: |nim, _, out| out[0] = nim.0 as f32 / 10.0,
///     score: None,
/// };
/// hamle_testkit::check_encoding(&encoding, &Nim(10, 0), 20);
/// ```
pub fn check_encoding<G: Game + Display>(encoding: &Encoding<G>, start: &G, games: u64) {
    let name = start.info().name;
    let shape = (encoding.shape)(start);
    let (actions, chance_actions) = ((encoding.actions)(start), (encoding.chance_actions)(start));
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut stream = Stream::new(game);
        let mut state = start.clone();
        for ply in 0..PLY_CAP {
            let at = At { name, game, ply, state: &state };
            let now = ((encoding.shape)(&state), (encoding.actions)(&state), (encoding.chance_actions)(&state));
            if now != (shape.clone(), actions, chance_actions) {
                at.fail(format_args!(
                    "shape, actions and chance actions are {now:?}, at the start {:?}; they must not change",
                    (&shape, actions, chance_actions)
                ));
            }
            for player in [0, 1] {
                check_observation(&at, encoding, player, shape.iter().product());
            }
            state.legal_moves(&mut moves);
            check_distinct(&at, "move", moves.iter().map(|&mv| (mv, (encoding.action)(&state, mv))), actions);
            state.chance_outcomes(&mut outcomes);
            let events = outcomes.iter().map(|&(event, _)| (event, (encoding.chance)(&state, event)));
            check_distinct(&at, "chance event", events, chance_actions);
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let Some(event) = state.sample_chance(&mut stream) else {
                        at.fail("chance is to move but sample_chance drew nothing");
                    };
                    state.apply_chance(event);
                }
                Turn::Player(_) => {
                    let Some(&mv) = stream.pick(&moves) else {
                        at.fail("a player is to move but there are no legal moves");
                    };
                    state.play(mv);
                }
            }
        }
    }
}

/// Where a game stands, for the failure messages.
struct At<'a, G> {
    name: &'static str,
    game: u64,
    ply: u64,
    state: &'a G,
}

impl<G: Display> At<'_, G> {
    fn fail(&self, what: impl Display) -> ! {
        panic!(
            "encoding check of {} failed in game {} (seed {}) at ply {}: {what}\n  position: {}",
            self.name, self.game, self.game, self.ply, self.state
        )
    }
}

fn check_observation<G: Game + Display>(at: &At<'_, G>, encoding: &Encoding<G>, player: Player, length: usize) {
    let obs = observation(encoding, at.state, player);
    if obs.len() != length {
        at.fail(format_args!("seat {player}'s observation has {} entries, not the shape's {length}", obs.len()));
    }
    if let Some((i, x)) = obs.iter().enumerate().find(|&(_, x)| !(0.0..=1.0).contains(x)) {
        at.fail(format_args!("entry {i} of seat {player}'s observation is {x}, not in [0, 1]"));
    }
}

/// Checks that the `(item, action)` pairs have distinct actions, each below `bound`.
fn check_distinct<G: Display, T: Debug>(at: &At<'_, G>, what: &str, named: impl Iterator<Item = (T, u32)>, bound: u32) {
    let mut seen: HashMap<u32, T> = HashMap::new();
    for (item, action) in named {
        if action >= bound {
            at.fail(format_args!("{what} {item:?} has action {action}, not below {bound}"));
        }
        if let Some(other) = seen.get(&action) {
            at.fail(format_args!("{what}s {other:?} and {item:?} both have action {action}"));
        }
        seen.insert(action, item);
    }
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use hamle_core::GameInfo;
    use hamle_core::tree::{Shape, Tree};

    use super::*;

    /// A random tree with chance levels, shown by its node.
    #[derive(Clone)]
    struct Shown(Tree);

    impl Game for Shown {
        type Move = u32;
        type Chance = u32;

        fn info(&self) -> GameInfo {
            self.0.info()
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_moves(&self, moves: &mut Vec<u32>) {
            self.0.legal_moves(moves);
        }
        fn play(&mut self, mv: u32) {
            self.0.play(mv);
        }
        fn chance_outcomes(&self, outcomes: &mut Vec<(u32, f64)>) {
            self.0.chance_outcomes(outcomes);
        }
        fn apply_chance(&mut self, event: u32) {
            self.0.apply_chance(event);
        }
        fn points(&self) -> Option<[f64; 2]> {
            self.0.points()
        }
        fn key(&self) -> u64 {
            self.0.key()
        }
    }

    impl fmt::Display for Shown {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "node {}", self.0.key())
        }
    }

    fn tree() -> Shown {
        let shape = Shape { depth: 4, max_branching: 3, chance: true, players: 2, range: 5, early_leaf_percent: 10 };
        Shown(Tree::random(shape, &mut Stream::new(7)))
    }

    /// Moves and chance events are named by their index among at most 3; the observation says who is to move.
    fn correct() -> Encoding<Shown> {
        Encoding {
            actions: |_| 3,
            action: |_, mv| mv,
            chance_actions: |_| 3,
            chance: |_, event| event,
            shape: |_| vec![2, 2],
            observe: |tree, player, out| {
                if tree.turn() == Turn::Player(player) {
                    out[usize::from(player)] = 1.0;
                }
            },
            score: None,
        }
    }

    #[test]
    fn a_correct_encoding_passes() {
        check_encoding(&correct(), &tree(), 20);
    }

    #[test]
    #[should_panic(expected = "moves 0 and 1 both have action 0")]
    fn two_moves_with_one_action_fail() {
        check_encoding(&Encoding { action: |_, mv| mv / 2, ..correct() }, &tree(), 20);
    }

    #[test]
    #[should_panic(expected = "has action 3, not below 3")]
    fn an_action_out_of_range_fails() {
        check_encoding(&Encoding { chance: |_, event| event + 1, ..correct() }, &tree(), 20);
    }

    #[test]
    #[should_panic(expected = "of seat 1's observation is 2, not in [0, 1]")]
    fn an_observation_out_of_range_fails() {
        let observe = |_: &Shown, player: Player, out: &mut [f32]| out[1] = f32::from(player) * 2.0;
        check_encoding(&Encoding { observe, ..correct() }, &tree(), 20);
    }

    #[test]
    #[should_panic(expected = "is NaN, not in [0, 1]")]
    fn a_nan_in_the_observation_fails() {
        check_encoding(&Encoding { observe: |_, _, out| out[3] = f32::NAN, ..correct() }, &tree(), 20);
    }

    #[test]
    #[should_panic(expected = "they must not change")]
    fn a_changing_shape_fails() {
        let shape = |tree: &Shown| if tree.turn() == Turn::Over { vec![4] } else { vec![2, 2] };
        check_encoding(&Encoding { shape, ..correct() }, &tree(), 20);
    }
}
