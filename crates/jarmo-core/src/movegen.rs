//! Legal move generation, counting and uniform drawing: the hot loop.
//!
//! All three work from one [`Plan`] of the position: each movable archer with its legal
//! destinations, the drop holes, and what a return would need. Returns are the only thing that
//! makes one step into several moves (one per free hole of the own first row), and their
//! number per step follows from set sizes, so counting and drawing never build a list.
//!
//! Without returns in play (no seed-rule pool, or no credit and no marked arrival possible)
//! each step is one move, and two shortcuts skip the plan. Listing walks the target sets
//! straight away ([`Position::for_each_plain_move`], which the tests hold to the plan's list,
//! order included). Counting is a closed form: the sum of the set sizes, less the refused
//! shuttle step, plus the empty holes of the own first row when a drop is possible, less the
//! captures onto the goal row when the restriction refuses them. It needs only the mover's
//! archers and shuttle record for the sums ([`TargetSums`], straight-line code) and the enemy
//! archers and the pool for the rest ([`Mover`]), so `count_after` fills these in from the
//! move without playing it, and the sums are the same for every move that captures nothing.
//!
//! Two plies are counted in one pass (`count_two_plies`, perft's last two plies): the moves
//! come from the sets of [`Position::plain_moves`], and the replies to all the quiet steps of
//! one archer are summed in closed form by [`QuietReplies`], since such a step changes the
//! replier's count only through the hole it leaves and the hole it reaches.

use abstract_game::Side;
use abstract_game::playout::Rng;

use crate::board::{Hole, TARGETS_ANY, TARGETS_NO_BACKWARD, goal_row, home_row};
use crate::moves::Move;
use crate::position::{Position, Shuttle};
use crate::rules::{Blocked, Direction, ReturnRule, Rules};
use abstract_game::bitboard::{Bitboard32, select32};

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
struct Plan {
    /// The steps, with the goal-row capture restriction applied.
    steps: Steps,
    /// Holes where a drop is legal.
    drops: u32,
    /// Whether some step may spend a return credit (seed rule, a non-empty pool, and a credit
    /// waiting or a marked arrival possible). When false every step is one move.
    returns: bool,
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
    spend: u32,
    /// The own first row's free holes once the archer has left, before its destination is
    /// taken out.
    base: u32,
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
    fn plan(&self) -> Plan {
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
    /// A legal move drawn uniformly: the `k`-th move of [`for_each_move`]'s order for a uniform
    /// `k`, found without building the list.
    pub(crate) fn draw_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let tables = &STEP_TARGETS[self.rules.direction as usize];
        let step = match self.to_move {
            Side::First => self.draw_step::<0>(rng, self.rules, &tables[0]),
            Side::Second => self.draw_step::<1>(rng, self.rules, &tables[1]),
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
        match draw_among(
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

/// The sums over the targets of one side's movable archers that counting needs, which depend
/// on nothing but its archers and its shuttle record. Straight-line code over at most five
/// archers, so that `count_after` finds them loop-invariant for the moves that capture
/// nothing (the compiler then works them out once per node of perft's last-but-one ply).
#[derive(Clone, Copy)]
pub(crate) struct TargetSums {
    /// Number of destinations over all archers, less the refused shuttle step.
    n: u32,
    /// Every destination (the refused one included).
    reach: u32,
    /// How many archers reach each hole, bit-sliced (bit `h` of `times[j]` is bit `j` of the
    /// number for hole `h`; at most five archers, so three bits are enough); read under the
    /// goal-row capture restriction only.
    times: [u32; 3],
    /// Whether the no-shuttling rule refuses one of the steps.
    ban: bool,
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

/// A move drawn by [`draw_among`].
pub(crate) enum Drawn {
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
pub(crate) fn draw_among(
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

    /// Every combination of options, with both first players.
    fn all_rules() -> Vec<Rules> {
        let mut out = Vec::new();
        for bits in 0..32u32 {
            for return_rule in [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None] {
                out.push(Rules {
                    direction: if bits & 1 == 0 {
                        Direction::Jarmo
                    } else {
                        Direction::Jasir
                    },
                    return_rule,
                    goal_row_capture_restriction: bits & 2 != 0,
                    blocked: if bits & 4 == 0 {
                        Blocked::Pass
                    } else {
                        Blocked::Loses
                    },
                    no_shuttling: bits & 8 != 0,
                    first_player: if bits & 16 == 0 {
                        Side::First
                    } else {
                        Side::Second
                    },
                });
            }
        }
        out
    }

    /// Positions of random games under every rule combination (long games, so that pools,
    /// credits, marked archers, shuttle records and full first rows come up).
    fn game_positions(games_per_rules: u64) -> Vec<Position> {
        let mut out = Vec::new();
        for rules in all_rules() {
            for game in 0..games_per_rules {
                let mut rng = Rng::seed_from_u64(game * 7919 + 1);
                let mut pos = Position::new(rules);
                for _ in 0..150 {
                    out.push(pos);
                    let Some(mv) = pos.random_move(&mut rng) else {
                        break;
                    };
                    pos.play_unchecked(mv);
                }
            }
        }
        out
    }

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
            let mut list = crate::MoveList::new();
            pos.legal_moves(&mut list);
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

    /// `count_two_plies` equals the sum of `count_after` over the moves and perft's
    /// enumeration two plies deep, over random games under every rule combination.
    #[test]
    fn two_plies_count_as_move_by_move() {
        use abstract_game::perft::perft_enumerated;
        let mut leaves = 0;
        for pos in game_positions(4) {
            let mut list = crate::MoveList::new();
            pos.legal_moves(&mut list);
            let by_move: u64 = list.iter().map(|&mv| pos.count_after(mv) as u64).sum();
            assert_eq!(pos.count_two_plies(), by_move, "{pos}");
            assert_eq!(perft_enumerated(&pos, 2), by_move, "{pos}");
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

    #[test]
    fn select32_finds_the_kth_lowest_hole() {
        use abstract_game::bitboard::select32;
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
