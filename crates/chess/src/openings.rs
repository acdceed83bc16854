//! The opening suite of bot matches: main lines of well-known openings, eight plies deep, and the positions
//! along them, so that games between deterministic bots differ. Each line is a sequence of SAN moves from the standard start, as any
//! opening book gives it (the ECO codes are named); every line is played through the rules when a match
//! starts, so a typo could not survive the tests.

use std::sync::LazyLock;

use cozy_chess::Board;

use crate::notation::parse_board_move;

/// The suite: an ECO code, a name, and its moves in SAN.
#[rustfmt::skip]
pub const SUITE: &[(&str, &str, &str)] = &[
    ("C60", "Ruy Lopez, Morphy defence", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"),
    ("C50", "Italian game, Giuoco piano", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"),
    ("C42", "Petrov defence", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4"),
    ("C45", "Scotch game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"),
    ("C47", "Four knights game", "e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4"),
    ("C30", "King's gambit declined", "e4 e5 f4 Bc5 Nf3 d6 c3 Nf6"),
    ("C25", "Vienna game", "e4 e5 Nc3 Nf6 f4 d5 fxe5 Nxe4"),
    ("B90", "Sicilian, Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6"),
    ("B33", "Sicilian, Sveshnikov", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6"),
    ("B40", "Sicilian, Kan", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6"),
    ("B22", "Sicilian, Alapin", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4"),
    ("C11", "French, classical", "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7"),
    ("C18", "French, Winawer", "e4 e6 d4 d5 Nc3 Bb4 e5 c5"),
    ("C02", "French, advance", "e4 e6 d4 d5 e5 c5 c3 Nc6"),
    ("B12", "Caro-Kann, advance", "e4 c6 d4 d5 e5 Bf5 Nf3 e6"),
    ("B18", "Caro-Kann, classical", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"),
    ("B01", "Scandinavian defence", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6"),
    ("B07", "Pirc defence", "e4 d6 d4 Nf6 Nc3 g6 Nf3 Bg7"),
    ("B02", "Alekhine defence", "e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4"),
    ("D37", "Queen's gambit declined", "d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7"),
    ("D20", "Queen's gambit accepted", "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6"),
    ("D11", "Slav defence", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4"),
    ("D45", "Semi-Slav defence", "d4 d5 c4 c6 Nc3 Nf6 Nf3 e6"),
    ("E21", "Nimzo-Indian defence", "d4 Nf6 c4 e6 Nc3 Bb4 Nf3 O-O"),
    ("E15", "Queen's Indian defence", "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6"),
    ("E92", "King's Indian defence", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"),
    ("D85", "Grünfeld defence", "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5"),
    ("A57", "Benko gambit", "d4 Nf6 c4 c5 d5 b5 cxb5 a6"),
    ("A60", "Modern Benoni", "d4 Nf6 c4 c5 d5 e6 Nc3 exd5"),
    ("E01", "Catalan opening", "d4 Nf6 c4 e6 g3 d5 Bg2 Be7"),
    ("A80", "Dutch defence", "d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7"),
    ("D02", "London system", "d4 d5 Nf3 Nf6 Bf4 e6 e3 c5"),
    ("A30", "English, symmetrical", "c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7"),
    ("A20", "English, reversed Sicilian", "c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5"),
    ("A04", "Réti opening", "Nf3 d5 g3 Nf6 Bg2 e6 O-O Be7"),
    ("A07", "King's Indian attack", "Nf3 d5 g3 c5 Bg2 Nc6 O-O e6"),
    ("C01", "French, exchange", "e4 e6 d4 d5 exd5 exd5 Nf3 Nf6"),
    ("B06", "Modern defence", "e4 g6 d4 Bg7 Nc3 d6 Be3 a6"),
    ("C41", "Philidor defence", "e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7"),
    ("D31", "Queen's gambit, Semi-Tarrasch", "d4 d5 c4 e6 Nc3 c5 cxd5 exd5"),
];

/// The suite's positions: every line after 8 plies, then after 7, then after 6, each position once. Lines
/// that share their first moves share those positions, so the list is shorter than three per line; it still
/// holds more than 100, enough for 200 games between deterministic bots without a repeat.
pub fn positions() -> &'static [Board] {
    static POSITIONS: LazyLock<Vec<Board>> = LazyLock::new(|| {
        let mut found: Vec<Board> = Vec::new();
        for plies in [8, 7, 6] {
            for &(_, _, line) in SUITE {
                let board = play(line, plies);
                if !found.contains(&board) {
                    found.push(board);
                }
            }
        }
        found
    });
    &POSITIONS
}

/// The board after the first `plies` moves of a line.
fn play(line: &str, plies: usize) -> Board {
    let mut board = Board::default();
    for text in line.split_whitespace().take(plies) {
        // The lines are legal (`every_line_of_the_suite_is_legal` plays each one): a refusal cannot happen.
        let Ok(mv) = parse_board_move(&board, text) else { break };
        board.play_unchecked(mv);
    }
    board
}

/// Opening `index` of [`positions`], cycling past its end: game pair `index` of a match starts there.
pub fn opening(index: usize) -> Board {
    let all = positions();
    all[index % all.len()].clone()
}
