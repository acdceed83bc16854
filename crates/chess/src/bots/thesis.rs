//! The thesis's player (seed `001`, §2.3–2.7): minimax to a fixed depth on material ("static" values) plus
//! piece-square tables ("dynamic" values), as the thesis wrote it, with alpha-beta as an option that chooses
//! the same move.
//!
//! What it does, as the thesis does:
//! - **Values** in hundredths of a pawn, so that sums are exact and alpha-beta finds the same values as
//!   minimax: pawn 100, knight 300, bishop 300, rook 450, queen 900, king 0 (Çizelge 2.3).
//! - **Tables** ([`TABLES`]): white's, rank 8 first as printed; black's are white's mirrored rank for rank
//!   (Çizelge 2.4 checks the mirror: black's a8 rook is worth white's a1 value, 0.1).
//! - **Evaluation** from the side the bot plays: its pieces count plus, the opponent's minus (§2.6).
//! - **Search** MINIMAX-DECISION, MAX-VALUE and MIN-VALUE of Şekil 2.1, to a fixed depth ("katman"). The
//!   terminal test is the game's: a side with no move is mated (worth ∓1000 pawns, at any distance: the thesis
//!   has no preference for quicker mates) or stalemated (0).
//! - **Order and ties**: moves in the order the thesis scans its board array (a8 = 0 … h1 = 63, §3.6), by the
//!   square they leave, then the square they reach, promotions queen first; the root keeps the first move
//!   whose value is strictly greater than the best so far (§2.6: "daha büyük ise").
//!
//! What the thesis leaves unsaid, chosen here: it claims a draw (threefold, fifty moves) when one is open and
//! every move scores below zero; the search itself knows nothing of repetition or the fifty-move rule. A
//! budget's depth replaces its own; a budget that runs out of nodes or time stops it at once: it plays the
//! best root move searched in full, or the first in its order when none was.

use std::time::Instant;

use cozy_chess::{Board, Color, Piece, Square};
use hamle_core::bot::Limits;
use hamle_core::{Bot, Budget, Decision, Stream};

use crate::rules::{Chess, Move};

/// A move on the board, in cozy-chess's form.
pub type BoardMove = cozy_chess::Move;

/// Which values the evaluation sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Material only (the thesis's "statik değerlendirme" column of Çizelge 4.1).
    Static,
    /// Material plus piece-square tables (its full player).
    Dynamic,
}

/// How the tree is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every node, as Şekil 2.1.
    Minimax,
    /// Alpha-beta: fewer nodes, the same move.
    AlphaBeta,
}

/// The thesis's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thesis {
    /// Plies searched.
    pub depth: u32,
    /// Material alone or with the tables.
    pub eval: Eval,
    /// Plain minimax or alpha-beta.
    pub search: Search,
}

/// Material in hundredths of a pawn, by cozy-chess's piece order (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: [i32; 6] = [100, 300, 300, 450, 900, 0];

/// A mate, in hundredths of a pawn: beyond any material count.
pub const MATE: i32 = 100_000;

/// White's piece-square tables in hundredths of a pawn, rank 8 first (as the thesis prints them), by
/// cozy-chess's piece order.
///
/// - Rook and pawn: Çizelge 2.1 and 2.2 as printed. OCR repairs: cell borders read as `1`, `[`, `]`, `|` or
///   `(` dropped (`1015` and `10.15` → 0.15, `[0.15` → 0.15, `102` → 0.2, `10.1` → 0.1, `(006` → 0.06,
///   `10.03` → 0.03), and lost decimal points restored (`015` → 0.15, `004` → 0.04, `003` → 0.03, `012` →
///   0.12, `006` → 0.06). The pawn's −0.1 on d3 and e3 is as printed (both columns agree, and Çizelge 2.4's
///   d2 = −0.04 confirms the row below).
/// - Knight, bishop, queen, king: not printed. The thesis builds them from the pieces' mobility, the centre
///   worth more (§2.5.2, after Nasreddine 2006 and Mahmood 2011). Here they are Tomasz Michniewski's
///   "Simplified Evaluation Function" tables (Chess Programming Wiki; the king's middle-game table) in
///   pawns. The four start squares that Çizelge 2.4 shows are set to the thesis's own values: knight b1/g1
///   −0.3 (Michniewski −0.4), bishop c1/f1 −0.2 (−0.1), queen d1 +0.1 (−0.05), king e1 0 (0).
#[rustfmt::skip]
pub const TABLES: [[i32; 64]; 6] = [
    // Pawn (Çizelge 2.2).
    [  0,  0,  0,  0,  0,  0,  0,  0,
       5, 10, 15, 20, 20, 10, 10,  5,
       4,  8, 12, 16, 16,  8,  8,  4,
       3,  6,  9, 12, 12,  6,  6,  3,
       2,  4,  6,  8,  8,  4,  4,  2,
       1,  2,  3,-10,-10,  2,  2,  1,
       0,  0,  0, -4, -4,  0,  0,  0,
       0,  0,  0,  0,  0,  0,  0,  0],
    // Knight (Michniewski; b1, g1 from Çizelge 2.4).
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 10,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-30,-30,-30,-30,-30,-30,-50],
    // Bishop (Michniewski; c1, f1 from Çizelge 2.4).
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-20,-10,-10,-20,-10,-20],
    // Rook (Çizelge 2.1).
    [ 30, 30, 30, 30, 30, 30, 30, 30,
      30, 30, 30, 30, 30, 30, 30, 30,
      15, 15, 15, 20, 20, 15, 15, 15,
      15, 15, 15, 20, 20, 15, 15, 15,
      15, 15, 15, 20, 20, 15, 15, 15,
      15, 15, 15, 20, 20, 15, 15, 15,
      15, 15, 15, 20, 20, 15, 15, 15,
      10, 15, 15, 20, 20, 15, 15, 10],
    // Queen (Michniewski; d1 from Çizelge 2.4).
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, 10, -5,-10,-10,-20],
    // King, middle game (Michniewski; e1 agrees with Çizelge 2.4).
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
      20, 30, 10,  0,  0, 10, 30, 20],
];

