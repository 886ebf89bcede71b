//! The board as data: the 26 squares, the 13 alignments, and the tables derived from them.
//!
//! No picture of the original board survives, so the board is a reconstruction that agrees with
//! every count of the rules: files `a`..`g` (x = -3..+3) and ranks 1..4 (y = -2, -1, +1, +2),
//! with no squares on the midline and no `d2`/`d3`. Everything else in the crate reads the
//! geometry from [`SQUARES`] and [`ALIGNMENTS`], so another board can be swapped in by editing
//! those two tables.
//!
//! Sets of squares and of alignments are [`Squares`] and [`Alignments`], which iterate
//! [`Square`] and [`Alignment`] values.
//!
//! ```
//! use jericho_core::{Alignment, Side, Square, Squares};
//! let c2: Square = "c2".parse().unwrap();
//! assert_eq!(c2.alignments().count(), 2);
//! assert_eq!(c2.sharing_alignment().count(), 6);
//! assert_eq!("d2".parse::<Square>().unwrap_err().to_string(), r#""d2" is not a square"#);
//! assert_eq!(Alignment::ALL.len(), 13);
//! assert!(Squares::territory(Side::First).contains(c2));
//! ```

use core::fmt;
use core::str::FromStr;

use abstract_game::bitboard::Bitboard32;
use abstract_game::{ParseCellError, Side};

/// A raw set of alignments: bit `i` stands for the alignment with index `i`.
pub(crate) type AlignmentSet = u16;

abstract_game::cell_set! {
    /// A set of squares, iterating [`Square`]s in index order.
    pub struct Squares(Bitboard32) of Square, from_bit = Square::from_bit, iter = SquaresIter;
}

abstract_game::cell_set! {
    /// A set of alignments, iterating [`Alignment`]s in index order.
    pub struct Alignments(Bitboard32) of Alignment, from_bit = Alignment::from_bit, iter = AlignmentsIter;
}

impl Squares {
    /// All 26 squares.
    pub const ALL: Squares = Squares::from_bitboard(Bitboard32::full(Square::COUNT as u32));

    /// The squares whose bits are set in `mask` (bit `i` for the square of index `i`); bits 26
    /// and above stand for no square and are dropped.
    #[inline]
    pub const fn from_mask(mask: u32) -> Squares {
        Squares::ALL.intersect(Squares::from_bitboard(Bitboard32(mask)))
    }

    /// The 13 squares of `side`'s territory.
    #[inline]
    pub const fn territory(side: Side) -> Squares {
        TERRITORY[side.index()]
    }
}

impl Alignments {
    /// All 13 alignments.
    pub const ALL: Alignments = Alignments::from_bitboard(Bitboard32(ALL_ALIGNMENTS as u32));

    /// The alignments whose bits are set in `mask` (bit `i` for the alignment of index `i`);
    /// bits 13 and above stand for no alignment and are dropped.
    #[inline]
    pub const fn from_mask(mask: u32) -> Alignments {
        Alignments::from_bitboard(Bitboard32(mask & ALL_ALIGNMENTS as u32))
    }
}

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

/// The row of a square from its name: its drawing coordinates follow from the file letter
/// (`d` is the middle) and the rank digit. Evaluated at compile time only.
const fn info(name: &'static str) -> SquareInfo {
    let [file, rank] = *name.as_bytes() else {
        panic!("a square name is a file letter and a rank digit");
    };
    let y = match rank {
        b'1' => -2,
        b'2' => -1,
        b'3' => 1,
        b'4' => 2,
        _ => panic!("the ranks are 1 to 4"),
    };
    SquareInfo {
        name,
        x: file as i8 - b'd' as i8,
        y,
        territory: if y < 0 { Side::First } else { Side::Second },
    }
}

/// The 26 squares in rank order (rank 1 to rank 4), files left to right within a rank: South's
/// 13 (indices 0..13) then North's 13 (13..26). One rank a line, rank 1 first; the two middle
/// ranks have no file `d`.
#[rustfmt::skip]
pub const SQUARES: [SquareInfo; 26] = [
    info("a1"), info("b1"), info("c1"), info("d1"), info("e1"), info("f1"), info("g1"),
    info("a2"), info("b2"), info("c2"),             info("e2"), info("f2"), info("g2"),
    info("a3"), info("b3"), info("c3"),             info("e3"), info("f3"), info("g3"),
    info("a4"), info("b4"), info("c4"), info("d4"), info("e4"), info("f4"), info("g4"),
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
    /// The squares on it.
    pub squares: &'static [Square],
}

const fn line(
    name: &'static str,
    kind: AlignmentKind,
    squares: &'static [Square],
) -> AlignmentInfo {
    AlignmentInfo {
        name,
        kind,
        squares,
    }
}

use AlignmentKind::{Diagonal, Frontal};

