//! The retrograde solver: every layer of an index, wave by wave, on every core.
//!
//! A layer is solved in two steps. First each position looks at its moves: a position where
//! the game is over takes its terminal value; a move into an earlier layer has a known value
//! (the layers of lower waves are done), so the best of those is kept as the position's *seed*;
//! the moves that stay in the layer are only counted. Then the values spread backwards from the
//! positions already known, in order of distance, as a breadth-first search over the moves
//! inside the layer ([`PositionIndex::parents`]):
//!
//! - a position known lost in `d` makes every parent a win in `d + 1`, unless the parent is
//!   already known (it then won sooner);
//! - a position known won in `d` takes one from each parent's count of unknown moves; when a
//!   parent has none left, every move it has leads to a win for the opponent, so it is lost,
//!   in the longest of those distances plus one, or its seed's if longer (a seed that draws or
//!   wins keeps it from losing at all);
//! - a position whose seed is a win in `s` is a win in `s` when no move inside the layer won it
//!   sooner.
//!
//! Because the distances are visited in increasing order (one bucket of positions per
//! distance), the first win found is the quickest and the last loss the slowest: the winner
//! hurries, the loser delays. What is still unknown when the buckets are empty is a draw:
//! either a move to a drawn position is the best it has, or the play can go round a cycle of
//! moves inside the layer (in Jasir-basic, lateral steps) that neither side can be forced out
//! of: a draw by endless play.
//!
//! Layers of one wave have no move between them, so they are solved in parallel.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use abstract_game::{PositionIndex, Value};

use crate::SolveError;

/// A position whose value is not known yet.
const UNKNOWN: u8 = 0;
/// A position whose value is known.
const KNOWN: u8 = 1;
/// A position whose value is known and spread to its parents.
const SPREAD: u8 = 2;

/// How often the progress callback is called.
pub(crate) const REPORT: std::time::Duration = std::time::Duration::from_millis(250);

/// How far a solve has come, as its progress callback sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions of the layers finished so far.
    pub positions_done: u64,
    /// Positions of every layer to solve.
    pub positions_total: u64,
    /// Layers finished so far.
    pub layers_done: usize,
    /// Layers to solve.
    pub layers_total: usize,
}

/// The values of every layer of an index, as bytes of [`Value::to_byte`]; a layer not (yet)
/// solved is empty.
pub(crate) type Layers = Vec<OnceLock<Box<[u8]>>>;

/// Solves the layers `wanted` says yes to (and must include every layer their moves reach),
/// on `threads` threads, calling `progress` about four times a second from the calling thread.
/// `stop` set to true ends the solve early with [`SolveError::Stopped`].
pub(crate) fn solve_layers<I: PositionIndex>(
    index: &I,
    wanted: impl Fn(usize) -> bool,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Layers, SolveError> {
    let layers: Layers = (0..index.layer_count()).map(|_| OnceLock::new()).collect();
    let mut order: Vec<usize> = (0..index.layer_count()).filter(|&l| wanted(l)).collect();
    for &layer in &order {
        if index.layer_len(layer) > u64::from(u32::MAX) {
            return Err(SolveError::LayerTooLarge {
                layer,
                len: index.layer_len(layer),
            });
        }
    }
    // Lowest wave first; within a wave the largest layers first, so the threads end together.
    order.sort_by_key(|&l| (index.layer_wave(l), std::cmp::Reverse(index.layer_len(l))));
    let positions_total = order.iter().map(|&l| index.layer_len(l)).sum();
    let done = AtomicU64::new(0);
    let mut layers_done = 0;
    let mut start = 0;
    while start < order.len() {
        let wave = index.layer_wave(order[start]);
        let end = start + order[start..].partition_point(|&l| index.layer_wave(l) == wave);
        let batch = &order[start..end];
        let next = AtomicUsize::new(0);
        let failed: OnceLock<SolveError> = OnceLock::new();
        let workers = threads.clamp(1, batch.len());
        std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for _ in 0..workers {
                handles.push(scope.spawn(|| {
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&layer) = batch.get(k) else { break };
                        if failed.get().is_some() {
                            break;
                        }
                        match solve_layer(index, layer, &layers, stop) {
                            Ok(values) => {
                                let _ = layers[layer].set(values);
                                done.fetch_add(index.layer_len(layer), Ordering::Relaxed);
                            }
                            Err(e) => {
                                let _ = failed.set(e);
                                break;
                            }
                        }
                    }
                }));
            }
            let mut last = std::time::Instant::now();
            // A worker that panics ends too (and the scope passes its panic on).
            while handles.iter().any(|h| !h.is_finished()) {
                std::thread::sleep(std::time::Duration::from_millis(2));
                if last.elapsed() < REPORT {
                    continue;
                }
                last = std::time::Instant::now();
                progress(Progress {
                    positions_done: done.load(Ordering::Relaxed),
                    positions_total,
                    layers_done,
                    layers_total: order.len(),
                });
            }
        });
        if let Some(e) = failed.into_inner() {
            return Err(e);
        }
        layers_done += batch.len();
        start = end;
    }
    progress(Progress {
        positions_done: positions_total,
        positions_total,
        layers_done,
        layers_total: order.len(),
    });
    Ok(layers)
}

