//! Bytes choose the turns of whole Jersi games; after every turn: incremental hash equals the
//! hash from scratch, the bulk count equals the generated list, the canonical text of every
//! chosen turn parses back to it, and the position text round-trips.
#![no_main]

use abstract_game::{Game, Rules as _, TextGame};
use jersi_core::{MoveList, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&options, choices)) = data.split_first() else {
        return;
    };
    let mut rules = Rules::preset(Rules::PRESETS[usize::from(options & 1)]).expect("a preset");
    rules.no_capture_limit = [40, 0, 5, 1][usize::from(options >> 1 & 3)];
    let mut pos = Position::new(rules);
    let mut moves = MoveList::new();
    // Two bytes per turn, so that lists longer than 256 turns are fully reachable.
    for pair in choices.chunks(2) {
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), pos.count_legal_moves());
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        assert!(pos.outcome().is_none());
        let choice = pair
            .iter()
            .fold(0usize, |acc, &b| acc << 8 | usize::from(b));
        let mv = moves[choice % moves.len()];
        let text = pos.move_to_string(mv);
        assert_eq!(pos.parse_move(&text).ok(), Some(mv), "{text}");
        pos.play(mv).expect("generated turns are legal");
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        let again = Position::from_text(&pos.to_text(), rules).expect("own text parses");
        assert_eq!(again, pos);
    }
});
