//! The 69 cells of the Jersi board and the geometry tables built on them.
//!
//! Rows run from `a` (White's home row) to `i` (Black's home row) and hold 7, 8, 7, 8, 9, 8, 7,
//! 8 and 7 cells, numbered from the left as White sees the board. Internally a cell is its bit in
//! a padded layout of 9 rows of 12 slots (axial coordinates, one spare column per row), so that a
//! step in any of the six directions is a single shift of a `u128` bitboard.

use core::fmt;

use abstract_game::bitboard::Bitboard128;
use abstract_game::hex::Hex;

/// Slots per padded row (11 axial columns and one spare that is never a cell).
pub(crate) const WIDTH: usize = 12;
/// Number of slots of the padded layout.
pub(crate) const SLOTS: usize = 9 * WIDTH;
/// The value of a missing neighbour in the tables.
pub(crate) const NONE: u8 = u8::MAX;

/// Cells per row, row `a` first.
pub const ROW_LENGTHS: [u8; 9] = [7, 8, 7, 8, 9, 8, 7, 8, 7];

/// Half-cell offset of the first cell of each row: `X = 2n - offset`.
const ROW_OFFSETS: [i8; 9] = [8, 9, 8, 9, 10, 9, 8, 9, 8];

/// The slot of cell `number` (1-based) of `row` (0 for `a`).
const fn slot_of(row: u8, number: u8) -> u8 {
    let v = row as i8 - 4;
    let x = 2 * number as i8 - ROW_OFFSETS[row as usize];
    let u = (x - v) / 2;
    row * WIDTH as u8 + (u + 5) as u8
}

/// One of the 69 cells of the board.
///
/// Cells compare in reading order (`a1 < a2 < ... < i7`). With the `serde` feature a cell is
/// (de)serialised as its [`index`](Square::index); an index of 69 or more is refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Square(u8);

impl Square {
    /// Number of cells.
    pub const COUNT: usize = 69;

    /// Every cell in reading order: `a1`..`a7`, `b1`..`b8`, ..., `i1`..`i7`. This is also the
    /// order of [`Square::index`] and of the internal bit numbering.
    pub const ALL: [Square; 69] = {
        let mut all = [Square(0); 69];
        let mut i = 0;
        let mut row = 0;
        while row < 9 {
            let mut n = 1;
            while n <= ROW_LENGTHS[row as usize] {
                all[i] = Square(slot_of(row, n));
                i += 1;
                n += 1;
            }
            row += 1;
        }
        all
    };

    /// The cell `number` (1-based) of `row` (0 for `a` .. 8 for `i`), if it exists.
    pub const fn new(row: u8, number: u8) -> Option<Square> {
        if row < 9 && number >= 1 && number <= ROW_LENGTHS[row as usize] {
            Some(Square(slot_of(row, number)))
        } else {
            None
        }
    }

    /// The cell at internal slot `slot`, if that slot is a cell.
    pub(crate) const fn from_slot(slot: u8) -> Option<Square> {
        if (slot as usize) < SLOTS && BOARD >> slot & 1 != 0 {
            Some(Square(slot))
        } else {
            None
        }
    }

    /// The cell at a slot known to be a cell (from the neighbour tables or a board mask).
    #[inline]
    pub(crate) const fn at_slot(slot: u8) -> Square {
        Square(slot)
    }

    /// The number of this cell's bit in the bitboards of [`Position`](crate::Position) and of
    /// this module. The bits follow a padded layout, so this is not [`Square::index`].
    #[inline]
    pub const fn bit_index(self) -> u32 {
        self.0 as u32
    }

    /// The cell whose bit is number `bit` in those bitboards, if that bit is a cell.
    ///
    /// ```
    /// use abstract_game::Game;
    /// use jersi_core::{Position, Rules, Square, WHITE};
    /// let start = Position::new(Rules::default());
    /// let white: Vec<String> = start
    ///     .units(WHITE)
    ///     .into_iter()
    ///     .map(|bit| Square::from_bit_index(bit).unwrap().to_string())
    ///     .collect();
    /// assert_eq!(white.len(), 15);
    /// assert_eq!(white[..3], ["a1", "a2", "a3"]);
    /// ```
    pub const fn from_bit_index(bit: u32) -> Option<Square> {
        if bit < SLOTS as u32 {
            Square::from_slot(bit as u8)
        } else {
            None
        }
    }

    /// The internal slot (bit number).
    #[inline]
    pub(crate) const fn slot(self) -> usize {
        self.0 as usize
    }

    /// The one-bit mask of this cell.
    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// The row, 0 for `a` .. 8 for `i`.
    pub const fn row(self) -> u8 {
        self.0 / WIDTH as u8
    }

    /// The 1-based number within the row, counted from White's left.
    pub const fn number(self) -> u8 {
        let row = self.row();
        let u = (self.0 % WIDTH as u8) as i8 - 5;
        let v = row as i8 - 4;
        ((2 * u + v + ROW_OFFSETS[row as usize]) / 2) as u8
    }

