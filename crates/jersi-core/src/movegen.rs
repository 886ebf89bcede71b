//! Legal turns: generation and bulk counting.
//!
//! Everything here works on `u128` bitboards and the neighbour tables of [`crate::board`]: no
//! allocation, no strings, no path enumeration. Generation and counting share one walk, the
//! counting instance adding popcounts where generation would push moves; two-drop turns, which
//! dominate the count, are counted by arithmetic on neighbour shifts (shared with the random
//! draw of [`crate::draw`], which picks a turn without listing or counting the others).

use arrayvec::ArrayVec;

use crate::board::{
    BOARD, HexDirection, NEIGHBOR_MASKS, NEIGHBORS, NONE, Square, TWO_STEPS, shift, squares,
};
use crate::moves::{Drop, Move};
use crate::piece::{Kind, code_kind};
use crate::position::{Captures, Position};

/// The capacity of [`MoveList`]: no position has more legal turns.
///
/// Upper bound, for the side to move (at most 17 cubes that can move: 1 King, 2 Fools, 2 Wise
/// men, 4 Rocks, 4 Papers, 4 Scissors):
/// * cube steps: at most 17 × 6 first steps; one that builds a stack adds at most 12 stack
///   steps (6 directions × 1 or 2 cells): ≤ 102 × 13 = 1,326 turns;
/// * stack steps: at most 8 stacks × 12 steps, each followed by nothing or one of 6 cube
///   steps: ≤ 96 × 7 = 672 turns;
/// * King relocations: a turn that captures the single enemy King comes in up to 7 versions
///   (one per cell of the home row). Turns that can capture a King on cell k: a cube step
///   into k from ≤ 6 cells; a stack built on one of ≤ 12 cells in line with k by a cube from
///   ≤ 6 cells (72); a stack step into k from ≤ 12 cells followed by ≤ 7 choices (84); a cube
///   step into k from ≤ 6 cells after a stack step from ≤ 12 cells (72): ≤ 234 turns, so
///   ≤ 234 × 6 = 1,404 extra turns;
/// * drops: ≤ 69 × 2 single drops, ≤ 69 × 3 double drops on one cell (MM, MW, WW), and
///   ≤ 4 × 176 double drops on two adjacent cells (the board has 176 pairs of neighbours,
///   checked by a unit test): ≤ 138 + 207 + 704 = 1,049.
///
/// Total ≤ 1,326 + 672 + 1,404 + 1,049 = 4,451 ≤ 4,500.
pub const MAX_MOVES: usize = 4500;

/// The stack-allocated list of legal turns.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Masks of the position seen by the side to move, shared by generation, counting and the
/// random draw of [`crate::draw`].
#[derive(Clone, Copy, Default)]
pub(crate) struct Masks {
    /// Cells whose top belongs to the opponent.
    pub(crate) opp: u128,
    /// Empty cells.
    pub(crate) empty: u128,
    /// Lone Mountains of either colour (a cube may climb them).
    pub(crate) lone_mountains: u128,
    /// Own lone cubes other than King and Mountain (a cube may build a stack on them).
    pub(crate) build: u128,
    /// Own cells whose top may step (not a Mountain).
    pub(crate) movers: u128,
    /// Own movers whose top may capture (Rock, Paper, Scissors, Fool).
    pub(crate) fighters: u128,
    /// Own stacks of two non-Mountain cubes, which may step together.
    pub(crate) stacks: u128,
    /// The enemy King's cell.
    pub(crate) enemy_king: u128,
    /// Enemy units whose top is not a Mountain: a cube step onto one captures, if the mover
    /// beats it.
    pub(crate) prey: u128,
    /// Where a cube step may land without building: empty cells, lone Mountains, `prey`.
    pub(crate) step_to: u128,
    /// Where a stack may land: empty cells, enemy units off Mountains.
    pub(crate) stack_to: u128,
}

