//! Expectiminimax over whole turns (the thesis's §4.4 frame): a play, the opponent's 21 rolls weighted
//! 1/36 and 1/18, its best reply, and so on, with gnubg's move filter (only the best few plays by the
//! shallower search are searched deeper) and Star1 cuts at the rolls; within a depth, node or time budget.

use std::fmt::Debug;
use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Stream};

use super::heuristic::HeuristicEval;
use super::neural::{NeuralEval, Outcome};
use crate::rules::{Dice, Hapis, Play, Position, Settings};

/// The most a whole game can be worth to either side, in points (a mars).
const MAX_EQUITY: f64 = 2.0;

/// A value an evaluation gives a position, for the side on roll there.
pub trait Estimate: Copy + Debug + Send + Sync {
    /// Nothing yet: the start of an expectation.
    fn zero() -> Self;
    /// The same value for the other side.
    fn flip(self) -> Self;
    /// Expected points, in −2..=2.
    fn equity(self) -> f64;
    /// `self + p · other`.
    fn add_scaled(self, other: Self, p: f64) -> Self;
}

impl Estimate for f64 {
    fn zero() -> Self {
        0.0
    }
    fn flip(self) -> Self {
        -self
    }
    fn equity(self) -> f64 {
        self
    }
    fn add_scaled(self, other: Self, p: f64) -> Self {
        self + p * other
    }
}

impl Estimate for Outcome {
    fn zero() -> Self {
        Outcome::default()
    }
    fn flip(self) -> Self {
        Outcome::flip(self)
    }
    fn equity(self) -> f64 {
        Outcome::equity(self)
    }
    fn add_scaled(self, other: Self, p: f64) -> Self {
        Outcome::add_scaled(self, other, p)
    }
}

/// An evaluation of positions between turns, for the side on roll; exact when the game is over.
pub trait TurnEval: Send + Sync {
    /// What it gives.
    type Value: Estimate;
    /// `position`'s value for the side on roll there (the game's result if it is over under `settings`).
    fn evaluate(&self, position: &Position, settings: Settings) -> Self::Value;
}

impl TurnEval for HeuristicEval {
    type Value = f64;
    fn evaluate(&self, position: &Position, settings: Settings) -> f64 {
        self.equity(position, position.turn, settings)
    }
}

thread_local! {
    /// The network's input buffer, reused across evaluations rather than allocated for each.
    static INPUTS: std::cell::RefCell<Vec<(u16, f32)>> = std::cell::RefCell::new(Vec::with_capacity(96));
}

impl TurnEval for NeuralEval {
    type Value = Outcome;
    fn evaluate(&self, position: &Position, settings: Settings) -> Outcome {
        INPUTS.with(|buffer| self.outcome(position, settings, &mut buffer.borrow_mut()))
    }
}

/// Which plays a shallow search passes on to the deeper one: at most `count`, and only those within
/// `within` points of the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filter {
    /// Most plays searched deeper.
    pub count: usize,
    /// Largest equity gap to the best play for a play to be searched deeper.
    pub within: f64,
}

impl Default for Filter {
    fn default() -> Self {
        Filter { count: 8, within: 0.16 }
    }
}

/// A play with its result and its value for the mover, from a search `depth` plies deep.
#[derive(Clone, Copy, Debug)]
pub struct Ranked<V> {
    /// The play.
    pub play: Play,
    /// The position it leads to (the opponent to throw).
    pub result: Position,
    /// Its value for the side that plays it.
    pub value: V,
    /// Plies searched: 1 is the evaluation of the result alone.
    pub depth: u32,
}

impl Ranked<Outcome> {
    /// A hint as JSON, as the CLI and the web app give it: the play, its equity, its chances, the plies searched.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "play": self.play.to_string(),
            "equity": self.value.equity(),
            "win": self.value.win,
            "win_mars": self.value.win_mars,
            "lose_mars": self.value.lose_mars,
            "plies": self.depth,
        })
    }
}

/// An n-ply expectiminimax with a move filter; 1 ply scores each play by its result alone.
#[derive(Clone, Debug)]
pub struct Search<E> {
    /// The evaluation at the leaves.
    pub eval: E,
    /// Plies: 1 the play alone, 2 also the opponent's rolls and replies, and so on.
    pub plies: u32,
    /// Which plays each level searches deeper.
    pub filter: Filter,
    /// Whether Star1 may cut an expectation over the rolls that cannot reach the best value found.
    pub star1: bool,
}

