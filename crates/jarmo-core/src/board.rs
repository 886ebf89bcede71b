//! The 25 holes, the 39 lines and the tables derived from them.

use core::fmt;

use abstract_game::bitboard::Bitboard32;
use abstract_game::graph::GraphBoard;
use abstract_game::{ParseCellError, Side};

abstract_game::cell_index! {
    /// One of the 25 holes, `a1`..`e5`. Files `a`..`e` left to right as Black sees the board,
    /// rows `1`..`5` from Black's side. The index is `5 * (row - 1) + file`.
    ///
    /// With the `serde` feature a hole is (de)serialised as its index; an index of 25 or more
    /// is refused.
    #[derive(Debug)]
    pub struct Hole(u8): count = 25, noun = "hole";
}

impl Hole {
    /// The hole at `file` (0 for `a`) and `row` (0 for row 1), if on the board.
    pub const fn from_coords(file: u8, row: u8) -> Option<Hole> {
        if file < 5 && row < 5 {
            Some(Hole(row * 5 + file))
        } else {
            None
        }
    }

    /// The hole of a bit index taken from a set of holes, which keeps its bits below 25.
    #[inline]
    pub(crate) const fn from_bit(index: u32) -> Hole {
        Hole(index as u8)
    }

    /// The file, 0 (`a`) to 4 (`e`).
    pub const fn file(self) -> u8 {
        self.0 % 5
    }

    /// The row, 0 (row 1) to 4 (row 5).
    pub const fn row(self) -> u8 {
        self.0 / 5
    }

    /// The set holding this hole alone.
    pub const fn bit(self) -> Holes {
        Holes::single(self)
    }

    /// The holes joined to this one by a line.
    pub const fn neighbours(self) -> Holes {
        Holes::from_bitboard(Bitboard32(ADJACENT[self.0 as usize]))
    }

    /// Parses `a1`..`e5` at the start of `text`; returns the hole and the rest of the text.
    pub fn parse_prefix(text: &str) -> Option<(Hole, &str)> {
        let bytes = text.as_bytes();
        if bytes.len() < 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let row = bytes[1].wrapping_sub(b'1');
        Hole::from_coords(file, row).map(|h| (h, &text[2..]))
    }
}

abstract_game::cell_set! {
    /// A set of holes. Iterating gives the holes in index order (`a1` first).
    pub struct Holes(Bitboard32) of Hole, from_bit = Hole::from_bit, iter = HolesIter;
}

impl Holes {
    /// All 25 holes.
    pub const ALL: Holes = Holes::from_bitboard(ALL_HOLES);

    /// The first row of `side`: row 1 for Black, row 5 for White.
    pub const fn home_row(side: Side) -> Holes {
        Holes::from_bitboard(home_row(side))
    }

    /// The row `side` races to: the enemy's first row.
    pub const fn goal_row(side: Side) -> Holes {
        Holes::from_bitboard(goal_row(side))
    }
}

impl core::str::FromStr for Hole {
    type Err = ParseCellError;

    /// Parses a hole name, `a1`..`e5`, and nothing else.
    fn from_str(s: &str) -> Result<Hole, ParseCellError> {
        match Hole::parse_prefix(s) {
            Some((h, "")) => Ok(h),
            _ => Err(ParseCellError::new("hole", s)),
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.row() + 1)
    }
}

/// Builds a hole index from its name at compile time.
const fn h(name: &[u8; 2]) -> u8 {
    (name[1] - b'1') * 5 + (name[0] - b'a')
}

