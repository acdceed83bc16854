//! Solving Sim: who wins a position with best play, by depth-first search over the positions, each kept once in a
//! table. A move that completes the mover's own triangle is never made while another is left.

use std::collections::HashMap;

use hamle_core::Player;

use super::rules::{Sim, has_triangle};

/// The outcome of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The player who wins with best play.
    pub winner: Player,
    /// Positions searched (each once).
    pub nodes: u64,
}

/// Who wins `position` with best play.
///
/// ```
/// use hamle_classics::sim::{Sim, solve};
/// assert_eq!(solve(&Sim::new()).winner, 1, "the second player wins Sim");
/// ```
pub fn solve(position: &Sim) -> Solved {
    let mut table = HashMap::new();
    let mut nodes = 0;
    let to_move = position.to_move();
    if let Some(loser) = position.loser() {
        return Solved { winner: 1 - loser, nodes: 0 };
    }
    let wins = wins_for_mover(position.coloured(to_move), position.coloured(1 - to_move), &mut table, &mut nodes);
    Solved { winner: if wins { to_move } else { 1 - to_move }, nodes }
}

/// Whether the side to move, owning `mine`, wins against `theirs`.
pub(crate) fn wins_for_mover(mine: u16, theirs: u16, table: &mut HashMap<u32, bool>, nodes: &mut u64) -> bool {
    let key = u32::from(mine) | u32::from(theirs) << 15;
    if let Some(&known) = table.get(&key) {
        return known;
    }
    *nodes += 1;
    let free = 0x7fff & !(mine | theirs);
    let mut result = false;
    for e in 0..15 {
        let bit = 1u16 << e;
        if free & bit == 0 || has_triangle(mine | bit) {
            continue;
        }
        if !wins_for_mover(theirs, mine | bit, table, nodes) {
            result = true;
            break;
        }
    }
    table.insert(key, result);
    result
}
