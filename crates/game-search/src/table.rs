//! The transposition table of [`AlphaBeta`](crate::AlphaBeta), shared by the threads of one
//! search without locks.
//!
//! Each entry is two 64-bit words: the position's key XOR the data, and the data (score,
//! depth, bound, age and best move packed together). A reader that finds the key in the XOR of
//! the two words has a whole entry; an entry torn by two threads writing at once fails that
//! check and reads as empty, the usual lock-free scheme of parallel alpha-beta searches.
//! Relaxed atomic loads and stores compile to plain moves, so one thread pays nothing for it.
//!
//! A move is stored as its index in the position's list of legal moves (plus one; 0 for
//! none), which fits in 16 bits for every game ([`MAX_MOVE_INDEX`]) where the game's own move
//! type would not fit at all: the list of a position is always generated in the same order,
//! so the index names the same move whenever the key matches. (The search marks the indices
//! of its shorter lists, one move of each family of twins, with the top bit: no game has
//! 32,768 moves.)

use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The largest move index an entry keeps; moves further down a list are stored as none.
pub(crate) const MAX_MOVE_INDEX: usize = u16::MAX as usize - 1;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// An empty slot.
    Empty,
    /// The true value.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One entry as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The index of the best move in the position's legal move list, if known.
    pub mv: Option<u16>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    age: u8,
}

impl Entry {
    #[cfg(test)]
    const EMPTY: Entry = Entry {
        mv: None,
        score: 0,
        depth: 0,
        bound: Bound::Empty,
        age: 0,
    };

    /// The data word: score (24 bits, two's complement: every score of a search is within
    /// `±2^23`), depth (8), bound (2), age (8), move index + 1 (16).
    const fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Empty => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = match self.mv {
            Some(i) => i as u64 + 1,
            None => 0,
        };
        (self.score as u32 as u64 & SCORE_MASK)
            | (self.depth as u64) << 24
            | bound << 32
            | (self.age as u64) << 34
            | mv << 48
    }

    const fn unpack(data: u64) -> Entry {
        let bound = match (data >> 32) & 3 {
            0 => Bound::Empty,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let mv = (data >> 48) as u16;
        Entry {
            mv: if mv == 0 { None } else { Some(mv - 1) },
            // Shifted up and back down, so that the sign bit of the 24 is extended.
            score: ((data as u32) << 8) as i32 >> 8,
            depth: (data >> 24) as u8,
            bound,
            age: (data >> 34) as u8,
        }
    }
}

/// The low 24 bits, where the score is kept.
const SCORE_MASK: u64 = (1 << 24) - 1;

// The largest score of a search, a win at the root, fits in 24 bits with room to spare.
const _: () = assert!(crate::WIN_SCORE + 256 < 1 << 23);

/// The bytes of one bucket as the table's size in MiB counts them: 48, the size of two
/// entries when the table stored whole moves, so that a table of N MiB holds as many entries
/// as it did then (about two thirds of N is used) and searches with a fixed budget, such as
/// the studies' games, come out as they did.
const COUNTED_BUCKET_BYTES: usize = 48;

/// One slot: the key XOR the data, and the data.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry for `key`, or `None` when the slot holds another position (or a torn write).
    #[inline]
    fn read(&self, key: u64) -> Option<Entry> {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        let entry = Entry::unpack(data);
        (check ^ data == key && entry.bound != Bound::Empty).then_some(entry)
    }

    /// The entry here and its key, whatever position it is for (an empty entry when torn).
    #[inline]
    fn read_any(&self) -> (u64, Entry) {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (check ^ data, Entry::unpack(data))
    }

    #[inline]
    fn write(&self, key: u64, entry: Entry) {
        let data = entry.pack();
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Relaxed);
        self.data.store(0, Relaxed);
    }
}

