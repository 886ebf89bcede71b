//! An index over positions named by keys: the positions are gathered by playing the moves,
//! sorted, and numbered by their place.
//!
//! A game whose endgames carry facts too irregular to number by a formula hands out
//! [`KeyedPositions`]: keys, waves and the positions the set starts from.
//! [`KeyedIndex::gather`] plays every move from those until no new key appears (each wave a
//! sorted list of keys), then lists, for every position, the positions of its own wave with a
//! move to it. That makes a [`PositionIndex`] like any other: one layer per wave, a rank by
//! search (among every 64th key first, then within a block of 64), and the solver, the checks
//! and the probes work on it unchanged. It costs 16 bytes a position for the key besides the
//! value, and a probe follows about 25 steps for tens of millions of positions (under a
//! microsecond), so it suits endgames, not whole games.
//!
//! An index opened from a table file ([`Table::open_keyed`](crate::Table::open_keyed)) has
//! the keys but not the moves into each position: it probes and checks, it does not solve.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use abstract_game::{Game, KeyedPositions, Outcome, PositionIndex, Side, Value};

use crate::SolveError;
use crate::solve::{Progress, REPORT};

/// The value of an ended game for `to_move`.
fn value_of_outcome(outcome: Outcome, to_move: Side) -> Value {
    match outcome.winner {
        Some(side) if side == to_move => Value::Win(0),
        Some(_) => Value::Loss(0),
        None => Value::Draw,
    }
}

/// Positions expanded at a time while gathering.
const CHUNK: usize = 1 << 22;
/// A thread's list of finds is sorted and cleared of repeats when it reaches a power of two
/// past this.
const COMPACT: usize = 1 << 16;

/// A position of a [`KeyedIndex`]: its wave and its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keyed {
    /// The wave (and layer).
    pub wave: u32,
    /// The key.
    pub key: u128,
}

/// The moves into each position of one layer from positions of the same layer, by index:
/// the parents of position `i` are `from[start[i]..start[i + 1]]`.
#[derive(Clone, Debug, Default)]
struct Parents {
    start: Vec<u64>,
    from: Vec<u32>,
}

/// The positions of a [`KeyedPositions`] set, gathered and numbered (see the module docs).
pub struct KeyedIndex<G: Game> {
    positions: Box<dyn KeyedPositions<Game = G>>,
    /// The sorted keys of each wave.
    keys: Vec<Vec<u128>>,
    /// The moves inside each layer, backwards (empty for an index read from a file).
    parents: Vec<Parents>,
    /// Every [`SAMPLE`]-th key of each wave: a search looks here first (a small array that
    /// stays in the caches), then among the few keys between two samples.
    samples: Vec<Vec<u128>>,
}

/// One key in this many is sampled for the first step of a search.
const SAMPLE: usize = 64;

/// The place of `key` among the sorted `keys`, whose every [`SAMPLE`]-th key is in `samples`.
fn search(keys: &[u128], samples: &[u128], key: u128) -> Result<usize, usize> {
    // The last sample at or below the key starts the block that holds it.
    let block = samples.partition_point(|&s| s <= key).saturating_sub(1);
    let start = block * SAMPLE;
    let end = (start + SAMPLE).min(keys.len());
    match keys[start..end].binary_search(&key) {
        Ok(i) => Ok(start + i),
        Err(i) => Err(start + i),
    }
}

fn samples_of(keys: &[Vec<u128>]) -> Vec<Vec<u128>> {
    keys.iter()
        .map(|k| k.iter().step_by(SAMPLE).copied().collect())
        .collect()
}