    /// The position in [`Square::ALL`], 0..69.
    pub const fn index(self) -> usize {
        let row = self.row();
        let mut i = 0;
        let mut r = 0;
        while r < row {
            i += ROW_LENGTHS[r as usize] as usize;
            r += 1;
        }
        i + self.number() as usize - 1
    }

    /// The cell at position `index` of [`Square::ALL`].
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 69 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// Axial hex coordinates: `r` is the row index minus 4 (so `e5` is the origin), `q` grows
    /// to the east. Rows `a` and `i` are at `r = -4` and `r = 4`.
    pub const fn hex(self) -> Hex {
        Hex::new((self.0 % WIDTH as u8) as i8 - 5, self.row() as i8 - 4)
    }

    /// Horizontal position in half-cells (`e5` at 0).
    pub const fn x2(self) -> i8 {
        let h = self.hex();
        2 * h.q + h.r
    }

    /// The neighbour in `dir`, if it is on the board.
    #[inline]
    pub const fn neighbor(self, dir: Direction) -> Option<Square> {
        let n = NEIGHBORS[self.0 as usize][dir as usize];
        if n == NONE { None } else { Some(Square(n)) }
    }

    /// The cell named like `c3`, if it exists.
    pub fn from_name(name: &str) -> Option<Square> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let row = bytes[0].checked_sub(b'a')?;
        let number = bytes[1].checked_sub(b'0')?;
        Square::new(row, number)
    }

    /// The letter of the row, `a`..`i`.
    pub const fn row_char(self) -> char {
        (b'a' + self.row()) as char
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareIndexError;

    /// The cell at this position of [`Square::ALL`], if below 69.
    fn try_from(index: u8) -> Result<Square, SquareIndexError> {
        Square::from_index(usize::from(index)).ok_or(SquareIndexError(index))
    }
}

impl From<Square> for u8 {
    /// The cell's [`index`](Square::index), 0..69.
    fn from(sq: Square) -> u8 {
        sq.index() as u8
    }
}

/// A cell index of 69 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cell index {0} is not below 69")]
pub struct SquareIndexError(pub u8);

/// A text that does not name a cell of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a cell of the board")]
pub struct SquareNameError(pub String);

impl core::str::FromStr for Square {
    type Err = SquareNameError;

