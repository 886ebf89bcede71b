//! Arbitrary bytes as a position text and a move list: parsing never panics, and whatever
//! parses round-trips.
#![no_main]

use abstract_game::{Game, Rules as _};
use jarmo_core::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let rules = Rules::preset(Rules::PRESETS[selector as usize % Rules::PRESETS.len()]).unwrap();
    let (position_text, moves_text) = text.split_once('|').unwrap_or((&text, ""));
    let mut pos = match Position::from_text(position_text, rules) {
        Ok(pos) => {
            let again = Position::from_text(&pos.to_text(), rules).expect("own text parses");
            assert_eq!(again, pos);
            pos
        }
        Err(_) => Position::new(rules),
    };
    for word in moves_text.split_whitespace() {
        let before = pos;
        match pos.parse_move(word) {
            Ok(mv) => {
                assert_eq!(pos.notation(mv).to_string(), word);
                pos.play(mv).expect("a parsed move is legal");
            }
            Err(_) => assert_eq!(pos, before),
        }
    }
});
