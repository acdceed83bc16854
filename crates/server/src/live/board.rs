//! A two-player game without chance (tic-tac-toe in both variants, and the board games that follow) between
//! a person and a bot, played through the arena's [`Session`] in the game's own move notation.

use hamle_arena::{Session, Spec, registry::seat};
use hamle_core::{Budget, Player, Stream, Turn};
use serde_json::{Value, json};

use super::{BOT_TIME, Live, Refusal, action_name, optional_text, text_field};

/// A game's options, as created and stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The game with its parameters (`tictactoe(variant=two-phase)`).
    pub game: Spec,
    /// The bot, by spec.
    pub opponent: Spec,
    /// The person's seat: 0 moves first.
    pub human: Player,
}

/// Request keys that are not the game's own parameters.
const RESERVED: [&str; 3] = ["kind", "opponent", "you"];

impl Setup {
    /// Reads the options of a new game of `kind`: `you` (`first` or `second`), `opponent` (a bot spec) and
    /// the game's own parameters as strings (`"variant": "two-phase"`).
    ///
    /// # Errors
    /// [`Refusal::Malformed`] naming the option that is wrong.
    pub fn from_json(kind: &str, value: &Value) -> Result<Setup, Refusal> {
        let object = value.as_object().ok_or_else(|| Refusal::Malformed("the options are a JSON object".into()))?;
        let mut game = Spec::named(kind);
        for (key, v) in object.iter().filter(|(k, _)| !RESERVED.contains(&k.as_str())) {
            let text = v.as_str().ok_or_else(|| Refusal::Malformed(format!("\"{key}\" must be a string")))?;
            game = game.with(key, text);
        }
        let opponent: Spec = match optional_text(value, "opponent")? {
            Some(text) => text.parse().map_err(|e: hamle_arena::ArenaError| Refusal::Malformed(e.to_string()))?,
            // The game's strongest bot, listed first in the registry (an unknown kind is refused by `start`).
            None => {
                let registry = hamle_arena::games::registry();
                let strongest = registry.game(kind).ok().and_then(|def| def.bots().first().map(|b| b.name));
                Spec::named(strongest.unwrap_or("random"))
            }
        };
        let human = match optional_text(value, "you")?.unwrap_or("first") {
            "first" => 0,
            "second" => 1,
            other => return Err(Refusal::Malformed(format!("\"you\" is first or second, not '{other}'"))),
        };
        let setup = Setup { game, opponent, human };
        setup.start(0)?;
        Ok(setup)
    }

    /// The options as stored.
    pub fn to_json(&self) -> Value {
        let mut value = json!({
            "kind": self.game.name,
            "opponent": self.opponent.to_string(),
            "you": if self.human == 0 { "first" } else { "second" },
        });
        for (key, v) in &self.game.params {
            value[key] = json!(v);
        }
        value
    }

    fn start(&self, seed: u64) -> Result<Box<dyn Session>, Refusal> {
        let registry = hamle_arena::games::registry();
        let kind = registry.game(&self.game.name).map_err(|e| Refusal::Malformed(e.to_string()))?;
        let mut seats = [Some(self.opponent.clone()), Some(self.opponent.clone())];
        seats[usize::from(self.human)] = None;
        kind.start(&self.game, seats, seed, Budget::time(BOT_TIME)).map_err(|e| Refusal::Malformed(e.to_string()))
    }
}

/// A game in play.
pub struct BoardGame {
    setup: Setup,
    seed: u64,
    session: Box<dyn Session>,
    resigned: Option<Player>,
}

impl BoardGame {
    /// A new game from `seed` (the bot's tie-breaks).
    ///
    /// # Errors
    /// When the setup no longer names a game or bot.
    pub fn new(setup: Setup, seed: u64) -> Result<BoardGame, Refusal> {
        let session = setup.start(seed)?;
        Ok(BoardGame { setup, seed, session, resigned: None })
    }

    fn over(&self) -> bool {
        self.resigned.is_some() || self.session.turn() == Turn::Over
    }

    fn play_move(&mut self, action: &Value, by_bot: bool) -> Result<Value, Refusal> {
        if self.over() {
            return Err(Refusal::NotAllowed("the game is over".into()));
        }
        let mine = seat(self.session.turn()) == Some(self.setup.human);
        if mine == by_bot {
            return Err(Refusal::NotAllowed(if by_bot { "it is your turn" } else { "it is the bot's turn" }.into()));
        }
        let text = text_field(action, "move")?;
        let written = self.session.play(text).map_err(|e| match e {
            hamle_arena::ArenaError::BadMove { .. } => Refusal::Malformed(e.to_string()),
            _ => Refusal::NotAllowed(e.to_string()),
        })?;
        Ok(if by_bot {
            json!({ "action": "move", "by": "bot", "move": written })
        } else {
            json!({ "action": "move", "move": written })
        })
    }