    /// The cell named like `c3`.
    fn from_str(s: &str) -> Result<Square, SquareNameError> {
        Square::from_name(s).ok_or_else(|| SquareNameError(s.to_string()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row_char(), self.number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One of the six directions, as White sees the board (north is towards row `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Along the row, towards higher numbers.
    East,
    /// Up a row, half a cell to the right.
    NorthEast,
    /// Up a row, half a cell to the left.
    NorthWest,
    /// Along the row, towards lower numbers.
    West,
    /// Down a row, half a cell to the left.
    SouthWest,
    /// Down a row, half a cell to the right.
    SouthEast,
}

impl Direction {
    /// All six, counter-clockwise from East; `ALL[(i + 3) % 6]` is the reverse of `ALL[i]`.
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The slot offset of one step in the padded layout.
    pub(crate) const fn delta(self) -> i32 {
        match self {
            Direction::East => 1,
            Direction::NorthEast => WIDTH as i32,
            Direction::NorthWest => WIDTH as i32 - 1,
            Direction::West => -1,
            Direction::SouthWest => -(WIDTH as i32),
            Direction::SouthEast => -(WIDTH as i32 - 1),
        }
    }

    /// The reverse direction.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The short name used by the board data: `E`, `NE`, `NW`, `W`, `SW`, `SE`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::East => "E",
            Direction::NorthEast => "NE",
            Direction::NorthWest => "NW",
            Direction::West => "W",
            Direction::SouthWest => "SW",
            Direction::SouthEast => "SE",
        }
    }
}

/// The set of slots that are cells.
pub(crate) const BOARD: u128 = {
    let mut bb = 0u128;
    let mut row = 0;
    while row < 9 {
        let mut n = 1;
        while n <= ROW_LENGTHS[row as usize] {
            bb |= 1u128 << slot_of(row, n);
            n += 1;
        }
        row += 1;
    }
    bb
};

/// The cells of each row, row `a` first.
pub(crate) const ROWS: [u128; 9] = {
    let mut rows = [0u128; 9];
    let mut row = 0;
    while row < 9 {
        rows[row] = BOARD & (((1u128 << WIDTH) - 1) << (row * WIDTH));
        row += 1;
    }
    rows
};

/// For each slot and direction, the neighbouring slot or [`NONE`].
pub(crate) const NEIGHBORS: [[u8; 6]; SLOTS] = {
    let mut table = [[NONE; 6]; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        if BOARD >> s & 1 != 0 {
            let mut d = 0;
            while d < 6 {
                let t = s as i32 + Direction::ALL[d].delta();
                if t >= 0 && (t as usize) < SLOTS && BOARD >> t & 1 != 0 {
                    table[s][d] = t as u8;
                }
                d += 1;
            }
        }
        s += 1;
    }
    table
};

/// For each slot and direction, the slot two steps away in a straight line (the far end of a
/// two-cell stack step), or [`NONE`].
pub(crate) const TWO_STEPS: [[u8; 6]; SLOTS] = {
    let mut table = [[NONE; 6]; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        let mut d = 0;
        while d < 6 {
            let mid = NEIGHBORS[s][d];
            if mid != NONE {
                table[s][d] = NEIGHBORS[mid as usize][d];
            }
            d += 1;
        }
        s += 1;
    }
    table
};

/// For each slot, the set of its neighbours.
pub(crate) const NEIGHBOR_MASKS: [u128; SLOTS] = {
    let mut masks = [0u128; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        let mut d = 0;
        while d < 6 {
            if NEIGHBORS[s][d] != NONE {
                masks[s] |= 1u128 << NEIGHBORS[s][d];
            }
            d += 1;
        }
        s += 1;
    }
    masks
};

/// Moves every cell of `bb` one step in `dir`, dropping those that leave the board.
#[inline]
pub(crate) const fn shift(bb: u128, dir: Direction) -> u128 {
    let d = dir.delta();
    let moved = if d > 0 { bb << d } else { bb >> -d };
    moved & BOARD
}

/// The set of all cells (bits numbered as in [`Square::bit_index`]).
pub const fn all_cells() -> Bitboard128 {
    Bitboard128(BOARD)
}

/// The cells of row `row` (0 for `a` .. 8 for `i`; empty for any other number). Bits are
/// numbered as in [`Square::bit_index`].
pub const fn row_cells(row: u8) -> Bitboard128 {
    if row < 9 {
        Bitboard128(ROWS[row as usize])
    } else {
        Bitboard128(0)
    }
}

/// Iterates over the cells of a raw bitboard.
#[inline]
pub(crate) fn squares(mut bb: u128) -> impl Iterator<Item = Square> {
    core::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(s))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        assert_eq!(BOARD.count_ones(), 69);
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::from_name(&sq.to_string()), Some(*sq));
            assert_eq!(Square::new(sq.row(), sq.number()), Some(*sq));
            assert_eq!(Square::from_slot(sq.0), Some(*sq));
            assert_eq!(Square::from_bit_index(sq.bit_index()), Some(*sq));
        }
        let e5 = Square::from_name("e5").unwrap();
        assert_eq!(e5.hex(), Hex::new(0, 0));
        assert_eq!(Square::from_name("a1").unwrap().x2(), -6);
        assert!(Square::ALL.windows(2).all(|w| w[0] < w[1]));
        let rows: u32 = (0..9).map(|r| row_cells(r).0.count_ones()).sum();
        assert_eq!(rows, 69);
        assert_eq!(row_cells(9).0, 0);
        assert_eq!(all_cells().0, BOARD);
    }

    #[test]
    fn indices_and_names_convert_both_ways() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(Square::try_from(i as u8), Ok(*sq));
            assert_eq!(u8::from(*sq) as usize, i);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(*sq));
        }
        assert_eq!(Square::try_from(69), Err(SquareIndexError(69)));
        assert!("a8".parse::<Square>().is_err());
        assert!("j1".parse::<Square>().is_err());
        assert!("e".parse::<Square>().is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn deserialising_refuses_an_index_off_the_board() {
        use serde::Deserialize;
        use serde::de::IntoDeserializer;
        use serde::de::value::{Error, U8Deserializer};

        let read = |i: u8| Square::deserialize::<U8Deserializer<Error>>(i.into_deserializer());
        // The index, not the internal slot: 68 is i7, the last cell.
        assert_eq!(read(68).ok(), Square::from_name("i7"));
        assert_eq!(read(0).ok(), Square::from_name("a1"));
        assert!(read(69).is_err());
        assert!(read(107).is_err());
        assert!(read(255).is_err());
    }

    #[test]
    fn neighbours_follow_the_half_cell_rule() {
        for a in Square::ALL {
            for b in Square::ALL {
                let dr = (a.row() as i8 - b.row() as i8).abs();
                let dx = (a.x2() - b.x2()).abs();
                let adjacent = (dr == 0 && dx == 2) || (dr == 1 && dx == 1);
                assert_eq!(
                    NEIGHBOR_MASKS[a.slot()] >> b.0 & 1 != 0,
                    adjacent,
                    "{a} {b}"
                );
            }
        }
        for d in Direction::ALL {
            for a in Square::ALL {
                let far = a.neighbor(d).and_then(|m| m.neighbor(d));
                assert_eq!(
                    Square::from_slot(TWO_STEPS[a.slot()][d as usize]),
                    far,
                    "{a} {d:?}"
                );
                if let Some(far) = far {
                    // Straight: four half-cells across a row, or two rows up or down.
                    let (dr, dx) = (far.row() as i8 - a.row() as i8, far.x2() - a.x2());
                    assert!(matches!((dr.abs(), dx.abs()), (0, 4) | (2, 2)), "{a} {far}");
                }
                if let Some(b) = a.neighbor(d) {
                    assert_eq!(b.neighbor(d.opposite()), Some(a));
                }
                assert_eq!(shift(a.bit(), d), a.neighbor(d).map_or(0, |b| b.bit()));
            }
        }
    }
}
