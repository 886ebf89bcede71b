//! The complete rules of **Jericho** (Jean-Louis Roubira, 2001), a two-player placement game of
//! towers, alignments and monoliths: legal moves, play, outcome, notation, position text and
//! perft, on top of [`abstract_game`].
//!
//! South and North take turns placing one of their 25 pieces (five sizes times five colours) on
//! any of the 26 squares, alone or on top of a tower of different sizes and colours. A tower
//! belongs to the owner of the territory it stands in. On each of the 13 alignments the player
//! with the stronger tower holds the alignment's monolith; holding 7 at the end of your turn and
//! still after the opponent's reply wins. See `docs/jericho.md` for the rules in full.
//!
//! The crate follows the layout of `shakmaty`: [`board`] (squares and alignments as data),
//! [`piece`] (pieces, stocks, towers), [`Rules`] (options and presets), [`Position`] (the
//! validated position, implementing [`Game`](abstract_game::Game) and
//! [`TextGame`](abstract_game::TextGame)), [`Setup`] (a raw position), [`notation`] and [`text`].
//!
//! The `serde` feature derives `Serialize` and `Deserialize` for moves, rules and [`Setup`]; a
//! piece, square or alignment is written as its index and refused when read out of range. A
//! deserialized [`Setup`] still goes through [`Setup::validate`].
//!
//! # Example
//!
//! ```
//! use abstract_game::{Game, Rules as _, Side, TextGame, perft::perft};
//! use jericho_core::{Position, Rules};
//!
//! let start = Position::new(Rules::default());
//! assert_eq!(perft(&start, 1), 650);
//! assert_eq!(perft(&start, 2), 413_600);
//! let no_asym = Position::new(Rules::preset("no-asymmetry").unwrap());
//! assert_eq!(perft(&no_asym, 2), 416_650);
//!
//! // South puts a size-3 piece of colour b on c2; North may not copy it on c3 (same file).
//! let mut pos = start.clone();
//! pos.play(pos.parse_move("3b@c2").unwrap()).unwrap();
//! assert!(pos.parse_move("3b@c3").is_err());
//! assert!(pos.parse_move("3b@g3").is_ok());
//! assert_eq!(pos.side_to_move(), Side::Second);
//!
//! // Positions round-trip through one line of text.
//! let text = pos.to_text();
//! assert_eq!(Position::from_text(&text, Rules::default()).unwrap(), pos);
//! ```

#![deny(missing_docs)]

/// Serde support for a type that is a small index (`Piece`, `Square`, `Alignment`): written as
/// the bare index, and read back only when the index is in range, so that deserialized values
/// can never index past a table.
#[cfg(feature = "serde")]
macro_rules! serde_as_index {
    ($ty:ident, $from_index:path, $what:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_u8(self.index() as u8)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let index = <u8 as serde::Deserialize>::deserialize(deserializer)?;
                $from_index(usize::from(index)).ok_or_else(|| {
                    serde::de::Error::custom(format_args!(
                        "{} index {} is out of range",
                        $what, index
                    ))
                })
            }
        }
    };
}

pub mod board;
mod movegen;
pub mod notation;
pub mod piece;
mod position;
mod rules;
mod setup;
pub mod text;

pub use board::{Alignment, Square};
pub use movegen::IllegalMove;
pub use notation::MoveError;
pub use piece::{Colour, Piece, PieceSet, Tower};
pub use position::{LastPlacement, MAX_MOVES, Move, MoveList, Position, WINNING_MONOLITHS};
pub use rules::{AsymmetryScope, EqualPrefix, Rules, TowerIdentity};
pub use setup::{Setup, SetupError};
pub use text::PositionError;
