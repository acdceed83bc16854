//! The Win At Chess suite as stored (`tests/data/wac.epd`): 300 lines, in order, every position and move readable.

use hamle_chess::epd;

const WAC: &str = include_str!("data/wac.epd");

#[test]
fn three_hundred_positions_in_order() {
    assert_eq!(WAC.lines().count(), 300, "one position a line, no header");
    let positions = epd::parse(WAC).unwrap_or_else(|e| panic!("wac.epd: {e}"));
    assert_eq!(positions.len(), 300);
    for (i, position) in positions.iter().enumerate() {
        assert_eq!(position.line, i + 1);
        assert_eq!(position.id.as_deref(), Some(format!("WAC.{:03}", i + 1).as_str()), "line {}", i + 1);
        assert!(!position.best.is_empty(), "{}: every WAC position names its best moves", position.name());
        assert_eq!(position.best.len(), position.best_san.len());
    }
}

#[test]
fn the_one_position_with_a_move_to_avoid() {
    // WAC.274 is the suite's only `am`: the rook must not go to d6.
    let positions = epd::parse(WAC).unwrap_or_else(|e| panic!("wac.epd: {e}"));
    let with_avoid: Vec<&str> =
        positions.iter().filter(|p| !p.avoid.is_empty()).filter_map(|p| p.id.as_deref()).collect();
    assert_eq!(with_avoid, ["WAC.274"]);
    let p = &positions[273];
    assert_eq!(
        (p.best_san.as_slice(), p.avoid_san.as_slice()),
        (&["Rb6".to_owned(), "Rg5+".to_owned()][..], &["Rd6".to_owned()][..])
    );
}

#[test]
fn every_move_is_written_as_its_own_san() {
    // The file's moves carry their check marks and only the disambiguation needed: reading them back into the
    // same text checks the copy (a mistyped square or piece would rarely give the same SAN, marks and all).
    let positions = epd::parse(WAC).unwrap_or_else(|e| panic!("wac.epd: {e}"));
    for p in &positions {
        let moves = p.best.iter().zip(&p.best_san).chain(p.avoid.iter().zip(&p.avoid_san));
        for (&mv, text) in moves {
            assert_eq!(&hamle_chess::san(p.board(), mv), text, "{}", p.name());
        }
    }
}
