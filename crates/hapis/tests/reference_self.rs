//! Hand-worked tests of the independent reference generator in
//! `tests/reference/mod.rs`, one test per rule.
//!
//! Positions are written with White's point numbers (1..=24, JSON index
//! `p - 1`); Black's own point `j` is White's point `25 - j`.

mod reference;

use serde_json::{Value, json};

/// Builds a position from `(White point number, point string)` pairs; every
/// other point is empty.
fn position(turn: &str, stacks: &[(usize, &str)], off_white: u8, off_black: u8) -> Value {
    let mut points = vec![String::new(); 24];
    for &(p, s) in stacks {
        points[p - 1] = s.to_string();
    }
    json!({
        "turn": turn,
        "points": points,
        "off": { "white": off_white, "black": off_black },
    })
}

/// The reference's results for valid input.
fn results(pos: &Value, dice: (u8, u8)) -> Vec<Value> {
    reference::legal_results(pos, dice).expect("input should be valid")
}

/// Canonical serialisation used for comparisons.
fn key(v: &Value) -> String {
    serde_json::to_string(v).expect("a JSON value serialises")
}

/// Asserts `actual` is sorted, free of duplicates and equal to `expected` as a set.
fn assert_results(actual: &[Value], expected: &[Value]) {
    let got: Vec<String> = actual.iter().map(key).collect();
    let mut sorted = got.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(got, sorted, "results must be sorted and distinct");
    let mut want: Vec<String> = expected.iter().map(key).collect();
    want.sort();
    assert_eq!(got, want);
}

/// The error message for invalid input.
fn error(pos: &Value, dice: (u8, u8)) -> String {
    reference::legal_results(pos, dice).expect_err("input should be rejected")
}

#[test]
fn start_position_is_as_specified() {
    assert_eq!(reference::start(), position("white", &[(1, "w15"), (24, "b15")], 0, 0));
}

#[test]
fn pins_a_single_open_checker() {
    // Two White checkers on 1 (13 off); a lone Black checker on 4.
    let pos = position("white", &[(1, "w2"), (4, "b1"), (24, "b14")], 13, 0);
    // 3-1: 1/4* 1/2 keeps the pin; 1/4*/5 or 1/2/5 releases it again.
    assert_results(
        &results(&pos, (3, 1)),
        &[
            position("black", &[(2, "w1"), (4, "w1/b"), (24, "b14")], 13, 0),
            position("black", &[(1, "w1"), (4, "b1"), (5, "w1"), (24, "b14")], 13, 0),
        ],
    );
}

#[test]
fn black_moves_towards_index_zero_and_pins() {
    // Black's point 1 is White's 24; a lone White checker on White's 21 (Black's 4).
    let pos = position("black", &[(1, "w14"), (21, "w1"), (24, "b15")], 0, 0);
    // 3-1: Black 1/4* 1/2, or one checker 1/5 (via the pin, which is released, or via 2).
    assert_results(
        &results(&pos, (3, 1)),
        &[
            position("white", &[(1, "w14"), (21, "b1/w"), (23, "b1"), (24, "b13")], 0, 0),
            position("white", &[(1, "w14"), (20, "b1"), (21, "w1"), (24, "b14")], 0, 0),
        ],
    );
}

#[test]
fn cannot_land_on_two_or_more_or_on_opponent_over_own_prisoner() {
    // White: one free checker on 1 and one prisoner under Black on 5.
    // Black: two on 4, captor on 5, twelve on 24.
    let pos = position("white", &[(1, "w1"), (4, "b2"), (5, "b1/w"), (24, "b12")], 13, 0);
    // 3-1: 1+3 = 4 closed (two Black), 1+1+3 = 5 closed (Black on own prisoner);
    // only 1/2 is possible (the 3 alone is unplayable, so the 1 is played).
    assert_results(
        &results(&pos, (3, 1)),
        &[position("black", &[(2, "w1"), (4, "b2"), (5, "b1/w"), (24, "b12")], 13, 0)],
    );
    // 4-3: 1+3 = 4 and 1+4 = 5 are both closed: pass.
    assert_results(
        &results(&pos, (4, 3)),
        &[position("black", &[(1, "w1"), (4, "b2"), (5, "b1/w"), (24, "b12")], 13, 0)],
    );
}

