//! The 69 cells of the Jersi board and the geometry tables built on them.
//!
//! Rows run from `a` (White's home row) to `i` (Black's home row) and hold 7, 8, 7, 8, 9, 8, 7,
//! 8 and 7 cells, numbered from the left as White sees the board. Each cell has
//! [`Hex`] coordinates, and the six directions are the [`HexDirection`]s of
//! `abstract_game::hex`, named as White sees the board (north is towards row `i`).
//!
//! Internally a cell is its bit in a padded layout of 9 rows of 12 slots (one spare column per
//! row), so that a step in any of the six directions is a single shift of a `u128` bitboard. The
//! neighbour tables are built at compile time from the hex geometry.

use core::fmt;

use abstract_game::ParseCellError;
use abstract_game::bitboard::Bitboard128;
pub use abstract_game::hex::{Hex, HexDirection};

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

/// The internal slot of `hex`, if it lies in the padded layout (not necessarily a cell).
const fn slot_of_hex(hex: Hex) -> Option<u8> {
    let row = 4 - hex.r as i32;
    let column = hex.q as i32 + hex.r as i32 + 5;
    if row >= 0 && row < 9 && column >= 0 && column < WIDTH as i32 - 1 {
        Some((row * WIDTH as i32 + column) as u8)
    } else {
        None
    }
}

/// The slot offset of one step in `dir`: a step of `(dq, dr)` changes the row by `-dr` and the
/// padded column by `dq + dr`.
const fn slot_delta(dir: HexDirection) -> i32 {
    let (dq, dr) = dir.offset();
    dq as i32 - (WIDTH as i32 - 1) * dr as i32
}

/// [`slot_delta`] of each direction, by [`HexDirection::index`].
const DELTAS: [i32; 6] = {
    let mut deltas = [0; 6];
    let mut d = 0;
    while d < 6 {
        deltas[d] = slot_delta(HexDirection::ALL[d]);
        d += 1;
    }
    deltas
};

/// The slot of each cell, in reading order: `a1`..`a7`, `b1`..`b8`, ..., `i1`..`i7`.
const SLOT_OF_INDEX: [u8; 69] = {
    let mut slots = [0u8; 69];
    let mut i = 0;
    let mut row = 0;
    while row < 9 {
        let mut n = 1;
        while n <= ROW_LENGTHS[row as usize] {
            slots[i] = slot_of(row, n);
            i += 1;
            n += 1;
        }
        row += 1;
    }
    slots
};

/// The index of the cell stored at a slot (the stored value of a [`Square`]).
const fn index_of_slot(slot: u8) -> usize {
    INDEX_OF_SLOT[slot as usize] as usize
}

/// The slot of the cell of an index below 69 (the stored value of a [`Square`]).
const fn slot_of_index(index: usize) -> u8 {
    SLOT_OF_INDEX[index]
}

abstract_game::cell_index! {
    /// One of the 69 cells of the board.
    ///
    /// Its index is its place in reading order, which is also the order of [`Square::ALL`]
    /// (`a1`..`a7`, `b1`..`b8`, ..., `i1`..`i7`) and of the cells of a [`Squares`] set; cells
    /// compare in that order (`a1 < a2 < ... < i7`). With the `serde` feature a cell is
    /// (de)serialised as its [`index`](Square::index); an index of 69 or more is refused.
    ///
    /// ```
    /// use jersi_core::Square;
    /// let c3 = Square::from_coords(2, 3).unwrap();
    /// assert_eq!(c3.to_string(), "c3");
    /// assert_eq!("c3".parse::<Square>(), Ok(c3));
    /// assert_eq!(Square::try_new(c3.index()), Some(c3));
    /// assert_eq!(Square::try_new(69), None);
    /// assert_eq!("a8".parse::<Square>().unwrap_err().to_string(), r#""a8" is not a square"#);
    /// ```
    pub struct Square(u8): count = 69, noun = "square",
        to_index = index_of_slot, from_index = slot_of_index;
}

