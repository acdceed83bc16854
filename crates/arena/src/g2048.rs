//! 2048 benchmarks: many seeded games of one bot in parallel, the share of games reaching each tile
//! (2048 to 65536), the scores and the bot's pace.

use std::collections::BTreeMap;
use std::time::Instant;

use hamle_2048::{G2048, GameRecord, play_game};
use hamle_core::{Budget, stream::derive_seed};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ArenaError;
use crate::elo::wilson;
use crate::progress::{Progress, Watcher};
use crate::shard::{Shard, ShardError, ShardPart, fit};
use hamle_core::Spec;

/// The tiles a benchmark reports, as exponents: 2048 (2^11) to 65536 (2^16).
pub const TILES: std::ops::RangeInclusive<u8> = 11..=16;

/// One game of a benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileGame {
    /// The game's seed (derived from the benchmark's seed and the game's index).
    pub seed: u64,
    /// Final score.
    pub score: u64,
    /// Moves made.
    pub moves: u32,
    /// The largest tile.
    pub top: u64,
    /// For each tile from 2048 to 65536 reached, the move after which it first appeared.
    pub first: Vec<(u64, u32)>,
    /// The bot's thinking time, in seconds.
    pub seconds: f64,
}

/// The share of games that reached one tile, with its 95 % Wilson interval.
#[derive(Clone, Debug)]
pub struct Reached {
    /// The tile.
    pub tile: u64,
    /// Games that reached it.
    pub games: usize,
    /// Their share.
    pub share: f64,
    /// 95 % interval of the share.
    pub interval: (f64, f64),
    /// The median move at which it first appeared, over the games that reached it.
    pub median_move: Option<u32>,
}

/// A whole benchmark.
#[derive(Clone, Debug)]
pub struct TileReport {
    /// The game with its parameters.
    pub game: String,
    /// The bot with its parameters.
    pub bot: String,
    /// Games played.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Each tile from 2048 to 65536.
    pub reached: Vec<Reached>,
    /// Lowest, median and highest final score.
    pub score: [u64; 3],
    /// The mean final score (the figure the 2048 literature quotes beside the tiles' shares).
    pub mean_score: f64,
    /// Median over games of the moves per second of thinking, with the quartiles around it.
    pub moves_per_second: [f64; 3],
    /// Wall time of the whole benchmark, in seconds.
    pub seconds: f64,
    /// Every game.
    pub records: Vec<TileGame>,
}

/// Plays `games` games of `bot` (a spec) on `game` (a spec of 2048), game `first` onwards: game `i` draws from
/// the seed `derive_seed(seed, i)`, so a run from `first` plays exactly those games of a longer benchmark (a
/// shard). Runs on rayon's pool; `progress` hears each game end, and every 500 moves how a game is going.
///
/// # Errors
/// When a spec names another game, an unknown bot or parameter, or a value out of range.
pub fn bench_2048(
    game: &Spec,
    bot: &Spec,
    games: usize,
    first: usize,
    seed: u64,
    budget: Budget,
    progress: Option<&Watcher>,
) -> Result<TileReport, ArenaError> {
    let def = hamle_2048::definition();
    let start = def.game(game)?;
    let bot_name = def.bot(bot, &start)?.name();
    let tell = |step: Progress| {
        if let Some(watcher) = progress {
            watcher.tell(step);
        }
    };
    tell(Progress::Start { what: format!("{bot_name} on {game}"), games });
    let began = Instant::now();
    let records: Vec<TileGame> = (first..first + games)
        .into_par_iter()
        .map(|i| {
            let game_seed = derive_seed(seed, i as u64);
            // The spec was checked above, so building the bot again cannot fail.
            let mut player = def.bot(bot, &start).unwrap_or_else(|_| Box::new(hamle_core::bot::RandomBot));
            let record = play_game(&start, player.as_mut(), &budget, game_seed, false, &mut |g: &G2048| {
                if g.moves().is_multiple_of(500) {
                    tell(Progress::Tile { moves: g.moves(), top: 1u64 << g.top_exponent() });
                }
            });
            tell(Progress::Played);
            tile_game(game_seed, &record)
        })
        .collect();
    tell(Progress::Finish);
    Ok(summarize(game.to_string(), bot_name, seed, records, began.elapsed().as_secs_f64()))
}

