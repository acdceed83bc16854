//! A match of Hapis Tavlası between a person and a bot, as the thesis's screens run it: the opening throw,
//! throwing the dice, playing them a checker at a time (with undo) or whole, resigning, the next game.

use hamle_arena::Spec;
use hamle_core::{Budget, Game, Notation, Stream};
use hamle_hapis::bots::{Level, hints};
use hamle_hapis::{Dice, Entry, Hapis, Opening, Phase, Play, Settings, Side, side_name};
use serde_json::{Value, json};

use super::{BOT_TIME, Live, Refusal, action_name, optional_text, text_field};

/// A match's options, as created and stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The table's rules.
    pub settings: Settings,
    /// The person's side.
    pub human: Side,
    /// The bot, by spec (`neural(level=casual)`, `expert`, `thesis`).
    pub opponent: Spec,
    /// Points to win the match.
    pub length: u32,
}

impl Setup {
    /// Reads and checks the options of a new match: `you`, `opponent`, `length`, `opening`, `mother`.
    ///
    /// # Errors
    /// [`Refusal::Malformed`] naming the option that is wrong.
    pub fn from_json(value: &Value) -> Result<Setup, Refusal> {
        let bad = |why: String| Refusal::Malformed(why);
        let human = match optional_text(value, "you")?.unwrap_or("white") {
            "white" => Side::White,
            "black" => Side::Black,
            other => return Err(bad(format!("\"you\" is white or black, not '{other}'"))),
        };
        let opponent_text = optional_text(value, "opponent")?.unwrap_or("neural(level=advanced)");
        let opponent: Spec = opponent_text.parse().map_err(|e: hamle_arena::ArenaError| bad(e.to_string()))?;
        let length = match value.get("length") {
            None | Some(Value::Null) => 1,
            Some(n) => n
                .as_u64()
                .filter(|n| (1..=25).contains(n))
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| bad("\"length\" is the points to win the match, 1 to 25".into()))?,
        };
        let opening = match optional_text(value, "opening")?.unwrap_or("rethrow") {
            "rethrow" => Opening::Rethrow,
            "play" => Opening::PlayOpeningDice,
            other => return Err(bad(format!("\"opening\" is rethrow or play, not '{other}'"))),
        };
        let mother = match value.get("mother") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(bad("\"mother\" is true or false".into())),
        };
        let setup = Setup { settings: Settings { opening, mother }, human, opponent, length };
        // Build the bot once, so that an unknown bot is refused now and never mid-game.
        hamle_arena::games::hapis()
            .bot(&setup.opponent, &Hapis::new(setup.settings))
            .map_err(|e| Refusal::Malformed(e.to_string()))?;
        Ok(setup)
    }

    /// The options as stored.
    pub fn to_json(&self) -> Value {
        json!({
            "kind": "hapis",
            "you": side_name(self.human),
            "opponent": self.opponent.to_string(),
            "length": self.length,
            "opening": match self.settings.opening { Opening::Rethrow => "rethrow", Opening::PlayOpeningDice => "play" },
            "mother": self.settings.mother,
        })
    }
}

/// How a game of the match ended.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ending {
    /// Points gained by each side.
    gained: [u32; 2],
    /// Whether a side resigned.
    resigned: Option<Side>,
}

/// A match in play.
pub struct HapisMatch {
    setup: Setup,
    seed: u64,
    score: [u32; 2],
    /// The game of the match, from 0.
    number: u64,
    game: Hapis,
    dice: Stream,
    /// Plays made in this game, which numbers the bot's tie-break streams.
    plays_made: u64,
    entry: Option<Entry>,
    opening: Option<Dice>,
    ending: Option<Ending>,
    log: Vec<Value>,
}

impl HapisMatch {
    /// A new match from `seed`, before the first game's opening throw.
    pub fn new(setup: Setup, seed: u64) -> HapisMatch {
        let mut live = HapisMatch {
            game: Hapis::new(setup.settings),
            setup,
            seed,
            score: [0, 0],
            number: 0,
            dice: Stream::new(seed),
            plays_made: 0,
            entry: None,
            opening: None,
            ending: None,
            log: Vec::new(),
        };
        live.start_game(0);
        live
    }

