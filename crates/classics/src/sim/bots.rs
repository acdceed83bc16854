//! Players of Sim: the thesis's table of line values, and a perfect player.

use std::collections::HashMap;
use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Game, Player, Stream};

use super::rules::{EDGES, Edge, Sim, TRIANGLES, covers, has_triangle};
use super::solve::wins_for_mover;

/// The lines at a point: how many of the mover's and of the opponent's edges meet there.
fn at_point(game: &Sim, player: Player, point: u8) -> (u32, u32) {
    let (mine, theirs) = (game.coloured(player), game.coloured(1 - player));
    let touching = |mask: u16| {
        EDGES.iter().enumerate().filter(|&(e, &(a, b))| mask & (1 << e) != 0 && (a == point || b == point)).count()
            as u32
    };
    (touching(mine), touching(theirs))
}

/// The thesis's value (0..10, after A. Loash) of colouring `edge` for the player to move; higher is better.
///
/// The thesis's table, as hamle reads it (each line names the entry it applies, the first that fits from 0 up for
/// the triangle entries, then from 10 down; `docs/rules/sim.md` gives the Turkish and the reading):
/// - 0: the edge completes a triangle of the mover's own colour (a loss);
/// - 1: it completes a triangle whose other two edges are the opponent's;
/// - 2: it completes a triangle whose other two edges are one of each;
/// - 10: both its points are unused; 9: one is unused, the other has only the opponent's edges;
/// - 8: one of its points is unused;
/// - 7: both points have only the opponent's edges;
/// - 6: both points have exactly one edge of each player;
/// - 5: both points have two edges of one player (and none of the other);
/// - 4: one point has edges of both players, the other a single edge;
/// - 3: both points have edges of both players — and any edge no entry names.
pub fn line_value(game: &Sim, edge: Edge) -> u8 {
    let player = game.to_move();
    let (mine, theirs) = (game.coloured(player), game.coloured(1 - player));
    let bit = 1u16 << edge;
    let closing: Vec<u16> = TRIANGLES.iter().filter(|&&t| t & bit != 0).map(|&t| t & !bit).collect();
    if closing.iter().any(|&rest| covers(mine, rest)) {
        return 0;
    }
    if closing.iter().any(|&rest| covers(theirs, rest)) {
        return 1;
    }
    if closing.iter().any(|&rest| covers(mine | theirs, rest)) {
        return 2;
    }
    let (a, b) = EDGES[usize::from(edge)];
    let (pa, pb) = (at_point(game, player, a), at_point(game, player, b));
    let unused = |p: (u32, u32)| p == (0, 0);
    let only_theirs = |p: (u32, u32)| p.0 == 0 && p.1 > 0;
    let mixed = |p: (u32, u32)| p.0 > 0 && p.1 > 0;
    let single = |p: (u32, u32)| p.0 + p.1 == 1;
    let two_of_one = |p: (u32, u32)| (p.0 == 2 && p.1 == 0) || (p.0 == 0 && p.1 == 2);
    let either = |f: &dyn Fn((u32, u32)) -> bool, g: &dyn Fn((u32, u32)) -> bool| (f(pa) && g(pb)) || (f(pb) && g(pa));
    if unused(pa) && unused(pb) {
        10
    } else if either(&unused, &only_theirs) {
        9
    } else if unused(pa) || unused(pb) {
        8
    } else if only_theirs(pa) && only_theirs(pb) {
        7
    } else if pa == (1, 1) && pb == (1, 1) {
        6
    } else if two_of_one(pa) && two_of_one(pb) {
        5
    } else if either(&mixed, &single) {
        4
    } else {
        3
    }
}

/// The thesis's player: colours the edge of the highest line value, the first in edge order among equals.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thesis;

impl Bot<Sim> for Thesis {
    fn name(&self) -> String {
        "thesis".into()
    }

    fn choose(&mut self, state: &Sim, _: &Budget, _: &mut Stream) -> Option<Decision<Edge>> {
        let start = Instant::now();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        // `max_by_key` keeps the last of equals: scan from the end so that the first edge wins a tie.
        let (&mv, value) = moves.iter().rev().map(|e| (e, line_value(state, *e))).max_by_key(|&(_, v)| v)?;
        Some(Decision {
            mv,
            score: f64::from(value),
            pv: vec![mv],
            depth: 1,
            nodes: moves.len() as u64,
            elapsed: start.elapsed(),
        })
    }
}

/// The perfect player: an edge after which the opponent loses with best play, when there is one; otherwise the
/// edge of the highest line value that does not complete its own triangle. Its table of solved positions (up to
/// 137,245 positions, 2.4 MB, on its first move) is built for each decision and dropped after it, so the bot keeps
/// nothing between moves: keeping it saved little, as each later move searches a small part of what the first one
/// did (the first move takes about 15 ms; the later ones together about 1 ms a game, 0.35 ms with the table kept).
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect {}

impl Bot<Sim> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, state: &Sim, budget: &Budget, stream: &mut Stream) -> Option<Decision<Edge>> {
        let start = Instant::now();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let player = state.to_move();
        let (mine, theirs) = (state.coloured(player), state.coloured(1 - player));
        let mut nodes = 0;
        let mut table = HashMap::new();
        let mut winning = Vec::new();
        for &e in &moves {
            let after = mine | 1 << e;
            if !has_triangle(after) && !wins_for_mover(theirs, after, &mut table, &mut nodes) {
                winning.push(e);
            }
        }
        if let Some(&mv) = stream.pick(&winning) {
            return Some(Decision { mv, score: 1.0, pv: vec![mv], depth: 15, nodes, elapsed: start.elapsed() });
        }
        let mut fallback = Thesis.choose(state, budget, stream)?;
        (fallback.score, fallback.nodes, fallback.elapsed) = (-1.0, nodes, start.elapsed());
        Some(fallback)
    }
}
