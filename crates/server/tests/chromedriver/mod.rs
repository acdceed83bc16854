//! chromedriver for the browser tests, and the guarantee that a test run leaves none of its processes behind.
//!
//! [`Driver::start`] runs chromedriver as the leader of a process group of its own, so every Chromium process it
//! launches (the browser and its zygote, GPU, network and renderer helpers) is in that group too. Dropping the
//! [`Driver`] — at the end of a test, or while a failing test unwinds — sends SIGTERM to the whole group, gives it
//! two seconds, then SIGKILL to whatever is left, reaps chromedriver, and removes the temporary folder that holds
//! every browser profile of this driver ([`Driver::profile`]). Without the group, killing chromedriver alone left
//! its Chromium running, reparented to init, about ten processes a run.
//!
//! Self-contained on purpose: it needs only `std` and `/usr/bin/kill` (procps), and a test uses it as
//! `let driver = Driver::start();` then `driver.port` and `driver.profile()` for each browser session.

use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// chromedriver on a free port, in its own process group; dropping it ends the group and removes its profiles.
pub struct Driver {
    child: Child,
    /// The port chromedriver listens on, on 127.0.0.1.
    pub port: u16,
    /// The folder that holds this driver's browser profiles; removed on drop.
    dir: PathBuf,
    profiles: AtomicUsize,
}

impl Driver {
    /// Starts `$CHROMEDRIVER` (default `/usr/bin/chromedriver`) and waits until it listens.
    pub fn start() -> Driver {
        static DRIVERS: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let n = DRIVERS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("hamle-browser-{}-{n}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a folder for the browser profiles");
        let child = Command::new(&path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // A new process group led by chromedriver: Chromium inherits it, so the group can be ended whole.
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start {path} ({e}): install Debian's chromium and chromium-driver (scripts/test does)")
            });
        // From here on a panic drops the guard, which ends the group.
        let driver = Driver { child, port, dir, profiles: AtomicUsize::new(0) };
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    /// A fresh, empty profile folder for one browser session (`--user-data-dir`), inside the driver's folder.
    pub fn profile(&self) -> PathBuf {
        let n = self.profiles.fetch_add(1, Ordering::Relaxed);
        let profile = self.dir.join(format!("profile-{n}"));
        std::fs::create_dir_all(&profile).expect("a profile folder");
        profile
    }

    /// Whether any process of the group is still alive (`kill -0` on the group succeeds).
    fn group_alive(&self) -> bool {
        signal_group("0", self.child.id())
    }
}

/// Sends `signal` to the process group `group`; true if some process received it.
fn signal_group(signal: &str, group: u32) -> bool {
    Command::new("/usr/bin/kill")
        .args([format!("-{signal}"), "--".into(), format!("-{group}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

impl Drop for Driver {
    fn drop(&mut self) {
        let group = self.child.id();
        signal_group("TERM", group);
        let start = Instant::now();
        // chromedriver must be reaped for its group to be seen as gone; the others are reaped by init.
        while start.elapsed() < Duration::from_secs(2) {
            self.child.try_wait().ok();
            if !self.group_alive() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if self.group_alive() {
            signal_group("KILL", group);
        }
        self.child.kill().ok();
        self.child.wait().ok();
        let start = Instant::now();
        while self.group_alive() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(50));
        }
        std::fs::remove_dir_all(&self.dir).ok();
    }
}
