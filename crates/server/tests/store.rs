//! The store's behaviour, the same suite against SQLite (a temporary file) and PostgreSQL (a database of a
//! throw-away cluster the test starts): each test runs its check on both, so the two implementations cannot
//! drift apart.

mod common;

use std::sync::{Mutex, mpsc};
use std::time::Duration;

use common::{TempDb, pg};
use hamle_server::store::{self, Changed, FORMAT, Failure, GameRow, JoinError, Postgres, Sqlite, Store, StoreError};

/// A store of each kind, with a way to open a second handle on the same database (a second server).
struct Backend {
    name: &'static str,
    store: Box<dyn Store>,
    again: Box<dyn Fn() -> Box<dyn Store>>,
    _file: Option<TempDb>,
    /// PostgreSQL's database, for a test that reaches past the store.
    url: Option<String>,
}

/// The URL of a PostgreSQL backend's database.
fn pg_url(b: &Backend) -> String {
    b.url.clone().expect("a PostgreSQL backend")
}

fn backends(test: &str) -> Vec<Backend> {
    let file = TempDb::new(&format!("store-{test}"));
    let path = file.path.clone();
    let url = pg::database(test);
    let (url2, url3) = (url.clone(), url.clone());
    vec![
        Backend {
            name: "sqlite",
            store: Box::new(Sqlite::open(&file.path).expect("sqlite opens")),
            again: Box::new(move || Box::new(Sqlite::open(&path).expect("sqlite opens again"))),
            _file: Some(file),
            url: None,
        },
        Backend {
            name: "postgres",
            store: Box::new(Postgres::connect(&url).expect("postgres connects")),
            again: Box::new(move || Box::new(Postgres::connect(&url2).expect("postgres connects again"))),
            _file: None,
            url: Some(url3),
        },
    ]
}

fn row(id: &str, player: &str) -> GameRow {
    GameRow {
        id: id.to_owned(),
        player: player.to_owned(),
        kind: "tictactoe".to_owned(),
        setup: "{\"game\":\"tictactoe\"}".to_owned(),
        // Past i64::MAX: the seed's 64 bits are kept whole in a signed column.
        seed: u64::MAX - 6,
        salt: "salt".to_owned(),
        status: "playing".to_owned(),
        created: 0,
        updated: 0,
        format: FORMAT,
        invite: Some("code".to_owned()),
        // A fixed time far ahead (2096), so that two rows made a second apart are equal.
        invite_expires: Some(4_000_000_000),
        version: 0,
        lease_owner: None,
        lease_until: None,
        result: None,
    }
}

/// A store with players `owner` and `friend` and a game `g1` of `owner` at seat 0, with one action.
fn seeded(store: &dyn Store) {
    store.add_player("owner").expect("a player");
    store.add_player("friend").expect("a player");
    // A new game starts at version 0, whatever the row given says.
    let given = GameRow { version: 7, ..row("g1", "owner") };
    store.add_game(&given, &[(0, "owner".to_owned())], &["a0".to_owned()]).expect("a game");
}

#[test]
fn players_are_added_once_and_known_by_their_hash() {
    for b in backends("players") {
        let store = &*b.store;
        assert!(!store.has_player("h1").expect("read"), "{}", b.name);
        assert!(store.is_empty().expect("read"), "{}", b.name);
        store.ping().expect("the store answers");
        assert_eq!(store.shared(), b.name == "postgres", "{}: only PostgreSQL is shared by servers", b.name);
        store.add_player("h1").expect("added");
        assert!(!store.is_empty().expect("read"), "{}: a player makes it not empty", b.name);
        assert!(store.has_player("h1").expect("read"), "{}", b.name);
        assert!(store.add_player("h1").is_err(), "{}: a player is added once", b.name);
        assert_eq!(store.players().expect("read").len(), 1, "{}", b.name);
    }
}

#[test]
fn a_game_is_read_back_as_stored_at_version_zero_with_its_seats_and_actions() {
    for b in backends("games") {
        let store = &*b.store;
        let before = store::now();
        seeded(store);
        let game = store.game("g1").expect("read").expect("the game");
        assert_eq!(game.seed, u64::MAX - 6, "{}", b.name);
        assert_eq!(game.version, 0, "{}", b.name);
        assert!(game.created >= before && game.created == game.updated, "{}: {game:?}", b.name);
        assert_eq!(GameRow { created: 0, updated: 0, ..game }, row("g1", "owner"), "{}", b.name);
        assert_eq!(store.seats("g1").expect("read"), [(0, "owner".to_owned())], "{}", b.name);
        assert_eq!(store.actions("g1", 0).expect("read"), ["a0"], "{}", b.name);
        assert!(store.actions("g1", 1).expect("read").is_empty(), "{}", b.name);
        assert!(store.game("nope").expect("read").is_none(), "{}", b.name);
        assert_eq!(store.version().expect("a schema version"), 6, "{}: six migrations", b.name);
    }
}

#[test]
fn an_append_bumps_the_version_keeps_the_result_and_one_from_a_stale_version_is_refused_and_changes_nothing() {
    for b in backends("append") {
        let store = &*b.store;
        seeded(store);
        store.append("g1", 0, 1, &["a1".to_owned(), "a2".to_owned()], "playing", None).expect("appended");
        let game = store.game("g1").expect("read").expect("the game");
        assert_eq!(game.version, 1, "{}", b.name);
        assert_eq!(store.actions("g1", 1).expect("read"), ["a1", "a2"], "{}", b.name);
        let stale = store.append("g1", 0, 3, &["late".to_owned()], "over", None).expect_err("a stale version");
        assert!(matches!(stale, StoreError::Conflict), "{}: {stale:?}", b.name);
        assert_eq!(stale.failure(), Failure::Conflict, "{}", b.name);
        let after = store.game("g1").expect("read").expect("the game");
        assert_eq!((after.version, after.status.as_str()), (1, "playing"), "{}", b.name);
        assert_eq!(store.actions("g1", 0).expect("read"), ["a0", "a1", "a2"], "{}", b.name);
        assert_eq!(after.result, None, "{}: no result while it is played", b.name);
        let result = r#"{"points":[1,0]}"#;
        store.append("g1", 1, 3, &["a3".to_owned()], "over", Some(result)).expect("from the version it is at");
        let over = store.game("g1").expect("read").expect("the game");
        assert_eq!((over.version, over.status.as_str()), (2, "over"), "{}", b.name);
        assert_eq!(over.result.as_deref(), Some(result), "{}: the result is kept once over", b.name);
    }
}

