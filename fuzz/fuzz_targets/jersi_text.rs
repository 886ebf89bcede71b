//! Bytes as a Jersi position text, then `|`, then turns: nothing panics, a position that parses
//! prints to a text that parses back to it, a turn that parses is legal and its canonical text
//! parses back to the same turn, a refused turn changes nothing.
#![no_main]

use abstract_game::contract;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The selector's top bit also turns the no-capture limit off.
    contract::parse_bytes_checked::<jersi_core::Position>(data, |selector, rules| {
        if selector & 0x80 != 0 {
            rules.no_capture_limit = 0;
        }
    });
});
