//! The sides' names in words, spelled in one place for the FEN reader's refusals, the game's view and the
//! CLI; a module of its own so that the FEN reader and the game record, which both name sides, need not
//! import each other.

use cozy_chess::Color;

/// A side's name in the words of the page, the API and the CLI: `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
