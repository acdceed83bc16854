//! Matches between two bots: N seeded games in parallel, starts alternated, with a report.

use std::time::Duration;

use hamle_core::{Bot, Budget, Game, Stream, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::elo::{Rating, mean_interval, rate, wilson};

/// Longest game, in plies and chance events, before it is scored a draw.
const MAX_PLIES: usize = 10_000;

/// How a match is run.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Number of games.
    pub games: usize,
    /// The master seed: game `i` uses streams derived from it.
    pub seed: u64,
    /// Each bot's budget per move.
    pub budget: Budget,
    /// Show a progress bar on standard error.
    pub progress: bool,
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// Index in the match.
    pub index: usize,
    /// Whether bot A moved first.
    pub a_first: bool,
    /// Bot A's points.
    pub a_points: f64,
    /// Bot B's points.
    pub b_points: f64,
    /// Plies played.
    pub plies: usize,
    /// Whether the game hit the ply limit and was scored a draw.
    pub truncated: bool,
}

/// One side's totals in a match report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The bot as named in the registry.
    pub bot: String,
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
    /// Total points.
    pub points: f64,
    /// Points per game.
    pub points_per_game: f64,
    /// 95 % interval of the share of games won (Wilson).
    pub won_ci95: [f64; 2],
    /// 95 % interval of the points per game; `null` in JSON with fewer than two games.
    pub points_per_game_ci95: [Option<f64>; 2],
}

/// The Elo difference of A over B with its 95 % interval; `null` in JSON where infinite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EloReport {
    /// Elo of A minus Elo of B.
    pub diff: Option<f64>,
    /// 95 % confidence interval.
    pub ci95: [Option<f64>; 2],
}

/// What a match found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// The game as named in the registry.
    pub game: String,
    /// Games played.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Bot A's totals.
    pub a: SideReport,
    /// Bot B's totals.
    pub b: SideReport,
    /// A's mean score per game (win 1, draw ½).
    pub mean_score: f64,
    /// Elo difference of A over B.
    pub elo: EloReport,
    /// Wall time of the whole match, in seconds.
    pub seconds: f64,
    /// Every game, in order.
    pub records: Vec<GameRecord>,
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some((x * 10.0).round() / 10.0)
}

impl MatchReport {
    /// Totals a match's game records.
    pub fn new(game: String, seed: u64, names: [String; 2], records: Vec<GameRecord>, seconds: f64) -> Self {
        let scores: Vec<f64> = records.iter().map(|r| score(r.a_points, r.b_points)).collect();
        let side = |bot: String, mine: fn(&GameRecord) -> f64, theirs: fn(&GameRecord) -> f64| {
            let count = |want: f64| records.iter().filter(|r| score(mine(r), theirs(r)) == want).count();
            let points: f64 = records.iter().map(mine).sum();
            let wins = count(1.0);
            let (lo, hi) = wilson(wins, records.len());
            let per_game: Vec<f64> = records.iter().map(mine).collect();
            let (p_lo, p_hi) = mean_interval(&per_game);
            let bounded = |x: f64| x.is_finite().then_some(x);
            SideReport {
                bot,
                wins,
                draws: count(0.5),
                losses: count(0.0),
                points,
                points_per_game: points / records.len().max(1) as f64,
                won_ci95: [lo, hi],
                points_per_game_ci95: [bounded(p_lo), bounded(p_hi)],
            }
        };
        let [a_name, b_name] = names;
        let a = side(a_name, |r| r.a_points, |r| r.b_points);
        let b = side(b_name, |r| r.b_points, |r| r.a_points);
        let Rating { score: mean_score, elo, ci95, .. } = rate(&scores);
        MatchReport {
            game,
            games: records.len(),
            seed,
            a,
            b,
            mean_score,
            elo: EloReport { diff: finite(elo), ci95: [finite(ci95.0), finite(ci95.1)] },
            seconds,
            records,
        }
    }

    /// The report as a table for people.
    pub fn table(&self) -> String {
        let elo = |x: Option<f64>, inf: &str| x.map_or(inf.to_owned(), |v| format!("{v:+.0}"));
        let mut out = format!(
            "{} — {} games, seed {}, {:.1} s\n\n{:<28} {:>6} {:>6} {:>6} {:>9} {:>8}\n",
            self.game, self.games, self.seed, self.seconds, "bot", "wins", "draws", "losses", "points", "per game"
        );
        for s in [&self.a, &self.b] {
            out += &format!(
                "{:<28} {:>6} {:>6} {:>6} {:>9.1} {:>8.3}\n",
                s.bot, s.wins, s.draws, s.losses, s.points, s.points_per_game
            );
        }
        out += &format!(
            "\nA's mean score {:.3}; Elo A − B {} (95 % interval {} … {})\n",
            self.mean_score,
            elo(self.elo.diff, if self.mean_score >= 0.5 { "+∞" } else { "−∞" }),
            elo(self.elo.ci95[0], "−∞"),
            elo(self.elo.ci95[1], "+∞"),
        );
        let a = &self.a;
        let ci = |x: Option<f64>, inf: &str| x.map_or(inf.to_owned(), |v| format!("{v:+.3}"));
        out += &format!(
            "A won {:.1} % of games (95 % interval {:.1} … {:.1} %); points per game {:+.3} ({} … {})\n",
            100.0 * a.wins as f64 / self.games.max(1) as f64,
            100.0 * a.won_ci95[0],
            100.0 * a.won_ci95[1],
            a.points_per_game,
            ci(a.points_per_game_ci95[0], "−∞"),
            ci(a.points_per_game_ci95[1], "+∞"),
        );
        out
    }
}

