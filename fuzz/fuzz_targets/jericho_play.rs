//! Bytes choose the rule options and the moves of whole games; invariants are checked after
//! every move: hash, counts, notation and position text round-trips.
#![no_main]

use abstract_game::{Game, Side, contract};
use jericho_core::{AsymmetryScope, EqualPrefix, Position, Rules, TowerIdentity};
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
    let choices = choices.iter().map(|&b| usize::from(b));
    contract::play_checked(Position::new(rules), choices, |pos| {
        assert!(pos.monoliths(Side::First) + pos.monoliths(Side::Second) <= 13);
    });
});
