//! perft's last two plies in one pass: [`Game::count_two_plies`] for Jarmo.
//!
//! Nearly all of perft's time goes into the positions two plies above the leaves: for each of
//! their moves the replies are counted ([`Game::count_after`], which fills in what counting
//! needs from the move without playing it). Sibling moves change little, and those that capture
//! nothing least of all: such a step changes the replier's count only through the hole it
//! leaves and the hole it reaches, and both enter that count additively. So the pass here takes
//! the moves straight from the sets of [`Position::plain_moves`] (no move is encoded and
//! decoded), works out the replier's target sums once for the parent, and sums the replies to
//! all the quiet steps of one archer in closed form with a few set sizes ([`QuietReplies`]).
//! Captures, drops and passes are counted move by move; so are the quiet steps where the closed
//! form does not apply (the replier may return an archer, or the goal-row capture restriction
//! meets a refused shuttle step), and every move when the mover may return one (from the plan).
//!
//! The unit tests hold the pass to the sum of `count_after` and to perft's enumeration two
//! plies deep, and each archer's closed form to its quiet steps one by one, under every
//! combination of rule options.
//!
//! [`Game::count_two_plies`]: abstract_game::Game::count_two_plies
//! [`Game::count_after`]: abstract_game::Game::count_after

use abstract_game::bitboard::Bitboard32;

use crate::board::{Hole, goal_row, home_row};
use crate::movegen::{Mover, TargetSums};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Blocked, ReturnRule, Rules};

/// The number of replies to each step of the side to move that captures nothing, in closed
/// form per archer: such a step changes the replier's count only through the holes it leaves
/// and reaches, and both enter it additively (the replier's drops lose the destination when it
/// is on the replier's first row, its refused goal-row captures gain the destination's and lose
/// the origin's attackers when they are on the mover's first row). So one archer's quiet steps
/// are counted with a few set sizes, without looking at them one by one.
#[derive(Clone, Copy)]
pub(crate) struct QuietReplies {
    /// The mover's goal row (the replier's first row, where it drops) and the mover's first
    /// row (the replier's goal row, where its captures may be refused).
    goal: u32,
    home: u32,
    /// The replier's sums.
    sums: TargetSums,
    /// Whether the goal-row capture restriction is in force.
    restriction: bool,
    /// The replier's steps and drops when the step lands off the mover's goal row, and when it
    /// lands on it (one drop hole fewer), before refused captures are taken out.
    base_off_goal: u32,
    base_on_goal: u32,
    /// Whether the replier has a move off its goal row, in those two cases (then its captures
    /// onto the goal row are refused).
    elsewhere_off_goal: bool,
    elsewhere_on_goal: bool,
    /// The replier's steps onto the mover's archers on its first row as they stand.
    refused_now: u32,
    /// The only archer of the mover off its goal row whose arrival there ends the game, if any
    /// (no bit otherwise).
    last_to_arrive: u32,
    /// Whether a blocked replier passes (its count is then at least one).
    pass: bool,
}

impl QuietReplies {
    /// The closed form for the steps of a mover whose pool is `mover_pool`, `replier` being
    /// the next mover as it stands (its enemy the mover's archers before the step) and `sums`
    /// its target sums; `None` when a reply count needs the plan (returns in play for the
    /// replier, or the restriction together with a refused shuttle step).
    #[inline(always)]
    pub(crate) fn new(
        rules: Rules,
        replier: &Mover,
        sums: &TargetSums,
        mover_pool: u8,
    ) -> Option<QuietReplies> {
        let mover = replier.side.opponent();
        let (own, enemy) = (replier.enemy, replier.own);
        let (goal, home) = (goal_row(mover).0, home_row(mover).0);
        let restriction = rules.goal_row_capture_restriction;
        let drop_holes = match rules.return_rule {
            ReturnRule::Seed if replier.pool > 0 => return None,
            ReturnRule::Reserve if replier.pool > 0 => (goal & !(own | enemy)).count_ones(),
            _ => 0,
        };
        if restriction && sums.ban {
            return None;
        }
        let off_goal = own & !goal;
        let reserve_waits = rules.return_rule == ReturnRule::Reserve && mover_pool > 0;
        let steps_elsewhere = sums.reach & !home != 0;
        Some(QuietReplies {
            goal,
            home,
            sums: *sums,
            restriction,
            base_off_goal: sums.n + drop_holes,
            base_on_goal: sums.n + drop_holes.saturating_sub(1),
            elsewhere_off_goal: drop_holes != 0 || steps_elsewhere,
            // A step onto the goal row fills one drop hole. (`drop_holes > 0` would count the
            // same in every legal position: if every replier step ends on its goal row, no
            // replier archer stands on its first row (no set of at most four does that, the
            // test `four_archers_cannot_confine_their_steps_to_the_goal_row` checks them all),
            // so with one hole free there the mover holds the other four, and its step is the
            // arrival of its fifth and last archer, which `last_to_arrive` counts as no
            // replies. The tests cannot tell the two apart; hence this note.)
            elsewhere_on_goal: drop_holes > 1 || steps_elsewhere,
            refused_now: sums.steps_onto(home & own),
            last_to_arrive: if off_goal.count_ones() == 1 && !reserve_waits {
                off_goal
            } else {
                0
            },
            pass: rules.blocked == Blocked::Pass,
        })
    }

