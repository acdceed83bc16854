//! `hamle train chess`: self-play positions written beside the weights, a tuning that reads them back, and
//! clear refusals.

mod run;

use run::{hamle, text};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-train-chess-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn self_play_writes_labelled_positions_and_tuned_weights() {
    let dir = temp_dir("play");
    let out = dir.join("w.txt");
    let out = out.to_str().expect("a path");
    let run = hamle(&["train", "chess", "--games", "2", "--nodes", "200", "--epochs", "3", "--out", out]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let positions = std::fs::read_to_string(dir.join("w.positions.txt")).expect("positions written");
    assert!(positions.lines().count() > 10, "{positions}");
    for line in positions.lines() {
        let (fen, result) = line.rsplit_once(';').expect("FEN;result");
        assert_eq!(fen.split(' ').count(), 6, "{line}");
        assert!(["1", "0.5", "0"].contains(&result), "{line}");
    }
    let weights = std::fs::read_to_string(dir.join("w.txt")).expect("weights written");
    assert!(weights.contains("\nmaterial.pawn ") && weights.contains("\ntempo "), "{weights}");
    let curve = std::fs::read_to_string(dir.join("w.curve.csv")).expect("the curve");
    assert_eq!(curve.lines().count(), 1 + 3, "a header and one line per epoch: {curve}");
    // The positions alone tune again, from the weights just written.
    let again = hamle(&[
        "train",
        "chess",
        "--games",
        "0",
        "--positions",
        &format!("{}/w.positions.txt", dir.display()),
        "--resume",
        out,
        "--epochs",
        "2",
        "--out",
        &format!("{}/w2.txt", dir.display()),
    ]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stderr).contains("error after 2 epochs"), "{}", text(&again.stderr));
}

