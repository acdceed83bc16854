//! Tournaments between several bots: every pairing a match (a round robin, or a gauntlet of one bot against the
//! rest), all pairings on the same seed so that they meet the same openings and the same chance, and ratings for
//! every bot by maximum likelihood over all the games at once, as Ordo and BayesElo give them, anchored on one
//! bot, each with a 95 % interval. `docs/lab.md` gives the model.

use serde::{Deserialize, Serialize};

use crate::ArenaError;
use crate::matches::{GameRecord, MatchOptions, MatchPart, MatchReport, merge_match};
use crate::registry::GameKind;
use crate::shard::{Shard, ShardError, ShardPart, fit};
use hamle_core::Spec;

/// Points of a game's Elo difference: the logistic model's scale, `ln 10 / 400`.
const SCALE: f64 = std::f64::consts::LN_10 / 400.0;

/// One bot's rating in a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The bot as named on the command line.
    pub bot: String,
    /// Its Elo, the anchor's being 0.
    pub elo: f64,
    /// The 95 % interval of its Elo relative to the anchor (the anchor's is its own rating, exactly).
    pub ci95: [f64; 2],
    /// Games it played.
    pub games: usize,
    /// Its points in them.
    pub points: f64,
}

/// What a tournament found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentReport {
    /// The game as named.
    pub game: String,
    /// The master seed every pairing shares.
    pub seed: u64,
    /// The bot whose rating is 0.
    pub anchor: String,
    /// Every bot, best first.
    pub ratings: Vec<Rating>,
    /// `crosstable[i][j]`: the points bot `i` (in the order named) took from bot `j`, `null` where they did not meet.
    pub crosstable: Vec<Vec<Option<f64>>>,
    /// The bots in the order named.
    pub bots: Vec<String>,
    /// Each pairing's match, in the order played.
    pub matches: Vec<MatchReport>,
}

impl TournamentReport {
    /// The ratings and the crosstable for people.
    pub fn table(&self) -> String {
        let width = self.bots.iter().map(|b| b.chars().count()).max().unwrap_or(3).max(3);
        let labels: Vec<String> = self.bots.iter().enumerate().map(|(i, b)| format!("{} {b}", i + 1)).collect();
        let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut out = format!(
            "{} — {} pairings, seed {}, Elo anchored on {} (= 0)\n\n{:<width$} {:>7} {:>17} {:>6} {:>8}\n",
            self.game,
            self.matches.len(),
            self.seed,
            self.anchor,
            "bot",
            "Elo",
            "95 % interval",
            "games",
            "points"
        );
        for r in &self.ratings {
            out += &format!(
                "{:<width$} {:>7.0} {:>17} {:>6} {:>8.1}\n",
                r.bot,
                r.elo,
                format!("{:.0} … {:.0}", r.ci95[0], r.ci95[1]),
                r.games,
                r.points
            );
        }
        out += &format!("\npoints taken (row) from (column)\n{:<label_width$}", "");
        for i in 0..self.bots.len() {
            out += &format!(" {:>7}", i + 1);
        }
        out.push('\n');
        for (i, row) in self.crosstable.iter().enumerate() {
            out += &format!("{:<label_width$}", labels[i]);
            for cell in row {
                out += &match cell {
                    Some(points) => format!(" {points:>7.1}"),
                    None => format!(" {:>7}", "·"),
                };
            }
            out.push('\n');
        }
        out
    }
}

/// Ratings by maximum likelihood: `points[i][j]` of `games[i][j]` for each pairing (symmetric games, points
/// adding to the games), bot `i` expected to score `1 / (1 + 10^((Rj − Ri)/400))` against `j`, a draw half a
/// win. One virtual drawn game per pairing that met keeps ratings finite when a bot wins every game (BayesElo's
/// prior of virtual draws does the same). Returns each bot's Elo, `anchor`'s 0, and its standard error, from
/// the likelihood's curvature (the Fisher information), by Newton's method. `None` when the bots do not all
/// meet through pairings (no common scale).
pub fn ratings(points: &[Vec<f64>], games: &[Vec<f64>], anchor: usize) -> Option<(Vec<f64>, Vec<f64>)> {
    let n = points.len();
    let met = |i: usize, j: usize| games[i][j] > 0.0;
    if !connected(n, &met) {
        return None;
    }
    let prior = |i: usize, j: usize| if met(i, j) { 0.5 } else { 0.0 };
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut elo = vec![0.0; n];
    let mut information = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..100 {
        // Gradient and information of the log-likelihood in natural units (Elo × SCALE), over the free bots.
        let expected = |i: usize, j: usize| 1.0 / (1.0 + ((elo[j] - elo[i]) * SCALE).exp());
        let gradient: Vec<f64> = free
            .iter()
            .map(|&i| {
                (0..n)
                    .filter(|&j| met(i, j))
                    .map(|j| points[i][j] + prior(i, j) - (games[i][j] + 1.0) * expected(i, j))
                    .sum()
            })
            .collect();
        for (a, &i) in free.iter().enumerate() {
            for (b, &j) in free.iter().enumerate() {
                information[a][b] = if i == j {
                    (0..n).filter(|&k| met(i, k)).map(|k| (games[i][k] + 1.0) * expected(i, k) * expected(k, i)).sum()
                } else if met(i, j) {
                    -(games[i][j] + 1.0) * expected(i, j) * expected(j, i)
                } else {
                    0.0
                };
            }
        }
        let step = solve(&information, &gradient)?;
        for (a, &i) in free.iter().enumerate() {
            elo[i] += step[a] / SCALE;
        }
        if step.iter().all(|s| s.abs() / SCALE < 1e-9) {
            break;
        }
    }
    let mut stderr = vec![0.0; n];
    for (a, &i) in free.iter().enumerate() {
        let mut unit = vec![0.0; free.len()];
        unit[a] = 1.0;
        stderr[i] = solve(&information, &unit)?[a].sqrt() / SCALE;
    }
    Some((elo, stderr))
}