    /// The sum of the replier's move counts over the steps of the mover's archer at `from` to
    /// `targets`, which are empty holes.
    #[inline(always)]
    pub(crate) fn of_archer(&self, from: u32, targets: u32) -> u32 {
        let from_bit = 1u32 << (from & 31);
        // The replier's refused captures once the archer has left, before its destination is
        // counted (the origin's attackers are no longer captures).
        let refused = if self.restriction {
            self.refused_now - self.sums.steps_onto(from_bit & self.home)
        } else {
            0
        };
        let replies = |base: u32, elsewhere: bool| {
            // The restriction never refuses the last move, so only a count without refusals
            // can be 0; a blocked replier that passes has one move.
            let n = if elsewhere { base - refused } else { base };
            if n == 0 && self.pass { 1 } else { n }
        };
        let off_goal = targets & !self.goal;
        let on_goal = targets & self.goal;
        let arrivals = if from_bit == self.last_to_arrive {
            0
        } else {
            on_goal.count_ones() * replies(self.base_on_goal, self.elsewhere_on_goal)
        };
        // A destination on the mover's first row adds its attackers to the refused captures.
        let newly_refused = if self.restriction && self.elsewhere_off_goal {
            self.sums.steps_onto(off_goal & self.home)
        } else {
            0
        };
        off_goal.count_ones() * replies(self.base_off_goal, self.elsewhere_off_goal) - newly_refused
            + arrivals
    }
}

