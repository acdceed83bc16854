//! A play entered one checker step at a time, as a person enters it at the board: every step must keep
//! some legal play within reach, and the play is done when the steps amount to one.

use hamle_core::Msg;

use crate::rules::{Dice, Hapis, Play, Position, Step};

/// Why a step cannot be added to an [`Entry`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// No die left takes a checker from `from` to `to`, for the reason `why`.
    #[error("{from}/{} cannot be played: {why}", to.map_or("off".to_owned(), |t| t.to_string()))]
    NoDie {
        /// The point left.
        from: u8,
        /// The point reached (`None`: off).
        to: Option<u8>,
        /// Why not.
        why: Blocked,
    },
    /// The step is playable but no legal play starts this way.
    #[error("that would not be a legal play: use as many dice as can be played (the larger one if only one can)")]
    NoPlay,
    /// The play is already complete.
    #[error("the play is complete: no die is left to play")]
    Complete,
}

/// Why a step cannot be made with the dice left, as a person at the board is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Blocked {
    /// No checker of the side's stands on the point.
    #[error("you have no checker on {0}")]
    NoChecker(u8),
    /// The side's checker there is a prisoner.
    #[error("your checker on {0} is pinned until their checkers leave it")]
    Pinned(u8),
    /// The step goes backwards or nowhere.
    #[error("checkers move forwards only")]
    Backwards,
    /// Bearing off waits until every checker is home and none is pinned.
    #[error("bearing off waits until all your checkers are home (19 to 24) and none is pinned")]
    NotHome,
    /// No die left is the distance (the dice left are listed).
    #[error("no die left is {distance} (left: {left})")]
    NoSuchDie {
        /// The points the step covers.
        distance: u8,
        /// The dice left, as `5, 2`.
        left: String,
    },
    /// The point reached is the opponent's door (two or more of theirs, or theirs on a prisoner).
    #[error("{0} is their door: two or more of their checkers, or theirs on a prisoner")]
    Door(u8),
    /// A die larger than the distance to off bears off only from the farthest point.
    #[error("a die larger than needed bears off only from your farthest point, {0}")]
    NotFarthest(u8),
}

impl EntryError {
    /// The refusal as a message of the catalogs.
    pub fn msg(&self) -> Msg {
        match self {
            EntryError::NoDie { from, to, why } => Msg::new("hapis-step-blocked")
                .arg("step", format!("{from}/{}", to.map_or("off".to_owned(), |t| t.to_string())))
                .arg("why", why.msg()),
            EntryError::NoPlay => Msg::new("hapis-step-no-play"),
            EntryError::Complete => Msg::new("hapis-step-complete"),
        }
    }
}

impl Blocked {
    /// The reason as a message of the catalogs.
    pub fn msg(&self) -> Msg {
        match self {
            Blocked::NoChecker(point) => Msg::new("hapis-blocked-no-checker").arg("point", *point),
            Blocked::Pinned(point) => Msg::new("hapis-blocked-pinned").arg("point", *point),
            Blocked::Backwards => Msg::new("hapis-blocked-backwards"),
            Blocked::NotHome => Msg::new("hapis-blocked-not-home"),
            Blocked::NoSuchDie { distance, left } => {
                Msg::new("hapis-blocked-no-die").arg("distance", *distance).arg("left", left.clone())
            }
            Blocked::Door(point) => Msg::new("hapis-blocked-door").arg("point", *point),
            Blocked::NotFarthest(point) => Msg::new("hapis-blocked-not-farthest").arg("point", *point),
        }
    }

    /// Why `board`'s side to move cannot step from `from` to `to` with the dice `left` (when it cannot).
    fn of(board: &Position, from: u8, to: Option<u8>, left: &[u8]) -> Blocked {
        let side = board.turn;
        let point = board.point(side, from);
        if point.checkers(side) == 0 {
            return Blocked::NoChecker(from);
        }
        if !point.movable(side) {
            return Blocked::Pinned(from);
        }
        let target = to.unwrap_or(25);
        if target <= from {
            return Blocked::Backwards;
        }
        if to.is_none() && !board.can_bear_off(side) {
            return Blocked::NotHome;
        }
        let distance = target - from;
        if to.is_some() && left.contains(&distance) {
            return Blocked::Door(target);
        }
        if to.is_none() && left.iter().any(|&d| d > distance) {
            let farthest = (19..=24).find(|&p| board.point(side, p).movable(side)).unwrap_or(from);
            return Blocked::NotFarthest(farthest);
        }
        let left = left.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        Blocked::NoSuchDie { distance, left }
    }
}

