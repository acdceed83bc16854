//! Seed 000, the Hapis Tavlası thesis: its player's four games against a person (2–2), played again against each
//! of hamle's players, and the values of the thesis's worked examples computed by hamle's code.

use anyhow::{Context, Result};
use hamle_arena::{MatchOptions, MatchReport, Spec, games};
use hamle_classics::tictactoe::TicTacToe;
use hamle_classics::tictactoe::bots::Thesis as TicTacToeThesis;
use hamle_core::tree::{StaticValue, Tree};
use hamle_core::{Bot, Budget, Notation, Stream, search};
use hamle_hapis::bots::{Hits, Thesis, hits};
use hamle_hapis::{Dice, Hapis, Phase, Position, Settings, Side};
use hamle_puzzles::knights_tour::{TieBreak, Warnsdorff};

use super::{Finding, Options, Reproduction, Step, Verdict, compare_shares, share};
use crate::chart::{Bar, interval_chart};
use crate::results::{Figures, HapisMatch};

/// The thesis's §4.6 position, whose figure is lost: the computer (white here) to play 2-3 with checkers on its
/// points 20, 18, 16 and 14 in the thesis's numbering. Reconstructed by search to fit every printed count but one
/// (`docs/rules/hapis-thesis-player.md` §5): 4 on 20, 3 on 18, 4 on 16, 1 on 14, three more pinned.
const EXAMPLE: &str = r#"{"turn":"white","points":["","","","","w4","","w3","","w4","","w1","","","b2/w","b1","b2/w","","b1","","","b4/w","","","b5"],"off":{"white":0,"black":0}}"#;

/// The thesis's numbering of the example counts from the other end: its point `p` is our `25 − p`.
fn ours(point: u8) -> u8 {
    25 - point
}

/// §4.6's candidates for the first die: the point (thesis numbering), the dice it plays, the three counts and
/// the risk as printed (truncated to three decimals, as the thesis prints them).
const FIRST: &[(u8, &[u8], [u32; 3], f64)] = &[
    (20, &[2], [3, 16, 7], 1.583),
    (20, &[3], [4, 30, 14], 2.722),
    (20, &[2, 3], [6, 32, 16], 3.222),
    (18, &[2], [3, 16, 7], 1.583),
    (18, &[3], [4, 32, 16], 3.222),
    (18, &[2, 3], [7, 28, 21], 3.305),
    (16, &[2], [0, 0, 0], 0.0),
    (16, &[3], [7, 28, 21], 3.305),
    (14, &[2], [4, 12, 8], 1.555),
];

/// Then, the 2 played from 16, the candidates for the 3 (§4.6, second part).
const SECOND: &[(u8, [u32; 3], f64)] = &[(20, [1, 12, 6], 0.999), (18, [3, 13, 8], 1.444), (16, [4, 12, 14], 1.722)];

fn counts(h: Hits) -> [u32; 3] {
    [h.single, h.sums, h.doubles]
}

/// The hitting counts after playing `dice` from the thesis's `point`, blocking judged on `before`.
fn candidate(before: &Position, point: u8, dice: &[u8]) -> Result<Hits> {
    let mut after = *before;
    let mut from = ours(point);
    for &die in dice {
        let step = after.step(from, die).with_context(|| format!("{point} with {die} is not legal"))?;
        after.apply(step);
        from += die;
    }
    Ok(hits(before, &after, Side::White))
}

/// hamle's players, weakest first, that the thesis's player meets.
const OPPONENTS: &[&str] = &["random", "heuristic", "neural(level=beginner)", "neural", "expert"];

