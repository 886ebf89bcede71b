//! Endgames under every rule set: the positions with few archers in play, named by keys.
//!
//! Jasir-basic's positions are numbered by a formula ([`JasirBasicIndex`](crate::JasirBasicIndex)):
//! where the archers stand and who moves. Under the other rules a position also carries marks,
//! the captured pools or reserves, return credits, the passes just made and each side's
//! back-and-forth record for the no-shuttling rule; most combinations of those never occur,
//! so a formula would number mostly nothing. Here a position is named by a *key* instead (a
//! `u128` packing every fact that can still matter) and a solver gathers the endgame by playing
//! the moves from its starting positions ([`KeyedPositions`]).
//!
//! # What "in play" counts
//!
//! An endgame must be closed: no move may lead out of it. Archers on the board alone do not
//! do: under the seed rule a return puts an archer back. So an endgame counts its *material*:
//!
//! - seed rule: archers on the board, plus unspent credits, plus marked archers that have not
//!   arrived (each can still earn a credit: a credit needs a marked archer arriving, and a
//!   capture that marks one also takes an archer off);
//! - reserve rule: archers on the board plus archers in reserve (a capture of a marked archer
//!   moves it from the board to the reserve, a drop back);
//! - no returns: archers on the board.
//!
//! No move raises the material (a test plays every move of many positions to check it), so
//! the positions of material at most `k` are closed, and the material is each key's wave.
//!
//! # What a key forgets
//!
//! A key keeps every fact of the position except those that can no longer change its future:
//! the mark of an archer on its goal row where it can never be captured into a reserve (such
//! a mark earned its credit on arrival and does nothing after), every mark when captured
//! archers never return, a shuttle record whose archer is gone or whose step back is not a
//! legal direction, and the first player (a position says who moves).

use abstract_game::bitboard::Bitboard32;
use abstract_game::{GameRules, KeyedPositions, Side};

use crate::board::{Hole, goal_row};
use crate::position::{Position, Shuttle};
use crate::rules::{Direction, ReturnRule, Rules};

/// The most material an endgame can have: every archer of both sides.
pub const MAX_MATERIAL: u32 = 10;

/// The endgames of one rule set with at most a given material (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JarmoEndgames {
    rules: Rules,
    material: u32,
}

impl JarmoEndgames {
    /// The endgames of `rules` with material at most `material` (capped at
    /// [`MAX_MATERIAL`]); whichever side moves first, the positions are the same.
    pub fn new(rules: Rules, material: u32) -> JarmoEndgames {
        JarmoEndgames {
            rules: rules.with_first_player(Side::First),
            material: material.min(MAX_MATERIAL),
        }
    }

    /// The largest material of the endgames.
    pub const fn material(&self) -> u32 {
        self.material
    }

    /// The rules (with Black first).
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The material of `pos` under its rules: archers on the board and what can still come
    /// back (see the module docs). No move raises it.
    pub fn material_of(pos: &Position) -> u32 {
        let on_board = pos.archers[0].0.count_ones() + pos.archers[1].0.count_ones();
        match pos.rules.return_rule {
            ReturnRule::None => on_board,
            ReturnRule::Reserve => on_board + u32::from(pos.pool[0]) + u32::from(pos.pool[1]),
            ReturnRule::Seed => {
                let marked_on_the_way = Side::BOTH
                    .iter()
                    .map(|&side| {
                        (pos.archers[side.index()].0 & pos.marked.0 & !goal_row(side).0)
                            .count_ones()
                    })
                    .sum::<u32>();
                on_board + u32::from(pos.credits[0]) + u32::from(pos.credits[1]) + marked_on_the_way
            }
        }
    }

    /// The marks that can still matter: every mark of an archer on its way; on the goal row
    /// only under the reserve rule with backward moves (an arrived archer can be captured
    /// there, into the reserve if marked); none when captured archers never return.
    fn marks_that_matter(&self, archers: [u32; 2]) -> u32 {
        match self.rules.return_rule {
            ReturnRule::None => 0,
            ReturnRule::Reserve if self.rules.direction == Direction::Jarmo => {
                archers[0] | archers[1]
            }
            _ => (archers[0] & !goal_row(Side::First).0) | (archers[1] & !goal_row(Side::Second).0),
        }
    }