    fn start_game(&mut self, number: u64) {
        self.number = number;
        self.game = Hapis::new(self.setup.settings);
        // As the terminal match: game k throws from stream (k, 0) and breaks the bot's ties from (k, 1, play).
        self.dice = Stream::new(self.seed).derive(number).derive(0);
        self.plays_made = 0;
        self.entry = None;
        self.opening = None;
        self.ending = None;
    }

    fn match_over(&self) -> bool {
        self.score.iter().any(|&s| s >= self.setup.length)
    }

    /// The side to throw or play, once the opening throw is made and while the game is on.
    fn to_move(&self) -> Option<Side> {
        let on = self.ending.is_none() && matches!(self.game.phase(), Phase::Roll | Phase::Move(_));
        on.then_some(self.game.position().turn)
    }

    fn note(&mut self, side: Option<Side>, text: String) {
        self.log.push(json!({
            "game": self.number + 1,
            "side": side.map(side_name),
            "text": text,
        }));
    }

    /// Throws the dice (or the opening dice) for the side to move; a roll that cannot be used is passed at once.
    fn roll(&mut self) -> Result<Dice, Refusal> {
        let opening = self.game.phase() == Phase::Opening;
        if !matches!(self.game.phase(), Phase::Opening | Phase::Roll) || self.ending.is_some() {
            return Err(Refusal::NotAllowed("the dice are not to be thrown now".into()));
        }
        let dice = self
            .game
            .sample_chance(&mut self.dice)
            .ok_or_else(|| Refusal::NotAllowed("the dice are not to be thrown now".into()))?;
        self.game.apply_chance(dice);
        let side = self.game.position().turn;
        if opening {
            self.opening = Some(dice);
            let how = match self.setup.settings.opening {
                Opening::Rethrow => "throws again",
                Opening::PlayOpeningDice => "plays the two dice",
            };
            self.note(
                None,
                format!("Opening throw: white {}, black {}. {} starts and {how}.", dice.0, dice.1, title(side)),
            );
        }
        if let Some(dice) = self.game.dice() {
            let plays = self.game.plays();
            if plays.len() == 1 && plays[0].0.is_empty() {
                self.note(Some(side), format!("{} throws {}: no move to play.", title(side), dice_text(dice)));
                self.finish_play(Play::default(), dice, side, false);
            } else if side == self.setup.human {
                self.entry = Entry::new(&self.game);
            }
        }
        Ok(dice)
    }

    /// Plays `play` for the side to move (already checked legal), and ends the game if it is over.
    fn finish_play(&mut self, play: Play, dice: Dice, side: Side, note: bool) {
        if note {
            self.note(Some(side), format!("{} throws {}: {play}.", title(side), dice_text(dice)));
        }
        self.game.play(play);
        self.plays_made += 1;
        self.entry = None;
        if let Some(points) = self.game.points() {
            let gained = points.map(|p| if p > 0.0 { p as u32 } else { 0 });
            let text = match self.game.position().winner() {
                Some(w) if gained[w.index()] == 2 => format!("{} wins with mars: 2 points.", title(w)),
                Some(w) => format!("{} wins: 1 point.", title(w)),
                None if gained[0] == 2 => "White wins by the mother rule: 2 points.".to_owned(),
                None if gained[1] == 2 => "Black wins by the mother rule: 2 points.".to_owned(),
                None => "Both mothers are pinned: a tie.".to_owned(),
            };
            self.end_game(gained, None, text);
        }
    }

    fn end_game(&mut self, gained: [u32; 2], resigned: Option<Side>, text: String) {
        self.score[0] += gained[0];
        self.score[1] += gained[1];
        self.ending = Some(Ending { gained, resigned });
        self.note(None, text);
        if self.match_over() {
            let winner = if self.score[0] >= self.setup.length { Side::White } else { Side::Black };
            let text = format!(
                "{} wins the match, {} to {}.",
                title(winner),
                self.score[0].max(self.score[1]),
                self.score[0].min(self.score[1])
            );
            self.note(None, text);
        }
    }

