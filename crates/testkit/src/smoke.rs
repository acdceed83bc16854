//! Random games that check the [`Game`] and [`Notation`] contracts at every state they pass.

use std::collections::HashSet;
use std::fmt::Display;

use hamle_core::{Game, GameInfo, Notation, Stream, Turn};

use crate::MAX_PLIES;

/// How far the chance probabilities of a state may sum away from 1.
const PROBABILITY_TOLERANCE: f64 = 1e-9;

/// What a [`smoke`] run did, so that callers can assert that something ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmokeReport {
    /// Games played to the end.
    pub games: usize,
    /// Player moves played, over all games.
    pub plies: u64,
    /// Chance events drawn, over all games.
    pub chance_events: u64,
}

/// Plays `games` random games from `start` (game `i` draws from `Stream::new(seed).derive(i)`)
/// and panics, naming the game, the game index, the ply and the position, at the first broken contract.
///
/// At every state it checks that:
/// - the [`GameInfo`] is the start's;
/// - legal moves exist exactly when a player is to move (a player the game has), have no
///   duplicates, each formats and parses back to itself, and each is accepted by
///   [`Game::try_play`] with the same result as [`Game::play`];
/// - chance outcomes exist exactly when chance is to move (in a game whose info says it has
///   chance), with positive probabilities summing to 1, and the sampled event is one of them;
/// - points exist exactly when the game is over, are finite, and in a two-player zero-sum game
///   always sum to the same total;
/// - a clone has the same key, turn and position text;
/// - the position text parses back to a state with the same text, key, turn and legal moves.
///
/// In the messages, a ply counts chance events as well as moves, so that it locates the state
/// exactly. A game longer than 100,000 plies panics as endless.
///
/// ```
/// # use hamle_core::{Game, GameInfo, Notation, Turn};
/// # #[derive(Clone)]
/// # struct Nim(u32, u8);
/// # impl Game for Nim {
/// #     type Move = u32;
/// #     type Chance = std::convert::Infallible;
/// #     fn info(&self) -> GameInfo { GameInfo { name: "nim", players: 2, zero_sum: true, chance: false } }
/// #     fn turn(&self) -> Turn { if self.0 == 0 { Turn::Over } else { Turn::Player(self.1) } }
/// #     fn legal_moves(&self, moves: &mut Vec<u32>) { moves.clear(); moves.extend(1..=self.0.min(3)); }
/// #     fn play(&mut self, take: u32) { self.0 -= take; self.1 = 1 - self.1; }
/// #     fn points(&self) -> Option<[f64; 2]> {
/// #         // The player who took the last stone, the one not to move now, wins.
/// #         (self.0 == 0).then(|| if self.1 == 1 { [1.0, -1.0] } else { [-1.0, 1.0] })
/// #     }
/// #     fn key(&self) -> u64 { u64::from(self.0) * 2 + u64::from(self.1) }
/// # }
/// # impl Notation for Nim {
/// #     type Error = std::num::ParseIntError;
/// #     fn format_move(&self, take: u32) -> String { take.to_string() }
/// #     fn parse_move(&self, text: &str) -> Result<u32, Self::Error> { text.parse() }
/// #     fn format_position(&self) -> String { format!("{} {}", self.0, self.1) }
/// #     fn parse_position(&self, text: &str) -> Result<Self, Self::Error> {
/// #         let (stones, player) = text.split_once(' ').unwrap_or((text, ""));
/// #         Ok(Nim(stones.parse()?, player.parse()?))
/// #     }
/// # }
/// use hamle_testkit::smoke;
///
/// // Nim: take 1 to 3 stones from one heap; whoever takes the last stone wins.
/// let report = smoke(&Nim(10, 0), 50, 1);
/// assert_eq!(report.games, 50);
/// assert!(report.plies >= 50 * 4, "a game from 10 stones takes at least 4 moves");
/// ```
pub fn smoke<G: Notation>(start: &G, games: usize, seed: u64) -> SmokeReport {
    run(start, games, seed, false)
}

/// [`smoke`] for a game whose position text leaves out history that some rules read (chess: the positions
/// seen, for repetition and its claims). A state parsed from the text must still format and key the same;
/// while the game goes on, it has the same player to move and no legal move the game lacks (it may lack a
/// claim the history allows); once the game is over, the text alone need not show it.
pub fn smoke_with_history<G: Notation>(start: &G, games: usize, seed: u64) -> SmokeReport {
    run(start, games, seed, true)
}