/// Plays the thesis's player against hamle's, and works the examples.
pub fn reproduce(lab: &Options, tell: &mut dyn FnMut(Step)) -> Result<Reproduction> {
    let mut report = Reproduction::new(
        "Seed 000: Hapis Tavlası",
        "The thesis tested its computer player in 4 games against a person, 2–2 (§4.7), and works its risk \
         formula through one position by hand (§4.6); its first chapters work small examples of search (§1.6, \
         §2.1). Here its player (`thesis`, `docs/rules/hapis-thesis-player.md`) plays each of hamle's players, \
         weakest first, and hamle's code computes each worked example.",
    );
    let before = Position::from_json_str(EXAMPLE).context("the example position")?;
    let mut rows = String::from(
        "## §4.6: the risk of each candidate\n\nThe roll 2-3. Counts: the opponent's single dice, sums of two \
         different dice, and doubles that hit an open checker; risk = single/6 + sums/18 + doubles/36.\n\n\
         | checker on | plays | the thesis: counts, risk | hamle: counts, risk | |\n|---|---|---|---|---|\n",
    );
    let (mut counts_agree, mut consistent, mut total) = (0, 0, 0);
    let mut slips = Vec::new();
    let mut differs = Vec::new();
    let mut line = |point: u8, dice: String, seed: [u32; 3], seed_risk: f64, got: Hits, rows: &mut String| {
        total += 1;
        let same_counts = counts(got) == seed;
        // The risk the thesis's own counts give, by the formula; it truncates to three decimals, and a sum
        // falling just short of a round value prints below it.
        let own = Hits { single: seed[0], sums: seed[1], doubles: seed[2] }.risk();
        let follows = (own - seed_risk).abs() < 0.0015;
        counts_agree += usize::from(same_counts);
        consistent += usize::from(follows);
        if !follows {
            slips.push(format!("{point} with {dice}: {seed:?} give {own:.3}, the thesis prints {seed_risk:.3}"));
        }
        if !same_counts {
            let misprint = (got.risk() - seed_risk).abs() < 0.0015;
            differs.push(if misprint {
                format!("{point} with {dice}, whose printed risk is ours, so that its counts hold the misprint")
            } else {
                format!("{point} with {dice}")
            });
        }
        let mark = match (same_counts, follows) {
            (true, true) => "same",
            (true, false) => "same counts; **the printed risk does not follow from them**",
            (false, true) => "**the counts differ**",
            (false, false) => "**the counts differ**, and the printed risk does not follow from them",
        };
        rows.push_str(&format!(
            "| {point} | {dice} | {seed:?}, {seed_risk:.3} | {:?}, {:.3} | {mark} |\n",
            counts(got),
            got.risk()
        ));
    };
    for &(point, dice, seed, seed_risk) in FIRST {
        let got = candidate(&before, point, dice)?;
        let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
        line(point, dice.join("+"), seed, seed_risk, got, &mut rows);
    }
    let mut after_two = before;
    after_two.apply(before.step(ours(16), 2).context("16 with 2")?);
    for &(point, seed, seed_risk) in SECOND {
        let got = candidate(&after_two, point, &[3])?;
        line(point, "3, after 16 with 2".into(), seed, seed_risk, got, &mut rows);
    }
    let game = Hapis::at(before, Phase::Move(Dice(2, 3)), Settings::default());
    let decision = Thesis.choose(&game, &Budget::UNLIMITED, &mut Stream::new(lab.seed)).context("a play")?;
    let played = game.format_move(decision.mv);
    let thesis_play = format!("{}/{} {}/{}", ours(16), ours(16) + 2, ours(20), ours(20) + 3);
    rows.push_str(&format!(
        "\nThe thesis plays the lowest risk die by die: the 2 from 16, then the 3 from 20, `{thesis_play}` in \
         hamle's notation; the `thesis` bot plays `{played}`.\n"
    ));
    report.finding(Finding {
        what: "§4.6: the hitting counts of each candidate".into(),
        seed: format!("{total} candidates"),
        ours: format!("{counts_agree} of {total} the same"),
        verdict: Verdict::from(counts_agree == total),
        why: if differs.is_empty() {
            "each count computed by the bot's own code on the position".into()
        } else {
            format!(
                "the thesis's figure is lost, and the position is hamle's reconstruction, searched for to fit the \
                 printed counts (`docs/rules/hapis-thesis-player.md` §5); these rows differ: {}",
                differs.join("; ")
            )
        },
    });
    report.finding(Finding {
        what: "§4.6: each printed risk follows from its printed counts".into(),
        seed: format!("{total} risks"),
        ours: format!("{consistent} of {total} follow"),
        verdict: Verdict::from(consistent == total),
        why: if slips.is_empty() {
            "single/6 + sums/18 + doubles/36 of each row's counts gives its printed risk".into()
        } else {
            format!("single/6 + sums/18 + doubles/36 of the thesis's own counts differs: {}", slips.join("; "))
        },
    });
    report.finding(Finding {
        what: "§4.6: the play chosen for 2-3".into(),
        seed: "16 with the 2, then 20 with the 3".into(),
        ours: format!("`{played}`"),
        verdict: Verdict::from(game.parse_move(&thesis_play).ok() == Some(decision.mv)),
        why: "the bot's play compared with the thesis's, written in hamle's notation".into(),
    });
    report.section(&rows);

    let examples = worked_examples()?;
    let agree = examples.iter().filter(|e| e.1 == e.2).count();
    let mut table =
        String::from("## The search chapters' worked examples\n\n| example | the thesis | hamle |\n|---|---|---|\n");
    for (what, seed, got) in &examples {
        table.push_str(&format!("| {what} | {seed} | {got} |\n"));
    }
    report.finding(Finding {
        what: "§1.6, §2.1: the worked examples' values".into(),
        seed: format!("{} values", examples.len()),
        ours: format!("{agree} of {} the same", examples.len()),
        verdict: Verdict::from(agree == examples.len()),
        why: "each computed by hamle's search, bots and counters (the table below)".into(),
    });
    report.section(&table);

    let registry = games::registry();
    let kind = registry.game("hapis")?;
    let hapis: Spec = "hapis".parse()?;
    let games = lab.games(4);
    let options = MatchOptions { games, seed: lab.seed, progress: lab.matches.clone(), ..MatchOptions::default() };
    let mut results: Vec<(String, MatchReport)> = Vec::new();
    for opponent in OPPONENTS {
        tell(Step::Match { a: "thesis".into(), b: (*opponent).to_owned(), games });
        let m = kind.run_match(&hapis, &"thesis".parse()?, &opponent.parse()?, &options)?;
        results.push(((*opponent).to_owned(), m));
    }
    let consistent: Vec<&str> = results
        .iter()
        .filter(|(_, m)| compare_shares(2, 4, m.a.wins, m.games).0 == Verdict::Reproduces)
        .map(|(o, _)| o.as_str())
        .collect();
    let mut table = format!(
        "## The thesis's player against hamle's\n\n{games} games each (the thesis: 4), seed {}, each side starting \
         half; a game is worth 1 point, 2 for a mars, and the points are the thesis's player's net. Wins are \
         compared with the thesis's 2 of 4 by Fisher's exact test.\n\n| opponent | the thesis's player: won–lost \
         | net points | share won (95 %) | could be the thesis's 2 of 4 |\n|---|---|---|---|---|\n",
        lab.seed
    );
    let mut bars = vec![{
        let (low, high) = hamle_arena::elo::wilson(2, 4);
        Bar { label: "a person".into(), value: 0.5, low, high, seed: true }
    }];
    for (opponent, m) in &results {
        let (verdict, _) = compare_shares(2, 4, m.a.wins, m.games);
        table.push_str(&format!(
            "| `{opponent}` | {}–{} | {:+} | {} | {} |\n",
            m.a.wins,
            m.a.losses,
            m.a.points,
            share(m.a.wins, m.games),
            if verdict == Verdict::Reproduces { "yes" } else { "no" }
        ));
        let (low, high) = hamle_arena::elo::wilson(m.a.wins, m.games);
        bars.push(Bar {
            label: opponent.replace("(level=beginner)", " beginner"),
            value: m.a.wins as f64 / m.games.max(1) as f64,
            low,
            high,
            seed: false,
        });
    }
    report.finding(Finding {
        what: "§4.7: the player won 2 of 4 games against a person".into(),
        seed: share(2, 4),
        ours: if consistent.is_empty() {
            "against none of hamle's players".into()
        } else {
            format!(
                "not ruled out against {}",
                consistent.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
            )
        },
        verdict: Verdict::from(!consistent.is_empty()),
        why: {
            let accepted: Vec<usize> =
                (0..=games).filter(|&k| compare_shares(2, 4, k, games).0 == Verdict::Reproduces).collect();
            let ruled_out: Vec<String> = results
                .iter()
                .filter(|(o, _)| !consistent.contains(&o.as_str()))
                .map(|(o, m)| format!("`{o}`: {} of {}", m.a.wins, m.games))
                .collect();
            format!(
                "four games rule out little: against 2 of 4, Fisher's exact test (p ≥ 0.05) accepts any number of \
                 wins from {} to {} of {games}; the person could have played like each player listed{}",
                accepted.first().unwrap_or(&0),
                accepted.last().unwrap_or(&0),
                if ruled_out.is_empty() { String::new() } else { format!(", not like {}", ruled_out.join(", ")) }
            )
        },
    });
    report.section(&table);
    let svg = interval_chart(
        "Games won by the thesis's player (red: against a person)",
        "share of games won",
        &bars,
        Some((0.0, 1.0)),
    )?;
    report.chart("against", "the share of games the thesis's player won against a person (red) and against each of hamle's players, with 95 % intervals", svg);
    report.figures(Figures::Hapis {
        matches: results
            .iter()
            .map(|(o, m)| HapisMatch {
                opponent: o.clone(),
                games: m.games,
                wins: m.a.wins,
                losses: m.a.losses,
                points: [m.a.points, m.b.points],
                seconds: m.seconds,
            })
            .collect(),
    });
    Ok(report)
}

