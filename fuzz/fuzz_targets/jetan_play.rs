//! Whole Jetan games under any rules, one byte a decision.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::play`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = fuzz_support::targets::play::<jetan_core::Position>(data);
});
