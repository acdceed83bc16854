//! The thinkers: a fixed pool of threads that run the bots' thoughts and the hints, behind a bounded queue.
//!
//! Thinking is the server's costly resource (a bot may use a core for its whole budget), so it is never given
//! out without bound: at most `workers` thoughts run at once, at most `queue` wait, and each client (an address)
//! may have at most `per_client` waiting or running, of which at most `share` run at once. Clients take turns:
//! the next thought to run is the oldest of the client after the last one served, so a client with many games
//! cannot starve another. A thought that panics is caught on its worker, which goes on.

use std::collections::{HashMap, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;

/// How many thoughts may run, wait, and belong to one client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Threads that think, each running one thought at a time.
    pub workers: usize,
    /// Thoughts that may wait for a thread, all clients together.
    pub queue: usize,
    /// Thoughts one client may have waiting or running.
    pub per_client: usize,
    /// Thoughts one client may have running at once (at least one).
    pub share: usize,
}

/// Why a thought was not taken: the queue, or the client's share of it, is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    /// Every place in the queue is taken.
    #[error("the server is busy thinking for others")]
    Full,
    /// This client has as many thoughts waiting or running as it may.
    #[error("your address has as many thoughts waiting as one client may")]
    Client,
}

impl Busy {
    /// Why, as a message of the catalogs.
    pub fn msg(self) -> hamle_core::Msg {
        hamle_core::Msg::new(match self {
            Busy::Full => "error-busy-full",
            Busy::Client => "error-busy-client",
        })
    }
}

/// A thought that did not give an answer: it panicked, or the pool stopped before running it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the thought failed: {0}")]
pub struct Failed(pub String);

type Job = Box<dyn FnOnce() + Send>;

/// The pool; dropping it stops its threads once they finish what they run (what waits is dropped unrun).
pub struct Thinkers {
    shared: Arc<Shared>,
}

struct Shared {
    sizes: Sizes,
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Default)]
struct State {
    /// Clients with waiting thoughts, in the order they are served.
    turns: VecDeque<String>,
    waiting: HashMap<String, VecDeque<Job>>,
    running: HashMap<String, usize>,
    queued: usize,
    stopping: bool,
}

impl State {
    /// The next thought to run: the first client in turn that may run one more takes its oldest and goes last.
    fn next(&mut self, most_running: usize) -> Option<(String, Job)> {
        let at = self.turns.iter().position(|c| self.running.get(c).copied().unwrap_or(0) < most_running)?;
        let client = self.turns.remove(at)?;
        let queue = self.waiting.get_mut(&client)?;
        let job = queue.pop_front()?;
        if queue.is_empty() {
            self.waiting.remove(&client);
        } else {
            self.turns.push_back(client.clone());
        }
        self.queued -= 1;
        *self.running.entry(client.clone()).or_insert(0) += 1;
        Some((client, job))
    }

    fn done(&mut self, client: &str) {
        if let Some(n) = self.running.get_mut(client) {
            *n -= 1;
            if *n == 0 {
                self.running.remove(client);
            }
        }
    }

    fn holds(&self, client: &str) -> usize {
        self.waiting.get(client).map_or(0, VecDeque::len) + self.running.get(client).copied().unwrap_or(0)
    }
}

impl Thinkers {
    /// Starts `sizes.workers` threads (at least one).
    pub fn new(sizes: Sizes) -> Thinkers {
        let sizes = Sizes { workers: sizes.workers.max(1), ..sizes };
        let shared = Arc::new(Shared { sizes, state: Mutex::new(State::default()), wake: Condvar::new() });
        for n in 0..sizes.workers {
            let shared = Arc::clone(&shared);
            // A pool that cannot start a thread thinks with those it has; with none, every thought fails.
            let _ = std::thread::Builder::new().name(format!("hamle-thinker-{n}")).spawn(move || work(&shared));
        }
        Thinkers { shared }
    }

    /// The pool's sizes.
    pub fn sizes(&self) -> Sizes {
        self.shared.sizes
    }

