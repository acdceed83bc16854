//! Counting move sequences (perft) and whole games, to compare a game's move generation with
//! published numbers or with an independent count.

use hamle_core::{Game, Notation, Turn};

/// The number of move sequences of exactly `depth` player moves from `state`.
///
/// A game that ends before `depth` moves adds nothing; one that ends at exactly `depth` counts.
/// Chance nodes expand every outcome and use up no depth, so sequences that differ only in a
/// chance event count apart; chance events after the last move are not expanded. Depth 0 gives 1.
///
/// ```
/// use hamle_core::tree::Tree;
/// use hamle_testkit::{count_games, perft};
/// // MAX chooses a subtree, MIN a leaf: 2 moves, then 3 + 2 replies.
/// let tree = Tree::parse("[[7, 8, 6], [2, 1]]")?;
/// assert_eq!(perft(&tree, 0), 1);
/// assert_eq!(perft(&tree, 1), 2);
/// assert_eq!(perft(&tree, 2), 5);
/// assert_eq!(perft(&tree, 3), 0, "every game ends after two moves");
/// assert_eq!(count_games(&tree), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match state.turn() {
        Turn::Over => 0,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            assert!(
                !outcomes.is_empty(),
                "perft of {}: chance is to move but there are no outcomes",
                state.info().name
            );
            outcomes
                .iter()
                .map(|&(event, _)| {
                    let mut child = state.clone();
                    child.apply_chance(event);
                    perft(&child, depth)
                })
                .sum()
        }
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "perft of {}: player {p} is to move but has no legal moves", state.info().name);
            // Every last move ends a counted sequence whatever it leads to, so the leaves need no play.
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .iter()
                .map(|&mv| {
                    let mut child = state.clone();
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// [`perft`] split by the first step: one `(formatted move, count)` per legal move, in
/// [`Game::legal_moves`] order, to find which subtree disagrees with a reference.
///
/// At a chance node the split is by event instead, labelled `chance {event:?}`. The counts sum to
/// `perft(state, depth)` except at depth 0, which has no first move and gives an empty list.
pub fn divide<G: Notation>(state: &G, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    match state.turn() {
        Turn::Over => Vec::new(),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(event, _)| {
                    let mut child = state.clone();
                    child.apply_chance(event);
                    (format!("chance {event:?}"), perft(&child, depth))
                })
                .collect()
        }
        Turn::Player(_) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let text = state.format_move(mv);
                    let mut child = state.clone();
                    child.play(mv);
                    (text, perft(&child, depth - 1))
                })
                .collect()
        }
    }
}

/// The number of complete games from `state`: move sequences that end the game (1 if it is over).
///
/// For small finite games without chance (tic-tac-toe has 255,168); it panics at a chance node,
/// where a count of paths would mean nothing without the probabilities.
pub fn count_games<G: Game>(state: &G) -> u64 {
    match state.turn() {
        Turn::Over => 1,
        Turn::Chance => {
            panic!("count_games of {}: reached a chance node; it counts only games without chance", state.info().name)
        }
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            assert!(
                !moves.is_empty(),
                "count_games of {}: player {p} is to move but has no legal moves",
                state.info().name
            );
            moves
                .iter()
                .map(|&mv| {
                    let mut child = state.clone();
                    child.play(mv);
                    count_games(&child)
                })
                .sum()
        }
    }
}