fn tile_game(seed: u64, record: &GameRecord) -> TileGame {
    let first = TILES.filter_map(|e| record.first[usize::from(e)].map(|m| (1u64 << e, m))).collect();
    TileGame {
        seed,
        score: record.score,
        moves: record.moves,
        top: 1u64 << record.top,
        first,
        seconds: record.thinking.as_secs_f64(),
    }
}

fn median<T: Copy + PartialOrd>(sorted: &[T]) -> Option<T> {
    sorted.get(sorted.len() / 2).copied()
}

/// A benchmark's report from its games, in order (as a merge of shards rebuilds it).
pub fn summarize(game: String, bot: String, seed: u64, records: Vec<TileGame>, seconds: f64) -> TileReport {
    let n = records.len();
    let reached = TILES
        .map(|e| {
            let tile = 1u64 << e;
            let mut at: Vec<u32> =
                records.iter().filter_map(|r| r.first.iter().find(|&&(t, _)| t == tile).map(|&(_, m)| m)).collect();
            at.sort_unstable();
            Reached {
                tile,
                games: at.len(),
                share: if n == 0 { 0.0 } else { at.len() as f64 / n as f64 },
                interval: wilson(at.len(), n),
                median_move: median(&at),
            }
        })
        .collect();
    let mut scores: Vec<u64> = records.iter().map(|r| r.score).collect();
    scores.sort_unstable();
    let mut pace: Vec<f64> =
        records.iter().filter(|r| r.seconds > 0.0).map(|r| f64::from(r.moves) / r.seconds).collect();
    pace.sort_by(f64::total_cmp);
    let quartile = |q: usize| pace.get(pace.len() * q / 4).copied().unwrap_or(0.0);
    TileReport {
        game,
        bot,
        games: n,
        seed,
        reached,
        score: [
            scores.first().copied().unwrap_or(0),
            median(&scores).unwrap_or(0),
            scores.last().copied().unwrap_or(0),
        ],
        moves_per_second: [quartile(1), quartile(2), quartile(3)],
        mean_score: if n == 0 { 0.0 } else { scores.iter().sum::<u64>() as f64 / n as f64 },
        seconds,
        records,
    }
}

impl TileReport {
    /// The report as a Markdown table.
    pub fn table(&self) -> String {
        let mut out = format!("{} on {}: {} games from seed {}\n\n", self.bot, self.game, self.games, self.seed);
        out.push_str("| tile | games | share | 95 % interval | median move first seen |\n|---:|---:|---:|---|---:|\n");
        for r in &self.reached {
            let at = r.median_move.map_or("–".to_owned(), |m| m.to_string());
            out.push_str(&format!(
                "| {} | {} | {:.1} % | {:.1}–{:.1} % | {at} |\n",
                r.tile,
                r.games,
                100.0 * r.share,
                100.0 * r.interval.0,
                100.0 * r.interval.1
            ));
        }
        let [lo, mid, hi] = self.score;
        let [q1, q2, q3] = self.moves_per_second;
        out.push_str(&format!(
            "\nscore: min {lo}, median {mid}, mean {:.0}, max {hi}\nmoves per second (per game): median {q2:.1} (quartiles {q1:.1}–{q3:.1})\nwall time: {:.1} s\n",
            self.mean_score, self.seconds
        ));
        out
    }
}

/// One shard's games of a 2048 benchmark, as `hamle bench 2048 --shard I/N --out PART` writes them: a
/// contiguous run of games ([`Shard::span`]).
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
}

impl ShardPart for BenchPart {
    const RUN: &'static str = "benchmark";
    type Key = (String, String, u64, usize, usize);

    fn shard(&self) -> Shard {
        self.shard
    }

    fn key(&self) -> Self::Key {
        (self.game.clone(), self.bot.clone(), self.seed, self.games, self.shard.count)
    }

    fn describe(&self) -> String {
        format!("{} on {}, {} games, seed {}", self.bot, self.game, self.games, self.seed)
    }

    fn holds_its_share(&self) -> bool {
        let seeds = self.shard.span(self.games).map(|i| derive_seed(self.seed, i as u64));
        self.records.iter().map(|r| r.seed).eq(seeds)
    }
}

