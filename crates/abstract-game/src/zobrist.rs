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
}
