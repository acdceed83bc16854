//! A whole seeded game played by a bot, with the move at which each tile first appeared: what
//! benchmarks and golden tests record.

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Stream};

use crate::board::Direction;
use crate::rules::{G2048, MAX_RECORDED};

/// How a bot's game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The final score.
    pub score: u64,
    /// Moves made.
    pub moves: u32,
    /// For each exponent `e` (index `e`, up to 16 for 65536), the move after which 2^e first stood on the board.
    pub first: [Option<u32>; MAX_RECORDED as usize + 1],
    /// The largest exponent reached.
    pub top: u8,
    /// Time the bot spent choosing.
    pub thinking: Duration,
    /// The moves in order (kept only when asked for).
    pub line: Vec<Direction>,
}

impl GameRecord {
    /// Whether the tile 2^`exponent` appeared.
    pub fn reached(&self, exponent: u8) -> bool {
        self.top >= exponent
    }
}

/// Plays `start` to the end with `bot`: new tiles from `Stream::new(seed).derive(0)`, the bot's own
/// randomness from `derive(1)`; `keep_line` keeps every move. `on_move` is called after each move.
pub fn play_game(
    start: &G2048,
    bot: &mut dyn Bot<G2048>,
    budget: &Budget,
    seed: u64,
    keep_line: bool,
    on_move: &mut dyn FnMut(&G2048),
) -> GameRecord {
    let master = Stream::new(seed);
    let (mut tiles, mut own) = (master.derive(0), master.derive(1));
    let mut game = start.clone();
    let mut record = GameRecord {
        score: 0,
        moves: 0,
        first: [None; MAX_RECORDED as usize + 1],
        top: 0,
        thinking: Duration::ZERO,
        line: Vec::new(),
    };
    let note = |game: &G2048, record: &mut GameRecord| {
        for e in record.top + 1..=game.top_exponent() {
            record.first[usize::from(e)] = Some(game.moves());
        }
        record.top = record.top.max(game.top_exponent());
    };
    loop {
        while game.spawn_from(&mut tiles).is_some() {}
        note(&game, &mut record);
        let begun = Instant::now();
        let Some(decision) = bot.choose(&game, budget, &mut own) else { break };
        record.thinking += begun.elapsed();
        if game.try_move(decision.mv).is_err() {
            // A bot's illegal move ends its game; tests assert that it never happens.
            break;
        }
        if keep_line {
            record.line.push(decision.mv);
        }
        note(&game, &mut record);
        on_move(&game);
    }
    record.score = game.score();
    record.moves = game.moves();
    record
}
