//! The Python module `hamle._hamle`: hamle's games, bots and matches in OpenSpiel's shape. It holds no rules
//! and no search: every call goes to the arena's registry, as the CLI's and the server's do. The package's
//! Python half (`python/hamle/`) adds the Gymnasium and PettingZoo environments on top.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use hamle_arena::{AnyBot, AnyState, Choice, Entrant, GameKind, MatchOptions, Registry, Spec, StateError, games};
use hamle_core::{Budget, Stream as CoreStream, Turn};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(
    _hamle,
    HamleError,
    PyValueError,
    "A request hamle refused (an illegal action, a bad spec, a finished game), with the game's own reason."
);

/// OpenSpiel's number for chance as the current player.
const CHANCE: i64 = -1;
/// OpenSpiel's number for a finished game's current player.
const TERMINAL: i64 = -4;

fn registry() -> &'static Registry {
    games::registry()
}

fn refused(e: impl std::fmt::Display) -> PyErr {
    HamleError::new_err(e.to_string())
}

fn kind_of(spec: &Spec) -> PyResult<&'static dyn GameKind> {
    registry().game(&spec.name).map_err(refused)
}

fn parse_spec(text: &str) -> PyResult<Spec> {
    text.parse::<Spec>().map_err(refused)
}

fn action_of(action: i64) -> PyResult<u32> {
    u32::try_from(action).map_err(|_| HamleError::new_err(format!("action {action} is not a legal action here")))
}

fn budget(depth: Option<u32>, nodes: Option<u64>, ms: Option<u64>) -> Budget {
    Budget { depth, nodes, time: ms.map(Duration::from_millis), clock: None }
}

/// Every game hamle knows: its name, one line on it, its parameters and its bots, strongest first.
#[pyfunction]
fn games_list(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for kind in registry().games() {
        let listing = kind.listing();
        let game = PyDict::new(py);
        game.set_item("name", listing.name)?;
        game.set_item("about", listing.about)?;
        game.set_item("params", params(py, listing.params)?)?;
        let bots = PyList::empty(py);
        for bot in kind.bots() {
            let entry = PyDict::new(py);
            entry.set_item("name", bot.name)?;
            entry.set_item("about", bot.about)?;
            entry.set_item("params", params(py, bot.params)?)?;
            bots.append(entry)?;
        }
        game.set_item("bots", bots)?;
        list.append(game)?;
    }
    Ok(list)
}

fn params<'py>(py: Python<'py>, docs: &[hamle_core::ParamDoc]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for doc in docs {
        let entry = PyDict::new(py);
        entry.set_item("key", doc.key)?;
        entry.set_item("values", doc.values)?;
        entry.set_item("default", doc.default)?;
        entry.set_item("about", doc.about)?;
        list.append(entry)?;
    }
    Ok(list)
}

/// A game with its parameters, as `load_game` reads it: makes states, names its seats.
#[pyclass(module = "hamle", frozen)]
struct Game {
    spec: Spec,
    kind: &'static dyn GameKind,
}

#[pymethods]
impl Game {
    /// The start, or the position `position` in the game's notation (chess: FEN; Hapis: its JSON).
    #[pyo3(signature = (position = None))]
    fn new_initial_state(&self, position: Option<&str>) -> PyResult<State> {
        Ok(State { inner: self.kind.new_state(&self.spec, position).map_err(refused)? })
    }

    /// The state `State.serialize` wrote, replayed.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let inner = registry().deserialize(text).map_err(refused)?;
        if inner.game() != self.spec.to_string() {
            return Err(HamleError::new_err(format!("the state is of {}, not {}", inner.game(), self.spec)));
        }
        Ok(State { inner })
    }

    /// The game's spec, parameters included.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The game's short name.
    #[getter]
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    /// How many seats it has: 1 or 2.
    fn num_players(&self) -> PyResult<u8> {
        self.kind.players(&self.spec).map_err(refused)
    }

    /// Every move's action is below this.
    fn num_distinct_actions(&self) -> PyResult<u32> {
        Ok(self.start()?.num_actions())
    }

    /// Every chance event's action is below this (0 for a game without chance).
    fn max_chance_outcomes(&self) -> PyResult<u32> {
        Ok(self.start()?.num_chance_actions())
    }

    /// The observation tensor's shape.
    fn observation_tensor_shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.start()?.shape())
    }

    /// The observation tensor's length.
    fn observation_tensor_size(&self) -> PyResult<usize> {
        Ok(self.start()?.shape().iter().product())
    }

    /// The seats' names, first mover first (`['X', 'O']`, `['white', 'black']`).
    fn sides(&self) -> PyResult<Vec<&'static str>> {
        let sides = self.kind.sides(&self.spec).map_err(refused)?;
        let players = usize::from(self.num_players()?);
        Ok(sides[..players].to_vec())
    }

    /// The game's bots' names, strongest first.
    fn bots(&self) -> Vec<&'static str> {
        self.kind.bots().iter().map(|b| b.name).collect()
    }

    fn __str__(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self) -> String {
        format!("hamle.load_game({:?})", self.spec.to_string())
    }

    fn __eq__(&self, other: &Game) -> bool {
        self.spec == other.spec
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let load = py.import("hamle")?.getattr("load_game")?.unbind();
        Ok((load, (self.spec.to_string(),)))
    }
}

