//! The tic-tac-toe bots: the perfect one never loses, the thesis's one does what §1.6 shows.

use hamle_classics::tictactoe::bots::{OpenLines, Perfect, Thesis};
use hamle_classics::tictactoe::{Move, Outcome, Solution, TicTacToe, Variant};
use hamle_core::{Bot, Budget, Evaluator, Game, Notation, Stream, Turn};

/// Plays `bot` as `seat` against every possible sequence of replies; returns the number of games
/// and panics with the line on any loss.
fn never_loses(bot: &mut Perfect, state: TicTacToe, seat: u8, stream: &mut Stream, line: &mut Vec<String>) -> u64 {
    match state.turn() {
        Turn::Over => {
            assert_ne!(state.winner(), Some(seat ^ 1), "perfect lost as {seat} after {}", line.join(" "));
            1
        }
        Turn::Player(p) if p == seat => {
            let Some(decision) = bot.choose(&state, &Budget::UNLIMITED, stream) else { panic!("no move") };
            let mut next = state;
            line.push(state.format_move(decision.mv));
            next.try_play(decision.mv).expect("the bot's move is legal");
            let games = never_loses(bot, next, seat, stream, line);
            line.pop();
            games
        }
        _ => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut next = state;
                    next.play(mv);
                    line.push(state.format_move(mv));
                    let games = never_loses(bot, next, seat, stream, line);
                    line.pop();
                    games
                })
                .sum()
        }
    }
}

#[test]
fn perfect_never_loses_against_every_opponent_strategy_classic() {
    for seat in 0..2 {
        for seed in 0..3 {
            let mut bot = Perfect::default();
            let games = never_loses(&mut bot, TicTacToe::classic(), seat, &mut Stream::new(seed), &mut Vec::new());
            assert!(games > 0);
        }
    }
}

/// Every position reachable in `variant` that has a player to move.
fn live_positions(variant: Variant) -> Vec<TicTacToe> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::new(variant)];
    let mut live = Vec::new();
    let mut moves = Vec::new();
    while let Some(state) = stack.pop() {
        // The slide count only matters for the limit; leave it out so that cycles close.
        let state = normalised(state);
        if !seen.insert(state) || state.turn() == Turn::Over {
            continue;
        }
        live.push(state);
        state.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = state;
            next.play(mv);
            stack.push(next);
        }
    }
    live
}

fn normalised(state: TicTacToe) -> TicTacToe {
    let text = state.format_position();
    let slides = if state.variant() == Variant::TwoPhase && !state.placing() {
        if state.to_move() == 0 { " 0" } else { " 1" }
    } else {
        ""
    };
    let fields: Vec<&str> = text.split(' ').take(2).collect();
    state.parse_position(&format!("{}{slides}", fields.join(" "))).expect("a reachable position reads back")
}

#[test]
fn perfect_keeps_the_best_value_in_every_classic_position() {
    let solution = Solution::new(Variant::Classic);
    let mut shared = Perfect::default();
    let mut stream = Stream::new(11);
    let positions = live_positions(Variant::Classic);
    assert_eq!(positions.len(), 4520, "5478 positions less the 958 finished ones");
    for state in positions {
        let best = solution.best_moves(&state);
        let fresh = Perfect::default().choose(&state, &Budget::UNLIMITED, &mut stream).expect("a move");
        let reused = shared.choose(&state, &Budget::UNLIMITED, &mut stream).expect("a move");
        for decision in [fresh, reused] {
            assert!(
                best.iter().any(|&(mv, _)| mv == decision.mv),
                "{}: perfect chose {} but the best are {best:?}",
                state.format_position(),
                state.format_move(decision.mv)
            );
        }
    }
}

/// An independent solve of the two-phase game, written in this test from `docs/rules/tictactoe.md` alone: its
/// own board (a plain array of nine cells), its own move generator (placing while a side has fewer than three
/// stones, then orthogonal slides worked out from row and column), its own win test, and a different method:
/// a memoised depth-limited negamax, "can the side to move force a line within n plies?", deepened until the
/// won and lost sets stop changing. Cycle rule: a position neither side can force within that fixed point is a
/// draw (the rules' "endless play is a draw"; the 200-slide limit is left out, as the rules say it never cuts a
/// forced result). It shares with the crate only the cell numbering and `TicTacToe::stones`, used to read the
/// crate's positions into its own board.
mod independent {
    use std::collections::HashMap;

