//! Bytes choose the moves of whole games under any rule options; invariants are checked after
//! every move, and from every position the fast random-game loop is compared with the generic
//! one.
#![no_main]

use abstract_game::playout::{Rng, playout_loop};
use abstract_game::{Game, Side, contract};
use jarmo_core::rules::{Blocked, Direction, ReturnRule};
use jarmo_core::{Position, Rules};
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
        first_player: if options & 64 != 0 { abstract_game::Side::Second } else { abstract_game::Side::First },
    };
    let choices = choices.iter().map(|&b| usize::from(b));
    contract::play_checked(Position::new(rules), choices, |pos| {
        let archers = pos.archers(Side::First).count() + pos.archers(Side::Second).count();
        assert!(archers <= 10);
        // Jarmo's own random-game loop plays the generic loop's games.
        let seed = pos.zobrist();
        let fast = pos.playout(&mut Rng::seed_from_u64(seed), 40);
        let generic = playout_loop(pos, &mut Rng::seed_from_u64(seed), 40);
        assert_eq!(fast, generic, "fast playout differs from the generic loop");
    });
});
