//! Seed 002, the Domineering paper: its outcome table by board, and its heuristic's weights
//! (`SP = k1·BG + k2·BS − k3·RG − k4·RS` with k1 = k2 = k4 = 1, k3 = 5) against other weights. The paper reports no
//! games; the weights are played here in a tournament.

use std::time::Instant;

use anyhow::Result;
use hamle_arena::tournament::{TournamentOptions, run_tournament};
use hamle_arena::{MatchOptions, Spec, games};
use hamle_domineering::Side;
use hamle_domineering::solve::{SolveOptions, outcome_letter, solve};
use rayon::prelude::*;

use super::{Finding, Options, Reproduction, Step, Verdict};
use crate::report::Section;
use crate::results::{Figures, Ratings, TableCell};

/// The paper's table, rows 1 to 16 and columns 1 to 16 (R rows down, C columns across), as printed in our OCR
/// copy (`../shared/seeds/002…`, its first 16 cells of each row; runs of one letter written out). V: Vertical
/// wins whoever starts, H: Horizontal, 1: the first player, 2: the second; `1h`: the first player wins when
/// Horizontal starts (the paper defines it), `1v`, `2h`, `2v` read alike; `12`, `-h`, `-v` are not defined by
/// the paper and are left out of the comparison.
const SEED_TABLE: [&str; 16] = [
    "H H H H H H H H H H H H H H H H",
    "V 1 1 H V 1 1 H V 1 1 H 2 1 1 H",
    "V 1 1 H H H H H H H H H H H H H",
    "V V V 1 V 1 V H V H V H V H H H",
    "V H V H 2 H H H H H H H H H H H",
    "V 1 V 1 V 1 V H V 1 1 H V 1h H 1h",
    "V 1 V H V H 1 H H H H H H H H H",
    "V V V V V V V 1 V V V V V 2h V V",
    "V H V H V H V H 1 H 1h H 1h H 1h H",
    "V 1 V V V 1 V V V 12 1v V V V V V",
    "V 1 V V V 1 V H 1v 1h 12 H -v 1h 1h 1h",
    "V V V V V V V V V V V V V V V V",
    "V 2 V H V H V H 1v H -h H 12 H -v H",
    "V 1 V V V 1v V V V V 1v V 12 V V V",
    "V 1 V V V V V 1v 1v -h 12 V V V V V",
    "V V V V V V V 2v V V V V V V V V",
];

/// Nodes the solver may spend on each board and starter before the cell is left open.
const NODES: u64 = 5_000_000;

/// Who wins with Vertical first and with Horizontal first, as far as a letter says (`None`: not said).
fn outcomes(letter: &str) -> [Option<Side>; 2] {
    use Side::{Horizontal as H, Vertical as V};
    match letter {
        "V" => [Some(V), Some(V)],
        "H" => [Some(H), Some(H)],
        "1" => [Some(V), Some(H)],
        "2" => [Some(H), Some(V)],
        "1v" => [Some(V), None],
        "2v" => [Some(H), None],
        "1h" => [None, Some(H)],
        "2h" => [None, Some(V)],
        _ => [None, None],
    }
}

/// The seed's letter for two known outcomes (as `--table` prints it), or for one (`1v`…), or `?`.
fn letter(found: [Option<Side>; 2]) -> &'static str {
    use Side::{Horizontal as H, Vertical as V};
    match found {
        [Some(vertical_first), Some(horizontal_first)] => outcome_letter(vertical_first, horizontal_first),
        [Some(V), None] => "1v",
        [Some(H), None] => "2v",
        [None, Some(H)] => "1h",
        [None, Some(V)] => "2h",
        [None, None] => "?",
    }
}

/// Heuristic players for the tournament: the paper's weights first, then others, and a random mover as the
/// floor.
const PLAYERS: &[&str] =
    &["seed", "seed(k3=1)", "seed(k3=10)", "seed(k2=0,k4=0)", "seed(k2=0,k3=1,k4=0)", "seed(k1=0,k2=0,k4=0)", "random"];

