//! TD(λ) self-play training of the [`Net`], as Tesauro trained TD-Gammon: the network plays both sides,
//! choosing each play 1-ply by its own evaluation, and after every play moves its estimate of the previous
//! position towards its estimate of the next (the game's result at the end), with eligibility traces. With
//! [`TdConfig::plies`] 2 the estimate of the next position is the one `expert` plays by, its 2-ply search
//! (the opponent's 21 rolls, each with its best reply by the network): a target from a search, as in KnightCap's
//! TD-Leaf, though the estimate moved is the position's own rather than the search's leaf; the plays are still
//! chosen 1-ply.
//!
//! Game `i` of training draws its dice and tie-breaks from `Stream::new(seed).derive(i)`, and every fourth
//! game is played under the mother rule, so a run is fixed by its seed (and its α, λ and target plies) and can
//! stop after any game and resume with the same result.

use std::sync::Arc;

use hamle_core::{Game, Stream, Turn};

use crate::bots::neural::{Activations, Net, Outcome, Params};
use crate::bots::{Level, Search};
use crate::rules::{Hapis, Opening, Play, Position, Settings, Side};
use hamle_core::curve::{Column, Layout, Measure};

/// The Hapis network's curve, as `hamle train hapis` writes it: its 1-ply score against `thesis` and
/// `heuristic`.
pub const CURVE: Layout = Layout {
    name: "training curve",
    columns: &[
        Column {
            name: "won_vs_thesis",
            heading: "won against `thesis`",
            measure: Measure::Share("won against thesis"),
        },
        Column { name: "points_vs_thesis", heading: "points a game", measure: Measure::Points },
        Column {
            name: "won_vs_heuristic",
            heading: "won against `heuristic`",
            measure: Measure::Share("won against heuristic"),
        },
        Column { name: "points_vs_heuristic", heading: "points a game", measure: Measure::Points },
    ],
    heading: "Training curve: the Hapis network, 1-ply",
    games: "games trained",
    title: "Hapis network, 1-ply: games won as training goes on",
    x_desc: "self-play games trained",
    y_desc: "% of games won",
};

/// A game that lasts longer than this many plays is scored a tie (none has, but an endless game must end).
pub const MAX_PLAYS: usize = 4000;

/// The learning settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TdConfig {
    /// The step size α.
    pub alpha: f32,
    /// The trace decay λ: 0 looks one play ahead, 1 to the end of the game.
    pub lambda: f32,
    /// Plies searched for each target: 1 the network's estimate of the next position, 2 `expert`'s search of it.
    pub plies: u32,
}

impl Default for TdConfig {
    fn default() -> Self {
        TdConfig { alpha: 0.1, lambda: 0.7, plies: 1 }
    }
}

/// How a training game went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainedGame {
    /// White's points.
    pub white_points: f64,
    /// Plays made by both sides.
    pub plays: usize,
}

/// Trains a network by self-play.
pub struct Trainer {
    net: Net,
    config: TdConfig,
    traces: [Params; 3],
    scratch: Vec<(u16, f32)>,
}

/// White's view of an outcome estimated for `on_roll`.
fn white_view(o: [f32; 3], on_roll: Side) -> [f32; 3] {
    match on_roll {
        Side::White => o,
        Side::Black => [1.0 - o[0], o[2], o[1]],
    }
}

impl Trainer {
    /// A trainer continuing `net` (its `games` and `seed` say where training stands).
    pub fn new(net: Net, config: TdConfig) -> Trainer {
        let zeros = net.zeros();
        Trainer { traces: [zeros.clone(), zeros.clone(), zeros], net, config, scratch: Vec::with_capacity(96) }
    }

    /// The network as trained so far.
    pub fn net(&self) -> &Net {
        &self.net
    }

    /// A snapshot of the network to play with.
    pub fn snapshot(&self) -> Arc<Net> {
        Arc::new(self.net.clone())
    }

    /// Plays and learns from the next game of the run.
    pub fn play_game(&mut self) -> TrainedGame {
        let index = self.net.games;
        let mut stream = Stream::new(self.net.seed).derive(index);
        let settings = Settings { opening: Opening::Rethrow, mother: index % 4 == 3 };
        let mut game = Hapis::new(settings);
        self.traces.iter_mut().for_each(|t| t.scale(0.0));
        let mut previous: Option<Visited> = None;
        let mut plays = 0;
        let white_points = loop {
            match game.turn() {
                Turn::Over => break game.points().map_or(0.0, |p| p[0]),
                Turn::Chance => match game.sample_chance(&mut stream) {
                    Some(dice) => game.apply_chance(dice),
                    None => break 0.0,
                },
                Turn::Player(_) => {
                    if plays >= MAX_PLAYS {
                        break 0.0;
                    }
                    let choice = self.choose(&game, &mut stream);
                    game.play(choice);
                    plays += 1;
                    let position = *game.position();
                    let over = Hapis::result(&position, settings).is_some();
                    // At 1 ply the target is the forward pass `learn` makes anyway; only a search is made here.
                    let target = (over || self.config.plies > 1).then(|| self.target(&position, settings));
                    previous = self.learn(previous, position, target, over, settings);
                }
            }
        };
        self.net.games += 1;
        TrainedGame { white_points, plays }
    }

