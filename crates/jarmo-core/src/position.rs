//! The validated position: state, play, outcome and hash.

use abstract_game::bitboard::Bitboard32;
use abstract_game::{Game, Outcome, Scores, Side};
use arrayvec::ArrayVec;

use crate::board::{Hole, Holes, goal_row, home_row};
use crate::movegen::{Mover, TargetSums};
use crate::moves::Move;
use crate::rules::{Blocked, ReturnRule, Rules};
use crate::zobrist;

/// Capacity of a move list. A position has at most 5 movable archers with at most 7 lines each
/// (b3 has the most), each step with at most 5 return holes, plus at most 5 drops: 180 moves,
/// under 256.
pub const MAX_MOVES: usize = 256;
const _: () = assert!(5 * 7 * 5 + 5 <= MAX_MOVES);

/// The stack-allocated list of legal moves.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The back-and-forth record of one side for the no-shuttling rule: its last step and the
/// length of the alternating chain of steps between the same two holes that it ends (no record
/// when the last move was not a step, or the rule is off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shuttle {
    /// Where the last step started (a hole index).
    pub(crate) from: u8,
    /// Where the last step ended (a hole index).
    pub(crate) to: u8,
    /// Length of the alternating chain, 0..=3 (0: no record).
    pub(crate) count: u8,
}

impl Shuttle {
    /// No record.
    pub const NONE: Shuttle = Shuttle {
        from: 0,
        to: 0,
        count: 0,
    };

    /// The record of a last step `from` -> `to` that was the `count`-th of its chain;
    /// [`NONE`](Shuttle::NONE) for a count of 0. A position accepts only a record whose holes
    /// are joined by a line and whose count is 1 to 3.
    pub const fn new(from: Hole, to: Hole, count: u8) -> Shuttle {
        if count == 0 {
            return Shuttle::NONE;
        }
        Shuttle {
            from: from.index() as u8,
            to: to.index() as u8,
            count,
        }
    }

    /// The length of the chain of back-and-forth steps, 0 (no record) to 3; at 3 the step back
    /// is refused.
    pub const fn count(self) -> u8 {
        self.count
    }

    /// The last step as holes (`from`, `to`), or `None` when the record is empty.
    pub const fn last_step(self) -> Option<(Hole, Hole)> {
        if self.count == 0 {
            return None;
        }
        match (
            Hole::try_new(self.from as usize),
            Hole::try_new(self.to as usize),
        ) {
            (Some(from), Some(to)) => Some((from, to)),
            _ => None,
        }
    }

    /// The record after a step `from` -> `to` following `self`.
    pub(crate) const fn after_step(self, from: u8, to: u8) -> Shuttle {
        // Bitwise `&` and a minimum: no branch on the step.
        let back = (self.count > 0) & (self.to == from) & (self.from == to);
        let longer = if self.count >= 3 { 3 } else { self.count + 1 };
        let count = if back { longer } else { 1 };
        Shuttle { from, to, count }
    }
}

/// Whether `side`, with archers `own` and pool `pool`, has all its archers on the enemy's first
/// row (and, under the reserve rule, none in reserve): the end of the game.
#[inline(always)]
pub(crate) fn all_arrived(side: Side, own: u32, pool: u8, rules: Rules) -> bool {
    own & !goal_row(side).0 == 0 && (rules.return_rule != ReturnRule::Reserve || pool == 0)
}

/// A legal Jarmo or Jasir position. Only legal moves change it.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(crate) rules: Rules,
    /// Archers of Black and White.
    pub(crate) archers: [Bitboard32; 2],
    /// Holes holding a marked archer (of either side).
    pub(crate) marked: Bitboard32,
    /// Archers that may come back: the captured pool (seed rule) or the reserve (reserve rule).
    pub(crate) pool: [u8; 2],
    /// Unspent return credits (seed rule).
    pub(crate) credits: [u8; 2],
    pub(crate) to_move: Side,
    /// Passes in succession just before this position (0, 1 or 2).
    pub(crate) passes: u8,
    pub(crate) shuttle: [Shuttle; 2],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) hash: u64,
}

