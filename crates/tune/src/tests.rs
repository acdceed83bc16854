//! Each method on the standard test functions, and replays from a seed.

use super::*;

/// A test function to minimise over a box, as a method sees it: the negated value over `[0, 1]^d`.
struct Function {
    f: fn(&[f64]) -> f64,
    lo: f64,
    hi: f64,
}

fn sphere(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

fn rosenbrock(x: &[f64]) -> f64 {
    x.windows(2).map(|w| 100.0 * (w[1] - w[0] * w[0]).powi(2) + (1.0 - w[0]).powi(2)).sum()
}

fn rastrigin(x: &[f64]) -> f64 {
    10.0 * x.len() as f64 + x.iter().map(|v| v * v - 10.0 * (2.0 * std::f64::consts::PI * v).cos()).sum::<f64>()
}

const SPHERE: Function = Function { f: sphere, lo: -5.12, hi: 5.12 };
const ROSENBROCK: Function = Function { f: rosenbrock, lo: -2.048, hi: 2.048 };
const RASTRIGIN: Function = Function { f: rastrigin, lo: -5.12, hi: 5.12 };

/// Scores points by a test function until `left` evaluations are spent, keeping every point asked and the
/// least value seen.
struct Bench<'a> {
    function: &'a Function,
    dims: usize,
    left: usize,
    asked: Vec<Vec<f64>>,
    least: f64,
}

impl Oracle for Bench<'_> {
    fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
        let mut scores = Vec::new();
        for p in points {
            assert_eq!(p.len(), self.dims, "a point of the box's dimensions");
            assert!(p.iter().all(|u| (0.0..=1.0).contains(u)), "a point in the box: {p:?}");
            if self.left == 0 {
                return Err(Stop);
            }
            self.left -= 1;
            let x: Vec<f64> = p.iter().map(|u| self.function.lo + u * (self.function.hi - self.function.lo)).collect();
            let value = (self.function.f)(&x);
            self.least = self.least.min(value);
            self.asked.push(p.clone());
            scores.push(-value);
        }
        Ok(scores)
    }
}

/// The least value `method` finds of `function` in `dims` dimensions with `budget` evaluations, the worst of
/// three seeds.
fn worst_of_seeds(method: &str, function: &Function, dims: usize, budget: usize) -> f64 {
    let method = Method::parse(method).expect("a method");
    (1..=3)
        .map(|seed| {
            let mut bench = Bench { function, dims, left: budget, asked: Vec::new(), least: f64::INFINITY };
            method.run(dims, None, budget, seed, &mut bench);
            assert_eq!(bench.left, 0, "{} stopped before its budget", method.name());
            bench.least
        })
        .fold(f64::MIN, f64::max)
}

/// What each method reaches within 2,000 evaluations, the worst of three seeds. The minimum of each function is
/// 0 (at the origin; Rosenbrock's at (1, …, 1)); a random point scores about 26 on the 2-D sphere, 900 on the
/// 2-D Rosenbrock and 40 on the 2-D Rastrigin. The bounds were set from measured runs, about three times the worst
/// seed's, so they are regression bounds (a formula changed shows) that also rank the methods: CMA-ES and PSO converge, the firefly, fish and bee swarms get
/// close, SPSA (a local method for noisy scores) and random search trail, and the glowworm swarm (made to find
/// every local optimum at once, in short steps) is no better than random search past two dimensions. Rastrigin's local minima lie near each
/// whole number: a bound of 1 or less means the global basin was found; CMA-ES's default population (no restarts)
/// is known to stop in a local one.
const TOLERANCES: [(&str, [f64; 6]); 8] = [
    // sphere 2-D, sphere 4-D, Rosenbrock 2-D, Rosenbrock 4-D, Rastrigin 2-D, Rastrigin 4-D
    ("cmaes", [1e-12, 1e-12, 1e-12, 1e-11, 2.5, 8.0]),
    ("pso", [2e-12, 2e-8, 2e-4, 2.0, 3e-6, 2.5]),
    ("firefly", [5e-5, 2e-3, 2e-4, 2.0, 1.2, 4.0]),
    ("glowworm", [5e-3, 5.0, 5e-5, 60.0, 2.0, 25.0]),
    ("fish", [8e-3, 5e-2, 2e-2, 5.0, 1.0, 20.0]),
    ("bees", [2e-18, 2e-12, 5e-2, 2.0, 2e-5, 1.2]),
    ("spsa(a=0.05,c=0.02)", [5e-2, 0.1, 2.0, 6.0, 5e-2, 15.0]),
    ("random", [3e-2, 2.0, 0.1, 15.0, 2.0, 20.0]),
];

