//! Python bindings of the jgames rules crates: the `jgames._jgames` extension module of the
//! `jgames` Python package.
//!
//! Two classes serve every game: `Game` (one game in progress, module `game`) and `Batch` (N games
//! stepped in one call, module `batch_class`), each made with a game's name and holding that game's
//! state behind an object-safe trait; `game_kinds()` lists the games of the registry
//! (`jgames_registry::for_each_game!`) with what a class needs to know of each. The Python
//! package makes its classes `Jarmo`, `JarmoBatch`, ... from that list, so a new game in the
//! registry reaches Python with no line here. Every rule lives in the game crates; this crate
//! turns their values into Python ones and their errors into `ValueError`s that say what was
//! wrong, leaving the state unchanged. Nothing panics across the boundary: every input is
//! checked before it reaches a game.

use abstract_game::svg::Render;
use abstract_game::{ActionSpace, Evaluate, Observe, TextGame};
use numpy::PyUntypedArrayMethods;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

mod batch;
mod batch_class;
mod game;
mod render;
mod state;
mod vector;

use batch_class::PyBatch;
use game::{GameKind, PyGame};

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

/// `values` (row after row) as a numpy array of `rows` rows.
fn matrix<'py, T: numpy::Element>(
    py: Python<'py>,
    rows: usize,
    values: Vec<T>,
) -> PyResult<Bound<'py, numpy::PyArray2<T>>> {
    use numpy::IntoPyArray;
    let columns = values.len().checked_div(rows).unwrap_or(0);
    let array = numpy::ndarray::Array2::from_shape_vec((rows, columns), values)
        .map_err(|e| value_error(e.to_string()))?;
    Ok(array.into_pyarray(py))
}

/// The `repr` of an object of a class that the Python package subclasses: the name of the
/// object's own class (`JarmoBatch`, ...) and `fields`, what it says of the object.
fn repr<T: pyo3::PyClass>(
    slf: &Bound<'_, T>,
    fields: impl FnOnce(&T) -> String,
) -> PyResult<String> {
    let class = slf.as_any().get_type().name()?;
    Ok(format!("{class}({})", fields(&slf.borrow())))
}

/// The error for a game name the registry does not know, listing those it knows.
fn unknown_game(name: &str) -> PyErr {
    value_error(format!(
        "unknown game {name:?} (known: {})",
        jgames_registry::names_joined()
    ))
}

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
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

/// The kinds of game the package knows, in the registry's order.
#[pyfunction]
fn game_kinds() -> Vec<GameKind> {
    let mut kinds = Vec::new();
    jgames_registry::for_each_game!(|G| kinds.push(GameKind::of::<G>()));
    kinds
}

/// The extension module: the classes `Game` and `Batch` (of any game, by name), and
/// `game_kinds()`, from which the package makes one class of each per game.
#[pymodule]
fn _jgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyBatch>()?;
    m.add_class::<GameKind>()?;
    m.add_function(wrap_pyfunction!(game_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(render::rasterize_svg, m)?)?;
    vector::register(m)?;
    Ok(())
}