// The start position as `Default`, the position text as `Display`.
abstract_game::default_and_display!(Position);

impl PartialEq for Position {
    /// Positions are equal when every fact is equal (the hash and outcome follow from them).
    fn eq(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.archers == other.archers
            && self.marked == other.marked
            && self.pool == other.pool
            && self.credits == other.credits
            && self.to_move == other.to_move
            && self.passes == other.passes
            && self.shuttle == other.shuttle
    }
}

impl Eq for Position {}

impl Position {
    /// Whose archer stands on `hole`, if any. ([`is_marked`](Position::is_marked) tells whether
    /// it is marked.)
    #[inline]
    pub const fn at(&self, hole: Hole) -> Option<Side> {
        let i = hole.index() as u32;
        if self.archers[0].contains(i) {
            Some(Side::First)
        } else if self.archers[1].contains(i) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Whether `hole` holds a marked archer (one that has captured, or whose captor it took).
    #[inline]
    pub const fn is_marked(&self, hole: Hole) -> bool {
        self.marked.contains(hole.index() as u32)
    }

    /// The holes of the archers of `side`.
    pub const fn archers(&self, side: Side) -> Holes {
        Holes::from_bitboard(self.archers[side.index()])
    }

    /// The holes that hold a marked archer (of either side).
    pub const fn marked(&self) -> Holes {
        Holes::from_bitboard(self.marked)
    }

    /// Whether `mv` takes an enemy archer: a step onto a hole the enemy holds.
    #[inline]
    pub const fn is_capture(&self, mv: Move) -> bool {
        match mv {
            Move::Step { to, .. } => {
                self.archers[self.to_move.opponent().index()].contains(to.index() as u32)
            }
            Move::Drop(_) | Move::Pass => false,
        }
    }

    /// Archers of `side` that may come back (captured pool or reserve, by the return rule).
    pub const fn pool(&self, side: Side) -> u8 {
        self.pool[side.index()]
    }

    /// Unspent return credits of `side`.
    pub const fn credits(&self, side: Side) -> u8 {
        self.credits[side.index()]
    }

    /// Passes made in succession just before this position.
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// The no-shuttling record of `side`.
    pub const fn shuttle(&self, side: Side) -> Shuttle {
        self.shuttle[side.index()]
    }

    /// The points of each side now: 2 per archer on the enemy's first row, 1 per other archer
    /// on the board.
    pub fn scores(&self) -> Scores {
        let mut scores = Scores::default();
        for side in Side::BOTH {
            let own = self.archers[side.index()];
            let arrived = own.intersect(goal_row(side)).count();
            scores[side] = own.count() + arrived;
        }
        scores
    }

    /// Whether `side` has all its archers that are on the board on the enemy's first row (and,
    /// under the reserve rule, none in reserve).
    pub(crate) fn has_arrived(&self, side: Side) -> bool {
        let s = side.index();
        all_arrived(side, self.archers[s].0, self.pool[s], self.rules)
    }

    /// Works out the outcome of a freshly reached position.
    pub(crate) fn compute_outcome(&self) -> Option<Outcome> {
        if self.passes >= 2 || self.has_arrived(Side::First) || self.has_arrived(Side::Second) {
            return Some(Outcome::by_scores(self.scores()));
        }
        if self.rules.blocked == Blocked::Loses && !self.has_step_or_drop() {
            return Some(Outcome {
                winner: Some(!self.to_move),
                scores: Some(self.scores()),
            });
        }
        None
    }

    /// Sets the outcome and the hash from the other facts.
    pub(crate) fn finish_setup(&mut self) {
        self.outcome = self.compute_outcome();
        self.hash = self.hash_from_scratch();
    }

    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for i in self.archers[side.index()] {
                h ^= zobrist::ARCHER[side.index()][i as usize];
            }
            h ^= zobrist::pool(side, self.pool[side.index()]);
            h ^= zobrist::credits(side, self.credits[side.index()]);
            h ^= zobrist::shuttle(side, self.shuttle[side.index()]);
        }
        for i in self.marked {
            h ^= zobrist::MARKED[i as usize];
        }
        if self.to_move == Side::Second {
            h ^= zobrist::SECOND_TO_MOVE;
        }
        h ^ zobrist::passes(self.passes)
    }

    fn set_pool<const HASH: bool>(&mut self, side: Side, n: u8) {
        let s = side.index();
        if HASH {
            self.hash ^= zobrist::pool(side, self.pool[s]) ^ zobrist::pool(side, n);
        }
        self.pool[s] = n;
    }

    fn set_credits<const HASH: bool>(&mut self, side: Side, n: u8) {
        let s = side.index();
        if HASH {
            self.hash ^= zobrist::credits(side, self.credits[s]) ^ zobrist::credits(side, n);
        }
        self.credits[s] = n;
    }

    fn set_passes<const HASH: bool>(&mut self, n: u8) {
        if n != self.passes {
            if HASH {
                self.hash ^= zobrist::passes(self.passes) ^ zobrist::passes(n);
            }
            self.passes = n;
        }
    }

    fn set_shuttle<const HASH: bool>(&mut self, side: Side, record: Shuttle) {
        let s = side.index();
        if HASH {
            self.hash ^= zobrist::shuttle(side, self.shuttle[s]) ^ zobrist::shuttle(side, record);
        }
        self.shuttle[s] = record;
    }

    fn put_archer<const HASH: bool>(&mut self, side: Side, hole: u32) {
        self.archers[side.index()] = self.archers[side.index()].with(hole);
        if HASH {
            self.hash ^= zobrist::ARCHER[side.index()][hole as usize];
        }
    }

    fn lift_archer<const HASH: bool>(&mut self, side: Side, hole: u32) {
        self.archers[side.index()] = self.archers[side.index()].without(hole);
        if HASH {
            self.hash ^= zobrist::ARCHER[side.index()][hole as usize];
        }
        if self.marked.contains(hole) {
            self.marked = self.marked.without(hole);
            if HASH {
                self.hash ^= zobrist::MARKED[hole as usize];
            }
        }
    }

    /// Takes the enemy archer on `hole` off the board; it joins its owner's pool when the return
    /// rule brings it back.
    #[cold]
    fn capture<const HASH: bool>(&mut self, victim: Side, hole: u32) {
        let victim_marked = self.marked.contains(hole);
        self.lift_archer::<HASH>(victim, hole);
        let comes_back = match self.rules.return_rule {
            ReturnRule::Seed => true,
            ReturnRule::Reserve => victim_marked,
            ReturnRule::None => false,
        };
        if comes_back {
            self.set_pool::<HASH>(victim, self.pool[victim.index()].saturating_add(1));
        }
    }

    /// Under the seed rule: a marked arrival earns a credit if the pool holds an archer, and a
    /// return spends one, putting an archer from the pool on `return_to`.
    #[cold]
    fn earn_and_return<const HASH: bool>(
        &mut self,
        us: Side,
        arrived_marked: bool,
        return_to: Option<Hole>,
    ) {
        if arrived_marked && self.pool[us.index()] > 0 {
            self.set_credits::<HASH>(us, self.credits[us.index()].saturating_add(1));
        }
        if let Some(hole) = return_to {
            self.set_credits::<HASH>(us, self.credits[us.index()].saturating_sub(1));
            self.set_pool::<HASH>(us, self.pool[us.index()].saturating_sub(1));
            self.put_archer::<HASH>(us, hole.index() as u32);
        }
    }

    /// Calls `f` with the position's rules, the return rule and the goal-row capture
    /// restriction made constants: one copy of `f` per pair of them, so that the counts behind
    /// perft's last two plies take one predictable branch per call in place of several per move.
    #[inline(always)]
    fn under_rule_pair<R>(&self, f: impl Fn(Rules) -> R) -> R {
        let rules = self.rules;
        let under = |return_rule, goal_row_capture_restriction| Rules {
            return_rule,
            goal_row_capture_restriction,
            ..rules
        };
        match (rules.return_rule, rules.goal_row_capture_restriction) {
            (ReturnRule::Reserve, true) => f(under(ReturnRule::Reserve, true)),
            (ReturnRule::Reserve, false) => f(under(ReturnRule::Reserve, false)),
            (ReturnRule::Seed, true) => f(under(ReturnRule::Seed, true)),
            (ReturnRule::Seed, false) => f(under(ReturnRule::Seed, false)),
            (ReturnRule::None, true) => f(under(ReturnRule::None, true)),
            (ReturnRule::None, false) => f(under(ReturnRule::None, false)),
        }
    }

    /// The [`TargetSums`] of the side not to move, as the position stands: what counting its
    /// replies needs after any move that captures nothing.
    #[inline(always)]
    pub(crate) fn reply_sums(&self, rules: Rules) -> TargetSums {
        let them = !self.to_move;
        TargetSums::of(
            rules,
            them,
            self.archers[them.index()].0,
            self.shuttle[them.index()],
        )
    }

    /// [`count_after`](Game::count_after) under `rules`, which are the position's own (passed
    /// in so that the caller can make some of them constants), `sums` being
    /// [`reply_sums`](Self::reply_sums).
    #[inline(always)]
    pub(crate) fn count_after_under(&self, mv: Move, rules: Rules, sums: TargetSums) -> usize {
        let s = self.to_move.index();
        let (own, enemy) = (self.archers[s].0, self.archers[1 - s].0);
        match mv {
            Move::Step {
                from,
                to,
                return_to,
            } => {
                let to_bit = 1u32 << to.index();
                let mut own = own & !(1 << from.index()) | to_bit;
                // Only the seed rule brings an archer back (as in `apply`).
                if let (ReturnRule::Seed, Some(hole)) = (rules.return_rule, return_to) {
                    own |= 1 << hole.index();
                }
                if enemy & to_bit != 0 {
                    self.count_after_capture(mv, own, to_bit, rules)
                } else {
                    self.count_after_quiet_step(mv, own, rules, &sums)
                }
            }
            // A drop leaves both sides short of their goal rows.
            Move::Drop(hole) => {
                self.count_replies(mv, own | 1 << hole.index(), enemy, rules, &sums)
            }
            Move::Pass if self.passes >= 1 => 0,
            Move::Pass => self.count_replies(mv, own, enemy, rules, &sums),
        }
    }

    /// [`count_after_under`](Self::count_after_under) for a step `mv` that captures nothing,
    /// after which the mover's archers are `own`.
    #[inline(always)]
    pub(crate) fn count_after_quiet_step(
        &self,
        mv: Move,
        own: u32,
        rules: Rules,
        sums: &TargetSums,
    ) -> usize {
        let s = self.to_move.index();
        if all_arrived(self.to_move, own, self.pool[s], rules) {
            return 0;
        }
        self.count_replies(mv, own, self.archers[1 - s].0, rules, sums)
    }

    /// [`count_after_under`](Self::count_after_under) for a step `mv` that captures the enemy
    /// archer on `to_bit`, after which the mover's archers are `own`.
    #[inline(always)]
    pub(crate) fn count_after_capture(
        &self,
        mv: Move,
        own: u32,
        to_bit: u32,
        rules: Rules,
    ) -> usize {
        let us = self.to_move;
        let them = !us;
        let (s, e) = (us.index(), them.index());
        if all_arrived(us, own, self.pool[s], rules) {
            return 0;
        }
        let enemy = self.archers[e].0 & !to_bit;
        let comes_back = match rules.return_rule {
            ReturnRule::Seed => true,
            ReturnRule::Reserve => self.marked.0 & to_bit != 0,
            ReturnRule::None => false,
        };
        let enemy_pool = self.pool[e].saturating_add(u8::from(comes_back));
        // The capture may have taken the enemy's last archer off its goal row.
        if all_arrived(them, enemy, enemy_pool, rules) {
            return 0;
        }
        let next = Mover {
            pool: enemy_pool,
            ..self.replier(own, enemy)
        };
        let sums = TargetSums::of(rules, them, enemy, self.shuttle[e]);
        self.finish_count(mv, next, rules, &sums)
    }

    /// The side not to move as the next mover, once a move that captures nothing has left the
    /// mover's archers on `own` (and its own on `enemy`).
    #[inline(always)]
    pub(crate) fn replier(&self, own: u32, enemy: u32) -> Mover {
        let them = !self.to_move;
        let e = them.index();
        Mover {
            side: them,
            own: enemy,
            enemy: own,
            pool: self.pool[e],
            credit_waiting: self.credits[e] > 0,
            marked: self.marked.0 & enemy,
            shuttle: self.shuttle[e],
        }
    }

    /// The number of replies after `mv`, a move that captures nothing and ends nothing, which
    /// leaves the mover's archers on `own` and the enemy's on `enemy`.
    #[inline(always)]
    fn count_replies(
        &self,
        mv: Move,
        own: u32,
        enemy: u32,
        rules: Rules,
        sums: &TargetSums,
    ) -> usize {
        self.finish_count(mv, self.replier(own, enemy), rules, sums)
    }

    /// The number of moves of `next`, the next mover after `mv` with `sums`, the blocked side's
    /// pass included.
    #[inline(always)]
    fn finish_count(&self, mv: Move, next: Mover, rules: Rules, sums: &TargetSums) -> usize {
        match next.count_from(rules, sums) {
            Some(0) if rules.blocked == Blocked::Pass => 1,
            Some(n) => n as usize,
            // Returns in play: the plan of the position itself.
            None => self.count_after_planned(mv),
        }
    }

    /// [`count_after`](Game::count_after) through the plan of the position after `mv` (when
    /// returns are in play), kept out of perft's last-but-one loop.
    #[cold]
    #[inline(never)]
    fn count_after_planned(&self, mv: Move) -> usize {
        let mut next = *self;
        next.apply::<false>(mv);
        next.count_unfinished()
    }

    /// Plays `mv` and sets the outcome, without keeping the hash (random games never read it).
    pub(crate) fn play_unhashed(&mut self, mv: Move) {
        self.apply::<false>(mv);
        self.outcome = self.compute_outcome();
    }

    /// Plays `mv`; `HASH` says whether to keep the Zobrist hash up to date (bulk counting
    /// skips it on positions it only counts). Counters saturate so that an illegal move given
    /// to `play_unchecked` leaves a nonsensical position but never panics.
    /// The outcome is left as it was: the caller sets it.
    #[inline(always)]
    fn apply<const HASH: bool>(&mut self, mv: Move) {
        let us = self.to_move;
        let them = !us;
        match mv {
            Move::Pass => {
                self.set_passes::<HASH>(self.passes.saturating_add(1));
                if self.rules.no_shuttling {
                    self.set_shuttle::<HASH>(us, Shuttle::default());
                }
            }
            Move::Drop(hole) => {
                self.set_passes::<HASH>(0);
                self.set_pool::<HASH>(us, self.pool[us.index()].saturating_sub(1));
                self.put_archer::<HASH>(us, hole.index() as u32);
                if self.rules.no_shuttling {
                    self.set_shuttle::<HASH>(us, Shuttle::default());
                }
            }
            Move::Step {
                from,
                to,
                return_to,
            } => {
                // The common path (no capture, no return) touches only bit masks and a few
                // keys gathered in `h`; captures and returns take the general setters.
                let (s, f, t) = (us.index(), from.index(), to.index());
                let (from_bit, to_bit) = (1u32 << f, 1u32 << t);
                // Every key is read under `HASH` only: a table read's bounds check would keep it
                // alive otherwise.
                let mut h = if HASH {
                    zobrist::ARCHER[s][f] ^ zobrist::ARCHER[s][t]
                } else {
                    0
                };
                if self.passes != 0 {
                    if HASH {
                        h ^= zobrist::passes(self.passes);
                    }
                    self.passes = 0;
                }
                let captured = self.archers[1 - s].0 & to_bit != 0;
                if captured {
                    self.capture::<HASH>(them, t as u32);
                }
                let was_marked = self.marked.0 & from_bit != 0;
                self.archers[s].0 = self.archers[s].0 & !from_bit | to_bit;
                if was_marked {
                    self.marked.0 &= !from_bit;
                    if HASH {
                        h ^= zobrist::MARKED[f];
                    }
                }
                if was_marked || captured {
                    self.marked.0 |= to_bit;
                    if HASH {
                        h ^= zobrist::MARKED[t];
                    }
                }
                if self.rules.return_rule == ReturnRule::Seed {
                    let arrived_marked = (was_marked || captured) && goal_row(us).0 & to_bit != 0;
                    if arrived_marked || return_to.is_some() {
                        self.earn_and_return::<HASH>(us, arrived_marked, return_to);
                    }
                }
                if self.rules.no_shuttling {
                    let old = self.shuttle[s];
                    let new = old.after_step(f as u8, t as u8);
                    if HASH {
                        h ^= zobrist::shuttle(us, old) ^ zobrist::shuttle(us, new);
                    }
                    self.shuttle[s] = new;
                }
                if HASH {
                    self.hash ^= h;
                }
            }
        }
        self.to_move = them;
        if HASH {
            self.hash ^= zobrist::SECOND_TO_MOVE;
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Rules = Rules;
    type MoveList = MoveList;

    const NAME: &'static str = "jarmo";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];

    fn new(rules: Rules) -> Position {
        let mut pos = Position {
            rules,
            archers: [home_row(Side::First), home_row(Side::Second)],
            marked: Bitboard32::EMPTY,
            pool: [0; 2],
            credits: [0; 2],
            to_move: rules.first_player,
            passes: 0,
            shuttle: [Shuttle::default(); 2],
            outcome: None,
            hash: 0,
        };
        pos.finish_setup();
        pos
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        // (A position has at most `MAX_MOVES` moves, so no push fails; `try_push` keeps the
        // panic path out of the loop.)
        self.for_each_move(|mv| {
            let _ = moves.try_push(mv);
        });
    }

    fn count_legal_moves(&self) -> usize {
        self.count_moves()
    }

    /// The number of moves after `mv` without playing it: only the facts the count needs
    /// (both archer sets, the next mover's pool) follow the move, the end checks are the ones
    /// the move can trigger (the mover's arrival after a step, the enemy's after a capture,
    /// the second pass; a blocked side that loses has no moves to count either), and the
    /// count is finished from the sums over the next mover's target sets. Inlined, so that
    /// perft's last two plies run as one loop, where those sums are the same for every move
    /// that captures nothing.
    #[inline]
    fn count_after(&self, mv: Move) -> usize {
        // The next mover's sums, the same for every move that captures nothing, are worked
        // out here, before the dispatch: worked out inside each copy, they stay in the loop
        // over the moves, which makes perft about 1.4 times slower.
        let sums = self.reply_sums(self.rules);
        self.under_rule_pair(|rules| self.count_after_under(mv, rules, sums))
    }

    /// The sum of [`count_after`](Game::count_after) over the legal moves, worked out in one
    /// pass over the move sets: the replies' target sums once, the quiet steps of each archer
    /// in closed form, captures, drops and passes move by move, and move by move from the plan
    /// when returns are in play.
    fn count_two_plies(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        self.under_rule_pair(|rules| self.count_two_plies_under(rules))
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_move(|m| found |= m == mv);
        found
    }

    fn playout(
        &self,
        rng: &mut abstract_game::playout::Rng,
        max_plies: u32,
    ) -> abstract_game::playout::PlayoutResult {
        // The same games as the generic loop, played faster (see the `playout` module).
        self.random_game(rng, max_plies)
    }

    fn random_move(&self, rng: &mut abstract_game::playout::Rng) -> Option<Move> {
        self.sample_move(rng)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply::<true>(mv);
        self.outcome = self.compute_outcome();
    }

    const ENDINGS: &'static [abstract_game::Ending] = crate::ending::ALL;

    fn ending(&self) -> Option<abstract_game::Ending> {
        self.compute_ending()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The archers on the board, marked or not. A captured archer waiting in the pool or the
    /// reserve is out of play until it returns, so a capture lowers the count and a return
    /// raises it again.
    fn piece_counts(&self) -> [u32; 2] {
        self.archers.map(|a| a.count())
    }

    fn points_now(&self) -> Option<Scores> {
        Some(self.scores())
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }
}
