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
}

/// How long a server believes what it read of a token, a name or a rating on a shared store: a token revoked (or a
/// name changed, a game rated) through another server still holds here for at most this long. One server alone hears every change
/// itself, and believes what it read until it changes it.
const FRESH: Duration = Duration::from_secs(5);

/// Whether what a server read is still to be believed.
pub(crate) fn fresh<T>(app: &App, known: &Known<T>) -> bool {
    !app.inner.store.shared() || known.at.elapsed() < FRESH
}
