//! 2048 on the server: the person's moves, or a bot's when the person asks it to play one ("watch a bot"),
//! each followed by a new tile from the game's own seeded stream, so the stored moves replay the game.

use hamle_2048::{Direction, G2048, SpawnRule, parse_direction};
use hamle_arena::Spec;
use hamle_core::{Bot, Budget, Stream};
use serde_json::{Value, json};

use super::{BOT_TIME, Live, Refusal, action_name, optional_text, text_field};

/// A game's options, as created and stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// How new tiles are drawn.
    pub rule: SpawnRule,
    /// The bot that plays when asked, by spec.
    pub bot: Spec,
}

impl Setup {
    /// Reads the options of a new game: `spawn` (`original` or `report`) and `bot` (a 2048 bot spec).
    ///
    /// # Errors
    /// [`Refusal::Malformed`] naming the option that is wrong.
    pub fn from_json(value: &Value) -> Result<Setup, Refusal> {
        let rule = match optional_text(value, "spawn")?.unwrap_or("original") {
            "original" => SpawnRule::Original,
            "report" => SpawnRule::Report,
            other => return Err(Refusal::Malformed(format!("\"spawn\" is original or report, not '{other}'"))),
        };
        let bot: Spec = optional_text(value, "bot")?
            .unwrap_or("expectimax")
            .parse()
            .map_err(|e: hamle_arena::ArenaError| Refusal::Malformed(e.to_string()))?;
        let setup = Setup { rule, bot };
        setup.make_bot()?;
        Ok(setup)
    }

    /// The options as stored.
    pub fn to_json(&self) -> Value {
        json!({
            "kind": "2048",
            "spawn": match self.rule { SpawnRule::Original => "original", SpawnRule::Report => "report" },
            "bot": self.bot.to_string(),
        })
    }

    fn make_bot(&self) -> Result<Box<dyn Bot<G2048>>, Refusal> {
        hamle_arena::games::g2048()
            .bot(&self.bot, &G2048::new(self.rule))
            .map_err(|e| Refusal::Malformed(e.to_string()))
    }
}

/// A game of 2048 in play.
pub struct Solo {
    setup: Setup,
    game: G2048,
    tiles: Stream,
    /// Each move with who made it and the tile that followed, for the page's log and the record.
    log: Vec<Value>,
    resigned: bool,
}

impl Solo {
    /// A new game whose tiles come from `seed`.
    pub fn new(setup: Setup, seed: u64) -> Solo {
        let mut game = G2048::new(setup.rule);
        let mut tiles = Stream::new(seed).derive(0);
        while game.spawn_from(&mut tiles).is_some() {}
        Solo { setup, game, tiles, log: Vec::new(), resigned: false }
    }

    fn over(&self) -> bool {
        self.resigned || !self.game.awaits_move()
    }

    /// Makes `direction` and draws the new tile; the stored action names both.
    fn make(&mut self, direction: Direction, by_bot: bool) -> Result<Value, Refusal> {
        self.game.try_move(direction).map_err(|e| Refusal::NotAllowed(e.to_string()))?;
        let tile = self.game.spawn_from(&mut self.tiles);
        let mut action = json!({ "action": "move", "move": direction.name() });
        if by_bot {
            action["by"] = json!("bot");
        }
        if let Some(t) = tile {
            action["tile"] = json!({ "cell": t.cell, "value": 1u32 << t.exponent });
        }
        self.log.push(action.clone());
        Ok(action)
    }

    fn apply(&mut self, action: &Value, replaying: bool) -> Result<Value, Refusal> {
        if self.over() {
            return Err(Refusal::NotAllowed("the game is over".into()));
        }
        match action_name(action)? {
            "move" => {
                let direction =
                    parse_direction(text_field(action, "move")?).map_err(|e| Refusal::Malformed(e.to_string()))?;
                // Only a stored move may say the bot made it.
                let by_bot = replaying && action.get("by").and_then(Value::as_str) == Some("bot");
                let made = self.make(direction, by_bot)?;
                // The stored tile must be the one the seed gives: a tampered store is refused.
                if replaying && made.get("tile") != action.get("tile") {
                    return Err(Refusal::NotAllowed("the stored tile is not the one the game's seed draws".into()));
                }
                Ok(made)
            }
            "bot" => {
                // The person asks the game's bot for one move: watching is asking again and again.
                let mut bot = self.setup.make_bot()?;
                let decision = bot
                    .choose(&self.game, &Budget::time(BOT_TIME), &mut Stream::new(0))
                    .ok_or_else(|| Refusal::NotAllowed("the bot has no move".into()))?;
                self.make(decision.mv, true)
            }
            "resign" => {
                self.resigned = true;
                let action = json!({ "action": "resign" });
                self.log.push(action.clone());
                Ok(action)
            }
            other => Err(Refusal::Malformed(format!("'{other}' is not an action of 2048 (move, bot, resign)"))),
        }
    }
}

