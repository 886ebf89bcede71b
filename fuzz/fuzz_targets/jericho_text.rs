//! Arbitrary bytes as a position text and a list of moves: parsing never panics, whatever
//! parses round-trips, and refused moves leave the position unchanged.
#![no_main]

use abstract_game::contract;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    contract::parse_bytes_checked::<jericho_core::Position>(data, |_, _| {});
});
