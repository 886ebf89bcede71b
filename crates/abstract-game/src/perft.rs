//! Counting move sequences (perft): plain, divided by root move, and over several threads.
//!
//! `perft(n)` is the number of move sequences of length `n` from a position; a finished game has
//! no moves, so sequences stop there. Depth 0 counts the position itself (1).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::Game;

/// perft with bulk counting: the last ply uses [`Game::count_legal_moves`], the last two
/// [`Game::count_two_plies`].
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        2 => pos.count_two_plies(),
        _ => {
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| perft(&pos.after(mv), depth - 1))
                .sum()
        }
    }
}

/// perft that plays every move down to the leaves, without bulk counting. Slower; it checks
/// that bulk counting agrees with enumeration.
pub fn perft_enumerated<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| perft_enumerated(&pos.after(mv), depth - 1))
        .sum()
}

/// perft split by root move: each legal move with the count of sequences that start with it,
/// in move generation order. Empty at depth 0.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| (mv, perft(&pos.after(mv), depth - 1)))
        .collect()
}

/// [`perft`] that gives up, returning `None`, soon after `stop` is set: it looks at the flag
/// at every node three or more plies above the leaves (a relaxed load, nothing measurable next
/// to the two plies below), and counts the subtrees below those with [`perft`] itself.
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 3 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        total += perft_until(&pos.after(mv), depth - 1, stop)?;
    }
    Some(total)
}

/// One root move counted by [`perft_divide_streaming`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootCount<M> {
    /// The move's index in generation order.
    pub index: usize,
    /// The move.
    pub mv: M,
    /// The number of sequences that start with it.
    pub count: u64,
    /// How many root moves are counted, this one included.
    pub done: usize,
    /// How many root moves there are.
    pub total: usize,
}

/// perft split by root move over `threads` threads (at least one; one is the calling thread),
/// reporting each root move to `on_count` as soon as it is counted (so in completion order,
/// which is generation order with one thread). Setting `stop` ends the count early: the root
/// moves being counted are dropped and no new one is started.
///
/// Returns the counted root moves in generation order; fewer than all of them when stopped.
pub fn perft_divide_streaming<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_count: &(dyn Fn(RootCount<G::Move>) + Sync),
) -> Vec<(G::Move, u64)> {
    divide_streaming(pos, depth, threads, stop, on_count, &|| perft_until::<G>)
}

/// [`perft_divide_streaming`] with a [`PerftTable`] of `table_bytes` bytes for each thread:
/// the same counts (see [`perft_hashed`]), sooner where positions repeat in the tree.
pub fn perft_divide_streaming_hashed<G: Game + PartialEq>(
    pos: &G,
    depth: u32,
    threads: usize,
    table_bytes: usize,
    stop: &AtomicBool,
    on_count: &(dyn Fn(RootCount<G::Move>) + Sync),
) -> Vec<(G::Move, u64)> {
    divide_streaming(pos, depth, threads, stop, on_count, &|| {
        let mut table = PerftTable::with_bytes(table_bytes);
        move |pos: &G, depth, stop: &AtomicBool| perft_hashed_until(pos, depth, &mut table, stop)
    })
}

/// The walk of the streaming divides: each thread makes its counter with `counter` (so that a
/// counter may own a table) and takes root moves until none is left or `stop` is set.
fn divide_streaming<G, C>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_count: &(dyn Fn(RootCount<G::Move>) + Sync),
    counter: &(dyn Fn() -> C + Sync),
) -> Vec<(G::Move, u64)>
where
    G: Game,
    C: FnMut(&G, u32, &AtomicBool) -> Option<u64>,
{
    if depth == 0 {
        return Vec::new();
    }
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.to_vec();
    let total = moves.len();
    let counts: Vec<Mutex<Option<u64>>> = (0..total).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let work = || {
        let mut count_below = counter();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= total || stop.load(Ordering::Relaxed) {
                break;
            }
            let mv = moves[index];
            let Some(count) = count_below(&pos.after(mv), depth - 1, stop) else {
                break;
            };
            *counts[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(count);
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            on_count(RootCount {
                index,
                mv,
                count,
                done,
                total,
            });
        }
    };
    crate::playout::run_workers(threads.min(total), work);
    moves
        .iter()
        .zip(counts)
        .filter_map(|(&mv, c)| {
            c.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .map(|c| (mv, c))
        })
        .collect()
}

/// [`perft_divide`] with the root moves shared among `threads` threads (at least one).
/// `progress(done, total)` is called after each root move is counted.
pub fn perft_divide_threaded<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(G::Move, u64)> {
    let never = AtomicBool::new(false);
    perft_divide_streaming(pos, depth, threads, &never, &|c| progress(c.done, c.total))
}

