//! Long runs split into shards that separate processes or machines play, and the checks that the parts put
//! together make one run: which games belong to shard `I` of `N` (a match's and a tournament's: a contiguous
//! run of whole pairs of games; a 2048 benchmark's: a contiguous run of games; a run of independent items, as a
//! solver's table or training's self-play: every `N`-th item). Since game `i` is the same game whoever plays it
//! (its opening and streams come from the seed and `i`), the parts hold exactly the games of the whole run.
//!
//! It knows no kind of run: each kind owns its part and its merge (the arena's `matches`, `tournament` and
//! `g2048`; [`crate::items`]),
//! built on [`ShardPart`] and [`fit`]; `parts` reads a part file of any kind.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shard `index` of `count` (counted from 0, as a Kubernetes indexed job numbers its pods).
///
/// ```
/// use hamle_core::shard::Shard;
/// let shard: Shard = "1/4".parse()?;
/// assert_eq!(shard.games(100), 26..52, "whole pairs: 13 to shards 0 and 1, 12 to shards 2 and 3");
/// assert!("4/4".parse::<Shard>().is_err());
/// # Ok::<(), hamle_core::shard::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawShard")]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

/// A shard that does not read, or parts that do not make one match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(pub String);

/// A shard as a part file holds it, checked before it becomes a [`Shard`] (a hand-edited part must not divide by
/// zero).
#[derive(Deserialize)]
struct RawShard {
    index: usize,
    count: usize,
}

impl TryFrom<RawShard> for Shard {
    type Error = ShardError;

    fn try_from(raw: RawShard) -> Result<Shard, ShardError> {
        if raw.index >= raw.count {
            return Err(ShardError(format!("shard {}/{} cannot be: I must be below N", raw.index, raw.count)));
        }
        Ok(Shard { index: raw.index, count: raw.count })
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(format!("'{text}' is not a shard: write I/N, I from 0 to N − 1 (as 0/4)"));
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (index.trim().parse().map_err(|_| bad())?, count.trim().parse().map_err(|_| bad())?);
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The games this shard plays of a match of `total`: whole pairs (a pair shares its opening), the pairs
    /// shared as evenly as they go, the first shards taking one more; an odd last game goes with the last pair.
    pub fn games(&self, total: usize) -> Range<usize> {
        let pairs = total.div_ceil(2);
        let (base, extra) = (pairs / self.count, pairs % self.count);
        let first_pair = |shard: usize| shard * base + shard.min(extra);
        (2 * first_pair(self.index)).min(total)..(2 * first_pair(self.index + 1)).min(total)
    }

    /// The games this shard plays of a run of `total` games that stand alone (a 2048 benchmark's): a contiguous
    /// run, shared as evenly as they go, the first shards taking one more.
    ///
    /// ```
    /// use hamle_core::shard::Shard;
    /// assert_eq!(Shard { index: 1, count: 3 }.span(10), 4..7);
    /// ```
    pub fn span(&self, total: usize) -> Range<usize> {
        let (base, extra) = (total / self.count, total % self.count);
        let first = |s: usize| s * base + s.min(extra);
        first(self.index)..first(self.index + 1)
    }

    /// The items this shard takes of a run of `total` independent items: every `N`-th from its index, so that
    /// the large items at the end of a run (a table's large boards) are shared out among the shards.
    ///
    /// ```
    /// use hamle_core::shard::Shard;
    /// assert_eq!(Shard { index: 1, count: 3 }.items(8), [1, 4, 7]);
    /// ```
    pub fn items(&self, total: usize) -> Vec<usize> {
        (self.index..total).step_by(self.count.max(1)).collect()
    }
}

/// A shard's part of a run of some kind, as [`fit`] checks the parts before the kind merges them.
pub trait ShardPart {
    /// The kind of run in words, for refusing a part of another: `match`, `tournament`, `benchmark`.
    const RUN: &'static str;

    /// What every part of one run shares, the shard count included.
    type Key: PartialEq;

    /// Which shard of how many.
    fn shard(&self) -> Shard;

    /// What the parts of this part's run share.
    fn key(&self) -> Self::Key;