    /// The shuttle record of `side` if it can still refuse or lengthen a step: its archer is
    /// still on the hole it stepped to, off its goal row, and may step back.
    fn shuttle_that_matters(&self, pos: &Position, side: Side) -> Shuttle {
        let record = pos.shuttle[side.index()];
        let Some((from, to)) = record.last_step() else {
            return Shuttle::NONE;
        };
        let own = pos.archers[side.index()].0;
        let stays = own & (1 << to.index()) != 0 && goal_row(side).0 & (1 << to.index()) == 0;
        let may_step_back = self.rules.direction == Direction::Jarmo || from.row() == to.row();
        if self.rules.no_shuttling && stays && may_step_back {
            record
        } else {
            Shuttle::NONE
        }
    }
}

/// Bit positions of a key's fields.
const BLACK_AT: u32 = 0;
const WHITE_AT: u32 = 25;
const MARKED_AT: u32 = 50;
const POOL_AT: u32 = 75;
const CREDITS_AT: u32 = 81;
const TO_MOVE_AT: u32 = 87;
const PASSES_AT: u32 = 88;
const SHUTTLE_AT: u32 = 90;
const HOLES: u128 = (1 << 25) - 1;

fn shuttle_bits(record: Shuttle) -> u128 {
    match record.last_step() {
        None => 0,
        Some((from, to)) => {
            u128::from(record.count()) | (from.index() as u128) << 2 | (to.index() as u128) << 7
        }
    }
}

fn shuttle_of(bits: u128) -> Shuttle {
    let count = (bits & 3) as u8;
    match (
        Hole::try_new(((bits >> 2) & 31) as usize),
        Hole::try_new(((bits >> 7) & 31) as usize),
    ) {
        (Some(from), Some(to)) => Shuttle::new(from, to, count),
        _ => Shuttle::NONE,
    }
}

impl KeyedPositions for JarmoEndgames {
    type Game = Position;

    fn name(&self) -> String {
        let r = self.rules;
        let rules = match r.preset_name() {
            Some(preset) => preset.to_string(),
            None => format!(
                "{:?} moves, {:?} returns, goal-row restriction {}, blocked {:?}, no-shuttling {}",
                r.direction,
                r.return_rule,
                if r.goal_row_capture_restriction {
                    "on"
                } else {
                    "off"
                },
                r.blocked,
                if r.no_shuttling { "on" } else { "off" },
            ),
        };
        format!("{rules} endgames of material {}", self.material)
    }

    fn key_version(&self) -> u32 {
        1
    }

    fn waves(&self) -> u32 {
        self.material + 1
    }

    fn key(&self, pos: &Position) -> Option<(u32, u128)> {
        if pos.rules.with_first_player(Side::First) != self.rules {
            return None;
        }
        let material = JarmoEndgames::material_of(pos);
        if material > self.material || pos.pool.iter().chain(&pos.credits).any(|&n| n > 7) {
            return None;
        }
        let archers = [pos.archers[0].0, pos.archers[1].0];
        let marked = pos.marked.0 & self.marks_that_matter(archers);
        let mut key = u128::from(archers[0]) << BLACK_AT
            | u128::from(archers[1]) << WHITE_AT
            | u128::from(marked) << MARKED_AT
            | u128::from(pos.pool[0]) << POOL_AT
            | u128::from(pos.pool[1]) << (POOL_AT + 3)
            | u128::from(pos.credits[0]) << CREDITS_AT
            | u128::from(pos.credits[1]) << (CREDITS_AT + 3)
            | (pos.to_move.index() as u128) << TO_MOVE_AT
            | u128::from(pos.passes.min(3)) << PASSES_AT;
        for side in Side::BOTH {
            let bits = shuttle_bits(self.shuttle_that_matters(pos, side));
            key |= bits << (SHUTTLE_AT + 12 * side.index() as u32);
        }
        Some((material, key))
    }