#[test]
fn every_method_finds_the_minimum_of_the_standard_functions_within_its_tolerance() {
    let mut report = Vec::new();
    for (method, tolerance) in TOLERANCES {
        let found = [
            worst_of_seeds(method, &SPHERE, 2, 2000),
            worst_of_seeds(method, &SPHERE, 4, 2000),
            worst_of_seeds(method, &ROSENBROCK, 2, 2000),
            worst_of_seeds(method, &ROSENBROCK, 4, 2000),
            worst_of_seeds(method, &RASTRIGIN, 2, 2000),
            worst_of_seeds(method, &RASTRIGIN, 4, 2000),
        ];
        let misses: Vec<String> =
            found.iter().zip(tolerance).filter(|(f, t)| f > &t).map(|(f, t)| format!("{f:.2e} > {t:.0e}")).collect();
        report.push(format!("{method}: {} {misses:?}", found.map(|f| format!("{f:.2e}")).join(" ")));
    }
    eprintln!("{report:#?}");
    assert!(report.iter().all(|line| line.ends_with("[]")), "{report:#?}");
}

/// The points a method planning for 300 evaluations asks of a function before it is stopped after `budget`.
fn asked(method: &Method, budget: usize, seed: u64) -> Vec<Vec<f64>> {
    let mut bench = Bench { function: &ROSENBROCK, dims: 3, left: budget, asked: Vec::new(), least: f64::INFINITY };
    method.run(3, Some(&[0.2, 0.4, 0.6]), 300, seed, &mut bench);
    bench.asked
}

/// Answers from a recorded run's points until they run out, then scores new points itself: how a stopped run is
/// taken up again.
struct Resume<'a> {
    recorded: &'a [Vec<f64>],
    bench: Bench<'a>,
}

impl Oracle for Resume<'_> {
    fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
        for p in points {
            if let Some((first, rest)) = self.recorded.split_first() {
                assert_eq!(first, p, "a replayed run asks what it asked before");
                self.recorded = rest;
            }
        }
        self.bench.score(points)
    }
}

#[test]
fn every_method_replays_exactly_from_its_seed_and_takes_up_a_stopped_run_where_it_stopped() {
    for name in Method::NAMES {
        let method = Method::parse(name).expect("a method");
        let whole = asked(&method, 300, 5);
        assert_eq!(whole.len(), 300, "{name}");
        assert_eq!(asked(&method, 300, 5), whole, "{name}: the same seed asks the same points");
        assert_ne!(asked(&method, 300, 6), whole, "{name}: another seed asks others");
        let first = asked(&method, 120, 5);
        assert_eq!(first[..], whole[..120], "{name}: stopped early, it asked a prefix");
        let mut resume = Resume {
            recorded: &first,
            bench: Bench { function: &ROSENBROCK, dims: 3, left: 300, asked: Vec::new(), least: f64::INFINITY },
        };
        method.run(3, Some(&[0.2, 0.4, 0.6]), 300, 5, &mut resume);
        assert_eq!(resume.bench.asked, whole, "{name}: taken up after 120, the run goes on as the whole one");
    }
}

