//! The board as data: the 26 squares, the 13 alignments, and the tables derived from them.
//!
//! The board is a reconstruction (see `docs/jericho.md`): files `a`..`g` (x = -3..+3) and
//! ranks 1..4 (y = -2, -1, +1, +2), with no squares on the midline and no `d2`/`d3`. Everything
//! else in the crate reads the geometry from [`SQUARES`] and [`ALIGNMENTS`], so another board
//! can be swapped in by editing those two tables.
//!
//! ```
//! use jericho_core::board::{Alignment, Square};
//! let c2 = Square::from_name("c2").unwrap();
//! assert_eq!(c2.alignments().count(), 2);
//! assert!(Square::from_name("d2").is_none());
//! assert_eq!(Alignment::ALL.len(), 13);
//! ```

use core::fmt;

use abstract_game::Side;
use abstract_game::bitboard::Bitboard32;

/// A set of squares: bit `i` stands for the square with index `i`.
pub type SquareSet = u32;

/// A set of alignments: bit `i` stands for the alignment with index `i`.
pub type AlignmentSet = u16;

/// One row of the square table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareInfo {
    /// The square's name, file letter then rank digit, e.g. `"c2"`.
    pub name: &'static str,
    /// Drawing coordinate across the board: -3 (file `a`) to +3 (file `g`).
    pub x: i8,
    /// Drawing coordinate up the board: -2 (rank 1), -1, +1, +2 (rank 4).
    pub y: i8,
    /// The player whose territory holds the square.
    pub territory: Side,
}

const fn info(name: &'static str, x: i8, y: i8) -> SquareInfo {
    SquareInfo {
        name,
        x,
        y,
        territory: if y < 0 { Side::First } else { Side::Second },
    }
}

/// The 26 squares in rank order (rank 1 to rank 4), files left to right within a rank: South's
/// 13 (indices 0..13) then North's 13 (13..26).
pub const SQUARES: [SquareInfo; 26] = [
    info("a1", -3, -2),
    info("b1", -2, -2),
    info("c1", -1, -2),
    info("d1", 0, -2),
    info("e1", 1, -2),
    info("f1", 2, -2),
    info("g1", 3, -2),
    info("a2", -3, -1),
    info("b2", -2, -1),
    info("c2", -1, -1),
    info("e2", 1, -1),
    info("f2", 2, -1),
    info("g2", 3, -1),
    info("a3", -3, 1),
    info("b3", -2, 1),
    info("c3", -1, 1),
    info("e3", 1, 1),
    info("f3", 2, 1),
    info("g3", 3, 1),
    info("a4", -3, 2),
    info("b4", -2, 2),
    info("c4", -1, 2),
    info("d4", 0, 2),
    info("e4", 1, 2),
    info("f4", 2, 2),
    info("g4", 3, 2),
];

/// Whether an alignment runs along a file or diagonally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AlignmentKind {
    /// A file: the squares with one x coordinate.
    Frontal,
    /// A diagonal line.
    Diagonal,
}

/// One row of the alignment table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlignmentInfo {
    /// The alignment's name, e.g. `"Fa"` or `"D3"`.
    pub name: &'static str,
    /// Frontal or diagonal.
    pub kind: AlignmentKind,
    /// The squares on it, by index into [`SQUARES`].
    pub squares: &'static [u8],
}

const fn line(name: &'static str, kind: AlignmentKind, squares: &'static [u8]) -> AlignmentInfo {
    AlignmentInfo {
        name,
        kind,
        squares,
    }
}

use AlignmentKind::{Diagonal, Frontal};

