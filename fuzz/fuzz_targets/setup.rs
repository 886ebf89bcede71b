//! Setups of any game built from bytes, validated by from_setup.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::setup`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::setup(data);
});
