//! The Python class `Game`: a game of any of the games, chosen by name, behind the
//! object-safe [`AnyGame`]. The package's per-game classes (`jgames.Jarmo`, ...) are Python
//! subclasses made from the list of [`GameKind`]s, so that no list of games is written here:
//! the registry's list is the one list.

use std::any::Any;
use std::sync::atomic::AtomicBool;

use abstract_game::GameRules;
use abstract_game::svg::SvgOptions;
use game_session::Limits;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::state::{State, solve_value};
use crate::{Playable, action_id, interruptible, value_error};

/// What a Python class needs to know of a game before it has an instance.
#[pyclass(module = "jgames._jgames", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct GameKind {
    /// The game's name (`jarmo`, ...).
    name: &'static str,
    /// The number of action ids.
    num_actions: usize,
    /// The shape of one observation: (planes, height, width).
    observation_shape: (usize, usize, usize),
    /// The most decisions a turn takes.
    max_decisions_per_turn: usize,
    /// The ply cap learning environments use when none is given.
    default_max_plies: u32,
    /// The preset names, the default first.
    variants: Vec<&'static str>,
}

impl GameKind {
    /// The kind of `G`.
    pub(crate) fn of<G: Playable>() -> GameKind {
        let [p, h, w] = G::OBSERVATION_SHAPE;
        GameKind {
            name: G::NAME,
            num_actions: G::ACTIONS,
            observation_shape: (p, h, w),
            max_decisions_per_turn: G::MAX_DECISIONS_PER_TURN,
            default_max_plies: G::DEFAULT_MAX_PLIES,
            variants: G::Rules::preset_names().collect(),
        }
    }
}

#[pymethods]
impl GameKind {
    fn __repr__(&self) -> String {
        format!("GameKind(name={:?})", self.name)
    }
}

/// The game's state, whatever the game: [`State`] behind an object-safe interface.
pub(crate) trait AnyGame: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
    fn name(&self) -> &'static str;
    fn variant(&self) -> &str;
    fn plies(&self) -> u32;
    fn set_plies(&mut self, plies: u32);
    fn max_plies(&self) -> Option<u32>;
    fn current_player(&self) -> usize;
    fn legal_actions(&self) -> Vec<usize>;
    fn legal_mask(&self) -> Vec<i8>;
    fn apply(&mut self, action: usize) -> PyResult<()>;
    fn play(&mut self, text: &str) -> PyResult<()>;
    fn action_to_string(&self, action: usize) -> PyResult<String>;
    fn is_follow_up(&self) -> bool;
    fn string_to_action(&self, text: &str) -> PyResult<usize>;
    fn to_text(&self) -> String;
    fn is_terminal(&self) -> bool;
    fn is_truncated(&self) -> bool;
    fn returns(&self) -> [f64; 2];
    fn result(&self) -> Option<String>;
    fn observation(&self) -> (Vec<f32>, [usize; 3]);
    fn perft(&self, depth: u32, stop: &AtomicBool) -> Option<u64>;
    fn solve_value(&self, tables: Option<&str>) -> PyResult<(&'static str, Option<u8>)>;
    fn svg(&self) -> String;
    /// Chooses the engine's next decision, remembering its whole turn for the follow-up.
    fn think(&mut self, engine: &str, limits: Limits, stop: &AtomicBool) -> PyResult<usize>;
    /// `(variant, position text, plies, max_plies, pending main id)`.
    fn pickled(&self) -> (String, String, u32, Option<u32>, Option<usize>);
    fn same(&self, other: &dyn AnyGame) -> bool;
}

