//! A fixed-size transposition table, always-replace, indexed by [`crate::Game::key`].

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cut-off).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full key, to tell collisions apart.
    pub key: u64,
    /// Remaining depth the value was searched to; [`Entry::COMPLETE`] when no leaf below was cut by depth,
    /// so the value holds for any depth.
    pub depth: u32,
    /// The value, for the player to move.
    pub value: f64,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The best move found, tried first next time.
    pub best: Option<M>,
}

impl<M> Entry<M> {
    /// The depth of a value whose subtree was searched to the end of the game everywhere.
    pub const COMPLETE: u32 = u32::MAX;
}

/// A transposition table of `2^bits` slots.
#[derive(Clone, Debug)]
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> Table<M> {
    /// A table with `2^bits` slots (`bits` is capped at 30).
    pub fn new(bits: u32) -> Self {
        let bits = bits.min(30);
        Self { slots: vec![None; 1 << bits], mask: (1u64 << bits) - 1 }
    }

    fn index(&self, key: u64) -> usize {
        // The mask keeps the index below the slot count, which fits in usize.
        usize::try_from(key & self.mask).unwrap_or_default()
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots.get(self.index(key)).and_then(Option::as_ref).filter(|e| e.key == key)
    }

    /// Stores an entry, replacing whatever was in its slot.
    pub fn store(&mut self, entry: Entry<M>) {
        let i = self.index(entry.key);
        if let Some(slot) = self.slots.get_mut(i) {
            *slot = Some(entry);
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
