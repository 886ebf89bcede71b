//! Bytes choose the turns of whole Jersi games; after every turn: incremental hash equals the
//! hash from scratch, the bulk count equals the generated list, the canonical text of every
//! chosen turn parses back to it, and the position text round-trips.
#![no_main]

use abstract_game::{Game, Rules as _, contract};
use jersi_core::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&options, choices)) = data.split_first() else {
        return;
    };
    let mut rules = Rules::preset(Rules::PRESETS[usize::from(options & 1)]).expect("a preset");
    rules.no_capture_limit = [40, 0, 5, 1][usize::from(options >> 1 & 3)];
    // Two bytes per turn, so that lists longer than 256 turns are fully reachable.
    let choices = choices.chunks(2).map(|pair| {
        pair.iter()
            .fold(0usize, |acc, &b| acc << 8 | usize::from(b))
    });
    contract::play_checked(Position::new(rules), choices, |_| {});
});
