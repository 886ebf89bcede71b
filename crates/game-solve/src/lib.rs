//! Perfect play where it can be reached: retrograde analysis over a game's own numbering of
//! its positions.
//!
//! A game opts in by implementing [`abstract_game::Solvable`], which hands out a
//! [`PositionIndex`]: layers of positions, ranked and unranked, with the moves between them
//! forward and backward (see [`abstract_game::retrograde`]). This crate then
//!
//! - solves every layer, or the layers of an endgame, on every core ([`Table::solve`],
//!   [`Table::solve_where`]; the method is in the [`solve`] module's docs), giving
//!   each position its exact [`Value`] with the distance to the end under perfect play;
//! - writes a table to a file and opens one again, refusing a file of another game, numbering
//!   or version, a truncated file and a layer whose checksum fails (`Table::write`,
//!   `Table::open`, the `file` module, with the `files` feature);
//! - checks a table position by position ([`verify`]): every value must be the best over the
//!   position's moves;
//! - probes: the value of a position, its moves rated, a perfect line ([`Table::probe`],
//!   [`Table::rate_moves`], [`Table::perfect_line`]);
//! - counts the values of the positions reachable from a start ([`reachable_counts`]);
//! - solves a small position on the spot without a table, from the positions reachable from
//!   it ([`analyse`]), by a second method (an explicit graph) that the tests hold against the
//!   layered solver.
//!
//! The solver and the probes do no I/O; the `file` module reads and writes table files (with
//! the `files` feature, on by default).
//!
//! # Example
//!
//! Nim on two heaps of at most 5 (a position is lost exactly when the heaps are equal modulo
//! 4):
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use abstract_game::{Solvable, Value, nim::{Nim, NimRules}};
//! use game_solve::Table;
//!
//! let index = Nim::position_index(NimRules { heap: 5 }).unwrap();
//! let table = Table::solve(index, 2, &AtomicBool::new(false), &mut |_| {})?;
//! assert_eq!(table.probe(&Nim::at(5, 1))?, Value::Loss(4));
//! assert_eq!(table.probe(&Nim::at(5, 2))?, Value::Win(5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod analyse;
#[cfg(feature = "files")]
pub mod file;
#[cfg(feature = "files")]
pub mod folder;
pub mod keyed;
#[cfg(not(feature = "files"))]
mod file {
    //! Without the `files` feature a table is never backed by a file.

    use std::path::Path;

    use crate::TableError;

    /// Never made: there are no table files without the feature.
    pub(crate) enum TableFile {}

    impl TableFile {
        pub(crate) fn path(&self) -> &Path {
            match *self {}
        }
        pub(crate) fn has_layer(&self, _layer: usize) -> bool {
            match *self {}
        }
        pub(crate) fn read_layer(
            &self,
            _layer: usize,
            _len: u64,
        ) -> Result<Option<Box<[u8]>>, TableError> {
            match *self {}
        }
    }
}
mod reach;
pub mod solve;
mod table;
mod verify;

#[cfg(feature = "files")]
use std::path::Path;

use abstract_game::{Game, Side};
pub use abstract_game::{PositionIndex, Solvable, Value};
pub use analyse::{Analysis, analyse};
pub use keyed::{Keyed, KeyedIndex};
pub use reach::reachable_counts;
pub use solve::Progress;
pub use table::{Counts, RatedMove, Table};
pub use verify::{Mismatch, verify};

/// A value said for the side to move `side`, as a player would: "Black wins in 37" (plies),
/// "White wins in 4", "draw".
pub fn describe<G: Game>(side: Side, value: Value) -> String {
    match value {
        Value::Win(d) => format!("{} wins in {d}", G::side_name(side)),
        Value::Loss(d) => format!("{} wins in {d}", G::side_name(side.opponent())),
        Value::Draw => "draw".to_string(),
    }
}

/// Why a solve failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stop flag was set.
    #[error("stopped before the end")]
    Stopped,
    /// A move led to a layer that was not solved before: the index's waves are wrong, or the
    /// layers asked for leave out one their moves reach.
    #[error("a move of layer {layer} reaches a layer that is not solved before it")]
    LayerOrder {
        /// The layer being solved.
        layer: usize,
    },
    /// A position that is not over has no move.
    #[error("position {index} of layer {layer} is not over but has no move")]
    NoMoves {
        /// Its layer.
        layer: usize,
        /// Its index.
        index: u64,
    },
    /// A node's parents are not what its index promises (in another layer, or more moves
    /// into a position than its children counted).
    #[error("the parents of a position of layer {layer} disagree with the moves")]
    ParentsDisagree {
        /// The layer.
        layer: usize,
    },
    /// A distance past [`Value::MAX_DISTANCE`].
    #[error("a distance in layer {layer} passes {} plies", Value::MAX_DISTANCE)]
    DistanceOverflow {
        /// The layer.
        layer: usize,
    },
    /// A position with more than 255 moves inside its layer.
    #[error("a position of layer {layer} has more than 255 moves inside it")]
    TooManyMoves {
        /// The layer.
        layer: usize,
    },
    /// A layer too large to solve in one piece.
    #[error("layer {layer} has {len} positions, more than one piece can hold")]
    LayerTooLarge {
        /// The layer.
        layer: usize,
        /// Its positions.
        len: u64,
    },
    /// A move of a keyed position set leaves the set, or raises the wave (a game's
    /// [`KeyedPositions`](abstract_game::KeyedPositions) breaks its contract).
    #[error("a move of wave {wave} leaves the set of positions or raises the wave")]
    NotClosed {
        /// The wave of the position whose move left.
        wave: usize,
    },
    /// An analysis reached more positions than it was allowed.
    #[error("more than {limit} positions are reachable")]
    TooManyPositions {
        /// The limit.
        limit: usize,
    },
}

/// Why a table file or a probe was refused.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start with a table header.
    #[error("not a jgames table file")]
    NotATable,
    /// The header is malformed.
    #[error("bad table header at line {line}: {what}")]
    BadHeader {
        /// The line (0 when the header ended early).
        line: usize,
        /// What was wrong.
        what: &'static str,
    },
    /// The header's checksum fails: it was altered.
    #[error("the table header's checksum fails: the file was altered")]
    HeaderChecksum,
    /// A table of another game.
    #[error("a table of {found}, not of {expected}")]
    OtherGame {
        /// The game in the file.
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// A table of other positions (other rules).
    #[error("a table of {found}, not of {expected}")]
    OtherIndex {
        /// The index in the file.
        found: String,
        /// The index asked for.
        expected: String,
    },
    /// A table made under another version of the numbering.
    #[error(
        "a table of index version {found} (or other layer sizes), this build numbers by version {expected}"
    )]
    OtherVersion {
        /// The version in the file.
        found: u32,
        /// This build's version.
        expected: u32,
    },
    /// The file is shorter or longer than its header says.
    #[error("the table file has {found} bytes, its header says {expected}: truncated or altered")]
    Truncated {
        /// Bytes the header accounts for.
        expected: u64,
        /// Bytes in the file.
        found: u64,
    },
    /// A layer's checksum fails.
    #[error("layer {layer} of the table fails its checksum: the file was altered")]
    LayerChecksum {
        /// The layer.
        layer: usize,
    },
    /// Stored values that cannot be.
    #[error("corrupt table: {what}")]
    Corrupt {
        /// What was wrong.
        what: &'static str,
    },
    /// The position is not in the table (other rules, or a layer the table does not hold).
    #[error("the position is not in the table")]
    NotInTable,
}

#[cfg(feature = "files")]
impl TableError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> TableError {
        TableError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}
