//! `hamle analyse RECORD`: a finished game's every decision judged by its game's analyst, as a table or JSON.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use hamle_arena::analysis::{Export, Source};
use hamle_arena::games;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;

/// What `hamle analyse` takes.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// The record: a file the web app exports (`GET /api/games/{id}/record?format=json`, the game's "record"
    /// link), or a game in its own format (chess: PGN); `-` reads standard input.
    record: PathBuf,
    /// The game a record in its own format is of (a hamle record names its own).
    #[arg(long, default_value = "chess")]
    kind: String,
    /// How hard the analyst looks, in the game's own measure (Hapis: plays searched at 2 plies; chess: nodes a
    /// position); `hamle games` lists each game's range and default.
    #[arg(long)]
    effort: Option<u64>,
    /// Only this game of a match, from 1.
    #[arg(long)]
    game: Option<u64>,
    /// Print the report as JSON (the API's shape, `docs/api.md`).
    #[arg(long)]
    json: bool,
}

/// Reads the record, analyses it with a progress bar on a terminal, and prints the report.
pub fn run(args: &AnalyseArgs) -> Result<()> {
    let text = if args.record.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record.display()))?
    };
    let (kind, source) = match serde_json::from_str::<Value>(&text) {
        Ok(json) if json.get("format").is_some() => {
            let export: Export = serde_json::from_value(json).context("the record does not read")?;
            let name = export.game.parse::<hamle_arena::Spec>().map(|s| s.name).context("the record's game")?;
            (name, Source::Record(export))
        }
        Ok(_) => bail!("{} is JSON but not a hamle record (it has no \"format\")", args.record.display()),
        Err(_) => (args.kind.clone(), Source::Text(text)),
    };
    let game = games::registry().game(&kind)?;
    let mut job = game.analysis(source, args.effort, args.game)?;
    let bar = (std::io::stderr().is_terminal() && !args.json).then(|| {
        let bar = ProgressBar::new(job.total() as u64);
        if let Ok(style) = ProgressStyle::with_template("analysing [{bar:40}] {pos}/{len} decisions ({eta} left)") {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    });
    while job.step() {
        if let Some(bar) = &bar {
            bar.set_position(job.done() as u64);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = job.report();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", table(&report));
    }
    Ok(())
}

/// The report as a person reads it: what judged, each decision, then each seat's summary.
fn table(report: &Value) -> String {
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    let units = text(&report["units"]);
    let budget = &report["budget"];
    let how = if budget["effort"].is_null() {
        text(&budget["means"])
    } else {
        format!("{} {}", budget["effort"], text(&budget["means"]))
    };
    let mut out =
        format!("{}: judged by {} ({how}), losses in {units}\n\n", text(&report["game"]), text(&budget["judge"]));
    out += &format!(
        "{:>4} {:>4} {:<10} {:<24} {:<24} {:>9}  {}\n",
        "game", "ply", "player", "played", "best", "loss", "mark"
    );
    for m in report["moves"].as_array().into_iter().flatten() {
        let loss = m["loss"].as_f64().map_or_else(|| "beyond reach".to_owned(), |l| format!("{l:.3}"));
        let best = if m["best"] == m["played"] { "=".to_owned() } else { text(&m["best"]) };
        out += &format!(
            "{:>4} {:>4} {:<10} {:<24} {:<24} {:>9}  {}\n",
            m["game"],
            m["ply"],
            text(&m["player"]),
            text(&m["played"]),
            if m["best"].is_null() { "?".to_owned() } else { best },
            loss,
            m["mark"].as_str().unwrap_or("")
        );
    }
    out.push('\n');
    for seat in report["seats"].as_array().into_iter().flatten() {
        // The marks mildest first, as the analyst lists them.
        let marks: Vec<String> = report["marks"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|name| format!("{} {name}", seat["marks"][name]))
            .collect();
        out += &format!(
            "seat {} ({}): {} decisions, {:.3} {units} lost, error rate {:.1}",
            seat["seat"],
            text(&seat["who"]),
            seat["decisions"],
            seat["loss_total"].as_f64().unwrap_or(0.0),
            seat["error_rate"].as_f64().unwrap_or(0.0),
        );
        if let Some(accuracy) = seat["accuracy"].as_f64() {
            out += &format!(", accuracy {accuracy:.1}");
        }
        if let Some(luck) = seat["luck"].as_f64() {
            out += &format!(", luck {luck:+.3}");
        }
        out += &format!("; {}\n", if marks.is_empty() { "no marks".to_owned() } else { marks.join(", ") });
    }
    out
}
