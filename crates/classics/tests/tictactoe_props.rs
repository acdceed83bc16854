//! Properties over random tic-tac-toe games: stones are conserved, text round-trips, seeds replay.

use hamle_classics::tictactoe::{Move, STONES, TicTacToe, Variant};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Turn};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Classic), Just(Variant::TwoPhase)]
}

/// The positions of a game where move `i` is the `picks[i]`-th legal move (mod their number).
fn game(variant: Variant, picks: &[usize]) -> Vec<TicTacToe> {
    let mut state = TicTacToe::new(variant);
    let mut line = vec![state];
    let mut moves = Vec::new();
    for &pick in picks {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        state.play(moves[pick % moves.len()]);
        line.push(state);
    }
    line
}

proptest! {
    #[test]
    fn stones_are_conserved(variant in variant(), picks in prop::collection::vec(0usize..16, 0..60)) {
        for (ply, state) in game(variant, &picks).iter().enumerate() {
            let (x, o) = (state.stones(0).count_ones(), state.stones(1).count_ones());
            prop_assert_eq!(state.stones(0) & state.stones(1), 0);
            match variant {
                Variant::Classic => prop_assert_eq!(x + o, u32::try_from(ply).unwrap_or(u32::MAX)),
                Variant::TwoPhase => {
                    let placed = u32::try_from(ply.min(6)).unwrap_or(6);
                    prop_assert_eq!(x + o, placed);
                    prop_assert!(x <= STONES && o <= STONES);
                    prop_assert_eq!(usize::from(state.slides()), ply.saturating_sub(6));
                }
            }
        }
    }

    #[test]
    fn positions_and_moves_round_trip(variant in variant(), picks in prop::collection::vec(0usize..16, 0..40)) {
        let mut moves = Vec::new();
        for state in game(variant, &picks) {
            let text = state.format_position();
            let back = state.parse_position(&text);
            prop_assert_eq!(back.as_ref().map(Game::key), Ok(state.key()), "{}", text);
            prop_assert_eq!(back.map(|b| b.turn()), Ok(state.turn()));
            state.legal_moves(&mut moves);
            for &mv in &moves {
                prop_assert_eq!(state.parse_move(&state.format_move(mv)), Ok(mv));
            }
        }
    }

    #[test]
    fn an_illegal_move_changes_nothing(variant in variant(), picks in prop::collection::vec(0usize..16, 0..40), cell in 0u8..9, to in 0u8..9) {
        let mut legal = Vec::new();
        for state in game(variant, &picks) {
            state.legal_moves(&mut legal);
            for mv in [Move::Place(cell), Move::Slide { from: cell, to }] {
                if !legal.contains(&mv) {
                    let mut tried = state;
                    prop_assert!(tried.try_play(mv).is_err());
                    prop_assert_eq!(tried, state);
                }
            }
        }
    }

    #[test]
    fn a_seed_replays_the_same_game(variant in variant(), seed in any::<u64>()) {
        let play = |seed: u64| {
            let mut stream = Stream::new(seed);
            let mut state = TicTacToe::new(variant);
            let mut record = Vec::new();
            while let Turn::Player(_) = state.turn() {
                let Some(decision) = Bot::<TicTacToe>::choose(&mut RandomBot, &state, &Budget::UNLIMITED, &mut stream) else { break };
                record.push(state.format_move(decision.mv));
                state.play(decision.mv);
            }
            record
        };
        prop_assert_eq!(play(seed), play(seed));
    }
}
