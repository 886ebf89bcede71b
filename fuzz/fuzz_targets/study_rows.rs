//! Study rows and variant texts of any game, as `jgames study --merge` and `--variants` read
//! them. The input format and the checks are documented on the body,
//! `fuzz_support::targets::study_rows`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_support::targets::study_rows(data);
});
