//! Game records (the shared format), replayed under each game.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::record`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::record(data);
});
