//! FEN read with a reason for every refusal: cozy-chess says only which field is wrong, a person needs to
//! know what is wrong with it ("white has two kings", "a pawn on e8").

use cozy_chess::{Board, BoardBuilder, CastleRights, Color, File, Piece, Rank, Square};

use crate::color::color_name;

/// Why a FEN was refused: the fault in words, naming the field and what it holds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {0}")]
pub struct FenError(pub String);

fn fault(why: impl Into<String>) -> FenError {
    FenError(why.into())
}

fn piece_of(c: char) -> Option<(Piece, Color)> {
    let piece = match c.to_ascii_lowercase() {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    };
    Some((piece, if c.is_ascii_uppercase() { Color::White } else { Color::Black }))
}

fn placement(text: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(fault(format!("the board has {} ranks separated by '/', not 8", ranks.len())));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::index(7 - row);
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else if let Some(piece) = piece_of(c) {
                if file < 8 {
                    *builder.square_mut(Square::new(File::index(file), rank)) = Some(piece);
                }
                file += 1;
            } else {
                return Err(fault(format!("'{c}' in rank {} is neither a piece (PNBRQK, pnbrqk) nor 1-8", 8 - row)));
            }
            if file > 8 {
                return Err(fault(format!("rank {} holds more than 8 squares", 8 - row)));
            }
        }
        if file < 8 {
            return Err(fault(format!("rank {} holds {file} squares, not 8", 8 - row)));
        }
    }
    Ok(())
}

fn count(builder: &BoardBuilder, color: Color, piece: Piece) -> usize {
    Square::ALL.iter().filter(|&&sq| builder.square(sq) == Some((piece, color))).count()
}

fn material(builder: &BoardBuilder) -> Result<(), FenError> {
    for color in Color::ALL {
        let name = color_name(color);
        match count(builder, color, Piece::King) {
            1 => {}
            0 => return Err(fault(format!("{name} has no king"))),
            n => return Err(fault(format!("{name} has {n} kings"))),
        }
        let pawns = count(builder, color, Piece::Pawn);
        if pawns > 8 {
            return Err(fault(format!("{name} has {pawns} pawns (at most 8)")));
        }
        // Every piece beyond the starting set was a pawn once.
        let extra: usize = [(Piece::Knight, 2), (Piece::Bishop, 2), (Piece::Rook, 2), (Piece::Queen, 1)]
            .iter()
            .map(|&(piece, start)| count(builder, color, piece).saturating_sub(start))
            .sum();
        if pawns + extra > 8 {
            return Err(fault(format!(
                "{name} has {pawns} pawns and {extra} pieces beyond the starting set: more than its 8 pawns could give"
            )));
        }
    }
    for sq in Square::ALL {
        if matches!(builder.square(sq), Some((Piece::Pawn, _))) && matches!(sq.rank(), Rank::First | Rank::Eighth) {
            return Err(fault(format!("a pawn on {sq}: pawns never stand on the first or last rank")));
        }
    }
    Ok(())
}

fn castling(text: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    for color in Color::ALL {
        *builder.castle_rights_mut(color) = CastleRights::EMPTY;
    }
    if text == "-" {
        return Ok(());
    }
    let mut seen = String::new();
    for c in text.chars() {
        if seen.contains(c) {
            return Err(fault(format!("castling right '{c}' is given twice in '{text}'")));
        }
        seen.push(c);
        let (color, short) = match c {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => return Err(fault(format!("castling rights '{text}': write - or some of KQkq"))),
        };
        let back = Rank::First.relative_to(color);
        let (king, rook) = (Square::new(File::E, back), Square::new(if short { File::H } else { File::A }, back));
        if builder.square(king) != Some((Piece::King, color)) || builder.square(rook) != Some((Piece::Rook, color)) {
            return Err(fault(format!(
                "castling right '{c}' needs the {} king on {king} and a rook on {rook}",
                color_name(color)
            )));
        }
        let rights = builder.castle_rights_mut(color);
        if short {
            rights.short = Some(File::H);
        } else {
            rights.long = Some(File::A);
        }
    }
    Ok(())
}