    /// Queues `thought` for `client`; its answer (or why there is none) comes through the receiver.
    ///
    /// # Errors
    /// [`Busy`] when the queue or the client's share is full; the thought is then dropped unrun.
    pub fn submit<T: Send + 'static>(
        &self,
        client: &str,
        thought: impl FnOnce() -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<Result<T, Failed>>, Busy> {
        let (tell, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let result = catch_unwind(AssertUnwindSafe(thought)).map_err(|panic| {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned());
                Failed(why)
            });
            // The asker may have gone; the thought is done either way.
            let _ = tell.send(result);
        });
        let sizes = self.shared.sizes;
        let mut state = self.shared.lock();
        if state.holds(client) >= sizes.per_client {
            return Err(Busy::Client);
        }
        if state.queued >= sizes.queue {
            return Err(Busy::Full);
        }
        let queue = state.waiting.entry(client.to_owned()).or_default();
        queue.push_back(job);
        if queue.len() == 1 {
            state.turns.push_back(client.to_owned());
        }
        state.queued += 1;
        drop(state);
        self.shared.wake.notify_all();
        Ok(answer)
    }

    /// How many thoughts wait and how many run now.
    pub fn load(&self) -> (usize, usize) {
        let state = self.shared.lock();
        (state.queued, state.running.values().sum())
    }
}