/// Where a search stands against its budget.
struct Clock {
    deadline: Option<Instant>,
    nodes: u64,
    max_nodes: Option<u64>,
    stopped: bool,
}

impl Clock {
    /// Counts `n` positions about to be evaluated; false, and stopped for good, when they would take the
    /// count past the budget (they are then not evaluated, so the count never passes it).
    fn afford(&mut self, n: usize) -> bool {
        let n = n as u64;
        if self.stopped || self.max_nodes.is_some_and(|most| self.nodes.saturating_add(n) > most) {
            self.stopped = true;
            return false;
        }
        self.nodes += n;
        true
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            let nodes_spent = self.max_nodes.is_some_and(|n| self.nodes >= n);
            self.stopped = nodes_spent || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }
}

impl<E: TurnEval> Search<E> {
    /// Every legal play for `dice` in `position`, best first. The plays the filter keeps are searched to
    /// `plies` (fewer when the budget runs out: the deepest depth completed counts); the rest keep the value
    /// of the depth they were dropped at. Also the number of positions evaluated.
    pub fn rank(
        &self,
        position: &Position,
        dice: Dice,
        settings: Settings,
        budget: &Budget,
    ) -> (Vec<Ranked<E::Value>>, u64) {
        let start = Instant::now();
        let mut clock = Clock { deadline: budget.deadline(start), nodes: 0, max_nodes: budget.nodes, stopped: false };
        let plies = budget.depth.map_or(self.plies, |d| d.min(self.plies)).max(1);
        let plays = position.plays(dice);
        let Some(mut ranked) = self.score_plays(&plays, settings, &mut clock) else {
            // Not even 1 ply fits a node budget: the first play as the rules list them, unvalued.
            let first = plays.first().map(|&(play, result)| Ranked { play, result, value: E::Value::zero(), depth: 0 });
            return (first.into_iter().collect(), clock.nodes);
        };
        sort_best_first(&mut ranked);
        for depth in 2..=plies {
            let keep = self.kept(&ranked);
            let mut deeper: Vec<Ranked<E::Value>> = Vec::with_capacity(keep);
            let mut best = f64::NEG_INFINITY;
            for candidate in &ranked[..keep] {
                let alpha = if self.star1 { best } else { f64::NEG_INFINITY };
                if let Some(value) = self.after(&candidate.result, depth - 1, alpha, settings, &mut clock) {
                    best = best.max(value.equity());
                    deeper.push(Ranked { value, depth, ..*candidate });
                }
                if clock.stopped {
                    break;
                }
            }
            if clock.stopped {
                break;
            }
            sort_best_first(&mut deeper);
            let searched: Vec<Play> = deeper.iter().map(|r| r.play).collect();
            deeper.extend(ranked.iter().filter(|r| !searched.contains(&r.play)).copied());
            ranked = deeper;
        }
        (ranked, clock.nodes)
    }

    /// The value, for the side that played it, of a play's `result` searched to the search's full depth, as
    /// [`Search::rank`] values the plays its filter keeps (without a budget, and without Star1's cut, which
    /// would give a bound rather than the value): the analysis values a play the filter dropped this way.
    pub fn value(&self, result: &Position, settings: Settings) -> E::Value {
        let mut clock = Clock { deadline: None, nodes: 0, max_nodes: None, stopped: false };
        self.after(result, self.plies.max(1) - 1, f64::NEG_INFINITY, settings, &mut clock)
            .unwrap_or_else(|| self.eval.evaluate(result, settings).flip())
    }

    /// How many of the plays, best first, the filter passes deeper: only plays searched as deep as the best
    /// (values of different depths do not compare).
    fn kept(&self, ranked: &[Ranked<E::Value>]) -> usize {
        let Some(first) = ranked.first() else { return 0 };
        let best = first.value.equity();
        ranked
            .iter()
            .take(self.filter.count.max(1))
            .take_while(|r| r.depth == first.depth && best - r.value.equity() <= self.filter.within)
            .count()
    }

