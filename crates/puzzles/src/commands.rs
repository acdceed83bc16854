//! `hamle solve queens N` and `hamle solve knights-tour N`: the thesis's one-person puzzles solved in the
//! terminal. Declared here and run by the terminal, which builds their flags.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::Stream;
use hamle_core::command::{Arg, Bar, Call, Command, Hidden};
use hamle_core::{out, outln};
use serde_json::json;

use crate::knights_tour::{self, TieBreak, Warnsdorff};
use crate::queens::{self, Start};

/// `hamle solve queens`.
pub const QUEENS: &[Command] = &[Command {
    verb: "solve",
    about: "Count the solutions of N queens and the distinct ones (every core), or find one by min-conflicts repair.",
    args: &[
        Arg::place("size", "The board's side N."),
        Arg::switch("count", "Count every solution and the distinct ones (what `queens N` does without `--repair`)."),
        Arg::switch("repair", "Solve by min-conflicts repair instead of counting."),
        Arg::value("start", "START", "With --repair: where the queens start, `greedy` (default) or `random`."),
        Arg::value("seed", "SEED", "With --repair: the seed of the repair's random choices.").or("1"),
        Arg::JSON,
    ],
    top: false,
    merge: None,
    run: |call| queens(call),
}];

/// `hamle solve knights-tour`.
pub const KNIGHTS_TOUR: &[Command] = &[Command {
    verb: "solve",
    about: "Find a knight's tour of the N×N board, open by Warnsdorff's rule or closed by divide and conquer.",
    args: &[
        Arg::place("size", "The board's side N."),
        Arg::switch("closed", "A closed tour (the last square a knight's move from the first)."),
        Arg::value(
            "from",
            "SQUARE",
            "The first square, numbered 0 to N²−1 row by row from the top left (the thesis's square 11 is 10), or \
             named as in chess (`c7`, a1 at the bottom left).",
        ),
        Arg::value(
            "rule",
            "RULE",
            "Warnsdorff's tie-break, `lookahead` (default) or `plain` (the thesis's: the first tied square in a \
             fixed move order).",
        ),
        Arg::switch("steps", "Print each step of Warnsdorff's rule, every candidate with its onward moves."),
        Arg::JSON,
    ],
    top: false,
    merge: None,
    run: |call| knights_tour(call),
}];

/// Reads the board size N.
fn size(text: Option<&str>, what: &str) -> Result<usize> {
    let text = text.with_context(|| format!("give the board size: hamle solve {what} N"))?;
    text.trim().parse().with_context(|| format!("'{text}' is not a board size: write a whole number, like 8"))
}

