//! Whether bots may start outside programs (an engine over UCI) in this process: the terminal's commands allow
//! it for the person at the keyboard; the web app never does, so no request can start a program.

use std::sync::atomic::{AtomicBool, Ordering};

static ALLOWED: AtomicBool = AtomicBool::new(false);

/// Lets bots start outside programs in this process. Only the terminal's commands call it.
pub fn allow_programs() {
    ALLOWED.store(true, Ordering::SeqCst);
}

/// Whether [`allow_programs`] was called in this process.
pub fn programs_allowed() -> bool {
    ALLOWED.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_allowed_only_once_the_terminal_allows_them() {
        // No other test of this crate allows programs: the flag is the process's.
        assert!(!programs_allowed());
        allow_programs();
        assert!(programs_allowed());
    }
}