impl Square {
    /// The cell `number` (1-based) of `row` (0 for `a` .. 8 for `i`), if it exists.
    pub const fn from_coords(row: u8, number: u8) -> Option<Square> {
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

    /// The internal slot (bit number of the internal bitboards).
    #[inline]
    pub(crate) const fn slot(self) -> usize {
        self.0 as usize
    }

    /// The one-bit mask of this cell in the internal bitboards.
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

    /// The cell of bit `bit` of a [`Squares`] set; the set keeps its bits below 69.
    const fn from_set_bit(bit: u32) -> Square {
        // A bit at or above 69 never comes from the sets this crate builds; map it to the last
        // cell rather than index out of bounds.
        let i = bit as usize;
        Square::ALL[if i < Square::COUNT {
            i
        } else {
            Square::COUNT - 1
        }]
    }

    /// Hex coordinates, oriented so that the [`HexDirection`]s read as White sees the board:
    /// `e5` is the origin, `r` runs from -4 on row `i` to 4 on row `a`, and `q` grows to the
    /// east along a row.
    ///
    /// ```
    /// use jersi_core::{Hex, HexDirection, Square};
    /// let e5 = Square::from_name("e5").unwrap();
    /// assert_eq!(e5.hex(), Hex::new(0, 0));
    /// let f5 = e5.neighbor(HexDirection::NorthEast).unwrap();
    /// assert_eq!(f5.to_string(), "f5");
    /// assert_eq!(Square::from_hex(e5.hex().step(HexDirection::NorthEast)), Some(f5));
    /// ```
    pub const fn hex(self) -> Hex {
        let u = (self.0 % WIDTH as u8) as i8 - 5;
        let v = self.row() as i8 - 4;
        Hex::new(u + v, -v)
    }

    /// The cell with hex coordinates `hex` (see [`Square::hex`]), if it is on the board.
    pub const fn from_hex(hex: Hex) -> Option<Square> {
        match slot_of_hex(hex) {
            Some(slot) => Square::from_slot(slot),
            None => None,
        }
    }

    /// Horizontal position in half-cells (`e5` at 0).
    pub const fn x2(self) -> i8 {
        let h = self.hex();
        2 * h.q + h.r
    }

    /// The neighbour in `dir`, if it is on the board.
    #[inline]
    pub const fn neighbor(self, dir: HexDirection) -> Option<Square> {
        let n = NEIGHBORS[self.0 as usize][dir.index()];
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
        Square::from_coords(row, number)
    }

    /// The letter of the row, `a`..`i`.
    pub const fn row_char(self) -> char {
        (b'a' + self.row()) as char
    }
}

impl core::str::FromStr for Square {
    type Err = ParseCellError;

