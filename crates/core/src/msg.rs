//! Words meant for a person, kept as a message of the catalogs — an id and its arguments — until a face
//! renders it in the reader's language (`hamle-l10n` in Rust, `web/l10n.js` in the browser). The core holds
//! the shape and no words: a game names its messages, the catalogs say them.
//!
//! ```
//! use hamle_core::Msg;
//!
//! let won = Msg::new("hapis-won-mars").arg("side", Msg::new("side-white")).arg("points", 2);
//! assert_eq!(
//!     serde_json::to_string(&won).unwrap(),
//!     r#"{"id":"hapis-won-mars","args":{"points":2,"side":{"id":"side-white"}}}"#
//! );
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A message of the catalogs: its id and named arguments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Msg {
    /// The message's id in every catalog (`hapis-won-mars`).
    pub id: String,
    /// Its arguments by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

/// One argument of a message: a number (formatted per language), words kept as they are (a move's notation,
/// a bot's spec, a person's chosen name) or another message (a side's name, said in the reader's language).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A whole number.
    Int(i64),
    /// A number with a fraction (a half point).
    Num(f64),
    /// Words shown as they are, in every language.
    Verbatim(String),
    /// A message rendered in the reader's language before it takes its place.
    Msg(Msg),
}

impl Msg {
    /// A message without arguments.
    pub fn new(id: impl Into<String>) -> Msg {
        Msg { id: id.into(), args: BTreeMap::new() }
    }

    /// The message with one more argument.
    #[must_use]
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Msg {
        self.args.insert(name.to_owned(), value.into());
        self
    }

    /// A message that only shows `words` as they are (`verbatim` in every catalog): for text from outside the
    /// catalogs, such as an outside engine's own error.
    pub fn verbatim(words: impl Into<String>) -> Msg {
        Msg::new("verbatim").arg("text", Arg::Verbatim(words.into()))
    }
}

impl From<Msg> for Arg {
    fn from(msg: Msg) -> Arg {
        Arg::Msg(msg)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Int(n)
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        i64::try_from(n).map_or(Arg::Num(n as f64), Arg::Int)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Int(i64::from(n))
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg::Int(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::from(n as u64)
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Int(i64::from(n))
    }
}

/// A whole number as an integer, so that the catalogs' plural rules see `1` and not `1.0`.
impl From<f64> for Arg {
    fn from(x: f64) -> Arg {
        if x.fract() == 0.0 && x.abs() < 9e15 { Arg::Int(x as i64) } else { Arg::Num(x) }
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Verbatim(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Verbatim(s.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_point_is_an_integer_and_a_half_point_a_number() {
        assert_eq!(Arg::from(2.0), Arg::Int(2));
        assert_eq!(Arg::from(0.5), Arg::Num(0.5));
        assert_eq!(Arg::from(-3.0), Arg::Int(-3));
    }

    #[test]
    fn a_message_reads_back_from_its_json() {
        let msg = Msg::new("log-plays").arg("who", Msg::new("side-black")).arg("move", "e4").arg("n", 1.5);
        let json = serde_json::to_string(&msg).expect("a message is JSON");
        assert_eq!(json, r#"{"id":"log-plays","args":{"move":"e4","n":1.5,"who":{"id":"side-black"}}}"#);
        assert_eq!(serde_json::from_str::<Msg>(&json).expect("it reads back"), msg);
    }

    #[test]
    fn verbatim_words_keep_their_text() {
        let msg = Msg::verbatim("engine died");
        assert_eq!(msg.id, "verbatim");
        assert_eq!(msg.args.get("text"), Some(&Arg::Verbatim("engine died".to_owned())));
    }
}