fn run<G: Notation>(start: &G, games: usize, seed: u64, history: bool) -> SmokeReport {
    let info = start.info();
    let root = Stream::new(seed);
    let mut report = SmokeReport::default();
    let mut buffers = Buffers { moves: Vec::new(), outcomes: Vec::new() };
    // The first final total seen, which every later game must repeat in a zero-sum game.
    let mut total: Option<f64> = None;
    for game in 0..games {
        let mut stream = root.derive(game as u64);
        let mut state = start.clone();
        let mut ply = 0;
        loop {
            let at = At { info, seed, game, ply, state: &state, history };
            check_state(&at, &mut buffers);
            match state.turn() {
                Turn::Over => {
                    check_total(&at, &mut total);
                    break;
                }
                Turn::Chance => {
                    let Some(event) = state.sample_chance(&mut stream) else {
                        at.fail("chance is to move but sample_chance drew nothing");
                    };
                    if !buffers.outcomes.iter().any(|&(e, _)| e == event) {
                        at.fail(format_args!("sample_chance drew {event:?}, which is not among the chance outcomes"));
                    }
                    state.apply_chance(event);
                    report.chance_events += 1;
                }
                Turn::Player(_) => {
                    let Some(&mv) = stream.pick(&buffers.moves) else {
                        at.fail("a player is to move but there are no legal moves");
                    };
                    state.play(mv);
                    report.plies += 1;
                }
            }
            ply += 1;
            if ply > MAX_PLIES {
                At { info, seed, game, ply, state: &state, history }
                    .fail(format_args!("game did not end within {MAX_PLIES} plies"));
            }
        }
        report.games += 1;
    }
    report
}

/// Where a smoke game stands, for the failure messages.
struct At<'a, G> {
    info: GameInfo,
    seed: u64,
    game: usize,
    ply: u64,
    state: &'a G,
    /// Whether the position text may leave out history (see [`smoke_with_history`]).
    history: bool,
}

impl<G: Notation> At<'_, G> {
    fn fail(&self, what: impl Display) -> ! {
        panic!(
            "smoke test of {} failed in game {} (seed {}) at ply {}: {what}\n  position: {}",
            self.info.name,
            self.game,
            self.seed,
            self.ply,
            self.state.format_position()
        )
    }
}

/// Lists reused from state to state, so that each check does not allocate them again.
struct Buffers<G: Game> {
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Chance, f64)>,
}

/// Checks one state; leaves its legal moves and chance outcomes in `buffers` for the caller.
fn check_state<G: Notation>(at: &At<'_, G>, buffers: &mut Buffers<G>) {
    let state = at.state;
    let info = state.info();
    if info != at.info {
        at.fail(format_args!("info() changed from {:?} to {info:?}; it must be fixed", at.info));
    }
    state.legal_moves(&mut buffers.moves);
    state.chance_outcomes(&mut buffers.outcomes);
    let points = state.points();
    let turn = state.turn();
    let (moves, outcomes) = (&buffers.moves, &buffers.outcomes);
    match turn {
        Turn::Player(p) => {
            if p >= info.players {
                at.fail(format_args!("player {p} is to move in a {}-player game", info.players));
            }
            if moves.is_empty() {
                at.fail(format_args!("player {p} is to move but there are no legal moves"));
            }
        }
        Turn::Chance => {
            if !info.chance {
                at.fail("chance is to move but info().chance is false");
            }
            if outcomes.is_empty() {
                at.fail("chance is to move but there are no chance outcomes");
            }
        }
        Turn::Over => match points {
            None => at.fail("the game is over but points() is None"),
            Some(points) if points.iter().any(|p| !p.is_finite()) => {
                at.fail(format_args!("the points {points:?} are not finite"))
            }
            Some(_) => {}
        },
    }
    if !matches!(turn, Turn::Player(_)) && !moves.is_empty() {
        at.fail(format_args!("turn is {turn:?} but there are legal moves {moves:?}"));
    }
    if turn != Turn::Chance && !outcomes.is_empty() {
        at.fail(format_args!("turn is {turn:?} but there are chance outcomes {outcomes:?}"));
    }
    if turn != Turn::Over && points.is_some() {
        at.fail(format_args!("turn is {turn:?} but points() is {points:?}"));
    }
    check_outcomes(at, outcomes);
    check_clone(at);
    check_position_text(at, moves);
    check_moves(at, moves);
}

