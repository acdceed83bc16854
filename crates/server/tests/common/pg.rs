//! A throw-away PostgreSQL cluster for the tests: `initdb` in a temporary folder and `postgres` on a free
//! loopback port, run as the `postgres` user when the tests run as root (PostgreSQL refuses root), stopped and
//! removed by a watchdog shell when the test process ends. One cluster a test process; each caller gets a
//! database of its own. `scripts/test` installs Debian's `postgresql` when it is missing.

use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A running cluster.
pub struct Cluster {
    pub port: u16,
    next: AtomicUsize,
    /// The watchdog shell: it outlives the test process on purpose, to stop the cluster after it.
    _watchdog: std::process::Child,
}

static CLUSTER: OnceLock<Cluster> = OnceLock::new();

/// The test process's cluster, started on first use.
pub fn cluster() -> &'static Cluster {
    CLUSTER.get_or_init(Cluster::start)
}

/// A new empty database in the test process's cluster: its URL.
pub fn database(hint: &str) -> String {
    cluster().database(hint)
}

/// Where PostgreSQL's programs are: `HAMLE_PG_BIN`, else the newest of Debian's `/usr/lib/postgresql/*/bin`.
fn bin(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("HAMLE_PG_BIN") {
        return Path::new(&dir).join(name);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, dir)| dir.join(name).exists())
        .collect();
    versions.sort();
    versions.pop().map_or_else(|| PathBuf::from(name), |(_, dir)| dir.join(name))
}

/// The user and group PostgreSQL runs as: `postgres` when the tests run as root, else the tests' own.
fn owner() -> Option<(u32, u32)> {
    let status = std::fs::read_to_string("/proc/self/status").expect("the process's status");
    let uid = status.lines().find_map(|l| l.strip_prefix("Uid:")).and_then(|l| l.split_whitespace().next());
    if uid != Some("0") {
        return None;
    }
    let id = |flag: &str| -> u32 {
        let out = Command::new("id").args([flag, "postgres"]).output().expect("id runs");
        assert!(out.status.success(), "the tests run as root and there is no `postgres` user: install postgresql");
        String::from_utf8_lossy(&out.stdout).trim().parse().expect("a number")
    };
    Some((id("-u"), id("-g")))
}

fn as_owner(command: &mut Command, owner: Option<(u32, u32)>) -> &mut Command {
    if let Some((uid, gid)) = owner {
        command.uid(uid).gid(gid);
    }
    command
}

impl Cluster {
    fn start() -> Cluster {
        let dir = std::env::temp_dir().join(format!("hamle-pg-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a folder for the cluster");
        let owner = owner();
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).expect("the folder given to postgres");
        }
        let data = dir.join("data");
        let initdb = bin("initdb");
        let made = as_owner(&mut Command::new(&initdb), owner)
            .args(["-D", &data.to_string_lossy(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"])
            .arg("--locale=C")
            .stdout(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{} could not run ({e}): install postgresql", initdb.display()));
        assert!(made.status.success(), "initdb failed: {}", String::from_utf8_lossy(&made.stderr));
        let port = TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("its address").port();
        // The watchdog stops the cluster and removes its folder once the test process is gone.
        let script = format!(
            "'{postgres}' -D '{data}' -p {port} -k '{dir}' -c listen_addresses=127.0.0.1 -c fsync=off \
             -c max_connections=400 > '{dir}/log' 2>&1 & pg=$!; \
             while [ -d /proc/{parent} ] && kill -0 $pg 2>/dev/null; do sleep 0.3; done; \
             kill -INT $pg 2>/dev/null; wait $pg; rm -rf '{dir}'",
            postgres = bin("postgres").display(),
            data = data.display(),
            dir = dir.display(),
            parent = std::process::id(),
        );
        let watchdog = as_owner(&mut Command::new("sh"), owner)
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the cluster starts");
        let cluster = Cluster { port, next: AtomicUsize::new(0), _watchdog: watchdog };
        let start = Instant::now();
        loop {
            match postgres::Client::connect(&cluster.url("postgres"), postgres::NoTls) {
                Ok(_) => return cluster,
                Err(e) if start.elapsed() > Duration::from_secs(30) => {
                    let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                    panic!("the cluster did not start in 30 s ({e}): {log}");
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    /// The URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A new empty database: its URL.
    pub fn database(&self, hint: &str) -> String {
        let hint: String = hint.chars().filter(char::is_ascii_alphanumeric).take(30).collect();
        let name = format!("t{}_{hint}", self.next.fetch_add(1, Ordering::SeqCst)).to_lowercase();
        let mut admin = postgres::Client::connect(&self.url("postgres"), postgres::NoTls).expect("the cluster");
        admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("a database");
        self.url(&name)
    }
}
