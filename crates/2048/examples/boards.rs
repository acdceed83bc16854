//! Times the expectimax on a fixed list of boards, for side-by-side runs against other programs on the same
//! inputs (`docs/benchmarks.md`, "2048: speed beside nneonneo").
//!
//! `boards make SEED COUNT > FILE` writes COUNT boards (16 hex digits each: cell 4·row + column at bits 4·cell)
//! met every 25th move of seeded games of `expectimax(depth=3)`; `boards time FILE [DEPTH] [ntuple|published]`
//! searches each as a full-strength move (depth `max(3, distinct tiles − 2)` unless DEPTH is given; the tuned
//! row weights, nneonneo's published ones, or the shipped n-tuple network) and prints one line per board
//! (board, move, depth, microseconds) and the total.

use std::time::Instant;

use hamle_2048::bots::{Expectimax, Network, Weights};
use hamle_2048::{Board, G2048, SpawnRule};
use hamle_core::{Bot, Budget, Stream};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("make") => {
            let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
            let count: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);
            make(seed, count);
        }
        Some("time") => {
            let Some(path) = args.get(2) else {
                return eprintln!("usage: boards time FILE [DEPTH] [ntuple|published]");
            };
            let depth = args.get(3).and_then(|s| s.parse().ok()).filter(|&d: &u32| d > 0);
            let eval = args.iter().skip(3).find(|a| a.parse::<u32>().is_err()).map_or("tuned", String::as_str);
            time(path, depth, eval);
        }
        _ => eprintln!("usage: boards make SEED COUNT | boards time FILE [DEPTH] [ntuple|published]"),
    }
}

fn make(seed: u64, count: usize) {
    let mut bot = Expectimax::new(Default::default(), Some(3), Expectimax::MIN_PROBABILITY);
    let mut written = 0;
    for game_seed in seed.. {
        let mut game = G2048::new(SpawnRule::Original);
        let mut tiles = Stream::new(game_seed);
        let mut own = Stream::new(0);
        loop {
            while game.spawn_from(&mut tiles).is_some() {}
            let Some(decision) = bot.choose(&game, &Budget::UNLIMITED, &mut own) else { break };
            if game.moves() % 25 == 24 {
                println!("{:016x}", game.board().bits());
                written += 1;
                if written == count {
                    return;
                }
            }
            if game.try_move(decision.mv).is_err() {
                break;
            }
        }
    }
}

fn time(path: &str, depth: Option<u32>, eval: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let boards: Vec<Board> = text
        .lines()
        .filter_map(|l| u64::from_str_radix(l.trim().trim_start_matches("0x"), 16).ok())
        .map(Board::from_bits)
        .collect();
    let mut bot = match eval {
        "ntuple" => Expectimax::with_network(Network::shipped(), depth, Expectimax::MIN_PROBABILITY),
        "published" => Expectimax::new(Weights::published(), depth, Expectimax::MIN_PROBABILITY),
        _ => Expectimax::new(Weights::default(), depth, Expectimax::MIN_PROBABILITY),
    };
    let mut own = Stream::new(0);
    let begun = Instant::now();
    for &board in &boards {
        let game = G2048::from_board(board, 0, SpawnRule::Original);
        let start = Instant::now();
        let decision = bot.choose(&game, &Budget::UNLIMITED, &mut own);
        let micros = start.elapsed().as_micros();
        let (mv, d) = decision.map_or(("none", 0), |d| (d.mv.name(), d.depth));
        println!("{:016x} {mv} {d} {micros}", board.bits());
    }
    let seconds = begun.elapsed().as_secs_f64();
    println!("total {seconds:.3} s, {:.1} moves/s", boards.len() as f64 / seconds);
}
