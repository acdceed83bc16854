//! The thesis's computer player (§4.5.1, §4.6, EK-1…EK-10), as specified in
//! `docs/rules/hapis-thesis-player.md`: one candidate per tick (a die, both dice on one checker, or a
//! double 1–4 times), the one whose resulting position leaves the least "risk"
//! `tekZar/6 + ikiZarınToplamı/18 + çiftZar/36`, then the dice left are decided again; bearing off
//! first, greedily. Where the printed code would break a rule, the first legal choice in its own
//! ranking is taken instead (the spec's §9).

use std::time::Instant;

use hamle_core::{Bot, Budget, Decision, Stream};

use crate::rules::{Dice, Hapis, Play, Position, Side, Step};

/// The three counts of the opponent's hitting rolls (EK-4), summed over the bot's open checkers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    /// `tekZar`: single dice that land on an open checker.
    pub single: u32,
    /// `ikiZarınToplamı`: ordered pairs of different dice whose sum lands on one.
    pub sums: u32,
    /// `çiftZar`: doubles played 1–4 times that land on one.
    pub doubles: u32,
}

impl Hits {
    /// The thesis's risk, computed in the C# code's order so that ties fall as they did there.
    pub fn risk(self) -> f64 {
        (f64::from(self.single) * (1.0 / 6.0) + f64::from(self.sums) * (1.0 / 18.0))
            + f64::from(self.doubles) * (1.0 / 36.0)
    }
}

/// One candidate of EK-3: a checker (the bot's own point) and what it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Candidate {
    /// Die `zar[j]` alone.
    Single { from: u8, j: usize },
    /// A double, `times` × the die.
    Multiple { from: u8, times: u8 },
    /// Both dice on one checker.
    Sum { from: u8 },
}

/// The board as the thesis's arrays see it, for the side `me` (computer index `i` = own point `i + 1`).
struct Arrays<'a> {
    board: &'a Position,
    me: Side,
}

impl Arrays<'_> {
    fn point(&self, i: i32) -> crate::rules::Point {
        self.board.point(self.me, u8::try_from(i + 1).unwrap_or(1))
    }
    fn comp_count(&self, i: i32) -> u8 {
        self.point(i).checkers(self.me)
    }
    fn comp_top(&self, i: i32) -> bool {
        self.point(i).movable(self.me)
    }
    fn user_count(&self, i: i32) -> u8 {
        self.point(i).checkers(self.me.other())
    }
    fn user_top(&self, i: i32) -> bool {
        self.point(i).movable(self.me.other())
    }
}

/// EK-8 with EK-4: the opponent's hitting rolls against `me`'s open checkers in `after`, blocking judged
/// on `before` (the board before the candidate, as the printed code does).
pub fn hits(before: &Position, after: &Position, me: Side) -> Hits {
    let real = Arrays { board: before, me };
    let copy = Arrays { board: after, me };
    let mut hits = Hits::default();
    for t in 0..24 {
        if !(copy.comp_count(t) == 1 && copy.comp_top(t) && real.user_count(t) != 1) {
            continue;
        }
        for a in 0..24 {
            if !(real.user_count(a) > 0 && real.user_top(a)) {
                continue;
            }
            for k in 1..=6 {
                let f = a - k;
                if f < 0 || real.comp_count(f) > 1 {
                    continue;
                }
                if real.comp_count(f) == 1 && real.comp_top(f) && real.user_count(f) == 1 {
                    continue;
                }
                if f == t {
                    hits.single += 1;
                }
                hits.sums += (1..=6).filter(|&l| l != k && f - l == t).count() as u32;
                for l in 1..=4 {
                    let g = a - k * l;
                    if g < 0 {
                        continue;
                    }
                    if real.comp_count(g) < 2 {
                        if g == t {
                            hits.doubles += 1;
                        }
                    } else {
                        break;
                    }
                }
            }
        }
    }
    hits
}

/// The thesis's player: it looks one roll ahead and no further (1 ms at the slowest).
///
/// Budget: a node is one candidate move of a checker whose hitting risk is counted. Past a node budget or a
/// deadline (both checked at every candidate) it stops and plays the first play as the rules list them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thesis;

/// A turn being played tick by tick on a scratch board.
struct Turn {
    board: Position,
    me: Side,
    zar: [u8; 2],
    /// The dice boxes: value and whether still to be played.
    boxes: Vec<(u8, bool)>,
    steps: Vec<Step>,
    /// The legal results and how many dice they use.
    legal: Vec<Position>,
    most: usize,
}

