//! Arbitrary move values of any game against is_legal, play and play_unchecked.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::moves`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::moves(data);
});
