//! Every Jasir-basic position numbered for a retrograde solver.
//!
//! Under `jasir-basic` (forward and lateral lines only, no returns, a blocked side loses, no
//! shuttling rule) a position is decided by where the archers stand and who moves: marks,
//! pools and credits never matter, and nothing else is recorded. The index splits the holes
//! into three bands: row 1, the middle rows 2-4, and row 5. An archer on its goal row never
//! moves again and cannot be taken (the enemy cannot step back onto it), an archer on its home
//! row has not moved yet, and an archer in the middle is under way. A layer fixes how many
//! archers of each side stand in each band: Black's on the goal row (`gb`), on the home row
//! (`k1`) and in the middle (`bm`), White's likewise (`gw`, `k5`, `wm`). Within a layer the
//! position is the product of six independent choices (goal holes, home holes among those the
//! enemy's arrivals left, middle holes), each ranked in colexicographic order, and the side to
//! move.
//!
//! The only moves that stay in a layer are quiet steps from a middle hole to a middle hole.
//! Every other move lowers the *wave* `2 * (k1 + k5) + bm + wm` (the bands the archers still
//! have to cross): leaving the home row lowers it by one, reaching the goal row by one, and a
//! capture removes an enemy archer that still had one or two bands to go. So the solver takes
//! the waves from the lowest up and needs a fixpoint only for the middle steps, which can
//! cycle (lateral lines).
//!
//! There are 1,602,144,681 boards of at most five archers a side, 3,204,289,362 positions with
//! the side to move, in 2,716 layers of at most 80,080,000 positions.

use abstract_game::bitboard::Bitboard32;
use abstract_game::{PositionIndex, Side, Solvable, Value};

use crate::board::TARGETS_NO_BACKWARD;
use crate::position::{Position, Shuttle};
use crate::rules::{Blocked, Direction, ReturnRule, Rules};

/// Row 1 (Black's home, White's goal).
const ROW1: u32 = 0x1f;
/// Rows 2 to 4.
const MIDDLE: u32 = 0x7fff << 5;
/// Row 5 (White's home, Black's goal).
const ROW5: u32 = 0x1f << 20;