/// Whether the pairings link every bot to every other.
fn connected(n: usize, met: &dyn Fn(usize, usize) -> bool) -> bool {
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for (j, seen_j) in seen.iter_mut().enumerate() {
            if !*seen_j && met(i, j) {
                *seen_j = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// Solves `matrix · x = rhs` by Gaussian elimination with partial pivoting; `None` if it is singular.
fn solve(matrix: &[Vec<f64>], rhs: &[f64]) -> Option<Vec<f64>> {
    let n = rhs.len();
    let mut a: Vec<Vec<f64>> = matrix.iter().zip(rhs).map(|(row, &r)| [row.as_slice(), &[r]].concat()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in a.iter_mut().skip(col + 1) {
            let factor = row[col] / pivot_row[col];
            for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                *x -= factor * p;
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let sum: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (a[row][n] - sum) / a[row][row];
    }
    Some(x)
}

/// Bot A's points in `records`, each game scored as the match report scores it: a game stopped at the ply limit
/// (0–0 on the board) is a draw, so every game's point is shared out.
fn a_points(records: &[GameRecord]) -> f64 {
    records
        .iter()
        .map(|r| match r.a_points.partial_cmp(&r.b_points) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        })
        .sum()
}

/// How a tournament is run.
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// Games in each pairing (even, so each bot starts half of them).
    pub games_per_pair: usize,
    /// The bot (by its index among those named) that plays every other, the others not meeting; `None` for a
    /// round robin.
    pub gauntlet: Option<usize>,
    /// The bot (by index) rated 0.
    pub anchor: usize,
}

/// The pairings of `n` bots in the order they are played: every pair `(i, j)` with `i < j`, or only those with
/// the gauntlet's bot.
fn pairings(n: usize, gauntlet: Option<usize>) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| gauntlet.is_none_or(|g| i == g || j == g))
        .collect()
}

/// Checks a tournament's bots and options before any game, and gives its pairings.
fn plan(
    kind: &dyn GameKind,
    game: &Spec,
    bots: &[Spec],
    options: &TournamentOptions,
) -> Result<Vec<(usize, usize)>, ArenaError> {
    let n = bots.len();
    if n < 2 {
        return Err(ArenaError::Unsupported("a tournament needs at least two bots".into()));
    }
    if options.games_per_pair < 2 || options.games_per_pair % 2 == 1 {
        return Err(ArenaError::Unsupported(format!(
            "--games-per-pair must be even and at least 2 (each bot starts half), not {}",
            options.games_per_pair
        )));
    }
    if options.anchor >= n || options.gauntlet.is_some_and(|g| g >= n) {
        return Err(ArenaError::Unsupported("the anchor and the gauntlet must be among the bots".into()));
    }
    if kind.players(game)? != 2 {
        return Err(ArenaError::Unsupported(format!("{game} is not a game of two players: it has no tournament")));
    }
    Ok(pairings(n, options.gauntlet))
}

