//! Arbitrary bytes as a position text and a move list: parsing never panics, and whatever
//! parses round-trips.
#![no_main]

use abstract_game::contract;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    contract::parse_bytes_checked::<jarmo_core::Position>(data, |_, _| {});
});