/// 1, ½ or 0 for the side with `mine` points against `theirs`.
fn score(mine: f64, theirs: f64) -> f64 {
    if mine > theirs {
        1.0
    } else if mine < theirs {
        0.0
    } else {
        0.5
    }
}

/// Plays one game from `start` between `first` (player 0) and `second`; chance draws come from `dice`.
pub fn play_game<G: Game>(
    start: &G,
    bots: [&mut dyn Bot<G>; 2],
    streams: &mut [Stream; 2],
    dice: &mut Stream,
    budget: &Budget,
) -> (Option<[f64; 2]>, usize) {
    let mut state = start.clone();
    for plies in 0..MAX_PLIES {
        match state.turn() {
            Turn::Over => return (state.points(), plies),
            Turn::Chance => match state.sample_chance(dice) {
                Some(event) => state.apply_chance(event),
                None => return (None, plies),
            },
            Turn::Player(p) => {
                let seat = usize::from(p.min(1));
                match bots[seat].choose(&state, budget, &mut streams[seat]) {
                    Some(decision) => state.play(decision.mv),
                    None => return (None, plies),
                }
            }
        }
    }
    (None, MAX_PLIES)
}

/// Plays a match of two-player games: game `i` starts from `start(i / 2)` (each pair of games from one
/// opening, colours swapped), takes its streams from `seed` derived by `i` (dice, then A's, then B's), and A
/// moves first in even games. Bots are made fresh for each game.
pub fn run_match<G: Game>(
    game_name: &str,
    start: &(dyn Fn(usize) -> G + Sync),
    make_a: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn() -> Box<dyn Bot<G>> + Sync),
    options: &MatchOptions,
) -> MatchReport {
    let clock = std::time::Instant::now();
    let bar = if options.progress { ProgressBar::new(options.games as u64) } else { ProgressBar::hidden() };
    if let Ok(style) = ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} games ({eta} left)") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(game_name.to_owned());
    bar.enable_steady_tick(Duration::from_millis(250));
    let master = Stream::new(options.seed);
    let records: Vec<GameRecord> = (0..options.games)
        .into_par_iter()
        .map(|index| {
            let game_stream = master.derive(index as u64);
            let mut dice = game_stream.derive(0);
            let (mut a, mut b) = (make_a(), make_b());
            let a_first = index % 2 == 0;
            let mut streams = if a_first {
                [game_stream.derive(1), game_stream.derive(2)]
            } else {
                [game_stream.derive(2), game_stream.derive(1)]
            };
            let bots: [&mut dyn Bot<G>; 2] = if a_first { [a.as_mut(), b.as_mut()] } else { [b.as_mut(), a.as_mut()] };
            let (points, plies) = play_game(&start(index / 2), bots, &mut streams, &mut dice, &options.budget);
            bar.inc(1);
            let [p0, p1] = points.unwrap_or([0.0, 0.0]);
            let (a_points, b_points) = if a_first { (p0, p1) } else { (p1, p0) };
            GameRecord { index, a_first, a_points, b_points, plies, truncated: points.is_none() }
        })
        .collect();
    bar.finish_and_clear();
    let names = [make_a().name(), make_b().name()];
    MatchReport::new(game_name.to_owned(), options.seed, names, records, clock.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use hamle_core::bot::RandomBot;
    use hamle_core::tree::Tree;

    use super::*;

    fn options(games: usize, seed: u64) -> MatchOptions {
        MatchOptions { games, seed, budget: Budget::UNLIMITED, progress: false }
    }

    fn random() -> Box<dyn Bot<Tree>> {
        Box::new(RandomBot)
    }

    #[test]
    fn starts_alternate_and_counts_add_up() {
        // The first player wins at once: whoever starts wins, so starts decide every game.
        let tree = Tree::parse("[1, 1]").expect("tree");
        let report = run_match("tree", &|_| tree.clone(), &random, &random, &options(11, 3));
        assert_eq!(report.a.wins, 6);
        assert_eq!(report.b.wins, 5);
        assert_eq!(report.a.wins + report.a.draws + report.a.losses, 11);
        assert_eq!(report.a.losses, report.b.wins);
        assert!(report.records.iter().all(|r| r.a_first == (r.index % 2 == 0)));
    }

    #[test]
    fn a_match_replays_from_its_seed() {
        let tree = Tree::parse("[[1, -1, 0], [-1, 1], [0, 1, -1, 1]]").expect("tree");
        let a = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 7));
        let b = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 7));
        assert_eq!(a.records, b.records);
        let c = run_match("tree", &|_| tree.clone(), &random, &random, &options(50, 8));
        assert_ne!(a.records, c.records, "another seed, other games");
    }

    #[test]
    fn elo_is_null_in_json_when_every_game_is_won() {
        let record = |index| GameRecord {
            index,
            a_first: index % 2 == 0,
            a_points: 1.0,
            b_points: 0.0,
            plies: 5,
            truncated: false,
        };
        let report = MatchReport::new("tree".into(), 1, ["a".into(), "b".into()], (0..4).map(record).collect(), 0.0);
        assert_eq!((report.a.wins, report.b.losses, report.mean_score), (4, 4, 1.0));
        assert_eq!(report.elo.diff, None);
        let json = serde_json::to_value(&report).expect("json");
        assert!(json["elo"]["diff"].is_null());
        assert!(report.table().contains("+∞"));
    }
}
