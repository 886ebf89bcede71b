//! Arbitrary bytes read as the keys of one wave of an endgame table. The checks are
//! documented on the body, `fuzz_support::targets::table_keys`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::table_keys(data);
});