impl Game {
    fn start(&self) -> PyResult<Box<dyn AnyState>> {
        self.kind.new_state(&self.spec, None).map_err(refused)
    }
}

/// Reads a game spec (`hapis(mother=on)`, `domineering(rows=5,cols=5)`), as the CLI and the server do.
#[pyfunction]
fn load_game(spec: &str) -> PyResult<Game> {
    let spec = parse_spec(spec)?;
    let kind = kind_of(&spec)?;
    kind.check(&spec, None).map_err(refused)?;
    Ok(Game { spec, kind })
}

/// A state of a game: who is to move, its legal actions, and what playing one does.
#[pyclass(module = "hamle")]
struct State {
    inner: Box<dyn AnyState>,
}

#[pymethods]
impl State {
    /// The seat to move (0 or 1), or OpenSpiel's -1 at a chance node and -4 once the game is over.
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Player(p) => i64::from(p),
            Turn::Chance => CHANCE,
            Turn::Over => TERMINAL,
        }
    }

    /// The legal actions, smallest first: the mover's moves, or at a chance node the chance events.
    /// With `player`, none unless that seat is to move.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<u32> {
        match player {
            Some(p) if p != self.current_player() => Vec::new(),
            _ => self.inner.legal_actions(),
        }
    }

    /// A 0/1 vector over every action (`num_distinct_actions` long, or the chance actions at a chance node),
    /// one where the action is legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let size =
            if self.inner.turn() == Turn::Chance { self.inner.num_chance_actions() } else { self.inner.num_actions() };
        let mut mask = vec![0i8; size as usize];
        for action in self.inner.legal_actions() {
            if let Some(cell) = mask.get_mut(action as usize) {
                *cell = 1;
            }
        }
        mask.into_pyarray(py)
    }

    /// Plays a legal action: a move, or at a chance node a chance event.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.inner.apply_action(action_of(action)?).map_err(refused)
    }

    /// A legal action in the game's notation; `action_to_string(player, action)` as OpenSpiel also takes.
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&self, first: i64, second: Option<i64>) -> PyResult<String> {
        let action = second.unwrap_or(first);
        self.inner.action_to_string(action_of(action)?).map_err(refused)
    }

    /// The legal action a move in the game's notation names; `string_to_action(player, text)` also reads.
    #[pyo3(signature = (first, second = None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&str>) -> PyResult<u32> {
        let text = match second {
            Some(text) => text.to_owned(),
            None => first.extract::<String>()?,
        };
        self.inner.string_to_action(&text).map_err(refused)
    }

    /// Whether chance is to move.
    fn is_chance_node(&self) -> bool {
        self.inner.turn() == Turn::Chance
    }

    /// Whether a player is to move.
    fn is_player_node(&self) -> bool {
        matches!(self.inner.turn(), Turn::Player(_))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.turn() == Turn::Over
    }

    /// The chance events as `(action, probability)`, smallest action first; empty unless chance is to move.
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        self.inner.chance_outcomes()
    }

    /// A chance event drawn from `stream` as the game draws it (2048's tiles, Hapis's dice); `None` unless
    /// chance is to move.
    fn sample_chance(&self, stream: &mut Stream) -> Option<u32> {
        self.inner.sample_chance(&mut stream.inner)
    }

    /// OpenSpiel's returns, one a seat: a win +1, a loss −1, a draw 0 (Hapis: ±2 for mars); a one-player
    /// game's score; zeros until the game is over.
    fn returns(&self) -> Vec<f64> {
        let returns = self.inner.returns();
        returns[..usize::from(self.inner.players())].to_vec()
    }

    /// The game's own points once it is over (a win 1, a draw ½; Hapis ±1/±2; 2048 its score), else `None`.
    fn points(&self) -> Option<Vec<f64>> {
        let players = usize::from(self.inner.players());
        self.inner.points().map(|p| p[..players].to_vec())
    }

    /// Each seat's points so far in a game that scores as it goes (2048: the merges), else `None`.
    fn score(&self) -> Option<Vec<f64>> {
        let players = usize::from(self.inner.players());
        self.inner.score().map(|p| p[..players].to_vec())
    }

    /// The actions applied since the start.
    fn history(&self) -> Vec<u32> {
        self.inner.history().to_vec()
    }

    /// How many actions (moves and chance events) were applied.
    fn move_number(&self) -> usize {
        self.inner.history().len()
    }

    /// How many seats the game has.
    fn num_players(&self) -> u8 {
        self.inner.players()
    }

    /// Every move's action is below this.
    fn num_distinct_actions(&self) -> u32 {
        self.inner.num_actions()
    }

    /// The observation of `player` (the mover by default; seat 0 once the game is over) as a float32 array
    /// of the game's fixed shape.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let values = self.inner.observation(player.unwrap_or_else(|| self.seat())).map_err(refused)?;
        let array = ArrayD::from_shape_vec(IxDyn(&self.inner.shape()), values).map_err(refused)?;
        Ok(array.into_pyarray(py))
    }

    /// The board as text, as the terminal draws it (the same for both seats: the games here hide nothing).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.inner.observation(player.unwrap_or_else(|| self.seat())).map_err(refused)?;
        Ok(self.inner.text())
    }

    /// The position in the game's notation (chess: FEN; Hapis: its JSON; tic-tac-toe: its cells).
    fn position(&self) -> String {
        self.inner.position()
    }

    /// The game's spec.
    fn game(&self) -> String {
        self.inner.game()
    }

    /// The state as text that `deserialize_state` reads back: the game, its start and its actions.
    fn serialize(&self) -> String {
        self.inner.serialize()
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State { inner: self.inner.clone_box() }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let load = py.import("hamle")?.getattr("deserialize_state")?.unbind();
        Ok((load, (self.inner.serialize(),)))
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        format!("<hamle.State of {} after {} actions>", self.inner.game(), self.inner.history().len())
    }
}

