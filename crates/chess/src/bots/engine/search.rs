//! The engine's search: iterative deepening, principal-variation search with aspiration windows, a
//! transposition table, quiescence with static exchange evaluation, singular extensions, and the usual
//! prunings and reductions; quiet moves ordered by history, killers, countermoves and continuation histories.
//!
//! Scores are centipawns for the side to move; a mate is [`MATE`] less its distance in plies.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Rank, Square, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_rook_moves,
};

use super::eval::{Weights, evaluate};
use super::nnue::{Accumulator, Network};
use super::tt::{Bound, Hit, Table};

/// A mate at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// Deepest ply a search may reach (extensions included).
pub const MAX_PLY: usize = 120;

/// Piece values for exchanges and ordering: pawn … king.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score of a search value.
    pub fn of(value: i32) -> Score {
        if value > MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value < -MATE_BOUND {
            Score::Mate(-(MATE + value + 1) / 2)
        } else {
            Score::Cp(value)
        }
    }
}

/// What bounds a search: any of depth, nodes, time; `stop` from outside ends it too.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// No new iteration starts after this.
    pub soft: Option<Duration>,
    /// The search stops at once after this.
    pub hard: Option<Duration>,
}

/// A finished iteration, as UCI's `info` line reports it.
#[derive(Clone, Debug)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Value of the best line.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// The best line.
    pub pv: Vec<Move>,
    /// Permille of the transposition table used in this search.
    pub hashfull: u32,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The move to play (`None` only when the root has no legal move).
    pub best: Option<Move>,
    /// Its value, in search units.
    pub value: i32,
    /// The best line.
    pub pv: Vec<Move>,
    /// Depth of the last iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Entries of a continuation history: an earlier move's piece and destination, then this move's.
const FOLLOW_SIZE: usize = 6 * 64 * 6 * 64;

/// Where a continuation history keeps a quiet move (`piece` to `to`) played after `earlier`.
fn follow_index(earlier: (Piece, Square), piece: Piece, to: Square) -> usize {
    ((earlier.0 as usize * 64 + earlier.1 as usize) * 6 + piece as usize) * 64 + to as usize
}

