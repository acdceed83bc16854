//! Text for Hapis Tavlası: the position JSON other tools read and write, and plays in the mover's own
//! numbering (`1/4* 4/7`, `22/off 24/off`).
//!
//! Position: `{"turn":"white"|"black","points":[24 strings],"off":{"white":n,"black":n}}`, index 0 being
//! White's point 1. A point is `""`, `"w<n>"`, `"b<n>"`, `"w<n>/b"` or `"b<n>/w"`: the stack's side and
//! count, then `/` and the side of the checker pinned under it. A game adds `"dice":[a,b]` while dice wait
//! to be played and `"opening":true` before the opening throw.

use std::fmt;

use hamle_core::{Msg, Notation};
use hamle_l10n::Lang;
use serde_json::{Map, Value, json};

use crate::rules::{CHECKERS, Dice, Hapis, POINTS, Phase, Play, Point, Position, PositionError, Side, Step};

/// Why a text is not a Hapis position or play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not JSON.
    #[error("the position is not valid JSON: {0}")]
    Json(String),
    /// The JSON does not have the position's shape.
    #[error("bad position: {0}")]
    Shape(String),
    /// A point string outside the grammar.
    #[error("point {index} (white's {point}): '{text}' is not a point (write \"\", w3, b2, w1/b or b2/w)")]
    BadPoint {
        /// The index in the array, 0-based.
        index: usize,
        /// White's number for it.
        point: usize,
        /// The text given.
        text: String,
    },
    /// The text reads but describes a position that cannot stand on a board.
    #[error("impossible position: {0}")]
    Impossible(PositionError),
    /// `"opening":true` on a board other than the start: the opening throw comes before any play.
    #[error("the opening throw comes before any play, so \"opening\":true needs the starting board")]
    OpeningNotAtStart,
    /// Dice outside 1..6.
    #[error("dice are 1 to 6: '{0}' is not a roll (write 3,5)")]
    BadDice(String),
    /// A play that does not read.
    #[error("'{0}' is not a play (write steps like 1/4 4/7, '*' after a pin, 22/off to bear off)")]
    BadPlay(String),
}

// Not `#[from]`: that would make the fault the error's source too, and reports that print the chain
// (anyhow's `{:#}`) would name it twice.
impl From<PositionError> for NotationError {
    fn from(fault: PositionError) -> Self {
        NotationError::Impossible(fault)
    }
}

/// The name of a side in positions: `white` or `black`.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn side_letter(side: Side) -> char {
    match side {
        Side::White => 'w',
        Side::Black => 'b',
    }
}

fn point_text(point: Point) -> String {
    match (point.count, point.prisoner) {
        (0, _) => String::new(),
        (n, false) => format!("{}{n}", side_letter(point.side)),
        (n, true) => format!("{}{n}/{}", side_letter(point.side), side_letter(point.side.other())),
    }
}

fn parse_point(text: &str) -> Option<Point> {
    if text.is_empty() {
        return Some(Point::EMPTY);
    }
    let side = |c: char| match c {
        'w' => Some(Side::White),
        'b' => Some(Side::Black),
        _ => None,
    };
    let mut chars = text.chars();
    let top = side(chars.next()?)?;
    let rest = chars.as_str();
    let (count, prisoner) = match rest.split_once('/') {
        Some((count, under)) => {
            let mut under = under.chars();
            let pinned = side(under.next()?)?;
            if pinned == top || under.next().is_some() {
                return None;
            }
            (count, true)
        }
        None => (rest, false),
    };
    if count.is_empty() || count.starts_with('0') || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let count: u8 = count.parse().ok()?;
    (1..=CHECKERS).contains(&count).then_some(Point { side: top, count, prisoner })
}

