//! Retrograde analysis: the exact value of every position reachable from the start, with the
//! number of plies to the end under best play. Positions that never resolve are draws (endless play).

use std::collections::HashMap;

use hamle_core::{Game, Turn};

use super::rules::{Move, TicTacToe, Variant};

/// A position's value for the side to move under best play by both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins, in this many plies at the latest.
    Win(u16),
    /// The side to move loses, in this many plies at the earliest.
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Outcome {
    /// The outcome one ply earlier, for the player who moved into this position.
    pub fn before(self) -> Outcome {
        match self {
            Outcome::Win(n) => Outcome::Loss(n + 1),
            Outcome::Loss(n) => Outcome::Win(n + 1),
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// A number that orders outcomes for the side to move: quick wins highest, quick losses lowest.
    pub fn rank(self) -> i32 {
        match self {
            Outcome::Win(n) => 1000 - i32::from(n),
            Outcome::Loss(n) => i32::from(n) - 1000,
            Outcome::Draw => 0,
        }
    }

    /// `win`, `loss` or `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Loss(_) => "loss",
            Outcome::Draw => "draw",
        }
    }
}

/// Every position of one variant reachable from its start, solved.
#[derive(Clone, Debug)]
pub struct Solution {
    variant: Variant,
    outcomes: HashMap<u32, Outcome>,
    rounds: u16,
}

/// The position's board and side to move; the slide count does not change who wins, so it is left out.
fn index(game: &TicTacToe) -> u32 {
    u32::from(game.stones(0)) | u32::from(game.stones(1)) << 9 | u32::from(game.to_move()) << 18
}

impl Solution {
    /// Solves `variant` by retrograde analysis over every reachable position.
    ///
    /// ```
    /// use hamle_classics::tictactoe::{Outcome, Solution, TicTacToe, Variant};
    /// let solution = Solution::new(Variant::Classic);
    /// assert_eq!(solution.positions(), 5478);
    /// assert_eq!(solution.outcome(&TicTacToe::classic()), Some(Outcome::Draw));
    /// ```
    pub fn new(variant: Variant) -> Self {
        // Forward: number every reachable position and list its children.
        let start = TicTacToe::new(variant);
        let mut states = vec![start];
        let mut seen = HashMap::from([(index(&start), 0usize)]);
        let mut children: Vec<Vec<usize>> = Vec::new();
        let mut moves = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let state = states[next];
            state.legal_moves(&mut moves);
            let mut mine = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let mut child = state;
                child.play(mv);
                // Slides are not counted in the table, so no position ends by the slide limit here.
                child.slides = 0;
                let id = *seen.entry(index(&child)).or_insert_with(|| {
                    states.push(child);
                    states.len() - 1
                });
                mine.push(id);
            }
            children.push(mine);
            next += 1;
        }

        // Backward, one ply per round: a win in n needs a child lost in n − 1; a loss in n needs
        // every child won, the slowest in n − 1.
        let mut value: Vec<Option<Outcome>> = states
            .iter()
            .map(|s| match s.turn() {
                Turn::Over if s.winner().is_some() => Some(Outcome::Loss(0)),
                Turn::Over => Some(Outcome::Draw),
                _ => None,
            })
            .collect();
        let mut rounds = 0;
        for n in 1u16.. {
            let mut changed = false;
            for i in 0..states.len() {
                if value[i].is_some() {
                    continue;
                }
                let kids = &children[i];
                let wins = kids.iter().any(|&c| value[c] == Some(Outcome::Loss(n - 1)));
                let slowest_loss = kids.iter().try_fold(0, |slowest, &c| match value[c] {
                    Some(Outcome::Win(k)) => Some(slowest.max(k)),
                    _ => None,
                });
                if wins {
                    value[i] = Some(Outcome::Win(n));
                    changed = true;
                } else if slowest_loss == Some(n - 1) {
                    value[i] = Some(Outcome::Loss(n));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
            rounds = n;
        }
        let outcomes = states.iter().zip(value).map(|(s, v)| (index(s), v.unwrap_or(Outcome::Draw))).collect();
        Solution { variant, outcomes, rounds }
    }

    /// The variant solved.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How many positions are reachable from the start (including finished ones).
    pub fn positions(&self) -> usize {
        self.outcomes.len()
    }

    /// The longest forced result, in plies: no win or loss in the table takes longer.
    pub fn longest(&self) -> u16 {
        self.rounds
    }

    /// The value of `game` for its side to move, or `None` if the position cannot be reached in this variant.
    pub fn outcome(&self, game: &TicTacToe) -> Option<Outcome> {
        if game.variant() != self.variant {
            return None;
        }
        self.outcomes.get(&index(game)).copied()
    }

    /// Every legal move with the value it leads to for the player making it.
    pub fn moves(&self, game: &TicTacToe) -> Vec<(Move, Outcome)> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves
            .into_iter()
            .filter_map(|mv| {
                let mut child = *game;
                child.play(mv);
                self.outcome(&child).map(|o| (mv, o.before()))
            })
            .collect()
    }

    /// The moves that keep the best value (the fastest win, or the slowest loss).
    pub fn best_moves(&self, game: &TicTacToe) -> Vec<(Move, Outcome)> {
        let moves = self.moves(game);
        let best = moves.iter().map(|(_, o)| o.rank()).max();
        moves.into_iter().filter(|(_, o)| Some(o.rank()) == best).collect()
    }
}
