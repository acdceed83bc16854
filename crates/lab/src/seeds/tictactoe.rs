//! Seed 004, the tic-tac-toe blog: perfect play is a draw, the minimax player never loses, and its author's note
//! that the program "can play an unexpected bad move". The blog's own player (`blog`) is re-run as its code reads.

use std::collections::BTreeMap;

use anyhow::{Context, Result};
use hamle_arena::{MatchOptions, Spec, games};
use hamle_classics::tictactoe::{Outcome, Solution, TicTacToe, Variant, definition};
use hamle_core::{Budget, Game, Notation, Stream, Turn};

use super::{Finding, Options, Reproduction, Verdict};
use crate::results::{Figures, TicTacToeMatch, WalkCount};

/// Every line of play in which `bot` plays `side` and the opponent tries every move: how the games end, and the
/// positions where the bot's move lowers what it can force (by the exact solution).
#[derive(Default)]
struct Walk {
    won: u64,
    drawn: u64,
    lost: u64,
    /// Each position where the bot lowered its result, with its move and the outcomes before and after.
    bad: BTreeMap<String, (TicTacToe, String, Outcome, Outcome)>,
}

fn class(outcome: Outcome) -> i32 {
    outcome.rank().signum()
}

fn walk(state: &TicTacToe, side: u8, bot: &mut dyn hamle_core::Bot<TicTacToe>, solution: &Solution, seen: &mut Walk) {
    match state.turn() {
        Turn::Player(p) if p == side => {
            // A stream per position: the bot's tie-breaks are one fixed strategy.
            let mut stream = Stream::new(u64::from(state.stones(0)) << 9 | u64::from(state.stones(1)));
            let Some(decision) = bot.choose(state, &Budget::UNLIMITED, &mut stream) else { return };
            let mut child = *state;
            child.play(decision.mv);
            if let (Some(before), Some(after)) = (solution.outcome(state), solution.outcome(&child))
                && class(after.before()) < class(before)
            {
                let mv = state.format_move(decision.mv);
                seen.bad.entry(state.format_position()).or_insert((*state, mv, before, after.before()));
            }
            walk(&child, side, bot, solution, seen);
        }
        Turn::Player(_) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            for mv in moves {
                let mut child = *state;
                child.play(mv);
                walk(&child, side, bot, solution, seen);
            }
        }
        _ => match state.winner() {
            Some(w) if w == side => seen.won += 1,
            Some(_) => seen.lost += 1,
            None => seen.drawn += 1,
        },
    }
}

fn side_name(side: u8) -> &'static str {
    if side == 0 { "X" } else { "O" }
}

