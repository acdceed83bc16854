//! The swarm experiment on a study small enough to run in a test: every method and seed run, checked and tested,
//! written up; and run again, every run taken up from its history without a game played.

use std::cell::RefCell;
use std::collections::HashMap;

use hamle_arena::tune::History;
use hamle_lab::swarm::{Study, SwarmOptions, SwarmStep, run_swarm};

const TINY: Study = Study {
    name: "tictactoe",
    title: "Tic-tac-toe: the thesis's open lines at depth 2",
    game: "tictactoe",
    bot: "thesis",
    params: "mine=-2..2,theirs=-2..2",
    games: 8,
    budget: 8 * 12,
    check: 40,
};

#[test]
fn every_method_runs_is_checked_and_tested_and_a_second_run_takes_every_history_up() {
    let options = SwarmOptions { seeds: 2, scale: 1.0, sprt_games: 40, progress: None };
    let store: RefCell<HashMap<String, History>> = RefCell::new(HashMap::new());
    let mut saves = 0;
    let mut steps = Vec::new();
    let report = run_swarm(
        &[TINY],
        &options,
        &|name| store.borrow().get(name).cloned(),
        &mut |name, h| {
            saves += 1;
            store.borrow_mut().insert(name.to_owned(), h.clone());
        },
        &mut |step| steps.push(step),
    )
    .expect("the experiment runs");
    let study = &report.results.studies[0];
    assert_eq!(study.runs.len(), 8 * 2, "eight methods, two seeds each");
    assert!(study.runs.iter().all(|r| r.evaluations == 12 && r.check.games == 40));
    assert_eq!(store.borrow().len(), 16);
    assert_eq!(saves, 16 * 12 + 16, "after every evaluation, and once more when a run ends");
    assert_eq!(study.sprt.len(), 8, "each method's best is tested");
    assert!(study.sprt.iter().all(|t| t.games <= 40 && t.games % 2 == 0));
    for run in &study.runs {
        let best = store.borrow()[&format!("tictactoe-{}-seed{}", run.method, run.seed)].best().cloned();
        assert_eq!(best.map(|b| b.score), Some(run.best_score), "{} seed {}", run.method, run.seed);
        assert!(run.games_to_within_10 >= 8 && run.games_to_within_10 <= 96);
    }
    assert_eq!(
        report.charts.iter().map(|c| c.file.as_str()).collect::<Vec<_>>(),
        ["tictactoe-curves.svg", "tictactoe-fresh.svg"]
    );
    for chart in &report.charts {
        for method in ["firefly", "glowworm", "pso", "fish", "bees", "spsa", "cmaes", "random"] {
            assert!(chart.svg.lines().any(|l| l.trim() == method), "{method} named in {}", chart.file);
        }
    }
    let md = report.markdown("hamle lab swarm --test", 2, 0.1);
    for method in ["firefly", "glowworm", "pso", "fish", "bees", "spsa", "cmaes", "random"] {
        assert!(md.contains(&format!("| {method} | ")), "{method}'s row in {md}");
    }
    assert!(md.contains("## Tic-tac-toe: the thesis's open lines at depth 2"));
    assert_eq!(steps.iter().filter(|s| matches!(s, SwarmStep::Run { done: 0, .. })).count(), 16);

    let mut again_saves = 0;
    let mut again_steps = Vec::new();
    let again = run_swarm(
        &[TINY],
        &options,
        &|name| store.borrow().get(name).cloned(),
        &mut |_, _| again_saves += 1,
        &mut |step| again_steps.push(step),
    )
    .expect("run again");
    assert_eq!(again_saves, 16, "no evaluation is made again");
    assert!(again_steps.iter().any(|s| matches!(s, SwarmStep::Run { done: 12, .. })));
    assert_eq!(again.results, report.results, "the same figures");
}

/// The experiment committed in `docs/lab/swarm`, as `hamle lab swarm` wrote it: both studies, every method and
/// seed, each method's test.
#[test]
fn the_committed_experiment_reads_whole() {
    let results: hamle_lab::swarm::SwarmResults =
        serde_json::from_str(include_str!("../../../docs/lab/swarm/results.json")).expect("the committed results");
    assert!(results.command.starts_with("hamle lab swarm --seeds 5 --scale 1"), "{}", results.command);
    let names: Vec<&str> = results.studies.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["domineering", "hapis"]);
    for study in &results.studies {
        assert_eq!(study.runs.len(), 8 * 5, "{}", study.name);
        assert_eq!(study.sprt.len(), 8, "{}", study.name);
        assert!(study.runs.iter().all(|r| r.evaluations * study.games == study.budget), "{}", study.name);
    }
}