    fn game_of(&self, key: u128) -> Position {
        let field = |at: u32, bits: u32| (key >> at) & ((1 << bits) - 1);
        let mut pos = Position {
            rules: self.rules,
            archers: [
                Bitboard32((key >> BLACK_AT & HOLES) as u32),
                Bitboard32((key >> WHITE_AT & HOLES) as u32),
            ],
            marked: Bitboard32((key >> MARKED_AT & HOLES) as u32),
            pool: [field(POOL_AT, 3) as u8, field(POOL_AT + 3, 3) as u8],
            credits: [field(CREDITS_AT, 3) as u8, field(CREDITS_AT + 3, 3) as u8],
            to_move: Side::from_index(field(TO_MOVE_AT, 1) as usize),
            passes: field(PASSES_AT, 2) as u8,
            shuttle: [
                shuttle_of(field(SHUTTLE_AT, 12)),
                shuttle_of(field(SHUTTLE_AT + 12, 12)),
            ],
            outcome: None,
            hash: 0,
        };
        pos.finish_setup();
        pos
    }

    fn seeds(&self, visit: &mut dyn FnMut(Position)) {
        // Every placement of at most `material` archers (at most 5 a side), with every set of
        // marks and every reserve the material allows, each side to move; no credits, passes
        // or shuttle records (the moves bring those).
        let k = self.material;
        let mut placement = |black: u32, white: u32| {
            let on_board = black.count_ones() + white.count_ones();
            let markable = self.marks_that_matter([black, white]);
            let counted_marks = match self.rules.return_rule {
                ReturnRule::Seed => markable,
                _ => 0,
            };
            let (nb, nw) = (black.count_ones() as u8, white.count_ones() as u8);
            let pools: Vec<[u8; 2]> = match self.rules.return_rule {
                ReturnRule::None => vec![[0, 0]],
                ReturnRule::Seed => vec![[5 - nb, 5 - nw]],
                ReturnRule::Reserve => (0..=5 - nb)
                    .flat_map(|b| (0..=5 - nw).map(move |w| [b, w]))
                    .filter(|&[b, w]| on_board + u32::from(b) + u32::from(w) <= k)
                    .collect(),
            };
            for_each_subset(markable, |marks| {
                if on_board + (marks & counted_marks).count_ones() > k {
                    return;
                }
                for &pool in &pools {
                    for to_move in Side::BOTH {
                        let mut pos = Position {
                            rules: self.rules,
                            archers: [Bitboard32(black), Bitboard32(white)],
                            marked: Bitboard32(marks),
                            pool,
                            credits: [0; 2],
                            to_move,
                            passes: 0,
                            shuttle: [Shuttle::NONE; 2],
                            outcome: None,
                            hash: 0,
                        };
                        pos.finish_setup();
                        visit(pos);
                    }
                }
            });
        };
        for_each_set_of_at_most(HOLES as u32, 5.min(k), &mut |black| {
            let rest = k - black.count_ones();
            for_each_set_of_at_most(HOLES as u32 & !black, 5.min(rest), &mut |white| {
                placement(black, white);
            });
        });
    }
}

/// Visits every subset of `set` (the empty one included).
fn for_each_subset(set: u32, mut visit: impl FnMut(u32)) {
    let mut sub = 0u32;
    loop {
        visit(sub);
        if sub == set {
            return;
        }
        sub = (sub.wrapping_sub(set)) & set;
    }
}

/// Visits every subset of `set` with at most `n` members.
fn for_each_set_of_at_most(set: u32, n: u32, visit: &mut dyn FnMut(u32)) {
    fn go(rest: u32, n: u32, chosen: u32, visit: &mut dyn FnMut(u32)) {
        visit(chosen);
        if n == 0 {
            return;
        }
        // Choose members in increasing order: only bits above the highest chosen one.
        let above = if chosen == 0 {
            rest
        } else {
            rest & !((1u32 << (31 - chosen.leading_zeros())) * 2 - 1)
        };
        let mut candidates = above;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates &= candidates - 1;
            go(rest, n - 1, chosen | bit, visit);
        }
    }
    go(set, n, 0, visit);
}

