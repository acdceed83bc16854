//! Hapis Tavlası as learners see it: plays and dice as integers, the board as a vector of 114 numbers.
//!
//! **Actions.** A play is named by the points its checkers leave, in the mover's own numbering (1..=24), in
//! the order played, and by which die the first step uses; the dice thrown say how far each goes, so the
//! name is unique among the plays of one throw. With `f₁ … f₄` the points left (0 for a step not taken) and
//! `low` 1 when the dice differ and the first step uses the lower one:
//! `action = (((f₁·25 + f₂)·25 + f₃)·25 + f₄)·2 + low`, below 25⁴·2 = 781,250. The empty play (no die can
//! be used) is 0.
//!
//! **Chance actions.** A throw `Dice(a, b)` is `(a − 1)·6 + (b − 1)`, below 36: the opening throw is
//! White's die then Black's (never equal), a turn's throw the higher die first (`6-5` is 34).
//!
//! **Observation**, from `player`'s side (0 White, 1 Black), 114 numbers:
//! - for each of the player's points 1..=24 (entries `4·(p − 1)` to `4·(p − 1) + 3`): the player's checkers in
//!   the stack ÷ 15, the opponent's ÷ 15, 1 when a checker of the player's lies pinned there, 1 when one of
//!   the opponent's lies pinned under the player's stack;
//! - 96, 97: checkers borne off by the player, by the opponent, ÷ 15;
//! - 98, 99, 100: 1 for the phase: the opening throw, a throw to come, dice to play;
//! - 101..107: the higher die of the dice to play, one-hot (1..6); 107..113: the lower die;
//! - 113: 1 when the player is the side to move (or to throw).

use hamle_core::{Encoding, Player};

use crate::rules::{CHECKERS, Dice, Hapis, POINTS, Phase, Play, Side};

/// Plays, throws and positions of Hapis as integers and tensors.
pub fn encoding() -> Encoding<Hapis> {
    Encoding {
        actions: |_| ACTIONS,
        action,
        chance_actions: |_| 36,
        chance: |_, Dice(a, b)| u32::from(a.saturating_sub(1)) * 6 + u32::from(b.saturating_sub(1)),
        shape: |_| vec![SIZE],
        observe,
        score: None,
    }
}

/// Every play's action is below this: four points left (each 0..=24) and the die the first step uses.
const ACTIONS: u32 = 25 * 25 * 25 * 25 * 2;

/// The observation's length.
const SIZE: usize = 4 * POINTS + 2 + 3 + 12 + 1;

fn action(game: &Hapis, play: Play) -> u32 {
    let mut points = [0u32; 4];
    for (slot, step) in points.iter_mut().zip(play.steps()) {
        *slot = u32::from(step.from);
    }
    let low = match (game.phase(), play.steps().next()) {
        (Phase::Move(Dice(a, b)), Some(first)) => u32::from(a != b && first.die == a.min(b)),
        _ => 0,
    };
    points.iter().fold(0, |name, &from| name * 25 + from) * 2 + low
}