/// The 13 alignments: the seven files, then the six diagonals of the rules table.
#[rustfmt::skip]
pub const ALIGNMENTS: [AlignmentInfo; 13] = [
    line("Fa", Frontal, &[Square(0), Square(7), Square(13), Square(19)]),
    line("Fb", Frontal, &[Square(1), Square(8), Square(14), Square(20)]),
    line("Fc", Frontal, &[Square(2), Square(9), Square(15), Square(21)]),
    line("Fd", Frontal, &[Square(3), Square(22)]),
    line("Fe", Frontal, &[Square(4), Square(10), Square(16), Square(23)]),
    line("Ff", Frontal, &[Square(5), Square(11), Square(17), Square(24)]),
    line("Fg", Frontal, &[Square(6), Square(12), Square(18), Square(25)]),
    // y = x + 1: a1 b2 | e4
    line("D1", Diagonal, &[Square(0), Square(8), Square(23)]),
    // y = x: b1 c2 | e3 f4
    line("D2", Diagonal, &[Square(1), Square(9), Square(16), Square(24)]),
    // y = x - 1: c1 | f3 g4
    line("D3", Diagonal, &[Square(2), Square(17), Square(25)]),
    // y = -x - 1: e1 | b3 a4
    line("D4", Diagonal, &[Square(4), Square(14), Square(19)]),
    // y = -x: f1 e2 | c3 b4
    line("D5", Diagonal, &[Square(5), Square(10), Square(15), Square(20)]),
    // y = -x + 1: g1 f2 | c4
    line("D6", Diagonal, &[Square(6), Square(11), Square(21)]),
];

const fn alignment_masks() -> [Squares; 13] {
    let mut out = [Squares::EMPTY; 13];
    let mut a = 0;
    while a < 13 {
        let squares = ALIGNMENTS[a].squares;
        let mut i = 0;
        while i < squares.len() {
            out[a] = out[a].with(squares[i]);
            i += 1;
        }
        a += 1;
    }
    out
}

/// The squares of each alignment, as sets.
pub(crate) const ALIGNMENT_SQUARES: [Squares; 13] = alignment_masks();

const fn square_alignments() -> [AlignmentSet; 26] {
    let mut out = [0; 26];
    let mut a = 0;
    while a < 13 {
        let mut s = 0;
        while s < 26 {
            if ALIGNMENT_SQUARES[a].contains(Square(s as u8)) {
                out[s] |= 1 << a;
            }
            s += 1;
        }
        a += 1;
    }
    out
}

/// The alignments through each square.
pub(crate) const SQUARE_ALIGNMENTS: [AlignmentSet; 26] = square_alignments();

const fn territory_mask(side: Side) -> Squares {
    let mut out = Squares::EMPTY;
    let mut s = 0;
    while s < 26 {
        if SQUARES[s].territory as usize == side as usize {
            out = out.with(Square(s as u8));
        }
        s += 1;
    }
    out
}

/// The squares of each territory, indexed by [`Side::index`] (South first).
pub(crate) const TERRITORY: [Squares; 2] =
    [territory_mask(Side::First), territory_mask(Side::Second)];

const fn sharing() -> [Squares; 26] {
    let mut out = [Squares::EMPTY; 26];
    let mut s = 0;
    while s < 26 {
        let mut a = 0;
        while a < 13 {
            if SQUARE_ALIGNMENTS[s] >> a & 1 != 0 {
                out[s] = out[s].union(ALIGNMENT_SQUARES[a]);
            }
            a += 1;
        }
        out[s] = out[s].without(Square(s as u8));
        s += 1;
    }
    out
}

/// For each square, the other squares that share an alignment with it.
pub(crate) const SHARES_ALIGNMENT: [Squares; 26] = sharing();

const fn sharing_across() -> [Squares; 26] {
    let mut out = [Squares::EMPTY; 26];
    let mut s = 0;
    while s < 26 {
        let other = TERRITORY[1 - SQUARES[s].territory as usize];
        out[s] = SHARES_ALIGNMENT[s].intersect(other);
        s += 1;
    }
    out
}

/// For each square, the squares of the other territory that share an alignment with it.
pub(crate) const SHARES_ACROSS: [Squares; 26] = sharing_across();

const fn mirrors() -> [Square; 26] {
    let mut out = [Square(0); 26];
    let mut s = 0;
    while s < 26 {
        let mut t = 0;
        while t < 26 {
            if SQUARES[t].x == SQUARES[s].x && SQUARES[t].y == -SQUARES[s].y {
                out[s] = Square(t as u8);
            }
            t += 1;
        }
        s += 1;
    }
    out
}

/// For each square, its image in the South-North mirror (same file, rank `r` to `5 - r`).
const MIRRORS: [Square; 26] = mirrors();

abstract_game::cell_index! {
    /// One of the 26 squares, by its index into [`SQUARES`] (rank order: South's 13, then
    /// North's 13). Its `Display` and `FromStr` are its name, e.g. `c2`.
    #[derive(Debug)]
    pub struct Square(u8): count = 26, noun = "square";
}