#[test]
fn of_eight_servers_appending_to_one_version_at_once_exactly_one_succeeds() {
    for b in backends("race") {
        seeded(&*b.store);
        let servers: Vec<Box<dyn Store>> = (0..8).map(|_| (b.again)()).collect();
        let barrier = std::sync::Barrier::new(servers.len());
        let results: Vec<Result<(), StoreError>> = std::thread::scope(|s| {
            let handles: Vec<_> = servers
                .iter()
                .enumerate()
                .map(|(i, server)| {
                    let barrier = &barrier;
                    s.spawn(move || {
                        barrier.wait();
                        server.append("g1", 0, 1, &[format!("from {i}")], "playing", None)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a writer")).collect()
        });
        let won: Vec<usize> = results.iter().enumerate().filter(|(_, r)| r.is_ok()).map(|(i, _)| i).collect();
        assert_eq!(won.len(), 1, "{}: {results:?}", b.name);
        for r in results.iter().filter(|r| r.is_err()) {
            let e = r.as_ref().expect_err("a loser");
            assert!(matches!(e, StoreError::Conflict | StoreError::Sqlite(_)), "{}: {e:?}", b.name);
            assert_ne!(e.failure(), Failure::Other, "{}: a loser is told to retry or that it lost: {e:?}", b.name);
        }
        assert_eq!(b.store.actions("g1", 0).expect("read"), ["a0".to_owned(), format!("from {}", won[0])]);
        assert_eq!(b.store.game("g1").expect("read").expect("the game").version, 1, "{}", b.name);
    }
}

#[test]
fn a_seat_is_taken_by_its_invite_once_and_bumps_the_version() {
    for b in backends("join") {
        let store = &*b.store;
        seeded(store);
        let refused = |r: Result<(), JoinError>| r.expect_err("refused");
        assert!(matches!(refused(store.join("g1", "wrong", 1, "friend")), JoinError::Unknown), "{}", b.name);
        assert!(matches!(refused(store.join("g1", "code", 1, "owner")), JoinError::Seated), "{}", b.name);
        assert!(matches!(refused(store.join("g1", "code", 0, "friend")), JoinError::Full), "{}", b.name);
        assert!(matches!(refused(store.join("nope", "code", 1, "friend")), JoinError::Unknown), "{}", b.name);
        assert_eq!(
            store.game("g1").expect("read").expect("the game").version,
            0,
            "{}: refusals change nothing",
            b.name
        );
        store.join("g1", "code", 1, "friend").expect("seated");
        let game = store.game("g1").expect("read").expect("the game");
        assert_eq!((game.version, game.invite), (1, None), "{}: the invite is used up", b.name);
        assert_eq!(store.seats("g1").expect("read"), [(0, "owner".to_owned()), (1, "friend".to_owned())]);
        assert_eq!(store.games_of("friend").expect("read").len(), 1, "{}: a seated player's games", b.name);
        store.add_player("third").expect("a player");
        assert!(matches!(refused(store.join("g1", "code", 1, "third")), JoinError::Unknown), "{}", b.name);
        let mut old = row("g2", "owner");
        old.invite_expires = Some(store::now() - 1);
        store.add_game(&old, &[(0, "owner".to_owned())], &[]).expect("a game");
        assert!(matches!(refused(store.join("g2", "code", 1, "third")), JoinError::Expired), "{}", b.name);
    }
}

#[test]
fn a_lease_is_held_by_one_server_until_it_lapses_is_released_and_ends_with_an_append() {
    for b in backends("lease") {
        let (one, two) = (&*b.store, (b.again)());
        seeded(one);
        assert_ne!(one.server(), two.server(), "{}: each opening is a server of its own", b.name);
        let t = store::now_ms();
        assert!(one.lease("g1", 0, t, t + 1000).expect("asked"), "{}", b.name);
        let game = two.game("g1").expect("read").expect("the game");
        assert!(game.leased_elsewhere(two.server(), t), "{}: {game:?}", b.name);
        assert!(!game.leased_elsewhere(one.server(), t), "{}", b.name);
        assert!(!two.lease("g1", 0, t + 500, t + 1500).expect("asked"), "{}: held by the first", b.name);
        assert!(one.lease("g1", 0, t + 500, t + 2000).expect("asked"), "{}: the holder renews it", b.name);
        assert!(two.lapsed(t + 1999, 10).expect("read").is_empty(), "{}", b.name);
        assert_eq!(two.lapsed(t + 2001, 10).expect("read"), ["g1"], "{}", b.name);
        assert!(two.lease("g1", 0, t + 2001, t + 3000).expect("asked"), "{}: taken over once lapsed", b.name);
        assert!(!one.lease("g1", 0, t + 2002, t + 4000).expect("asked"), "{}: now held by the second", b.name);
        one.release("g1").expect("a release of a lease it no longer holds does nothing");
        assert!(!one.lease("g1", 0, t + 2003, t + 4000).expect("asked"), "{}", b.name);
        two.release("g1").expect("released");
        assert!(one.lease("g1", 0, t + 2004, t + 4000).expect("asked"), "{}: free once released", b.name);
        assert!(!two.lease("g1", 1, t + 9000, t + 9999).expect("asked"), "{}: not at a version not reached", b.name);
        one.append("g1", 0, 1, &["a1".to_owned()], "playing", None).expect("appended");
        let game = two.game("g1").expect("read").expect("the game");
        assert_eq!((game.lease_owner, game.lease_until), (None, None), "{}: the append ended the lease", b.name);
        assert!(!two.lease("g1", 0, t, t + 1000).expect("asked"), "{}: not at a stale version", b.name);
        assert!(two.lease("g1", 1, t, t + 1000).expect("asked"), "{}", b.name);
    }
}

#[test]
fn a_server_on_postgres_hears_the_games_others_change_and_not_its_own() {
    let url = pg::database("listen");
    let (one, two) = (Postgres::connect(&url).expect("one"), Postgres::connect(&url).expect("two"));
    seeded(&one);
    let (heard_two, told_two) = mpsc::channel();
    let (heard_one, told_one) = mpsc::channel();
    let heard_two = Mutex::new(heard_two);
    let heard_one = Mutex::new(heard_one);
    assert!(two.listen(Box::new(move |c| heard_two.lock().expect("a lock").send(c).expect("sent"))).expect("listens"));
    assert!(one.listen(Box::new(move |c| heard_one.lock().expect("a lock").send(c).expect("sent"))).expect("listens"));
    one.append("g1", 0, 1, &["a1".to_owned()], "playing", None).expect("appended");
    assert_eq!(told_two.recv_timeout(Duration::from_secs(5)), Ok(Changed::Game("g1".to_owned())));
    two.join("g1", "code", 1, "friend").expect("joined");
    assert_eq!(told_one.recv_timeout(Duration::from_secs(5)), Ok(Changed::Game("g1".to_owned())));
    assert!(told_two.recv_timeout(Duration::from_secs(1)).is_err(), "a server does not hear its own change");
    // The listening connections are cut (as a restart of the database would): each server connects again, says
    // every game may have changed, and hears the next change.
    let name = url.rsplit('/').next().expect("a name");
    let mut admin = postgres::Client::connect(&pg::cluster().url("postgres"), postgres::NoTls).expect("the admin");
    admin
        .batch_execute(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
        .expect("cut");
    assert_eq!(told_two.recv_timeout(Duration::from_secs(10)), Ok(Changed::All), "two connected again");
    assert_eq!(told_one.recv_timeout(Duration::from_secs(10)), Ok(Changed::All), "one connected again");
    one.append("g1", 2, 2, &["a2".to_owned()], "playing", None).expect("appended after the cut");
    assert_eq!(told_two.recv_timeout(Duration::from_secs(5)), Ok(Changed::Game("g1".to_owned())));
    let file = TempDb::new("store-listen");
    let alone = Sqlite::open(&file.path).expect("sqlite");
    assert!(!alone.listen(Box::new(|_| {})).expect("asked"), "SQLite has one server: nothing to hear");
}

#[test]
fn a_backup_moves_every_game_and_person_from_sqlite_to_postgres_and_back_unchanged() {
    let mut all = backends("backup");
    let postgres = all.pop().expect("postgres");
    let sqlite = all.pop().expect("sqlite");
    seeded(&*sqlite.store);
    sqlite.store.append("g1", 0, 1, &["a1".to_owned()], "over", Some(r#"{"points":[0,1]}"#)).expect("appended");
    sqlite.store.join("g1", "code", 1, "friend").expect("joined");
    sqlite.store.add_game(&row("g2", "friend"), &[(1, "friend".to_owned())], &[]).expect("a game");
    // People: a name, a listing, a second token by a used code, a revoked token, a code not used yet.
    let now = store::now();
    sqlite.store.set_name("owner", "Ada").expect("named");
    sqlite.store.set_listing("owner", true).expect("listed");
    sqlite.store.add_transfer("owner", "used-code", now + 600).expect("a code");
    sqlite.store.claim("used-code", "second", now).expect("claimed");
    sqlite.store.revoke("owner", now).expect("revoked");
    sqlite.store.add_transfer("friend", "open-code", now + 600).expect("a code");
    // Ratings: g1 rated, each person's standing moved.
    let rated = sqlite.store.rate("g1", "tictactoe", &people(), now, &plus(10.0)).expect("rated");
    let dir = TempDb::new("backup-files");
    let first = dir.path.with_extension("first.jsonl");
    let summary = store::export(&*sqlite.store, &mut std::fs::File::create(&first).expect("a file")).expect("exported");
    assert_eq!((summary.players, summary.games, summary.actions), (2, 2, 2));
    let text = std::fs::read_to_string(&first).expect("read");
    assert_eq!(text.lines().count(), 5, "a header, two players, two games:\n{text}");
    assert!(text.starts_with(r#"{"hamle_store":3,"schema":6,"players":2,"games":2}"#), "{text}");
    assert_eq!(store::import(&*postgres.store, &first).expect("imported"), summary);
    let second = dir.path.with_extension("second.jsonl");
    store::export(&*postgres.store, &mut std::fs::File::create(&second).expect("a file")).expect("exported");
    assert_eq!(std::fs::read_to_string(&second).expect("read"), text, "the round trip changes nothing");
    let ada = postgres.store.person_named("ADA").expect("read").expect("the name travels");
    assert_eq!((ada.id.as_str(), ada.list_games, ada.tokens), ("owner", true, 1), "{ada:?}");
    let claimed = postgres.store.token("second").expect("read").expect("the claimed token travels");
    assert_eq!((claimed.player.as_str(), claimed.revoked), ("owner", None));
    assert_eq!(postgres.store.token("owner").expect("read").expect("the first token").revoked, Some(now));
    assert!(matches!(postgres.store.claim("used-code", "fourth", now), Err(store::ClaimError::Unknown)));
    assert_eq!(postgres.store.claim("open-code", "third", now).expect("the open code travels"), "friend");
    let game = postgres.store.game("g1").expect("read").expect("the game");
    assert_eq!((game.version, game.seed), (2, u64::MAX - 6), "versions and seeds travel whole");
    assert_eq!(game.result.as_deref(), Some(r#"{"points":[0,1]}"#), "results travel whole");
    assert_eq!(postgres.store.rating_changes("g1").expect("read"), rated, "rating changes travel whole");
    let standings = postgres.store.standings("friend").expect("read");
    assert_eq!(standings.len(), 1);
    assert_eq!((standings[0].pool.as_str(), standings[0].standing), ("tictactoe", rated[1].after));
    let again = store::import(&*postgres.store, &first).expect_err("not into a store with games");
    assert!(matches!(again, store::DumpError::NotEmpty), "{again}");
}

/// The people of `g1` as [`seeded`] and a join make them.
fn people() -> Vec<(u8, String)> {
    vec![(0, "owner".to_owned()), (1, "friend".to_owned())]
}

/// A rater that raises each person's rating by `points` and counts a game.
fn plus(points: f64) -> impl Fn(&[store::Standing]) -> Vec<store::Standing> {
    move |now: &[store::Standing]| {
        now.iter()
            .map(|s| store::Standing {
                rating: s.rating + points,
                deviation: s.deviation - 1.0,
                games: s.games + 1,
                ..*s
            })
            .collect()
    }
}

#[test]
fn a_game_is_rated_once_its_changes_kept_and_each_persons_standing_moved() {
    for b in backends("rated") {
        seeded(&*b.store);
        b.store.join("g1", "code", 1, "friend").expect("joined");
        assert!(b.store.rating_changes("g1").expect("read").is_empty(), "{}: not rated yet", b.name);
        let first = b.store.rate("g1", "tictactoe", &people(), 100, &plus(10.0)).expect("rated");
        assert_eq!(first.len(), 2, "{}", b.name);
        assert_eq!(
            first[0].before,
            store::Standing::NEW,
            "{}: a first rated game starts from Glicko-2's start",
            b.name
        );
        assert_eq!((first[0].after.rating, first[0].after.games, first[1].seat), (1510.0, 1, 1), "{}", b.name);
        assert_eq!((first[0].game.as_str(), first[0].at), ("g1", 100), "{}", b.name);
        // Asked again (another server, or a read after a restart): the changes as stored, the rater not called.
        let again = b.store.rate("g1", "tictactoe", &people(), 200, &|_| panic!("rated twice")).expect("read");
        assert_eq!(again, first, "{}", b.name);
        assert_eq!(b.store.rating_changes("g1").expect("read"), first, "{}", b.name);
        // A second game moves the standing from where the first left it.
        b.store.add_game(&row("g2", "owner"), &[(0, "owner".to_owned())], &[]).expect("a game");
        let second = b.store.rate("g2", "tictactoe", &[(0, "owner".to_owned())], 300, &plus(-4.0)).expect("rated");
        assert_eq!((second[0].before.rating, second[0].after.rating, second[0].after.games), (1510.0, 1506.0, 2));
        let standings = b.store.standings("owner").expect("read");
        assert_eq!(standings.len(), 1, "{}: one pool", b.name);
        assert_eq!((standings[0].standing.rating, standings[0].updated), (1506.0, 300), "{}", b.name);
        let history = b.store.rating_history("owner", 10).expect("read");
        assert_eq!(
            history.iter().map(|c| c.game.as_str()).collect::<Vec<_>>(),
            ["g2", "g1"],
            "{}: latest first",
            b.name
        );
        assert_eq!(b.store.rating_history("owner", 1).expect("read").len(), 1, "{}: at most `most`", b.name);
        assert!(b.store.standings("nobody").expect("read").is_empty(), "{}", b.name);
    }
}

#[test]
fn a_leaderboard_lists_the_named_people_of_its_pool_sure_enough_the_best_first() {
    for b in backends("leaderboard") {
        seeded(&*b.store);
        b.store.join("g1", "code", 1, "friend").expect("joined");
        b.store.add_player("third").expect("a player");
        b.store.add_game(&row("g2", "third"), &[(0, "third".to_owned())], &[]).expect("a game");
        let set = |to: [f64; 2]| {
            move |_: &[store::Standing]| -> Vec<store::Standing> {
                to.iter()
                    .map(|&d| store::Standing { rating: 2000.0 - d, deviation: d, volatility: 0.06, games: 1 })
                    .collect()
            }
        };
        // owner 1900 (deviation 100), friend 1950 (50): both sure enough at 110; third 1800 but unsure (200).
        b.store.rate("g1", "tictactoe", &people(), 1, &set([100.0, 50.0])).expect("rated");
        b.store.rate("g2", "tictactoe", &[(0, "third".to_owned())], 1, &set([200.0, 0.0])).expect("rated");
        let names = |pool: &str, deviation: f64| -> Vec<String> {
            b.store.leaderboard(pool, deviation, 10).expect("read").into_iter().map(|r| r.name).collect()
        };
        assert!(names("tictactoe", 110.0).is_empty(), "{}: nobody named yet", b.name);
        b.store.set_name("owner", "Ada").expect("named");
        b.store.set_name("friend", "Bob").expect("named");
        b.store.set_name("third", "Cem").expect("named");
        assert_eq!(names("tictactoe", 110.0), ["Bob", "Ada"], "{}: the best first, the unsure left out", b.name);
        assert_eq!(names("tictactoe", 500.0), ["Bob", "Ada", "Cem"], "{}", b.name);
        assert!(names("sim", 500.0).is_empty(), "{}: another pool", b.name);
        let top = b.store.leaderboard("tictactoe", 500.0, 1).expect("read");
        assert_eq!((top.len(), top[0].standing.rating, top[0].player.as_str()), (1, 1950.0, "friend"), "{}", b.name);
    }
}

#[test]
fn of_eight_servers_rating_one_game_at_once_it_is_rated_once() {
    for b in backends("raterace") {
        seeded(&*b.store);
        b.store.join("g1", "code", 1, "friend").expect("joined");
        let servers: Vec<Box<dyn Store>> = (0..8).map(|_| (b.again)()).collect();
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let barrier = std::sync::Barrier::new(servers.len());
        let results: Vec<Vec<store::RatingChange>> = std::thread::scope(|s| {
            let handles: Vec<_> = servers
                .iter()
                .map(|server| {
                    let (barrier, calls) = (&barrier, &calls);
                    s.spawn(move || {
                        let rater = |now: &[store::Standing]| {
                            calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            plus(10.0)(now)
                        };
                        barrier.wait();
                        // SQLite's second writer may find the file busy: it asks again, as a request would.
                        loop {
                            match server.rate("g1", "tictactoe", &people(), 5, &rater) {
                                Ok(changes) => return changes,
                                Err(e) if e.failure() == Failure::Busy => std::thread::sleep(Duration::from_millis(5)),
                                Err(e) => panic!("{e}"),
                            }
                        }
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a rater")).collect()
        });
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1, "{}: rated once", b.name);
        assert!(results.iter().all(|r| *r == results[0]), "{}: every server sees the one rating", b.name);
        let owner = b.store.standings("owner").expect("read");
        assert_eq!((owner[0].standing.rating, owner[0].standing.games), (1510.0, 1), "{}", b.name);
    }
}

#[test]
fn of_eight_games_of_one_person_rated_at_once_by_eight_servers_none_is_lost() {
    for b in backends("ratemany") {
        b.store.add_player("hub").expect("a player");
        for i in 0..8 {
            b.store.add_player(&format!("p{i}")).expect("a player");
            b.store
                .add_game(&row(&format!("g{i}"), "hub"), &[(0, "hub".to_owned()), (1, format!("p{i}"))], &[])
                .expect("a game");
        }
        let servers: Vec<Box<dyn Store>> = (0..8).map(|_| (b.again)()).collect();
        let barrier = std::sync::Barrier::new(servers.len());
        std::thread::scope(|s| {
            for (i, server) in servers.iter().enumerate() {
                let barrier = &barrier;
                s.spawn(move || {
                    let people = [(0, "hub".to_owned()), (1, format!("p{i}"))];
                    barrier.wait();
                    loop {
                        match server.rate(&format!("g{i}"), "sim", &people, 5, &plus(1.0)) {
                            Ok(_) => return,
                            Err(e) if e.failure() == Failure::Busy => std::thread::sleep(Duration::from_millis(5)),
                            Err(e) => panic!("{e}"),
                        }
                    }
                });
            }
        });
        let hub = b.store.standings("hub").expect("read");
        assert_eq!((hub[0].standing.rating, hub[0].standing.games), (1508.0, 8), "{}: each game counted once", b.name);
        let mut befores: Vec<f64> =
            b.store.rating_history("hub", 10).expect("read").iter().map(|c| c.before.rating).collect();
        befores.sort_by(f64::total_cmp);
        assert_eq!(befores, (0..8).map(|i| 1500.0 + f64::from(i)).collect::<Vec<_>>(), "{}: one after another", b.name);
    }
}

#[test]
fn a_malformed_or_truncated_backup_is_refused_and_writes_nothing() {
    for b in backends("badbackup") {
        let dir = TempDb::new(&format!("badbackup-{}", b.name));
        let cases = [
            ("", "line 1: the file is empty"),
            ("{\"hamle_store\":4,\"schema\":3,\"players\":0,\"games\":0}\n", "format 4"),
            ("not json\n", "not a hamle backup"),
            (
                "{\"hamle_store\":1,\"schema\":3,\"players\":2,\"games\":0}\n{\"player\":{\"token_hash\":\"p\",\"created\":1}}\n",
                "incomplete",
            ),
            (
                "{\"hamle_store\":1,\"schema\":3,\"players\":1,\"games\":0}\n{\"player\":{\"token_hash\":\"p\",\"created\":1}}\n{\"player\":{\"token_hash\":\"p\",\"created\":1}}\n",
                "line 3: a player given twice",
            ),
            (
                "{\"hamle_store\":2,\"schema\":4,\"players\":2,\"games\":0}\n\
                 {\"player\":{\"token_hash\":\"p\",\"created\":1,\"tokens\":[{\"token_hash\":\"t\",\"created\":1}]}}\n\
                 {\"player\":{\"token_hash\":\"q\",\"created\":1,\"tokens\":[{\"token_hash\":\"t\",\"created\":1}]}}\n",
                "line 3: a token given twice",
            ),
            (
                "{\"hamle_store\":2,\"schema\":4,\"players\":2,\"games\":0}\n\
                 {\"player\":{\"token_hash\":\"p\",\"created\":1,\"name\":\"Ada\"}}\n\
                 {\"player\":{\"token_hash\":\"q\",\"created\":1,\"name\":\"ada\"}}\n",
                "line 3: the name ada given twice",
            ),
        ];
        for (i, (text, why)) in cases.iter().enumerate() {
            let path = dir.path.with_extension(format!("{i}.jsonl"));
            std::fs::write(&path, text).expect("written");
            let error = store::import(&*b.store, &path).expect_err("refused");
            assert!(error.to_string().contains(why), "{}: case {i}: {error}", b.name);
            assert!(b.store.is_empty().expect("read"), "{}: case {i} wrote something", b.name);
        }
        // A game naming a player the file does not hold.
        let game = serde_json::to_value(store::GameDump {
            row: row("g9", "ghost"),
            seats: vec![],
            actions: vec![],
            ratings: vec![],
        })
        .expect("json");
        let text = format!("{{\"hamle_store\":1,\"schema\":3,\"players\":0,\"games\":1}}\n{{\"game\":{game}}}\n");
        let path = dir.path.with_extension("ghost.jsonl");
        std::fs::write(&path, text).expect("written");
        let error = store::import(&*b.store, &path).expect_err("refused");
        assert!(error.to_string().contains("ghost"), "{}: {error}", b.name);
        assert!(b.store.is_empty().expect("read"), "{}", b.name);
    }
}

#[test]
fn a_backup_of_format_1_is_read_each_player_acting_by_its_first_token() {
    for b in backends("format1") {
        let dir = TempDb::new(&format!("format1-{}", b.name));
        let game = serde_json::to_value(store::GameDump {
            row: row("g1", "p"),
            seats: vec![(0, "p".to_owned())],
            actions: vec![("a0".to_owned(), 5)],
            ratings: vec![],
        })
        .expect("json");
        let text = format!(
            "{{\"hamle_store\":1,\"schema\":3,\"players\":1,\"games\":1}}\n\
             {{\"player\":{{\"token_hash\":\"p\",\"created\":3}}}}\n{{\"game\":{game}}}\n"
        );
        let path = dir.path.with_extension("old.jsonl");
        std::fs::write(&path, text).expect("written");
        let summary = store::import(&*b.store, &path).expect("a backup of format 1 is read");
        assert_eq!((summary.players, summary.games), (1, 1), "{}", b.name);
        let token = b.store.token("p").expect("read").expect("the first token");
        assert_eq!((token.player.as_str(), token.revoked), ("p", None), "{}", b.name);
        let person = b.store.person("p").expect("read").expect("the player");
        assert_eq!((person.name, person.created, person.list_games, person.tokens), (None, 3, false, 1), "{}", b.name);
        assert_eq!(b.store.game("g1").expect("read").expect("the game").result, None, "{}", b.name);
    }
}

#[test]
fn a_new_player_acts_by_its_first_token_with_no_name_and_nothing_listed() {
    for b in backends("newplayer") {
        let store = &*b.store;
        let before = store::now();
        store.add_player("h1").expect("added");
        let token = store.token("h1").expect("read").expect("its first token");
        assert_eq!(token, store::TokenRow { player: "h1".to_owned(), revoked: None }, "{}", b.name);
        assert!(store.token("h2").expect("read").is_none(), "{}: no player has this token", b.name);
        let person = store.person("h1").expect("read").expect("the player");
        assert_eq!((person.name, person.list_games, person.tokens), (None, false, 1), "{}", b.name);
        assert!(person.created >= before, "{}", b.name);
        assert!(store.person("h2").expect("read").is_none(), "{}", b.name);
        assert_eq!(store.game_counts("h1").expect("read"), (0, 0), "{}", b.name);
    }
}

#[test]
fn a_name_is_one_players_whatever_its_case_and_its_owner_may_recase_or_leave_it() {
    for b in backends("names") {
        let store = &*b.store;
        seeded(store);
        store.set_name("owner", "Ada").expect("a free name");
        let taken = store.set_name("friend", "ADA").expect_err("the same name in capitals");
        assert!(matches!(taken, store::NameError::Taken), "{}: {taken:?}", b.name);
        assert_eq!(store.person("friend").expect("read").expect("the friend").name, None, "{}", b.name);
        store.set_name("owner", "ADA").expect("its owner may write it otherwise");
        let found = store.person_named("ada").expect("read").expect("found by any case");
        assert_eq!((found.id.as_str(), found.name.as_deref()), ("owner", Some("ADA")), "{}", b.name);
        store.set_name("owner", "Bea").expect("renamed");
        assert!(store.person_named("ada").expect("read").is_none(), "{}: the old name is free", b.name);
        store.set_name("friend", "ada").expect("the old name taken by another");
        assert_eq!(store.person_named("ÄDA").expect("read"), None, "{}: another letter is another name", b.name);
        store.set_name("friend", "Ädä").expect("a name of Unicode letters");
        assert_eq!(store.person_named("äDÄ").expect("read").expect("found").id, "friend", "{}", b.name);
    }
}

#[test]
fn a_name_that_looks_like_anothers_is_taken_and_finds_its_owner() {
    for b in backends("lookalike") {
        for p in ["p1", "p2"] {
            b.store.add_player(p).expect("a player");
        }
        b.store.set_name("p1", "Ada").expect("named");
        // A Cyrillic А (U+0410) or а (U+0430) in place of the Latin letter: the same name to the eye.
        for alike in ["\u{410}da", "Ad\u{430}", "\u{410}D\u{410}"] {
            assert!(matches!(b.store.set_name("p2", alike), Err(store::NameError::Taken)), "{}: {alike}", b.name);
        }
        let found = b.store.person_named("\u{410}da").expect("read").expect("the name's owner");
        assert_eq!(found.id, "p1", "{}", b.name);
        b.store.set_name("p2", "Adam").expect("another name");
    }
}

#[test]
fn the_migration_to_look_alike_keys_keeps_the_first_of_two_names_that_look_alike_and_keys_the_other_apart() {
    for b in backends("rekey") {
        for (p, created) in [("first", 1), ("second", 2), ("third", 3)] {
            b.store.add_player(p).expect("a player");
            let set = format!("UPDATE players SET created = {created} WHERE token_hash = '{p}'");
            match &b._file {
                Some(file) => {
                    rusqlite::Connection::open(&file.path).expect("a connection").execute_batch(&set).expect("set")
                }
                None => postgres::Client::connect(&pg_url(&b), postgres::NoTls)
                    .expect("a connection")
                    .batch_execute(&set)
                    .expect("set"),
            }
        }
        // The store as schema 5 left it: names keyed by their lower case alone, two of them alike to the eye.
        let undo = "UPDATE players SET name = 'Ada', name_key = 'ada' WHERE token_hash = 'first'; \
                    UPDATE players SET name = '\u{410}da', name_key = '\u{430}da' WHERE token_hash = 'second'; \
                    UPDATE players SET name = 'Bob', name_key = 'bob' WHERE token_hash = 'third';";
        match &b._file {
            Some(file) => {
                let db = rusqlite::Connection::open(&file.path).expect("a plain connection");
                db.execute_batch(undo).expect("names of schema 5");
                db.pragma_update(None, "user_version", 5).expect("version 5");
            }
            None => {
                let mut admin = postgres::Client::connect(&pg_url(&b), postgres::NoTls).expect("a connection");
                admin.batch_execute(undo).expect("names of schema 5");
                admin.batch_execute("UPDATE hamle_schema SET version = 5").expect("version 5");
            }
        }
        let store = (b.again)();
        assert_eq!(store.version().expect("a version"), 6, "{}", b.name);
        assert_eq!(store.person_named("ADA").expect("read").map(|p| p.id), Some("first".to_owned()), "{}", b.name);
        assert_eq!(store.person_named("bob").expect("read").map(|p| p.id), Some("third".to_owned()), "{}", b.name);
        let second = store.person("second").expect("read").expect("the player");
        assert_eq!(second.name.as_deref(), Some("\u{410}da"), "{}: the letters are kept", b.name);
        assert!(matches!(store.set_name("third", "ada"), Err(store::NameError::Taken)), "{}", b.name);
        store.set_name("second", "Adalet").expect("the second may choose another");
        store.set_name("third", "\u{410}da").expect_err("still the first's");
    }
}

#[test]
fn of_eight_servers_naming_eight_players_alike_at_once_exactly_one_gets_the_name() {
    for b in backends("namerace") {
        let servers: Vec<Box<dyn Store>> = (0..8).map(|_| (b.again)()).collect();
        for i in 0..8 {
            b.store.add_player(&format!("p{i}")).expect("a player");
        }
        let barrier = std::sync::Barrier::new(servers.len());
        let results: Vec<Result<(), store::NameError>> = std::thread::scope(|s| {
            let handles: Vec<_> = servers
                .iter()
                .enumerate()
                .map(|(i, server)| {
                    let barrier = &barrier;
                    s.spawn(move || {
                        barrier.wait();
                        server.set_name(&format!("p{i}"), if i % 2 == 0 { "Race" } else { "rACE" })
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a writer")).collect()
        });
        let won: Vec<usize> = results.iter().enumerate().filter(|(_, r)| r.is_ok()).map(|(i, _)| i).collect();
        assert_eq!(won.len(), 1, "{}: {results:?}", b.name);
        assert!(
            results.iter().filter(|r| r.is_err()).all(|r| matches!(r, Err(store::NameError::Taken))),
            "{}: the others are told it is taken: {results:?}",
            b.name
        );
        let holder = b.store.person_named("race").expect("read").expect("someone has it");
        assert_eq!(holder.id, format!("p{}", won[0]), "{}", b.name);
    }
}

#[test]
fn a_listing_gives_each_game_with_its_people_named_and_only_finished_ones_when_asked() {
    for b in backends("listing") {
        let store = &*b.store;
        seeded(store);
        store.join("g1", "code", 1, "friend").expect("joined");
        store
            .add_game(&GameRow { invite: None, ..row("g2", "owner") }, &[(0, "owner".to_owned())], &[])
            .expect("a game");
        store.set_name("friend", "Bea").expect("named");
        let all = store.listing("owner", false).expect("read");
        let ids: Vec<&str> = all.iter().map(|g| g.row.id.as_str()).collect();
        assert_eq!(ids.len(), 2, "{}: {ids:?}", b.name);
        let g1 = all.iter().find(|g| g.row.id == "g1").expect("g1 listed");
        let people: Vec<(u8, &str, Option<&str>)> =
            g1.people.iter().map(|p| (p.seat, p.player.as_str(), p.name.as_deref())).collect();
        assert_eq!(people, [(0, "owner", None), (1, "friend", Some("Bea"))], "{}", b.name);
        assert!(store.listing("owner", true).expect("read").is_empty(), "{}: nothing is over", b.name);
        assert_eq!(store.game_counts("owner").expect("read"), (2, 0), "{}", b.name);
        let version = store.game("g1").expect("read").expect("g1").version;
        store.append("g1", version, 1, &["end".to_owned()], "over", Some("{}")).expect("over");
        let over = store.listing("friend", true).expect("read");
        assert_eq!(over.len(), 1, "{}: the friend's game, over", b.name);
        assert_eq!((over[0].row.id.as_str(), over[0].row.result.as_deref()), ("g1", Some("{}")), "{}", b.name);
        assert_eq!(store.game_counts("owner").expect("read"), (1, 1), "{}", b.name);
        assert_eq!(store.game_counts("friend").expect("read"), (0, 1), "{}", b.name);
        assert!(!store.person("owner").expect("read").expect("owner").list_games, "{}", b.name);
        store.set_listing("owner", true).expect("listed");
        assert!(store.person("owner").expect("read").expect("owner").list_games, "{}", b.name);
        store.set_listing("owner", false).expect("unlisted");
        assert!(!store.person("owner").expect("read").expect("owner").list_games, "{}", b.name);
    }
}

#[test]
fn a_transfer_code_gives_its_player_a_second_token_once_and_not_past_its_time() {
    for b in backends("claim") {
        let store = &*b.store;
        seeded(store);
        let now = store::now();
        store.add_transfer("owner", "code-1", now + 600).expect("a code");
        assert_eq!(store.claim("code-1", "second", now).expect("claimed"), "owner", "{}", b.name);
        let token = store.token("second").expect("read").expect("the new token");
        assert_eq!((token.player.as_str(), token.revoked), ("owner", None), "{}", b.name);
        assert_eq!(store.person("owner").expect("read").expect("owner").tokens, 2, "{}", b.name);
        let twice = store.claim("code-1", "third", now).expect_err("used already");
        assert!(matches!(twice, store::ClaimError::Unknown), "{}: {twice:?}", b.name);
        assert!(store.token("third").expect("read").is_none(), "{}: a refused claim adds no token", b.name);
        let unknown = store.claim("no-such-code", "third", now).expect_err("unknown");
        assert!(matches!(unknown, store::ClaimError::Unknown), "{}: {unknown:?}", b.name);
        store.add_transfer("owner", "code-2", now).expect("a code");
        assert_eq!(store.claim("code-2", "fourth", now).expect("its last second"), "owner", "{}", b.name);
        store.add_transfer("owner", "code-3", now - 1).expect("a code");
        let expired = store.claim("code-3", "fifth", now).expect_err("expired");
        assert!(matches!(expired, store::ClaimError::Expired), "{}: {expired:?}", b.name);
        assert!(store.token("fifth").expect("read").is_none(), "{}", b.name);
    }
}

#[test]
fn of_eight_servers_claiming_one_code_at_once_exactly_one_gets_a_token() {
    for b in backends("claimrace") {
        seeded(&*b.store);
        b.store.add_transfer("owner", "code", store::now() + 600).expect("a code");
        let servers: Vec<Box<dyn Store>> = (0..8).map(|_| (b.again)()).collect();
        let barrier = std::sync::Barrier::new(servers.len());
        let results: Vec<Result<String, store::ClaimError>> = std::thread::scope(|s| {
            let handles: Vec<_> = servers
                .iter()
                .enumerate()
                .map(|(i, server)| {
                    let barrier = &barrier;
                    s.spawn(move || {
                        barrier.wait();
                        server.claim("code", &format!("t{i}"), store::now())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a claimer")).collect()
        });
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "{}: {results:?}", b.name);
        let tokens = (0..8).filter(|i| b.store.token(&format!("t{i}")).expect("read").is_some()).count();
        assert_eq!(tokens, 1, "{}: one token was added", b.name);
    }
}

#[test]
fn a_token_is_revoked_once_and_revoking_the_others_keeps_one_and_drops_unused_codes() {
    for b in backends("revoke") {
        let store = &*b.store;
        seeded(store);
        let now = store::now();
        for (code, token) in [("c1", "t1"), ("c2", "t2")] {
            store.add_transfer("owner", code, now + 600).expect("a code");
            store.claim(code, token, now).expect("claimed");
        }
        store.add_transfer("owner", "unused", now + 600).expect("a code");
        store.add_transfer("friend", "friends", now + 600).expect("the friend's code");
        assert!(store.revoke("t1", now).expect("revoked"), "{}", b.name);
        assert!(!store.revoke("t1", now + 5).expect("asked"), "{}: revoked once", b.name);
        assert_eq!(store.token("t1").expect("read").expect("kept").revoked, Some(now), "{}", b.name);
        assert!(!store.revoke("nobody's", now).expect("asked"), "{}", b.name);
        assert_eq!(store.person("owner").expect("read").expect("owner").tokens, 2, "{}", b.name);
        assert_eq!(store.revoke_others("owner", "t2", now).expect("revoked"), 1, "{}: the first token", b.name);
        assert_eq!(store.token("owner").expect("read").expect("kept").revoked, Some(now), "{}", b.name);
        assert_eq!(store.token("t2").expect("read").expect("kept").revoked, None, "{}", b.name);
        assert_eq!(store.person("owner").expect("read").expect("owner").tokens, 1, "{}", b.name);
        let dropped = store.claim("unused", "t3", now).expect_err("the unused code is gone");
        assert!(matches!(dropped, store::ClaimError::Unknown), "{}: {dropped:?}", b.name);
        assert_eq!(store.claim("friends", "t4", now).expect("another player's code stays"), "friend", "{}", b.name);
        let dump = store.dump_player("owner").expect("read").expect("owner");
        let used: Vec<&str> = dump.transfers.iter().map(|t| t.code_hash.as_str()).collect();
        assert_eq!(used, ["c1", "c2"], "{}: the used codes are kept", b.name);
    }
}

#[test]
fn the_migration_to_people_gives_each_player_of_before_its_first_token() {
    for b in backends("migration") {
        // The store as schema 3 left it: no tokens, names, results or ratings.
        let undo = "DROP TABLE rating_changes; DROP TABLE ratings; DROP TABLE transfers; DROP TABLE tokens; DROP INDEX players_by_name; \
                    ALTER TABLE players DROP COLUMN name; ALTER TABLE players DROP COLUMN name_key; \
                    ALTER TABLE players DROP COLUMN list_games; ALTER TABLE games DROP COLUMN result; \
                    INSERT INTO players (token_hash, created) VALUES ('before', 7);";
        match &b._file {
            Some(file) => {
                let db = rusqlite::Connection::open(&file.path).expect("a plain connection");
                db.execute_batch(undo).expect("back to schema 3");
                db.pragma_update(None, "user_version", 3).expect("version 3");
            }
            None => {
                let url = pg_url(&b);
                let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("a connection");
                admin.batch_execute(undo).expect("back to schema 3");
                admin.batch_execute("UPDATE hamle_schema SET version = 3").expect("version 3");
            }
        }
        let store = (b.again)();
        assert_eq!(store.version().expect("a version"), 6, "{}", b.name);
        let token = store.token("before").expect("read").expect("its first token");
        assert_eq!((token.player.as_str(), token.revoked), ("before", None), "{}", b.name);
        let person = store.person("before").expect("read").expect("the player");
        assert_eq!((person.name, person.created, person.tokens), (None, 7, 1), "{}", b.name);
    }
}

#[test]
fn a_postgres_database_of_a_newer_schema_is_refused_naming_both_versions() {
    let url = pg::database("newer");
    drop(Postgres::connect(&url).expect("migrated"));
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("a connection");
    admin.batch_execute("UPDATE hamle_schema SET version = 99").expect("a newer version");
    let Err(error) = Postgres::connect(&url) else { panic!("a newer schema is refused") };
    assert!(matches!(error, StoreError::Newer { found: 99, known: 6 }), "{error:?}");
    let version: i64 = admin.query_one("SELECT version FROM hamle_schema", &[]).expect("read").get(0);
    assert_eq!(version, 99, "left alone");
}

#[test]
fn a_postgres_store_out_of_reach_or_refusing_its_database_fails_as_busy_naming_why() {
    let cluster = pg::cluster();
    let gone = cluster.url("nodb_here");
    let Err(error) = Postgres::connect(&gone) else { panic!("no such database") };
    assert_eq!(error.failure(), Failure::Busy, "{error}");
    assert!(error.to_string().contains("out of reach"), "{error}");
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port();
    let Err(error) = Postgres::connect(&format!("postgres://postgres@127.0.0.1:{port}/x")) else {
        panic!("nothing listens there")
    };
    assert_eq!(error.failure(), Failure::Busy, "{error}");
    // A store whose database stops taking connections: each call fails as busy, and works again after.
    let url = pg::database("closing");
    let store = Postgres::connect(&url).expect("connected");
    seeded(&store);
    let name = url.rsplit('/').next().expect("a name");
    let mut admin = postgres::Client::connect(&cluster.url("postgres"), postgres::NoTls).expect("the admin");
    admin
        .batch_execute(&format!(
            "ALTER DATABASE {name} ALLOW_CONNECTIONS false;
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
        ))
        .expect("closed");
    for _ in 0..3 {
        let error = store.game("g1").expect_err("out of reach");
        assert_eq!(error.failure(), Failure::Busy, "{error:?}");
    }
    assert!(store.ping().is_err(), "the ping says so");
    admin.batch_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).expect("opened");
    assert!(store.game("g1").expect("read again").is_some());
}

#[test]
fn a_game_locked_by_another_postgres_session_makes_a_write_busy_after_two_seconds_but_not_a_read() {
    let url = pg::database("locked");
    let store = Postgres::connect(&url).expect("connected");
    seeded(&store);
    let mut other = postgres::Client::connect(&url, postgres::NoTls).expect("another session");
    let mut holding = other.transaction().expect("a transaction");
    holding.execute("SELECT 1 FROM games WHERE id = 'g1' FOR UPDATE", &[]).expect("the row locked");
    let start = std::time::Instant::now();
    let read = store.game("g1").expect("a read beside the lock").expect("the game");
    assert_eq!(read.version, 0);
    assert!(start.elapsed() < Duration::from_millis(500), "the read waited {:?}", start.elapsed());
    let start = std::time::Instant::now();
    let error = store.append("g1", 0, 1, &["a1".to_owned()], "playing", None).expect_err("the row is locked");
    let waited = start.elapsed();
    assert_eq!(error.failure(), Failure::Busy, "{error:?}");
    assert!(waited >= Duration::from_millis(1800), "it failed after {waited:?}, before the lock timeout");
    holding.rollback().expect("let go");
    assert_eq!(store.actions("g1", 0).expect("read"), ["a0"], "the busy write changed nothing");
    store.append("g1", 0, 1, &["a1".to_owned()], "playing", None).expect("the write goes through now");
}
