//! EPD (Extended Position Description) test suites such as Win At Chess: one position a line, the FEN's first
//! four fields then operations `opcode operands;` — `bm` the best moves, `am` the moves to avoid, `id` a name.
//!
//! ```
//! use hamle_chess::epd;
//!
//! let text = "7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - bm Rb7; id \"WAC.006\";\n";
//! let positions = epd::parse(text).expect("one good line");
//! assert_eq!(positions[0].id.as_deref(), Some("WAC.006"));
//! assert_eq!(positions[0].best_san, ["Rb7"]);
//! assert!(positions[0].solves(positions[0].best[0]));
//! ```
//!
//! Lines that are blank or start with `#` are skipped. Operations other than `bm`, `am` and `id` (`c0`, `dm`,
//! `pv`, …) are read past, since a suite's answer lives in `bm` and `am` alone.

use cozy_chess::Board;

use crate::notation::parse_board_move;
use crate::rules::Chess;

/// Why an EPD text was refused: the line (counted from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct EpdError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// One position of a suite.
#[derive(Clone, Debug)]
pub struct EpdPosition {
    /// The line it was read from, counted from 1.
    pub line: usize,
    /// The `id` operation's text, when the line has one.
    pub id: Option<String>,
    /// The position in FEN, with the two clocks (0 and 1 when the line leaves them off).
    pub fen: String,
    /// The game from this position.
    pub game: Chess,
    /// The `bm` moves: playing any of them solves the position.
    pub best: Vec<cozy_chess::Move>,
    /// The `bm` moves as the line writes them.
    pub best_san: Vec<String>,
    /// The `am` moves: playing any of them fails the position.
    pub avoid: Vec<cozy_chess::Move>,
    /// The `am` moves as the line writes them.
    pub avoid_san: Vec<String>,
}

impl EpdPosition {
    /// Whether `mv` solves the position: it is among the best moves (when there are any) and not among the
    /// moves to avoid.
    pub fn solves(&self, mv: cozy_chess::Move) -> bool {
        (self.best.is_empty() || self.best.contains(&mv)) && !self.avoid.contains(&mv)
    }

    /// The name to report it by: its `id`, else `line N`.
    pub fn name(&self) -> String {
        self.id.clone().unwrap_or_else(|| format!("line {}", self.line))
    }

    /// The board of the position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }
}

/// Reads every position of an EPD text, refusing the first bad line with its number.
///
/// # Errors
/// An [`EpdError`] naming the line and the fault: a FEN that does not read or is impossible, a `bm` or `am`
/// move that is not legal SAN in the position, an operation left open, an `id` that is not a quoted string.
pub fn parse(text: &str) -> Result<Vec<EpdPosition>, EpdError> {
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let position = parse_line(trimmed, index + 1).map_err(|why| EpdError { line: index + 1, why })?;
        positions.push(position);
    }
    Ok(positions)
}

/// Reads one line (neither blank nor a comment), numbered `line`.
///
/// # Errors
/// What is wrong with the line, in words.
pub fn parse_line(text: &str, line: usize) -> Result<EpdPosition, String> {
    let (fen, rest) = split_fen(text)?;
    let game = Chess::from_fen(&fen).map_err(|e| e.to_string())?;
    let mut position = EpdPosition {
        line,
        id: None,
        fen,
        game,
        best: Vec::new(),
        best_san: Vec::new(),
        avoid: Vec::new(),
        avoid_san: Vec::new(),
    };
    for (opcode, operands) in operations(rest)? {
        match opcode.as_str() {
            "bm" | "am" => {
                let moves = move_operands(&operands, &opcode, position.game.board())?;
                let (list, texts) = if opcode == "bm" {
                    (&mut position.best, &mut position.best_san)
                } else {
                    (&mut position.avoid, &mut position.avoid_san)
                };
                for (mv, san) in moves {
                    list.push(mv);
                    texts.push(san);
                }
            }
            "id" => position.id = Some(id_operand(&operands)?),
            // A suite's other operations (comments, mate lengths, predicted lines) say nothing on what solves it.
            _ => {}
        }
    }
    Ok(position)
}

