//! Nodes visited by each search on fixed sets of random trees, as markdown tables for
//! `docs/benchmarks.md`. Every count is deterministic: the trees come from fixed seeds and the
//! searches draw nothing at random.
//!
//! ```sh
//! cargo run --release -p hamle-core --example tree_nodes
//! ```
//!
//! Three sets of 200 trees, tree `i` built by `Tree::random(shape, &mut Stream::new(i))`:
//! two players without chance, two players with chance, one player with chance. Every search runs to
//! the end of the tree (a chance tree needs one ply more than its decision levels, for its last chance
//! level), and the program checks that all of them find the same root value before it prints.

use std::collections::HashMap;
use std::sync::Arc;

use hamle_core::search::{AlphaBeta, Search, expectimax, minimax, negamax};
use hamle_core::tree::{Shape, StaticValue, Tree};
use hamle_core::{Budget, Game, MoveOrder, NoOrder, Stream, Turn};

/// Trees per set.
const TREES: u64 = 200;
/// Values of different searches may differ only by rounding.
const EPS: f64 = 1e-9;

/// Player 0's static value of a node, or the expected static value of a chance node's outcomes.
fn guess(state: &Tree) -> f64 {
    if state.turn() != Turn::Chance {
        return state.node().value;
    }
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    outcomes
        .iter()
        .map(|&(event, p)| {
            let mut next = state.clone();
            next.apply_chance(event);
            p * next.node().value
        })
        .sum()
}

/// Sorts a node's moves best first for the mover by `worth` (player 0's value of the child).
fn sort_by_worth(state: &Tree, moves: &mut [u32], worth: impl Fn(&Tree) -> f64) {
    let Turn::Player(me) = state.turn() else { return };
    let sign = if me == 0 { 1.0 } else { -1.0 };
    let value = |mv: u32| {
        let mut child = state.clone();
        child.play(mv);
        sign * worth(&child)
    };
    moves.sort_by(|&a, &b| value(b).total_cmp(&value(a)));
}

/// Move ordering by a static guess: the children's static values (through chance, their expectation).
#[derive(Clone, Copy, Debug)]
struct StaticOrder;

impl MoveOrder<Tree> for StaticOrder {
    fn order(&self, state: &Tree, moves: &mut [u32]) {
        sort_by_worth(state, moves, guess);
    }
}

/// Move ordering by the children's exact values, read from a table computed beforehand: perfect
/// ordering (or, reversed, the worst), to show the range alpha-beta's count can span.
#[derive(Clone, Debug)]
struct Oracle {
    /// Player 0's exact value of every node, by node key.
    exact: Arc<HashMap<u64, f64>>,
    /// Worst first instead of best first.
    reversed: bool,
}

impl Oracle {
    /// The oracle for `tree`, searched to the end.
    fn new(tree: &Tree, reversed: bool) -> Self {
        let mut exact = HashMap::new();
        exact_values(tree, &mut exact);
        Oracle { exact: Arc::new(exact), reversed }
    }
}

impl MoveOrder<Tree> for Oracle {
    fn order(&self, state: &Tree, moves: &mut [u32]) {
        sort_by_worth(state, moves, |child| self.exact.get(&child.key()).copied().unwrap_or(0.0));
        if self.reversed {
            moves.reverse();
        }
    }
}

/// Fills `exact` with player 0's expectiminimax value of every node below `state`; returns `state`'s.
fn exact_values(state: &Tree, exact: &mut HashMap<u64, f64>) -> f64 {
    let value = match state.turn() {
        Turn::Over => state.node().value,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(event, p)| {
                    let mut child = state.clone();
                    child.apply_chance(event);
                    p * exact_values(&child, exact)
                })
                .sum()
        }
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let values = moves.iter().map(|&mv| {
                let mut child = state.clone();
                child.play(mv);
                exact_values(&child, exact)
            });
            let values: Vec<f64> = values.collect();
            if p == 0 {
                values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.iter().copied().fold(f64::INFINITY, f64::min)
            }
        }
    };
    exact.insert(state.key(), value);
    value
}

