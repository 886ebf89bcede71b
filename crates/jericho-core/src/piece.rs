//! Pieces, stocks and towers.
//!
//! Each player owns 25 pieces, one of each size (1..=5) and colour (`a`..=`e`). Pieces carry no
//! owner mark, so a [`Piece`] is just its size and colour. A [`PieceSet`] is a stock; a
//! [`Tower`] is a stack of one to four pieces with distinct sizes and distinct colours.
//!
//! ```
//! use jericho_core::{Colour, Piece, Tower};
//! let p = Piece::from_size_colour(3, Colour::B).unwrap();
//! assert_eq!(p.to_string(), "3b");
//! assert_eq!("3b".parse(), Ok(p));
//! let tower = Tower::EMPTY.with(p).with("5a".parse().unwrap());
//! assert_eq!(tower.height(), 2);
//! assert!(!tower.accepts(Piece::from_size_colour(5, Colour::C).unwrap())); // size 5 is taken
//! ```

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use abstract_game::ParseCellError;
use abstract_game::bitboard::Bitboard32;

/// One of the five piece colours, written `a`..`e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// Colour `a`.
    A,
    /// Colour `b`.
    B,
    /// Colour `c`.
    C,
    /// Colour `d`.
    D,
    /// Colour `e`.
    E,
}

impl Colour {
    /// The five colours in order.
    pub const ALL: [Colour; 5] = [Colour::A, Colour::B, Colour::C, Colour::D, Colour::E];

    /// 0 for `a` .. 4 for `e`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with index 0..5, if any.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Colour> {
        if index < 5 {
            Some(Colour::ALL[index])
        } else {
            None
        }
    }

    /// The letter `a`..`e`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The colour written by the letter `a`..`e` (lower case only).
    #[inline]
    pub const fn from_char(c: char) -> Option<Colour> {
        match c {
            'a' => Some(Colour::A),
            'b' => Some(Colour::B),
            'c' => Some(Colour::C),
            'd' => Some(Colour::D),
            'e' => Some(Colour::E),
            _ => None,
        }
    }
}

abstract_game::cell_index! {
    /// A piece: a size 1..=5 and a colour, by its index `(size - 1) * 5 + colour` (0..25).
    /// Its `Display` and `FromStr` are `<size><colour>`, e.g. `3b`.
    #[derive(Debug)]
    pub struct Piece(u8): count = 25, noun = "piece";
}

impl Piece {
    /// The piece of `size` (1..=5) and `colour`, or `None` for a size out of range.
    #[inline]
    pub const fn from_size_colour(size: u8, colour: Colour) -> Option<Piece> {
        if size >= 1 && size <= 5 {
            Some(Piece((size - 1) * 5 + colour as u8))
        } else {
            None
        }
    }

    /// The size, 1..=5.
    #[inline]
    pub const fn size(self) -> u8 {
        self.0 / 5 + 1
    }

    /// The colour.
    #[inline]
    pub const fn colour(self) -> Colour {
        Colour::ALL[(self.0 % 5) as usize]
    }

    /// The raw set holding this piece alone.
    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Piece {
    /// Writes `<size><colour>`, e.g. `3b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.size(), self.colour().char())
    }
}

impl FromStr for Piece {
    type Err = ParseCellError;

    /// Parses `<size><colour>`, e.g. `3b` (sizes `1`..`5`, colours `a`..`e`).
    fn from_str(text: &str) -> Result<Piece, ParseCellError> {
        crate::notation::parse_piece(text).map_err(|_| ParseCellError::new("piece", text))
    }
}

/// A set of pieces, e.g. a player's stock: bit `i` stands for the piece with index `i`.
///
/// Only bits 0..25 stand for pieces; [`iter`](PieceSet::iter), [`len`](PieceSet::len) and
/// [`is_empty`](PieceSet::is_empty) ignore the others, and
/// [`from_setup`](abstract_game::TextGame::from_setup) refuses a stock that sets them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceSet(pub u32);

impl PieceSet {
    /// No pieces.
    pub const EMPTY: PieceSet = PieceSet(0);
    /// All 25 pieces: a full stock.
    pub const FULL: PieceSet = PieceSet((1 << 25) - 1);