impl State {
    fn seat(&self) -> i64 {
        match self.inner.turn() {
            Turn::Player(p) => i64::from(p),
            Turn::Chance | Turn::Over => 0,
        }
    }
}

/// The state `State.serialize` wrote, replayed from its start.
#[pyfunction]
fn deserialize_state(text: &str) -> PyResult<State> {
    Ok(State { inner: registry().deserialize(text).map_err(refused)? })
}

/// hamle's seeded random stream (ChaCha8): the same seed draws the same dice, tiles and picks as in Rust.
#[pyclass(module = "hamle")]
struct Stream {
    inner: CoreStream,
}

#[pymethods]
impl Stream {
    #[new]
    fn new(seed: u64) -> Stream {
        Stream { inner: CoreStream::new(seed) }
    }

    /// A uniform integer in `0..n` (`n` ≥ 1).
    fn below(&mut self, n: usize) -> PyResult<usize> {
        if n == 0 {
            return Err(HamleError::new_err("below(n) needs n ≥ 1"));
        }
        Ok(self.inner.below(n))
    }

    /// A uniform float in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        self.inner.unit()
    }

    /// An independent stream for child `index`, fixed by this stream's seed alone.
    fn derive(&self, index: u64) -> Stream {
        Stream { inner: self.inner.derive(index) }
    }

    /// The seed it started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }
}

/// One of hamle's bots for one game, thinking within its budget with the GIL released.
#[pyclass(module = "hamle", frozen)]
struct Bot {
    game: Spec,
    spec: Spec,
    seed: u64,
    budget: Budget,
    bot: Mutex<Box<dyn AnyBot>>,
    last: Mutex<Option<Choice>>,
}

