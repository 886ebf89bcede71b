//! Legal move generation and counting: the hot loop.

use abstract_game::Side;
use abstract_game::bitboard::Bitboard32;

use crate::board::{Hole, Holes, TARGETS_ANY, TARGETS_NO_BACKWARD, goal_row, home_row};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Blocked, Direction, ReturnRule};

/// The step targets of every movable archer of the side to move, before the goal-row capture
/// restriction: at most 5 archers.
struct Steps {
    from: [u8; 5],
    targets: [u32; 5],
    len: usize,
}

impl Position {
    #[inline]
    fn step_table(&self) -> &'static [u32; 25] {
        let s = self.to_move.index();
        match self.rules.direction {
            Direction::Jarmo => &TARGETS_ANY[s],
            Direction::Jasir => &TARGETS_NO_BACKWARD[s],
        }
    }

    /// Step targets per archer, the no-shuttling rule applied.
    #[inline]
    fn steps(&self) -> Steps {
        let us = self.to_move;
        let own = self.archers(us);
        let table = self.step_table();
        // Archers on the enemy's first row never move again.
        let movable = own.minus(goal_row(us));
        let mut steps = Steps {
            from: [0; 5],
            targets: [0; 5],
            len: 0,
        };
        let shuttle = self.shuttle(us);
        let forbidden = self.rules.no_shuttling && shuttle.count >= 3;
        for from in movable {
            let mut targets = table[from as usize] & !own.0;
            if forbidden && from == u32::from(shuttle.to) {
                targets &= !(1 << shuttle.from);
            }
            if steps.len < 5 {
                steps.from[steps.len] = from as u8;
                steps.targets[steps.len] = targets;
                steps.len += 1;
            }
        }
        steps
    }

    /// The holes where a drop is legal now (empty: no drop) under the reserve rule.
    #[inline]
    fn drop_holes(&self) -> Holes {
        if self.rules.return_rule == ReturnRule::Reserve && self.pool(self.to_move) > 0 {
            self.empty_home(self.to_move)
        } else {
            Holes::EMPTY
        }
    }

    /// The captures to take out of `steps` under the goal-row capture restriction (a mask of
    /// destinations), given the drops available.
    #[inline]
    fn restricted(&self, steps: &Steps, drops: Holes) -> u32 {
        if !self.rules.goal_row_capture_restriction {
            return 0;
        }
        let us = self.to_move;
        let goal = goal_row(us).0;
        let mut any_off_goal = !drops.is_empty();
        for &t in &steps.targets[..steps.len] {
            any_off_goal |= t & !goal != 0;
        }
        if any_off_goal {
            goal & self.archers(!us).0
        } else {
            0
        }
    }

    /// Whether the side to move has a step or a drop (anything but a pass).
    pub(crate) fn has_step_or_drop(&self) -> bool {
        let steps = self.steps();
        steps.targets[..steps.len].iter().any(|&t| t != 0) || !self.drop_holes().is_empty()
    }

    /// Calls `f` with every legal move, in a fixed order: steps by origin then destination
    /// hole (returns by hole), then drops, then a pass when nothing else is legal.
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let us = self.to_move;
        let steps = self.steps();
        let drops = self.drop_holes();
        let banned = self.restricted(&steps, drops);
        let mut any = false;
        let returns = self.rules.return_rule == ReturnRule::Seed && self.pool(us) > 0;
        let occupied = self.archers[0] | self.archers[1];
        for k in 0..steps.len {
            let from = steps.from[k];
            let targets = Bitboard32(steps.targets[k] & !banned);
            for to in targets {
                any = true;
                let step_from = Hole::new(from).unwrap_or_else(|| unreachable!());
                let step_to = Hole::new(to as u8).unwrap_or_else(|| unreachable!());
                if returns {
                    let free = self.return_holes(us, from as u32, to, occupied);
                    if !free.is_empty() {
                        for hole in Hole::all_in(free) {
                            f(Move::Step {
                                from: step_from,
                                to: step_to,
                                return_to: Some(hole),
                            });
                        }
                        continue;
                    }
                }
                f(Move::step(step_from, step_to));
            }
        }
        for hole in Hole::all_in(drops) {
            any = true;
            f(Move::Drop(hole));
        }
        if !any && self.rules.blocked == Blocked::Pass {
            f(Move::Pass);
        }
    }

    /// The holes where the step `from` -> `to` must put a returning archer (empty when the step
    /// spends no credit). Only called under the seed rule with a non-empty pool.
    #[inline]
    fn return_holes(&self, us: Side, from: u32, to: u32, occupied: Holes) -> Holes {
        let marked_after = self.marked.contains(from) || self.archers(!us).contains(to);
        let earns = marked_after && goal_row(us).contains(to);
        if self.credits(us) == 0 && !earns {
            return Holes::EMPTY;
        }
        home_row(us).minus(occupied.without(from).with(to))
    }

    /// The number of legal moves, counted without building them where possible.
    pub(crate) fn count_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let us = self.to_move;
        let may_return = self.rules.return_rule == ReturnRule::Seed
            && self.pool(us) > 0
            && (self.credits(us) > 0
                || self.marked.intersects(self.archers(us))
                || self.archers(!us).intersects(goal_row(us)));
        if may_return {
            let mut n = 0;
            self.for_each_move(|_| n += 1);
            return n;
        }
        let steps = self.steps();
        let drops = self.drop_holes();
        let banned = self.restricted(&steps, drops);
        let mut n = drops.count() as usize;
        for &t in &steps.targets[..steps.len] {
            n += (t & !banned).count_ones() as usize;
        }
        if n == 0 && self.rules.blocked == Blocked::Pass {
            1
        } else {
            n
        }
    }
}