impl Position {
    /// [`count_two_plies`](abstract_game::Game::count_two_plies) under `rules` (as for
    /// [`count_after_under`](Self::count_after_under)), for a position whose game goes on. The
    /// moves come straight from the sets of [`plain_moves`](Self::plain_moves), those that
    /// capture nothing apart from the captures, so that no move is encoded and decoded and the
    /// replies' sums are worked out once; with returns in play, move by move from the plan.
    #[inline(always)]
    pub(crate) fn count_two_plies_under(&self, rules: Rules) -> u64 {
        let sums = self.reply_sums(rules);
        let Some(plain) = self.plain_moves(rules) else {
            let mut total = 0;
            self.for_each_planned_move(&mut |mv| {
                total += self.count_after_under(mv, rules, sums) as u64;
            });
            return total;
        };
        let s = self.to_move.index();
        let (own, enemy) = (self.archers[s].0, self.archers[1 - s].0);
        let quiet = QuietReplies::new(rules, &self.replier(own, enemy), &sums, self.pool[s]);
        let mut total = 0;
        for (&from, &set) in plain.origins.iter().zip(&plain.sets) {
            // (The sentinel origin 31 has no destinations: no hole is made of it.)
            let left = own & !(1 << (from & 31));
            let step = |to| Move::step(Hole::from_bit(from), Hole::from_bit(to));
            match &quiet {
                Some(quiet) => total += u64::from(quiet.of_archer(from, set & !enemy)),
                None => {
                    for to in Bitboard32(set & !enemy) {
                        let count =
                            self.count_after_quiet_step(step(to), left | 1 << to, rules, &sums);
                        total += count as u64;
                    }
                }
            }
            for to in Bitboard32(set & enemy) {
                let count = self.count_after_capture(step(to), left | 1 << to, 1 << to, rules);
                total += count as u64;
            }
        }
        for hole in Bitboard32(plain.drops) {
            total += self.count_after_under(Move::Drop(Hole::from_bit(hole)), rules, sums) as u64;
        }
        if plain.pass {
            total += self.count_after_under(Move::Pass, rules, sums) as u64;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use abstract_game::{Game, Side};

    use crate::movegen::STEP_TARGETS;
    use crate::test_support::{game_positions, legal_list};

    /// `count_two_plies` equals the sum of `count_after` over the moves and perft's
    /// enumeration two plies deep, over random games under every rule combination.
    #[test]
    fn two_plies_count_as_move_by_move() {
        use abstract_game::perft::Perft;
        let mut leaves = 0;
        for pos in game_positions(4) {
            let list = legal_list(&pos);
            let by_move: u64 = list.iter().map(|&mv| pos.count_after(mv) as u64).sum();
            assert_eq!(pos.count_two_plies(), by_move, "{pos}");
            assert_eq!(
                Perft::new(2).enumerated().count(&pos),
                Some(by_move),
                "{pos}"
            );
            leaves += by_move;
        }
        assert!(leaves > 1_000_000, "{leaves}");
    }

    /// The closed form of [`QuietReplies`] for each archer against the sum of `count_after`
    /// over its steps that capture nothing, wherever it applies; and it applies under every
    /// rule combination, with each of its corrections in play somewhere.
    #[test]
    fn quiet_replies_count_each_archers_steps_as_move_by_move() {
        let (mut archers, mut refusing, mut dropping, mut arriving) = (0, 0, 0, 0);
        let mut rules_seen = std::collections::HashSet::new();
        for pos in game_positions(12) {
            if pos.outcome.is_some() {
                continue;
            }
            let Some(plain) = pos.plain_moves(pos.rules) else {
                continue;
            };
            let s = pos.to_move.index();
            let (own, enemy) = (pos.archers[s].0, pos.archers[1 - s].0);
            let sums = pos.reply_sums(pos.rules);
            let replier = pos.replier(own, enemy);
            let Some(quiet) = QuietReplies::new(pos.rules, &replier, &sums, pos.pool[s]) else {
                continue;
            };
            rules_seen.insert(format!("{:?}", pos.rules));
            for (&from, &set) in plain.origins.iter().zip(&plain.sets) {
                let quiet_set = set & !enemy;
                if quiet_set == 0 {
                    continue;
                }
                let by_move: u32 = Bitboard32(quiet_set)
                    .into_iter()
                    .map(|to| {
                        let mv = Move::step(Hole::from_bit(from), Hole::from_bit(to));
                        pos.count_after(mv) as u32
                    })
                    .sum();
                assert_eq!(
                    quiet.of_archer(from, quiet_set),
                    by_move,
                    "{pos} from {from}"
                );
                archers += 1;
                refusing += usize::from(quiet.restriction && quiet.refused_now != 0);
                dropping += usize::from(quiet.base_on_goal != quiet.base_off_goal);
                arriving += usize::from(quiet.last_to_arrive == 1 << from);
            }
        }
        assert_eq!(rules_seen.len(), 96);
        assert!(
            archers > 100_000 && refusing > 10_000 && dropping > 1_000 && arriving > 3_000,
            "{archers} {refusing} {dropping} {arriving}"
        );
    }

    /// Why `drop_holes > 1` in `QuietReplies::new` counts as `> 0` would (see the note
    /// there): no side with one to four archers, one of them on its own first row, has all its
    /// steps ending on its goal row.
    #[test]
    fn four_archers_cannot_confine_their_steps_to_the_goal_row() {
        for tables in &STEP_TARGETS {
            for side in Side::BOTH {
                let table = &tables[side.index()];
                let (home, goal) = (home_row(side).0, goal_row(side).0);
                // Every set of one to four holes, as the bits of a 25-bit word.
                let mut confined = Vec::new();
                let mut choose = |archers: u32| {
                    if archers & home == 0 {
                        return;
                    }
                    let mut rest = archers & !goal;
                    while rest != 0 {
                        let from = rest.trailing_zeros();
                        rest &= rest - 1;
                        if table[from as usize] & !archers & !goal != 0 {
                            return;
                        }
                    }
                    confined.push(archers);
                };
                for a in 0..25 {
                    choose(1 << a);
                    for b in a + 1..25 {
                        choose(1 << a | 1 << b);
                        for c in b + 1..25 {
                            choose(1 << a | 1 << b | 1 << c);
                            for d in c + 1..25 {
                                choose(1 << a | 1 << b | 1 << c | 1 << d);
                            }
                        }
                    }
                }
                assert!(confined.is_empty(), "{side:?}: {confined:x?}");
            }
        }
    }
}