    /// The cell named like `c3`.
    fn from_str(s: &str) -> Result<Square, ParseCellError> {
        Square::from_name(s).ok_or_else(|| ParseCellError::new("square", s))
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

abstract_game::cell_set! {
    /// A set of cells of the board, iterated in the order of [`Square::ALL`] (bit `i` of its
    /// [`bitboard`](Squares::bitboard) is `Square::ALL[i]`).
    ///
    /// ```
    /// use jersi_core::prelude::*;
    /// use jersi_core::Squares;
    /// let start = Position::new(Rules::default());
    /// let white: Vec<String> = start.units(Side::First).iter().map(|sq| sq.to_string()).collect();
    /// assert_eq!(white.len(), 15);
    /// assert_eq!(white[..3], ["a1", "a2", "a3"]);
    /// assert_eq!(Squares::row(0).count(), 7);
    /// assert_eq!(Squares::BOARD.count(), 69);
    /// ```
    pub struct Squares(Bitboard128) of Square, from_bit = Square::from_set_bit, iter = SquaresIter;
}

impl Squares {
    /// Every cell of the board.
    pub const BOARD: Squares = Squares::from_slots(BOARD);

    /// The cells of row `row` (0 for `a` .. 8 for `i`; empty for any other number).
    pub const fn row(row: u8) -> Squares {
        if row < 9 {
            Squares::from_slots(ROWS[row as usize])
        } else {
            Squares::EMPTY
        }
    }

    /// The set of the cells of an internal (padded) bitboard. Each row is a run of consecutive
    /// slots, so this moves nine runs.
    pub(crate) const fn from_slots(bb: u128) -> Squares {
        let mut bits = 0u128;
        let mut row = 0;
        while row < 9 {
            let first = Square::ALL[ROW_STARTS[row]];
            let run = (bb >> first.0) & ((1u128 << ROW_LENGTHS[row]) - 1);
            bits |= run << ROW_STARTS[row];
            row += 1;
        }
        Squares::from_bitboard(Bitboard128(bits))
    }
}

/// The index in [`Square::ALL`] of the first cell of each row.
const ROW_STARTS: [usize; 9] = {
    let mut starts = [0; 9];
    let mut row = 1;
    while row < 9 {
        starts[row] = starts[row - 1] + ROW_LENGTHS[row - 1] as usize;
        row += 1;
    }
    starts
};

/// For each slot that is a cell, its index in [`Square::ALL`] (0 for the other slots).
const INDEX_OF_SLOT: [u8; SLOTS] = {
    let mut table = [0u8; SLOTS];
    let mut i = 0;
    while i < SLOT_OF_INDEX.len() {
        table[SLOT_OF_INDEX[i] as usize] = i as u8;
        i += 1;
    }
    table
};

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

/// For each slot and direction (by [`HexDirection::index`]), the slot `distance` cells away in
/// a straight line when every cell on the way is on the board, or [`NONE`]: the one walk behind
/// [`NEIGHBORS`] and [`TWO_STEPS`].
const fn line_ends(distance: i8) -> [[u8; 6]; SLOTS] {
    let mut table = [[NONE; 6]; SLOTS];
    let mut s = 0;
    while s < SLOTS {
        if let Some(sq) = Square::from_slot(s as u8) {
            let mut d = 0;
            while d < 6 {
                let mut step = 1;
                let mut end = NONE;
                while step <= distance {
                    match Square::from_hex(sq.hex().steps(HexDirection::ALL[d], step)) {
                        Some(cell) => end = cell.0,
                        None => {
                            end = NONE;
                            break;
                        }
                    }
                    step += 1;
                }
                table[s][d] = end;
                d += 1;
            }
        }
        s += 1;
    }
    table
}

/// For each slot and direction (by [`HexDirection::index`]), the neighbouring slot or
/// [`NONE`]: the cell of the neighbouring hex, if there is one.
pub(crate) const NEIGHBORS: [[u8; 6]; SLOTS] = line_ends(1);

/// For each slot and direction, the slot two steps away in a straight line (the far end of a
/// two-cell stack step) when the middle cell is on the board too, or [`NONE`].
pub(crate) const TWO_STEPS: [[u8; 6]; SLOTS] = line_ends(2);

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
pub(crate) const fn shift(bb: u128, dir: HexDirection) -> u128 {
    let d = DELTAS[dir.index()];
    let moved = if d > 0 { bb << d } else { bb >> -d };
    moved & BOARD
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
            assert_eq!(Square::from_coords(sq.row(), sq.number()), Some(*sq));
            assert_eq!(Square::from_slot(sq.0), Some(*sq));
            assert_eq!(Square::from_hex(sq.hex()), Some(*sq));
            assert_eq!(Squares::from_slots(sq.bit()), Squares::single(*sq));
        }
        let e5 = Square::from_name("e5").unwrap();
        assert_eq!(e5.hex(), Hex::new(0, 0));
        assert_eq!(Square::from_name("a1").unwrap().hex(), Hex::new(-5, 4));
        assert_eq!(Square::from_name("a1").unwrap().x2(), -6);
        assert_eq!(Square::from_hex(Hex::new(5, 0)), None);
        assert!(Square::ALL.windows(2).all(|w| w[0] < w[1]));
        let rows: u32 = (0..9).map(|r| Squares::row(r).count()).sum();
        assert_eq!(rows, 69);
        assert!(Squares::row(9).is_empty());
        assert_eq!(Squares::BOARD.iter().collect::<Vec<_>>(), Square::ALL);
        for r in 0..9 {
            assert!(Squares::row(r).iter().all(|sq| sq.row() == r));
        }
    }

    #[test]
    fn indices_and_names_convert_both_ways() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(Square::try_from(i), Ok(*sq));
            assert_eq!(Square::new(i), *sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(*sq));
        }
        assert_eq!(
            Square::try_from(69),
            Err(abstract_game::CellIndexError {
                noun: "square",
                index: 69,
                count: 69
            })
        );
        assert_eq!(
            "a8".parse::<Square>(),
            Err(ParseCellError::new("square", "a8"))
        );
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
        for d in HexDirection::ALL {
            for a in Square::ALL {
                let far = a.neighbor(d).and_then(|m| m.neighbor(d));
                assert_eq!(
                    Square::from_slot(TWO_STEPS[a.slot()][d.index()]),
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
                    assert!(a.hex().is_adjacent(b.hex()));
                    // The slot offset of the shifts agrees with the hex step.
                    assert_eq!(b.0 as i32 - a.0 as i32, slot_delta(d));
                }
                assert_eq!(shift(a.bit(), d), a.neighbor(d).map_or(0, |b| b.bit()));
            }
        }
    }
}
