//! The engine's neural evaluation (an NNUE): 768 inputs (each colour's pieces on each square, seen from
//! each side) into a hidden layer of [`HIDDEN`] units per side, squared clipped ReLU, one output.
//!
//! The hidden layer's sums (the accumulator) are kept per ply and brought up to date by the pieces that
//! changed since another position's sums, so an evaluation costs a few rows' additions, not a whole
//! board's. The shipped network is `net.bin` beside this file, trained by `hamle train chess --net` on
//! positions labelled by a stronger engine ([`super::nnue_train`]); weights are stored quantised as integers.
//!
//! ```
//! use hamle_chess::bots::engine::nnue::Network;
//!
//! let network = Network::shipped();
//! let start = hamle_chess::Board::default();
//! assert!(network.evaluate(&start).abs() < 150, "the start is not far from level");
//! let queen_odds: hamle_chess::Board = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
//! assert!(network.evaluate(&queen_odds) > 500, "a queen up is winning");
//! ```

use std::sync::OnceLock;

use cozy_chess::{BitBoard, Board, Color, Piece, Square};

/// Inputs: colour (own or other, from the side seen), piece and square.
pub const INPUTS: usize = 768;
/// Hidden units per side.
pub const HIDDEN: usize = 128;
/// The hidden layer's scale: a float weight `w` is stored as `round(w * QA)`.
pub const QA: i32 = 255;
/// The output layer's scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;
/// The file's first bytes.
pub const MAGIC: &[u8; 11] = b"hamle-nnue\n";

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The hidden layer's weights, a row of [`HIDDEN`] per input.
    pub hidden: Vec<[i16; HIDDEN]>,
    /// The hidden layer's biases.
    pub hidden_bias: [i16; HIDDEN],
    /// The output's weights: the side to move's units, then the other side's.
    pub output: [i16; 2 * HIDDEN],
    /// The output's bias, scaled by `QA * QB`.
    pub output_bias: i32,
    /// Whether the output is a correction added to the hand-made evaluation rather than the whole of it.
    pub corrects: bool,
}

/// The input of a piece of `color` on `square`, seen from `side`'s half of the board.
pub fn input(side: Color, color: Color, piece: Piece, square: Square) -> usize {
    let (own, square) = match side {
        Color::White => (color == Color::White, square as usize),
        Color::Black => (color == Color::Black, square as usize ^ 56),
    };
    usize::from(!own) * 384 + piece as usize * 64 + square
}

impl Network {
    /// The network in `bytes` (the format [`Network::to_bytes`] writes), or why it is not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let rest = bytes.strip_prefix(MAGIC.as_slice()).ok_or("not a hamle network (its first bytes differ)")?;
        let expected = 4 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 1;
        if rest.len() != expected {
            return Err(format!(
                "a network of {HIDDEN} hidden units is {expected} bytes after its header, not {}",
                rest.len()
            ));
        }
        let (size, rest) = rest.split_at(4);
        let hidden_units = u32::from_le_bytes([size[0], size[1], size[2], size[3]]) as usize;
        if hidden_units != HIDDEN {
            return Err(format!("the network has {hidden_units} hidden units; this engine reads {HIDDEN}"));
        }
        let mut words = rest.chunks_exact(2).map(|w| i16::from_le_bytes([w[0], w[1]]));
        let mut network = Network {
            hidden: vec![[0; HIDDEN]; INPUTS],
            hidden_bias: [0; HIDDEN],
            output: [0; 2 * HIDDEN],
            output_bias: 0,
            corrects: false,
        };
        let slots = network.hidden.iter_mut().flatten().chain(&mut network.hidden_bias).chain(&mut network.output);
        for (slot, word) in slots.zip(&mut words) {
            *slot = word;
        }
        let tail = &rest[rest.len() - 5..];
        network.output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        network.corrects = match tail[4] {
            0 => false,
            1 => true,
            other => return Err(format!("the network's last byte says neither whole (0) nor correcting (1): {other}")),
        };
        Ok(network)
    }

    /// The network as bytes: [`MAGIC`], the hidden size (u32), then every weight little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((HIDDEN as u32).to_le_bytes());
        for w in self.hidden.iter().flatten().chain(&self.hidden_bias).chain(&self.output) {
            bytes.extend(w.to_le_bytes());
        }
        bytes.extend(self.output_bias.to_le_bytes());
        bytes.push(u8::from(self.corrects));
        bytes
    }

    /// The network shipped with the engine (`net.bin`).
    pub fn shipped() -> &'static Network {
        static SHIPPED: OnceLock<Network> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Network::from_bytes(include_bytes!("net.bin")).unwrap_or_else(|e| panic!("the shipped net.bin: {e}"))
        })
    }

    /// The evaluation of `board` from scratch, in centipawns for the side to move.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mut sums = Accumulator::new(self);
        sums.update(self, board);
        sums.evaluate(self, board.side_to_move())
    }
}

