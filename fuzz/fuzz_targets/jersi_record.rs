//! Records in the Jersi author's two-column format.
//! The input format and the checks are documented on the body,
//! `fuzz_support::targets::jersi_record`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::jersi_record(data);
});