/// What each attacker kind of the side to move may capture, by [`Kind::index`]: the sets that
/// generation and counting read beside the [`Masks`] (the draw checks each capture instead).
struct Victims {
    /// The enemy units whose uppermost cube the kind beats.
    all: [u128; 7],
    /// The same, without those standing on a Mountain (targets of stacks).
    flat: [u128; 7],
}

impl Position {
    /// The masks of the side to move.
    #[inline]
    pub(crate) fn masks(&self) -> Masks {
        let s = self.to_move.index();
        let own = self.units[s];
        let opp = self.units[1 - s];
        let k = &self.kinds;
        let king = k[Kind::King.index()];
        let mountain = k[Kind::Mountain.index()];
        let empty = BOARD & !(own | opp);
        let lone_mountains = self.mountains & !self.double;
        let movers = own & !mountain;
        let prey = opp & !mountain;
        Masks {
            opp,
            empty,
            lone_mountains,
            build: own & !self.double & !king & !mountain,
            movers,
            fighters: movers & !(king | k[Kind::Wise.index()]),
            stacks: own & self.double & !self.mountains,
            enemy_king: opp & king,
            prey,
            step_to: empty | lone_mountains | prey,
            stack_to: empty | (opp & !self.mountains),
        }
    }

    /// What each attacker kind of the side to move may capture.
    fn victims(&self) -> Victims {
        let opp = self.units[1 - self.to_move.index()];
        let k = &self.kinds;
        let king = k[Kind::King.index()];
        let fool = k[Kind::Fool.index()];
        let wise = k[Kind::Wise.index()];
        let rock = k[Kind::Rock.index()];
        let paper = k[Kind::Paper.index()];
        let scissors = k[Kind::Scissors.index()];
        let mut all = [0u128; 7];
        all[Kind::Rock.index()] = opp & (scissors | fool | king | wise);
        all[Kind::Paper.index()] = opp & (rock | fool | king | wise);
        all[Kind::Scissors.index()] = opp & (paper | fool | king | wise);
        all[Kind::Fool.index()] = opp & (rock | paper | scissors | fool | king);
        let mut flat = all;
        for v in &mut flat {
            *v &= !self.mountains;
        }
        Victims { all, flat }
    }

    /// The uppermost cube kind of a slot that is not empty.
    #[inline]
    fn top_kind(&self, slot: usize) -> usize {
        let [b, t] = self.cells[slot];
        code_kind(if t != 0 { t } else { b })
    }