impl Drop for Thinkers {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.stopping = true;
        state.waiting.clear();
        state.turns.clear();
        drop(state);
        self.shared.wake.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Jobs run outside the lock and their panics are caught, so a poisoned lock holds consistent counts.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A worker: runs the next thought in turn until the pool stops.
fn work(shared: &Shared) {
    let most_running = shared.sizes.share.max(1);
    let mut state = shared.lock();
    loop {
        if state.stopping {
            return;
        }
        match state.next(most_running) {
            Some((client, job)) => {
                drop(state);
                job();
                state = shared.lock();
                state.done(&client);
                // A client's share of the threads freed may let another's thought run.
                shared.wake.notify_all();
            }
            None => state = shared.wake.wait(state).unwrap_or_else(PoisonError::into_inner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    const WAIT: Duration = Duration::from_secs(10);

    /// A thought that reports its start and then waits for its release.
    fn held(
        started: &mpsc::Sender<&'static str>,
        name: &'static str,
    ) -> (impl FnOnce() -> &'static str + use<>, mpsc::Sender<()>) {
        let (release, released) = mpsc::channel::<()>();
        let started = started.clone();
        (
            move || {
                started.send(name).ok();
                released.recv_timeout(WAIT).ok();
                name
            },
            release,
        )
    }

    #[test]
    fn a_full_queue_and_a_full_share_are_refused_and_nothing_runs_past_the_workers() {
        let pool = Thinkers::new(Sizes { workers: 2, queue: 3, per_client: 2, share: 1 });
        let (started, starts) = mpsc::channel();
        let mut releases = Vec::new();
        let mut answers = Vec::new();
        for (client, name) in [("a", "a1"), ("b", "b1"), ("c", "c1"), ("d", "d1"), ("e", "e1")] {
            let (thought, release) = held(&started, name);
            answers.push(pool.submit(client, thought).expect("room"));
            releases.push(release);
            if name == "b1" {
                // Two run before the others are queued, so that the queue's three places are theirs.
                let mut first =
                    vec![starts.recv_timeout(WAIT).expect("one runs"), starts.recv_timeout(WAIT).expect("two")];
                first.sort_unstable();
                assert_eq!(first, ["a1", "b1"]);
            }
        }
        // Two run, three wait: the queue is full, for a new client and an old one alike.
        assert!(starts.recv_timeout(Duration::from_millis(200)).is_err(), "a third ran with two workers");
        assert_eq!(pool.load(), (3, 2));
        assert_eq!(pool.submit("f", || "f1").err(), Some(Busy::Full));
        assert_eq!(pool.submit("a", || "a2").err(), Some(Busy::Full));
        // A client at its share is refused as such, whatever room the queue has.
        releases.remove(0).send(()).ok();
        assert_eq!(starts.recv_timeout(WAIT).expect("c runs"), "c1");
        let (thought, release) = held(&started, "b2");
        let _b2 = pool.submit("b", thought).expect("room for b's second");
        assert_eq!(pool.submit("b", || "b3").err(), Some(Busy::Client));
        release.send(()).ok();
        for release in releases {
            release.send(()).ok();
        }
        let names: Vec<_> =
            answers.into_iter().map(|a| a.blocking_recv().expect("an answer").expect("no failure")).collect();
        assert_eq!(names, ["a1", "b1", "c1", "d1", "e1"]);
    }

    #[test]
    fn clients_take_turns_and_one_client_runs_no_more_than_its_share() {
        let pool = Thinkers::new(Sizes { workers: 2, queue: 10, per_client: 10, share: 1 });
        let (started, starts) = mpsc::channel();
        let mut releases = Vec::new();
        let (thought, release) = held(&started, "m1");
        pool.submit("many", thought).expect("room");
        releases.push(release);
        assert_eq!(starts.recv_timeout(WAIT).expect("m1 runs"), "m1");
        // With m1 running, "many" queues two more and then "one" its one: the idle worker skips "many", at its
        // share, and takes "one"'s thought, though it came last.
        for (client, name) in [("many", "m2"), ("many", "m3"), ("one", "o1")] {
            let (thought, release) = held(&started, name);
            pool.submit(client, thought).expect("room");
            releases.push(release);
        }
        assert_eq!(starts.recv_timeout(WAIT).expect("a second start"), "o1");
        assert!(starts.recv_timeout(Duration::from_millis(200)).is_err(), "m2 ran beside m1");
        for release in releases {
            release.send(()).ok();
        }
        assert_eq!(starts.recv_timeout(WAIT).expect("m2"), "m2");
        assert_eq!(starts.recv_timeout(WAIT).expect("m3"), "m3");
    }

    #[test]
    fn a_share_of_two_is_counted_as_thoughts_end() {
        // Client "a" may run two at once of three workers: as each ends, exactly one more starts.
        let pool = Thinkers::new(Sizes { workers: 3, queue: 10, per_client: 10, share: 2 });
        let (started, starts) = mpsc::channel();
        let mut releases = std::collections::HashMap::new();
        for name in ["a1", "a2", "a3", "a4"] {
            let (thought, release) = held(&started, name);
            pool.submit("a", thought).expect("room");
            releases.insert(name, release);
        }
        let mut first = vec![starts.recv_timeout(WAIT).expect("a start"), starts.recv_timeout(WAIT).expect("a start")];
        first.sort_unstable();
        assert_eq!(first, ["a1", "a2"]);
        assert!(starts.recv_timeout(Duration::from_millis(200)).is_err(), "a third ran past the share");
        releases.remove("a1").map(|r| r.send(()));
        assert_eq!(starts.recv_timeout(WAIT).expect("a3 takes a1's place"), "a3");
        assert!(starts.recv_timeout(Duration::from_millis(200)).is_err(), "a4 ran past the share");
        for (_, release) in releases {
            release.send(()).ok();
        }
        assert_eq!(starts.recv_timeout(WAIT).expect("a4 at last"), "a4");
    }

    #[test]
    fn a_panicking_thought_fails_alone_and_the_worker_goes_on() {
        let pool = Thinkers::new(Sizes { workers: 1, queue: 4, per_client: 4, share: 1 });
        let failed = pool.submit("a", || -> u32 { panic!("the bot broke") }).expect("room");
        let fine = pool.submit("a", || 7).expect("room");
        assert_eq!(failed.blocking_recv().expect("an answer"), Err(Failed("the bot broke".to_owned())));
        assert_eq!(fine.blocking_recv().expect("an answer"), Ok(7));
        // The worker counts its thought done just after it sends the answer.
        let clock = std::time::Instant::now();
        while pool.load() != (0, 0) && clock.elapsed() < WAIT {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(pool.load(), (0, 0));
    }

    #[test]
    fn a_stopped_pool_drops_what_waits_unrun() {
        let pool = Thinkers::new(Sizes { workers: 1, queue: 4, per_client: 4, share: 1 });
        let (started, starts) = mpsc::channel();
        let (thought, release) = held(&started, "first");
        let first = pool.submit("a", thought).expect("room");
        starts.recv_timeout(WAIT).expect("it runs");
        let waiting = pool.submit("a", || "second").expect("room");
        drop(pool);
        release.send(()).ok();
        assert_eq!(first.blocking_recv().expect("the running one ends"), Ok("first"));
        assert!(waiting.blocking_recv().is_err(), "a waiting thought is dropped, its asker told");
    }
}
