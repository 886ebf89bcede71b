//! Fixed-width sets of cells: [`Bitboard32`], [`Bitboard64`] and [`Bitboard128`], for boards of
//! up to 32, 64 and 128 cells. Bit `i` stands for cell index `i`.
//!
//! ```
//! use abstract_game::bitboard::Bitboard32;
//! let b = Bitboard32::EMPTY.with(3).with(17);
//! assert_eq!(b.count(), 2);
//! assert_eq!(b.into_iter().collect::<Vec<_>>(), [3, 17]);
//! assert!(Bitboard32::full(25).contains(24) && !Bitboard32::full(25).contains(25));
//! ```

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

macro_rules! bitboard {
    ($(#[$doc:meta])* $name:ident, $iter:ident, $word:ty, $bits:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name(pub $word);

        impl $name {
            /// Number of cells the type can hold.
            pub const CAPACITY: u32 = $bits;
            /// The empty set.
            pub const EMPTY: $name = $name(0);

            /// The set of cells `0..n` (`n` at most the capacity).
            #[inline]
            pub const fn full(n: u32) -> $name {
                if n >= $bits { $name(<$word>::MAX) } else { $name(((1 as $word) << n) - 1) }
            }

            /// The set holding cell `index` alone.
            #[inline]
            pub const fn from_index(index: u32) -> $name {
                $name((1 as $word) << index)
            }

            /// Whether cell `index` is in the set.
            #[inline]
            pub const fn contains(self, index: u32) -> bool {
                self.0 >> index & 1 != 0
            }

            /// The set with cell `index` added.
            #[inline]
            #[must_use]
            pub const fn with(self, index: u32) -> $name {
                $name(self.0 | (1 as $word) << index)
            }

            /// The set with cell `index` removed.
            #[inline]
            #[must_use]
            pub const fn without(self, index: u32) -> $name {
                $name(self.0 & !((1 as $word) << index))
            }

            /// The set with cell `index` flipped.
            #[inline]
            #[must_use]
            pub const fn toggled(self, index: u32) -> $name {
                $name(self.0 ^ (1 as $word) << index)
            }

            /// Union.
            #[inline]
            pub const fn union(self, other: $name) -> $name {
                $name(self.0 | other.0)
            }

            /// Intersection.
            #[inline]
            pub const fn intersect(self, other: $name) -> $name {
                $name(self.0 & other.0)
            }

            /// The cells of `self` not in `other`.
            #[inline]
            pub const fn minus(self, other: $name) -> $name {
                $name(self.0 & !other.0)
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the sets share a cell.
            #[inline]
            pub const fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }

            /// Whether every cell of `self` is in `other`.
            #[inline]
            pub const fn is_subset(self, other: $name) -> bool {
                self.0 & !other.0 == 0
            }

            /// Number of cells in the set.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// The lowest cell, if any.
            #[inline]
            pub const fn first(self) -> Option<u32> {
                if self.0 == 0 { None } else { Some(self.0.trailing_zeros()) }
            }

            /// The `k`-th cell, counting from 0 lowest first, or `None` when the set has no
            /// more than `k` cells.
            #[inline]
            pub const fn nth(self, k: u32) -> Option<u32> {
                if k >= self.0.count_ones() {
                    return None;
                }
                let mut rest = self.0;
                let mut i = 0;
                while i < k {
                    rest &= rest - 1;
                    i += 1;
                }
                Some(rest.trailing_zeros())
            }

            /// Removes and returns the lowest cell.
            #[inline]
            pub fn pop_first(&mut self) -> Option<u32> {
                let first = self.first()?;
                self.0 &= self.0 - 1;
                Some(first)
            }

            /// Whether the set has more than one cell.
            #[inline]
            pub const fn has_many(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, rhs: $name) -> $name { $name(self.0 | rhs.0) }
        }
        impl BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, rhs: $name) -> $name { $name(self.0 & rhs.0) }
        }
        impl BitXor for $name {
            type Output = $name;
            #[inline]
            fn bitxor(self, rhs: $name) -> $name { $name(self.0 ^ rhs.0) }
        }
        /// The complement over the whole width: mask with [`full`](Self::full) for a smaller board.
        impl Not for $name {
            type Output = $name;
            #[inline]
            fn not(self) -> $name { $name(!self.0) }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, rhs: $name) { self.0 |= rhs.0 }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, rhs: $name) { self.0 &= rhs.0 }
        }
        impl BitXorAssign for $name {
            #[inline]
            fn bitxor_assign(&mut self, rhs: $name) { self.0 ^= rhs.0 }
        }

        impl IntoIterator for $name {
            type Item = u32;
            type IntoIter = $iter;
            #[inline]
            fn into_iter(self) -> $iter { $iter(self.0) }
        }

        impl FromIterator<u32> for $name {
            fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> $name {
                iter.into_iter().fold($name::EMPTY, |b, i| b.with(i))
            }
        }

        /// Iterator over the cells of a bitboard, lowest first.
        #[derive(Clone, Debug)]
        pub struct $iter($word);

        impl Iterator for $iter {
            type Item = u32;
            #[inline]
            fn next(&mut self) -> Option<u32> {
                if self.0 == 0 {
                    None
                } else {
                    let i = self.0.trailing_zeros();
                    self.0 &= self.0 - 1;
                    Some(i)
                }
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}
        impl core::iter::FusedIterator for $iter {}
    };
}