/// Reads the value of an out-of-layer child, which must be solved already.
#[inline]
fn known(layers: &Layers, layer: usize, i: u64) -> Result<Value, SolveError> {
    layers[layer]
        .get()
        .and_then(|values| values.get(i as usize))
        .and_then(|&b| Value::from_byte(b))
        .ok_or(SolveError::LayerOrder { layer })
}

/// Solves one layer whose out-of-layer children are all solved.
fn solve_layer<I: PositionIndex>(
    index: &I,
    layer: usize,
    layers: &Layers,
    stop: &AtomicBool,
) -> Result<Box<[u8]>, SolveError> {
    let len = index.layer_len(layer) as usize;
    // While a position is unknown its byte holds its seed: the best value of its moves out of
    // the layer (a loss in 0 when it has none).
    let mut value = vec![0u8; len];
    // What is known of each position: nothing yet, its value, or its value spread to its
    // parents (one byte, not two flags: the largest layers hold tens of millions).
    let mut state = vec![UNKNOWN; len];
    let mut unknown_moves = vec![0u8; len];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, d: u8, i: usize| {
        let d = usize::from(d);
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        buckets[d].push(i as u32);
    };
    for i in 0..len {
        if i % (1 << 20) == 0 && stop.load(Ordering::Relaxed) {
            return Err(SolveError::Stopped);
        }
        let node = index.unrank(layer, i as u64);
        if let Some(v) = index.terminal(node) {
            value[i] = v.to_byte();
            state[i] = KNOWN;
            if let Some(d) = v.distance() {
                push(&mut buckets, d, i);
            }
            continue;
        }
        let mut seed: Option<Value> = None;
        let mut inside = 0u32;
        let mut error = None;
        index.children(node, |child| {
            let (l, j) = index.rank(child);
            if l == layer {
                inside += 1;
                return;
            }
            match known(layers, l, j).and_then(|v| {
                v.before_move()
                    .ok_or(SolveError::DistanceOverflow { layer })
            }) {
                Ok(v) => seed = Some(seed.map_or(v, |s| s.max(v))),
                Err(e) => error = Some(e),
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        if inside == 0 && seed.is_none() {
            return Err(SolveError::NoMoves {
                layer,
                index: i as u64,
            });
        }
        let seed = seed.unwrap_or(Value::Loss(0));
        value[i] = seed.to_byte();
        if inside == 0 {
            state[i] = KNOWN;
            if let Some(d) = seed.distance() {
                push(&mut buckets, d, i);
            }
        } else {
            unknown_moves[i] =
                u8::try_from(inside).map_err(|_| SolveError::TooManyMoves { layer })?;
            if let Value::Win(s) = seed {
                // A win waiting for its distance, unless a move inside the layer wins sooner.
                push(&mut buckets, s, i);
            }
        }
    }
    let mut d = 0usize;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for &i in &bucket {
            let i = i as usize;
            // A seed's win reached without a quicker one inside the layer becomes known here.
            let v = Value::from_byte(value[i]);
            if state[i] == SPREAD || v.and_then(Value::distance) != Some(d as u8) {
                // Spread already, or known sooner than this entry says.
                continue;
            }
            state[i] = SPREAD;
            let node = index.unrank(layer, i as u64);
            let d1 = u8::try_from(d + 1)
                .ok()
                .filter(|&d1| d1 <= Value::MAX_DISTANCE)
                .ok_or(SolveError::DistanceOverflow { layer })?;
            let lost_here = matches!(v, Some(Value::Loss(_)));
            let mut broken = false;
            index.parents(node, |parent| {
                let (l, j) = index.rank(parent);
                let j = j as usize;
                if l != layer || j >= len {
                    broken = true;
                    return;
                }
                if state[j] != UNKNOWN {
                    return;
                }
                if lost_here {
                    if matches!(Value::from_byte(value[j]), Some(Value::Win(s)) if s <= d1) {
                        // Its seed wins as soon or sooner: it waits in that bucket.
                        return;
                    }
                    value[j] = Value::Win(d1).to_byte();
                    state[j] = KNOWN;
                    push(&mut buckets, d1, j);
                    return;
                }
                let Some(left) = unknown_moves[j].checked_sub(1) else {
                    broken = true;
                    return;
                };
                unknown_moves[j] = left;
                if left > 0 {
                    return;
                }
                // A drawing seed: never lost. A winning seed: in its bucket already.
                if let Some(Value::Loss(seed)) = Value::from_byte(value[j]) {
                    let dist = seed.max(d1);
                    value[j] = Value::Loss(dist).to_byte();
                    state[j] = KNOWN;
                    push(&mut buckets, dist, j);
                }
            });
            if broken {
                return Err(SolveError::ParentsDisagree { layer });
            }
        }
        d += 1;
    }
    for i in 0..len {
        if state[i] == UNKNOWN {
            value[i] = Value::Draw.to_byte();
        }
    }
    Ok(value.into_boxed_slice())
}
