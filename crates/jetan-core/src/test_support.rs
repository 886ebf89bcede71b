//! Positions for the unit tests of the fast roads.

use abstract_game::playout::Rng;
use abstract_game::{Side, TextGame};

use crate::{Kind, Piece, Position, Rules, Setup};

/// Random placements under `rules`: a Chief, a Princess and a random part of the other
/// pieces a side starts with, either side to move, escapes used or not, often crowded enough
/// that Princesses stand among enemies; a running countdown of random length where the rules
/// ask for one. Placements the rules refuse are skipped.
pub(crate) fn placements(rules: Rules, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut setup = Setup::empty();
        for side in Side::BOTH {
            let mut others = vec![Kind::Panthan; 8];
            for kind in [
                Kind::Thoat,
                Kind::Warrior,
                Kind::Padwar,
                Kind::Dwar,
                Kind::Flier,
            ] {
                others.extend([kind, kind]);
            }
            let mut kinds = vec![Kind::Chief, Kind::Princess];
            for _ in 0..rng.below(others.len() as u32 + 1) {
                kinds.push(others.swap_remove(rng.below(others.len() as u32) as usize));
            }
            for kind in kinds {
                setup.put_at_random(Piece::new(side, kind), &mut rng);
            }
        }
        setup.toss_turn_and_escapes(&mut rng);
        if Position::from_setup(setup.clone(), rules).is_err() {
            // Few pieces of equal value: the countdown must be running.
            setup.countdown = Some(rng.below(u32::from(rules.countdown) + 1) as u16);
        }
        out.extend(Position::from_setup(setup, rules));
    }
    out
}