impl Position {
    /// Whether a no-shuttling record, a pass or a credit makes this position one a seed of
    /// [`JarmoEndgames`] does not start from (used by the tests).
    #[cfg(test)]
    pub(crate) fn has_history(&self) -> bool {
        self.passes > 0 || self.credits != [0, 0] || self.shuttle.iter().any(|s| s.count() > 0)
    }
}

/// Whether every move of `pos` keeps the material at most where it was (the property that
/// makes an endgame closed); the moves that raise it are returned.
#[cfg(test)]
pub(crate) fn moves_raising_material(pos: &Position) -> Vec<crate::Move> {
    use abstract_game::Game;
    let mut moves = crate::MoveList::new();
    pos.legal_moves(&mut moves);
    let before = JarmoEndgames::material_of(pos);
    moves
        .into_iter()
        .filter(|&mv| {
            let mut after = *pos;
            after.play_unchecked(mv);
            JarmoEndgames::material_of(&after) > before
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::{Game, TextGame};

    const PRESETS: [Rules; 4] = [
        Rules::JARMO,
        Rules::JASIR,
        Rules::JASIR_RESERVE,
        Rules::JASIR_BASIC,
    ];

    /// Every position of random games under every combination of rule options.
    fn visit_random_games(visit: impl FnMut(&Position)) {
        crate::test_support::game_positions(6)
            .iter()
            .for_each(visit);
    }

    #[test]
    fn no_move_of_a_random_game_raises_the_material() {
        let mut seen_fall = 0;
        visit_random_games(|pos| {
            assert_eq!(moves_raising_material(pos), [], "{}", pos.to_text());
            let mut moves = crate::MoveList::new();
            pos.legal_moves(&mut moves);
            seen_fall += moves
                .iter()
                .filter(|&&mv| {
                    JarmoEndgames::material_of(&pos.after(mv)) < JarmoEndgames::material_of(pos)
                })
                .count();
        });
        assert!(seen_fall > 1000, "{seen_fall}");
    }

    #[test]
    fn a_key_gives_back_a_position_with_the_same_key_moves_and_children() {
        let mut with_history = 0;
        visit_random_games(|pos| {
            let endgames = JarmoEndgames::new(pos.rules, MAX_MATERIAL);
            let (wave, key) = endgames.key(pos).unwrap();
            assert_eq!(wave, JarmoEndgames::material_of(pos));
            let back = endgames.game_of(key);
            assert_eq!(endgames.key(&back), Some((wave, key)), "{}", pos.to_text());
            assert_eq!(back.outcome(), pos.outcome(), "{}", pos.to_text());
            let children = |p: &Position| {
                let mut moves = crate::MoveList::new();
                p.legal_moves(&mut moves);
                let mut keyed: Vec<(String, u128)> = moves
                    .iter()
                    .map(|&mv| (p.move_to_string(mv), endgames.key(&p.after(mv)).unwrap().1))
                    .collect();
                keyed.sort_unstable();
                keyed
            };
            assert_eq!(children(&back), children(pos), "{}", pos.to_text());
            with_history += usize::from(pos.has_history());
        });
        assert!(with_history > 1000, "{with_history}");
    }

    #[test]
    fn the_seeds_are_inside_and_without_history() {
        for rules in PRESETS {
            let endgames = JarmoEndgames::new(rules, 2);
            let mut count = 0;
            endgames.seeds(&mut |pos| {
                count += 1;
                assert!(!pos.has_history());
                assert!(endgames.key(&pos).is_some_and(|(w, _)| w <= 2));
            });
            // Two archers or fewer, on 25 holes, each side to move (more with marks and
            // reserves).
            assert!(count >= 2 * (1 + 2 * 25 + 25 * 24 + 2 * 300), "{count}");
        }
        // Another rule set or a larger material is outside.
        let basic = JarmoEndgames::new(Rules::JASIR_BASIC, 3);
        assert_eq!(basic.key(&Position::new(Rules::JASIR)), None);
        assert_eq!(basic.key(&Position::new(Rules::JASIR_BASIC)), None);
        assert!(basic.name() != JarmoEndgames::new(Rules::JASIR_BASIC, 4).name());
    }
}
