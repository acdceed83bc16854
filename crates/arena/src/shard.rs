//! Long runs split into shards that separate processes or machines play, and the parts merged into the report
//! the whole run gives: matches (shard `I` of `N` plays a contiguous run of whole pairs of games), tournaments
//! (the same games of every pairing), 2048 benchmarks (a contiguous run of games), and runs of independent items
//! (a solver's table, training's self-play games: every `N`-th item). Since game `i` is the same game whoever plays it (its opening and
//! streams come from the seed and `i`), the parts hold exactly the games of the whole run.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::matches::{GameRecord, MatchReport};
use crate::tiles::{TileGame, TileReport, summarize};
use crate::tournament::{TournamentOptions, TournamentReport, rate};
use hamle_core::stream::derive_seed;

/// Shard `index` of `count` (counted from 0, as a Kubernetes indexed job numbers its pods).
///
/// ```
/// use hamle_arena::shard::Shard;
/// let shard: Shard = "1/4".parse()?;
/// assert_eq!(shard.games(100), 26..52, "whole pairs: 13 to shards 0 and 1, 12 to shards 2 and 3");
/// assert!("4/4".parse::<Shard>().is_err());
/// # Ok::<(), hamle_arena::shard::ShardError>(())
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
}

/// A part of a sharded run, as the shard writes it: which kind of run it belongs to, and its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Part {
    /// A shard of `hamle match`.
    Match(MatchPart),
    /// A shard of `hamle bench 2048`.
    Bench(BenchPart),
    /// A shard of `hamle tournament`.
    Tournament(TournamentPart),
    /// A shard of a run of numbered items that do not depend on each other: a solver's table
    /// (`hamle solve domineering --table N`), training's self-play games (`hamle train chess`).
    Items(ItemsPart),
}

/// One shard's items of a run whose items do not depend on each other, as `hamle solve domineering --table N
/// --shard I/N --out PART` (the boards) and `hamle train chess --games N --shard I/N --out PART` (the self-play
/// games) write them. Item `k` belongs to shard `k mod N`, so that the large boards at the end of a table are
/// shared out among the shards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemsPart {
    /// Which shard of how many.
    pub shard: Shard,
    /// The run: `domineering table`, `chess self-play`.
    pub run: String,
    /// What the run was asked for (its size, seed, options), the same in every part.
    pub params: serde_json::Value,
    /// Items in the whole run.
    pub items: usize,
    /// Wall time of this shard, in seconds.
    pub seconds: f64,
    /// The shard's items, each with its index in the run.
    pub entries: Vec<(usize, serde_json::Value)>,
}

impl ItemsPart {
    /// The items shard `shard` takes of a run of `total`.
    ///
    /// ```
    /// use hamle_arena::shard::{ItemsPart, Shard};
    /// assert_eq!(ItemsPart::items_of(Shard { index: 1, count: 3 }, 8), [1, 4, 7]);
    /// ```
    pub fn items_of(shard: Shard, total: usize) -> Vec<usize> {
        (shard.index..total).step_by(shard.count.max(1)).collect()
    }
}

/// Combines the parts of a sharded run of items into the whole run, as one part (shard 0 of 1) holding every item
/// in order, with the shards' wall times summed.
///
/// # Errors
/// When the parts are of different runs, a shard is missing or given twice, or a part does not hold its shard's
/// items.
pub fn merge_items(mut parts: Vec<ItemsPart>) -> Result<ItemsPart, ShardError> {
    let first = parts.first().ok_or_else(|| ShardError("no parts to merge".into()))?.clone();
    let key = |p: &ItemsPart| (p.run.clone(), p.params.clone(), p.items, p.shard.count);
    if let Some(other) = parts.iter().find(|p| key(p) != key(&first)) {
        return Err(ShardError(format!(
            "shard {} is of another run ({} {}) than shard {} ({} {})",
            other.shard, other.run, other.params, first.shard, first.run, first.params
        )));
    }
    parts.sort_by_key(|p| p.shard.index);
    let holds_its_items = |p: &ItemsPart| p.entries.iter().map(|(k, _)| *k).eq(ItemsPart::items_of(p.shard, p.items));
    check_shards(parts.iter().map(|p| (p.shard, holds_its_items(p))), first.shard.count)?;
    let seconds = parts.iter().map(|p| p.seconds).sum();
    let mut entries: Vec<(usize, serde_json::Value)> = parts.into_iter().flat_map(|p| p.entries).collect();
    entries.sort_by_key(|(k, _)| *k);
    Ok(ItemsPart { shard: Shard { index: 0, count: 1 }, seconds, entries, ..first })
}

