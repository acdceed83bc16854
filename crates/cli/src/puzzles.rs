//! `hamle solve queens` and `hamle solve knights-tour`: the thesis's one-person puzzles.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use hamle_core::Stream;
use hamle_puzzles::knights_tour::{self, TieBreak, Warnsdorff};
use hamle_puzzles::queens::{self, Start};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

/// What `hamle solve queens|knights-tour` was asked, beyond the board size.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PuzzleArgs {
    /// Knight's tour: a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    pub closed: bool,
    /// Knight's tour: the first square, numbered 0 to N²−1 row by row from the top left (the thesis's square
    /// 11 is 10), or named as in chess (`c7`, a1 at the bottom left).
    #[arg(long)]
    pub from: Option<String>,
    /// Knight's tour: Warnsdorff's tie-break, `lookahead` (default) or `plain` (the thesis's: the first tied
    /// square in a fixed move order).
    #[arg(long)]
    pub rule: Option<String>,
    /// Knight's tour: print each step of Warnsdorff's rule, every candidate with its onward moves.
    #[arg(long)]
    pub steps: bool,
    /// N queens: count every solution and the distinct ones (what `queens N` does without `--repair`).
    #[arg(long)]
    pub count: bool,
    /// N queens: solve by min-conflicts repair instead of counting.
    #[arg(long)]
    pub repair: bool,
    /// N queens, with --repair: where the queens start, `greedy` (default) or `random`.
    #[arg(long)]
    pub start: Option<String>,
    /// N queens, with --repair: the seed of the repair's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Grundy's game: the Sprague–Grundy values of every heap up to N.
    #[arg(long)]
    pub up_to: Option<usize>,
    /// Grundy's game: the AND/OR graph of these heaps (`7`, or `7-5`), MIN to move, as the thesis draws it.
    #[arg(long)]
    pub graph: Option<String>,
    /// Grundy's game, with --graph: also write the graph as an SVG picture to this file.
    #[arg(long)]
    pub svg: Option<std::path::PathBuf>,
}

impl PuzzleArgs {
    /// Whether any option of a puzzle or of Grundy's game was given.
    pub fn any(&self) -> bool {
        self.closed
            || self.from.is_some()
            || self.rule.is_some()
            || self.steps
            || self.count
            || self.repair
            || self.start.is_some()
            || self.seed != 1
            || self.up_to.is_some()
            || self.graph.is_some()
            || self.svg.is_some()
    }
}

