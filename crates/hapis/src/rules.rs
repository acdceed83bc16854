//! The rules of Hapis Tavlası: the board, single checker steps, whole plays for a roll, and the game
//! with its dice as a [`hamle_core::Game`].

use std::hash::{Hash, Hasher};

use hamle_core::{Game, GameInfo, Turn};
use rustc_hash::FxHashSet as HashSet;

/// Checkers each side has.
pub const CHECKERS: u8 = 15;

/// Points on the board.
pub const POINTS: usize = 24;

/// A side: White is player 0 and moves first after winning the opening throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Travels from its point 1 (index 0) to its point 24 (index 23).
    #[default]
    White,
    /// Travels the other way: its point 1 is White's 24.
    Black,
}

impl std::fmt::Display for Side {
    /// `white` or `black`, as positions write them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: the player number and the index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The side of player `p` (0 White, anything else Black).
    pub fn of_player(p: u8) -> Side {
        if p == 0 { Side::White } else { Side::Black }
    }

    /// The board index (0..24, White's numbering) of this side's point `point` (1..=24).
    pub fn index_of(self, point: u8) -> usize {
        match self {
            Side::White => usize::from(point) - 1,
            Side::Black => POINTS - usize::from(point),
        }
    }
}

/// One point: a stack of one side's checkers, possibly on top of one pinned checker of the other side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Point {
    /// The side of the stack (White when the point is empty).
    pub side: Side,
    /// Checkers in the stack (0: the point is empty).
    pub count: u8,
    /// Whether a checker of the other side lies pinned under the stack (hapis).
    pub prisoner: bool,
}

impl Point {
    /// An empty point.
    pub const EMPTY: Point = Point { side: Side::White, count: 0, prisoner: false };

    /// A free stack of `count` checkers of `side`.
    pub fn stack(side: Side, count: u8) -> Point {
        if count == 0 { Point::EMPTY } else { Point { side, count, prisoner: false } }
    }

    /// `count` checkers of `side` pinning one checker of the other side.
    pub fn pinning(side: Side, count: u8) -> Point {
        Point { side, count, prisoner: true }
    }

    /// Checkers of `side` on this point, the pinned one included.
    pub fn checkers(self, side: Side) -> u8 {
        if self.count == 0 {
            0
        } else if self.side == side {
            self.count
        } else {
            u8::from(self.prisoner)
        }
    }

    /// Whether `side` may move a checker off this point (it owns the stack on top).
    pub fn movable(self, side: Side) -> bool {
        self.count > 0 && self.side == side
    }
}

/// A single checker step of a play, in the mover's own numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// The point left, 1..=24.
    pub from: u8,
    /// The point reached, 1..=24, or `None` when the checker is borne off.
    pub to: Option<u8>,
    /// The die used.
    pub die: u8,
    /// Whether the step pins an opposing checker.
    pub pins: bool,
}

/// A whole play for one roll: up to four steps (an empty play when no die can be used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Option<Step>; 4],
}

impl Play {
    /// The play of these steps, in order (at most four).
    pub fn new(steps: &[Step]) -> Play {
        let mut play = Play::default();
        for (slot, &step) in play.steps.iter_mut().zip(steps) {
            *slot = Some(step);
        }
        play
    }

    /// The steps, in the order played.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps.iter().map_while(|s| *s)
    }

    /// How many dice the play uses.
    pub fn len(&self) -> usize {
        self.steps().count()
    }

    /// Whether no die is used.
    pub fn is_empty(&self) -> bool {
        self.steps[0].is_none()
    }
}

/// The checkers on the board, those borne off, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The 24 points, index 0 being White's point 1.
    pub points: [Point; POINTS],
    /// Checkers borne off, by side index.
    pub off: [u8; 2],
    /// The side to move.
    pub turn: Side,
}

