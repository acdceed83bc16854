//! The worked examples of the Hapis Tavlası thesis, §1.6 "Minimaks Yöntemi"
//! (`/work/shared/seeds/000_*.txt`, reading aid in `SEEDS.md`), as explicit trees.
//!
//! Trees are written as nested lists ([`Tree::parse`]): a list is a decision node, MAX (player 0) at
//! the root and MIN and MAX alternating below; a number is a leaf. Values are read with
//! [`StaticValue`], which gives the printed numbers (player 0's values).

use std::error::Error;

use hamle_core::search::{AlphaBeta, Search, minimax, negamax};
use hamle_core::tree::{StaticValue, Tree};
use hamle_core::{Budget, Game, NoOrder, Points, Turn};

type Result = std::result::Result<(), Box<dyn Error>>;

/// The evaluation that reads the printed numbers.
const PRINTED: StaticValue = StaticValue { range: None };

/// The 4-level tree of Şekil-3, leaf for leaf as the thesis prints its evaluation:
///
/// ```text
/// Kök düğüm değeri = max{min[max{min(3, 1, 4); min(1, 5, 9, 2); min(6, 5)},
///                            max{min(3, 6, 5), min(8, 9, 7), min(9, 3, 2)}],
///                        min[max{min(3, 8), min(4, 6, 2)}, max{min(6, 4), min(3)},
///                            max{min(3, 8, 3), min(2, 7, 9)}]}
///   = max{min[max{1, 1, 5}, max{3, 7, 2}], min[max{3, 2}, max{4, 3}, max{3, 2}]}
///   = max{min[5, 7], min[3, 4, 3]} = max{5, 3} = 5
/// ```
///
/// The OCR of the formula has a stray brace (`\{\max\{` opening the second MAX node) and trailing
/// commas (`\max\{3, 2, \}`, `\max\{5, 3, \}`); the leaves themselves are all legible, and every
/// intermediate value the thesis prints follows from them, so nothing had to be reconstructed.
/// `min(3)` is a MIN node with a single reply.
const FOUR_LEVEL: &str = "[[[[3, 1, 4], [1, 5, 9, 2], [6, 5]], [[3, 6, 5], [8, 9, 7], [9, 3, 2]]],
                          [[[3, 8], [4, 6, 2]], [[6, 4], [3]], [[3, 8, 3], [2, 7, 9]]]]";

/// The value of a subtree for MAX (player 0), by minimax to the end; searches report the value for
/// the player to move, so a MIN node's result is negated.
fn max_value(state: &Tree) -> std::result::Result<f64, Box<dyn Error>> {
    match state.turn() {
        Turn::Player(p) => {
            let v = minimax(state, &PRINTED, u32::MAX)?.value;
            Ok(if p == 0 { v } else { -v })
        }
        _ => Ok(state.node().value),
    }
}

/// The children of a decision node.
fn children(state: &Tree) -> Vec<Tree> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            child
        })
        .collect()
}

/// The values for MAX of the children of a decision node.
fn child_values(state: &Tree) -> std::result::Result<Vec<f64>, Box<dyn Error>> {
    children(state).iter().map(max_value).collect()
}

/// A fresh table-less, unordered alpha-beta to `depth`.
fn alphabeta(tree: &Tree, depth: u32) -> std::result::Result<Search<u32>, Box<dyn Error>> {
    Ok(AlphaBeta::new(PRINTED, NoOrder, 0).search(tree, &Budget::depth(depth))?)
}

/// The thesis's `NegaMax` pseudocode, transcribed: every node takes the best of its children's
/// negated values, and `Static_Evaluate` scores a position for the side to move there (`max_to_move`
/// says which side that is; the tree's leaves do not record it). The pseudocode has no test for the end
/// of the game; here a node without children is evaluated as at depth 0.
fn thesis_negamax(pos: &Tree, depth: u32, max_to_move: bool) -> f64 {
    let static_evaluate = |pos: &Tree| if max_to_move { pos.node().value } else { -pos.node().value };
    if depth == 0 {
        return static_evaluate(pos);
    }
    let child_list = children(pos);
    if child_list.is_empty() {
        return static_evaluate(pos);
    }
    let mut best = f64::NEG_INFINITY;
    for child in &child_list {
        let value = -thesis_negamax(child, depth - 1, !max_to_move);
        if value > best {
            best = value;
        }
    }
    best
}

