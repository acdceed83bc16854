//! How long to think under a clock: a share of the time left plus most of the increment, never more than
//! a safe part of what is left; the search stretches or shortens its share as its best move changes or
//! settles ([`stability_scale`]).

use std::time::Duration;

use cozy_chess::Board;
use hamle_core::Clock;

/// Kept back on every move for what happens outside the search (the arena, a GUI, the pipe).
const OVERHEAD: Duration = Duration::from_millis(20);

/// The soft limit (no new iteration after it) and the hard limit (stop at once) for one move.
///
/// ```
/// use std::time::Duration;
/// use hamle_chess::bots::engine::time::allot;
/// use hamle_core::Clock;
///
/// let clock = Clock { remaining: Duration::from_secs(10), increment: Duration::from_millis(100), moves_to_go: None };
/// let (soft, hard) = allot(&clock, &hamle_chess::Board::default());
/// assert!(soft < hard && hard <= Duration::from_secs(5));
/// ```
pub fn allot(clock: &Clock, board: &Board) -> (Duration, Duration) {
    let left = clock.remaining.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
    // Games last about forty moves; fewer are expected to remain as the board empties.
    let pieces = board.occupied().len();
    let expected = clock.moves_to_go.map_or(12 + pieces, |n| n.clamp(1, 60));
    let share = left / expected + clock.increment * 3 / 4;
    let ceiling = if clock.moves_to_go == Some(1) { left * 4 / 5 } else { left / 2 };
    let hard = (share * 3).min(ceiling).max(Duration::from_millis(1));
    let soft = (share * 6 / 10).min(hard);
    (soft, hard)
}

/// How much of the soft limit a search under a clock uses once its best move has stayed the same for
/// `stable` iterations in a row: more while it keeps changing, less once it has settled.
pub fn stability_scale(stable: u32) -> f64 {
    const SCALES: [f64; 5] = [2.0, 1.3, 1.0, 0.85, 0.75];
    SCALES[(stable as usize).min(SCALES.len() - 1)]
}

/// Whether a search `elapsed` into its move should start no new iteration, its best move having stayed the
/// same for `stable` iterations: the soft limit is scaled by [`stability_scale`] only under a clock (a soft
/// limit below the hard one); a fixed move time is never stretched.
pub fn past_soft(elapsed: Duration, soft: Option<Duration>, hard: Option<Duration>, stable: u32) -> bool {
    let Some(soft) = soft else { return false };
    let flexible = hard.is_some_and(|hard| soft < hard);
    let scale = if flexible { stability_scale(stable) } else { 1.0 };
    elapsed >= soft.mul_f64(scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, moves_to_go: Option<u32>) -> Clock {
        Clock { remaining: Duration::from_millis(ms), increment: Duration::from_millis(inc), moves_to_go }
    }

    #[test]
    fn a_move_never_takes_more_than_half_the_time_left() {
        let board = Board::default();
        for ms in [5, 50, 500, 5_000, 50_000] {
            let (soft, hard) = allot(&clock(ms, 10_000, None), &board);
            assert!(hard <= Duration::from_millis(ms) / 2 + Duration::from_millis(1), "{ms} ms left: hard {hard:?}");
            assert!(soft <= hard);
        }
    }

    #[test]
    fn the_last_move_before_the_control_may_use_most_of_the_time() {
        let (_, hard) = allot(&clock(10_000, 0, Some(1)), &Board::default());
        assert_eq!(hard, Duration::from_millis(10_000 - 20) * 4 / 5);
    }

    #[test]
    fn a_changing_best_move_gets_more_time_and_a_settled_one_less() {
        assert_eq!(stability_scale(0), 2.0);
        assert!((1..5).all(|n| stability_scale(n) < stability_scale(n - 1)));
        assert_eq!(stability_scale(4), 0.75);
        assert_eq!(stability_scale(40), 0.75);
        // Even the longest the soft limit stretches to stays under the hard limit's three shares.
        let (soft, hard) = allot(&clock(10_000, 100, None), &Board::default());
        assert!(soft.mul_f64(stability_scale(0)) < hard);
    }

    #[test]
    fn the_soft_limit_stretches_under_a_clock_only() {
        let ms = Duration::from_millis;
        let (soft, clocked) = (Some(ms(100)), Some(ms(300)));
        // Under a clock: a best move that just changed doubles the soft limit, a settled one cuts it to ¾.
        assert!(!past_soft(ms(199), soft, clocked, 0));
        assert!(past_soft(ms(200), soft, clocked, 0));
        assert!(!past_soft(ms(74), soft, clocked, 4));
        assert!(past_soft(ms(75), soft, clocked, 4));
        // A fixed move time (soft equal to hard) is never stretched nor cut; no soft limit never stops.
        assert!(!past_soft(ms(99), soft, soft, 4));
        assert!(past_soft(ms(100), soft, soft, 0));
        assert!(!past_soft(ms(10_000), None, clocked, 0));
    }

    #[test]
    fn the_increment_adds_to_each_move() {
        let board = Board::default();
        let (without, _) = allot(&clock(10_000, 0, None), &board);
        let (with, _) = allot(&clock(10_000, 1_000, None), &board);
        assert!(with > without + Duration::from_millis(400), "{with:?} vs {without:?}");
    }
}