#[test]
fn a_bad_positions_file_is_refused_with_its_line() {
    let dir = temp_dir("bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "8/8/8/8/8/8/k7/K7 w - - 0 1;0.5\nnot a fen;1\n").expect("written");
    let out = dir.join("w.txt");
    let run = hamle(&[
        "train",
        "chess",
        "--games",
        "0",
        "--positions",
        bad.to_str().expect("a path"),
        "--out",
        out.to_str().expect("a path"),
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).contains("line 2"), "{}", text(&run.stderr));
    assert!(!out.exists(), "nothing written");
    let none = hamle(&["train", "chess", "--games", "0", "--out", out.to_str().expect("a path")]);
    assert!(text(&none.stderr).contains("no positions to tune on"), "{}", text(&none.stderr));
}

/// Self-play split into shards (every other game to each) and merged gives the positions file the whole run
/// writes, byte for byte.
#[test]
fn self_play_split_into_shards_and_merged_is_the_whole_runs_positions() {
    let dir = std::env::temp_dir().join(format!("hamle-train-chess-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = |name: &str| dir.join(name).display().to_string();
    let game = ["train", "chess", "--games", "3", "--nodes", "200", "--seed", "5"];
    for i in 0..2 {
        let (shard, out) = (format!("{i}/2"), path(&format!("part{i}.json")));
        let run = hamle(&[&game[..], &["--shard", &shard, "--out", &out]].concat());
        assert!(run.status.success(), "{}", text(&run.stderr));
    }
    let merged = hamle(&["merge", &path("part1.json"), &path("part0.json"), "--out", &path("merged.txt")]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert!(text(&merged.stderr).contains("3 games"), "{}", text(&merged.stderr));
    let whole = hamle(&[&game[..], &["--epochs", "1", "--out", &path("w.txt")]].concat());
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect(name);
    assert_eq!(read("merged.txt"), read("w.positions.txt"));
    assert!(read("merged.txt").lines().count() > 10);
    let refused = hamle(&["merge", &path("part0.json"), "--out", &path("x.txt")]);
    assert!(text(&refused.stderr).contains("shard 1/2 is missing"), "{}", text(&refused.stderr));
    let hapis = hamle(&["train", "hapis", "--games", "2", "--shard", "0/2", "--out", &path("h.bin")]);
    assert!(text(&hapis.stderr).contains("--shard is for chess"), "{}", text(&hapis.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// `--label` puts Stockfish's expectation for white in place of each game's result (Debian's `stockfish`,
/// which `scripts/test` installs), and writes the labelled positions beside the weights.
#[test]
fn positions_labelled_by_stockfish_carry_its_expectation_for_white() {
    let dir = temp_dir("label");
    let path = |name: &str| dir.join(name).display().to_string();
    // `hamle train chess --games 0 --epochs 1` on `positions`, writing `out`, with `more` flags.
    let tune = |positions: &str, out: &str, more: &[&str]| {
        let mut args = vec!["train", "chess", "--games", "0", "--epochs", "1", "--positions", positions, "--out", out];
        args.extend_from_slice(more);
        hamle(&args)
    };
    std::fs::write(
        path("in.txt"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1;0.5\n\
         rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1;0.5\n",
    )
    .expect("written");
    let run = tune(&path("in.txt"), &path("w.txt"), &["--label", "/usr/games/stockfish", "--label-depth", "6"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let labelled = std::fs::read_to_string(path("w.positions.txt")).expect("labelled positions written");
    let labels: Vec<f64> =
        labelled.lines().map(|l| l.rsplit_once(';').expect("FEN;label").1.parse().expect("a number")).collect();
    assert!(labels[0] < 0.2, "white is a knight short: {labelled}");
    assert!(labels[1] > 0.8, "black is a knight short, to move: {labelled}");
    // A label is a result the tuner reads back; one outside 0..=1 is not.
    let again = tune(&path("w.positions.txt"), &path("w2.txt"), &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    std::fs::write(path("bad.txt"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1;0.5\n4k3/8/8/8/8/8/8/4K3 w - - 0 1;1.5\n")
        .expect("written");
    let bad = tune(&path("bad.txt"), &path("w3.txt"), &[]);
    assert!(
        text(&bad.stderr).contains("line 2: expected `FEN;result`, white's points from 0 to 1"),
        "{}",
        text(&bad.stderr)
    );
    let over = tune(&path("w.positions.txt"), &path("w.txt"), &["--label", "/usr/games/stockfish"]);
    assert!(text(&over.stderr).contains("would write its labels over"), "{}", text(&over.stderr));
    let shard = hamle(&["train", "chess", "--games", "2", "--shard", "0/2", "--label", "x", "--out", &path("p.json")]);
    assert!(text(&shard.stderr).contains("not a shard's part"), "{}", text(&shard.stderr));
    let no_wdl = tune(&path("w.positions.txt"), &path("w4.txt"), &["--label", "/bin/true"]);
    assert_eq!(no_wdl.status.code(), Some(1));
    assert!(text(&no_wdl.stderr).contains("--label /bin/true"), "{}", text(&no_wdl.stderr));
    let other_game = hamle(&["train", "2048", "--games", "1", "--label", "x", "--out", "x.net"]);
    assert!(text(&other_game.stderr).contains("--label is for chess"), "{}", text(&other_game.stderr));
}

#[test]
fn a_network_trains_on_labelled_positions_and_reads_back() {
    let dir = temp_dir("net");
    let positions = dir.join("p.txt");
    // Two self-play games' positions, labelled with their results: enough to train on and to hold some out.
    let played = hamle(
        &["train", "chess", "--games", "2", "--nodes", "200", "--epochs", "1", "--out"]
            .iter()
            .copied()
            .chain([dir.join("g.txt").to_str().expect("a path")])
            .collect::<Vec<_>>(),
    );
    assert!(played.status.success(), "{}", text(&played.stderr));
    std::fs::copy(dir.join("g.positions.txt"), &positions).expect("positions copied");
    let out = dir.join("net.bin");
    let (positions, out) = (positions.to_str().expect("a path"), out.to_str().expect("a path"));
    // Without --epochs a network takes the shipped one's ten passes (the tuner's 400 would take hours).
    let args = ["train", "chess", "--games", "0", "--positions", positions, "--net", "--out", out];
    let run = hamle(&args);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("held out") && stderr.contains("as the search reads the network"), "{stderr}");
    let bytes = std::fs::read(out).expect("the network written");
    let network = hamle_chess::bots::engine::nnue::Network::from_bytes(&bytes).expect("a network");
    assert!(!network.corrects);
    let curve = std::fs::read_to_string(dir.join("net.curve.csv")).expect("the curve");
    assert_eq!(curve.lines().count(), 1 + 10, "a header and one line per epoch: {curve}");
    // Refused before anything is written: a step Adam cannot take, a size the engine cannot read, a resume.
    std::fs::remove_file(out).expect("removed");
    for (extra, why) in [
        (&["--rate", "0"][..], "--rate must be in (0, 1)"),
        (&["--hidden", "64"][..], "reads networks of 128 hidden units"),
        (&["--resume", positions][..], "does not resume"),
    ] {
        let run = hamle(&args.iter().copied().chain(extra.iter().copied()).collect::<Vec<_>>());
        assert!(!run.status.success() && text(&run.stderr).contains(why), "{extra:?}: {}", text(&run.stderr));
        assert!(!std::path::Path::new(out).exists(), "{extra:?} wrote a network");
    }
    // Refused before the games are played, not after.
    let games = dir.join("refused.bin");
    let run =
        hamle(&["train", "chess", "--games", "2", "--net", "--rate", "2", "--out", games.to_str().expect("a path")]);
    assert!(text(&run.stderr).contains("--rate must be in (0, 1)"), "{}", text(&run.stderr));
    assert!(!dir.join("refused.positions.txt").exists(), "the games were played before --rate was refused");
}
