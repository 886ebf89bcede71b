//! Legal move generation and counting: the hot loop.
//!
//! Both work from one [`Plan`] of the position: each movable archer with its legal
//! destinations, the drop holes, and what a return would need. Returns are the only thing that
//! makes one step into several moves (one per free hole of the own first row), and their number
//! per step follows from set sizes, so counting never builds a list. The random draw of
//! [`crate::draw`] picks a move from the same plan, and the two-ply count of
//! [`crate::two_plies`] starts from the sets of [`Position::plain_moves`] and the sums here.
//!
//! Without returns in play (no seed-rule pool, or no credit and no marked arrival possible)
//! each step is one move, and two shortcuts skip the plan. Listing walks the target sets
//! straight away ([`Position::for_each_plain_move`], which the tests hold to the plan's list,
//! order included). Counting is a closed form: the sum of the set sizes, less the refused
//! shuttle step, plus the empty holes of the own first row when a drop is possible, less the
//! captures onto the goal row when the restriction refuses them. It needs only the mover's
//! archers and shuttle record for the sums ([`TargetSums`], straight-line code) and the enemy
//! archers and the pool for the rest ([`Mover`]), so `count_after` fills these in from the move
//! without playing it, and the sums are the same for every move that captures nothing.

use abstract_game::Side;
use abstract_game::bitboard::Bitboard32;

use crate::board::{Hole, TARGETS_ANY, TARGETS_NO_BACKWARD, goal_row, home_row};
use crate::moves::Move;
use crate::position::{Position, Shuttle};
use crate::rules::{Blocked, Direction, ReturnRule, Rules};

/// Step targets by direction rule, side and hole (`[direction][side][hole]`, Jarmo first),
/// padded to 32 holes so that any bit index of a set is a valid index.
pub(crate) const STEP_TARGETS: [[[u32; 32]; 2]; 2] = {
    let mut out = [[[0u32; 32]; 2]; 2];
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 25 {
            out[Direction::Jarmo as usize][s][i] = TARGETS_ANY[s][i];
            out[Direction::Jasir as usize][s][i] = TARGETS_NO_BACKWARD[s][i];
            i += 1;
        }
        s += 1;
    }
    out
};

/// The movable archers of the side to move, in hole order, with their legal destinations
/// (the no-shuttling ban applied, the goal-row capture restriction not).
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    /// Origins and destination sets (the first `len` entries).
    pub(crate) origins: [u32; 5],
    pub(crate) targets: [u32; 5],
    pub(crate) len: usize,
    /// Number of destinations over all archers.
    pub(crate) n: u32,
    /// Every destination.
    pub(crate) reach: u32,
}

/// The legal moves of a position, in compact form.
pub(crate) struct Plan {
    /// The steps, with the goal-row capture restriction applied.
    pub(crate) steps: Steps,
    /// Holes where a drop is legal.
    pub(crate) drops: u32,
    /// Whether some step may spend a return credit (seed rule, a non-empty pool, and a credit
    /// waiting or a marked arrival possible). When false every step is one move.
    pub(crate) returns: bool,
    /// What returns depend on.
    context: ReturnContext,
}

/// The legal moves of a position where no step returns an archer, as sets (see
/// [`Position::plain_moves`]).
#[derive(Clone, Copy)]
pub(crate) struct PlainMoves {
    /// The movable archers in hole order (the sentinel hole 31 past the last one) and their
    /// destinations, the refused shuttle step and refused captures taken out.
    pub(crate) origins: [u32; 5],
    pub(crate) sets: [u32; 5],
    /// Holes where a drop is legal.
    pub(crate) drops: u32,
    /// Whether the only move is a pass.
    pub(crate) pass: bool,
}

/// The facts of the side to move that decide which steps return an archer.
#[derive(Clone, Copy)]
pub(crate) struct ReturnContext {
    /// A credit is already waiting.
    credit_waiting: bool,
    /// Holes holding a marked archer of the side to move.
    marked: u32,
    /// Enemy archers.
    enemy: u32,
    /// The mover's goal row (the enemy's first row).
    goal: u32,
    /// The mover's own first row, and its empty holes.
    home: u32,
    empty_home: u32,
}

