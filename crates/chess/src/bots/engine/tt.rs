//! The transposition table: one entry per slot, indexed by the position's Zobrist key, replaced by depth and
//! age.

use cozy_chess::{Board, Move, Piece, Square};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value itself.
    Exact,
    /// At least this (a cut: the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// The key's upper half, to tell positions sharing a slot apart.
    check: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low two bits (0 = empty), the search's age above.
    flags: u8,
}

/// A hit: what the table knows of a position.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found, packed ([`pack`]; 0 for none): the search checks it for legality ([`unpack`]) or
    /// compares it with the moves it generates, so a stale or colliding entry can never make it play an illegal move.
    pub mv: u16,
    /// The score, as stored (mate scores relative to the stored node).
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// The table.
pub struct Table {
    slots: Vec<Slot>,
    age: u8,
}

/// A move in 16 bits: from, to, promotion.
pub fn pack(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(p) => p as u16,
    };
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

/// The move [`pack`] packed, if it is legal on `board` (a stale or colliding entry's move is dropped).
pub fn unpack(board: &Board, bits: u16) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let promotion = match bits >> 12 {
        0 => None,
        p => Some(Piece::index(usize::from(p).min(5))),
    };
    let mv = Move {
        from: Square::index(usize::from(bits & 63)),
        to: Square::index(usize::from((bits >> 6) & 63)),
        promotion,
    };
    board.is_legal(mv).then_some(mv)
}

impl Table {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
        Table { slots: vec![Slot::default(); count], age: 0 }
    }

    /// The bytes its slots take.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.age = 0;
    }

    /// Marks the start of a new search, so that older entries give way.
    pub fn next_age(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// What the table holds for `board` (whose key is `key`).
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let slot = self.slots[self.index(key)];
        if slot.flags & 3 == 0 || slot.check != (key >> 32) as u32 {
            return None;
        }
        let bound = match slot.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: slot.mv,
            score: i32::from(slot.score),
            eval: i32::from(slot.eval),
            depth: i32::from(slot.depth),
            bound,
        })
    }

    /// Stores a result, unless the slot holds a deeper one of this search for the same position.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound) {
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let check = (key >> 32) as u32;
        let same = slot.flags & 3 != 0 && slot.check == check;
        let old_age = slot.flags >> 2 != self.age;
        if same && !old_age && bound != Bound::Exact && depth + 3 < i32::from(slot.depth) {
            return;
        }
        let mv = match mv {
            Some(mv) => pack(mv),
            None if same => slot.mv,
            None => 0,
        };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *slot = Slot {
            check,
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            eval: eval.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: depth.clamp(0, 255) as u8,
            flags: bound_bits | self.age << 2,
        };
    }

    /// Permille of a sample of slots filled in this search (UCI's `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample].iter().filter(|s| s.flags & 3 != 0 && s.flags >> 2 == self.age).count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_comes_back_with_its_move() {
        let board = Board::default();
        let mut table = Table::new(1);
        let mv = Move { from: Square::E2, to: Square::E4, promotion: None };
        table.store(board.hash(), Some(mv), 35, 12, 7, Bound::Lower);
        let hit = table.probe(board.hash()).expect("stored");
        assert_eq!(
            (unpack(&board, hit.mv), hit.score, hit.eval, hit.depth, hit.bound),
            (Some(mv), 35, 12, 7, Bound::Lower)
        );
        table.clear();
        assert!(table.probe(board.hash()).is_none());
    }

    #[test]
    fn a_move_illegal_in_the_position_probed_is_dropped() {
        let board = Board::default();
        let mut table = Table::new(1);
        let mv = Move { from: Square::E2, to: Square::E5, promotion: None };
        table.store(board.hash(), Some(mv), 0, 0, 1, Bound::Exact);
        assert_eq!(unpack(&board, table.probe(board.hash()).expect("stored").mv), None);
    }

    #[test]
    fn promotions_pack_and_unpack() {
        let board: Board = "8/P6k/8/8/8/8/8/K7 w - - 0 1".parse().expect("fen");
        for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
            let mv = Move { from: Square::A7, to: Square::A8, promotion: Some(piece) };
            assert_eq!(unpack(&board, pack(mv)), Some(mv));
        }
    }

    #[test]
    fn a_shallow_result_does_not_replace_a_deep_one_of_this_search() {
        let board = Board::default();
        let mut table = Table::new(1);
        table.store(board.hash(), None, 10, 0, 12, Bound::Lower);
        table.store(board.hash(), None, 99, 0, 2, Bound::Upper);
        assert_eq!(table.probe(board.hash()).expect("stored").depth, 12);
        table.next_age();
        table.store(board.hash(), None, 99, 0, 2, Bound::Upper);
        assert_eq!(table.probe(board.hash()).expect("stored").depth, 2, "an older search gives way");
    }
}
