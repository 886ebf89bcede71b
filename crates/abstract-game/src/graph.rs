//! Graph boards: cells joined by explicit lines, with adjacency as bitmasks.
//!
//! ```
//! use abstract_game::graph::GraphBoard;
//! const TRIANGLE: GraphBoard<3> = GraphBoard::from_edges(&[(0, 1), (1, 2), (2, 0)]);
//! assert_eq!(TRIANGLE.neighbors(0), 0b110);
//! assert_eq!(TRIANGLE.edge_count(), 3);
//! ```

/// An undirected graph on `N <= 128` cells; `adjacency[i]` has bit `j` set when `i` and `j` are
/// joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphBoard<const N: usize> {
    /// Neighbour masks by cell.
    pub adjacency: [u128; N],
}

impl<const N: usize> GraphBoard<N> {
    /// Builds the graph from its lines. Panics (at compile time in a `const`) on a loop, a
    /// repeated line or a cell out of range.
    pub const fn from_edges(edges: &[(u8, u8)]) -> GraphBoard<N> {
        assert!(N <= 128, "at most 128 cells");
        let mut adjacency = [0u128; N];
        let mut i = 0;
        while i < edges.len() {
            let (a, b) = edges[i];
            assert!((a as usize) < N && (b as usize) < N, "cell out of range");
            assert!(a != b, "a line joins two different cells");
            assert!(adjacency[a as usize] >> b & 1 == 0, "repeated line");
            adjacency[a as usize] |= 1 << b;
            adjacency[b as usize] |= 1 << a;
            i += 1;
        }
        GraphBoard { adjacency }
    }

    /// The neighbours of `cell` as a mask.
    pub const fn neighbors(&self, cell: usize) -> u128 {
        self.adjacency[cell]
    }

    /// Whether `a` and `b` are joined.
    pub const fn are_adjacent(&self, a: usize, b: usize) -> bool {
        self.adjacency[a] >> b & 1 != 0
    }

    /// Number of lines.
    pub const fn edge_count(&self) -> usize {
        let mut total = 0;
        let mut i = 0;
        while i < N {
            total += self.adjacency[i].count_ones() as usize;
            i += 1;
        }
        total / 2
    }

    /// The neighbour masks narrowed to 32 bits, for boards of at most 32 cells.
    pub const fn adjacency_u32(&self) -> [u32; N] {
        assert!(N <= 32, "at most 32 cells");
        let mut out = [0u32; N];
        let mut i = 0;
        while i < N {
            out[i] = self.adjacency[i] as u32;
            i += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_adjacency() {
        const G: GraphBoard<5> = GraphBoard::from_edges(&[(0, 1), (1, 2), (3, 4), (0, 4)]);
        for a in 0..5 {
            for b in 0..5 {
                assert_eq!(G.are_adjacent(a, b), G.are_adjacent(b, a));
            }
        }
        assert_eq!(G.edge_count(), 4);
        assert_eq!(G.adjacency_u32()[0], 0b10010);
    }
}