    fn apply(&mut self, action: &Value, by_bot: bool) -> Result<Value, Refusal> {
        match action_name(action)? {
            "move" => self.play_move(action, by_bot),
            "resign" if !by_bot => {
                if self.over() {
                    return Err(Refusal::NotAllowed("the game is over".into()));
                }
                self.resigned = Some(self.setup.human);
                Ok(json!({ "action": "resign" }))
            }
            other => Err(Refusal::Malformed(format!("'{other}' is not an action of this game (move, resign)"))),
        }
    }

    fn result(&self) -> Option<Value> {
        let seat_name = |p: Player| if p == 0 { "first" } else { "second" };
        if let Some(p) = self.resigned {
            return Some(json!({ "winner": seat_name(1 - p), "resigned": seat_name(p) }));
        }
        let points = self.session.points()?;
        let winner = if points[0] > points[1] {
            Some("first")
        } else if points[1] > points[0] {
            Some("second")
        } else {
            None
        };
        Some(json!({ "winner": winner, "points": points }))
    }
}

impl Live for BoardGame {
    fn act(&mut self, action: &Value) -> Result<Value, Refusal> {
        self.apply(action, false)
    }

    fn bot_act(&mut self) -> Option<Value> {
        if self.over() || seat(self.session.turn()) == Some(self.setup.human) {
            return None;
        }
        // The bot's n-th move breaks ties from stream (1, n): the same after a restart as without one.
        let ply = u64::try_from(self.session.history().len()).unwrap_or(u64::MAX);
        let mut ties = Stream::new(self.seed).derive(1).derive(ply);
        let played = self.session.bot_move_with(&mut ties).ok()?;
        Some(json!({ "action": "move", "by": "bot", "move": played.mv }))
    }

    fn replay(&mut self, stored: &Value) -> Result<(), Refusal> {
        let by_bot = stored.get("by").and_then(Value::as_str) == Some("bot");
        self.apply(stored, by_bot).map(|_| ())
    }

    fn state(&self) -> Value {
        let yours = !self.over() && seat(self.session.turn()) == Some(self.setup.human);
        json!({
            "kind": self.setup.game.name,
            "game": self.setup.game.to_string(),
            "setup": self.setup.to_json(),
            "you": if self.setup.human == 0 { "first" } else { "second" },
            "phase": if self.over() { "over" } else { "play" },
            "turn": if self.over() { Value::Null } else if yours { json!("you") } else { json!("bot") },
            "position": self.session.position(),
            "board": self.session.board(),
            "legal": if yours { self.session.legal_moves() } else { Vec::new() },
            "history": self.session.history(),
            "result": self.result(),
        })
    }

    fn summary(&self) -> String {
        format!(
            "{} against {}, you move {}; {} moves played",
            self.setup.game,
            self.setup.opponent,
            if self.setup.human == 0 { "first" } else { "second" },
            self.session.history().len()
        )
    }

    fn over(&self) -> bool {
        BoardGame::over(self)
    }

    fn hint(&self, _level: Option<&str>) -> Result<Value, Refusal> {
        Err(Refusal::NotAllowed(format!("hints are for Hapis; {} has none yet", self.setup.game.name)))
    }

    fn record(&self) -> String {
        let mut out = format!("[Game \"{}\"]\n", self.setup.game);
        let bot = format!("bot {}", self.setup.opponent);
        let (first, second) = if self.setup.human == 0 { ("person", bot.as_str()) } else { (bot.as_str(), "person") };
        out.push_str(&format!("[First \"{first}\"]\n[Second \"{second}\"]\n"));
        let result = match self.result() {
            None => "*".to_owned(),
            Some(r) => match (r.get("winner").and_then(Value::as_str), r.get("resigned").and_then(Value::as_str)) {
                (Some(w), Some(_)) => format!("{w} wins (resignation)"),
                (Some(w), None) => format!("{w} wins"),
                _ => "draw".to_owned(),
            },
        };
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        for (i, pair) in self.session.history().chunks(2).enumerate() {
            out.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
        }
        out
    }
}
