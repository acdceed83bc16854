//! The games held in memory: the most recently used, bounded by their number and by the bytes they take (as
//! each estimates its own, its bots' tables included). A game that leaves is dropped with its bots (a thought
//! in flight keeps its own until it ends), and read again from the store when next asked for.

use std::num::NonZeroUsize;
use std::sync::Arc;

use lru::LruCache;

/// The games held, with the bytes each was last measured at.
pub(crate) struct Held<T> {
    games: LruCache<String, (Arc<T>, usize)>,
    bytes: usize,
    budget: usize,
}

impl<T> Held<T> {
    /// At most `count` games and `budget` bytes (one game is held, whatever its size).
    pub(crate) fn new(count: NonZeroUsize, budget: usize) -> Held<T> {
        Held { games: LruCache::new(count), bytes: 0, budget }
    }

    /// The game, marked as the most recently used.
    pub(crate) fn get(&mut self, id: &str) -> Option<Arc<T>> {
        self.games.get(id).map(|(game, _)| Arc::clone(game))
    }

    /// Holds `game`, of `bytes`, unless a game of this id is held already: the one held is the answer.
    pub(crate) fn hold(&mut self, id: &str, game: Arc<T>, bytes: usize) -> Arc<T> {
        if let Some(held) = self.get(id) {
            return held;
        }
        if let Some((_, (_, gone))) = self.games.push(id.to_owned(), (Arc::clone(&game), bytes)) {
            self.bytes -= gone;
        }
        self.bytes += bytes;
        self.fit();
        game
    }

    /// The game's new size after a change, marking it the most recently used; others leave if the games no
    /// longer fit.
    pub(crate) fn resize(&mut self, id: &str, bytes: usize) {
        if let Some((_, size)) = self.games.get_mut(id) {
            self.bytes = self.bytes - *size + bytes;
            *size = bytes;
        }
        self.fit();
    }

    /// Drops the game from memory.
    pub(crate) fn forget(&mut self, id: &str) {
        if let Some((_, bytes)) = self.games.pop(id) {
            self.bytes -= bytes;
        }
    }

    /// How many games are held.
    pub(crate) fn len(&self) -> usize {
        self.games.len()
    }

    /// The bytes of the games held, as last measured.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    fn fit(&mut self) {
        while self.bytes > self.budget && self.games.len() > 1 {
            match self.games.pop_lru() {
                Some((_, (_, bytes))) => self.bytes -= bytes,
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(count: usize, budget: usize) -> Held<&'static str> {
        Held::new(NonZeroUsize::new(count).expect("not zero"), budget)
    }

    #[test]
    fn games_leave_by_count_and_by_bytes_the_least_recently_used_first() {
        let mut games = held(3, 100);
        games.hold("a", Arc::new("a"), 30);
        games.hold("b", Arc::new("b"), 30);
        games.hold("c", Arc::new("c"), 30);
        assert_eq!((games.len(), games.bytes()), (3, 90));
        // Exactly at the budget, every game stays.
        games.resize("c", 40);
        assert_eq!((games.len(), games.bytes()), (3, 100));
        games.resize("c", 30);
        // "a" used last: a fourth game pushes out "b", the least recently used.
        assert!(games.get("a").is_some());
        games.hold("d", Arc::new("d"), 10);
        assert!(games.get("b").is_none());
        assert_eq!((games.len(), games.bytes()), (3, 70));
        // "c" grows past the budget: the least recently used leave until the rest fit.
        games.resize("c", 80);
        assert!(games.get("c").is_some(), "the game that grew stays");
        assert_eq!(games.bytes(), 90, "{} bytes", games.bytes());
        assert!(games.get("a").is_none(), "a was the least recently used");
        // One game larger than the budget is still held, alone.
        games.resize("c", 500);
        assert_eq!((games.len(), games.bytes()), (1, 500));
        games.forget("c");
        assert_eq!((games.len(), games.bytes()), (0, 0));
    }

    #[test]
    fn holding_a_game_held_already_keeps_the_first() {
        let mut games = held(3, 100);
        let first = games.hold("a", Arc::new("first"), 10);
        let second = games.hold("a", Arc::new("second"), 20);
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!((games.len(), games.bytes()), (1, 10));
    }
}
