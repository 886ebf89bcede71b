//! Arbitrary bytes as a position text and a move list: parsing never panics, whatever parses
//! round-trips, and refused moves change nothing.
#![no_main]

use abstract_game::contract;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    contract::parse_bytes_checked::<jetan_core::Position>(data, |_, _| {});
});