    /// The run in words, to tell two runs apart: `tictactoe perfect vs random, 10 games, seed 4, 2 shards`.
    fn describe(&self) -> String;

    /// Whether the part holds exactly the games (or items) its shard plays.
    fn holds_its_share(&self) -> bool;
}

/// The parts of one run in shard order, as the first part and the others: refused unless they are of one run,
/// and hold every shard once, each with its games.
///
/// # Errors
/// When there are no parts, the parts are of different runs, a shard is missing or given twice, or a part does
/// not hold its shard's games.
pub fn fit<P: ShardPart>(mut parts: Vec<P>) -> Result<(P, Vec<P>), ShardError> {
    let first = parts.first().ok_or_else(|| ShardError("no parts to merge".into()))?;
    let key = first.key();
    if let Some(other) = parts.iter().find(|p| p.key() != key) {
        return Err(ShardError(format!(
            "shard {} is of another {} ({}) than shard {} ({})",
            other.shard(),
            P::RUN,
            other.describe(),
            first.shard(),
            first.describe()
        )));
    }
    let count = first.shard().count;
    parts.sort_by_key(|p| p.shard().index);
    let mut seen = 0;
    for (want, part) in parts.iter().enumerate() {
        let shard = part.shard();
        if shard.index != want {
            let (kind, which) = if shard.index < want { ("given twice", shard.index) } else { ("missing", want) };
            return Err(ShardError(format!("shard {which}/{count} is {kind}")));
        }
        if !part.holds_its_share() {
            return Err(ShardError(format!("shard {shard} does not hold the games that shard plays")));
        }
        seen += 1;
    }
    if seen != count {
        return Err(ShardError(format!("shard {seen}/{count} is missing")));
    }
    let rest = parts.split_off(1);
    let first = parts.pop().ok_or_else(|| ShardError("no parts to merge".into()))?;
    Ok((first, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_with_an_impossible_shard_is_refused_when_read() {
        let good: Shard = serde_json::from_str(r#"{"index": 1, "count": 3}"#).expect("a shard");
        assert_eq!(good, Shard { index: 1, count: 3 });
        for bad in [r#"{"index": 0, "count": 0}"#, r#"{"index": 3, "count": 3}"#] {
            let refused = serde_json::from_str::<Shard>(bad).expect_err(bad).to_string();
            assert!(refused.contains("I must be below N"), "{refused}");
        }
    }

    #[test]
    fn shards_cover_every_game_once_in_whole_pairs() {
        for total in 0..40 {
            for count in 1..9 {
                let ranges: Vec<Range<usize>> = (0..count).map(|index| Shard { index, count }.games(total)).collect();
                let games: Vec<usize> = ranges.iter().flat_map(|r| r.clone()).collect();
                assert_eq!(games, (0..total).collect::<Vec<_>>(), "{total} games in {count} shards");
                for r in ranges.iter().filter(|r| !r.is_empty()) {
                    assert!(r.start % 2 == 0 && (r.end % 2 == 0 || r.end == total), "{r:?}: whole pairs");
                }
                let sizes: Vec<usize> = ranges.iter().map(|r| r.len().div_ceil(2)).collect();
                let (most, least) = (sizes.iter().max(), sizes.iter().min());
                assert!(most.zip(least).is_some_and(|(m, l)| m - l <= 1), "{sizes:?}: as even as they go");
            }
        }
    }

    #[test]
    fn a_benchmark_s_shards_cover_every_game_once_as_evenly_as_they_go() {
        for total in 0..30 {
            for count in 1..7 {
                let ranges: Vec<Range<usize>> = (0..count).map(|index| Shard { index, count }.span(total)).collect();
                let games: Vec<usize> = ranges.iter().flat_map(|r| r.clone()).collect();
                assert_eq!(games, (0..total).collect::<Vec<_>>(), "{total} games in {count} shards");
                let sizes: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
                assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1), "{sizes:?}: the first take more");
            }
        }
    }

    #[test]
    fn shards_that_do_not_read_are_refused() {
        for bad in ["", "1", "1/0", "2/2", "-1/3", "a/b", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard { index: 0, count: 1 }));
        assert_eq!(Shard { index: 2, count: 5 }.to_string(), "2/5");
    }
}