/// Buckets of two slots, the first kept for the deepest search (depth-preferred, unless it is
/// from an older search), the second always replaced.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` MiB: a power of two of buckets (at least one), halved until the
    /// memory at hand holds it.
    pub fn new(mib: usize) -> Table {
        let wanted = mib.saturating_mul(1 << 20) / COUNTED_BUCKET_BYTES;
        let mut count = if wanted == 0 {
            1
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        count = count.min(1 << 30);
        let mut slots = Vec::new();
        while count > 1 && slots.try_reserve_exact(2 * count).is_err() {
            count /= 2;
        }
        slots.resize_with(2 * count, Slot::default);
        Table {
            slots: slots.into_boxed_slice(),
            mask: count - 1,
        }
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        self.slots.len()
    }

    /// Empties every slot.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.clear();
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask;
        &self.slots[2 * i..2 * i + 2]
    }

    /// The entry for `key`, if either slot of its bucket holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| slot.read(key))
    }

    /// Stores an entry for `key` from the search of age `age`; a known best move is kept when
    /// the new entry has none.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, age: u8, depth: u8, bound: Bound, score: i32, mv: Option<u16>) {
        debug_assert!(
            (-(1 << 23)..1 << 23).contains(&score),
            "score {score} out of range"
        );
        let bucket = self.bucket(key);
        let (first_key, first) = bucket[0].read_any();
        let slot = if first_key == key
            || first.bound == Bound::Empty
            || first.age != age
            || depth >= first.depth
        {
            &bucket[0]
        } else {
            &bucket[1]
        };
        let (old_key, old) = slot.read_any();
        let mv = if mv.is_none() && old_key == key {
            old.mv
        } else {
            mv
        };
        slot.write(
            key,
            Entry {
                mv,
                score,
                depth,
                bound,
                age,
            },
        );
    }

    /// A copy with the same entries (a copy taken while other threads write may hold a torn
    /// entry, which reads as empty).
    pub fn duplicate(&self) -> Table {
        let slots: Vec<Slot> = self
            .slots
            .iter()
            .map(|s| Slot {
                check: AtomicU64::new(s.check.load(Relaxed)),
                data: AtomicU64::new(s.data.load(Relaxed)),
            })
            .collect();
        Table {
            slots: slots.into_boxed_slice(),
            mask: self.mask,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack_unchanged() {
        for score in [
            0,
            1,
            -1,
            (1 << 23) - 1,
            -(1 << 23),
            123_456,
            -4_194_000,
            4_194_305,
        ] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for mv in [None, Some(0), Some(4499), Some(MAX_MOVE_INDEX as u16)] {
                    let e = Entry {
                        mv,
                        score,
                        depth: 255,
                        bound,
                        age: 255,
                    };
                    assert_eq!(Entry::unpack(e.pack()), e);
                }
            }
        }
        assert_eq!(Entry::unpack(0), Entry::EMPTY);
    }

    #[test]
    fn a_mib_holds_the_entries_it_held_with_whole_moves() {
        assert_eq!(Table::new(16).entries(), 1 << 19);
        assert_eq!(Table::new(1).entries(), 1 << 15);
        assert_eq!(Table::new(3).entries(), 1 << 17);
    }

    #[test]
    fn the_deeper_entry_stays_and_both_are_found() {
        let table = Table::new(0);
        assert_eq!(table.entries(), 2);
        table.store(1, 0, 9, Bound::Exact, 10, Some(3));
        table.store(2, 0, 2, Bound::Lower, -5, None);
        assert_eq!(table.probe(1).map(|e| (e.depth, e.mv)), Some((9, Some(3))));
        assert_eq!(
            table.probe(2).map(|e| (e.score, e.bound)),
            Some((-5, Bound::Lower))
        );
        // A third position of the same age replaces the second slot, not the deeper first.
        table.store(3, 0, 1, Bound::Upper, 7, None);
        assert!(table.probe(2).is_none());
        assert_eq!(table.probe(1).map(|e| e.depth), Some(9));
        // A newer search replaces the first slot whatever its depth.
        table.store(4, 1, 1, Bound::Exact, 0, None);
        assert!(table.probe(1).is_none());
        // A known move survives an entry without one.
        table.store(4, 1, 2, Bound::Exact, 1, None);
        table.store(5, 1, 1, Bound::Exact, 0, Some(8));
        table.store(5, 1, 1, Bound::Lower, 2, None);
        assert_eq!(table.probe(5).map(|e| (e.score, e.mv)), Some((2, Some(8))));
        table.clear();
        assert!(table.probe(5).is_none());
    }

    #[test]
    fn a_torn_entry_reads_as_empty() {
        let table = Table::new(0);
        table.store(77, 0, 4, Bound::Exact, 10, Some(1));
        // Another thread's data word lands between this entry's two writes.
        table.slots[0].data.store(
            Entry {
                mv: None,
                score: -3,
                depth: 1,
                bound: Bound::Lower,
                age: 0,
            }
            .pack(),
            Relaxed,
        );
        assert!(table.probe(77).is_none());
    }
}
