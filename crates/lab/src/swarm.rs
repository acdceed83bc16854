//! The swarm experiment (`hamle lab swarm`): the Hapis thesis (`000`) frames its player as swarm optimisation
//! (§1.5, §4.5) without tuning anything; here each method of `hamle_tune` — the thesis's firefly, particle swarm,
//! fish swarm and bee colony, beside SPSA, CMA-ES and random search — tunes real weights at equal budgets of
//! games, several seeds each: the Domineering paper's SP weights (k1…k4) and the Hapis heuristic's nine.
//!
//! Each run scores weight vectors by games against the published weights under common random numbers (its
//! in-sample score, which flatters the best of many noisy evaluations). So each run's best is then played again on
//! fresh games (another seed) against the published weights, and each method's best of those is put to a
//! sequential test (H0: Elo 0, H1: Elo 10). The runs are `hamle tune` runs: their histories are kept by the caller
//! and taken up again, so a stopped experiment goes on where it stopped.

use anyhow::{Context, Result};
use hamle_arena::progress::Watcher;
use hamle_arena::sprt::{SprtOptions, Verdict, run_sprt};
use hamle_arena::tune::{History, TuneSettings, tune};
use hamle_arena::{GameKind, MatchOptions, Spec, games};
use hamle_tune::Method;
use serde::{Deserialize, Serialize};

use crate::chart::{Banded, Bar, banded_chart, interval_chart};
use crate::seeds::Chart;

/// One tuning problem: a bot, the weights tuned and their ranges, and the games it is given.
#[derive(Clone, Debug, PartialEq)]
pub struct Study {
    /// A short name, for files: `domineering`.
    pub name: &'static str,
    /// A title for the report.
    pub title: &'static str,
    /// The game.
    pub game: &'static str,
    /// The bot tuned; its published weights are its defaults, and the opponent.
    pub bot: &'static str,
    /// The weights and their ranges, as `hamle tune --params` takes them.
    pub params: &'static str,
    /// Games of one evaluation.
    pub games: usize,
    /// Games of one run.
    pub budget: usize,
    /// Games of each run's best against the published weights on fresh games.
    pub check: usize,
}

/// The experiment's two studies.
pub const STUDIES: [Study; 2] = [
    Study {
        name: "domineering",
        title: "Domineering 8×8: the paper's SP = k1·BG + k2·BS − k3·RG − k4·RS at depth 2",
        game: "domineering",
        bot: "seed",
        params: "k1=0..10,k2=0..10,k3=0..10,k4=0..10",
        games: 200,
        budget: 40_000,
        check: 2_000,
    },
    Study {
        name: "hapis",
        title: "Hapis: the hand-made evaluation's nine weights, 1-ply",
        game: "hapis",
        bot: "heuristic",
        params: "pip=0..3,pin=0..60,pin_depth=0..4,door=0..6,prime=0..3,home_door=0..5,shot=0..30,off=0..8,mother=0..12",
        games: 100,
        budget: 20_000,
        check: 2_000,
    },
];

/// How the experiment runs.
#[derive(Clone, Debug)]
pub struct SwarmOptions {
    /// Seeds of each method: 1, 2, …
    pub seeds: u64,
    /// Each run's budget and each check's games as a multiple of the study's (1 is the experiment; less is a
    /// quick look).
    pub scale: f64,
    /// The most games of each method's sequential test.
    pub sprt_games: usize,
    /// Who hears each run's games.
    pub progress: Option<Watcher>,
}

/// How far the experiment has gone.
#[derive(Clone, Debug, PartialEq)]
pub enum SwarmStep {
    /// A tuning run begins (or is taken up).
    Run {
        /// Its file name, without `.json`.
        name: String,
        /// Evaluations already in its history.
        done: usize,
    },
    /// A run's best is played on fresh games, or a method's best tested.
    Check {
        /// What is played, in words.
        what: String,
    },
}

/// A run's best on fresh games against the published weights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// Games played.
    pub games: usize,
    /// The tuned bot's share of the games (a win 1, a draw ½).
    pub score: f64,
    /// Its Elo over the published weights, with the 95 % interval.
    pub elo: Option<f64>,
    /// The interval's ends.
    pub ci95: [Option<f64>; 2],
}

/// One tuning run, summed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// The method.
    pub method: String,
    /// The seed.
    pub seed: u64,
    /// Evaluations made.
    pub evaluations: usize,
    /// The best weights by the run's own score, as the bot's spec.
    pub best: String,
    /// Their in-sample score.
    pub best_score: f64,
    /// Games spent until the run's best-so-far came within 10 Elo of its final best.
    pub games_to_within_10: usize,
    /// The best on fresh games.
    pub check: Check,
    /// Best in-sample score after each evaluation, as (games, score), every tenth evaluation and the last.
    pub curve: Vec<(usize, f64)>,
}

