//! Progress bars on standard error, drawn from what the arena's long jobs (a match, a 2048 benchmark) tell.

use std::sync::Mutex;
use std::time::Duration;

use hamle_arena::progress::{Progress, Watcher};
use indicatif::{ProgressBar, ProgressStyle};

/// A match's bar: the game, the games played of all, the time left; redrawn four times a second.
pub fn match_bar() -> Watcher {
    bar("{prefix} [{bar:40}] {pos}/{len} games ({eta} left)", Some(Duration::from_millis(250)))
}

/// A 2048 benchmark's bar: the bot and game, the games played of all, how a game under way is going.
pub fn bench_bar() -> Watcher {
    bar("{prefix} [{bar:30}] {pos}/{len} games, {msg} ({elapsed} spent)", None)
}

/// A watcher that draws a bar of `template` from each job's start to its end (a new bar for each job it hears
/// start), redrawn every `tick` when given.
fn bar(template: &'static str, tick: Option<Duration>) -> Watcher {
    let current: Mutex<Option<ProgressBar>> = Mutex::new(None);
    Watcher::new(move |step| {
        // A bar is only a view: a thread that panicked holding it leaves nothing worth drawing.
        let Ok(mut current) = current.lock() else { return };
        match step {
            Progress::Start { what, games } => {
                let bar = ProgressBar::new(games as u64);
                if let Ok(style) = ProgressStyle::with_template(template) {
                    bar.set_style(style.progress_chars("=> "));
                }
                bar.set_prefix(what);
                if let Some(every) = tick {
                    bar.enable_steady_tick(every);
                }
                *current = Some(bar);
            }
            Progress::Tile { moves, top } => {
                if let Some(bar) = current.as_ref() {
                    bar.set_message(format!("a game at move {moves} with {top}"));
                }
            }
            Progress::Played => {
                if let Some(bar) = current.as_ref() {
                    bar.inc(1);
                }
            }
            Progress::Finish => {
                if let Some(bar) = current.take() {
                    bar.finish_and_clear();
                }
            }
        }
    })
}