/// One shard's games of a tournament, as `hamle tournament … --shard I/N --out PART` writes them: the shard's
/// part of every pairing's match, in the order the pairings are played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentPart {
    /// Which shard of how many.
    pub shard: Shard,
    /// The game as named.
    pub game: String,
    /// The master seed every pairing shares.
    pub seed: u64,
    /// The bots in the order named.
    pub bots: Vec<String>,
    /// Games in each pairing of the whole tournament.
    pub games_per_pair: usize,
    /// The gauntlet's bot, by index.
    pub gauntlet: Option<usize>,
    /// The bot rated 0, by index.
    pub anchor: usize,
    /// The shard's part of each pairing's match.
    pub matches: Vec<MatchPart>,
}

/// Combines the parts of a sharded tournament into the report the whole tournament gives (the wall times
/// summed). Each pairing's parts merge as a match's do.
///
/// # Errors
/// When the parts are of different tournaments, a shard is missing or given twice, or a part does not hold its
/// shard's games.
pub fn merge_tournament(mut parts: Vec<TournamentPart>) -> Result<TournamentReport, ShardError> {
    let first = parts.first().ok_or_else(|| ShardError("no parts to merge".into()))?.clone();
    let key = |p: &TournamentPart| {
        (p.game.clone(), p.seed, p.bots.clone(), p.games_per_pair, p.gauntlet, p.anchor, p.shard.count, p.matches.len())
    };
    if let Some(other) = parts.iter().find(|p| key(p) != key(&first)) {
        return Err(ShardError(format!(
            "shard {} is of another tournament ({} among {}, seed {}) than shard {} ({} among {}, seed {})",
            other.shard,
            other.game,
            other.bots.join(", "),
            other.seed,
            first.shard,
            first.game,
            first.bots.join(", "),
            first.seed
        )));
    }
    parts.sort_by_key(|p| p.shard.index);
    check_shards(parts.iter().map(|p| (p.shard, true)), first.shard.count)?;
    let mut matches = Vec::new();
    for k in 0..first.matches.len() {
        matches.push(merge(parts.iter().map(|p| p.matches[k].clone()).collect())?);
    }
    let options =
        TournamentOptions { games_per_pair: first.games_per_pair, gauntlet: first.gauntlet, anchor: first.anchor };
    rate(first.game, first.seed, first.bots, &options, matches).map_err(|e| ShardError(e.to_string()))
}

/// One shard's games of a 2048 benchmark, as `hamle bench 2048 --shard I/N --out PART` writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchPart {
    /// Which shard.
    pub shard: Shard,
    /// The game as named.
    pub game: String,
    /// The bot as named.
    pub bot: String,
    /// The whole benchmark's games.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// This shard's wall time, in seconds.
    pub seconds: f64,
    /// This shard's games, in order.
    pub records: Vec<TileGame>,
}

impl BenchPart {
    /// The part of `report` (shard `shard`'s games of a benchmark of `games`).
    pub fn new(shard: Shard, games: usize, report: TileReport) -> BenchPart {
        BenchPart {
            shard,
            game: report.game,
            bot: report.bot,
            games,
            seed: report.seed,
            seconds: report.seconds,
            records: report.records,
        }
    }

