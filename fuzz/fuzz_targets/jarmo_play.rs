//! Bytes choose the moves of whole games under any rule options; invariants are checked after
//! every move.
#![no_main]

use abstract_game::Game;
use jarmo_core::rules::{Blocked, Direction, ReturnRule};
use jarmo_core::{MoveList, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&options, choices)) = data.split_first() else {
        return;
    };
    let rules = Rules {
        direction: if options & 1 == 0 {
            Direction::Jarmo
        } else {
            Direction::Jasir
        },
        return_rule: [
            ReturnRule::Seed,
            ReturnRule::Reserve,
            ReturnRule::None,
            ReturnRule::Seed,
        ][(options >> 1 & 3) as usize],
        goal_row_capture_restriction: options & 8 != 0,
        blocked: if options & 16 == 0 {
            Blocked::Pass
        } else {
            Blocked::Loses
        },
        no_shuttling: options & 32 == 0,
        white_first: options & 64 != 0,
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
        let mv = moves[choice as usize % moves.len()];
        let text = pos.notation(mv).to_string();
        assert_eq!(pos.parse_move(&text), Ok(mv));
        pos.play(mv).expect("generated moves are legal");
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        let again = Position::from_text(&pos.to_text(), rules).expect("own text parses");
        assert_eq!(again, pos);
        let archers = pos.archers(abstract_game::Side::First).count()
            + pos.archers(abstract_game::Side::Second).count();
        assert!(archers <= 10);
    }
});
