//! Bytes as a Jersi position text, then `|`, then turns: nothing panics, a position that parses
//! prints to a text that parses back to it, a turn that parses is legal and its canonical text
//! parses back to the same turn, a refused turn changes nothing.
#![no_main]

use abstract_game::{Rules as _, contract};
use jersi_core::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let mut rules =
        Rules::preset(Rules::PRESETS[selector as usize % Rules::PRESETS.len()]).expect("a preset");
    if selector & 0x80 != 0 {
        rules.no_capture_limit = 0;
    }
    let text = String::from_utf8_lossy(rest);
    let (position_text, moves_text) = text.split_once('|').unwrap_or((&text, ""));
    contract::parse_checked::<Position>(rules, position_text, moves_text);
});