    /// Cells 0..9 (`a1` = 0, row by row from the bottom): 0 empty, 1 x, 2 o; and the side to move (0 x, 1 o).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct Board {
        pub cells: [u8; 9],
        pub to_move: u8,
    }

    /// The value for the side to move: win or loss in exactly this many plies under best play (fastest win,
    /// slowest loss), or a draw.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Value {
        Win(u32),
        Loss(u32),
        Draw,
    }

    impl Value {
        /// For the player who moved into the position.
        pub fn before(self) -> Value {
            match self {
                Value::Win(n) => Value::Loss(n + 1),
                Value::Loss(n) => Value::Win(n + 1),
                Value::Draw => Value::Draw,
            }
        }

        /// Higher is better for the side it belongs to: quick wins first, slow losses before quick ones.
        pub fn rank(self) -> i64 {
            match self {
                Value::Win(n) => 1_000 - i64::from(n),
                Value::Draw => 0,
                Value::Loss(n) => i64::from(n) - 1_000,
            }
        }
    }

    pub fn start() -> Board {
        Board { cells: [0; 9], to_move: 0 }
    }

    fn line_for(cells: &[u8; 9], who: u8) -> bool {
        let at = |c: usize, r: usize| cells[3 * r + c] == who;
        (0..3).any(|r| (0..3).all(|c| at(c, r)))
            || (0..3).any(|c| (0..3).all(|r| at(c, r)))
            || (0..3).all(|i| at(i, i))
            || (0..3).all(|i| at(i, 2 - i))
    }

    /// Whether the game is over: the side that just moved made a line (the side to move cannot have one).
    pub fn lost(board: &Board) -> bool {
        line_for(&board.cells, 2 - board.to_move) || line_for(&board.cells, 1 + board.to_move)
    }

    /// Every position one legal move away.
    pub fn children(board: &Board) -> Vec<Board> {
        let me = board.to_move + 1;
        let mut out = Vec::new();
        let mine = board.cells.iter().filter(|&&c| c == me).count();
        let mut push = |cells: [u8; 9]| out.push(Board { cells, to_move: 1 - board.to_move });
        if mine < 3 {
            for cell in 0..9 {
                if board.cells[cell] == 0 {
                    let mut cells = board.cells;
                    cells[cell] = me;
                    push(cells);
                }
            }
        } else {
            for from in 0..9usize {
                if board.cells[from] != me {
                    continue;
                }
                let (c, r) = ((from % 3) as i32, (from / 3) as i32);
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (nc, nr) = (c + dc, r + dr);
                    if !(0..3).contains(&nc) || !(0..3).contains(&nr) {
                        continue;
                    }
                    let to = (3 * nr + nc) as usize;
                    if board.cells[to] == 0 {
                        let mut cells = board.cells;
                        cells[from] = 0;
                        cells[to] = me;
                        push(cells);
                    }
                }
            }
        }
        out
    }

    /// Every position reachable from the start, finished ones included.
    pub fn reachable() -> Vec<Board> {
        let mut seen = std::collections::HashSet::from([start()]);
        let mut order = vec![start()];
        let mut i = 0;
        while i < order.len() {
            let board = order[i];
            i += 1;
            if lost(&board) {
                continue;
            }
            for child in children(&board) {
                if seen.insert(child) {
                    order.push(child);
                }
            }
        }
        order
    }

    /// Negamax with a horizon: `Some(true)` if the side to move can force a line within `plies` plies,
    /// `Some(false)` if the opponent can force one against every defence within `plies`, else `None`.
    fn forced(board: &Board, plies: u32, memo: &mut HashMap<(Board, u32), Option<bool>>) -> Option<bool> {
        if lost(board) {
            return Some(false);
        }
        if plies == 0 {
            return None;
        }
        if let Some(&known) = memo.get(&(*board, plies)) {
            return known;
        }
        let mut all_lost = true;
        let mut result = None;
        for child in children(board) {
            match forced(&child, plies - 1, memo) {
                Some(false) => {
                    result = Some(true);
                    break;
                }
                Some(true) => {}
                None => all_lost = false,
            }
        }
        if result.is_none() && all_lost {
            result = Some(false);
        }
        memo.insert((*board, plies), result);
        result
    }

    /// The value of every reachable position, and the horizon at which the solve stopped changing.
    pub fn solve() -> (HashMap<Board, Value>, u32) {
        let boards = reachable();
        let mut memo = HashMap::new();
        let mut values: HashMap<Board, Value> = boards.iter().map(|&b| (b, Value::Draw)).collect();
        let mut plies = 0;
        loop {
            let mut changed = false;
            for board in &boards {
                // The first horizon that settles a position gives its distance: fastest win, slowest loss.
                if values[board] == Value::Draw {
                    let settled = match forced(board, plies, &mut memo) {
                        Some(true) => Value::Win(plies),
                        Some(false) => Value::Loss(plies),
                        None => continue,
                    };
                    values.insert(*board, settled);
                    changed = true;
                }
            }
            // Won within n plies depends only on lost within n − 1 and lost within n only on won within
            // n − 1, and both only grow with n: once a horizon settles nothing new, no deeper one can.
            if !changed && plies > 0 {
                return (values, plies);
            }
            plies += 1;
        }
    }
}