#[pymethods]
impl Bot {
    /// Chooses an action for the player to move in `state` (the state is not changed).
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<u32> {
        let inner: &dyn AnyState = state.inner.as_ref();
        let choice = {
            let mut bot = self.bot.lock().unwrap_or_else(PoisonError::into_inner);
            let bot: &mut Box<dyn AnyBot> = &mut bot;
            let budget = self.budget;
            py.detach(|| bot.choose(inner, &budget)).map_err(refused)?
        };
        let action = choice.action;
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(choice);
        Ok(action)
    }

    /// Why the last `step` chose as it did: the action, its value for the bot, the line it expects (in the
    /// game's notation), depth, nodes and seconds; `None` before the first step.
    fn explain<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(choice) = last.as_ref() else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("action", choice.action)?;
        dict.set_item("value", choice.value)?;
        dict.set_item("line", choice.line.clone())?;
        dict.set_item("depth", choice.depth)?;
        dict.set_item("nodes", choice.nodes)?;
        dict.set_item("seconds", choice.elapsed.as_secs_f64())?;
        Ok(Some(dict))
    }

    /// The bot's name with its settings, as it gives it.
    #[getter]
    fn name(&self) -> String {
        self.bot.lock().unwrap_or_else(PoisonError::into_inner).name()
    }

    /// The spec it was loaded by.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> String {
        self.game.to_string()
    }

    /// The seed its own randomness started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __repr__(&self) -> String {
        format!("hamle.load_bot({:?}, {:?})", self.game.to_string(), self.spec.to_string())
    }
}

/// One of the game's bots by spec (`expert`, `thesis(depth=3)`), its ties and noise drawn from `seed`;
/// `depth` (plies), `nodes` and `ms` (milliseconds a move) limit its thinking as the CLI's flags do.
#[pyfunction]
#[pyo3(signature = (game, spec, seed = 0, depth = None, nodes = None, ms = None))]
fn load_bot(
    game: &Bound<'_, PyAny>,
    spec: &str,
    seed: u64,
    depth: Option<u32>,
    nodes: Option<u64>,
    ms: Option<u64>,
) -> PyResult<Bot> {
    let game = game_spec(game)?;
    let bot_spec = parse_spec(spec)?;
    let made = kind_of(&game)?.new_bot(&game, &bot_spec, seed).map_err(refused)?;
    Ok(Bot {
        game,
        spec: bot_spec,
        seed,
        budget: budget(depth, nodes, ms),
        bot: Mutex::new(made),
        last: Mutex::new(None),
    })
}

/// A game given as a `Game` or as its spec.
fn game_spec(game: &Bound<'_, PyAny>) -> PyResult<Spec> {
    if let Ok(game) = game.cast::<Game>() {
        return Ok(game.get().spec.clone());
    }
    parse_spec(&game.extract::<String>()?)
}

/// `count` random games from the start: game `i` draws its chance events and its moves (uniform over the
/// legal actions, smallest first) from `Stream(seed).derive(i)`, in parallel with the GIL released. Returns
/// `returns` (count × players), `lengths` (actions a game) and, with `positions`, each final position.
#[pyfunction]
#[pyo3(signature = (game, count, seed = 0, positions = false))]
fn random_games<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    count: usize,
    seed: u64,
    positions: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = game_spec(game)?;
    let kind = kind_of(&spec)?;
    let players = usize::from(kind.players(&spec).map_err(refused)?);
    let played = py.detach(|| kind.random_games(&spec, count, seed, positions)).map_err(refused)?;
    let returns: Vec<Vec<f64>> = played.iter().map(|p| p.returns[..players].to_vec()).collect();
    let lengths: Vec<u64> = played.iter().map(|p| p.length as u64).collect();
    let dict = PyDict::new(py);
    let returns = if returns.is_empty() {
        numpy::PyArray2::<f64>::zeros(py, [0, players], false)
    } else {
        PyArray2::from_vec2(py, &returns).map_err(refused)?
    };
    dict.set_item("returns", returns)?;
    dict.set_item("lengths", lengths.into_pyarray(py))?;
    if positions {
        let finals: Vec<String> = played.into_iter().filter_map(|p| p.position).collect();
        dict.set_item("positions", finals)?;
    }
    Ok(dict)
}