    /// Whether `piece` is in the set.
    #[inline]
    pub const fn contains(self, piece: Piece) -> bool {
        self.0 >> piece.0 & 1 != 0
    }

    /// The set with `piece` added.
    #[inline]
    #[must_use]
    pub const fn with(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 | piece.bit())
    }

    /// The set with `piece` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 & !piece.bit())
    }

    /// Number of pieces.
    #[inline]
    pub const fn len(self) -> u32 {
        (self.0 & PieceSet::FULL.0).count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 & PieceSet::FULL.0 == 0
    }

    /// The pieces, by index.
    pub fn iter(self) -> impl Iterator<Item = Piece> {
        Bitboard32(self.0 & PieceSet::FULL.0)
            .into_iter()
            .map(|i| Piece(i as u8))
    }
}

/// The pieces of each size: `SIZE_PIECES[s - 1]` holds the five pieces of size `s`.
pub(crate) const SIZE_PIECES: [u32; 5] = [0x1F, 0x1F << 5, 0x1F << 10, 0x1F << 15, 0x1F << 20];

/// The pieces of each colour: `COLOUR_PIECES[c]` holds the five pieces of colour `c`.
pub(crate) const COLOUR_PIECES: [u32; 5] = [
    0x0010_8421,
    0x0010_8421 << 1,
    0x0010_8421 << 2,
    0x0010_8421 << 3,
    0x0010_8421 << 4,
];

const fn fit_table() -> [u32; 1024] {
    let mut out = [0u32; 1024];
    let mut i = 0;
    while i < 1024 {
        let sizes = i & 31;
        let colours = i >> 5;
        let mut mask = (1u32 << 25) - 1;
        let mut k = 0;
        while k < 5 {
            if sizes >> k & 1 != 0 {
                mask &= !SIZE_PIECES[k];
            }
            if colours >> k & 1 != 0 {
                mask &= !COLOUR_PIECES[k];
            }
            k += 1;
        }
        out[i] = mask;
        i += 1;
    }
    out
}

/// `FIT[sizes | colours << 5]`: the pieces whose size is not in the 5-bit mask `sizes` and
/// whose colour is not in the 5-bit mask `colours`.
pub(crate) const FIT: [u32; 1024] = fit_table();

/// The tallest a tower may grow.
pub const MAX_HEIGHT: usize = 4;

/// Everything about one tower, looked up by its [`Tower`] number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    /// The pieces that may go on top.
    fit: u32,
    /// See [`Tower::strength_key`].
    key: u16,
    /// sizes (bits 0..5) | colours (bits 5..10) | height (bits 11..14)
    meta: u16,
    /// The pieces, bottom first.
    pieces: [Piece; 4],
}

const HEIGHT_SHIFT: u32 = 11;

impl Shape {
    const EMPTY: Shape = Shape {
        fit: (1 << 25) - 1,
        key: 0,
        meta: 0,
        pieces: [Piece(0); 4],
    };

    const fn height(&self) -> usize {
        (self.meta >> HEIGHT_SHIFT) as usize
    }

    const fn with(mut self, piece: Piece) -> Shape {
        let h = self.height();
        self.pieces[h] = piece;
        let height = h as u16 + 1;
        self.meta = (self.meta & 0x3FF)
            | (1 << (piece.size() - 1))
            | (1 << (5 + piece.colour() as u16))
            | height << HEIGHT_SHIFT;
        self.key = ((if height >= 2 { 1 } else { 0 }) << 12)
            | ((piece.size() as u16) << 9)
            | ((self.key & 0xFFF) >> 3);
        self.fit = if height as usize >= MAX_HEIGHT {
            0
        } else {
            FIT[(self.meta & 0x3FF) as usize]
        };
        self
    }
}

/// Number of distinct towers, the empty square included: 1 + 25 + 25·16 + 25·16·9 +
/// 25·16·9·4 (each level leaves (5 - h)² pieces that fit).
pub const TOWER_COUNT: usize = 18_426;

/// The first tower number of each height.
const OFFSET: [u16; 6] = [0, 1, 26, 426, 4026, 18_426];

/// How many pieces fit on a tower of each height.
const CHOICES: [u16; 5] = [25, 16, 9, 4, 0];

