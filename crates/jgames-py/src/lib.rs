//! Python bindings of the jgames rules crates: the `jgames._jgames` extension module of the
//! `jgames` Python package.
//!
//! One Python class per game (`Jarmo`, `Jetan`, `Jericho`, `Jersi`), all with the
//! same methods: they are written once, over the shared traits, in one generic state, and each class
//! is a thin wrapper made by one macro line. Every rule lives in the game crates; this crate
//! turns their values into Python ones and their errors into `ValueError`s that say what was
//! wrong, leaving the state unchanged. Nothing panics across the boundary: every input is
//! checked before it reaches a game.

use abstract_game::actions::observation_len;
use abstract_game::svg::{Render, SvgOptions};
use abstract_game::{ActionSpace, Evaluate, Game, GameRules, Observe, Side, TextGame};
use game_search::{Budget, EngineSpec};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

mod batch;
mod vector;

/// What a game needs to be bound.
trait Playable:
    TextGame + ActionSpace + Observe + Evaluate + Render + PartialEq + abstract_game::Solvable
{
}
impl<G> Playable for G where
    G: TextGame + ActionSpace + Observe + Evaluate + Render + PartialEq + abstract_game::Solvable
{
}

/// Runs `work` on another thread while this one, with the interpreter's lock released between
/// looks, checks for signals every 20 ms: on Ctrl-C (or any signal whose handler raises) it sets
/// `stop`, waits for `work` to notice, and raises the handler's exception (`KeyboardInterrupt`).
fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let handle = scope.spawn(work);
        loop {
            let finished = py.detach(|| {
                let until = std::time::Instant::now() + Duration::from_millis(20);
                while !handle.is_finished() && std::time::Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
                handle.is_finished()
            });
            if finished {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = handle.join();
                return Err(interrupt);
            }
        }
        handle
            .join()
            .map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("the work panicked"))
    })
}

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A game in progress: the position, the preset it is played under, the ply cap and, in a
/// game whose turns may take two decisions, the turn whose follow-up is still to be chosen.
#[derive(Clone)]
struct State<G: Game> {
    pos: G,
    variant: &'static str,
    /// Turns played since the start of this object.
    plies: u32,
    max_plies: Option<u32>,
    /// A version of the turn whose main id was chosen, while its follow-up is to be chosen.
    pending: Option<G::Move>,
    /// The whole turn an engine chose last, so that its follow-up is the one it meant.
    planned: Option<G::Move>,
}

impl<G: Playable> State<G> {
    fn new(
        variant: Option<&str>,
        position: Option<&str>,
        moves: Option<&str>,
        max_plies: Option<u32>,
    ) -> PyResult<State<G>> {
        if max_plies == Some(0) {
            return Err(value_error(
                "max_plies must be 1 or more (a game capped at 0 turns would be over at the start)",
            ));
        }
        let preset = match variant {
            None | Some("") => &G::Rules::PRESETS[0],
            Some(name) => {
                G::Rules::find_preset(G::NAME, name).map_err(|e| value_error(e.to_string()))?
            }
        };
        let pos = match position {
            None => G::new(preset.rules),
            Some(text) => G::from_text(text, preset.rules)
                .map_err(|e| value_error(format!("position {text:?}: {e}")))?,
        };
        let mut state = State {
            pos,
            variant: preset.name,
            plies: 0,
            max_plies,
            pending: None,
            planned: None,
        };
        if let Some(line) = moves {
            for (i, text) in line.split_whitespace().enumerate() {
                let mv = state
                    .pos
                    .parse_move(text)
                    .map_err(|e| value_error(format!("move {} {text:?}: {e}", i + 1)))?;
                state.finish_turn(mv);
            }
        }
        Ok(state)
    }

    /// Whether the ply cap ended the game before its rules did.
    fn is_truncated(&self) -> bool {
        !self.pos.is_over() && self.max_plies.is_some_and(|cap| self.plies >= cap)
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_over() || self.is_truncated()
    }

