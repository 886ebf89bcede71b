//! Arbitrary bytes as a position text and a list of moves: parsing never panics, whatever
//! parses round-trips, and refused moves leave the position unchanged.
#![no_main]

use abstract_game::{Rules as _, contract};
use jericho_core::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let rules = Rules::preset(Rules::PRESETS[selector as usize % Rules::PRESETS.len()]).unwrap();
    let (position_text, moves_text) = text.split_once('|').unwrap_or((&text, ""));
    contract::parse_checked::<Position>(rules, position_text, moves_text);
});
