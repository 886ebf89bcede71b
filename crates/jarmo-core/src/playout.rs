//! Random games at full speed: the loop behind Jarmo's [`Game::playout`].
//!
//! Most plies of a random game are steps drawn from the archers' target sets: no drop is
//! possible and the goal-row capture restriction has nothing to forbid (steps that return an
//! archer are drawn from the same sets, with their multiplicities). Such a step is played in
//! place, without the hash, and only the end checks a step can trigger are made. Every other
//! ply takes the general road (the move plan's draw, then the full play and end check). Both
//! roads draw the same move from the same random number as the move list would, so a game
//! played here is move for move the game [`playout_loop`] plays. `random_move` uses the same
//! draw.
//!
//! [`Game::playout`]: abstract_game::Game::playout
//! [`playout_loop`]: abstract_game::playout::playout_loop

use abstract_game::bitboard::Bitboard32;
use abstract_game::playout::{PlayoutResult, Rng};
use abstract_game::{Outcome, Side};

use crate::board::goal_row;
use crate::movegen::{Drawn, ReturnContext, STEP_TARGETS, Steps, draw_among, marked_arrival};
use crate::position::Position;
use crate::rules::{Blocked, ReturnRule};

/// A step drawn from the archers' target sets.
pub(crate) struct DrawnStep {
    /// Origin and destination holes.
    pub(crate) from: u32,
    pub(crate) to: u32,
    /// The hole an archer returns to, if any.
    pub(crate) back: Option<u32>,
    /// Whether steps of this ply could return an archer (seed rule) at all.
    pub(crate) returns: bool,
}

impl Position {
    /// Plays uniformly random moves from here until the game ends or `max_plies` moves have
    /// been played. The hash of the positions on the way is not kept.
    pub(crate) fn random_game(&self, rng: &mut Rng, max_plies: u32) -> PlayoutResult {
        let mut pos = *self;
        let tables = &STEP_TARGETS[pos.rules.direction as usize];
        let mut plies = 0;
        while pos.outcome.is_none() {
            if plies >= max_plies {
                // A side blocked under `Blocked::Loses` has lost already; plain steps leave
                // that check to the next ply, so make it here.
                return PlayoutResult {
                    plies,
                    outcome: pos.compute_outcome(),
                };
            }
            // One copy of the ply per side, so that side-indexed facts sit at fixed places.
            let played = match pos.to_move {
                Side::First => pos.random_ply::<0>(rng, &tables[0]),
                Side::Second => pos.random_ply::<1>(rng, &tables[1]),
            };
            plies += u32::from(played);
        }
        PlayoutResult {
            plies,
            outcome: pos.outcome,
        }
    }

    /// Draws a uniformly random move for the side with index `S`, which is to move, using its
    /// step targets `table`, when the move is a step that can be drawn from the archers'
    /// target sets: the `k`-th move of [`for_each_move`](Self::for_each_move)'s order for a
    /// uniform `k`. Returns `None`, having drawn nothing, when drops, passes or restricted
    /// captures are in play: [`draw_planned`](Self::draw_planned) then draws the move.
    #[inline(always)]
    pub(crate) fn draw_step<const S: usize>(
        &self,
        rng: &mut Rng,
        table: &[u32; 32],
    ) -> Option<DrawnStep> {
        let rules = self.rules;
        let us = if S == 0 { Side::First } else { Side::Second };
        let own = self.archers[S].0;
        let enemy = self.archers[1 - S].0;
        let goal = goal_row(us).0;
        let steps = self.steps(S, table);
        let pool = self.pool[S];
        let general = steps.n == 0
            // Drops are possible.
            || (rules.return_rule == ReturnRule::Reserve && pool > 0)
            || (rules.goal_row_capture_restriction && steps.reach & enemy & goal != 0);
        if general {
            return None;
        }
        // A credit waits, or a marked archer may arrive: some steps may return an archer.
        let returns = rules.return_rule == ReturnRule::Seed
            && pool > 0
            && (self.credits[S] > 0
                || steps.reach & enemy & goal != 0
                || marked_arrival(table, self.marked.0 & own & !goal, own, goal));
        if !returns {
            // Every step is one move: pick by set sizes alone (the hot path of playouts).
            let mut k = rng.below(steps.n);
            let mut i = 0;
            while i < 4 && k >= steps.targets[i].count_ones() {
                k -= steps.targets[i].count_ones();
                i += 1;
            }
            return Some(DrawnStep {
                from: steps.origins[i],
                // `k` is below the archer's count: the fallback is never taken.
                to: Bitboard32(steps.targets[i]).nth(k).unwrap_or(32),
                back: None,
                returns,
            });
        }
        let (from, to, back) = self.returning_step(rng, steps);
        Some(DrawnStep {
            from,
            to,
            back,
            returns,
        })
    }

