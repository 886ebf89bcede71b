//! Jersi's fixed action ids ([`ActionSpace`]) and its observation planes ([`Observe`]).
//!
//! # Action ids: a main id per turn, a follow-up for the King's relocation
//!
//! A Jersi turn is one or two actions and, after capturing the enemy King, its relocation on
//! one of up to 7 cells. A flat id per whole turn would multiply every capturing turn by its
//! relocations (over 100,000 ids); instead a turn is chosen by a **main id**, which names
//! everything but the relocation, and, only when more than one relocation is open, by a
//! **follow-up id** of the same player naming the cell. A turn with one relocation cell (or
//! none) needs no follow-up. So the legal turns are as many as the main ids without versions
//! plus the follow-ups of the others, and perft through the ids equals perft.
//!
//! 13,248 ids, 192 planes of the 69 cells: `id = plane * 69 + cell`, with the cell's index
//! ([`Square::index`], reading order `a1` 0 .. `i7` 68), never turned for the side to move.
//! Directions are numbered as [`HexDirection::ALL`] (East 0, NorthEast 1, NorthWest 2, West 3,
//! SouthWest 4, SouthEast 5, named as White sees the board).
//!
//! | planes | turns | cell |
//! |---|---|---|
//! | 0..=77 | cube step in direction `d`, then nothing (`s = 0`) or a stack step (`s = 1 + 2 * d2 + (n2 - 1)`, `n2` cells in direction `d2`): plane `13 * d + s` | the start |
//! | 78..=161 | stack step of `n` cells in direction `d` (`k = 2 * d + (n - 1)`), then nothing (`s = 0`) or its top cube's step in direction `d2` (`s = 1 + d2`): plane `78 + 7 * k + s` | the start |
//! | 162, 163 | one drop: a Mountain, a Wise man | the cell |
//! | 164..=166 | two drops on one cell, bottom first: Mountain + Mountain, Mountain + Wise man, Wise man + Wise man | the cell |
//! | 167..=190 | two drops on neighbouring cells, the lower cell (in reading order) first, the other in direction `d`: plane `167 + 4 * d + 2 * k1 + k2` (`k` 0 for a Mountain, 1 for a Wise man) | the lower cell |
//! | 191 | follow-up: the King's relocation | the relocation cell |
//!
//! So `b8-b7` (start `b8` = 14, West, no second part) is `(13 * 3) * 69 + 14 = 2705`, and
//! `M:e4/W:e5` (`e4` = 33, `e5` its East neighbour) is `(167 + 0 + 1) * 69 + 33 = 11625`. A
//! Wise man under a Mountain on one cell is not a legal turn (a Mountain drops only on a
//! Mountain), hence three one-cell planes.
//!
//! # Observation
//!
//! Shape `[36, 9, 11]`: 36 planes of 9 rows by 11 columns, from the view of the side to move.
//! The board's rows `a`..`i` are the grid's rows 0..8 and a cell's column is its axial
//! position ([`Square::hex`]: `q + r + 5`), so that the six neighbours of a cell are six of
//! the eight around it in the grid (a 3x3 convolution sees them); 30 of the 99 grid cells are
//! off the board (plane 34 marks the 69 that are on it). When Black is to move, the grid is
//! given a half turn (row `8 - r`, column `10 - c`): the mover's home row is row 0.
//!
//! | plane | value |
//! |---|---|
//! | 0..=6 | 1 where the mover's cube of kind `plane` ([`Kind::index`]: King, Fool, Wise man, Rock, Paper, Scissors, Mountain) is the uppermost cube of its cell |
//! | 7..=13 | the same for the opponent's cubes, kind `plane - 7` |
//! | 14..=20 | 1 where the mover's cube of kind `plane - 14` is the lower cube of a two-cube cell |
//! | 21..=27 | the same for the opponent's, kind `plane - 21` |
//! | 28, 29 | everywhere: the mover's Mountains in reserve / 4, Wise men / 2 |
//! | 30, 31 | everywhere: the opponent's Mountains / 4, Wise men / 2 |
//! | 32 | everywhere: the turns left before the no-capture draw / the limit (0 with the rule off) |
//! | 33 | everywhere 1 when White is to move |
//! | 34 | 1 on the 69 cells of the board |
//! | 35 | everywhere 1 when the mover is choosing a follow-up (the King's relocation) |
//!
//! While a follow-up is to be chosen ([`Observe::observe_follow_up`]) the planes show the
//! board after the main turn with the captured King off it, still from the mover's view,
//! and plane 35 is 1; the open cells are the follow-up ids.

use abstract_game::{ActionSpace, Game, Observe, Side};

use crate::board::{HexDirection, Square, WIDTH};
use crate::moves::{Drop, Move};
use crate::piece::{Cube, Kind, WHITE};
use crate::position::Position;

/// The number of cells.
const CELLS: usize = Square::COUNT;

