//! perft and divide at small depth on fuzzed positions of any game.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::perft_body`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::perft_body(data);
});
