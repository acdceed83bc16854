//! What a server read from the store and remembers (a token's player, a name, a rating), and how long it believes
//! it: on a store other servers write too, for [`FRESH`]; alone on its store, until it changes it itself.

use std::time::{Duration, Instant};

use crate::App;

/// What a server read from the store, and when: on a store other servers write too, it is read again once it is
/// older than [`FRESH`].
pub(crate) struct Known<T = String> {
    value: T,
    at: Instant,
}

impl<T> Known<T> {
    /// What the store said just now.
    pub(crate) fn now(value: T) -> Known<T> {
        Known { value, at: Instant::now() }
    }

    /// What was known.
    pub(crate) fn value(&self) -> &T {
        &self.value
    }

    /// Whether it is still to be believed, on a store other servers write too (`shared`) or not.
    fn believed(&self, shared: bool) -> bool {
        !shared || self.at.elapsed() < FRESH
    }
}

/// How long a server believes what it read of a token, a name or a rating on a shared store: a token revoked (or a
/// name changed, a game rated) through another server still holds here for at most this long. One server alone
/// hears every change itself, and believes what it read until it changes it.
const FRESH: Duration = Duration::from_secs(5);

/// Whether what a server read is still to be believed.
pub(crate) fn fresh<T>(app: &App, known: &Known<T>) -> bool {
    known.believed(app.inner.store.shared())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_ago(seconds: u64) -> Known<u8> {
        let at = Instant::now().checked_sub(Duration::from_secs(seconds)).unwrap_or_else(Instant::now);
        Known { value: 7, at }
    }

    #[test]
    fn on_a_shared_store_what_was_read_is_believed_for_five_seconds_and_alone_until_changed() {
        assert!(read_ago(0).believed(true), "just read");
        assert!(read_ago(4).believed(true));
        assert!(!read_ago(6).believed(true), "older than five seconds: read again");
        assert!(read_ago(6).believed(false), "one server alone hears every change itself");
        assert!(read_ago(3600).believed(false));
        assert_eq!(*read_ago(6).value(), 7);
    }

    #[test]
    fn a_server_alone_on_its_store_believes_what_it_read() {
        let app = App::in_memory().expect("an app");
        assert!(!app.inner.store.shared());
        assert!(fresh(&app, &read_ago(3600)));
    }
}