const fn shape_table() -> [Shape; TOWER_COUNT] {
    let mut out = [Shape::EMPTY; TOWER_COUNT];
    let mut id = 0;
    while id < OFFSET[4] as usize {
        let shape = out[id];
        let h = shape.height();
        let base = OFFSET[h + 1] as usize + (id - OFFSET[h] as usize) * CHOICES[h] as usize;
        let mut bits = shape.fit;
        let mut rank = 0;
        while bits != 0 {
            let p = bits.trailing_zeros();
            bits &= bits - 1;
            out[base + rank] = shape.with(Piece(p as u8));
            rank += 1;
        }
        id += 1;
    }
    out
}

/// Every tower, by number.
static SHAPES: [Shape; TOWER_COUNT] = shape_table();

/// A stack of pieces on a square, bottom first: empty, or one to four pieces of distinct sizes
/// and distinct colours.
///
/// Two bytes: the tower's number among the 18,426 possible towers (numbered by height, then
/// by the tower underneath, then by the top piece). A static table holds the pieces, the masks
/// of sizes and colours used, the pieces that may still go on top, and the strength key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tower(u16);

impl Tower {
    /// The empty square.
    pub const EMPTY: Tower = Tower(0);

    #[inline]
    fn shape(self) -> &'static Shape {
        &SHAPES[self.0 as usize]
    }

    /// The tower's number, 0..[`TOWER_COUNT`] (0 for the empty square).
    #[inline]
    pub const fn number(self) -> u16 {
        self.0
    }

    /// The number of pieces, 0..=4.
    #[inline]
    pub fn height(&self) -> usize {
        self.shape().height()
    }

    /// Whether the square is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The pieces, bottom first.
    #[inline]
    pub fn pieces(&self) -> &'static [Piece] {
        let shape = self.shape();
        &shape.pieces[..shape.height()]
    }

    /// The top piece, if any.
    #[inline]
    pub fn top(&self) -> Option<Piece> {
        self.pieces().last().copied()
    }

    /// The tower without its top piece (the empty tower stays empty).
    #[inline]
    pub fn below(&self) -> Tower {
        let h = self.height();
        if h == 0 {
            return Tower::EMPTY;
        }
        Tower(OFFSET[h - 1] + (self.0 - OFFSET[h]) / CHOICES[h - 1])
    }

    /// The sizes used, bit `s - 1` for size `s`.
    #[inline]
    pub fn size_mask(&self) -> u8 {
        (self.shape().meta & 31) as u8
    }

    /// The colours used, bit `c` for colour index `c`.
    #[inline]
    pub fn colour_mask(&self) -> u8 {
        (self.shape().meta >> 5 & 31) as u8
    }

    /// Whether a piece of `size` is in the tower.
    #[inline]
    pub fn has_size(&self, size: u8) -> bool {
        self.size_mask() >> (size - 1) & 1 != 0
    }

    /// Whether a piece of `colour` is in the tower.
    #[inline]
    pub fn has_colour(&self, colour: Colour) -> bool {
        self.colour_mask() >> colour.index() & 1 != 0
    }

    /// The pieces that may go on top: none on a tower of four, otherwise those whose size and
    /// colour both differ from every piece in the tower.
    #[inline]
    pub fn fitting(&self) -> PieceSet {
        PieceSet(self.shape().fit)
    }

    /// [`fitting`](Tower::fitting) as a raw mask, for the hot loops.
    #[inline]
    pub(crate) fn fit_mask(&self) -> u32 {
        self.shape().fit
    }

    /// Whether `piece` may go on top.
    #[inline]
    pub fn accepts(&self, piece: Piece) -> bool {
        self.fit_mask() & piece.bit() != 0
    }

    /// The tower with `piece` on top. `piece` must be [accepted](Tower::accepts) (otherwise
    /// the tower is returned unchanged); for untrusted input use [`Tower::stack`].
    #[inline]
    #[must_use]
    pub fn with(self, piece: Piece) -> Tower {
        let shape = self.shape();
        if shape.fit & piece.bit() == 0 {
            return self;
        }
        let h = shape.height();
        let rank = (shape.fit & (piece.bit() - 1)).count_ones() as u16;
        Tower(OFFSET[h + 1] + (self.0 - OFFSET[h]) * CHOICES[h] + rank)
    }

    /// Builds a tower from pieces listed bottom first, or `None` when there are more than four
    /// or two share a size or a colour.
    pub fn stack(pieces: &[Piece]) -> Option<Tower> {
        let mut tower = Tower::EMPTY;
        for &p in pieces {
            if !tower.accepts(p) {
                return None;
            }
            tower = tower.with(p);
        }
        Some(tower)
    }

    /// A number ordering towers by strength when an equal prefix means "taller wins": a tower
    /// of two or more pieces above every one-piece tower (bit 12), then the sizes from the top
    /// down in 3-bit fields (bits 9..12 for the top). Equal keys mean equal size sequences.
    /// Zero for an empty square.
    #[inline]
    pub fn strength_key(&self) -> u16 {
        self.shape().key
    }

    /// Compares the strength of two non-empty towers. With `prefix_tie` false, two multi-piece
    /// towers equal down to the bottom of the shorter are won by the taller; with it true they
    /// tie. Colours never matter.
    #[inline]
    pub fn compare(&self, other: &Tower, prefix_tie: bool) -> Ordering {
        let (a, b) = (self.strength_key(), other.strength_key());
        if !prefix_tie {
            return a.cmp(&b);
        }
        let multi_a = self.height() >= 2;
        let multi_b = other.height() >= 2;
        if multi_a != multi_b {
            return multi_a.cmp(&multi_b);
        }
        let m = self.height().min(other.height()) as u32;
        let mask: u16 = (0xFFF << (12 - 3 * m)) & 0xFFF;
        (a & mask).cmp(&(b & mask))
    }

    /// Whether this tower beats `other` (see [`Tower::compare`]).
    #[inline]
    pub fn beats(&self, other: &Tower, prefix_tie: bool) -> bool {
        self.compare(other, prefix_tie) == Ordering::Greater
    }
}

