//! Small rules of the search: scores as the transposition table stores them, the history
//! table's slot of a move, and the late-move reductions.

use core::hash::{Hash, Hasher};

use super::{FULL_DEPTH_MOVES, HISTORY_BITS, RESULT_BOUND};

/// A result score as stored: relative to the node, not to the root.
#[inline]
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= RESULT_BOUND {
        score + ply as i32
    } else if score <= -RESULT_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen from a node `ply` plies below the root.
#[inline]
pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= RESULT_BOUND {
        score - ply as i32
    } else if score <= -RESULT_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A small fast hasher for moves, to index the history table.
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The history slot of a move played by the side with index `side`.
pub(super) fn history_index<M: Hash>(mv: &M, side: usize) -> usize {
    let mut h = MoveHasher(side as u64);
    mv.hash(&mut h);
    (h.finish() >> (64 - HISTORY_BITS)) as usize
}

/// The depth by which the `index`-th move (from 0) of a node of `depth` plies is reduced when
/// it is quiet: none for the first [`FULL_DEPTH_MOVES`] and below 3 plies, then growing with
/// the logarithms of both (the usual shape of late-move reductions), and always leaving at
/// least one ply.
pub(super) fn reduction(depth: u32, index: usize) -> u32 {
    if depth < 3 || index < FULL_DEPTH_MOVES {
        return 0;
    }
    let r = 0.75 + f64::from(depth).ln() * (index as f64).ln() / 2.25;
    (r as u32).min(depth - 2)
}