fn observe(game: &Hapis, player: Player, out: &mut [f32]) {
    let me = Side::of_player(player);
    let them = me.other();
    let position = game.position();
    let whole = f32::from(CHECKERS);
    for (point, cells) in (1..=24u8).zip(out.chunks_exact_mut(4)) {
        let at = position.point(me, point);
        if at.count == 0 {
            continue;
        }
        let (mine, theirs) = if at.side == me { (at.count, 0) } else { (0, at.count) };
        cells[0] = f32::from(mine) / whole;
        cells[1] = f32::from(theirs) / whole;
        cells[2] = f32::from(u8::from(at.prisoner && at.side == them));
        cells[3] = f32::from(u8::from(at.prisoner && at.side == me));
    }
    let rest = &mut out[4 * POINTS..];
    rest[0] = f32::from(position.off[me.index()]) / whole;
    rest[1] = f32::from(position.off[them.index()]) / whole;
    match game.phase() {
        Phase::Opening => rest[2] = 1.0,
        Phase::Roll => rest[3] = 1.0,
        Phase::Move(Dice(a, b)) => {
            rest[4] = 1.0;
            for (start, die) in [(5, a.max(b)), (11, a.min(b))] {
                if (1..=6).contains(&die) {
                    rest[start + usize::from(die) - 1] = 1.0;
                }
            }
        }
        Phase::Over => {}
    }
    if matches!(game.phase(), Phase::Roll | Phase::Move(_)) && position.turn == me {
        rest[17] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use hamle_core::encoding::observation;
    use hamle_core::{Game, Notation};
    use hamle_testkit::check_encoding;

    use super::*;
    use crate::rules::{Opening, Settings, Step};

    fn at(json: &str) -> Hapis {
        Hapis::default().parse_position(json).expect("a position")
    }

    /// White to play 6-5 from the start: every play's name, worked by hand from the formula.
    #[test]
    fn a_play_is_named_by_the_points_it_leaves_and_its_first_die() {
        let game = at(
            r#"{"turn":"white","points":["w15","","","","","","","","","","","","","","","","","","","","","","","b15"],"off":{"white":0,"black":0},"dice":[6,5]}"#,
        );
        let encoding = encoding();
        let step = |from, die| Step { from, to: Some(from + die), die, pins: false };
        // 1/7 then 7/12: points 1 and 7, the higher die first.
        let run = Play::new(&[step(1, 6), step(7, 5)]);
        assert_eq!((encoding.action)(&game, run), ((25 + 7) * 25 * 25) * 2);
        // 1/6 then 6/12: points 1 and 6, the lower die first.
        let low_first = Play::new(&[step(1, 5), step(6, 6)]);
        assert_eq!((encoding.action)(&game, low_first), ((25 + 6) * 25 * 25) * 2 + 1);
        assert_eq!((encoding.action)(&game, Play::default()), 0, "the empty play");
    }

    /// Throws named by hand: 6-5 is 5·6 + 4 = 34; White's opening 2 against Black's 5 is 1·6 + 4 = 10.
    #[test]
    fn a_throw_is_named_by_its_dice_in_order() {
        let encoding = encoding();
        let game = Hapis::default();
        assert_eq!((encoding.chance)(&game, Dice(6, 5)), 34);
        assert_eq!((encoding.chance)(&game, Dice(2, 5)), 10);
        assert_eq!((encoding.chance)(&game, Dice(1, 1)), 0);
    }

    /// A hand-built position seen from both sides: Black's checker pinned on White's point 7 (Black's 18),
    /// three White checkers borne off, White to play 4-2.
    #[test]
    fn each_side_sees_the_board_from_its_own_point_one() {
        let game = at(
            r#"{"turn":"white","points":["w10","","","","","","w2/b","","","","","","","","","","","","","","","","","b14"],"off":{"white":3,"black":0},"dice":[4,2]}"#,
        );
        let white = observation(&encoding(), &game, 0);
        let black = observation(&encoding(), &game, 1);
        assert_eq!(white.len(), 114);
        assert_eq!(&white[0..4], [10.0 / 15.0, 0.0, 0.0, 0.0], "white's point 1");
        assert_eq!(&white[24..28], [2.0 / 15.0, 0.0, 0.0, 1.0], "white's point 7 pins black");
        assert_eq!(&white[92..96], [0.0, 14.0 / 15.0, 0.0, 0.0], "white's point 24 is black's start");
        assert_eq!(&black[0..4], [14.0 / 15.0, 0.0, 0.0, 0.0], "black's point 1");
        assert_eq!(&black[68..72], [0.0, 2.0 / 15.0, 1.0, 0.0], "black's point 18: pinned under white");
        assert_eq!((white[96], white[97], black[96], black[97]), (0.2, 0.0, 0.0, 0.2));
        assert_eq!(&white[98..101], [0.0, 0.0, 1.0], "dice to play");
        assert_eq!((white[101 + 3], white[107 + 1]), (1.0, 1.0), "a 4 and a 2");
        assert_eq!(white[101..113].iter().sum::<f32>(), 2.0);
        assert_eq!((white[113], black[113]), (1.0, 0.0), "white is to move");
    }

    #[test]
    fn the_phase_shows_before_the_opening_throw_and_before_a_throw() {
        let mut game = Hapis::new(Settings { opening: Opening::Rethrow, ..Settings::default() });
        let before = observation(&encoding(), &game, 0);
        assert_eq!((&before[98..101], before[113]), (&[1.0, 0.0, 0.0][..], 0.0));
        game.apply_chance(Dice(2, 5));
        let black = observation(&encoding(), &game, 1);
        assert_eq!((&black[98..101], black[113]), (&[0.0, 1.0, 0.0][..], 1.0), "black won the throw");
    }

    /// The contract over seeded games: the plays and throws of every state have distinct names below the bounds.
    #[test]
    fn every_state_names_its_plays_and_throws_apart() {
        check_encoding(&encoding(), &Hapis::default(), 40);
    }
}