/// [`perft`] over `threads` threads, splitting the root moves.
pub fn perft_threaded<G: Game>(pos: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    perft_divide_threaded(pos, depth, threads, &|_, _| {})
        .iter()
        .map(|&(_, c)| c)
        .sum()
}

/// A transposition table for perft: the count below a position at a remaining depth.
///
/// An entry keeps the whole position, not only its hash, and a probe answers only when the
/// stored position equals the one asked about (`PartialEq`, which compares every fact of a
/// position) at the same depth. Two positions with the same Zobrist key therefore never share
/// a count: a collision costs a miss, never a wrong number. The price is memory: an entry is
/// the size of a position plus 16 bytes (about 100 bytes for Jarmo, 430 for Jersi).
///
/// The table has two slots per bucket: one keeps the deepest count stored there (the most
/// work saved), the other the latest.
pub struct PerftTable<G> {
    slots: Vec<Option<Slot<G>>>,
    mask: usize,
    hits: u64,
    min_depth: u32,
}

struct Slot<G> {
    pos: G,
    depth: u32,
    count: u64,
}

impl<G: Game + PartialEq> PerftTable<G> {
    /// A table of at most `bytes` bytes (at least one bucket), its size a power of two.
    pub fn with_bytes(bytes: usize) -> PerftTable<G> {
        let per_bucket = 2 * core::mem::size_of::<Option<Slot<G>>>();
        let mut buckets = 1usize;
        while buckets * 2 * per_bucket <= bytes {
            buckets *= 2;
        }
        PerftTable {
            slots: (0..2 * buckets).map(|_| None).collect(),
            mask: buckets - 1,
            hits: 0,
            min_depth: 3,
        }
    }

    /// This table storing counts from `depth` plies above the leaves up (at least 1; 3 by
    /// default, since bulk counting makes the two plies above the leaves cheaper to recount
    /// than to look up). A low value makes small trees use the table, for tests.
    pub fn storing_from(mut self, depth: u32) -> PerftTable<G> {
        self.min_depth = depth.max(1);
        self
    }

    /// The number of entries the table holds when full.
    pub fn entries(&self) -> usize {
        self.slots.len()
    }

    /// How many probes found their count.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// The first slot of the bucket of `pos` at `depth`.
    fn bucket(&self, pos: &G, depth: u32) -> usize {
        // Each depth moves the key by a different odd constant, so a position's counts at
        // several depths fall in different buckets.
        let key = pos.zobrist() ^ u64::from(depth).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        2 * ((key ^ (key >> 29)) as usize & self.mask)
    }

    fn probe(&mut self, pos: &G, depth: u32) -> Option<u64> {
        let at = self.bucket(pos, depth);
        let found = self.slots[at..at + 2]
            .iter()
            .flatten()
            .find(|slot| slot.depth == depth && slot.pos == *pos)
            .map(|slot| slot.count);
        self.hits += u64::from(found.is_some());
        found
    }

    fn store(&mut self, pos: &G, depth: u32, count: u64) {
        let at = self.bucket(pos, depth);
        let deep_enough = self.slots[at]
            .as_ref()
            .is_none_or(|slot| depth >= slot.depth);
        let slot = Some(Slot {
            pos: pos.clone(),
            depth,
            count,
        });
        if deep_enough {
            self.slots[at] = slot;
        } else {
            self.slots[at + 1] = slot;
        }
    }
}

/// [`perft`] with a transposition table: the same count, sooner where move orders transpose.
/// Counts are stored from [`PerftTable::storing_from`] plies above the leaves up.
pub fn perft_hashed<G: Game + PartialEq>(pos: &G, depth: u32, table: &mut PerftTable<G>) -> u64 {
    let never = AtomicBool::new(false);
    perft_hashed_until(pos, depth, table, &never).unwrap_or(0)
}

/// [`perft_hashed`] that gives up, returning `None`, soon after `stop` is set (as
/// [`perft_until`] does).
pub fn perft_hashed_until<G: Game + PartialEq>(
    pos: &G,
    depth: u32,
    table: &mut PerftTable<G>,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth < table.min_depth {
        return Some(perft(pos, depth));
    }
    if let Some(count) = table.probe(pos, depth) {
        return Some(count);
    }
    let total = if depth <= 2 {
        perft(pos, depth)
    } else {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let mut total = 0;
        for &mv in moves.iter() {
            total += perft_hashed_until(&pos.after(mv), depth - 1, table, stop)?;
        }
        total
    };
    table.store(pos, depth, total);
    Some(total)
}