/// The 13 alignments: the seven files, then the six diagonals of the rules table.
pub const ALIGNMENTS: [AlignmentInfo; 13] = [
    line("Fa", Frontal, &[0, 7, 13, 19]),
    line("Fb", Frontal, &[1, 8, 14, 20]),
    line("Fc", Frontal, &[2, 9, 15, 21]),
    line("Fd", Frontal, &[3, 22]),
    line("Fe", Frontal, &[4, 10, 16, 23]),
    line("Ff", Frontal, &[5, 11, 17, 24]),
    line("Fg", Frontal, &[6, 12, 18, 25]),
    // y = x + 1: a1 b2 | e4
    line("D1", Diagonal, &[0, 8, 23]),
    // y = x: b1 c2 | e3 f4
    line("D2", Diagonal, &[1, 9, 16, 24]),
    // y = x - 1: c1 | f3 g4
    line("D3", Diagonal, &[2, 17, 25]),
    // y = -x - 1: e1 | b3 a4
    line("D4", Diagonal, &[4, 14, 19]),
    // y = -x: f1 e2 | c3 b4
    line("D5", Diagonal, &[5, 10, 15, 20]),
    // y = -x + 1: g1 f2 | c4
    line("D6", Diagonal, &[6, 11, 21]),
];

const fn alignment_masks() -> [SquareSet; 13] {
    let mut out = [0; 13];
    let mut a = 0;
    while a < 13 {
        let squares = ALIGNMENTS[a].squares;
        let mut i = 0;
        while i < squares.len() {
            out[a] |= 1 << squares[i];
            i += 1;
        }
        a += 1;
    }
    out
}

/// The squares of each alignment, as sets.
pub const ALIGNMENT_SQUARES: [SquareSet; 13] = alignment_masks();

const fn square_alignments() -> [AlignmentSet; 26] {
    let mut out = [0; 26];
    let mut a = 0;
    while a < 13 {
        let mut s = 0;
        while s < 26 {
            if ALIGNMENT_SQUARES[a] >> s & 1 != 0 {
                out[s] |= 1 << a;
            }
            s += 1;
        }
        a += 1;
    }
    out
}

/// The alignments through each square.
pub const SQUARE_ALIGNMENTS: [AlignmentSet; 26] = square_alignments();

const fn territory_mask(side: Side) -> SquareSet {
    let mut out = 0;
    let mut s = 0;
    while s < 26 {
        if SQUARES[s].territory as usize == side as usize {
            out |= 1 << s;
        }
        s += 1;
    }
    out
}

/// The squares of each territory, indexed by [`Side::index`] (South first).
pub const TERRITORY: [SquareSet; 2] = [territory_mask(Side::First), territory_mask(Side::Second)];

/// Every square.
pub const ALL_SQUARES: SquareSet = (1 << 26) - 1;

const fn sharing() -> [SquareSet; 26] {
    let mut out = [0; 26];
    let mut s = 0;
    while s < 26 {
        let mut a = 0;
        while a < 13 {
            if SQUARE_ALIGNMENTS[s] >> a & 1 != 0 {
                out[s] |= ALIGNMENT_SQUARES[a];
            }
            a += 1;
        }
        out[s] &= !(1 << s);
        s += 1;
    }
    out
}

/// For each square, the other squares that share an alignment with it.
pub const SHARES_ALIGNMENT: [SquareSet; 26] = sharing();

const fn sharing_across() -> [SquareSet; 26] {
    let mut out = [0; 26];
    let mut s = 0;
    while s < 26 {
        let other = TERRITORY[1 - SQUARES[s].territory as usize];
        out[s] = SHARES_ALIGNMENT[s] & other;
        s += 1;
    }
    out
}

/// For each square, the squares of the other territory that share an alignment with it.
pub const SHARES_ACROSS: [SquareSet; 26] = sharing_across();

/// One of the 26 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