/// The 39 lines of the board as pairs of hole indices.
pub(crate) const LINE_INDICES: [(u8, u8); 39] = [
    // from row 1
    (h(b"a1"), h(b"b3")),
    (h(b"a1"), h(b"c2")),
    (h(b"b1"), h(b"a3")),
    (h(b"b1"), h(b"d2")),
    (h(b"c1"), h(b"a2")),
    (h(b"c1"), h(b"d3")),
    (h(b"c1"), h(b"e2")),
    (h(b"d1"), h(b"b2")),
    (h(b"d1"), h(b"c3")),
    (h(b"e1"), h(b"c2")),
    (h(b"e1"), h(b"d3")),
    // from row 2
    (h(b"a2"), h(b"c3")),
    (h(b"b2"), h(b"b3")),
    (h(b"b2"), h(b"c2")),
    (h(b"b2"), h(b"c4")),
    (h(b"c2"), h(b"d2")),
    (h(b"c2"), h(b"e3")),
    (h(b"d2"), h(b"b3")),
    (h(b"d2"), h(b"d3")),
    (h(b"e2"), h(b"d4")),
    // from row 3
    (h(b"a3"), h(b"b5")),
    (h(b"b3"), h(b"a5")),
    (h(b"b3"), h(b"b4")),
    (h(b"b3"), h(b"c3")),
    (h(b"b3"), h(b"c5")),
    (h(b"c3"), h(b"a4")),
    (h(b"c3"), h(b"e4")),
    (h(b"d3"), h(b"b4")),
    (h(b"d3"), h(b"d4")),
    (h(b"d3"), h(b"e5")),
    (h(b"e3"), h(b"d5")),
    // from row 4
    (h(b"a4"), h(b"c5")),
    (h(b"b4"), h(b"c4")),
    (h(b"b4"), h(b"d5")),
    (h(b"c4"), h(b"a5")),
    (h(b"c4"), h(b"d4")),
    (h(b"c4"), h(b"e5")),
    (h(b"d4"), h(b"b5")),
    (h(b"e4"), h(b"c5")),
];

/// The 39 lines of the board, each joining two holes (the lower index first).
pub const LINES: [(Hole, Hole); 39] = {
    let mut lines = [(Hole(0), Hole(0)); 39];
    let mut i = 0;
    while i < 39 {
        lines[i] = (Hole(LINE_INDICES[i].0), Hole(LINE_INDICES[i].1));
        i += 1;
    }
    lines
};

/// The board as a graph.
pub(crate) const GRAPH: GraphBoard<25> = GraphBoard::from_edges(&LINE_INDICES);

/// Neighbour masks by hole.
pub(crate) const ADJACENT: [u32; 25] = GRAPH.adjacency_u32();

/// The holes of each row, row 1 first.
pub(crate) const ROWS: [Bitboard32; 5] = {
    let mut rows = [Bitboard32::EMPTY; 5];
    let mut r = 0;
    while r < 5 {
        rows[r] = Bitboard32((0b11111u32) << (5 * r));
        r += 1;
    }
    rows
};

/// Every hole.
pub(crate) const ALL_HOLES: Bitboard32 = Bitboard32::full(25);

/// Black is [`Side::First`].
pub const BLACK: Side = Side::First;
/// White is [`Side::Second`].
pub const WHITE: Side = Side::Second;

/// A side's own first row: row 1 for Black, row 5 for White.
pub(crate) const fn home_row(side: Side) -> Bitboard32 {
    match side {
        Side::First => ROWS[0],
        Side::Second => ROWS[4],
    }
}

/// The row a side wants to reach: the enemy's first row.
pub(crate) const fn goal_row(side: Side) -> Bitboard32 {
    home_row(side.opponent())
}

/// Step targets by side and hole when backward lines are allowed (`[side][hole]`).
pub(crate) const TARGETS_ANY: [[u32; 25]; 2] = [ADJACENT, ADJACENT];

