//! A game's setup as the store keeps it (the `setup` column): the game, who sits where, the helper, the match's
//! length and the clock, in the words of the API.

use hamle_arena::{Seat, Setup, Spec};
use serde::{Deserialize, Serialize};

/// A seat as stored with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "who", rename_all = "snake_case")]
pub(crate) enum StoredSeat {
    /// A person: the seat's token is in the seats table (or the seat is open).
    Person,
    /// A bot, by spec.
    Bot {
        /// The bot's spec.
        bot: String,
    },
}

/// A game's setup as stored (the `setup` column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredSetup {
    pub(crate) game: String,
    pub(crate) seats: Vec<StoredSeat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) helper: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) length: Option<u32>,
    /// The time control of a game between people on a clock (`5+3`, `3d`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) clock: Option<String>,
    /// Whether the game is rated: its result moves its people's ratings, and it takes no hints or take-backs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) rated: bool,
}

impl StoredSetup {
    pub(crate) fn to_setup(&self) -> Result<Setup, String> {
        let spec = |text: &str| text.parse::<Spec>().map_err(|e| e.to_string());
        let seats = self
            .seats
            .iter()
            .map(|s| match s {
                StoredSeat::Person => Ok(Seat::Person),
                StoredSeat::Bot { bot } => spec(bot).map(Seat::Bot),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let helper = self.helper.as_deref().map(spec).transpose()?;
        Ok(Setup { game: spec(&self.game)?, seats, helper, length: self.length })
    }
}
