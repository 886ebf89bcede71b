//! Engine searches with tiny budgets on fuzzed positions, and engine spec texts.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::search`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::search(data);
});
