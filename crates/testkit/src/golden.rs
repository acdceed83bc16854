//! Golden files: texts checked against a reviewed copy on disk, and whole seeded games written as
//! such texts.

use std::fmt::Display;
use std::path::Path;
use std::{fs, io};

use hamle_core::{Bot, Budget, Notation, Stream, Turn};

use crate::MAX_PLIES;

/// The environment variable that, set to `1`, makes [`check_golden`] write the files instead.
pub const BLESS_VAR: &str = "HAMLE_BLESS";

/// Checks `actual` against the golden file at `path`, or writes it there when the environment
/// variable `HAMLE_BLESS` is `1`; panics if the file is missing or differs.
pub fn check_golden(path: impl AsRef<Path>, actual: &str) {
    let bless = std::env::var_os(BLESS_VAR).is_some_and(|value| value == "1");
    check_golden_with(path, actual, bless);
}

/// [`check_golden`] with the choice to write made by the caller rather than the environment,
/// for tests that run in parallel and so cannot set the variable.
pub fn check_golden_with(path: impl AsRef<Path>, actual: &str, bless: bool) {
    let path = path.as_ref();
    if bless {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty())
            && let Err(e) = fs::create_dir_all(parent)
        {
            panic!("cannot create the directory {} for a golden file: {e}", parent.display());
        }
        if let Err(e) = fs::write(path, actual) {
            panic!("cannot write the golden file {}: {e}", path.display());
        }
        return;
    }
    let expected = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => panic!(
            "the golden file {} is missing: run the test once with {BLESS_VAR}=1 to write it, then review it",
            path.display()
        ),
        Err(e) => panic!("cannot read the golden file {}: {e}", path.display()),
    };
    // A checkout may turn line ends into CRLF; the text itself is what is under review.
    let expected = expected.replace("\r\n", "\n");
    if expected == actual {
        return;
    }
    let (mut want, mut got) = (expected.split('\n'), actual.split('\n'));
    let mut line = 1;
    loop {
        match (want.next(), got.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                let show = |l: Option<&str>| l.map_or_else(|| "<end of text>".to_owned(), |l| format!("{l:?}"));
                panic!(
                    "the output differs from the golden file {} at line {line}:\n  expected: {}\n  actual:   {}\n\
                     If the change is intended, run the test again with {BLESS_VAR}=1 and review the new file.",
                    path.display(),
                    show(a),
                    show(b)
                );
            }
        }
    }
}

/// Plays one whole game from `start` between `bots` (index = player) and returns its transcript,
/// which depends on `seed` alone: chance draws from `Stream::new(seed).derive(0)`, player `p`'s
/// bot from `derive(1 + p)`.
///
/// The transcript holds the game's name, the seed and both bots, the start position, one line per
/// move (`ply N: player P plays MOVE (score S, depth D)`) or chance event (`chance: EVENT`), each
/// followed by the board indented, and the final position and points. It leaves out time and node
/// counts, so that it changes only when the play does. Panics if a bot gives no move or an illegal
/// one at its turn, or if the game does not end within 100,000 plies.
pub fn playthrough<G: Notation + Display>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>; 2],
    seed: u64,
    budget: &Budget,
) -> String {
    let name = start.info().name;
    let root = Stream::new(seed);
    let mut chance_stream = root.derive(0);
    let mut bot_streams = [root.derive(1), root.derive(2)];
    let fail = |state: &G, what: String| -> ! {
        panic!("playthrough of {name} (seed {seed}) failed: {what}\n  position: {}", state.format_position())
    };

    let mut out = format!(
        "{name}, seed {seed}: player 0 {} against player 1 {}\nstart: {}\n",
        bots[0].name(),
        bots[1].name(),
        start.format_position()
    );
    push_board(&mut out, start);
    let mut state = start.clone();
    let (mut ply, mut steps) = (0u64, 0u64);
    loop {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let Some(event) = state.sample_chance(&mut chance_stream) else {
                    fail(&state, "chance is to move but sample_chance drew nothing".into());
                };
                out.push_str(&format!("chance: {event:?}\n"));
                state.apply_chance(event);
            }
            Turn::Player(p) => {
                let seat = usize::from(p);
                if seat >= bots.len() {
                    fail(&state, format!("player {p} is to move, but there are bots for players 0 and 1 only"));
                }
                let bot = &mut bots[seat];
                let Some(decision) = bot.choose(&state, budget, &mut bot_streams[seat]) else {
                    fail(&state, format!("bot {} (player {p}) chose no move at ply {}", bot.name(), ply + 1));
                };
                // Formatted before playing: a move's text is relative to the state it is played from.
                let text = state.format_move(decision.mv);
                if state.try_play(decision.mv).is_err() {
                    fail(
                        &state,
                        format!(
                            "bot {} (player {p}) chose the illegal move {text} ({:?}) at ply {}",
                            bot.name(),
                            decision.mv,
                            ply + 1
                        ),
                    );
                }
                ply += 1;
                out.push_str(&format!(
                    "ply {ply}: player {p} plays {text} (score {}, depth {})\n",
                    decision.score, decision.depth
                ));
            }
        }
        push_board(&mut out, &state);
        steps += 1;
        if steps > MAX_PLIES {
            fail(&state, format!("game did not end within {MAX_PLIES} plies"));
        }
    }
    out.push_str(&format!("end: {}\n", state.format_position()));
    match state.points() {
        Some([a, _]) if state.info().players == 1 => out.push_str(&format!("points: {a}\n")),
        Some([a, b]) => out.push_str(&format!("points: {a} {b}\n")),
        None => fail(&state, "the game is over but points() is None".into()),
    }
    out
}

/// Appends the board's display, indented; trailing spaces are cut so that editors that strip them
/// do not break golden files.
fn push_board<G: Display>(out: &mut String, state: &G) {
    for line in state.to_string().lines() {
        let line = line.trim_end();
        if !line.is_empty() {
            out.push_str("    ");
            out.push_str(line);
        }
        out.push('\n');
    }
}
