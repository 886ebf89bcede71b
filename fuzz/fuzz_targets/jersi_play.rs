//! Whole Jersi games under any rules, one byte a decision (two past 256 turns).
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::play`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = fuzz_support::targets::play::<jersi_core::Position>(data);
});
