//! Uniform random turns without the list: the sampler behind Jersi's [`Game::random_move`] and
//! [`Game::playout`].
//!
//! A position has hundreds to thousands of legal turns (two-drop turns dominate early, builds
//! and stack steps with their second actions later), so building the list to pick one, or even
//! counting the turns (about 1.25 µs), costs several times what a whole ply of a random game
//! may. The draw here never counts them: it is rejection sampling over numbers that a few
//! shifts and popcounts of the bitboards give out.
//!
//! # The numbers
//!
//! A position's *weight* `W` is the sum of five blocks. Each block gives a fixed count of
//! numbers to each of its *candidates*, and each number names at most one legal turn; a number
//! that names none is *refused*:
//!
//! 1. **Drops**: the exact number of drop turns (counted as [`crate::movegen`] counts them).
//!    Number `i` is built directly: single Mountains, single Wise men, two cubes on one empty
//!    cell, then two cubes on neighbouring cells (the `i`-th bit of a shifted mask, in the
//!    canonical order of [`Move::drops`]). Never refused.
//! 2. **Cube steps that do not build**: a candidate is a mover and a direction whose
//!    neighbour is empty, a lone Mountain, or an enemy unit whose top is not a Mountain. One
//!    number, refused when it is a capture that the mover's top does not make.
//! 3. **Builds**: a candidate is a mover and a direction whose neighbour is an own lone cube
//!    other than King and Mountain. [`BUILD_BOUND`] = 13 numbers: 0 is the build alone, and
//!    `1 + 2e` and `2 + 2e` the build then the new stack's step of one or two cells in direction
//!    `e`, refused unless that step is legal (its cells on the board, the middle one empty, the
//!    landing cell empty or an enemy unit off a Mountain that the mover beats).
//! 4. **Stack steps**: a candidate is an own stack and a step of one cell, or of two over an
//!    empty cell, onto an empty cell or an enemy unit off a Mountain. [`STACK_BOUND`] = 7
//!    numbers: 0 is the step alone, `1 + e` the step then its top's cube step in direction `e`;
//!    refused if the stack captures what its top does not beat or the cube step is not legal.
//! 5. **King versions**: a turn that captures the enemy King comes in one version per cell of
//!    the King's home row that can take it (up to 7), or in one without a relocation. Blocks 2
//!    to 4 name its version 0 (the King on the first such cell, or nowhere); this block gives
//!    [`EXTRA_VERSIONS`] = 6 numbers, versions 1 to 6, to every turn that may capture the King:
//!    each own fighter next to it (its step), each build within a stack's reach of it (then the
//!    step onto it), each stack near it with its step onto it followed by nothing or one of six
//!    cube steps, and its steps next to it followed by the capture. Refused when the candidate
//!    is not legal or has fewer versions. Empty unless the enemy King is near own units.
//!
//! # The draw, and why it is uniform
//!
//! An attempt draws `r` uniform in `0..W`, finds its block, then its direction by prefix sums
//! without branches and the candidate's cell as the bit of that rank in the direction's mask
//! (a branchless select); if the number is refused, the next attempt draws again from
//! scratch.
//!
//! The numbers that are not refused name every legal turn exactly once. A drop turn has its
//! number in block 1 (the two orders of two drops on two cells are one turn, built once, in
//! the canonical order). Any other turn starts with a cube step or a stack step, which is one
//! candidate of blocks 2, 3 or 4; its second action, if any, is one direction (and for a stack
//! step after a build, one length), so one number of that candidate; and if the turn captures
//! the King, its version 0 is that number and its other versions have one number each in
//! block 5, at its candidate there (every King capture is one of the listed shapes). No number
//! names a turn that is not legal: each is checked against the same rules as
//! [`crate::movegen`], and the unit tests compare, number by number, the accepted turns with
//! the generated list on thousands of positions, from play and from random setups. So every
//! attempt gives each legal turn with probability `1/W` and succeeds with probability `N/W`,
//! `N` the number of legal turns: the accepted turn is uniform over the `N`. The counts are
//! bounds (13 = 1 + 6 directions × 2 lengths, 7 = 1 + 6 directions, 7 = the cells of a home
//! row), and nothing else is needed of them.
//!
//! In random games about 60% of the numbers are accepted (most refusals are builds: a new
//! stack among its own cubes has few of its 12 steps), so a ply costs about 1.6 attempts.
//! When `N = 0` the draw must not start: drops, builds and steps onto empty cells or lone
//! Mountains are always legal, and without any of them the plan asks
//! [`Position::has_any_turn`](crate::position::Position) whether a turn exists.
//!
//! [`Game::playout`] plays the game of [`playout_loop`](abstract_game::playout::playout_loop)
//! seed for seed: the same end checks in the same order, the same draw, the turns played
//! without updating the hash (its positions are thrown away), and one weighing per ply for
//! both the "no legal turn" check and the draw.
//!
//! [`Game::random_move`]: abstract_game::Game::random_move
//! [`Game::playout`]: abstract_game::Game::playout

