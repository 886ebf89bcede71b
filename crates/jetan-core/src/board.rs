//! Squares, square sets and the geometry tables of the 10x10 board.
//!
//! Square `a1` has index 0, `j1` index 9, `a2` index 10, ..., `j10` index 99: index =
//! `rank * 10 + file`. A set of squares is a [`Squares`], a bitboard whose bit `i` stands for
//! index `i`. The geometry is the shared square grid of `abstract_game::square`: every table
//! here is built from its [`Coord`] and [`Direction`] by `const fn` at compile time, and the
//! set-wise steps of move generation are whole-board shifts by a direction's offset.

use core::fmt;

use abstract_game::ParseCellError;
use abstract_game::bitboard::Bitboard128;
use abstract_game::square::{Coord, Direction, Grid};

use crate::piece::Kind;

/// Number of files and of ranks.
pub(crate) const SIZE: u8 = 10;

/// Number of squares.
pub(crate) const SQUARES: usize = 100;

/// The board as a grid of the shared square geometry.
const GRID: Grid = Grid::new(SIZE as i8, SIZE as i8);

abstract_game::cell_index! {
    /// One of the 100 squares; its index is `rank * 10 + file` (`a1` 0, `j1` 9, `a2` 10, ...,
    /// `j10` 99). `Square::ALL` lists them `a1` first, rank by rank.
    ///
    /// ```
    /// use jetan_core::prelude::*;
    /// let e2 = Square::from_coords(4, 1).unwrap();
    /// assert_eq!(e2.to_string(), "e2");
    /// assert_eq!("e2".parse::<Square>(), Ok(e2));
    /// assert_eq!((e2.index(), Square::try_new(14)), (14, Some(e2)));
    /// assert_eq!(Square::from_coords(10, 0), None);
    /// assert_eq!("k1".parse::<Square>().unwrap_err().to_string(), r#""k1" is not a square"#);
    /// ```
    #[derive(Debug)]
    pub struct Square(u8): count = SQUARES, noun = "square";
}

impl Square {
    /// The square on `file` (0 for `a`) and `rank` (0 for rank 1), if both are below 10.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < SIZE && rank < SIZE {
            Some(Square(rank * SIZE + file))
        } else {
            None
        }
    }

    /// The square of bit `bit` of a set (below 100 in every set the crate makes; larger bits
    /// wrap round rather than make a square off the board).
    #[inline]
    pub(crate) const fn from_bit(bit: u32) -> Square {
        Square((bit % SQUARES as u32) as u8)
    }

    /// The file, 0 for `a` to 9 for `j`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// The rank, 0 for rank 1 to 9 for rank 10.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// The set bit of this square.
    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// The square's coordinates on the shared grid type.
    pub const fn coord(self) -> Coord {
        GRID.coord(self.index())
    }

    /// The square at `coord`, if it lies on the board.
    pub const fn from_coord(coord: Coord) -> Option<Square> {
        match GRID.index(coord) {
            Some(i) => Some(Square(i as u8)),
            None => None,
        }
    }

    /// The neighbour one step in `dir`, if it lies on the board.
    pub const fn step(self, dir: Direction) -> Option<Square> {
        Square::from_coord(self.coord().step(dir))
    }

    /// King-move (Chebyshev) distance between two squares.
    pub const fn distance(self, other: Square) -> u8 {
        self.coord().king_distance(other.coord())
    }

    /// Whether the square is one of the orange squares (`a1` is black, `j1` orange).
    pub const fn is_orange(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// Parses a leading square name such as `e2` or `j10`; returns the square and the number
    /// of bytes read.
    pub fn parse_prefix(text: &str) -> Option<(Square, usize)> {
        let (c, n) = Coord::parse(text)?;
        Some((Square::from_coord(c)?, n))
    }
}

impl fmt::Display for Square {
    /// Writes `a1` .. `j10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.coord(), f)
    }
}

