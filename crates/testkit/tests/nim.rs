//! The test kit on Nim: one heap, take 1 to 3 stones, whoever takes the last stone wins. A chance
//! variant lets chance take one more stone after a move, and deliberately broken variants check
//! that the smoke test catches each kind of mistake.

use std::fmt;
use std::panic::{UnwindSafe, catch_unwind};
use std::path::PathBuf;

use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Decision, Game, GameInfo, Notation, Stream, Turn};
use hamle_testkit::{check_golden, check_golden_with, count_games, divide, perft, playthrough, smoke};

/// A mistake built into a Nim variant, for the smoke test to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// `parse_move` reads the wrong number of stones.
    ParseMove,
    /// The chance probabilities sum to 0.9.
    ChanceSum,
    /// The position text leaves out the player to move.
    PositionDropsPlayer,
    /// Moves take no stones, so the game never ends.
    Endless,
    /// Taking 4 is allowed too, by a history the position text leaves out: a state read from the text lacks it.
    HistoryMove,
    /// A state read from the position text may take 4, which the game it came from may not.
    ParsedGainsMove,
}

#[derive(Clone, Debug)]
struct Nim {
    stones: u32,
    to_move: u8,
    /// Whether chance may take a stone after each move that leaves some.
    chance: bool,
    /// Whether chance is to move now.
    pending: bool,
    bug: Bug,
}

impl Nim {
    fn new(stones: u32) -> Self {
        Nim { stones, to_move: 0, chance: false, pending: false, bug: Bug::None }
    }

    fn with_chance(stones: u32) -> Self {
        Nim { chance: true, ..Nim::new(stones) }
    }

    fn broken(stones: u32, bug: Bug) -> Self {
        Nim { bug, chance: bug == Bug::ChanceSum, ..Nim::new(stones) }
    }
}

impl Game for Nim {
    type Move = u32;
    /// Extra stones chance takes: 0 or 1.
    type Chance = u32;

    fn info(&self) -> GameInfo {
        GameInfo { name: "nim", players: 2, zero_sum: true, chance: self.chance }
    }

    fn turn(&self) -> Turn {
        if self.stones == 0 {
            Turn::Over
        } else if self.pending {
            Turn::Chance
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        if self.turn() == Turn::Player(self.to_move) {
            let most = if self.bug == Bug::HistoryMove { 4 } else { 3 };
            moves.extend(1..=self.stones.min(most));
        }
    }

    fn play(&mut self, take: u32) {
        if self.bug != Bug::Endless {
            self.stones -= take;
        }
        self.to_move = 1 - self.to_move;
        self.pending = self.chance && self.stones > 0;
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u32, f64)>) {
        outcomes.clear();
        if self.turn() == Turn::Chance {
            let second = if self.bug == Bug::ChanceSum { 0.2 } else { 1.0 / 3.0 };
            outcomes.extend([(0, 2.0 / 3.0), (1, second)]);
        }
    }

    fn apply_chance(&mut self, extra: u32) {
        self.stones -= extra;
        self.pending = false;
    }

    fn points(&self) -> Option<[f64; 2]> {
        // Whoever moved last, the player not to move now, took the last stone (or chance did for them).
        (self.stones == 0).then_some(if self.to_move == 1 { [1.0, -1.0] } else { [-1.0, 1.0] })
    }

    fn key(&self) -> u64 {
        u64::from(self.stones) << 2 | u64::from(self.pending) << 1 | u64::from(self.to_move)
    }
}

#[derive(Debug)]
struct NimError(String);

impl fmt::Display for NimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not nim: {:?}", self.0)
    }
}

impl std::error::Error for NimError {}

impl Notation for Nim {
    type Error = NimError;

    fn format_move(&self, take: u32) -> String {
        format!("take {take}")
    }

    fn parse_move(&self, text: &str) -> Result<u32, NimError> {
        let take: u32 =
            text.strip_prefix("take ").and_then(|n| n.parse().ok()).ok_or_else(|| NimError(text.to_owned()))?;
        Ok(if self.bug == Bug::ParseMove { take % 3 + 1 } else { take })
    }