/// Plays the tournament: one match per pairing with `options` (its `games` and `first` are set here), every
/// pairing on the same seed, then the ratings over all games.
pub fn run_tournament(
    kind: &dyn GameKind,
    game: &Spec,
    bots: &[Spec],
    match_options: &MatchOptions,
    options: &TournamentOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<TournamentReport, ArenaError> {
    let pairs = plan(kind, game, bots, options)?;
    let mut matches = Vec::new();
    for (done, &(i, j)) in pairs.iter().enumerate() {
        let one = MatchOptions { games: options.games_per_pair, first: 0, ..match_options.clone() };
        matches.push(kind.run_match(game, &bots[i], &bots[j], &one)?);
        progress(done + 1, pairs.len());
    }
    let names: Vec<String> = bots.iter().map(ToString::to_string).collect();
    rate(game.to_string(), match_options.seed, names, options, matches)
}

/// Plays shard `shard` of the tournament: that shard's games (whole pairs, as `hamle match --shard` takes them)
/// of every pairing. [`merge_tournament`] rebuilds the whole tournament's report from the parts.
pub fn run_tournament_shard(
    kind: &dyn GameKind,
    game: &Spec,
    bots: &[Spec],
    match_options: &MatchOptions,
    options: &TournamentOptions,
    shard: Shard,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<TournamentPart, ArenaError> {
    let pairs = plan(kind, game, bots, options)?;
    let range = shard.games(options.games_per_pair);
    let mut matches = Vec::new();
    for (done, &(i, j)) in pairs.iter().enumerate() {
        let part = MatchOptions { games: range.len(), first: range.start, ..match_options.clone() };
        let report = kind.run_match(game, &bots[i], &bots[j], &part)?;
        matches.push(MatchPart::new(shard, options.games_per_pair, report));
        progress(done + 1, pairs.len());
    }
    Ok(TournamentPart {
        shard,
        game: game.to_string(),
        seed: match_options.seed,
        bots: bots.iter().map(ToString::to_string).collect(),
        games_per_pair: options.games_per_pair,
        gauntlet: options.gauntlet,
        anchor: options.anchor,
        matches,
    })
}

/// The tournament's report from its matches, one per pairing in the order [`run_tournament`] plays them.
///
/// # Errors
/// When the pairings do not link every bot, or the matches are not one per pairing.
pub fn rate(
    game: String,
    seed: u64,
    names: Vec<String>,
    options: &TournamentOptions,
    matches: Vec<MatchReport>,
) -> Result<TournamentReport, ArenaError> {
    let n = names.len();
    let pairs = pairings(n, options.gauntlet);
    if pairs.len() != matches.len() || options.anchor >= n {
        return Err(ArenaError::Unsupported(format!(
            "{} matches for {} pairings of {n} bots",
            matches.len(),
            pairs.len()
        )));
    }
    let (mut points, mut games) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
    for (&(i, j), report) in pairs.iter().zip(&matches) {
        let a_points = a_points(&report.records);
        points[i][j] += a_points;
        points[j][i] += report.games as f64 - a_points;
        games[i][j] += report.games as f64;
        games[j][i] += report.games as f64;
    }
    let (elo, stderr) = ratings(&points, &games, options.anchor)
        .ok_or_else(|| ArenaError::Unsupported("the pairings do not link every bot: no common rating".into()))?;
    let mut table: Vec<Rating> = (0..n)
        .map(|i| Rating {
            bot: names[i].clone(),
            elo: elo[i],
            ci95: [elo[i] - 1.96 * stderr[i], elo[i] + 1.96 * stderr[i]],
            games: games[i].iter().sum::<f64>() as usize,
            points: points[i].iter().sum(),
        })
        .collect();
    table.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    let crosstable = (0..n).map(|i| (0..n).map(|j| (games[i][j] > 0.0).then_some(points[i][j])).collect()).collect();
    Ok(TournamentReport {
        game,
        seed,
        anchor: names[options.anchor].clone(),
        ratings: table,
        crosstable,
        bots: names,
        matches,
    })
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

impl ShardPart for TournamentPart {
    const RUN: &'static str = "tournament";
    type Key = (String, u64, Vec<String>, usize, Option<usize>, usize, usize, usize);

    fn shard(&self) -> Shard {
        self.shard
    }

    fn key(&self) -> Self::Key {
        let p = self;
        (p.game.clone(), p.seed, p.bots.clone(), p.games_per_pair, p.gauntlet, p.anchor, p.shard.count, p.matches.len())
    }

    fn describe(&self) -> String {
        format!("{} among {}, seed {}", self.game, self.bots.join(", "), self.seed)
    }

    /// Each pairing's match checks its own games when it merges.
    fn holds_its_share(&self) -> bool {
        true
    }
}

/// Combines the parts of a sharded tournament into the report the whole tournament gives (the wall times
/// summed). Each pairing's parts merge as a match's do.
///
/// # Errors
/// When the parts are of different tournaments, a shard is missing or given twice, or a part does not hold its
/// shard's games.
pub fn merge_tournament(parts: Vec<TournamentPart>) -> Result<TournamentReport, ShardError> {
    let (first, rest) = fit(parts)?;
    let mut matches = Vec::new();
    for k in 0..first.matches.len() {
        matches.push(merge_match(std::iter::once(&first).chain(&rest).map(|p| p.matches[k].clone()).collect())?);
    }
    let options =
        TournamentOptions { games_per_pair: first.games_per_pair, gauntlet: first.gauntlet, anchor: first.anchor };
    rate(first.game, first.seed, first.bots, &options, matches).map_err(|e| ShardError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: usize, a_points: f64, b_points: f64, truncated: bool) -> GameRecord {
        GameRecord {
            index,
            a_first: index.is_multiple_of(2),
            a_points,
            b_points,
            plies: 10,
            truncated,
            end: None,
            forfeit: None,
            transcript: None,
        }
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
    fn a_game_stopped_at_the_ply_limit_is_half_a_point_each() {
        let records = [record(0, 1.0, 0.0, false), record(1, 0.0, 0.0, true), record(2, 0.5, 0.5, false)];
        assert_eq!(a_points(&records), 2.0);
        assert_eq!(a_points(&[record(0, 0.0, 1.0, false)]), 0.0);
    }
}