/// The crate's position on the independent board.
fn board_of(state: &TicTacToe) -> independent::Board {
    let mut cells = [0u8; 9];
    for (cell, slot) in cells.iter_mut().enumerate() {
        for p in 0..2u8 {
            if state.stones(p) & (1 << cell) != 0 {
                *slot = p + 1;
            }
        }
    }
    independent::Board { cells, to_move: state.to_move() }
}

#[test]
fn the_independent_two_phase_solve_gets_hand_worked_positions_right() {
    use independent::Value::{Loss, Win};
    let (values, _) = independent::solve();
    let value = |text: &str| {
        let state = TicTacToe::two_phase().parse_position(text).expect("a legal position");
        values[&board_of(&state)]
    };
    // Worked by hand. x holds a1, b1 and c2, o holds a3, b3 and a2; c1 is empty.
    // x to move slides c2-c1 and completes the bottom row: a win in one ply.
    assert_eq!(value("oo./o.x/xx. x 0"), Win(1));
    // o to move in the same position: o's only slides are a2-b2, b3-b2 and b3-c3 (a3 is walled in by its own
    // stones); none makes a line for o and none reaches c1 (its neighbours b1 and c2 are x's), so x then plays
    // c2-c1: a loss in two plies.
    assert_eq!(value("oo./o.x/xx. o 1"), Loss(2));
    // x has just completed the left column: o to move has lost.
    assert_eq!(value("xo./xo./x.o o 1"), Loss(0));
    // The thesis (§1.6) says the first player wins the two-phase game with best play.
    assert!(matches!(value(".../.../... x"), Win(_)));
}

#[test]
fn the_two_phase_solution_agrees_with_the_independent_solve_everywhere() {
    // The table `perfect` plays from, and that `two_phase_is_a_first_player_win_from_the_centre_only` reads,
    // against the independent solve: the same value and the same distance in every live position.
    use independent::Value;
    let (values, _) = independent::solve();
    let solution = Solution::new(Variant::TwoPhase);
    for state in live_positions(Variant::TwoPhase) {
        let theirs = match solution.outcome(&state).expect("solved") {
            Outcome::Win(n) => Value::Win(u32::from(n)),
            Outcome::Loss(n) => Value::Loss(u32::from(n)),
            Outcome::Draw => Value::Draw,
        };
        assert_eq!(theirs, values[&board_of(&state)], "{}", state.format_position());
    }
}

#[test]
fn perfect_keeps_the_best_value_in_every_two_phase_position() {
    // Independent of the table `perfect` reads: each position's moves are valued by the solve in the module
    // `independent` above (own board, own move generator, own search), and the bot's move must reach the best
    // of those values. Comparing with `Solution` would only compare the table with itself.
    use independent::Value;
    let (values, _) = independent::solve();
    let mut bot = Perfect::default();
    let mut stream = Stream::new(12);
    let live = live_positions(Variant::TwoPhase);
    let independent_live = values.keys().filter(|b| !independent::lost(b)).count();
    assert_eq!(live.len(), independent_live, "both generators reach the same live positions");
    for state in live {
        let board = board_of(&state);
        let best = independent::children(&board).iter().map(|c| values[c].before().rank()).max().expect("moves");
        let decision = bot.choose(&state, &Budget::UNLIMITED, &mut stream).expect("a move");
        let mut next = state;
        next.try_play(decision.mv).expect("the bot's move is legal");
        let got: Value = values[&board_of(&next)].before();
        assert_eq!(
            got.rank(),
            best,
            "{}: perfect played {} worth {got:?}, the independent solve's best ranks {best}",
            state.format_position(),
            state.format_move(decision.mv)
        );
    }
}

