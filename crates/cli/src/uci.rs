//! `hamle uci`: the engine behind the Universal Chess Interface on stdin and stdout, or `--bench`, the
//! search's node signature; the dialogue itself is [`hamle_chess::uci_engine`].

use anyhow::Result;
use hamle_chess::bots::engine::Eval;
use hamle_chess::uci_engine::{self, BENCH_DEPTH, parse_eval};

/// `hamle uci`: speak UCI on stdin and stdout, or run the bench once and exit.
#[derive(clap::Args, Debug)]
pub struct UciArgs {
    /// Run the bench (fixed positions to a fixed depth) once, print its node count and speed, and exit.
    #[arg(long)]
    bench: bool,
    /// The bench's depth, in plies (default 13).
    #[arg(long, requires = "bench", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The evaluation to search with (as the `Eval` option): `net` (the default) or `hand`.
    #[arg(long, default_value = "net", value_parser = parse_eval)]
    eval: Eval,
}

/// Runs the UCI dialogue on stdin and stdout until `quit` or the end of input, or the bench with `--bench`.
///
/// # Errors
/// None in practice: bad input is reported on stderr and skipped; a closed stdout ends the dialogue.
pub fn run(args: &UciArgs) -> Result<()> {
    if args.bench {
        uci_engine::bench(args.depth.unwrap_or(BENCH_DEPTH), args.eval, std::io::stdout(), std::io::stderr());
    } else {
        uci_engine::run(args.eval, std::io::stdin().lock(), std::io::stdout(), std::io::stderr());
    }
    Ok(())
}
