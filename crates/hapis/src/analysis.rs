//! How a finished Hapis game is judged, as gnubg judges backgammon: every play against the best by the
//! `expert` bot's 2-ply evaluation (the same search values the play made and the best one), its equity lost
//! marked at gnubg's thresholds, each throw's luck against the average throw, and each side's error rate.

use hamle_core::analysis::{Analyst, Effort, Judgement, mark, mean_loss};

use crate::bots::{Filter, Level, Net, Search};
use crate::rules::{Dice, Hapis, Phase, Play, Side};

/// gnubg's thresholds on the equity a play loses: doubtful from 0.04, error (gnubg's "bad") from 0.08,
/// blunder (gnubg's "very bad") from 0.16 points.
pub const THRESHOLDS: [(f64, &str); 3] = [(0.04, "doubtful"), (0.08, "error"), (0.16, "blunder")];

/// How far past the best play, per play searched deeper, a play may fall at 1 ply and still be searched
/// at 2 plies: the expert's filter (8 plays within 0.16) scaled with the effort.
const WITHIN_PER_PLAY: f64 = 0.02;

/// The expert's search at 2 plies with its filter widened to `plays` plays, and no Star1 cut, so that every
/// value it gives is the value rather than a bound.
fn search(plays: u64) -> Search<crate::bots::NeuralEval> {
    let count = usize::try_from(plays).unwrap_or(usize::MAX).max(1);
    let filter = Filter { count, within: WITHIN_PER_PLAY * count as f64 };
    Search { filter, star1: false, ..Level::Expert.search(Net::shipped()) }
}

/// The analyst: 2-ply equity over the plays the filter keeps (the effort: 8, the expert's own), the play
/// made searched as deep when the filter dropped it.
pub fn analyst() -> Analyst<Hapis> {
    Analyst {
        judge_name: "the expert bot's 2-ply evaluation",
        units: "points",
        effort: Effort { means: "plays searched at 2 plies", default: 8, min: 1, max: 32 },
        marks: &["doubtful", "error", "blunder"],
        judge,
        luck: Some(luck),
        summary: |judged| mean_loss(judged, 1000.0),
        read: None,
    }
}

/// The play made against the best, both valued by the same 2-ply search.
fn judge(state: &Hapis, played: Play, effort: u64) -> Option<Judgement<Play>> {
    let Phase::Move(dice) = state.phase() else { return None };
    let search = search(effort);
    let (ranked, _) = search.rank(state.position(), dice, state.settings(), &hamle_core::Budget::UNLIMITED);
    let best = ranked.first()?;
    let made = ranked.iter().find(|r| r.play == played)?;
    let made_equity = if made.depth == best.depth {
        made.value.equity()
    } else {
        search.value(&made.result, state.settings()).equity()
    };
    let value = Some(best.value.equity());
    if made.play == best.play {
        return Some(Judgement::best(best.play, value));
    }
    // Equal to the best within rounding is as good as the best: no loss, and the play made is a best play.
    let loss = (best.value.equity() - made_equity).max(0.0);
    if loss < 1e-9 {
        return Some(Judgement::best(played, value));
    }
    Some(Judgement { best: best.play, loss, value, mark: mark(loss, &THRESHOLDS), accuracy: None })
}

/// The mover's best 1-ply equity with `dice`.
fn best_with(state: &Hapis, dice: Dice) -> f64 {
    let search = Search { plies: 1, ..search(1) };
    let (ranked, _) = search.rank(state.position(), dice, state.settings(), &hamle_core::Budget::UNLIMITED);
    ranked.first().map_or(0.0, |r| r.value.equity())
}

/// A throw's luck for the side that throws: its best play's 1-ply equity against the average over the 21
/// throws (gnubg's luck, at 1 ply). The opening throw only decides who starts, and is nobody's luck.
fn luck(state: &Hapis, dice: Dice) -> Option<(u8, f64)> {
    if state.phase() != Phase::Roll {
        return None;
    }
    let average: f64 = Dice::rolls().map(|(roll, p)| p * best_with(state, roll)).sum();
    let player = u8::from(state.position().turn == Side::Black);
    Some((player, best_with(state, dice) - average))
}

#[cfg(test)]
mod tests {
    use hamle_core::{Game, Notation};

    use super::*;
    use crate::Settings;
    use crate::bots::shot_rolls;

    /// White to play `dice` on a board of `points` (white's numbers, index 1..=24, in the notation's point
    /// strings), with `white_off` borne off.
    fn board(points: &[(usize, &str)], white_off: u8, dice: (u8, u8)) -> Hapis {
        let mut cells = vec![String::new(); 24];
        for &(point, text) in points {
            cells[point - 1] = text.to_owned();
        }
        let cells: Vec<String> = cells.iter().map(|c| format!("\"{c}\"")).collect();
        let json = format!(
            r#"{{"turn":"white","points":[{}],"off":{{"white":{white_off},"black":0}},"dice":[{},{}]}}"#,
            cells.join(","),
            dice.0,
            dice.1
        );
        Hapis::new(Settings::default()).parse_position(&json).expect("a position")
    }

    /// White's two back checkers on 10 and 11, just below a lone black checker on 12; White's other 13 at home
    /// (20, 21, 22), Black's other 14 on 5 and 6, below every White checker, so only the checker on 12 can
    /// ever pin one. White throws 6-5.
    fn two_back_checkers() -> Hapis {
        board(
            &[(10, "w1"), (11, "w1"), (20, "w4"), (21, "w4"), (22, "w5"), (12, "b1"), (5, "b7"), (6, "b7")],
            0,
            (6, 5),
        )
    }

