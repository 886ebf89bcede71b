//! Checking a table position by position.
//!
//! A table is right when every stored value is what the position's moves give: the terminal
//! value where the game is over, and otherwise the best, for the side to move, of the values
//! its moves lead to, each seen from the mover ([`Value::before_move`]). The distances make
//! this local check complete: values that pass it everywhere are the true values, since a
//! wrong win or loss at the smallest distance would need a child wrong at a smaller one, and a
//! wrong draw would have a child that wins or loses for it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use abstract_game::{PositionIndex, Value};

use crate::{Table, TableError};

/// The first position whose stored value is not the best over its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Its layer.
    pub layer: usize,
    /// Its index in the layer.
    pub index: u64,
    /// The value stored.
    pub stored: Value,
    /// The value its moves give.
    pub expected: Value,
}

/// Checks every position of every layer the table holds, on `threads` threads, calling
/// `progress` with the layers done and the layers to check. `Ok(None)` when every value
/// holds; the first mismatch found otherwise (with `stop` set, the check ends early and
/// reports what it saw).
pub fn verify<I: PositionIndex>(
    table: &Table<I>,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Option<Mismatch>, TableError> {
    let index = table.index();
    let layers: Vec<usize> = (0..index.layer_count())
        .filter(|&l| table.has_layer(l))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let found: OnceLock<Mismatch> = OnceLock::new();
    let error: Mutex<Option<TableError>> = Mutex::new(None);
    let workers = threads.clamp(1, layers.len().max(1));
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..workers {
            handles.push(scope.spawn(|| {
                while found.get().is_none() && !stop.load(Ordering::Relaxed) {
                    let Some(&layer) = layers.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    match verify_layer(table, layer) {
                        Ok(None) => {}
                        Ok(Some(m)) => {
                            let _ = found.set(m);
                        }
                        Err(e) => {
                            if let Ok(mut slot) = error.lock() {
                                slot.get_or_insert(e);
                            }
                            break;
                        }
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
            }));
        }
        let mut last = std::time::Instant::now();
        while handles.iter().any(|h| !h.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(2));
            if last.elapsed() < crate::solve::REPORT {
                continue;
            }
            last = std::time::Instant::now();
            progress(done.load(Ordering::Relaxed), layers.len());
        }
    });
    if let Some(e) = error.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(found.into_inner())
}

/// The value the moves of `node` give, from the values in `table`.
pub(crate) fn best_over_moves<I: PositionIndex>(
    table: &Table<I>,
    node: I::Node,
) -> Result<Value, TableError> {
    let index = table.index();
    if let Some(v) = index.terminal(node) {
        return Ok(v);
    }
    let mut best: Option<Value> = None;
    let mut error = None;
    index.children(node, |child| match table.probe_node(child) {
        Ok(v) => match v.before_move() {
            Some(v) => best = Some(best.map_or(v, |b| b.max(v))),
            None => {
                error.get_or_insert(TableError::Corrupt {
                    what: "a distance past the largest a table holds",
                });
            }
        },
        Err(e) => {
            error.get_or_insert(e);
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    best.ok_or(TableError::Corrupt {
        what: "a position that is not over has no move",
    })
}

fn verify_layer<I: PositionIndex>(
    table: &Table<I>,
    layer: usize,
) -> Result<Option<Mismatch>, TableError> {
    let values = table.layer(layer)?.ok_or(TableError::NotInTable)?;
    for (i, &byte) in values.iter().enumerate() {
        let stored = Value::from_byte(byte).ok_or(TableError::Corrupt {
            what: "a stored byte is not a value",
        })?;
        let node = table.index().unrank(layer, i as u64);
        let expected = best_over_moves(table, node)?;
        if stored != expected {
            return Ok(Some(Mismatch {
                layer,
                index: i as u64,
                stored,
                expected,
            }));
        }
    }
    Ok(None)
}
