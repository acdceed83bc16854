//! Seed 001, the chess thesis: Çizelge 4.1–4.3, its player's results over 10 games against Chess Titans' levels and
//! Chessmaster's personalities. Those programs are not to be had, so hamle's engine levels and Stockfish's
//! `UCI_Elo` stand in for them, and the thesis's three claims are tested head to head.

use anyhow::Result;
use hamle_arena::elo::{mean_interval, wilson};
use hamle_arena::{MatchOptions, MatchReport, Spec, games};

use super::{Finding, Options, Reproduction, Step, Verdict};
use crate::chart::{Bar, interval_chart};
use crate::results::{ChessMatch, Figures};

/// A row of the thesis's tables: its player's wins, draws and losses (it played black) in 10 games.
struct Row {
    table: &'static str,
    opponent: &'static str,
    player: &'static str,
    seed: [u32; 3],
    stand_in: &'static str,
}

/// The thesis's player at depth 3, its tables on (`dynamic`) or off (`static`); depth 5. Alpha-beta plays the
/// same moves as its plain minimax (tested), fifty times faster at depth 5.
const DYNAMIC_3: &str = "thesis(depth=3,search=alphabeta)";
const STATIC_3: &str = "thesis(depth=3,eval=static,search=alphabeta)";
const DYNAMIC_5: &str = "thesis(depth=5,search=alphabeta)";

/// Stand-ins, weakest first: the engine's levels (Chess Titans' levels 1, 2 and 4 by number; Chessmaster's
/// "Andre 317" and "Lisa 576" by the number printed after them, next to the levels' chained ratings of about
/// 310 and 700).
const LEVEL_1: &str = "engine(level=1)";
const LEVEL_2: &str = "engine(level=2)";
const LEVEL_3: &str = "engine(level=3)";
const LEVEL_4: &str = "engine(level=4)";

/// Opponents from weakest to strongest, for the claim that the player scores less as the level rises: a random
/// mover, the thesis's player at one ply, the engine's levels 1, 2 and 4, each level beating the one below in
/// matches between them (`docs/benchmarks.md`). Stockfish's lowest level is not ordered against them, so it stands
/// apart, as the outside anchor.
const LADDER: &[&str] = &["random", "thesis(depth=1)", LEVEL_1, LEVEL_2, LEVEL_4];

const ROWS: &[Row] = &[
    Row { table: "4.1", opponent: "Chess Titans level 1", player: STATIC_3, seed: [3, 3, 4], stand_in: LEVEL_1 },
    Row { table: "4.1", opponent: "Chess Titans level 1", player: DYNAMIC_3, seed: [5, 3, 2], stand_in: LEVEL_1 },
    Row { table: "4.1", opponent: "Chessmaster \"Lisa 576\"", player: STATIC_3, seed: [1, 5, 4], stand_in: LEVEL_3 },
    Row { table: "4.1", opponent: "Chessmaster \"Lisa 576\"", player: DYNAMIC_3, seed: [2, 6, 2], stand_in: LEVEL_3 },
    Row { table: "4.2", opponent: "Chess Titans level 1", player: DYNAMIC_3, seed: [3, 5, 2], stand_in: LEVEL_1 },
    Row { table: "4.2", opponent: "Chess Titans level 1", player: DYNAMIC_5, seed: [5, 2, 3], stand_in: LEVEL_1 },
    Row { table: "4.2", opponent: "Chessmaster \"Lisa 576\"", player: DYNAMIC_3, seed: [3, 4, 3], stand_in: LEVEL_3 },
    Row { table: "4.2", opponent: "Chessmaster \"Lisa 576\"", player: DYNAMIC_5, seed: [4, 3, 3], stand_in: LEVEL_3 },
    Row { table: "4.3", opponent: "Chess Titans level 1", player: DYNAMIC_3, seed: [5, 3, 2], stand_in: LEVEL_1 },
    Row { table: "4.3", opponent: "Chess Titans level 2", player: DYNAMIC_3, seed: [4, 3, 3], stand_in: LEVEL_2 },
    Row { table: "4.3", opponent: "Chess Titans level 4", player: DYNAMIC_3, seed: [2, 4, 4], stand_in: LEVEL_4 },
    Row { table: "4.3", opponent: "Chessmaster \"Andre 317\"", player: DYNAMIC_3, seed: [4, 4, 2], stand_in: LEVEL_2 },
    Row { table: "4.3", opponent: "Chessmaster \"Lisa 576\"", player: DYNAMIC_3, seed: [2, 6, 2], stand_in: LEVEL_3 },
];