impl<G: Playable> AnyGame for State<G> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn variant(&self) -> &str {
        &self.variant
    }
    fn plies(&self) -> u32 {
        self.plies
    }
    fn set_plies(&mut self, plies: u32) {
        self.plies = plies;
    }
    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }
    fn current_player(&self) -> usize {
        self.pos.side_to_move().index()
    }
    fn legal_actions(&self) -> Vec<usize> {
        State::legal_actions(self)
    }
    fn legal_mask(&self) -> Vec<i8> {
        State::legal_mask(self)
    }
    fn apply(&mut self, action: usize) -> PyResult<()> {
        State::apply(self, action)
    }
    fn play(&mut self, text: &str) -> PyResult<()> {
        State::play(self, text)
    }
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        State::action_to_string(self, action)
    }
    fn is_follow_up(&self) -> bool {
        self.pending.is_some()
    }
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        State::string_to_action(self, text)
    }
    fn to_text(&self) -> String {
        self.pos.to_text()
    }
    fn is_terminal(&self) -> bool {
        State::is_terminal(self)
    }
    fn is_truncated(&self) -> bool {
        State::is_truncated(self)
    }
    fn returns(&self) -> [f64; 2] {
        State::returns(self)
    }
    fn result(&self) -> Option<String> {
        self.pos.outcome().map(|o| G::describe(o).to_string())
    }
    fn observation(&self) -> (Vec<f32>, [usize; 3]) {
        (State::observation(self), G::OBSERVATION_SHAPE)
    }
    fn perft(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        abstract_game::perft::Perft::new(depth)
            .stop_on(stop)
            .count(&self.pos)
    }
    fn solve_value(&self, tables: Option<&str>) -> PyResult<(&'static str, Option<u8>)> {
        solve_value(&self.pos, tables)
    }
    fn svg(&self) -> String {
        self.pos.svg(&SvgOptions::default())
    }
    fn think(&mut self, engine: &str, limits: Limits, stop: &AtomicBool) -> PyResult<usize> {
        let (plan, action) = State::think(self, engine, limits, stop)?;
        self.planned = Some(plan);
        Ok(action)
    }
    fn pickled(&self) -> (String, String, u32, Option<u32>, Option<usize>) {
        let pending = self.pending.map(|mv| self.pos.action_of(mv));
        (
            self.variant.clone(),
            self.pos.to_text(),
            self.plies,
            self.max_plies,
            pending,
        )
    }
    fn same(&self, other: &dyn AnyGame) -> bool {
        let Some(other) = other.as_any().downcast_ref::<State<G>>() else {
            return false;
        };
        let pending = |s: &State<G>| s.pending.map(|mv| s.pos.action_of(mv));
        self.pos == other.pos
            && self.plies == other.plies
            && self.max_plies == other.max_plies
            && pending(self) == pending(other)
    }
}

/// A new state of the game named `name`.
pub(crate) fn new_state(
    name: &str,
    variant: Option<&str>,
    position: Option<&str>,
    moves: Option<&str>,
    max_plies: Option<u32>,
) -> PyResult<Box<dyn AnyGame>> {
    let made = jgames_registry::with_game!(name, |G| State::<G>::new(
        variant, position, moves, max_plies
    )
    .map(|state| Box::new(state) as Box<dyn AnyGame>));
    made.unwrap_or_else(|| Err(crate::unknown_game(name)))
}

/// A game in progress, of the game named `game` (the package's classes `jgames.Jarmo`, ...
/// are its subclasses, which give the name).
#[pyclass(module = "jgames._jgames", name = "Game", subclass)]
pub(crate) struct PyGame {
    pub(crate) state: Box<dyn AnyGame>,
}