#[test]
fn spsa_and_cmaes_start_from_the_given_point_and_the_swarms_from_random_ones() {
    let start = [0.2, 0.4, 0.6];
    let spsa = asked(&Method::parse("spsa(c=0.1)").expect("spsa"), 2, 1);
    let centre: Vec<f64> = spsa[0].iter().zip(&spsa[1]).map(|(p, m)| (p + m) / 2.0).collect();
    for (c, s) in centre.iter().zip(start) {
        assert!((c - s).abs() < 1e-12, "SPSA's first pair straddles the start: {centre:?}");
    }
    for (p, s) in spsa[0].iter().zip(start) {
        assert!(((p - s).abs() - 0.1).abs() < 1e-12, "each coordinate moved by c: {:?}", spsa[0]);
    }
    let cmaes = asked(&Method::parse("cmaes(sigma=0.001)").expect("cmaes"), 7, 1);
    for p in &cmaes {
        assert!(p.iter().zip(start).all(|(x, s)| (x - s).abs() < 0.01), "CMA-ES samples around its start: {p:?}");
    }
    for name in ["pso", "firefly", "glowworm", "fish", "bees", "random"] {
        let first = asked(&Method::parse(name).expect("a method"), 10, 1);
        let far = first.iter().filter(|p| p.iter().zip(start).any(|(x, s)| (x - s).abs() > 0.1)).count();
        assert!(far >= 5, "{name} starts from random points, not the start: {first:?}");
    }
}

#[test]
fn bad_method_specs_are_refused_with_what_is_allowed() {
    let unknown = Method::parse("ants").expect_err("no such method").to_string();
    assert!(
        unknown.contains("unknown method 'ants'") && unknown.contains("firefly, glowworm, pso, fish, bees"),
        "{unknown}"
    );
    let param = Method::parse("pso(speed=2)").expect_err("no such parameter").to_string();
    assert!(param.contains("speed") && param.contains("vmax"), "{param}");
    let value = Method::parse("firefly(n=1)").expect_err("one firefly").to_string();
    assert!(value.contains("2..=1000"), "{value}");
    assert!(Method::parse("cmaes(lambda=auto)").is_ok() && Method::parse("cmaes(lambda=1)").is_err());
    assert_eq!(Method::parse("pso(w=1,c1=2,c2=2)").expect("the 1995 original").name(), "pso");
}

#[test]
fn every_method_names_its_paper_and_takes_its_declared_defaults() {
    for name in Method::NAMES {
        let about = Method::about(name).expect("an about line");
        assert!(about.len() > 30, "{name}: {about}");
        let docs = Method::docs(name).expect("its parameters");
        let defaults: Vec<String> = docs.iter().map(|d| format!("{}={}", d.key, d.default)).collect();
        let spelled = format!("{name}({})", defaults.join(","));
        assert_eq!(Method::parse(&spelled), Method::parse(name), "{spelled} is {name} at its defaults");
        assert_eq!(Method::parse(name).expect("a method").name(), name);
    }
    assert_eq!(Method::about("ants"), None);
    assert_eq!(Method::docs("ants"), None);
    for (name, paper) in [
        ("firefly", "Yang"),
        ("glowworm", "Krishnanand"),
        ("pso", "Kennedy"),
        ("fish", "Li, Shao"),
        ("bees", "Karaboga"),
        ("spsa", "Spall"),
        ("cmaes", "Hansen"),
        ("random", "floor"),
    ] {
        assert!(Method::about(name).is_some_and(|a| a.contains(paper)), "{name} names {paper}");
    }
}

#[test]
fn the_best_of_scores_is_the_first_of_the_highest() {
    assert_eq!(methods::best(&[1.0, 3.0, 3.0, 2.0]), 1);
    assert_eq!(methods::best(&[5.0, 3.0]), 0);
    assert_eq!(methods::best(&[-1.0, -2.0, 0.5]), 2);
}

#[test]
fn bee_fitness_is_karabogas_of_the_negated_score() {
    // A cost f ≥ 0 (a score ≤ 0) has fitness 1/(1 + f); a negative cost 1 + |f|.
    assert_eq!(methods::bees::fitness(-3.0), 0.25);
    assert_eq!(methods::bees::fitness(0.0), 1.0);
    assert_eq!(methods::bees::fitness(2.0), 3.0);
}