impl fmt::Display for Tower {
    /// Writes the pieces bottom first, e.g. `3b5a`; `-` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for p in self.pieces() {
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Tower {
        let b = text.as_bytes();
        let pieces: Vec<Piece> = b
            .chunks(2)
            .map(|c| {
                Piece::from_size_colour(c[0] - b'0', Colour::from_char(c[1] as char).unwrap())
                    .unwrap()
            })
            .collect();
        Tower::stack(&pieces).unwrap()
    }

    #[test]
    fn masks_cover_the_pieces() {
        let mut all = 0;
        for s in 0..5 {
            assert_eq!(SIZE_PIECES[s].count_ones(), 5);
            assert_eq!(COLOUR_PIECES[s].count_ones(), 5);
            all |= SIZE_PIECES[s];
        }
        assert_eq!(all, PieceSet::FULL.0);
        for p in Piece::ALL {
            assert!(SIZE_PIECES[p.size() as usize - 1] & p.bit() != 0);
            assert!(COLOUR_PIECES[p.colour().index()] & p.bit() != 0);
        }
    }

    #[test]
    fn strength_order() {
        // A two-piece tower beats any one-piece tower.
        assert!(t("5a1b").beats(&t("5c"), false) || t("5a1b").beats(&t("5c"), true));
        assert!(t("1a2b").beats(&t("5c"), false));
        assert!(t("1a2b").beats(&t("5c"), true));
        // Top-down comparison: 2-piece with top 5 beats 4-piece with top 4.
        assert!(t("1a5b").beats(&t("1c2d3e4a"), false));
        // Equal prefix: taller wins unless prefix-tie.
        assert!(t("1a3b5c").beats(&t("3d5e"), false));
        assert_eq!(t("1a3b5c").compare(&t("3d5e"), true), Ordering::Equal);
        // Colours do not matter.
        assert_eq!(t("3a5b").compare(&t("3c5d"), false), Ordering::Equal);
        // Singles by size.
        assert!(t("4a").beats(&t("3a"), true));
        assert_eq!(t("4a").compare(&t("4b"), false), Ordering::Equal);
        // Full tower accepts nothing.
        assert_eq!(t("1a2b3c4d").fitting(), PieceSet::EMPTY);
    }
}