/// The worked examples of the search chapters whose values the thesis prints: what, the thesis's value, hamle's.
fn worked_examples() -> Result<Vec<(String, String, String)>> {
    let mut out = Vec::new();
    let tree = Tree::parse(
        "[[[[3, 1, 4], [1, 5, 9, 2], [6, 5]], [[3, 6, 5], [8, 9, 7], [9, 3, 2]]], \
         [[[3, 8], [4, 6, 2]], [[6, 4], [3]], [[3, 8, 3], [2, 7, 9]]]]",
    )?;
    let root = search::minimax(&tree, &StaticValue { range: None }, u32::MAX)?.value;
    out.push(("§1.6 the four-level tree: its root".into(), "5".into(), format!("{root}")));
    let (scored, _) = TicTacToeThesis { depth: 2, ..Default::default() }.values(&TicTacToe::classic());
    let value_of = |cell: &str| {
        scored
            .iter()
            .find(|s| TicTacToe::classic().format_move(s.mv) == cell)
            .map_or("?".to_owned(), |s| format!("{}", s.value).replace('-', "−"))
    };
    out.push((
        "§1.6 tic-tac-toe at depth 2: a corner, an edge, the centre".into(),
        "−1, −2, 1".into(),
        format!("{}, {}, {}", value_of("a1"), value_of("b1"), value_of("b2")),
    ));
    // The thesis numbers the squares 1 to 64 row by row; hamle from 0.
    let knight = Warnsdorff::new(8, 10, TieBreak::First);
    let mut onward: Vec<(usize, usize)> = knight.candidates().iter().map(|c| (c.square + 1, c.onward.len())).collect();
    onward.sort_unstable();
    let listed: Vec<String> = onward.iter().map(|(sq, k)| format!("{sq}: {k}")).collect();
    out.push((
        "§2.1.1 the knight on square 11: onward moves from each square it reaches".into(),
        "1: 1, 5: 3, 17: 3, 21: 7, 26: 5, 28: 7".into(),
        listed.join(", "),
    ));
    out.push((
        "§2.1.1 Warnsdorff's rule from square 11 goes to".into(),
        "1".into(),
        knight.choose(None).map_or("?".to_owned(), |sq| (sq + 1).to_string()),
    ));
    for (n, solutions, unique) in [(8, 92, 12), (10, 724, 92), (12, 14_200, 1_787)] {
        let c = hamle_puzzles::queens::count(n)?;
        out.push((
            format!("§2.1.2 {n} queens: solutions, distinct"),
            format!("{solutions}, {unique}"),
            format!("{}, {}", c.solutions, c.unique),
        ));
    }
    Ok(out)
}
