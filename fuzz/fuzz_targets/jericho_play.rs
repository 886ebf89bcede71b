//! Bytes choose the rule options and the moves of whole games; invariants are checked after
//! every move: hash, counts, notation and position text round-trips.
#![no_main]

use abstract_game::{Game, Side, TextGame};
use jericho_core::{AsymmetryScope, EqualPrefix, MoveList, Position, Rules, TowerIdentity};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&options, choices)) = data.split_first() else {
        return;
    };
    let rules = Rules {
        asymmetry: [
            AsymmetryScope::SharedAlignment,
            AsymmetryScope::OtherTerritory,
            AsymmetryScope::Off,
            AsymmetryScope::SharedAlignment,
        ][(options & 3) as usize],
        identity: if options & 4 == 0 {
            TowerIdentity::SizesAndColours
        } else {
            TowerIdentity::SizesOnly
        },
        equal_prefix: if options & 8 == 0 {
            EqualPrefix::TallerWins
        } else {
            EqualPrefix::Tie
        },
        first_player: if options & 16 == 0 {
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
        assert_eq!(pos.parse_move(&text).ok(), Some(mv));
        assert_eq!(pos.count_after(mv), pos.after(mv).count_legal_moves());
        pos.play(mv).expect("generated moves are legal");
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        let again = Position::from_text(&pos.to_text(), rules).expect("own text parses");
        assert_eq!(again, pos);
        let monoliths = pos.monoliths(Side::First) + pos.monoliths(Side::Second);
        assert!(monoliths <= 13);
    }
});