#[cfg(feature = "serde")]
serde_as_index!(Square, Square::new, "square");

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 26;

    /// Every square, in index order.
    pub const ALL: [Square; 26] = {
        let mut out = [Square(0); 26];
        let mut i = 0;
        while i < 26 {
            out[i] = Square(i as u8);
            i += 1;
        }
        out
    };

    /// The square with index `index` (0..26), if any.
    #[inline]
    pub const fn new(index: usize) -> Option<Square> {
        if index < Self::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square's index into [`SQUARES`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's table row.
    #[inline]
    pub const fn info(self) -> &'static SquareInfo {
        &SQUARES[self.0 as usize]
    }

    /// The name, e.g. `"c2"`.
    #[inline]
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Drawing coordinate across the board (-3..=3).
    #[inline]
    pub const fn x(self) -> i8 {
        self.info().x
    }

    /// Drawing coordinate up the board (-2, -1, 1, 2).
    #[inline]
    pub const fn y(self) -> i8 {
        self.info().y
    }

    /// The owner of the territory the square is in: the owner of any tower on it.
    #[inline]
    pub const fn territory(self) -> Side {
        self.info().territory
    }

    /// The square with this name, if any.
    pub fn from_name(name: &str) -> Option<Square> {
        SQUARES
            .iter()
            .position(|s| s.name == name)
            .map(|i| Square(i as u8))
    }

    /// The square at drawing coordinates (x, y), if any.
    pub fn at(x: i8, y: i8) -> Option<Square> {
        SQUARES
            .iter()
            .position(|s| s.x == x && s.y == y)
            .map(|i| Square(i as u8))
    }

    /// The set holding this square alone.
    #[inline]
    pub const fn bit(self) -> SquareSet {
        1 << self.0
    }

    /// The alignments through this square (one file, at most one diagonal).
    pub fn alignments(self) -> impl Iterator<Item = Alignment> {
        alignments_in(SQUARE_ALIGNMENTS[self.index()])
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 13 alignments (each with one monolith).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Alignment(u8);

#[cfg(feature = "serde")]
serde_as_index!(Alignment, Alignment::new, "alignment");

impl Alignment {
    /// Number of alignments (and of monoliths).
    pub const COUNT: usize = 13;

    /// Every alignment, in index order.
    pub const ALL: [Alignment; 13] = {
        let mut out = [Alignment(0); 13];
        let mut i = 0;
        while i < 13 {
            out[i] = Alignment(i as u8);
            i += 1;
        }
        out
    };

    /// The alignment with index `index` (0..13), if any.
    #[inline]
    pub const fn new(index: usize) -> Option<Alignment> {
        if index < Self::COUNT {
            Some(Alignment(index as u8))
        } else {
            None
        }
    }

    /// The alignment's index into [`ALIGNMENTS`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name, e.g. `"Fc"` or `"D2"`.
    #[inline]
    pub const fn name(self) -> &'static str {
        ALIGNMENTS[self.0 as usize].name
    }

    /// Frontal or diagonal.
    #[inline]
    pub const fn kind(self) -> AlignmentKind {
        ALIGNMENTS[self.0 as usize].kind
    }

    /// The squares on the alignment, as a set.
    #[inline]
    pub const fn squares(self) -> SquareSet {
        ALIGNMENT_SQUARES[self.0 as usize]
    }

    /// The alignment with this name, if any.
    pub fn from_name(name: &str) -> Option<Alignment> {
        ALIGNMENTS
            .iter()
            .position(|a| a.name == name)
            .map(|i| Alignment(i as u8))
    }
}

impl fmt::Display for Alignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The squares of a set, in index order (bits 26 and above stand for no square and are skipped).
pub fn squares_in(set: SquareSet) -> impl Iterator<Item = Square> {
    Bitboard32(set & ALL_SQUARES)
        .into_iter()
        .map(|i| Square(i as u8))
}

/// Every alignment.
pub const ALL_ALIGNMENTS: AlignmentSet = (1 << 13) - 1;

/// The alignments of a set, in index order (bits 13 and above stand for no alignment and are
/// skipped).
pub fn alignments_in(set: AlignmentSet) -> impl Iterator<Item = Alignment> {
    Bitboard32(u32::from(set & ALL_ALIGNMENTS))
        .into_iter()
        .map(|i| Alignment(i as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_coordinates_agree() {
        for (i, s) in SQUARES.iter().enumerate() {
            let file = s.name.as_bytes()[0];
            let rank = s.name.as_bytes()[1];
            assert_eq!(i8::try_from(file - b'a').unwrap() - 3, s.x, "{}", s.name);
            let y = match rank {
                b'1' => -2,
                b'2' => -1,
                b'3' => 1,
                _ => 2,
            };
            assert_eq!(y, s.y, "{}", s.name);
            assert_eq!(Square::from_name(s.name), Square::new(i));
        }
    }
}