    /// The games a benchmark's shard plays: a contiguous run, shared as evenly as they go.
    pub fn games_of(shard: Shard, total: usize) -> Range<usize> {
        let (base, extra) = (total / shard.count, total % shard.count);
        let first = |s: usize| s * base + s.min(extra);
        first(shard.index)..first(shard.index + 1)
    }
}

/// The whole benchmark from its parts, in any order, its wall time the sum of the parts'. Refused unless the
/// parts are of one benchmark (game, bot, seed, games, shard count) and hold every shard once with its games.
pub fn merge_bench(mut parts: Vec<BenchPart>) -> Result<TileReport, ShardError> {
    let first = parts.first().ok_or_else(|| ShardError("no parts to merge".into()))?.clone();
    let key = |p: &BenchPart| (p.game.clone(), p.bot.clone(), p.seed, p.games, p.shard.count);
    if let Some(other) = parts.iter().find(|p| key(p) != key(&first)) {
        return Err(ShardError(format!(
            "shard {} is of another benchmark ({} on {}, {} games, seed {}) than shard {} ({} on {}, {} games, seed {})",
            other.shard,
            other.bot,
            other.game,
            other.games,
            other.seed,
            first.shard,
            first.bot,
            first.game,
            first.games,
            first.seed
        )));
    }
    parts.sort_by_key(|p| p.shard.index);
    let holds_its_games = |p: &BenchPart| {
        let seeds = BenchPart::games_of(p.shard, p.games).map(|i| derive_seed(p.seed, i as u64));
        p.records.iter().map(|r| r.seed).eq(seeds)
    };
    check_shards(parts.iter().map(|p| (p.shard, holds_its_games(p))), first.shard.count)?;
    let seconds = parts.iter().map(|p| p.seconds).sum();
    let records: Vec<TileGame> = parts.into_iter().flat_map(|p| p.records).collect();
    Ok(summarize(first.game, first.bot, first.seed, records, seconds))
}

/// Checks that sorted shards are each there once, each holding the games it plays.
fn check_shards(shards: impl Iterator<Item = (Shard, bool)>, count: usize) -> Result<(), ShardError> {
    let mut seen = 0;
    for (want, (shard, holds_its_games)) in shards.enumerate() {
        if shard.index != want {
            let (kind, which) = if shard.index < want { ("given twice", shard.index) } else { ("missing", want) };
            return Err(ShardError(format!("shard {which}/{count} is {kind}")));
        }
        if !holds_its_games {
            return Err(ShardError(format!("shard {shard} does not hold the games that shard plays")));
        }
        seen += 1;
    }
    if seen != count {
        return Err(ShardError(format!("shard {seen}/{count} is missing")));
    }
    Ok(())
}

/// One shard's games of a match, as `hamle match --shard I/N --out PART` writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchPart {
    /// Which shard.
    pub shard: Shard,
    /// The game as named.
    pub game: String,
    /// The whole match's games.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Bot A's and bot B's names.
    pub bots: [String; 2],
    /// This shard's wall time, in seconds.
    pub seconds: f64,
    /// This shard's games, in order.
    pub records: Vec<GameRecord>,
}

impl MatchPart {
    /// The part of `report` (a run of `shard`'s games of a match of `games`).
    pub fn new(shard: Shard, games: usize, report: MatchReport) -> MatchPart {
        MatchPart {
            shard,
            game: report.game,
            games,
            seed: report.seed,
            bots: [report.a.bot, report.b.bot],
            seconds: report.seconds,
            records: report.records,
        }
    }
}