/// A method's sequential test of its best weights (the best of its runs on fresh games).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtResult {
    /// The method.
    pub method: String,
    /// The weights tested, as the bot's spec.
    pub bot: String,
    /// H0, H1 or undecided.
    pub verdict: Verdict,
    /// Games played.
    pub games: usize,
    /// The ratio at the end.
    pub llr: f64,
    /// The games' Elo over the published weights.
    pub elo: Option<f64>,
    /// Its 95 % interval.
    pub ci95: [Option<f64>; 2],
}

/// One study's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyResult {
    /// The study's name.
    pub name: String,
    /// Its title.
    pub title: String,
    /// The game.
    pub game: String,
    /// The bot (and the published opponent).
    pub bot: String,
    /// The weights and ranges.
    pub params: String,
    /// Games of an evaluation.
    pub games: usize,
    /// Games of a run.
    pub budget: usize,
    /// Every run.
    pub runs: Vec<RunResult>,
    /// Each method's test.
    pub sprt: Vec<SprtResult>,
}

/// `results.json` of the experiment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwarmResults {
    /// The command that made it.
    pub command: String,
    /// Seeds of each method.
    pub seeds: u64,
    /// The budget's scale.
    pub scale: f64,
    /// Each study.
    pub studies: Vec<StudyResult>,
}

/// The experiment written up.
#[derive(Clone, Debug, PartialEq)]
pub struct SwarmReport {
    /// The figures.
    pub results: SwarmResults,
    /// The charts, each to be written beside the report.
    pub charts: Vec<Chart>,
}

/// Elo of a score (clamped away from 0 and 1).
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Student's t at 97.5 % for `n − 1` degrees of freedom (n from 2 to 11), else the normal's 1.96.
fn t975(n: usize) -> f64 {
    const T: [f64; 10] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228];
    n.checked_sub(2).and_then(|i| T.get(i)).copied().unwrap_or(1.96)
}

/// Mean and the half-width of its 95 % interval.
fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, f64::NAN);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, t975(n) * (var / n as f64).sqrt())
}

/// Games until the best-so-far came within 10 Elo of the run's final best.
fn games_to_within_10(history: &History) -> usize {
    let curve = history.curve();
    let Some(&(_, last)) = curve.last() else { return 0 };
    curve.iter().find(|(_, s)| elo(*s) >= elo(last) - 10.0).map_or(0, |(g, _)| *g)
}

/// A run's name: `domineering-pso-seed3`.
pub fn run_name(study: &Study, method: &str, seed: u64) -> String {
    format!("{}-{method}-seed{seed}", study.name)
}

/// Runs the experiment: every study, method and seed, each run taken up from `load` when it holds this run's
/// history and saved through `save` after every evaluation; then the checks and tests.
///
/// # Errors
/// When a study names an unknown game, bot or weight, or a run cannot go on.
pub fn run_swarm(
    studies: &[Study],
    options: &SwarmOptions,
    load: &dyn Fn(&str) -> Option<History>,
    save: &mut dyn FnMut(&str, &History),
    tell: &mut dyn FnMut(SwarmStep),
) -> Result<SwarmReport> {
    let registry = games::registry();
    let mut results = Vec::new();
    let mut charts = Vec::new();
    for study in studies {
        let kind = registry.game(study.game)?;
        let game: Spec = study.game.parse()?;
        let bot: Spec = study.bot.parse()?;
        let scaled = |games: usize| ((games as f64 * options.scale).round() as usize).max(study.games);
        // Whole evaluations only: the budget a run is given and the study reports.
        let budget = scaled(study.budget) / study.games * study.games;
        let mut runs = Vec::new();
        for method in Method::NAMES {
            for seed in 1..=options.seeds {
                let settings =
                    TuneSettings::new(kind, &game, &bot, study.params, &bot, method, seed, study.games, budget)?;
                let name = run_name(study, method, seed);
                let history =
                    load(&name).filter(|h| h.settings == settings).unwrap_or_else(|| History::new(settings.clone()));
                tell(SwarmStep::Run { name: name.clone(), done: history.evaluations.len() });
                let history = tune(kind, history, options.progress.clone(), &mut |h| save(&name, h))
                    .with_context(|| format!("tuning run {name}"))?;
                save(&name, &history);
                runs.push(summarise(kind, &game, &bot, scaled(study.check), &history, tell)?);
            }
        }
        let sprt = test_methods(kind, &game, &bot, &runs, options.sprt_games, tell)?;
        charts.push(curves_chart(study, &runs)?);
        charts.push(checks_chart(study, &runs)?);
        results.push(StudyResult {
            name: study.name.to_owned(),
            title: study.title.to_owned(),
            game: study.game.to_owned(),
            bot: study.bot.to_owned(),
            params: study.params.to_owned(),
            games: study.games,
            budget,
            runs,
            sprt,
        });
    }
    let results = SwarmResults { command: String::new(), seeds: options.seeds, scale: options.scale, studies: results };
    Ok(SwarmReport { results, charts })
}

