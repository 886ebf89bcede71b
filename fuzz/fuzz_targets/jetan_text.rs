//! Arbitrary bytes as a position text and a move list: parsing never panics, whatever parses
//! round-trips, and refused moves change nothing.
#![no_main]

use abstract_game::{Game, Rules as _};
use jetan_core::{Position, Rules};
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
            assert_eq!(again.to_text(), pos.to_text());
            assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            let _ = pos.diagram();
            pos
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            Position::new(rules)
        }
    };
    for word in moves_text.split_whitespace() {
        let before = pos.clone();
        match pos.parse_move(word) {
            Ok(mv) => {
                assert_eq!(pos.parse_move(&pos.move_to_string(mv)), Ok(mv));
                pos.play(mv).expect("a parsed move is legal");
                assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(pos, before);
            }
        }
    }
});