/// The thesis's games per setting.
const SEED_GAMES: usize = 10;

fn score_of(wdl: [u32; 3]) -> f64 {
    (f64::from(wdl[0]) + f64::from(wdl[1]) / 2.0) / f64::from(wdl.iter().sum::<u32>().max(1))
}

/// The 95 % interval of the score of `wdl` (wins, draws, losses): the normal one from the games' own variance
/// (a win, a draw and a loss each a value, so decisive games widen it as they should), kept inside 0..1; when
/// every game ended alike it has no width, and Wilson's interval over the games takes its place.
fn score_interval(wdl: [u32; 3]) -> (f64, f64) {
    let games = wdl.iter().sum::<u32>() as usize;
    let scores: Vec<f64> = [(wdl[0], 1.0), (wdl[1], 0.5), (wdl[2], 0.0)]
        .iter()
        .flat_map(|&(n, s)| std::iter::repeat_n(s, n as usize))
        .collect();
    let (lo, hi) = mean_interval(&scores);
    if lo.is_finite() && hi > lo {
        return (lo.max(0.0), hi.min(1.0));
    }
    let points = f64::from(wdl[0]) + f64::from(wdl[1]) / 2.0;
    wilson(points.round() as usize, games)
}

/// The first-named bot's wins, draws and losses in the games it played black.
fn as_black(m: &MatchReport) -> [u32; 3] {
    let mut wdl = [0u32; 3];
    for r in m.records.iter().filter(|r| !r.a_first) {
        let i = if r.a_points > r.b_points {
            0
        } else if r.a_points == r.b_points {
            1
        } else {
            2
        };
        wdl[i] += 1;
    }
    wdl
}

fn wdl_text(m: &MatchReport) -> String {
    format!("{}–{}–{}", m.a.wins, m.a.draws, m.a.losses)
}

/// The first-named bot's score with its 95 % interval.
fn interval(m: &MatchReport) -> (f64, f64) {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    score_interval([count(m.a.wins), count(m.a.draws), count(m.a.losses)])
}

