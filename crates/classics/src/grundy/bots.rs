//! The perfect player of Grundy's game: move to a position whose nim-sum of heap values is 0.

use std::sync::OnceLock;
use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Game, Stream};

use super::rules::{Grundy, MAX_HEAP, Move};
use super::values::values;

/// The values of every heap the game allows, worked out once.
fn table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| values(MAX_HEAP as usize, &|_| {}).unwrap_or_default())
}

/// The nim-sum of a position's heap values: 0 is a loss for the player to move.
pub fn nim_sum(heaps: &[u32]) -> u16 {
    let g = table();
    heaps.iter().fold(0, |sum, &h| sum ^ g.get(h as usize).copied().unwrap_or(0))
}

/// Moves to a position of nim-sum 0 when there is one (a win it then keeps); from a lost position, any move at
/// random, hoping for a mistake.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl Bot<Grundy> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, state: &Grundy, _: &Budget, stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = state.clone();
                next.play(mv);
                nim_sum(next.heaps()) == 0
            })
            .collect();
        let (mv, score) = match stream.pick(&winning) {
            Some(&mv) => (mv, 1.0),
            None => (*stream.pick(&moves)?, -1.0),
        };
        Some(Decision { mv, score, pv: vec![mv], depth: 1, nodes: moves.len() as u64, elapsed: start.elapsed() })
    }
}
