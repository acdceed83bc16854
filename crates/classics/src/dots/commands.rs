//! `hamle solve dots RxC`: the value of an empty Dots and Boxes board for the first player. Declared here and run by the terminal, which builds its flags.

use std::time::Instant;

use anyhow::{Context, Result};
use hamle_core::command::{Arg, Call, Command};
use hamle_core::outln;
use serde_json::json;

/// `hamle solve dots`.
pub const COMMANDS: &[Command] = &[Command {
    verb: "solve",
    about: "Dots and Boxes: the value of an empty board of R×C boxes for the first player, with best play.",
    args: &[Arg::place("size", "The board in boxes, ROWSxCOLS, like 3x3."), Arg::JSON],
    top: false,
    merge: None,
    run: |call| dots(call),
}];

/// `hamle solve dots RxC [--json]`: the value of an empty board of R×C boxes for the first player.
fn dots(call: &mut Call<'_>) -> Result<()> {
    let json = call.switch("json");
    let text = call.text("size").map(str::to_owned).context("give the board in boxes: hamle solve dots 3x3")?;
    let lower = text.to_ascii_lowercase().replace('×', "x");
    let (rows, cols) =
        lower.split_once('x').with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let rows: usize =
        rows.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let cols: usize =
        cols.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let spinner = call.bar(None, &format!("solving {rows}x{cols} boxes"));
    let clock = Instant::now();
    let solved = super::solve(rows, cols).map_err(anyhow::Error::msg)?;
    spinner.finish();
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let report =
            json!({"rows": rows, "cols": cols, "value": solved.value, "nodes": solved.nodes, "seconds": seconds});
        call.print_json(&report)?;
    } else {
        let boxes = (rows * cols) as i32;
        let (first, second) = ((boxes + solved.value) / 2, (boxes - solved.value) / 2);
        let verdict = match solved.value.signum() {
            1 => format!("the first player wins {first}–{second}"),
            -1 => format!("the second player wins {second}–{first}"),
            _ => format!("a draw, {first}–{second}"),
        };
        outln!(
            call,
            "Dots and Boxes, {rows}×{cols} boxes: with best play {verdict} (value {:+}); {} positions searched ({seconds:.3} s)",
            solved.value,
            solved.nodes
        );
    }
    Ok(())
}