impl Position {
    /// The position as JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "turn": side_name(self.turn),
            "points": self.points.iter().map(|&p| point_text(p)).collect::<Vec<_>>(),
            "off": { "white": self.off[0], "black": self.off[1] },
        })
    }

    /// Reads a position from JSON, checking that it could stand on a board ([`Position::validate`]).
    ///
    /// # Errors
    /// When a key is missing or of the wrong kind, a point is outside the grammar, or the position is
    /// impossible ([`NotationError::Impossible`]: checker counts, off counts, pins, a finished game).
    pub fn from_json(value: &Value) -> Result<Position, NotationError> {
        let shape = |why: &str| NotationError::Shape(why.to_owned());
        let object = value.as_object().ok_or_else(|| shape("expected an object with turn, points and off"))?;
        let turn = match object.get("turn").and_then(Value::as_str) {
            Some("white") => Side::White,
            Some("black") => Side::Black,
            _ => return Err(shape("\"turn\" must be \"white\" or \"black\"")),
        };
        let texts =
            object.get("points").and_then(Value::as_array).ok_or_else(|| shape("\"points\" must be an array"))?;
        if texts.len() != POINTS {
            return Err(shape(&format!("\"points\" must hold 24 strings, not {}", texts.len())));
        }
        let mut points = [Point::EMPTY; POINTS];
        for (index, (slot, text)) in points.iter_mut().zip(texts).enumerate() {
            let text = text.as_str().ok_or_else(|| shape(&format!("point {index} is not a string")))?;
            *slot = parse_point(text).ok_or_else(|| NotationError::BadPoint {
                index,
                point: index + 1,
                text: text.to_owned(),
            })?;
        }
        let off = object.get("off").and_then(Value::as_object).ok_or_else(|| shape("\"off\" must be an object"))?;
        let mut borne = [0u8; 2];
        for side in [Side::White, Side::Black] {
            let n = off
                .get(side_name(side))
                .and_then(Value::as_u64)
                .ok_or_else(|| shape(&format!("\"off\" needs a count for {}", side_name(side))))?;
            borne[side.index()] =
                u8::try_from(n).ok().filter(|&n| n <= CHECKERS).ok_or(PositionError::Off { side, off: n })?;
        }
        let position = Position { points, off: borne, turn };
        position.validate()?;
        Ok(position)
    }

    /// Reads a position from JSON text.
    ///
    /// # Errors
    /// As [`Position::from_json`], and when the text is not JSON.
    pub fn from_json_str(text: &str) -> Result<Position, NotationError> {
        let value: Value = serde_json::from_str(text).map_err(|e| NotationError::Json(e.to_string()))?;
        Position::from_json(&value)
    }
}

impl Dice {
    /// Reads a roll written `3,5` (or `3-5`, `35`).
    ///
    /// # Errors
    /// [`NotationError::BadDice`] unless it is two numbers 1 to 6.
    pub fn parse(text: &str) -> Result<Dice, NotationError> {
        let digits: Vec<u8> = text.bytes().filter(|b| !matches!(b, b',' | b'-' | b' ')).collect();
        match digits.as_slice() {
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] => Ok(Dice(a - b'0', b - b'0')),
            _ => Err(NotationError::BadDice(text.to_owned())),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0, self.1)
    }
}

impl fmt::Display for Play {
    /// The steps in the mover's numbering, `*` after a pin, `off` for bearing off; empty for no play.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps: Vec<String> = self
            .steps()
            .map(|s| {
                let to = s.to.map_or_else(|| "off".to_owned(), |t| t.to_string());
                format!("{}/{to}{}", s.from, if s.pins { "*" } else { "" })
            })
            .collect();
        f.write_str(&steps.join(" "))
    }
}

impl Play {
    /// Reads a play as [`Play`]'s `Display` writes it; the dice of each step are left for the game to
    /// find (see [`Hapis::try_play_steps`]). `pass` and the empty text are the empty play.
    ///
    /// # Errors
    /// [`NotationError::BadPlay`] when a step is not `from/to`, `from/to*` or `from/off` (`off*` too: bearing
    /// off pins nothing), a point is not 1..24, a step goes backwards or more than 6 points, or there are
    /// more than four steps.
    pub fn parse(text: &str) -> Result<Play, NotationError> {
        let bad = || NotationError::BadPlay(text.trim().to_owned());
        let words: Vec<&str> = text.split_whitespace().collect();
        if words == ["pass"] || words.is_empty() {
            return Ok(Play::default());
        }
        if words.len() > 4 {
            return Err(bad());
        }
        let point = |t: &str| t.parse::<u8>().ok().filter(|p| (1..=24).contains(p));
        let mut steps = Vec::with_capacity(4);
        for word in words {
            let (from, to) = word.split_once('/').ok_or_else(bad)?;
            let from = point(from).ok_or_else(bad)?;
            let (to, pins) = match to.strip_suffix('*') {
                Some(to) => (to, true),
                None => (to, false),
            };
            let step = if to.eq_ignore_ascii_case("off") {
                // Bearing off lands nowhere, so it cannot pin.
                if pins {
                    return Err(bad());
                }
                Step { from, to: None, die: 25 - from.min(24), pins: false }
            } else {
                let to = point(to).filter(|&t| t > from && t - from <= 6).ok_or_else(bad)?;
                Step { from, to: Some(to), die: to - from, pins }
            };
            steps.push(step);
        }
        Ok(Play::new(&steps))
    }
}

