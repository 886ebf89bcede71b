//! Common ground for two-player abstract board games.
//!
//! This crate knows no particular game. It provides:
//!
//! * the [`Game`] trait (legal moves, checked and unchecked play, outcome, Zobrist hash) and its
//!   companions [`GameRules`] (the table of named rule presets) and [`TextGame`] (move notation and position text);
//! * [`perft`]: bulk counting, divide, threads and a transposition table, and seeded random
//!   [`playouts`](playout);
//! * coordinates for [`hex`], [square grid](square) and [`graph`] boards, with tables
//!   built by `const fn`;
//! * [`ActionSpace`]: every legal turn as a fixed id, for learning and game frameworks;
//! * index types of cells and pieces ([`cell_index!`]), with one error for a bad index and one
//!   for a bad name;
//! * fixed-width [bitboards](bitboard) and [Zobrist keys](zobrist);
//! * [`Side`], [`Outcome`] and [`Scores`], and [`BySide`] for side-indexed data;
//! * [`Ending`]: which rule ended a game, for statistics over many games;
//! * [`Evaluate`], a game's heuristic value of a position for search;
//! * [`retrograde`]: what a game gives a retrograde solver ([`PositionIndex`], [`Solvable`])
//!   and the exact [`Value`] of a position;
//! * game [`record`]s: one text format for every game;
//! * [`nim`], a toy game (Nim on two heaps) for examples and for the tests of game-free code;
//! * [`svg`] pictures: a small SVG writer, hex layouts and the [`Render`](svg::Render) trait;
//! * [`contract`] checks that game crates run in their tests and fuzz targets, and (with the
//!   `testing` feature) the `testing` module: the same checks as a proptest suite;
//! * (with the `serde` feature) the `serde_text` module: positions stored as rules and text,
//!   validated when read.
//!
//! It does no I/O.
//!
//! # Example
//!
//! A tiny game of Nim (take one or two stones; whoever takes the last stone wins) implemented
//! against the trait, then counted with perft and played out at random:
//!
//! ```
//! use abstract_game::{Game, GameRules, MoveList, Outcome, Preset, Side, perft::perft, playout::Rng};
//! use arrayvec::ArrayVec;
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
//! struct NimRules;
//! impl GameRules for NimRules {
//!     const PRESETS: &'static [Preset<Self>] =
//!         &[Preset { name: "standard", summary: "five stones", rules: NimRules }];
//! }
//!
//! #[derive(Clone, Copy, Debug)]
//! struct Nim { stones: u8, to_move: Side }
//!
//! impl Game for Nim {
//!     type Move = u8;
//!     type Rules = NimRules;
//!     type MoveList = ArrayVec<u8, 2>;
//!     const NAME: &'static str = "nim";
//!     const SIDE_NAMES: [&'static str; 2] = ["First", "Second"];
//!     fn new(_: NimRules) -> Self { Nim { stones: 5, to_move: Side::First } }
//!     fn rules(&self) -> NimRules { NimRules }
//!     fn side_to_move(&self) -> Side { self.to_move }
//!     fn legal_moves(&self, moves: &mut Self::MoveList) {
//!         moves.clear();
//!         for take in 1..=self.stones.min(2) { moves.push(take); }
//!     }
//!     fn play_unchecked(&mut self, take: u8) {
//!         self.stones -= take;
//!         self.to_move = !self.to_move;
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         // The side that took the last stone is the one not to move.
//!         (self.stones == 0).then(|| Outcome::win(!self.to_move))
//!     }
//!     // No pieces of either side: the stones are shared.
//!     fn piece_counts(&self) -> [u32; 2] { [0, 0] }
//!     fn zobrist(&self) -> u64 { self.zobrist_from_scratch() }
//!     fn zobrist_from_scratch(&self) -> u64 { u64::from(self.stones) * 2 + self.to_move.index() as u64 }
//! }
//!
//! let start = Nim::new(NimRules);
//! assert_eq!(perft(&start, 1), 2);
//! assert_eq!(perft(&start, 2), 4);
//! let result = start.playout(&mut Rng::seed_from_u64(7), 100);
//! assert!(result.outcome.is_some());
//! ```

#![deny(missing_docs)]

pub mod actions;
pub mod bitboard;
pub mod cell;
pub mod contract;
pub mod ending;
pub mod evaluate;
mod game;
pub mod graph;
pub mod hex;
pub mod nim;
pub mod perft;
pub mod playout;
pub mod record;
pub mod retrograde;
#[cfg(feature = "serde")]
pub mod serde_text;
mod side;
pub mod square;
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;
pub mod zobrist;

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

pub use actions::{ActionSpace, Observe};
pub use cell::{CellIndexError, ParseCellError};
pub use ending::Ending;
pub use evaluate::{EVAL_BOUND, Evaluate, Opening, SearchHints, worth_difference};
pub use game::{
    Game, GameRules, ImportError, MoveList, PlayError, Preset, RuleSwitch, TextGame, UnknownPreset,
    VariantError,
};
pub use retrograde::{KeyedPositions, Oracle, PositionIndex, Solvable, Unsolvable, Value};
pub use side::{BySide, Outcome, OutcomeText, Scores, Side};