    /// Each play with its result's evaluation, for the mover; `None` when the node budget cannot pay for them all.
    fn score_plays(
        &self,
        plays: &[(Play, Position)],
        settings: Settings,
        clock: &mut Clock,
    ) -> Option<Vec<Ranked<E::Value>>> {
        if !clock.afford(plays.len()) {
            return None;
        }
        let scored = plays
            .iter()
            .map(|&(play, result)| Ranked {
                play,
                result,
                value: self.eval.evaluate(&result, settings).flip(),
                depth: 1,
            })
            .collect();
        Some(scored)
    }

    /// The value, for the side that just played, of `result` (the opponent to throw) searched `plies` more
    /// plies; `None` when Star1 proves it no better than `alpha` or the budget ran out.
    fn after(
        &self,
        result: &Position,
        plies: u32,
        alpha: f64,
        settings: Settings,
        clock: &mut Clock,
    ) -> Option<E::Value> {
        if plies == 0 || Hapis::result(result, settings).is_some() {
            if !clock.afford(1) {
                return None;
            }
            return Some(self.eval.evaluate(result, settings).flip());
        }
        let (mut sum, mut sum_equity, mut left) = (E::Value::zero(), 0.0, 1.0);
        for (dice, p) in Dice::rolls() {
            if clock.out_of_budget() {
                return None;
            }
            let reply = self.best_reply(result, dice, plies, settings, clock)?;
            let mine = reply.flip();
            sum = sum.add_scaled(mine, p);
            sum_equity += p * mine.equity();
            left -= p;
            // Star1: even if every roll left were the best possible for us, this cannot beat alpha.
            if sum_equity + left * MAX_EQUITY < alpha - 1e-12 {
                return None;
            }
        }
        Some(sum)
    }

    /// The best play's value, for the side on roll in `position` with `dice`, searched `plies` plies.
    fn best_reply(
        &self,
        position: &Position,
        dice: Dice,
        plies: u32,
        settings: Settings,
        clock: &mut Clock,
    ) -> Option<E::Value> {
        let mut ranked = self.score_plays(&position.plays(dice), settings, clock)?;
        if plies == 1 {
            return ranked.iter().map(|r| r.value).max_by(|a, b| a.equity().total_cmp(&b.equity()));
        }
        sort_best_first(&mut ranked);
        let keep = self.kept(&ranked);
        let mut best: Option<E::Value> = None;
        for candidate in &ranked[..keep] {
            let alpha = match (self.star1, best) {
                (true, Some(b)) => b.equity(),
                _ => f64::NEG_INFINITY,
            };
            if let Some(value) = self.after(&candidate.result, plies - 1, alpha, settings, clock)
                && best.is_none_or(|b| value.equity() > b.equity())
            {
                best = Some(value);
            }
            if clock.stopped {
                return None;
            }
        }
        best
    }
}

fn sort_best_first<V: Estimate>(ranked: &mut [Ranked<V>]) {
    ranked.sort_by(|a, b| b.value.equity().total_cmp(&a.value.equity()));
}

/// A player: a search, and noise added to each play's equity before it chooses (gnubg's way of making
/// weaker levels; the noise comes from the bot's own stream, never the dice's).
///
/// Budget (the `expert`, `neural` and `heuristic(plies=2)` bots): a node is one position evaluated (a play's
/// result, or a finished game). The count is paid before each batch of plays is evaluated, so it never
/// passes a node budget; the clock is read before each of the opponent's rolls, so at most one roll's plays
/// (well under a millisecond) are evaluated past a deadline. When either runs out the player plays from the
/// deepest depth finished; the first ply (every play of the roll, a few hundred evaluations at most, ~1 ms)
/// always finishes unless the node budget cannot pay for it, and then the first play as the rules list
/// them is played, at depth 0.
#[derive(Clone, Debug)]
pub struct Player<E> {
    /// The search.
    pub search: Search<E>,
    /// The standard deviation of the Gaussian noise on each play's equity, in points.
    pub noise: f64,
    /// The name the registry knows it by, with its settings.
    pub name: String,
}

impl Player<HeuristicEval> {
    /// The hand-made evaluation searched `plies` deep, the `filter` best plays of each level searched deeper:
    /// `heuristic(plies=2,filter=6)` is gnubg's "2-ply" with a move filter.
    pub fn heuristic(plies: u32, filter: usize) -> Self {
        Player::heuristic_with(plies, filter, HeuristicEval::default())
    }