use abstract_game::Outcome;
use abstract_game::bitboard::select128;
use abstract_game::playout::{PlayoutResult, Rng};

use crate::board::{
    HexDirection, NEIGHBOR_MASKS, NEIGHBORS, NONE, SLOTS, Square, TWO_STEPS, shift,
};
use crate::movegen::Masks;
use crate::moves::{Drop, Move};
use crate::piece::{Kind, code_kind};
use crate::position::Position;

/// The most relocation versions of one King-capturing turn: the cells of a home row.
const MAX_RELOCATIONS: u32 = 7;

/// The numbers of one build: the build alone, then a stack step of one or two cells in each
/// of the 6 directions.
const BUILD_BOUND: u32 = 13;

/// The numbers of one stack step: the step alone, then a cube step of its top in each of the 6
/// directions.
const STACK_BOUND: u32 = 7;

/// The numbers of a turn that may capture the enemy King in its last block: its relocation
/// versions but the first.
const EXTRA_VERSIONS: u32 = MAX_RELOCATIONS - 1;

/// The slots of a slot-and-direction table (such as [`NEIGHBORS`]) as one-bit sets (0 for
/// [`NONE`]).
const fn slot_bits(slots: &[[u8; 6]; SLOTS]) -> [[u128; 6]; SLOTS] {
    let mut table = [[0u128; 6]; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        let mut d = 0;
        while d < 6 {
            if slots[s][d] != NONE {
                table[s][d] = 1u128 << slots[s][d];
            }
            d += 1;
        }
        s += 1;
    }
    table
}

/// For each slot and direction, the bit of the neighbour (0 off the board).
const NEIGHBOR_BITS: [[u128; 6]; SLOTS] = slot_bits(&NEIGHBORS);

/// For each slot and direction, the bit of the cell two steps away in a line (0 if none).
const FAR_BITS: [[u128; 6]; SLOTS] = slot_bits(&TWO_STEPS);

/// For each slot, the cells one or two steps away in a line: where a stack standing there
/// may land, and (the relation is symmetric) where a stack may stand to land there.
const REACH: [u128; SLOTS] = {
    let mut table = [0u128; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        let mut d = 0;
        while d < 6 {
            table[s] |= NEIGHBOR_BITS[s][d] | FAR_BITS[s][d];
            d += 1;
        }
        s += 1;
    }
    table
};

/// For each slot, the cells within a stack's reach of it or of one of its neighbours: where a
/// stack may stand to capture a King on this slot in its turn.
const REACH_NEAR: [u128; SLOTS] = {
    let mut table = [0u128; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        table[s] = REACH[s];
        let mut d = 0;
        while d < 6 {
            if NEIGHBORS[s][d] != NONE {
                table[s] |= REACH[NEIGHBORS[s][d] as usize];
            }
            d += 1;
        }
        s += 1;
    }
    table
};

/// The kind of each cube code (0 for no cube).
const CODE_KINDS: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut code = 1;
    while code < 15 {
        table[code] = code_kind(code as u8) as u8;
        code += 1;
    }
    table
};