impl core::str::FromStr for Square {
    type Err = ParseCellError;
    /// Parses exactly one square name, such as `e2` or `j10`.
    fn from_str(s: &str) -> Result<Square, ParseCellError> {
        match Square::parse_prefix(s) {
            Some((sq, n)) if n == s.len() => Ok(sq),
            _ => Err(ParseCellError::new("square", s)),
        }
    }
}

abstract_game::cell_set! {
    /// A set of squares, iterated from `a1` up, rank by rank.
    ///
    /// ```
    /// use jetan_core::prelude::*;
    /// let pos = Position::default();
    /// let black = pos.pieces_of(Side::First);
    /// assert_eq!(black.count(), 20);
    /// assert_eq!(black.first(), Some("a1".parse::<Square>()?));
    /// assert!(black.iter().all(|sq| sq.rank() < 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub struct Squares(Bitboard128) of Square, from_bit = Square::from_bit, iter = SquaresIter;
}

impl Squares {
    /// Every square of the board.
    pub const ALL: Squares = Squares::from_bitboard(Bitboard128(ALL_BITS));

    /// The set of the squares of the raw bits `bits` (below bit 100).
    #[inline]
    pub(crate) const fn from_bits(bits: u128) -> Squares {
        Squares::from_bitboard(Bitboard128(bits & ALL_BITS))
    }
}

// ---------------------------------------------------------------------------------------------
// Raw u128 square sets used by move generation.

/// All 100 squares.
pub(crate) const ALL_BITS: u128 = (1u128 << SQUARES) - 1;

const fn file_mask(file: u8) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < SIZE {
        m |= 1u128 << (r * SIZE + file);
        r += 1;
    }
    m
}

/// Every square except file `a`.
const NOT_A: u128 = ALL_BITS & !file_mask(0);
/// Every square except file `j`.
const NOT_J: u128 = ALL_BITS & !file_mask(SIZE - 1);

/// The change of square index of one step in `dir`.
pub(crate) const fn index_delta(dir: Direction) -> i32 {
    let (df, dr) = dir.offset();
    dr as i32 * SIZE as i32 + df as i32
}

/// The set `b` moved one step in `dir`; squares that would leave the board drop out.
///
/// Always called with a constant direction, so that it compiles to one mask and one shift.
#[inline(always)]
pub(crate) const fn shift(b: u128, dir: Direction) -> u128 {
    let b = match dir.offset().0 {
        1 => b & NOT_J,
        -1 => b & NOT_A,
        _ => b,
    };
    let delta = index_delta(dir);
    if delta >= 0 {
        (b << delta) & ALL_BITS
    } else {
        b >> -delta
    }
}

/// The set `b` moved one square north (towards rank 10).
#[inline(always)]
pub(crate) const fn north(b: u128) -> u128 {
    shift(b, Direction::North)
}
/// The set `b` moved one square south.
#[inline(always)]
pub(crate) const fn south(b: u128) -> u128 {
    shift(b, Direction::South)
}
/// The set `b` moved one square east (towards file `j`).
#[inline(always)]
pub(crate) const fn east(b: u128) -> u128 {
    shift(b, Direction::East)
}
/// The set `b` moved one square west.
#[inline(always)]
pub(crate) const fn west(b: u128) -> u128 {
    shift(b, Direction::West)
}

/// Every square one orthogonal step from a square of `b`.
#[inline(always)]
pub(crate) const fn orth_step(b: u128) -> u128 {
    north(b) | south(b) | east(b) | west(b)
}

/// Every square one diagonal step from a square of `b`.
#[inline(always)]
pub(crate) const fn diag_step(b: u128) -> u128 {
    let h = east(b) | west(b);
    north(h) | south(h)
}

/// Every square one king step from a square of `b`.
#[inline(always)]
pub(crate) const fn king_step(b: u128) -> u128 {
    let e = east(b);
    let w = west(b);
    let h = b | e | w;
    north(h) | south(h) | e | w
}

/// For each square, the set of its neighbours one step away in one of `dirs`.
const fn neighbours(dirs: &[Direction]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut k = 0;
        while k < dirs.len() {
            if let Some(to) = Square::ALL[i].step(dirs[k]) {
                t[i] |= to.bit();
            }
            k += 1;
        }
        i += 1;
    }
    t
}

