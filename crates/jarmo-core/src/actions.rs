//! Fixed action ids and observation planes of a [`Position`], for learning and for game
//! frameworks: the [`ActionSpace`] and [`Observe`] impls (bring the traits in scope with the
//! [prelude](crate::prelude)).
//!
//! # Action ids
//!
//! 474 ids ([`ActionSpace::ACTIONS`]), the same for both sides and under every rule option:
//!
//! | ids | move | id |
//! |---|---|---|
//! | 0..468 | step on directed line `d`, return choice `r` | `d * 6 + r` |
//! | 468..473 | drop on the own first row, file `f` (`a` = 0 .. `e` = 4) | `468 + f` |
//! | 473 | pass | `473` |
//!
//! A step names a *directed line* `d`: for line `l` of [`LINES`](crate::LINES), the pair `(a, b)`
//! with the lower hole first, `d` is `2 * l` from `a` to `b` and `2 * l + 1` from `b` to `a` (78
//! directed lines). Its return choice `r` is 0 for a step that brings no archer back, and `1 + f`
//! for one that brings an archer back to the hole of file `f` on the mover's own first row (row 1
//! for Black, row 5 for White). A capture has the id of the step to the same hole: whether a step
//! captures follows from the position. So `c1-d3` (line 5) is `60`, `d3-c1` is `66`, `d4-b5/b1`
//! (line 37, `b1` on file 1) is `37 * 2 * 6 + 2 = 446`, and White's `@c5` is `470`.
//!
//! Why so: 39 lines, two directions and six return choices cover every step
//! (a step may return an archer to any free hole of the own first row, the hole it leaves
//! included), and the drops and the return holes lie on a row fixed by the side to move, so a
//! file names them. The ids are *not* turned with the board for White as the observation is:
//! no rotation or reflection maps the 39 lines onto themselves, so a turned id would name a
//! line that is not on the board; a line keeps its id whoever moves along it.
//!
//! [`move_of_action`](ActionSpace::move_of_action) decodes an id straight into its move and
//! checks that move with [`Game::is_legal`]. [`action_of`](ActionSpace::action_of) of a
//! step between two holes no line joins (never a legal move) is
//! [`ACTIONS`](ActionSpace::ACTIONS), out of range.
//!
//! # Observation planes
//!
//! Shape `[14, 5, 5]` ([`Observe::OBSERVATION_SHAPE`]): 14 planes over the board, each row
//! by row. The board is seen by the side to move: as it stands for Black, turned half a turn
//! for White (the hole of index `i` at cell `24 - i`), so that row index 0 is always the
//! mover's own first row and the mover plays up the planes. "Own" is the side to move.
//!
//! | plane | value |
//! |---|---|
//! | 0 | 1 on each own archer |
//! | 1 | 1 on each opponent archer |
//! | 2 | 1 on each own marked archer |
//! | 3 | 1 on each opponent marked archer |
//! | 4 | everywhere: the own pool (archers waiting to return, or the reserve) / 5 |
//! | 5 | everywhere: the opponent's pool / 5 |
//! | 6 | everywhere: the own return credits / 5, at most 1 |
//! | 7 | everywhere: the opponent's return credits / 5, at most 1 |
//! | 8 | everywhere: the passes made in succession just before / 2 |
//! | 9 | everywhere: 1 when Black ([`Side::First`]) is to move, else 0 |
//! | 10 | own no-shuttling record: `count / 3` on the hole its last step left |
//! | 11 | own no-shuttling record: `count / 3` on the hole its last step reached |
//! | 12 | the opponent's no-shuttling record: `count / 3` on the hole its last step left |
//! | 13 | the opponent's no-shuttling record: `count / 3` on the hole its last step reached |
//!
//! Why so: the planes hold every fact of the position text that changes the legal moves,
//! now or later. The pools and the credits decide drops and returns (a pool holds at most 5;
//! credits can pile up past 5 in a long game, but what matters is whether one is waiting, so
//! they are capped). The passes decide the end of the game, and the no-shuttling records decide
//! which step is refused: at a count of 3 the step back from the "reached" hole to the "left"
//! one is illegal, so a record is kept (it matters both for the mover's moves now and for the
//! opponent's next ones), and it is all zero when the rule is off. Plane 9 tells the sides
//! apart: the line network is not symmetric, so a position seen by White is not one seen by
//! Black. The rule options are not in the planes (they are not part of the position): one
//! network is trained per set of rules.

use abstract_game::{ActionSpace, Game, Observe, Side};

use crate::board::{Hole, LINE_INDICES};
use crate::moves::Move;
use crate::position::Position;

/// The number of step ids: 78 directed lines with 6 return choices each.
const STEPS: usize = 2 * LINE_INDICES.len() * RETURN_CHOICES;
/// Return choices of a step: none, or one of the five files.
const RETURN_CHOICES: usize = 6;
/// The first drop id.
const DROPS: usize = STEPS;
/// The pass id.
const PASS: usize = DROPS + 5;
/// The number of ids.
const ACTIONS: usize = PASS + 1;
const _: () = assert!(ACTIONS == 474);

/// The number of observation planes.
const PLANES: usize = 14;
/// The number of cells of a plane.
const CELLS: usize = 25;

/// The directed line of each step by origin and destination hole (`[from][to]`), `u8::MAX`
/// where no line joins them.
const DIRECTED: [[u8; 25]; 25] = {
    let mut out = [[u8::MAX; 25]; 25];
    let mut l = 0;
    while l < LINE_INDICES.len() {
        let (a, b) = LINE_INDICES[l];
        out[a as usize][b as usize] = 2 * l as u8;
        out[b as usize][a as usize] = 2 * l as u8 + 1;
        l += 1;
    }
    out
};