/// Hashes the position as four words, one byte a point: play generation hashes every position it reaches,
/// and hashing the 75 fields one by one took a quarter of self-play training's time.
impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut bytes = [0u8; 32];
        for (byte, point) in bytes.iter_mut().zip(&self.points) {
            *byte = point.count | (u8::from(point.prisoner) << 6) | ((point.side as u8) << 7);
        }
        bytes[24] = self.off[0];
        bytes[25] = self.off[1];
        bytes[26] = self.turn as u8;
        for word in bytes.chunks_exact(8) {
            state.write_u64(u64::from_le_bytes([
                word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
            ]));
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start: all fifteen checkers of each side on its own point 1, White to move.
    pub fn start() -> Position {
        let mut points = [Point::EMPTY; POINTS];
        points[Side::White.index_of(1)] = Point::stack(Side::White, CHECKERS);
        points[Side::Black.index_of(1)] = Point::stack(Side::Black, CHECKERS);
        Position { points, off: [0, 0], turn: Side::White }
    }

    /// The point that is `side`'s number `point` (1..=24).
    pub fn point(&self, side: Side, point: u8) -> Point {
        self.points[side.index_of(point)]
    }

    /// The side that has borne off all its checkers, if any.
    pub fn winner(&self) -> Option<Side> {
        [Side::White, Side::Black].into_iter().find(|s| self.off[s.index()] == CHECKERS)
    }

    /// Whether each side's last checker on its own point 1 is pinned there. Neither side can then ever
    /// bear off (each captor stack stands on its own last point and could leave only by bearing off), so
    /// the game can never end: it is over, a tie, once the play that made it so is finished.
    pub fn mothers_pinned(&self) -> bool {
        [Side::White, Side::Black].into_iter().all(|side| {
            let home = self.point(side, 1);
            home.count > 0 && home.side == side.other() && home.prisoner
        })
    }

    /// Whether the game is over: a side has borne off all fifteen, or both mothers are pinned.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.mothers_pinned()
    }

    /// Whether the position could stand on a board: see [`Position::validate`].
    pub fn is_valid(&self) -> bool {
        self.validate().is_ok()
    }

    /// Checks that the position could stand on a board, as every reader of positions does: each point is
    /// a stack of 1 to 15 or empty, a prisoner lies under a stack, no stack pins on its own starting point,
    /// each side has exactly fifteen checkers on the board and borne off (at most fifteen off), not both
    /// sides have borne off all fifteen, and a side that has borne off its last checker is not to move.
    ///
    /// Sums are taken in `u32`, so a board with hundreds of checkers is refused, never wrapped.
    ///
    /// # Errors
    /// The first [`PositionError`] found, points first.
    pub fn validate(&self) -> Result<(), PositionError> {
        for (index, point) in self.points.iter().enumerate() {
            // Index < 24, so the point number fits a u8.
            let number = u8::try_from(index + 1).unwrap_or(u8::MAX);
            if point.count == 0 {
                if point.prisoner {
                    return Err(PositionError::PrisonerAlone { point: number });
                }
                if point.side != Side::White {
                    // `Point::EMPTY` is the one empty point, so that equal boards compare equal.
                    return Err(PositionError::EmptyNotWhite { point: number });
                }
                continue;
            }
            if point.count > CHECKERS {
                return Err(PositionError::StackSize { point: number, count: point.count });
            }
            // A checker lands only ahead of where it left, so none ever lands on a side's point 1.
            if point.prisoner && side_point(point.side, index) == 1 {
                return Err(PositionError::PinOnStartPoint { side: point.side });
            }
        }
        for side in [Side::White, Side::Black] {
            let off = self.off[side.index()];
            if off > CHECKERS {
                return Err(PositionError::Off { side, off: u64::from(off) });
            }
            let count = self.points.iter().map(|p| u32::from(p.checkers(side))).sum::<u32>() + u32::from(off);
            if count != u32::from(CHECKERS) {
                return Err(PositionError::Checkers { side, count });
            }
        }
        if self.off == [CHECKERS, CHECKERS] {
            return Err(PositionError::BothBorneOff);
        }
        if let Some(winner) = self.winner()
            && winner == self.turn
        {
            return Err(PositionError::WinnerToMove { side: winner });
        }
        Ok(())
    }

    /// Checkers of `side` on the board, pinned ones included (saturating at 255, so that a position
    /// that has not been validated cannot overflow; see [`Position::validate`]).
    pub fn on_board(&self, side: Side) -> u8 {
        self.points.iter().fold(0u8, |sum, p| sum.saturating_add(p.checkers(side)))
    }

    /// Whether `side` may bear off: every checker still in play stands free in its home (points 19–24).
    pub fn can_bear_off(&self, side: Side) -> bool {
        let at_home = (19..=24)
            .map(|p| self.point(side, p))
            .filter(|pt| pt.movable(side))
            .fold(0u8, |sum, pt| sum.saturating_add(pt.count));
        at_home == self.on_board(side)
    }

    /// What happens when `side` lands a checker on its point `to`: `None` if the point is closed,
    /// otherwise whether the landing pins.
    pub fn landing(&self, side: Side, to: u8) -> Option<bool> {
        let target = self.point(side, to);
        if target.count == 0 || target.side == side {
            Some(false)
        } else if target.count == 1 && !target.prisoner {
            Some(true)
        } else {
            None
        }
    }

    /// The step of the side to move's checker on its point `from` by `die`, if legal by itself.
    pub fn step(&self, from: u8, die: u8) -> Option<Step> {
        let side = self.turn;
        if !(1..=24).contains(&from) || !(1..=6).contains(&die) || !self.point(side, from).movable(side) {
            return None;
        }
        let target = from + die;
        if target <= 24 {
            let pins = self.landing(side, target)?;
            return Some(Step { from, to: Some(target), die, pins });
        }
        if !self.can_bear_off(side) {
            return None;
        }
        // A larger die than needed bears off only from the farthest occupied point.
        let farthest = (19..=24).find(|&p| self.point(side, p).movable(side));
        (target == 25 || farthest == Some(from)).then_some(Step { from, to: None, die, pins: false })
    }

    /// The step of the side to move from `from` to `to` (`None`: off) with one of the dice `left`, which it
    /// takes out of `left`: the smallest die that does it, since a larger one bears off only from the farthest point.
    pub fn step_to(&self, from: u8, to: Option<u8>, left: &mut Vec<u8>) -> Option<Step> {
        let (i, step) = left
            .iter()
            .enumerate()
            .filter_map(|(i, &d)| self.step(from, d).filter(|s| s.to == to).map(|s| (i, s)))
            .min_by_key(|(_, s)| s.die)?;
        left.swap_remove(i);
        Some(step)
    }

    /// Applies a step of the side to move (one that [`Position::step`] returned); the turn does not pass.
    pub fn apply(&mut self, step: Step) {
        let side = self.turn;
        let source = &mut self.points[side.index_of(step.from)];
        source.count -= 1;
        if source.count == 0 {
            // The last captor has left: the prisoner is free again.
            *source = if source.prisoner { Point::stack(side.other(), 1) } else { Point::EMPTY };
        }
        match step.to {
            None => self.off[side.index()] = self.off[side.index()].saturating_add(1),
            Some(to) => {
                let target = &mut self.points[side.index_of(to)];
                *target = if step.pins {
                    Point::pinning(side, 1)
                } else {
                    Point { side, count: target.count.saturating_add(1), prisoner: target.prisoner }
                };
            }
        }
    }

    /// Every legal play for the roll `dice`, one per distinct resulting position, with that position
    /// (the turn already passed). A roll that cannot be used gives one empty play.
    pub fn plays(&self, dice: Dice) -> Vec<(Play, Position)> {
        let dice = dice.to_play();
        let mut found = Vec::new();
        let mut seen = HashSet::default();
        let mut steps = Vec::with_capacity(4);
        self.extend(&dice, &mut steps, &mut seen, &mut found);
        let most = found.iter().map(|&(_, _, used)| used).max().unwrap_or(0);
        found.retain(|&(_, _, used)| used == most);
        // One die of two, when either could be played alone: it must be the larger.
        if most == 1 && dice[0] != dice[1] {
            let larger = dice[0].max(dice[1]);
            if found.iter().any(|(p, _, _)| p.steps().any(|s| s.die == larger)) {
                found.retain(|(p, _, _)| p.steps().any(|s| s.die == larger));
            }
        }
        let mut distinct = HashSet::default();
        found
            .into_iter()
            .filter(|(_, pos, _)| distinct.insert(*pos))
            .map(|(play, mut pos, _)| {
                pos.turn = self.turn.other();
                (play, pos)
            })
            .collect()
    }

    /// Where the dice left (`dice`, any number) can take the side to move, with how many of them each way
    /// uses: every sequence of steps that no further die extends. For a person entering a play step by step.
    pub fn completions(&self, dice: &[u8]) -> Vec<(Position, usize)> {
        let mut found = Vec::new();
        self.extend(dice, &mut Vec::with_capacity(4), &mut HashSet::default(), &mut found);
        found.into_iter().map(|(_, position, used)| (position, used)).collect()
    }

    /// The distinct positions reachable in `depth` plays, summed over the 21 distinct rolls at each
    /// turn (each counted once, unweighted); a finished game counts 0 below it.
    ///
    /// ```
    /// use hamle_hapis::Position;
    /// assert_eq!(Position::start().perft(0), 1);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_over() {
            return 0;
        }
        Dice::rolls()
            .map(|(dice, _)| {
                let plays = self.plays(dice);
                if depth == 1 { plays.len() as u64 } else { plays.iter().map(|(_, next)| next.perft(depth - 1)).sum() }
            })
            .sum()
    }

    /// Depth-first over the dice left; records each maximal sequence of steps with its position.
    fn extend(
        &self,
        dice: &[u8],
        steps: &mut Vec<Step>,
        seen: &mut HashSet<(Position, u32)>,
        found: &mut Vec<(Play, Position, usize)>,
    ) {
        let mut moved = false;
        let mut tried = [false; 7];
        for (i, &die) in dice.iter().enumerate() {
            if std::mem::replace(&mut tried[usize::from(die)], true) {
                continue;
            }
            let rest: Vec<u8> = dice.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).collect();
            for from in 1..=24 {
                let Some(step) = self.step(from, die) else { continue };
                moved = true;
                let mut next = *self;
                next.apply(step);
                // The dice left, packed, so that one (position, dice left) is explored once.
                let packed = rest.iter().fold(0u32, |acc, &d| acc * 8 + u32::from(d));
                if !seen.insert((next, packed)) {
                    continue;
                }
                steps.push(step);
                if next.winner().is_some() {
                    // Bearing off the last checker ends the turn: the dice left count as used.
                    found.push((Play::new(steps), next, steps.len() + rest.len()));
                } else {
                    next.extend(&rest, steps, seen, found);
                }
                steps.pop();
            }
        }
        if !moved {
            found.push((Play::new(steps), *self, steps.len()));
        }
    }
}

