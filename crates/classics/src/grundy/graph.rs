//! The AND/OR graph of a Grundy position, as the thesis draws it for the heap of 7 (Şekil-20): every position
//! reachable, MIN moving first, each marked with who wins it, and the moves of the solution (the winner's choices
//! and every answer of the loser) drawn thick.

use std::collections::HashMap;
use std::fmt::Write;

/// The most positions a graph may hold.
pub const MAX_NODES: usize = 2_000;

/// A position of the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The heaps, largest first.
    pub heaps: Vec<u32>,
    /// Moves made from the start.
    pub depth: usize,
    /// Whether MAX is to move (the thesis's `+`; MIN moves first, `−`).
    pub max_to_move: bool,
    /// Whether MAX wins with best play.
    pub max_wins: bool,
    /// The positions one move away, by index.
    pub children: Vec<usize>,
}

/// The graph: node 0 is the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Every position, layer by layer.
    pub nodes: Vec<Node>,
}

fn splits(heaps: &[u32]) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for smaller in 1..=(h.saturating_sub(1)) / 2 {
            let mut next: Vec<u32> = heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            next.extend([h - smaller, smaller]);
            next.sort_unstable_by(|a, b| b.cmp(a));
            if !out.contains(&next) {
                out.push(next);
            }
        }
    }
    out
}

/// The graph of the position `heaps`, MIN to move.
///
/// ```
/// let graph = hamle_classics::grundy::graph::graph(&[7]).unwrap();
/// assert_eq!(graph.nodes.len(), 14);
/// assert!(graph.nodes[0].max_wins, "the heap of 7 is lost for the player who starts");
/// ```
///
/// # Errors
/// A graph of more than [`MAX_NODES`] positions, or no heap.
pub fn graph(heaps: &[u32]) -> Result<Graph, String> {
    if heaps.is_empty() {
        return Err("give at least one heap".into());
    }
    let mut start = heaps.to_vec();
    start.sort_unstable_by(|a, b| b.cmp(a));
    let mut nodes =
        vec![Node { heaps: start.clone(), depth: 0, max_to_move: false, max_wins: false, children: Vec::new() }];
    let mut index: HashMap<Vec<u32>, usize> = HashMap::from([(start, 0)]);
    let mut at = 0;
    while at < nodes.len() {
        let (depth, max_to_move) = (nodes[at].depth + 1, !nodes[at].max_to_move);
        for next in splits(&nodes[at].heaps.clone()) {
            let child = match index.get(&next) {
                Some(&i) => i,
                None => {
                    if nodes.len() == MAX_NODES {
                        return Err(format!("the graph has more than {MAX_NODES} positions: take smaller heaps"));
                    }
                    nodes.push(Node { heaps: next.clone(), depth, max_to_move, max_wins: false, children: Vec::new() });
                    index.insert(next, nodes.len() - 1);
                    nodes.len() - 1
                }
            };
            nodes[at].children.push(child);
        }
        at += 1;
    }
    // Children come later in the list (each move adds a heap): settle them from the last position back.
    for i in (0..nodes.len()).rev() {
        let node = &nodes[i];
        let wins = if node.children.is_empty() {
            // Who cannot move loses.
            !node.max_to_move
        } else if node.max_to_move {
            node.children.iter().any(|&c| nodes[c].max_wins)
        } else {
            node.children.iter().all(|&c| nodes[c].max_wins)
        };
        nodes[i].max_wins = wins;
    }
    Ok(Graph { nodes })
}

impl Graph {
    /// Whether the move from `parent` to `child` belongs to the solution: a winner's winning move, or any move of
    /// the player who loses there (the winner must have an answer to each).
    pub fn in_solution(&self, parent: usize, child: usize) -> bool {
        let (p, c) = (&self.nodes[parent], &self.nodes[child]);
        let mover_wins = p.max_wins == p.max_to_move;
        !mover_wins || c.max_wins == p.max_wins
    }

