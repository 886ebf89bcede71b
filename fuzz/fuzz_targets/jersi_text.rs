//! Jersi position texts and turns (header, text, `|`, turns).
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::text`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::text::<jersi_core::Position>(data);
});
