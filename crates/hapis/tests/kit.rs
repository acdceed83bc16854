//! Hapis Tavlası through the shared test kit: the game contract on random games, frozen perft counts,
//! and golden playthroughs of whole seeded games (the thesis's player against random, the expert against the
//! thesis's player: every throw and play).

use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
use hamle_hapis::bots::Thesis;
use hamle_hapis::{Hapis, Opening, Phase, Position, Settings, Side};
use hamle_testkit::{check_golden, smoke};

#[test]
fn random_games_keep_the_game_contract() {
    for opening in [Opening::Rethrow, Opening::PlayOpeningDice] {
        let report = smoke(&Hapis::new(Settings { opening, mother: opening == Opening::PlayOpeningDice }), 4, 3);
        assert_eq!(report.games, 4);
        assert!(report.chance_events > 4 * 20, "games throw the dice many times");
    }
}

#[test]
fn perft_from_the_start_is_frozen() {
    // Depth 1 by hand: 15 non-doubles × 2 (two checkers, or one checker with both dice) + 5 doubles × 5
    // (ways to split four steps among checkers) + 6-6 × 4 (four sixes on one checker would bear off) = 59.
    // The deeper counts agree with the independent generator in `tests/reference/`: `against_reference.rs`.
    let start = Position::start();
    assert_eq!(start.perft(1), 59);
    assert_eq!(start.perft(2), 3_474);
    assert_eq!(start.perft(3), 708_405);
}

/// One line per side's points in its own numbering, `point:checkers`, with `/b` or `/w` after a stack that pins a
/// checker of the other side, and the checkers borne off: `W 1:14 5:1 | B 1:13 4:1 5:1 | off W0 B0`.
fn compact(position: &Position) -> String {
    let side = |side: Side, name: &str| {
        let mut out = name.to_owned();
        for point in 1..=24u8 {
            let p = position.point(side, point);
            if p.movable(side) {
                out.push_str(&format!(" {point}:{}", p.count));
                if p.prisoner {
                    out.push_str(if side == Side::White { "/b" } else { "/w" });
                }
            }
        }
        out
    };
    format!(
        "{} | {} | off W{} B{}",
        side(Side::White, "W"),
        side(Side::Black, "B"),
        position.off[Side::White.index()],
        position.off[Side::Black.index()]
    )
}

/// A whole seeded game, one line per play: the throw, the play in the mover's numbering with the bot's score
/// and depth, and the position after it. The same streams as `hamle_testkit::playthrough` (chance from
/// `derive(0)`, player p's bot from `derive(1 + p)`), so it is the same game, without the 9-line board after
/// every event that made the old transcripts 1,803 lines long.
fn compact_playthrough(bots: &mut [Box<dyn Bot<Hapis>>; 2], seed: u64) -> String {
    let mut state = Hapis::default();
    let root = Stream::new(seed);
    let (mut chance, mut streams) = (root.derive(0), [root.derive(1), root.derive(2)]);
    let mut out = format!(
        "hapis, seed {seed}: White (player 0) {} against Black (player 1) {}\nstart: {}\n",
        bots[0].name(),
        bots[1].name(),
        compact(state.position())
    );
    let mut thrown = String::new();
    let mut ply = 0;
    loop {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let dice = state.sample_chance(&mut chance).expect("dice to throw");
                if state.phase() == Phase::Opening {
                    thrown.push_str(&format!("opening throw White {} Black {}; ", dice.0, dice.1));
                } else {
                    thrown.push_str(&format!("{}-{}", dice.0, dice.1));
                }
                state.apply_chance(dice);
            }
            Turn::Player(p) => {
                let seat = usize::from(p);
                let decision = bots[seat].choose(&state, &Budget::UNLIMITED, &mut streams[seat]).expect("a play");
                let text = state.format_move(decision.mv);
                let side = if p == 0 { "White" } else { "Black" };
                state.try_play(decision.mv).expect("a legal play");
                ply += 1;
                let text = if text.is_empty() { "no play".to_owned() } else { text };
                out.push_str(&format!(
                    "{ply}. {side} {thrown}: {text} (score {:.4}, depth {}) => {}\n",
                    decision.score,
                    decision.depth,
                    compact(state.position())
                ));
                thrown.clear();
            }
        }
        assert!(ply < 2_000, "the game ends");
    }
    let points = state.points().expect("points at the end");
    out.push_str(&format!("end: {}\npoints: White {} Black {}\n", state.format_position(), points[0], points[1]));
    out
}

