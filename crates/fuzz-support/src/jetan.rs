//! Jetan for the fuzz targets.

use abstract_game::square::{Coord, Direction};
use abstract_game::{BySide, Game, GameRules as _, Outcome, Scores, Side};
use arbitrary::Unstructured;
use jetan_core::{Kind, Move, Piece, Position, Rules, Setup, Square, ValueScale};

use crate::{
    FuzzGame, Header, any, one_in, pick, short_text, side, small_or_any, small_or_any_bytes, upto,
};

fn square(u: &mut Unstructured<'_>) -> Square {
    pick(u, &Square::ALL)
}

fn piece(u: &mut Unstructured<'_>) -> Piece {
    Piece::new(side(u), pick(u, &Kind::ALL))
}

fn outcome(u: &mut Unstructured<'_>) -> Outcome {
    let winner = pick(u, &[None, Some(Side::First), Some(Side::Second)]);
    let scores = if one_in(u, 4) {
        Some(Scores::new(any(u), any(u)))
    } else {
        None
    };
    Outcome { winner, scores }
}

/// The first empty square from a drawn one on (`None` on a full board).
fn free_square(u: &mut Unstructured<'_>, board: &[Option<Piece>; 100]) -> Option<usize> {
    let from = square(u).index();
    (0..100)
        .map(|k| (from + k) % 100)
        .find(|&i| board[i].is_none())
}

fn count(board: &[Option<Piece>; 100], s: Side) -> usize {
    board.iter().flatten().filter(|p| p.side == s).count()
}

fn value(board: &[Option<Piece>; 100], s: Side) -> u32 {
    board
        .iter()
        .flatten()
        .filter(|p| p.side == s)
        .map(|p| u32::from(p.kind.value()))
        .sum()
}

impl FuzzGame for Position {
    /// Jetan draws by rejection sampling, uniform but not the list's pick.
    const RANDOM_MOVE_IS_A_LIST_DRAW: bool = false;

    /// Byte 0, bit 0: paths may revisit squares; bit 1: no Princess's escape; bit 2: the
    /// proposed variant (unequal small material wins); bit 3: Orange moves first; bits 4 and 5:
    /// the value scale (0 steps, 1 piece count, 2 mobility; 3 reads as steps); bit 6: the
    /// Thoat jumps. Bytes 1 to 3:
    /// the countdown, by [`small_or_any`].
    fn rules_of(h: Header) -> Rules {
        let bit = |i: u8| h[0] >> i & 1 != 0;
        Rules {
            revisit: bit(0),
            escape: !bit(1),
            countdown: small_or_any([h[1], h[2], h[3]]),
            unequal_wins: bit(2),
            thoat_jumps: bit(6),
            value: match h[0] >> 4 & 3 {
                1 => ValueScale::Count,
                2 => ValueScale::Mobility,
                _ => ValueScale::Steps,
            },
            first_player: if bit(3) { Side::Second } else { Side::First },
        }
    }

    fn header_of(r: Rules) -> Header {
        let flags = u8::from(r.revisit)
            | u8::from(!r.escape) << 1
            | u8::from(r.unequal_wins) << 2
            | u8::from(r.first_player == Side::Second) << 3
            | match r.value {
                ValueScale::Steps => 0,
                ValueScale::Count => 1,
                ValueScale::Mobility => 2,
            } << 4
            | u8::from(r.thoat_jumps) << 6;
        let [a, b, c] = small_or_any_bytes(r.countdown);
        [flags, a, b, c]
    }

    fn arbitrary_setup(u: &mut Unstructured<'_>, rules: Rules) -> Setup {
        let mut setup = Setup::empty();
        if one_in(u, 8) {
            // Raw: any pieces anywhere, any counters, any result.
            for _ in 0..upto(u, 48) {
                setup.board[square(u).index()] = Some(piece(u));
            }
            setup.to_move = side(u);
            setup.escape_left = BySide::new(any(u), any(u));
            setup.countdown = if any(u) { Some(any(u)) } else { None };
            setup.result = if any(u) { Some(outcome(u)) } else { None };
            return setup;
        }
        // An endgame of a few pieces now and then, where the countdown and the proposed
        // variant come into play.
        let sparse = one_in(u, 3);
        // At most one Chief or Princess missing, and only of the side to move (it has just
        // been captured).
        setup.to_move = side(u);
        let missing = if one_in(u, 6) {
            Some(pick(u, &[Kind::Chief, Kind::Princess]))
        } else {
            None
        };
        for s in Side::BOTH {
            for kind in Kind::ALL {
                let royal = matches!(kind, Kind::Chief | Kind::Princess);
                let n = if royal {
                    u32::from(!(s == setup.to_move && missing == Some(kind)))
                } else if sparse {
                    upto(u, 1)
                } else {
                    upto(u, u32::from(kind.initial_count()))
                };
                for _ in 0..n {
                    if let Some(i) = free_square(u, &setup.board) {
                        setup.board[i] = Some(Piece::new(s, kind));
                    }
                }
            }
        }
        setup.escape_left = BySide::new(!one_in(u, 3), !one_in(u, 3));
        let few = Side::BOTH.iter().all(|&s| count(&setup.board, s) <= 3);
        let equal = value(&setup.board, Side::First) == value(&setup.board, Side::Second);
        if few && (equal || !one_in(u, 2)) {
            setup.countdown = Some(upto(u, u32::from(rules.countdown)) as u16);
        }
        if missing == Some(Kind::Chief) {
            setup.result = Some(if one_in(u, 2) {
                Outcome::DRAW
            } else {
                Outcome::win(!setup.to_move)
            });
        }
        setup
    }