/// For each attacker kind, the kinds it beats, as bits by kind index.
const BEATEN: [u8; 7] = {
    let mut table = [0u8; 7];
    let mut a = 0;
    while a < 7 {
        let mut d = 0;
        while d < 7 {
            if Kind::ALL[a].beats(Kind::ALL[d]) {
                table[a] |= 1 << d;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

/// The `k`-th lowest set bit of `bb` (`k` below its popcount) as a slot.
#[inline]
fn select(bb: u128, k: u32) -> usize {
    select128(bb, k) as usize
}

/// The index of the block of `counts` that holds number `r` (below their sum), and the number
/// within it, without branches.
#[inline]
fn locate<const N: usize>(counts: &[u32; N], r: u32) -> (usize, u32) {
    let (mut index, mut base, mut end) = (0, 0, 0);
    for &n in counts {
        end += n;
        let past = r >= end;
        index += usize::from(past);
        base = if past { end } else { base };
    }
    (index, r - base)
}

#[inline]
fn sq(slot: usize) -> Square {
    Square::at_slot(slot as u8)
}

/// The cell one step from `slot` against direction `d` (known to be on the board).
#[inline]
fn back(slot: usize, d: usize) -> usize {
    usize::from(NEIGHBORS[slot][(d + 3) % 6])
}

/// The cells where a stack standing on `from` may land: one step onto an empty cell or a
/// cell of `flat`, two steps over an empty cell onto either.
#[inline]
fn stack_reach(from: usize, empty: u128, flat: u128) -> u128 {
    let land = empty | flat;
    let mut dests = 0;
    for d in 0..6 {
        let near = NEIGHBOR_BITS[from][d];
        let over = 0u128.wrapping_sub(u128::from(near & empty != 0));
        dests |= (near | (FAR_BITS[from][d] & over)) & land;
    }
    dests
}

/// The weighed turns of one position: the blocks of one attempt's range, in order.
#[derive(Default)]
pub(crate) struct Plan {
    masks: Masks,
    /// Drop turns (exact).
    drops: u32,
    /// Cube steps that do not build, by direction: the cells they land on (one number each).
    step_cells: [u128; 6],
    steps: [u32; 6],
    step_total: u32,
    /// Builds, by direction: the cells built on ([`BUILD_BOUND`] numbers each).
    build_cells: [u128; 6],
    builds: [u32; 6],
    build_total: u32,
    /// Stack steps of one cell (`2d`) and of two (`2d + 1`) in direction `d`: the cells they
    /// land on ([`STACK_BOUND`] numbers each).
    stack_cells: [u128; 12],
    stack_steps: [u32; 12],
    stack_total: u32,
    /// Turns that may capture the enemy King ([`EXTRA_VERSIONS`] numbers each).
    extras: u32,
    /// Every block: the range of one attempt.
    total: u32,
}

impl Plan {
    /// Whether the position has no legal turn (the game going on, the side to move loses).
    pub(crate) fn is_empty(&self) -> bool {
        self.total == 0
    }
}

impl Position {
    /// The kind of the top cube of a slot (0 when empty).
    #[inline]
    fn top_kind_at(&self, slot: usize) -> usize {
        let [b, t] = self.cells[slot];
        usize::from(CODE_KINDS[usize::from(if t != 0 { t } else { b }) & 15])
    }

    /// Whether the top of `from` beats the top of `to` (both occupied).
    #[inline]
    fn beats_at(&self, from: usize, to: usize) -> bool {
        BEATEN[self.top_kind_at(from)] >> self.top_kind_at(to) & 1 != 0
    }

    /// Weighs the turns of the side to move into `plan`; the caller has checked that the game
    /// goes on (so both Kings are on the board).
    #[inline]
    pub(crate) fn plan_into(&self, plan: &mut Plan) {
        let m = self.masks();
        plan.drops = if self.rules.reserve {
            self.drop_count()
        } else {
            0
        };
        let mut free = 0;
        for (d, &dir) in HexDirection::ALL.iter().enumerate() {
            let moved = shift(m.movers, dir);
            plan.step_cells[d] = moved & m.step_to;
            plan.build_cells[d] = moved & m.build;
            free |= moved & (m.empty | m.lone_mountains);
        }
        plan.steps = plan.step_cells.map(u128::count_ones);
        plan.builds = plan.build_cells.map(u128::count_ones);
        plan.step_total = plan.steps.iter().sum();
        plan.build_total = plan.builds.iter().sum();
        if m.stacks != 0 {
            for (d, &dir) in HexDirection::ALL.iter().enumerate() {
                let one = shift(m.stacks, dir);
                plan.stack_cells[2 * d] = one & m.stack_to;
                plan.stack_cells[2 * d + 1] = shift(one & m.empty, dir) & m.stack_to;
            }
            plan.stack_steps = plan.stack_cells.map(u128::count_ones);
            plan.stack_total = plan.stack_steps.iter().sum();
        } else {
            plan.stack_cells = [0; 12];
            plan.stack_steps = [0; 12];
            plan.stack_total = 0;
        }
        let ks = m.enemy_king.trailing_zeros() as usize;
        let near_king = (NEIGHBOR_MASKS[ks] & m.fighters)
            | (m.build & REACH[ks])
            | (m.stacks & m.fighters & REACH_NEAR[ks]);
        plan.extras = if near_king != 0 {
            self.king_candidates(&m, u32::MAX).err().unwrap_or(0)
        } else {
            0
        };
        plan.total = plan.drops
            + plan.step_total
            + BUILD_BOUND * plan.build_total
            + STACK_BOUND * plan.stack_total
            + EXTRA_VERSIONS * plan.extras;
        // Drops, builds and steps onto free cells are always legal turns; the numbers of the
        // other blocks may all be refused, so without those, ask whether a turn exists.
        if plan.drops == 0
            && plan.build_total == 0
            && free == 0
            && plan.total != 0
            && !self.has_any_turn()
        {
            plan.total = 0;
        }
        plan.masks = m;
    }

    /// Draws a uniformly random legal turn, `None` when there is none.
    pub(crate) fn random_turn(&self, rng: &mut Rng) -> Option<Move> {
        if self.status().is_some() {
            return None;
        }
        let mut plan = Plan::default();
        self.plan_into(&mut plan);
        (!plan.is_empty()).then(|| self.draw(&plan, rng))
    }

    /// Draws a uniformly random legal turn from `plan` (not empty), the plan of this position.
    #[inline]
    pub(crate) fn draw(&self, plan: &Plan, rng: &mut Rng) -> Move {
        loop {
            if let Some(mv) = self.attempt(plan, rng.below(plan.total)) {
                return mv;
            }
        }
    }

    /// The turn of number `r` (below `plan.total`), or `None` for a refused number.
    #[inline]
    fn attempt(&self, plan: &Plan, mut r: u32) -> Option<Move> {
        let m = &plan.masks;
        if r < plan.drops {
            return Some(self.drop_turn(r));
        }
        r -= plan.drops;
        if r < plan.step_total {
            let (d, i) = locate(&plan.steps, r);
            let ts = select(plan.step_cells[d], i);
            return self
                .step_turn(m, back(ts, d), ts)
                .map(|mv| self.first_version(m, mv));
        }
        r -= plan.step_total;
        if r < BUILD_BOUND * plan.build_total {
            let (d, i) = locate(&plan.builds, r / BUILD_BOUND);
            let ts = select(plan.build_cells[d], i);
            return self
                .build_turn(m, back(ts, d), ts, r % BUILD_BOUND)
                .map(|mv| self.first_version(m, mv));
        }
        r -= BUILD_BOUND * plan.build_total;
        if r < STACK_BOUND * plan.stack_total {
            let (k, i) = locate(&plan.stack_steps, r / STACK_BOUND);
            let ts = select(plan.stack_cells[k], i);
            let (d, mid) = (k / 2, back(ts, k / 2));
            let fs = if k % 2 == 0 { mid } else { back(mid, d) };
            return self
                .stack_turn(m, fs, ts, r % STACK_BOUND)
                .map(|mv| self.first_version(m, mv));
        }
        r -= STACK_BOUND * plan.stack_total;
        let (i, j) = (r / EXTRA_VERSIONS, 1 + r % EXTRA_VERSIONS);
        match self.king_candidates(m, i) {
            Ok(mv) => mv.and_then(|mv| self.relocated(mv, j)),
            Err(_) => None,
        }
    }

    /// Relocation version `j` of `mv`, a turn that captures the enemy King, or `None` when `mv`
    /// has fewer versions. Version 0 puts the King on the first cell of its home row that can
    /// take it, or nowhere when none can.
    #[cold]
    fn relocated(&self, mv: Move, j: u32) -> Option<Move> {
        let mut after = self.clone();
        after.play_actions(mv);
        let cells = after.relocation_cells(!self.to_move);
        if cells == 0 {
            (j == 0).then_some(mv)
        } else {
            (j < cells.count_ones()).then(|| mv.with_relocation(Some(sq(select(cells, j)))))
        }
    }

    /// `mv` (legal but for its relocation), as its relocation version 0 if its last action
    /// lands on the enemy King: the legal turns that capture the King are exactly those.
    #[inline]
    fn first_version(&self, m: &Masks, mv: Move) -> Move {
        if m.enemy_king & mv.last_to().bit() != 0 || m.enemy_king & mv.first_to().bit() != 0 {
            self.relocated(mv, 0).unwrap_or(mv)
        } else {
            mv
        }
    }

    /// The cube step `fs-ts` onto a cell of `step_to`, refused if it is a capture the mover
    /// cannot make. (Like the two below, without the relocation of a captured King.)
    #[inline]
    fn step_turn(&self, m: &Masks, fs: usize, ts: usize) -> Option<Move> {
        if m.prey >> ts & 1 != 0 && !self.beats_at(fs, ts) {
            return None;
        }
        Some(Move::cube(sq(fs), sq(ts), None))
    }

    /// Number `j` (below [`BUILD_BOUND`]) of the build of the top cube of `fs` onto `ts`: 0
    /// the build alone, `1 + 2e` and `2 + 2e` the build then the new stack's step of one or
    /// two cells in direction `e`, refused unless that step is legal.
    #[inline]
    fn build_turn(&self, m: &Masks, fs: usize, ts: usize, j: u32) -> Option<Move> {
        let cube = |stack_to| Move::cube(sq(fs), sq(ts), stack_to);
        if j == 0 {
            return Some(cube(None));
        }
        let (e, two) = (((j - 1) / 2) as usize, (j - 1) % 2 == 1);
        // The cells empty once the cube has left `fs` (empty too if it stood alone).
        let left = m.empty | u128::from(self.cells[fs][1] == 0) << fs;
        let near = NEIGHBOR_BITS[ts][e];
        let land = if two {
            if near & left == 0 {
                return None;
            }
            FAR_BITS[ts][e]
        } else {
            near
        };
        if land & left == 0 {
            // Else only a capture of an enemy unit off a Mountain that the mover beats.
            if land & m.stack_to == 0 || !self.beats_at(fs, land.trailing_zeros() as usize) {
                return None;
            }
        }
        Some(cube(Some(sq(land.trailing_zeros() as usize))))
    }

    /// Number `j` (below [`STACK_BOUND`]) of the stack step `fs=ts` onto a cell of `stack_to`:
    /// 0 the step alone, `1 + e` the step then its top's cube step in direction `e`; refused
    /// if the stack step captures what its top does not beat, or the cube step is not legal.
    #[inline]
    fn stack_turn(&self, m: &Masks, fs: usize, ts: usize, j: u32) -> Option<Move> {
        if m.opp >> ts & 1 != 0 && !self.beats_at(fs, ts) {
            return None;
        }
        let cube_to = if j == 0 {
            None
        } else {
            let u = NEIGHBOR_BITS[ts][(j - 1) as usize];
            // After the stack step `fs` is empty; `ts` is no neighbour of itself.
            let open = m.empty | 1u128 << fs | m.lone_mountains | m.build;
            if u & open == 0 {
                let us = u.trailing_zeros() as usize;
                if u & m.prey == 0 || !self.beats_at(fs, us) {
                    return None;
                }
            }
            Some(sq(u.trailing_zeros() as usize))
        };
        Some(Move::stack(sq(fs), sq(ts), cube_to))
    }

    /// The turns that may capture the enemy King, in a fixed order: each own cube next to it
    /// that beats it (its step onto it); each build by a fighter within a stack's reach of it
    /// (then the stack's step onto it); and for each stack of a fighter near it, its step onto
    /// the King followed by nothing or by a cube step in each direction, then its steps next to
    /// the King followed by the capture.
    ///
    /// With `i` below their number, `Ok` with candidate `i`: the turn (relocation version 0)
    /// when it is legal and captures the King, `None` when it is not. With `i` at or above it,
    /// `Err` with their number.
    fn king_candidates(&self, m: &Masks, mut i: u32) -> Result<Option<Move>, u32> {
        let ks = m.enemy_king.trailing_zeros() as usize;
        let near = NEIGHBOR_MASKS[ks];
        let mut count = 0;
        // Cube steps onto the King.
        let attackers = near & m.fighters;
        let n = attackers.count_ones();
        if i < n {
            let mv = Move::cube(sq(select(attackers, i)), sq(ks), None);
            return Ok(Some(mv));
        }
        i -= n;
        count += n;
        // A stack only captures a King that is not on a Mountain.
        let flat_king = m.enemy_king & !self.mountains != 0;
        // Builds within a stack's reach of the King, then the stack's step onto it.
        let builds = m.build & REACH[ks];
        if flat_king && builds != 0 {
            for (d, &dir) in HexDirection::ALL.iter().enumerate() {
                let pairs = shift(m.fighters, dir) & builds;
                let n = pairs.count_ones();
                if i < n {
                    let ts = select(pairs, i);
                    return Ok(self.build_onto_king(m, back(ts, d), ts, ks));
                }
                i -= n;
                count += n;
            }
        }
        // Stacks near the King.
        let mut stacks = m.stacks & m.fighters & REACH_NEAR[ks];
        while stacks != 0 {
            let fs = stacks.trailing_zeros() as usize;
            stacks &= stacks - 1;
            let onto = if flat_king && REACH[fs] & m.enemy_king != 0 {
                STACK_BOUND
            } else {
                0
            };
            let beside = REACH[fs] & near;
            let n = onto + beside.count_ones();
            if i < n {
                let flat = m.stack_to & m.opp;
                let reach = stack_reach(fs, m.empty, flat);
                if i < onto {
                    // The step onto the King, then number `i` of the stack's turns there.
                    return Ok((reach & m.enemy_king != 0)
                        .then(|| self.stack_turn(m, fs, ks, i))
                        .flatten());
                }
                let ts = select(beside, i - onto);
                if reach >> ts & 1 == 0 || m.opp >> ts & 1 != 0 && !self.beats_at(fs, ts) {
                    return Ok(None);
                }
                let mv = Move::stack(sq(fs), sq(ts), Some(sq(ks)));
                return Ok(Some(mv));
            }
            i -= n;
            count += n;
        }
        Err(count)
    }

    /// The build of the fighter on `fs` onto `ts`, then the new stack's step onto the King on
    /// `ks` (within a stack's reach of `ts`), if that step is legal.
    fn build_onto_king(&self, m: &Masks, fs: usize, ts: usize, ks: usize) -> Option<Move> {
        let left = m.empty | u128::from(self.cells[fs][1] == 0) << fs;
        // Every fighter beats the King, which stands off a Mountain.
        if stack_reach(ts, left, m.enemy_king) & m.enemy_king == 0 {
            return None;
        }
        Some(Move::cube(sq(fs), sq(ts), Some(sq(ks))))
    }

    /// Drop turn number `r` (below [`Self::drop_count`]): single Mountains, single Wise men,
    /// two on one empty cell (MM, MW, WW), then two Mountains, two Wise men, and a Mountain
    /// with a Wise man on neighbouring cells.
    fn drop_turn(&self, mut r: u32) -> Move {
        let (empty, to_m, to_w, [mm, mw, ww]) = self.drop_cells();
        let m = |to| Drop::new(Kind::Mountain, to);
        let w = |to| Drop::new(Kind::Wise, to);
        let single = |d| Move::Drop {
            first: d,
            second: None,
        };
        let n = to_m.count_ones();
        if r < n {
            return single(m(sq(select(to_m, r))));
        }
        r -= n;
        let n = to_w.count_ones();
        if r < n {
            return single(w(sq(select(to_w, r))));
        }
        r -= n;
        let n = empty.count_ones();
        for (allowed, bottom, top) in [
            (mm, Kind::Mountain, Kind::Mountain),
            (mw, Kind::Mountain, Kind::Wise),
            (ww, Kind::Wise, Kind::Wise),
        ] {
            if allowed {
                if r < n {
                    let cell = sq(select(empty, r));
                    return Move::Drop {
                        first: Drop::new(bottom, cell),
                        second: Some(Drop::new(top, cell)),
                    };
                }
                r -= n;
            }
        }
        // Pairs of neighbouring cells: the bit of the second cell in a mask shifted from the
        // first one's set, the first one behind it.
        let mut pair = |a: u128, b: u128, dirs: &[HexDirection], ka: Kind, kb: Kind| {
            for &d in dirs {
                let ends = shift(a, d) & b;
                let n = ends.count_ones();
                if r < n {
                    let second = select(ends, r);
                    let first = sq(back(second, d.index()));
                    let second = sq(second);
                    return Some(Move::drops(
                        Drop::new(ka, first),
                        Some(Drop::new(kb, second)),
                    ));
                }
                r -= n;
            }
            None
        };
        const HALF: [HexDirection; 3] = [
            HexDirection::East,
            HexDirection::NorthEast,
            HexDirection::NorthWest,
        ];
        if mm {
            if let Some(mv) = pair(to_m, to_m, &HALF, Kind::Mountain, Kind::Mountain) {
                return mv;
            }
        }
        if ww {
            if let Some(mv) = pair(to_w, to_w, &HALF, Kind::Wise, Kind::Wise) {
                return mv;
            }
        }
        if mw {
            if let Some(mv) = pair(to_m, to_w, &HexDirection::ALL, Kind::Mountain, Kind::Wise) {
                return mv;
            }
        }
        unreachable!("a drop number beyond the drop count")
    }

    /// Plays uniformly random turns from here until the game ends or `max_plies` turns have
    /// been played: the game of [`abstract_game::playout::playout_loop`], seed for seed, with
    /// each ply's end check and draw sharing one weighing.
    pub(crate) fn random_game(&self, rng: &mut Rng, max_plies: u32) -> PlayoutResult {
        let mut pos = self.clone();
        let mut plies = 0;
        let mut plan = Plan::default();
        loop {
            if let Some(outcome) = pos.status() {
                return PlayoutResult {
                    plies,
                    outcome: Some(outcome),
                };
            }
            pos.plan_into(&mut plan);
            if plan.is_empty() {
                return PlayoutResult {
                    plies,
                    outcome: Some(Outcome::win(!pos.to_move)),
                };
            }
            if plies >= max_plies {
                return PlayoutResult {
                    plies,
                    outcome: None,
                };
            }
            let mv = pos.draw(&plan, rng);
            pos.play_unhashed(mv);
            plies += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use abstract_game::{Game, TextGame};

    use super::*;
    use crate::movegen::MoveList;
    use crate::rules::Rules;

    /// Tries every number of `0..W`: the accepted ones must name each legal turn exactly once
    /// (then each attempt gives each legal turn with probability `1/W`) and nothing else.
    /// Returns the number of turns and the weight.
    fn check_every_number(pos: &Position) -> (usize, u32) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if pos.status().is_some() {
            assert!(moves.is_empty());
            assert_eq!(pos.random_turn(&mut Rng::seed_from_u64(0)), None);
            return (0, 0);
        }
        let mut plan = Plan::default();
        pos.plan_into(&mut plan);
        assert_eq!(plan.is_empty(), moves.is_empty(), "{pos}");
        let mut named: HashMap<Move, u32> = HashMap::new();
        for r in 0..plan.total {
            if let Some(mv) = pos.attempt(&plan, r) {
                *named.entry(mv).or_default() += 1;
            }
        }
        for &mv in moves.iter() {
            assert_eq!(
                named.remove(&mv),
                Some(1),
                "{} in {pos}",
                pos.move_to_string(mv)
            );
        }
        assert!(
            named.is_empty(),
            "turns that are not legal in {pos}: {named:?}"
        );
        (moves.len(), plan.total)
    }

    #[test]
    fn select_finds_every_bit() {
        let mut rng = Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let bb = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                & (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()));
            let bits: Vec<usize> = (0..128).filter(|&i| bb >> i & 1 != 0).collect();
            for (k, &b) in bits.iter().enumerate() {
                assert_eq!(select(bb, k as u32), b, "{bb:x} {k}");
            }
        }
    }

    #[test]
    fn every_legal_turn_has_exactly_one_number() {
        let (mut turns, mut weight, mut relocations, mut positions) = (0, 0, 0, 0);
        let rules = [
            Rules::STANDARD,
            Rules::NO_DROP,
            Rules {
                reserve: true,
                no_capture_limit: 0,
                handicap: None,
            },
        ];
        for (r, &rules) in rules.iter().enumerate() {
            for game in 0..40u64 {
                let mut rng = Rng::seed_from_u64(1000 * r as u64 + game);
                let mut pos = Position::new(rules);
                for _ in 0..300 {
                    let (n, w) = check_every_number(&pos);
                    (turns, weight, positions) = (turns + n, weight + w as usize, positions + 1);
                    let Some(mv) = pos.random_turn(&mut rng) else {
                        break;
                    };
                    relocations += usize::from(mv.relocation().is_some());
                    pos.play_unchecked(mv);
                }
            }
        }
        assert!(
            positions > 15_000 && relocations > 200,
            "{positions} {relocations}"
        );
        // The bounds stay close enough that most attempts succeed.
        assert!(turns * 10 > weight * 5, "{turns} turns, weight {weight}");
    }

    #[test]
    fn hand_made_positions_have_their_numbers() {
        for text in [
            // White's Rock takes Black's King, which goes back to any free cell of row i.
            "3k3/8/3R3/8/9/8/7/8/3K3 w -/- 40 1",
            // ... or nowhere: row i is full of White cubes.
            "RPSRPSF/8/7/8/3Rk4/8/3(SP)3/8/3K3 w -/- 40 1",
            // White's lone King cannot take the Black cubes round it: no turn at all.
            "3k3/8/7/8/9/8/7/rr6/Kp5 w -/- 40 1",
            // A stack step onto the King, with seven continuations of seven versions.
            "1p1s2s/r1fm3f/1r2(pk)2/(FR)M(ps)(MW)m3/PP1m1(wr)3/3M(SK)2p/1SM2(SS)F/2m2r2/R3R2 b -/- 0 86",
            // Drops on one cell and on neighbours, beside builds and stacks.
            "prskrs1/fsprsp1f/5(rp)1/8/3W5/2W5/7/FRPSRPSF/PSRKSRP w MMMM/mmmmww 38 3",
            "prskrs1/fsprsp1f/5(rp)1/8/3W5/2W5/7/FRPSRPSF/PSRKSRP w M/mw 38 3",
        ] {
            let rules = Rules {
                reserve: true,
                no_capture_limit: 0,
                handicap: None,
            };
            let pos = Position::from_text(text, rules)
                .or_else(|_| Position::from_text(text, Rules::default()))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            check_every_number(&pos);
        }
    }

    #[test]
    fn random_setups_have_their_numbers() {
        let mut rng = Rng::seed_from_u64(0xd2a3);
        let mut relocations = 0;
        for i in 0..1500 {
            let rules = Rules {
                reserve: i % 3 != 1,
                no_capture_limit: [40, 0, 5][i % 3],
                handicap: None,
            };
            let pos = crate::test_support::random_setup(&mut rng, rules);
            check_every_number(&pos);
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            relocations += moves.iter().filter(|m| m.relocation().is_some()).count();
        }
        assert!(relocations > 1000, "{relocations}");
    }

    #[test]
    fn unhashed_play_is_play_but_for_the_hash() {
        for seed in 0..50 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut pos = Position::new(Rules::default());
            while let Some(mv) = pos.random_turn(&mut rng) {
                let mut quick = pos.clone();
                quick.play_unhashed(mv);
                pos.play_unchecked(mv);
                quick.hash = pos.hash;
                assert_eq!(quick, pos);
            }
        }
    }
}