    /// The ids open to the player to move: the follow-ups of the pending turn, or the main ids.
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        if self.is_terminal() {
            return actions;
        }
        match self.pending {
            Some(mv) => self.pos.follow_up_actions(mv, &mut actions),
            None => self.pos.legal_actions(&mut actions),
        }
        actions
    }

    fn legal_mask(&self) -> Vec<i8> {
        let mut mask = vec![0; G::ACTIONS];
        for action in self.legal_actions() {
            mask[action] = 1;
        }
        mask
    }

    fn not_legal(&self, action: usize) -> PyErr {
        let what = if self.pending.is_some() {
            "a follow-up here"
        } else {
            "legal here"
        };
        value_error(format!(
            "action {action} is not {what} (a {} action is below {})",
            G::NAME,
            G::ACTIONS
        ))
    }

    /// The turn the decision `action` chooses: the whole turn, or, for a main id with several
    /// versions, `Err(version)` (one of them) whose follow-up is still to come.
    fn decide(&self, action: usize) -> PyResult<Result<G::Move, G::Move>> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        if let Some(pending) = self.pending {
            return self
                .pos
                .move_of_follow_up(pending, action)
                .map(Ok)
                .ok_or_else(|| self.not_legal(action));
        }
        let mv = self
            .pos
            .move_of_action(action)
            .ok_or_else(|| self.not_legal(action))?;
        let mut follow_ups = Vec::new();
        self.pos.follow_up_actions(mv, &mut follow_ups);
        Ok(if follow_ups.is_empty() {
            Ok(mv)
        } else {
            Err(mv)
        })
    }

    fn finish_turn(&mut self, mv: G::Move) {
        self.pos.play_unchecked(mv);
        self.plies += 1;
        self.pending = None;
    }

    fn apply(&mut self, action: usize) -> PyResult<()> {
        match self.decide(action)? {
            Ok(mv) => self.finish_turn(mv),
            Err(version) => self.pending = Some(version),
        }
        Ok(())
    }

    /// The legal turn written `text`; while a follow-up is pending, only a version of that turn.
    fn parse(&self, text: &str) -> PyResult<G::Move> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|e| value_error(format!("{text:?}: {e}")))?;
        if let Some(pending) = self.pending {
            if self.pos.action_of(mv) != self.pos.action_of(pending) {
                return Err(value_error(format!(
                    "{text:?} is not a version of the turn whose follow-up is to be chosen"
                )));
            }
        }
        Ok(mv)
    }

    fn play(&mut self, text: &str) -> PyResult<()> {
        let mv = self.parse(text)?;
        self.finish_turn(mv);
        Ok(())
    }

    /// The decision id of a legal turn in notation: its follow-up id while one is pending,
    /// else its main id.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let mv = self.parse(text)?;
        Ok(self.decision_of(mv))
    }

    /// The id of the next decision of the legal turn `mv`.
    fn decision_of(&self, mv: G::Move) -> usize {
        match self.pending {
            Some(_) => self
                .pos
                .follow_up_of(mv)
                .unwrap_or_else(|| self.pos.action_of(mv)),
            None => self.pos.action_of(mv),
        }
    }

    fn action_to_string(&self, action: usize) -> PyResult<String> {
        let mv = match self.decide(action)? {
            Ok(mv) | Err(mv) => mv,
        };
        Ok(self.pos.move_to_string(mv))
    }

    fn returns(&self) -> [f64; 2] {
        match self.pos.outcome().and_then(|o| o.winner) {
            Some(Side::First) => [1.0, -1.0],
            Some(Side::Second) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; observation_len::<G>()];
        match self.pending {
            Some(mv) => self.pos.observe_follow_up(mv, &mut out),
            None => self.pos.observe(&mut out),
        }
        out
    }

    /// The whole turn an engine chooses here, as `(turn, id of the next decision)`.
    fn think(
        &self,
        engine: &str,
        millis: Option<u64>,
        nodes: Option<u64>,
        stop: &AtomicBool,
    ) -> PyResult<(G::Move, usize)> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        if let (Some(pending), Some(plan)) = (self.pending, self.planned) {
            if self.pos.action_of(plan) == self.pos.action_of(pending) {
                return Ok((plan, self.decision_of(plan)));
            }
        }
        let spec: EngineSpec = engine
            .parse()
            .map_err(|e| value_error(format!("engine {engine:?}: {e}")))?;
        let mut budget = Budget::DEFAULT;
        if let Some(ms) = millis {
            budget = budget.with_time(Duration::from_millis(ms));
        }
        if let Some(n) = nodes {
            budget = budget.with_nodes(n);
        }
        if millis.is_none() && nodes.is_none() {
            budget = budget.with_time(Duration::from_millis(100));
        }
        let mut searcher = spec.build::<G>();
        if spec.uses_tables() {
            if let Some(dir) = std::env::var_os(game_solve::folder::TABLES_ENV) {
                let dir = std::path::Path::new(&dir);
                let opened = game_solve::folder::open_in::<G>(dir, self.pos.rules())
                    .map_err(|e| value_error(format!("{}: {e}", dir.display())))?;
                if let Some((path, table)) = opened {
                    table
                        .load_all()
                        .map_err(|e| value_error(format!("{}: {e}", path.display())))?;
                    searcher.set_oracle(game_search::SharedOracle(table.oracle()));
                }
            }
        }
        let (mut mv, _) = searcher
            .search(&self.pos, &budget, stop, &mut |_| {})
            .ok_or_else(|| value_error("the engine found no move"))?;
        if let Some(pending) = self.pending {
            if self.pos.action_of(mv) != self.pos.action_of(pending) {
                // The engine wanted another turn: of the pending turn's versions, take the one
                // that leaves the opponent worst off by the game's evaluation.
                let mut follow_ups = Vec::new();
                self.pos.follow_up_actions(pending, &mut follow_ups);
                mv = follow_ups
                    .iter()
                    .filter_map(|&f| self.pos.move_of_follow_up(pending, f))
                    .min_by_key(|&version| self.pos.after(version).evaluate())
                    .unwrap_or(pending);
            }
        }
        Ok((mv, self.decision_of(mv)))
    }
}

