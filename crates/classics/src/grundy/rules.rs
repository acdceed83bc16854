//! The rules: heaps of counters (the thesis's matches, *kibrit*); a move splits one heap into two unequal,
//! non-empty heaps; heaps of 1 and 2 can never be split. Who cannot move loses.

use std::fmt;

use hamle_core::{Game, GameInfo, Msg, Player, Turn};
use hamle_l10n::Lang;

/// The largest heap the game takes.
pub const MAX_HEAP: u32 = 1_000;
/// The most heaps the game starts with.
pub const MAX_HEAPS: usize = 8;

/// A split: the heap of `heap` counters becomes `heap − smaller` and `smaller`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The heap split (its size).
    pub heap: u32,
    /// The smaller of the two new heaps.
    pub smaller: u32,
}

/// A position: the heaps, largest first, and who is to move.
///
/// ```
/// use hamle_core::Game;
/// use hamle_classics::grundy::{Grundy, Move};
///
/// let game = Grundy::new(&[7]).unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves, [Move { heap: 7, smaller: 1 }, Move { heap: 7, smaller: 2 }, Move { heap: 7, smaller: 3 }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grundy {
    heaps: Vec<u32>,
    to_move: Player,
}

impl Grundy {
    /// The start: `heaps` (1 to [`MAX_HEAPS`] of them, each 1 to [`MAX_HEAP`]), the first player to move.
    ///
    /// # Errors
    /// No heap, too many, an empty heap or one too large, in words.
    pub fn new(heaps: &[u32]) -> Result<Grundy, String> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(format!("give from 1 to {MAX_HEAPS} heaps, not {}", heaps.len()));
        }
        if let Some(&bad) = heaps.iter().find(|&&h| h == 0 || h > MAX_HEAP) {
            return Err(format!("a heap holds from 1 to {MAX_HEAP} counters, not {bad}"));
        }
        Ok(Grundy::with(heaps.to_vec(), 0))
    }

    /// A position as it stands: any heaps, `to_move` next.
    pub(crate) fn with(mut heaps: Vec<u32>, to_move: Player) -> Grundy {
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        Grundy { heaps, to_move }
    }

    /// The heaps, largest first.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The player to move (also when the game is over: the one who cannot).
    pub fn to_move(&self) -> Player {
        self.to_move
    }
}

impl Game for Grundy {
    type Move = Move;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "grundy", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        if self.heaps.iter().any(|&h| h >= 3) { Turn::Player(self.to_move) } else { Turn::Over }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let mut last = None;
        for &heap in &self.heaps {
            // Equal heaps give the same moves: list each size once.
            if last == Some(heap) {
                continue;
            }
            last = Some(heap);
            moves.extend((1..=(heap - 1) / 2).map(|smaller| Move { heap, smaller }));
        }
        moves.sort_unstable_by_key(|m| (m.heap, m.smaller));
    }

    fn play(&mut self, mv: Move) {
        if let Some(i) = self.heaps.iter().position(|&h| h == mv.heap) {
            self.heaps.remove(i);
            self.heaps.extend([mv.heap - mv.smaller, mv.smaller]);
            self.heaps.sort_unstable_by(|a, b| b.cmp(a));
        }
        self.to_move = 1 - self.to_move;
    }

    fn points(&self) -> Option<[f64; 2]> {
        // The player who cannot move loses.
        (self.turn() == Turn::Over).then_some(if self.to_move == 0 { [0.0, 1.0] } else { [1.0, 0.0] })
    }

    fn key(&self) -> u64 {
        self.heaps.iter().fold(0xcbf2_9ce4_8422_2325u64 ^ u64::from(self.to_move), |hash, &h| {
            (hash ^ u64::from(h)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

impl fmt::Display for Grundy {
    /// The board in English: see [`Grundy::board_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text(Lang::En))
    }
}

impl Grundy {
    /// The heaps, each as its size and a row of counters (up to 40 shown), and who is to move, in `lang`.
    pub fn board_text(&self, lang: Lang) -> String {
        let mut out = String::new();
        for &h in &self.heaps {
            let shown = h.min(40) as usize;
            out.push_str(&format!("{h:>4}  {}{}\n", "|".repeat(shown), if h > 40 { "…" } else { "" }));
        }
        let status = Msg::new("grundy-board-to-move").arg("n", (self.to_move + 1).to_string());
        out + &hamle_l10n::render(lang, &status) + "\n"
    }
}