#[test]
fn the_solutions_satisfy_the_minimax_equations_everywhere() {
    for variant in [Variant::Classic, Variant::TwoPhase] {
        let solution = Solution::new(variant);
        for state in live_positions(variant) {
            let value = solution.outcome(&state).expect("every reachable position is solved");
            let best = solution.best_moves(&state);
            let Some(&(_, through_best)) = best.first() else { panic!("a live position has moves") };
            assert_eq!(value, through_best, "{}", state.format_position());
        }
    }
}

#[test]
fn the_solution_and_alpha_beta_agree_on_every_classic_position() {
    let solution = Solution::new(Variant::Classic);
    let mut search =
        hamle_core::search::AlphaBeta::new(hamle_classics::tictactoe::bots::Quickest, hamle_core::NoOrder, 0);
    for state in live_positions(Variant::Classic) {
        let found = search.search(&state, &Budget::UNLIMITED).expect("a player is to move");
        let expected = match solution.outcome(&state) {
            Some(Outcome::Win(_)) => 1.0,
            Some(Outcome::Loss(_)) => -1.0,
            _ => 0.0,
        };
        let sign = if found.value > 0.0 {
            1.0
        } else if found.value < 0.0 {
            -1.0
        } else {
            0.0
        };
        assert_eq!(sign, expected, "{}", state.format_position());
    }
}

#[test]
fn classic_tictactoe_is_a_draw_and_every_first_move_holds_it() {
    let solution = Solution::new(Variant::Classic);
    let start = TicTacToe::classic();
    assert_eq!(solution.outcome(&start), Some(Outcome::Draw));
    assert_eq!(solution.best_moves(&start).len(), 9);
}

#[test]
fn two_phase_is_a_first_player_win_from_the_centre_only() {
    let solution = Solution::new(Variant::TwoPhase);
    let start = TicTacToe::two_phase();
    assert_eq!(solution.outcome(&start), Some(Outcome::Win(9)));
    let best: Vec<Move> = solution.best_moves(&start).into_iter().map(|(mv, _)| mv).collect();
    assert_eq!(best, vec![Move::Place(4)]);
    assert!(solution.longest() < hamle_classics::tictactoe::MAX_SLIDES, "the slide limit never cuts a forced win");
}

#[test]
fn thesis_depth_two_picks_the_centre_with_value_one() {
    // §1.6: max{min(1, 0, 1, 0, −1), min(−1, 0, −1, 0, −2), min(1, 2)} = 1, for corner, edge and centre.
    let start = TicTacToe::classic();
    let (values, _) = Thesis { depth: 2, ..Default::default() }.values(&start);
    let value_of = |cell: u8| values.iter().find(|s| s.mv == Move::Place(cell)).map(|s| s.value);
    assert_eq!(value_of(0), Some(-1.0), "corner");
    assert_eq!(value_of(1), Some(-2.0), "edge");
    assert_eq!(value_of(4), Some(1.0), "centre");
    for seed in 0..20 {
        let decision = Thesis { depth: 2, ..Default::default() }
            .choose(&start, &Budget::UNLIMITED, &mut Stream::new(seed))
            .expect("a move");
        assert_eq!((decision.mv, decision.score), (Move::Place(4), 1.0));
    }
}

#[test]
fn open_lines_match_the_thesis_figures() {
    let board = |text: &str| TicTacToe::classic().parse_position(text).expect("a legal position");
    // x in the centre, o in a corner: x has 5 open lines, o has 4.
    assert_eq!(OpenLines::open_lines(&board(".../.x./o.. x"), 0), 1);
    // x in the centre, o on an edge: 6 − 4.
    assert_eq!(OpenLines::open_lines(&board(".../.x./.o. x"), 0), 2);
    // x in a corner, o in the centre: 4 − 5, and the view of o is the negation.
    assert_eq!(OpenLines::open_lines(&board(".../.o./x.. x"), 0), -1);
    assert_eq!(OpenLines::default().evaluate(&board(".../.o./x.. x"), 1), 1.0);
    assert_eq!(OpenLines::default().evaluate(&board("ooo/x../xx. x"), 1), f64::INFINITY);
    assert_eq!(OpenLines::default().evaluate(&board("ooo/x../xx. x"), 0), f64::NEG_INFINITY);
}

