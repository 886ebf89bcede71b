//! Marks of the nodes the threads of a Lazy SMP search are in, so that a thread coming to a
//! node another thread is already searching knows it.
//!
//! Threads of a Lazy SMP search share only the transposition table, and what one of them
//! learns reaches the others only once a node is finished and stored. Near the root, where
//! the nodes are few and long to search, two threads often work through the very same node
//! at once, move by move in the same order, and the second one adds nothing. A thread that
//! finds the mark of another on its node reduces the node's late moves one ply more
//! (`AlphaBeta`'s search): it finishes sooner, and goes on to other nodes, while the thread
//! that got there first searches the node as usual.
//!
//! A mark is the node's key in a slot chosen by the key. A slot holds one mark; a node whose
//! slot is taken by another node is neither marked nor counted as shared (rare with few
//! threads and marks only near the root, and harmless: the node is searched as usual).

use std::sync::atomic::{AtomicU64, Ordering};

/// The slots (a power of two).
const SLOTS: usize = 1024;

/// The marks of the nodes being searched, shared by the threads of one search.
pub(crate) struct BusyNodes {
    slots: Box<[AtomicU64]>,
}

/// What [`BusyNodes::mark`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// The slot was free and now holds this node's mark: the caller must
    /// [`unmark`](BusyNodes::unmark) it when it leaves the node.
    Placed,
    /// Another thread is searching this node.
    Shared,
    /// Nothing was marked: the slot is taken by another node (or, in the search, the node is
    /// not one of those marked).
    Unmarked,
}

impl BusyNodes {
    /// Empty slots.
    pub(crate) fn new() -> BusyNodes {
        BusyNodes {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Marks the node of `key` as being searched, unless a thread already does (a key of 0
    /// reads as an empty slot, so it is never counted as shared).
    pub(crate) fn mark(&self, key: u64) -> Mark {
        match self
            .slot(key)
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => Mark::Placed,
            Err(held) if held == key => Mark::Shared,
            Err(_) => Mark::Unmarked,
        }
    }

    /// Takes away the mark of the node of `key` (placed by [`mark`](BusyNodes::mark)).
    pub(crate) fn unmark(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

impl core::fmt::Debug for BusyNodes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let marked = self
            .slots
            .iter()
            .filter(|slot| slot.load(Ordering::Relaxed) != 0)
            .count();
        write!(f, "BusyNodes({marked} of {SLOTS} marked)")
    }
}

#[cfg(test)]
mod tests {
    use super::{BusyNodes, Mark, SLOTS};

    #[test]
    fn a_node_is_shared_while_marked_and_free_after() {
        let busy = BusyNodes::new();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(busy.mark(key), Mark::Placed);
        assert_eq!(busy.mark(key), Mark::Shared);
        // Another node of the same slot is not taken for this one.
        let other = key ^ (SLOTS as u64) << 20;
        assert_eq!(busy.mark(other), Mark::Unmarked);
        // Only the node's own key frees its slot.
        busy.unmark(other);
        assert_eq!(busy.mark(key), Mark::Shared);
        busy.unmark(key);
        assert_eq!(busy.mark(other), Mark::Placed);
        assert_eq!(busy.mark(key), Mark::Unmarked);
        assert_eq!(
            format!("{busy:?}"),
            format!("BusyNodes(1 of {SLOTS} marked)")
        );
    }
}