/// What was checked by hand in the golden file `name`, written at its top.
fn golden(name: &str, checked: &str, bots: &mut [Box<dyn Bot<Hapis>>; 2]) {
    let text = format!("{checked}\n{}", compact_playthrough(bots, 1));
    check_golden(format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR")), &text);
}

#[test]
fn golden_thesis_against_random() {
    let mut bots: [Box<dyn Bot<Hapis>>; 2] = [Box::new(Thesis), Box::new(RandomBot)];
    golden("hapis-thesis-random-seed1.txt", THESIS_RANDOM_CHECKED, &mut bots);
}

#[test]
fn golden_expert_against_thesis() {
    // Pins the shipped weights and the search together: any change to either shows here first.
    let expert = hamle_hapis::bots::Level::Expert.player(hamle_hapis::bots::Net::shipped());
    let mut bots: [Box<dyn Bot<Hapis>>; 2] = [Box::new(expert), Box::new(Thesis)];
    golden("hapis-expert-thesis-seed1.txt", EXPERT_THESIS_CHECKED, &mut bots);
}

/// Written at the top of `hapis-thesis-random-seed1.txt`.
const THESIS_RANDOM_CHECKED: &str = "\
# Checked by hand against docs/rules/hapis.md (2026-11-25), positions read from the lines before:
# 1: opening throw 5-2, so White starts and throws again (rethrow); 3-1 is played by one checker 1/4 4/5.
# 4: Black's 1-1 is four steps (1/2 three times, 2/3). 11: 5/11 11/16* pins Black's lone checker on its 9
#   (White's 16); 11 (Black's 14) was empty. 19: 2/8* leaves 2, so the Black checker pinned there since 15 is
#   free again (B 23:1) while Black's 17 (White's 8) is pinned. 61: both captors leave 14 and 15, freeing Black's
#   11 and 10. 71: every White checker home and none pinned; 4 and 2 bear off from 21 and 23 exactly.
# 81: a 4 cannot bear off from 22 or 23 while 20 is occupied, so it plays 20/24. 89: 6-6 bears off the last
#   checker from 22 (larger die, farthest point) and ends the game; Black has 12 off, so 1 point, not mars.
# The plays are the same as in the longer transcript this replaced (every board printed; diffed ply by ply).";

/// Written at the top of `hapis-expert-thesis-seed1.txt`.
const EXPERT_THESIS_CHECKED: &str = "\
# Checked by hand against docs/rules/hapis.md (2026-11-29, the rich-input network), positions read from the
#   lines before: 4: Black's 1-1 is four steps. 19: 14/20* pins Black's blot on its 5 (W 20:1/b). 20: 6/11* pins
#   White's blot on its 14, 8/11 joins the captor (B 11:2/w). 27: one checker 7/9/11/13/15*, White's 9, 11, 13
#   empty (Black's 16, 14, 12), pins Black's 10. 28: Black's fourth 2 has no move: 8/10 meets White's captor on
#   15, 11/13 White's door on 12. 36: only the 6 (15/21): every 6 and 5 from 8 and 11 meets a closed point and
#   Black cannot bear off, so the larger die. 40: 11/12 frees White's checker on 14 (W 14:1). 42, 44, 46: no
#   play from 8 (White's 11, 13, 14 closed), none from 24 before all are home. 47: 9/13 frees Black's 16.
# 69: 18/22 brings the last checker home, then 21/off with a 4 exactly. 85: 20/off frees Black's 5 (B 5:1).
# 89: 23/off ends the game; Black has none off, so mars: 2 points.";
