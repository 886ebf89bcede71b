//! perft's last two plies in one pass: [`Game::count_two_plies`] for Jetan.
//!
//! Nearly all of perft's time goes into the positions two plies above the leaves: each of
//! their moves is played on the piece sets and the reply counted ([`Game::count_after`]).
//! Sibling moves change little. A quiet move (one that captures nothing) moves one piece from
//! `f` to `t`, and only that: the replying side's pieces stay where they are, the squares they
//! may end on stay the same (empty or enemy), and its Princess keeps her square. So the reply
//! count of every quiet move is worked out from facts gathered once for the parent:
//!
//! * each replying piece's number of moves, and the squares whose emptiness its moves depend
//!   on (its *influence*: the first-step squares of a two-step piece, the first and second
//!   of a three-step one, none for Panthans and Fliers). A quiet move changes the emptiness of
//!   `f` and `t` only, so only the pieces whose influence holds one of them are counted again;
//! * each moving-side piece's attacks on the squares where the replying Princess may go (her
//!   square lifted, as move generation has it), with its influence. After a quiet move the map
//!   is the union of the attacks, those of the moved piece and of the pieces whose influence
//!   `f` or `t` touches taken again on the new board.
//!
//! The rest of the reply count cannot change: Panthan moves depend on no empty square, and the
//! Princess's candidate squares follow the new empty squares. Nor can the end rules tell
//! quiet moves apart: they keep the piece counts and values, so near the end of the game the
//! countdown or the material rules end the game after all of them (no replies) or after none.
//! Captures change the replying side's pieces and the squares it may end on; they take the
//! general road, [`Game::count_after`]. The unit tests hold this pass to the sum of the reply
//! lists.
//!
//! [`Game::count_two_plies`]: abstract_game::Game::count_two_plies
//! [`Game::count_after`]: abstract_game::Game::count_after

use abstract_game::{Game, Side};

use crate::board::{ALL_BITS, DIAG, KING_TWO, ORTH, ORTH_TWO, PRINCESS, WALKERS, low_index};
use crate::movegen::{Filler, panthan_reach, panthan_shifts, reach};
use crate::piece::{Kind, Piece};
use crate::position::{MoveList, Position};

/// The most pieces of one side, Panthans and the Princess left out, that the pass keeps (a
/// side has 11 at the start; a position with more takes the general road).
const PIECES: usize = 16;

/// A piece the pass keeps: its square, kind and influence, and either its number of moves
/// (replying side) or its attacks (moving side).
#[derive(Clone, Copy)]
struct Kept {
    square: usize,
    kind: Kind,
    influence: u128,
    /// Moves (as a count) or attacks (as a set).
    value: u128,
}

/// The squares whose emptiness the destinations of a `kind` on `x` depend on (none for a
/// Thoat that jumps).
#[inline(always)]
fn influence(kind: Kind, x: usize, thoat_jumps: bool) -> u128 {
    match kind {
        Kind::Thoat if thoat_jumps => 0,
        Kind::Thoat | Kind::Warrior => ORTH[x],
        Kind::Padwar => DIAG[x],
        Kind::Dwar => ORTH_TWO[x],
        Kind::Chief => KING_TWO[x],
        Kind::Panthan | Kind::Flier | Kind::Princess => 0,
    }
}

/// The pieces of `side` other than Panthans and the Princess, in a fixed-size array, or
/// `None` when there are more than [`PIECES`].
#[inline(always)]
fn kept_pieces(
    pos: &Position,
    side: Side,
    value: impl Fn(Kind, usize) -> u128,
) -> Option<([Kept; PIECES], usize)> {
    let mine = pos.by_side[side.index()];
    let mut kept = [Kept {
        square: 0,
        kind: Kind::Panthan,
        influence: 0,
        value: 0,
    }; PIECES];
    let mut len = 0;
    for kind in WALKERS {
        let mut set = pos.by_kind[kind.index()] & mine;
        while set != 0 {
            let x = low_index(set);
            set &= set - 1;
            *kept.get_mut(len)? = Kept {
                square: x,
                kind,
                influence: influence(kind, x, pos.rules.thoat_jumps),
                value: value(kind, x),
            };
            len += 1;
        }
    }
    Some((kept, len))
}

