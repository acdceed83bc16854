//! What the perfect players keep between moves (a server holds many games, each with its bots): nothing. Each
//! decision builds its own table and drops it; the bots have no fields, so nothing can outlive a decision.

use hamle_classics::sim::{self, Sim};
use hamle_classics::tictactoe::{self, TicTacToe};
use hamle_core::{Bot, Budget, Game, Stream};

#[test]
fn sim_perfect_keeps_nothing_between_moves() {
    assert_eq!(size_of::<sim::Perfect>(), 0, "the bot holds no table");
    // Its decisions still solve: the first player loses Sim, so the second player's first move is a winning one.
    let mut game = Sim::new();
    game.play(0);
    let decision = sim::Perfect::default().choose(&game, &Budget::UNLIMITED, &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.score, 1.0, "a winning move found");
    assert!(decision.nodes > 10_000, "the position was solved: {} nodes", decision.nodes);
}

#[test]
fn tictactoe_perfect_keeps_nothing_between_moves() {
    assert_eq!(size_of::<tictactoe::bots::Perfect>(), 0, "the bot holds no table");
    let decision = tictactoe::bots::Perfect::default()
        .choose(&TicTacToe::classic(), &Budget::UNLIMITED, &mut Stream::new(1))
        .expect("a move");
    assert_eq!(decision.nodes, 23_660, "the empty board searched with a table of its own, as documented");
}
