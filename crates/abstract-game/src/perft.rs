//! Counting move sequences (perft).
//!
//! `perft(n)` is the number of move sequences of length `n` from a position; a finished game has
//! no moves, so sequences stop there. Depth 0 counts the position itself (1).
//!
//! [`perft`] is the plain count. Everything else goes through one value, [`Perft`]: the depth,
//! then the options a count may take (threads, a transposition table, a stop flag, enumeration
//! instead of bulk counting), then [`count`](Perft::count) for the total or
//! [`divide`](Perft::divide) for the count of each root move.
//!
//! ```
//! use abstract_game::Game;
//! use abstract_game::nim::Nim;
//! use abstract_game::perft::{Perft, perft};
//!
//! let start = Nim::new(Default::default());
//! let plain = perft(&start, 6);
//! assert_eq!(Perft::new(6).threads(2).count(&start), Some(plain));
//! assert_eq!(Perft::new(6).hash_table(1 << 16).count(&start), Some(plain));
//! assert_eq!(Perft::new(6).enumerated().count(&start), Some(plain));
//! let divide = Perft::new(6).divide(&start, |_| {});
//! assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), plain);
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::Game;

/// perft with bulk counting: the last ply uses [`Game::count_legal_moves`], the last two
/// [`Game::count_two_plies`]. The same as `Perft::new(depth).count(pos)`.
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

/// A perft count to run: its depth and options.
///
/// Every option keeps the count the same; they only change how it is reached. The default is
/// one thread, bulk counting, no table and no stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Perft<'a> {
    depth: u32,
    threads: usize,
    table_bytes: usize,
    table_from: u32,
    enumerated: bool,
    stop: Option<&'a AtomicBool>,
}

/// One root move counted by [`Perft::divide`].
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

