//! Solves one empty board: `cargo run --release --example solve -- ROWS COLS v|h [THREADS]`.

use hamle_domineering::Side;
use hamle_domineering::solve::{SolveOptions, solve};

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let (rows, cols): (usize, usize) = (get(0, "6").parse()?, get(1, "6").parse()?);
    let first = Side::parse(&get(2, "v")).ok_or("first is v or h")?;
    let threads: usize = get(3, "1").parse()?;
    let solved = solve(rows, cols, first, &SolveOptions { threads, ..SolveOptions::default() })?;
    println!(
        "{rows}x{cols} first={} winner={} nodes={} seconds={:.3}",
        first.name(),
        solved.winner.name(),
        solved.nodes,
        solved.seconds
    );
    Ok(())
}
