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
    fn distances_count_steps() {
        assert_eq!(Hex::new(3, -3).distance(Hex::new(-3, 3)), 6);
        assert!(Hex::new(1, 0).is_adjacent(Hex::new(1, -1)));
        assert!(!Hex::new(1, 0).is_adjacent(Hex::new(-1, 0)));
    }
}
