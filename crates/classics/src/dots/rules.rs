//! The rules: a grid of R×C boxes, its lines numbered horizontal ones first (row by row from the top, left to
//! right), then vertical ones (row by row, left to right). A player draws one undrawn line; each box it completes
//! scores a point for that player, who then draws again. When every line is drawn, most boxes wins.

use std::fmt;

use hamle_core::{Game, GameInfo, Msg, Player, Turn};
use hamle_l10n::Lang;

/// The largest side of a board, in boxes.
pub const MAX_SIDE: usize = 6;

/// A position of Dots and Boxes.
///
/// ```
/// use hamle_core::Game;
/// use hamle_classics::dots::Dots;
///
/// let mut game = Dots::new(1, 1).unwrap();
/// for line in [0, 1, 2] { game.play(line); }
/// assert_eq!(game.to_move(), 1);
/// game.play(3); // the fourth side: the box is blue's, and the game is over
/// assert_eq!(game.score(), [0, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dots {
    rows: usize,
    cols: usize,
    drawn: u128,
    /// The boxes each player completed, one bit per box, row by row from the top.
    owned: [u64; 2],
    to_move: Player,
}

impl Dots {
    /// An empty board of `rows` × `cols` boxes (each 1 to [`MAX_SIDE`]).
    ///
    /// # Errors
    /// A side outside 1..=[`MAX_SIDE`], in words.
    pub fn new(rows: usize, cols: usize) -> Result<Dots, String> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(format!("a board has from 1 to {MAX_SIDE} boxes a side, not {rows}×{cols}"));
        }
        Ok(Dots { rows, cols, drawn: 0, owned: [0, 0], to_move: 0 })
    }

    /// A position as it stands: the lines drawn, who owns each completed box, and who is to move.
    pub(crate) fn with(rows: usize, cols: usize, drawn: u128, owned: [u64; 2], to_move: Player) -> Dots {
        Dots { rows, cols, drawn, owned, to_move }
    }

    /// Boxes down.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Boxes across.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The lines drawn, one bit per line.
    pub fn drawn(&self) -> u128 {
        self.drawn
    }

    /// Boxes each player has completed.
    pub fn score(&self) -> [u8; 2] {
        self.owned.map(|mask| mask.count_ones() as u8)
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// How many lines the board has.
    pub fn lines(&self) -> usize {
        lines(self.rows, self.cols)
    }

    /// The four lines of box `(r, c)`: top, bottom, left, right.
    pub fn box_lines(&self, r: usize, c: usize) -> [usize; 4] {
        box_lines(self.rows, self.cols, r, c)
    }

    /// The boxes (one or two) that line `line` is a side of.
    pub fn boxes_of(&self, line: usize) -> Vec<(usize, usize)> {
        boxes_of(self.rows, self.cols, line)
    }

    /// How many sides of box `(r, c)` are drawn.
    pub fn sides(&self, r: usize, c: usize) -> u32 {
        self.box_lines(r, c).iter().filter(|&&l| self.drawn >> l & 1 == 1).count() as u32
    }

    /// The number of boxes.
    pub fn boxes(&self) -> usize {
        self.rows * self.cols
    }

    /// The player who completed box `(r, c)`, if it is complete.
    pub fn owner(&self, r: usize, c: usize) -> Option<Player> {
        let bit = 1u64 << (r * self.cols + c);
        (0..2).find(|&p| self.owned[usize::from(p)] & bit != 0)
    }
}

/// The number of lines of an R×C board: (R+1)·C horizontal and R·(C+1) vertical.
pub fn lines(rows: usize, cols: usize) -> usize {
    (rows + 1) * cols + rows * (cols + 1)
}

/// The four lines of box `(r, c)`: top, bottom, left, right.
pub fn box_lines(rows: usize, cols: usize, r: usize, c: usize) -> [usize; 4] {
    let horizontal = (rows + 1) * cols;
    [r * cols + c, (r + 1) * cols + c, horizontal + r * (cols + 1) + c, horizontal + r * (cols + 1) + c + 1]
}

