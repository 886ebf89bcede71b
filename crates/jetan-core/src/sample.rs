//! Uniform random moves without finding them all: the sampler behind Jetan's
//! [`Game::random_move`] and [`Game::playout`].
//!
//! Finding every move of a position from a random game takes about 110 ns (the Princess's
//! threat test about 40 of them, the walks of the Dwars and the Chief about 40), and a random
//! game needs one move. The draw here finds the moves of one piece, usually: it is rejection
//! sampling over numbers handed out from tables.
//!
//! # The numbers
//!
//! The side to move's pieces get one block of numbers each, one number per square of the
//! piece's *region*, the squares it could end on if the board were empty of everything but
//! its own side (its empty-board destinations less its own pieces):
//!
//! * Panthans, taken set-wise by direction as in move generation: five blocks of their
//!   actual targets, never refused.
//! * Thoats, Warriors, Padwars, Dwars and the Chief: a number is refused when its square is
//!   not one of the piece's actual destinations (a path is blocked). Only the drawn piece's
//!   destinations are worked out.
//! * Fliers jump, so their region is their destinations: never refused.
//! * The Princess: one block over her candidate squares (the empty squares of her normal
//!   moves, every empty square while she may escape); a number is refused when an enemy piece
//!   attacks its square, tested for that square alone (the attack map then skips nearly every
//!   piece).
//!
//! # Why the draw is uniform
//!
//! Every legal move has exactly one number: a piece's destinations lie in its empty-board
//! destinations (a blocker only takes paths away) and never on its own side, so the target
//! is in the piece's region, where it has one rank; a Princess's move ends on a candidate
//! square that no enemy attacks. Every number that is not refused names a legal move. So an
//! attempt (a number drawn uniformly below the total) gives each legal move with the same
//! probability and the accepted move is uniform. In positions of random games about 73% of
//! the numbers are accepted. After [`TRIES`] refused attempts the draw takes the exact road
//! instead (every move found, one picked by its rank): a mixture of uniform draws is
//! uniform, and the time stays bounded where few numbers are accepted (or none: no move).
//! The unit tests check, number by number, that the accepted moves are the generated list,
//! each once, on thousands of positions from play and from random placements.
//!
//! [`Game::random_move`]: abstract_game::Game::random_move
//! [`Game::playout`]: abstract_game::Game::playout

use abstract_game::bitboard::select128;
use abstract_game::playout::Rng;

use crate::board::{ALL_BITS, REGIONS, WALKERS};
use crate::movegen::{Candidates, Groups, View, last_start_at_or_before, panthan_shifts, reach};
use crate::piece::Kind;
use crate::position::Move;

/// Refused attempts before the exact road draws.
pub(crate) const TRIES: usize = 12;

/// The blocks: five Panthan directions, the six kinds of [`WALKERS`], the Princess.
const BLOCKS: usize = 12;

/// The square index that stands for "no piece": off the board, with empty tables.
const NONE: usize = 127;

/// The pieces of one kind of [`WALKERS`] in the numbers: the first two and the size of the
/// first one's region. A side never has more than two of a kind: no rule adds pieces, and
/// [`Setup`](crate::Setup) validation refuses more than a side starts with.
#[derive(Clone, Copy)]
struct Pair {
    first: usize,
    second: usize,
    first_size: u32,
}

/// The numbers of a position, in blocks of a fixed order: each block's first number, the
/// Panthans' targets by direction, each walking kind's pieces, and the Princess's
/// candidates.
pub(crate) struct Numbers {
    first: [u32; BLOCKS],
    total: u32,
    panthans: [(u128, i32); 5],
    walkers: [Pair; 6],
    princess: Option<Candidates>,
}

impl Numbers {
    /// No numbers.
    pub(crate) fn new() -> Numbers {
        let pair = Pair {
            first: NONE,
            second: NONE,
            first_size: 0,
        };
        Numbers {
            first: [0; BLOCKS],
            total: 0,
            panthans: [(0, 0); 5],
            walkers: [pair; 6],
            princess: None,
        }
    }
}