/// The exact value of `pos` for the side to move as `(result, plies)`: `("win", 7)`,
/// `("draw", None)`, `("loss", 4)`. From the table in `tables` (or the folder of
/// `JGAMES_TABLES`) when there is one for its rules (of every position, or an endgame table
/// holding it), else solved on the spot from the positions reachable from it (at most five
/// million; only where the game numbers every position, as in Jasir-basic).
fn solve_value<G: Playable>(pos: &G, tables: Option<&str>) -> PyResult<(&'static str, Option<u8>)> {
    use abstract_game::Value;
    let dir = tables
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os(game_solve::folder::TABLES_ENV).map(std::path::PathBuf::from));
    let opened = match &dir {
        Some(dir) => game_solve::folder::open_in::<G>(dir, pos.rules())
            .map_err(|e| value_error(format!("{}: {e}", dir.display())))?,
        None => None,
    };
    let from_table = match &opened {
        Some((path, table)) => match table.probe(pos) {
            Ok(value) => Some(value),
            Err(game_solve::TableError::NotInTable) => None,
            Err(e) => return Err(value_error(format!("{}: {e}", path.display()))),
        },
        None => None,
    };
    let value = match from_table {
        Some(value) => value,
        None => {
            use abstract_game::PositionIndex;
            let index = G::position_index(pos.rules()).ok_or_else(|| {
                value_error(format!(
                    "{}: no table holds this position, and these rules are not solved on the spot",
                    G::NAME
                ))
            })?;
            let node = index
                .node_of(pos)
                .ok_or_else(|| value_error("the position is outside the solved rules"))?;
            game_solve::analyse(&index, node, 5_000_000)
                .map_err(|e| {
                    value_error(format!("no table, and too big to solve on the spot: {e}"))
                })?
                .root()
        }
    };
    Ok(match value {
        Value::Win(d) => ("win", Some(d)),
        Value::Draw => ("draw", None),
        Value::Loss(d) => ("loss", Some(d)),
    })
}