/// Plays every setting the tables need, and the three claims head to head.
pub fn reproduce(lab: &Options, tell: &mut dyn FnMut(Step)) -> Result<Reproduction> {
    let mut report = Reproduction::new(
        "Seed 001: a chess program based on minimax",
        "The thesis's player (plain minimax on material and piece-square tables, `thesis`) played 10 games per \
         setting, always black, against Windows 7's Chess Titans (levels 1, 2, 4) and Chessmaster 10's \
         personalities \"Andre 317\" and \"Lisa 576\" (Çizelge 4.1–4.3). Those programs are not to be had, so \
         hamle's engine levels stand in for them: levels 1, 2 and 4 for Chess Titans' levels 1, 2 and 4, level 2 \
         for Andre and level 3 for Lisa (by the numbers printed after their names, beside the levels' chained \
         ratings of about 310 and 700, `docs/benchmarks.md`), and Stockfish's lowest `UCI_Elo`, 1350, anchors the \
         scale. The thesis's tables give no depth for 4.1 and 4.3; depth 3 is used (its 4.3 repeats 4.1's \
         static-and-dynamic rows). Its depth 10 is not re-run: plain minimax takes about 5 s a move at depth 5 and \
         some thirty times more per ply. Our games alternate colours in pairs from the opening suite; \"as black\" \
         counts the thesis's player's games with black, as the thesis played them. Its first two claims are tested \
         head to head, where the stand-ins do not matter, and the third along a ladder of opponents ordered by \
         their own matches (a random mover, the thesis's player at one ply, the engine's levels 1, 2 and 4; \
         Stockfish is not ordered against them and stands apart).",
    );
    hamle_chess::bots::uci::allow_programs();
    report.replays(
        "Every game replays from the seed but those against Stockfish, which is given time (100 ms a move), not \
         nodes.",
    );
    let registry = games::registry();
    let kind = registry.game("chess")?;
    let chess: Spec = "chess".parse()?;
    let games = lab.games(SEED_GAMES);
    let options = MatchOptions { games, seed: lab.seed, progress: lab.matches.clone(), ..MatchOptions::default() };
    let mut played: Vec<((String, String), MatchReport)> = Vec::new();
    let mut play = |a: &str, b: &str| -> Result<MatchReport> {
        if let Some((_, m)) = played.iter().find(|((x, y), _)| x == a && y == b) {
            return Ok(m.clone());
        }
        tell(Step::Match { a: a.to_owned(), b: b.to_owned(), games });
        let m = kind.run_match(&chess, &a.parse()?, &b.parse()?, &options)?;
        played.push(((a.to_owned(), b.to_owned()), m.clone()));
        Ok(m)
    };
    let mut rows = String::from(
        "## The tables, row by row\n\nThe thesis's player's wins–draws–losses and score; ours against the stand-in, \
         as black and over all games, with the 95 % interval of the score.\n\n\
         | table | the thesis's opponent | player | the thesis (as black) | stand-in | ours as black | ours, all games | \
         our score (95 %) |\n|---|---|---|---|---|---|---|---|\n",
    );
    let mut bars = Vec::new();
    for row in ROWS {
        let m = play(row.player, row.stand_in)?;
        let black = as_black(&m);
        let (lo, hi) = interval(&m);
        rows.push_str(&format!(
            "| {} | {} | `{}` | {}–{}–{} ({:.2}) | `{}` | {}–{}–{} | {} | {:.2} ({:.2} … {:.2}) |\n",
            row.table,
            row.opponent,
            row.player,
            row.seed[0],
            row.seed[1],
            row.seed[2],
            score_of(row.seed),
            row.stand_in,
            black[0],
            black[1],
            black[2],
            wdl_text(&m),
            m.mean_score,
            lo,
            hi
        ));
        if row.table == "4.3" && row.opponent.starts_with("Chess Titans") {
            let (slo, shi) = score_interval(row.seed);
            let label = row.opponent.replace("Chess Titans level", "Titans");
            bars.push(Bar { label, value: score_of(row.seed), low: slo, high: shi, seed: true });
        }
    }
    let anchor = format!("uci(cmd={},elo=1350,movetime=100)", lab.stockfish);
    let stockfish = play(DYNAMIC_3, &anchor)?;
    let (lo, hi) = interval(&stockfish);
    rows.push_str(&format!(
        "| anchor | Stockfish 15.1 at `UCI_Elo` 1350 (100 ms a move) | `{DYNAMIC_3}` | — | `{anchor}` | {} | {} | \
         {:.2} ({lo:.2} … {hi:.2}) |\n",
        {
            let b = as_black(&stockfish);
            format!("{}–{}–{}", b[0], b[1], b[2])
        },
        wdl_text(&stockfish),
        stockfish.mean_score
    ));
    report.section(&rows);
    let mut ladder = Vec::new();
    for rung in LADDER.iter().copied().map(str::to_owned) {
        let m = play(DYNAMIC_3, &rung)?;
        let (low, high) = interval(&m);
        let label = rung.replace("engine(level=", "level ").replace(')', "").replace("thesis(depth=1", "1 ply");
        bars.push(Bar { label, value: m.mean_score, low, high, seed: false });
        ladder.push((rung, m));
    }
    let svg = interval_chart(
        "The thesis's scores against Titans 1, 2, 4 (red); ours along a ladder (blue)",
        "score",
        &bars,
        Some((0.0, 1.0)),
    )?;
    report.chart(
        "levels",
        "Çizelge 4.3: the thesis's score against Chess Titans' levels 1, 2 and 4 (red), and our depth-3 player's \
         against a ladder of opponents, weakest first (blue), with 95 % intervals",
        svg,
    );

    let dynamic = play(DYNAMIC_3, STATIC_3)?;
    claim(
        &mut report,
        "static + dynamic evaluation beats static alone (Çizelge 4.1)",
        "5–3–2 against 3–3–4 (Chess Titans level 1), 2–6–2 against 1–5–4 (Lisa)",
        &dynamic,
    );
    let deeper = play(DYNAMIC_5, DYNAMIC_3)?;
    claim(
        &mut report,
        "five plies win more than three (Çizelge 4.2)",
        "5–2–3 against 3–5–2 (Chess Titans level 1), 4–3–3 against 3–4–3 (Lisa)",
        &deeper,
    );
    let scores: Vec<String> = ladder.iter().map(|(rung, m)| format!("{:.2} against `{rung}`", m.mean_score)).collect();
    let (first_low, _) = ladder.first().map_or((0.0, 0.0), |(_, m)| interval(m));
    let (_, last_high) = ladder.last().map_or((1.0, 1.0), |(_, m)| interval(m));
    let falls = ladder.windows(2).all(|pair| {
        let (_, hi) = interval(&pair[0].1);
        let (lo, _) = interval(&pair[1].1);
        // No step up beyond the noise: the next rung's interval does not lie wholly above this one's.
        lo <= hi
    });
    report.finding(Finding {
        what: "the player scores less as the level rises (Çizelge 4.3)".into(),
        seed: "5–3–2, 4–3–3, 2–4–4 against Chess Titans levels 1, 2, 4".into(),
        ours: scores.join("; "),
        verdict: Verdict::from(falls && first_low > last_high),
        why: format!(
            "along the ladder the score {} rises beyond its 95 % interval, and the weakest and strongest rungs' \
             intervals {}",
            if falls { "never" } else { "somewhere" },
            if first_low > last_high { "do not overlap" } else { "overlap" }
        ),
    });
    report.figures(Figures::Chess {
        matches: played
            .iter()
            .map(|((a, b), m)| {
                let (low, high) = interval(m);
                ChessMatch {
                    a: a.clone(),
                    b: b.clone(),
                    games: m.games,
                    wins: m.a.wins,
                    draws: m.a.draws,
                    losses: m.a.losses,
                    score: m.mean_score,
                    ci95: [low, high],
                    as_black: as_black(m),
                    seconds: m.seconds,
                }
            })
            .collect(),
    });
    Ok(report)
}

