//! Independent reference move generator for Hapis Tavlası (backgammon with
//! pinning), used only by tests to cross-check the crate's own rules code.
//!
//! It is written to be simple and obviously correct rather than fast: every
//! play is found by trying every die order and every checker, one single-die
//! step at a time, and the "use as many dice as possible" and "use the larger
//! die" rules are applied afterwards by filtering the finished sequences.
//!
//! Input and output use the JSON position format
//! `{"turn":"white"|"black","points":[24 strings],"off":{"white":n,"black":n}}`
//! where array index 0 is White's point 1 (= Black's point 24) and a point
//! string is `""`, `"w<n>"`, `"b<n>"`, `"w<n>/b"` or `"b<n>/w"`.
// Each test binary that includes this module may use only part of it.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::collections::BTreeSet;

/// Number of checkers each side owns.
const CHECKERS: u32 = 15;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    /// Moves from its point 1 (index 0) towards index 23.
    White,
    /// Moves from its point 1 (index 23) towards index 0.
    Black,
}

impl Side {
    /// The opponent.
    fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// Slot of this side in `Pos::off`.
    fn slot(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// Name used in the JSON `turn` and `off` fields.
    fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// Letter used in point strings.
    fn letter(self) -> &'static str {
        match self {
            Side::White => "w",
            Side::Black => "b",
        }
    }

    /// Array index (White's numbering, 0..24) of this side's own point `p` (1..=24).
    fn index_of(self, p: u8) -> usize {
        match self {
            Side::White => usize::from(p) - 1,
            Side::Black => 24 - usize::from(p),
        }
    }
}

/// Contents of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cell {
    /// No checkers.
    Empty,
    /// `count` ≥ 1 checkers of `top`; when `pinned`, one checker of the other
    /// side lies beneath them as a prisoner.
    Stack {
        /// Side owning the movable stack.
        top: Side,
        /// Number of checkers in the stack (not counting the prisoner).
        count: u8,
        /// Whether a prisoner of the other side lies beneath.
        pinned: bool,
    },
}

/// A whole position: side to move, the 24 points in White's numbering, and
/// the number of checkers each side has borne off (indexed by `Side::slot`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pos {
    /// Side to move.
    turn: Side,
    /// Points, index 0 = White's point 1.
    cells: [Cell; 24],
    /// Borne-off counts, `[white, black]`.
    off: [u8; 2],
}

impl Pos {
    /// Contents of `side`'s own point `p` (1..=24).
    fn cell(&self, side: Side, p: u8) -> Cell {
        self.cells[side.index_of(p)]
    }

    /// Replaces the contents of `side`'s own point `p`.
    fn set(&mut self, side: Side, p: u8, cell: Cell) {
        self.cells[side.index_of(p)] = cell;
    }

    /// Whether `side` has a checker it may move (one on top) on its point `p`.
    fn has_movable(&self, side: Side, p: u8) -> bool {
        matches!(self.cell(side, p), Cell::Stack { top, .. } if top == side)
    }

