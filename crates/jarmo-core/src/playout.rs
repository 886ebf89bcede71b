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
//! The step road is written to keep branches off the random number and off the move: the targets of
//! at most five archers are straight-line code (a sentinel hole with no lines past the last
//! archer), the archer is picked with conditional moves over the running counts, the destination by
//! [`select32`](abstract_game::bitboard::select32) (prefix counts of bytes, then a table), and
//! captures, marks and the shuttle record are updated by masks. The loop plays Black's turn then
//! White's, each its own copy, with no dispatch on the side to move; and each preset has a copy of
//! the loop with its rules as constants, so that no rule option is tested ply by ply (about 3%
//! faster on `jarmo`, measured).
//!
//! [`Game::playout`]: abstract_game::Game::playout
//! [`playout_loop`]: abstract_game::playout::playout_loop

use abstract_game::bitboard::select32;
use abstract_game::playout::{PlayoutResult, Rng};
use abstract_game::{Outcome, Side};

use crate::board::goal_row;
use crate::movegen::{ReturnContext, STEP_TARGETS, marked_arrival};
use crate::position::Position;
use crate::rules::{Blocked, ReturnRule, Rules};

/// [`marked_arrival`] with the first two `marked` archers looked at by straight-line code
/// (the sentinel hole 31 has no targets), and the loop only for a third and more.
#[inline(always)]
fn marked_arrival_unrolled(table: &[u32; 32], marked: u32, own: u32, goal: u32) -> bool {
    let first = (marked | 1 << 31).trailing_zeros();
    let rest = marked & marked.wrapping_sub(1);
    let second = (rest | 1 << 31).trailing_zeros();
    let later = rest & rest.wrapping_sub(1);
    let reach = table[first as usize & 31] | table[second as usize & 31];
    (reach & goal & !own != 0) | (later != 0 && marked_arrival(table, later, own, goal))
}

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
        // The presets get a copy of the loop each, with their rules as constants (no rule
        // is looked at in the loop then); any other rules take the loop that reads them.
        let preset = Rules {
            first_player: Side::First,
            ..self.rules
        };
        match preset {
            Rules::JARMO => self.random_game_under(rng, max_plies, Rules::JARMO),
            Rules::JASIR => self.random_game_under(rng, max_plies, Rules::JASIR),
            Rules::JASIR_RESERVE => self.random_game_under(rng, max_plies, Rules::JASIR_RESERVE),
            Rules::JASIR_BASIC => self.random_game_under(rng, max_plies, Rules::JASIR_BASIC),
            _ => self.random_game_under(rng, max_plies, self.rules),
        }
    }

    /// [`random_game`](Self::random_game) under `rules`, the position's own but for the first
    /// player (which the loop never reads).
    #[inline(always)]
    fn random_game_under(&self, rng: &mut Rng, max_plies: u32, rules: Rules) -> PlayoutResult {
        let mut pos = *self;
        let tables = &STEP_TARGETS[rules.direction as usize];
        let mut plies = 0;
        // Every ply hands the move to the other side, so the loop plays Black's ply then
        // White's, each a copy of its own (side-indexed facts sit at fixed places), with no
        // dispatch on the side to move.
        if pos.to_move == Side::Second {
            if let Some(end) = pos.turn::<1>(rng, rules, &tables[1], &mut plies, max_plies) {
                return end;
            }
        }
        loop {
            if let Some(end) = pos.turn::<0>(rng, rules, &tables[0], &mut plies, max_plies) {
                return end;
            }
            if let Some(end) = pos.turn::<1>(rng, rules, &tables[1], &mut plies, max_plies) {
                return end;
            }
        }
    }

    /// The turn of the side with index `S` in [`random_game`](Self::random_game), under
    /// `rules`: the end of the game if it is over or `max_plies` moves have been played, or
    /// else `None` after playing one random move (counted in `plies`).
    #[inline(always)]
    fn turn<const S: usize>(
        &mut self,
        rng: &mut Rng,
        rules: Rules,
        table: &[u32; 32],
        plies: &mut u32,
        max_plies: u32,
    ) -> Option<PlayoutResult> {
        if self.outcome.is_some() {
            return Some(PlayoutResult {
                plies: *plies,
                outcome: self.outcome,
            });
        }
        if *plies >= max_plies {
            // A side blocked under `Blocked::Loses` has lost already; plain steps leave that
            // check to the next ply, so make it here.
            return Some(PlayoutResult {
                plies: *plies,
                outcome: self.compute_outcome(),
            });
        }
        *plies += u32::from(self.random_ply::<S>(rng, rules, table));
        None
    }

    /// Draws a uniformly random move for the side with index `S`, which is to move, under `rules`
    /// (the position's own, perhaps as constants) using its step targets `table`, when the move is
    /// a step that can be drawn from the archers' target sets: the `k`-th move of
    /// [`for_each_move`](Self::for_each_move)'s order for a uniform `k`. Returns `None`, having
    /// drawn nothing, when drops, passes or restricted captures are in play:
    /// [`sample_planned`](Self::sample_planned) then draws the move.
    #[inline(always)]
    pub(crate) fn sample_step<const S: usize>(
        &self,
        rng: &mut Rng,
        rules: Rules,
        table: &[u32; 32],
    ) -> Option<DrawnStep> {
        let us = if S == 0 { Side::First } else { Side::Second };
        let own = self.archers[S].0;
        let enemy = self.archers[1 - S].0;
        let goal = goal_row(us).0;
        // The archers' targets as five scalars (an array indexed by the random number would
        // go through memory), the sentinel hole 31 past the last archer; then the refused
        // shuttle step taken out (rarely in force: a branch that predicts well).
        let mut origins = [31u32; 5];
        let mut targets = [0u32; 5];
        let mut rest = own & !goal;
        for (origin, target) in origins.iter_mut().zip(&mut targets) {
            let from = (rest | 1 << 31).trailing_zeros();
            rest &= rest.wrapping_sub(1);
            *origin = from;
            *target = table[from as usize & 31] & !own;
        }
        let shuttle = self.shuttle[S];
        if rules.no_shuttling && shuttle.count >= 3 {
            let ban = 1u32 << (shuttle.from & 31);
            for (&origin, target) in origins.iter().zip(&mut targets) {
                if origin == u32::from(shuttle.to) {
                    *target &= !ban;
                }
            }
        }
        let n: u32 = targets.iter().map(|t| t.count_ones()).sum();
        let reach = targets.iter().fold(0, |all, &t| all | t);
        let pool = self.pool[S];
        let general = n == 0
            // Drops are possible.
            || (rules.return_rule == ReturnRule::Reserve && pool > 0)
            || (rules.goal_row_capture_restriction && reach & enemy & goal != 0);
        if general {
            return None;
        }
        // A credit waits, or a marked archer may arrive: some steps may return an archer.
        // (Bitwise `|`, and the first two marked archers looked at without a loop: seldom
        // more than one is on its way, and the way it goes is hard to predict.)
        let returns = rules.return_rule == ReturnRule::Seed
            && pool > 0
            && ((self.credits[S] > 0)
                | (reach & enemy & goal != 0)
                | marked_arrival_unrolled(table, self.marked.0 & own & !goal, own, goal));
        // Each archer's number of moves: its set size, or with returns the count by set sizes
        // of `ArcherReturns` (the plan's own count). Then the archer is picked with
        // conditional moves rather than a branch on the random number, and only its own
        // moves are looked at.
        let context = returns.then(|| ReturnContext::new(self));
        let mut counts = targets.map(u32::count_ones);
        let mut total = n;
        if let Some(context) = &context {
            for ((count, &from), &t) in counts.iter_mut().zip(&origins).zip(&targets) {
                *count = context.of_archer(from, t).count(t);
            }
            total = counts.iter().sum();
        }
        let k = rng.below(total);
        let (mut from, mut set) = (origins[0], targets[0]);
        let mut before = 0;
        let mut sum = counts[0];
        for ((&o, &t), &count) in origins[1..].iter().zip(&targets[1..]).zip(&counts[1..]) {
            let past = k >= sum;
            from = if past { o } else { from };
            set = if past { t } else { set };
            before = if past { sum } else { before };
            sum += count;
        }
        let (to, back) = match &context {
            Some(context) => context.of_archer(from, set).nth(set, k - before),
            None => (select32(set, k - before), None),
        };
        Some(DrawnStep {
            from,
            to,
            back,
            returns,
        })
    }

    /// Plays one uniformly random move for the side with index `S`, which is to move, under
    /// `rules` using its step targets `table`. Returns `false` when it plays none: it is
    /// blocked and loses (the outcome is then set).
    #[inline(always)]
    fn random_ply<const S: usize>(
        &mut self,
        rng: &mut Rng,
        rules: Rules,
        table: &[u32; 32],
    ) -> bool {
        let Some(DrawnStep {
            from,
            to,
            back,
            returns,
        }) = self.sample_step::<S>(rng, rules, table)
        else {
            match self.sample_planned(rng) {
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
        let reserve = rules.return_rule == ReturnRule::Reserve;
        let us = if S == 0 { Side::First } else { Side::Second };
        let own = self.archers[S].0;
        let enemy = self.archers[1 - S].0;
        let goal = goal_row(us).0;
        let (from_bit, to_bit) = (1u32 << (from & 31), 1u32 << (to & 31));
        let mut own = own ^ from_bit ^ to_bit;
        self.passes = 0;
        if rules.no_shuttling {
            self.shuttle[S] = self.shuttle[S].after_step(from as u8, to as u8);
        }
        self.to_move = !us;
        // Captures and marks without a branch: a captured archer leaves the board with its
        // mark and joins its pool as the return rule says; the mover's mark follows it, and a
        // capture marks it.
        let captured = enemy & to_bit != 0;
        let victim_marked = self.marked.0 & to_bit != 0;
        let carries = (self.marked.0 & from_bit != 0) | captured;
        self.marked.0 =
            self.marked.0 & !(from_bit | to_bit) | to_bit & 0u32.wrapping_sub(u32::from(carries));
        let them = 1 - S;
        let enemy = enemy & !to_bit;
        self.archers[them].0 = enemy;
        let comes_back = match rules.return_rule {
            ReturnRule::Seed => captured,
            ReturnRule::Reserve => captured & victim_marked,
            ReturnRule::None => false,
        };
        self.pool[them] = self.pool[them].saturating_add(u8::from(comes_back));
        // The capture may have taken the enemy's last archer off its goal row.
        let mut ended =
            captured & (enemy & !goal_row(!us).0 == 0) & (!reserve | (self.pool[them] == 0));
        if returns {
            // A marked arrival earns a credit (the pool is not empty here); a return spends
            // one.
            if carries && goal & to_bit != 0 {
                self.credits[S] = self.credits[S].saturating_add(1);
            }
            if let Some(back) = back {
                self.credits[S] = self.credits[S].saturating_sub(1);
                self.pool[S] = self.pool[S].saturating_sub(1);
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