impl ReturnContext {
    /// The context of the side to move of `pos`.
    #[inline]
    pub(crate) fn new(pos: &Position) -> ReturnContext {
        let us = pos.to_move;
        let own = pos.archers[us.index()].0;
        let enemy = pos.archers[1 - us.index()].0;
        let home = home_row(us).0;
        ReturnContext {
            credit_waiting: pos.credits[us.index()] > 0,
            marked: pos.marked.0 & own,
            enemy,
            goal: goal_row(us).0,
            home,
            empty_home: home & !(own | enemy),
        }
    }

    /// The returns of the steps of the archer at `from` towards `targets`, assuming some step
    /// of the ply may return an archer.
    #[inline]
    pub(crate) fn of_archer(&self, from: u32, targets: u32) -> ArcherReturns {
        let spend = if self.credit_waiting {
            targets
        } else {
            // A credit is earned by a marked archer arriving: marked before (all ones here),
            // or by this capture. No branch on the archer.
            let marked = 0u32.wrapping_sub(self.marked >> (from & 31) & 1);
            targets & (self.enemy | marked) & self.goal
        };
        ArcherReturns {
            spend,
            base: self.empty_home | (self.home & 1 << from),
        }
    }
}

/// Which steps of one archer return an archer, and where to.
#[derive(Clone, Copy)]
pub(crate) struct ArcherReturns {
    /// Destinations whose step spends a credit (if a hole is free).
    pub(crate) spend: u32,
    /// The own first row's free holes once the archer has left, before its destination is
    /// taken out.
    pub(crate) base: u32,
}

impl ArcherReturns {
    /// No step returns anything.
    pub(crate) const NONE: ArcherReturns = ArcherReturns { spend: 0, base: 0 };

    /// The holes a step to `to` may return an archer to (empty when it returns none).
    #[inline]
    fn return_holes(self, to: u32) -> u32 {
        if self.spend >> to & 1 != 0 {
            self.base & !(1 << to)
        } else {
            0
        }
    }

    /// How many moves the archer has towards `targets`.
    #[inline]
    pub(crate) fn count(self, targets: u32) -> u32 {
        let free = self.base.count_ones();
        let plain = (targets & !self.spend).count_ones();
        // A spending step has one move per free hole other than its destination, or a single
        // move (the credit waits) when none is free.
        let spending = if free <= 1 {
            self.spend.count_ones()
        } else {
            self.spend.count_ones() * free - (self.spend & self.base).count_ones()
        };
        plain + spending
    }
}

impl Plan {
    /// The returns of the archer at `from` with destinations `targets`.
    #[inline]
    pub(crate) fn spending(&self, from: u32, targets: u32) -> ArcherReturns {
        if self.returns {
            self.context.of_archer(from, targets)
        } else {
            ArcherReturns::NONE
        }
    }

    /// The number of steps and drops.
    #[inline]
    fn count(&self) -> u32 {
        let steps = &self.steps;
        if !self.returns {
            return steps.n + self.drops.count_ones();
        }
        let mut n = self.drops.count_ones();
        for (&from, &t) in steps.origins[..steps.len].iter().zip(&steps.targets) {
            n += self.spending(from, t).count(t);
        }
        n
    }
}