/// The row index (0 for row 1) of `side`'s own first row.
const fn home_row_index(side: Side) -> u8 {
    match side {
        Side::First => 0,
        Side::Second => 4,
    }
}

/// The move of `action` for `side` to move, legal or not; `None` past the last id.
fn decode(side: Side, action: usize) -> Option<Move> {
    let home = home_row_index(side);
    let on_home = |file: usize| Hole::from_coords(file as u8, home);
    if action < STEPS {
        let (d, r) = (action / RETURN_CHOICES, action % RETURN_CHOICES);
        let (a, b) = LINE_INDICES[d / 2];
        let (from, to) = if d % 2 == 0 { (a, b) } else { (b, a) };
        let return_to = match r {
            0 => None,
            r => Some(on_home(r - 1)?),
        };
        Some(Move::Step {
            from: Hole::new(from.into()),
            to: Hole::new(to.into()),
            return_to,
        })
    } else if action < PASS {
        on_home(action - DROPS).map(Move::Drop)
    } else if action == PASS {
        Some(Move::Pass)
    } else {
        None
    }
}

/// 474 ids: a step's directed line times 6 plus its return choice, then the drops by file,
/// then the pass (laid out in `docs/python.md` and the source of `src/actions.rs`).
impl ActionSpace for Position {
    const ACTIONS: usize = ACTIONS;
    const DEFAULT_MAX_PLIES: u32 = 300;

    fn action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Step {
                from,
                to,
                return_to,
            } => match DIRECTED[from.index()][to.index()] {
                u8::MAX => ACTIONS,
                d => {
                    let r = return_to.map_or(0, |hole| 1 + usize::from(hole.file()));
                    usize::from(d) * RETURN_CHOICES + r
                }
            },
            Move::Drop(hole) => DROPS + usize::from(hole.file()),
            Move::Pass => PASS,
        }
    }

    /// Builds the move of `action` (its return hole and drop hole on the own first row of the
    /// side to move) and keeps it when it is legal.
    fn move_of_action(&self, action: usize) -> Option<Move> {
        decode(self.to_move, action).filter(|&mv| self.is_legal(mv))
    }
}

/// 14 planes of 5 by 5 holes, seen by the side to move (turned half a turn for White): the
/// archers and marked archers by side, the pools, credits and passes, the side, and the
/// no-shuttling records (laid out in `docs/python.md` and the source of `src/actions.rs`).
impl Observe for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 5, 5];

    fn observe(&self, out: &mut [f32]) {
        let out = &mut out[..PLANES * CELLS];
        out.fill(0.0);
        let us = self.to_move;
        let sides = [us, !us];
        // Half a turn for White: (file, row) to (4 - file, 4 - row), index i to 24 - i.
        let cell = |hole: u32| match us {
            Side::First => hole as usize,
            Side::Second => 24 - hole as usize,
        };
        let mut set = |plane: usize, hole: u32, value: f32| {
            out[plane * CELLS + cell(hole)] = value;
        };
        for (k, side) in sides.into_iter().enumerate() {
            let archers = self.archers[side.index()];
            for hole in archers {
                set(k, hole, 1.0);
            }
            for hole in archers.intersect(self.marked) {
                set(2 + k, hole, 1.0);
            }
            let shuttle = self.shuttle[side.index()];
            if shuttle.count > 0 {
                let value = f32::from(shuttle.count.min(3)) / 3.0;
                set(10 + 2 * k, u32::from(shuttle.from), value);
                set(11 + 2 * k, u32::from(shuttle.to), value);
            }
        }
        let mut fill = |plane: usize, value: f32| {
            out[plane * CELLS..(plane + 1) * CELLS].fill(value);
        };
        for (k, side) in sides.into_iter().enumerate() {
            fill(4 + k, f32::from(self.pool[side.index()].min(5)) / 5.0);
            fill(6 + k, f32::from(self.credits[side.index()].min(5)) / 5.0);
        }
        fill(8, f32::from(self.passes.min(2)) / 2.0);
        fill(9, f32::from(u8::from(us == Side::First)));
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::actions::{check_actions, check_observation};

    use super::*;
    use crate::test_support::game_positions;

    #[test]
    fn every_line_has_two_directed_ids_and_every_id_decodes() {
        let mut seen = std::collections::BTreeSet::new();
        for (from, row) in DIRECTED.iter().enumerate() {
            for (to, &d) in row.iter().enumerate() {
                if d != u8::MAX {
                    assert_eq!(DIRECTED[to][from], d ^ 1);
                    assert!(seen.insert(d));
                    // The id decodes to this step, for either side.
                    let id = usize::from(d) * RETURN_CHOICES;
                    let step = Move::step(Hole::new(from), Hole::new(to));
                    assert_eq!(decode(Side::Second, id), Some(step));
                }
            }
        }
        assert_eq!(seen.len(), 78);
        for side in Side::BOTH {
            for action in 0..ACTIONS {
                assert!(decode(side, action).is_some(), "{action}");
            }
            assert_eq!(decode(side, ACTIONS), None);
        }
    }

    #[test]
    fn the_contract_holds_under_every_rule_combination() {
        for pos in game_positions(1) {
            check_actions(&pos, 5);
            check_observation(&pos);
        }
    }
}