/// `hamle solve grundy --up-to N [--json]` or `hamle solve grundy --graph HEAPS [--svg FILE]`.
pub fn grundy(args: &PuzzleArgs, json: bool) -> Result<()> {
    use hamle_classics::grundy::{graph, values};
    anyhow::ensure!(
        !(args.closed || args.from.is_some() || args.rule.is_some() || args.steps || args.count || args.repair)
            && args.start.is_none()
            && args.seed == 1,
        "Grundy's game takes --up-to N or --graph HEAPS (with --svg FILE)"
    );
    match (args.up_to, &args.graph) {
        (Some(up_to), None) => {
            anyhow::ensure!(args.svg.is_none(), "--svg goes with --graph");
            let bar = if json || up_to < 20_000 { ProgressBar::hidden() } else { ProgressBar::new(up_to as u64) };
            bar.set_style(
                ProgressStyle::with_template("{bar:40} heap {pos}/{len}, {elapsed}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            let clock = Instant::now();
            let g = values(up_to, &|n| bar.set_position(n as u64))?;
            bar.finish_and_clear();
            let seconds = clock.elapsed().as_secs_f64();
            if json {
                println!("{}", serde_json::to_string(&json!({"up_to": up_to, "values": g, "seconds": seconds}))?);
            } else {
                let zeros: Vec<String> =
                    g.iter().enumerate().filter(|&(_, &v)| v == 0).map(|(n, _)| n.to_string()).collect();
                let largest = g.iter().max().copied().unwrap_or(0);
                let first: Vec<String> = g.iter().take(40).map(u16::to_string).collect();
                println!("Grundy values of heaps 0 to {up_to} ({seconds:.3} s)");
                println!("g(0..40): {}", first.join(" "));
                println!(
                    "heaps lost for the player to move (value 0): {} of them, the last {}",
                    zeros.len(),
                    zeros.last().map_or("-", |z| z.as_str())
                );
                println!("largest value: {largest}");
            }
            Ok(())
        }
        (None, Some(text)) => {
            let heaps: Vec<u32> = text
                .split(['-', ',', ' '])
                .filter(|h| !h.is_empty())
                .map(|h| h.parse().with_context(|| format!("'{h}' is not a heap: write sizes like 7 or 7-5")))
                .collect::<Result<_>>()?;
            anyhow::ensure!(heaps.iter().all(|&h| h > 0), "a heap holds at least one counter");
            let graph = graph::graph(&heaps).map_err(anyhow::Error::msg)?;
            if json {
                let nodes: Vec<serde_json::Value> = (0..graph.nodes.len())
                    .map(|i| {
                        let node = &graph.nodes[i];
                        json!({"position": graph.label(i), "heaps": node.heaps, "depth": node.depth,
                               "winner": if node.max_wins { "MAX" } else { "MIN" }, "children": node.children})
                    })
                    .collect();
                println!("{}", serde_json::to_string_pretty(&json!({"heaps": heaps, "nodes": nodes}))?);
            } else {
                print!("{}", graph.text());
                let winner = if graph.nodes[0].max_wins { "MAX, who moves second," } else { "MIN, who moves first," };
                println!(
                    "{} positions; with best play {winner} wins (* marks the solution's moves)",
                    graph.nodes.len()
                );
            }
            if let Some(path) = &args.svg {
                std::fs::write(path, graph.svg()).with_context(|| format!("cannot write {}", path.display()))?;
                eprintln!("the graph as SVG: {}", path.display());
            }
            Ok(())
        }
        _ => bail!("Grundy's game takes either --up-to N (its values) or --graph HEAPS (its AND/OR graph)"),
    }
}

/// Reads the board size N.
fn size(text: Option<&str>, what: &str) -> Result<usize> {
    let text = text.with_context(|| format!("give the board size: hamle solve {what} N"))?;
    text.trim().parse().with_context(|| format!("'{text}' is not a board size: write a whole number, like 8"))
}

/// `hamle solve queens N [--count | --repair] [--json]`.
pub fn queens(n: Option<&str>, args: &PuzzleArgs, json: bool) -> Result<()> {
    let n = size(n, "queens")?;
    anyhow::ensure!(
        args.up_to.is_none() && args.graph.is_none() && args.svg.is_none(),
        "--up-to, --graph and --svg are for Grundy's game"
    );
    anyhow::ensure!(!(args.count && args.repair), "--count and --repair are two ways to solve: choose one");
    anyhow::ensure!(
        !args.closed && args.from.is_none() && args.rule.is_none() && !args.steps,
        "--closed, --from, --rule and --steps are for the knight's tour"
    );
    if args.repair {
        return repair(n, args, json);
    }
    anyhow::ensure!(args.start.is_none(), "--start is for --repair");
    let bar = ProgressBar::hidden();
    if !json && n >= 15 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} first-two-row placements, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    }
    let clock = Instant::now();
    let counts = queens::count_with(n, &|done, pieces| {
        bar.set_length(pieces as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let report = json!({"n": n, "solutions": counts.solutions, "unique": counts.unique, "seconds": seconds});
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{n} queens: {} solutions, {} distinct under rotation and reflection ({seconds:.3} s, {} threads)",
            counts.solutions,
            counts.unique,
            rayon::current_num_threads()
        );
    }
    Ok(())
}

fn repair(n: usize, args: &PuzzleArgs, json: bool) -> Result<()> {
    let start = match args.start.as_deref() {
        None | Some("greedy") => Start::Greedy,
        Some("random") => Start::Random,
        Some(other) => bail!("'{other}' is not a start: write greedy or random"),
    };
    let clock = Instant::now();
    let done = queens::repair(n, start, &mut Stream::new(args.seed))?;
    let seconds = clock.elapsed().as_secs_f64();
    let valid = queens::is_solution(&done.ranks);
    anyhow::ensure!(valid, "min-conflicts ended on a placement that is not a solution");
    let start_name = if start == Start::Greedy { "greedy" } else { "random" };
    if json {
        let mut report = json!({
            "n": n, "start": start_name, "seed": args.seed, "steps": done.steps,
            "conflicts_at_start": done.conflicts_at_start, "restarts": done.restarts,
            "seconds": seconds, "valid": valid,
        });
        if n <= 1_000 {
            report["ranks"] = json!(done.ranks);
        }
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    if n <= 26 {
        print_queens(&done.ranks);
    }
    println!(
        "{n} queens by min-conflicts from a {start_name} start (seed {}): {} in conflict at the start, solved in {} \
         steps{} ({seconds:.3} s); checked: no queen attacks another",
        args.seed,
        done.conflicts_at_start,
        done.steps,
        if done.restarts > 0 { format!(" and {} fresh starts", done.restarts) } else { String::new() },
    );
    Ok(())
}

/// The board with its queens, rank N at the top, files a… from the left.
fn print_queens(ranks: &[usize]) {
    let n = ranks.len();
    for rank in (0..n).rev() {
        let row: Vec<&str> = (0..n).map(|file| if ranks[file] == rank { "Q" } else { "." }).collect();
        println!("{:>2} {}", rank + 1, row.join(" "));
    }
    let files: Vec<String> = (0..n).map(|f| char::from(b'a' + f as u8).to_string()).collect();
    println!("   {}", files.join(" "));
}

/// `hamle solve knights-tour N [--closed] [--from SQUARE] [--rule plain|lookahead] [--steps] [--json]`.
pub fn knights_tour(n: Option<&str>, args: &PuzzleArgs, json: bool) -> Result<()> {
    let n = size(n, "knights-tour")?;
    anyhow::ensure!(
        args.up_to.is_none() && args.graph.is_none() && args.svg.is_none(),
        "--up-to, --graph and --svg are for Grundy's game"
    );
    anyhow::ensure!(
        !args.count && !args.repair && args.start.is_none(),
        "--count, --repair and --start are for N queens"
    );
    let from = match args.from.as_deref() {
        None => 0,
        Some(text) => match text.trim().parse::<usize>() {
            Ok(square) => square,
            Err(_) => knights_tour::parse_square(n, text)?,
        },
    };
    let rule = match args.rule.as_deref() {
        None | Some("lookahead") => TieBreak::Lookahead,
        Some("plain") => TieBreak::First,
        Some(other) => bail!("'{other}' is not a rule: write lookahead or plain"),
    };
    anyhow::ensure!(
        !(args.closed && (args.steps || args.rule.is_some())),
        "a closed tour is built by divide and conquer, not by Warnsdorff's rule: --rule and --steps are for open tours"
    );
    let clock = Instant::now();
    let tour = if args.closed {
        knights_tour::closed_tour(n, from)?
    } else if args.steps || rule == TieBreak::First {
        // The rule as asked, step by step, with no fallback: a stall is reported as it happened.
        knights_tour::check_open(n, from)?;
        let mut knight = Warnsdorff::new(n, from, rule);
        while knight.path().len() < n * n {
            if args.steps && !json {
                let counts: Vec<String> =
                    knight.candidates().iter().map(|c| format!("{}→{}", c.square, c.onward.len())).collect();
                print!(
                    "move {:>3} from {:>3}: {}",
                    knight.path().len(),
                    knight.path()[knight.path().len() - 1],
                    counts.join(" ")
                );
            }
            if !knight.step(None) {
                if args.steps && !json {
                    println!("  stuck");
                }
                bail!("Warnsdorff's rule stalled after {} of {} squares", knight.path().len(), n * n);
            }
            if args.steps && !json {
                println!("  → {}", knight.path()[knight.path().len() - 1]);
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
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    if n <= 32 {
        print_tour(n, &tour.squares);
    }
    println!(
        "{} tour of the {n}×{n} board from square {from}, checked: every square once, each step a knight's move{} \
         ({:.3} s)",
        if tour.closed { "closed" } else { "open" },
        if tour.closed { ", the last a move from the first" } else { "" },
        seconds,
    );
    Ok(())
}

/// The board with each square's place in the tour, counted from 1 as the thesis does.
fn print_tour(n: usize, squares: &[usize]) {
    let mut order = vec![0; n * n];
    for (i, &s) in squares.iter().enumerate() {
        order[s] = i + 1;
    }
    let width = (n * n).to_string().len();
    for row in order.chunks(n) {
        let cells: Vec<String> = row.iter().map(|k| format!("{k:>width$}")).collect();
        println!("{}", cells.join(" "));
    }
}

/// `hamle solve dots RxC [--json]`: the value of an empty board of R×C boxes for the first player.
pub fn dots(size: Option<&str>, args: &PuzzleArgs, json: bool) -> Result<()> {
    anyhow::ensure!(!args.any(), "Dots and Boxes takes only the board, like 3x3, and --json");
    let text = size.context("give the board in boxes: hamle solve dots 3x3")?;
    let lower = text.to_ascii_lowercase().replace('×', "x");
    let (rows, cols) =
        lower.split_once('x').with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let rows: usize =
        rows.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let cols: usize =
        cols.trim().parse().with_context(|| format!("'{text}' is not a board: write ROWSxCOLS, like 3x3"))?;
    let spinner = if json { ProgressBar::hidden() } else { ProgressBar::new_spinner() };
    spinner.set_message(format!("solving {rows}x{cols} boxes"));
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let clock = Instant::now();
    let solved = hamle_classics::dots::solve(rows, cols).map_err(anyhow::Error::msg)?;
    spinner.finish_and_clear();
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let report =
            json!({"rows": rows, "cols": cols, "value": solved.value, "nodes": solved.nodes, "seconds": seconds});
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        let boxes = (rows * cols) as i32;
        let (first, second) = ((boxes + solved.value) / 2, (boxes - solved.value) / 2);
        let verdict = match solved.value.signum() {
            1 => format!("the first player wins {first}–{second}"),
            -1 => format!("the second player wins {second}–{first}"),
            _ => format!("a draw, {first}–{second}"),
        };
        println!(
            "Dots and Boxes, {rows}×{cols} boxes: with best play {verdict} (value {:+}); {} positions searched ({seconds:.3} s)",
            solved.value, solved.nodes
        );
    }
    Ok(())
}