/// `hamle solve queens N [--count | --repair] [--json]`.
fn queens(call: &mut Call<'_>) -> Result<()> {
    let n = size(call.text("size"), "queens")?;
    let json = call.switch("json");
    anyhow::ensure!(
        !(call.switch("count") && call.switch("repair")),
        "--count and --repair are two ways to solve: choose one"
    );
    if call.switch("repair") {
        return repair(call, n, json);
    }
    anyhow::ensure!(call.text("start").is_none(), "--start is for --repair");
    let bar: Box<dyn Bar> = if n >= 15 { call.bar(None, "first-two-row placements") } else { Box::new(Hidden) };
    let clock = Instant::now();
    let counts = queens::count_with(n, &|done, pieces| {
        bar.set_length(pieces as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish();
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let report = json!({"n": n, "solutions": counts.solutions, "unique": counts.unique, "seconds": seconds});
        call.print_json(&report)?;
    } else {
        outln!(
            call,
            "{n} queens: {} solutions, {} distinct under rotation and reflection ({seconds:.3} s, {} threads)",
            counts.solutions,
            counts.unique,
            rayon::current_num_threads()
        );
    }
    Ok(())
}

fn repair(call: &mut Call<'_>, n: usize, json: bool) -> Result<()> {
    let seed = call.required::<u64>("seed")?;
    let start = match call.text("start") {
        None | Some("greedy") => Start::Greedy,
        Some("random") => Start::Random,
        Some(other) => bail!("'{other}' is not a start: write greedy or random"),
    };
    let clock = Instant::now();
    let done = queens::repair(n, start, &mut Stream::new(seed))?;
    let seconds = clock.elapsed().as_secs_f64();
    let valid = queens::is_solution(&done.ranks);
    anyhow::ensure!(valid, "min-conflicts ended on a placement that is not a solution");
    let start_name = if start == Start::Greedy { "greedy" } else { "random" };
    if json {
        let mut report = json!({
            "n": n, "start": start_name, "seed": seed, "steps": done.steps,
            "conflicts_at_start": done.conflicts_at_start, "restarts": done.restarts,
            "seconds": seconds, "valid": valid,
        });
        if n <= 1_000 {
            report["ranks"] = json!(done.ranks);
        }
        call.print_json(&report)?;
        return Ok(());
    }
    if n <= 26 {
        let board = queens_board(&done.ranks);
        call.print(&board)?;
    }
    outln!(
        call,
        "{n} queens by min-conflicts from a {start_name} start (seed {}): {} in conflict at the start, solved in {} \
         steps{} ({seconds:.3} s); checked: no queen attacks another",
        seed,
        done.conflicts_at_start,
        done.steps,
        if done.restarts > 0 { format!(" and {} fresh starts", done.restarts) } else { String::new() },
    );
    Ok(())
}

/// The board with its queens, rank N at the top, files a… from the left.
fn queens_board(ranks: &[usize]) -> String {
    let n = ranks.len();
    let mut text = String::new();
    for rank in (0..n).rev() {
        let row: Vec<&str> = (0..n).map(|file| if ranks[file] == rank { "Q" } else { "." }).collect();
        text += &format!("{:>2} {}\n", rank + 1, row.join(" "));
    }
    let files: Vec<String> = (0..n).map(|f| char::from(b'a' + f as u8).to_string()).collect();
    text + &format!("   {}\n", files.join(" "))
}

/// `hamle solve knights-tour N [--closed] [--from SQUARE] [--rule plain|lookahead] [--steps] [--json]`.
fn knights_tour(call: &mut Call<'_>) -> Result<()> {
    let n = size(call.text("size"), "knights-tour")?;
    let json = call.switch("json");
    let (closed, steps) = (call.switch("closed"), call.switch("steps"));
    let from = match call.text("from") {
        None => 0,
        Some(text) => match text.trim().parse::<usize>() {
            Ok(square) => square,
            Err(_) => knights_tour::parse_square(n, text)?,
        },
    };
    let rule = match call.text("rule") {
        None | Some("lookahead") => TieBreak::Lookahead,
        Some("plain") => TieBreak::First,
        Some(other) => bail!("'{other}' is not a rule: write lookahead or plain"),
    };
    anyhow::ensure!(
        !(closed && (steps || call.text("rule").is_some())),
        "a closed tour is built by divide and conquer, not by Warnsdorff's rule: --rule and --steps are for open tours"
    );
    let clock = Instant::now();
    let tour = if closed {
        knights_tour::closed_tour(n, from)?
    } else if steps || rule == TieBreak::First {
        // The rule as asked, step by step, with no fallback: a stall is reported as it happened.
        knights_tour::check_open(n, from)?;
        let mut knight = Warnsdorff::new(n, from, rule);
        while knight.path().len() < n * n {
            if steps && !json {
                let counts: Vec<String> =
                    knight.candidates().iter().map(|c| format!("{}→{}", c.square, c.onward.len())).collect();
                out!(
                    call,
                    "move {:>3} from {:>3}: {}",
                    knight.path().len(),
                    knight.path()[knight.path().len() - 1],
                    counts.join(" ")
                );
            }
            if !knight.step(None) {
                if steps && !json {
                    outln!(call, "  stuck");
                }
                bail!("Warnsdorff's rule stalled after {} of {} squares", knight.path().len(), n * n);
            }
            if steps && !json {
                outln!(call, "  → {}", knight.path()[knight.path().len() - 1]);
            }
        }
        knights_tour::Tour { n, closed: false, squares: knight.path().to_vec() }
    } else {
        knights_tour::open_tour(n, from)?
    };
    let seconds = clock.elapsed().as_secs_f64();
    anyhow::ensure!(knights_tour::is_tour(n, &tour.squares, tour.closed), "the tour found is not a tour");
    if json {
        let report = json!({"n": n, "closed": tour.closed, "tour": tour.squares, "seconds": seconds});
        call.print(&(serde_json::to_string(&report)? + "\n"))?;
        return Ok(());
    }
    if n <= 32 {
        let board = tour_board(n, &tour.squares);
        call.print(&board)?;
    }
    outln!(
        call,
        "{} tour of the {n}×{n} board from square {from}, checked: every square once, each step a knight's move{} \
         ({:.3} s)",
        if tour.closed { "closed" } else { "open" },
        if tour.closed { ", the last a move from the first" } else { "" },
        seconds,
    );
    Ok(())
}

/// The board with each square's place in the tour, counted from 1 as the thesis does.
fn tour_board(n: usize, squares: &[usize]) -> String {
    let mut order = vec![0; n * n];
    for (i, &s) in squares.iter().enumerate() {
        order[s] = i + 1;
    }
    let width = (n * n).to_string().len();
    let mut text = String::new();
    for row in order.chunks(n) {
        let cells: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
        text += &(cells.join(" ") + "\n");
    }
    text
}
