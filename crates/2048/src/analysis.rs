//! 2048's analyst: each move judged by the expectimax bot's own values under a node budget (the expected row
//! heuristic a few moves on, averaged over the new tiles), and each new tile's luck measured the same way,
//! one move deep.

use hamle_core::analysis::{Analyst, Effort, Judgement, mean_loss};
use hamle_core::{Game, Player};
use serde_json::{Map, Value};

use crate::bots::Expectimax;
use crate::{Direction, G2048, Spawn};

/// The one mark: the move played is worth less than the judge's choice.
const DIFFERS: &str = "differs";

/// The judge's budget in chance nodes, as the bot's `nodes` budget counts them over all its depths. Depth 1 takes
/// at most 484 (four moves, each with up to 15 empty cells × two tiles × four next moves), so the least effort
/// always judges. On a seeded game (`examples/analysis_timing.rs`, release build) the default reached the bot's own
/// full depth in 63 positions of 65, at 45 ms a move on average; the largest search met took 45 million nodes and
/// 1.5 s, at 20 to 45 ns a node.
const EFFORT: Effort = Effort {
    means: "chance nodes searched per move (the expectimax's node budget)",
    default: 10_000_000,
    min: 500,
    max: 50_000_000,
};

/// How deep luck looks: one move after the tile, which costs at most 30 × 500 nodes (a few milliseconds), as
/// luck has no effort of its own to bound it.
const LUCK_DEPTH: u32 = 1;

/// 2048's analyst: the expectimax bot's values of the legal moves, deepening to its own depth within the
/// effort's nodes; a tile's luck is its one-move value against the average tile's.
pub fn analyst() -> Analyst<G2048> {
    Analyst {
        judge_name: "the expectimax bot's values of the moves (row heuristic, deepened within a node budget)",
        units: "heuristic points (the expected row-heuristic value of the board at the search's horizon)",
        effort: EFFORT,
        marks: &[DIFFERS],
        judge,
        luck: Some(luck),
        summary,
        read: None,
    }
}

/// The expectimax's values of every legal move from one search, deepened as far as `effort` nodes allow; the best
/// is the first of the highest values (the move the bot plays under that node budget).
fn judge(state: &G2048, played: Direction, effort: u64) -> Option<Judgement<Direction>> {
    if !state.awaits_move() || !state.board().can_move(played) {
        return None;
    }
    let mut bot = Expectimax::default();
    let four = state.rule().four() as f32;
    let (values, _depth) = bot.move_values_in_nodes(state.board(), four, effort.max(EFFORT.min))?;
    let (best, top) = values.iter().fold(None, |best: Option<(Direction, f32)>, &(d, v)| match best {
        Some((_, b)) if b >= v => best,
        _ => Some((d, v)),
    })?;
    let (_, worth) = values.iter().find(|&&(d, _)| d == played)?;
    let loss = f64::from(top) - f64::from(*worth);
    let value = Some(f64::from(top));
    // A move worth as much as the best is one of the best: the judge would have played it too.
    if loss <= 0.0 {
        return Some(Judgement::best(played, value));
    }
    Some(Judgement { best, loss, value, mark: Some(DIFFERS), accuracy: None })
}

/// The new tile's one-move value (the best move's expected heuristic after it, 0 when it ends the game) less the
/// mean over every tile that could have fallen, for the one player. `None` for the first tile of the start, after
/// which no move comes, and for a tile that cannot fall here.
fn luck(state: &G2048, event: Spawn) -> Option<(Player, f64)> {
    if state.pending_tiles() != 1 {
        return None;
    }
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    if !outcomes.iter().any(|&(spawn, _)| spawn == event) {
        return None;
    }
    let mut bot = Expectimax::default();
    let four = state.rule().four() as f32;
    let mut worth = |spawn: Spawn| {
        let mut after = state.clone();
        after.apply_chance(spawn);
        let (values, _) = bot.move_values(after.board(), four, LUCK_DEPTH);
        values.iter().map(|&(_, v)| f64::from(v)).fold(0.0, f64::max)
    };
    let mean: f64 = outcomes.iter().map(|&(spawn, p)| p * worth(spawn)).sum();
    Some((0, worth(event) - mean))
}