/// The first plane of the stack-first turns.
const STACK_PLANES: usize = 6 * 13;
/// The first plane of the drop turns.
const DROP_PLANES: usize = STACK_PLANES + 12 * 7;
/// The first plane of the two-drop turns on one cell.
const SAME_CELL_PLANES: usize = DROP_PLANES + 2;
/// The first plane of the two-drop turns on two cells.
const TWO_CELL_PLANES: usize = SAME_CELL_PLANES + 3;
/// The plane of the King's relocation (the follow-ups).
const RELOCATION_PLANE: usize = TWO_CELL_PLANES + 6 * 4;

/// The number of observation planes.
const PLANES: usize = 36;
/// Observation grid rows and columns.
const ROWS: usize = 9;
/// Columns of the observation grid: the 11 axial columns of the padded layout.
const COLUMNS: usize = WIDTH - 1;

/// The straight steps between cells: `STEPS[from][to]` is `1 + 2 * direction + (length - 1)`
/// for a step of 1 or 2 cells in one direction, 0 for none.
const STEPS: [[u8; CELLS]; CELLS] = {
    let mut table = [[0u8; CELLS]; CELLS];
    let mut from = 0;
    while from < CELLS {
        let mut d = 0;
        while d < 6 {
            if let Some(one) = Square::new(from).neighbor(HexDirection::ALL[d]) {
                table[from][one.index()] = 1 + 2 * d as u8;
                if let Some(two) = one.neighbor(HexDirection::ALL[d]) {
                    table[from][two.index()] = 2 + 2 * d as u8;
                }
            }
            d += 1;
        }
        from += 1;
    }
    table
};

/// The direction and length (1 or 2) of the straight step from `from` to `to`, if it is one.
#[inline]
fn step(from: Square, to: Square) -> Option<(usize, usize)> {
    match STEPS[from.index()][to.index()] {
        0 => None,
        code => {
            let code = usize::from(code - 1);
            Some((code / 2, code % 2 + 1))
        }
    }
}

/// 0 for a Mountain, 1 for a Wise man (the reserve kinds).
fn reserve_code(drop: Drop) -> usize {
    usize::from(drop.kind == Kind::Wise)
}

/// The part of a plane that says a turn's second action, ending on `second`: 0 without one,
/// else 1 + the code `code` gives that action (`None` when it is no step).
#[inline]
fn second_code(
    second: Option<Square>,
    code: impl FnOnce(Square) -> Option<usize>,
) -> Option<usize> {
    match second {
        None => Some(0),
        Some(sq) => Some(1 + code(sq)?),
    }
}

/// The plane of a turn's main id; every legal turn has one.
#[inline]
fn main_plane(mv: Move) -> Option<usize> {
    Some(match mv {
        Move::Cube {
            from, to, stack_to, ..
        } => {
            let (d, _) = step(from, to)?;
            // The new stack's step: a direction and one or two cells.
            13 * d + second_code(stack_to, |s| step(to, s).map(|(d2, n2)| 2 * d2 + (n2 - 1)))?
        }
        Move::Stack {
            from, to, cube_to, ..
        } => {
            let (d, n) = step(from, to)?;
            // The top cube's step: a direction.
            STACK_PLANES + 7 * (2 * d + (n - 1)) + second_code(cube_to, |c| Some(step(to, c)?.0))?
        }
        Move::Drop { first, second } => match second {
            None => DROP_PLANES + reserve_code(first),
            Some(other) if other.to == first.to => {
                SAME_CELL_PLANES + reserve_code(first) + reserve_code(other)
            }
            Some(other) => {
                let (d, _) = step(first.to, other.to)?;
                TWO_CELL_PLANES + 4 * d + 2 * reserve_code(first) + reserve_code(other)
            }
        },
    })
}

/// 13,248 ids, `plane * 69 + cell` with absolute cell indices (see the module docs): planes
/// 0 to 77 for the cube-first turns, 78 to 161 for the stack-first turns, 162 to 190 for the
/// drops, all by their start (or lower) cell, and plane 191 for the follow-up that names the
/// King's relocation when a turn has more than one. An impossible turn (no straight step) has
/// the id 13,248, which is none.
impl ActionSpace for Position {
    const ACTIONS: usize = (RELOCATION_PLANE + 1) * CELLS;
    const DEFAULT_MAX_PLIES: u32 = 200;
    const MAX_DECISIONS_PER_TURN: usize = 2;

    fn action_of(&self, mv: Move) -> usize {
        let cell = match mv {
            Move::Cube { from, .. } | Move::Stack { from, .. } => from,
            Move::Drop { first, .. } => first.to,
        };
        main_plane(mv).map_or(Self::ACTIONS, |plane| plane * CELLS + cell.index())
    }