/// The `#[pymethods]` block of the class `$class` of the game `$game`: what every class of a
/// game has (`NUM_ACTIONS`, `NAME`, `observation_shape()`), then `$items`.
macro_rules! game_methods {
    ($class:ident, $game:ty; $($items:tt)*) => {
        #[pymethods]
        impl $class {
            /// The number of action ids.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as ActionSpace>::ACTIONS;

            /// The game's name.
            #[classattr]
            const NAME: &'static str = <$game as Game>::NAME;

            /// The shape of one game's observation: (planes, height, width).
            #[staticmethod]
            fn observation_shape() -> (usize, usize, usize) {
                let [p, h, w] = <$game as Observe>::OBSERVATION_SHAPE;
                (p, h, w)
            }

            $($items)*
        }
    };
}

/// One Python class per game, over [`State`].
macro_rules! game_class {
    ($class:ident, $name:literal, $game:ty) => {
        #[doc = concat!("A game of ", $name, " in progress (see the `jgames` package docs).")]
        #[pyclass(module = "jgames._jgames", name = $name)]
        #[derive(Clone)]
        struct $class {
            state: State<$game>,
        }

        game_methods! { $class, $game;
            #[new]
            #[pyo3(signature = (variant=None, position=None, moves=None, max_plies=None))]
            fn new(
                variant: Option<&str>,
                position: Option<&str>,
                moves: Option<&str>,
                max_plies: Option<u32>,
            ) -> PyResult<Self> {
                Ok($class {
                    state: State::new(variant, position, moves, max_plies)?,
                })
            }

            /// The preset names of the game, the default first.
            #[staticmethod]
            fn variants() -> Vec<&'static str> {
                <<$game as Game>::Rules as GameRules>::preset_names().collect()
            }

            /// The preset played.
            #[getter]
            fn variant(&self) -> &'static str {
                self.state.variant
            }

            /// Turns played since the start of this object.
            #[getter]
            fn plies(&self) -> u32 {
                self.state.plies
            }

            /// The ply cap, if any.
            #[getter]
            fn max_plies(&self) -> Option<u32> {
                self.state.max_plies
            }

            /// 0 when the first side (the game's first-named) is to move, 1 for the second.
            #[getter]
            fn current_player(&self) -> usize {
                self.state.pos.side_to_move().index()
            }

            /// The legal action ids, sorted (none once the game is over or capped).
            fn legal_actions(&self) -> Vec<usize> {
                self.state.legal_actions()
            }

            /// 1 for every legal action id, 0 elsewhere (`NUM_ACTIONS` entries, int8).
            fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
                self.state.legal_mask().into_pyarray(py)
            }

            /// The most decisions a turn takes (2 in Jersi, where a King's relocation may be a
            /// second decision of the same player; 1 in the other games).
            #[classattr]
            const MAX_DECISIONS_PER_TURN: usize = <$game as ActionSpace>::MAX_DECISIONS_PER_TURN;

            /// Makes the decision `action`: plays its turn, or, for a main id whose turn
            /// needs a follow-up, waits for it (the same player decides again); a ValueError
            /// otherwise, the state unchanged.
            fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                self.state.apply(action_id(action)?)
            }

            /// Plays a move in the game's notation; a ValueError otherwise.
            fn play(&mut self, notation: &str) -> PyResult<()> {
                self.state.play(notation)
            }

            /// The notation of the turn of the decision `action` (for a main id with
            /// follow-ups, of its first version).
            fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                self.state.action_to_string(action_id(action)?)
            }

            /// Whether a follow-up decision (Jersi's King relocation) is to be made.
            #[getter]
            fn is_follow_up(&self) -> bool {
                self.state.pending.is_some()
            }

            /// The decision id of a legal move in notation (its follow-up id while one is
            /// to be chosen).
            fn string_to_action(&self, notation: &str) -> PyResult<usize> {
                self.state.string_to_action(notation)
            }

            /// The position text.
            fn to_text(&self) -> String {
                self.state.pos.to_text()
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
                self.state
                    .pos
                    .outcome()
                    .map(|o| <$game as Game>::describe(o).to_string())
            }

            /// The observation planes, from the view of the side to move (float32,
            /// `observation_shape()`).
            fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
                let (p, h, w) = Self::observation_shape();
                let planes =
                    numpy::ndarray::Array3::from_shape_vec((p, h, w), self.state.observation())
                        .map_err(|e| value_error(e.to_string()))?;
                Ok(planes.into_pyarray(py))
            }

            /// Sequences of `depth` moves from here (the library's bulk perft). Ctrl-C stops
            /// it with `KeyboardInterrupt`.
            fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
                let pos = self.state.pos.clone();
                let stop = AtomicBool::new(false);
                let count = interruptible(py, &stop, || {
                    abstract_game::perft::Perft::new(depth).stop_on(&stop).count(&pos)
                })?;
                // Without a signal the count always finishes.
                count.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("perft stopped"))
            }

            /// The exact value of the position for the side to move under perfect play, as
            /// `(result, plies)`: `("win", 7)`, `("draw", None)` or `("loss", 4)`, the plies
            /// counted to the end with the winner hurrying and the loser delaying. From the
            /// table of perfect play in the folder `tables` (default: the `JGAMES_TABLES`
            /// environment variable) when there is one, else solved on the spot from the
            /// positions reachable from here (small endgames of Jasir-basic). The other Jarmo
            /// presets from their endgame tables; `ValueError` for a position no table holds
            /// and in the other games.
            #[pyo3(signature = (tables=None))]
            fn solve_value(
                &self,
                py: Python<'_>,
                tables: Option<&str>,
            ) -> PyResult<(&'static str, Option<u8>)> {
                let pos = self.state.pos.clone();
                let tables = tables.map(str::to_owned);
                py.detach(move || solve_value(&pos, tables.as_deref()))
            }

            /// The SVG picture of the position.
            fn svg(&self) -> String {
                self.state.pos.svg(&SvgOptions::default())
            }

            /// The next decision an engine makes (`random`, `mcts[:...]`, `alphabeta[:...]`)
            /// within `millis` milliseconds and/or `nodes` nodes (100 ms when neither is
            /// given). For a turn that needs a follow-up, the engine's choice of it comes
            /// from the next call, without a new search.
            #[pyo3(signature = (engine, millis=None, nodes=None))]
            fn think(
                &mut self,
                py: Python<'_>,
                engine: &str,
                millis: Option<u64>,
                nodes: Option<u64>,
            ) -> PyResult<usize> {
                let state = self.state.clone();
                let engine = engine.to_owned();
                let stop = AtomicBool::new(false);
                let (plan, action) =
                    interruptible(py, &stop, || state.think(&engine, millis, nodes, &stop))??;
                self.state.planned = Some(plan);
                Ok(action)
            }

            /// An independent copy.
            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }

            fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let pending = self.state.pending.map(|mv| self.state.pos.action_of(mv));
                (
                    self.state.variant,
                    self.state.pos.to_text(),
                    self.state.plies,
                    self.state.max_plies,
                    pending,
                )
                    .into_pyobject(py)
            }

            fn __setstate__(
                &mut self,
                state: (String, String, u32, Option<u32>, Option<usize>),
            ) -> PyResult<()> {
                let (variant, text, plies, max_plies, pending) = state;
                let mut restored = State::new(Some(&variant), Some(&text), None, max_plies)?;
                restored.plies = plies;
                if let Some(action) = pending {
                    restored.apply(action)?;
                }
                self.state = restored;
                Ok(())
            }

            fn __eq__(&self, other: &Self) -> bool {
                let pending = |s: &State<$game>| s.pending.map(|mv| s.pos.action_of(mv));
                self.state.pos == other.state.pos
                    && self.state.plies == other.state.plies
                    && self.state.max_plies == other.state.max_plies
                    && pending(&self.state) == pending(&other.state)
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}(variant={:?}, position={:?})",
                    $name,
                    self.state.variant,
                    self.state.pos.to_text()
                )
            }

            fn __str__(&self) -> String {
                self.state.pos.to_text()
            }
        }
    };
}