impl Notation for Hapis {
    type Error = NotationError;

    fn format_move(&self, mv: Play) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Play, NotationError> {
        let play = Play::parse(text)?;
        // The legal play this text names, so that it equals the one `legal_moves` lists.
        Ok(self.resolve(&play).map_or(play, |(legal, _)| legal))
    }

    fn format_position(&self) -> String {
        let mut value = self.position().to_json();
        if let Some(map) = value.as_object_mut() {
            match self.phase() {
                Phase::Opening => {
                    map.insert("opening".into(), Value::Bool(true));
                }
                Phase::Move(dice) => {
                    map.insert("dice".into(), json!([dice.0, dice.1]));
                }
                Phase::Roll | Phase::Over => {}
            }
        }
        value.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Hapis, NotationError> {
        let value: Value = serde_json::from_str(text).map_err(|e| NotationError::Json(e.to_string()))?;
        let position = Position::from_json(&value)?;
        let extra = value.as_object().cloned().unwrap_or_else(Map::new);
        let phase = if extra.get("opening").and_then(Value::as_bool) == Some(true) {
            let start = Position::start();
            if position.points != start.points || position.off != start.off {
                return Err(NotationError::OpeningNotAtStart);
            }
            Phase::Opening
        } else if let Some(dice) = extra.get("dice") {
            // Every entry must be a die: `[3,"x",5]` is refused, not read as 3,5.
            let pair: Option<Vec<u64>> = dice.as_array().and_then(|a| a.iter().map(Value::as_u64).collect());
            match pair.as_deref() {
                Some(&[a @ 1..=6, b @ 1..=6]) => {
                    Phase::Move(Dice(u8::try_from(a).unwrap_or(1), u8::try_from(b).unwrap_or(1)))
                }
                _ => return Err(NotationError::BadDice(dice.to_string())),
            }
        } else {
            Phase::Roll
        };
        Ok(Hapis::at(position, phase, self.settings()))
    }
}

impl fmt::Display for Hapis {
    /// The board for a terminal, in English: see [`Hapis::board_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text(Lang::En))
    }
}