    /// What the step before `position` learns towards, for White (win, White's mars, Black's mars): the
    /// game's result when it is over, else the network's estimate of `position` searched [`TdConfig::plies`].
    pub fn target(&self, position: &Position, settings: Settings) -> [f32; 3] {
        let to_f32 = |o: [f64; 3]| o.map(|x| x as f32);
        if let Some(points) = Hapis::result(position, settings) {
            return to_f32(Outcome::of_points(points[0]).to_array());
        }
        if self.config.plies <= 1 {
            let mut scratch = Vec::with_capacity(96);
            self.net.inputs().encode(position, settings, &mut scratch);
            return white_view(self.net.forward(&scratch).out, position.turn);
        }
        // The search reads the weights as they are now; a copy costs little beside its hundreds of evaluations.
        // Without Star1, whose cuts give bounds rather than values.
        let expert = Level::Expert.search(Arc::new(self.net.clone()));
        let search = Search { plies: self.config.plies, star1: false, ..expert };
        white_view(to_f32(search.value(position, settings).flip().to_array()), position.turn)
    }

    /// The play with the best result for the mover by the network (ties by the stream).
    fn choose(&mut self, game: &Hapis, stream: &mut Stream) -> Play {
        let settings = game.settings();
        let me = game.position().turn;
        let plays = game.plays();
        let mut best = f64::NEG_INFINITY;
        let mut ties = Vec::new();
        for (play, result) in &plays {
            let value = match Hapis::result(result, settings) {
                Some(points) => points[me.index()],
                None => self.net.raw_outcome(result, settings, &mut self.scratch).flip().equity(),
            };
            // Diverged weights give NaN: it then ranks lowest, so a legal play is still chosen.
            let value = if value.is_nan() { f64::NEG_INFINITY } else { value };
            if value > best + 1e-12 {
                best = value;
                ties.clear();
            }
            if value >= best - 1e-12 {
                ties.push(*play);
            }
        }
        stream.pick(&ties).copied().unwrap_or_default()
    }

    /// One TD(λ) step from the previous position's estimate to `target` (for White), or when there is none to
    /// the network's estimate of `position`; returns `position` with its inputs and activations for the next
    /// step, unless the game is `over`.
    fn learn(
        &mut self,
        previous: Option<Visited>,
        position: Position,
        target: Option<[f32; 3]>,
        over: bool,
        settings: Settings,
    ) -> Option<Visited> {
        let current = (!over).then(|| {
            self.net.inputs().encode(&position, settings, &mut self.scratch);
            self.net.forward(&self.scratch)
        });
        if let Some(before) = &previous {
            let next =
                target.unwrap_or_else(|| current.as_ref().map_or([0.0; 3], |a| white_view(a.out, position.turn)));
            let now = white_view(before.act.out, before.position.turn);
            // Each trace follows one of White's outputs; for Black on roll those are 1 − win, lose mars, win mars.
            let (sign, source) = match before.position.turn {
                Side::White => ([1.0, 1.0, 1.0], [0, 1, 2]),
                Side::Black => ([-1.0, 1.0, 1.0], [0, 2, 1]),
            };
            for k in 0..3 {
                let trace = &mut self.traces[k];
                trace.scale(self.config.lambda);
                let mut scale = [0.0; 3];
                scale[source[k]] = sign[k];
                self.net.add_gradient(&before.inputs, &before.act, scale, trace);
            }
            let error = [0, 1, 2].map(|k| next[k] - now[k]);
            self.net.add_traces(&self.traces, error, self.config.alpha);
        }
        // The next step's gradient is taken with the weights as they are now, on the inputs just encoded.
        current.map(|_| {
            let mut inputs = previous.map_or_else(Vec::new, |before| before.inputs);
            std::mem::swap(&mut inputs, &mut self.scratch);
            Visited { position, act: self.net.forward(&inputs), inputs }
        })
    }
}

/// A position met in a training game, with its network inputs and activations.
struct Visited {
    position: Position,
    inputs: Vec<(u16, f32)>,
    act: Activations,
}