/// One Python batch class per game, over [`batch::Batch`].
macro_rules! batch_class {
    ($class:ident, $name:literal, $game:ty) => {
        #[doc = concat!("N games of ", $name, " stepped in one call (see the `jgames` package docs).")]
        #[pyclass(module = "jgames._jgames", name = $name)]
        struct $class {
            batch: batch::Batch<$game>,
            variant: &'static str,
        }

        impl $class {
            fn shape(&self) -> (usize, usize, usize, usize) {
                let [p, h, w] = <$game as Observe>::OBSERVATION_SHAPE;
                (self.batch.len(), p, h, w)
            }

            fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
                let batch = &self.batch;
                let mut out = vec![0.0; batch.len() * observation_len::<$game>()];
                py.detach(|| batch.observe(&mut out));
                let planes = numpy::ndarray::Array4::from_shape_vec(self.shape(), out)
                    .map_err(|e| value_error(e.to_string()))?;
                Ok(planes.into_pyarray(py))
            }
        }

        game_methods! { $class, $game;
            #[new]
            #[pyo3(signature = (n, variant=None, position=None, max_plies=None, seed=0))]
            fn new(
                n: usize,
                variant: Option<&str>,
                position: Option<&str>,
                max_plies: Option<u32>,
                seed: u64,
            ) -> PyResult<Self> {
                let state = State::<$game>::new(variant, position, None, max_plies)?;
                if state.is_terminal() {
                    return Err(value_error(
                        "the start position of a batch is a finished game",
                    ));
                }
                if n == 0 {
                    return Err(value_error("a batch needs at least one game"));
                }
                let batch = batch::Batch::new(state.pos, n, max_plies, seed).map_err(|e| {
                    let bytes = e.bytes.map_or("more bytes than a machine has".to_string(), |b| {
                        format!("about {b} bytes ({} MiB)", b >> 20)
                    });
                    pyo3::exceptions::PyMemoryError::new_err(format!(
                        "a batch of {} games needs {bytes}: more than there is free",
                        e.games
                    ))
                })?;
                Ok($class {
                    batch,
                    variant: state.variant,
                })
            }

            /// The preset played.
            #[getter]
            fn variant(&self) -> &'static str {
                self.variant
            }

            fn __len__(&self) -> usize {
                self.batch.len()
            }

            /// Starts every game again (and reseeds `random_actions` if `seed` is given);
            /// returns the observations.
            #[pyo3(signature = (seed=None))]
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
                seed: Option<u64>,
            ) -> PyResult<Bound<'py, PyArray4<f32>>> {
                self.batch.reset(seed);
                self.planes(py)
            }

            /// The observations of every game: float32, (n, planes, height, width).
            fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
                self.planes(py)
            }

            /// Makes one decision in every game (`actions`, n ids) and starts finished games
            /// again. Returns `(observations, rewards, terminated, truncated)`: the next
            /// observations, the returns (n, 2) of the games that ended in this step (0
            /// elsewhere), and whether each ended by its rules or by the ply cap. The
            /// observations are written into `out` when it is given (a C-contiguous float32
            /// array of shape (n, planes, height, width), returned), else into a new array. A
            /// ValueError, with nothing played, when an action is not open in its game.
            #[allow(clippy::type_complexity)]
            #[pyo3(signature = (actions, out=None))]
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: &Bound<'py, PyAny>,
                out: Option<Bound<'py, PyAny>>,
            ) -> PyResult<(
                Bound<'py, PyArray4<f32>>,
                Bound<'py, PyArray2<f32>>,
                Bound<'py, PyArray1<bool>>,
                Bound<'py, PyArray1<bool>>,
            )> {
                let actions = actions_of(actions, self.batch.len())?;
                let shape = self.shape();
                let out = out
                    .map(|o| {
                        o.cast_into::<PyArray4<f32>>().map_err(|e| {
                            pyo3::exceptions::PyTypeError::new_err(format!(
                                "out must be a float32 array of shape {shape:?} ({})",
                                describe_array(e.into_inner().as_any())
                            ))
                        })
                    })
                    .transpose()?;
                if let Some(array) = &out {
                    if array.shape() != [shape.0, shape.1, shape.2, shape.3] {
                        return Err(value_error(format!(
                            "out has the shape {:?}, not {shape:?}",
                            array.shape()
                        )));
                    }
                }
                let mut ended = vec![batch::Ended::default(); self.batch.len()];
                let batch = &mut self.batch;
                let bad = |bad: batch::BadAction| {
                    value_error(format!(
                        "action {} is not open in game {} of the batch",
                        bad.action, bad.game
                    ))
                };
                let planes = match out {
                    Some(array) => {
                        {
                            let mut writable = array
                                .try_readwrite()
                                .map_err(|e| value_error(format!("out cannot be written: {e}")))?;
                            let slice = writable.as_slice_mut().map_err(|_| {
                                value_error("out must be a C-contiguous float32 array")
                            })?;
                            py.detach(|| {
                                batch.step(&actions, &mut ended)?;
                                batch.observe(slice);
                                Ok(())
                            })
                            .map_err(bad)?;
                        }
                        array
                    }
                    None => {
                        py.detach(|| batch.step(&actions, &mut ended))
                            .map_err(bad)?;
                        self.planes(py)?
                    }
                };
                let returns: Vec<[f32; 2]> = ended.iter().map(|e| e.returns).collect();
                let rewards = numpy::ndarray::Array2::from(returns).into_pyarray(py);
                let terminated: Vec<bool> = ended.iter().map(|e| e.terminated).collect();
                let truncated: Vec<bool> = ended.iter().map(|e| e.truncated).collect();
                Ok((
                    planes,
                    rewards,
                    terminated.into_pyarray(py),
                    truncated.into_pyarray(py),
                ))
            }

            /// The open ids of every game, compact: `(offsets, ids)`, where game `i`'s ids
            /// are `ids[offsets[i]:offsets[i + 1]]` (sorted), int64 offsets and int32 ids.
            fn legal_actions<'py>(
                &self,
                py: Python<'py>,
            ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i32>>) {
                let (mut offsets, mut ids) = (Vec::new(), Vec::new());
                self.batch.open_ids(&mut offsets, &mut ids);
                (offsets.into_pyarray(py), ids.into_pyarray(py))
            }

            /// 1 at the open ids of each game: int8, (n, NUM_ACTIONS).
            fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
                let actions = <$game as ActionSpace>::ACTIONS;
                let mut out = vec![0; self.batch.len() * actions];
                self.batch.mask(&mut out);
                let mask = numpy::ndarray::Array2::from_shape_vec((self.batch.len(), actions), out)
                    .map_err(|e| value_error(e.to_string()))?;
                Ok(mask.into_pyarray(py))
            }

            /// The player to decide in each game (0 or 1), int8.
            #[getter]
            fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
                self.batch.current_players().into_pyarray(py)
            }

            /// Whether each game waits for a follow-up decision (Jersi's King relocation).
            #[getter]
            fn is_follow_up<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
                self.batch.follow_ups().into_pyarray(py)
            }

            /// One open id per game drawn uniformly from the batch's seeded generator (int64).
            fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                self.batch.random_actions().into_pyarray(py)
            }

            /// The position text of each game.
            fn positions(&self) -> Vec<String> {
                self.batch
                    .positions()
                    .iter()
                    .map(TextGame::to_text)
                    .collect()
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}(n={}, variant={:?})",
                    $name,
                    self.batch.len(),
                    self.variant
                )
            }
        }
    };
}