impl PyGame {
    /// A new object of `slf`'s class (a subclass keeps its class) holding `state`.
    fn of_same_class<'py>(
        slf: &Bound<'py, Self>,
        state: Box<dyn AnyGame>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let class = slf.get_type();
        // The base class is made with the game's name; a subclass gives the name itself.
        let made = if class.is(slf.py().get_type::<PyGame>()) {
            class.call1((slf.borrow().state.name(),))?
        } else {
            class.call0()?
        };
        made.cast::<PyGame>()?.borrow_mut().state = state;
        Ok(made)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game, variant=None, position=None, moves=None, max_plies=None))]
    fn new(
        game: &str,
        variant: Option<&str>,
        position: Option<&str>,
        moves: Option<&str>,
        max_plies: Option<u32>,
    ) -> PyResult<Self> {
        Ok(PyGame {
            state: new_state(game, variant, position, moves, max_plies)?,
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.state.name()
    }

    /// The variant played.
    #[getter]
    fn variant(&self) -> String {
        self.state.variant().to_owned()
    }

    /// Turns played since the start of this object.
    #[getter]
    fn plies(&self) -> u32 {
        self.state.plies()
    }

    /// The ply cap, if any.
    #[getter]
    fn max_plies(&self) -> Option<u32> {
        self.state.max_plies()
    }

    /// 0 when the first side (the game's first-named) is to move, 1 for the second.
    #[getter]
    fn current_player(&self) -> usize {
        self.state.current_player()
    }

    /// The legal action ids, sorted (none once the game is over or capped).
    fn legal_actions(&self) -> Vec<usize> {
        self.state.legal_actions()
    }

    /// 1 for every legal action id, 0 elsewhere (`NUM_ACTIONS` entries, int8).
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.state.legal_mask().into_pyarray(py)
    }

    /// Makes the decision `action`: plays its turn, or, for a main id whose turn needs a
    /// follow-up, waits for it (the same player decides again); a ValueError otherwise, the
    /// state unchanged.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.state.apply(action_id(action)?)
    }

    /// Plays a move in the game's notation; a ValueError otherwise.
    fn play(&mut self, notation: &str) -> PyResult<()> {
        self.state.play(notation)
    }

    /// The notation of the turn of the decision `action` (for a main id with follow-ups, of
    /// its first version).
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        self.state.action_to_string(action_id(action)?)
    }

    /// Whether a follow-up decision (Jersi's King relocation) is to be made.
    #[getter]
    fn is_follow_up(&self) -> bool {
        self.state.is_follow_up()
    }

    /// The decision id of a legal move in notation (its follow-up id while one is to be
    /// chosen).
    fn string_to_action(&self, notation: &str) -> PyResult<usize> {
        self.state.string_to_action(notation)
    }

    /// The position text.
    fn to_text(&self) -> String {
        self.state.to_text()
    }

    /// Whether the game is over by its rules or by the ply cap.
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// Whether the ply cap ended the game (a draw) before its rules did.
    fn is_truncated(&self) -> bool {
        self.state.is_truncated()
    }

    /// The result for the two sides: 1 a win, -1 a loss, 0 a draw or a game going on.
    fn returns(&self) -> (f64, f64) {
        let [a, b] = self.state.returns();
        (a, b)
    }

    /// The result in words, or None while the game goes on.
    fn result(&self) -> Option<String> {
        self.state.result()
    }

    /// The observation planes, from the view of the side to move (float32, the class's
    /// `observation_shape()`).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let (planes, [p, h, w]) = self.state.observation();
        let planes = numpy::ndarray::Array3::from_shape_vec((p, h, w), planes)
            .map_err(|e| value_error(e.to_string()))?;
        Ok(planes.into_pyarray(py))
    }

    /// Sequences of `depth` moves from here (the library's bulk perft). Ctrl-C stops it with
    /// `KeyboardInterrupt`.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let state = self.state.boxed_clone();
        let stop = AtomicBool::new(false);
        let count = interruptible(py, &stop, || state.perft(depth, &stop))?;
        // Without a signal the count always finishes.
        count.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("perft stopped"))
    }

    /// The exact value of the position for the side to move under perfect play, as
    /// `(result, plies)`: `("win", 7)`, `("draw", None)` or `("loss", 4)`, the plies counted
    /// to the end with the winner hurrying and the loser delaying. From the table of perfect
    /// play in the folder `tables` (default: the `JGAMES_TABLES` environment variable) when
    /// there is one, else solved on the spot from the positions reachable from here (small
    /// endgames of Jasir-basic). The other Jarmo presets from their endgame tables;
    /// `ValueError` for a position no table holds and in the other games.
    #[pyo3(signature = (tables=None))]
    fn solve_value(
        &self,
        py: Python<'_>,
        tables: Option<&str>,
    ) -> PyResult<(&'static str, Option<u8>)> {
        let state = self.state.boxed_clone();
        let tables = tables.map(str::to_owned);
        py.detach(move || state.solve_value(tables.as_deref()))
    }

    /// The SVG picture of the position.
    fn svg(&self) -> String {
        self.state.svg()
    }

    /// The next decision an engine makes (`random`, `mcts[:...]`, `alphabeta[:...]`) within
    /// `millis` milliseconds and/or `nodes` nodes (with neither, the spec's own budget keys,
    /// else 100 ms). For a turn that needs a follow-up, the engine's choice of it comes from
    /// the next call, without a new search. Ctrl-C stops it with `KeyboardInterrupt`.
    #[pyo3(signature = (engine, millis=None, nodes=None))]
    fn think(
        &mut self,
        py: Python<'_>,
        engine: &str,
        millis: Option<u64>,
        nodes: Option<u64>,
    ) -> PyResult<usize> {
        let mut state = self.state.boxed_clone();
        let engine = engine.to_owned();
        let stop = AtomicBool::new(false);
        let (state, action) = interruptible(py, &stop, || {
            let limits = Limits {
                millis,
                nodes,
                depth: None,
            };
            let action = state.think(&engine, limits, &stop);
            (state, action)
        })?;
        let action = action?;
        self.state = state;
        Ok(action)
    }

    /// An independent copy.
    fn clone<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let state = slf.borrow().state.boxed_clone();
        PyGame::of_same_class(slf, state)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.state.pickled().into_pyobject(py)
    }

    fn __setstate__(
        &mut self,
        state: (String, String, u32, Option<u32>, Option<usize>),
    ) -> PyResult<()> {
        let (variant, text, plies, max_plies, pending) = state;
        let mut restored = new_state(
            self.state.name(),
            Some(&variant),
            Some(&text),
            None,
            max_plies,
        )?;
        restored.set_plies(plies);
        if let Some(action) = pending {
            restored.apply(action)?;
        }
        self.state = restored;
        Ok(())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|other| self.state.same(other.borrow().state.as_ref()))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        crate::repr(slf, |this| {
            format!(
                "variant={:?}, position={:?}",
                this.state.variant(),
                this.state.to_text()
            )
        })
    }

    fn __str__(&self) -> String {
        self.state.to_text()
    }
}
