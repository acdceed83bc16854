//! What `hamle match` reports, word for word: each bot named by its spec as typed, parameters included (with
//! the settings a bot names itself with), and the Elo interval at a perfect score bounded below.

mod run;

use run::{hamle, text};

/// The report's text with the wall time (the one figure that changes from run to run) written as `T`.
fn report(args: &[&str]) -> String {
    let out = hamle(args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let (first, rest) = stdout.split_once('\n').expect("a title line");
    let (title, _seconds) = first.rsplit_once(", ").expect("the title ends with the wall time");
    format!("{title}, T s\n{rest}")
}

#[test]
fn a_match_report_names_the_bots_as_typed() {
    assert_eq!(
        report(&["match", "tictactoe", "perfect", "random"]),
        "tictactoe — 100 games, seed 1, T s

bot                            wins  draws losses    points per game
perfect                          84     16      0      92.0    0.920
random                            0     16     84       8.0    0.080

A's mean score 0.920; Elo A − B +424 (95 % interval +353 … +535)
A won 84.0 % of games (95 % interval 75.6 … 89.9 %); points per game +0.920 (+0.884 … +0.956)
"
    );
}

/// The engine asked for at level 3 is named so. Both games won: the Elo is +∞, its interval's lower end the Elo of the
/// Wilson interval of 2 of 2 (from a score of 0.342: −113).
#[test]
fn a_chess_match_report_names_the_engine_with_its_level_and_bounds_a_sweep_s_elo_below() {
    assert_eq!(
        report(&["match", "chess", "engine(level=3)", "random", "--games", "2"]),
        "chess — 2 games, seed 1, T s

bot                            wins  draws losses    points per game
engine(level=3)                   2      0      0       2.0    1.000
random                            0      0      2       0.0    0.000

A's mean score 1.000; Elo A − B +∞ (95 % interval -113 … +∞)
A won 100.0 % of games (95 % interval 34.2 … 100.0 %); points per game +1.000 (+1.000 … +1.000)
"
    );
}

/// Hapis's heuristic at one ply calls itself `heuristic`, whatever its filter: the report keeps the filter typed
/// (it printed `heuristic` before).
#[test]
fn a_bot_that_names_itself_without_its_parameters_is_reported_with_them() {
    let table = report(&["match", "hapis", "heuristic(filter=3)", "random", "--games", "2"]);
    let rows: Vec<&str> = table.lines().skip(3).take(2).collect();
    assert_eq!(
        rows,
        [
            "heuristic(filter=3)               2      0      0       4.0    2.000",
            "random                            0      0      2      -4.0   -2.000"
        ]
    );
}
