//! What a game's analyst says of a finished game's decisions: for each move played, the best move by the
//! game's strongest judge and what the difference cost, in the game's own units; for each throw of the dice,
//! its luck. The play layer replays a game and asks the analyst about each decision; the game's crate says
//! how to judge one.

pub mod solved;

use serde_json::{Map, Value};

use crate::game::{Game, Player};

/// The verdict on one move: the best move, what playing the other one cost, and how bad that was.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement<M> {
    /// The judge's best move (the move played when it is among the best).
    pub best: M,
    /// What the move played cost the mover, in the analyst's units: 0 for a best move, never negative.
    pub loss: f64,
    /// The position's value for the mover before the move, in the analyst's units, for the graph; `None` when
    /// the judge gives none.
    pub value: Option<f64>,
    /// The mark the loss earns, one of the analyst's [`Analyst::marks`]; `None` for a good move.
    pub mark: Option<&'static str>,
    /// The move's accuracy from 0 to 100, when the game measures one (chess).
    pub accuracy: Option<f64>,
}

impl<M> Judgement<M> {
    /// The verdict on a move the judge would have played itself: no loss, no mark.
    pub fn best(best: M, value: Option<f64>) -> Judgement<M> {
        Judgement { best, loss: 0.0, value, mark: None, accuracy: None }
    }
}

/// How hard the analyst looks: a number the game reads its own way (nodes searched, plays searched deeper),
/// with its default and the most a server grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// What the number counts, in words (`nodes per position`).
    pub means: &'static str,
    /// The effort a plain analysis uses.
    pub default: u64,
    /// The least the judge takes.
    pub min: u64,
    /// The most the judge takes.
    pub max: u64,
}

/// Judges a move: the position, the move played and the effort; `None` when the position is beyond the
/// judge's reach at this effort (an exact solver out of nodes), and the move then goes unjudged.
pub type Judge<G> = fn(&G, <G as Game>::Move, u64) -> Option<Judgement<<G as Game>::Move>>;

/// A throw's luck: in the position where chance is about to draw `event`, the player the throw is for and
/// how much better it is for them than the average throw, in the analyst's units; `None` for a draw that is
/// nobody's luck (an opening throw that only decides who starts).
pub type Luck<G> = fn(&G, <G as Game>::Chance) -> Option<(Player, f64)>;

/// Reads a finished game written in the game's own record format (chess: PGN) into its start and its moves.
pub type ReadRecord<G> = fn(&str) -> Result<(G, Vec<<G as Game>::Move>), String>;

/// What a seat's summary adds to its count of decisions and marks: the figures of its game's tradition
/// (Hapis: gnubg's error rate; chess: lichess's accuracy), read off its judged moves in order.
pub type Summary<M> = fn(&[&Judgement<M>]) -> Map<String, Value>;

/// A game's analyst: how its finished games are judged, a move at a time.
pub struct Analyst<G: Game> {
    /// Who judges, in words (`the expert bot's 2-ply evaluation`).
    pub judge_name: &'static str,
    /// The units of loss (`points`, `centipawns`, `results`).
    pub units: &'static str,
    /// How hard it looks.
    pub effort: Effort,
    /// The marks a move may earn, mildest first (`doubtful`, `error`, `blunder`).
    pub marks: &'static [&'static str],
    /// Judges a move.
    pub judge: Judge<G>,
    /// A throw's luck, for games of chance that measure it.
    pub luck: Option<Luck<G>>,
    /// The figures a seat's summary adds.
    pub summary: Summary<G::Move>,
    /// Reads the game's own record format, when it has one besides hamle's records (chess: PGN).
    pub read: Option<ReadRecord<G>>,
}

/// The plain seat figures: the mean loss per judged decision (`mean_loss`) and that mean times `scale`
/// (`error_rate`; gnubg's error rate is the mean equity lost times 1000).
pub fn mean_loss<M>(judged: &[&Judgement<M>], scale: f64) -> Map<String, Value> {
    let mut figures = Map::new();
    let mean = if judged.is_empty() { 0.0 } else { judged.iter().map(|j| j.loss).sum::<f64>() / judged.len() as f64 };
    figures.insert("mean_loss".into(), Value::from(mean));
    figures.insert("error_rate".into(), Value::from(mean * scale));
    figures
}

/// The mark a loss earns against thresholds given mildest first with their marks: the worst threshold the
/// loss reaches.
///
/// ```
/// use hamle_core::analysis::mark;
/// let gnubg = [(0.04, "doubtful"), (0.08, "error"), (0.16, "blunder")];
/// assert_eq!(mark(0.03, &gnubg), None);
/// assert_eq!(mark(0.08, &gnubg), Some("error"));
/// assert_eq!(mark(0.5, &gnubg), Some("blunder"));
/// ```
pub fn mark(loss: f64, thresholds: &[(f64, &'static str)]) -> Option<&'static str> {
    thresholds.iter().rev().find(|&&(at, _)| loss >= at).map(|&(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_loss_is_over_judged_decisions_and_the_error_rate_scales_it() {
        let a = Judgement { best: 1u8, loss: 0.1, value: None, mark: None, accuracy: None };
        let b = Judgement::best(2u8, Some(0.3));
        let figures = mean_loss(&[&a, &b], 1000.0);
        assert_eq!(figures["mean_loss"], Value::from(0.05));
        assert_eq!(figures["error_rate"], Value::from(50.0));
        assert_eq!(mean_loss::<u8>(&[], 1000.0)["error_rate"], Value::from(0.0));
    }

    #[test]
    fn a_loss_just_under_a_threshold_keeps_the_milder_mark() {
        let marks = [(10.0, "inaccuracy"), (20.0, "mistake"), (30.0, "blunder")];
        assert_eq!(mark(9.99, &marks), None);
        assert_eq!(mark(19.99, &marks), Some("inaccuracy"));
        assert_eq!(mark(29.99, &marks), Some("mistake"));
        assert_eq!(mark(30.0, &marks), Some("blunder"));
    }
}