/// The hidden layer's sums for one position, from each side, and the pieces they were summed for.
#[derive(Clone, Debug)]
pub struct Accumulator {
    colors: [BitBoard; 2],
    pieces: [BitBoard; 6],
    sums: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The sums of the empty board (the biases alone): a start every position can be reached from.
    pub fn new(network: &Network) -> Accumulator {
        Accumulator { colors: [BitBoard::EMPTY; 2], pieces: [BitBoard::EMPTY; 6], sums: [network.hidden_bias; 2] }
    }

    /// How many inputs differ between the position these sums are for and `board`.
    pub fn distance(&self, board: &Board) -> u32 {
        let mut changed = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                let old = self.colors[color as usize] & self.pieces[piece as usize];
                changed += (old ^ board.colored_pieces(color, piece)).len();
            }
        }
        changed
    }

    /// Makes these the sums of `board`: only the pieces that differ from the position they were for are
    /// added or taken away.
    pub fn update(&mut self, network: &Network, board: &Board) {
        let (colors, pieces) = (self.colors, self.pieces);
        for color in Color::ALL {
            for piece in Piece::ALL {
                let old = colors[color as usize] & pieces[piece as usize];
                let new = board.colored_pieces(color, piece);
                for square in old - new {
                    self.apply(network, color, piece, square, false);
                }
                for square in new - old {
                    self.apply(network, color, piece, square, true);
                }
            }
        }
        self.colors = [board.colors(Color::White), board.colors(Color::Black)];
        self.pieces = Piece::ALL.map(|piece| board.pieces(piece));
    }

    fn apply(&mut self, network: &Network, color: Color, piece: Piece, square: Square, add: bool) {
        for side in Color::ALL {
            let row = &network.hidden[input(side, color, piece, square)];
            let sums = &mut self.sums[side as usize];
            if add {
                sums.iter_mut().zip(row).for_each(|(s, w)| *s = s.wrapping_add(*w));
            } else {
                sums.iter_mut().zip(row).for_each(|(s, w)| *s = s.wrapping_sub(*w));
            }
        }
    }

    /// The network's output for these sums with `side` to move, in centipawns for that side.
    pub fn evaluate(&self, network: &Network, side: Color) -> i32 {
        let (us, them) = (&self.sums[side as usize], &self.sums[!side as usize]);
        let sum = squared_dot(us, &network.output[..HIDDEN]) + squared_dot(them, &network.output[HIDDEN..]);
        let value = (sum / i64::from(QA) + i64::from(network.output_bias)) * i64::from(SCALE) / i64::from(QA * QB);
        value as i32
    }
}