const ORTH_C: [u128; SQUARES] = neighbours(&Direction::ORTHOGONAL);
const DIAG_C: [u128; SQUARES] = neighbours(&Direction::DIAGONAL);
const KING_C: [u128; SQUARES] = neighbours(&Direction::ALL);

/// The length of the per-square tables of move generation: every index below 128 (the bit
/// index of a `u128` masked by 127) has an entry, those off the board an empty set, so that
/// looking one up needs no bounds check.
pub(crate) const TABLE: usize = 128;

/// `t` with empty sets after its 100 squares.
const fn pad(t: [u128; SQUARES]) -> [u128; TABLE] {
    let mut out = [0u128; TABLE];
    let mut i = 0;
    while i < SQUARES {
        out[i] = t[i];
        i += 1;
    }
    out
}

/// The index of the lowest set bit of `set` (a square's index when `set` is a non-empty set
/// of squares), below [`TABLE`] in any case.
#[inline(always)]
pub(crate) const fn low_index(set: u128) -> usize {
    (set.trailing_zeros() & 127) as usize
}

/// Orthogonal neighbours of each square.
pub(crate) static ORTH: [u128; TABLE] = pad(ORTH_C);
/// Diagonal neighbours of each square.
pub(crate) static DIAG: [u128; TABLE] = pad(DIAG_C);
/// King neighbours of each square.
pub(crate) static KING: [u128; TABLE] = pad(KING_C);

/// For each square, the squares one step of `second` from one step of `first` away: the
/// destinations of a two-step piece on an empty board (the square itself among them when
/// the two steps can cancel out).
const fn two_steps(first: &[u128; SQUARES], second: &[u128; SQUARES]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut set = first[i];
        while set != 0 {
            let a = set.trailing_zeros() as usize;
            set &= set - 1;
            t[i] |= second[a];
        }
        i += 1;
    }
    t
}

/// For each square, the squares one or two steps of `steps` (a neighbour table) away, the
/// square itself among them: the squares whose emptiness a three-step piece's destinations
/// depend on. The relation is symmetric (`y` is in `x`'s set exactly when `x` is in `y`'s).
const fn within_two(steps: &[u128; SQUARES]) -> [u128; SQUARES] {
    let mut t = two_steps(steps, steps);
    let mut i = 0;
    while i < SQUARES {
        t[i] |= steps[i];
        i += 1;
    }
    t
}

/// Squares one or two orthogonal steps from each square (itself included).
pub(crate) static ORTH_TWO: [u128; TABLE] = pad(within_two(&ORTH_C));
/// Squares one or two king steps from each square (itself included).
pub(crate) static KING_TWO: [u128; TABLE] = pad(within_two(&KING_C));

/// The squares a piece of three steps of `steps` (a neighbour table) reaches from `from` on an
/// empty board: every end of a three-step path that stays on the board and does not end on
/// `from`. Without `revisit` the four squares of the path must be distinct. Paths are
/// enumerated here, at compile time only.
const fn reach3_empty(from: usize, steps: &[u128; SQUARES], revisit: bool) -> u128 {
    let mut out = 0u128;
    let mut a_set = steps[from];
    while a_set != 0 {
        let a = a_set.trailing_zeros() as usize;
        a_set &= a_set - 1;
        let mut b_set = steps[a];
        while b_set != 0 {
            let b = b_set.trailing_zeros() as usize;
            b_set &= b_set - 1;
            if !revisit && b == from {
                continue;
            }
            let mut c_set = steps[b];
            while c_set != 0 {
                let c = c_set.trailing_zeros() as usize;
                c_set &= c_set - 1;
                if c == from || (!revisit && c == a) {
                    continue;
                }
                out |= 1u128 << c;
            }
        }
    }
    out
}

const fn reach3_table(steps: &[u128; SQUARES], revisit: bool) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        t[i] = reach3_empty(i, steps, revisit);
        i += 1;
    }
    t
}

