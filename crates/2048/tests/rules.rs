//! One test per rule of 2048: sliding, merging, illegal moves, new tiles, the end and the score.

use hamle_2048::{Board, Direction, G2048, MoveError, SpawnRule, parse_board};
use hamle_core::{Game, Stream, Turn};

fn board(text: &str) -> Board {
    parse_board(text).expect("a test board")
}

fn after(text: &str, d: Direction) -> (Board, u32) {
    let slide = board(text).slide(d);
    (slide.board, slide.score)
}

#[test]
fn tiles_slide_to_the_wall_of_the_move() {
    let (b, score) = after(".,2,.,4/.,.,.,./.,.,.,./.,.,.,.", Direction::Left);
    assert_eq!(b, board("2,4,.,./.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(score, 0);
    let (b, _) = after(".,2,.,4/.,.,.,./.,.,.,./.,.,.,.", Direction::Right);
    assert_eq!(b, board(".,.,2,4/.,.,.,./.,.,.,./.,.,.,."));
    let (b, _) = after(".,2,.,./.,.,.,./.,8,.,./.,.,.,.", Direction::Up);
    assert_eq!(b, board(".,2,.,./.,8,.,./.,.,.,./.,.,.,."));
    let (b, _) = after(".,2,.,./.,.,.,./.,8,.,./.,.,.,.", Direction::Down);
    assert_eq!(b, board(".,.,.,./.,.,.,./.,2,.,./.,8,.,."));
}

#[test]
fn equal_tiles_merge_into_their_sum() {
    let (b, score) = after("2,2,.,./.,.,.,./.,.,.,./.,.,.,.", Direction::Left);
    assert_eq!(b, board("4,.,.,./.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(score, 4);
}

#[test]
fn a_tile_merges_once_per_move() {
    // 2 2 4 gives 4 4, not 8: the new 4 does not merge again in the same move.
    let (b, score) = after("2,2,4,./.,.,.,./.,.,.,./.,.,.,.", Direction::Left);
    assert_eq!(b, board("4,4,.,./.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(score, 4);
    let (b, score) = after("2,2,2,2/.,.,.,./.,.,.,./.,.,.,.", Direction::Left);
    assert_eq!(b, board("4,4,.,./.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(score, 8);
}

#[test]
fn merging_runs_toward_the_move() {
    // Three equal tiles: the two nearest the wall the tiles move to merge.
    assert_eq!(after("2,2,2,./.,.,.,./.,.,.,./.,.,.,.", Direction::Left).0, board("4,2,.,./.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(after("2,2,2,./.,.,.,./.,.,.,./.,.,.,.", Direction::Right).0, board(".,.,2,4/.,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(after("2,.,.,./2,.,.,./2,.,.,./.,.,.,.", Direction::Up).0, board("4,.,.,./2,.,.,./.,.,.,./.,.,.,."));
    assert_eq!(after("2,.,.,./2,.,.,./2,.,.,./.,.,.,.", Direction::Down).0, board(".,.,.,./.,.,.,./2,.,.,./4,.,.,."));
}

#[test]
fn tiles_merge_across_empty_cells() {
    assert_eq!(after("2,.,.,2/.,.,.,./.,.,.,./.,.,.,.", Direction::Left).0, board("4,.,.,./.,.,.,./.,.,.,./.,.,.,."));
}

#[test]
fn unequal_tiles_do_not_merge() {
    assert_eq!(after("2,4,2,4/.,.,.,./.,.,.,./.,.,.,.", Direction::Left).0, board("2,4,2,4/.,.,.,./.,.,.,./.,.,.,."));
}

#[test]
fn a_move_that_changes_nothing_is_illegal_and_changes_nothing() {
    let mut game = G2048::from_board(board("2,4,.,./.,.,.,./.,.,.,./.,.,.,."), 12, SpawnRule::Original);
    let before = game.clone();
    assert_eq!(game.try_move(Direction::Left), Err(MoveError::Unchanged("left")));
    assert_eq!(game.try_move(Direction::Up), Err(MoveError::Unchanged("up")));
    assert_eq!(game, before);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves, [Direction::Right, Direction::Down]);
}

#[test]
fn the_score_is_the_sum_of_merged_tiles() {
    let mut game = G2048::from_board(board("4,4,2,2/8,8,.,./.,.,.,./.,.,.,."), 100, SpawnRule::Original);
    game.try_move(Direction::Left).expect("legal");
    assert_eq!(game.score(), 100 + 8 + 4 + 16);
}

#[test]
fn a_new_tile_follows_every_move() {
    let mut game = G2048::from_board(board("2,2,.,./.,.,.,./.,.,.,./.,.,.,."), 0, SpawnRule::Original);
    game.try_move(Direction::Left).expect("legal");
    assert_eq!(game.turn(), Turn::Chance);
    assert_eq!(game.try_move(Direction::Right), Err(MoveError::TileDue));
    let mut stream = Stream::new(3);
    let spawn = game.spawn_from(&mut stream).expect("a tile is due");
    assert!(spawn.cell != 0, "the new tile lands on an empty cell");
    assert_eq!(game.board().empty_count(), 14);
    assert_eq!(game.turn(), Turn::Player(0));
    assert_eq!(game.spawn_from(&mut stream), None, "one tile per move");
}

#[test]
fn a_game_starts_with_two_tiles() {
    let mut game = G2048::new(SpawnRule::Original);
    assert_eq!(game.turn(), Turn::Chance);
    let mut stream = Stream::new(1);
    assert!(game.spawn_from(&mut stream).is_some());
    assert_eq!(game.turn(), Turn::Chance);
    assert!(game.spawn_from(&mut stream).is_some());
    assert_eq!(game.turn(), Turn::Player(0));
    assert_eq!(game.board().empty_count(), 14);
}

#[test]
fn the_game_goes_on_past_2048() {
    let game = G2048::from_board(board("1024,1024,.,./.,.,.,./.,.,.,./.,.,.,."), 0, SpawnRule::Original);
    let mut game = game;
    game.try_move(Direction::Left).expect("legal");
    assert_eq!(game.top_exponent(), 11);
    assert_eq!(game.turn(), Turn::Chance, "2048 does not end the game");
}

#[test]
fn the_game_ends_when_no_move_is_left() {
    let full = "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2";
    let game = G2048::from_board(board(full), 50, SpawnRule::Original);
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.points(), Some([50.0, 0.0]));
    // A full board with one merge left is not over.
    let game = G2048::from_board(board("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,4"), 0, SpawnRule::Original);
    assert_eq!(game.turn(), Turn::Player(0));
}

#[test]
fn two_32768_tiles_make_65536_and_end_the_game() {
    let mut game = G2048::from_board(board("32768,32768,.,./.,.,.,./.,.,.,./.,.,.,."), 0, SpawnRule::Original);
    game.try_move(Direction::Left).expect("legal");
    assert_eq!(game.top_exponent(), 16);
    assert_eq!(game.score(), 65536);
    assert_eq!(game.turn(), Turn::Over);
}

#[test]
fn spawn_chances_follow_the_rule() {
    let game = {
        let mut g = G2048::from_board(board("2,2,.,./.,.,.,./.,.,.,./.,.,.,."), 0, SpawnRule::Report);
        g.try_move(Direction::Left).expect("legal");
        g
    };
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 2 * 15);
    let four: f64 = outcomes.iter().filter(|(s, _)| s.exponent == 2).map(|(_, p)| p).sum();
    assert!((four - 0.2).abs() < 1e-12);
}

#[test]
fn spawns_are_90_10_and_uniform_over_cells() {
    // 100,000 draws on an empty board: a 4 is 10 % ± 4 standard errors, every cell 1/16 ± 4 errors.
    let mut stream = Stream::new(11);
    let (mut fours, mut cells, n) = (0u32, [0u32; 16], 100_000u32);
    for _ in 0..n {
        let mut game = G2048::new(SpawnRule::Original);
        let spawn = game.spawn_from(&mut stream).expect("due");
        fours += u32::from(spawn.exponent == 2);
        cells[usize::from(spawn.cell)] += 1;
    }
    let share = f64::from(fours) / f64::from(n);
    let error = (0.1f64 * 0.9 / f64::from(n)).sqrt();
    assert!((share - 0.1).abs() < 4.0 * error, "share of 4s {share}");
    let cell_error = (1.0f64 / 16.0 * 15.0 / 16.0 / f64::from(n)).sqrt();
    for (cell, &count) in cells.iter().enumerate() {
        let share = f64::from(count) / f64::from(n);
        assert!((share - 1.0 / 16.0).abs() < 4.0 * cell_error, "cell {cell}: {share}");
    }
}

#[test]
fn the_report_rule_draws_a_4_one_time_in_five() {
    let mut stream = Stream::new(12);
    let n = 50_000u32;
    let fours = (0..n)
        .filter(|_| G2048::new(SpawnRule::Report).spawn_from(&mut stream).is_some_and(|s| s.exponent == 2))
        .count();
    let share = fours as f64 / f64::from(n);
    assert!((share - 0.2).abs() < 4.0 * (0.2f64 * 0.8 / f64::from(n)).sqrt(), "share of 4s {share}");
}