/// The mean loss (`error_rate` at scale 1) and `agreement`: the share of judged moves the judge would have played
/// too (those of no loss), 1 when none was judged.
fn summary(judged: &[&Judgement<Direction>]) -> Map<String, Value> {
    let mut figures = mean_loss(judged, 1.0);
    let agreed = judged.iter().filter(|j| j.loss == 0.0).count();
    let agreement = if judged.is_empty() { 1.0 } else { agreed as f64 / judged.len() as f64 };
    figures.insert("agreement".into(), Value::from(agreement));
    figures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_board;
    use crate::rules::SpawnRule;
    use hamle_core::{Bot, Budget, Stream};

    /// Enough nodes for the hand-made boards' whole trees, and quick in a debug build.
    const EFFORT_HERE: u64 = 200_000;

    /// Two 1024s stacked in the left column and one empty cell, at row 2 column 4; no other tiles touch their equal.
    /// Up and down merge the 1024s (left changes nothing). Right only slides the second row's 1024 to column 2,
    /// away from its twin, and leaves the hole at row 2 column 1 between 1024 (above), 1024 (right) and 8 (below):
    /// whichever tile falls there, a 2 or a 4, the board is full with no equal neighbours, and the game is over.
    const MERGE_OR_LOSE: &str = "1024,2,4,2/1024,8,16,./8,16,32,8/2,32,64,4";

    fn game(text: &str) -> G2048 {
        G2048::from_board(parse_board(text).expect("a test board"), 0, SpawnRule::Original)
    }

    #[test]
    fn the_hand_made_board_is_as_its_comment_says() {
        // The hand check of MERGE_OR_LOSE, by the rules alone.
        let state = game(MERGE_OR_LOSE);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert_eq!(moves, [Direction::Up, Direction::Right, Direction::Down]);
        let mut right = state.clone();
        right.try_move(Direction::Right).expect("legal");
        let mut outcomes = Vec::new();
        right.chance_outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), 2, "one empty cell, a 2 or a 4");
        for (spawn, _) in outcomes {
            let mut after = right.clone();
            after.apply_chance(spawn);
            assert!(after.is_over(), "{spawn:?} ends the game");
        }
    }

    #[test]
    fn sliding_away_from_the_merge_loses_everything_and_is_marked() {
        // By the hand check above, right is worth exactly 0 (every tile ends the game, and a lost board scores 0),
        // while after up or down two cells are empty, so a move is left after any tile and the value is positive
        // (every live line scores its base of 200,000 above its penalties). So the judge's best is up or down, and
        // the loss is the whole value of the position.
        let verdict = judge(&game(MERGE_OR_LOSE), Direction::Right, EFFORT_HERE).expect("judged");
        assert!(matches!(verdict.best, Direction::Up | Direction::Down), "{verdict:?}");
        assert!(verdict.loss > 0.0, "{verdict:?}");
        assert_eq!(Some(verdict.loss), verdict.value, "right is worth nothing");
        assert_eq!(verdict.mark, Some(DIFFERS));
        assert_eq!(verdict.accuracy, None);
    }

    #[test]
    fn the_judges_own_best_move_costs_nothing() {
        let state = game(MERGE_OR_LOSE);
        let blunder = judge(&state, Direction::Right, EFFORT_HERE).expect("judged");
        let verdict = judge(&state, blunder.best, EFFORT_HERE).expect("judged");
        assert_eq!(verdict, Judgement::best(blunder.best, blunder.value));
    }

    #[test]
    fn judging_twice_gives_the_same_verdict() {
        let busy = game("2,4,8,16/.,.,32,64/.,.,.,128/.,1024,512,256");
        for mv in [Direction::Left, Direction::Up, Direction::Down] {
            let first = judge(&busy, mv, EFFORT_HERE);
            assert!(first.is_some());
            assert_eq!(first, judge(&busy, mv, EFFORT_HERE), "{mv:?}");
        }
    }

    #[test]
    fn the_judges_best_is_the_move_the_bot_plays_on_the_same_node_budget() {
        // The bot's own choice under `Budget { nodes }` is an independent computation of the same search.
        for text in ["2,4,8,16/.,.,32,64/.,.,.,128/.,1024,512,256", "2,2,4,./.,8,.,./.,.,.,./.,.,.,4", MERGE_OR_LOSE] {
            let state = game(text);
            for effort in [EFFORT.min, 3_000, EFFORT_HERE] {
                let budget = Budget { nodes: Some(effort), ..Budget::UNLIMITED };
                let chosen = Expectimax::default().choose(&state, &budget, &mut Stream::new(1)).expect("a move");
                let four = state.rule().four() as f32;
                let searched = Expectimax::default().move_values_in_nodes(state.board(), four, effort);
                assert_eq!(searched.map(|(_, depth)| depth), Some(chosen.depth), "{text} at {effort}");
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                for mv in moves {
                    let verdict = judge(&state, mv, effort).expect("judged");
                    if mv == chosen.mv {
                        assert_eq!(verdict.loss, 0.0, "{text} at {effort}");
                    }
                    // Another move is the best only when it is worth as much as the bot's.
                    assert!(verdict.best == chosen.mv || verdict.loss == 0.0, "{text} at {effort}: {verdict:?}");
                    assert_eq!(verdict.value, Some(chosen.score), "{text} at {effort}");
                }
            }
        }
    }

    #[test]
    fn the_least_effort_still_judges_and_less_is_taken_as_the_least() {
        // A lone tile in the middle: four legal moves, each leaving 15 empty cells, the widest depth 1 there is.
        let lone = game(".,.,.,./.,2,.,./.,.,.,./.,.,.,.");
        let (_, nodes) = Expectimax::default().move_values(lone.board(), 0.1, 1);
        assert!(nodes <= EFFORT.min, "{nodes}");
        let verdict = judge(&lone, Direction::Left, EFFORT.min);
        assert!(verdict.is_some());
        assert_eq!(judge(&lone, Direction::Left, 0), verdict);
    }

    #[test]
    fn no_verdict_where_no_move_is_due_or_the_move_is_not_legal() {
        let state = game(MERGE_OR_LOSE);
        assert_eq!(judge(&state, Direction::Left, EFFORT_HERE), None, "left changes nothing");
        let mut tile_due = state.clone();
        tile_due.try_move(Direction::Up).expect("legal");
        // Down would slide the board, but the tile after up is due first.
        assert!(tile_due.board().can_move(Direction::Down));
        assert_eq!(judge(&tile_due, Direction::Down, EFFORT_HERE), None);
    }

    /// A tile due in the one empty cell, at row 2 column 1, between 1024 (above), 1024 (right) and 2 (below); no
    /// other tiles touch their equal. A 2 there can merge with the 2 below; a 4 ends the game.
    const TWO_OR_LOSE: &str = "1024,2,4,2/.,1024,8,16/2,16,32,8/4,32,64,4";

    #[test]
    fn a_tile_that_ends_the_game_is_bad_luck_and_the_other_good_luck() {
        let state = G2048::restore(parse_board(TWO_OR_LOSE).expect("a test board"), 0, SpawnRule::Original, 1, false);
        let (two, four) = (Spawn { cell: 4, exponent: 1 }, Spawn { cell: 4, exponent: 2 });
        let mut lost = state.clone();
        lost.apply_chance(four);
        assert!(lost.is_over(), "the hand check: a 4 ends the game");
        let (Some((0, good)), Some((0, bad))) = (luck(&state, two), luck(&state, four)) else {
            panic!("both tiles have luck, the one player's")
        };
        // With w the 2's value and 0 the 4's, the mean is 0.9 w: the 2's luck is 0.1 w and the 4's −0.9 w.
        assert!(good > 0.0 && bad < 0.0, "{good} {bad}");
        assert!((bad + 9.0 * good).abs() < 1e-6 * good, "{good} {bad}");
    }

    #[test]
    fn luck_averages_to_nothing_over_the_tiles() {
        // The luck is each tile's value less their mean, so the mean luck is 0 (up to rounding).
        let mut state = game("2,4,8,16/.,.,32,64/.,.,.,128/.,1024,512,256");
        state.try_move(Direction::Left).expect("legal");
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let mean: f64 = outcomes.iter().map(|&(spawn, p)| p * luck(&state, spawn).expect("luck").1).sum();
        let spread = outcomes.iter().map(|&(spawn, _)| luck(&state, spawn).expect("luck").1.abs()).fold(0.0, f64::max);
        assert!(spread > 0.0, "the tiles are not all alike");
        assert!(mean.abs() < 1e-6 * spread, "{mean}");
    }

    #[test]
    fn no_luck_for_the_first_tile_or_a_tile_that_cannot_fall() {
        let start = G2048::new(SpawnRule::Original);
        assert_eq!(luck(&start, Spawn { cell: 0, exponent: 1 }), None, "the first tile of the start");
        let state = G2048::restore(parse_board(TWO_OR_LOSE).expect("a test board"), 0, SpawnRule::Original, 1, false);
        assert_eq!(luck(&state, Spawn { cell: 0, exponent: 1 }), None, "the cell is taken");
        assert_eq!(luck(&state, Spawn { cell: 4, exponent: 3 }), None, "no 8 falls");
    }

    #[test]
    fn the_summary_gives_the_mean_loss_and_the_share_of_agreed_moves() {
        // Worked by hand: losses 0, 30, 0, 10 and 0 average 8; three moves of five were the judge's.
        let agreed = Judgement::best(Direction::Up, Some(5.0));
        let off = |loss| Judgement { loss, mark: Some(DIFFERS), ..Judgement::best(Direction::Left, Some(40.0)) };
        let (thirty, ten) = (off(30.0), off(10.0));
        let figures = summary(&[&agreed, &thirty, &agreed, &ten, &agreed]);
        assert_eq!(figures["mean_loss"], Value::from(8.0));
        assert_eq!(figures["error_rate"], Value::from(8.0));
        assert_eq!(figures["agreement"], Value::from(0.6));
        let none = summary(&[]);
        assert_eq!(none["agreement"], Value::from(1.0));
        assert_eq!(none["error_rate"], Value::from(0.0));
    }

    #[test]
    fn the_definition_carries_the_analyst() {
        let def = crate::definition();
        let analyst = def.face.analyst.as_ref().expect("2048 has an analyst");
        assert_eq!(analyst.marks, [DIFFERS]);
        assert!(analyst.units.starts_with("heuristic points"));
        assert_eq!(analyst.effort, EFFORT);
        assert!((analyst.effort.min..=analyst.effort.max).contains(&analyst.effort.default));
        assert!(analyst.luck.is_some());
        let verdict = (analyst.judge)(&game(MERGE_OR_LOSE), Direction::Right, EFFORT_HERE);
        assert_eq!(verdict.and_then(|v| v.mark), Some(DIFFERS));
    }
}