/// `side`'s own number (1..=24) for the board index `index` (0..24).
fn side_point(side: Side, index: usize) -> usize {
    match side {
        Side::White => index + 1,
        Side::Black => POINTS - index,
    }
}

/// Why a [`Position`] could not stand on a board; [`Position::validate`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side does not have fifteen checkers on the board and borne off.
    #[error("{side} has {count} checkers on the board and borne off, not 15")]
    Checkers {
        /// The side.
        side: Side,
        /// How many it has, counted without overflow.
        count: u32,
    },
    /// A side has borne off more than fifteen.
    #[error("{side} has borne off {off}: a side bears off 0 to 15")]
    Off {
        /// The side.
        side: Side,
        /// The count given.
        off: u64,
    },
    /// A stack taller than a side's fifteen checkers.
    #[error("white's point {point} holds a stack of {count}: a stack holds 1 to 15")]
    StackSize {
        /// White's number for the point.
        point: u8,
        /// The stack's count.
        count: u8,
    },
    /// A pinned checker with no stack over it.
    #[error("white's point {point} holds a pinned checker under no stack")]
    PrisonerAlone {
        /// White's number for the point.
        point: u8,
    },
    /// An empty point recorded as Black's, which would make equal boards compare unequal.
    #[error("white's point {point} is empty but recorded as black's")]
    EmptyNotWhite {
        /// White's number for the point.
        point: u8,
    },
    /// A stack on its own side's starting point pins a checker, but no checker ever lands there.
    #[error("{side}'s stack on its own point 1 pins a checker, but no checker ever lands on a starting point")]
    PinOnStartPoint {
        /// The side of the stack.
        side: Side,
    },
    /// Both sides have borne off all fifteen, but the game ends when the first does.
    #[error("both sides have borne off all fifteen")]
    BothBorneOff,
    /// The side that has borne off all fifteen is to move, but it made the last play.
    #[error("{side} has borne off all fifteen, so it played last and cannot be to move")]
    WinnerToMove {
        /// The winner.
        side: Side,
    },
}

