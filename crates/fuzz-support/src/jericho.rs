//! Jericho for the fuzz targets.

use abstract_game::{BySide, GameRules as _, Side};
use arbitrary::Unstructured;
use jericho_core::parse_syntax;
use jericho_core::{
    Alignment, Alignments, AsymmetryScope, Colour, EqualPrefix, Move, Piece, PieceSet, Position,
    Rules, Setup, Square, Squares, Tower, TowerIdentity,
};

use crate::{FuzzGame, Header, any, one_in, pick, short_text, side, upto};

const SCOPES: [AsymmetryScope; 3] = [
    AsymmetryScope::SharedAlignment,
    AsymmetryScope::OtherTerritory,
    AsymmetryScope::Off,
];

fn square(u: &mut Unstructured<'_>) -> Square {
    pick(u, &Square::ALL)
}

fn piece(u: &mut Unstructured<'_>) -> Piece {
    pick(u, &Piece::ALL)
}

impl FuzzGame for Position {
    /// Byte 0 modulo 3: the asymmetry rule's scope (shared alignment, other territory, off).
    /// Byte 1, bit 0: identity by sizes only; bit 1: equal prefixes tie; bit 2: North moves
    /// first.
    fn rules_of(h: Header) -> Rules {
        let bit = |i: u8| h[1] >> i & 1 != 0;
        Rules {
            asymmetry: SCOPES[usize::from(h[0]) % 3],
            identity: if bit(0) {
                TowerIdentity::SizesOnly
            } else {
                TowerIdentity::SizesAndColours
            },
            equal_prefix: if bit(1) {
                EqualPrefix::Tie
            } else {
                EqualPrefix::TallerWins
            },
            first_player: if bit(2) { Side::Second } else { Side::First },
        }
    }

    fn header_of(r: Rules) -> Header {
        let scope = SCOPES.iter().position(|&s| s == r.asymmetry).unwrap_or(0) as u8;
        let flags = u8::from(r.identity == TowerIdentity::SizesOnly)
            | u8::from(r.equal_prefix == EqualPrefix::Tie) << 1
            | u8::from(r.first_player == Side::Second) << 2;
        [scope, flags, 0, 0]
    }

    fn arbitrary_setup(u: &mut Unstructured<'_>, rules: Rules) -> Setup {
        // The start: an empty board and full stocks.
        let mut setup = Setup::from(&<Position as abstract_game::Game>::new(rules));
        if one_in(u, 8) {
            // Raw: towers of any pieces, stocks of any bits, any counts.
            for _ in 0..upto(u, 30) {
                let height = upto(u, 5) as usize;
                setup.towers[square(u).index()] = (0..height).map(|_| piece(u)).collect();
            }
            setup.stocks = BySide::new(PieceSet(any(u)), PieceSet(any(u)));
            setup.to_move = side(u);
            setup.last = if any(u) {
                Some((piece(u), square(u)))
            } else {
                None
            };
            setup.monoliths_before = BySide::new(any(u), any(u));
            setup.passes = any(u);
            return setup;
        }
        // Placements from full stocks onto towers that take them, in any order of sides.
        let mut last = None;
        for _ in 0..upto(u, 50) {
            let mover = side(u);
            let stock: Vec<Piece> = setup.stocks[mover].iter().collect();
            if stock.is_empty() {
                continue;
            }
            let p = pick(u, &stock);
            let sq = square(u);
            let fits = Tower::stack(&setup.towers[sq.index()]).is_some_and(|t| t.accepts(p));
            if fits {
                setup.towers[sq.index()].push(p);
                setup.stocks[mover] = setup.stocks[mover].without(p);
                last = Some((mover, p, sq));
            }
        }
        setup.to_move = side(u);
        match last {
            Some((mover, p, sq)) if mover != setup.to_move && !one_in(u, 3) => {
                setup.last = Some((p, sq));
            }
            _ => setup.passes = upto(u, 2) as u8,
        }
        let south = upto(u, 13) as u8;
        setup.monoliths_before = BySide::new(south, upto(u, u32::from(13 - south)) as u8);
        setup
    }

    fn arbitrary_move(u: &mut Unstructured<'_>, legal: &[Move]) -> Move {
        if !legal.is_empty() && !one_in(u, 3) {
            return match (pick(u, legal), upto(u, 2)) {
                (Move::Place { square, .. }, 0) => Move::place(piece(u), square),
                (Move::Place { piece, .. }, 1) => Move::place(piece, self::square(u)),
                (Move::Place { .. }, _) => Move::Pass,
                (Move::Pass, _) => Move::place(piece(u), square(u)),
            };
        }
        if one_in(u, 8) {
            Move::Pass
        } else {
            Move::place(piece(u), square(u))
        }
    }

