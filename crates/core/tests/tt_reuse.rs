//! A transposition table kept between searches (as a bot keeps it through a game) must never change a
//! value: entries left by depth-limited iterations may not end a later search early.

use hamle_core::search::{AlphaBeta, minimax};
use hamle_core::tree::{Shape, StaticValue, Tree};
use hamle_core::{Budget, Game, NoOrder, Stream};

#[test]
fn searches_that_share_a_table_agree_with_minimax_below_the_root() {
    let shape = Shape { depth: 6, max_branching: 4, chance: false, players: 2, range: 20, early_leaf_percent: 10 };
    let mut checked = 0;
    for seed in 0..300 {
        let tree = Tree::random(shape, &mut Stream::new(seed));
        let mut search = AlphaBeta::new(StaticValue::default(), NoOrder, 12);
        // A shallow search first fills the table with values that rest on depth cuts.
        search.search(&tree, &Budget::depth(3)).expect("the root has moves");
        let mut moves = Vec::new();
        tree.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = tree.clone();
            child.play(mv);
            let Ok(exact) = minimax(&child, &StaticValue::default(), 64) else { continue };
            let found = search.search(&child, &Budget::UNLIMITED).expect("a player is to move");
            assert!(
                (found.value - exact.value).abs() < 1e-9,
                "seed {seed}: {} vs minimax {}",
                found.value,
                exact.value
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} subtrees checked");
}