/// A finished run summed up, its best played on fresh games.
fn summarise(
    kind: &dyn GameKind,
    game: &Spec,
    bot: &Spec,
    check_games: usize,
    history: &History,
    tell: &mut dyn FnMut(SwarmStep),
) -> Result<RunResult> {
    let settings = &history.settings;
    let best = history.best().context("a run without evaluations")?;
    let spec = settings.spec(&best.weights)?;
    tell(SwarmStep::Check { what: format!("{spec} against {bot}, {check_games} fresh games") });
    let options = MatchOptions { games: check_games, seed: 1_000_000 + settings.seed, ..MatchOptions::default() };
    let report = kind.run_match(game, &spec, bot, &options)?;
    let curve = history.curve();
    let kept = curve.iter().enumerate().filter(|(i, _)| i % 10 == 9 || *i + 1 == curve.len()).map(|(_, p)| *p);
    Ok(RunResult {
        method: Method::parse(&settings.method)?.name().to_owned(),
        seed: settings.seed,
        evaluations: history.evaluations.len(),
        best: spec.to_string(),
        best_score: best.score,
        games_to_within_10: games_to_within_10(history),
        check: Check { games: check_games, score: report.mean_score, elo: report.elo.diff, ci95: report.elo.ci95 },
        curve: kept.collect(),
    })
}

/// Each method's best run on fresh games, tested sequentially against the published weights.
fn test_methods(
    kind: &dyn GameKind,
    game: &Spec,
    bot: &Spec,
    runs: &[RunResult],
    most: usize,
    tell: &mut dyn FnMut(SwarmStep),
) -> Result<Vec<SprtResult>> {
    let mut tests = Vec::new();
    for method in Method::NAMES {
        let Some(best) =
            runs.iter().filter(|r| r.method == method).max_by(|a, b| a.check.score.total_cmp(&b.check.score))
        else {
            continue;
        };
        let tuned: Spec = best.best.parse()?;
        tell(SwarmStep::Check { what: format!("SPRT of {tuned} against {bot}") });
        let test = SprtOptions { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05, max_games: most };
        let options = MatchOptions { seed: 2_000_000, ..MatchOptions::default() };
        let report = run_sprt(kind, game, &tuned, bot, &options, &test, &mut |_, _| {})?;
        tests.push(SprtResult {
            method: method.to_owned(),
            bot: best.best.clone(),
            verdict: report.verdict,
            games: report.report.games,
            llr: report.llr,
            elo: report.report.elo.diff,
            ci95: report.report.elo.ci95,
        });
    }
    Ok(tests)
}

/// Each method's best in-sample Elo over the published weights against games spent: the mean of its seeds, with
/// the 95 % interval over seeds at each quarter of the budget.
fn curves_chart(study: &Study, runs: &[RunResult]) -> Result<Chart> {
    let mut lines: Vec<Banded> = Vec::new();
    for method in Method::NAMES {
        let mine: Vec<&RunResult> = runs.iter().filter(|r| r.method == method).collect();
        let Some(first) = mine.first() else { continue };
        let count = first.curve.len();
        let mut points = Vec::new();
        let mut bars = Vec::new();
        for i in 0..count {
            let at: Vec<f64> = mine.iter().filter_map(|r| r.curve.get(i).map(|p| elo(p.1))).collect();
            if at.len() != mine.len() {
                continue;
            }
            let games = first.curve[i].0 as f64;
            let (mean, half) = mean_ci(&at);
            points.push((games, mean));
            let quarter = count.div_ceil(4).max(1);
            if half.is_finite() && ((i + 1) % quarter == 0 || i + 1 == count) {
                bars.push((games, mean - half, mean + half));
            }
        }
        lines.push((method.to_owned(), points, bars));
    }
    let values: Vec<f64> =
        lines.iter().flat_map(|(_, p, b)| p.iter().map(|q| q.1).chain(b.iter().flat_map(|q| [q.1, q.2]))).collect();
    let low = values.iter().copied().fold(0.0, f64::min) - 10.0;
    let high = values.iter().copied().fold(0.0, f64::max) + 10.0;
    let svg = banded_chart(
        &format!("{}: best in-sample Elo over the published weights", study.name),
        "games spent",
        "Elo (mean of seeds, 95 % interval)",
        &lines,
        (low, high),
    )?;
    Ok(Chart { file: format!("{}-curves.svg", study.name), svg })
}