fn en_passant(text: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    if text == "-" {
        builder.en_passant = None;
        return Ok(());
    }
    let square: Square = text.parse().map_err(|_| fault(format!("en passant square '{text}' is not a square")))?;
    let mover = builder.side_to_move;
    let (wanted, pawn_rank) = match mover {
        Color::White => (Rank::Sixth, Rank::Fifth),
        Color::Black => (Rank::Third, Rank::Fourth),
    };
    let why = if square.rank() != wanted {
        Some(format!("it must be on rank {} when {} is to move", wanted as usize + 1, color_name(mover)))
    } else if builder.square(Square::new(square.file(), pawn_rank)) != Some((Piece::Pawn, !mover)) {
        Some(format!(
            "no {} pawn stands on {} after a double step",
            color_name(!mover),
            Square::new(square.file(), pawn_rank)
        ))
    } else if builder.square(square).is_some()
        || builder.square(Square::new(square.file(), Rank::Second.relative_to(!mover))).is_some()
    {
        Some("the squares the pawn passed are not empty".to_owned())
    } else {
        None
    };
    if let Some(why) = why {
        return Err(fault(format!("en passant square {square} is impossible: {why}")));
    }
    builder.en_passant = Some(square);
    Ok(())
}

/// Reads a FEN (six fields; the two clocks may be left off and are then 0 and 1) into a board and the
/// halfmove clock, refusing
/// impossible positions: a side without exactly one king, more than 8 pawns, pawns on the first or last rank,
/// the side not to move in check, castling rights without the king and rook at home, an impossible en passant
/// square, a halfmove clock past 150 (the game would have ended).
///
/// ```
/// let err = hamle_chess::parse_fen("4k3/8/8/8/8/8/8/2K1K3 w - - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "invalid FEN: white has 2 kings");
/// let (_, clock) = hamle_chess::parse_fen("4k3/8/8/8/8/8/8/4K2R w - - 120 90").unwrap();
/// assert_eq!(clock, 120, "cozy-chess's board stops counting at 100; the clock is kept beside it");
/// ```
///
/// # Errors
/// A [`FenError`] naming the fault.
pub fn parse_fen(text: &str) -> Result<(Board, u8), FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(fault(format!(
            "a FEN has 6 fields (board, side, castling, en passant, halfmove clock, move number), this has {}",
            fields.len()
        )));
    }
    let mut builder = BoardBuilder::empty();
    placement(fields[0], &mut builder)?;
    material(&builder)?;
    builder.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(fault(format!("side to move '{other}': write w or b"))),
    };
    castling(fields[2], &mut builder)?;
    en_passant(fields[3], &mut builder)?;
    let (halfmove, fullmove) = if fields.len() == 6 { (fields[4], fields[5]) } else { ("0", "1") };
    let clock = match halfmove.parse::<u8>() {
        Ok(n) if n <= 150 => n,
        _ => return Err(fault(format!("halfmove clock '{halfmove}': write a number from 0 to 150"))),
    };
    // cozy-chess's board counts to 100 only (enough for its fifty-move rule); the game keeps the real clock.
    builder.halfmove_clock = clock.min(100);
    builder.fullmove_number = match fullmove.parse::<u16>() {
        Ok(n) if n >= 1 => n,
        _ => return Err(fault(format!("move number '{fullmove}': write a number from 1"))),
    };
    // The side not to move in check is the one fault left that needs move generation: ask cozy-chess with the
    // sides swapped.
    let mut swapped = builder.clone();
    swapped.side_to_move = !builder.side_to_move;
    swapped.en_passant = None;
    if swapped.build().is_ok_and(|b| !b.checkers().is_empty()) {
        return Err(fault(format!(
            "{} is in check but it is {}'s move",
            color_name(!builder.side_to_move),
            color_name(builder.side_to_move)
        )));
    }
    let board = builder.build().map_err(|e| fault(format!("{e}").to_lowercase().trim_end_matches('.').to_owned()))?;
    // cozy-chess's check test leaves out the kings: two kings side by side would let one take the other.
    let (white, black) = (board.king(Color::White), board.king(Color::Black));
    if cozy_chess::get_king_moves(white).has(black) {
        return Err(fault(format!("the kings stand side by side on {white} and {black}")));
    }
    if board.checkers().len() > 2 {
        return Err(fault(format!(
            "{} is in check from {} pieces: no move gives more than two",
            color_name(board.side_to_move()),
            board.checkers().len()
        )));
    }
    Ok((board, clock))
}