/// One row of a table: a search's name and its node count on every tree.
struct Row {
    name: String,
    counts: Vec<u64>,
}

/// Runs alpha-beta to `depth` by iterative deepening.
fn alphabeta<O: MoveOrder<Tree>>(
    tree: &Tree,
    eval: StaticValue,
    order: O,
    tt_bits: u32,
    star1: bool,
    depth: u32,
) -> Search<u32> {
    AlphaBeta::new(eval, order, tt_bits)
        .with_star1(star1)
        .search(tree, &Budget::depth(depth))
        .expect("the root has a player to move")
}

/// The nodes of the last iteration alone (a fixed-depth alpha-beta): without a table the iterations
/// do not share anything, so it is the count to the last depth minus the count to the one before.
fn last_iteration<O: MoveOrder<Tree> + Clone>(
    tree: &Tree,
    eval: StaticValue,
    order: O,
    star1: bool,
    depth: u32,
) -> u64 {
    let all = alphabeta(tree, eval, order.clone(), 0, star1, depth);
    let before = if all.depth > 1 { alphabeta(tree, eval, order, 0, star1, all.depth - 1).nodes } else { 0 };
    all.nodes - before
}

/// What one set of trees measures.
struct Set {
    title: &'static str,
    shape: Shape,
}

/// The value of the root for the player to move there, by an independent expectiminimax.
fn root_value(tree: &Tree) -> f64 {
    let mut exact = HashMap::new();
    let v = exact_values(tree, &mut exact);
    match tree.turn() {
        Turn::Player(1) => -v,
        _ => v,
    }
}

/// Runs every search that fits the set on its trees and checks that they agree.
fn measure(set: &Set) -> Vec<Row> {
    let shape = set.shape;
    let depth = shape.depth + u32::from(shape.chance);
    let eval = StaticValue { range: Some(f64::from(shape.range)) };
    let unbounded = StaticValue::default();
    let mut rows: Vec<Row> = Vec::new();
    let mut record = |name: &str, count: u64| match rows.iter_mut().find(|r| r.name == name) {
        Some(row) => row.counts.push(count),
        None => rows.push(Row { name: name.to_string(), counts: vec![count] }),
    };
    for seed in 0..TREES {
        let tree = Tree::random(shape, &mut Stream::new(seed));
        let want = root_value(&tree);
        let agree = |name: &str, found: &Search<u32>| {
            assert!(
                (found.value - want).abs() < EPS,
                "{}: tree {seed}: {name} gives {} but the tree's value is {want}",
                set.title,
                found.value
            );
            found.nodes
        };
        record("minimax", agree("minimax", &minimax(&tree, &eval, depth).expect("minimax runs")));
        if shape.players == 1 {
            record("expectimax (with its cache)", agree("expectimax", &expectimax(&tree, &eval, depth).expect("runs")));
        } else {
            record("negamax", agree("negamax", &negamax(&tree, &eval, depth).expect("negamax runs")));
        }
        let best = Oracle::new(&tree, false);
        let variants: Vec<(&str, Search<u32>, Option<u64>)> = if shape.chance {
            vec![
                (
                    "alpha-beta, Star1 off",
                    alphabeta(&tree, unbounded, NoOrder, 0, false, depth),
                    Some(last_iteration(&tree, unbounded, NoOrder, false, depth)),
                ),
                (
                    "alpha-beta, Star1 on",
                    alphabeta(&tree, eval, NoOrder, 0, true, depth),
                    Some(last_iteration(&tree, eval, NoOrder, true, depth)),
                ),
                ("alpha-beta, Star1 on, table 2^20", alphabeta(&tree, eval, NoOrder, 20, true, depth), None),
                (
                    "alpha-beta, Star1 on, static order",
                    alphabeta(&tree, eval, StaticOrder, 0, true, depth),
                    Some(last_iteration(&tree, eval, StaticOrder, true, depth)),
                ),
                (
                    "alpha-beta, Star1 on, oracle order",
                    alphabeta(&tree, eval, best.clone(), 0, true, depth),
                    Some(last_iteration(&tree, eval, best, true, depth)),
                ),
            ]
        } else {
            let worst = Oracle::new(&tree, true);
            vec![
                (
                    "alpha-beta",
                    alphabeta(&tree, eval, NoOrder, 0, true, depth),
                    Some(last_iteration(&tree, eval, NoOrder, true, depth)),
                ),
                ("alpha-beta, table 2^20", alphabeta(&tree, eval, NoOrder, 20, true, depth), None),
                (
                    "alpha-beta, static order",
                    alphabeta(&tree, eval, StaticOrder, 0, true, depth),
                    Some(last_iteration(&tree, eval, StaticOrder, true, depth)),
                ),
                ("alpha-beta, static order, table 2^20", alphabeta(&tree, eval, StaticOrder, 20, true, depth), None),
                (
                    "alpha-beta, oracle order (best first)",
                    alphabeta(&tree, eval, best.clone(), 0, true, depth),
                    Some(last_iteration(&tree, eval, best, true, depth)),
                ),
                (
                    "alpha-beta, oracle order (worst first)",
                    alphabeta(&tree, eval, worst.clone(), 0, true, depth),
                    Some(last_iteration(&tree, eval, worst, true, depth)),
                ),
            ]
        };
        for (name, found, last) in variants {
            record(&format!("{name}: all iterations"), agree(name, &found));
            if let Some(last) = last {
                record(&format!("{name}: last iteration"), last);
            }
        }
    }
    rows
}

