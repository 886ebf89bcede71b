//! Legal move generation, counting and uniform drawing: the hot loop.
//!
//! All three work from one [`Plan`] of the position: each movable archer with its legal
//! destinations, the drop holes, and what a return would need. Returns are the only thing that
//! makes one step into several moves (one per free hole of the own first row), and their
//! number per step follows from set sizes, so counting and drawing never build a list.

use abstract_game::Side;
use abstract_game::playout::Rng;

use crate::board::{Hole, TARGETS_ANY, TARGETS_NO_BACKWARD, goal_row, home_row};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Blocked, Direction, ReturnRule};
use abstract_game::bitboard::Bitboard32;

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

/// The legal moves of a position, in compact form.
struct Plan {
    /// Movable archers (at most 5) and their legal destinations (no-shuttling and goal-row
    /// capture restriction applied).
    from: [u8; 5],
    targets: [u32; 5],
    len: usize,
    /// Number of destinations over all archers (the steps, when no step returns an archer).
    plain: u32,
    /// Holes where a drop is legal.
    drops: u32,
    /// Whether some step may spend a return credit (seed rule, a non-empty pool, and a credit
    /// waiting or a marked arrival possible). When false every step is one move.
    returns: bool,
    /// What returns depend on.
    context: ReturnContext,
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
            // A credit is earned by a marked archer arriving: marked before, or by this capture.
            let marking = if self.marked >> from & 1 != 0 {
                targets
            } else {
                targets & self.enemy
            };
            marking & self.goal
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
    spend: u32,
    /// The own first row's free holes once the archer has left, before its destination is
    /// taken out.
    base: u32,
}

impl ArcherReturns {
    /// No step returns anything.
    const NONE: ArcherReturns = ArcherReturns { spend: 0, base: 0 };

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

    /// The archer's `k`-th move towards `targets` in destination then return-hole order, `k`
    /// being below [`count`](Self::count): the destination and the return hole, if any.
    #[inline]
    pub(crate) fn nth(self, targets: u32, mut k: u32) -> (u32, Option<u32>) {
        if self.spend == 0 {
            return (nth_bit(targets, k), None);
        }
        let mut rest = targets;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            let free = self.return_holes(to);
            let c = free.count_ones().max(1);
            if k < c {
                return (to, (free != 0).then(|| nth_bit(free, k)));
            }
            k -= c;
        }
        unreachable!("`k` is below the archer's count")
    }
}

impl Plan {
    /// The returns of the archer at `from` with destinations `targets`.
    #[inline]
    fn spending(&self, from: u32, targets: u32) -> ArcherReturns {
        if self.returns {
            self.context.of_archer(from, targets)
        } else {
            ArcherReturns::NONE
        }
    }

    /// How many moves the archer at `from` has towards `targets`.
    #[inline]
    fn count_from(&self, from: u32, targets: u32) -> u32 {
        self.spending(from, targets).count(targets)
    }

    /// The number of steps and drops.
    #[inline]
    fn count(&self) -> u32 {
        if !self.returns {
            return self.plain + self.drops.count_ones();
        }
        let mut n = self.drops.count_ones();
        for i in 0..self.len {
            n += self.count_from(u32::from(self.from[i]), self.targets[i]);
        }
        n
    }
}