/// Solves the table and plays the weights.
pub fn reproduce(lab: &Options, tell: &mut dyn FnMut(Step)) -> Result<Reproduction> {
    let mut report = Reproduction::new(
        "Seed 002: Domineering",
        "The paper prints the outcome of every board up to 33 columns (after Lachmann, Moore and Rapaport) and a \
         heuristic for play, `SP = k1·BG + k2·BS − k3·RG − k4·RS` (our possible and safe moves, theirs) with k1 = k2 \
         = k4 = 1 and k3 = 5, saying only that k3 should be the largest; it reports no games. Here hamle's exact \
         solver settles each board of the table up to 16 × 16 that it can within 5 million nodes a starter (the \
         rest are left open), and the paper's weights play other weights in a round robin on 8 × 8.",
    );
    let began = Instant::now();
    let boards: Vec<(usize, usize)> = (1..=16).flat_map(|r| (1..=16).map(move |c| (r, c))).collect();
    let solved: Vec<[Option<Side>; 2]> = boards
        .par_iter()
        .map(|&(rows, cols)| {
            [Side::Vertical, Side::Horizontal].map(|first| {
                let options = SolveOptions { max_nodes: Some(NODES), ..SolveOptions::default() };
                solve(rows, cols, first, &options).ok().map(|s| s.winner)
            })
        })
        .collect();
    let seconds = began.elapsed().as_secs_f64();
    let (mut agree, mut differ, mut open, mut unreadable) = (0, 0, 0, 0);
    let mut differences = Vec::new();
    let mut grid = String::from("| R \\ C |");
    for c in 1..=16 {
        grid.push_str(&format!(" {c} |"));
    }
    grid.push_str("\n|---|");
    grid.push_str(&"---|".repeat(16));
    grid.push('\n');
    for (i, &(rows, cols)) in boards.iter().enumerate() {
        let seed_letter = SEED_TABLE[rows - 1].split(' ').nth(cols - 1).unwrap_or("?");
        let said = outcomes(seed_letter);
        let ours = solved[i];
        let mut same = true;
        let mut compared = false;
        for k in 0..2 {
            if let (Some(s), Some(o)) = (said[k], ours[k]) {
                compared = true;
                same &= s == o;
            }
        }
        match (compared, same) {
            (true, true) => agree += 1,
            (true, false) => {
                differ += 1;
                differences.push(format!("{rows}×{cols}: the paper `{seed_letter}`, ours `{}`", letter(ours)));
            }
            (false, _) if said == [None, None] => unreadable += 1,
            (false, _) => open += 1,
        }
        if cols == 1 {
            grid.push_str(&format!("| **{rows}** |"));
        }
        let cell = if compared && !same {
            format!(" **{}** ({seed_letter}) |", letter(ours))
        } else {
            format!(" {} |", letter(ours))
        };
        grid.push_str(&cell);
        if cols == 16 {
            grid.push('\n');
        }
    }
    let small_2x2 = boards.iter().position(|&b| b == (2, 2)).map_or([None, None], |i| solved[i]);
    report.finding(Finding {
        what: "2 × 2: the first player wins".into(),
        seed: "\"2x2 boyutlu tahtada oyunu ilk oyuncu kazanır\"".into(),
        ours: format!("`{}`", letter(small_2x2)),
        verdict: Verdict::from(letter(small_2x2) == "1"),
        why: "solved for both starters".into(),
    });
    report.finding(Finding {
        what: "the outcome table, 1 × 1 to 16 × 16".into(),
        seed: "256 cells, as printed".into(),
        ours: format!("{agree} cells agree, {differ} differ, {open} not settled in 5 million nodes, {unreadable} unreadable in the paper"),
        verdict: Verdict::from(differ == 0),
        why: if differ == 0 {
            "every cell both settle agrees".into()
        } else {
            format!("the cells that differ: {}", differences.join("; "))
        },
    });
    report.section(&format!(
        "## The outcome table\n\nOurs, rows R down and columns C across; in bold where the paper (in brackets) \
         differs; `?` not settled in {NODES} nodes a starter, `1v`/`2v`/`1h`/`2h` where only one starter was \
         (solved in {seconds:.0} s). Why the paper's cells that differ are wrong, where we know (1 × 1: nobody can \
         move, so the first player loses; 4 × 13 and 13 × 4: Bullock's Obsequi agrees with us; 11 × 4: the paper \
         gives `V` for both 4 × 11 and 11 × 4, which cannot be, since turning a board swaps the roles), is in \
         `docs/rules/domineering.md`.\n\n{grid}"
    ));

    let registry = games::registry();
    let kind = registry.game("domineering")?;
    let game: Spec = "domineering(rows=8,cols=8)".parse()?;
    let bots: Vec<Spec> = PLAYERS.iter().map(|p| p.parse()).collect::<Result<_, _>>()?;
    let games_per_pair = lab.games(20);
    let match_options = MatchOptions { seed: lab.seed, ..MatchOptions::default() };
    let options = TournamentOptions { games_per_pair, gauntlet: None, anchor: PLAYERS.len() - 1 };
    let pairings = PLAYERS.len() * (PLAYERS.len() - 1) / 2;
    let mut shown = |done: usize, total: usize| tell(Step::Pairing { what: "weights on 8×8".into(), done, total });
    let tournament = run_tournament(kind, &game, &bots, &match_options, &options, &mut shown)?;
    let Section { markdown: ladder, svg } = crate::report::tournament(&tournament)?;
    let paper = tournament.ratings.iter().find(|r| r.bot == "seed");
    let best = tournament.ratings.first();
    let (paper_elo, paper_high) = paper.map_or((0.0, 0.0), |r| (r.elo, r.ci95[1]));
    let (best_name, best_elo, best_low) =
        best.map_or(("?".to_owned(), 0.0, 0.0), |r| (r.bot.clone(), r.elo, r.ci95[0]));
    let holds = best_name == "seed" || paper_high >= best_low;
    report.finding(Finding {
        what: "the paper's weights (k3 = 5, the largest) play well".into(),
        seed: "k1 = k2 = k4 = 1, k3 = 5; no games".into(),
        ours: format!("`seed` {paper_elo:+.0} Elo, the best `{best_name}` {best_elo:+.0} (`random` = 0), {games_per_pair} games a pairing"),
        verdict: Verdict::from(holds),
        why: if best_name == "seed" {
            "the paper's weights rate highest of the weights tried".into()
        } else if holds {
            format!("the paper's weights are not measurably below the best, `{best_name}` (their 95 % intervals meet)")
        } else {
            format!("`{best_name}` rates above the paper's weights beyond both 95 % intervals")
        },
    });
    report.section(&format!(
        "## The weights\n\nA round robin on 8 × 8, Vertical first, {games_per_pair} games a pairing ({pairings} \
         pairings; each bot starts half), depth 2 (the bot's default), seed {}. `seed` has the paper's weights; \
         `k3=1` weighs the opponent's moves like ours, `k3=10` twice the paper's, `k2=0,k4=0` counts moves and not \
         safe moves, `k1=0,k2=0,k4=0` only the opponent's moves.\n\n{ladder}",
        lab.seed
    ));
    report.chart("weights", "ratings of the weights on 8 × 8, with 95 % intervals", svg);
    report.figures(Figures::Domineering {
        table: boards
            .iter()
            .zip(&solved)
            .map(|(&(rows, cols), s)| TableCell {
                rows,
                cols,
                ours: letter(*s).to_owned(),
                paper: SEED_TABLE[rows - 1].split(' ').nth(cols - 1).map(str::to_owned),
            })
            .collect(),
        tournament: Ratings { ratings: tournament.ratings, crosstable: tournament.crosstable, bots: tournament.bots },
    });
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_reads_back_from_the_outcomes_it_means() {
        for l in ["V", "H", "1", "2", "1v", "2v", "1h", "2h"] {
            assert_eq!(letter(outcomes(l)), l);
        }
        assert_eq!(outcomes("12"), [None, None], "undefined by the paper: not compared");
        assert_eq!(outcomes("1"), [Some(Side::Vertical), Some(Side::Horizontal)], "whoever starts wins");
    }

    /// Cells checked against the OCR copy by hand: 2×2 `1` (the paper's text says so too), 1×1 `H` (a misprint:
    /// nobody can move), 4×11 and 11×4 both `V` (the paper's self-contradiction), 8×14 `2h`.
    #[test]
    fn the_seed_table_has_sixteen_cells_a_row_as_printed() {
        let cell = |r: usize, c: usize| SEED_TABLE[r - 1].split(' ').nth(c - 1);
        assert!(SEED_TABLE.iter().all(|row| row.split(' ').count() == 16));
        assert_eq!(cell(2, 2), Some("1"));
        assert_eq!(cell(1, 1), Some("H"));
        assert_eq!((cell(4, 11), cell(11, 4)), (Some("V"), Some("V")));
        assert_eq!(cell(8, 14), Some("2h"));
    }
}
