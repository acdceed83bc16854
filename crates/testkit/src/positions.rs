//! States met in seeded random games, for tests and benchmarks that want realistic positions.

use hamle_core::{Game, Stream, Turn};

/// The states where a player is to move, in order, along one random game from `start`: chance and moves
/// both drawn from `Stream::new(seed)`, at most `limit` states.
///
/// ```
/// use hamle_core::tree::Tree;
/// let tree = Tree::parse("[[1, 2], [3]]")?;
/// let states = hamle_testkit::random_positions(&tree, 7, 10);
/// assert_eq!(states.len(), 2); // the root, then one of its children
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_positions<G: Game>(start: &G, seed: u64, limit: usize) -> Vec<G> {
    let mut stream = Stream::new(seed);
    let mut state = start.clone();
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < limit {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => match state.sample_chance(&mut stream) {
                Some(event) => state.apply_chance(event),
                None => break,
            },
            Turn::Player(_) => {
                found.push(state.clone());
                state.legal_moves(&mut moves);
                let Some(&mv) = stream.pick(&moves) else { break };
                state.play(mv);
            }
        }
    }
    found
}
