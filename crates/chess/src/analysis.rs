//! How a finished chess game is judged, as lichess judges one: each move against the best move of the
//! `engine` searched to a fixed number of nodes, its centipawns lost, its mark by the winning chances it threw
//! away, its accuracy, and each side's game accuracy and average centipawn loss.
//!
//! Lichess's rules, read in its source (lichess-org/lila and lichess-org/scalachess on GitHub) and on
//! <https://lichess.org/page/accuracy>:
//! - win percent and winning chances: scalachess `core/src/main/scala/eval.scala` (`WinPercent`), centipawns
//!   ceiled at ±1000 (`Cp.CEILING`) for the win percent, a mate counted as the ceiling;
//! - marks: lila `modules/tree/src/main/Advice.scala` (`CpAdvice`, `MateAdvice`);
//! - move and game accuracy: lila `modules/analyse/src/main/AccuracyPercent.scala` (`fromWinPercents`,
//!   `gameAccuracy`), with scalalib `lila/src/main/scala/Maths.scala` for its means and deviation;
//! - average centipawn loss: lila `modules/analyse/src/main/AccuracyCP.scala`.

use hamle_core::analysis::{Analyst, Effort, Judgement, mark, mean_loss};
use hamle_core::{Bot, Budget, Game, Stream};
use serde_json::{Map, Value};

use crate::bots::engine::{Engine, default_hash};
use crate::pgn;
use crate::rules::{Chess, Ending, Move};

/// Lichess's ceiling on centipawns (`Cp.CEILING`): values, losses and win percents read no further, and a
/// mate counts as the ceiling.
pub const CEILING: f64 = 1000.0;

/// The slope of lichess's win curve (lila pull request 11148), per centipawn.
const MULTIPLIER: f64 = 0.00368208;

/// Lila's `CpAdvice.winningChanceJudgements`: the drop in winning chances, on lila's scale of -1 to +1, that
/// earns each mark. On the 0–100 win-percent scale of lichess's graph these are drops of 5, 10 and 15 points.
pub const THRESHOLDS: [(f64, &str); 3] = [(0.1, "inaccuracy"), (0.2, "mistake"), (0.3, "blunder")];

/// The engine's level for judging: full strength, whose only bound is then the node budget.
const LEVEL: u8 = 8;

/// What the engine thinks of a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Eval {
    /// Centipawns, as the engine gives them (not ceiled).
    Cp(f64),
    /// A forced mate: `true` when the side to move gives it.
    Mate(bool),
}

impl Eval {
    /// The engine's score (pawns, a mate as ±1000 pawns) as an evaluation.
    fn of_score(score: f64) -> Eval {
        if score.abs() >= 1000.0 { Eval::Mate(score > 0.0) } else { Eval::Cp((score * 100.0).round()) }
    }

    /// The same position seen by the other side.
    fn flipped(self) -> Eval {
        match self {
            Eval::Cp(cp) => Eval::Cp(-cp),
            Eval::Mate(wins) => Eval::Mate(!wins),
        }
    }

    /// Centipawns within lichess's ceiling, a mate at the ceiling (lila's `forceAsCp` then `ceiled`).
    fn ceiled(self) -> f64 {
        match self {
            Eval::Cp(cp) => cp.clamp(-CEILING, CEILING),
            Eval::Mate(true) => CEILING,
            Eval::Mate(false) => -CEILING,
        }
    }
}