/// The whole benchmark from its parts, in any order, its wall time the sum of the parts'.
///
/// # Errors
/// Unless the parts are of one benchmark (game, bot, seed, games, shard count) and hold every shard once with
/// its games.
pub fn merge_bench(parts: Vec<BenchPart>) -> Result<TileReport, ShardError> {
    let (first, rest) = fit(parts)?;
    let seconds = first.seconds + rest.iter().map(|p| p.seconds).sum::<f64>();
    let records: Vec<TileGame> = first.records.into_iter().chain(rest.into_iter().flat_map(|p| p.records)).collect();
    Ok(summarize(first.game, first.bot, first.seed, records, seconds))
}

/// A 2048 benchmark as its report file holds it: the share of games reaching each tile, the scores, the pace and,
/// in the full report, every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// The game with its parameters.
    pub game: String,
    /// The bot with its parameters.
    pub bot: String,
    /// Games played.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// The share of games reaching each tile, by the tile written out (`"2048"`).
    pub reached: BTreeMap<String, f64>,
    /// Each tile's games, share, interval and median move.
    pub reached_details: Vec<TileShare>,
    /// Lowest, median and highest final score.
    pub score: Spread,
    /// The mean final score (0 in reports written before it was kept).
    #[serde(default)]
    pub mean_score: f64,
    /// Median over games of the moves per second of thinking.
    pub moves_per_second: f64,
    /// Its lower and upper quartiles.
    pub moves_per_second_quartiles: [f64; 2],
    /// Wall time of the whole benchmark, in seconds.
    pub seconds: f64,
    /// Every game, in the full report only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub records: Option<Vec<TileGame>>,
}

/// The games that reached one tile in a benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileShare {
    /// The tile.
    pub tile: u64,
    /// Games that reached it.
    pub games: usize,
    /// Their share.
    pub share: f64,
    /// 95 % interval of the share (Wilson).
    pub interval: [f64; 2],
    /// The median move at which it first appeared, over the games that reached it.
    pub median_move: Option<u32>,
}

/// Lowest, median and highest of some counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spread {
    /// The lowest.
    pub min: u64,
    /// The median.
    pub median: u64,
    /// The highest.
    pub max: u64,
}

impl BenchReport {
    /// The report of `run`, with every game when `records` (the full report) and without (the summary).
    pub fn new(run: &TileReport, records: bool) -> BenchReport {
        let [min, median, max] = run.score;
        BenchReport {
            game: run.game.clone(),
            bot: run.bot.clone(),
            games: run.games,
            seed: run.seed,
            reached: run.reached.iter().map(|r| (r.tile.to_string(), r.share)).collect(),
            reached_details: run
                .reached
                .iter()
                .map(|r| TileShare {
                    tile: r.tile,
                    games: r.games,
                    share: r.share,
                    interval: [r.interval.0, r.interval.1],
                    median_move: r.median_move,
                })
                .collect(),
            score: Spread { min, median, max },
            mean_score: run.mean_score,
            moves_per_second: run.moves_per_second[1],
            moves_per_second_quartiles: [run.moves_per_second[0], run.moves_per_second[2]],
            seconds: run.seconds,
            records: records.then(|| run.records.clone()),
        }
    }
}

impl BenchReport {
    /// The report as its file holds it: its fields and its `kind`, `bench` (the lab reads report files by kind).
    ///
    /// # Errors
    /// None in practice: the report is plain data.
    pub fn to_report(&self) -> Result<serde_json::Value, serde_json::Error> {
        let mut value = serde_json::to_value(self)?;
        if let Some(map) = value.as_object_mut() {
            map.insert("kind".into(), "bench".into());
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shard `index` of `count` of a benchmark of `total` games, each game a record with its seed.
    fn bench_part(index: usize, count: usize, total: usize) -> BenchPart {
        let shard = Shard { index, count };
        let records = shard
            .span(total)
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
        // Scores 0..=9: the mean 4.5, the median the upper middle one.
        assert_eq!((merged.mean_score, merged.score), (4.5, [0, 5, 9]));
        assert!(
            merged.table().contains("score: min 0, median 5, mean 4, max 9"),
            "4.5 rounds to even: {}",
            merged.table()
        );
        assert_eq!(BenchReport::new(&merged, false).mean_score, 4.5);
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
}