    fn format_position(&self) -> String {
        let chance = if self.pending { " chance" } else { "" };
        if self.bug == Bug::PositionDropsPlayer {
            format!("{}{chance}", self.stones)
        } else {
            format!("{} {}{chance}", self.stones, self.to_move)
        }
    }

    fn parse_position(&self, text: &str) -> Result<Self, NimError> {
        let bad = || NimError(text.to_owned());
        let mut words = text.split(' ');
        let stones = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let mut rest: Vec<&str> = words.collect();
        let pending = rest.last() == Some(&"chance");
        if pending {
            rest.pop();
        }
        let to_move = match rest.as_slice() {
            [] => 0,
            ["0"] => 0,
            ["1"] => 1,
            _ => return Err(bad()),
        };
        let bug = match self.bug {
            Bug::HistoryMove => Bug::None,
            Bug::ParsedGainsMove => Bug::HistoryMove,
            other => other,
        };
        Ok(Nim { stones, to_move, pending, bug, ..self.clone() })
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "heap {} {}", self.stones, "|".repeat(self.stones as usize))?;
        match self.turn() {
            Turn::Player(p) => write!(f, "player {p} to move"),
            Turn::Chance => write!(f, "chance to move"),
            Turn::Over => write!(f, "game over"),
        }
    }
}

/// Plays the winning strategy: leave a multiple of four stones when it can.
struct Perfect;

impl Bot<Nim> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, state: &Nim, _budget: &Budget, _stream: &mut Stream) -> Option<Decision<u32>> {
        let Turn::Player(_) = state.turn() else { return None };
        let (mv, score) = match state.stones % 4 {
            0 => (1, -1.0),
            winning => (winning, 1.0),
        };
        Some(Decision { mv, score, pv: vec![mv], depth: state.stones, nodes: 0, elapsed: Default::default() })
    }
}

/// Always offers to take four stones, which is never legal.
struct Greedy;

impl Bot<Nim> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, _state: &Nim, _budget: &Budget, _stream: &mut Stream) -> Option<Decision<u32>> {
        Some(Decision { mv: 4, score: 0.0, pv: vec![4], depth: 0, nodes: 0, elapsed: Default::default() })
    }
}

/// Never finds a move.
struct Silent;

impl Bot<Nim> for Silent {
    fn name(&self) -> String {
        "silent".into()
    }

    fn choose(&mut self, _state: &Nim, _budget: &Budget, _stream: &mut Stream) -> Option<Decision<u32>> {
        None
    }
}

/// The message of the panic `f` must raise.
fn panic_message(f: impl FnOnce() + UnwindSafe) -> String {
    match catch_unwind(f) {
        Ok(()) => panic!("expected a panic, but the call returned"),
        Err(payload) => payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_default(),
    }
}

/// Perft by brute force, independent of the kit: every sequence in {1, 2, 3}^depth, counted when
/// no proper prefix empties the heap and the whole takes at most the heap.
fn brute_perft(stones: u32, depth: u32) -> u64 {
    let mut count = 0;
    for code in 0..3u64.pow(depth) {
        let (mut code, mut taken, mut fits) = (code, 0, true);
        for _ in 0..depth {
            if taken >= stones {
                fits = false;
            }
            taken += (code % 3) as u32 + 1;
            code /= 3;
        }
        if fits && taken <= stones {
            count += 1;
        }
    }
    count
}

/// Complete games: compositions of `stones` into parts of 1 to 3 (the tribonacci numbers).
fn compositions(stones: u32) -> u64 {
    let mut last = [0u64, 0, 1]; // c(-2), c(-1), c(0)
    for _ in 0..stones {
        last = [last[1], last[2], last.iter().sum()];
    }
    last[2]
}

#[test]
fn perft_counts_small_heaps_by_hand() {
    // Heap 4: 3 first moves; after 1, 2, 3 taken: 3 + 2 + 1 replies; 1-1 then 2, 1-2 and 2-1 then 1; only 1-1-1-1 lasts four.
    let counts: Vec<u64> = (0..=5).map(|depth| perft(&Nim::new(4), depth)).collect();
    assert_eq!(counts, [1, 3, 6, 4, 1, 0]);
    assert_eq!(count_games(&Nim::new(4)), 7);
    assert_eq!(perft(&Nim::new(0), 0), 1, "depth 0 counts the empty sequence even at the end");
    assert_eq!(perft(&Nim::new(0), 1), 0);
    assert_eq!(count_games(&Nim::new(0)), 1);
}

