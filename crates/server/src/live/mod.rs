//! Games in play on the server: each kind turns the person's actions and its bot's into a new state, and
//! replays the stored actions after a restart. An action is checked before anything changes.

pub mod board;
pub mod hapis;
pub mod solo;

use std::time::Duration;

use serde_json::Value;

/// How long a bot may think about one move.
pub const BOT_TIME: Duration = Duration::from_secs(3);

/// Why an action or a setup is refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The request is not an action or setup of this game (a missing field, an unknown action).
    #[error("{0}")]
    Malformed(String),
    /// A well-formed action that the rules or the moment do not allow.
    #[error("{0}")]
    NotAllowed(String),
}

/// A game in play.
pub trait Live: Send {
    /// Applies the person's `action`, returning it as stored (with what chance gave it, such as dice).
    ///
    /// # Errors
    /// A [`Refusal`] when the action is malformed or not allowed now; the game is unchanged.
    fn act(&mut self, action: &Value) -> Result<Value, Refusal>;

    /// When a bot is to act, lets it act and returns its action as stored; `None` when the person is to act
    /// or the game is over.
    fn bot_act(&mut self) -> Option<Value>;

    /// Applies a stored action again (the person's or a bot's), when the game is loaded after a restart.
    ///
    /// # Errors
    /// When the stored action no longer fits the game (a damaged store).
    fn replay(&mut self, stored: &Value) -> Result<(), Refusal>;

    /// The state the browser shows: the board, whose turn, the legal moves, the log.
    fn state(&self) -> Value;

    /// A line for lists of games (`match to 3, white 1 – black 0`).
    fn summary(&self) -> String;

    /// Whether the game (or match) is over: its seed can be revealed.
    fn over(&self) -> bool;

    /// The best moves now by the strongest bot of the game, with their values.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] when the person has nothing to choose now.
    fn hint(&self, level: Option<&str>) -> Result<Value, Refusal>;

    /// The game as a text record (documented in `docs/api.md`).
    fn record(&self) -> String;
}

/// The action's name, from `{"action": "…"}`.
pub(crate) fn action_name(action: &Value) -> Result<&str, Refusal> {
    action.get("action").and_then(Value::as_str).ok_or_else(|| {
        Refusal::Malformed("an action is an object with an \"action\" field, e.g. {\"action\": \"roll\"}".into())
    })
}

/// A string field of a request object.
pub(crate) fn text_field<'a>(value: &'a Value, key: &str) -> Result<&'a str, Refusal> {
    value.get(key).and_then(Value::as_str).ok_or_else(|| Refusal::Malformed(format!("\"{key}\" must be a string")))
}

/// An optional string field of a request object: absent or null gives `None`, another type is refused.
pub(crate) fn optional_text<'a>(value: &'a Value, key: &str) -> Result<Option<&'a str>, Refusal> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Refusal::Malformed(format!("\"{key}\" must be a string"))),
    }
}