/// Lichess's winning chances from -1 to +1 for a side `cp` centipawns up (scalachess `winningChances`, which
/// lila's marks read with the centipawns not ceiled).
pub fn winning_chances(cp: f64) -> f64 {
    (2.0 / (1.0 + (-MULTIPLIER * cp).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// Lichess's win percent for a side `cp` centipawns up: `50 + 50 * winning_chances(cp)`, the centipawns first
/// ceiled at ±1000 (scalachess `WinPercent.fromCentiPawns`).
pub fn win_percent(cp: f64) -> f64 {
    50.0 + 50.0 * winning_chances(cp.clamp(-CEILING, CEILING))
}

/// Lichess's accuracy of a move from the mover's win percent before and after it (lila
/// `AccuracyPercent.fromWinPercents`): 100 when it lost nothing, else the published curve
/// `103.1668 * exp(-0.04354 * drop) - 3.1669` (lila's constants to full precision) plus lila's
/// "uncertainty bonus" of 1, within 0 to 100.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Lila's mark for a move from the mover's evaluation before and after it (`Advice.apply`): by the winning
/// chances lost when both are centipawns (`CpAdvice`), else by the mate found or lost (`MateAdvice`): walking
/// into a forced mate is a blunder, a mistake below -700 and an inaccuracy below -999 centipawns; letting a
/// forced mate go is a blunder, a mistake above 700 and an inaccuracy above 999.
fn advice(before: Eval, after: Eval) -> Option<&'static str> {
    // How far the mover stands ahead in centipawns softens the mark, in both of lila's mate cases.
    let by_centipawns = |ahead: f64| {
        if ahead > 999.0 {
            "inaccuracy"
        } else if ahead > 700.0 {
            "mistake"
        } else {
            "blunder"
        }
    };
    match (before, after) {
        (Eval::Cp(before), Eval::Cp(after)) => mark(winning_chances(before) - winning_chances(after), &THRESHOLDS),
        // Lila's MateCreated, read from the mover's side: its thresholds on the value before, negated.
        (Eval::Cp(before), Eval::Mate(false)) => Some(by_centipawns(-before)),
        // Lila's MateLost; mated after the move, it has no centipawns and reads as 0.
        (Eval::Mate(true), Eval::Cp(after)) => Some(by_centipawns(after)),
        (Eval::Mate(true), Eval::Mate(false)) => Some("blunder"),
        _ => None,
    }
}

/// The engine's move and evaluation for the side to move, and the nodes it searched, to `nodes` nodes by a
/// fresh engine (its table and histories new, so that the same position and budget give the same answer).
fn search(state: &Chess, nodes: u64) -> Option<(Move, Eval, u64)> {
    let mut engine = Engine::new(LEVEL, default_hash(LEVEL));
    let budget = Budget { nodes: Some(nodes), ..Budget::UNLIMITED };
    // The engine draws nothing at full strength; the stream is there because a bot may.
    let decision = engine.choose(state, &budget, &mut Stream::new(0))?;
    Some((decision.mv, Eval::of_score(decision.score), decision.nodes))
}

/// The analyst: the engine at full strength, `effort` nodes per position searched (the position before the
/// move, and the one after it when the move was not the engine's), lichess's marks, accuracy and ACPL.
pub fn analyst() -> Analyst<Chess> {
    Analyst {
        judge_name: "the engine's search at a fixed number of nodes",
        units: "centipawns",
        effort: Effort { means: "nodes per position", default: DEFAULT_NODES, min: 1_000, max: MAX_NODES },
        marks: &["inaccuracy", "mistake", "blunder"],
        judge,
        luck: None,
        summary,
        read: Some(read),
    }
}

/// Nodes per position by default: about 0.15 s a position on one core in a release build (the engine searches
/// some 1.6 million nodes a second), so about 0.3 s a move that was not the engine's.
const DEFAULT_NODES: u64 = 250_000;

/// The most nodes per position a server grants: about 0.9 s a position, under 2 s a move (two searches).
const MAX_NODES: u64 = 1_200_000;

/// The move played against the engine's best: the centipawns it lost for the mover (values ceiled at ±1000,
/// a mate at the ceiling), lila's mark and lichess's accuracy. A move the engine would have played itself
/// costs nothing, and a position the move ends (mate, stalemate, a draw) is valued exactly.
fn judge(state: &Chess, played: Move, effort: u64) -> Option<Judgement<Move>> {
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    if !legal.contains(&played) {
        return None;
    }
    let (best, before, _) = search(state, effort)?;
    let value = Some(before.ceiled());
    if played == best {
        return Some(Judgement { accuracy: Some(100.0), ..Judgement::best(best, value) });
    }
    let mut next = state.clone();
    next.play(played);
    let after = match next.ending() {
        Some(Ending::Checkmate { .. }) => Eval::Mate(true),
        Some(_) => Eval::Cp(0.0),
        None => search(&next, effort)?.1.flipped(),
    };
    let loss = (before.ceiled() - after.ceiled()).max(0.0);
    let accuracy = Some(move_accuracy(win_percent(before.ceiled()), win_percent(after.ceiled())));
    let mark = advice(before, after);
    // A move the engine values at least as highly as its own is one of the best.
    let best = if loss == 0.0 && mark.is_none() { played } else { best };
    Some(Judgement { best, loss, value, mark, accuracy })
}

/// Lila's weights for the moves of a game from the win percents of its positions in order (`gameAccuracy`):
/// for each move, the standard deviation of the win percents in a window of positions ending with the one
/// it leads to, within 0.5 and 12, the window `plies / 10` positions long, at least 2 and at most 8.
fn volatility_weights(wins: &[f64]) -> Vec<f64> {
    let plies = wins.len().saturating_sub(1);
    let size = (plies / 10).clamp(2, 8);
    let deviation = |window: &[f64]| {
        let mean = window.iter().sum::<f64>() / window.len() as f64;
        (window.iter().map(|w| (w - mean).powi(2)).sum::<f64>() / window.len() as f64).sqrt()
    };
    // The first moves, before a whole window has passed, share the first window.
    let first = &wins[..size.min(wins.len())];
    let early = std::iter::repeat_n(first, size.min(wins.len()).saturating_sub(2));
    let sliding: Vec<&[f64]> = if wins.len() <= size { vec![wins] } else { wins.windows(size).collect() };
    early.chain(sliding).take(plies).map(|window| deviation(window).clamp(0.5, 12.0)).collect()
}

/// A seat's game accuracy as lila computes it (`gameAccuracy`): the mean of its moves' accuracies weighted
/// by the volatility around each, and their harmonic mean (each at least 1), averaged. `None` without a
/// judged move.
///
/// Lila reads the win percents of every position of the game; a seat's judgements hold its own moves alone,
/// so the positions between are rebuilt from them: before each move its value, after it that value less the
/// centipawns lost, which is the engine's value after the move unless the move gained on the engine's own
/// (then counted as no change). The window's length counts these positions as the game's plies.
fn seat_accuracy(judged: &[&Judgement<Move>]) -> Option<f64> {
    let moves: Vec<(f64, f64, f64)> = judged.iter().filter_map(|j| Some((j.value?, j.loss, j.accuracy?))).collect();
    if moves.is_empty() {
        return None;
    }
    let wins: Vec<f64> =
        moves.iter().flat_map(|&(before, loss, _)| [win_percent(before), win_percent(before - loss)]).collect();
    let weights = volatility_weights(&wins);
    // The seat's own moves are every other ply of the rebuilt sequence: from position 2i to 2i + 1.
    let weighted = moves.iter().enumerate().map(|(i, &(_, _, accuracy))| (accuracy, weights[2 * i]));
    let (sum, weight) = weighted.fold((0.0, 0.0), |(sum, weight), (a, w)| (sum + a * w, weight + w));
    let harmonic = moves.len() as f64 / moves.iter().map(|&(_, _, a)| 1.0 / a.max(1.0)).sum::<f64>();
    let weighted_mean = sum / weight;
    Some((weighted_mean + harmonic) / 2.0)
}

/// A seat's figures: `error_rate` and `mean_loss` (the mean centipawns lost per judged move), `acpl` (that
/// mean rounded, as lichess shows it) and `accuracy` (lichess's game accuracy; absent without a judged move).
fn summary(judged: &[&Judgement<Move>]) -> Map<String, Value> {
    let mut figures = mean_loss(judged, 1.0);
    let mean = if judged.is_empty() { 0.0 } else { judged.iter().map(|j| j.loss).sum::<f64>() / judged.len() as f64 };
    figures.insert("acpl".into(), Value::from(mean.round()));
    if let Some(accuracy) = seat_accuracy(judged) {
        figures.insert("accuracy".into(), Value::from(accuracy));
    }
    figures
}

/// Reads one game in PGN into its start and its moves; a PGN that does not read, or holds an illegal move,
/// is refused with the reason.
fn read(text: &str) -> Result<(Chess, Vec<Move>), String> {
    if text.trim().is_empty() {
        return Err("the PGN is empty: give one game".into());
    }
    let game = pgn::read(text).map_err(|e| e.to_string())?;
    let start = Chess::from_fen(&game.chess.start_fen()).map_err(|e| format!("PGN start position: {e}"))?;
    Ok((start, game.chess.played().iter().map(|&mv| Move::Board(mv)).collect()))
}

#[cfg(test)]
mod tests {
    use hamle_core::Notation;

    use super::*;

    /// Few nodes keep the tests quick in unoptimised builds; the positions need no more (a queen taken back at
    /// once, a mate in one).
    const EFFORT: u64 = 5_000;

    fn after(moves: &[&str]) -> Chess {
        let mut game = Chess::default();
        for text in moves {
            let mv = game.parse_move(text).expect("a legal move");
            game.play(mv);
        }
        game
    }

    fn judged(value: f64, loss: f64, accuracy: f64) -> Judgement<Move> {
        Judgement { best: Move::ClaimDraw, loss, value: Some(value), mark: None, accuracy: Some(accuracy) }
    }

    #[test]
    fn a_queen_left_to_a_pawn_is_a_blunder() {
        // By hand: after 1. e4 e6 2. Qg4 Nc6 nothing attacks white's queen and material is level; 3. Qf5 puts
        // it where the e6 pawn takes it (exf5 is legal: the pawn is not pinned) and nothing comes back, so
        // white is a queen down, about 900 centipawns, from about level: a drop in winning chances far past
        // lila's 0.3.
        let state = after(&["e4", "e6", "Qg4", "Nc6"]);
        let blunder = state.parse_move("Qf5").expect("legal");
        let judgement = judge(&state, blunder, EFFORT).expect("judged");
        assert_eq!(judgement.mark, Some("blunder"), "{judgement:?}");
        assert!(judgement.loss > 500.0, "{judgement:?}");
        assert_ne!(judgement.best, blunder);
        assert!(judgement.value.is_some_and(|v| v.abs() < 150.0), "about level before: {judgement:?}");
        assert!(judgement.accuracy.is_some_and(|a| a < 20.0), "{judgement:?}");
    }

    #[test]
    fn the_engines_own_move_costs_nothing_and_scores_100() {
        let state = after(&["e4", "e6", "Qg4", "Nc6"]);
        let (best, _, _) = search(&state, EFFORT).expect("a move");
        let judgement = judge(&state, best, EFFORT).expect("judged");
        assert_eq!(judgement.loss, 0.0);
        assert_eq!(judgement.mark, None);
        assert_eq!(judgement.accuracy, Some(100.0));
        assert_eq!(judgement.best, best);
    }

    #[test]
    fn stalemating_a_won_position_loses_the_whole_ceiling_and_is_a_blunder() {
        // By hand: white (Kb6, Qc5) mates at once with Qc8# (a7, b7 and b8 are all covered), so the value
        // before is a mate, +1000. Qc7 instead leaves black's Ka8 no square and no check: stalemate, a draw
        // valued exactly 0 without a search. Lila calls a forced mate let go for 0 centipawns a blunder.
        let state = Chess::from_fen("k7/8/1K6/2Q5/8/8/8/8 w - - 0 1").expect("a position");
        let stalemate = state.parse_move("Qc7").expect("legal");
        let judgement = judge(&state, stalemate, EFFORT).expect("judged");
        assert_eq!(judgement.value, Some(1000.0));
        assert_eq!(judgement.loss, 1000.0);
        assert_eq!(judgement.mark, Some("blunder"));
        // Independent computation (Python, the formulas above): win% 97.5447 down to 50 gives 10.8474.
        let accuracy = judgement.accuracy.expect("an accuracy");
        assert!((accuracy - 10.8474).abs() < 1e-3, "{accuracy}");
    }

    #[test]
    fn another_mate_in_one_is_as_good_as_the_engines() {
        // By hand: from Kb6, Qc5 against Ka8 both Qc8# and Qf8# mate (rank 8 open to a8, a7 and b7 taken by
        // the king, b8 by the queen). Whichever the engine names, the other mates as well: valued exactly,
        // it loses nothing and is itself a best move.
        let state = Chess::from_fen("k7/8/1K6/2Q5/8/8/8/8 w - - 0 1").expect("a position");
        for text in ["Qc8", "Qf8"] {
            let mate = state.parse_move(text).expect("legal");
            let judgement = judge(&state, mate, EFFORT).expect("judged");
            assert_eq!(judgement, Judgement { accuracy: Some(100.0), ..Judgement::best(mate, Some(1000.0)) });
        }
    }

    #[test]
    fn a_draw_claimed_is_valued_exactly_at_zero() {
        // By hand: the knights go out and back twice, so the start position stands for the third time and
        // white may claim; the engine, a little better with white, plays on. The claim ends the game drawn:
        // worth exactly 0, so it loses exactly the value before.
        let state = after(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
        assert!(state.claimable().is_some());
        let judgement = judge(&state, Move::ClaimDraw, EFFORT).expect("judged");
        let value = judgement.value.expect("a value");
        assert!(value > 0.0, "{judgement:?}");
        assert_eq!(judgement.loss, value);
        assert_ne!(judgement.best, Move::ClaimDraw);
    }

    #[test]
    fn judging_twice_gives_the_same_verdict() {
        let state = after(&["e4", "e6", "Qg4", "Nc6"]);
        for text in ["Qf5", "Nf3", "a3"] {
            let mv = state.parse_move(text).expect("legal");
            assert_eq!(judge(&state, mv, EFFORT), judge(&state, mv, EFFORT), "{text}");
        }
    }

    #[test]
    fn the_engine_stops_at_the_node_budget_with_the_same_move_and_score() {
        let state = after(&["e4", "e5"]);
        let decide = || {
            let mut engine = Engine::new(LEVEL, default_hash(LEVEL));
            let budget = Budget { nodes: Some(EFFORT), ..Budget::UNLIMITED };
            engine.choose(&state, &budget, &mut Stream::new(0)).expect("a move")
        };
        let (first, second) = (decide(), decide());
        assert_eq!(first.nodes, EFFORT);
        assert_eq!((first.mv, first.score), (second.mv, second.score));
        // The judge's own search is held to its effort the same way.
        let (mv, eval, nodes) = search(&state, EFFORT).expect("a move");
        assert_eq!(nodes, EFFORT);
        assert_eq!((mv, eval), (first.mv, Eval::of_score(first.score)));
    }

    #[test]
    fn a_move_not_legal_in_the_position_goes_unjudged() {
        let state = Chess::default();
        let stranger = after(&["e4", "e5"]).parse_move("Ke2").expect("legal there");
        assert_eq!(judge(&state, stranger, EFFORT), None);
        assert_eq!(judge(&state, Move::ClaimDraw, EFFORT), None, "nothing to claim at the start");
    }

    #[test]
    fn win_percent_and_winning_chances_follow_lichess_curve() {
        // By hand: exp(-0.368208) = 0.691983, 2 / 1.691983 - 1 = 0.182045, so 50 + 50 * 0.182045 = 59.1023.
        assert_eq!(win_percent(0.0), 50.0);
        assert!((win_percent(100.0) - 59.102_59).abs() < 1e-4);
        assert!((win_percent(-100.0) - 40.897_41).abs() < 1e-4);
        // Ceiled at ±1000 centipawns for the win percent, not for the winning chances.
        assert_eq!(win_percent(2500.0), win_percent(1000.0));
        assert!((win_percent(1000.0) - 97.544_74).abs() < 1e-4);
        assert!(winning_chances(2500.0) > winning_chances(1000.0));
        assert!((winning_chances(-100.0) + 0.182_05).abs() < 1e-4);
    }

    #[test]
    fn move_accuracy_follows_lilas_curve_with_its_bonus() {
        // By hand: 103.16681 * exp(-0.4354415) - 3.1669247 + 1 = 103.16681 * 0.6470337 - 2.1669247 = 64.5798.
        assert!((move_accuracy(60.0, 50.0) - 64.579_83).abs() < 1e-4);
        // Nothing lost is perfect, and a gain is no better.
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(50.0, 60.0), 100.0);
        // The bonus would lift a tiny drop above 100: held there.
        assert_eq!(move_accuracy(50.0, 49.99), 100.0);
        // A whole game thrown away: 103.17 * exp(-4.354) - 2.17 is below 0, held at 0.
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn marks_are_on_lilas_scale_of_winning_chances() {
        // Solving 2 / (1 + exp(0.00368208 x)) - 1 = -t by hand: a drop from level to -54.5, -110.1 and
        // -168.1 centipawns loses 0.1, 0.2 and 0.3 of winning chances (5, 10 and 15 points of win percent).
        let level = Eval::Cp(0.0);
        assert_eq!(advice(level, Eval::Cp(-54.0)), None);
        assert_eq!(advice(level, Eval::Cp(-55.0)), Some("inaccuracy"));
        assert_eq!(advice(level, Eval::Cp(-110.0)), Some("inaccuracy"));
        assert_eq!(advice(level, Eval::Cp(-111.0)), Some("mistake"));
        assert_eq!(advice(level, Eval::Cp(-168.0)), Some("mistake"));
        assert_eq!(advice(level, Eval::Cp(-169.0)), Some("blunder"));
        assert_eq!(advice(Eval::Cp(-50.0), Eval::Cp(100.0)), None, "a gain is no error");
        // Lila's marks read centipawns past the ceiling: 3000 to 560 loses 0.226 (a mistake), where the
        // ceiled 1000 to 560 would lose only 0.177.
        assert_eq!(advice(Eval::Cp(3000.0), Eval::Cp(560.0)), Some("mistake"));
    }

    #[test]
    fn mates_walked_into_or_let_go_are_marked_as_lila_marks_them() {
        let mated = Eval::Mate(false);
        assert_eq!(advice(Eval::Cp(0.0), mated), Some("blunder"));
        assert_eq!(advice(Eval::Cp(-700.0), mated), Some("blunder"));
        assert_eq!(advice(Eval::Cp(-701.0), mated), Some("mistake"));
        assert_eq!(advice(Eval::Cp(-999.0), mated), Some("mistake"));
        assert_eq!(advice(Eval::Cp(-1000.0), mated), Some("inaccuracy"));
        let mating = Eval::Mate(true);
        assert_eq!(advice(mating, Eval::Cp(700.0)), Some("blunder"));
        assert_eq!(advice(mating, Eval::Cp(701.0)), Some("mistake"));
        assert_eq!(advice(mating, Eval::Cp(999.0)), Some("mistake"));
        assert_eq!(advice(mating, Eval::Cp(1000.0)), Some("inaccuracy"));
        assert_eq!(advice(mating, mated), Some("blunder"));
        // A mate kept (perhaps a slower one) or found is no error; nor is anything once mated.
        assert_eq!(advice(mating, mating), None);
        assert_eq!(advice(Eval::Cp(0.0), mating), None);
        assert_eq!(advice(mated, Eval::Cp(-500.0)), None);
    }

    #[test]
    fn engine_scores_read_as_centipawns_and_mates() {
        assert_eq!(Eval::of_score(0.37), Eval::Cp(37.0));
        assert_eq!(Eval::of_score(-2.5), Eval::Cp(-250.0));
        assert_eq!(Eval::of_score(1000.0), Eval::Mate(true));
        assert_eq!(Eval::of_score(-1000.0), Eval::Mate(false));
        assert_eq!(Eval::Cp(37.0).flipped(), Eval::Cp(-37.0));
        assert_eq!(Eval::Mate(true).flipped(), Eval::Mate(false));
        assert_eq!(Eval::Mate(false).flipped(), Eval::Mate(true));
        assert_eq!(Eval::Cp(2500.0).ceiled(), 1000.0);
        assert_eq!(Eval::Cp(-2500.0).ceiled(), -1000.0);
        assert_eq!(Eval::Mate(false).ceiled(), -1000.0);
    }

    #[test]
    fn the_summary_on_two_hand_made_moves() {
        // A perfect move from level, then one losing 100 centipawns from level: win% 50 to 40.8974, accuracy
        // 67.2397. The rebuilt positions are 50, 50, 50, 40.8974: 3 plies, windows of 2. The first move's
        // window (50, 50) deviates 0, held at 0.5; the second's (50, 40.8974) deviates 4.5513. Weighted mean
        // (100 * 0.5 + 67.2397 * 4.5513) / 5.0513 = 70.4829, harmonic mean 2 / (1/100 + 1/67.2397) = 80.4108,
        // accuracy their mean, 75.4468 (computed again independently in Python).
        let moves = [judged(0.0, 0.0, 100.0), judged(0.0, 100.0, move_accuracy(50.0, win_percent(-100.0)))];
        assert!((moves[1].accuracy.unwrap_or_default() - 67.239_72).abs() < 1e-4);
        let refs: Vec<&Judgement<Move>> = moves.iter().collect();
        let figures = summary(&refs);
        assert_eq!(figures["error_rate"], Value::from(50.0));
        assert_eq!(figures["mean_loss"], Value::from(50.0));
        assert_eq!(figures["acpl"], Value::from(50.0));
        let accuracy = figures["accuracy"].as_f64().expect("a number");
        assert!((accuracy - 75.446_83).abs() < 1e-4, "{accuracy}");
    }

    #[test]
    fn a_late_blunder_after_perfect_moves_matches_lilas_own_test() {
        // lila's AccuracyPercentTest, "20 perfect moves and a white blunder": white plays 11 moves, ten at
        // +15 losing nothing, the last from +15 to -900; lila expects white's accuracy 50 ± 5. By hand here:
        // the blunder's accuracy is 10.664, its window (2 positions) deviates past 12, the rest 0 (0.5):
        // weighted (500 + 12 * 10.664) / 17 = 36.94, harmonic 11 / (0.1 + 1 / 10.664) = 56.77, mean 46.85.
        let blunder = move_accuracy(win_percent(15.0), win_percent(-900.0));
        let mut moves: Vec<Judgement<Move>> = (0..10).map(|_| judged(15.0, 0.0, 100.0)).collect();
        moves.push(judged(15.0, 915.0, blunder));
        let refs: Vec<&Judgement<Move>> = moves.iter().collect();
        let accuracy = seat_accuracy(&refs).expect("moves");
        assert!((accuracy - 46.853).abs() < 1e-2, "{accuracy}");
        assert!((accuracy - 50.0).abs() <= 5.0);
    }

    #[test]
    fn the_position_after_a_move_is_its_value_less_its_loss() {
        // A move from +500 losing 100 (win% 86.3072 to 81.3487, accuracy 80.9657), then a perfect one from
        // +400. Rebuilt positions 86.3072, 81.3487, 81.3487, 81.3487: the first move's window deviates 2.4792
        // (were the loss added, 86.3072 and 90.1 would deviate 1.9), the second's 0, held at 0.5. Weighted
        // mean (80.9657 * 2.4792 + 100 * 0.5) / 2.9792 = 84.1602, harmonic 89.4818, accuracy 86.8210
        // (computed again independently in Python).
        let lossy = move_accuracy(win_percent(500.0), win_percent(400.0));
        let moves = [judged(500.0, 100.0, lossy), judged(400.0, 0.0, 100.0)];
        let refs: Vec<&Judgement<Move>> = moves.iter().collect();
        let accuracy = seat_accuracy(&refs).expect("moves");
        assert!((accuracy - 86.821_00).abs() < 1e-4, "{accuracy}");
    }

    #[test]
    fn volatility_windows_are_lilas() {
        // Ten positions, 9 plies: windows of 2 (9 / 10 is 0, raised to 2), one per ply, each the pair of
        // positions the ply joins. A pair 0 and 10 deviates 5; 0 and 30 deviates 15, held at 12; equal
        // positions deviate 0, held at 0.5.
        let wins = [0.0, 10.0, 10.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0];
        assert_eq!(volatility_weights(&wins), [5.0, 0.5, 12.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
        // 31 positions, 30 plies: windows of 3; the first ply shares the first window with the second.
        let wins: Vec<f64> = (0..31).map(|i| if i == 1 { 3.0 } else { 0.0 }).collect();
        let weights = volatility_weights(&wins);
        assert_eq!(weights.len(), 30);
        // By hand: (0, 3, 0) has mean 1 and deviation sqrt((1 + 4 + 1) / 3) = sqrt(2); (3, 0, 0) the same.
        let root2 = 2f64.sqrt();
        assert_eq!(&weights[..3], [root2, root2, root2]);
        assert_eq!(weights[3], 0.5);
        // 101 positions, 100 plies: windows of 8 (100 / 10 is 10, held at 8).
        let wins: Vec<f64> = (0..101).map(|i| if i == 9 { 8.0 } else { 0.0 }).collect();
        let weights = volatility_weights(&wins);
        assert_eq!(weights.len(), 100);
        // The window of ply i ends at position i + 1 from ply 6 on; position 9 is in the windows of plies 8
        // to 15: 8.0 among eight deviates sqrt(64/8 - 1) = sqrt(7).
        assert_eq!(weights[7], 0.5);
        assert!((weights[8] - 7f64.sqrt()).abs() < 1e-12);
        assert!((weights[15] - 7f64.sqrt()).abs() < 1e-12);
        assert_eq!(weights[16], 0.5);
    }

    #[test]
    fn a_seat_without_judged_moves_has_no_accuracy() {
        let figures = summary(&[]);
        assert_eq!(figures["error_rate"], Value::from(0.0));
        assert_eq!(figures["acpl"], Value::from(0.0));
        assert!(!figures.contains_key("accuracy"));
    }

    #[test]
    fn the_acpl_is_rounded_as_lichess_shows_it() {
        let moves = [judged(0.0, 0.0, 100.0), judged(0.0, 0.0, 100.0), judged(0.0, 101.0, 60.0)];
        let refs: Vec<&Judgement<Move>> = moves.iter().collect();
        let figures = summary(&refs);
        assert_eq!(figures["acpl"], Value::from(34.0), "101 / 3 = 33.67");
        assert!((figures["error_rate"].as_f64().unwrap_or_default() - 101.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_pgn_reads_into_its_start_and_moves() {
        let read = analyst().read.expect("chess reads PGN");
        let (start, moves) = read("[Event \"casual\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 *").expect("reads");
        assert_eq!(start.fen(), Chess::default().fen());
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[0], Chess::default().parse_move("e4").expect("legal"));
        // From a FEN tag, with its clocks.
        let fen = "k7/8/1K6/2Q5/8/8/8/8 w - - 7 40";
        let (start, moves) = read(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n40. Qc8# 1-0")).expect("reads");
        assert_eq!(start.fen(), fen);
        assert_eq!(moves, [start.parse_move("Qc8").expect("legal")]);
    }

    #[test]
    fn a_pgn_that_does_not_read_is_refused_with_its_reason() {
        let read = analyst().read.expect("chess reads PGN");
        let refused = |text: &str| read(text).expect_err("refused");
        assert_eq!(refused("1. e4 e5 2. Ke3"), "PGN move 3: 'Ke3' is not a legal move here");
        assert_eq!(refused("1. e4 {never closed"), "PGN: a comment { is never closed");
        assert!(refused("[FEN \"not a position\"]\n\n1. e4").starts_with("PGN FEN tag"));
        assert!(refused("[Event casual\n1. e4").starts_with("PGN tag"));
        assert_eq!(refused("  \n"), "the PGN is empty: give one game");
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let analyst = crate::definition().face.analyst.expect("chess has an analyst");
        assert_eq!(analyst.marks, ["inaccuracy", "mistake", "blunder"]);
        assert!(analyst.effort.min <= analyst.effort.default && analyst.effort.default <= analyst.effort.max);
    }
}