/// Flier destinations (on any board: it jumps), `[no revisit, revisit]`.
pub(crate) static FLIER: [[u128; TABLE]; 2] = FLIER_C;
const FLIER_C: [[u128; TABLE]; 2] = [
    pad(reach3_table(&DIAG_C, false)),
    pad(reach3_table(&DIAG_C, true)),
];
/// Princess (normal move) destinations on an empty board, `[no revisit, revisit]`: every
/// square within three king steps, under both options (so also the Chief's).
pub(crate) static PRINCESS: [[u128; TABLE]; 2] = PRINCESS_C;
const PRINCESS_C: [[u128; TABLE]; 2] = [
    pad(reach3_table(&KING_C, false)),
    pad(reach3_table(&KING_C, true)),
];
/// Dwar destinations on an empty board (revisits add none: a three-step orthogonal path
/// ends one or three orthogonal steps away either way).
pub(crate) static DWAR: [u128; TABLE] = DWAR_C;
const DWAR_C: [u128; TABLE] = pad(reach3_table(&ORTH_C, false));

/// The kinds that walk or jump (all but Panthans and the Princess), in the order of
/// [`REGIONS`].
pub(crate) const WALKERS: [Kind; 6] = [
    Kind::Thoat,
    Kind::Warrior,
    Kind::Padwar,
    Kind::Flier,
    Kind::Dwar,
    Kind::Chief,
];