/// Search state kept between moves: the table and the move-ordering statistics.
pub struct Searcher {
    table: Table,
    weights: &'static Weights,
    /// The neural evaluation, when it is used in place of the hand-made one.
    network: Option<&'static Network>,
    /// The network's sums at each ply, each brought up to date from its own or its parent's position.
    sums: Vec<Accumulator>,
    /// Quiet moves' success, by side, from and to.
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// The quiet move that refuted the previous move, by its piece and destination.
    counter: Box<[[u16; 64]; 6]>,
    /// Quiet moves' success after a given move one and two plies earlier (continuation histories).
    follow: [Vec<i32>; 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    reductions: [[u8; 64]; 64],
    // One search's state.
    keys: Vec<u64>,
    lists: Vec<Vec<(Move, i32)>>,
    pv: Vec<Vec<Move>>,
    evals: [i32; MAX_PLY + 1],
    moved: [Option<(Piece, Square)>; MAX_PLY + 1],
    /// The move a singular-extension search leaves out at each ply.
    excluded: [Option<Move>; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    start: Instant,
    limits: Limits,
    stopped: bool,
    /// Whether this iteration has found a root move, searched in full, better than the window's floor.
    root_improved: bool,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` MiB and the hand-made evaluation.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::with_network(hash_mb, None)
    }

    /// A searcher evaluating with `network`, or with the hand-made evaluation when it is `None`.
    pub fn with_network(hash_mb: usize, network: Option<&'static Network>) -> Searcher {
        let mut reductions = [[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        Searcher {
            table: Table::new(hash_mb),
            weights: Weights::shipped(),
            network,
            sums: network.map_or_else(Vec::new, |n| vec![Accumulator::new(n); MAX_PLY + 1]),
            history: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[0; 64]; 6]),
            follow: [vec![0; FOLLOW_SIZE], vec![0; FOLLOW_SIZE]],
            killers: [[None; 2]; MAX_PLY + 1],
            reductions,
            keys: Vec::new(),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            evals: [0; MAX_PLY + 1],
            moved: [None; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stopped: false,
            root_improved: false,
        }
    }

    /// About how many bytes it holds: its table, its histories and its per-ply lists.
    pub fn memory(&self) -> usize {
        let lists: usize = self.lists.iter().map(|l| l.capacity() * std::mem::size_of::<(Move, i32)>()).sum();
        std::mem::size_of::<Searcher>()
            + self.table.bytes()
            + std::mem::size_of_val(&*self.history)
            + std::mem::size_of_val(&*self.counter)
            + self.follow.iter().map(|f| f.capacity() * std::mem::size_of::<i32>()).sum::<usize>()
            + self.sums.capacity() * std::mem::size_of::<Accumulator>()
            + lists
    }

    /// A new table of `hash_mb` MiB.
    pub fn resize(&mut self, hash_mb: usize) {
        self.table = Table::new(hash_mb);
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        *self.history = [[[0; 64]; 64]; 2];
        *self.counter = [[0; 64]; 6];
        self.follow.iter_mut().for_each(|f| f.fill(0));
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// Searches `board`, reached through the positions whose keys are `history` (oldest first, for
    /// repetitions), within `limits` or until `stop` is set; `report` hears of each finished iteration.
    pub fn search(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.table.next_age();
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.killers = [[None; 2]; MAX_PLY + 1];
        let mut legal = Vec::new();
        board.generate_moves(|moves| {
            legal.extend(moves);
            false
        });
        let Some(&first) = legal.first() else {
            return Outcome { best: None, value: 0, pv: Vec::new(), depth: 0, nodes: 0 };
        };
        let mut outcome = Outcome { best: Some(first), value: 0, pv: vec![first], depth: 0, nodes: 0 };
        let max_depth = limits.depth.map_or(MAX_PLY as u32 - 8, |d| d.clamp(1, MAX_PLY as u32 - 8));
        let mut value = 0;
        // Finished iterations in a row whose best move was the one before's: under a clock, a move that keeps
        // changing gets more time and a settled one less.
        let mut stable = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.root_improved = false;
            let mut delta = 18;
            let (mut alpha, mut beta) = if depth >= 5 { (value - delta, value + delta) } else { (-INFINITY, INFINITY) };
            loop {
                let found = self.negamax(board, depth as i32, 0, alpha, beta, true, stop);
                if self.stopped {
                    break;
                }
                if found <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (found - delta).max(-INFINITY);
                } else if found >= beta {
                    beta = (found + delta).min(INFINITY);
                } else {
                    value = found;
                    break;
                }
                delta += delta / 2;
            }
            let line = self.pv[0].clone();
            if self.stopped {
                // An interrupted iteration counts only for a root move it searched in full that beat the rest.
                if self.root_improved && depth > 1 && !line.is_empty() {
                    outcome.best = line.first().copied();
                    outcome.pv = line;
                }
                break;
            }
            if let Some(&mv) = line.first() {
                stable = if outcome.best == Some(mv) && depth > 1 { stable + 1 } else { 0 };
                outcome = Outcome { best: Some(mv), value, pv: line, depth, nodes: self.nodes };
            }
            report(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: Score::of(value),
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: outcome.pv.clone(),
                hashfull: self.table.hashfull(),
            });
            if value.abs() > MATE_BOUND && depth as i32 > 2 * (MATE - value.abs()) + 2 && limits.depth.is_none() {
                break;
            }
            if super::time::past_soft(self.start.elapsed(), limits.soft, limits.hard, stable) {
                break;
            }
        }
        outcome.nodes = self.nodes;
        outcome
    }
}

/// Whether `mv` takes something (en passant included); castling, a king taking its own rook, does not.
pub(crate) fn is_capture(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to)
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
}

/// What `mv` takes, by exchange value (a pawn for en passant).
fn captured_value(board: &Board, mv: Move) -> i32 {
    match board.piece_on(mv.to) {
        Some(piece) if board.color_on(mv.to) != Some(board.side_to_move()) => SEE_VALUE[piece as usize],
        _ if is_capture(board, mv) => SEE_VALUE[0],
        _ => 0,
    }
}

fn attackers(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    (get_pawn_attacks(square, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn))
        | (get_pawn_attacks(square, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn))
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_bishop_moves(square, occupied) & diagonal)
        | (get_rook_moves(square, occupied) & straight)
}

/// Static exchange evaluation: whether playing `mv` and the best sequence of recaptures on its square
/// leaves the mover at least `threshold` up.
pub fn see_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    let us = board.side_to_move();
    if board.color_on(mv.to) == Some(us) {
        return threshold <= 0;
    }
    let Some(mover) = board.piece_on(mv.from) else { return false };
    let mut gain = captured_value(board, mv) - threshold;
    if let Some(promotion) = mv.promotion {
        gain += SEE_VALUE[promotion as usize] - SEE_VALUE[0];
    }
    if gain < 0 {
        return false;
    }
    let on_square = mv.promotion.unwrap_or(mover);
    gain -= SEE_VALUE[on_square as usize];
    if gain >= 0 {
        return true;
    }
    let mut occupied = (board.occupied() - mv.from.bitboard()) | mv.to.bitboard();
    if mover == Piece::Pawn && board.piece_on(mv.to).is_none() && mv.from.file() != mv.to.file() {
        occupied -= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut around = attackers(board, mv.to, occupied) & occupied;
    let mut side = !us;
    loop {
        let ours = around & board.colors(side);
        if ours.is_empty() {
            break;
        }
        let Some(piece) = Piece::ALL.into_iter().find(|&p| !(ours & board.pieces(p)).is_empty()) else { break };
        let Some(from) = (ours & board.pieces(piece)).next_square() else { break };
        occupied -= from.bitboard();
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            around |= get_bishop_moves(mv.to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            around |= get_rook_moves(mv.to, occupied) & straight;
        }
        around &= occupied;
        side = !side;
        gain = -gain - 1 - SEE_VALUE[piece as usize];
        if gain >= 0 {
            // A king may not take into a guarded square: then the other side has the last word.
            if piece == Piece::King && !(around & board.colors(side)).is_empty() {
                side = !side;
            }
            break;
        }
    }
    side != us
}

/// Only kings and at most one minor piece: nobody can mate.
fn dead(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    heavy.is_empty() && board.occupied().len() <= 3
}

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = 1 << 26;
const BAD_CAPTURE: i32 = -(1 << 28);
const HISTORY_MAX: i32 = 16_384;

impl Searcher {
    /// The static evaluation of `board`, reached at `ply`.
    fn evaluate(&mut self, board: &Board, ply: usize) -> i32 {
        let Some(network) = self.network else { return evaluate(board, self.weights) };
        // The sums left at this ply (a sibling's) or the parent's: whichever needs fewer pieces changed.
        if ply > 0 && self.sums[ply - 1].distance(board) < self.sums[ply].distance(board) {
            let (before, after) = self.sums.split_at_mut(ply);
            after[0].clone_from(&before[ply - 1]);
        }
        let sums = &mut self.sums[ply];
        sums.update(network, board);
        let mut value = sums.evaluate(network, board.side_to_move());
        debug_assert_eq!(value, network.evaluate(board), "the sums brought up to date are the sums from scratch");
        if network.corrects {
            value += evaluate(board, self.weights);
        }
        value.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    fn time_up(&mut self, stop: &AtomicBool) -> bool {
        if self.nodes.is_multiple_of(1024) {
            let late = self.limits.hard.is_some_and(|hard| self.start.elapsed() >= hard);
            if late || stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        self.stopped
    }

    fn repeated(&self, board: &Board, key: u64) -> bool {
        let window = usize::from(board.halfmove_clock()).min(self.keys.len());
        self.keys[self.keys.len() - window..].iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }

    /// Scores the moves of `list` for ordering.
    fn order(&self, board: &Board, list: &mut [(Move, i32)], tt_move: u16, ply: usize) {
        let counter =
            ply.checked_sub(1).and_then(|p| self.moved[p]).map(|(piece, to)| self.counter[piece as usize][to as usize]);
        for entry in list.iter_mut() {
            let mv = entry.0;
            entry.1 = if tt_move != 0 && super::tt::pack(mv) == tt_move {
                TT_MOVE
            } else if is_capture(board, mv) || mv.promotion == Some(Piece::Queen) {
                let victim = captured_value(board, mv) + mv.promotion.map_or(0, |p| SEE_VALUE[p as usize]);
                let attacker = board.piece_on(mv.from).map_or(0, |p| p as i32);
                let base = if see_at_least(board, mv, 0) { GOOD_CAPTURE } else { BAD_CAPTURE };
                base + victim * 8 - attacker
            } else if self.killers[ply][0] == Some(mv) {
                KILLER + 1
            } else if self.killers[ply][1] == Some(mv) {
                KILLER
            } else if counter == Some(super::tt::pack(mv)) {
                COUNTER
            } else {
                self.quiet_score(board, mv, ply)
            };
        }
    }

    /// The moves one and two plies before `ply`, where there were moves (not a null move, not the root's past).
    fn earlier(&self, ply: usize) -> [Option<(Piece, Square)>; 2] {
        let at = |back: usize| ply.checked_sub(back).and_then(|p| self.moved[p]);
        [at(1), at(2)]
    }

    /// A quiet move's history: how often it cut off, by itself and after the two moves before it.
    fn quiet_score(&self, board: &Board, mv: Move, ply: usize) -> i32 {
        let mut score = self.history[board.side_to_move() as usize][mv.from as usize][mv.to as usize];
        if let Some(piece) = board.piece_on(mv.from) {
            for (table, earlier) in self.follow.iter().zip(self.earlier(ply)) {
                if let Some(earlier) = earlier {
                    score += table[follow_index(earlier, piece, mv.to)];
                }
            }
        }
        score
    }

    /// Lists and orders the legal moves of `board` into `list`; false when there are none.
    fn list_moves(&self, board: &Board, list: &mut Vec<(Move, i32)>, tt_move: u16, ply: usize) -> bool {
        board.generate_moves(|moves| {
            list.extend(moves.into_iter().map(|mv| (mv, 0)));
            false
        });
        self.order(board, list, tt_move, ply);
        !list.is_empty()
    }

    /// The `i`-th move to search at a node: the table's move `tt_first` alone while nothing is listed, then the
    /// listed moves best first. Once listed, the table's move is picked first and passed over, so for the same
    /// histories the rest come in the order that picking from the whole list gives.
    fn next_move(
        &self,
        board: &Board,
        list: &mut Vec<(Move, i32)>,
        tt_first: Option<Move>,
        ply: usize,
        i: usize,
    ) -> Option<(Move, i32)> {
        if let Some(mv) = tt_first {
            if i == 0 {
                return Some((mv, TT_MOVE));
            }
            if i == 1 && self.list_moves(board, list, super::tt::pack(mv), ply) {
                let (first, _) = Self::pick(list, 0);
                debug_assert_eq!(first, mv, "the table's move is legal, so it is listed and scored highest");
            }
        }
        (i < list.len()).then(|| Self::pick(list, i))
    }

    /// Takes the best-scored move left from `list[from..]`, moving it to `from`.
    fn pick(list: &mut [(Move, i32)], from: usize) -> (Move, i32) {
        let mut best = from;
        for i in from + 1..list.len() {
            if list[i].1 > list[best].1 {
                best = i;
            }
        }
        list.swap(from, best);
        list[from]
    }

    fn reward(&mut self, board: &Board, mv: Move, tried: &[Move], depth: i32, ply: usize) {
        let side = board.side_to_move() as usize;
        let bonus = (depth * depth).min(400);
        let update = |h: &mut i32, delta: i32| *h += delta - *h * delta.abs() / HISTORY_MAX;
        let earlier = self.earlier(ply);
        for (&quiet, delta) in
            std::iter::once((&mv, bonus)).chain(tried.iter().filter(|&&o| o != mv).map(|o| (o, -bonus)))
        {
            update(&mut self.history[side][quiet.from as usize][quiet.to as usize], delta);
            let Some(piece) = board.piece_on(quiet.from) else { continue };
            for (table, earlier) in self.follow.iter_mut().zip(earlier) {
                if let Some(earlier) = earlier {
                    update(&mut table[follow_index(earlier, piece, quiet.to)], delta);
                }
            }
        }
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some((piece, to)) = ply.checked_sub(1).and_then(|p| self.moved[p]) {
            self.counter[piece as usize][to as usize] = super::tt::pack(mv);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        board: &Board,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        stop: &AtomicBool,
    ) -> i32 {
        // A search already stopped counts no more nodes (a re-search may still be asked for on the way out).
        if self.stopped {
            return 0;
        }
        self.pv[ply].clear();
        let in_check = !board.checkers().is_empty();
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(board, ply, alpha, beta, stop);
        }
        self.nodes += 1;
        if self.time_up(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let key = board.hash();
        if ply > 0 {
            if board.halfmove_clock() >= 100 || dead(board) || self.repeated(board, key) {
                return 0;
            }
            // Mate-distance pruning: no line from here beats a mate already found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // A search leaving one move out (singular extensions) neither trusts nor fills the table for its node.
        let excluded = self.excluded[ply];
        let hit = self.table.probe(key);
        if let Some(score) = hit
            .filter(|h| !pv_node && excluded.is_none() && h.depth >= depth)
            .and_then(|h| cutoff(&h, ply, alpha, beta))
        {
            return score;
        }
        let tt_move = hit.map_or(0, |h| h.mv);
        let eval = if in_check { -INFINITY } else { hit.map_or_else(|| self.evaluate(board, ply), |h| h.eval) };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        if !pv_node && !in_check && ply > 0 && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search would not come back down.
            if depth <= 7 && eval - 80 * (depth - i32::from(improving)) >= beta && eval.abs() < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still holds beta, a real move will too (not in pawn endings: zugzwang).
            let pieces = board.colors(board.side_to_move()) - board.pieces(Piece::Pawn) - board.pieces(Piece::King);
            if depth >= 3
                && eval >= beta
                && !pieces.is_empty()
                && self.moved[ply - 1].is_some()
                && let Some(passed) = board.null_move()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                self.moved[ply] = None;
                self.keys.push(key);
                let score = -self.negamax(&passed, depth - r, ply + 1, -beta, -beta + 1, false, stop);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }
        // Without a move to try first, a deep search here is mostly wasted: search shallower.
        if tt_move == 0 && depth >= 4 && (pv_node || !in_check) {
            depth -= 1;
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        // The table's move is tried before the others are listed: it often cuts the node off alone, and then
        // they are never listed. The rest are ordered after its search, with the histories it left.
        let tt_first = super::tt::unpack(board, tt_move);
        if tt_first.is_none() && !self.list_moves(board, &mut list, tt_move, ply) {
            self.lists[ply] = list;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.keys.push(key);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = [Move { from: Square::A1, to: Square::A1, promotion: None }; 64];
        let mut quiet_count = 0usize;
        let mut searched = 0usize;
        let mut i = 0;
        while let Some((mv, order)) = self.next_move(board, &mut list, tt_first, ply, i) {
            i += 1;
            if Some(mv) == excluded {
                continue;
            }
            let mut extension = 0;
            if order == TT_MOVE && ply > 0 && depth >= 8 && excluded.is_none() && ply < MAX_PLY / 2 {
                match self.singular(board, mv, hit, depth, ply, beta, stop) {
                    Singular::Extend => extension = 1,
                    Singular::Cut(score) => {
                        self.keys.pop();
                        self.lists[ply] = list;
                        return score;
                    }
                    Singular::No => {}
                }
                if self.stopped {
                    break;
                }
            }
            let quiet = !is_capture(board, mv) && mv.promotion.is_none();
            let mut child = board.clone();
            child.play_unchecked(mv);
            let gives_check = !child.checkers().is_empty();
            if ply > 0 && best > -MATE_BOUND && !in_check {
                if quiet && !gives_check {
                    // Late-move pruning: far down the list, quiet moves rarely matter.
                    if !pv_node && depth <= 7 && quiet_count as i32 >= (3 + depth * depth) / (2 - i32::from(improving))
                    {
                        continue;
                    }
                    // Futility: not even a good positional move lifts this above alpha.
                    if !pv_node && depth <= 6 && eval + 100 + 90 * depth <= alpha {
                        continue;
                    }
                    if depth <= 6 && !see_at_least(board, mv, -25 * depth * depth) {
                        continue;
                    }
                } else if !quiet && depth <= 6 && order < GOOD_CAPTURE && !see_at_least(board, mv, -100 * depth) {
                    continue;
                }
            }
            self.moved[ply] = board.piece_on(mv.from).map(|p| (p, mv.to));
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1 + extension, ply + 1, -beta, -alpha, pv_node, stop)
            } else {
                // Late-move reductions: later quiet moves get a shallower look unless they prove better.
                let mut r = 0;
                if depth >= 3 && searched >= 2 && quiet && !in_check {
                    r = i32::from(self.reductions[(depth as usize).min(63)][searched.min(63)]);
                    r += i32::from(!pv_node) - i32::from(improving) - i32::from(gives_check);
                    r -= self.quiet_score(board, mv, ply) / 12_000;
                    r -= i32::from(order >= COUNTER);
                    r = r.clamp(0, depth - 2);
                }
                let mut score = -self.negamax(&child, depth - 1 - r, ply + 1, -alpha - 1, -alpha, false, stop);
                if score > alpha && r > 0 {
                    score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, false, stop);
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true, stop);
                }
                score
            };
            if self.stopped {
                break;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.root_improved = true;
                    }
                    if score >= beta {
                        if quiet {
                            self.reward(board, mv, &quiets_tried[..quiet_count], depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }
        self.keys.pop();
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        if searched == 0 {
            // Every move was pruned: the node is worth what the static evaluation promised.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            let stored_eval = if in_check { 0 } else { eval };
            self.table.store(key, best_move, to_table(best, ply), stored_eval, depth, bound);
        }
        best
    }

    /// Singular extensions: whether the table's move `mv` is so much better than every other that it deserves a
    /// deeper look, or, when even the others hold `beta`, that the node is a cut without searching it.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        board: &Board,
        mv: Move,
        hit: Option<Hit>,
        depth: i32,
        ply: usize,
        beta: i32,
        stop: &AtomicBool,
    ) -> Singular {
        let Some(hit) = hit else { return Singular::No };
        let tt_score = from_table(hit.score, ply);
        if hit.depth < depth - 3 || hit.bound == Bound::Upper || tt_score.abs() >= MATE_BOUND {
            return Singular::No;
        }
        let singular_beta = tt_score - 2 * depth;
        // The node's own key is on the stack while its moves are searched; the reduced search at this ply
        // must see the stack as the node itself did.
        let key = self.keys.pop();
        self.excluded[ply] = Some(mv);
        let score = self.negamax(board, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, stop);
        self.excluded[ply] = None;
        self.keys.extend(key);
        // The reduced search's line is no line of this node's.
        self.pv[ply].clear();
        if self.stopped {
            Singular::No
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    fn quiesce(&mut self, board: &Board, ply: usize, mut alpha: i32, beta: i32, stop: &AtomicBool) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.time_up(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if dead(board) {
            return 0;
        }
        let in_check = !board.checkers().is_empty();
        let key = board.hash();
        let hit = self.table.probe(key);
        if let Some(score) = hit.and_then(|h| cutoff(&h, ply, alpha, beta)) {
            return score;
        }
        let stand_pat =
            if in_check { -MATE + ply as i32 } else { hit.map_or_else(|| self.evaluate(board, ply), |h| h.eval) };
        if ply >= MAX_PLY {
            return if in_check { 0 } else { stand_pat };
        }
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let enemies = board.colors(!board.side_to_move());
        // Only captures and queen promotions, unless in check: mask the destinations before listing moves.
        let mut pawn_targets = enemies | Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(file) = board.en_passant() {
            pawn_targets |= Square::new(file, Rank::Sixth.relative_to(board.side_to_move())).bitboard();
        }
        board.generate_moves(|mut moves| {
            if !in_check {
                moves.to &= if moves.piece == Piece::Pawn { pawn_targets } else { enemies };
            }
            for mv in moves {
                if in_check || mv.promotion.is_none_or(|p| p == Piece::Queen) {
                    list.push((mv, 0));
                }
            }
            false
        });
        if in_check && list.is_empty() {
            self.lists[ply] = list;
            return -MATE + ply as i32;
        }
        self.order(board, &mut list, hit.map_or(0, |h| h.mv), ply);
        let mut best = stand_pat;
        for i in 0..list.len() {
            let (mv, order) = Self::pick(&mut list, i);
            if !in_check {
                // Delta pruning: even winning the piece outright would not reach alpha.
                if mv.promotion.is_none() && stand_pat + captured_value(board, mv) + 200 <= alpha {
                    continue;
                }
                if order < GOOD_CAPTURE {
                    continue;
                }
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, stop);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.stopped { 0 } else { best }
    }
}

/// What a singular-extension search found.
#[derive(Debug)]
enum Singular {
    /// Every other move falls short: search this one a ply deeper.
    Extend,
    /// Other moves reach beta too: the node is a cut with this score.
    Cut(i32),
    /// Neither.
    No,
}

/// The stored score, when its bound settles the node against the window `alpha..beta`.
fn cutoff(hit: &Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(hit.score, ply);
    let settles = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}

/// A score as the table keeps it: mates counted from the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Searcher {
    /// Each legal move of `board` with its value searched `depth` plies deep in a full window: slower than
    /// [`Searcher::search`], for players that choose among near-best moves (the engine's lower levels).
    pub fn root_values(&mut self, board: &Board, history: &[u64], depth: u32, stop: &AtomicBool) -> Vec<(Move, i32)> {
        self.start = Instant::now();
        self.stopped = false;
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.keys.push(board.hash());
        let mut legal = Vec::new();
        board.generate_moves(|moves| {
            legal.extend(moves);
            false
        });
        let mut values = Vec::with_capacity(legal.len());
        for mv in legal {
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.moved[0] = board.piece_on(mv.from).map(|p| (p, mv.to));
            let value = -self.negamax(&child, depth as i32 - 1, 1, -INFINITY, INFINITY, true, stop);
            if self.stopped {
                break;
            }
            values.push((mv, value));
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("a legal FEN")
    }

    fn mv(from: Square, to: Square) -> Move {
        Move { from, to, promotion: None }
    }

    #[test]
    fn a_cut_rewards_the_move_by_itself_and_after_each_of_the_two_moves_before_it() {
        let start = Board::default();
        let mut searcher = Searcher::new(1);
        searcher.moved[0] = Some((Piece::Pawn, Square::E4));
        searcher.moved[1] = Some((Piece::Pawn, Square::E5));
        let (cut, tried) = (mv(Square::G1, Square::F3), mv(Square::B1, Square::C3));
        searcher.reward(&start, cut, &[tried], 4, 2);
        // depth 4: a bonus of 16 in each of the three tables, the same malus for the move tried before it.
        assert_eq!(searcher.quiet_score(&start, cut, 2), 3 * 16);
        assert_eq!(searcher.quiet_score(&start, tried, 2), -3 * 16);
        // After another move one ply back only the history and the table two plies back know it.
        searcher.moved[1] = Some((Piece::Pawn, Square::D5));
        assert_eq!(searcher.quiet_score(&start, cut, 2), 2 * 16);
        // At the root's first ply nothing came before: the history alone.
        assert_eq!(searcher.quiet_score(&start, cut, 0), 16);
        assert_eq!(searcher.killers[2][0], Some(cut));
        searcher.clear();
        assert_eq!(searcher.quiet_score(&start, cut, 2), 0, "a new game forgets");
    }

    #[test]
    fn every_pair_of_moves_has_a_continuation_slot_of_its_own() {
        let mut seen = vec![false; FOLLOW_SIZE];
        for earlier in Piece::ALL.into_iter().flat_map(|p| Square::ALL.into_iter().map(move |s| (p, s))) {
            for piece in Piece::ALL {
                for to in Square::ALL {
                    let slot = follow_index(earlier, piece, to);
                    assert!(!std::mem::replace(&mut seen[slot], true), "{earlier:?} then {piece:?} to {to:?}");
                }
            }
        }
    }

    #[test]
    fn the_table_move_tried_unlisted_leaves_the_order_a_full_list_gives() {
        // A middle game with captures, killers, a counter and histories in play.
        let board = board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut searcher = Searcher::new(1);
        searcher.moved[1] = Some((Piece::Knight, Square::F6));
        searcher.reward(&board, mv(Square::D2, Square::D3), &[mv(Square::B1, Square::C3)], 5, 2);
        searcher.reward(&board, mv(Square::E1, Square::G1), &[], 3, 2);
        let ordered = |tt_first: Option<Move>| {
            let mut list = Vec::new();
            let mut order = Vec::new();
            if tt_first.is_none() {
                searcher.list_moves(&board, &mut list, 0, 2);
            }
            while let Some((mv, _)) = searcher.next_move(&board, &mut list, tt_first, 2, order.len()) {
                order.push(mv);
            }
            order
        };
        let unordered = ordered(None);
        assert_eq!(unordered.len(), 33, "every legal move once");
        for tt in [mv(Square::F3, Square::E5), mv(Square::C4, Square::F7), mv(Square::H2, Square::H3)] {
            let first = ordered(Some(tt));
            // The same moves, the table's first, then the rest as picking from the whole list would give them.
            let mut listed = Vec::new();
            searcher.list_moves(&board, &mut listed, super::super::tt::pack(tt), 2);
            let picked: Vec<Move> = (0..listed.len()).map(|i| Searcher::pick(&mut listed, i).0).collect();
            assert_eq!(first[0], tt);
            assert_eq!(first, picked, "with {tt} first");
        }
    }

    #[test]
    fn a_node_budget_is_never_overrun() {
        // The opening at 20,000 nodes once counted 20,002: re-searches begun on the way out of a stopped search.
        let stop = AtomicBool::new(false);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ] {
            for nodes in [1_000, 5_000, 20_000, 50_000] {
                let mut searcher = Searcher::new(1);
                let limits = Limits { nodes: Some(nodes), ..Limits::default() };
                let outcome = searcher.search(&board(fen), &[], limits, &stop, &mut |_| {});
                assert!(outcome.nodes <= nodes && outcome.nodes > nodes / 2, "{fen} at {nodes}: {}", outcome.nodes);
            }
        }
    }

    /// Searches `fen` deep enough to leave its root in the table, then asks whether the table's move is singular;
    /// `beta` is given the table's score for the root, which comes back last.
    fn singular(fen: &str, beta: impl Fn(i32) -> i32) -> (Move, Singular, i32) {
        let board = board(fen);
        let mut searcher = Searcher::new(1);
        let stop = AtomicBool::new(false);
        let outcome = searcher.search(&board, &[], Limits { depth: Some(9), ..Limits::default() }, &stop, &mut |_| {});
        let best = outcome.best.expect("a move");
        let hit = searcher.table.probe(board.hash());
        assert!(hit.is_some_and(|h| h.mv == super::super::tt::pack(best)), "the root's move is in the table");
        searcher.keys.push(board.hash());
        let tt = hit.map_or(0, |h| from_table(h.score, 1));
        let beta = beta(tt);
        let found = searcher.singular(&board, best, hit, 9, 1, beta, &stop);
        assert_eq!(searcher.keys, [board.hash()], "the stack is as it was");
        assert_eq!(searcher.excluded[1], None, "the left-out move is put back");
        (best, found, tt)
    }

    #[test]
    fn the_only_move_that_wins_a_queen_is_singular() {
        // Only the rook can take the undefended queen.
        let (best, found, _) = singular("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", |_| 0);
        assert_eq!(best, mv(Square::D2, Square::D5));
        assert!(matches!(found, Singular::Extend));
    }

    #[test]
    fn a_second_move_as_good_makes_a_cut_without_searching_the_first() {
        // At the start several moves are within a few centipawns of the best.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // The others are searched against the table's score less 2 × depth 9: a beta below that is a cut.
        let (_, found, tt) = singular(start, |tt| tt - 2 * 9 - 10);
        // (A cut's value is the others' beta by construction: what is tested is that it is a cut at all.)
        assert!(matches!(found, Singular::Cut(score) if score == tt - 2 * 9), "a cut: {found:?}");
        let (_, found, _) = singular(start, |_| 5_000);
        assert!(matches!(found, Singular::No), "beta out of reach: neither: {found:?}");
    }
}