    fn follow_up_of(&self, mv: Move) -> Option<usize> {
        mv.relocation()
            .map(|cell| RELOCATION_PLANE * CELLS + cell.index())
    }
}

/// The grid cell (`row * 11 + column`) of `square` from White's view; from Black's, the
/// half turn is `98 - cell`.
const fn grid_cell(square: Square) -> usize {
    square.row() as usize * COLUMNS + square.slot() % WIDTH
}

/// Plane 34: 1 on the board's cells (the same from either side: the board has the half-turn
/// symmetry).
const ON_BOARD: [f32; ROWS * COLUMNS] = {
    let mut plane = [0.0; ROWS * COLUMNS];
    let mut i = 0;
    while i < CELLS {
        plane[grid_cell(Square::new(i))] = 1.0;
        i += 1;
    }
    plane
};

impl Position {
    /// The observation of this position as seen by `viewer` (see the module docs), with the
    /// follow-up plane set to `follow_up`.
    fn observe_as(&self, viewer: Side, follow_up: bool, out: &mut [f32]) {
        const AREA: usize = ROWS * COLUMNS;
        let out = &mut out[..PLANES * AREA];
        // The cube planes; the constant planes are all written below.
        out[..28 * AREA].fill(0.0);
        out[34 * AREA..35 * AREA].copy_from_slice(&ON_BOARD);
        let flag = |on: bool| f32::from(u8::from(on));
        for square in Square::ALL {
            let cell = match viewer {
                Side::First => grid_cell(square),
                Side::Second => AREA - 1 - grid_cell(square),
            };
            let own = |cube: Cube| if cube.side == viewer { 0 } else { 7 };
            match self.at(square) {
                [Some(lone), None] => out[(own(lone) + lone.kind.index()) * AREA + cell] = 1.0,
                [Some(bottom), Some(top)] => {
                    out[(own(top) + top.kind.index()) * AREA + cell] = 1.0;
                    out[(14 + own(bottom) + bottom.kind.index()) * AREA + cell] = 1.0;
                }
                _ => {}
            }
        }
        let reserve = |side: Side, kind: Kind| {
            f32::from(self.reserve(side, kind)) / f32::from(kind.full_count())
        };
        let limit = self.rules.no_capture_limit;
        let counter = if limit == 0 {
            0.0
        } else {
            f32::from(self.turns_to_draw.min(limit)) / f32::from(limit)
        };
        let constants = [
            reserve(viewer, Kind::Mountain),
            reserve(viewer, Kind::Wise),
            reserve(!viewer, Kind::Mountain),
            reserve(!viewer, Kind::Wise),
            counter,
            flag(self.to_move == WHITE),
        ];
        for (plane, value) in out[28 * AREA..34 * AREA]
            .chunks_exact_mut(AREA)
            .zip(constants)
        {
            plane.fill(value);
        }
        out[35 * AREA..].fill(flag(follow_up));
    }
}

/// 36 planes of a 9 x 11 grid of the board's rows and axial columns, given a half turn when
/// Black is to move: the mover's uppermost cubes by kind (planes 0 to 6), the opponent's (7
/// to 13), the lower cubes of two-cube cells by owner and kind (14 to 27), then the reserves
/// (28 to 31), the no-capture counter (32), White to move (33), the board's cells (34) and
/// the follow-up flag (35). See the module docs.
impl Observe for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, ROWS, COLUMNS];

    fn observe(&self, out: &mut [f32]) {
        self.observe_as(self.to_move, false, out);
    }

    fn observe_follow_up(&self, mv: Move, out: &mut [f32]) {
        let after = self.after(mv.with_relocation(None));
        after.observe_as(self.to_move, true, out);
        // Plane 33 says who is choosing, not who moves next.
        let area = ROWS * COLUMNS;
        out[33 * area..34 * area].fill(f32::from(u8::from(self.to_move == WHITE)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_straight_step_has_its_direction_and_length() {
        let e5 = Square::from_name("e5").unwrap();
        for dir in HexDirection::ALL {
            let one = e5.neighbor(dir).unwrap();
            let two = one.neighbor(dir).unwrap();
            assert_eq!(step(e5, one), Some((dir.index(), 1)));
            assert_eq!(step(e5, two), Some((dir.index(), 2)));
            assert_eq!(step(one, e5), Some(((dir.index() + 3) % 6, 1)));
        }
        assert_eq!(step(e5, e5), None);
        assert_eq!(step(e5, Square::from_name("a1").unwrap()), None);
    }

    #[test]
    fn the_planes_follow_each_other() {
        assert_eq!(STACK_PLANES, 78);
        assert_eq!(DROP_PLANES, 162);
        assert_eq!(SAME_CELL_PLANES, 164);
        assert_eq!(TWO_CELL_PLANES, 167);
        assert_eq!(RELOCATION_PLANE, 191);
        assert_eq!(Position::ACTIONS, 13_248);
    }
}