/// The steps entered so far for the dice on the table.
///
/// ```
/// use hamle_hapis::{Dice, Entry, Hapis, Phase, Position, Settings};
/// let game = Hapis::at(Position::start(), Phase::Move(Dice(3, 1)), Settings::default());
/// let mut entry = Entry::new(&game).expect("dice are on the table");
/// entry.push(1, Some(4))?;
/// assert!(entry.play().is_none());
/// entry.push(1, Some(2))?;
/// assert_eq!(entry.play().map(|p| p.to_string()).as_deref(), Some("1/4 1/2"));
/// # Ok::<(), hamle_hapis::EntryError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Entry {
    start: Position,
    dice: Dice,
    steps: Vec<Step>,
    results: Vec<Position>,
}

impl Entry {
    /// An empty entry for the dice `game` is to play; `None` when no dice wait to be played.
    pub fn new(game: &Hapis) -> Option<Entry> {
        let dice = game.dice()?;
        let results = game.plays().into_iter().map(|(_, result)| result).collect();
        Some(Entry { start: *game.position(), dice, steps: Vec::new(), results })
    }

    /// The dice being played.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The steps entered, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The board after the steps entered (the turn not yet passed).
    pub fn board(&self) -> Position {
        self.partial().0
    }

    /// The dice not used yet, largest first.
    pub fn left(&self) -> Vec<u8> {
        self.partial().1
    }

    fn partial(&self) -> (Position, Vec<u8>) {
        let mut board = self.start;
        let mut left = self.dice.to_play();
        for step in &self.steps {
            board.apply(*step);
            if let Some(i) = left.iter().position(|&d| d == step.die) {
                left.swap_remove(i);
            }
        }
        left.sort_unstable_by(|a, b| b.cmp(a));
        (board, left)
    }

    /// Whether a legal play's result can still be reached from `board` with the dice `left`.
    fn reachable(&self, board: &Position, left: &[u8]) -> bool {
        board.completions(left).into_iter().any(|(mut result, _)| {
            result.turn = result.turn.other();
            self.results.contains(&result)
        })
    }

    /// Every step that can come next, each keeping a legal play within reach.
    pub fn next_steps(&self) -> Vec<Step> {
        if self.play().is_some() {
            return Vec::new();
        }
        let (board, left) = self.partial();
        let mut found: Vec<Step> = Vec::new();
        for from in 1..=24 {
            for &die in &left {
                let Some(step) = board.step(from, die) else { continue };
                if found.iter().any(|s| s.from == step.from && s.to == step.to) {
                    continue;
                }
                let mut after = board;
                after.apply(step);
                let mut rest = left.clone();
                if let Some(i) = rest.iter().position(|&d| d == die) {
                    rest.swap_remove(i);
                }
                if self.reachable(&after, &rest) {
                    found.push(step);
                }
            }
        }
        found
    }

    /// Adds the step from `from` to `to` (`None`: off) with the smallest die left that makes it.
    ///
    /// # Errors
    /// [`EntryError::Complete`] when the play is already whole, [`EntryError::NoDie`] when no die left makes
    /// the step, [`EntryError::NoPlay`] when no legal play begins with the steps; the entry is unchanged.
    pub fn push(&mut self, from: u8, to: Option<u8>) -> Result<Step, EntryError> {
        if self.play().is_some() {
            return Err(EntryError::Complete);
        }
        let (mut board, mut left) = self.partial();
        let all = left.clone();
        let step = board.step_to(from, to, &mut left).ok_or_else(|| EntryError::NoDie {
            from,
            to,
            why: Blocked::of(&board, from, to, &all),
        })?;
        board.apply(step);
        if !self.reachable(&board, &left) {
            return Err(EntryError::NoPlay);
        }
        self.steps.push(step);
        Ok(step)
    }

    /// Takes back the last step, if any.
    pub fn undo(&mut self) -> Option<Step> {
        self.steps.pop()
    }

    /// The whole play, once the steps are one: the board is a legal result and no die left can be used.
    /// A roll that cannot be used at all is the empty play at once.
    pub fn play(&self) -> Option<Play> {
        let (board, left) = self.partial();
        let mut finished = board;
        finished.turn = finished.turn.other();
        let stuck = board.completions(&left).iter().all(|(_, used)| *used == 0);
        (stuck && self.results.contains(&finished)).then(|| Play::new(&self.steps))
    }
}