/// Two dice, as thrown (zar); equal dice (çift) are played four times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice(pub u8, pub u8);

impl Dice {
    /// The 21 distinct rolls with their probabilities: 1/36 for a double, 1/18 for the others.
    pub fn rolls() -> impl Iterator<Item = (Dice, f64)> {
        (1..=6u8).flat_map(|a| (a..=6).map(move |b| (Dice(b, a), if a == b { 1.0 / 36.0 } else { 1.0 / 18.0 })))
    }

    /// Whether both dice are in 1..=6.
    pub fn is_valid(self) -> bool {
        (1..=6).contains(&self.0) && (1..=6).contains(&self.1)
    }

    /// Whether the dice are equal.
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// The dice to be played: four of a double, else the two.
    pub fn to_play(self) -> Vec<u8> {
        if self.is_double() { vec![self.0; 4] } else { vec![self.0, self.1] }
    }
}

/// How the side that wins the opening throw begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// It throws both dice again (the thesis's rule).
    #[default]
    Rethrow,
    /// It plays the two opening dice.
    PlayOpeningDice,
}

/// The rules that vary between tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    /// How the opening throw's winner begins.
    pub opening: Opening,
    /// Plakoto's mother rule: a side whose last checker on its starting point is pinned there loses
    /// 2 points, unless the captor's own mother is still at home (off by default: the thesis has no such rule).
    pub mother: bool,
}