impl Position {
    /// The steps of the side with index `s`, which is to move, by its step targets `table`.
    #[inline(always)]
    fn steps(&self, s: usize, table: &[u32; 32]) -> Steps {
        let own = self.archers[s].0;
        // Archers on the enemy's first row never move again.
        let us = if s == 0 { Side::First } else { Side::Second };
        let movable = own & !goal_row(us).0;
        let mut origins = [0u32; 5];
        let mut targets = [0u32; 5];
        let mut len = 0;
        let mut n = 0;
        let mut reach = 0;
        let mut rest = movable;
        while rest != 0 && len < 5 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let t = table[from as usize & 31] & !own;
            origins[len] = from;
            targets[len] = t;
            len += 1;
            n += t.count_ones();
            reach |= t;
        }
        let shuttle = self.shuttle[s];
        if self.rules.no_shuttling && shuttle.count >= 3 && movable >> (shuttle.to & 31) & 1 != 0 {
            // The step back along the last one is refused.
            let i = (movable & ((1u32 << (shuttle.to & 31)) - 1)).count_ones() as usize;
            let ban = 1u32 << (shuttle.from & 31);
            if i < 5 && targets[i] & ban != 0 {
                targets[i] &= !ban;
                n -= 1;
                reach = targets.iter().fold(0, |all, &t| all | t);
            }
        }
        Steps {
            origins,
            targets,
            len,
            n,
            reach,
        }
    }

    /// Works out the plan of the side to move.
    #[inline(always)]
    pub(crate) fn plan(&self) -> Plan {
        let us = self.to_move;
        let s = us.index();
        let table = &STEP_TARGETS[self.rules.direction as usize][s];
        let mut steps = self.steps(s, table);
        let context = ReturnContext::new(self);
        let ReturnContext {
            enemy,
            goal,
            marked,
            ..
        } = context;
        let pool = self.pool[s];
        let drops = match self.rules.return_rule {
            ReturnRule::Reserve if pool > 0 => context.empty_home,
            _ => 0,
        };
        // A credit can only be earned by reaching the goal row marked, or by capturing there.
        let returns = self.rules.return_rule == ReturnRule::Seed
            && pool > 0
            && (context.credit_waiting
                || steps.reach & enemy & goal != 0
                || marked_arrival(table, marked & !goal, self.archers[s].0, goal));
        if self.rules.goal_row_capture_restriction && (drops != 0 || steps.reach & !goal != 0) {
            steps.n = 0;
            for t in &mut steps.targets[..steps.len] {
                *t &= !(goal & enemy);
                steps.n += t.count_ones();
            }
        }
        Plan {
            steps,
            drops,
            returns,
            context,
        }
    }

    /// Whether the side to move has a step or a drop (anything but a pass): whether it has a
    /// move to count (the goal-row capture restriction never refuses the last move, and a
    /// step that may return an archer is at least one move). Stops at the first archer with
    /// a step.
    pub(crate) fn has_step_or_drop(&self) -> bool {
        let us = self.to_move;
        let s = us.index();
        let (own, enemy) = (self.archers[s].0, self.archers[1 - s].0);
        let rules = self.rules;
        if rules.return_rule == ReturnRule::Reserve
            && self.pool[s] > 0
            && home_row(us).0 & !(own | enemy) != 0
        {
            return true;
        }
        // The first archer with a target other than the refused shuttle step settles it.
        let table = &STEP_TARGETS[rules.direction as usize][s];
        let shuttle = self.shuttle[s];
        let (ban_from, ban_to) = if rules.no_shuttling && shuttle.count >= 3 {
            (u32::from(shuttle.to), 1u32 << (shuttle.from & 31))
        } else {
            (31, 0)
        };
        let mut rest = own & !goal_row(us).0;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let mut t = table[from as usize & 31] & !own;
            if from == ban_from {
                t &= !ban_to;
            }
            if t != 0 {
                return true;
            }
        }
        false
    }

    /// Calls `f` with every legal move, in a fixed order: steps by origin then destination
    /// hole (returns by hole), then drops, then a pass when nothing else is legal.
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        if !self.for_each_plain_move(&mut f) {
            self.for_each_planned_move(&mut f);
        }
    }

    /// [`for_each_move`](Self::for_each_move) from the plan, for any position of an unfinished
    /// game (the road for returns; the plain road must list the same moves in the same order
    /// wherever it is taken, which the tests check).
    pub(crate) fn for_each_planned_move(&self, f: &mut impl FnMut(Move)) {
        let plan = self.plan();
        let mut any = plan.drops != 0;
        let steps = &plan.steps;
        for (&from, &targets) in steps.origins[..steps.len].iter().zip(&steps.targets) {
            any |= targets != 0;
            let returns = plan.spending(from, targets);
            for to in Bitboard32(targets) {
                let step_from = Hole::from_bit(from);
                let step_to = Hole::from_bit(to);
                let free = returns.return_holes(to);
                if free != 0 {
                    for hole in Bitboard32(free) {
                        f(Move::Step {
                            from: step_from,
                            to: step_to,
                            return_to: Some(Hole::from_bit(hole)),
                        });
                    }
                } else {
                    f(Move::step(step_from, step_to));
                }
            }
        }
        for hole in Bitboard32(plan.drops) {
            f(Move::Drop(Hole::from_bit(hole)));
        }
        if !any && self.rules.blocked == Blocked::Pass {
            f(Move::Pass);
        }
    }

    /// [`for_each_move`](Self::for_each_move) when no step can return an archer, straight from
    /// the sets of [`plain_moves`](Self::plain_moves). Returns `false`, having called nothing,
    /// when returns are in play.
    #[inline(always)]
    fn for_each_plain_move(&self, f: &mut impl FnMut(Move)) -> bool {
        let Some(plain) = self.plain_moves(self.rules) else {
            return false;
        };
        for (&from, &set) in plain.origins.iter().zip(&plain.sets) {
            let from = Hole::from_bit(from);
            for to in Bitboard32(set) {
                f(Move::step(from, Hole::from_bit(to)));
            }
        }
        for hole in Bitboard32(plain.drops) {
            f(Move::Drop(Hole::from_bit(hole)));
        }
        if plain.pass {
            f(Move::Pass);
        }
        true
    }

    /// The legal moves of the side to move under `rules` (the position's own, some of them
    /// perhaps made constants by the caller) as sets, when no step can return an archer; `None`
    /// when returns are in play. The sets are straight-line code over five archer slots, the
    /// no-shuttling ban applied, so that what the goal-row capture restriction takes out is
    /// known before any move is looked at.
    #[inline(always)]
    pub(crate) fn plain_moves(&self, rules: Rules) -> Option<PlainMoves> {
        let us = self.to_move;
        let s = us.index();
        let own = self.archers[s].0;
        let enemy = self.archers[1 - s].0;
        let goal = goal_row(us).0;
        let table = &STEP_TARGETS[rules.direction as usize][s];
        let movable = own & !goal;
        // The refused shuttle step: its origin (31, no hole, when none) and destination bit.
        let shuttle = self.shuttle[s];
        let (ban_from, ban_to) = if rules.no_shuttling && shuttle.count >= 3 {
            (u32::from(shuttle.to), 1u32 << (shuttle.from & 31))
        } else {
            (31, 0)
        };
        // Past the last archer the sentinel hole 31 has no targets.
        let mut origins = [31u32; 5];
        let mut sets = [0u32; 5];
        let mut rest = movable;
        let mut reach = 0;
        for (origin, set) in origins.iter_mut().zip(&mut sets) {
            let from = (rest | 1 << 31).trailing_zeros();
            rest &= rest.wrapping_sub(1);
            let banned = ban_to & 0u32.wrapping_sub(u32::from(from == ban_from));
            let t = table[from as usize & 31] & !own & !banned;
            *origin = from;
            *set = t;
            reach |= t;
        }
        let pool = self.pool[s];
        if rules.return_rule == ReturnRule::Seed
            && pool > 0
            && (self.credits[s] > 0
                || reach & enemy & goal != 0
                || marked_arrival(table, self.marked.0 & movable, own, goal))
        {
            return None;
        }
        let home = home_row(us).0;
        let drops = match rules.return_rule {
            ReturnRule::Reserve if pool > 0 => home & !(own | enemy),
            _ => 0,
        };
        // Captures onto the goal row are refused while another move ends elsewhere.
        if rules.goal_row_capture_restriction && (drops != 0 || reach & !goal != 0) {
            for set in &mut sets {
                *set &= !(goal & enemy);
            }
        }
        Some(PlainMoves {
            origins,
            sets,
            drops,
            pass: reach == 0 && drops == 0 && rules.blocked == Blocked::Pass,
        })
    }

    /// The number of legal moves, counted without building them.
    pub(crate) fn count_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        self.count_unfinished()
    }

    /// The number of legal moves of a position whose game goes on.
    #[inline]
    pub(crate) fn count_unfinished(&self) -> usize {
        let n = self.count_steps_and_drops();
        if n == 0 && self.rules.blocked == Blocked::Pass {
            1
        } else {
            n as usize
        }
    }

    /// The number of steps and drops. Without returns in play this is a sum of set sizes,
    /// counted here without a plan.
    #[inline]
    fn count_steps_and_drops(&self) -> u32 {
        let s = self.to_move.index();
        let mover = Mover {
            side: self.to_move,
            own: self.archers[s].0,
            enemy: self.archers[1 - s].0,
            pool: self.pool[s],
            credit_waiting: self.credits[s] > 0,
            marked: self.marked.0,
            shuttle: self.shuttle[s],
        };
        match mover.count(self.rules) {
            Some(n) => n,
            None => self.plan().count(),
        }
    }
}

