//! PGN: export with the Seven Tag Roster, import of a single game (comments, NAGs and variations skipped).
//!
//! ```
//! use hamle_chess::pgn;
//! let game = pgn::read("[Event \"casual\"]\n\n1. e4 {best by test} e5 $1 (1... c5) 2. Nf3 *").unwrap();
//! assert_eq!(game.chess.played().len(), 3);
//! assert_eq!(game.tag("Event"), Some("casual"));
//! ```

use cozy_chess::Board;
use hamle_core::Game;

use crate::notation::{parse_board_move, san};
use crate::rules::{Chess, Move};

/// Why a PGN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag pair that does not read.
    #[error("PGN tag '{0}' does not read: write [Name \"value\"]")]
    Tag(String),
    /// The FEN tag is invalid.
    #[error("PGN FEN tag: {0}")]
    Fen(#[from] crate::FenError),
    /// A move that does not read or is illegal where it stands.
    #[error("PGN move {number}: {error}")]
    Move {
        /// Its ply in the game, from 1.
        number: usize,
        /// What is wrong with it.
        error: crate::MoveError,
    },
    /// A comment or variation left open.
    #[error("PGN: {0} is never closed")]
    Unclosed(&'static str),
    /// More than one game in the text.
    #[error("the text holds more than one game: give one game at a time")]
    Several,
}

/// A game read from PGN: its tags in order and the game replayed.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs, in the order given.
    pub tags: Vec<(String, String)>,
    /// The game, replayed from its start.
    pub chess: Chess,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn tag_pair(line: &str) -> Result<(String, String), PgnError> {
    let bad = || PgnError::Tag(line.to_owned());
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or_else(bad)?.trim();
    let (name, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let value = value.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
    Ok((name.to_owned(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The movetext's tokens that are moves: comments, NAGs, variations, move numbers and escapes dropped; stops at
/// the result.
fn move_tokens(text: &str) -> Result<(Vec<String>, String), PgnError> {
    let mut tokens = Vec::new();
    let (mut depth, mut word) = (0usize, String::new());
    let mut chars = text.chars().peekable();
    let flush = |word: &mut String, tokens: &mut Vec<String>, depth: usize| {
        if depth == 0 && !word.is_empty() {
            tokens.push(std::mem::take(word));
        }
        word.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut tokens, depth);
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(PgnError::Unclosed("a comment {"));
                }
            }
            ';' => {
                flush(&mut word, &mut tokens, depth);
                chars.by_ref().find(|&c| c == '\n');
            }
            '(' => {
                flush(&mut word, &mut tokens, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut word, &mut tokens, depth);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut word, &mut tokens, depth),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut tokens, depth);
    if depth > 0 {
        return Err(PgnError::Unclosed("a variation ("));
    }
    let mut moves = Vec::new();
    let mut result = String::from("*");
    let mut tokens = tokens.into_iter();
    for token in tokens.by_ref() {
        if RESULTS.contains(&token.as_str()) {
            result = token;
            break;
        }
        if token.starts_with('$') {
            continue;
        }
        // Move numbers may stick to their move: "12.e4", "12...e5".
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if !token.is_empty() {
            moves.push(token.to_owned());
        }
    }
    if tokens.next().is_some() {
        return Err(PgnError::Several);
    }
    Ok((moves, result))
}

/// Reads one game: its tags, then its moves from the start (or from the `FEN` tag).
///
/// # Errors
/// A [`PgnError`] naming the tag, the move or the unclosed comment.
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut body = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('%') {
            continue;
        }
        if body.trim().is_empty() && trimmed.starts_with('[') {
            tags.push(tag_pair(trimmed)?);
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    let mut chess = match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => Chess::from_fen(fen)?,
        None => Chess::default(),
    };
    let (moves, _) = move_tokens(&body)?;
    for (i, text) in moves.iter().enumerate() {
        let mv = if chess.ending().is_some() {
            Err(crate::MoveError { text: text.clone(), why: "comes after the game ended".into() })
        } else {
            parse_board_move(chess.board(), text)
        };
        let mv = mv.map_err(|error| PgnError::Move { number: i + 1, error })?;
        chess.play(Move::Board(mv));
    }
    Ok(PgnGame { tags, chess })
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result; `?` for what
/// `tags` does not give), `SetUp`/`FEN` when it starts elsewhere than the standard start, then the moves in
/// SAN with numbers, lines under 80 characters, and the result.
pub fn write(chess: &Chess, tags: &[(&str, &str)]) -> String {
    let result = chess.ending().map_or("*", |e| e.result());
    // The standard's word for an ending by the rules; the rule itself goes in a comment after the moves.
    let termination = chess.ending().map(|_| ("Termination", "normal".to_owned()));
    write_game(chess, tags, result, termination.as_slice(), rules_comment(chess).as_deref())
}

/// The rules' ending in words, for the comment after the moves: `checkmate`, `draw claimed: fifty-move rule`.
fn rules_comment(chess: &Chess) -> Option<String> {
    chess.ending().map(|e| match e {
        crate::Ending::Threefold | crate::Ending::Fifty => format!("draw claimed: {}", e.reason()),
        e => e.reason().to_owned(),
    })
}

/// Writes a finished game of a bot match (`hamle match chess … --pgn`): the roster from the match (Event,
/// Date, Round and the bots as White and Black), the result from the match's points — a game lost on time or
/// by an illegal move ends off the board, which the moves alone do not show —, `Termination` (`normal`,
/// `time forfeit`, `rules infraction`, `abandoned`, `unterminated`), `TimeControl` (`10+0.1`, or `-` without
/// one), and how it ended as a comment after the moves.
///
/// ```
/// use hamle_chess::{Chess, pgn};
/// use hamle_core::{Termination, Transcript};
/// let t = Transcript {
///     event: "hamle match", round: 3, date: "2026.01.02", names: ["random", "uci(cmd=/x)"],
///     points: Some([1.0, 0.0]), termination: Termination::TimeForfeit,
///     end: Some("time forfeit by uci(cmd=/x): 0.201 s used with 0.200 s left"), time_control: Some("0.2"),
/// };
/// let text = pgn::transcript(&Chess::default(), &t);
/// assert!(text.contains("[Round \"3\"]\n[White \"random\"]\n[Black \"uci(cmd=/x)\"]\n[Result \"1-0\"]"));
/// assert!(text.contains("[Termination \"time forfeit\"]\n[TimeControl \"0.2\"]"));
/// assert!(text.ends_with("{time forfeit by uci(cmd=/x): 0.201 s used with 0.200 s left} 1-0\n"));
/// assert_eq!(pgn::read(&text).unwrap().tag("Result"), Some("1-0"));
/// ```
pub fn transcript(chess: &Chess, t: &hamle_core::Transcript<'_>) -> String {
    let result = match t.points {
        None => "*",
        Some([white, black]) if white > black => "1-0",
        Some([white, black]) if black > white => "0-1",
        Some(_) => "1/2-1/2",
    };
    let round = t.round.to_string();
    let tags = [
        ("Event", t.event),
        ("Site", "?"),
        ("Date", t.date),
        ("Round", round.as_str()),
        ("White", t.names[0]),
        ("Black", t.names[1]),
    ];
    let extra =
        [("Termination", t.termination.pgn().to_owned()), ("TimeControl", t.time_control.unwrap_or("-").to_owned())];
    let comment = t.end.map(str::to_owned).or_else(|| rules_comment(chess));
    write_game(chess, &tags, result, &extra, comment.as_deref())
}

/// The tags, the moves and the result, with `extra` tags after the roster and `comment` after the moves.
fn write_game(
    chess: &Chess,
    tags: &[(&str, &str)],
    result: &str,
    extra: &[(&str, String)],
    comment: Option<&str>,
) -> String {
    let given = |name: &str, default: &str| -> String {
        tags.iter().find(|(n, _)| *n == name).map_or(default.to_owned(), |(_, v)| (*v).to_owned())
    };
    let mut out = String::new();
    for (name, default) in
        [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "-"), ("White", "?"), ("Black", "?")]
    {
        out += &format!("[{name} \"{}\"]\n", escape(&given(name, default)));
    }
    out += &format!("[Result \"{result}\"]\n");
    if *chess.start() != Board::default() {
        out += &format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", chess.start_fen());
    }
    for (name, value) in extra {
        out += &format!("[{name} \"{}\"]\n", escape(value));
    }
    out.push('\n');
    let mut board = chess.start().clone();
    let mut words = Vec::new();
    for (i, &mv) in chess.played().iter().enumerate() {
        let number = board.fullmove_number();
        if board.side_to_move() == cozy_chess::Color::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(san(&board, mv));
        board.play_unchecked(mv);
    }
    if let Some(comment) = comment {
        // A comment ends at the first `}`: one inside (an engine's message) would end it early. One too long
        // for a line of its own is wrapped at its spaces, as the moves are.
        let comment = format!("{{{}}}", comment.replace('}', ")"));
        if comment.len() > 79 {
            words.extend(comment.split_whitespace().map(str::to_owned));
        } else {
            words.push(comment);
        }
    }
    words.push(result.to_owned());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &word;
    }
    out += &line;
    out.push('\n');
    out
}

impl Chess {
    /// The game as PGN with unknown players: see [`write()`].
    pub fn pgn(&self) -> String {
        write(self, &[])
    }

    /// The board moves in SAN from the start.
    pub fn san_moves(&self) -> Vec<String> {
        let mut board = self.start().clone();
        self.played()
            .iter()
            .map(|&mv| {
                let text = san(&board, mv);
                board.play_unchecked(mv);
                text
            })
            .collect()
    }
}