/// Şekil-2: `Z = max{min(f1, f2, f3), min(f4, f5)}`. The thesis: if `(f4, f5) < f3 < (f1, f2)`, the move
/// g1 is the better one. With f = (7, 8, 6, 2, 1): Z = max{6, 1} = 6, by g1.
#[test]
fn two_level_example() -> Result {
    let tree = Tree::parse("[[7, 8, 6], [2, 1]]")?;
    assert_eq!(child_values(&tree)?, [6.0, 1.0]);
    let found = minimax(&tree, &PRINTED, 2)?;
    assert_eq!((found.value, found.best), (6.0, Some(0)), "Z = 6 by g1");
    assert_eq!(found.pv, [0, 2], "g1, then MIN's reply k3 (f3 = 6)");
    assert_eq!(negamax(&tree, &PRINTED, 2)?.value, 6.0);
    let ab = alphabeta(&tree, 2)?;
    assert_eq!((ab.value, ab.best), (6.0, Some(0)));
    // Full depth with the game's own result gives the same choice; `Points` counts player 0's points
    // minus player 1's, `v - (-v)`, so the value is doubled.
    let by_points = minimax(&tree, &Points, u32::MAX)?;
    assert_eq!((by_points.value, by_points.best), (12.0, Some(0)));

    // The other way round: g2 is better when min(f4, f5) beats min(f1, f2, f3).
    let tree = Tree::parse("[[3, 9, 4], [5, 7]]")?;
    let found = minimax(&tree, &PRINTED, 2)?;
    assert_eq!((found.value, found.best), (5.0, Some(1)));
    Ok(())
}

/// The thesis's claim for Şekil-2 holds for every ordering of five distinct values: whenever
/// `max(f4, f5) < f3 < min(f1, f2)`, Z = f3 and the move is g1.
#[test]
fn two_level_claim_for_every_ordering() -> Result {
    let mut checked = 0;
    for code in 0..5u32.pow(5) {
        let f: Vec<u32> = (0..5).map(|i| 1 + code / 5u32.pow(i) % 5).collect();
        let distinct = (0..5).all(|i| (0..i).all(|j| f[i] != f[j]));
        if !(distinct && f[3].max(f[4]) < f[2] && f[2] < f[0].min(f[1])) {
            continue;
        }
        let tree = Tree::parse(&format!("[[{}, {}, {}], [{}, {}]]", f[0], f[1], f[2], f[3], f[4]))?;
        let found = minimax(&tree, &PRINTED, 2)?;
        assert_eq!((found.value, found.best), (f64::from(f[2]), Some(0)), "f = {f:?}");
        assert_eq!(alphabeta(&tree, 2)?.best, Some(0), "f = {f:?}");
        checked += 1;
    }
    // Of the 120 orderings of 1..=5, the condition leaves f3 = 3, {f1, f2} = {4, 5}, {f4, f5} = {1, 2}.
    assert_eq!(checked, 4);
    Ok(())
}

/// Şekil-3: the 4-level tree whose root value is 5, with every intermediate value the thesis prints.
#[test]
fn four_level_example() -> Result {
    let tree = Tree::parse(FOUR_LEVEL)?;
    let found = minimax(&tree, &PRINTED, 4)?;
    assert_eq!(found.value, 5.0);
    assert_eq!(found.best, Some(0));
    // The line: MAX to the left MIN node (5), MIN to max{1, 1, 5}, MAX to min(6, 5), MIN to 5.
    assert_eq!(found.pv, [0, 0, 2, 1]);
    assert_eq!(found.nodes, 52, "minimax visits all 52 nodes");
    assert_eq!(tree.len(), 52);

    // min[5, 7] and min[3, 4, 3]
    assert_eq!(child_values(&tree)?, [5.0, 3.0]);
    let [left, right] = <[Tree; 2]>::try_from(children(&tree)).map_err(|_| "two MIN nodes")?;
    // max{1, 1, 5}, max{3, 7, 2}  and  max{3, 2}, max{4, 3}, max{3, 2}
    assert_eq!(child_values(&left)?, [5.0, 7.0]);
    assert_eq!(child_values(&right)?, [3.0, 4.0, 3.0]);
    let mins: Vec<Vec<f64>> = children(&left)
        .iter()
        .chain(children(&right).iter())
        .map(child_values)
        .collect::<std::result::Result<_, _>>()?;
    assert_eq!(mins, [vec![1.0, 1.0, 5.0], vec![3.0, 7.0, 2.0], vec![3.0, 2.0], vec![4.0, 3.0], vec![3.0, 2.0]]);
    Ok(())
}