/// `Σ clamp(s, 0, QA)² · w`: the squared clipped ReLU of each unit times its weight.
fn squared_dot(sums: &[i16; HIDDEN], weights: &[i16]) -> i64 {
    // Training keeps |w| < 2 · QB, so v · w fits an i16 and each half's sum fits an i32.
    let sum: i32 = sums
        .iter()
        .zip(weights)
        .map(|(&s, &w)| {
            let v = s.clamp(0, QA as i16);
            i32::from(v.wrapping_mul(w)) * i32::from(v)
        })
        .sum();
    i64::from(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::engine::nnue_train::FloatNetwork;
    use hamle_core::Stream;

    fn network(seed: u64) -> Network {
        FloatNetwork::random(&mut Stream::new(seed)).quantise(false)
    }

    /// The positions of a seeded random game (captures, castling, promotions and en passant all come up in
    /// 200 plies of random moves often enough).
    fn random_game(seed: u64) -> Vec<Board> {
        let mut stream = Stream::new(seed);
        let mut board = Board::default();
        let mut boards = vec![board.clone()];
        for _ in 0..200 {
            let mut moves = Vec::new();
            board.generate_moves(|list| {
                moves.extend(list);
                false
            });
            let Some(&mv) = stream.pick(&moves) else { break };
            board.play_unchecked(mv);
            boards.push(board.clone());
        }
        boards
    }

    #[test]
    fn sums_brought_up_to_date_from_any_position_equal_the_sums_from_scratch() {
        let network = network(1);
        for seed in 1..=5 {
            let boards = random_game(seed);
            let mut from_parent = Accumulator::new(&network);
            let mut from_afar = Accumulator::new(&network);
            for (ply, board) in boards.iter().enumerate() {
                from_parent.update(&network, board);
                let mut fresh = Accumulator::new(&network);
                fresh.update(&network, board);
                assert_eq!(from_parent.sums, fresh.sums, "seed {seed} ply {ply}: {board}");
                assert_eq!(from_parent.distance(board), 0);
                if ply % 7 == 0 {
                    from_afar.update(&network, board);
                    assert_eq!(from_afar.sums, fresh.sums, "seed {seed} ply {ply}, seven plies on");
                }
            }
        }
    }

    #[test]
    fn a_position_and_its_colour_mirror_evaluate_alike() {
        let network = network(2);
        for board in random_game(3).iter().step_by(5) {
            let fen = board.to_string();
            let mut fields = fen.split(' ');
            let placement: Vec<String> = fields
                .next()
                .expect("a placement")
                .split('/')
                .rev()
                .map(|rank| {
                    rank.chars()
                        .map(|c| if c.is_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                        .collect()
                })
                .collect();
            let side = if fields.next() == Some("w") { "b" } else { "w" };
            let mirror: Board = format!("{} {side} - - 0 1", placement.join("/")).parse().expect("a mirrored FEN");
            assert_eq!(network.evaluate(board), network.evaluate(&mirror), "{fen}");
        }
    }

    #[test]
    fn a_network_reads_back_as_it_was_written() {
        let mut network = network(3);
        network.corrects = true;
        assert_eq!(Network::from_bytes(&network.to_bytes()), Ok(network));
    }

    #[test]
    fn a_file_not_a_network_is_refused_with_a_reason() {
        let bytes = network(4).to_bytes();
        assert!(Network::from_bytes(&bytes[1..]).is_err_and(|e| e.contains("not a hamle network")));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 2]).is_err_and(|e| e.contains("bytes after its header")));
        let mut wider = bytes.clone();
        wider[MAGIC.len()] = 64;
        assert!(Network::from_bytes(&wider).is_err_and(|e| e.contains("64 hidden units")));
        let mut last = bytes;
        *last.last_mut().expect("bytes") = 7;
        assert!(Network::from_bytes(&last).is_err_and(|e| e.contains("correcting")));
    }

    #[test]
    fn the_shipped_network_sees_a_queen_up_as_winning_for_either_side() {
        let network = Network::shipped();
        let white_up: Board = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().expect("a FEN");
        let black_up: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1".parse().expect("a FEN");
        assert!(network.evaluate(&white_up) > 500, "{}", network.evaluate(&white_up));
        assert!(network.evaluate(&black_up) < -500, "{}", network.evaluate(&black_up));
    }

    #[test]
    fn distance_counts_the_pieces_that_differ() {
        let network = network(5);
        let mut sums = Accumulator::new(&network);
        let start = Board::default();
        assert_eq!(sums.distance(&start), 32, "from the empty board, every piece");
        sums.update(&network, &start);
        let mut after = start.clone();
        after.play("e2e4".parse().expect("a move"));
        assert_eq!(sums.distance(&after), 2, "a pawn gone from e2 and come to e4");
    }
}