    fn arbitrary_move(u: &mut Unstructured<'_>, legal: &[Move]) -> Move {
        if !legal.is_empty() && !one_in(u, 3) {
            let mv = pick(u, legal);
            // Every Jetan move has both squares.
            let (from, to) = (
                mv.from().unwrap_or(Square::new(0)),
                mv.to().unwrap_or(Square::new(0)),
            );
            let make = |escape: bool, from, to| {
                if escape {
                    Move::escape(from, to)
                } else {
                    Move::new(from, to)
                }
            };
            return match upto(u, 2) {
                0 => make(mv.is_escape(), square(u), to),
                1 => make(mv.is_escape(), from, square(u)),
                _ => make(!mv.is_escape(), from, to),
            };
        }
        if one_in(u, 4) {
            Move::escape(square(u), square(u))
        } else {
            Move::new(square(u), square(u))
        }
    }

    fn check_extra(&self) {
        for s in Side::BOTH {
            assert!(
                self.piece_count(s) <= 20,
                "{s:?} has too many pieces: {self}"
            );
            assert_eq!(self.pieces_of(s).count(), self.piece_count(s));
            assert!(self.material(s) <= 20 * 3);
        }
        assert_eq!(
            self.occupied().count(),
            self.pieces_of(Side::First).count() + self.pieces_of(Side::Second).count()
        );
        if let Some(left) = self.countdown() {
            assert!(
                left <= self.rules().countdown,
                "countdown above the rules': {self}"
            );
        }
    }

    fn check_move_extra(&self, mv: Move, legal: bool) {
        if legal {
            let piece = mv.from().and_then(|sq| self.at(sq));
            assert_eq!(piece.map(|p| p.side), Some(self.side_to_move()));
            let target = mv.to().and_then(|sq| self.at(sq));
            assert_eq!(self.is_capture(mv), target.is_some());
        }
    }

    fn check_units(u: &mut Unstructured<'_>) {
        let (file, rank): (u8, u8) = (any(u), any(u));
        let sq = Square::from_coords(file, rank);
        assert_eq!(sq.is_some(), file < 10 && rank < 10);
        if let Some(sq) = sq {
            assert_eq!((sq.file(), sq.rank()), (file, rank));
            assert_eq!(Square::try_new(sq.index()), Some(sq));
            assert_eq!(Square::from_coord(sq.coord()), Some(sq));
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            for dir in Direction::ALL {
                if let Some(next) = sq.step(dir) {
                    assert_eq!(sq.distance(next), 1);
                }
            }
        }
        let index = usize::from(any::<u16>(u));
        let coord = Coord::new(any(u), any(u));
        if let Some(sq) = Square::from_coord(coord) {
            assert_eq!(sq.coord(), coord);
        }
        let text = short_text(u);
        crate::check_cell(index, &text, Square::COUNT, Square::try_new, Square::index);
        if let Some((sq, n)) = Square::parse_prefix(&text) {
            assert!(text.is_char_boundary(n));
            assert_eq!(text[..n], sq.to_string());
        }
        for c in text.chars() {
            if let Some(kind) = Kind::from_letter(c) {
                assert_eq!(kind.letter(), c.to_ascii_uppercase());
            }
            if let Some(p) = Piece::from_char(c) {
                assert_eq!(p.char(), c);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        if let Some(rules) = Rules::preset(&text) {
            assert!(Rules::preset_names().any(|name| name == text));
            assert_eq!(rules.preset_name(), Some(text.as_str()));
        }
        let rules = Self::rules_of([any(u), any(u), any(u), any(u)]);
        if let Some(name) = rules.preset_name_ignoring_first_player() {
            assert_eq!(
                Rules::preset(name),
                Some(rules.with_first_player(Side::First))
            );
        }
    }

    crate::json_methods!(
        cell: Square::ALL[42],
        types: [Square, Piece, Kind]
    );
}