/// The boxes that line `line` is a side of.
pub fn boxes_of(rows: usize, cols: usize, line: usize) -> Vec<(usize, usize)> {
    let horizontal = (rows + 1) * cols;
    let mut out = Vec::with_capacity(2);
    if line < horizontal {
        let (r, c) = (line / cols, line % cols);
        if r > 0 {
            out.push((r - 1, c));
        }
        if r < rows {
            out.push((r, c));
        }
    } else {
        let v = line - horizontal;
        let (r, c) = (v / (cols + 1), v % (cols + 1));
        if c > 0 {
            out.push((r, c - 1));
        }
        if c < cols {
            out.push((r, c));
        }
    }
    out
}

/// How many boxes drawing `line` on top of `drawn` completes.
pub fn completes(rows: usize, cols: usize, drawn: u128, line: usize) -> u8 {
    let after = drawn | 1 << line;
    boxes_of(rows, cols, line)
        .into_iter()
        .filter(|&(r, c)| box_lines(rows, cols, r, c).iter().all(|&l| after >> l & 1 == 1))
        .count() as u8
}

impl Game for Dots {
    type Move = u8;
    type Chance = std::convert::Infallible;

    fn info(&self) -> GameInfo {
        GameInfo { name: "dots", players: 2, zero_sum: true, chance: false }
    }

    fn turn(&self) -> Turn {
        if self.drawn.count_ones() as usize == self.lines() { Turn::Over } else { Turn::Player(self.to_move) }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((0..self.lines()).filter(|&l| self.drawn >> l & 1 == 0).map(|l| l as u8));
    }

    fn play(&mut self, line: u8) {
        let line = usize::from(line);
        let made = completes(self.rows, self.cols, self.drawn, line) > 0;
        self.drawn |= 1 << line;
        if made {
            let mover = usize::from(self.to_move);
            for (r, c) in boxes_of(self.rows, self.cols, line) {
                if self.sides(r, c) == 4 {
                    self.owned[mover] |= 1 << (r * self.cols + c);
                }
            }
        } else {
            self.to_move = 1 - self.to_move;
        }
    }

    fn points(&self) -> Option<[f64; 2]> {
        let [red, blue] = self.score();
        (self.turn() == Turn::Over).then(|| match red.cmp(&blue) {
            std::cmp::Ordering::Greater => [1.0, 0.0],
            std::cmp::Ordering::Less => [0.0, 1.0],
            std::cmp::Ordering::Equal => [0.5, 0.5],
        })
    }

    fn key(&self) -> u64 {
        let folded = (self.drawn as u64) ^ ((self.drawn >> 64) as u64).rotate_left(17);
        folded.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ self.owned[0].rotate_left(24)
            ^ self.owned[1].rotate_left(40)
            ^ u64::from(self.to_move) << 56
            ^ (self.rows * 8 + self.cols) as u64
    }
}

impl fmt::Display for Dots {
    /// The board in English: see [`Dots::board_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text(Lang::En))
    }
}

impl Dots {
    /// The grid: dots `+`, drawn lines `---` and `|`, each box by its owner's letter, and the score, in `lang`.
    pub fn board_text(&self, lang: Lang) -> String {
        use fmt::Write;
        let say = |msg: Msg| hamle_l10n::render(lang, &msg);
        let letters = [say(Msg::new("dots-board-red-box")), say(Msg::new("dots-board-blue-box"))];
        let mut f = String::new();
        let horizontal = (self.rows + 1) * self.cols;
        let on = |l: usize| self.drawn >> l & 1 == 1;
        for r in 0..=self.rows {
            let mut line = String::from("+");
            for c in 0..self.cols {
                line.push_str(if on(r * self.cols + c) { "---+" } else { "   +" });
            }
            let _ = writeln!(f, "{line}");
            if r < self.rows {
                let mut line = String::new();
                for c in 0..=self.cols {
                    line.push(if on(horizontal + r * (self.cols + 1) + c) { '|' } else { ' ' });
                    if c < self.cols {
                        match self.owner(r, c) {
                            Some(p) => line.push_str(&format!(" {} ", letters[usize::from(p.min(1))])),
                            None => line.push_str("   "),
                        }
                    }
                }
                let _ = writeln!(f, "{line}");
            }
        }
        let status = Msg::new("dots-board-status")
            .arg("red", self.score()[0].to_string())
            .arg("blue", self.score()[1].to_string())
            .arg("side", Msg::new(["plays-red", "plays-blue"][usize::from(self.to_move.min(1))]));
        f + &say(status) + "\n"
    }
}
