//! Positions for the unit tests: random legal setups that play does not reach.

use abstract_game::playout::Rng;
use abstract_game::{BySide, Side, TextGame};

use crate::{Cube, Kind, Position, Reserve, Rules, Setup, Square, can_stack};

/// A random legal setup under `rules`, not reached by play: cubes drawn from each side's
/// material onto random cells, some on Mountains, some stacked, Kings anywhere but their goal
/// row, the rest partly in reserve; either side to move, and a random no-capture counter where
/// the rules have the rule.
pub(crate) fn random_setup(rng: &mut Rng, rules: Rules) -> Position {
    let mut pool: Vec<Cube> = Vec::new();
    for side in Side::BOTH {
        for kind in Kind::ALL {
            for _ in 0..rules.material(kind) * u8::from(kind != Kind::King) {
                pool.push(Cube::new(side, kind));
            }
        }
    }
    let density = 1 + rng.below(6);
    let mut cells = [[None; 2]; 69];
    for cell in cells.iter_mut() {
        if rng.below(10) >= density || pool.is_empty() {
            continue;
        }
        let bottom = pool.swap_remove(rng.below(pool.len() as u32) as usize);
        cell[0] = Some(bottom);
        let fits: Vec<usize> = (0..pool.len())
            .filter(|&i| can_stack(bottom, pool[i]))
            .collect();
        if rng.below(3) == 0 && !fits.is_empty() {
            cell[1] = Some(pool.swap_remove(fits[rng.below(fits.len() as u32) as usize]));
        }
    }
    for (side, goal_row) in [(Side::First, 8), (Side::Second, 0)] {
        let king = Cube::new(side, Kind::King);
        loop {
            let i = rng.below(69) as usize;
            match cells[i] {
                _ if Square::ALL[i].row() == goal_row => continue,
                [None, _] => cells[i] = [Some(king), None],
                [Some(b), None] if can_stack(b, king) => cells[i][1] = Some(king),
                _ => continue,
            }
            break;
        }
    }
    let mut reserve = BySide::new(Reserve::EMPTY, Reserve::EMPTY);
    for cube in pool {
        if cube.kind.is_reserve_kind() && rng.below(2) == 0 {
            match cube.kind {
                Kind::Wise => reserve[cube.side].wise += 1,
                _ => reserve[cube.side].mountains += 1,
            }
        }
    }
    let limit = rules.no_capture_limit;
    let setup = Setup {
        cells,
        to_move: if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        },
        reserve,
        turns_to_draw: if limit == 0 {
            0
        } else {
            1 + rng.below(u32::from(limit)) as u16
        },
        turn_number: 1,
    };
    Position::from_setup(setup, rules).expect("a legal setup")
}