#[test]
fn may_land_on_own_captor_stack() {
    // White: A on 1, captor B on 4 over a Black prisoner, C on 10 (12 off).
    // Black: prisoner on 4, two on 6, two on 7, ten on 24.
    let pos = position("white", &[(1, "w1"), (4, "w1/b"), (6, "b2"), (7, "b2"), (10, "w1"), (24, "b10")], 12, 0);
    // 3-2: B cannot move (6, 7 closed); A: 1/4 (onto own captor) or 1/3, then 3/6, 4/6 closed.
    // Plays: 1/4 10/12; 1/3 10/13; 10/15.
    let common = [(6, "b2"), (7, "b2"), (24, "b10")];
    let with = |extra: &[(usize, &'static str)]| {
        let mut all: Vec<(usize, &str)> = common.to_vec();
        all.extend_from_slice(extra);
        position("black", &all, 12, 0)
    };
    assert_results(
        &results(&pos, (3, 2)),
        &[
            with(&[(4, "w2/b"), (12, "w1")]),
            with(&[(3, "w1"), (4, "w1/b"), (13, "w1")]),
            with(&[(1, "w1"), (4, "w1/b"), (15, "w1")]),
        ],
    );
}

#[test]
fn prisoner_cannot_move_and_is_freed_when_captor_leaves() {
    // White captor on 4 over a Black prisoner (Black's point 21); 14 White off.
    let pos = position("black", &[(4, "w1/b"), (24, "b14")], 14, 0);
    // Black 2-1: the prisoner stays; only the stack on Black's 1 moves: 1/2 1/3 or 1/4.
    assert_results(
        &results(&pos, (2, 1)),
        &[
            position("white", &[(4, "w1/b"), (22, "b1"), (23, "b1"), (24, "b12")], 14, 0),
            position("white", &[(4, "w1/b"), (21, "b1"), (24, "b13")], 14, 0),
        ],
    );
    // White 2-1: the only White checker is the captor; moving it 4/7 frees the prisoner.
    let pos = position("white", &[(4, "w1/b"), (24, "b14")], 14, 0);
    assert_results(&results(&pos, (2, 1)), &[position("black", &[(4, "b1"), (7, "w1"), (24, "b14")], 14, 0)]);
}

#[test]
fn intermediate_landing_must_be_legal_for_a_checker_using_both_dice() {
    // One White checker on 1; 4 closed. 3-2: 1/4/6 is illegal, 1/3/6 is fine.
    let pos = position("white", &[(1, "w1"), (4, "b2"), (24, "b13")], 14, 0);
    assert_results(&results(&pos, (3, 2)), &[position("black", &[(4, "b2"), (6, "w1"), (24, "b13")], 14, 0)]);
    // With 3 and 4 both closed the open point 6 is unreachable: pass.
    let pos = position("white", &[(1, "w1"), (3, "b2"), (4, "b2"), (24, "b11")], 14, 0);
    assert_results(
        &results(&pos, (3, 2)),
        &[position("black", &[(1, "w1"), (3, "b2"), (4, "b2"), (24, "b11")], 14, 0)],
    );
}

#[test]
fn doubles_are_played_four_times() {
    // A lone checker plays 2-2 as 1/3/5/7/9.
    let pos = position("white", &[(1, "w1"), (24, "b15")], 14, 0);
    assert_results(&results(&pos, (2, 2)), &[position("black", &[(9, "w1"), (24, "b15")], 14, 0)]);
    // Two checkers with 1-1 split the four steps as 4+0, 3+1 or 2+2.
    let pos = position("white", &[(1, "w2"), (24, "b15")], 13, 0);
    assert_results(
        &results(&pos, (1, 1)),
        &[
            position("black", &[(1, "w1"), (5, "w1"), (24, "b15")], 13, 0),
            position("black", &[(2, "w1"), (4, "w1"), (24, "b15")], 13, 0),
            position("black", &[(3, "w2"), (24, "b15")], 13, 0),
        ],
    );
}

#[test]
fn must_use_as_many_dice_as_possible() {
    // White A on 1, B on 13; 6 and 24 closed. 6-5:
    //   13/19 (6) leaves no 5 (1/6 and 19/24 closed) -> one die only, excluded;
    //   1/7 then 7/12 or 13/18; 13/18 then 1/7 -> both dice.
    let pos = position("white", &[(1, "w1"), (6, "b2"), (13, "w1"), (24, "b13")], 13, 0);
    assert_results(
        &results(&pos, (6, 5)),
        &[
            position("black", &[(6, "b2"), (12, "w1"), (13, "w1"), (24, "b13")], 13, 0),
            position("black", &[(6, "b2"), (7, "w1"), (18, "w1"), (24, "b13")], 13, 0),
        ],
    );
}

#[test]
fn larger_die_when_only_one_die_can_be_used() {
    // Lone checker on 1, 9 closed. 6-2: 1/7 or 1/3 alone, never both -> must play the 6.
    let pos = position("white", &[(1, "w1"), (9, "b2"), (24, "b13")], 14, 0);
    assert_results(&results(&pos, (6, 2)), &[position("black", &[(7, "w1"), (9, "b2"), (24, "b13")], 14, 0)]);
    // When the larger die cannot be played at all, the smaller one is played.
    let pos = position("white", &[(1, "w1"), (7, "b2"), (9, "b2"), (24, "b11")], 14, 0);
    assert_results(
        &results(&pos, (6, 2)),
        &[position("black", &[(3, "w1"), (7, "b2"), (9, "b2"), (24, "b11")], 14, 0)],
    );
}

#[test]
fn no_usable_die_gives_a_single_pass_result() {
    let pos = position("white", &[(1, "w1"), (6, "b2"), (7, "b2"), (24, "b11")], 14, 0);
    let passed = position("black", &[(1, "w1"), (6, "b2"), (7, "b2"), (24, "b11")], 14, 0);
    assert_results(&results(&pos, (6, 5)), std::slice::from_ref(&passed));
    assert_results(&results(&pos, (5, 5)), &[passed]);
}

#[test]
fn bears_off_with_the_exact_die() {
    // White on 19 and 22 (13 off), Black all in its home on White's 1.
    let pos = position("white", &[(1, "b15"), (19, "w1"), (22, "w1")], 13, 0);
    // 3-1: 22/off 19/20 (either order); 19/22/23 or 22/23 19/22 or 19/20/23.
    // 22/23 then 3 cannot bear off from 23 (19 is on a lower point).
    assert_results(
        &results(&pos, (3, 1)),
        &[
            position("black", &[(1, "b15"), (20, "w1")], 14, 0),
            position("black", &[(1, "b15"), (22, "w1"), (23, "w1")], 13, 0),
        ],
    );
}

#[test]
fn larger_die_bears_off_from_the_farthest_point() {
    // White on 22 and 23 (x2). 6-5: neither 19 nor 20 is occupied and nothing is lower,
    // so each die bears off from the farthest occupied point: 22/off 23/off.
    let pos = position("white", &[(1, "b15"), (22, "w1"), (23, "w2")], 12, 0);
    assert_results(&results(&pos, (6, 5)), &[position("black", &[(1, "b15"), (23, "w1")], 14, 0)]);
    // White on 19 and 23. 5-4: 5 cannot bear off at first (19 is lower than 20)
    // but 19/24 with the 5 then lets the 4 bear off from 23; 19/23 then the 5
    // bears off from 23.
    let pos = position("white", &[(1, "b15"), (19, "w1"), (23, "w1")], 13, 0);
    assert_results(
        &results(&pos, (5, 4)),
        &[position("black", &[(1, "b15"), (24, "w1")], 14, 0), position("black", &[(1, "b15"), (23, "w1")], 14, 0)],
    );
    // White on 19 and 23, 24 closed by Black. 5-5: 19/24 closed, no exact
    // checker on 20 and 19 is lower, 23 cannot move 5 inside: pass.
    let pos = position("white", &[(1, "b13"), (19, "w1"), (23, "w1"), (24, "b2")], 13, 0);
    assert_results(
        &results(&pos, (5, 5)),
        &[position("black", &[(1, "b13"), (19, "w1"), (23, "w1"), (24, "b2")], 13, 0)],
    );
}

#[test]
fn cannot_bear_off_with_own_prisoner_in_home() {
    // White on 22 and 23 plus a White prisoner under Black on 20 (12 off).
    let pos = position("white", &[(1, "b14"), (20, "b1/w"), (22, "w1"), (23, "w1")], 12, 0);
    // 3-2: 22/off and 23/off are forbidden; only 22/24 is possible, then no 3.
    assert_results(
        &results(&pos, (3, 2)),
        &[position("black", &[(1, "b14"), (20, "b1/w"), (23, "w1"), (24, "w1")], 12, 0)],
    );
}

#[test]
fn cannot_bear_off_with_a_checker_outside_home() {
    // White on 12 and 22; 13 and 15 closed. 3-1: 12 cannot move, 22/off is
    // forbidden (12 is outside home), so only 22/23 is played.
    let pos = position("white", &[(1, "b11"), (12, "w1"), (13, "b2"), (15, "b2"), (22, "w1")], 13, 0);
    assert_results(
        &results(&pos, (3, 1)),
        &[position("black", &[(1, "b11"), (12, "w1"), (13, "b2"), (15, "b2"), (23, "w1")], 13, 0)],
    );
}

#[test]
fn bearing_off_is_re_evaluated_after_each_die() {
    // White on 18 and 22. 3-1: 18/19 brings everyone home, then 22/off is allowed.
    // Other plays: 18/19/22, 18/21/22, 18/21 22/23 (22/23 then 3 cannot bear off).
    let pos = position("white", &[(1, "b15"), (18, "w1"), (22, "w1")], 13, 0);
    assert_results(
        &results(&pos, (3, 1)),
        &[
            position("black", &[(1, "b15"), (19, "w1")], 14, 0),
            position("black", &[(1, "b15"), (22, "w2")], 13, 0),
            position("black", &[(1, "b15"), (21, "w1"), (23, "w1")], 13, 0),
        ],
    );
}

#[test]
fn bearing_off_the_last_checker_ends_the_turn() {
    // White's last checker on 20 bears off with the 5; the 1 is not required.
    let pos = position("white", &[(1, "b15"), (20, "w1")], 14, 0);
    let done = position("black", &[(1, "b15")], 15, 0);
    assert_results(&results(&pos, (5, 1)), std::slice::from_ref(&done));
    // With 6-6 the last checker leaves with the first 6.
    assert_results(&results(&pos, (6, 6)), &[done]);
    // Black: last two checkers on Black's 20 and 22 (White's 5 and 3), 6-3:
    // both off (either order), or 20/23 then the 6 bears off from 22.
    let pos = position("black", &[(3, "b1"), (5, "b1"), (10, "w15")], 0, 13);
    assert_results(
        &results(&pos, (6, 3)),
        &[position("white", &[(10, "w15")], 0, 15), position("white", &[(2, "b1"), (10, "w15")], 0, 14)],
    );
    // A finished game has no continuation.
    let finished = position("white", &[(10, "w15")], 0, 15);
    assert_eq!(reference::perft(&finished, 0), Ok(1));
    assert_eq!(reference::perft(&finished, 1), Ok(0));
    assert_eq!(reference::perft(&finished, 2), Ok(0));
}

#[test]
fn roll_three_five_from_the_start() {
    // 1/4 1/6, or one checker 1/9 (via 4 or via 6, the same position).
    assert_results(
        &results(&reference::start(), (3, 5)),
        &[
            position("black", &[(1, "w13"), (4, "w1"), (6, "w1"), (24, "b15")], 0, 0),
            position("black", &[(1, "w14"), (9, "w1"), (24, "b15")], 0, 0),
        ],
    );
}

#[test]
fn perft_from_the_start_at_depth_one() {
    // Hand count. All White checkers start on point 1 and Black's 15 sit on 24,
    // which no first move can reach (1 + k*d = 24 needs k*d = 23, impossible),
    // so nothing interacts and bearing off is impossible.
    // - Non-double a-b (15 rolls): 1/(1+a) 1/(1+b), or 1/(1+a+b) -> 2 each = 30.
    // - Double d-d: four steps of d split among checkers as a partition of 4:
    //   4, 3+1, 2+2, 2+1+1, 1+1+1+1 -> 5 results, but for 6-6 a checker moving
    //   four times would bear off from point 1 (not allowed), leaving 4.
    //   5 doubles * 5 + 4 = 29.
    // Total 30 + 29 = 59.
    let start = reference::start();
    let mut total = 0;
    for a in 1..=6u8 {
        for b in a..=6u8 {
            let expected = match (a == b, a) {
                (false, _) => 2,
                (true, 6) => 4,
                (true, _) => 5,
            };
            assert_eq!(results(&start, (a, b)).len(), expected, "roll {a}-{b}");
            total += expected;
        }
    }
    assert_eq!(total, 59);
    assert_eq!(reference::perft(&start, 0), Ok(1));
    assert_eq!(reference::perft(&start, 1), Ok(59));
}

#[test]
fn rejects_invalid_input() {
    let ok = reference::start();
    assert!(reference::legal_results(&ok, (3, 5)).is_ok());

    // Dice.
    assert!(error(&ok, (0, 3)).contains("die"));
    assert!(error(&ok, (3, 7)).contains("die"));

    // Shape.
    assert!(error(&json!([1, 2]), (3, 5)).contains("object"));
    let mut short = ok.clone();
    short["points"] = json!(vec![""; 23]);
    assert!(error(&short, (3, 5)).contains("24"));
    let mut non_string = ok.clone();
    non_string["points"][5] = json!(3);
    assert!(error(&non_string, (3, 5)).contains("points[5]"));

    // Turn.
    let mut turn = ok.clone();
    turn["turn"] = json!("red");
    assert!(error(&turn, (3, 5)).contains("turn"));

    // Point grammar.
    for bad in ["x1", "w", "w0", "w01", "w1/w", "b1/b", "w1/", "w1/bb", "w1/b/w", "w-1", "W1", "w1 "] {
        let mut p = position("white", &[(1, "w14"), (24, "b14")], 0, 0);
        p["points"][10] = json!(bad);
        let e = error(&p, (3, 5));
        assert!(e.contains("points[10]"), "{bad:?} gave {e:?}");
    }

    // Checker counts (prisoners and off count).
    let too_few = position("white", &[(1, "w14"), (24, "b15")], 0, 0);
    assert!(error(&too_few, (3, 5)).contains("white has 14"));
    let too_many = position("white", &[(1, "w15"), (24, "b15"), (5, "w1/b")], 0, 0);
    let e = error(&too_many, (3, 5));
    assert!(e.contains("white has 16") || e.contains("black has 16"), "{e}");
    let prisoner_counted = position("white", &[(1, "w14"), (5, "b1/w"), (24, "b14")], 0, 0);
    assert!(reference::legal_results(&prisoner_counted, (3, 5)).is_ok());
    let off_counted = position("white", &[(1, "w10"), (24, "b15")], 5, 0);
    assert!(reference::legal_results(&off_counted, (3, 5)).is_ok());
    let mut bad_off = ok.clone();
    bad_off["off"] = json!({ "white": -1, "black": 0 });
    assert!(error(&bad_off, (3, 5)).contains("off.white"));

    // Game already over.
    let over = position("white", &[(10, "w15")], 0, 15);
    assert!(error(&over, (3, 5)).contains("over"));
}