impl Position {
    /// [`Game::count_two_plies`]: the sum of [`Game::count_after`] over the legal moves, the
    /// quiet moves' reply counts found from facts gathered once (see the module doc).
    pub(crate) fn two_plies(&self) -> u64 {
        if self.result.is_some() {
            return 0;
        }
        let mut moves = MoveList::new();
        self.generate(&mut Filler(&mut moves));
        let general = || moves.iter().map(|&mv| self.count_after(mv) as u64).sum();
        // Near the end the quiet moves may all end the game (by the countdown or material):
        // then only captures have replies.
        let quiet_ends = self.quiet_move_result().is_some();
        let us = self.to_move;
        let them = !us;
        let revisit = self.rules.revisit;
        let jumps = self.rules.thoat_jumps;
        let occupied = self.by_side[0] | self.by_side[1];
        let empty = ALL_BITS & !occupied;
        let not_theirs = ALL_BITS & !self.by_side[them.index()];
        let k = |side: Side, kind: Kind| self.by_kind[kind.index()] & self.by_side[side.index()];

        // The reply: each piece's moves, and the Panthans' (which no quiet move changes).
        let reply = |kind: Kind, x: usize, empty: u128| {
            (reach(kind, them, x, empty, revisit, jumps, true, true) & not_theirs).count_ones()
        };
        let Some((theirs, their_len)) =
            kept_pieces(self, them, |kind, x| u128::from(reply(kind, x, empty)))
        else {
            return general();
        };
        let theirs = &theirs[..their_len];
        let panthans: u32 = panthan_shifts(them, k(them, Kind::Panthan))
            .iter()
            .map(|&(targets, _)| (targets & not_theirs).count_ones())
            .sum();
        let base = u64::from(panthans) + theirs.iter().map(|p| p.value as u64).sum::<u64>();

        // The moving side's attacks on the replying Princess's squares, her square lifted.
        let princess = k(them, Kind::Princess);
        let near = if princess != 0 {
            PRINCESS[revisit as usize][low_index(princess)]
        } else {
            0
        };
        let can_escape = self.rules.escape && self.escape_left[them.index()];
        let attack = |kind: Kind, x: usize, empty: u128| {
            reach(kind, us, x, empty | princess, revisit, jumps, false, true) & !(1u128 << x)
        };
        let Some((ours, our_len)) = kept_pieces(self, us, |kind, x| attack(kind, x, empty)) else {
            return general();
        };
        let ours = &ours[..our_len];
        let our_panthans = k(us, Kind::Panthan);
        let panthan_attacks = panthan_reach(us, our_panthans);

        let mut total = 0;
        for &mv in moves.iter() {
            let from = mv.origin().index();
            let to = mv.target().index();
            let moved = Piece::from_code(self.board[from]).map(|p| p.kind);
            let (Some(moved), false) = (moved, self.board[to] != 0 || from == to) else {
                total += self.count_after(mv) as u64;
                continue;
            };
            if quiet_ends {
                continue;
            }
            let changed = 1u128 << from | 1u128 << to;
            let empty = empty ^ changed;
            let mut count = base;
            for p in theirs {
                if p.influence & changed != 0 {
                    count += u64::from(reply(p.kind, p.square, empty));
                    count -= p.value as u64;
                }
            }
            if princess != 0 {
                let mut attacked = if moved == Kind::Panthan {
                    panthan_reach(us, our_panthans ^ changed)
                } else {
                    panthan_attacks
                };
                for p in ours {
                    attacked |= if p.square == from {
                        attack(p.kind, to, empty)
                    } else if p.influence & changed != 0 {
                        attack(p.kind, p.square, empty)
                    } else {
                        p.value
                    };
                }
                let wanted = if can_escape { empty } else { empty & near };
                count += u64::from((wanted & !attacked).count_ones());
            }
            total += count;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use abstract_game::GameRules;
    use abstract_game::playout::random_position;

    #[test]
    fn the_start_counts_perft_two() {
        let pos = Position::new(Rules::default());
        assert_eq!(pos.two_plies(), 5_462);
    }

    /// On positions of random games and random placements (Princesses among enemies, escapes
    /// used or not, countdowns running) under every preset and the options they leave off:
    /// the pass equals the sum of the reply lists, for each position and each position after
    /// one of its moves (`tests/fast_roads.rs` adds hand-made end games through perft).
    #[test]
    fn two_plies_at_once_equal_the_reply_lists() {
        let mut rule_sets: Vec<Rules> = Rules::PRESETS.iter().map(|preset| preset.rules).collect();
        rule_sets.push(Rules {
            escape: false,
            revisit: true,
            ..Rules::STANDARD
        });
        let legal = |pos: &Position| {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            list
        };
        for rules in rule_sets {
            let placed = crate::test_support::placements(rules, 150, 11);
            assert!(placed.len() > 100, "{rules:?}: {} placements", placed.len());
            let played = (0..4).flat_map(|seed| {
                [0, 1, 2, 5, 10, 20, 40, 60, 80, 100, 130]
                    .map(|plies| random_position::<Position>(rules, seed, plies))
            });
            for (i, pos) in placed.into_iter().chain(played).enumerate() {
                let pos = &pos;
                let list = legal(pos);
                let children = list.iter().filter(|_| i % 3 == 0).map(|&mv| pos.after(mv));
                for p in std::iter::once(pos.clone()).chain(children) {
                    let slow: u64 = legal(&p)
                        .iter()
                        .map(|&mv| legal(&p.after(mv)).len() as u64)
                        .sum();
                    assert_eq!(p.count_two_plies(), slow, "{p}");
                }
            }
        }
    }
}