/// A Python object with `step(state) -> action`, seated in a match.
struct Outside {
    object: Arc<Py<PyAny>>,
    name: String,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl AnyBot for Outside {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, state: &dyn AnyState, _budget: &Budget) -> Result<Choice, StateError> {
        let start = std::time::Instant::now();
        let chosen = Python::attach(|py| {
            let offered = Py::new(py, State { inner: state.clone_box() })?;
            self.object.call_method1(py, "step", (offered,))?.extract::<u32>(py)
        });
        match chosen {
            Ok(action) => {
                Ok(Choice { action, value: 0.0, line: Vec::new(), depth: 0, nodes: 0, elapsed: start.elapsed() })
            }
            Err(e) => {
                let why = format!("{} raised {e}", self.name);
                self.error.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
                Err(StateError::Unsuitable(why))
            }
        }
    }
}

/// Makes a fresh seat for a Python bot, for each game of a match.
type MakeOutside = Box<dyn Fn() -> Box<dyn AnyBot> + Sync + Send>;

/// A seat of `play_match`: a registered bot by spec, or a Python object with `step`.
enum Side {
    Spec(Spec),
    Object { name: String, make: MakeOutside },
}

impl Side {
    fn read(bot: &Bound<'_, PyAny>, error: &Arc<Mutex<Option<PyErr>>>) -> PyResult<Side> {
        if let Ok(text) = bot.extract::<String>() {
            return Ok(Side::Spec(parse_spec(&text)?));
        }
        if let Ok(hamle) = bot.cast::<Bot>() {
            return Ok(Side::Spec(hamle.get().spec.clone()));
        }
        if !bot.hasattr("step")? {
            return Err(HamleError::new_err(
                "a bot is a spec such as 'expert', a hamle.Bot, or an object with step(state)",
            ));
        }
        let name = match bot.getattr("name").ok().and_then(|n| n.extract::<String>().ok()) {
            Some(name) => name,
            None => bot.get_type().name()?.to_string(),
        };
        let (object, error) = (Arc::new(bot.clone().unbind()), Arc::clone(error));
        let named = name.clone();
        let make: MakeOutside = Box::new(move || {
            Box::new(Outside { object: Arc::clone(&object), name: named.clone(), error: Arc::clone(&error) })
        });
        Ok(Side::Object { name, make })
    }

    fn entrant(&self) -> Entrant<'_> {
        match self {
            Side::Spec(spec) => Entrant::Spec(spec.clone()),
            Side::Object { name, make } => Entrant::Outside { name: name.clone(), make: make.as_ref() },
        }
    }
}

/// A match between two bots (specs, `hamle.Bot`s, or Python objects with `step(state) -> action`), each
/// game's seats alternating, as `hamle match` plays it; returns its report as `hamle match --json` prints it,
/// with `records`, one a game. A match with a Python bot plays its games one after another; without, in
/// parallel, the GIL released either way. An exception raised by a Python bot forfeits its game and is raised
/// again once the match is over.
#[pyfunction]
#[pyo3(signature = (game, a, b, games = 100, seed = 0, depth = None, nodes = None, ms = None))]
#[allow(clippy::too_many_arguments)]
fn play_match<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    games: usize,
    seed: u64,
    depth: Option<u32>,
    nodes: Option<u64>,
    ms: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = game_spec(game)?;
    let kind = kind_of(&spec)?;
    if games == 0 {
        return Err(HamleError::new_err("games must be at least 1"));
    }
    let error = Arc::new(Mutex::new(None));
    let (a, b) = (Side::read(a, &error)?, Side::read(b, &error)?);
    let outside = [&a, &b].iter().any(|s| matches!(s, Side::Object { .. }));
    let options = MatchOptions { games, seed, budget: budget(depth, nodes, ms), ..MatchOptions::default() };
    let (a, b) = (a.entrant(), b.entrant());
    let report = py.detach(|| {
        let run = || kind.run_match_of(&spec, &a, &b, &options).map_err(|e| e.to_string());
        if outside {
            // One game at a time: a Python bot is called under the GIL, and may keep state between moves.
            rayon::ThreadPoolBuilder::new().num_threads(1).build().map_err(|e| e.to_string())?.install(run)
        } else {
            run()
        }
    });
    if let Some(e) = error.lock().unwrap_or_else(PoisonError::into_inner).take() {
        return Err(e);
    }
    let report = report.map_err(HamleError::new_err)?;
    let text = serde_json::to_string(&report).map_err(refused)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// hamle's games, bots and matches for Python, in OpenSpiel's shape.
#[pymodule]
fn _hamle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("HamleError", m.py().get_type::<HamleError>())?;
    m.add_function(wrap_pyfunction!(games_list, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(load_bot, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Stream>()?;
    m.add_class::<Bot>()?;
    Ok(())
}