/// Each method's best on fresh games: the mean Elo of its runs with the 95 % interval over seeds.
fn checks_chart(study: &Study, runs: &[RunResult]) -> Result<Chart> {
    let bars: Vec<Bar> = Method::NAMES
        .iter()
        .map(|method| {
            let elos: Vec<f64> = runs.iter().filter(|r| r.method == *method).filter_map(|r| r.check.elo).collect();
            let (mean, half) = mean_ci(&elos);
            let half = if half.is_finite() { half } else { 0.0 };
            Bar { label: (*method).to_owned(), value: mean, low: mean - half, high: mean + half, seed: false }
        })
        .collect();
    let svg = interval_chart(
        &format!("{}: tuned weights on fresh games, Elo over the published", study.name),
        "Elo (mean of seeds, 95 % interval)",
        &bars,
        None,
    )?;
    Ok(Chart { file: format!("{}-fresh.svg", study.name), svg })
}

/// A number of Elo as the tables write it.
fn signed(v: Option<f64>) -> String {
    v.map_or("—".to_owned(), |v| format!("{v:+.0}"))
}

impl SwarmReport {
    /// The report as Markdown: the command, the settings, and per study the table of methods, the tests and
    /// the charts.
    pub fn markdown(&self, command: &str, threads: usize, seconds: f64) -> String {
        let r = &self.results;
        let mut md = format!(
            "# The thesis's swarms, for real: tuning the players' weights\n\n\
             Command: `{command}` ({threads} threads, {:.1} minutes). Each method tunes each study's weights in {} \
             runs (seeds 1–{}) of equal budgets of games; every evaluation plays the same seeded games against \
             the published weights (common random numbers). *In-sample* is a run's best score on those games — \
             the best of many noisy evaluations, so it flatters; *fresh* plays that best again on other games (another \
             seed) against the published weights; the SPRT (H0: Elo 0, H1: Elo 10, α = β = 0.05) tests each method's best on fresh games on yet other \
             games. Methods: the thesis's firefly (Yang 2008), glowworm swarm (Krishnanand & Ghose 2005), particle \
             swarm (Kennedy & Eberhart 1995, Clerc's constriction), artificial fish swarm (Li, Shao & Qian 2002) \
             and bee colony (Karaboga 2005), beside \
             SPSA (Spall 1998), CMA-ES (Hansen 2016) and random search, each at its documented defaults \
             (`hamle tune --help`).\n\n",
            seconds / 60.0,
            r.seeds,
            r.seeds,
        );
        for s in &r.studies {
            let title = &s.title;
            md.push_str(&format!(
                "## {title}\n\n`hamle tune {} {} --params {} --games {} --budget {} --method M --seed S` \
                 (the opponent: `{}`, the published weights).\n\n",
                s.game, s.bot, s.params, s.games, s.budget, s.bot
            ));
            md.push_str(
                "| method | in-sample Elo (mean of seeds) | games to within 10 Elo of the run's best (median, range) | \
                 fresh Elo (mean, 95 % interval over seeds) | SPRT of its best | its Elo (95 %) |\n\
                 |---|---:|---:|---:|---|---:|\n",
            );
            for method in Method::NAMES {
                let runs: Vec<&RunResult> = s.runs.iter().filter(|x| x.method == method).collect();
                if runs.is_empty() {
                    continue;
                }
                let inside: Vec<f64> = runs.iter().map(|x| elo(x.best_score)).collect();
                let mut reach: Vec<usize> = runs.iter().map(|x| x.games_to_within_10).collect();
                reach.sort_unstable();
                let fresh: Vec<f64> = runs.iter().filter_map(|x| x.check.elo).collect();
                let (fm, fh) = mean_ci(&fresh);
                let sprt = s.sprt.iter().find(|t| t.method == method);
                let verdict = sprt.map_or("—".to_owned(), |t| {
                    let word = match t.verdict {
                        Verdict::H0 => "H0",
                        Verdict::H1 => "**H1**",
                        Verdict::Undecided => "undecided",
                    };
                    format!("{word} after {} games", t.games)
                });
                let sprt_elo = sprt.map_or("—".to_owned(), |t| {
                    format!("{} ({} … {})", signed(t.elo), signed(t.ci95[0]), signed(t.ci95[1]))
                });
                md.push_str(&format!(
                    "| {method} | {:+.0} | {} ({}–{}) | {fm:+.0} ± {fh:.0} | {verdict} | {sprt_elo} |\n",
                    mean_ci(&inside).0,
                    reach[reach.len() / 2],
                    reach[0],
                    reach[reach.len() - 1],
                ));
            }
            md.push_str(&format!(
                "\n![{0}: best in-sample Elo against games]({0}-curves.svg)\n\n![{0}: fresh Elo by method]({0}-fresh.svg)\n\n",
                s.name
            ));
            md.push_str("Each method's tested weights:\n\n");
            for t in &s.sprt {
                md.push_str(&format!("- {}: `{}`\n", t.method, t.bot));
            }
            md.push('\n');
        }
        md
    }
}