#[test]
fn perft_matches_brute_force() {
    for stones in 0..=12 {
        for depth in 0..=8 {
            assert_eq!(perft(&Nim::new(stones), depth), brute_perft(stones, depth), "heap {stones}, depth {depth}");
        }
        assert_eq!(count_games(&Nim::new(stones)), compositions(stones), "heap {stones}");
    }
    assert_eq!(compositions(10), 274);
}

#[test]
fn perft_expands_chance_without_using_depth() {
    // Heap 2: take 1 leaves 1, then chance leaves 1 (one reply) or 0 (game over); take 2 ends it.
    let counts: Vec<u64> = (0..=3).map(|depth| perft(&Nim::with_chance(2), depth)).collect();
    assert_eq!(counts, [1, 2, 1, 0]);
    // Heap 3: second moves 2 + 1 after take 1, 1 after take 2; a third only after 1, chance 0, 1, chance 0.
    let counts: Vec<u64> = (0..=4).map(|depth| perft(&Nim::with_chance(3), depth)).collect();
    assert_eq!(counts, [1, 3, 4, 1, 0]);
}

#[test]
fn divide_splits_perft_by_first_move() {
    let nim = Nim::new(5);
    let split = divide(&nim, 3);
    let labels: Vec<&str> = split.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(labels, ["take 1", "take 2", "take 3"]);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), perft(&nim, 3));
    assert_eq!(split[0].1, perft(&Nim { stones: 4, to_move: 1, ..nim.clone() }, 2));
    assert!(divide(&nim, 0).is_empty());

    let at_chance = Nim { pending: true, ..Nim::with_chance(4) };
    let split = divide(&at_chance, 2);
    let labels: Vec<&str> = split.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(labels, ["chance 0", "chance 1"]);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), perft(&at_chance, 2));
}

#[test]
#[should_panic(expected = "chance")]
fn count_games_refuses_chance() {
    count_games(&Nim::with_chance(3));
}

#[test]
fn smoke_plays_sound_games() {
    let report = smoke(&Nim::new(10), 200, 3);
    assert_eq!(report.games, 200);
    assert!(report.plies >= 200 * 4, "from 10 stones every game takes at least four moves");
    assert_eq!(report.chance_events, 0);

    let report = smoke(&Nim::with_chance(10), 200, 3);
    assert_eq!(report.games, 200);
    assert!(report.chance_events > 0);
    assert_eq!(smoke(&Nim::new(10), 0, 3).games, 0);
}

#[test]
fn smoke_is_reproducible() {
    assert_eq!(smoke(&Nim::with_chance(12), 50, 9), smoke(&Nim::with_chance(12), 50, 9));
}

#[test]
fn smoke_names_game_ply_and_position_when_a_move_does_not_read_back() {
    let message = panic_message(|| {
        smoke(&Nim::broken(10, Bug::ParseMove), 5, 1);
    });
    assert!(message.contains("nim"), "{message}");
    assert!(message.contains("game 0"), "{message}");
    assert!(message.contains("ply 0"), "{message}");
    assert!(message.contains("position: 10 0"), "{message}");
    assert!(message.contains("\"take 1\", which parses as 2"), "{message}");
}

#[test]
#[should_panic(expected = "probabilities sum to")]
fn smoke_catches_chance_probabilities_not_summing_to_one() {
    smoke(&Nim::broken(10, Bug::ChanceSum), 5, 1);
}

#[test]
#[should_panic(expected = "parses to a state with key")]
fn smoke_catches_a_position_text_that_loses_information() {
    smoke(&Nim::broken(10, Bug::PositionDropsPlayer), 5, 1);
}

#[test]
fn smoke_with_history_lets_a_parsed_state_lack_a_move_its_history_gives() {
    let report = hamle_testkit::smoke_with_history(&Nim::broken(10, Bug::HistoryMove), 5, 1);
    assert_eq!(report.games, 5);
    let strict = panic_message(|| {
        smoke(&Nim::broken(10, Bug::HistoryMove), 5, 1);
    });
    assert!(strict.contains("parses to a state with legal moves"), "{strict}");
}

