//! What the analysts of the solved games share (tic-tac-toe, Sim, Grundy's game, Dots and Boxes, Domineering): a
//! move judged by the proven result before and after it (1 a win, ½ a draw, 0 a loss, for the mover), its marks,
//! and a seat's summary.

use serde_json::{Map, Value};

use super::{Analyst, Effort, Judge, Judgement, mark, mean_loss};
use crate::game::Game;

/// The units of loss: proven results, 1 a win, ½ a draw, 0 a loss.
pub const UNITS: &str = "results";

/// The marks, mildest first.
pub const MARKS: &[&str] = &["mistake", "blunder"];

/// Half a point let slip (a win to a draw, a draw to a loss) is a mistake; a win thrown away to a loss a blunder.
pub const THRESHOLDS: [(f64, &str); 2] = [(0.5, "mistake"), (1.0, "blunder")];

/// The effort of a game solved outright: there is nothing to spend, so the number is ignored.
pub const SOLVED: Effort = Effort { means: "none needed: the game is solved exactly", default: 1, min: 1, max: 1 };

/// The analyst of a game with an exact solver of its own and nothing to spend (`SOLVED`): `judge_name` in words,
/// judging by the proven results, each seat summed up by [`summary`].
pub fn analyst<G: Game>(judge_name: &'static str, judge: Judge<G>, effort: Effort) -> Analyst<G> {
    Analyst { judge_name, units: UNITS, effort, marks: MARKS, judge, luck: None, summary, read: None }
}

/// The verdict on `played` from the mover's proven results before it and after it; `best` names a move that keeps
/// the result before, asked for only when `played` does not (`None` from it leaves the move unjudged).
pub fn verdict<M>(played: M, before: f64, after: f64, best: impl FnOnce() -> Option<M>) -> Option<Judgement<M>> {
    // Perfect play keeps the result, so no move raises it: `after > before` cannot come from a sound solver.
    if after >= before {
        return Some(Judgement::best(played, Some(before)));
    }
    let loss = before - after;
    Some(Judgement { best: best()?, loss, value: Some(before), mark: mark(loss, &THRESHOLDS), accuracy: None })
}

/// A seat's figures: the mean result lost a judged move (`mean_loss`, `error_rate`) and `thrown`, how many judged
/// moves changed the proven result.
pub fn summary<M>(judged: &[&Judgement<M>]) -> Map<String, Value> {
    let mut figures = mean_loss(judged, 1.0);
    figures.insert("thrown".into(), Value::from(judged.iter().filter(|j| j.loss > 0.0).count()));
    figures
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(loss: f64) -> Judgement<u8> {
        Judgement { best: 0, loss, value: Some(1.0), mark: mark(loss, &THRESHOLDS), accuracy: None }
    }

    #[test]
    fn a_half_point_is_a_mistake_and_a_whole_point_a_blunder() {
        assert_eq!(mark(0.0, &THRESHOLDS), None);
        assert_eq!(mark(0.5, &THRESHOLDS), Some("mistake"));
        assert_eq!(mark(1.0, &THRESHOLDS), Some("blunder"));
        assert_eq!(MARKS, THRESHOLDS.map(|(_, name)| name), "the marks are the thresholds' names, mildest first");
    }

    #[test]
    fn a_move_that_keeps_the_result_is_best_and_the_alternative_is_not_asked_for() {
        let kept = verdict(7u8, 0.5, 0.5, || panic!("no best move is needed when the result is kept"));
        assert_eq!(kept, Some(Judgement::best(7, Some(0.5))));
        let slipped = verdict(7u8, 1.0, 0.5, || Some(3)).expect("judged");
        assert_eq!((slipped.best, slipped.loss, slipped.value, slipped.mark), (3, 0.5, Some(1.0), Some("mistake")));
        let thrown = verdict(7u8, 1.0, 0.0, || Some(3)).expect("judged");
        assert_eq!((thrown.loss, thrown.mark), (1.0, Some("blunder")));
        assert_eq!(verdict(7u8, 1.0, 0.0, || None), None, "no best move found: unjudged");
    }

    #[test]
    fn the_summary_counts_the_moves_that_changed_the_result() {
        // Worked by hand: losses 0, 0.5, 1, 0, 1 → mean 2.5 / 5 = 0.5; three moves lost something, two did not.
        let list = [judged(0.0), judged(0.5), judged(1.0), judged(0.0), judged(1.0)];
        let refs: Vec<&Judgement<u8>> = list.iter().collect();
        let figures = summary(&refs);
        assert_eq!(figures["mean_loss"], Value::from(0.5));
        assert_eq!(figures["error_rate"], Value::from(0.5));
        assert_eq!(figures["thrown"], Value::from(3));
        assert_eq!(summary::<u8>(&[])["thrown"], Value::from(0));
    }
}
