//! Arbitrary action ids of any game against the legal turns, their follow-ups and the
//! observations. The input format and the checks are documented on the body,
//! `fuzz_support::targets::actions`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::actions(data);
});