impl<G: Game> core::fmt::Debug for KeyedIndex<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyedIndex")
            .field("positions", &self.positions.name())
            .field(
                "layers",
                &self.keys.iter().map(Vec::len).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Runs `work` on `threads` threads over `0..len` in blocks, each thread folding into its own
/// accumulator; the accumulators are returned. `done` counts finished items.
fn in_parallel<A: Send>(
    len: usize,
    threads: usize,
    done: &AtomicU64,
    stop: &AtomicBool,
    make: impl Fn() -> A + Sync,
    work: impl Fn(&mut A, usize) + Sync,
) -> Vec<A> {
    const BLOCK: usize = 4096;
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut acc = make();
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let start = next.fetch_add(BLOCK as u64, Ordering::Relaxed) as usize;
                        if start >= len {
                            break;
                        }
                        let end = (start + BLOCK).min(len);
                        for i in start..end {
                            work(&mut acc, i);
                        }
                        done.fetch_add((end - start) as u64, Ordering::Relaxed);
                    }
                    acc
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Calls `progress` about four times a second while `work` runs on other threads.
fn reporting<T: Send>(
    done: &AtomicU64,
    total: u64,
    progress: &mut dyn FnMut(Progress),
    work: impl FnOnce() -> T + Send,
) -> T {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let handle = scope.spawn(|| {
            let out = work();
            finished.store(true, Ordering::Release);
            out
        });
        while !finished.load(Ordering::Acquire) {
            std::thread::sleep(REPORT.min(std::time::Duration::from_millis(50)));
            progress(Progress {
                positions_done: done.load(Ordering::Relaxed).min(total),
                positions_total: total,
                layers_done: 0,
                layers_total: 0,
            });
        }
        handle
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

impl<G: Game> KeyedIndex<G> {
    /// Gathers every position of `positions` on `threads` threads: the seeds, then every
    /// position their moves reach, wave by wave, with the moves inside each wave listed
    /// backwards. `progress` hears how many positions have been expanded of those known so
    /// far. Fails with [`SolveError::NotClosed`] when a move leaves the set or raises the
    /// wave, and [`SolveError::Stopped`] when `stop` is set.
    pub fn gather(
        positions: Box<dyn KeyedPositions<Game = G>>,
        threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<KeyedIndex<G>, SolveError> {
        let waves = positions.waves() as usize;
        let mut keys: Vec<Vec<u128>> = vec![Vec::new(); waves];
        let mut outside = false;
        positions.seeds(&mut |game| match positions.key(&game) {
            Some((w, k)) if (w as usize) < waves => keys[w as usize].push(k),
            _ => outside = true,
        });
        if outside {
            return Err(SolveError::NotClosed { wave: waves });
        }
        for wave in &mut keys {
            wave.sort_unstable();
            wave.dedup();
        }
        // Waves from the top: a wave's moves reach its own wave and lower ones only, so once
        // a wave has no new key it is complete. The frontier is expanded in chunks, each
        // thread keeping its finds sorted and without repeats, so that memory holds the keys
        // and one chunk's new ones, not every move of a wave.
        let mut frontier: Vec<Vec<u128>> = keys.clone();
        let done = AtomicU64::new(0);
        let mut expanded = 0u64;
        for wave in (0..waves).rev() {
            while !frontier[wave].is_empty() {
                let take = frontier[wave].len().min(CHUNK);
                let batch: Vec<u128> = frontier[wave].drain(..take).collect();
                let pending: u64 = frontier.iter().map(|f| f.len() as u64).sum();
                let total = expanded + batch.len() as u64 + pending;
                done.store(expanded, Ordering::Relaxed);
                let found = reporting(&done, total, progress, || {
                    in_parallel(
                        batch.len(),
                        threads,
                        &done,
                        stop,
                        || (vec![Vec::new(); wave + 1], false),
                        |(found, outside): &mut (Vec<Vec<u128>>, bool), i| {
                            let game = positions.game_of(batch[i]);
                            if game.outcome().is_some() {
                                return;
                            }
                            let mut moves = G::MoveList::default();
                            game.legal_moves(&mut moves);
                            for &mv in moves.iter() {
                                let mut child = game.clone();
                                child.play_unchecked(mv);
                                match positions.key(&child) {
                                    Some((w, k)) if w as usize <= wave => {
                                        let list = &mut found[w as usize];
                                        list.push(k);
                                        if list.len() >= COMPACT && list.len().is_power_of_two() {
                                            list.sort_unstable();
                                            list.dedup();
                                        }
                                    }
                                    _ => *outside = true,
                                }
                            }
                        },
                    )
                });
                if stop.load(Ordering::Relaxed) {
                    return Err(SolveError::Stopped);
                }
                if found.iter().any(|(_, outside)| *outside) {
                    return Err(SolveError::NotClosed { wave });
                }
                expanded += batch.len() as u64;
                drop(batch);
                let mut found: Vec<Vec<Vec<u128>>> = found.into_iter().map(|(f, _)| f).collect();
                for w in 0..=wave {
                    let mut new: Vec<u128> = Vec::new();
                    for lists in &mut found {
                        new.append(&mut lists[w]);
                    }
                    new.sort_unstable();
                    new.dedup();
                    new.retain(|k| keys[w].binary_search(k).is_err());
                    if new.is_empty() {
                        continue;
                    }
                    let mut merged = Vec::with_capacity(keys[w].len() + new.len());
                    merge_sorted(&keys[w], &new, &mut merged);
                    keys[w] = merged;
                    frontier[w].extend(new);
                }
            }
            frontier[wave] = Vec::new();
        }
        if keys.iter().any(|k| k.len() > u32::MAX as usize) {
            let (layer, len) = keys
                .iter()
                .enumerate()
                .map(|(l, k)| (l, k.len() as u64))
                .max_by_key(|&(_, n)| n)
                .unwrap_or((0, 0));
            return Err(SolveError::LayerTooLarge { layer, len });
        }
        let mut index = KeyedIndex {
            positions,
            samples: samples_of(&keys),
            keys,
            parents: Vec::new(),
        };
        index.parents = (0..waves)
            .map(|wave| index.parents_of_layer(wave, threads, stop))
            .collect::<Result<_, _>>()?;
        Ok(index)
    }

    /// The index of the positions with `keys` (each wave's sorted), without the moves inside
    /// layers: it probes and checks, it does not solve.
    #[cfg_attr(not(feature = "files"), allow(dead_code))]
    pub(crate) fn from_keys(
        positions: Box<dyn KeyedPositions<Game = G>>,
        keys: Vec<Vec<u128>>,
    ) -> KeyedIndex<G> {
        KeyedIndex {
            positions,
            samples: samples_of(&keys),
            keys,
            parents: Vec::new(),
        }
    }

    /// The sorted keys of each wave.
    pub fn keys(&self) -> &[Vec<u128>] {
        &self.keys
    }

    /// The set of positions the index numbers.
    pub fn positions(&self) -> &dyn KeyedPositions<Game = G> {
        self.positions.as_ref()
    }

    /// Whether the index can be solved: it was gathered, not read from a file.
    pub fn can_solve(&self) -> bool {
        self.parents.len() == self.keys.len()
    }

    fn parents_of_layer(
        &self,
        wave: usize,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Parents, SolveError> {
        let keys = &self.keys[wave];
        let done = AtomicU64::new(0);
        // Two walks over the layer's moves: the first counts the moves into each position,
        // the second places each parent; 4 bytes a move and 8 a position.
        let inside = |i: usize, visit: &mut dyn FnMut(usize)| {
            let node = Keyed {
                wave: wave as u32,
                key: keys[i],
            };
            if self.terminal(node).is_some() {
                return;
            }
            self.children(node, |child| {
                if child.wave as usize == wave
                    && let Ok(c) = search(keys, &self.samples[wave], child.key)
                {
                    visit(c);
                }
            });
        };
        // One walk over every move inside the layer, `on_move(parent, child)` for each.
        let walk = |on_move: &(dyn Fn(usize, usize) + Sync)| -> Result<(), SolveError> {
            in_parallel(
                keys.len(),
                threads,
                &done,
                stop,
                || (),
                |(), i| {
                    inside(i, &mut |c| on_move(i, c));
                },
            );
            if stop.load(Ordering::Relaxed) {
                return Err(SolveError::Stopped);
            }
            Ok(())
        };
        let counts: Vec<AtomicU32> = (0..keys.len()).map(|_| AtomicU32::new(0)).collect();
        walk(&|_, c| {
            counts[c].fetch_add(1, Ordering::Relaxed);
        })?;
        let mut start = Vec::with_capacity(keys.len() + 1);
        start.push(0u64);
        for count in &counts {
            let last = start[start.len() - 1];
            start.push(last + u64::from(count.load(Ordering::Relaxed)));
        }
        drop(counts);
        let fill: Vec<AtomicU64> = start[..keys.len()]
            .iter()
            .map(|&s| AtomicU64::new(s))
            .collect();
        let from: Vec<AtomicU32> = (0..start[keys.len()]).map(|_| AtomicU32::new(0)).collect();
        walk(&|i, c| {
            let at = fill[c].fetch_add(1, Ordering::Relaxed);
            from[at as usize].store(i as u32, Ordering::Relaxed);
        })?;
        let from = from.into_iter().map(AtomicU32::into_inner).collect();
        Ok(Parents { start, from })
    }
}

/// Merges two sorted lists without repeats into `out`.
fn merge_sorted(a: &[u128], b: &[u128], out: &mut Vec<u128>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] < b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

impl<G: Game> PositionIndex for KeyedIndex<G> {
    type Game = G;
    type Node = Keyed;
    const INDEX_VERSION: u32 = 1;

    fn name(&self) -> String {
        self.positions.name()
    }

    fn layer_count(&self) -> usize {
        self.keys.len()
    }

    fn layer_len(&self, layer: usize) -> u64 {
        self.keys.get(layer).map_or(0, |k| k.len() as u64)
    }

    fn layer_wave(&self, layer: usize) -> u32 {
        layer as u32
    }

    fn rank(&self, node: Keyed) -> (usize, u64) {
        let layer = node.wave as usize;
        let index = self.keys.get(layer).map_or(0, |k| {
            search(k, &self.samples[layer], node.key).unwrap_or(k.len())
        });
        (layer, index as u64)
    }

    fn unrank(&self, layer: usize, index: u64) -> Keyed {
        Keyed {
            wave: layer as u32,
            key: self.keys[layer][index as usize],
        }
    }

    fn terminal(&self, node: Keyed) -> Option<Value> {
        let game = self.positions.game_of(node.key);
        game.outcome()
            .map(|outcome| value_of_outcome(outcome, game.side_to_move()))
    }

    fn children(&self, node: Keyed, mut visit: impl FnMut(Keyed)) {
        let game = self.positions.game_of(node.key);
        let mut moves = G::MoveList::default();
        game.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = game.clone();
            child.play_unchecked(mv);
            if let Some((wave, key)) = self.positions.key(&child) {
                visit(Keyed { wave, key });
            }
        }
    }

    fn parents(&self, node: Keyed, mut visit: impl FnMut(Keyed)) {
        let (layer, index) = self.rank(node);
        let Some(parents) = self.parents.get(layer) else {
            return;
        };
        let index = index as usize;
        if index + 1 >= parents.start.len() {
            return;
        }
        let range = parents.start[index] as usize..parents.start[index + 1] as usize;
        for &p in &parents.from[range] {
            visit(Keyed {
                wave: node.wave,
                key: self.keys[layer][p as usize],
            });
        }
    }

    fn node_of(&self, game: &G) -> Option<Keyed> {
        self.locate(game).map(|(layer, index)| Keyed {
            wave: layer as u32,
            key: self.keys[layer][index as usize],
        })
    }

    fn game_of(&self, node: Keyed) -> G {
        self.positions.game_of(node.key)
    }

    fn locate(&self, game: &G) -> Option<(usize, u64)> {
        // One binary search, not one to find the node and another to rank it.
        let (wave, key) = self.positions.key(game)?;
        let layer = wave as usize;
        let index = search(self.keys.get(layer)?, &self.samples[layer], key).ok()?;
        Some((layer, index as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sampled_search_finds_what_a_binary_search_finds() {
        for len in [0usize, 1, 2, 63, 64, 65, 1000, 4097] {
            let keys: Vec<u128> = (0..len as u128).map(|i| i * 7 + (i * i) % 5).collect();
            let samples = samples_of(std::slice::from_ref(&keys)).remove(0);
            for probe in 0..(len as u128 * 7 + 10) {
                assert_eq!(
                    search(&keys, &samples, probe),
                    keys.binary_search(&probe),
                    "{len} {probe}"
                );
            }
        }
    }
}
