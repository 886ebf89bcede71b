//! The complete rules of **Jetan**, the Martian chess of Edgar Rice Burroughs, as summarised in
//! Abstract Games 19 with Fredrik Ekman's adjustments: two armies of twenty pieces on a 10x10
//! board, pieces that move by paths of one to three steps, a Princess to capture and a Chief who
//! must fall to the enemy Chief.
//!
//! * [`Position`]: a legal position; it implements [`abstract_game::Game`] (legal moves, bulk
//!   counting, checked play, outcome, incremental Zobrist hash) and
//!   [`abstract_game::TextGame`] (notation and position text).
//! * [`Rules`]: every rule option (path revisits, the escape move, the countdown length, the
//!   proposed variant, the first player) and the presets `standard`, `no-escape`, `revisit`
//!   and `proposed`.
//! * [`Move`] and its notation (`Pe2-e3`, `Fd1xa4`, `Rf1-f6!`).
//! * [`Setup`]: an unchecked position, as parsed from a position text, validated into a
//!   [`Position`] with a typed [`SetupError`].
//!
//! # Example
//!
//! ```
//! use abstract_game::{Game, Rules as _, TextGame, perft::perft};
//! use jetan_core::{Position, Rules};
//!
//! let mut pos = Position::new(Rules::default());
//! assert_eq!(perft(&pos, 2), 5_462);
//! assert_eq!(Position::new(Rules::preset("no-escape").unwrap()).count_legal_moves(), 48);
//!
//! let mv = pos.parse_move("Pe2-e3")?;
//! pos.play(mv)?;
//! assert_eq!(
//!     pos.to_text(),
//!     "wadfrcfdaw/tppppppppt/10/10/10/10/10/4P5/TPPP1PPPPT/WADFCRFDAW o Rr -"
//! );
//! // The Princess escapes once, to a square she cannot reach normally.
//! let escape = pos.parse_move("Re10-e5!")?;
//! assert!(escape.is_escape());
//! assert!(pos.parse_move("Pe2-e3").is_err()); // e2 is empty now
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod board;
mod movegen;
pub mod notation;
pub mod piece;
mod position;
pub mod rules;
pub mod setup;
pub mod text;

pub use abstract_game;
pub use board::{Bitboard, Square, SquareNameError};
pub use notation::MoveError;
pub use piece::{BLACK, Kind, ORANGE, Piece, Side};
pub use position::{MAX_MOVES, Move, MoveList, Position};
pub use rules::Rules;
pub use setup::{Setup, SetupError};
pub use text::TextError;
