//! Two ways of playing that the Jericho text names, written as plans ([`Opening`]) an engine
//! follows whenever they have a move, so that a study can measure them against ordinary play of
//! the same engine (`jgames study jericho --opening copy`).
//!
//! The text forbids one of them and suggests the other, without saying what either is worth:
//!
//! - **`copy`**: the asymmetry rule is there to stop a player from copying the move his
//!   opponent has just made. The copy we measure is the board's own symmetry between the two
//!   players, the South-North mirror ([`Square::mirror`](crate::Square::mirror): same file,
//!   rank `r` to `5 - r`): right after the opponent put piece P on square q, play one's own P
//!   on the mirror image of q. The mirror image shares q's file, so when the tower under it is
//!   the same as the tower under P on q the asymmetry rule forbids the copy (under every
//!   preset that has the rule); the plan then has nothing to say, nor after a pass, nor when P
//!   or the mirror square is no longer available, and the engine chooses. Under
//!   `no-asymmetry` a player who copies every placement from an empty board as the second
//!   mover keeps the board its own mirror image, so nobody can ever hold seven monoliths (see
//!   the tests).
//! - **`undermine`**: the text suggests building on the opponent's side to weaken his towers,
//!   knowing that what is built there is his. The opponent's territory is the 13 squares in
//!   front of him ([`Squares::territory`]: ranks 3-4 for North, 1-2 for South). A placement
//!   there *undermines* when it improves the mover's monolith balance at once (his monoliths
//!   less the opponent's): a small piece on top of an enemy tower lowers its strength, since
//!   strength is read from the top, and a lone piece on an empty enemy square gives the enemy
//!   a tower that loses the confrontation it opens. When such placements exist the plan plays
//!   the one that gains most, then the one the evaluation likes best, then the first in move
//!   order; it never plays one that hands the opponent the win on the spot. Otherwise the
//!   engine chooses.
//!
//! The plans look at the position alone: the opponent's last placement is part of a Jericho
//! position (the asymmetry rule needs it), so a plan needs nothing of the game before.

use abstract_game::{Evaluate, Game, Opening};

use crate::board::Squares;
use crate::position::{Move, MoveList, Position};

/// The copier: the opponent's last placement again, on its mirror image.
pub const COPY: Opening<Position> = Opening {
    name: "copy",
    about: "after each placement of the opponent, place one's own copy of the piece on the \
            mirror square (same file, other territory) when that is legal",
    choose: copy,
};

/// The underminer: a placement on the opponent's territory that improves the monolith balance.
pub const UNDERMINE: Opening<Position> = Opening {
    name: "undermine",
    about: "place on the opponent's territory whenever that improves one's monolith balance at \
            once (the largest gain first)",
    choose: undermine,
};

/// Every plan of Jericho.
pub const ALL: &[Opening<Position>] = &[COPY, UNDERMINE];

fn copy(pos: &Position) -> Option<Move> {
    let last = pos.last_placement()?;
    let mv = Move::place(last.piece, last.square.mirror());
    pos.is_legal(mv).then_some(mv)
}