    /// Fills `list` with every legal turn; the caller has checked the game goes on.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        self.walk::<false>(list);
    }

    /// The number of legal turns; the caller has checked the game goes on.
    pub(crate) fn count(&self) -> usize {
        let mut unused = MoveList::new();
        self.walk::<true>(&mut unused)
    }

    /// Either pushes every turn (`COUNT == false`) or counts them; returns the count.
    fn walk<const COUNT: bool>(&self, list: &mut MoveList) -> usize {
        let c = self.masks();
        let v = self.victims();
        let mut n = 0;
        n += self.cube_turns::<COUNT>(&c, &v, list);
        n += self.stack_turns::<COUNT>(&c, &v, list);
        if self.rules.reserve {
            n += self.drop_turns::<COUNT>(list);
        }
        n
    }

    /// Emits one turn without King capture.
    #[inline]
    fn emit<const COUNT: bool>(list: &mut MoveList, mv: Move) -> usize {
        if !COUNT {
            list.push(mv);
        }
        1
    }

    /// Emits a turn that captures the enemy King, once per relocation cell (once without a
    /// relocation when no cell qualifies).
    fn emit_relocations<const COUNT: bool>(&self, list: &mut MoveList, mv: Move) -> usize {
        let mut after = self.clone();
        after.play_actions(mv);
        let cells = after.relocation_cells(!self.to_move);
        if cells == 0 {
            return Self::emit::<COUNT>(list, mv);
        }
        if !COUNT {
            for sq in squares(cells) {
                list.push(mv.with_relocation(Some(sq)));
            }
        }
        cells.count_ones() as usize
    }

    /// Turns that start with a cube step.
    fn cube_turns<const COUNT: bool>(&self, c: &Masks, v: &Victims, list: &mut MoveList) -> usize {
        let mut n = 0;
        for from in squares(c.movers) {
            let fs = from.slot();
            let a = self.top_kind(fs);
            let dests = NEIGHBOR_MASKS[fs] & (c.empty | c.lone_mountains | c.build | v.all[a]);
            let plain = dests & !c.build;
            let quiet = plain & !c.enemy_king;
            if COUNT {
                n += quiet.count_ones() as usize;
            } else {
                for to in squares(quiet) {
                    list.push(Move::cube(from, to, None));
                }
            }
            for to in squares(plain & c.enemy_king) {
                n += self.emit_relocations::<COUNT>(list, Move::cube(from, to, None));
            }
            // Stack builds, then the new stack's optional step.
            let from_left_empty = self.cells[fs][1] == 0;
            let empty = if from_left_empty {
                c.empty | from.bit()
            } else {
                c.empty
            };
            let flat = v.flat[a];
            for to in squares(dests & c.build) {
                let cube = |stack_to| Move::cube(from, to, stack_to);
                n += Self::emit::<COUNT>(list, cube(None));
                let ts = to.slot();
                for (d, &t1) in NEIGHBORS[ts].iter().enumerate() {
                    if t1 == NONE {
                        continue;
                    }
                    let b1 = 1u128 << t1;
                    if empty & b1 != 0 {
                        n += Self::emit::<COUNT>(list, cube(Some(sq(t1))));
                        let t2 = TWO_STEPS[ts][d];
                        if t2 == NONE {
                            continue;
                        }
                        let b2 = 1u128 << t2;
                        if empty & b2 != 0 {
                            n += Self::emit::<COUNT>(list, cube(Some(sq(t2))));
                        } else if flat & b2 != 0 {
                            n += self.emit_capture::<COUNT>(c, list, b2, cube(Some(sq(t2))));
                        }
                    } else if flat & b1 != 0 {
                        n += self.emit_capture::<COUNT>(c, list, b1, cube(Some(sq(t1))));
                    }
                }
            }
        }
        n
    }

    /// Emits a turn whose last action captures on `target`.
    #[inline]
    fn emit_capture<const COUNT: bool>(
        &self,
        c: &Masks,
        list: &mut MoveList,
        target: u128,
        mv: Move,
    ) -> usize {
        if c.enemy_king & target != 0 {
            self.emit_relocations::<COUNT>(list, mv)
        } else {
            Self::emit::<COUNT>(list, mv)
        }
    }

    /// Turns that start with a stack step.
    fn stack_turns<const COUNT: bool>(&self, c: &Masks, v: &Victims, list: &mut MoveList) -> usize {
        let mut n = 0;
        for from in squares(c.stacks) {
            let fs = from.slot();
            let a = self.top_kind(fs);
            let flat = v.flat[a];
            for (d, &t1) in NEIGHBORS[fs].iter().enumerate() {
                if t1 == NONE {
                    continue;
                }
                let b1 = 1u128 << t1;
                if c.empty & b1 != 0 {
                    n += self.stack_then_cube::<COUNT>(c, v, list, from, sq(t1), a);
                    let t2 = TWO_STEPS[fs][d];
                    if t2 == NONE {
                        continue;
                    }
                    let b2 = 1u128 << t2;
                    if c.empty & b2 != 0 || flat & b2 != 0 {
                        n += self.stack_then_cube::<COUNT>(c, v, list, from, sq(t2), a);
                    }
                } else if flat & b1 != 0 {
                    n += self.stack_then_cube::<COUNT>(c, v, list, from, sq(t1), a);
                }
            }
        }
        n
    }

    /// A stack step `from=to` (legal), alone or followed by each cube step of its top.
    fn stack_then_cube<const COUNT: bool>(
        &self,
        c: &Masks,
        v: &Victims,
        list: &mut MoveList,
        from: Square,
        to: Square,
        a: usize,
    ) -> usize {
        let stack = |cube_to| Move::stack(from, to, cube_to);
        if c.enemy_king & to.bit() != 0 {
            return self.stack_then_cube_after_king::<COUNT>(list, from, to, a);
        }
        let mut n = Self::emit::<COUNT>(list, stack(None));
        let ts = to.slot();
        let dests =
            NEIGHBOR_MASKS[ts] & ((c.empty | from.bit()) | c.lone_mountains | c.build | v.all[a]);
        let quiet = dests & !c.enemy_king;
        if COUNT {
            n += quiet.count_ones() as usize;
        } else {
            for u in squares(quiet) {
                list.push(stack(Some(u)));
            }
        }
        for u in squares(dests & c.enemy_king) {
            n += self.emit_relocations::<COUNT>(list, stack(Some(u)));
        }
        n
    }

    /// The slow path of [`Self::stack_then_cube`] when the stack step captures the King.
    #[cold]
    fn stack_then_cube_after_king<const COUNT: bool>(
        &self,
        list: &mut MoveList,
        from: Square,
        to: Square,
        a: usize,
    ) -> usize {
        let stack = |cube_to| Move::stack(from, to, cube_to);
        let mut n = self.emit_relocations::<COUNT>(list, stack(None));
        let mut mid = self.clone();
        mid.stack_step(from.slot(), to.slot(), &mut Captures::default());
        let m = mid.masks();
        let victims = mid.victims();
        let dests =
            NEIGHBOR_MASKS[to.slot()] & (m.empty | m.lone_mountains | m.build | victims.all[a]);
        for u in squares(dests) {
            n += self.emit_relocations::<COUNT>(list, stack(Some(u)));
        }
        n
    }

    /// The empty cells, the cells where the side to move may drop a Mountain and a Wise man,
    /// and which double drops its reserve allows: `(empty, to_m, to_w, [mm, mw, ww])`.
    #[inline(always)]
    pub(crate) fn drop_cells(&self) -> (u128, u128, u128, [bool; 3]) {
        let s = self.to_move.index();
        let [rm, rw] = self.reserve[s];
        let own_lone = self.units[s] & !self.double;
        let empty = BOARD & !(self.units[0] | self.units[1]);
        let mountain = self.kinds[Kind::Mountain.index()];
        let king = self.kinds[Kind::King.index()];
        let to_m = if rm > 0 {
            empty | (own_lone & mountain)
        } else {
            0
        };
        let to_w = if rw > 0 {
            empty | (own_lone & !king)
        } else {
            0
        };
        (empty, to_m, to_w, [rm >= 2, rm >= 1 && rw >= 1, rw >= 2])
    }

    /// The exact number of drop turns (the count [`Self::drop_turns`] gives without listing them).
    #[inline(always)]
    pub(crate) fn drop_count(&self) -> u32 {
        let [rm, rw] = self.reserve[self.to_move.index()];
        if rm == 0 && rw == 0 {
            return 0;
        }
        let (empty, to_m, to_w, [mm, mw, ww]) = self.drop_cells();
        let mut n = to_m.count_ones() + to_w.count_ones();
        n += empty.count_ones() * (u32::from(mm) + u32::from(mw) + u32::from(ww));
        if mm {
            n += pairs(to_m);
        }
        if ww {
            n += pairs(to_w);
        }
        if mw {
            n += links(to_m, to_w);
        }
        n
    }

    /// Drop turns: one drop, or two on one cell or on two neighbouring cells.
    fn drop_turns<const COUNT: bool>(&self, list: &mut MoveList) -> usize {
        if COUNT {
            return self.drop_count() as usize;
        }
        if self.reserve[self.to_move.index()] == [0, 0] {
            return 0;
        }
        let (empty, to_m, to_w, [mm, mw, ww]) = self.drop_cells();
        let m = |to| Drop::new(Kind::Mountain, to);
        let w = |to| Drop::new(Kind::Wise, to);
        let start = list.len();
        let mut push = |first, second| {
            list.push(Move::Drop { first, second });
        };
        for c in squares(to_m) {
            push(m(c), None);
        }
        for c in squares(to_w) {
            push(w(c), None);
        }
        for c in squares(empty) {
            if mm {
                push(m(c), Some(m(c)));
            }
            if mw {
                push(m(c), Some(w(c)));
            }
            if ww {
                push(w(c), Some(w(c)));
            }
        }
        for c1 in squares(to_m) {
            let near = NEIGHBOR_MASKS[c1.slot()];
            if mm {
                for c2 in squares(near & to_m & !((c1.bit() << 1) - 1)) {
                    push(m(c1), Some(m(c2)));
                }
            }
            if mw {
                for c2 in squares(near & to_w) {
                    if c1 < c2 {
                        push(m(c1), Some(w(c2)));
                    } else {
                        push(w(c2), Some(m(c1)));
                    }
                }
            }
        }
        if ww {
            for c1 in squares(to_w) {
                let near = NEIGHBOR_MASKS[c1.slot()];
                for c2 in squares(near & to_w & !((c1.bit() << 1) - 1)) {
                    push(w(c1), Some(w(c2)));
                }
            }
        }
        list.len() - start
    }

    /// Whether the side to move has at least one legal turn (ignoring the end conditions that
    /// do not depend on moves).
    pub(crate) fn has_any_turn(&self) -> bool {
        let c = self.masks();
        let v = self.victims();
        let s = self.to_move.index();
        if self.rules.reserve {
            let [rm, rw] = self.reserve[s];
            let own_lone = self.units[s] & !self.double;
            let mountain = self.kinds[Kind::Mountain.index()];
            let king = self.kinds[Kind::King.index()];
            if rm > 0 && (c.empty | (own_lone & mountain)) != 0 {
                return true;
            }
            if rw > 0 && (c.empty | (own_lone & !king)) != 0 {
                return true;
            }
        }
        for from in squares(c.movers) {
            let fs = from.slot();
            let a = self.top_kind(fs);
            if NEIGHBOR_MASKS[fs] & (c.empty | c.lone_mountains | c.build | v.all[a]) != 0 {
                return true;
            }
        }
        for from in squares(c.stacks) {
            let fs = from.slot();
            let a = self.top_kind(fs);
            if NEIGHBOR_MASKS[fs] & (c.empty | v.flat[a]) != 0 {
                return true;
            }
        }
        false
    }
}

#[inline]
fn sq(slot: u8) -> Square {
    // Every slot read from the neighbour tables is a cell.
    Square::at_slot(slot)
}

/// The number of unordered pairs of neighbouring cells both in `a`.
#[inline]
fn pairs(a: u128) -> u32 {
    (shift(a, HexDirection::East) & a).count_ones()
        + (shift(a, HexDirection::NorthEast) & a).count_ones()
        + (shift(a, HexDirection::NorthWest) & a).count_ones()
}

/// The number of ordered pairs (x in `a`, y in `b`) of neighbouring cells.
#[inline]
fn links(a: u128, b: u128) -> u32 {
    HexDirection::ALL
        .iter()
        .map(|&d| (shift(a, d) & b).count_ones())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_pairs_of_the_board() {
        // The bound in the MAX_MOVES comment relies on this number.
        assert_eq!(pairs(BOARD), 176);
        assert_eq!(links(BOARD, BOARD), 2 * 176);
    }

    #[test]
    fn turns_are_small() {
        assert!(core::mem::size_of::<Move>() <= 8);
        assert!(core::mem::size_of::<MoveList>() <= 40_000);
    }
}