/// Where a game stands between throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Each side throws one die; the higher starts (equal throws are thrown again).
    Opening,
    /// The side to move throws the dice.
    Roll,
    /// The side to move plays these dice.
    Move(Dice),
    /// A side has borne off all its checkers.
    Over,
}

/// A game of Hapis Tavlası: a position, the phase of the turn, and the table's settings.
///
/// ```
/// use hamle_core::{Game, Turn};
/// use hamle_hapis::{Dice, Hapis, Opening, Settings};
/// let mut game = Hapis::new(Settings { opening: Opening::PlayOpeningDice, ..Settings::default() });
/// assert_eq!(game.turn(), Turn::Chance);
/// game.apply_chance(Dice(5, 3)); // White threw 5, Black 3: White plays 5 and 3.
/// let mut plays = Vec::new();
/// game.legal_moves(&mut plays);
/// assert_eq!(plays.len(), 2); // 1/6 1/4, or one checker 1/9
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hapis {
    position: Position,
    phase: Phase,
    settings: Settings,
}

impl Default for Hapis {
    fn default() -> Self {
        Hapis::new(Settings::default())
    }
}

impl Hapis {
    /// A new game before the opening throw.
    pub fn new(settings: Settings) -> Self {
        Hapis { position: Position::start(), phase: Phase::Opening, settings }
    }

    /// A game at `position` in `phase` (the position's own turn says who moves).
    pub fn at(position: Position, phase: Phase, settings: Settings) -> Self {
        let phase = if Self::result(&position, settings).is_some() { Phase::Over } else { phase };
        Hapis { position, phase, settings }
    }

    /// Each side's points if `position` ends the game under `settings`: a side has borne off all
    /// fifteen (1, or 2 with mars), both mothers are pinned (a tie), or the mother rule applies.
    pub fn result(position: &Position, settings: Settings) -> Option<[f64; 2]> {
        let win = |winner: Side, stake: f64| {
            let mut points = [-stake; 2];
            points[winner.index()] = stake;
            Some(points)
        };
        if let Some(winner) = position.winner() {
            return win(winner, if position.off[winner.other().index()] == 0 { 2.0 } else { 1.0 });
        }
        if position.mothers_pinned() {
            return Some([0.0, 0.0]);
        }
        if settings.mother {
            for side in [Side::White, Side::Black] {
                let mother = position.point(side, 1);
                let pinned = mother.count > 0 && mother.side == side.other() && mother.prisoner;
                let captor_mother_home = position.point(side.other(), 1).movable(side.other());
                if pinned && !captor_mother_home {
                    return win(side.other(), 2.0);
                }
            }
        }
        None
    }

