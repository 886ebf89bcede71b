//! Uniform random moves without listing them: the sampler behind Jarmo's [`Game::random_move`] and
//! the general road of its [`Game::playout`].
//!
//! A random game needs one move per ply, not the list of them. The draw counts the moves by set
//! sizes instead and finds the move of a uniform rank `k` in the order of
//! [`Position::for_each_move`], the order of the move list: the move the list gives for the same
//! random number, so that a game played with the draw is move for move the game played from the
//! list.
//!
//! Most plies are steps drawn from the archers' target sets alone, by the step road of the
//! random-game loop ([`Position::sample_step`], in [`crate::playout`]). The other plies (drops,
//! passes, captures that the goal-row capture restriction may refuse) take the plan of
//! [`crate::movegen`]: each archer's number of moves is its destinations' count, with returns
//! as [`ArcherReturns::count`] has them, and the `k`-th move is found archer by archer, then
//! among the drops ([`sample_among`]). Within one archer only the destinations that spend a
//! return credit stand for several moves (one per free hole of the own first row), so
//! [`ArcherReturns::nth`] walks those alone. The unit tests hold every rank of every archer to
//! the listed move of that rank.
//!
//! [`Game::random_move`]: abstract_game::Game::random_move
//! [`Game::playout`]: abstract_game::Game::playout

use abstract_game::Side;
use abstract_game::bitboard::{Bitboard32, select32};
use abstract_game::playout::Rng;

use crate::board::Hole;
use crate::movegen::{ArcherReturns, STEP_TARGETS, Steps};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Blocked;

impl ArcherReturns {
    /// The archer's `k`-th move towards `targets` in destination then return-hole order, `k`
    /// being below [`count`](Self::count): the destination and the return hole, if any.
    ///
    /// Only the spending destinations (seldom more than one) can stand for several moves, so
    /// the walk goes over them alone: each one passed adds its moves but one to the offset of
    /// the destinations after it, and a `k` that falls short of one's first move is a plain
    /// step found by rank.
    #[inline]
    pub(crate) fn nth(self, targets: u32, k: u32) -> (u32, Option<u32>) {
        let mut extra = 0;
        let mut rest = self.spend;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            // Where the moves of `to` start.
            let first = (targets & ((1 << to) - 1)).count_ones() + extra;
            if k < first {
                break;
            }
            let free = self.base & !(1 << to);
            let moves = free.count_ones().max(1);
            if k < first + moves {
                return (to, (free != 0).then(|| select32(free, k - first)));
            }
            extra += moves - 1;
        }
        (select32(targets, k.wrapping_sub(extra)), None)
    }
}

impl Position {
    /// A legal move drawn uniformly: the `k`-th move of [`for_each_move`](Self::for_each_move)'s
    /// order for a uniform `k`, found without building the list.
    pub(crate) fn sample_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let tables = &STEP_TARGETS[self.rules.direction as usize];
        let step = match self.to_move {
            Side::First => self.sample_step::<0>(rng, self.rules, &tables[0]),
            Side::Second => self.sample_step::<1>(rng, self.rules, &tables[1]),
        };
        match step {
            Some(step) => Some(Move::Step {
                from: Hole::from_bit(step.from),
                to: Hole::from_bit(step.to),
                return_to: step.back.map(Hole::from_bit),
            }),
            None => self.sample_planned(rng),
        }
    }

    /// [`sample_move`](Self::sample_move) from the plan, for any position of an unfinished game.
    pub(crate) fn sample_planned(&self, rng: &mut Rng) -> Option<Move> {
        let plan = self.plan();
        match sample_among(
            rng,
            &plan.steps,
            |from, t| plan.spending(from, t),
            plan.drops,
        ) {
            Some(Drawn::Step { from, to, back }) => Some(Move::Step {
                from: Hole::from_bit(from),
                to: Hole::from_bit(to),
                return_to: back.map(Hole::from_bit),
            }),
            Some(Drawn::Drop(hole)) => Some(Move::Drop(Hole::from_bit(hole))),
            None => (self.rules.blocked == Blocked::Pass).then_some(Move::Pass),
        }
    }
}

/// A move drawn by [`sample_among`].
enum Drawn {
    /// A step, with the hole an archer returns to, if any.
    Step {
        from: u32,
        to: u32,
        back: Option<u32>,
    },
    /// A drop onto a hole.
    Drop(u32),
}

/// Draws uniformly among the moves of `steps` (each archer's returns as `returns_of` gives
/// them for its origin and destinations) and then the drops onto `drops`: the `k`-th move of
/// [`Position::for_each_move`]'s order for a uniform `k`. `None` when there is none.
#[inline(always)]
fn sample_among(
    rng: &mut Rng,
    steps: &Steps,
    returns_of: impl Fn(u32, u32) -> ArcherReturns,
    drops: u32,
) -> Option<Drawn> {
    let origins = &steps.origins[..steps.len];
    let mut counts = [0u32; 5];
    let mut n = drops.count_ones();
    for ((count, &from), &t) in counts.iter_mut().zip(origins).zip(&steps.targets) {
        *count = returns_of(from, t).count(t);
        n += *count;
    }
    if n == 0 {
        return None;
    }
    let mut k = rng.below(n);
    for ((&count, &from), &t) in counts.iter().zip(origins).zip(&steps.targets) {
        if k < count {
            let (to, back) = returns_of(from, t).nth(t, k);
            return Some(Drawn::Step { from, to, back });
        }
        k -= count;
    }
    // `k` is below the number of drops here: the fallback is never taken.
    Some(Drawn::Drop(Bitboard32(drops).nth(k).unwrap_or(32)))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::{TARGETS_ANY, TARGETS_NO_BACKWARD};
    use crate::test_support::game_positions;

    /// Every move of every archer, found by its rank through `ArcherReturns::nth`, is the
    /// plan's list's move of that rank, wherever returns are in play.
    #[test]
    fn each_rank_of_an_archers_moves_is_the_listed_move() {
        let (mut ranks, mut multiple) = (0, 0);
        for pos in game_positions(12) {
            let plan = pos.plan();
            if pos.outcome.is_some() || !plan.returns {
                continue;
            }
            let mut listed = Vec::new();
            pos.for_each_planned_move(&mut |mv| listed.push(mv));
            let mut moves = listed.iter();
            let steps = &plan.steps;
            for (&from, &targets) in steps.origins[..steps.len].iter().zip(&steps.targets) {
                let returns = plan.spending(from, targets);
                for k in 0..returns.count(targets) {
                    let (to, back) = returns.nth(targets, k);
                    let drawn = Move::Step {
                        from: Hole::from_bit(from),
                        to: Hole::from_bit(to),
                        return_to: back.map(Hole::from_bit),
                    };
                    assert_eq!(Some(&drawn), moves.next(), "{pos}, rank {k} from {from}");
                    ranks += 1;
                }
                multiple += usize::from(returns.count(targets) > targets.count_ones());
            }
        }
        assert!(ranks > 20_000 && multiple > 1_500, "{ranks} {multiple}");
    }

    #[test]
    fn select32_finds_the_kth_lowest_hole() {
        for hole in 0..25 {
            for set in [
                TARGETS_ANY[0][hole],
                TARGETS_NO_BACKWARD[0][hole],
                TARGETS_NO_BACKWARD[1][hole],
            ] {
                // Every subset of a hole's lines.
                let mut sub = set;
                loop {
                    for k in 0..sub.count_ones() {
                        assert_eq!(
                            Some(select32(sub, k)),
                            Bitboard32(sub).nth(k),
                            "{sub:#x} {k}"
                        );
                    }
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & set;
                }
            }
        }
    }
}
