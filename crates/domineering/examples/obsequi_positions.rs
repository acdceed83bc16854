//! Random positions for a side-by-side check with Bullock's Obsequi: for each, our winner, nodes and
//! seconds, and the command line Obsequi reads from standard input to solve the same position.
//!
//! `cargo run --release -p hamle-domineering --example obsequi_positions -- COUNT SIZE DOMINOES SEED [BITS]`
//! prints `to_move|winner|nodes|seconds|obsequi command` lines; the command is the current Obsequi's
//! (`orangepips/obsequi`), with a table of 2^BITS entries (default 20, its fastest on 8×8); rows in it count
//! from the bottom (Obsequi's from the top: the board is mirrored, which changes no answer).

use hamle_core::{Game, Stream};
use hamle_domineering::solve::{SolveOptions, solve_position};
use hamle_domineering::{Domineering, Side};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| -> Result<u64, std::num::ParseIntError> {
        args.get(i).map_or(Ok(default), |text| text.parse())
    };
    let (count, size, dominoes, seed) = (arg(0, 30)?, arg(1, 8)? as usize, arg(2, 6)?, arg(3, 1)?);
    let bits = arg(4, 20)?;
    let mut stream = Stream::new(seed);
    let mut moves = Vec::new();
    for _ in 0..count {
        let first = if stream.below(2) == 0 { Side::Vertical } else { Side::Horizontal };
        let mut game = Domineering::new(size, size, first)?;
        for _ in 0..dominoes {
            game.legal_moves(&mut moves);
            let Some(&mv) = stream.pick(&moves) else { break };
            game.play(mv);
        }
        let blocks: Vec<String> = (0..size)
            .flat_map(|r| (0..size).map(move |c| (r, c)))
            .filter(|&(r, c)| game.cell(r, c).is_some())
            .map(|(r, c)| format!("{r},{c}"))
            .collect();
        let solved = solve_position(&game, &SolveOptions::default())?;
        println!(
            "{}|{}|{}|{:.3}|solve rows {size} cols {size} bits {bits} b{} {}",
            game.to_move().letter(),
            solved.winner.letter(),
            solved.nodes,
            solved.seconds,
            blocks.join(";"),
            game.to_move().letter()
        );
    }
    Ok(())
}