/// The empty-board destinations of each kind of [`WALKERS`] (by its index there) from each
/// square, under each revisit option (`[no revisit, revisit]`): a Thoat's orthogonal then
/// diagonal step, a Warrior's two orthogonal steps and a Padwar's two diagonal ones (the start
/// among them when the steps cancel out), then the Flier, Dwar and Chief tables above.
pub(crate) static REGIONS: [[[u128; TABLE]; 6]; 2] = {
    let thoat = pad(two_steps(&ORTH_C, &DIAG_C));
    let warrior = pad(two_steps(&ORTH_C, &ORTH_C));
    let padwar = pad(two_steps(&DIAG_C, &DIAG_C));
    [
        [thoat, warrior, padwar, FLIER_C[0], DWAR_C, PRINCESS_C[0]],
        [thoat, warrior, padwar, FLIER_C[1], DWAR_C, PRINCESS_C[1]],
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::from_coord(sq.coord()), Some(sq));
            assert_eq!(Square::try_new(sq.index()), Some(sq));
            assert_eq!(Square::try_from(sq.index()), Ok(sq));
        }
        assert_eq!(Square::try_new(SQUARES), None);
        assert!(Square::try_from(SQUARES).is_err());
        assert!("k1".parse::<Square>().is_err());
        assert_eq!(
            "a11".parse::<Square>(),
            Err(ParseCellError::new("square", "a11"))
        );
        assert!("e2 ".parse::<Square>().is_err());
        assert!(!Square::from_coords(0, 0).unwrap().is_orange());
        assert!(Square::from_coords(9, 0).unwrap().is_orange());
    }

    #[test]
    fn neighbour_counts() {
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(KING[55].count_ones(), 8);
        assert_eq!(ORTH[9].count_ones(), 2);
        assert_eq!(DIAG[99].count_ones(), 1);
        for i in 0..SQUARES {
            assert_eq!(KING[i], ORTH[i] | DIAG[i]);
            assert_eq!(KING[i] & (1u128 << i), 0);
        }
    }

    #[test]
    fn shifts_agree_with_the_grid_steps() {
        for sq in Square::ALL {
            let b = sq.bit();
            for dir in Direction::ALL {
                let expected = sq.step(dir).map_or(0, Square::bit);
                assert_eq!(shift(b, dir), expected, "{sq} {dir:?}");
            }
            assert_eq!(orth_step(b), ORTH[sq.index()], "{sq}");
            assert_eq!(diag_step(b), DIAG[sq.index()], "{sq}");
            assert_eq!(king_step(b), KING[sq.index()], "{sq}");
        }
    }

    #[test]
    fn square_sets_iterate_squares() {
        let set: Squares = ["e2", "a1", "j10"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "e2", "j10"]);
        assert_eq!(Squares::ALL.count(), 100);
        assert_eq!(Squares::ALL.nth(99), Some(Square::ALL[99]));
        // Bits off the board never make a square off the board.
        let odd = Squares::from_bitboard(Bitboard128(1 << 120));
        assert!(odd.iter().all(|s| s.index() < SQUARES));
    }

    #[test]
    fn jump_tables() {
        // From a central square: 16 Flier squares and the 48 within three king steps.
        assert_eq!(FLIER[0][44].count_ones(), 16);
        assert_eq!(PRINCESS[0][44].count_ones(), 48);
        // In the corner, the Flier cannot come back to b2 without revisiting it.
        assert_eq!(FLIER[0][0] & (1u128 << 11), 0);
        assert_ne!(FLIER[1][0] & (1u128 << 11), 0);
        // The Dwar: 16 squares from the centre, the same with revisits.
        assert_eq!(DWAR[44].count_ones(), 16);
        for (from, &dwar) in DWAR.iter().enumerate().take(SQUARES) {
            assert_eq!(dwar, reach3_empty(from, &ORTH_C, true), "{from}");
        }
        // Within two steps of the centre: a diamond of 13 squares, a 5 by 5 block; the
        // relation is symmetric, and on an empty board a two-step walk gives the same sets.
        assert_eq!(ORTH_TWO[44].count_ones(), 13);
        assert_eq!(KING_TWO[44].count_ones(), 25);
        for x in 0..SQUARES {
            let b = 1u128 << x;
            assert_eq!(ORTH_TWO[x], orth_step(b) | orth_step(orth_step(b)), "{x}");
            assert_eq!(KING_TWO[x], king_step(b) | king_step(king_step(b)), "{x}");
            for y in 0..SQUARES {
                assert_eq!(ORTH_TWO[x] >> y & 1, ORTH_TWO[y] >> x & 1, "{x} {y}");
                assert_eq!(KING_TWO[x] >> y & 1, KING_TWO[y] >> x & 1, "{x} {y}");
            }
        }
        // The regions are the empty-board destinations as move generation finds them (with
        // the start where two steps cancel out).
        for revisit in [false, true] {
            for (walker, &kind) in WALKERS.iter().enumerate() {
                let regions = &REGIONS[usize::from(revisit)][walker];
                for (x, &region) in regions.iter().enumerate().take(SQUARES) {
                    let moves = crate::movegen::reach(
                        kind,
                        abstract_game::Side::First,
                        x,
                        ALL_BITS,
                        revisit,
                        false,
                        true,
                        false,
                    );
                    assert_eq!(region & !(1 << x), moves & !(1 << x), "{kind:?} {x}");
                }
            }
        }
        // Off the board, every table is empty.
        for i in SQUARES..TABLE {
            let tables = [
                ORTH[i],
                DIAG[i],
                KING[i],
                DWAR[i],
                FLIER[0][i],
                FLIER[1][i],
                ORTH_TWO[i],
                KING_TWO[i],
            ];
            assert!(
                tables
                    .iter()
                    .chain(&[PRINCESS[0][i], PRINCESS[1][i]])
                    .all(|&t| t == 0)
            );
        }
        assert_eq!(low_index(1 << 99), 99);
        assert!(low_index(0) < TABLE);
    }

    #[test]
    fn the_princess_reaches_every_square_within_three_king_steps() {
        // So her escape squares are exactly those more than three king steps away.
        for from in Square::ALL {
            let near: u128 = Square::ALL
                .iter()
                .filter(|s| **s != from && s.distance(from) <= 3)
                .fold(0, |b, s| b | 1u128 << s.index());
            assert_eq!(PRINCESS[0][from.index()], near, "{from}");
            assert_eq!(PRINCESS[1][from.index()], near, "{from}");
        }
    }
}