/// Binomial coefficients `C(n, k)` for `n, k <= 15`.
const BINOMIAL: [[u32; 16]; 16] = {
    let mut c = [[0u32; 16]; 16];
    let mut n = 0;
    while n < 16 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

const fn choose(n: u32, k: u32) -> u32 {
    BINOMIAL[n as usize][k as usize]
}

/// The colexicographic rank of a set of at most 15 elements among the sets of its size: the
/// sum of `C(element, i + 1)` over its elements in increasing order.
const fn colex_rank(set: u32) -> u32 {
    let mut rank = 0;
    let mut rest = set;
    let mut i = 1;
    while rest != 0 {
        rank += choose(rest.trailing_zeros(), i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// For each middle hole, the middle holes from which an archer of a side reaches it by a
/// forward or lateral line (`[side][hole]`).
const MIDDLE_ORIGINS: [[u32; 25]; 2] = {
    let mut out = [[0u32; 25]; 2];
    let mut s = 0;
    while s < 2 {
        let mut from = 5;
        while from < 20 {
            let mut targets = TARGETS_NO_BACKWARD[s][from] & MIDDLE;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                out[s][to] |= 1 << from;
            }
            from += 1;
        }
        s += 1;
    }
    out
};

/// Visits the bits of `mask` from the lowest, each as a one-bit mask with its rank among them:
/// the one walk behind [`compress`] and [`expand`].
#[inline(always)]
fn each_ranked_bit(mask: u32, mut visit: impl FnMut(u32, u32)) {
    let mut rank = 0;
    let mut rest = mask;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        visit(low, rank);
        rank += 1;
        rest ^= low;
    }
}

/// The bits of `set` at the positions of `mask`, packed to the low end (a software `pext`).
#[inline]
fn compress(set: u32, mask: u32) -> u32 {
    let mut out = 0;
    each_ranked_bit(mask, |low, rank| {
        if set & low != 0 {
            out |= 1 << rank;
        }
    });
    out
}

/// The low bits of `packed` spread over the positions of `mask` (a software `pdep`).
#[inline]
fn expand(packed: u32, mask: u32) -> u32 {
    let mut out = 0;
    each_ranked_bit(mask, |low, rank| {
        if packed & (1 << rank) != 0 {
            out |= low;
        }
    });
    out
}

/// A Jasir-basic position as the solver sees it: the archers of each side and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Archers {
    /// Black's and White's archers, as sets of hole indices (bit `5 * (row - 1) + file`).
    pub archers: [u32; 2],
    /// The side to move.
    pub to_move: Side,
}

impl Archers {
    /// Each archer of the side to move off its goal row, with the holes it may step to: along a
    /// forward or lateral line, to a hole without an own archer.
    #[inline]
    fn step_sets(self) -> impl Iterator<Item = (u32, u32)> {
        let s = self.to_move.index();
        let own = self.archers[s];
        Bitboard32(own & !goal(self.to_move))
            .into_iter()
            .map(move |from| (from, TARGETS_NO_BACKWARD[s][from as usize] & !own))
    }

    /// The steps of the side to move, each as `(from, to)`.
    #[inline]
    fn for_each_step(self, mut visit: impl FnMut(u32, u32)) {
        for (from, targets) in self.step_sets() {
            for to in Bitboard32(targets) {
                visit(from, to);
            }
        }
    }

    /// Whether the side to move has a step.
    #[inline]
    fn can_move(self) -> bool {
        self.step_sets().any(|(_, targets)| targets != 0)
    }
}

/// The goal row of `side`.
const fn goal(side: Side) -> u32 {
    match side {
        Side::First => ROW5,
        Side::Second => ROW1,
    }
}

/// The sizes that fix a layer, and its radices.
#[derive(Clone, Copy, Debug)]
struct Layer {
    /// Black on the goal row, White on the goal row, Black on the home row, White on the home
    /// row, Black in the middle, White in the middle.
    counts: [u32; 6],
    /// The number of choices of each part, in rank order: Black's goal holes, White's goal
    /// holes, Black's home holes, White's home holes, Black's middle holes, White's middle
    /// holes.
    radices: [u32; 6],
    /// Positions (boards times two sides).
    len: u64,
    wave: u32,
}

/// The key of a layer in [`JasirBasicIndex::layer_of`].
const fn key(gb: u32, gw: u32, k1: u32, k5: u32, bm: u32, wm: u32) -> usize {
    (((((gb * 6 + gw) * 6 + k1) * 6 + k5) * 6 + bm) * 6 + wm) as usize
}

/// The numbering of every Jasir-basic position (any side moving first: the positions are the
/// same, only the start differs). See the module docs.
#[derive(Clone, Debug)]
pub struct JasirBasicIndex {
    rules: Rules,
    layers: Vec<Layer>,
    /// Layer number by [`key`], `u16::MAX` where no layer has that key.
    layer_of: Vec<u16>,
    /// The sets of each size of the 15 bits, in colex order (`[size][rank]`).
    sets: Vec<Vec<u16>>,
}

impl JasirBasicIndex {
    /// The index for `rules`, which must be `jasir-basic` up to the first player.
    fn new(rules: Rules) -> JasirBasicIndex {
        let mut sets: Vec<Vec<u16>> = (0..16).map(|k| vec![0; choose(15, k) as usize]).collect();
        for set in 0u32..1 << 15 {
            sets[set.count_ones() as usize][colex_rank(set) as usize] = set as u16;
        }
        let mut layers = Vec::new();
        let mut layer_of = vec![u16::MAX; 6usize.pow(6)];
        for black in 0..=5u32 {
            for white in 0..=5u32 {
                for gb in 0..=black {
                    for gw in 0..=white {
                        for k1 in 0..=(black - gb).min(5 - gw) {
                            for k5 in 0..=(white - gw).min(5 - gb) {
                                let (bm, wm) = (black - gb - k1, white - gw - k5);
                                if bm + wm > 15 {
                                    continue;
                                }
                                let radices = [
                                    choose(5, gb),
                                    choose(5, gw),
                                    choose(5 - gw, k1),
                                    choose(5 - gb, k5),
                                    choose(15, bm),
                                    choose(15 - bm, wm),
                                ];
                                let boards: u64 = radices.iter().map(|&r| u64::from(r)).product();
                                layer_of[key(gb, gw, k1, k5, bm, wm)] = layers.len() as u16;
                                layers.push(Layer {
                                    counts: [gb, gw, k1, k5, bm, wm],
                                    radices,
                                    len: 2 * boards,
                                    wave: 2 * (k1 + k5) + bm + wm,
                                });
                            }
                        }
                    }
                }
            }
        }
        JasirBasicIndex {
            rules,
            layers,
            layer_of,
            sets,
        }
    }

    /// The set of rank `rank` among the sets of `size` elements.
    #[inline]
    fn set(&self, size: u32, rank: u32) -> u32 {
        u32::from(self.sets[size as usize][rank as usize])
    }
}

impl PositionIndex for JasirBasicIndex {
    type Game = Position;
    type Node = Archers;
    const INDEX_VERSION: u32 = 1;

    fn name(&self) -> String {
        "jasir-basic archers".to_string()
    }

    fn layer_count(&self) -> usize {
        self.layers.len()
    }

    fn layer_len(&self, layer: usize) -> u64 {
        self.layers[layer].len
    }

    fn layer_wave(&self, layer: usize) -> u32 {
        self.layers[layer].wave
    }

    /// The archers of both sides: fixed in a layer, and never raised by a move.
    fn layer_pieces(&self, layer: usize) -> Option<u32> {
        Some(self.layers[layer].counts.iter().sum())
    }

    #[inline]
    fn rank(&self, node: Archers) -> (usize, u64) {
        let [black, white] = node.archers;
        let black_goal = black >> 20;
        let white_goal = white & ROW1;
        let black_home = black & ROW1;
        let white_home = white >> 20;
        let black_middle = (black & MIDDLE) >> 5;
        let white_middle = (white & MIDDLE) >> 5;
        let parts = [
            black_goal,
            white_goal,
            compress(black_home, ROW1 & !white_goal),
            compress(white_home, ROW1 & !black_goal),
            black_middle,
            compress(white_middle, 0x7fff & !black_middle),
        ];
        let counts = parts.map(u32::count_ones);
        let layer = usize::from(
            self.layer_of[key(
                counts[0], counts[1], counts[2], counts[3], counts[4], counts[5],
            )],
        );
        let radices = self.layers[layer].radices;
        let mut index = 0u64;
        for (part, radix) in parts.into_iter().zip(radices) {
            index = index * u64::from(radix) + u64::from(colex_rank(part));
        }
        (layer, 2 * index + node.to_move.index() as u64)
    }

    fn unrank(&self, layer: usize, index: u64) -> Archers {
        let Layer {
            counts, radices, ..
        } = self.layers[layer];
        let to_move = Side::from_index((index & 1) as usize);
        let mut rest = index >> 1;
        let mut ranks = [0u32; 6];
        for part in (0..6).rev() {
            let radix = u64::from(radices[part]);
            ranks[part] = (rest % radix) as u32;
            rest /= radix;
        }
        let black_goal = self.set(counts[0], ranks[0]);
        let white_goal = self.set(counts[1], ranks[1]);
        let black_home = expand(self.set(counts[2], ranks[2]), ROW1 & !white_goal);
        let white_home = expand(self.set(counts[3], ranks[3]), ROW1 & !black_goal);
        let black_middle = self.set(counts[4], ranks[4]);
        let white_middle = expand(self.set(counts[5], ranks[5]), 0x7fff & !black_middle);
        Archers {
            archers: [
                black_goal << 20 | black_home | black_middle << 5,
                white_goal | white_home << 20 | white_middle << 5,
            ],
            to_move,
        }
    }

    #[inline]
    fn terminal(&self, node: Archers) -> Option<Value> {
        let [black, white] = node.archers;
        if black & !ROW5 == 0 || white & !ROW1 == 0 {
            // Two points an arrived archer, one any other on the board.
            let points = |own: u32, side: Side| own.count_ones() + (own & goal(side)).count_ones();
            let us = node.to_move;
            let ours = points(node.archers[us.index()], us);
            let theirs = points(node.archers[us.opponent().index()], us.opponent());
            return Some(match ours.cmp(&theirs) {
                core::cmp::Ordering::Greater => Value::Win(0),
                core::cmp::Ordering::Equal => Value::Draw,
                core::cmp::Ordering::Less => Value::Loss(0),
            });
        }
        (!node.can_move()).then_some(Value::Loss(0))
    }

    #[inline]
    fn children(&self, node: Archers, mut visit: impl FnMut(Archers)) {
        let s = node.to_move.index();
        node.for_each_step(|from, to| {
            let mut archers = node.archers;
            archers[s] ^= 1 << from | 1 << to;
            archers[1 - s] &= !(1 << to);
            visit(Archers {
                archers,
                to_move: node.to_move.opponent(),
            });
        });
    }

    #[inline]
    fn parents(&self, node: Archers, mut visit: impl FnMut(Archers)) {
        // The moves inside a layer are quiet steps from the middle to the middle, made by the
        // side that is not to move now.
        let mover = node.to_move.opponent();
        let m = mover.index();
        let empty = !(node.archers[0] | node.archers[1]);
        let mut arrived = node.archers[m] & MIDDLE;
        while arrived != 0 {
            let to = arrived.trailing_zeros();
            arrived &= arrived - 1;
            let mut origins = MIDDLE_ORIGINS[m][to as usize] & empty;
            while origins != 0 {
                let from = origins.trailing_zeros();
                origins &= origins - 1;
                let mut archers = node.archers;
                archers[m] ^= 1 << from | 1 << to;
                visit(Archers {
                    archers,
                    to_move: mover,
                });
            }
        }
    }

    fn node_of(&self, game: &Position) -> Option<Archers> {
        (game.rules.with_first_player(Side::First) == Rules::JASIR_BASIC).then_some(Archers {
            archers: [game.archers[0].0, game.archers[1].0],
            to_move: game.to_move,
        })
    }

    fn game_of(&self, node: Archers) -> Position {
        let mut pos = Position {
            rules: self.rules,
            archers: node.archers.map(Bitboard32),
            marked: Bitboard32(0),
            pool: [0; 2],
            credits: [0; 2],
            to_move: node.to_move,
            passes: 0,
            shuttle: [Shuttle::NONE; 2],
            outcome: None,
            hash: 0,
        };
        pos.finish_setup();
        pos
    }
}

impl Solvable for Position {
    type Index = JasirBasicIndex;

    /// The index of every position under `jasir-basic`, whichever side moves first; `None`
    /// under any other rules (their positions carry marks, pools, credits, passes or shuttle
    /// records that this index does not number).
    fn position_index(rules: Rules) -> Option<JasirBasicIndex> {
        let basic = rules.direction == Direction::Jasir
            && rules.return_rule == ReturnRule::None
            && !rules.goal_row_capture_restriction
            && rules.blocked == Blocked::Loses
            && !rules.no_shuttling;
        basic.then(|| JasirBasicIndex::new(rules))
    }

    /// The endgames of `rules` with at most `material` archers in play (see
    /// [`JarmoEndgames`](crate::JarmoEndgames)), under any rules.
    fn endgames(
        rules: Rules,
        material: u32,
    ) -> Option<Box<dyn abstract_game::KeyedPositions<Game = Position>>> {
        Some(Box::new(crate::JarmoEndgames::new(rules, material)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::{Game, TextGame};

    fn index() -> JasirBasicIndex {
        Position::position_index(Rules::JASIR_BASIC).unwrap()
    }

    #[test]
    fn the_layers_hold_every_board_of_at_most_five_archers_a_side() {
        let index = index();
        // Independently: choose Black's archers among 25 holes, then White's among the rest.
        let mut boards = 0u64;
        let c = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
        for b in 0..=5 {
            for w in 0..=5 {
                boards += c(25, b) * c(25 - b, w);
            }
        }
        assert_eq!(boards, 1_602_144_681);
        assert_eq!(index.len(), 2 * boards);
        assert_eq!(index.layer_count(), 2_716);
        let largest = (0..index.layer_count()).map(|l| index.layer_len(l)).max();
        assert_eq!(largest, Some(80_080_000));
    }

    #[test]
    fn rank_and_unrank_are_inverse_on_samples_of_every_layer() {
        let index = index();
        for layer in 0..index.layer_count() {
            let len = index.layer_len(layer);
            let step = (len / 97).max(1);
            let mut i = 0;
            while i < len {
                let node = index.unrank(layer, i);
                assert_eq!(index.rank(node), (layer, i), "{node:?}");
                let [black, white] = node.archers;
                assert_eq!(black & white, 0);
                assert!(black.count_ones() <= 5 && white.count_ones() <= 5);
                assert!((black | white) < 1 << 25);
                i += step;
            }
            let last = index.unrank(layer, len - 1);
            assert_eq!(index.rank(last), (layer, len - 1));
        }
    }

    #[test]
    fn moves_agree_with_the_position_and_never_climb_a_wave() {
        let index = index();
        let mut rng = abstract_game::playout::Rng::seed_from_u64(5);
        for _ in 0..2_000 {
            let layer = (rng.next_u64() % index.layer_count() as u64) as usize;
            let i = rng.next_u64() % index.layer_len(layer);
            let node = index.unrank(layer, i);
            let pos = index.game_of(node);
            assert_eq!(index.node_of(&pos), Some(node));
            let mut children = Vec::new();
            if index.terminal(node).is_none() {
                index.children(node, |c| children.push(c));
            }
            let mut moves = crate::MoveList::new();
            pos.legal_moves(&mut moves);
            let mut expected: Vec<Archers> = moves
                .iter()
                .map(|&mv| index.node_of(&pos.after(mv)).unwrap())
                .collect();
            children.sort_by_key(|c| c.archers);
            expected.sort_by_key(|c| c.archers);
            assert_eq!(children, expected, "{pos}");
            for child in children {
                let (l, _) = index.rank(child);
                assert!(
                    l == layer || index.layer_wave(l) < index.layer_wave(layer),
                    "{pos}"
                );
                // In-layer children name this node among their parents.
                if l == layer {
                    let mut parents = Vec::new();
                    index.parents(child, |p| parents.push(p));
                    assert_eq!(parents.iter().filter(|&&p| p == node).count(), 1);
                    for p in parents {
                        assert_eq!(index.rank(p).0, layer);
                    }
                }
            }
            // The terminal value agrees with the position's outcome.
            match (index.terminal(node), pos.outcome()) {
                (None, None) => {}
                (Some(v), Some(o)) => {
                    let expected = match o.winner {
                        Some(w) if w == node.to_move => 1,
                        Some(_) => -1,
                        None => 0,
                    };
                    assert_eq!(v.sign(), expected, "{pos}");
                }
                other => panic!("{pos}: {other:?}"),
            }
        }
        let start = Position::new(Rules::JASIR_BASIC);
        assert_eq!(
            index.game_of(index.node_of(&start).unwrap()).to_text(),
            start.to_text()
        );
        assert!(Position::position_index(Rules::JASIR).is_none());
        assert!(index.node_of(&Position::new(Rules::JARMO)).is_none());
    }
}
