//! The checks every hamle game passes: random games under the contracts, notation round trips, and a golden
//! game of each bot.

use hamle_2048::bots::{Expectimax, Seed};
use hamle_2048::{Direction, G2048, SpawnRule, play_game};
use hamle_core::{Budget, Game, Notation};
use hamle_testkit::{check_golden, smoke};

#[test]
fn random_games_keep_the_game_contracts() {
    for rule in [SpawnRule::Original, SpawnRule::Report] {
        let report = smoke(&G2048::new(rule), 200, 5);
        assert_eq!(report.games, 200);
        assert!(report.plies > 200 * 50, "random games last more than 50 moves: {}", report.plies);
    }
}

#[test]
fn positions_and_moves_round_trip() {
    let game = G2048::new(SpawnRule::Original);
    for text in [
        ".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 2",
        "2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,32768,. 1234567 1",
        "32768,.,.,./.,.,.,./.,.,.,./.,.,.,. 99 0 65536",
    ] {
        let parsed = game.parse_position(text).expect(text);
        assert_eq!(parsed.format_position(), text);
    }
    for d in Direction::ALL {
        assert_eq!(game.parse_move(&game.format_move(d)), Ok(d));
    }
}

#[test]
fn malformed_positions_are_refused_with_a_reason() {
    let game = G2048::new(SpawnRule::Original);
    for bad in [
        "",
        ".,.,.,./.,.,.,./.,.,.,. 0 0",
        ".,.,.,./.,.,.,./.,.,.,./.,.,. 0 0",
        "3,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 0",
        "65536,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 0",
        ".,.,.,./.,.,.,./.,.,.,./.,.,.,. -1 0",
        ".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 3",
        "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 0 1",
        ".,.,.,./.,.,.,./.,.,.,./.,.,.,. 0 0 extra",
    ] {
        let error = game.parse_position(bad).expect_err(bad);
        assert!(!error.to_string().is_empty());
    }
    assert!(game.parse_move("sideways").is_err());
}

fn golden_game(name: &str, bot: &mut dyn hamle_core::Bot<G2048>, seed: u64) {
    let record = play_game(&G2048::new(SpawnRule::Original), bot, &Budget::UNLIMITED, seed, true, &mut |_| {});
    let mut text = format!(
        "{name}, seed {seed}: score {} after {} moves, top tile {}\n",
        record.score,
        record.moves,
        1u64 << record.top
    );
    for (i, chunk) in record.line.chunks(20).enumerate() {
        let names: Vec<&str> = chunk.iter().map(|d| d.name()).collect();
        text.push_str(&format!("{:>5}. {}\n", i * 20 + 1, names.join(" ")));
    }
    check_golden(format!("tests/golden/{name}-seed-{seed}.txt"), &text);
}

// Checked by hand in both files under `tests/golden/` (26 and 187 lines): the header's move count equals the
// moves listed (500 and 3,716) and every word is one of the four directions. The moves themselves are not
// checked by hand: the files hold no boards, so they pin the games without explaining them.
#[test]
fn golden_game_of_the_seed_player() {
    golden_game("seed", &mut Seed::default(), 1);
}

#[test]
fn golden_game_of_expectimax_at_depth_2() {
    golden_game(
        "expectimax-depth-2",
        &mut Expectimax::new(Default::default(), Some(2), Expectimax::MIN_PROBABILITY),
        1,
    );
}

#[test]
fn a_game_replays_from_its_seed() {
    let start = G2048::new(SpawnRule::Original);
    let mut bot = Seed::default();
    let a = play_game(&start, &mut bot, &Budget::UNLIMITED, 9, true, &mut |_| {});
    let b = play_game(&start, &mut bot, &Budget::UNLIMITED, 9, true, &mut |_| {});
    assert_eq!((a.score, a.moves, &a.line, a.first), (b.score, b.moves, &b.line, b.first));
    let c = play_game(&start, &mut bot, &Budget::UNLIMITED, 10, true, &mut |_| {});
    assert_ne!(a.line, c.line, "another seed draws other tiles");
    assert!(a.first[11].is_none_or(|m| m <= a.moves));
    let _ = start.turn();
}