    /// Whether `side` may currently bear off: every checker of `side` still on
    /// the board stands on its points 19..=24 and none of them is a prisoner.
    fn may_bear_off(&self, side: Side) -> bool {
        for p in 1..=24u8 {
            if let Cell::Stack { top, pinned, .. } = self.cell(side, p) {
                if top != side && pinned {
                    // The prisoner under an opposing stack belongs to `side`.
                    return false;
                }
                if top == side && p < 19 {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `side` may land on its own point `q` (1..=24).
    fn open_for(&self, side: Side, q: u8) -> bool {
        match self.cell(side, q) {
            Cell::Empty => true,
            Cell::Stack { top, .. } if top == side => true,
            // A lone opposing checker with nothing beneath it can be pinned;
            // two or more, or any opposing stack on our own prisoner, is closed.
            Cell::Stack { count, pinned, .. } => count == 1 && !pinned,
        }
    }

    /// Removes the top checker of `side` from its point `p`, freeing the
    /// prisoner beneath when it was the last captor.
    fn lift(&mut self, side: Side, p: u8) {
        let new = match self.cell(side, p) {
            Cell::Stack { top, count, pinned } if top == side => {
                if count > 1 {
                    Cell::Stack { top, count: count - 1, pinned }
                } else if pinned {
                    Cell::Stack { top: side.other(), count: 1, pinned: false }
                } else {
                    Cell::Empty
                }
            }
            other => panic!("reference bug: lifting {side:?} from {p} holding {other:?}"),
        };
        self.set(side, p, new);
    }

    /// Puts one checker of `side` onto its point `q`, which must be open;
    /// a lone opposing checker there becomes a prisoner.
    fn drop_on(&mut self, side: Side, q: u8) {
        let new = match self.cell(side, q) {
            Cell::Empty => Cell::Stack { top: side, count: 1, pinned: false },
            Cell::Stack { top, count, pinned } if top == side => Cell::Stack { top, count: count + 1, pinned },
            Cell::Stack { count: 1, pinned: false, .. } => Cell::Stack { top: side, count: 1, pinned: true },
            other => panic!("reference bug: dropping {side:?} on closed {q} holding {other:?}"),
        };
        self.set(side, q, new);
    }
}

/// The point (in the mover's numbering) a die `d` bears off from, if any.
fn bear_off_source(pos: &Pos, d: u8) -> Option<u8> {
    let side = pos.turn;
    if !pos.may_bear_off(side) {
        return None;
    }
    let exact = 25 - d;
    if pos.has_movable(side, exact) {
        return Some(exact);
    }
    // Points 19 ..= 24-d are farther from the exit than the exact point.
    if (19..exact).any(|p| pos.has_movable(side, p)) {
        return None;
    }
    // Farthest occupied home point (lowest number); necessarily above `exact`.
    (19..=24u8).find(|&p| pos.has_movable(side, p))
}

/// Every position reachable by the side to move playing the single die `d`.
fn single_steps(pos: &Pos, d: u8) -> Vec<Pos> {
    let side = pos.turn;
    let mut out = Vec::new();
    for p in 1..=24u8 {
        if !pos.has_movable(side, p) {
            continue;
        }
        let q = p + d;
        if q <= 24 && pos.open_for(side, q) {
            let mut next = pos.clone();
            next.lift(side, p);
            next.drop_on(side, q);
            out.push(next);
        }
    }
    if let Some(p) = bear_off_source(pos, d) {
        let mut next = pos.clone();
        next.lift(side, p);
        next.off[side.slot()] += 1;
        out.push(next);
    }
    out
}

/// One maximal sequence of single-die steps.
struct Leaf {
    /// Position after the sequence (still with the mover's turn).
    pos: Pos,
    /// Die values used, in order.
    used: Vec<u8>,
    /// Whether the sequence bore off the mover's last checker.
    ended: bool,
}

/// Depth-first search over all die orders and checkers; records a leaf
/// whenever no remaining die can be played or the mover has won.
fn explore(pos: &Pos, remaining: &[u8], used: &mut Vec<u8>, leaves: &mut Vec<Leaf>) {
    if u32::from(pos.off[pos.turn.slot()]) == CHECKERS {
        leaves.push(Leaf { pos: pos.clone(), used: used.clone(), ended: true });
        return;
    }
    let mut moved = false;
    let mut tried: Vec<u8> = Vec::new();
    for (i, &d) in remaining.iter().enumerate() {
        if tried.contains(&d) {
            continue;
        }
        tried.push(d);
        let rest: Vec<u8> = remaining.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
        for next in single_steps(pos, d) {
            moved = true;
            used.push(d);
            explore(&next, &rest, used, leaves);
            used.pop();
        }
    }
    if !moved {
        leaves.push(Leaf { pos: pos.clone(), used: used.clone(), ended: false });
    }
}

/// Distinct legal results (turn already passed) for a valid, unfinished position.
fn results(pos: &Pos, dice: (u8, u8)) -> BTreeSet<Pos> {
    let (a, b) = dice;
    let all: Vec<u8> = if a == b { vec![a; 4] } else { vec![a, b] };
    let mut leaves = Vec::new();
    explore(pos, &all, &mut Vec::new(), &mut leaves);

    // A play that wins counts as using every die: leftovers are not required.
    let dice_used = |leaf: &Leaf| {
        if leaf.ended { all.len() } else { leaf.used.len() }
    };
    let max = leaves.iter().map(dice_used).max().unwrap_or(0);
    let mut chosen: Vec<&Leaf> = leaves.iter().filter(|l| dice_used(l) == max).collect();
    if a != b && max == 1 {
        let larger = a.max(b);
        if chosen.iter().any(|l| l.used.contains(&larger)) {
            chosen.retain(|l| l.used.contains(&larger));
        }
    }
    chosen
        .into_iter()
        .map(|leaf| {
            let mut done = leaf.pos.clone();
            done.turn = done.turn.other();
            done
        })
        .collect()
}

/// Parses one point string.
fn parse_cell(s: &str) -> Result<Cell, String> {
    if s.is_empty() {
        return Ok(Cell::Empty);
    }
    let (top, rest) = if let Some(rest) = s.strip_prefix('w') {
        (Side::White, rest)
    } else if let Some(rest) = s.strip_prefix('b') {
        (Side::Black, rest)
    } else {
        return Err(format!("point string {s:?} must start with 'w' or 'b'"));
    };
    let (digits, prisoner) = match rest.split_once('/') {
        Some((digits, prisoner)) => (digits, Some(prisoner)),
        None => (rest, None),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(format!("point string {s:?} needs a decimal checker count"));
    }
    if digits.starts_with('0') {
        return Err(format!("point string {s:?}: count must be positive without leading zeros"));
    }
    let count: u32 = digits.parse().map_err(|_| format!("point string {s:?}: count is too large"))?;
    if count > CHECKERS {
        return Err(format!("point string {s:?}: more than {CHECKERS} checkers"));
    }
    let pinned = match prisoner {
        None => false,
        Some(p) if p == top.other().letter() => true,
        Some(p) => {
            return Err(format!(
                "point string {s:?}: prisoner {p:?} must be one checker of the other side ({:?})",
                top.other().letter()
            ));
        }
    };
    Ok(Cell::Stack { top, count: u8::try_from(count).map_err(|_| format!("point string {s:?}: bad count"))?, pinned })
}

/// Parses a side name.
fn parse_side(v: Option<&Value>, what: &str) -> Result<Side, String> {
    match v.and_then(Value::as_str) {
        Some("white") => Ok(Side::White),
        Some("black") => Ok(Side::Black),
        _ => Err(format!("{what} must be \"white\" or \"black\"")),
    }
}

/// Parses and validates a JSON position (a finished game is accepted here).
fn parse_position(v: &Value) -> Result<Pos, String> {
    let obj = v.as_object().ok_or_else(|| "position must be a JSON object".to_string())?;
    let turn = parse_side(obj.get("turn"), "turn")?;
    let points = obj.get("points").and_then(Value::as_array).ok_or_else(|| "points must be an array".to_string())?;
    if points.len() != 24 {
        return Err(format!("points must have exactly 24 entries, got {}", points.len()));
    }
    let mut cells = [Cell::Empty; 24];
    for (i, (cell, point)) in cells.iter_mut().zip(points).enumerate() {
        let s = point.as_str().ok_or_else(|| format!("points[{i}] must be a string"))?;
        *cell = parse_cell(s).map_err(|e| format!("points[{i}]: {e}"))?;
    }
    let off_obj = obj
        .get("off")
        .and_then(Value::as_object)
        .ok_or_else(|| "off must be an object with white and black counts".to_string())?;
    let mut off = [0u8; 2];
    for side in [Side::White, Side::Black] {
        let n = off_obj
            .get(side.name())
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("off.{} must be a non-negative integer", side.name()))?;
        if n > u64::from(CHECKERS) {
            return Err(format!("off.{} is more than {CHECKERS}", side.name()));
        }
        off[side.slot()] = u8::try_from(n).map_err(|_| format!("off.{} too large", side.name()))?;
    }
    for side in [Side::White, Side::Black] {
        let mut total = u32::from(off[side.slot()]);
        for cell in &cells {
            if let Cell::Stack { top, count, pinned } = *cell {
                if top == side {
                    total += u32::from(count);
                } else if pinned {
                    total += 1;
                }
            }
        }
        if total != CHECKERS {
            return Err(format!(
                "{} has {total} checkers (board, prisoners and off), expected {CHECKERS}",
                side.name()
            ));
        }
    }
    Ok(Pos { turn, cells, off })
}

/// Whether a side has borne off all its checkers.
fn game_over(pos: &Pos) -> bool {
    pos.off.iter().any(|&n| u32::from(n) == CHECKERS)
}

/// Serialises a position to the JSON format.
fn to_json(pos: &Pos) -> Value {
    let points: Vec<String> = pos
        .cells
        .iter()
        .map(|cell| match *cell {
            Cell::Empty => String::new(),
            Cell::Stack { top, count, pinned } => {
                let mut s = format!("{}{count}", top.letter());
                if pinned {
                    s.push('/');
                    s.push_str(top.other().letter());
                }
                s
            }
        })
        .collect();
    json!({
        "turn": pos.turn.name(),
        "points": points,
        "off": { "white": pos.off[0], "black": pos.off[1] },
    })
}

/// Checks both dice are in 1..=6.
fn check_dice(dice: (u8, u8)) -> Result<(), String> {
    for d in [dice.0, dice.1] {
        if !(1..=6).contains(&d) {
            return Err(format!("die value {d} is not in 1..=6"));
        }
    }
    Ok(())
}

/// Every distinct position that can result from the side to move playing
/// `dice`, each once, sorted by its `serde_json::to_string` serialisation.
/// A roll that cannot be used at all gives the same position with the turn
/// passed. Errors describe what is wrong with invalid input or a finished game.
pub fn legal_results(position: &Value, dice: (u8, u8)) -> Result<Vec<Value>, String> {
    let pos = parse_position(position)?;
    check_dice(dice)?;
    if game_over(&pos) {
        return Err("the game is already over (a side has 15 checkers off)".to_string());
    }
    let mut out: Vec<(String, Value)> = Vec::new();
    for result in results(&pos, dice) {
        let value = to_json(&result);
        let key = serde_json::to_string(&value).map_err(|e| e.to_string())?;
        out.push((key, value));
    }
    out.sort_by(|x, y| x.0.cmp(&y.0));
    out.dedup_by(|x, y| x.0 == y.0);
    Ok(out.into_iter().map(|(_, v)| v).collect())
}

/// Internal perft over already-validated positions.
fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game_over(pos) {
        return 0;
    }
    let mut total = 0;
    for a in 1..=6u8 {
        for b in a..=6u8 {
            for next in results(pos, (a, b)) {
                total += perft_pos(&next, depth - 1);
            }
        }
    }
    total
}

/// Counts leaf positions `depth` plies deep: depth 0 is 1, a finished game
/// is 0 for depth > 0, otherwise the sum over the 21 distinct rolls (each
/// unordered pair once, unweighted) over their distinct results.
pub fn perft(position: &Value, depth: u32) -> Result<u64, String> {
    let pos = parse_position(position)?;
    Ok(perft_pos(&pos, depth))
}

/// The starting position: all 15 White checkers on White's point 1, all 15
/// Black checkers on Black's point 1, White to move.
pub fn start() -> Value {
    let mut cells = [Cell::Empty; 24];
    cells[Side::White.index_of(1)] = Cell::Stack { top: Side::White, count: 15, pinned: false };
    cells[Side::Black.index_of(1)] = Cell::Stack { top: Side::Black, count: 15, pinned: false };
    to_json(&Pos { turn: Side::White, cells, off: [0, 0] })
}
