//! Arbitrary bytes read as the header of a table file of perfect play. The checks are
//! documented on the body, `fuzz_support::targets::table_header`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::table_header(data);
});