impl Hapis {
    /// The board for a terminal in `lang`: White's points 13–24 on top and 12–1 below, each with both sides'
    /// numbers, then the trays and whose turn it is.
    pub fn board_text(&self, lang: Lang) -> String {
        let say = |msg: Msg| hamle_l10n::render(lang, &msg);
        let side = |side: Side| Msg::new(format!("plays-{}", side_name(side)));
        let (white, black) = (say(Msg::new("plays-white")), say(Msg::new("plays-black")));
        // The row labels share one width, so that the points stand in columns whatever the language's words.
        let width = white.chars().count().max(black.chars().count());
        let position = self.position();
        let row = |whites: &[u8]| -> String {
            let cell = |p: &u8| format!("{:>6}", format!("{}{}", if *p == 19 || *p == 6 { "|" } else { "" }, p));
            let labels: String = whites.iter().map(cell).collect();
            let blacks: String = whites.iter().map(|&p| cell(&(25 - p))).collect();
            let stacks: String = whites
                .iter()
                .map(|&p| {
                    let text = point_text(position.points[usize::from(p) - 1]);
                    format!("{:>6}", if text.is_empty() { ".".to_owned() } else { text })
                })
                .collect();
            format!("{white:<width$}{labels}\n{black:<width$}{blacks}\n{:width$}{stacks}\n", "")
        };
        let mut out = row(&[13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
        out.push('\n');
        out.push_str(&row(&[12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]));
        out.push_str(&say(Msg::new("hapis-board-off").arg("white", position.off[0]).arg("black", position.off[1])));
        out.push('\n');
        let mover = side(position.turn);
        out.push_str(&say(match self.phase() {
            Phase::Opening => Msg::new("hapis-board-opening"),
            Phase::Roll => Msg::new("hapis-board-to-throw").arg("side", mover),
            Phase::Move(dice) => Msg::new("hapis-board-to-play").arg("side", mover).arg("dice", dice.to_string()),
            Phase::Over => match position.winner() {
                Some(w) => Msg::new("hapis-board-won").arg("side", side(w)),
                None => Msg::new("hapis-board-over"),
            },
        }));
        out
    }
}

/// Bits written most significant first into bytes, for [`Position::id`].
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

impl Bits {
    fn push(&mut self, bit: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit && let Some(last) = self.bytes.last_mut() {
            *last |= 0x80 >> (self.len % 8);
        }
        self.len += 1;
    }
}

impl Position {
    /// A short id for URLs and logs (at most 19 characters of URL-safe base64; 15 at the start), in the spirit of gnubg's Position ID:
    /// the side to move, then for each side in its own numbering each point's stack in unary, then one bit
    /// per stack saying whether it pins a checker.
    ///
    /// ```
    /// use hamle_hapis::Position;
    /// let start = Position::start();
    /// assert_eq!(start.id().len(), 15);
    /// assert_eq!(Position::from_id(&start.id()), Ok(start));
    /// ```
    pub fn id(&self) -> String {
        use base64::Engine;
        let mut bits = Bits::default();
        bits.push(self.turn == Side::Black);
        for side in [Side::White, Side::Black] {
            let stacks: Vec<Point> = (1..=24).map(|p| self.point(side, p)).filter(|pt| pt.movable(side)).collect();
            for p in 1..=24 {
                let point = self.point(side, p);
                let count = if point.movable(side) { point.count } else { 0 };
                (0..count).for_each(|_| bits.push(true));
                bits.push(false);
            }
            stacks.iter().for_each(|pt| bits.push(pt.prisoner));
        }
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bits.bytes)
    }

    /// Reads a position from its [`Position::id`].
    ///
    /// # Errors
    /// [`NotationError::Shape`] when the text is not an id, [`NotationError::Impossible`] when it names a
    /// position that [`Position::validate`] refuses (more than fifteen checkers of a side, a pin on a
    /// starting point, a finished game with the winner to move).
    pub fn from_id(text: &str) -> Result<Position, NotationError> {
        use base64::Engine;
        let bad = || NotationError::Shape(format!("'{text}' is not a position id"));
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| bad())?;
        let mut bits = bytes.iter().flat_map(|b| (0..8).map(move |i| b & (0x80 >> i) != 0));
        let turn = if bits.next().ok_or_else(bad)? { Side::Black } else { Side::White };
        let mut position = Position { points: [Point::EMPTY; POINTS], off: [0, 0], turn };
        for side in [Side::White, Side::Black] {
            let mut stacks = Vec::new();
            for p in 1..=24u8 {
                let mut count = 0u8;
                while bits.next().ok_or_else(bad)? {
                    count = count.checked_add(1).filter(|&c| c <= CHECKERS).ok_or_else(bad)?;
                }
                if count > 0 {
                    let index = side.index_of(p);
                    if position.points[index].count > 0 {
                        return Err(bad());
                    }
                    position.points[index] = Point::stack(side, count);
                    stacks.push(index);
                }
            }
            for index in stacks {
                position.points[index].prisoner = bits.next().ok_or_else(bad)?;
            }
        }
        for side in [Side::White, Side::Black] {
            let on_board: u32 = position.points.iter().map(|p| u32::from(p.checkers(side))).sum();
            let off =
                u32::from(CHECKERS).checked_sub(on_board).ok_or(PositionError::Checkers { side, count: on_board })?;
            position.off[side.index()] = u8::try_from(off).unwrap_or(0);
        }
        position.validate()?;
        Ok(position)
    }
}
