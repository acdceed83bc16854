//! `hamle report`: report files and training curves written up (by `hamle_lab::report`) as `report.md` with one
//! SVG chart each.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The reports to write up and where.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// JSON reports, as `hamle tournament`, `hamle sprt` and `hamle bench 2048` write them with `--out` and
    /// `hamle solve domineering --table N --json` prints them, or a training curve's CSV (`hamle train hapis`).
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// The folder for `report.md` and its charts (made if missing).
    #[arg(long)]
    out: PathBuf,
}

/// Writes `report.md` and one chart per result into `--out`.
pub fn run(args: &Args) -> Result<()> {
    let mut markdown = String::from("# hamle report\n");
    let mut sections = Vec::new();
    for path in &args.results {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("result").to_owned();
        let shown = path.display().to_string();
        let section = hamle_lab::report::write_up(&text, &shown)?;
        sections.push((shown, stem, section));
    }
    std::fs::create_dir_all(&args.out).with_context(|| format!("making {}", args.out.display()))?;
    for (shown, stem, section) in &sections {
        let chart = format!("{stem}.svg");
        write_file(&args.out.join(&chart), &section.svg)?;
        let _ = write!(markdown, "\n{}\n![{stem}]({chart})\n\nFrom `{shown}`.\n", section.markdown);
    }
    let page = args.out.join("report.md");
    write_file(&page, &markdown)?;
    eprintln!("report written to {} with {} chart(s)", page.display(), sections.len());
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}
