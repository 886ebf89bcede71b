//! Parsers and constructors of cells, pieces, sets and presets of any game.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::cells`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::cells(data);
});