/// The thesis's index of a square: its board array starts at a8 (0) and ends at h1 (63).
pub fn array_index(square: Square) -> usize {
    (7 - square.rank() as usize) * 8 + square.file() as usize
}

/// A piece's table value on a square: white reads its table as printed, black the same table mirrored.
pub fn table_value(piece: Piece, color: Color, square: Square) -> i32 {
    let square = if color == Color::White { square } else { square.flip_rank() };
    TABLES[piece as usize][array_index(square)]
}

/// The position's value for `me`, in hundredths of a pawn: my pieces' values minus the opponent's.
pub fn evaluate(board: &Board, me: Color, eval: Eval) -> i32 {
    let mut total = 0;
    for color in Color::ALL {
        let sign = if color == me { 1 } else { -1 };
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                let dynamic = if eval == Eval::Dynamic { table_value(piece, color, square) } else { 0 };
                total += sign * (MATERIAL[piece as usize] + dynamic);
            }
        }
    }
    total
}

/// The legal moves in the thesis's order: by the square left, then the square reached, in its array's order
/// (a8 first), promotions queen first.
pub fn ordered_moves(board: &Board) -> Vec<cozy_chess::Move> {
    let mut moves = crate::rules::legal_moves(board);
    let promotion_rank = |p: Option<Piece>| match p {
        None | Some(Piece::Queen) => 0,
        Some(Piece::Rook) => 1,
        Some(Piece::Bishop) => 2,
        _ => 3,
    };
    moves.sort_by_key(|mv| (array_index(mv.from), array_index(mv.to), promotion_rank(mv.promotion)));
    moves
}

struct Searcher {
    me: Color,
    eval: Eval,
    limits: Limits,
}

impl Searcher {
    fn child(board: &Board, mv: cozy_chess::Move) -> Board {
        let mut child = board.clone();
        child.play_unchecked(mv);
        child
    }

    /// The game's own end, or the evaluation at the horizon; otherwise the node's moves in order. At the
    /// horizon only whether a move exists matters, which is much cheaper to learn than the moves themselves.
    fn expand(&self, board: &Board, depth: u32) -> Result<i32, Vec<cozy_chess::Move>> {
        let moves = if depth == 0 { Vec::new() } else { ordered_moves(board) };
        let stuck = if depth == 0 { !board.generate_moves(|_| true) } else { moves.is_empty() };
        if stuck {
            let mated = !board.checkers().is_empty();
            return Ok(match (mated, board.side_to_move() == self.me) {
                (false, _) => 0,
                (true, true) => -MATE,
                (true, false) => MATE,
            });
        }
        if depth == 0 { Ok(evaluate(board, self.me, self.eval)) } else { Err(moves) }
    }

    /// MAX-VALUE of Şekil 2.1; `None` when the budget ran out.
    fn max_value(&mut self, board: &Board, depth: u32) -> Option<i32> {
        if self.limits.spend() {
            return None;
        }
        let moves = match self.expand(board, depth) {
            Ok(value) => return Some(value),
            Err(moves) => moves,
        };
        let mut v = i32::MIN;
        for mv in moves {
            v = v.max(self.min_value(&Self::child(board, mv), depth - 1)?);
        }
        Some(v)
    }

