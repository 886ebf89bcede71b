//! Axial hex coordinates.
//!
//! A hex is `(q, r)`; the implicit third cube coordinate is `s = -q - r`. The six directions go
//! round the hex in order, so `dir.opposite()` is three steps on.
//!
//! ```
//! use abstract_game::hex::{Hex, HexDirection};
//! let a = Hex::new(0, 0);
//! let b = a.step(HexDirection::East).step(HexDirection::NorthEast);
//! assert_eq!(a.distance(b), 2);
//! ```

/// A hex in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hex {
    /// Column axis.
    pub q: i8,
    /// Row axis.
    pub r: i8,
}

/// One of the six neighbour directions, for a layout with horizontal rows (pointy-top hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HexDirection {
    /// `(+1, 0)`.
    East,
    /// `(+1, -1)`.
    NorthEast,
    /// `(0, -1)`.
    NorthWest,
    /// `(-1, 0)`.
    West,
    /// `(-1, +1)`.
    SouthWest,
    /// `(0, +1)`.
    SouthEast,
}

impl HexDirection {
    /// All six, counter-clockwise from East.
    pub const ALL: [HexDirection; 6] = [
        HexDirection::East,
        HexDirection::NorthEast,
        HexDirection::NorthWest,
        HexDirection::West,
        HexDirection::SouthWest,
        HexDirection::SouthEast,
    ];

    /// The `(dq, dr)` offset of one step.
    pub const fn offset(self) -> (i8, i8) {
        match self {
            HexDirection::East => (1, 0),
            HexDirection::NorthEast => (1, -1),
            HexDirection::NorthWest => (0, -1),
            HexDirection::West => (-1, 0),
            HexDirection::SouthWest => (-1, 1),
            HexDirection::SouthEast => (0, 1),
        }
    }

    /// The direction at position `i % 6` of [`ALL`](Self::ALL).
    pub const fn from_index(i: usize) -> HexDirection {
        Self::ALL[i % 6]
    }

    /// Position in [`ALL`](Self::ALL).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The reverse direction.
    pub const fn opposite(self) -> HexDirection {
        Self::from_index(self.index() + 3)
    }
}

impl Hex {
    /// The hex `(q, r)`.
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i8 {
        -self.q - self.r
    }

    /// The neighbour in `dir` (no bounds: the board decides what exists).
    pub const fn step(self, dir: HexDirection) -> Hex {
        let (dq, dr) = dir.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The hex `n` steps away in `dir`.
    pub const fn steps(self, dir: HexDirection, n: i8) -> Hex {
        let (dq, dr) = dir.offset();
        Hex::new(self.q + dq * n, self.r + dr * n)
    }

    /// Number of steps between two hexes.
    pub const fn distance(self, other: Hex) -> u8 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds { m } else { ds }
    }

    /// Whether the hexes are neighbours.
    pub const fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }
}

/// A hexagon-shaped board of the hexes within `radius` of the origin, numbered row by row
/// (`r` ascending, then `q` ascending). `N` must be `3 * radius * (radius + 1) + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexBoard<const N: usize> {
    /// The hexes by index.
    pub cells: [Hex; N],
    /// For each cell and direction, the neighbour's index, or `u8::MAX` off the board.
    pub neighbors: [[u8; 6]; N],
}

impl<const N: usize> HexBoard<N> {
    /// Builds the board and its neighbour table.
    pub const fn hexagon(radius: i8) -> HexBoard<N> {
        let mut cells = [Hex::new(0, 0); N];
        let mut n = 0;
        let mut r = -radius;
        while r <= radius {
            let mut q = -radius;
            while q <= radius {
                let h = Hex::new(q, r);
                if h.distance(Hex::new(0, 0)) as i8 <= radius {
                    cells[n] = h;
                    n += 1;
                }
                q += 1;
            }
            r += 1;
        }
        assert!(n == N, "N does not match the radius");
        let mut neighbors = [[u8::MAX; 6]; N];
        let mut i = 0;
        while i < N {
            let mut d = 0;
            while d < 6 {
                let target = cells[i].step(HexDirection::from_index(d));
                let mut j = 0;
                while j < N {
                    if cells[j].q == target.q && cells[j].r == target.r {
                        neighbors[i][d] = j as u8;
                    }
                    j += 1;
                }
                d += 1;
            }
            i += 1;
        }
        HexBoard { cells, neighbors }
    }

    /// The index of `hex`, if it is on the board.
    pub const fn index_of(&self, hex: Hex) -> Option<usize> {
        let mut i = 0;
        while i < N {
            if self.cells[i].q == hex.q && self.cells[i].r == hex.r {
                return Some(i);
            }
            i += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_opposite_in_pairs() {
        for d in HexDirection::ALL {
            let h = Hex::new(2, -1).step(d).step(d.opposite());
            assert_eq!(h, Hex::new(2, -1));
            assert_eq!(Hex::new(0, 0).step(d).distance(Hex::new(0, 0)), 1);
        }
    }

    #[test]
    fn hexagon_board_counts() {
        const B: HexBoard<37> = HexBoard::hexagon(3);
        // The centre has six neighbours, a corner three.
        let centre = B.index_of(Hex::new(0, 0)).unwrap();
        assert_eq!(
            B.neighbors[centre]
                .iter()
                .filter(|&&n| n != u8::MAX)
                .count(),
            6
        );
        let corner = B.index_of(Hex::new(3, 0)).unwrap();
        assert_eq!(
            B.neighbors[corner]
                .iter()
                .filter(|&&n| n != u8::MAX)
                .count(),
            3
        );
        assert_eq!(Hex::new(3, -3).distance(Hex::new(-3, 3)), 6);
    }
}