    /// [`Player::heuristic`] with the evaluation `eval` (weights other than the hand-set ones).
    pub fn heuristic_with(plies: u32, filter: usize, eval: HeuristicEval) -> Self {
        Player {
            search: Search { eval, plies, filter: Filter { count: filter, within: f64::INFINITY }, star1: true },
            noise: 0.0,
            name: format!("heuristic(plies={plies},filter={filter})"),
        }
    }
}

/// A normal draw with mean 0 and standard deviation 1 (Box–Muller).
fn gaussian(stream: &mut Stream) -> f64 {
    let u = 1.0 - stream.unit();
    let v = stream.unit();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

impl<E: TurnEval + Clone + Debug + 'static> Bot<Hapis> for Player<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &Hapis, budget: &Budget, stream: &mut Stream) -> Option<Decision<Play>> {
        let start = Instant::now();
        let dice = state.dice()?;
        let (ranked, nodes) = self.search.rank(state.position(), dice, state.settings(), budget);
        let depth = ranked.first()?.depth;
        // Only plays searched equally deep compete: a shallower value is not comparable.
        let scored: Vec<(Play, f64, f64)> = ranked
            .iter()
            .filter(|r| r.depth == depth)
            .map(|r| {
                let noise = if self.noise > 0.0 { self.noise * gaussian(stream) } else { 0.0 };
                (r.play, r.value.equity() + noise, r.value.equity())
            })
            .collect();
        let best = scored.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<&(Play, f64, f64)> = scored.iter().filter(|s| s.1 >= best - 1e-12).collect();
        // The score reported is the play's value, not the noise that chose it.
        let &&(mv, _, score) = stream.pick(&ties)?;
        Some(Decision { mv, score, pv: vec![mv], depth, nodes, elapsed: start.elapsed() })
    }
}

/// Playing strength, as gnubg makes it: noise on the evaluation at the lower levels, a deeper search at the top.
/// The dice are never touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// 1-ply, noise 0.15 points.
    Beginner,
    /// 1-ply, noise 0.08.
    Casual,
    /// 1-ply, noise 0.04.
    Intermediate,
    /// 1-ply, no noise: the `neural` bot.
    Advanced,
    /// 2-ply over the opponent's rolls with a move filter, no noise: the `expert` bot.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Casual, Level::Intermediate, Level::Advanced, Level::Expert];

    /// Its name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
        }
    }

    /// The level called `name`.
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Plies searched.
    pub fn plies(self) -> u32 {
        if self == Level::Expert { 2 } else { 1 }
    }

    /// Standard deviation of the noise on each play's equity, in points.
    pub fn noise(self) -> f64 {
        match self {
            Level::Beginner => 0.15,
            Level::Casual => 0.08,
            Level::Intermediate => 0.04,
            Level::Advanced | Level::Expert => 0.0,
        }
    }

    /// The search this level plays with on `net`, without its noise.
    pub fn search(self, net: std::sync::Arc<super::neural::Net>) -> Search<NeuralEval> {
        Search { eval: NeuralEval { net }, plies: self.plies(), filter: Filter::default(), star1: true }
    }

    /// A player of this level on `net`.
    pub fn player(self, net: std::sync::Arc<super::neural::Net>) -> Player<NeuralEval> {
        let name = match self {
            Level::Expert => "expert".to_owned(),
            Level::Advanced => "neural".to_owned(),
            other => format!("neural(level={})", other.name()),
        };
        Player { search: self.search(net), noise: self.noise(), name }
    }
}

/// The plays for `dice` in `position`, best first, each with its chances for the mover, as `level` searches
/// them (its depth, no noise, no Star1 cut: every value is exact for the depth it reached) with the shipped
/// network, within `budget` (the deepest depth finished counts).
///
/// ```
/// use hamle_core::Budget;
/// use hamle_hapis::bots::{Level, hints};
/// use hamle_hapis::{Dice, Position, Settings};
/// let best = hints(&Position::start(), Dice(6, 5), Settings::default(), Level::Advanced, &Budget::UNLIMITED);
/// assert_eq!(best.len(), 2); // both checkers from point 1, or one checker to point 12
/// assert!(best[0].value.equity() >= best[1].value.equity());
/// ```
pub fn hints(
    position: &Position,
    dice: Dice,
    settings: Settings,
    level: Level,
    budget: &Budget,
) -> Vec<Ranked<Outcome>> {
    let search = Search { star1: false, ..level.search(super::neural::Net::shipped()) };
    search.rank(position, dice, settings, budget).0
}