/// What an array given as `out` is, for a message: `a float64 array of shape (2, 3)`, or the
/// type of what is not an array.
fn describe_array(obj: &Bound<'_, PyAny>) -> String {
    match obj.cast::<numpy::PyUntypedArray>() {
        Ok(array) => format!("not a {} array of shape {:?}", array.dtype(), array.shape()),
        Err(_) => format!(
            "not a {}",
            obj.get_type()
                .name()
                .map_or("that".to_string(), |n| n.to_string())
        ),
    }
}

/// An action id given to a game: an `int` (a numpy integer too) from 0 up; a `bool` is refused
/// with `TypeError`, a negative or huge id with `ValueError`, as a batch refuses them.
fn action_id(action: &Bound<'_, PyAny>) -> PyResult<usize> {
    if action.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "an action id is an int, not a bool",
        ));
    }
    let id: i128 = action.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "an action id is an int, not {}",
            action
                .get_type()
                .name()
                .map_or("that".to_string(), |n| n.to_string())
        ))
    })?;
    usize::try_from(id)
        .map_err(|_| value_error(format!("action {id} is not an action id (0 or more)")))
}

/// The actions of a batch step: a sequence of `n` integers (a numpy array of any integer type,
/// or a list; booleans are refused with `TypeError`).
fn actions_of(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let bools = if let Ok(array) = actions.cast::<numpy::PyUntypedArray>() {
        numpy::PyArrayDescrMethods::is_equiv_to(&array.dtype(), &numpy::dtype::<bool>(actions.py()))
    } else if let Ok(list) = actions.cast::<pyo3::types::PyList>() {
        list.iter()
            .any(|a| a.is_instance_of::<pyo3::types::PyBool>())
    } else {
        false
    };
    if bools {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "actions are ints, not bools",
        ));
    }
    let values: Vec<i64> = if let Ok(array) = actions.extract::<numpy::PyReadonlyArray1<'_, i64>>()
    {
        array.as_slice()?.to_vec()
    } else if let Ok(array) = actions.extract::<numpy::PyReadonlyArray1<'_, i32>>() {
        array.as_slice()?.iter().map(|&a| i64::from(a)).collect()
    } else {
        actions
            .extract::<Vec<i64>>()
            .map_err(|_| value_error("actions must be a sequence of integers"))?
    };
    if values.len() != n {
        return Err(value_error(format!(
            "{} actions for a batch of {n} games",
            values.len()
        )));
    }
    Ok(values)
}