    fn person_to_move(&self) -> Result<(), Refusal> {
        if self.match_over() {
            return Err(Refusal::NotAllowed("the match is over".into()));
        }
        if self.ending.is_some() {
            return Err(Refusal::NotAllowed("this game is over: start the next game of the match".into()));
        }
        match self.to_move() {
            Some(side) if side != self.setup.human => Err(Refusal::NotAllowed("it is the bot's turn".into())),
            _ => Ok(()),
        }
    }

    fn entry_mut(&mut self) -> Result<&mut Entry, Refusal> {
        self.entry.as_mut().ok_or_else(|| Refusal::NotAllowed("there are no dice to play: throw first".into()))
    }

    /// The person's or a bot's action, checked, then applied; `by_bot` marks the bot's. When `replaying`,
    /// a stored throw is checked against the seed's.
    fn apply(&mut self, action: &Value, by_bot: bool, replaying: bool) -> Result<Value, Refusal> {
        let name = action_name(action)?;
        if by_bot {
            return self.apply_bot(name, action, replaying);
        }
        match name {
            "next" => {
                if self.ending.is_none() {
                    return Err(Refusal::NotAllowed("the game is not over yet".into()));
                }
                if self.match_over() {
                    return Err(Refusal::NotAllowed("the match is over".into()));
                }
                self.start_game(self.number + 1);
                Ok(json!({ "action": "next" }))
            }
            _ => {
                self.person_to_move()?;
                self.apply_person(name, action, replaying)
            }
        }
    }