    fn play(state: &Hapis, text: &str) -> Play {
        let written = state.parse_move(text).expect("a play");
        state.resolve(&written).map(|(p, _)| p).expect("a legal play")
    }

    #[test]
    fn a_blot_left_to_eleven_shots_where_a_safe_play_exists_is_a_blunder() {
        let state = two_back_checkers();
        // 11/17 10/15 takes both checkers past Black's on 12 (Black moves down): nothing of White's can be
        // pinned. 10/16 16/21 leaves the checker on 11 one pip below it: any roll with a 1 pins it, 11 of 36.
        let exposed = play(&state, "10/16 16/21");
        let (_, after) = state.resolve(&exposed).expect("legal");
        assert_eq!(shot_rolls(&after, Side::White, 11), 11, "the heuristic's independent shot count agrees");
        // Safe: no single White checker within any Black roll's reach.
        let safe = |play: Play| {
            let (_, after) = state.resolve(&play).expect("legal");
            (1..=24).all(|p| shot_rolls(&after, Side::White, p) == 0 || after.point(Side::White, p).count != 1)
        };
        assert!(safe(play(&state, "11/17 10/15")) && !safe(exposed));
        let judged = judge(&state, exposed, 8).expect("a judgement");
        assert_eq!(judged.mark, Some("blunder"), "{judged:?}");
        assert!(judged.loss >= 0.16, "{judged:?}");
        // 11/17 10/15, or 10/16 11/16 (two deep on 16: nothing to pin), by the network.
        assert!(safe(judged.best), "a safe play is the best: {judged:?}");
    }

    #[test]
    fn the_experts_own_play_costs_nothing_and_carries_no_mark() {
        let state = two_back_checkers();
        let (ranked, _) =
            search(8).rank(state.position(), Dice(6, 5), state.settings(), &hamle_core::Budget::UNLIMITED);
        let judged = judge(&state, ranked[0].play, 8).expect("a judgement");
        assert_eq!((judged.loss, judged.mark, judged.best), (0.0, None, ranked[0].play));
        assert_eq!(judged.value, Some(ranked[0].value.equity()));
    }

    #[test]
    fn a_play_the_filter_drops_is_valued_as_deep_as_the_best() {
        let state = two_back_checkers();
        // With one play searched at 2 plies the exposed play is valued by `Search::value`; with 32 the ranking
        // itself searches it at 2 plies.
        let exposed = play(&state, "10/16 16/21");
        let (ranked, _) =
            search(32).rank(state.position(), Dice(6, 5), state.settings(), &hamle_core::Budget::UNLIMITED);
        assert!(ranked.iter().all(|r| r.depth == 2), "every play searched at 2 plies");
        let narrow = judge(&state, exposed, 1).expect("a judgement");
        let wide = judge(&state, exposed, 32).expect("a judgement");
        // The best each finds may differ (the narrow search takes the 1-ply best), the play made's value may not.
        let made = |j: &Judgement<Play>| j.value.expect("a value") - j.loss;
        assert!(narrow.loss > 0.0 && wide.loss > 0.0, "{narrow:?} {wide:?}");
        assert!((made(&narrow) - made(&wide)).abs() < 1e-9, "{narrow:?} {wide:?}");
    }

    #[test]
    fn judging_twice_gives_the_same_verdict() {
        let state = two_back_checkers();
        let exposed = play(&state, "11/17 17/22");
        assert_eq!(judge(&state, exposed, 8), judge(&state, exposed, 8));
    }

    #[test]
    fn only_a_position_with_dice_to_play_is_judged() {
        let mut state = two_back_checkers();
        let exposed = play(&state, "10/16 16/21");
        state.play(exposed);
        assert_eq!(state.phase(), Phase::Roll);
        assert_eq!(judge(&state, exposed, 8), None);
    }

    #[test]
    fn luck_is_the_throw_against_the_average_throw_and_averages_to_nothing() {
        let mut state = two_back_checkers();
        state.play(play(&state, "11/17 10/15"));
        // Black to throw: the weighted luck of the 21 throws is 0 by construction.
        let lucks: Vec<(f64, f64)> =
            Dice::rolls().map(|(roll, p)| (p, luck(&state, roll).expect("Black's throw").1)).collect();
        let mean: f64 = lucks.iter().map(|(p, l)| p * l).sum();
        assert!(mean.abs() < 1e-9, "{mean}");
        assert_eq!(luck(&state, Dice(6, 6)).map(|(player, _)| player), Some(1), "Black's luck");
        let opening = Hapis::new(Settings::default());
        assert_eq!(luck(&opening, Dice(6, 5)), None, "the opening throw is nobody's luck");
    }

    #[test]
    fn the_error_rate_is_the_mean_equity_lost_times_a_thousand() {
        let a = Judgement { best: Play::new(&[]), loss: 0.1, value: None, mark: Some("error"), accuracy: None };
        let b = Judgement::best(Play::new(&[]), None);
        let figures = (analyst().summary)(&[&a, &b]);
        assert!((figures["error_rate"].as_f64().expect("a number") - 50.0).abs() < 1e-9);
    }
}
