//! PGN out and in: the Seven Tag Roster, numbering from any start, what import skips and what it refuses.

use hamle_chess::pgn::{self, PgnError};
use hamle_chess::{Chess, Ending};
use hamle_core::bot::RandomBot;
use hamle_core::{Bot, Budget, Game, Notation, Stream, Termination, Transcript};

fn play(game: &mut Chess, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv);
    }
}

#[test]
fn a_finished_game_exports_the_seven_tag_roster_and_its_result() {
    let mut game = Chess::default();
    play(&mut game, "f3 e5 g4 Qh4#");
    let text = pgn::write(&game, &[("White", "Ada"), ("Black", "hamle \"thesis\""), ("Date", "2026.11.25")]);
    // Written out by hand from the PGN standard (§8.1.1: the roster in this order, §8.2.4: numbers before
    // white's moves); the quote in a name is escaped.
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"-\"]\n[White \"Ada\"]\n\
                    [Black \"hamle \\\"thesis\\\"\"]\n[Result \"0-1\"]\n[Termination \"normal\"]\n\n\
                    1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n";
    assert_eq!(text, expected);
}

#[test]
fn a_game_from_a_position_carries_its_fen_and_numbers_from_black() {
    let mut game = Chess::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40").expect("valid");
    play(&mut game, "Kd7 e4");
    let text = game.pgn();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n"), "{text}");
    assert!(text.ends_with("\n40... Kd7 41. e4 *\n"), "{text}");
    let read = pgn::read(&text).expect("reads back");
    assert_eq!(read.chess.fen(), game.fen());
}

#[test]
fn random_games_read_back_move_for_move() {
    for seed in 1..=20 {
        let mut game = Chess::default();
        let mut stream = Stream::new(seed);
        while game.ending().is_none() {
            let d = RandomBot.choose(&game, &Budget::UNLIMITED, &mut stream).expect("a move");
            game.play(d.mv);
        }
        let text = game.pgn();
        assert!(text.lines().all(|l| l.len() < 80), "lines under 80 characters");
        let read = pgn::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(read.chess.played(), game.played(), "seed {seed}");
        assert_eq!(read.tag("Result"), game.ending().map(Ending::result));
    }
}

#[test]
fn import_skips_comments_nags_variations_and_escapes() {
    let text = "% a line the standard lets programs skip\n\
                [Event \"Casual\"]\n[White \"A\"]\n\n\
                1.e4 {the king's pawn; (not a variation)} e5 $1 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; rest of line\n\
                3. Bb5!? a6?! 4. Ba4 1/2-1/2\n";
    let read = pgn::read(text).expect("reads");
    assert_eq!(read.chess.san_moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    assert_eq!(read.tag("Event"), Some("Casual"));
    assert_eq!(read.tag("Result"), None, "a tag the text does not give");
}

#[test]
fn import_refuses_what_it_cannot_read_naming_the_fault() {
    let err = |text: &str| pgn::read(text).expect_err(text).to_string();
    assert_eq!(err("1. e4 e5 2. Ke3"), "PGN move 3: 'Ke3' is not a legal move here");
    assert_eq!(err("1. e4 {never closed"), "PGN: a comment { is never closed");
    assert_eq!(err("1. e4 (1. d4"), "PGN: a variation ( is never closed");
    assert_eq!(err("[Event Casual]\n1. e4 *"), "PGN tag '[Event Casual]' does not read: write [Name \"value\"]");
    assert_eq!(err("1. e4 * \n\n1. d4 *"), "the text holds more than one game: give one game at a time");
    assert_eq!(err("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*"), "PGN FEN tag: invalid FEN: white has no king");
    assert_eq!(err("1. f3 e5 2. g4 Qh4# 3. a3"), "PGN move 5: 'a3' comes after the game ended");
    assert!(matches!(pgn::read("1. e4 e5 2. Ke3"), Err(PgnError::Move { number: 3, .. })));
}

#[test]
fn a_claimed_draw_is_written_as_a_comment_and_the_result() {
    let mut game = Chess::default();
    play(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 draw");
    let text = game.pgn();
    assert!(text.ends_with("4. Ng1 Ng8\n{draw claimed: threefold repetition} 1/2-1/2\n"), "{text}");
    assert_eq!(pgn::read(&text).expect("reads").chess.played().len(), 8);
}

fn match_game(points: Option<[f64; 2]>, termination: Termination, end: Option<&str>) -> Transcript<'_> {
    Transcript {
        event: "hamle match",
        round: 7,
        date: "2026.03.04",
        names: ["uci(cmd=/usr/games/stockfish,movetime=20)", "random"],
        points,
        termination,
        end,
        time_control: None,
    }
}

#[test]
fn a_match_game_takes_its_result_from_the_match_and_says_how_it_ended() {
    let def = hamle_chess::definition();
    let write = def.face.transcript.expect("chess writes its games as PGN");
    let mut game = Chess::default();
    play(&mut game, "e4 e5 Nf3");
    // Black lost on time after 2. Nf3: the board shows no ending, the match's points give the result.
    let end = "time forfeit by random: 0.301 s used with 0.200 s left, a reason long enough to need two lines}";
    let text = write(&game, &match_game(Some([1.0, 0.0]), Termination::TimeForfeit, Some(end)));
    assert!(
        text.starts_with(
            "[Event \"hamle match\"]\n[Site \"?\"]\n[Date \"2026.03.04\"]\n[Round \"7\"]\n\
             [White \"uci(cmd=/usr/games/stockfish,movetime=20)\"]\n[Black \"random\"]\n[Result \"1-0\"]\n\
             [Termination \"time forfeit\"]\n[TimeControl \"-\"]\n\n1. e4 e5 2. Nf3 {time forfeit by random:"
        ),
        "{text}"
    );
    assert!(text.ends_with(" two lines)} 1-0\n"), "a brace inside would end the comment early: {text}");
    assert!(text.lines().all(|l| l.len() < 80), "{text}");
    let read = pgn::read(&text).expect("reads back");
    assert_eq!((read.chess.played().len(), read.tag("Result")), (3, Some("1-0")));

    let drawn = write(&game, &match_game(Some([0.5, 0.5]), Termination::Normal, None));
    assert!(drawn.contains("[Result \"1/2-1/2\"]") && drawn.ends_with("2. Nf3 1/2-1/2\n"), "{drawn}");
    let lost =
        write(&game, &match_game(Some([0.0, 1.0]), Termination::RulesInfraction, Some("illegal move by x: e2e5")));
    assert!(lost.contains("[Result \"0-1\"]\n[Termination \"rules infraction\"]\n"), "{lost}");
    let stopped = write(&game, &match_game(None, Termination::Unterminated, None));
    assert!(stopped.contains("[Termination \"unterminated\"]") && stopped.ends_with("2. Nf3 *\n"), "{stopped}");

    // A game the rules ended keeps the rule's comment.
    play(&mut game, "Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#");
    let mated = write(
        &game,
        &Transcript { time_control: Some("10+0.1"), ..match_game(Some([0.0, 1.0]), Termination::Normal, None) },
    );
    assert!(mated.contains("[Termination \"normal\"]\n[TimeControl \"10+0.1\"]\n"), "{mated}");
    assert!(mated.ends_with("{checkmate} 0-1\n"), "{mated}");
}