    fn apply_person(&mut self, name: &str, action: &Value, replaying: bool) -> Result<Value, Refusal> {
        let side = self.setup.human;
        match name {
            "roll" => {
                let dice = self.roll()?;
                if replaying {
                    check_dice(action.get("dice"), dice)?;
                }
                Ok(json!({ "action": "roll", "dice": [dice.0, dice.1] }))
            }
            "step" => {
                let text = text_field(action, "step")?;
                let parsed = Play::parse(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
                let mut steps = parsed.steps();
                let (Some(step), None) = (steps.next(), steps.next()) else {
                    return Err(Refusal::Malformed(format!("'{text}' is not one step (write it as 1/4 or 22/off)")));
                };
                let entry = self.entry_mut()?;
                let made = entry.push(step.from, step.to).map_err(|e| Refusal::NotAllowed(e.to_string()))?;
                let dice = entry.dice();
                let done = entry.play();
                if let Some(play) = done {
                    self.finish_play(play, dice, side, true);
                }
                Ok(json!({ "action": "step", "step": Play::new(&[made]).to_string() }))
            }
            "undo" => {
                let entry = self.entry_mut()?;
                entry.undo().ok_or_else(|| Refusal::NotAllowed("there is no step to undo in this turn".into()))?;
                Ok(json!({ "action": "undo" }))
            }
            "play" => {
                let text = text_field(action, "play")?;
                let parsed = Play::parse(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
                let entry = self.entry_mut()?;
                if !entry.steps().is_empty() {
                    return Err(Refusal::NotAllowed("undo the steps of this turn before playing a whole play".into()));
                }
                let dice = entry.dice();
                let (play, _) = self
                    .game
                    .resolve(&parsed)
                    .ok_or_else(|| Refusal::NotAllowed(format!("{text} is not a legal play of {}", dice_text(dice))))?;
                self.finish_play(play, dice, side, true);
                Ok(json!({ "action": "play", "play": play.to_string() }))
            }
            "resign" if self.game.phase() == Phase::Opening => {
                Err(Refusal::NotAllowed("the game has not begun: throw for the start first".into()))
            }
            "resign" => {
                let stake = if self.game.position().off[side.index()] == 0 { 2 } else { 1 };
                let mut gained = [0; 2];
                gained[side.other().index()] = stake;
                let text = format!("{} resigns: {} gains {stake}.", title(side), side_name(side.other()));
                self.entry = None;
                self.end_game(gained, Some(side), text);
                Ok(json!({ "action": "resign" }))
            }
            other => Err(Refusal::Malformed(format!(
                "'{other}' is not a Hapis action (roll, step, undo, play, resign, next)"
            ))),
        }
    }

    fn apply_bot(&mut self, name: &str, action: &Value, replaying: bool) -> Result<Value, Refusal> {
        let side = self.setup.human.other();
        if self.match_over() || self.ending.is_some() || self.to_move() != Some(side) {
            return Err(Refusal::NotAllowed("it is not the bot's turn".into()));
        }
        match name {
            "roll" => {
                let dice = self.roll()?;
                if replaying {
                    check_dice(action.get("dice"), dice)?;
                }
                Ok(json!({ "action": "roll", "by": "bot", "dice": [dice.0, dice.1] }))
            }
            "play" => {
                let text = text_field(action, "play")?;
                let parsed = Play::parse(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
                let dice = self.game.dice().ok_or_else(|| Refusal::NotAllowed("no dice to play".into()))?;
                let (play, _) =
                    self.game.resolve(&parsed).ok_or_else(|| Refusal::NotAllowed(format!("{text} is not legal")))?;
                self.finish_play(play, dice, side, true);
                Ok(json!({ "action": "play", "by": "bot", "play": play.to_string() }))
            }
            other => Err(Refusal::Malformed(format!("the bot does not '{other}'"))),
        }
    }

    fn bot_choice(&self) -> Option<Value> {
        let side = self.setup.human.other();
        if self.match_over() || self.ending.is_some() || self.to_move() != Some(side) {
            return None;
        }
        match self.game.phase() {
            Phase::Roll => Some(json!({ "action": "roll" })),
            Phase::Move(_) => {
                let mut bot = hamle_arena::games::hapis().bot(&self.setup.opponent, &self.game).ok()?;
                let mut ties = Stream::new(self.seed).derive(self.number).derive(1).derive(self.plays_made);
                let decision = bot.choose(&self.game, &Budget::time(BOT_TIME), &mut ties)?;
                Some(json!({ "action": "play", "play": self.game.format_move(decision.mv) }))
            }
            _ => None,
        }
    }

    fn phase_name(&self) -> &'static str {
        if self.match_over() {
            "match_over"
        } else if self.ending.is_some() {
            "game_over"
        } else {
            match self.game.phase() {
                Phase::Opening => "opening",
                Phase::Roll => "roll",
                Phase::Move(_) => "move",
                Phase::Over => "game_over",
            }
        }
    }
}

impl Live for HapisMatch {
    fn act(&mut self, action: &Value) -> Result<Value, Refusal> {
        self.apply(action, false, false)
    }

    fn bot_act(&mut self) -> Option<Value> {
        let choice = self.bot_choice()?;
        self.apply(&choice, true, false).ok()
    }

    fn replay(&mut self, stored: &Value) -> Result<(), Refusal> {
        let by_bot = stored.get("by").and_then(Value::as_str) == Some("bot");
        self.apply(stored, by_bot, true).map(|_| ())
    }

    fn state(&self) -> Value {
        let board = self.entry.as_ref().map_or(*self.game.position(), Entry::board);
        let (steps, legal_steps, left) = match &self.entry {
            Some(entry) => (
                entry.steps().iter().map(|s| Play::new(&[*s]).to_string()).collect::<Vec<_>>(),
                entry
                    .next_steps()
                    .iter()
                    .map(|s| json!({ "from": s.from, "to": s.to, "die": s.die, "pins": s.pins }))
                    .collect::<Vec<_>>(),
                entry.left(),
            ),
            None => (Vec::new(), Vec::new(), Vec::new()),
        };
        let plays: Vec<String> = if self.entry.as_ref().is_some_and(|e| e.steps().is_empty()) {
            self.game.plays().iter().map(|(p, _)| p.to_string()).collect()
        } else {
            Vec::new()
        };
        let ending = self.ending.map(|e| {
            json!({
                "gained": { "white": e.gained[0], "black": e.gained[1] },
                "resigned": e.resigned.map(side_name),
            })
        });
        json!({
            "kind": "hapis",
            "setup": self.setup.to_json(),
            "you": side_name(self.setup.human),
            "phase": self.phase_name(),
            "turn": self.to_move().map(side_name),
            "position": board.to_json(),
            "dice": self.game.dice().map(|d| [d.0, d.1]),
            "left": left,
            "steps": steps,
            "legal": { "steps": legal_steps, "plays": plays },
            "opening": self.opening.map(|d| json!({ "white": d.0, "black": d.1 })),
            "match": {
                "length": self.setup.length,
                "game": self.number + 1,
                "score": { "white": self.score[0], "black": self.score[1] },
            },
            "ending": ending,
            "log": self.log,
        })
    }

    fn summary(&self) -> String {
        format!(
            "Hapis against {}, you play {}; match to {}: white {} – black {} (game {})",
            self.setup.opponent,
            side_name(self.setup.human),
            self.setup.length,
            self.score[0],
            self.score[1],
            self.number + 1
        )
    }

    fn over(&self) -> bool {
        self.match_over()
    }

    fn hint(&self, level: Option<&str>) -> Result<Value, Refusal> {
        self.person_to_move()?;
        let dice = self.game.dice().ok_or_else(|| Refusal::NotAllowed("throw the dice first".into()))?;
        if self.entry.as_ref().is_some_and(|e| !e.steps().is_empty()) {
            return Err(Refusal::NotAllowed("hints are for the whole roll: undo your steps first".into()));
        }
        let level = match level {
            None => Level::Expert,
            Some(text) => Level::parse(text).ok_or_else(|| {
                Refusal::Malformed(format!(
                    "'{text}' is not a level (beginner, casual, intermediate, advanced, expert)"
                ))
            })?,
        };
        let ranked = hints(self.game.position(), dice, self.setup.settings, level);
        let best: Vec<Value> = ranked.iter().take(5).map(|r| r.to_json()).collect();
        Ok(json!({ "dice": [dice.0, dice.1], "level": level.name(), "plays": best }))
    }

    fn record(&self) -> String {
        let mut out = String::new();
        out.push_str("[Game \"Hapis Tavlası\"]\n");
        out.push_str(&format!("[White \"{}\"]\n", self.player_name(Side::White)));
        out.push_str(&format!("[Black \"{}\"]\n", self.player_name(Side::Black)));
        out.push_str(&format!("[Match \"{}\"]\n", self.setup.length));
        out.push_str(&format!(
            "[Rules \"opening={},mother={}\"]\n",
            match self.setup.settings.opening {
                Opening::Rethrow => "rethrow",
                Opening::PlayOpeningDice => "play",
            },
            if self.setup.settings.mother { "on" } else { "off" }
        ));
        out.push_str(&format!("[Score \"white {} black {}\"]\n\n", self.score[0], self.score[1]));
        for line in &self.log {
            let game = line.get("game").and_then(Value::as_u64).unwrap_or(0);
            let text = line.get("text").and_then(Value::as_str).unwrap_or("");
            out.push_str(&format!("{game}. {text}\n"));
        }
        out
    }
}

impl HapisMatch {
    fn player_name(&self, side: Side) -> String {
        if side == self.setup.human { "person".to_owned() } else { format!("bot {}", self.setup.opponent) }
    }
}

fn check_dice(expected: Option<&Value>, dice: Dice) -> Result<(), Refusal> {
    match expected {
        Some(stored) if *stored != json!([dice.0, dice.1]) => Err(Refusal::NotAllowed(format!(
            "the stored throw {stored} is not what the seed throws ({}): the store is damaged",
            dice_text(dice)
        ))),
        _ => Ok(()),
    }
}

fn dice_text(dice: Dice) -> String {
    format!("{}-{}", dice.0, dice.1)
}

fn title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}