    /// The board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The table's settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The dice on the table, if a side is to play them.
    pub fn dice(&self) -> Option<Dice> {
        match self.phase {
            Phase::Move(dice) => Some(dice),
            _ => None,
        }
    }

    /// The legal plays with the positions they lead to (empty unless a side is to play dice).
    pub fn plays(&self) -> Vec<(Play, Position)> {
        self.dice().map(|dice| self.position.plays(dice)).unwrap_or_default()
    }

    /// The legal play that `play`'s steps amount to, played in the order written, with its result; `None`
    /// when the steps cannot be played in order with the dice, or they reach a result no legal play reaches
    /// (too few dice used, the smaller die where the larger was due).
    pub fn resolve(&self, play: &Play) -> Option<(Play, Position)> {
        let dice = self.dice()?;
        let mut left = dice.to_play();
        let mut board = self.position;
        for step in play.steps() {
            board.apply(board.step_to(step.from, step.to, &mut left)?);
        }
        board.turn = board.turn.other();
        self.plays().into_iter().find(|(_, result)| *result == board)
    }

    /// Plays `play` if its steps, played in the order written, make a legal play; otherwise changes nothing.
    ///
    /// # Errors
    /// [`hamle_core::IllegalMove`] when [`Hapis::resolve`] finds no legal play for it.
    pub fn try_play_steps(&mut self, play: &Play) -> Result<(), hamle_core::IllegalMove> {
        let (_, result) = self.resolve(play).ok_or(hamle_core::IllegalMove)?;
        self.finish_turn(result);
        Ok(())
    }

    fn finish_turn(&mut self, position: Position) {
        self.position = position;
        self.phase = if Self::result(&position, self.settings).is_some() { Phase::Over } else { Phase::Roll };
    }
}

impl Game for Hapis {
    type Move = Play;
    type Chance = Dice;

    fn info(&self) -> GameInfo {
        GameInfo { name: "hapis", players: 2, zero_sum: true, chance: true }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Opening | Phase::Roll => Turn::Chance,
            Phase::Move(_) => Turn::Player(u8::try_from(self.position.turn.index()).unwrap_or(0)),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Play>) {
        moves.clear();
        moves.extend(self.plays().into_iter().map(|(play, _)| play));
    }

    fn play(&mut self, mv: Play) {
        // A play from `legal_moves` is a sequence of legal steps: apply them rather than generate every play again.
        let mut result = self.position;
        mv.steps().for_each(|step| result.apply(step));
        result.turn = result.turn.other();
        self.finish_turn(result);
    }

    fn try_play(&mut self, mv: Play) -> Result<(), hamle_core::IllegalMove> {
        self.try_play_steps(&mv)
    }

    /// Opening: White's die and Black's die, never equal (equal throws are thrown again), 1/30 each.
    /// Otherwise the 21 distinct rolls.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Dice, f64)>) {
        outcomes.clear();
        match self.phase {
            Phase::Opening => outcomes.extend(
                (1..=6u8).flat_map(|w| (1..=6u8).filter(move |&b| b != w).map(move |b| (Dice(w, b), 1.0 / 30.0))),
            ),
            Phase::Roll => outcomes.extend(Dice::rolls()),
            _ => {}
        }
    }

    fn apply_chance(&mut self, dice: Dice) {
        match self.phase {
            Phase::Opening => {
                self.position.turn = if dice.0 > dice.1 { Side::White } else { Side::Black };
                self.phase = match self.settings.opening {
                    Opening::Rethrow => Phase::Roll,
                    Opening::PlayOpeningDice => Phase::Move(Dice(dice.0.max(dice.1), dice.0.min(dice.1))),
                };
            }
            Phase::Roll => self.phase = Phase::Move(dice),
            _ => {}
        }
    }

    /// The winner gains 1 point for bearing off all fifteen, 2 (mars) when the loser has borne off none
    /// (or under the mother rule); the loser loses as much. A tie gives 0 each.
    fn points(&self) -> Option<[f64; 2]> {
        if self.phase != Phase::Over {
            return None;
        }
        Self::result(&self.position, self.settings)
    }

    fn key(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }
}