#[test]
fn cmaes_strategy_parameters_are_those_of_hansens_tutorial() {
    // Worked out apart from this code, from the tutorial's table 1 (arXiv:1604.00772, positive weights).
    let close = |a: f64, b: f64| (a - b).abs() < 5e-6;
    let two = methods::cmaes::Strategy::new(2, None);
    assert_eq!(two.lambda, 6);
    assert!(two.weights.iter().zip([0.637043, 0.28457, 0.078387]).all(|(a, b)| close(*a, b)), "{:?}", two.weights);
    let got = [two.mueff, two.cs, two.ds, two.cc, two.c1, two.cmu, two.chi];
    let want = [2.028611, 0.446205, 1.446205, 0.624555, 0.154815, 0.057859, 1.254273];
    assert!(got.iter().zip(want).all(|(a, b)| close(*a, b)), "n = 2: {got:?}");
    let ten = methods::cmaes::Strategy::new(10, None);
    assert_eq!((ten.lambda, ten.weights.len()), (10, 5));
    let got = [ten.weights[0], ten.mueff, ten.cs, ten.ds, ten.cc, ten.c1, ten.cmu, ten.chi];
    let want = [0.456273, 3.167299, 0.284429, 1.284429, 0.29499, 0.015284, 0.020154, 3.084727];
    assert!(got.iter().zip(want).all(|(a, b)| close(*a, b)), "n = 10: {got:?}");
    assert_eq!(methods::cmaes::Strategy::new(10, Some(20)).weights.len(), 10);
}

#[test]
fn bees_take_karabogas_neighbour_choose_by_fitness_and_abandon_after_the_limit() {
    use methods::bees::{neighbour, onlooker, scout};
    assert_eq!(neighbour(&[0.5, 0.5], &[0.1, 0.9], 0, 0.5), [0.7, 0.5], "0.5 + 0.5 × (0.5 − 0.1)");
    assert_eq!(neighbour(&[0.5, 0.5], &[0.1, 0.9], 1, 0.5), [0.5, 0.3], "0.5 + 0.5 × (0.5 − 0.9)");
    assert_eq!(neighbour(&[0.9], &[0.1], 0, 1.0), [1.0], "kept in the box");
    let mut rng = Stream::new(4);
    let mut counts = [0usize; 3];
    for round in 0..3000 {
        counts[onlooker(&[0.1, 0.3, 0.6], round, &mut rng)] += 1;
    }
    // Going round from each start, a source is taken when its draw succeeds: the likelier ones most.
    assert!(counts[2] > counts[1] && counts[1] > counts[0] && counts[0] > 100, "{counts:?}");
    assert_eq!(onlooker(&[0.0, 1.0, 0.0], 2, &mut rng), 1, "only the source with every chance is chosen");
    assert_eq!(scout(&[3, 5, 5], 4), Some(1), "the most tried, past the limit: the first of equals");
    assert_eq!(scout(&[3, 4, 2], 4), None, "at the limit it stays");
}

#[test]
fn a_colony_cycle_is_one_try_per_employed_bee_in_order_then_one_per_onlooker() {
    // Every score equal: nothing improves, so the sources stay where they began and each point asked is a
    // neighbour of one of them (it keeps one of the source's coordinates, and is asked alone).
    struct Flat(Vec<Vec<f64>>);
    impl Oracle for Flat {
        fn score(&mut self, points: &[Vec<f64>]) -> Result<Vec<f64>, Stop> {
            if self.0.len() == 3 + 9 {
                return Err(Stop);
            }
            assert!(self.0.is_empty() || points.len() == 1, "after the first sources, one point at a time");
            self.0.extend(points.iter().cloned());
            Ok(vec![0.0; points.len()])
        }
    }
    let mut flat = Flat(Vec::new());
    Method::parse("bees(sources=3,limit=100)").expect("bees").run(2, None, 100, 1, &mut flat);
    let (sources, tries) = flat.0.split_at(3);
    let of = |p: &Vec<f64>| sources.iter().position(|s| s[0] == p[0] || s[1] == p[1]).expect("a neighbour");
    let order: Vec<usize> = tries.iter().map(of).collect();
    assert_eq!(order[..3], [0, 1, 2], "the employed bees, source by source");
    assert_eq!(order[6..], [0, 1, 2], "the next cycle's employed bees, after three onlookers");
    assert_ne!(order[3..6], [0, 1, 2], "the onlookers chose by chance: {order:?}");
}