bitboard!(
    /// A set of up to 32 cells.
    Bitboard32, Bitboard32Iter, u32, 32
);
bitboard!(
    /// A set of up to 64 cells.
    Bitboard64, Bitboard64Iter, u64, 64
);
bitboard!(
    /// A set of up to 128 cells.
    Bitboard128, Bitboard128Iter, u128, 128
);

/// Defines a set of a game's cells on top of one of the bitboards of this module, so that the set
/// takes and yields the game's cell type rather than bare bit numbers.
///
/// The cell type needs `const fn index(self) -> usize` and a `const fn` from a bit number that
/// is below the board size to the cell (named after `from_bit =`). The set gets `const fn`
/// constructors and queries, set operators, and an iterator over its cells, lowest first.
///
/// ```
/// use abstract_game::bitboard::Bitboard32;
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Cell(u8);
/// impl Cell {
///     pub const fn index(self) -> usize { self.0 as usize }
///     const fn from_bit(bit: u32) -> Cell { Cell(bit as u8) }
/// }
///
/// abstract_game::cell_set! {
///     /// A set of cells.
///     pub struct Cells(Bitboard32) of Cell, from_bit = Cell::from_bit, iter = CellsIter;
/// }
///
/// let set = Cells::EMPTY.with(Cell(3)).with(Cell(9));
/// assert!(set.contains(Cell(9)));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Cell(3), Cell(9)]);
/// assert_eq!(set.nth(1), Some(Cell(9)));
/// ```
#[macro_export]
macro_rules! cell_set {
    ($(#[$doc:meta])* $vis:vis struct $name:ident($bits:ident) of $cell:ty,
        from_bit = $from_bit:path, iter = $iter:ident;) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name($crate::bitboard::$bits);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name($crate::bitboard::$bits::EMPTY);

            /// The set of the cells whose bits are set in `bits`; the crate that defines the
            /// set keeps every bit below the board size (so this is not public).
            #[inline]
            #[allow(dead_code)]
            pub(crate) const fn from_bitboard(bits: $crate::bitboard::$bits) -> $name {
                $name(bits)
            }

            /// The set as a bitboard, bit `i` for the cell of index `i`.
            #[inline]
            pub const fn bitboard(self) -> $crate::bitboard::$bits {
                self.0
            }

            /// The set holding only `cell`.
            #[inline]
            pub const fn single(cell: $cell) -> $name {
                $name($crate::bitboard::$bits::from_index(cell.index() as u32))
            }

            /// Whether `cell` is in the set.
            #[inline]
            pub const fn contains(self, cell: $cell) -> bool {
                self.0.contains(cell.index() as u32)
            }

            /// The set with `cell` added.
            #[inline]
            pub const fn with(self, cell: $cell) -> $name {
                $name(self.0.with(cell.index() as u32))
            }

            /// The set with `cell` removed.
            #[inline]
            pub const fn without(self, cell: $cell) -> $name {
                $name(self.0.without(cell.index() as u32))
            }

            /// The cells in either set.
            #[inline]
            pub const fn union(self, other: $name) -> $name {
                $name(self.0.union(other.0))
            }

            /// The cells in both sets.
            #[inline]
            pub const fn intersect(self, other: $name) -> $name {
                $name(self.0.intersect(other.0))
            }

            /// The cells of `self` not in `other`.
            #[inline]
            pub const fn minus(self, other: $name) -> $name {
                $name(self.0.minus(other.0))
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0.is_empty()
            }

            /// The number of cells.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count()
            }

            /// The lowest cell, if any.
            #[inline]
            pub const fn first(self) -> Option<$cell> {
                match self.0.first() {
                    Some(bit) => Some($from_bit(bit)),
                    None => None,
                }
            }

            /// The `k`-th cell, lowest first, if the set has more than `k` cells.
            #[inline]
            pub const fn nth(self, k: u32) -> Option<$cell> {
                match self.0.nth(k) {
                    Some(bit) => Some($from_bit(bit)),
                    None => None,
                }
            }

            /// The cells, lowest first.
            #[inline]
            pub fn iter(self) -> $iter {
                $iter(self.0.into_iter())
            }
        }

        impl core::ops::BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, rhs: $name) -> $name {
                self.union(rhs)
            }
        }

        impl core::ops::BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, rhs: $name) -> $name {
                self.intersect(rhs)
            }
        }

        impl IntoIterator for $name {
            type Item = $cell;
            type IntoIter = $iter;
            #[inline]
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl FromIterator<$cell> for $name {
            fn from_iter<I: IntoIterator<Item = $cell>>(cells: I) -> $name {
                cells.into_iter().fold($name::EMPTY, $name::with)
            }
        }

        #[doc = concat!("The cells of a [`", stringify!($name), "`], lowest first.")]
        #[derive(Clone, Debug)]
        $vis struct $iter(<$crate::bitboard::$bits as IntoIterator>::IntoIter);

        impl Iterator for $iter {
            type Item = $cell;
            #[inline]
            fn next(&mut self) -> Option<$cell> {
                self.0.next().map(|bit| $from_bit(bit))
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl ExactSizeIterator for $iter {}
        impl core::iter::FusedIterator for $iter {}
    };
}

/// For each byte value and each rank, the index of the byte's set bit of that rank, lowest
/// first (8 where the byte has no bit of that rank).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut rank, mut bit) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The index of the set bit of rank `k` of `x` (counting from 0, lowest first), for `k` below
/// `x.count_ones()`, without a loop or a branch on the data: the byte that holds the bit from
/// three prefix counts, the bit within the byte from a table. The draw of random games picks
/// a move's cell this way. For a larger `k` the result is some index from 8 to 32, never a
/// panic ([`Bitboard32::nth`] is the checked form).
///
/// ```
/// use abstract_game::bitboard::select32;
/// assert_eq!(select32(0b1011_0000_0001, 2), 9);
/// ```
#[inline(always)]
pub fn select32(x: u32, k: u32) -> u32 {
    let below = [
        (x & 0xff).count_ones(),
        (x & 0xffff).count_ones(),
        (x & 0x00ff_ffff).count_ones(),
    ];
    let (mut byte, mut before) = (0, 0);
    for count in below {
        let past = k >= count;
        byte += u32::from(past);
        before = if past { count } else { before };
    }
    let rank = k.wrapping_sub(before) as usize & 7;
    8 * byte + u32::from(SELECT_IN_BYTE[((x >> (8 * byte)) & 0xff) as usize][rank])
}

/// [`select32`] for 64 bits: the byte's counts and their running sums in one word, the byte
/// found by comparing every running sum with `k` at once (no byte overflows: every byte of the
/// minuend is at least 128 and every sum at most 64). For `k` not below the popcount the
/// result is some index up to 64, never a panic.
///
/// ```
/// use abstract_game::bitboard::select64;
/// assert_eq!(select64(1 << 40 | 1 << 63, 1), 63);
/// ```
#[inline(always)]
pub fn select64(x: u64, k: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let running = s.wrapping_mul(ONES);
    let k = u64::from(k & 63);
    let at_most = (((k * ONES) | HIGH) - running) & HIGH;
    let byte = at_most.count_ones().min(7);
    let before = ((running << 8) >> (8 * byte)) & 0xff;
    let rank = (k.saturating_sub(before) & 7) as usize;
    8 * byte + u32::from(SELECT_IN_BYTE[((x >> (8 * byte)) & 0xff) as usize][rank])
}

/// [`select32`] for 128 bits: the half that holds the bit chosen without a branch, then
/// [`select64`]. For `k` not below the popcount the result is some index up to 128.
///
/// ```
/// use abstract_game::bitboard::select128;
/// assert_eq!(select128(1 | 1 << 100, 1), 100);
/// ```
#[inline(always)]
pub fn select128(x: u128, k: u32) -> u32 {
    let low = x as u64;
    let n = low.count_ones();
    let high = k >= n;
    let word = if high { (x >> 64) as u64 } else { low };
    let k = if high { k - n } else { k };
    64 * u32::from(high) + select64(word, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rank-`k` set bit the slow way.
    fn select_by_loop(mut x: u128, k: u32) -> u32 {
        for _ in 0..k {
            x &= x - 1;
        }
        x.trailing_zeros()
    }

    #[test]
    fn select_finds_the_set_bit_of_every_rank() {
        let mut rng = crate::playout::Rng::seed_from_u64(3);
        let mut sets = vec![1, u128::MAX, 1 << 127, 0x80 | 1 << 64, u64::MAX as u128];
        for _ in 0..3_000 {
            let a = u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
            let b = u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
            // Dense, sparse and one-sided sets.
            sets.extend([
                a,
                a & b,
                a & b & (a >> 7),
                a as u64 as u128,
                a & !(u64::MAX as u128),
            ]);
        }
        for x in sets {
            for k in 0..x.count_ones() {
                let want = select_by_loop(x, k);
                assert_eq!(select128(x, k), want, "{x:#x} rank {k}");
                if x >> 64 == 0 {
                    assert_eq!(select64(x as u64, k), want, "{x:#x} rank {k}");
                }
                if x >> 32 == 0 {
                    assert_eq!(select32(x as u32, k), want, "{x:#x} rank {k}");
                }
            }
            // Past the last bit: some index, no panic.
            assert!(select128(x, x.count_ones() + 3) <= 128);
            assert!(select64(x as u64, 200) <= 64);
            assert!(select32(x as u32, 40) <= 32);
        }
    }

    proptest! {
        #[test]
        fn nth_walks_the_iteration(bits: u64, k in 0u32..70) {
            let b = Bitboard64(bits);
            prop_assert_eq!(b.nth(k), b.into_iter().nth(k as usize));
        }

        #[test]
        fn iteration_matches_membership(bits: u128) {
            let b = Bitboard128(bits);
            let cells: Vec<u32> = b.into_iter().collect();
            prop_assert_eq!(cells.len() as u32, b.count());
            prop_assert!(cells.windows(2).all(|w| w[0] < w[1]));
            for i in 0..128 {
                prop_assert_eq!(b.contains(i), cells.contains(&i));
            }
            prop_assert_eq!(cells.into_iter().collect::<Bitboard128>(), b);
        }

        #[test]
        fn set_algebra(a: u64, c: u64) {
            let (x, y) = (Bitboard64(a), Bitboard64(c));
            prop_assert_eq!((x | y).count() + (x & y).count(), x.count() + y.count());
            prop_assert_eq!(x.minus(y) | (x & y), x);
            prop_assert_eq!(x.intersects(y), !(x & y).is_empty());
            prop_assert_eq!(x.has_many(), x.count() > 1);
        }

        #[test]
        fn with_without(bits: u32, i in 0u32..32) {
            let b = Bitboard32(bits);
            prop_assert!(b.with(i).contains(i));
            prop_assert!(!b.without(i).contains(i));
            prop_assert_eq!(b.toggled(i).toggled(i), b);
        }
    }

    #[test]
    fn full_and_pop() {
        assert_eq!(Bitboard32::full(32).count(), 32);
        assert_eq!(Bitboard128::full(69).count(), 69);
        let mut b = Bitboard64::full(3);
        assert_eq!(b.pop_first(), Some(0));
        assert_eq!(b.pop_first(), Some(1));
        assert_eq!(b.pop_first(), Some(2));
        assert_eq!(b.pop_first(), None);
    }
}