impl<'a> Perft<'a> {
    /// A count of the sequences of `depth` moves, with the default options.
    pub const fn new(depth: u32) -> Perft<'a> {
        Perft {
            depth,
            threads: 1,
            table_bytes: 0,
            table_from: 3,
            enumerated: false,
            stop: None,
        }
    }

    /// The depth.
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// Shares the root moves among `threads` threads (at least one; one is the calling
    /// thread).
    pub const fn threads(mut self, threads: usize) -> Perft<'a> {
        self.threads = if threads == 0 { 1 } else { threads };
        self
    }

    /// Gives each thread a [`PerftTable`] of at most `bytes` bytes (0, the default, for none).
    pub const fn hash_table(mut self, bytes: usize) -> Perft<'a> {
        self.table_bytes = bytes;
        self
    }

    /// Stores counts in the table from `depth` plies above the leaves up (see
    /// [`PerftTable::storing_from`]; 3 by default).
    pub const fn table_from_depth(mut self, depth: u32) -> Perft<'a> {
        self.table_from = if depth == 0 { 1 } else { depth };
        self
    }

    /// Plays every move down to the leaves instead of bulk counting the last plies: the slow
    /// road, which checks that bulk counting agrees with enumeration. It takes no table.
    pub const fn enumerated(mut self) -> Perft<'a> {
        self.enumerated = true;
        self
    }

    /// Gives up soon after `stop` is set: [`count`](Perft::count) returns `None` and
    /// [`divide`](Perft::divide) the root moves it finished. The flag is read at every node
    /// three or more plies above the leaves (a relaxed load).
    pub const fn stop_on(mut self, stop: &'a AtomicBool) -> Perft<'a> {
        self.stop = Some(stop);
        self
    }

    /// The number of move sequences from `pos`, or `None` when the stop flag ended the count.
    pub fn count<G: Game + PartialEq>(&self, pos: &G) -> Option<u64> {
        if self.threads > 1 && self.depth >= 2 {
            let total = pos.count_legal_moves();
            let counts = self.divide(pos, |_| {});
            return (counts.len() == total).then(|| counts.iter().map(|&(_, c)| c).sum());
        }
        let mut counter = self.counter::<G>();
        counter(pos, self.depth)
    }

    /// The number of move sequences from `pos` with `table` as the transposition table (one
    /// thread; the table's own settings apply and [`hash_table`](Perft::hash_table) is not
    /// read), or `None` when the stop flag ended the count. The table keeps its entries and
    /// its hit count for the next call.
    pub fn count_with_table<G: Game + PartialEq>(
        &self,
        pos: &G,
        table: &mut PerftTable<G>,
    ) -> Option<u64> {
        let never = AtomicBool::new(false);
        hashed(pos, self.depth, table, self.stop.unwrap_or(&never))
    }

    /// The count of each root move, in generation order (empty at depth 0). Each root move is
    /// also handed to `on_count` as soon as it is counted: in completion order, which is
    /// generation order on one thread. When the stop flag is set the moves being counted are
    /// dropped, no new one is started, and the result holds the moves finished before.
    pub fn divide<G: Game + PartialEq>(
        &self,
        pos: &G,
        on_count: impl Fn(RootCount<G::Move>) + Sync,
    ) -> Vec<(G::Move, u64)> {
        if self.depth == 0 {
            return Vec::new();
        }
        let never = AtomicBool::new(false);
        let stop = self.stop.unwrap_or(&never);
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves: Vec<G::Move> = list.to_vec();
        let total = moves.len();
        let counts: Vec<Mutex<Option<u64>>> = (0..total).map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let work = || {
            let mut count_below = self.counter::<G>();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= total || stop.load(Ordering::Relaxed) {
                    break;
                }
                let mv = moves[index];
                let Some(count) = count_below(&pos.after(mv), self.depth - 1) else {
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
        crate::playout::run_workers(self.threads.min(total), work);
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

    /// The count below one position on one thread, as these options ask: its own table, if
    /// any, lives in the closure.
    fn counter<G: Game + PartialEq>(&self) -> impl FnMut(&G, u32) -> Option<u64> + use<'a, G> {
        let stop = self.stop;
        let enumerated = self.enumerated;
        let mut table = (self.table_bytes > 0 && !enumerated)
            .then(|| PerftTable::with_bytes(self.table_bytes).storing_from(self.table_from));
        move |pos: &G, depth| {
            let never = AtomicBool::new(false);
            let stop = stop.unwrap_or(&never);
            match (&mut table, enumerated) {
                (_, true) => enumerate(pos, depth, stop),
                (Some(table), false) => hashed(pos, depth, table, stop),
                (None, false) => until(pos, depth, stop),
            }
        }
    }
}

/// perft by playing every move to the leaves; `None` once `stop` is set.
fn enumerate<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    walk(pos, depth, stop, 0, |_, _| 1)
}

/// [`perft`] that gives up, returning `None`, soon after `stop` is set, counting the subtrees
/// two plies deep and less with [`perft`] itself.
fn until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    walk(pos, depth, stop, 2, perft)
}

/// The walk of the stoppable counts: every move is played down to `floor` plies above the
/// leaves, where `below` counts; the flag is read at every node three or more plies above the
/// leaves (a relaxed load, nothing measurable next to the plies below), and once it is set
/// the walk returns `None`.
fn walk<G: Game>(
    pos: &G,
    depth: u32,
    stop: &AtomicBool,
    floor: u32,
    below: fn(&G, u32) -> u64,
) -> Option<u64> {
    if depth <= floor {
        return Some(below(pos, depth));
    }
    if depth >= 3 && stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        total += walk(&pos.after(mv), depth - 1, stop, floor, below)?;
    }
    Some(total)
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

/// perft through `table`: the same count, sooner where move orders transpose; `None` once
/// `stop` is set. Counts are stored from [`PerftTable::storing_from`] plies above the leaves up.
fn hashed<G: Game + PartialEq>(
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
            total += hashed(&pos.after(mv), depth - 1, table, stop)?;
        }
        total
    };
    table.store(pos, depth, total);
    Some(total)
}