/// What counting the moves of one side needs, that side being to move: its archers, the
/// enemy's, its pool, credits and shuttle record, and the marked holes. Nothing else of a
/// position (the hash, the passes, the other side's records) changes the count, so
/// [`count_after`](abstract_game::Game::count_after) fills this in without playing the move.
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    /// The side to move.
    pub(crate) side: Side,
    /// Its archers and the enemy's.
    pub(crate) own: u32,
    pub(crate) enemy: u32,
    /// Its pool (captured archers or reserve, by the return rule).
    pub(crate) pool: u8,
    /// Whether it has an unspent return credit.
    pub(crate) credit_waiting: bool,
    /// Marked holes (only the side's own are read).
    pub(crate) marked: u32,
    /// Its no-shuttling record.
    pub(crate) shuttle: Shuttle,
}

impl Mover {
    /// The number of steps and drops of `self.side` under `rules`, as a sum of set sizes, or
    /// `None` when it needs the plan: when some step may return an archer (seed rule), or when
    /// the goal-row capture restriction and the no-shuttling ban both bite.
    #[inline(always)]
    pub(crate) fn count(&self, rules: Rules) -> Option<u32> {
        self.count_from(
            rules,
            &TargetSums::of(rules, self.side, self.own, self.shuttle),
        )
    }