    /// The position as the thesis writes it: `(6, 1)+`.
    pub fn label(&self, i: usize) -> String {
        let node = &self.nodes[i];
        let heaps: Vec<String> = node.heaps.iter().map(u32::to_string).collect();
        format!("({}){}", heaps.join(", "), if node.max_to_move { "+" } else { "−" })
    }

    /// The graph as text: each position by layer, who wins it, and the positions it leads to (`*` marks the
    /// solution's moves).
    pub fn text(&self) -> String {
        let mut out = String::new();
        let layers = self.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        for depth in 0..=layers {
            let _ = writeln!(out, "after {depth} move{}:", if depth == 1 { "" } else { "s" });
            for (i, node) in self.nodes.iter().enumerate().filter(|(_, n)| n.depth == depth) {
                let winner = if node.max_wins { "MAX wins" } else { "MIN wins" };
                let next: Vec<String> = node
                    .children
                    .iter()
                    .map(|&c| format!("{}{}", self.label(c), if self.in_solution(i, c) { "*" } else { "" }))
                    .collect();
                let leads = if next.is_empty() {
                    "no move: the player to move loses".to_owned()
                } else {
                    format!("→ {}", next.join("  "))
                };
                let _ = writeln!(out, "  {:<24} {winner:<9} {leads}", self.label(i));
            }
        }
        out
    }

    /// The graph as an SVG picture: layers top to bottom, positions as boxes (green where MAX wins, red where MIN
    /// does), moves as lines, the solution's thick.
    pub fn svg(&self) -> String {
        const CHAR: usize = 8;
        const BOX_H: usize = 26;
        const GAP_X: usize = 14;
        const GAP_Y: usize = 60;
        const MARGIN: usize = 10;
        let width_of = |i: usize| self.label(i).chars().count() * CHAR + 16;
        let layers = self.nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
        let rows: Vec<Vec<usize>> =
            (0..layers).map(|d| (0..self.nodes.len()).filter(|&i| self.nodes[i].depth == d).collect()).collect();
        let row_width = |row: &[usize]| row.iter().map(|&i| width_of(i) + GAP_X).sum::<usize>().saturating_sub(GAP_X);
        let canvas = rows.iter().map(|r| row_width(r)).max().unwrap_or(0) + 2 * MARGIN;
        let height = layers * (BOX_H + GAP_Y) - GAP_Y + 2 * MARGIN;
        // Each box's left edge and top.
        let mut place = vec![(0, 0); self.nodes.len()];
        for (d, row) in rows.iter().enumerate() {
            let mut x = (canvas - row_width(row)) / 2;
            for &i in row {
                place[i] = (x, MARGIN + d * (BOX_H + GAP_Y));
                x += width_of(i) + GAP_X;
            }
        }
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {canvas} {height}" width="{canvas}" height="{height}" font-family="monospace" font-size="13">"#
        );
        let _ = writeln!(out, "<title>AND/OR graph of Grundy's game from {}</title>", self.label(0));
        for (i, node) in self.nodes.iter().enumerate() {
            let (x, y) = place[i];
            for &c in &node.children {
                let (cx, cy) = place[c];
                let thick = self.in_solution(i, c);
                let _ = writeln!(
                    out,
                    r##"<line x1="{}" y1="{}" x2="{}" y2="{cy}" stroke="{}" stroke-width="{}"/>"##,
                    x + width_of(i) / 2,
                    y + BOX_H,
                    cx + width_of(c) / 2,
                    if thick { "#222" } else { "#999" },
                    if thick { 3 } else { 1 }
                );
            }
        }
        for (i, node) in self.nodes.iter().enumerate() {
            let (x, y) = place[i];
            let fill = if node.max_wins { "#cfe8cf" } else { "#f2cccc" };
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{y}" width="{}" height="{BOX_H}" rx="6" fill="{fill}" stroke="#444"/><text x="{}" y="{}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                width_of(i),
                x + width_of(i) / 2,
                y + BOX_H / 2,
                self.label(i)
            );
        }
        out.push_str("</svg>\n");
        out
    }
}
