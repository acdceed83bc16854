//! Test helpers shared by hamle's game crates.
//!
//! It holds game-independent checks that every game's tests run: [`smoke()`] plays random games and
//! checks the [`hamle_core::Game`] and [`hamle_core::Notation`] contracts at every state, [`perft()`]
//! counts move sequences to compare with published numbers, and [`check_golden`] with
//! [`playthrough`] pins whole seeded games to text files under review; [`check_encoding`] plays random games
//! and checks a game's [`hamle_core::Encoding`] (actions and observations for learners) at every state;
//! [`random_positions`] gives realistic states for tests and benchmarks; [`languages::english_in`] finds English
//! in a text a face shows in Turkish, by the catalogs' own words.
//!
//! It holds no game, no bot and no search, and it is for tests only: its functions panic with a
//! descriptive message when a check fails, instead of returning errors.

pub mod encoding;
pub mod golden;
pub mod languages;
pub mod perft;
pub mod positions;
pub mod smoke;

pub use encoding::check_encoding;
pub use golden::{check_golden, check_golden_with, playthrough};
pub use perft::{count_games, divide, perft};
pub use positions::random_positions;
pub use smoke::{SmokeReport, smoke, smoke_with_history};

/// Most player moves and chance events one game may take in [`smoke`] and [`playthrough`]:
/// far beyond any real game here, so reaching it means the game never ends.
pub(crate) const MAX_PLIES: u64 = 100_000;