impl Square {
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

    /// The square at drawing coordinates (x, y), if any: x from -3 (file `a`) to +3 (file
    /// `g`), y -2 (rank 1), -1, +1 or +2 (rank 4).
    pub const fn from_coords(x: i8, y: i8) -> Option<Square> {
        let mut i = 0;
        while i < Square::COUNT {
            if SQUARES[i].x == x && SQUARES[i].y == y {
                return Some(Square(i as u8));
            }
            i += 1;
        }
        None
    }

    /// The square of a bit number below 26.
    #[inline]
    const fn from_bit(bit: u32) -> Square {
        Square(bit as u8)
    }

    /// The alignments through this square (one file, at most one diagonal).
    #[inline]
    pub const fn alignments(self) -> Alignments {
        Alignments::from_mask(SQUARE_ALIGNMENTS[self.0 as usize] as u32)
    }

    /// The other squares sharing an alignment with this one: where the asymmetry rule looks
    /// under the standard rules.
    #[inline]
    pub const fn sharing_alignment(self) -> Squares {
        SHARES_ALIGNMENT[self.0 as usize]
    }

    /// The squares of the other territory sharing an alignment with this one: where the
    /// asymmetry rule looks under [`AsymmetryScope::OtherTerritory`](crate::AsymmetryScope).
    #[inline]
    pub const fn sharing_across(self) -> Squares {
        SHARES_ACROSS[self.0 as usize]
    }

    /// The square's image in the South-North mirror, the board's symmetry between the two
    /// players: the same file, rank `r` going to rank `5 - r` (`c2` to `c3`, `d1` to `d4`).
    /// It lies in the other territory and on the same file, so a copy of a placement on its
    /// mirror image is one the asymmetry rule can forbid; the mirror of a diagonal is a
    /// diagonal (`D1` to `D4`, `D2` to `D5`, `D3` to `D6`).
    #[inline]
    pub const fn mirror(self) -> Square {
        MIRRORS[self.0 as usize]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

abstract_game::cell_index! {
    /// One of the 13 alignments (each with one monolith), by its index into [`ALIGNMENTS`].
    /// Its `Display` and `FromStr` are its name, e.g. `Fc` or `D2`.
    #[derive(Debug)]
    pub struct Alignment(u8): count = 13, noun = "alignment";
}

impl Alignment {
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

    /// The squares on the alignment.
    #[inline]
    pub const fn squares(self) -> Squares {
        ALIGNMENT_SQUARES[self.0 as usize]
    }

    /// The alignment of a bit number below 13.
    #[inline]
    const fn from_bit(bit: u32) -> Alignment {
        Alignment(bit as u8)
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

/// Every alignment.
pub(crate) const ALL_ALIGNMENTS: AlignmentSet = (1 << 13) - 1;

impl FromStr for Square {
    type Err = ParseCellError;

    /// Parses a square name such as `c2` (files `a`..`g`, ranks `1`..`4`; `d2` and `d3` do
    /// not exist).
    fn from_str(name: &str) -> Result<Square, ParseCellError> {
        Square::from_name(name).ok_or_else(|| ParseCellError::new("square", name))
    }
}

impl FromStr for Alignment {
    type Err = ParseCellError;

    /// Parses an alignment name such as `Fc` or `D2`.
    fn from_str(name: &str) -> Result<Alignment, ParseCellError> {
        Alignment::from_name(name).ok_or_else(|| ParseCellError::new("alignment", name))
    }
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
            assert_eq!(Square::from_name(s.name), Square::try_new(i));
            assert_eq!(s.name.parse(), Ok(Square::new(i)));
            assert_eq!(Square::from_coords(s.x, s.y), Some(Square::new(i)));
        }
    }

    #[test]
    fn the_mirror_keeps_the_file_and_swaps_the_territory() {
        let sq = |name: &str| Square::from_name(name).unwrap();
        for (from, to) in [
            ("a1", "a4"),
            ("c2", "c3"),
            ("d1", "d4"),
            ("g3", "g2"),
            ("e4", "e1"),
        ] {
            assert_eq!(sq(from).mirror(), sq(to), "{from}");
        }
        for s in Square::ALL {
            assert_eq!(s.mirror().mirror(), s);
            assert_ne!(s.mirror().territory(), s.territory());
            // Same file: the two squares share the frontal alignment.
            assert!(s.sharing_alignment().contains(s.mirror()), "{s}");
            assert!(s.sharing_across().contains(s.mirror()), "{s}");
        }
        // Diagonals go to diagonals: D1 (a1 b2 e4) to D4 (a4 b3 e1).
        let d1: Vec<String> = Alignment::from_name("D1")
            .unwrap()
            .squares()
            .iter()
            .map(|s| s.mirror().to_string())
            .collect();
        let mut d1 = d1;
        d1.sort();
        assert_eq!(d1, ["a4", "b3", "e1"]);
    }
}