impl View<'_> {
    /// Hands out the numbers of this position (the side to move's) into `numbers`.
    #[inline]
    pub(crate) fn numbers(&self, numbers: &mut Numbers) {
        let side = self.to_move;
        let mine = self.by_side[side.index()];
        let not_mine = ALL_BITS & !mine;
        let regions = &REGIONS[usize::from(self.revisit)];
        let mut total = 0;
        let panthans = panthan_shifts(side, self.by_kind[Kind::Panthan.index()] & mine);
        for (i, &(targets, delta)) in panthans.iter().enumerate() {
            numbers.first[i] = total;
            numbers.panthans[i] = (targets & not_mine, delta);
            total += (targets & not_mine).count_ones();
        }
        for (i, (&kind, region)) in WALKERS.iter().zip(regions).enumerate() {
            let pieces = self.by_kind[kind.index()] & mine;
            let rest = pieces & pieces.wrapping_sub(1);
            let first = (pieces | 1 << NONE).trailing_zeros() as usize & NONE;
            let second = (rest | 1 << NONE).trailing_zeros() as usize & NONE;
            let first_size = (region[first] & not_mine).count_ones();
            numbers.first[5 + i] = total;
            numbers.walkers[i] = Pair {
                first,
                second,
                first_size,
            };
            total += first_size + (region[second] & not_mine).count_ones();
        }
        numbers.first[11] = total;
        numbers.princess = self.princess_candidates();
        total += numbers.princess.map_or(0, |c| c.squares.count_ones());
        numbers.total = total;
    }

    /// The legal move that number `r` names, or `None` if it is refused (or not below the
    /// total). In a walking kind's block the first piece's region (less its own side's
    /// squares) comes first, then the second's.
    #[inline]
    pub(crate) fn named(&self, numbers: &Numbers, r: u32) -> Option<Move> {
        if r >= numbers.total {
            return None;
        }
        let block = last_start_at_or_before(&numbers.first, r);
        let offset = r - numbers.first[block];
        let side = self.to_move;
        let mine = self.by_side[side.index()];
        if let Some(&(targets, delta)) = numbers.panthans.get(block) {
            let to = select128(targets, offset);
            return Some(Move::packed(
                Move::base((to as i32 - delta) as usize, false),
                to,
            ));
        }
        if let Some(pair) = numbers.walkers.get(block - 5) {
            let walker = block - 5;
            let second = offset >= pair.first_size;
            let square = if second { pair.second } else { pair.first };
            let rank = if second {
                offset - pair.first_size
            } else {
                offset
            };
            let region = REGIONS[usize::from(self.revisit)][walker][square] & !mine;
            let to = select128(region, rank);
            let empty = ALL_BITS & !(self.by_side[0] | self.by_side[1]);
            let reach = reach(
                WALKERS[walker],
                side,
                square,
                empty,
                self.revisit,
                self.thoat_jumps,
                true,
                false,
            );
            return (reach >> to & 1 != 0).then(|| Move::packed(Move::base(square, false), to));
        }
        let c = numbers.princess?;
        let to = select128(c.squares, offset);
        let bit = 1u128 << to;
        let attacked = self.attacks(!side, 1u128 << c.princess, bit) & bit != 0;
        (!attacked).then(|| Move::packed(Move::base(c.princess, bit & c.near == 0), to))
    }

    /// A uniformly random legal move of the side to move, `None` when it has none (whether the
    /// game is over is the caller's business): up to [`TRIES`] attempts on the numbers, then
    /// the exact road through `groups`.
    #[inline(always)]
    pub(crate) fn draw(
        &self,
        numbers: &mut Numbers,
        groups: &mut Groups,
        rng: &mut Rng,
    ) -> Option<Move> {
        self.sample_trying::<TRIES>(numbers, groups, rng)
    }

    /// [`draw`](Self::draw) with `T` attempts before the exact road.
    #[inline(always)]
    fn sample_trying<const T: usize>(
        &self,
        numbers: &mut Numbers,
        groups: &mut Groups,
        rng: &mut Rng,
    ) -> Option<Move> {
        self.numbers(numbers);
        if numbers.total == 0 {
            return None;
        }
        for _ in 0..T {
            if let Some(mv) = self.named(numbers, rng.below(numbers.total)) {
                return Some(mv);
            }
        }
        self.sample_exactly(groups, rng)
    }

    /// A uniformly random legal move of the side to move, found among all of them by rank.
    pub(crate) fn sample_exactly(&self, groups: &mut Groups, rng: &mut Rng) -> Option<Move> {
        groups.clear();
        self.generate(groups);
        match groups.total() {
            0 => None,
            n => groups.nth(rng.below(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::position::{MoveList, Position};
    use abstract_game::playout::random_position;
    use abstract_game::{Game, GameRules};
    use std::collections::HashMap;

    /// Rule sets: the presets, and the options the presets leave off.
    fn rule_sets() -> Vec<Rules> {
        let mut all: Vec<Rules> = Rules::PRESETS.iter().map(|preset| preset.rules).collect();
        all.push(Rules {
            escape: false,
            revisit: true,
            ..Rules::STANDARD
        });
        all
    }

    /// Every number of `pos` against its move list: the accepted numbers name every legal move
    /// exactly once. Returns (accepted, all) numbers.
    fn check_numbers(pos: &Position) -> (usize, usize) {
        if pos.is_over() {
            // The draw looks at the pieces only; the game's caller stops first.
            assert_eq!(pos.random_move(&mut Rng::seed_from_u64(1)), None, "{pos}");
            return (0, 0);
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut numbers = Numbers::new();
        let view = pos.view();
        view.numbers(&mut numbers);
        let mut named: HashMap<Move, u32> = HashMap::new();
        for r in 0..numbers.total + 3 {
            if let Some(mv) = view.named(&numbers, r) {
                *named.entry(mv).or_default() += 1;
            }
        }
        for &mv in list.iter() {
            assert_eq!(named.remove(&mv), Some(1), "{mv:?} in {pos}");
        }
        assert!(named.is_empty(), "moves not in the list {named:?} in {pos}");
        (list.len(), numbers.total as usize)
    }

    #[test]
    fn accepted_numbers_name_every_legal_move_once() {
        let (mut accepted, mut all) = (0, 0);
        for rules in rule_sets() {
            let mut positions = Vec::new();
            for seed in 0..40 {
                for plies in [0, 1, 3, 8, 20, 40, 70, 100, 150] {
                    positions.push(random_position::<Position>(rules, seed, plies));
                }
            }
            positions.extend(crate::test_support::placements(rules, 400, 5));
            for pos in &positions {
                let (a, n) = check_numbers(pos);
                accepted += a;
                all += n;
            }
        }
        // Refused numbers were met, or the test would not test refusal.
        assert!(all > accepted + 10_000, "{accepted} of {all}");
    }

    #[test]
    fn the_exact_road_is_the_list_pick() {
        let (mut numbers, mut groups) = (Numbers::new(), Groups::new());
        for rules in rule_sets() {
            for seed in 0..40 {
                let pos: Position = random_position(rules, seed, seed as u32 * 3);
                if pos.is_over() {
                    continue;
                }
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let mut rng = Rng::seed_from_u64(seed);
                let pick = (!list.is_empty()).then(|| list[rng.below(list.len() as u32) as usize]);
                let mut rng = Rng::seed_from_u64(seed);
                let view = pos.view();
                assert_eq!(
                    view.sample_exactly(&mut groups, &mut rng.clone()),
                    pick,
                    "{pos}"
                );
                // With no attempts allowed, the draw is the exact road.
                let drawn = view.sample_trying::<0>(&mut numbers, &mut groups, &mut rng);
                assert_eq!(drawn, pick, "{pos}");
            }
        }
    }

    /// With a single attempt, the exact road draws whenever it is refused: the mixture is
    /// still uniform.
    #[test]
    fn one_attempt_then_the_exact_road_is_uniform() {
        use abstract_game::testing::uniformity;
        let (mut numbers, mut groups) = (Numbers::new(), Groups::new());
        let mut rng = Rng::seed_from_u64(3);
        let live = (0..)
            .map(|seed| random_position::<Position>(Rules::STANDARD, seed, 30))
            .filter(|pos| !pos.is_over());
        for pos in live.take(3) {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let view = pos.view();
            let test = uniformity(&list, 200, || {
                view.sample_trying::<1>(&mut numbers, &mut groups, &mut rng)
            })
            .expect("every draw is a legal move");
            assert!(test.fewest > 0 && test.p_value > 1e-6, "{test:?} in {pos}");
        }
    }
}