    /// The step drawn among `steps` when some of them return an archer (kept out of line, and
    /// given a copy, so that the plain draw, the hot path, keeps its steps in registers).
    #[inline(never)]
    fn returning_step(&self, rng: &mut Rng, steps: Steps) -> (u32, u32, Option<u32>) {
        let context = ReturnContext::new(self);
        match draw_among(rng, &steps, |from, t| context.of_archer(from, t), 0) {
            Some(Drawn::Step { from, to, back }) => (from, to, back),
            _ => unreachable!("steps exist and no drop is possible"),
        }
    }

    /// Plays one uniformly random move for the side with index `S`, which is to move, using
    /// its step targets `table`. Returns `false` when it plays none: it is blocked and loses
    /// (the outcome is then set).
    #[inline(always)]
    fn random_ply<const S: usize>(&mut self, rng: &mut Rng, table: &[u32; 32]) -> bool {
        let Some(DrawnStep {
            from,
            to,
            back,
            returns,
        }) = self.draw_step::<S>(rng, table)
        else {
            match self.draw_planned(rng) {
                Some(mv) => self.play_unhashed(mv),
                // Blocked under `Blocked::Loses`, found at the start of the ply (plain
                // steps do not look ahead).
                None => {
                    debug_assert_eq!(self.rules.blocked, Blocked::Loses);
                    self.outcome = Some(Outcome {
                        winner: Some(!self.to_move),
                        scores: Some(self.scores()),
                    });
                    return false;
                }
            }
            return true;
        };
        let rules = self.rules;
        let reserve = rules.return_rule == ReturnRule::Reserve;
        let us = if S == 0 { Side::First } else { Side::Second };
        let own = self.archers[S].0;
        let enemy = self.archers[1 - S].0;
        let goal = goal_row(us).0;
        let marked = self.marked.0 & own;
        let (from_bit, to_bit) = (1u32 << (from & 31), 1u32 << (to & 31));
        let mut own = own ^ from_bit ^ to_bit;
        self.passes = 0;
        if rules.no_shuttling {
            self.shuttle[S] = self.shuttle[S].after_step(from as u8, to as u8);
        }
        self.to_move = !us;
        let captured = enemy & to_bit != 0;
        let mut ended = false;
        if captured {
            self.capture_unhashed(!us, to);
            self.marked.0 = self.marked.0 & !from_bit | to_bit;
            // The capture may have taken the enemy's last archer off its goal row.
            let them = 1 - S;
            ended =
                self.archers[them].0 & !goal_row(!us).0 == 0 && (!reserve || self.pool[them] == 0);
        } else if marked & from_bit != 0 {
            self.marked.0 ^= from_bit | to_bit;
        }
        if returns {
            // A marked arrival earns a credit (the pool is not empty here); a return spends
            // one.
            if (captured || marked & from_bit != 0) && goal & to_bit != 0 {
                self.credits[S] = self.credits[S].saturating_add(1);
            }
            if let Some(back) = back {
                self.credits[S] = self.credits[S].saturating_sub(1);
                self.pool[S] -= 1;
                own |= 1 << (back & 31);
            }
        }
        self.archers[S].0 = own;
        ended |= own & !goal == 0 && (!reserve || self.pool[S] == 0);
        if ended {
            self.outcome = Some(Outcome::by_scores(self.scores()));
        }
        true
    }
}
