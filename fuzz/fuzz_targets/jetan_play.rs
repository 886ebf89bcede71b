//! Bytes choose the rule options and the moves of whole games; invariants are checked after
//! every move: hash, counts, notation and position text round trips.
#![no_main]

use abstract_game::{Game, Side, contract};
use jetan_core::{Position, Rules};
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
    let choices = choices.iter().map(|&b| usize::from(b));
    contract::play_checked(Position::new(rules), choices, |pos| {
        for side in Side::BOTH {
            assert!(pos.piece_count(side) <= 20);
        }
    });
});