#[test]
fn open_lines_weigh_each_side_by_its_own_weight() {
    let board = |text: &str| TicTacToe::classic().parse_position(text).expect("a legal position");
    // x in the centre, o in a corner: 5 lines open to x, 4 to o (worked by hand above).
    let weighted = OpenLines { mine: 2.0, theirs: 0.5 };
    assert_eq!(weighted.evaluate(&board(".../.x./o.. x"), 0), 2.0 * 5.0 - 0.5 * 4.0);
    assert_eq!(weighted.evaluate(&board(".../.x./o.. x"), 1), 2.0 * 4.0 - 0.5 * 5.0);
    assert_eq!(weighted.evaluate(&board("ooo/x../xx. x"), 1), f64::INFINITY, "a win stays a win");
    let made = |spec: &str| {
        let def = hamle_classics::tictactoe::definition();
        let bot: hamle_core::Spec = spec.parse().expect("a spec");
        def.bot(&bot, &TicTacToe::classic()).map(|b| b.name()).map_err(|e| e.to_string())
    };
    assert_eq!(made("thesis").as_deref(), Ok("thesis(depth=2)"), "the thesis's weights are the default");
    assert_eq!(made("thesis(mine=2,theirs=0.5)").as_deref(), Ok("thesis(depth=2,mine=2,theirs=0.5)"));
    assert!(made("thesis(mine=11)").expect_err("out of range").contains("-10..=10"));
}

#[test]
fn thesis_takes_a_win_in_one_and_blocks_a_loss_in_one() {
    let board = |text: &str| TicTacToe::classic().parse_position(text).expect("a legal position");
    let mut stream = Stream::new(3);
    let win = Thesis { depth: 2, ..Default::default() }
        .choose(&board(".../oo./xx. x"), &Budget::UNLIMITED, &mut stream)
        .expect("a move");
    assert_eq!(win.mv, Move::Place(2));
    let block =
        Thesis { depth: 2, ..Default::default() }.choose(&board("..x/.x./oo. x"), &Budget::UNLIMITED, &mut stream);
    assert_eq!(block.map(|d| d.mv), Some(Move::Place(2)));
}

#[test]
fn the_budget_depth_caps_the_thesis_depth() {
    let mut bot = Thesis { depth: 4, ..Default::default() };
    let decision = bot.choose(&TicTacToe::classic(), &Budget::depth(1), &mut Stream::new(1)).expect("a move");
    assert_eq!(decision.depth, 1);
}

#[test]
fn perfect_keeps_the_best_value_along_many_games_with_one_bot_each() {
    // A bot keeps its transposition table through a game, so stale entries from earlier moves
    // must never change a value: check every move of many seeded games against the solution.
    let solution = Solution::new(Variant::Classic);
    for seed in 0..400 {
        let mut stream = Stream::new(seed);
        let mut perfect = Perfect::default();
        let seat = u8::from(seed % 2 == 1);
        let mut state = TicTacToe::classic();
        while let Turn::Player(p) = state.turn() {
            let mv = if p == seat {
                let decision = perfect.choose(&state, &Budget::UNLIMITED, &mut stream).expect("a move");
                let best = solution.best_moves(&state);
                assert!(best.iter().any(|&(mv, _)| mv == decision.mv), "seed {seed}: {}", state.format_position());
                decision.mv
            } else {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                *stream.pick(&moves).expect("a live position has moves")
            };
            state.play(mv);
        }
        assert_ne!(state.winner(), Some(seat ^ 1));
    }
}

