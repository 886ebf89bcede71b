//! Python bindings of the jgames rules crates: the `jgames._jgames` extension module of the
//! `jgames` Python package.
//!
//! One Python class per game with an action space (`Jarmo`, `Jetan`, `Jericho`), all with the
//! same methods: they are written once, over the shared traits, in one generic state, and each class
//! is a thin wrapper made by one macro line. Every rule lives in the game crates; this crate
//! turns their values into Python ones and their errors into `ValueError`s that say what was
//! wrong, leaving the state unchanged. Nothing panics across the boundary: every input is
//! checked before it reaches a game.

use abstract_game::actions::observation_len;
use abstract_game::svg::{Render, SvgOptions};
use abstract_game::{ActionSpace, Evaluate, Game, GameRules, Observe, Side, TextGame};
use game_search::{Budget, EngineSpec};
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::time::Duration;

/// What a game needs to be bound.
trait Playable: TextGame + ActionSpace + Observe + Evaluate + Render + PartialEq {}
impl<G: TextGame + ActionSpace + Observe + Evaluate + Render + PartialEq> Playable for G {}

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A game in progress: the position, the preset it is played under, and the ply cap.
#[derive(Clone)]
struct State<G: Game> {
    pos: G,
    variant: &'static str,
    plies: u32,
    max_plies: Option<u32>,
}

impl<G: Playable> State<G> {
    fn new(
        variant: Option<&str>,
        position: Option<&str>,
        moves: Option<&str>,
        max_plies: Option<u32>,
    ) -> PyResult<State<G>> {
        let preset = match variant {
            None | Some("") => &G::Rules::PRESETS[0],
            Some(name) => {
                G::Rules::find_preset(G::NAME, name).map_err(|e| value_error(e.to_string()))?
            }
        };
        let mut pos = match position {
            None => G::new(preset.rules),
            Some(text) => G::from_text(text, preset.rules)
                .map_err(|e| value_error(format!("position {text:?}: {e}")))?,
        };
        let mut plies = 0;
        if let Some(line) = moves {
            for (i, text) in line.split_whitespace().enumerate() {
                let mv = pos
                    .parse_move(text)
                    .map_err(|e| value_error(format!("move {} {text:?}: {e}", i + 1)))?;
                pos.play_unchecked(mv);
                plies += 1;
            }
        }
        Ok(State {
            pos,
            variant: preset.name,
            plies,
            max_plies,
        })
    }

    /// Whether the ply cap ended the game before its rules did.
    fn is_truncated(&self) -> bool {
        !self.pos.is_over() && self.max_plies.is_some_and(|cap| self.plies >= cap)
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_over() || self.is_truncated()
    }

    fn legal_actions(&self) -> Vec<usize> {
        if self.is_terminal() {
            return Vec::new();
        }
        let mut actions = Vec::new();
        self.pos.legal_actions(&mut actions);
        actions
    }

    fn legal_mask(&self) -> Vec<i8> {
        let mut mask = vec![0; G::ACTIONS];
        for action in self.legal_actions() {
            mask[action] = 1;
        }
        mask
    }

    fn move_of(&self, action: usize) -> PyResult<G::Move> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        self.pos.move_of_action(action).ok_or_else(|| {
            value_error(format!(
                "action {action} is not legal here (a {} action is below {})",
                G::NAME,
                G::ACTIONS
            ))
        })
    }

    fn apply(&mut self, action: usize) -> PyResult<()> {
        let mv = self.move_of(action)?;
        self.pos.play_unchecked(mv);
        self.plies += 1;
        Ok(())
    }

    fn play(&mut self, text: &str) -> PyResult<()> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|e| value_error(format!("{text:?}: {e}")))?;
        self.pos.play_unchecked(mv);
        self.plies += 1;
        Ok(())
    }

    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|e| value_error(format!("{text:?}: {e}")))?;
        Ok(self.pos.action_of(mv))
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
        self.pos.observe(&mut out);
        out
    }

    fn think(&self, engine: &str, millis: Option<u64>, nodes: Option<u64>) -> PyResult<usize> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
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
        let (mv, _) = searcher
            .choose(&self.pos, &budget)
            .ok_or_else(|| value_error("the engine found no move"))?;
        Ok(self.pos.action_of(mv))
    }
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

        #[pymethods]
        impl $class {
            /// The number of action ids.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as ActionSpace>::ACTIONS;

            /// The game's name.
            #[classattr]
            const NAME: &'static str = <$game as Game>::NAME;

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

            /// The shape of an observation: (planes, height, width).
            #[staticmethod]
            fn observation_shape() -> (usize, usize, usize) {
                let [p, h, w] = <$game as Observe>::OBSERVATION_SHAPE;
                (p, h, w)
            }

            /// The preset played.
            #[getter]
            fn variant(&self) -> &'static str {
                self.state.variant
            }

            /// Moves played since the start of this object.
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

            /// Plays the legal move of `action`; a ValueError otherwise, the state unchanged.
            fn apply(&mut self, action: usize) -> PyResult<()> {
                self.state.apply(action)
            }

            /// Plays a move in the game's notation; a ValueError otherwise.
            fn play(&mut self, notation: &str) -> PyResult<()> {
                self.state.play(notation)
            }

            /// The notation of the legal move of `action`.
            fn action_to_string(&self, action: usize) -> PyResult<String> {
                let mv = self.state.move_of(action)?;
                Ok(self.state.pos.move_to_string(mv))
            }

            /// The action id of a legal move in notation.
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

            /// Sequences of `depth` moves from here (the library's bulk perft).
            fn perft(&self, depth: u32) -> u64 {
                abstract_game::perft::perft(&self.state.pos, depth)
            }

            /// The SVG picture of the position.
            fn svg(&self) -> String {
                self.state.pos.svg(&SvgOptions::default())
            }

            /// The action an engine chooses (`random`, `mcts[:...]`, `alphabeta[:...]`) within
            /// `millis` milliseconds and/or `nodes` nodes (100 ms when neither is given).
            #[pyo3(signature = (engine, millis=None, nodes=None))]
            fn think(
                &self,
                py: Python<'_>,
                engine: &str,
                millis: Option<u64>,
                nodes: Option<u64>,
            ) -> PyResult<usize> {
                let state = self.state.clone();
                let engine = engine.to_owned();
                py.detach(move || state.think(&engine, millis, nodes))
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
                (
                    self.state.variant,
                    self.state.pos.to_text(),
                    self.state.plies,
                    self.state.max_plies,
                )
                    .into_pyobject(py)
            }

            fn __setstate__(&mut self, state: (String, String, u32, Option<u32>)) -> PyResult<()> {
                let (variant, text, plies, max_plies) = state;
                let mut restored = State::new(Some(&variant), Some(&text), None, max_plies)?;
                restored.plies = plies;
                self.state = restored;
                Ok(())
            }

            fn __eq__(&self, other: &Self) -> bool {
                self.state.pos == other.state.pos
                    && self.state.plies == other.state.plies
                    && self.state.max_plies == other.state.max_plies
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

game_class!(PyJarmo, "Jarmo", jgames_registry::jarmo_core::Position);
game_class!(PyJetan, "Jetan", jgames_registry::jetan_core::Position);
game_class!(
    PyJericho,
    "Jericho",
    jgames_registry::jericho_core::Position
);

/// The extension module.
#[pymodule]
fn _jgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyJarmo>()?;
    m.add_class::<PyJetan>()?;
    m.add_class::<PyJericho>()?;
    Ok(())
}