impl Turn {
    fn left(&self) -> Vec<u8> {
        self.boxes.iter().filter(|b| b.1).map(|b| b.0).collect()
    }

    fn used(&self) -> usize {
        self.boxes.iter().filter(|b| !b.1).count()
    }

    /// Whether, after `steps`, the turn can still end on a legal result (the spec's §9).
    fn admissible(&self, steps: &[Step]) -> bool {
        let mut board = self.board;
        let mut left = self.left();
        for step in steps {
            board.apply(*step);
            match left.iter().position(|&d| d == step.die) {
                Some(i) => {
                    left.swap_remove(i);
                }
                None => return false,
            }
        }
        let flipped = |mut p: Position| {
            p.turn = p.turn.other();
            p
        };
        if board.winner().is_some() {
            return self.legal.contains(&flipped(board));
        }
        let used = self.used() + steps.len();
        board
            .completions(&left)
            .into_iter()
            .any(|(p, more)| used + more == self.most && self.legal.contains(&flipped(p)))
    }

    /// Plays `steps`, hiding one box per step (the box of the die it used). A hidden box is the thesis's
    /// `zarSecme`: that die is not offered again.
    fn commit(&mut self, steps: &[Step]) {
        for step in steps {
            self.board.apply(*step);
            if let Some(b) = self.boxes.iter_mut().find(|b| b.1 && b.0 == step.die) {
                b.1 = false;
            }
            self.steps.push(*step);
        }
    }

    /// EK-10: bear off with every die that can, exact dice first, then each larger die from the farthest point.
    fn bear_off(&mut self) {
        for b in 0..self.boxes.len() {
            let (d, visible) = self.boxes[b];
            if !visible || self.board.winner().is_some() || !self.board.can_bear_off(self.me) {
                continue;
            }
            let from = 25 - d;
            if self.board.point(self.me, from).checkers(self.me) > 0
                && let Some(step) = self.board.step(from, d).filter(|s| self.admissible(&[*s]))
            {
                self.commit(&[step]);
            }
        }
        for b in 0..self.boxes.len() {
            let (d, visible) = self.boxes[b];
            if !visible || self.board.winner().is_some() || !self.board.can_bear_off(self.me) {
                continue;
            }
            let behind = (19..25 - d).any(|p| self.board.point(self.me, p).checkers(self.me) > 0);
            if behind {
                continue;
            }
            let Some(from) = (25 - d..=24).find(|&p| self.board.point(self.me, p).checkers(self.me) > 0) else {
                continue;
            };
            // The C#'s `break` leaves the search for the farthest point, not the dice: each die has its block.
            if let Some(step) = self.board.step(from, d).filter(|s| self.admissible(&[*s])) {
                self.commit(&[step]);
            }
        }
    }

    /// EK-3: the candidates in the thesis's enumeration order.
    fn candidates(&self) -> Vec<Candidate> {
        let arrays = Arrays { board: &self.board, me: self.me };
        let open =
            |p: i32| (0..24).contains(&p) && self.board.landing(self.me, u8::try_from(p + 1).unwrap_or(1)).is_some();
        let left = self.left().len() as i32;
        let [d0, d1] = self.zar.map(i32::from);
        let mut found = Vec::new();
        for i in 0..24i32 {
            if !(arrays.comp_count(i) > 0 && arrays.comp_top(i)) {
                continue;
            }
            let from = u8::try_from(i + 1).unwrap_or(1);
            if d0 == d1 {
                for l in 0..left {
                    let p = i + d0 * (l + 1);
                    if p >= 24 {
                        continue;
                    }
                    if !open(p) {
                        break;
                    }
                    found.push(Candidate::Multiple { from, times: u8::try_from(l + 1).unwrap_or(1) });
                }
                continue;
            }
            for (j, d) in [d0, d1].into_iter().enumerate() {
                let still = self.boxes.get(j).is_some_and(|b| b.1);
                if still && i + d < 24 && open(i + d) {
                    found.push(Candidate::Single { from, j });
                }
            }
            let dest = i + d0 + d1;
            if dest < 24
                && left == 2
                && (open(i + d0) || open(i + d1))
                && arrays.user_count(dest) < 2
                // No prisoner of ours under an opposing checker there.
                && (arrays.comp_count(dest) != 1 || arrays.comp_top(dest))
            {
                found.push(Candidate::Sum { from });
            }
        }
        found
    }