/// The whole match from its parts, in any order: the report `hamle match` gives when it plays every game
/// itself, its wall time the sum of the parts'. Refused unless the parts are of one match (game, seed, bots,
/// games, shard count) and hold every shard once with the games that shard plays.
pub fn merge(mut parts: Vec<MatchPart>) -> Result<MatchReport, ShardError> {
    let first = parts.first().ok_or_else(|| ShardError("no parts to merge".into()))?.clone();
    for part in &parts {
        let same = (&part.game, part.seed, &part.bots, part.games, part.shard.count)
            == (&first.game, first.seed, &first.bots, first.games, first.shard.count);
        if !same {
            return Err(ShardError(format!(
                "shard {} is of another match ({} {} vs {}, {} games, seed {}, {} shards) than shard {} ({} {} vs {}, \
                 {} games, seed {}, {} shards)",
                part.shard,
                part.game,
                part.bots[0],
                part.bots[1],
                part.games,
                part.seed,
                part.shard.count,
                first.shard,
                first.game,
                first.bots[0],
                first.bots[1],
                first.games,
                first.seed,
                first.shard.count
            )));
        }
    }
    parts.sort_by_key(|p| p.shard.index);
    let holds_its_games = |p: &MatchPart| p.records.iter().map(|r| r.index).eq(p.shard.games(p.games));
    check_shards(parts.iter().map(|p| (p.shard, holds_its_games(p))), first.shard.count)?;
    let seconds = parts.iter().map(|p| p.seconds).sum();
    let records: Vec<GameRecord> = parts.into_iter().flat_map(|p| p.records).collect();
    Ok(MatchReport::new(first.game, first.seed, first.bots, records, seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(index: usize, count: usize, run: &str) -> ItemsPart {
        let items = 5;
        ItemsPart {
            shard: Shard { index, count },
            run: run.into(),
            params: serde_json::json!({ "n": 1 }),
            items,
            seconds: 1.5,
            entries: ItemsPart::items_of(Shard { index, count }, items)
                .into_iter()
                .map(|k| (k, serde_json::json!(k * 10)))
                .collect(),
        }
    }

    #[test]
    fn items_merge_in_order_from_parts_in_any_order_and_only_from_one_run() {
        let whole = merge_items(vec![items(1, 2, "a"), items(0, 2, "a")]).expect("merged");
        assert_eq!(whole.shard, Shard { index: 0, count: 1 });
        assert_eq!(whole.seconds, 3.0);
        let values: Vec<(usize, serde_json::Value)> = (0..5).map(|k| (k, serde_json::json!(k * 10))).collect();
        assert_eq!(whole.entries, values);
        let err = merge_items(vec![items(0, 2, "a"), items(1, 2, "b")]).expect_err("two runs").to_string();
        assert!(err.contains("of another run"), "{err}");
        let mut short = items(1, 2, "a");
        short.entries.pop();
        let err = merge_items(vec![items(0, 2, "a"), short]).expect_err("a missing item").to_string();
        assert!(err.contains("does not hold"), "{err}");
    }

    #[test]
    fn tournament_parts_of_another_tournament_are_refused() {
        let part = |index: usize, seed: u64| TournamentPart {
            shard: Shard { index, count: 2 },
            game: "tictactoe".into(),
            seed,
            bots: vec!["a".into(), "b".into()],
            games_per_pair: 2,
            gauntlet: None,
            anchor: 1,
            matches: Vec::new(),
        };
        let err = merge_tournament(vec![part(0, 1), part(1, 2)]).expect_err("two seeds").to_string();
        assert!(err.contains("of another tournament"), "{err}");
        let err = merge_tournament(vec![part(0, 1)]).expect_err("a shard missing").to_string();
        assert!(err.contains("shard 1/2 is missing"), "{err}");
    }

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
                let ranges: Vec<Range<usize>> =
                    (0..count).map(|index| BenchPart::games_of(Shard { index, count }, total)).collect();
                let games: Vec<usize> = ranges.iter().flat_map(|r| r.clone()).collect();
                assert_eq!(games, (0..total).collect::<Vec<_>>(), "{total} games in {count} shards");
                let sizes: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
                assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1), "{sizes:?}: the first take more");
            }
        }
    }

    /// Shard `index` of `count` of a benchmark of `total` games, each game a record with its seed.
    fn bench_part(index: usize, count: usize, total: usize) -> BenchPart {
        let shard = Shard { index, count };
        let records = BenchPart::games_of(shard, total)
            .map(|i| TileGame {
                seed: derive_seed(9, i as u64),
                score: i as u64,
                moves: 10,
                top: 1024,
                first: vec![],
                seconds: 1.0,
            })
            .collect();
        BenchPart { shard, game: "2048".into(), bot: "random".into(), games: total, seed: 9, seconds: 2.0, records }
    }

    #[test]
    fn a_benchmark_merges_from_its_parts_in_any_order_and_refuses_what_is_not_one() {
        let merged =
            merge_bench(vec![bench_part(2, 3, 10), bench_part(0, 3, 10), bench_part(1, 3, 10)]).expect("merged");
        assert_eq!(merged.games, 10);
        assert_eq!(merged.records.iter().map(|r| r.score).collect::<Vec<_>>(), (0..10).collect::<Vec<u64>>());
        assert_eq!(merged.seconds, 6.0, "the parts' times added");
        let refused = |parts: Vec<BenchPart>| merge_bench(parts).expect_err("refused").to_string();
        assert!(refused(vec![bench_part(0, 3, 10), bench_part(2, 3, 10)]).contains("shard 1/3 is missing"));
        assert!(refused(vec![bench_part(0, 3, 10), bench_part(1, 3, 10)]).contains("shard 2/3 is missing"));
        assert!(
            refused(vec![bench_part(0, 2, 10), bench_part(0, 2, 10), bench_part(1, 2, 10)])
                .contains("shard 0/2 is given twice")
        );
        let mut other = bench_part(1, 2, 10);
        other.bot = "expectimax".into();
        assert!(refused(vec![bench_part(0, 2, 10), other]).contains("of another benchmark"));
        let mut short = bench_part(1, 2, 10);
        short.records.pop();
        assert!(refused(vec![bench_part(0, 2, 10), short]).contains("does not hold the games that shard plays"));
        let mut shifted = bench_part(1, 2, 10);
        shifted.records[0].seed = derive_seed(9, 0);
        assert!(refused(vec![bench_part(0, 2, 10), shifted]).contains("does not hold the games"));
        assert!(refused(vec![]).contains("no parts"));
    }

    /// Shard `index` of `count` of a match of `total` games, A winning every game.
    fn match_part(index: usize, count: usize, total: usize) -> MatchPart {
        let shard = Shard { index, count };
        let records = shard
            .games(total)
            .map(|i| GameRecord {
                index: i,
                a_first: i % 2 == 0,
                a_points: 1.0,
                b_points: 0.0,
                plies: 5,
                truncated: false,
                end: None,
                forfeit: None,
                transcript: None,
            })
            .collect();
        MatchPart {
            shard,
            game: "tictactoe".into(),
            games: total,
            seed: 4,
            bots: ["perfect".into(), "random".into()],
            seconds: 1.5,
            records,
        }
    }

    #[test]
    fn a_match_merges_from_its_parts_in_any_order_and_refuses_what_is_not_one() {
        let merged = merge(vec![match_part(1, 2, 9), match_part(0, 2, 9)]).expect("merged");
        assert_eq!((merged.games, merged.a.wins, merged.seconds), (9, 9, 3.0));
        assert_eq!(merged.records.iter().map(|r| r.index).collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
        let refused = |parts: Vec<MatchPart>| merge(parts).expect_err("refused").to_string();
        assert!(refused(vec![match_part(1, 2, 9)]).contains("shard 0/2 is missing"));
        assert!(refused(vec![match_part(0, 2, 9)]).contains("shard 1/2 is missing"));
        assert!(refused(vec![match_part(0, 2, 9), match_part(0, 2, 9)]).contains("shard 0/2 is given twice"));
        let mut other = match_part(1, 2, 9);
        other.seed = 5;
        assert!(refused(vec![match_part(0, 2, 9), other]).contains("of another match"));
        let mut short = match_part(1, 2, 9);
        short.records.pop();
        assert!(refused(vec![match_part(0, 2, 9), short]).contains("does not hold the games that shard plays"));
        assert!(refused(vec![]).contains("no parts"));
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
