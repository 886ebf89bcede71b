//! Zobrist keys, generated at compile time.
//!
//! ```
//! use abstract_game::zobrist::keys;
//! const KEYS: [u64; 50] = keys(0x1234);
//! assert_ne!(KEYS[0], KEYS[1]);
//! ```

use crate::playout::splitmix64;

/// `N` pseudo-random 64-bit keys determined by `seed`. A `const fn`: use it to build static
/// tables. Distinct seeds give unrelated tables.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut state = seed;
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(&mut state);
        i += 1;
    }
    out
}

/// `N` keys for each side, determined by `seed`: the first `N` of [`keys`]`(seed)` for
/// [`Side::First`](crate::Side::First) and the next `N` for
/// [`Side::Second`](crate::Side::Second), so a table `[[u64; N]; 2]` is indexed by
/// [`Side::index`](crate::Side::index).
pub const fn side_keys<const N: usize>(seed: u64) -> [[u64; N]; 2] {
    let mut state = seed;
    let mut out = [[0u64; N]; 2];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < N {
            out[side][i] = splitmix64(&mut state);
            i += 1;
        }
        side += 1;
    }
    out
}

/// A key for a counter that changes rarely (a pool size, a move counter): `tag` names the fact
/// (distinct facts use distinct tags), `value` its value. The key of value 0 is 0, so a counter
/// at rest costs nothing in the hash; other values get unrelated keys.
#[inline]
pub const fn counter_key(tag: u64, value: u64) -> u64 {
    if value == 0 {
        return 0;
    }
    let mut state = tag << 40 ^ value;
    splitmix64(&mut state)
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct() {
        let k: [u64; 1000] = super::keys(99);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
    }

    #[test]
    fn side_keys_are_the_keys_split_in_two() {
        let all: [u64; 50] = super::keys(7);
        let [first, second]: [[u64; 25]; 2] = super::side_keys(7);
        assert_eq!(first, all[..25]);
        assert_eq!(second, all[25..]);
    }

    #[test]
    fn counter_keys_are_zero_at_rest_and_distinct_otherwise() {
        use super::counter_key;
        assert_eq!(counter_key(3, 0), 0);
        let mut all: Vec<u64> = (1..4)
            .flat_map(|tag| (1..200).map(move |v| counter_key(tag, v)))
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 3 * 199);
    }
}
