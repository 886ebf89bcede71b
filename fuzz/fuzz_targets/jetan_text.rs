//! Jetan position texts and moves (header, text, `|`, moves).
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::text`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::text::<jetan_core::Position>(data);
});