/// The median of counts (the mean of the middle two for an even number).
fn median(counts: &[u64]) -> f64 {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2] as f64
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0
    }
}

/// Thousands separated by commas.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn main() {
    let sets = [
        Set {
            title: "Two players, no chance",
            shape: Shape { depth: 6, max_branching: 5, chance: false, players: 2, range: 50, early_leaf_percent: 5 },
        },
        Set {
            title: "Two players with chance (expectiminimax)",
            shape: Shape { depth: 6, max_branching: 5, chance: true, players: 2, range: 50, early_leaf_percent: 5 },
        },
        Set {
            title: "One player with chance (expectimax)",
            shape: Shape { depth: 6, max_branching: 5, chance: true, players: 1, range: 50, early_leaf_percent: 5 },
        },
    ];
    println!("Command: `cargo run --release -p hamle-core --example tree_nodes`");
    println!();
    println!("{TREES} trees per set, tree `i` = `Tree::random(shape, &mut Stream::new(i))` for i in 0..{TREES};");
    println!("evaluation `StaticValue {{ range: Some(range) }}` (Star1's bounds), searched to the end of the tree.");
    for set in &sets {
        let rows = measure(set);
        let shape = set.shape;
        let sizes: Vec<u64> = (0..TREES).map(|i| Tree::random(shape, &mut Stream::new(i)).len() as u64).collect();
        println!();
        println!("### {}", set.title);
        println!();
        println!(
            "`{shape:?}`; tree sizes: median {}, mean {:.1}, total {}; search depth {}.",
            median(&sizes),
            sizes.iter().sum::<u64>() as f64 / sizes.len() as f64,
            grouped(sizes.iter().sum()),
            shape.depth + u32::from(shape.chance),
        );
        println!();
        println!("| search | total nodes | mean | median | total / minimax |");
        println!("|---|---:|---:|---:|---:|");
        let base: u64 = rows.first().map(|r| r.counts.iter().sum()).unwrap_or(1).max(1);
        for row in &rows {
            let total: u64 = row.counts.iter().sum();
            println!(
                "| {} | {} | {:.1} | {} | {:.3} |",
                row.name,
                grouped(total),
                total as f64 / row.counts.len() as f64,
                median(&row.counts),
                total as f64 / base as f64
            );
        }
    }
    println!();
    println!("Every search above gave every tree's root value (within {EPS:e}) before the table was printed.");
}
