//! Bytes choose the rule options and the moves of whole games; invariants are checked after
//! every move: hash, counts, notation and position text round trips.
#![no_main]

use abstract_game::{Game, Side};
use jetan_core::{MoveList, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&options, choices)) = data.split_first() else {
        return;
    };
    let rules = Rules {
        revisit: options & 1 != 0,
        escape: options & 2 == 0,
        countdown: [10, 0, 1, 4][(options >> 2 & 3) as usize],
        unequal_wins: options & 16 != 0,
        first: if options & 32 == 0 {
            Side::First
        } else {
            Side::Second
        },
    };
    let mut pos = Position::new(rules);
    let mut moves = MoveList::new();
    for &choice in choices {
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), pos.count_legal_moves());
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        assert!(pos.outcome().is_none());
        let mv = moves[choice as usize % moves.len()];
        let text = pos.move_to_string(mv);
        assert_eq!(pos.parse_move(&text), Ok(mv));
        pos.play(mv).expect("generated moves are legal");
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        let again = Position::from_text(&pos.to_text(), rules).expect("own text parses");
        assert_eq!(again, pos);
        for side in Side::BOTH {
            assert!(pos.piece_count(side) <= 20);
        }
    }
});