    /// [`count`](Self::count) from the side's [`TargetSums`] (which only its own archers and
    /// shuttle record decide).
    #[inline(always)]
    pub(crate) fn count_from(&self, rules: Rules, sums: &TargetSums) -> Option<u32> {
        let s = self.side.index();
        let (own, enemy) = (self.own, self.enemy);
        let goal = goal_row(self.side).0;
        let pool = self.pool;
        let drops = match rules.return_rule {
            ReturnRule::Seed
                if pool > 0
                    && (self.credit_waiting
                        || sums.reach & enemy & goal != 0
                        || marked_arrival(
                            &STEP_TARGETS[rules.direction as usize][s],
                            self.marked & own & !goal,
                            own,
                            goal,
                        )) =>
            {
                // Some steps return an archer: count archer by archer.
                return None;
            }
            ReturnRule::Reserve if pool > 0 => {
                (home_row(self.side).0 & !(own | enemy)).count_ones()
            }
            _ => 0,
        };
        let mut n = sums.n;
        if rules.goal_row_capture_restriction {
            let goal_captures = sums.steps_onto(goal & enemy);
            if sums.ban && goal_captures != 0 {
                // Whether the ban leaves a move off the goal row is the plan's business.
                return None;
            }
            // Captures onto the goal row are refused while another move ends elsewhere
            // (bitwise and a mask: whether there are any is hard to predict).
            let elsewhere = (drops != 0) | (sums.reach & !goal != 0);
            n -= goal_captures & 0u32.wrapping_sub(u32::from(elsewhere));
        }
        Some(n + drops)
    }
}

/// The sums over the targets of one side's movable archers that counting needs, which depend
/// on nothing but its archers and its shuttle record. Straight-line code over at most five
/// archers, so that `count_after` finds them loop-invariant for the moves that capture
/// nothing (the compiler then works them out once per node of perft's last-but-one ply).
#[derive(Clone, Copy)]
pub(crate) struct TargetSums {
    /// Number of destinations over all archers, less the refused shuttle step.
    pub(crate) n: u32,
    /// Every destination (the refused one included).
    pub(crate) reach: u32,
    /// How many archers reach each hole, bit-sliced (bit `h` of `times[j]` is bit `j` of the
    /// number for hole `h`; at most five archers, so three bits are enough); read under the
    /// goal-row capture restriction only.
    times: [u32; 3],
    /// Whether the no-shuttling rule refuses one of the steps.
    pub(crate) ban: bool,
}

impl TargetSums {
    /// The number of the side's steps (the refused one included) that end on `holes`.
    #[inline(always)]
    pub(crate) fn steps_onto(&self, holes: u32) -> u32 {
        let [once, twice, four] = self.times;
        (holes & once).count_ones()
            + 2 * (holes & twice).count_ones()
            + 4 * (holes & four).count_ones()
    }