impl Live for Solo {
    fn act(&mut self, action: &Value) -> Result<Value, Refusal> {
        self.apply(action, false)
    }

    fn bot_act(&mut self) -> Option<Value> {
        // The bot moves only when the person asks it to.
        None
    }

    fn replay(&mut self, stored: &Value) -> Result<(), Refusal> {
        self.apply(stored, true).map(|_| ())
    }

    fn state(&self) -> Value {
        let board: Vec<Vec<u32>> = self
            .game
            .board()
            .exponents()
            .iter()
            .map(|row| row.iter().map(|&e| if e == 0 { 0 } else { 1u32 << e }).collect())
            .collect();
        let legal: Vec<&str> = if self.over() {
            Vec::new()
        } else {
            Direction::ALL.into_iter().filter(|&d| self.game.board().can_move(d)).map(Direction::name).collect()
        };
        let result = self.over().then(|| {
            json!({ "score": self.game.score(), "top": 1u64 << self.game.top_exponent(), "resigned": self.resigned })
        });
        json!({
            "kind": "2048",
            "setup": self.setup.to_json(),
            "phase": if self.over() { "over" } else { "play" },
            "turn": if self.over() { Value::Null } else { json!("you") },
            "board": board,
            "score": self.game.score(),
            "moves": self.game.moves(),
            "top": 1u64 << self.game.top_exponent(),
            "legal": legal,
            "last": self.log.last(),
            "result": result,
        })
    }

    fn summary(&self) -> String {
        format!(
            "2048 ({} tiles), score {}, largest tile {}, {} moves",
            match self.setup.rule {
                SpawnRule::Original => "original",
                SpawnRule::Report => "report's",
            },
            self.game.score(),
            1u64 << self.game.top_exponent(),
            self.game.moves()
        )
    }

    fn over(&self) -> bool {
        Solo::over(self)
    }

    fn hint(&self, _level: Option<&str>) -> Result<Value, Refusal> {
        if self.over() {
            return Err(Refusal::NotAllowed("the game is over".into()));
        }
        // Depth 3 answers in milliseconds and already ranks the moves well.
        let mut bot = hamle_2048::bots::Expectimax::new(
            Default::default(),
            Some(3),
            hamle_2048::bots::Expectimax::MIN_PROBABILITY,
        );
        let (mut ranked, _) = bot.move_values(self.game.board(), self.game.rule().four() as f32, 3);
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        let moves: Vec<Value> = ranked.iter().map(|(d, v)| json!({ "move": d.name(), "value": v })).collect();
        Ok(json!({ "bot": "expectimax(depth=3)", "moves": moves }))
    }

    fn record(&self) -> String {
        let mut out = format!("[Game \"2048\"]\n[Setup \"{}\"]\n", self.setup.to_json());
        out.push_str(&format!(
            "[Result \"score {}, largest tile {}{}\"]\n\n",
            self.game.score(),
            1u64 << self.game.top_exponent(),
            if self.resigned { ", resigned" } else { "" }
        ));
        for (i, chunk) in self.log.chunks(10).enumerate() {
            let words: Vec<String> = chunk
                .iter()
                .map(|a| {
                    let mv = a.get("move").and_then(Value::as_str).unwrap_or("resign");
                    if a.get("by").is_some() { format!("{mv}*") } else { mv.to_owned() }
                })
                .collect();
            out.push_str(&format!("{}. {}\n", i * 10 + 1, words.join(" ")));
        }
        out.push_str("\n(* a move the bot made when asked)\n");
        out
    }
}