/// The thesis player's move as `values` (the reference minimax of `hamle-core`) gives it: the stream
/// picks among the best, in move order.
fn reference_choice(depth: u32, state: &TicTacToe, seed: u64) -> (Move, f64, Vec<Move>, u64) {
    let (scored, nodes) = Thesis { depth, ..Default::default() }.values(state);
    let best = scored.iter().map(|s| s.value).fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<_> = scored.iter().filter(|s| s.value >= best - 1e-9).collect();
    let chosen = Stream::new(seed).pick(&ties).copied().expect("a move");
    (chosen.mv, chosen.value, chosen.pv.clone(), nodes + 1)
}

#[test]
fn the_thesis_player_matches_the_reference_minimax_with_or_without_a_budget() {
    let roomy =
        Budget { nodes: Some(u64::MAX), time: Some(std::time::Duration::from_secs(600)), depth: None, clock: None };
    for variant in [Variant::Classic, Variant::TwoPhase] {
        for (i, state) in live_positions(variant).iter().enumerate().step_by(7) {
            for depth in 1..=3 {
                let seed = i as u64;
                let expected = reference_choice(depth, state, seed);
                let mut bot = Thesis { depth, ..Default::default() };
                for budget in [Budget::UNLIMITED, roomy] {
                    let d = bot.choose(state, &budget, &mut Stream::new(seed)).expect("a move");
                    assert_eq!((d.mv, d.score, d.pv.clone()), (expected.0, expected.1, expected.2.clone()));
                    assert_eq!(d.depth, depth);
                    if budget == Budget::UNLIMITED {
                        assert_eq!(d.nodes, expected.3, "the nodes are counted as before");
                    }
                }
            }
        }
    }
}

#[test]
fn a_node_budget_stops_the_thesis_player_at_its_deepest_finished_depth() {
    for variant in [Variant::Classic, Variant::TwoPhase] {
        for state in live_positions(variant).iter().step_by(41) {
            let cost = |depth| Thesis { depth, ..Default::default() }.values(state).1 + 1;
            let limit = cost(1) + cost(2) + cost(3) / 2;
            let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
            let d =
                Thesis { depth: 9, ..Default::default() }.choose(state, &budget, &mut Stream::new(2)).expect("a move");
            assert!(d.nodes <= limit);
            let reached = d.depth;
            // Positions near the end need no nodes for depth 3 beyond depth 2's.
            assert!(reached >= 2, "{state:?}");
            let expected = reference_choice(reached, state, 2);
            assert_eq!((d.mv, d.score), (expected.0, expected.1));
        }
    }
}

#[test]
fn the_thesis_player_never_reports_more_nodes_than_its_budget() {
    let start = TicTacToe::new(Variant::TwoPhase);
    for limit in [0, 1, 5, 9, 100, 10_000, 100_000] {
        let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
        let d = Thesis { depth: 9, ..Default::default() }.choose(&start, &budget, &mut Stream::new(1)).expect("a move");
        assert!(d.nodes <= limit, "{} nodes for {limit}", d.nodes);
        if limit < 10 {
            // Depth 1 is the root and its 9 children: nothing finished, the first cell is played.
            assert_eq!((d.mv, d.depth), (Move::Place(0), 0));
        } else {
            assert!(d.depth >= 1);
        }
    }
}

/// Depth 9 from the empty two-phase board is 1.8 million nodes, 0.2 s unbounded on the 2-core test machine.
#[test]
fn a_time_budget_stops_the_deepest_thesis_player() {
    let start = TicTacToe::new(Variant::TwoPhase);
    let clock = std::time::Instant::now();
    let budget = Budget::time(std::time::Duration::from_millis(5));
    let d = Thesis { depth: 9, ..Default::default() }.choose(&start, &budget, &mut Stream::new(1)).expect("a move");
    let wall = clock.elapsed();
    assert!(wall < std::time::Duration::from_millis(150), "took {wall:?}");
    assert!((1..9).contains(&d.depth), "depth {}", d.depth);
}

#[test]
fn a_roomy_time_budget_lets_the_deepest_thesis_player_finish() {
    // Depth 9 from the empty board is 550,000 nodes, hundreds of clock readings: none may stop it.
    let start = TicTacToe::classic();
    let budget = Budget::time(std::time::Duration::from_secs(600));
    let d = Thesis { depth: 9, ..Default::default() }.choose(&start, &budget, &mut Stream::new(5)).expect("a move");
    let expected = reference_choice(9, &start, 5);
    assert_eq!((d.mv, d.score, d.depth), (expected.0, expected.1, 9));
}
