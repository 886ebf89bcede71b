//! Zobrist keys.

use abstract_game::Side;
use abstract_game::zobrist::{counter_key, keys, side_keys};

use crate::position::Shuttle;

/// Keys for an archer of each side on each hole.
pub(crate) const ARCHER: [[u64; 25]; 2] = side_keys(0x4a61_726d_6f01);
/// Keys for a marked archer on each hole.
pub(crate) const MARKED: [u64; 25] = keys(0x4a61_726d_6f02);
/// Key for White to move.
pub(crate) const SECOND_TO_MOVE: u64 = keys::<1>(0x4a61_726d_6f03)[0];

pub(crate) const fn pool(side: Side, n: u8) -> u64 {
    counter_key(1 + side.index() as u64, n as u64)
}

pub(crate) const fn credits(side: Side, n: u8) -> u64 {
    counter_key(3 + side.index() as u64, n as u64)
}

pub(crate) const fn passes(n: u8) -> u64 {
    counter_key(5, n as u64)
}

/// Keys of the no-shuttling record, by side: 25 for the origin, 25 for the destination and 4 for
/// the count, combined by exclusive or (small tables that stay in the cache).
const SHUTTLE_KEYS: [[u64; 54]; 2] = side_keys(0x4a61_726d_6f04);

#[inline]
pub(crate) const fn shuttle(side: Side, s: Shuttle) -> u64 {
    if s.count == 0 {
        return 0;
    }
    let k = &SHUTTLE_KEYS[side.index()];
    k[s.from as usize] ^ k[25 + s.to as usize] ^ k[50 + (s.count & 3) as usize]
}