    /// The steps a candidate makes, or `None` where the engine finds no such steps.
    fn steps_of(&self, candidate: Candidate) -> Option<Vec<Step>> {
        let mut board = self.board;
        let mut steps = Vec::new();
        let mut go = |from: u8, die: u8, board: &mut Position| -> Option<u8> {
            let step = board.step(from, die)?;
            board.apply(step);
            steps.push(step);
            step.to
        };
        match candidate {
            Candidate::Single { from, j } => {
                go(from, self.zar[j], &mut board)?;
            }
            Candidate::Multiple { from, times } => {
                let mut at = from;
                for _ in 0..times {
                    at = go(at, self.zar[0], &mut board)?;
                }
            }
            Candidate::Sum { from } => {
                let first = if self.board.landing(self.me, from + self.zar[0]).is_some() { 0 } else { 1 };
                let mid = go(from, self.zar[first], &mut board)?;
                go(mid, self.zar[1 - first], &mut board)?;
            }
        }
        Some(steps)
    }
}

impl Thesis {
    /// The thesis's play for the dice on the table, and the risk of each candidate it chose.
    pub fn play(state: &Hapis) -> Option<(Play, Vec<f64>, u64)> {
        Thesis::play_within(state, &Budget::UNLIMITED, Instant::now())
            .map(|(play, risks, nodes, _)| (play, risks, nodes))
    }

    /// [`Thesis::play`] within `budget`'s nodes and time from `start`; when they run out before the play is
    /// complete, the first play as the rules list them, with no risks and `false` (finished) last.
    fn play_within(state: &Hapis, budget: &Budget, start: Instant) -> Option<(Play, Vec<f64>, u64, bool)> {
        let deadline = budget.deadline(start);
        let max_nodes = budget.nodes.unwrap_or(u64::MAX);
        let dice: Dice = state.dice()?;
        let plays = state.plays();
        if plays.len() == 1 {
            return plays.first().map(|(p, _)| (*p, Vec::new(), 0, true));
        }
        let me = state.position().turn;
        let boxes = dice.to_play().into_iter().map(|d| (d, true)).collect();
        let legal: Vec<Position> = plays.iter().map(|(_, r)| *r).collect();
        // Dice a legal play uses, counted as `completions` counts them (a winning play uses them all).
        let most = state.position().completions(&dice.to_play()).iter().map(|&(_, used)| used).max().unwrap_or(0);
        let mut turn =
            Turn { board: *state.position(), me, zar: [dice.0, dice.1], boxes, steps: Vec::new(), legal, most };
        let (mut risks, mut nodes) = (Vec::new(), 0u64);
        while turn.used() < turn.boxes.len() && turn.board.winner().is_none() {
            // One tick: bear off what can be, then one candidate with the dice left.
            turn.bear_off();
            if turn.used() == turn.boxes.len() || turn.board.winner().is_some() {
                break;
            }
            let mut ranked: Vec<(f64, Vec<Step>)> = Vec::new();
            for candidate in turn.candidates() {
                let Some(steps) = turn.steps_of(candidate) else { continue };
                // A candidate costs microseconds, so the clock can be read at each.
                if nodes >= max_nodes || deadline.is_some_and(|d| Instant::now() >= d) {
                    return plays.first().map(|(p, _)| (*p, Vec::new(), nodes, false));
                }
                let mut after = turn.board;
                steps.iter().for_each(|s| after.apply(*s));
                nodes += 1;
                ranked.push((hits(&turn.board, &after, me).risk(), steps));
            }
            // The first-enumerated of the lowest risk, as EK-6/EK-7 insert them (a stable sort keeps the
            // enumeration order among equal risks); then the first that stays legal.
            ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
            let Some((risk, steps)) = ranked.into_iter().find(|r| turn.admissible(&r.1)) else { break };
            turn.commit(&steps);
            risks.push(risk);
        }
        let written = Play::new(&turn.steps);
        let chosen = state.resolve(&written).map(|(p, _)| p).or_else(|| plays.first().map(|(p, _)| *p))?;
        Some((chosen, risks, nodes, true))
    }
}

impl Bot<Hapis> for Thesis {
    fn name(&self) -> String {
        "thesis".into()
    }

    fn choose(&mut self, state: &Hapis, budget: &Budget, _stream: &mut Stream) -> Option<Decision<Play>> {
        let start = Instant::now();
        let (mv, risks, nodes, finished) = Thesis::play_within(state, budget, start)?;
        let score = 0.0 - risks.first().copied().unwrap_or(0.0);
        let depth = u32::from(finished);
        Some(Decision { mv, score, pv: vec![mv], depth, nodes, elapsed: start.elapsed() })
    }
}
