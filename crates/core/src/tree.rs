//! An explicit game tree: a [`Game`] whose positions are the nodes of a tree given in full.
//!
//! It lets the searches be checked against each other on many random trees, and holds the
//! thesis's worked examples (§1.6) exactly as printed.
//!
//! ```
//! use hamle_core::tree::{StaticValue, Tree};
//! use hamle_core::{search, Points};
//! // Z = max{min(f1, f2, f3), min(f4, f5)}
//! let tree = Tree::parse("[[7, 8, 6], [2, 1]]")?;
//! assert_eq!(search::minimax(&tree, &StaticValue::default(), u32::MAX)?.value, 6.0);
//! // A leaf ends the game with points `[v, -v]`, and `Points` counts mine minus the opponent's: `2v`.
//! assert_eq!(search::minimax(&tree, &Points, u32::MAX)?.value, 12.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use crate::eval::Evaluator;
use crate::game::{Game, GameInfo, Player, Turn};
use crate::stream::Stream;

/// What kind of node a tree node is.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// `player` chooses one of the children.
    Decision {
        /// Who chooses.
        player: Player,
        /// Indices of the children.
        children: Vec<u32>,
    },
    /// Chance picks a child with the given probability.
    Chance {
        /// Children and their probabilities (summing to 1).
        children: Vec<(u32, f64)>,
    },
    /// The game ends with this value for player 0 (and its negation for player 1).
    Leaf,
}

/// One node: its kind and a static value for player 0, which depth-limited searches read through
/// [`StaticValue`] (on a leaf it is the result).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The node's kind.
    pub kind: NodeKind,
    /// Player 0's static value here.
    pub value: f64,
}

/// A position in an explicit tree; cloning is cheap (the nodes are shared).
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Arc<[Node]>,
    at: u32,
    players: u8,
}

/// How [`Tree::random`] shapes a tree.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Decision levels below the root (chance levels do not count).
    pub depth: u32,
    /// Children of a decision node: uniform in `1..=max_branching`.
    pub max_branching: usize,
    /// Whether a chance level follows each decision level.
    pub chance: bool,
    /// 1: every decision is player 0's; 2: players alternate.
    pub players: u8,
    /// Values are integers in `-range..=range`.
    pub range: i32,
    /// Chance of a decision node ending early as a leaf, in percent.
    pub early_leaf_percent: usize,
}

/// Why a tree's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad tree at byte {at}: {what}")]
pub struct ParseTreeError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What was expected.
    pub what: &'static str,
}

impl Tree {
    /// The root of a tree built from its nodes; node 0 is the root.
    fn from_nodes(nodes: Vec<Node>, players: u8) -> Self {
        Tree { nodes: nodes.into(), at: 0, players }
    }

    /// Reads nested lists of numbers: a list is a decision node, a number a leaf, and the
    /// players alternate by level starting with player 0 (MAX) at the root.
    ///
    /// # Errors
    /// [`ParseTreeError`] for anything but numbers, commas, brackets and spaces, or an empty list.
    pub fn parse(text: &str) -> Result<Self, ParseTreeError> {
        let mut nodes = Vec::new();
        let mut parser = Parser { text: text.as_bytes(), at: 0 };
        parser.node(&mut nodes, 0)?;
        parser.skip_space();
        if parser.at != text.len() {
            return Err(ParseTreeError { at: parser.at, what: "end of text" });
        }
        Ok(Self::from_nodes(nodes, 2))
    }

    /// A random tree with the given shape.
    pub fn random(shape: Shape, stream: &mut Stream) -> Self {
        let mut nodes = Vec::new();
        build_random(&mut nodes, shape, shape.depth, 0, stream);
        Self::from_nodes(nodes, shape.players)
    }

    /// The node this position stands at.
    pub fn node(&self) -> &Node {
        // `at` always indexes an existing node: it is set only from child indices.
        &self.nodes[self.at as usize]
    }

