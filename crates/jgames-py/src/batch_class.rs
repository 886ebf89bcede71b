//! The Python class `Batch`: N games of any of the games stepped in one call, behind the
//! object-safe [`AnyBatch`] over [`crate::batch::Batch`]. The package's per-game batch
//! classes (`jgames.JarmoBatch`, ...) are Python subclasses made from the registry's list.

use abstract_game::actions::observation_len;

use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::batch::{self, BadAction, Ended};
use crate::state::State;
use crate::{Playable, actions_of, describe_array, value_error};

/// A batch, whatever its game.
pub(crate) trait AnyBatch: Send + Sync {
    fn name(&self) -> &'static str;
    fn len(&self) -> usize;
    /// (planes, height, width) of one observation.
    fn observation_shape(&self) -> [usize; 3];
    fn num_actions(&self) -> usize;
    fn reset(&mut self, seed: Option<u64>);
    fn step(&mut self, actions: &[i64], ended: &mut [Ended]) -> Result<(), BadAction>;
    fn observe(&self, out: &mut [f32]);
    fn open_ids(&self, offsets: &mut Vec<i64>, ids: &mut Vec<i32>);
    fn mask(&self, out: &mut [i8]);
    fn current_players(&self) -> Vec<i8>;
    fn follow_ups(&self) -> Vec<bool>;
    fn random_actions(&mut self) -> Vec<i64>;
    fn position_texts(&self) -> Vec<String>;
}

impl<G: Playable> AnyBatch for batch::Batch<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn len(&self) -> usize {
        batch::Batch::len(self)
    }
    fn observation_shape(&self) -> [usize; 3] {
        G::OBSERVATION_SHAPE
    }
    fn num_actions(&self) -> usize {
        G::ACTIONS
    }
    fn reset(&mut self, seed: Option<u64>) {
        batch::Batch::reset(self, seed);
    }
    fn step(&mut self, actions: &[i64], ended: &mut [Ended]) -> Result<(), BadAction> {
        batch::Batch::step(self, actions, ended)
    }
    fn observe(&self, out: &mut [f32]) {
        debug_assert_eq!(out.len(), self.len() * observation_len::<G>());
        batch::Batch::observe(self, out);
    }
    fn open_ids(&self, offsets: &mut Vec<i64>, ids: &mut Vec<i32>) {
        batch::Batch::open_ids(self, offsets, ids);
    }
    fn mask(&self, out: &mut [i8]) {
        batch::Batch::mask(self, out);
    }
    fn current_players(&self) -> Vec<i8> {
        batch::Batch::current_players(self)
    }
    fn follow_ups(&self) -> Vec<bool> {
        batch::Batch::follow_ups(self)
    }
    fn random_actions(&mut self) -> Vec<i64> {
        batch::Batch::random_actions(self)
    }
    fn position_texts(&self) -> Vec<String> {
        self.positions().iter().map(|pos| pos.to_text()).collect()
    }
}

/// A batch of `n` games of `G` from the start of `variant` (or `position`).
fn new_batch<G: Playable>(
    n: usize,
    variant: Option<&str>,
    position: Option<&str>,
    max_plies: Option<u32>,
    seed: u64,
) -> PyResult<(Box<dyn AnyBatch>, String)> {
    let state = State::<G>::new(variant, position, None, max_plies)?;
    if state.is_terminal() {
        return Err(value_error(
            "the start position of a batch is a finished game",
        ));
    }
    if n == 0 {
        return Err(value_error("a batch needs at least one game"));
    }
    let batch = batch::Batch::new(state.pos, n, max_plies, seed).map_err(|e| {
        let bytes = e
            .bytes
            .map_or("more bytes than a machine has".to_string(), |b| {
                format!("about {b} bytes ({} MiB)", b >> 20)
            });
        pyo3::exceptions::PyMemoryError::new_err(format!(
            "a batch of {} games needs {bytes}: more than there is free",
            e.games
        ))
    })?;
    Ok((Box::new(batch), state.variant))
}

/// N games of the game named `game` stepped in one call (the package's classes
/// `jgames.JarmoBatch`, ... are its subclasses, which give the name).
#[pyclass(module = "jgames._jgames", name = "Batch", subclass)]
pub(crate) struct PyBatch {
    batch: Box<dyn AnyBatch>,
    variant: String,
}

impl PyBatch {
    fn shape(&self) -> (usize, usize, usize, usize) {
        let [p, h, w] = self.batch.observation_shape();
        (self.batch.len(), p, h, w)
    }

    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let batch = &self.batch;
        let (n, p, h, w) = self.shape();
        let mut out = vec![0.0; n * p * h * w];
        py.detach(|| batch.observe(&mut out));
        let planes = numpy::ndarray::Array4::from_shape_vec(self.shape(), out)
            .map_err(|e| value_error(e.to_string()))?;
        Ok(planes.into_pyarray(py))
    }
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (game, n, variant=None, position=None, max_plies=None, seed=0))]
    fn new(
        game: &str,
        n: usize,
        variant: Option<&str>,
        position: Option<&str>,
        max_plies: Option<u32>,
        seed: u64,
    ) -> PyResult<Self> {
        let made = jgames_registry::with_game!(game, |G| new_batch::<G>(
            n, variant, position, max_plies, seed
        ));
        let (batch, variant) = made.unwrap_or_else(|| Err(crate::unknown_game(game)))?;
        Ok(PyBatch { batch, variant })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.batch.name()
    }

    /// The variant played.
    #[getter]
    fn variant(&self) -> String {
        self.variant.clone()
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// Starts every game again (and reseeds `random_actions` if `seed` is given); returns the
    /// observations.
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
        let mut ended = vec![Ended::default(); self.batch.len()];
        let batch = &mut self.batch;
        let bad = |bad: BadAction| {
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
                    let slice = writable
                        .as_slice_mut()
                        .map_err(|_| value_error("out must be a C-contiguous float32 array"))?;
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

    /// The open ids of every game, compact: `(offsets, ids)`, where game `i`'s ids are
    /// `ids[offsets[i]:offsets[i + 1]]` (sorted), int64 offsets and int32 ids.
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
        let mut out = vec![0; self.batch.len() * self.batch.num_actions()];
        self.batch.mask(&mut out);
        crate::matrix(py, self.batch.len(), out)
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
        self.batch.position_texts()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        crate::repr(slf, |this| {
            format!("n={}, variant={:?}", this.batch.len(), this.variant)
        })
    }
}