/// Negamax (Şekil-5 and the `NegaMax` pseudocode) gives minimax's value on the thesis's trees: the
/// crate's [`negamax`] and a literal transcription of the pseudocode.
#[test]
fn negamax_equals_minimax_on_the_thesis_trees() -> Result {
    for (text, depth, value) in [
        ("[[7, 8, 6], [2, 1]]", 2, 6.0),
        (FOUR_LEVEL, 4, 5.0),
        ("[[1, 0, 1, 0, -1], [-1, 0, -1, 0, -2], [1, 2]]", 2, 1.0),
    ] {
        let tree = Tree::parse(text)?;
        let plain = minimax(&tree, &PRINTED, depth)?;
        let nega = negamax(&tree, &PRINTED, depth)?;
        assert_eq!((plain.value, nega.value), (value, value), "{text}");
        assert_eq!(nega.best, plain.best, "{text}");
        assert_eq!(nega.nodes, plain.nodes, "{text}");
        assert_eq!(thesis_negamax(&tree, depth, true), value, "{text}");
        // Cut depths too: the printed trees' inner nodes have static value 0.
        for cut in 1..depth {
            let plain = minimax(&tree, &PRINTED, cut)?;
            assert_eq!(negamax(&tree, &PRINTED, cut)?.value, plain.value, "{text} at depth {cut}");
        }
    }
    Ok(())
}

/// Alpha-beta finds the same value, move and line on the 4-level tree, and prunes.
///
/// Fail-soft alpha-beta to depth 4 in the printed order, counted by hand (27 of the 52 nodes):
/// - root, left MIN node;
/// - its first MAX node: min(3, 1, 4) = 1 (3 leaves), min(1, ...) cut after the leaf 1 ≤ α = 1,
///   min(6, 5) = 5 (2 leaves): 1 + 3 + 6 = 10 nodes, value 5;
/// - its second MAX node with β = 5: min(3, 6, 5) = 3 (3 leaves), min(8, 9, 7) = 7 ≥ β: cut before
///   min(9, 3, 2): 1 + 2 + 6 = 9 nodes;
/// - the right MIN node with α = 5: its first MAX node sees min(3, ...) cut after 3 and min(4, ...)
///   after 4, so it is worth 4 ≤ α and the MIN node is cut after it: 1 + (1 + 2 + 2) = 6 nodes.
///
/// 1 + 1 + 10 + 9 + 6 = 27. Iterative deepening adds the shallower iterations (inner nodes are worth
/// 0 statically): 3 nodes to depth 1, 6 to depth 2, 12 to depth 3.
#[test]
fn alpha_beta_agrees_and_prunes_on_the_four_level_tree() -> Result {
    let tree = Tree::parse(FOUR_LEVEL)?;
    let plain = minimax(&tree, &PRINTED, 4)?;
    let found = alphabeta(&tree, 4)?;
    assert_eq!((found.value, found.best, &found.pv), (5.0, Some(0), &plain.pv));
    let per_depth: Vec<u64> =
        (1..=4).map(|d| alphabeta(&tree, d).map(|s| s.nodes)).collect::<std::result::Result<_, _>>()?;
    assert_eq!(per_depth, [3, 3 + 6, 3 + 6 + 12, 3 + 6 + 12 + 27]);
    assert!(27 < plain.nodes);

    // With a table and with the game's own result the answer is the same.
    let with_table = AlphaBeta::new(PRINTED, NoOrder, 8).search(&tree, &Budget::depth(4))?;
    assert_eq!((with_table.value, with_table.best), (5.0, Some(0)));
    let solved = AlphaBeta::new(Points, NoOrder, 8).search(&tree, &Budget::UNLIMITED)?;
    assert_eq!((solved.value, solved.best), (10.0, Some(0)), "Points doubles the printed values");
    Ok(())
}

/// The tic-tac-toe opening of Şekil-8, as a depth-2 tree of its printed values: three distinct first
/// moves (corner, edge, centre b2) and MIN's 12 replies;
/// `max{min(1, 0, 1, 0, -1), min(-1, 0, -1, 0, -2), min(1, 2)} = 1`, by the centre.
#[test]
fn tic_tac_toe_opening_tree() -> Result {
    let tree = Tree::parse("[[1, 0, 1, 0, -1], [-1, 0, -1, 0, -2], [1, 2]]")?;
    assert_eq!(children(&tree).iter().map(|c| children(c).len()).sum::<usize>(), 12);
    assert_eq!(child_values(&tree)?, [-1.0, -2.0, 1.0]);
    let found = minimax(&tree, &PRINTED, 2)?;
    assert_eq!((found.value, found.best), (1.0, Some(2)), "the centre, worth 1");
    let ab = alphabeta(&tree, 2)?;
    assert_eq!((ab.value, ab.best), (1.0, Some(2)));
    Ok(())
}