    /// The number of nodes in the whole tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no nodes (never true for a built tree).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn node(&mut self, nodes: &mut Vec<Node>, level: u32) -> Result<u32, ParseTreeError> {
        self.skip_space();
        let index = nodes.len() as u32;
        if self.text.get(self.at) == Some(&b'[') {
            self.at += 1;
            nodes.push(Node { kind: NodeKind::Leaf, value: 0.0 });
            let mut children = Vec::new();
            loop {
                children.push(self.node(nodes, level + 1)?);
                self.skip_space();
                match self.text.get(self.at) {
                    Some(b',') => self.at += 1,
                    Some(b']') => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(ParseTreeError { at: self.at, what: "',' or ']'" }),
                }
            }
            let player = (level % 2) as Player;
            nodes[index as usize].kind = NodeKind::Decision { player, children };
            Ok(index)
        } else {
            let start = self.at;
            while self.text.get(self.at).is_some_and(|c| c.is_ascii_digit() || matches!(c, b'-' | b'.')) {
                self.at += 1;
            }
            let value = std::str::from_utf8(&self.text[start..self.at])
                .ok()
                .and_then(|s| s.parse::<f64>().ok())
                .ok_or(ParseTreeError { at: start, what: "a number or '['" })?;
            nodes.push(Node { kind: NodeKind::Leaf, value });
            Ok(index)
        }
    }
}

fn build_random(nodes: &mut Vec<Node>, shape: Shape, depth: u32, level: u32, stream: &mut Stream) -> u32 {
    let index = nodes.len() as u32;
    let value = stream.below((2 * shape.range + 1) as usize) as f64 - f64::from(shape.range);
    nodes.push(Node { kind: NodeKind::Leaf, value });
    let is_root = depth == shape.depth;
    if depth == 0 || (!is_root && stream.below(100) < shape.early_leaf_percent) {
        return index;
    }
    let n = 1 + stream.below(shape.max_branching.max(1));
    let player = if shape.players == 1 { 0 } else { (level % 2) as Player };
    let mut children = Vec::with_capacity(n);
    for _ in 0..n {
        let child = if shape.chance {
            let chance_index = nodes.len() as u32;
            nodes.push(Node { kind: NodeKind::Leaf, value });
            let k = 1 + stream.below(3);
            let weights: Vec<f64> = (0..k).map(|_| 1.0 + stream.below(4) as f64).collect();
            let total: f64 = weights.iter().sum();
            let outcomes =
                weights.iter().map(|w| (build_random(nodes, shape, depth - 1, level + 1, stream), w / total)).collect();
            nodes[chance_index as usize].kind = NodeKind::Chance { children: outcomes };
            chance_index
        } else {
            build_random(nodes, shape, depth - 1, level + 1, stream)
        };
        children.push(child);
    }
    nodes[index as usize].kind = NodeKind::Decision { player, children };
    index
}

impl Game for Tree {
    /// The index of the chosen child.
    type Move = u32;
    /// The index of the drawn child.
    type Chance = u32;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tree",
            players: self.players,
            zero_sum: true,
            chance: self.nodes.iter().any(|n| matches!(n.kind, NodeKind::Chance { .. })),
        }
    }

    fn turn(&self) -> Turn {
        match &self.node().kind {
            NodeKind::Decision { player, .. } => Turn::Player(*player),
            NodeKind::Chance { .. } => Turn::Chance,
            NodeKind::Leaf => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        if let NodeKind::Decision { children, .. } = &self.node().kind {
            moves.extend(0..children.len() as u32);
        }
    }

    fn play(&mut self, mv: u32) {
        if let NodeKind::Decision { children, .. } = &self.node().kind
            && let Some(&child) = children.get(mv as usize)
        {
            self.at = child;
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u32, f64)>) {
        outcomes.clear();
        if let NodeKind::Chance { children } = &self.node().kind {
            outcomes.extend(children.iter().enumerate().map(|(i, &(_, p))| (i as u32, p)));
        }
    }

    fn apply_chance(&mut self, event: u32) {
        if let NodeKind::Chance { children } = &self.node().kind
            && let Some(&(child, _)) = children.get(event as usize)
        {
            self.at = child;
        }
    }

    fn points(&self) -> Option<[f64; 2]> {
        match self.node().kind {
            NodeKind::Leaf => Some([self.node().value, -self.node().value]),
            _ => None,
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.at)
    }
}

/// Reads a tree node's static value (player 0's; negated for player 1); at leaves, the result.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticValue {
    /// The largest absolute value in the tree, if Star1 is to use it.
    pub range: Option<f64>,
}

impl Evaluator<Tree> for StaticValue {
    fn evaluate(&self, state: &Tree, player: Player) -> f64 {
        if player == 0 { state.node().value } else { -state.node().value }
    }

    fn bounds(&self) -> Option<(f64, f64)> {
        self.range.map(|r| (-r, r))
    }
}