    /// MIN-VALUE of Şekil 2.1.
    fn min_value(&mut self, board: &Board, depth: u32) -> Option<i32> {
        if self.limits.spend() {
            return None;
        }
        let moves = match self.expand(board, depth) {
            Ok(value) => return Some(value),
            Err(moves) => moves,
        };
        let mut v = i32::MAX;
        for mv in moves {
            v = v.min(self.max_value(&Self::child(board, mv), depth - 1)?);
        }
        Some(v)
    }

    /// MAX-VALUE with alpha-beta cut-offs (fail-soft): exact when the value lies inside (alpha, beta).
    fn max_ab(&mut self, board: &Board, depth: u32, mut alpha: i32, beta: i32) -> Option<i32> {
        if self.limits.spend() {
            return None;
        }
        let moves = match self.expand(board, depth) {
            Ok(value) => return Some(value),
            Err(moves) => moves,
        };
        let mut v = i32::MIN;
        for mv in moves {
            v = v.max(self.min_ab(&Self::child(board, mv), depth - 1, alpha, beta)?);
            if v >= beta {
                return Some(v);
            }
            alpha = alpha.max(v);
        }
        Some(v)
    }

    /// MIN-VALUE with alpha-beta cut-offs.
    fn min_ab(&mut self, board: &Board, depth: u32, alpha: i32, mut beta: i32) -> Option<i32> {
        if self.limits.spend() {
            return None;
        }
        let moves = match self.expand(board, depth) {
            Ok(value) => return Some(value),
            Err(moves) => moves,
        };
        let mut v = i32::MAX;
        for mv in moves {
            v = v.min(self.max_ab(&Self::child(board, mv), depth - 1, alpha, beta)?);
            if v <= alpha {
                return Some(v);
            }
            beta = beta.min(v);
        }
        Some(v)
    }
}

impl Thesis {
    /// The thesis's full player at its first tried depth: static and dynamic values, plain minimax, 3 plies.
    pub const DEFAULT: Thesis = Thesis { depth: 3, eval: Eval::Dynamic, search: Search::Minimax };

    /// MINIMAX-DECISION on a board: the chosen move, its value, and the nodes visited; `None` when the side
    /// to move has no move. A spent budget returns the best move searched in full (or the first).
    pub fn decide(&self, board: &Board, limits: Limits) -> Option<(cozy_chess::Move, i32, u64)> {
        let moves = ordered_moves(board);
        let mut searcher = Searcher { me: board.side_to_move(), eval: self.eval, limits };
        let mut best: Option<(cozy_chess::Move, i32)> = None;
        for &mv in &moves {
            let child = Searcher::child(board, mv);
            let depth = self.depth.max(1) - 1;
            let alpha = best.map_or(i32::MIN, |(_, v)| v);
            let value = match self.search {
                Search::Minimax => searcher.min_value(&child, depth),
                Search::AlphaBeta => searcher.min_ab(&child, depth, alpha, i32::MAX),
            };
            let Some(value) = value else { break };
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((mv, value));
            }
        }
        let (mv, value) = best.or_else(|| moves.first().map(|&mv| (mv, 0)))?;
        Some((mv, value, searcher.limits.nodes()))
    }
}

impl Bot<Chess> for Thesis {
    fn name(&self) -> String {
        let eval = match self.eval {
            Eval::Static => "static",
            Eval::Dynamic => "dynamic",
        };
        let search = match self.search {
            Search::Minimax => "minimax",
            Search::AlphaBeta => "alphabeta",
        };
        format!("thesis(depth={},eval={eval},search={search})", self.depth)
    }

    fn choose(&mut self, state: &Chess, budget: &Budget, _stream: &mut Stream) -> Option<Decision<Move>> {
        let start = Instant::now();
        if state.ending().is_some() {
            return None;
        }
        let limits = Limits::new(budget.nodes, budget.deadline(start));
        // A budget's depth (`hamle match --depth`) stands in for the bot's own, as for every bot.
        let searcher = Thesis { depth: budget.depth.unwrap_or(self.depth).clamp(1, 10), ..*self };
        let (mv, value, nodes) = searcher.decide(state.board(), limits)?;
        let mv = if state.claimable().is_some() && value < 0 { Move::ClaimDraw } else { Move::Board(mv) };
        let score = if mv == Move::ClaimDraw { 0.0 } else { f64::from(value) / 100.0 };
        Some(Decision { mv, score, pv: vec![mv], depth: searcher.depth, nodes, elapsed: start.elapsed() })
    }
}
