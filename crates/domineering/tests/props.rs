//! Property tests over random games.

use hamle_core::{Bot, Budget, Game, Notation, Stream};
use hamle_domineering::bots::Seed;
use hamle_domineering::{Domineering, Side};
use proptest::prelude::*;

fn play_random(rows: usize, cols: usize, first: Side, seed: u64, plies: usize) -> Vec<Domineering> {
    let mut game = Domineering::new(rows, cols, first).expect("a valid size");
    let mut stream = Stream::new(seed);
    let mut states = vec![game.clone()];
    let mut moves = Vec::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        let Some(&mv) = stream.pick(&moves) else { break };
        game.play(mv);
        states.push(game.clone());
    }
    states
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Vertical), Just(Side::Horizontal)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_move_fills_exactly_two_cells(rows in 1usize..=16, cols in 1usize..=16, first in side(), seed: u64) {
        let states = play_random(rows, cols, first, seed, 400);
        for pair in states.windows(2) {
            prop_assert_eq!(pair[0].empty_cells(), pair[1].empty_cells() + 2);
        }
        let last = states.last().expect("at least the start");
        prop_assert!(last.winner().is_some(), "a random game runs until someone cannot move");
    }

    #[test]
    fn moves_and_positions_round_trip(rows in 1usize..=16, cols in 1usize..=16, first in side(), seed: u64) {
        let states = play_random(rows, cols, first, seed, 400);
        let mut moves = Vec::new();
        for state in &states {
            prop_assert_eq!(&state.parse_position(&state.format_position()).expect("own text"), state);
            state.legal_moves(&mut moves);
            prop_assert_eq!(moves.len() as u32, state.count_moves(state.to_move()));
            for &mv in &moves {
                prop_assert_eq!(state.parse_move(&state.format_move(mv)), Ok(mv));
            }
        }
    }

    #[test]
    fn a_game_replays_from_its_seed(rows in 2usize..=6, cols in 2usize..=6, first in side(), seed: u64) {
        let play = || {
            let mut game = Domineering::new(rows, cols, first).expect("a valid size");
            let mut bot = Seed::default();
            let mut stream = Stream::new(seed);
            let mut line = Vec::new();
            while let Some(decision) = bot.choose(&game, &Budget::UNLIMITED, &mut stream) {
                line.push(game.format_move(decision.mv));
                game.play(decision.mv);
            }
            line
        };
        prop_assert_eq!(play(), play());
    }

    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,40}", rows in 1usize..=16, cols in 1usize..=16) {
        let game = Domineering::new(rows, cols, Side::Vertical).expect("a valid size");
        if let Ok(mv) = game.parse_move(&text) {
            let mut copy = game.clone();
            let _ = copy.try_play(mv);
        }
        let _ = game.parse_position(&text);
        let _ = hamle_domineering::parse_cell(&text);
    }

    #[test]
    fn near_miss_texts_are_read_or_refused_without_panicking(text in "[a-q]{1,2}[0-9]{0,3}[-]?[a-q]?[0-9]{0,3}") {
        let game = Domineering::new(16, 16, Side::Horizontal).expect("a valid size");
        if let Ok(mv) = game.parse_move(&text) {
            prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
        }
    }
}