fn undermine(pos: &Position) -> Option<Move> {
    let me = pos.side_to_move();
    let theirs = Squares::territory(!me);
    let balance = |p: &Position| p.monoliths(me) as i32 - p.monoliths(!me) as i32;
    let before = balance(pos);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    // The gain in balance, then the evaluation for the mover, of the best placement so far.
    let mut best: Option<(i32, i32, Move)> = None;
    for &mv in moves.iter() {
        let Move::Place { square, .. } = mv else {
            continue;
        };
        if !theirs.contains(square) {
            continue;
        }
        let after = pos.after(mv);
        let gain = balance(&after) - before;
        // Only the opponent can win at the end of our turn (by keeping a seven we left him).
        if gain <= 0 || after.is_over() {
            continue;
        }
        let value = -after.evaluate();
        let better = match best {
            None => true,
            Some((g, v, _)) => gain > g || (gain == g && value > v),
        };
        if better {
            best = Some((gain, value, mv));
        }
    }
    best.map(|(_, _, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::rules::Rules;
    use abstract_game::evaluate::opening;
    use abstract_game::playout::Rng;
    use abstract_game::{GameRules, Outcome, Side, TextGame};

    fn line(rules: &str, moves: &str) -> Position {
        let mut pos = Position::new(Rules::preset(rules).unwrap());
        pos.play_line(moves).unwrap();
        pos
    }

    /// The monoliths South and North own: `(first, second)`.
    fn monoliths(pos: &Position) -> (u32, u32) {
        (pos.monoliths(Side::First), pos.monoliths(Side::Second))
    }

    fn text(pos: &Position, mv: Option<Move>) -> Option<String> {
        mv.map(|mv| pos.move_to_string(mv))
    }

    #[test]
    fn the_copy_is_the_mirror_placement_where_the_rule_allows_it() {
        // 3b on the empty c2: its mirror image c3 shares file c, level 1 on an empty square,
        // which the asymmetry rule forbids; without the rule the copy is played.
        let pos = line("standard", "3b@c2");
        assert_eq!(text(&pos, (COPY.choose)(&pos)), None);
        let pos = line("no-asymmetry", "3b@c2");
        assert_eq!(text(&pos, (COPY.choose)(&pos)), Some("3b@c3".to_string()));
        // North's 2a already stands on c3: South's 3b on c2 at level 1 has a copy on c3 at
        // level 2, not the same level, so even the standard rules allow it.
        let pos = line("standard", "1a@a1 2a@c3 3b@c2");
        assert_eq!(text(&pos, (COPY.choose)(&pos)), Some("3b@c3".to_string()));
        // d1 mirrors to d4, South copying North this time.
        let pos = line("no-asymmetry", "1a@a1 5e@d1");
        assert_eq!(text(&pos, (COPY.choose)(&pos)), Some("5e@d4".to_string()));
    }

    #[test]
    fn nothing_to_copy_at_the_start_or_with_the_piece_gone() {
        let pos = Position::new(Rules::preset("no-asymmetry").unwrap());
        assert_eq!((COPY.choose)(&pos), None);
        // North placed his own 3b first, so he has none left to copy South's with.
        let pos = line("no-asymmetry", "1a@a1 3b@g4 3b@c2");
        assert_eq!((COPY.choose)(&pos), None);
        // 2b cannot go on top of 2a on c3 (same size): no copy.
        let pos = line("no-asymmetry", "1a@a1 2a@c3 2b@c2");
        assert_eq!((COPY.choose)(&pos), None);
    }

    /// The South-North mirror of the board: the tower of every square on its mirror image.
    fn is_mirror_image(pos: &Position) -> bool {
        Square::ALL
            .into_iter()
            .all(|s| pos.at(s) == pos.at(s.mirror()))
    }

    #[test]
    fn a_second_player_who_copies_everything_draws_without_the_rule() {
        // Without the asymmetry rule, North copying every placement of South keeps the board
        // its own mirror image. Then every file is tied (the same tower on both sides) and the
        // diagonals pair up (D1 with D4, D2 with D5, D3 with D6) with their leaders swapped,
        // so each side leads the same number of alignments, at most 3. One placement changes
        // at most two alignments, so South never gets past 5 and North's copy brings him
        // back: nobody reaches seven, and after the 50 placements two passes end the game in
        // a draw at ply 52.
        for seed in 0..20 {
            let mut rng = Rng::seed_from_u64(2026 + seed);
            let mut pos = Position::new(Rules::preset("no-asymmetry").unwrap());
            let mut plies = 0;
            while !pos.is_over() {
                let mv = match pos.side_to_move() {
                    Side::First => pos.random_move(&mut rng).unwrap(),
                    // The plan always has a copy, except after South's pass at the end.
                    Side::Second => (COPY.choose)(&pos).unwrap_or(Move::Pass),
                };
                pos.play(mv).unwrap();
                plies += 1;
                if pos.side_to_move() == Side::First {
                    assert!(is_mirror_image(&pos), "seed {seed}, ply {plies}: {pos}");
                    assert_eq!(pos.monoliths(Side::First), pos.monoliths(Side::Second));
                    assert!(pos.monoliths(Side::First) <= 3);
                } else {
                    assert!(pos.monoliths(Side::First) <= 5);
                }
            }
            assert_eq!(pos.outcome(), Some(Outcome::DRAW), "seed {seed}");
            assert_eq!((plies, pos.pieces_on_board()), (52, 50), "seed {seed}");
        }
    }

    #[test]
    fn undermining_tops_an_enemy_tower_with_a_small_piece() {
        // South c2 = 1c 3d (two pieces, top 3), North c3 = 2a 5b (top 5): North leads file c.
        // A 1 on top of c3 makes North's tower read 1 from the top, below South's 3: the
        // file goes to South, a gain of 2. The 1s South still has that fit on 2a 5b are 1d
        // and 1e (colours other than a and b; 1c is on c2); they are twins, so the first in
        // move order. A lone piece on e3 or f4 (diagonal D2, where South's c2 meets nothing)
        // would gain only 1.
        let pos = line("standard", "1c@c2 2a@c3 3d@c2 5b@c3");
        assert_eq!(monoliths(&pos), (0, 1));
        assert_eq!(
            text(&pos, (UNDERMINE.choose)(&pos)),
            Some("1d@c3".to_string())
        );
        let after = pos.after((UNDERMINE.choose)(&pos).unwrap());
        assert_eq!(monoliths(&after), (1, 0));
    }

    #[test]
    fn undermining_opens_confrontations_the_enemy_loses() {
        // North has placed only on South's squares (g1 and g2, so those towers are South's):
        // South owns c2 = 1c 3d, g1 = 4a and g2 = 4b, North owns nothing. A lone piece on c4
        // gives North a one-piece tower on file c (which loses to the two pieces of c2) and
        // on diagonal D6 (g1 f2 | c4, where it loses to the lone 4 of g1 if it is a 1, 2 or
        // 3): a gain of 2, which no other square offers (c3 pairs file c with D5, e3 and f4
        // D2 with files South is absent from, g3 and g4 file g with nothing or D3). Of the
        // three sizes the evaluation prefers the smallest, which leaves the most size points
        // in South's stock: 1a, the first colour.
        let pos = line("standard", "1c@c2 4a@g1 3d@c2 4b@g2");
        assert_eq!(monoliths(&pos), (0, 0));
        let mv = (UNDERMINE.choose)(&pos);
        assert_eq!(text(&pos, mv), Some("1a@c4".to_string()));
        let after = pos.after(mv.unwrap());
        assert_eq!(monoliths(&after), (2, 0));
    }

    #[test]
    fn nothing_to_undermine_without_a_confrontation_to_win() {
        // At the start no single placement opens a confrontation.
        let pos = Position::new(Rules::default());
        assert_eq!((UNDERMINE.choose)(&pos), None);
        // South's only tower is a lone 1 on c2: any enemy tower on file c or D2 at least ties
        // with it, and topping North's 5b on g4 opens nothing, since South has no tower on
        // file g or D3.
        let pos = line("standard", "1a@c2 5b@g4");
        assert_eq!((UNDERMINE.choose)(&pos), None);
    }

    #[test]
    fn the_plans_are_found_by_name() {
        assert_eq!(opening::<Position>("copy").unwrap().name, "copy");
        assert_eq!(opening::<Position>("undermine").unwrap().name, "undermine");
        assert!(opening::<Position>("helms-deep").is_none());
    }
}