    fn check_extra(&self) {
        let stocks = self.stock(Side::First).len() + self.stock(Side::Second).len();
        assert_eq!(
            stocks + self.pieces_on_board(),
            50,
            "pieces in the stocks and on the board: {self}"
        );
        assert!(self.monoliths(Side::First) + self.monoliths(Side::Second) <= 13);
        assert!(self.passes() <= 2);
        for sq in Square::ALL {
            let tower = self.at(sq);
            assert_eq!(Tower::stack(tower.pieces()), Some(tower));
            assert_eq!(self.occupied().contains(sq), !tower.is_empty());
        }
    }

    fn check_move_extra(&self, mv: Move, legal: bool) {
        assert_eq!(
            self.check_move(mv).is_ok(),
            legal,
            "check_move disagrees with the move list on {mv:?}: {self}"
        );
        if let (false, Err(reason)) = (legal, self.check_move(mv)) {
            assert!(!reason.to_string().is_empty());
        }
    }

    fn check_units(u: &mut Unstructured<'_>) {
        let (index, text) = crate::index_and_text(u);
        let cell = crate::check_cell(index, &text, Square::COUNT, Square::try_new, Square::index);
        if let Some(sq) = cell {
            assert_eq!(Square::from_name(sq.name()), Some(sq));
            assert_eq!(Square::from_coords(sq.x(), sq.y()), Some(sq));
            assert!(sq.alignments().iter().all(|a| a.squares().contains(sq)));
        } else {
            assert!(index >= Square::COUNT);
        }
        let alignment = crate::check_cell(
            index,
            &text,
            Alignment::COUNT,
            Alignment::try_new,
            Alignment::index,
        );
        if let Some(a) = alignment {
            assert_eq!(Alignment::from_name(a.name()), Some(a));
        }
        if let Some(sq) = Square::from_coords(any(u), any(u)) {
            assert!(Square::try_new(sq.index()).is_some());
        }
        let squares = Squares::from_mask(any(u));
        assert_eq!(squares.iter().count() as u32, squares.count());
        let alignments = Alignments::from_mask(any(u));
        assert_eq!(alignments.iter().count() as u32, alignments.count());
        if let Some(c) = Colour::from_index(index) {
            assert_eq!(Colour::from_char(c.char()), Some(c));
        }
        let piece_of = crate::check_cell(index, &text, Piece::COUNT, Piece::try_new, Piece::index);
        if let Some(p) = piece_of {
            assert_eq!(Piece::from_size_colour(p.size(), p.colour()), Some(p));
        }
        let size: u8 = any(u);
        let colour = pick(u, &Colour::ALL);
        let made = Piece::from_size_colour(size, colour);
        assert_eq!(made.is_some(), (1..=5).contains(&size));
        let pieces: Vec<Piece> = (0..upto(u, 5)).map(|_| piece(u)).collect();
        if let Some(tower) = Tower::stack(&pieces) {
            assert_eq!(tower.pieces(), pieces.as_slice());
            assert_eq!(tower.height(), pieces.len());
            assert_eq!(tower.top(), pieces.last().copied());
            assert_eq!(
                tower.below().pieces(),
                &pieces[..pieces.len().saturating_sub(1)]
            );
            for p in Piece::ALL {
                assert_eq!(tower.accepts(p), tower.fitting().contains(p));
            }
            let other = Tower::stack(&[piece(u)]).unwrap_or(Tower::EMPTY);
            if !tower.is_empty() && !other.is_empty() {
                for tie in [false, true] {
                    assert_eq!(
                        tower.compare(&other, tie),
                        other.compare(&tower, tie).reverse()
                    );
                }
            }
        }
        let set = PieceSet(any(u));
        assert_eq!(set.iter().count() as u32, set.len());
        let text = short_text(u);
        if let Ok(sq) = text.parse::<Square>() {
            assert_eq!(sq.name(), text, "a square parses from its name only");
        }
        if let Ok(mv) = parse_syntax(&text) {
            assert_eq!(
                mv.to_string(),
                text,
                "a move reads from its canonical text only"
            );
        }
        for c in text.chars() {
            if let Some(colour) = Colour::from_char(c) {
                assert_eq!(colour.char(), c);
            }
        }
        if Rules::preset(&text).is_some() {
            assert!(Rules::preset_names().any(|name| name == text));
        }
    }

    crate::json_methods!(
        cell: Square::ALL[9],
        types: [Square, Alignment, jericho_core::AlignmentKind, Piece, PieceSet, Colour]
    );
}