/// Step targets by side and hole on forward and lateral lines only (`[side][hole]`).
pub(crate) const TARGETS_NO_BACKWARD: [[u32; 25]; 2] = {
    let mut out = [[0u32; 25]; 2];
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 25 {
            let row = i / 5;
            let mut bits = ADJACENT[i];
            let mut mask = 0u32;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let to_row = j / 5;
                let keep = if s == 0 { to_row >= row } else { to_row <= row };
                if keep {
                    mask |= 1 << j;
                }
            }
            out[s][i] = mask;
            i += 1;
        }
        s += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_has_the_lines_the_rules_count() {
        assert_eq!(GRAPH.edge_count(), 39);
        let mut by_vector = std::collections::BTreeMap::new();
        for &(a, b) in &LINES {
            let df = i8::try_from(b.file()).unwrap() - i8::try_from(a.file()).unwrap();
            let dr = i8::try_from(b.row()).unwrap() - i8::try_from(a.row()).unwrap();
            // Normalise so the vector points up, or right when horizontal.
            let v = if dr < 0 || (dr == 0 && df < 0) {
                (-df, -dr)
            } else {
                (df, dr)
            };
            *by_vector.entry(v).or_insert(0) += 1;
        }
        assert_eq!(by_vector[&(2, 1)], 9);
        assert_eq!(by_vector[&(-2, 1)], 9);
        assert_eq!(by_vector[&(1, 2)], 6);
        assert_eq!(by_vector[&(-1, 2)], 6);
        assert_eq!(by_vector[&(0, 1)], 4);
        assert_eq!(by_vector[&(1, 0)], 5);
        assert_eq!(by_vector.len(), 6);
        // b3 has the most lines; `MAX_MOVES` relies on this bound.
        let most = ADJACENT.iter().map(|m| m.count_ones()).max();
        assert_eq!(most, Some(7));
        assert_eq!(ADJACENT[h(b"b3") as usize].count_ones(), 7);
    }

    #[test]
    fn no_reflection_or_rotation_maps_the_board_onto_itself() {
        // The seven symmetries of the square other than the identity, on (file, row).
        type Symmetry = fn(u8, u8) -> (u8, u8);
        let maps: [Symmetry; 7] = [
            |f, r| (4 - f, r),
            |f, r| (f, 4 - r),
            |f, r| (4 - f, 4 - r),
            |f, r| (r, f),
            |f, r| (4 - r, 4 - f),
            |f, r| (r, 4 - f),
            |f, r| (4 - r, f),
        ];
        let image = |map: Symmetry, i: u8| {
            let hole = Hole(i);
            let (f, r) = map(hole.file(), hole.row());
            Hole::from_coords(f, r).unwrap().index()
        };
        for map in maps {
            let kept = LINE_INDICES
                .iter()
                .all(|&(a, b)| GRAPH.are_adjacent(image(map, a), image(map, b)));
            assert!(!kept);
        }
    }

    #[test]
    fn hole_names_round_trip() {
        for i in 0..25 {
            let hole = Hole::try_new(i).unwrap();
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
            assert_eq!(Hole::from_coords(hole.file(), hole.row()), Some(hole));
        }
        assert_eq!(Hole::try_new(25), None);
        assert_eq!(Hole::from_coords(5, 0), None);
        assert_eq!(Hole::from_coords(0, 5), None);
        assert!("f1".parse::<Hole>().is_err());
        assert!("a6".parse::<Hole>().is_err());
        assert_eq!("a".parse::<Hole>(), Err(ParseCellError::new("hole", "a")));
        assert_eq!(
            "a".parse::<Hole>().unwrap_err().to_string(),
            r#""a" is not a hole"#
        );
        assert!("a1 ".parse::<Hole>().is_err());
        assert_eq!(Hole::try_from(24usize), Ok(Hole(24)));
        assert_eq!(
            Hole::try_from(25usize),
            Err(abstract_game::CellIndexError {
                noun: "hole",
                index: 25,
                count: 25
            })
        );
        assert_eq!(Hole::new(7).index(), 7);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn deserialising_refuses_an_index_off_the_board() {
        use serde::Deserialize;
        use serde::de::IntoDeserializer;
        use serde::de::value::{Error, U8Deserializer};

        let read = |i: u8| Hole::deserialize::<U8Deserializer<Error>>(i.into_deserializer());
        assert_eq!(read(12).ok(), Some(Hole(12)));
        assert!(read(25).is_err());
        assert!(read(200).is_err());
    }

    #[test]
    fn no_backward_targets_are_a_subset() {
        for table in &TARGETS_NO_BACKWARD {
            for (targets, all) in table.iter().zip(ADJACENT) {
                assert_eq!(targets & !all, 0);
            }
        }
        // c2 (row 2) for Black: forward to e3, lateral to b2 and d2, but not back to a1 or e1.
        let c2 = h(b"c2") as usize;
        let names: Vec<String> = Holes::from_bitboard(Bitboard32(TARGETS_NO_BACKWARD[0][c2]))
            .into_iter()
            .map(|h| h.to_string())
            .collect();
        assert_eq!(names, ["b2", "d2", "e3"]);
    }

    #[test]
    fn every_hole_is_listed_once_and_sets_iterate_holes() {
        assert!(Hole::ALL.iter().enumerate().all(|(i, h)| h.index() == i));
        assert_eq!(Holes::ALL.into_iter().collect::<Vec<_>>(), Hole::ALL);
        let b3: Hole = "b3".parse().unwrap();
        let names: Vec<String> = b3.neighbours().into_iter().map(|h| h.to_string()).collect();
        assert_eq!(names, ["a1", "b2", "d2", "c3", "b4", "a5", "c5"]);
        assert_eq!(Holes::home_row(BLACK).count(), 5);
        assert!(Holes::goal_row(BLACK).contains("c5".parse().unwrap()));
    }
}
