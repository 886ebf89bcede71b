//! Square grids: files (columns, `a`..) and ranks (rows, `1`..), eight directions.
//!
//! ```
//! use abstract_game::square::{Coord, Direction, Grid};
//! const G: Grid = Grid::new(10, 10);
//! let c = Coord::new(4, 1);
//! assert_eq!(G.index(c.step(Direction::North)), Some(24));
//! assert_eq!(Coord::parse("j10"), Some((Coord::new(9, 9), 3)));
//! ```

use core::fmt;

/// A cell of a grid by file and rank, both from 0. Off-board values are allowed; a [`Grid`]
/// decides what exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Coord {
    /// Column, 0 for file `a`.
    pub file: i8,
    /// Row, 0 for rank `1`.
    pub rank: i8,
}

/// One of the eight directions of a grid; north is towards higher ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Rank + 1.
    North,
    /// File + 1, rank + 1.
    NorthEast,
    /// File + 1.
    East,
    /// File + 1, rank - 1.
    SouthEast,
    /// Rank - 1.
    South,
    /// File - 1, rank - 1.
    SouthWest,
    /// File - 1.
    West,
    /// File - 1, rank + 1.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from North.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The `(dfile, drank)` of one step.
    pub const fn offset(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// Whether the direction is diagonal.
    pub const fn is_diagonal(self) -> bool {
        (self as u8) & 1 == 1
    }

    /// The reverse direction.
    pub const fn opposite(self) -> Direction {
        Self::ALL[(self as usize + 4) % 8]
    }
}

impl Coord {
    /// The cell at `file`, `rank` (both from 0).
    pub const fn new(file: i8, rank: i8) -> Coord {
        Coord { file, rank }
    }

    /// The neighbour in `dir`.
    pub const fn step(self, dir: Direction) -> Coord {
        let (df, dr) = dir.offset();
        Coord::new(self.file + df, self.rank + dr)
    }

    /// King-move distance (Chebyshev).
    pub const fn king_distance(self, other: Coord) -> u8 {
        let df = (self.file - other.file).unsigned_abs();
        let dr = (self.rank - other.rank).unsigned_abs();
        if df > dr { df } else { dr }
    }

    /// Parses a leading `file letter + rank number` such as `e2` or `j10`; returns the cell and
    /// the number of bytes read. Ranks and files are limited to 1..=26.
    pub fn parse(text: &str) -> Option<(Coord, usize)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || bytes[1] == b'0' {
            return None;
        }
        let rank: u8 = text[1..1 + digits].parse().ok()?;
        if rank > 26 {
            return None;
        }
        Some((Coord::new((file - b'a') as i8, rank as i8 - 1), 1 + digits))
    }
}

impl fmt::Display for Coord {
    /// Writes `a1`-style names (file letter, rank from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file as u8) as char, self.rank + 1)
    }
}

/// A rectangular grid of `files x ranks` cells, indexed rank by rank: `rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Number of files (columns).
    pub files: i8,
    /// Number of ranks (rows).
    pub ranks: i8,
}

impl Grid {
    /// A grid of the given size.
    pub const fn new(files: i8, ranks: i8) -> Grid {
        Grid { files, ranks }
    }

    /// Number of cells.
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the grid has no cell.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether `c` lies on the grid.
    pub const fn contains(self, c: Coord) -> bool {
        c.file >= 0 && c.rank >= 0 && c.file < self.files && c.rank < self.ranks
    }

    /// The index of `c`, if on the grid.
    pub const fn index(self, c: Coord) -> Option<usize> {
        if self.contains(c) {
            Some(c.rank as usize * self.files as usize + c.file as usize)
        } else {
            None
        }
    }

    /// The cell with index `i` (which must be below [`len`](Self::len)).
    pub const fn coord(self, i: usize) -> Coord {
        Coord::new(
            (i % self.files as usize) as i8,
            (i / self.files as usize) as i8,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        let g = Grid::new(10, 10);
        for i in 0..g.len() {
            assert_eq!(g.index(g.coord(i)), Some(i));
        }
        assert_eq!(g.index(Coord::new(10, 0)), None);
        assert_eq!(g.index(Coord::new(0, -1)), None);
    }

    #[test]
    fn parse_and_print() {
        for text in ["a1", "e5", "j10", "c7"] {
            let (c, n) = Coord::parse(text).unwrap();
            assert_eq!(n, text.len());
            assert_eq!(c.to_string(), text);
        }
        assert_eq!(Coord::parse("a0"), None);
        assert_eq!(Coord::parse("A1"), None);
        assert_eq!(Coord::parse("b"), None);
        assert_eq!(Coord::parse("b12x"), Some((Coord::new(1, 11), 3)));
    }

    #[test]
    fn directions() {
        for d in Direction::ALL {
            assert_eq!(
                Coord::new(3, 3).step(d).step(d.opposite()),
                Coord::new(3, 3)
            );
            let (df, dr) = d.offset();
            assert_eq!(d.is_diagonal(), df != 0 && dr != 0);
        }
    }
}