/// A head-to-head claim: it reproduces when the 95 % interval of the first-named player's score lies above ½.
fn claim(report: &mut Reproduction, what: &str, seed: &str, m: &MatchReport) {
    let (lo, hi) = interval(m);
    let elo = m.elo.diff.map_or("±∞".to_owned(), |e| format!("{e:+.0}"));
    report.finding(Finding {
        what: what.into(),
        seed: seed.into(),
        ours: format!("head to head {}: score {:.3} ({lo:.3} … {hi:.3}), Elo {elo}", wdl_text(m), m.mean_score),
        verdict: Verdict::from(lo > 0.5),
        why: if lo > 0.5 {
            format!("the 95 % interval of the score over {} games lies above ½", m.games)
        } else {
            format!("the 95 % interval of the score over {} games reaches ½ or below", m.games)
        },
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use hamle_arena::matches::GameRecord;

    fn record(index: usize, a_first: bool, a_points: f64) -> GameRecord {
        GameRecord {
            index,
            a_first,
            a_points,
            b_points: 1.0 - a_points,
            plies: 40,
            truncated: false,
            end: None,
            forfeit: None,
            transcript: None,
        }
    }

    #[test]
    fn scores_and_intervals_count_draws_as_half_points() {
        assert_eq!(score_of([5, 3, 2]), 0.65);
        let (lo, hi) = score_interval([5, 3, 2]);
        assert!(lo < 0.65 && 0.65 < hi && lo > 0.3 && hi < 0.95, "{lo} {hi}");
        let (lo, hi) = score_interval([0, 0, 10]);
        assert!(lo == 0.0 && hi > 0.1, "all lost still leaves room above 0: {hi}");
        // 58 wins and 42 losses: the games' own spread, 0.58 ± 1.96 × 0.496 / √100, reaches below ½.
        let (lo, hi) = score_interval([58, 0, 42]);
        assert!((lo - 0.4828).abs() < 1e-3 && (hi - 0.6772).abs() < 1e-3, "{lo} {hi}");
        // Draws narrow it: 58 wins, 42 draws has the same points per game as 79 of 100 but a smaller spread.
        let (lo, _) = score_interval([58, 42, 0]);
        assert!(lo > 0.74, "{lo}");
    }

    #[test]
    fn as_black_counts_only_the_games_the_first_bot_played_second() {
        let records = vec![record(0, true, 1.0), record(1, false, 0.5), record(2, false, 0.0), record(3, false, 1.0)];
        let m = MatchReport::new("chess".into(), 1, ["a".into(), "b".into()], records, 1.0);
        assert_eq!(as_black(&m), [1, 1, 1]);
        assert_eq!(wdl_text(&m), "2–1–1");
        let (lo, hi) = interval(&m);
        assert!(lo < 0.625 && 0.625 < hi, "{lo} {hi}");
    }
}