/// One token of an operation: a word, or a quoted string (its quotes taken off).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Operand {
    Word(String),
    Quoted(String),
}

/// The FEN (the four fields, and the two clocks when the line gives them as numbers) and the text after it.
fn split_fen(text: &str) -> Result<(String, &str), String> {
    let mut fields = Vec::new();
    let mut rest = text;
    while fields.len() < 6 {
        let trimmed = rest.trim_start();
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        let field = &trimmed[..end];
        // The clocks are optional: after the fourth field, only numbers are clocks; a word starts the operations.
        if field.is_empty() || (fields.len() >= 4 && !field.bytes().all(|b| b.is_ascii_digit())) {
            break;
        }
        fields.push(field);
        rest = &trimmed[end..];
    }
    match fields.len() {
        4 => Ok((format!("{} 0 1", fields.join(" ")), rest)),
        6 => Ok((fields.join(" "), rest)),
        5 => Err(format!("after the FEN's four fields, '{}' is a halfmove clock without a move number", fields[4])),
        n => Err(format!(
            "an EPD line starts with the FEN's four fields (board, side, castling, en passant); this has {n}"
        )),
    }
}

/// The operations after the FEN: `opcode operand…;`, quoted strings kept whole (a `;` may stand inside one).
fn operations(text: &str) -> Result<Vec<(String, Vec<Operand>)>, String> {
    let mut ops = Vec::new();
    let mut tokens: Vec<Operand> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<Operand>| {
        if !word.is_empty() {
            tokens.push(Operand::Word(std::mem::take(word)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                flush(&mut word, &mut tokens);
                let mut quoted = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => quoted.push(c),
                        None => return Err(format!("a quoted string is not closed: \"{quoted}")),
                    }
                }
                tokens.push(Operand::Quoted(quoted));
            }
            ';' => {
                flush(&mut word, &mut tokens);
                ops.push(operation(std::mem::take(&mut tokens))?);
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut tokens);
    if !tokens.is_empty() {
        let opcode = match &tokens[0] {
            Operand::Word(w) | Operand::Quoted(w) => w.clone(),
        };
        return Err(format!("the operation '{opcode}' is not ended by ';'"));
    }
    Ok(ops)
}

/// An operation's tokens split into its opcode and operands.
fn operation(tokens: Vec<Operand>) -> Result<(String, Vec<Operand>), String> {
    let mut tokens = tokens.into_iter();
    match tokens.next() {
        Some(Operand::Word(opcode)) => Ok((opcode, tokens.collect())),
        Some(Operand::Quoted(text)) => Err(format!("an operation starts with its opcode, not the string \"{text}\"")),
        None => Err("an empty operation: ';' with nothing before it".to_owned()),
    }
}

/// A `bm` or `am` operation's moves, each read as SAN in `board`.
fn move_operands(operands: &[Operand], opcode: &str, board: &Board) -> Result<Vec<(cozy_chess::Move, String)>, String> {
    if operands.is_empty() {
        return Err(format!("'{opcode}' names no move"));
    }
    operands
        .iter()
        .map(|operand| match operand {
            Operand::Word(text) => {
                parse_board_move(board, text).map(|mv| (mv, text.clone())).map_err(|e| format!("{opcode} {e}"))
            }
            Operand::Quoted(text) => Err(format!("{opcode} takes moves in SAN, not the string \"{text}\"")),
        })
        .collect()
}

/// An `id` operation's one string.
fn id_operand(operands: &[Operand]) -> Result<String, String> {
    match operands {
        [Operand::Quoted(text)] => Ok(text.clone()),
        [Operand::Word(text)] => Err(format!("id takes a quoted string: write id \"{text}\"")),
        _ => Err(format!("id takes one quoted string, not {} operands", operands.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"back rank\";";

    #[test]
    fn reads_fen_moves_and_id() {
        let positions = parse(MATE).expect("reads");
        let p = &positions[0];
        assert_eq!(p.line, 1);
        assert_eq!(p.id.as_deref(), Some("back rank"));
        assert_eq!(p.fen, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        assert_eq!(p.best_san, ["Ra8#"]);
        assert_eq!(p.best.len(), 1);
        assert_eq!(p.best[0].to, cozy_chess::Square::A8);
        assert!(p.avoid.is_empty());
    }

    #[test]
    fn several_best_moves_avoid_moves_and_other_ops() {
        let text = "8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - am Rd6; bm Rb6 Rg5+; c0 \"a; b\"; id \"WAC.274\";";
        let p = &parse(text).expect("reads")[0];
        assert_eq!(p.best_san, ["Rb6", "Rg5+"]);
        assert_eq!(p.avoid_san, ["Rd6"]);
        assert_eq!(p.id.as_deref(), Some("WAC.274"), "a ';' inside a quoted c0 does not end it");
        assert!(p.solves(p.best[1]));
        assert!(!p.solves(p.avoid[0]));
        let other = legal(p.board()).into_iter().find(|m| !p.best.contains(m)).expect("another move");
        assert!(!p.solves(other));
    }

    #[test]
    fn avoid_alone_solves_with_any_other_move() {
        let p = &parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Kf1; id \"x\";").expect("reads")[0];
        assert!(!p.solves(p.avoid[0]));
        let other = legal(p.board()).into_iter().find(|m| !p.avoid.contains(m)).expect("another move");
        assert!(p.solves(other));
    }

    #[test]
    fn clocks_are_optional() {
        let p = &parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 40 bm Ra8#;").expect("reads")[0];
        assert_eq!(p.fen, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 40");
        assert_eq!(p.id, None);
        assert_eq!(p.name(), "line 1");
        let err = parse_line("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 bm Ra8#;", 1).expect_err("refused");
        assert!(err.contains("without a move number"), "{err}");
    }

    #[test]
    fn skips_blank_and_comment_lines_and_counts_them() {
        let text = format!("# a suite\n\n{MATE}\n   \n{MATE}\n");
        let positions = parse(&text).expect("reads");
        assert_eq!(positions.iter().map(|p| p.line).collect::<Vec<_>>(), [3, 5]);
    }

    #[test]
    fn a_bad_fen_names_its_line() {
        let text = format!("{MATE}\n6k1/5ppp/8/8/8/8/5PPP/R5KK w - - bm Ra8#;\n");
        let err = parse(&text).expect_err("refused");
        assert_eq!(err.line, 2);
        assert!(err.to_string().starts_with("line 2: invalid FEN: white has 2 kings"), "{err}");
        let short = parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w -").expect_err("refused");
        assert!(short.why.contains("this has 3"), "{short}");
    }

    #[test]
    fn an_illegal_or_unreadable_move_names_its_line() {
        let text = format!("{MATE}\n{MATE}\n6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra9; id \"y\";\n");
        let err = parse(&text).expect_err("refused");
        assert_eq!(err.line, 3);
        assert!(err.why.contains("'Ra9'"), "{err}");
        let illegal = parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Qd8;").expect_err("refused");
        assert!(illegal.why.contains("'Qd8' is not a legal move here"), "{illegal}");
        let empty = parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm ;").expect_err("refused");
        assert!(empty.why.contains("'bm' names no move"), "{empty}");
    }

    #[test]
    fn malformed_operations_are_refused() {
        let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -";
        for (ops, why) in [
            ("bm Ra8#", "not ended by ';'"),
            ("bm Ra8#; id \"open;", "not closed"),
            ("bm Ra8#; id WAC.1;", "quoted string"),
            ("bm Ra8#; ;", "empty operation"),
            ("\"x\" bm Ra8#;", "starts with its opcode"),
            ("bm \"Ra8\";", "not the string"),
        ] {
            let err = parse_line(&format!("{fen} {ops}"), 1).expect_err("refused");
            assert!(err.contains(why), "{ops}: {err}");
        }
    }

    fn legal(board: &Board) -> Vec<cozy_chess::Move> {
        crate::legal_moves(board)
    }
}
