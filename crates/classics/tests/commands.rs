//! `hamle solve tictactoe|sim|grundy|dots` run in memory, each checked against a published figure or a case worked
//! by hand.

use hamle_classics::{dots, grundy, sim, tictactoe};
use hamle_core::command::{Command, Memory, find};

fn solve(commands: &'static [Command]) -> &'static Command {
    find(commands, "solve").expect("a solve command")
}

#[test]
fn tictactoe_is_a_draw_over_its_5478_positions() {
    let memory = Memory::default();
    let (done, out) = memory.run(solve(tictactoe::definition().commands), "tictactoe", &[("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // The published count of positions reachable in legal play, and the known value of the game.
    assert_eq!(report["positions"], 5478);
    assert_eq!(report["value"], "draw");
    assert_eq!(report["variant"], "classic");
    let (done, out) = memory.run(solve(tictactoe::definition().commands), "tictactoe", &[("variant", "two-phase")], "");
    assert!(done.is_ok(), "{done:?}");
    assert!(out.starts_with("tictactoe (two-phase variant), solved by retrograde analysis"), "{out}");
}

#[test]
fn sim_is_won_by_the_second_player() {
    let memory = Memory::default();
    let (done, out) = memory.run(solve(sim::definition().commands), "sim", &[("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // Mead, Rosa and Huang (1974): the second player wins Sim.
    assert_eq!(report["winner"], "second");
}

#[test]
fn grundy_gives_the_published_values_and_draws_the_graph() {
    let memory = Memory::default();
    let command = solve(grundy::definition().commands);
    let (done, out) = memory.run(command, "grundy", &[("up-to", "12"), ("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // OEIS A002188, the Grundy values of Grundy's game.
    assert_eq!(report["values"], serde_json::json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]));
    let (done, out) = memory.run(command, "grundy", &[("graph", "4"), ("svg", "g.svg")], "");
    assert!(done.is_ok(), "{done:?}");
    // A heap of 4 splits only into 3+1 (MIN, who moves first), then 2+1+1 (MAX): MIN is left without a move.
    assert!(out.contains("3 positions; with best play MAX, who moves second, wins"), "{out}");
    assert!(memory.file(std::path::Path::new("g.svg")).is_some_and(|svg| svg.starts_with(b"<svg")));
    let (neither, _) = memory.run(command, "grundy", &[], "");
    assert!(neither.expect_err("nothing asked").to_string().contains("either --up-to N"));
    let (both, _) = memory.run(command, "grundy", &[("up-to", "3"), ("svg", "x.svg")], "");
    assert!(both.expect_err("svg without graph").to_string().contains("--svg goes with --graph"));
}

#[test]
fn one_box_goes_to_the_second_player() {
    let memory = Memory::default();
    let command = solve(dots::definition().commands);
    let (done, out) = memory.run(command, "dots", &[("size", "1x1"), ("json", "true")], "");
    assert!(done.is_ok(), "{done:?}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    // Four lines drawn in turn: the second player draws the fourth and takes the box.
    assert_eq!(report["value"], -1);
    let (bad, _) = memory.run(command, "dots", &[("size", "3by3")], "");
    assert!(bad.expect_err("not a board").to_string().contains("is not a board"));
    let (missing, _) = memory.run(command, "dots", &[], "");
    assert!(missing.expect_err("no board").to_string().contains("give the board in boxes"));
}