game_class!(PyJarmo, "Jarmo", jgames_registry::jarmo_core::Position);
game_class!(PyJetan, "Jetan", jgames_registry::jetan_core::Position);
game_class!(
    PyJericho,
    "Jericho",
    jgames_registry::jericho_core::Position
);
game_class!(PyJersi, "Jersi", jgames_registry::jersi_core::Position);
batch_class!(
    PyJarmoBatch,
    "JarmoBatch",
    jgames_registry::jarmo_core::Position
);
batch_class!(
    PyJetanBatch,
    "JetanBatch",
    jgames_registry::jetan_core::Position
);
batch_class!(
    PyJerichoBatch,
    "JerichoBatch",
    jgames_registry::jericho_core::Position
);
batch_class!(
    PyJersiBatch,
    "JersiBatch",
    jgames_registry::jersi_core::Position
);

/// The extension module.
#[pymodule]
fn _jgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyJarmo>()?;
    m.add_class::<PyJetan>()?;
    m.add_class::<PyJericho>()?;
    m.add_class::<PyJersi>()?;
    m.add_class::<PyJarmoBatch>()?;
    m.add_class::<PyJetanBatch>()?;
    m.add_class::<PyJerichoBatch>()?;
    m.add_class::<PyJersiBatch>()?;
    vector::register(m)?;
    Ok(())
}
