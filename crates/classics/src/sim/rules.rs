//! The rules: six points 1..6, the 15 edges between them; red (player 0) and blue take turns colouring an uncoloured
//! edge; whoever completes a triangle of their own colour loses at once.

use std::fmt;
use std::sync::LazyLock;

use hamle_core::{Game, GameInfo, Msg, Player, Turn};
use hamle_l10n::Lang;

/// An edge by its index in [`EDGES`].
pub type Edge = u8;

/// The 15 edges as pairs of points (0..6), in order: 1-2, 1-3, …, 1-6, 2-3, …, 5-6.
pub const EDGES: [(u8, u8); 15] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (0, 5),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (3, 5),
    (4, 5),
];

/// The index of the edge between points `a` and `b` (0..6, different).
pub fn edge_between(a: u8, b: u8) -> Edge {
    let (a, b) = (a.min(b), a.max(b));
    EDGES.iter().position(|&e| e == (a, b)).unwrap_or(0) as Edge
}

/// The 20 triangles, each as the bit mask of its three edges.
pub static TRIANGLES: LazyLock<[u16; 20]> = LazyLock::new(|| {
    let mut out = [0u16; 20];
    let mut k = 0;
    for a in 0..6u8 {
        for b in a + 1..6 {
            for c in b + 1..6 {
                out[k] = 1 << edge_between(a, b) | 1 << edge_between(a, c) | 1 << edge_between(b, c);
                k += 1;
            }
        }
    }
    out
});

/// Whether the edges of `mask` hold a triangle.
pub fn has_triangle(mask: u16) -> bool {
    TRIANGLES.iter().any(|&t| covers(mask, t))
}

/// Whether every edge of `part` is in `mask`.
pub(crate) fn covers(mask: u16, part: u16) -> bool {
    mask & part == part
}

/// A position: each side's coloured edges, who is to move, and who lost if somebody has.
///
/// ```
/// use hamle_core::Game;
/// use hamle_classics::sim::Sim;
///
/// let mut game = Sim::new();
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 15);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Sim {
    coloured: [u16; 2],
    to_move: Player,
    loser: Option<Player>,
}

impl Sim {
    /// The start: no edge coloured, red to move.
    pub fn new() -> Sim {
        Sim::default()
    }

    /// A position as it stands, with the loser worked out from the triangles (the last mover completes one).
    pub(crate) fn with(coloured: [u16; 2], to_move: Player) -> Sim {
        let last = 1 - to_move;
        let loser = has_triangle(coloured[usize::from(last)]).then_some(last);
        Sim { coloured, to_move, loser }
    }

    /// The edges `player` has coloured, as a bit mask over [`EDGES`].
    pub fn coloured(&self, player: Player) -> u16 {
        self.coloured[usize::from(player)]
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The player who completed a triangle of their own colour, if any.
    pub fn loser(&self) -> Option<Player> {
        self.loser
    }

    /// The edges no one has coloured, as a bit mask.
    pub fn free(&self) -> u16 {
        0x7fff & !(self.coloured[0] | self.coloured[1])
    }
}

impl Game for Sim {
    type Move = Edge;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "sim", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        if self.loser.is_some() || self.free() == 0 { Turn::Over } else { Turn::Player(self.to_move) }
    }

    fn legal_moves(&self, moves: &mut Vec<Edge>) {
        moves.clear();
        if self.turn() != Turn::Over {
            moves.extend((0..15).filter(|&e| self.free() & (1 << e) != 0));
        }
    }

    fn play(&mut self, edge: Edge) {
        let mine = &mut self.coloured[usize::from(self.to_move)];
        *mine |= 1 << edge;
        if has_triangle(*mine) {
            self.loser = Some(self.to_move);
        }
        self.to_move = 1 - self.to_move;
    }

    fn points(&self) -> Option<[f64; 2]> {
        // Six points always hold a one-coloured triangle once every edge is coloured, so somebody has lost.
        match (self.turn(), self.loser) {
            (Turn::Over, Some(0)) => Some([0.0, 1.0]),
            (Turn::Over, _) => Some([1.0, 0.0]),
            _ => None,
        }
    }

    fn key(&self) -> u64 {
        u64::from(self.coloured[0]) | u64::from(self.coloured[1]) << 16 | u64::from(self.to_move) << 32
    }
}

impl fmt::Display for Sim {
    /// The board in English: see [`Sim::board_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text(Lang::En))
    }
}

impl Sim {
    /// Each edge with its colour, and who is to move (or who lost), in `lang`.
    pub fn board_text(&self, lang: Lang) -> String {
        let say = |id: &str| hamle_l10n::render(lang, &Msg::new(id));
        let colours = [say("plays-red"), say("plays-blue")];
        // The colours' column is as wide as the language's longer word.
        let width = colours.iter().map(|c| c.chars().count()).max().unwrap_or(4);
        let mut out = String::new();
        for (e, &(a, b)) in EDGES.iter().enumerate() {
            let colour = if self.coloured[0] & (1 << e) != 0 {
                colours[0].as_str()
            } else if self.coloured[1] & (1 << e) != 0 {
                colours[1].as_str()
            } else {
                "."
            };
            out.push_str(&format!("{}-{} {colour:<width$}{}", a + 1, b + 1, if e % 5 == 4 { "\n" } else { "  " }));
        }
        let side = |p: u8| Msg::new(["plays-red", "plays-blue"][usize::from(p.min(1))]);
        let status = match self.loser {
            Some(p) => Msg::new("sim-board-lost").arg("side", side(p)),
            None => Msg::new("sim-board-to-move").arg("side", side(self.to_move)),
        };
        out + &hamle_l10n::render(lang, &status) + "\n"
    }
}
