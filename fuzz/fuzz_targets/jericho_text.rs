//! Arbitrary bytes as a position text and a list of moves: parsing never panics, whatever
//! parses round-trips, and refused moves leave the position unchanged.
#![no_main]

use abstract_game::{Game, Rules as _, TextGame};
use jericho_core::{Position, Rules};
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
            let own = pos.to_text();
            let again = Position::from_text(&own, rules).expect("own text parses");
            assert_eq!(again, pos);
            assert_eq!(again.to_text(), own);
            assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            pos
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            Position::new(rules)
        }
    };
    for word in moves_text.split_whitespace() {
        let before = pos;
        match pos.parse_move(word) {
            Ok(mv) => {
                assert_eq!(pos.move_to_string(mv), word);
                pos.play(mv).expect("a parsed move is legal");
                assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            }
            Err(_) => assert_eq!(pos, before),
        }
    }
});
