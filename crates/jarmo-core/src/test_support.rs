//! Rule combinations and positions of random games for the unit tests of move generation, the
//! draw and the two-ply count.

use abstract_game::playout::Rng;
use abstract_game::{Game, Side};

use crate::position::Position;
use crate::rules::{Blocked, Direction, ReturnRule, Rules};

/// Every combination of options, with both first players.
pub(crate) fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for bits in 0..32u32 {
        for return_rule in [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None] {
            out.push(Rules {
                direction: if bits & 1 == 0 {
                    Direction::Jarmo
                } else {
                    Direction::Jasir
                },
                return_rule,
                goal_row_capture_restriction: bits & 2 != 0,
                blocked: if bits & 4 == 0 {
                    Blocked::Pass
                } else {
                    Blocked::Loses
                },
                no_shuttling: bits & 8 != 0,
                first_player: if bits & 16 == 0 {
                    Side::First
                } else {
                    Side::Second
                },
            });
        }
    }
    out
}

/// Positions of random games under every rule combination (long games, so that pools,
/// credits, marked archers, shuttle records and full first rows come up).
pub(crate) fn game_positions(games_per_rules: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for rules in all_rules() {
        for game in 0..games_per_rules {
            let mut rng = Rng::seed_from_u64(game * 7919 + 1);
            let mut pos = Position::new(rules);
            for _ in 0..150 {
                out.push(pos);
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
    }
    out
}

/// The legal moves of `pos`, as a list.
pub(crate) fn legal_list(pos: &Position) -> crate::MoveList {
    let mut list = crate::MoveList::new();
    pos.legal_moves(&mut list);
    list
}
