//! Jetan's fixed action ids ([`ActionSpace`]) and its observation planes ([`Observe`]).
//!
//! # Action ids
//!
//! 4900 ids, 49 planes of the 100 squares: `id = plane * 100 + square`, with the square's
//! absolute index ([`Square::index`], `rank * 10 + file`, `a1` 0, `j10` 99), never turned
//! for the side to move.
//!
//! | planes | moves | square |
//! |---|---|---|
//! | 0..=47 | the normal moves whose step `to - from` is the plane's offset `(dx, dy)` | the start |
//! | 48 | the Princess's escape | the destination |
//!
//! The 48 offsets are every `(dx, dy)` with `-3 <= dx, dy <= 3` but `(0, 0)` (`dx` the change
//! of file, `dy` the change of rank), ordered by `dy` from -3 to 3, then by `dx` from -3 to 3:
//!
//! | plane | `(dx, dy)` |
//! |---|---|
//! | 0..=6 | `(-3, -3)` .. `(3, -3)` |
//! | 7..=13 | `(-3, -2)` .. `(3, -2)` |
//! | 14..=20 | `(-3, -1)` .. `(3, -1)` |
//! | 21..=23 | `(-3, 0)`, `(-2, 0)`, `(-1, 0)` |
//! | 24..=26 | `(1, 0)`, `(2, 0)`, `(3, 0)` |
//! | 27..=33 | `(-3, 1)` .. `(3, 1)` |
//! | 34..=40 | `(-3, 2)` .. `(3, 2)` |
//! | 41..=47 | `(-3, 3)` .. `(3, 3)` |
//!
//! that is `plane = (dy + 3) * 7 + (dx + 3)`, less one past `(0, 0)`. So `Pe2-e3` (start `e2`
//! = 14, step `(0, 1)`) is `30 * 100 + 14 = 3014`, and the escape `Rf1-f6!` is
//! `48 * 100 + 55 = 4855`.
//!
//! Why this layout: every piece moves by a path of at most three one-square steps, so every
//! normal move ends within three king steps of its start and has one of the 48 offsets; the
//! Princess's escape is exactly a move of hers beyond that (every square within three steps is
//! one of her normal moves), and a side has one Princess, so its destination names it. A move
//! is named by its two squares (several paths to a square are one move), so no two legal
//! moves share an id. Planes of cells let a policy head be a convolution. The squares are
//! not turned, so that an id reads the same whoever moves; for the mover's view (the one of
//! the observation) turn Orange's ids: the square `s` becomes `99 - s` and the offset
//! `(dx, dy)` becomes `(-dx, -dy)`, which is plane `47 - p` for a normal plane `p` (the
//! order is symmetric).
//!
//! [`move_of_action`](ActionSpace::move_of_action) decodes directly: it builds the move from
//! the id and asks move generation for the moves of its one piece only.
//!
//! # Observation
//!
//! Shape `[21, 10, 10]`: 21 planes of 10 rows by 10 columns, from the view of the side to
//! move. Row `r`, column `c` of a plane is the square of index `r * 10 + c` when Black
//! ([`Side::First`]) is to move and of index `99 - (r * 10 + c)` when Orange is: the board
//! is given a half turn for Orange, so that the mover's back rank is row 0 and it plays
//! towards row 9. The half turn (not a mirror of the ranks) keeps the start position
//! alike for both sides, each Chief facing the enemy Princess.
//!
//! | plane | value |
//! |---|---|
//! | 0..=7 | 1 on the squares of the mover's pieces of kind `plane` ([`Kind::index`]: Panthan, Thoat, Warrior, Padwar, Dwar, Flier, Chief, Princess) |
//! | 8..=15 | the same for the opponent's pieces of kind `plane - 8` |
//! | 16 | everywhere 1 when the mover's Princess may still escape (the rules have the escape and she has not made it), else 0 |
//! | 17 | the same for the opponent's Princess |
//! | 18 | everywhere the plies left in the equal-material countdown over the rules' countdown length (0 before it starts, and when the length is 0) |
//! | 19 | everywhere 1 once the countdown has started |
//! | 20 | everywhere 1 when Black ([`Side::First`]) is to move |
//!
//! These are the facts of the position text that change the legal moves or the outcome:
//! the board, the escapes and the countdown (the side to move is the view itself; the
//! result of a finished game is not a plane, as a finished game has no moves to choose).
//! Plane 18 alone cannot tell a countdown not started from one run down to 0, hence plane 19.
//! The game is symmetric between the sides, but plane 20 lets a network tell them apart.

use abstract_game::actions::legal_actions_by_bits;
use abstract_game::{ActionSpace, Observe, Side};