    /// The sums of `side`, whose archers are `own` and shuttle record `shuttle`, under `rules`.
    #[inline(always)]
    pub(crate) fn of(rules: Rules, side: Side, own: u32, shuttle: Shuttle) -> TargetSums {
        let table = &STEP_TARGETS[rules.direction as usize][side.index()];
        let movable = own & !goal_row(side).0;
        let mut rest = movable;
        let (mut n, mut reach) = (0, 0);
        let mut times = [0u32; 3];
        // At most five archers; past the last one the sentinel hole 31 has no targets.
        for _ in 0..5 {
            let from = (rest | 1 << 31).trailing_zeros();
            rest &= rest.wrapping_sub(1);
            let t = table[from as usize & 31] & !own;
            n += t.count_ones();
            reach |= t;
            // (Kept whatever the rules: a branch here would keep the sums from being
            // loop-invariant.)
            let carry = times[0] & t;
            times[0] ^= t;
            times[2] |= times[1] & carry;
            times[1] ^= carry;
        }
        // The refused shuttle step, when it is a target (bitwise `&`: no branch either).
        let ban = rules.no_shuttling
            & (shuttle.count >= 3)
            & (movable >> (shuttle.to & 31) & 1 != 0)
            & ((table[usize::from(shuttle.to & 31)] & !own) >> (shuttle.from & 31) & 1 != 0);
        TargetSums {
            n: n - u32::from(ban),
            reach,
            times,
            ban,
        }
    }
}

/// Whether one of the `marked` archers has a step (by `table`) to a hole of `goal` not held by
/// `own`: a marked arrival that would earn a credit.
#[inline]
pub(crate) fn marked_arrival(table: &[u32; 32], mut marked: u32, own: u32, goal: u32) -> bool {
    while marked != 0 {
        let from = marked.trailing_zeros();
        marked &= marked - 1;
        if table[from as usize & 31] & goal & !own != 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    use abstract_game::Game;

    use crate::test_support::{game_positions, legal_list};

    /// The moves of `pos` by the plain road (`None` when it is not taken) and by the plan.
    fn both_roads(pos: &Position) -> (Option<Vec<Move>>, Vec<Move>) {
        let mut plain = Vec::new();
        let taken = pos.for_each_plain_move(&mut |mv| plain.push(mv));
        let mut planned = Vec::new();
        pos.for_each_planned_move(&mut |mv| planned.push(mv));
        (taken.then_some(plain), planned)
    }

    #[test]
    fn the_plain_road_lists_the_plans_moves_in_its_order() {
        let (mut plain, mut planned) = (0, 0);
        for pos in game_positions(8) {
            if pos.outcome.is_some() {
                continue;
            }
            match both_roads(&pos) {
                (Some(fast), slow) => {
                    assert!(fast.is_empty() || !slow.is_empty(), "{pos}");
                    assert_eq!(fast, slow, "{pos}");
                    plain += 1;
                }
                (None, _) => {
                    // Only returns send a position to the plan.
                    let s = pos.to_move.index();
                    assert!(
                        pos.rules.return_rule == ReturnRule::Seed && pos.pool[s] > 0,
                        "{pos}"
                    );
                    planned += 1;
                }
            }
        }
        assert!(plain > 10_000 && planned > 1_000, "{plain} {planned}");
    }

    #[test]
    fn counts_and_counts_after_equal_the_lists() {
        let mut moves = 0;
        for pos in game_positions(4) {
            let list = legal_list(&pos);
            assert_eq!(pos.count_legal_moves(), list.len(), "{pos}");
            if pos.outcome.is_none() {
                assert_eq!(
                    pos.has_step_or_drop(),
                    list.iter().any(|&mv| mv != Move::Pass),
                    "{pos}"
                );
            }
            for &mv in &list {
                let mut next = crate::MoveList::new();
                pos.after(mv).legal_moves(&mut next);
                assert_eq!(pos.count_after(mv), next.len(), "{pos} then {mv:?}");
                moves += 1;
            }
        }
        assert!(moves > 100_000, "{moves}");
    }

    #[test]
    fn padded_tables_match_the_board_tables() {
        for side in Side::BOTH {
            let s = side.index();
            let [jarmo, jasir] = STEP_TARGETS;
            assert_eq!(jarmo[s][..25], TARGETS_ANY[s]);
            assert_eq!(jasir[s][..25], TARGETS_NO_BACKWARD[s]);
            assert!(
                jarmo[s][25..]
                    .iter()
                    .chain(&jasir[s][25..])
                    .all(|&t| t == 0)
            );
        }
    }
}