#[test]
#[should_panic(expected = "parses to a state with legal moves")]
fn smoke_with_history_catches_a_parsed_state_with_a_move_the_game_lacks() {
    hamle_testkit::smoke_with_history(&Nim::broken(10, Bug::ParsedGainsMove), 5, 1);
}

#[test]
#[should_panic(expected = "parses to a state with key")]
fn smoke_with_history_still_checks_the_key_of_a_parsed_state() {
    hamle_testkit::smoke_with_history(&Nim::broken(10, Bug::PositionDropsPlayer), 5, 1);
}

#[test]
#[should_panic(expected = "game did not end")]
fn smoke_catches_endless_games() {
    smoke(&Nim::broken(10, Bug::Endless), 1, 1);
}

/// A fresh directory for one test, as tests run in parallel.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hamle-testkit-{}-{test}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

#[test]
fn golden_round_trip() {
    let dir = temp_dir("golden-round-trip");
    let path = dir.join("nested/deeper/game.txt");
    check_golden_with(&path, "one\ntwo\nthree\n", true);
    check_golden_with(&path, "one\ntwo\nthree\n", false);

    let message = panic_message(|| check_golden_with(&path, "one\n2\nthree\n", false));
    assert!(message.contains("line 2"), "{message}");
    assert!(message.contains("\"two\""), "{message}");
    assert!(message.contains("\"2\""), "{message}");

    let message = panic_message(|| check_golden_with(&path, "one\ntwo\nthree", false));
    assert!(message.contains("line 4") && message.contains("<end of text>"), "{message}");

    // Line ends turned into CRLF by a checkout still match.
    std::fs::write(&path, "one\r\ntwo\r\nthree\r\n").ok();
    check_golden_with(&path, "one\ntwo\nthree\n", false);

    let message = panic_message(|| check_golden_with(dir.join("absent.txt"), "text", false));
    assert!(message.contains("missing") && message.contains("HAMLE_BLESS=1"), "{message}");
    std::fs::remove_dir_all(&dir).ok();
}

fn bots(first: impl Bot<Nim> + 'static, second: impl Bot<Nim> + 'static) -> [Box<dyn Bot<Nim>>; 2] {
    [Box::new(first), Box::new(second)]
}

#[test]
fn playthrough_is_fixed_by_the_seed() {
    let play = |seed| playthrough(&Nim::with_chance(15), &mut bots(RandomBot, RandomBot), seed, &Budget::UNLIMITED);
    assert_eq!(play(4), play(4));
    let texts: Vec<String> = (0..10).map(play).collect();
    assert!(texts.iter().any(|t| *t != texts[0]), "ten seeds played ten identical games");
    assert!(texts.iter().any(|t| t.contains("\nchance: 1\n")), "chance never took a stone");
}

// Checked by hand in `tests/golden/nim-chance-seed7.txt` (21 lines): 9 − 1 (perfect) − 1 (chance) = 7,
// 7 − 3 (random) − 1 (chance) = 3, and perfect takes the last 3, so player 0 wins: points 1 −1.
#[test]
fn playthrough_matches_golden() {
    let text = playthrough(&Nim::with_chance(9), &mut bots(Perfect, RandomBot), 7, &Budget::UNLIMITED);
    assert!(text.starts_with("nim, seed 7: player 0 perfect against player 1 random\nstart: 9 0\n"), "{text}");
    assert!(text.contains("ply 1: player 0 plays take 1 (score 1, depth 9)\n    heap 8 ||||||||\n"), "{text}");
    assert!(text.ends_with("points: 1 -1\n"), "perfect play wins from 9 stones:\n{text}");
    check_golden(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/nim-chance-seed7.txt"), &text);
}

#[test]
#[should_panic(expected = "chose no move")]
fn playthrough_refuses_a_bot_without_a_move() {
    playthrough(&Nim::new(5), &mut bots(RandomBot, Silent), 1, &Budget::UNLIMITED);
}

#[test]
#[should_panic(expected = "illegal move take 4")]
fn playthrough_refuses_an_illegal_move() {
    playthrough(&Nim::new(5), &mut bots(Greedy, RandomBot), 1, &Budget::UNLIMITED);
}