/// Plays the blog's claims out.
pub fn reproduce(lab: &Options) -> Result<Reproduction> {
    let mut report = Reproduction::new(
        "Seed 004: minimax and tic-tac-toe",
        "The blog post says perfect play draws, shows a full-tree minimax in Java, and notes that its program \"can \
         play an unexpected bad move\" (Not 2), without the position. hamle's `perfect` is a minimax written to keep \
         every position's value; `blog` is the blog's code as it reads (`docs/rules/tictactoe.md`): the root scores \
         each move with `minimax(child, false)`, a maximising level, so the levels below are one off, and the \
         values are X's whichever side it plays. Each player is walked against every opponent strategy, as X and as \
         O, and every move it makes is checked against the exact solution of the game.",
    );
    let solution = Solution::new(Variant::Classic);
    let start = TicTacToe::classic();
    let start_outcome = solution.outcome(&start).context("the start is solved")?;
    let def = definition();
    let mut walks = BTreeMap::new();
    for bot in ["perfect", "blog"] {
        for side in [0u8, 1] {
            let mut player = def.bot(&bot.parse()?, &start)?;
            let mut seen = Walk::default();
            walk(&start, side, player.as_mut(), &solution, &mut seen);
            walks.insert((bot, side), seen);
        }
    }
    let registry = games::registry();
    let kind = registry.game("tictactoe")?;
    let game: Spec = "tictactoe".parse()?;
    let games = lab.games(100);
    let options = MatchOptions { games, seed: lab.seed, progress: lab.matches.clone(), ..MatchOptions::default() };
    let mut matches = Vec::new();
    for (a, b) in [("perfect", "perfect"), ("perfect", "random"), ("blog", "random"), ("blog", "perfect")] {
        let run = kind.run_match(&game, &a.parse()?, &b.parse()?, &options)?;
        matches.push(run);
    }
    let perfect_pair = &matches[0];
    let all_drawn = perfect_pair.a.draws == perfect_pair.games;
    report.finding(Finding {
        what: "perfect play is a draw".into(),
        seed: "a draw".into(),
        ours: format!(
            "solved: {} for X from the start; `perfect` against itself: {} draws in {} games",
            start_outcome.word(),
            perfect_pair.a.draws,
            perfect_pair.games
        ),
        verdict: Verdict::from(start_outcome == Outcome::Draw && all_drawn),
        why: "the retrograde solution of all 5,478 positions gives the start a draw, and two perfect players drew \
              every game"
            .into(),
    });
    let perfect_lost: u64 = [0, 1].iter().map(|&s| walks[&("perfect", s)].lost).sum();
    let perfect_lines: u64 = [0, 1].iter().map(|&s| total(&walks[&("perfect", s)])).sum();
    report.finding(Finding {
        what: "a minimax player never loses".into(),
        seed: "its premise: minimax finds the best move (its own code does not: below)".into(),
        ours: format!("`perfect`: lost {perfect_lost} of {perfect_lines} lines against every opponent strategy"),
        verdict: Verdict::from(perfect_lost == 0),
        why: "`perfect`, a minimax that keeps every position's value, walked over every move an opponent can make, \
              as X and as O"
            .into(),
    });
    let blog_bad: usize = [0, 1].iter().map(|&s| walks[&("blog", s)].bad.len()).sum();
    let blog_lost: u64 = [0, 1].iter().map(|&s| walks[&("blog", s)].lost).sum();
    let blog_lines: u64 = [0, 1].iter().map(|&s| total(&walks[&("blog", s)])).sum();
    report.finding(Finding {
        what: "the program \"can play an unexpected bad move\"".into(),
        seed: "yes, no position given".into(),
        ours: format!(
            "`blog`: {blog_bad} positions where its move lowers its result; it loses {blog_lost} of {blog_lines} lines"
        ),
        verdict: Verdict::from(blog_bad > 0),
        why: "every move of the blog's code checked against the exact solution; the first of them are shown below"
            .into(),
    });
    let mut table = String::from(
        "## Every opponent strategy\n\nEach player against every sequence of opponent moves; a line is one game. A bad \
         move lowers what the player can force (a win to a draw or a loss, a draw to a loss), by the solution.\n\n\
         | player | side | lines | won | drawn | lost | positions with a bad move |\n|---|---|---:|---:|---:|---:|---:|\n",
    );
    for ((bot, side), seen) in &walks {
        table.push_str(&format!(
            "| `{bot}` | {} | {} | {} | {} | {} | {} |\n",
            side_name(*side),
            total(seen),
            seen.won,
            seen.drawn,
            seen.lost,
            seen.bad.len()
        ));
    }
    report.section(&table);
    let mut examples = String::from("## The bad move\n\n");
    for side in [0u8, 1] {
        let seen = &walks[&("blog", side)];
        // The earliest bad move: the position with the fewest stones.
        if let Some((_, (state, mv, before, after))) = seen
            .bad
            .iter()
            .min_by_key(|(text, (s, _, _, _))| (s.stones(0).count_ones() + s.stones(1).count_ones(), (*text).clone()))
        {
            let best: Vec<String> = solution
                .moves(state)
                .into_iter()
                .filter(|(_, o)| class(*o) == class(*before))
                .map(|(m, _)| state.format_move(m))
                .collect();
            examples.push_str(&format!(
                "Playing {}, the earliest: in `{}` it plays **{mv}**, which turns a {} into a {}; {} {} the {}.\n\n\
                 ```text\n{state}\n```\n\n",
                side_name(side),
                state.format_position(),
                before.word(),
                after.word(),
                best.join(", "),
                if best.len() == 1 { "keeps" } else { "keep" },
                before.word(),
            ));
        }
    }
    examples.push_str(
        "Why: `getHamle` scores each of its moves with `minimax(child, false)`, whose first level takes the \
         maximum of X's values over the opponent's replies. Playing X, the search so believes the opponent will \
         play for X, and, the levels alternating from there, that it will itself play for O at its next turn: \
         every level below the root is one off. Playing O, the levels below the root happen to be right (X \
         maximises, O minimises), but the root itself takes the maximum of X's values, so O picks the move best \
         for X. A minimax whose root takes the opponent's minimum (`minimax(child, true)` for X) and whose values \
         are the mover's, as `perfect`'s are, makes none of these moves (the table above). The move order \
         (`Dugum.getCocuklar`) is not in the post: `blog` takes the cells a1, b1, c1, a2, … from the bottom left, \
         so the first move among equals is that order's; the walk's counts do not depend on it (another corner \
         to start from is a reflection of the board), the examples above do.\n",
    );
    report.section(&examples);
    let mut played = format!("## Matches\n\n{games} games each, seed {}, colours alternating:\n\n", lab.seed);
    played.push_str("| A | B | A's wins | draws | B's wins | A's score |\n|---|---|---:|---:|---:|---:|\n");
    for m in &matches {
        played.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} | {:.3} |\n",
            m.a.bot, m.b.bot, m.a.wins, m.a.draws, m.b.wins, m.mean_score
        ));
    }
    report.section(&played);
    report.figures(Figures::TicTacToe {
        walks: walks
            .iter()
            .map(|((bot, side), s)| WalkCount {
                bot: (*bot).to_owned(),
                side: side_name(*side).to_owned(),
                won: s.won,
                drawn: s.drawn,
                lost: s.lost,
                bad_positions: s.bad.keys().cloned().collect(),
            })
            .collect(),
        matches: matches
            .iter()
            .map(|m| TicTacToeMatch {
                a: m.a.bot.clone(),
                b: m.b.bot.clone(),
                games: m.games,
                a_wins: m.a.wins,
                draws: m.a.draws,
                b_wins: m.b.wins,
                mean_score: m.mean_score,
            })
            .collect(),
    });
    Ok(report)
}

fn total(seen: &Walk) -> u64 {
    seen.won + seen.drawn + seen.lost
}