fn check_outcomes<G: Notation>(at: &At<'_, G>, outcomes: &[(G::Chance, f64)]) {
    for (i, &(event, p)) in outcomes.iter().enumerate() {
        if !(p > 0.0 && p.is_finite()) {
            at.fail(format_args!("chance outcome {event:?} has probability {p}, which is not positive"));
        }
        // Quadratic, but outcome lists are short; a repeated event would be counted twice by perft.
        if outcomes[..i].iter().any(|&(e, _)| e == event) {
            at.fail(format_args!("chance outcome {event:?} is listed twice"));
        }
    }
    let sum: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    if !outcomes.is_empty() && (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
        at.fail(format_args!("chance probabilities sum to {sum}, not 1"));
    }
}

fn check_clone<G: Notation>(at: &At<'_, G>) {
    let state = at.state;
    let clone = state.clone();
    if clone.key() != state.key() {
        at.fail(format_args!("a clone has key {:#x}, the original {:#x}", clone.key(), state.key()));
    }
    if clone.turn() != state.turn() {
        at.fail(format_args!("a clone has turn {:?}, the original {:?}", clone.turn(), state.turn()));
    }
    let (text, clone_text) = (state.format_position(), clone.format_position());
    if clone_text != text {
        at.fail(format_args!("a clone formats as {clone_text:?}, the original as {text:?}"));
    }
}

fn check_position_text<G: Notation>(at: &At<'_, G>, moves: &[G::Move]) {
    let state = at.state;
    let text = state.format_position();
    let parsed = match state.parse_position(&text) {
        Ok(parsed) => parsed,
        Err(e) => at.fail(format_args!("its own position text {text:?} does not parse: {e}")),
    };
    let again = parsed.format_position();
    if again != text {
        at.fail(format_args!("position text {text:?} parses to a state that formats as {again:?}"));
    }
    if parsed.key() != state.key() {
        at.fail(format_args!(
            "position text {text:?} parses to a state with key {:#x}, not {:#x}",
            parsed.key(),
            state.key()
        ));
    }
    if at.history && state.turn() == Turn::Over {
        return;
    }
    if parsed.turn() != state.turn() {
        at.fail(format_args!(
            "position text {text:?} parses to a state with turn {:?}, not {:?}",
            parsed.turn(),
            state.turn()
        ));
    }
    // Compared as sets: a parsed state may build its move list in another order.
    let mut parsed_moves = Vec::new();
    parsed.legal_moves(&mut parsed_moves);
    let (expected, got): (HashSet<_>, HashSet<_>) = (moves.iter().collect(), parsed_moves.iter().collect());
    let differ = if at.history { !got.is_subset(&expected) } else { expected != got };
    if differ {
        at.fail(format_args!(
            "position text {text:?} parses to a state with legal moves {parsed_moves:?}, not {moves:?}"
        ));
    }
}

fn check_moves<G: Notation>(at: &At<'_, G>, moves: &[G::Move]) {
    let state = at.state;
    let mut seen = HashSet::with_capacity(moves.len());
    for &mv in moves {
        if !seen.insert(mv) {
            at.fail(format_args!("legal move {mv:?} is listed twice"));
        }
        let text = state.format_move(mv);
        match state.parse_move(&text) {
            Ok(parsed) if parsed == mv => {}
            Ok(parsed) => at.fail(format_args!("move {mv:?} formats as {text:?}, which parses as {parsed:?}")),
            Err(e) => at.fail(format_args!("move {mv:?} formats as {text:?}, which does not parse: {e}")),
        }
        let mut tried = state.clone();
        if tried.try_play(mv).is_err() {
            at.fail(format_args!("try_play refuses the legal move {text:?} ({mv:?})"));
        }
        let mut played = state.clone();
        played.play(mv);
        if tried.key() != played.key() {
            at.fail(format_args!("try_play and play of {text:?} ({mv:?}) reach states with different keys"));
        }
    }
}

/// In a two-player zero-sum game, checks the final points against the first total seen.
fn check_total<G: Notation>(at: &At<'_, G>, total: &mut Option<f64>) {
    if !(at.info.zero_sum && at.info.players == 2) {
        return;
    }
    let Some([a, b]) = at.state.points() else {
        at.fail("the game is over but points() is None");
    };
    let sum = a + b;
    match *total {
        None => *total = Some(sum),
        Some(first) if (sum - first).abs() > PROBABILITY_TOLERANCE => at.fail(format_args!(
            "the game is zero-sum but its points [{a}, {b}] sum to {sum}, where an earlier game's summed to {first}"
        )),
        Some(_) => {}
    }
}