use crate::board::{SQUARES, Square, low_index};
use crate::movegen::{Sink, View};
use crate::piece::Kind;
use crate::position::{Move, Position};

/// The largest change of file or rank of a normal move.
const REACH: i32 = 3;

/// The number of normal-move planes: the offsets within [`REACH`] king steps.
const OFFSETS: usize = 48;

/// The plane of the Princess's escapes.
const ESCAPE_PLANE: usize = OFFSETS;

/// The number of observation planes.
const PLANES: usize = 21;

/// The plane of the step of `dx` files and `dy` ranks, if it is one of the 48 offsets.
const fn offset_plane(dx: i32, dy: i32) -> Option<usize> {
    if dx < -REACH || dx > REACH || dy < -REACH || dy > REACH || (dx == 0 && dy == 0) {
        return None;
    }
    let raw = ((dy + REACH) * 7 + (dx + REACH)) as usize;
    Some(if raw > 24 { raw - 1 } else { raw })
}

/// The value of [`PLANE_OF_STEP`] for a step of no plane.
const NO_PLANE: u8 = u8::MAX;

/// The normal-move plane of the step between two squares (by index), or [`NO_PLANE`]: the
/// table of [`offset_plane`], so that an id costs one lookup.
const PLANE_OF_STEP: [[u8; SQUARES]; SQUARES] = {
    let mut table = [[NO_PLANE; SQUARES]; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut to = 0;
        while to < SQUARES {
            let dx = (to % 10) as i32 - (from % 10) as i32;
            let dy = (to / 10) as i32 - (from / 10) as i32;
            if let Some(plane) = offset_plane(dx, dy) {
                table[from][to] = plane as u8;
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// The step `(dx, dy)` of the normal-move plane `plane` (below [`OFFSETS`]).
const fn plane_offset(plane: usize) -> (i32, i32) {
    let raw = if plane >= 24 { plane + 1 } else { plane } as i32;
    (raw % 7 - REACH, raw / 7 - REACH)
}

/// Finds whether move generation makes one move.
struct Finds {
    /// The move looked for.
    mv: Move,
    /// Whether it was generated.
    found: bool,
}

impl Sink for Finds {
    fn piece_moves(&mut self, from: usize, targets: u128) {
        let (origin, target) = (self.mv.origin().index(), self.mv.target().index());
        self.found |= !self.mv.is_escape() && from == origin && targets >> target & 1 != 0;
    }
    fn shifted(&mut self, targets: u128, delta: i32) {
        let (origin, target) = (self.mv.origin().index(), self.mv.target().index());
        self.found |= !self.mv.is_escape()
            && targets >> target & 1 != 0
            && target as i32 - delta == origin as i32;
    }
    fn escapes(&mut self, from: usize, targets: u128) {
        let (origin, target) = (self.mv.origin().index(), self.mv.target().index());
        self.found |= self.mv.is_escape() && from == origin && targets >> target & 1 != 0;
    }
}

impl Position {
    /// Whether `mv` is legal, asking move generation for the moves of the piece on its start
    /// square only: the same walk as
    /// [`Game::legal_moves`](abstract_game::Game::legal_moves), with the mover's other pieces
    /// left out of the kind sets (they still block, as the side sets are whole; the enemy's
    /// pieces are all there, for the Princess's threat test).
    fn generates(&self, mv: Move) -> bool {
        let from = mv.origin().index();
        let me = self.to_move.index();
        if self.result.is_some() || self.by_side[me] >> from & 1 == 0 {
            return false;
        }
        let keep = self.by_side[1 - me] | 1u128 << from;
        let by_kind = self.by_kind.map(|set| set & keep);
        let mut sink = Finds { mv, found: false };
        View {
            by_kind: &by_kind,
            ..self.view()
        }
        .generate(&mut sink);
        sink.found
    }
}

/// 4900 ids, `plane * 100 + square` with absolute square indices: planes 0 to 47 for the
/// normal moves by their step `(dx, dy)` (`-3 <= dx, dy <= 3`, not both 0, ordered by `dy`
/// then `dx`, each from -3 up) and their start square; plane 48 for the Princess's escape
/// by its destination. `Pe2-e3` is 3014, the escape `Rf1-f6!` 4855. A move that no rule
/// makes (a normal move of more than three king steps or none) has the id 4900, which is
/// none.
impl ActionSpace for Position {
    const ACTIONS: usize = (OFFSETS + 1) * SQUARES;
    const DEFAULT_MAX_PLIES: u32 = 400;

    fn action_of(&self, mv: Move) -> usize {
        let (from, to) = (mv.origin(), mv.target());
        if mv.is_escape() {
            return ESCAPE_PLANE * SQUARES + to.index();
        }
        match PLANE_OF_STEP[from.index()][to.index()] {
            NO_PLANE => Self::ACTIONS,
            plane => usize::from(plane) * SQUARES + from.index(),
        }
    }

    /// Sorted through a bit set of the ids (generation goes square by square, the ids plane
    /// by plane).
    fn legal_actions(&self, out: &mut Vec<usize>) {
        legal_actions_by_bits::<Self, { Self::ACTIONS.div_ceil(64) }>(self, out);
    }

    fn move_of_action(&self, action: usize) -> Option<Move> {
        let (plane, square) = (action / SQUARES, Square::ALL[action % SQUARES]);
        let mv = if plane < OFFSETS {
            let (dx, dy) = plane_offset(plane);
            let file = u8::try_from(i32::from(square.file()) + dx).ok()?;
            let rank = u8::try_from(i32::from(square.rank()) + dy).ok()?;
            Move::new(square, Square::from_coords(file, rank)?)
        } else if plane == ESCAPE_PLANE {
            let me = self.to_move.index();
            let princess = self.by_kind[Kind::Princess.index()] & self.by_side[me];
            if princess == 0 {
                return None;
            }
            Move::escape(Square::ALL[low_index(princess) % SQUARES], square)
        } else {
            return None;
        };
        self.generates(mv).then_some(mv)
    }
}

/// 21 planes of the 10x10 board, given a half turn when Orange is to move (row `r`, column
/// `c` is square `r * 10 + c` for Black, `99 - (r * 10 + c)` for Orange): the mover's pieces
/// by kind (planes 0 to 7, in the order of [`Kind::index`]), the opponent's (8 to 15), then
/// constant planes: the mover's escape still available (16), the opponent's (17), the
/// countdown's plies left over the rules' length (18, 0 before it starts), 1 once the
/// countdown has started (19), 1 when Black is to move (20).
impl Observe for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 10, 10];

    fn observe(&self, out: &mut [f32]) {
        let out = &mut out[..PLANES * SQUARES];
        // The piece planes; the constant planes are all written below.
        out[..16 * SQUARES].fill(0.0);
        let me = self.to_move;
        for (kind, &of_kind) in self.by_kind.iter().enumerate() {
            for (side, &of_side) in self.by_side.iter().enumerate() {
                let plane = kind + if side == me.index() { 0 } else { 8 };
                let mut set = of_kind & of_side;
                while set != 0 {
                    let square = low_index(set);
                    set &= set - 1;
                    let cell = match me {
                        Side::First => square,
                        Side::Second => SQUARES - 1 - square,
                    };
                    out[plane * SQUARES + cell] = 1.0;
                }
            }
        }
        let escape = |side: Side| self.rules.escape && self.escape_left[side.index()];
        let flag = |on: bool| f32::from(u8::from(on));
        let countdown = self.countdown.map_or(0.0, |n| {
            f32::from(n) / f32::from(self.rules.countdown.max(1))
        });
        let constants = [
            flag(escape(me)),
            flag(escape(!me)),
            countdown.min(1.0),
            flag(self.countdown.is_some()),
            flag(me == Side::First),
        ];
        for (plane, value) in out[16 * SQUARES..].chunks_exact_mut(SQUARES).zip(constants) {
            plane.fill(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::GameRules;
    use abstract_game::testing::actions::check_direct_decode;

    use super::*;
    use crate::rules::Rules;
    use crate::test_support::placements;

    #[test]
    fn the_offsets_are_numbered_in_order() {
        let mut planes = Vec::new();
        for dy in -3..=3 {
            for dx in -3..=3 {
                if let Some(plane) = offset_plane(dx, dy) {
                    assert_eq!(plane_offset(plane), (dx, dy));
                    planes.push(plane);
                }
            }
        }
        assert_eq!(planes, (0..OFFSETS).collect::<Vec<_>>());
        assert_eq!(offset_plane(0, 0), None);
        assert_eq!(offset_plane(4, 0), None);
        assert_eq!(offset_plane(0, -4), None);
        // The turn of the board is plane 47 - p.
        for plane in 0..OFFSETS {
            let (dx, dy) = plane_offset(plane);
            assert_eq!(offset_plane(-dx, -dy), Some(47 - plane));
        }
    }

    /// The direct decode gives, for every id, what a look through the legal moves gives.
    #[test]
    fn the_direct_decode_is_the_scan_of_the_legal_moves() {
        for (n, preset) in Rules::PRESETS.iter().enumerate() {
            for pos in placements(preset.rules, 60, 11 + n as u64) {
                check_direct_decode(&pos);
            }
        }
    }
}