impl Position {
    /// Works out the plan of the side to move.
    #[inline(always)]
    fn plan(&self) -> Plan {
        let us = self.to_move;
        let s = us.index();
        let own = self.archers[s].0;
        let enemy = self.archers[1 - s].0;
        let table = match self.rules.direction {
            Direction::Jarmo => &TARGETS_ANY[s],
            Direction::Jasir => &TARGETS_NO_BACKWARD[s],
        };
        let goal = goal_row(us).0;
        let home = home_row(us).0;
        let empty_home = home & !(own | enemy);
        let shuttle = self.shuttle[s];
        let shuttle_ban = self.rules.no_shuttling && shuttle.count >= 3;
        let mut plan = Plan {
            from: [0; 5],
            targets: [0; 5],
            len: 0,
            plain: 0,
            drops: 0,
            returns: false,
            context: ReturnContext {
                credit_waiting: false,
                marked: self.marked.0 & own,
                enemy,
                goal,
                home,
                empty_home,
            },
        };
        // Destinations of all archers and of marked ones: a credit can only be earned by
        // reaching the goal row marked, or by capturing there.
        let mut reach = 0;
        let mut marked_reach = 0;
        // Archers on the enemy's first row never move again.
        let mut movable = own & !goal;
        while movable != 0 && plan.len < 5 {
            let from = movable.trailing_zeros();
            movable &= movable - 1;
            let mut targets = table[from as usize] & !own;
            if shuttle_ban && from == u32::from(shuttle.to) {
                targets &= !(1 << shuttle.from);
            }
            plan.from[plan.len] = from as u8;
            plan.targets[plan.len] = targets;
            plan.len += 1;
            plan.plain += targets.count_ones();
            reach |= targets;
            if plan.context.marked >> from & 1 != 0 {
                marked_reach |= targets;
            }
        }
        let pool = self.pool[s];
        match self.rules.return_rule {
            ReturnRule::Reserve if pool > 0 => plan.drops = empty_home,
            ReturnRule::Seed if pool > 0 => {
                plan.context.credit_waiting = self.credits[s] > 0;
                plan.returns =
                    plan.context.credit_waiting || (marked_reach | reach & enemy) & goal != 0;
            }
            _ => {}
        }
        if self.rules.goal_row_capture_restriction {
            let off_goal = plan.drops != 0 || reach & !goal != 0;
            if off_goal {
                plan.plain = 0;
                for t in &mut plan.targets[..plan.len] {
                    *t &= !(goal & enemy);
                    plan.plain += t.count_ones();
                }
            }
        }
        plan
    }

    /// Whether the side to move has a step or a drop (anything but a pass).
    pub(crate) fn has_step_or_drop(&self) -> bool {
        let plan = self.plan();
        plan.drops != 0 || plan.targets[..plan.len].iter().any(|&t| t != 0)
    }

    /// Calls `f` with every legal move, in a fixed order: steps by origin then destination
    /// hole (returns by hole), then drops, then a pass when nothing else is legal.
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let plan = self.plan();
        let mut any = plan.drops != 0;
        for i in 0..plan.len {
            let from = u32::from(plan.from[i]);
            let targets = plan.targets[i];
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

    /// The number of steps and drops. Without returns and restricted captures in play this is
    /// a sum of set sizes, counted here without a plan.
    #[inline]
    fn count_steps_and_drops(&self) -> u32 {
        if self.rules.goal_row_capture_restriction {
            self.count_from_sets::<true>()
        } else {
            self.count_from_sets::<false>()
        }
    }

    /// [`count_steps_and_drops`](Self::count_steps_and_drops) with the goal-row capture
    /// restriction on (`RESTRICTED`) or off.
    #[inline(always)]
    fn count_from_sets<const RESTRICTED: bool>(&self) -> u32 {
        let us = self.to_move;
        let s = us.index();
        let own = self.archers[s].0;
        let enemy = self.archers[1 - s].0;
        let goal = goal_row(us).0;
        let table = &STEP_TARGETS[self.rules.direction as usize][s];
        let movable = own & !goal;
        let forbidden = goal & enemy;
        let mut rest = movable;
        let mut n = 0;
        let mut reach = 0;
        // Captures onto the goal row, which the restriction may refuse.
        let mut goal_captures = 0;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let t = table[from as usize & 31] & !own;
            n += t.count_ones();
            reach |= t;
            if RESTRICTED {
                goal_captures += (t & forbidden).count_ones();
            }
        }
        let shuttle = self.shuttle[s];
        // The refused shuttle step, as its origin and destination bit, when it is a target.
        let ban = self.rules.no_shuttling
            && shuttle.count >= 3
            && movable >> (shuttle.to & 31) & 1 != 0
            && (table[usize::from(shuttle.to & 31)] & !own) >> (shuttle.from & 31) & 1 != 0;
        let restricted = RESTRICTED && goal_captures != 0;
        let pool = self.pool[s];
        let drops = match self.rules.return_rule {
            ReturnRule::Seed
                if pool > 0
                    && (self.credits[s] > 0
                        || reach & enemy & goal != 0
                        || marked_arrival(table, self.marked.0 & movable, own, goal)) =>
            {
                if restricted {
                    return self.plan().count();
                }
                // Some steps return an archer: count archer by archer.
                let context = ReturnContext::new(self);
                let mut n = 0;
                let mut rest = movable;
                while rest != 0 {
                    let from = rest.trailing_zeros();
                    rest &= rest - 1;
                    let mut t = table[from as usize & 31] & !own;
                    if ban && from == u32::from(shuttle.to) {
                        t &= !(1 << (shuttle.from & 31));
                    }
                    n += context.of_archer(from, t).count(t);
                }
                return n;
            }
            ReturnRule::Reserve if pool > 0 => (home_row(us).0 & !(own | enemy)).count_ones(),
            _ => 0,
        };
        if restricted {
            if ban {
                // Whether the ban leaves a move off the goal row is the plan's business.
                return self.plan().count();
            }
            if drops != 0 || reach & !goal != 0 {
                // Captures onto the goal row are refused while another move ends elsewhere.
                n -= goal_captures;
            }
        }
        if ban {
            n -= 1;
        }
        n + drops
    }

