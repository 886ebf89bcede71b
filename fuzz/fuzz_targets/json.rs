//! JSON of any game through serde (positions, setups, moves, rules, cells).
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::json`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::json(data);
});
