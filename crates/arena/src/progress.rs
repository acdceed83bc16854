//! How a long job of many games (a match, a 2048 benchmark) tells whoever watches it how far it has gone. The
//! arena draws nothing itself: the CLI turns what it hears into progress bars, and tournaments and SPRT tell
//! theirs through their own callbacks.

use std::fmt;
use std::sync::Arc;

/// A step of a long job of many games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The job starts, once its game and bots are known to be good.
    Start {
        /// What it plays, in words: the game (`tictactoe`), or the bot and the game (`expectimax on 2048`).
        what: String,
        /// How many games.
        games: usize,
    },
    /// A 2048 game under way has made `moves` moves (a benchmark tells every 500).
    Tile {
        /// Moves made so far in that game.
        moves: u32,
        /// Its largest tile.
        top: u64,
    },
    /// One more game is over (the games end in any order, on any thread).
    Played,
    /// Every game is over.
    Finish,
}

/// Who hears how far a job has gone, from whichever thread plays a game.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use hamle_arena::progress::{Progress, Watcher};
/// let heard = Arc::new(Mutex::new(Vec::new()));
/// let kept = heard.clone();
/// let watcher = Watcher::new(move |step| kept.lock().expect("lock").push(step));
/// watcher.tell(Progress::Played);
/// assert_eq!(*heard.lock().expect("lock"), [Progress::Played]);
/// ```
#[derive(Clone)]
pub struct Watcher(Arc<dyn Fn(Progress) + Send + Sync>);

impl Watcher {
    /// A watcher that hears each step with `hear`.
    pub fn new(hear: impl Fn(Progress) + Send + Sync + 'static) -> Watcher {
        Watcher(Arc::new(hear))
    }

    /// Tells the watcher of a step.
    pub fn tell(&self, step: Progress) {
        (self.0)(step);
    }
}

impl fmt::Debug for Watcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Watcher")
    }
}