    /// A legal move drawn uniformly: the `k`-th move of [`for_each_move`]'s order for a uniform
    /// `k`, found without building the list.
    pub(crate) fn draw_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let tables = &STEP_TARGETS[self.rules.direction as usize];
        let step = match self.to_move {
            Side::First => self.draw_step::<0>(rng, &tables[0]),
            Side::Second => self.draw_step::<1>(rng, &tables[1]),
        };
        match step {
            Some(step) => Some(Move::Step {
                from: Hole::from_bit(step.from),
                to: Hole::from_bit(step.to),
                return_to: step.back.map(Hole::from_bit),
            }),
            None => self.draw_planned(rng),
        }
    }

    /// [`draw_move`](Self::draw_move) from the plan, for any position of an unfinished game.
    pub(crate) fn draw_planned(&self, rng: &mut Rng) -> Option<Move> {
        let plan = self.plan();
        if !plan.returns {
            let n = plan.plain + plan.drops.count_ones();
            if n == 0 {
                return (self.rules.blocked == Blocked::Pass).then_some(Move::Pass);
            }
            let mut k = rng.below(n);
            for i in 0..plan.len {
                let c = plan.targets[i].count_ones();
                if k < c {
                    let to = nth_bit(plan.targets[i], k);
                    return Some(Move::step(
                        Hole::from_bit(u32::from(plan.from[i])),
                        Hole::from_bit(to),
                    ));
                }
                k -= c;
            }
            return Some(Move::Drop(Hole::from_bit(nth_bit(plan.drops, k))));
        }
        let mut counts = [0u32; 5];
        let mut n = plan.drops.count_ones();
        for (i, count) in counts.iter_mut().enumerate().take(plan.len) {
            *count = plan.count_from(u32::from(plan.from[i]), plan.targets[i]);
            n += *count;
        }
        if n == 0 {
            return (self.rules.blocked == Blocked::Pass).then_some(Move::Pass);
        }
        let mut k = rng.below(n);
        for (i, &count) in counts.iter().enumerate().take(plan.len) {
            if k >= count {
                k -= count;
                continue;
            }
            let from = u32::from(plan.from[i]);
            let targets = plan.targets[i];
            let (to, back) = plan.spending(from, targets).nth(targets, k);
            return Some(Move::Step {
                from: Hole::from_bit(from),
                to: Hole::from_bit(to),
                return_to: back.map(Hole::from_bit),
            });
        }
        Some(Move::Drop(Hole::from_bit(nth_bit(plan.drops, k))))
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

/// The index of the `k`-th set bit of `bits` (from 0, lowest first); `k` must be below the count.
#[inline]
pub(crate) fn nth_bit(mut bits: u32, k: u32) -> u32 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}
