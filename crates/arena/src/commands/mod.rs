//! The commands that play through the arena, which a game's own crate cannot reach: 2048's benchmark (games in
//! parallel and in shards), Hapis's training (measured by matches) and its match in the terminal (the play
//! layer). Each game's registry line joins them to the commands of the game's crate.

pub mod g2048;
pub mod hapis;
pub mod hapis_play;
