//! Bytes as a Jersi position text, then `|`, then turns: nothing panics, a position that parses
//! prints to a text that parses back to it, a turn that parses is legal and its canonical text
//! parses back to the same turn, a refused turn changes nothing.
#![no_main]

use abstract_game::{Game, Rules as _, TextGame};
use jersi_core::{MoveList, Position, Rules};
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
    let (position_text, turns_text) = text.split_once('|').unwrap_or((&text, ""));
    let mut pos = match Position::from_text(position_text, rules) {
        Ok(pos) => {
            let printed = pos.to_text();
            let again = Position::from_text(&printed, rules).expect("own text parses");
            assert_eq!(again, pos);
            assert_eq!(again.to_text(), printed);
            let _ = pos.diagram();
            pos
        }
        Err(_) => Position::new(rules),
    };
    let mut list = MoveList::new();
    for word in turns_text.split_whitespace() {
        let before = pos.clone();
        match pos.parse_move(word) {
            Ok(mv) => {
                pos.legal_moves(&mut list);
                assert!(list.contains(&mv));
                let canonical = pos.move_to_string(mv);
                assert_eq!(pos.parse_move(&canonical).ok(), Some(mv));
                pos.play(mv).expect("a parsed turn is legal");
                assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            }
            Err(_) => assert_eq!(pos, before),
        }
    }
});
